"""Nothing for nothing: a task's answer tests count in groups that no degenerate answer passes.

A submission that answers every call of a task with one constant (``True``, ``In_play()``,
``Guess 0``, an exception), returns one of its arguments, or does nothing, passes every test
whose right answer happens to be that constant or that argument: a handful of ``status`` boards
are ``In_play``, one board size's ``start`` is right, ``look_and_say`` of the empty sequence is
the empty sequence. So a task's answer tests are put in *groups*, and a test's pass counts only
when every test of its group passes. A group is made so that for every such degenerate answer
at least one of its tests rejects it:

* every constant a submission could return: each distinct value (or exception) the reference
  answers any call of the task with, the window bounds of the task's checks (a constant at or
  below alpha passes every case that fails low), and ``None``;
* returning an argument: for each argument position, that argument of each call.

The groups depend only on the cases and the reference's answers (``discriminating_groups``),
never on the submission; a correct solution passes every test, so every group: this never
costs a right answer a point (the fairness rule of the grading README). A group holds tests of
one visibility (public with public, hidden with hidden) and is as small as its degenerate
answers allow (greedy: the next test that rejects the most answers the group still accepts).
A degenerate answer that no test of the task rejects is right everywhere (``initial_ab`` is a
constant): it is no degenerate answer, and no group is made for it.

Only answer checks group (``ANSWER_CHECKS``); properties (``valid_est``, the spies) are gated
by their task's own rule, drivers (matches) and Task 4.2's runs are never passed by a
constant.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from sml150.grading._checks import CHECKS
from sml150.grading._model import Case, Reply, TestOutcome

__all__ = ["ANSWER_CHECKS", "discriminating_groups", "fold_groups"]

Json = Any

ANSWER_CHECKS: Final = frozenset({"eq", "eq_unordered", "eq_leaves", "eq_leaves_tie", "fg",
                                  "las", "gametree"})
"""The checks that compare an answer with the reference's (the others check properties)."""

_CONSTANT: Final = "constant"
_IDENTITY: Final = "identity"

Candidate = tuple[str, str]
"""A degenerate answer: ``("constant", the reply as JSON)`` or ``("identity", position)``."""

_lock = threading.Lock()
_cache: dict[str, tuple[int, ...]] = {}


def _is_forced(expr: Json) -> bool:
    return isinstance(expr, list) and bool(expr) and expr[0] == "forced"


def _as_call(expr: Json, reply: Reply) -> Reply:
    """A constant ``reply`` as the answer to ``expr`` (a ``forced`` call forces nothing)."""
    if reply.ok and _is_forced(expr):
        return Reply(True, {"t": ["forced", reply.value, 0]})
    return reply


def _bare(expr: Json, reply: Reply) -> Reply | None:
    """The value (or exception) of the reference's ``reply`` to ``expr``, as a constant."""
    if not reply.ok:
        return Reply(False, exc=reply.exc, bases=reply.bases)
    value = reply.value
    if _is_forced(expr):
        parts = value.get("t") if isinstance(value, dict) else None
        if not (isinstance(parts, list) and len(parts) == 3):
            return None
        value = parts[1]
    return Reply(True, value)


def _function(expr: Json) -> str:
    """The name of the function (or property) a graded expression asks for.

    >>> _function(["call", ["get", ["mod", "las"], "las_wrap"], ["lit", 1]])
    'las_wrap'
    >>> _function(["forced", ["mod", "gametree"], 3, ["get", ["mod", "gametree"], "size"]])
    'size'
    """
    if isinstance(expr, list) and expr:
        if expr[0] == "get" and len(expr) == 3:
            return str(expr[2])
        if expr[0] == "call" and len(expr) >= 2:
            return _function(expr[1])
        if _is_forced(expr) and len(expr) >= 4:
            return _function(expr[3])
    return ""


def _key(reply: Reply) -> str:
    return json.dumps([reply.ok, reply.value, reply.exc, list(reply.bases)], sort_keys=True,
                      default=repr)


def _window_bounds(case: Case) -> Iterator[Reply]:
    """Constants at a check's window bounds (they pass every case beyond that bound)."""
    arg = case.arg if isinstance(case.arg, dict) else {}
    window = arg.get("window")
    if isinstance(window, list):
        yield from (Reply(True, v) for v in window)
    for bound in ("alpha", "beta"):
        if bound in arg:
            yield from (Reply(True, {"rec": leaf, "f": {"est": arg[bound]}})
                        for leaf in ("Leaf",))


def _arguments(expr: Json, env: Any) -> list[Reply | None]:
    """The encoded arguments of the graded call ``expr`` (``None`` where one cannot be made)."""
    from sml150.grading._worker import encode, evaluate

    if not isinstance(expr, list) or not expr:
        return []
    args = expr[2:] if expr[0] == "call" else expr[4:] if _is_forced(expr) else []
    out: list[Reply | None] = []
    for a in args:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                out.append(Reply(True, encode(evaluate(a, env))))
        except Exception:  # an argument the grader cannot rebuild: no identity answer there
            out.append(None)
    return out


def _accepts(case: Case, expected: Sequence[Reply], got: Sequence[Reply]) -> bool:
    try:
        return CHECKS[case.check](expected, got, case.arg).passed
    except Exception:  # a check that cannot read a degenerate answer rejects it
        return False


def _acceptance(cases: Sequence[Case], expected: Sequence[Sequence[Reply]], env: Any,
                answer: Sequence[int]) -> list[set[Candidate]]:
    """For each answer case (index into ``answer``), the degenerate answers it accepts."""
    pool: dict[str, Reply] = {_key(r): r for r in (Reply(True, None),)}
    for i in answer:
        for e, r in zip(cases[i].exprs, expected[i], strict=True):
            bare = _bare(e, r)
            if bare is not None:
                pool.setdefault(_key(bare), bare)
        for bound in _window_bounds(cases[i]):
            pool.setdefault(_key(bound), bound)
    accepted: list[set[Candidate]] = []
    for i in answer:
        case, exp = cases[i], expected[i]
        mine: set[Candidate] = set()
        for key, reply in pool.items():
            if _accepts(case, exp, [_as_call(e, reply) for e in case.exprs]):
                mine.add((_CONSTANT, key))
        args = [_arguments(e, env) for e in case.exprs]
        for j in range(max((len(a) for a in args), default=0)):
            got = []
            for e, a in zip(case.exprs, args, strict=True):
                arg = a[min(j, len(a) - 1)] if a else None
                got.append(_as_call(e, arg) if arg is not None
                           else Reply(False, exc="TypeError"))
            if _accepts(case, exp, got):
                mine.add((_IDENTITY, str(j)))
        accepted.append(mine)
    return accepted


def _group(members: list[int], accepted: dict[int, set[Candidate]]) -> set[Candidate]:
    """The degenerate answers every member of a group accepts."""
    common: set[Candidate] | None = None
    for m in members:
        common = set(accepted[m]) if common is None else common & accepted[m]
    return common or set()


def _partition(order: list[int], accepted: dict[int, set[Candidate]],
               universal: set[Candidate], hidden: dict[int, bool]) -> list[list[int]]:
    """Greedy groups of ``order`` (case indexes) such that each rejects every degenerate answer.

    Answers in ``universal`` (accepted by every case of the task) are right everywhere, and
    ignored. A group takes a case of its own visibility (``hidden``) where one rejects what it
    still accepts, of the other only where none does.
    """
    left = list(order)
    groups: list[list[int]] = []
    stuck: list[list[int]] = []
    while left:
        group = [left.pop(0)]
        threats = _group(group, accepted) - universal
        while threats and left:
            def rank(j: int, threats: set[Candidate] = threats,
                     mine: bool = hidden[group[0]]) -> tuple[int, ...]:
                rejects = len(threats - accepted[j])
                return (rejects > 0, hidden[j] == mine, rejects, -order.index(j))

            best = max(left, key=rank)
            if not threats - accepted[best]:
                break
            left.remove(best)
            group.append(best)
            threats &= accepted[best]
        (stuck if threats else groups).append(group)
    for group in stuck:  # no case left rejects what it accepts: join the smallest that does
        threats = _group(group, accepted) - universal
        homes = [g for g in groups if not threats & _group(g, accepted)
                 and hidden[g[0]] == hidden[group[0]]]
        homes = homes or [g for g in groups if not threats & _group(g, accepted)]
        if not homes:  # none alone: the rest together (a task that cannot do better)
            homes = [g for g in groups + stuck if g is not group][-1:]
        if homes:
            min(homes, key=len).extend(group)
        else:
            groups.append(group)
    return [sorted(g) for g in groups if g]


def discriminating_groups(hw: str, task_id: str, cases: Sequence[Case],
                          expected: Sequence[Sequence[Reply]]) -> tuple[int, ...]:
    """Each case's group number (``-1``: a case that is not grouped), cached per case set.

    Cases of one group are answer cases (``ANSWER_CHECKS``) of one visibility, and for every
    degenerate answer (a constant the reference answers with, a window bound, ``None``, an
    exception the reference raises, an argument returned) that some case of the task rejects,
    some case of the group rejects it.

    >>> from sml150.grading._exprs import call, get, lit, mod
    >>> cs = [Case(f"c{i}", (call(get(mod("m"), "f"), lit(f"x{i}")),)) for i in range(4)]
    >>> answers = [[Reply(True, v)] for v in (True, False, True, False)]
    >>> discriminating_groups("none", "x", cs, answers)
    (0, 0, 1, 1)
    """
    blob = json.dumps([[c.name, c.check, c.exprs, c.arg, c.hidden] for c in cases],
                      sort_keys=True, default=repr)
    blob += json.dumps([[_key(r) for r in rs] for rs in expected])
    key = hashlib.sha256(f"{hw}\0{task_id}\0{blob}".encode()).hexdigest()
    with _lock:
        if key in _cache:
            return _cache[key]
    from sml150.grading._reference import reference_env

    env = reference_env(hw) if hw in ("hw10", "hw11", "gametree") else None
    answer = [i for i, c in enumerate(cases)
              if c.check in ANSWER_CHECKS and c.driver is None and c.paths is None
              and c.exprs]
    accepted = dict(zip(answer, _acceptance(cases, expected, env, answer), strict=True))
    numbers = [-1] * len(cases)
    count = 0
    kinds = {i: tuple(sorted(set(map(_function, cases[i].exprs)))) for i in answer}
    for kind in sorted(set(kinds.values())):  # a degenerate answer is one per function
        order = [i for i in answer if kinds[i] == kind]
        order.sort(key=lambda i: cases[i].hidden)  # public first: groups of one visibility
        universal = _group(order, accepted)
        hidden = {i: cases[i].hidden for i in order}
        for group in _partition(order, accepted, universal, hidden):
            for i in group:
                numbers[i] = count
            count += 1
    out = tuple(numbers)
    with _lock:
        _cache[key] = out
    return out


def fold_groups(groups: Sequence[int], outcomes: list[TestOutcome]) -> list[TestOutcome]:
    """``outcomes`` with a passed test failed where another test of its group failed.

    The reason names the failed tests of the group (a hidden one by its kind, never its
    input).

    >>> outs = [TestOutcome(n, p, "", False) for n, p in (("a", True), ("b", False),
    ...                                                   ("c", True))]
    >>> [(o.passed, o.reason) for o in fold_groups((0, 0, -1), outs)]  # doctest: +ELLIPSIS
    [(False, 'passed, but it counts only with its group...: b'), (False, ''), (True, '')]
    """
    if len(groups) != len(outcomes):
        return outcomes
    failed: dict[int, list[str]] = {}
    for o, g in zip(outcomes, groups, strict=True):
        if g >= 0 and not o.passed:
            failed.setdefault(g, []).append(o.kind or o.name if o.hidden else o.name)
    out = []
    for o, g in zip(outcomes, groups, strict=True):
        if o.passed and g in failed:
            names = "; ".join(failed[g][:2]) + ("; ..." if len(failed[g]) > 2 else "")
            out.append(attrs.evolve(o, passed=False, reason=(
                "passed, but it counts only with its group (nothing for nothing: no one "
                f"answer passes a whole group), and these failed: {names}"[:300])))
        else:
            out.append(o)
    return out
