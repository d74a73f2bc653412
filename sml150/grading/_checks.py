"""How a submission's replies are compared with the reference's: pure functions on plain data.

Each check takes the reference's replies, the submission's, and the case's parameter, and
returns a ``Verdict``. Everything here runs in the grader's process (and, for the public
tests, in a student's own pytest run): a submission never influences it except through the
data it returned.

>>> from sml150.grading._model import Reply
>>> CHECKS["eq"]([Reply(True, 3)], [Reply(True, 4)], None)
Verdict(passed=False, reason='expected 3, got 4')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from sml150.grading._model import Verdict

__all__ = ["CHECKS", "est_key", "estimating_lines", "show"]

Json = Any


class _Reply(Protocol):
    @property
    def ok(self) -> bool: ...
    @property
    def value(self) -> Json: ...
    @property
    def exc(self) -> str: ...
    @property
    def msg(self) -> str: ...
    @property
    def out(self) -> str: ...


Check = Callable[[Sequence[_Reply], Sequence[_Reply], Json], Verdict]

WIDTH: Final = 160


def show(v: Json, width: int = WIDTH) -> str:
    """An encoded value written the way a student reads it, truncated.

    >>> show({"seq": [1, {"t": [2, "a"]}]})
    "<1, (2, 'a')>"
    >>> show({"rec": "Guess", "f": {"n": 3}}), show({"enum": ["Player", "Maxie"]})
    ('Guess(3)', 'Maxie')
    """
    text = _show(v)
    return text if len(text) <= width else text[: width - 3] + "..."


def _show(v: Json) -> str:
    if isinstance(v, dict):
        if "seq" in v:
            return "<" + ", ".join(_show(x) for x in v["seq"]) + ">"
        if "t" in v:
            inner = ", ".join(_show(x) for x in v["t"])
            return f"({inner},)" if len(v["t"]) == 1 else f"({inner})"
        if "l" in v:
            return "[" + ", ".join(_show(x) for x in v["l"]) + "]"
        if "rec" in v:
            fields = v.get("f", {})
            return f"{v['rec']}(" + ", ".join(_show(x) for x in fields.values()) + ")"
        if "enum" in v:
            return str(v["enum"][1])
        if "some" in v:
            return f"Some({_show(v['some'])})"
        if "nothing" in v:
            return "Nothing"
        if "obj" in v:
            return f"<{v['obj']} object>"
    return repr(v)


def _describe(r: _Reply) -> str:
    if r.ok:
        return show(r.value)
    return f"exception {r.exc}" + (f" ({r.msg[:80]})" if r.msg else "")


def _same(e: _Reply, g: _Reply) -> bool:
    if e.ok != g.ok:
        return False
    if e.ok:
        return bool(e.value == g.value)
    return e.exc == g.exc


def _eq(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """Every call returns the reference's value, or raises the reference's exception type."""
    for e, g in zip(expected, got, strict=True):
        if not _same(e, g):
            return Verdict(False, f"expected {_describe(e)}, got {_describe(g)}")
    return Verdict(True)


def estimating_lines(out: str) -> list[str]:
    """The ``Estimating state ...`` lines of a call's stdout, in order.

    >>> estimating_lines(chr(10).join(["hi", "Estimating state c[3]", "Estimating state d[~1]"]))
    ['Estimating state c[3]', 'Estimating state d[~1]']
    """
    return [ln.strip() for ln in out.splitlines() if ln.startswith("Estimating state ")]


def _leaves(lines: list[str]) -> str:
    names = [ln.removeprefix("Estimating state ") for ln in lines]
    text = " ".join(names)
    return text if len(text) <= 100 else text[:97] + "..."


def _eq_leaves(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """Values as ``eq``, and the same leaves estimated in the same order."""
    verdict = _eq(expected, got, None)
    if not verdict.passed:
        return verdict
    for e, g in zip(expected, got, strict=True):
        le, lg = estimating_lines(e.out), estimating_lines(g.out)
        if le != lg:
            return Verdict(False, f"estimated leaves: expected {_leaves(le)}; got {_leaves(lg)}")
    return Verdict(True)


def _with_move(v: Json, move: Json) -> Json:
    """The encoded result ``v`` with its move replaced (a ``Some`` edge, a ``Step``, or a move)."""
    if isinstance(v, dict) and "some" in v and isinstance(v["some"], dict) and "t" in v["some"]:
        return {"some": {"t": [move, *v["some"]["t"][1:]]}}
    if isinstance(v, dict) and v.get("rec") == "Step":
        return {"rec": "Step", "f": {**v["f"], "move": move}}
    return move


def _tie_ok(e: _Reply, g: _Reply, arg: Json) -> bool:
    """``g`` is ``e`` up to the move, which is one of ``arg["moves"]`` (tied best moves)."""
    if _same(e, g):
        return True
    if not (e.ok and g.ok and isinstance(arg, dict)):
        return False
    return any(g.value == _with_move(e.value, m) for m in arg.get("moves", []))


def _eq_leaves_tie(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """As ``eq_leaves``, but the move may be any of ``arg["moves"]``.

    Those are the moves whose value ties with the best in Jamboree's parallel part, where the
    handout does not fix a tie-break.
    """
    for e, g in zip(expected, got, strict=True):
        if not _tie_ok(e, g, arg):
            tied = ", ".join(show(m) for m in arg.get("moves", [])) if isinstance(arg, dict) \
                else ""
            also = f" (or a tied move: {tied})" if tied else ""
            return Verdict(False, f"expected {_describe(e)}{also}, got {_describe(g)}")
    return _leaves_only(expected, got)


def _leaves_only(expected: Sequence[_Reply], got: Sequence[_Reply]) -> Verdict:
    for e, g in zip(expected, got, strict=True):
        le, lg = estimating_lines(e.out), estimating_lines(g.out)
        if le != lg:
            return Verdict(False, f"estimated leaves: expected {_leaves(le)}; got {_leaves(lg)}")
    return Verdict(True)


_EST_ORDER: Final = {"MinnieWins": 0, "Guess": 1, "MaxieWins": 2}


def est_key(v: Json) -> tuple[int, int] | None:
    """The order of an encoded estimate (``MinnieWins < Guess n < MaxieWins``), else ``None``.

    >>> est_key({"rec": "Guess", "f": {"n": -2}}) < est_key({"rec": "MaxieWins", "f": {}})
    True
    """
    if not _is_est(v):
        return None
    n = v.get("f", {}).get("n", 0) if v["rec"] == "Guess" else 0
    return (_EST_ORDER[v["rec"]], n)


def _value_est(v: Json) -> Json:
    """The candidate estimate of an encoded HW11 ``value`` (``Step``/``Leaf``), else ``None``."""
    if isinstance(v, dict) and v.get("rec") in ("Step", "Leaf"):
        return v.get("f", {}).get("est")
    return None


def _fg(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """HW11 ``F``/``G`` against the handout's contract, and the leaves estimated in order.

    ``arg`` holds the window's estimates ``alpha`` and ``beta`` (encoded) and the tied best
    ``moves``. With MM the reference's (minimax) value: alpha < MM < beta needs MM exactly and
    a best move (the reference's, or a tied one of Jamboree's parallel part); MM <= alpha needs
    any value <= alpha, MM >= beta any value >= beta (the handout fixes only the bound there).
    """
    e, g = expected[0], got[0]
    if not e.ok or not g.ok:
        if _same(e, g):
            return _leaves_only(expected, got)
        return Verdict(False, f"expected {_describe(e)}, got {_describe(g)}")
    lo, hi = est_key(arg["alpha"]), est_key(arg["beta"])
    mm, mine = est_key(_value_est(e.value)), est_key(_value_est(g.value))
    if mine is None:
        return Verdict(False, f"not a value (Step/Leaf): {show(g.value)}")
    if lo is None or hi is None or mm is None:
        return Verdict(False, "the grader could not read the window")
    if mm <= lo:
        if mine > lo:
            return Verdict(False, f"the value is at most alpha ({show(arg['alpha'])}): "
                                  f"expected a value <= alpha, got {show(g.value)}")
    elif mm >= hi:
        if mine < hi:
            return Verdict(False, f"the value is at least beta ({show(arg['beta'])}): "
                                  f"expected a value >= beta, got {show(g.value)}")
    elif not _tie_ok(e, g, arg):
        tied = ", ".join(show(m) for m in arg.get("moves", []))
        return Verdict(False, f"expected {_describe(e)} (a best move: {tied}), "
                              f"got {_describe(g)}")
    return _leaves_only(expected, got)


_STEP_MOVE: Final = re.compile(r"Step\([^,()]*,")


def _trace(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """The values and the printed lines (stripped, blank ones dropped) equal the reference's.

    The reference's lines are the handout's figure ``arg["figure"]``. Where ``arg["moves"]``
    lists tied best moves (Jamboree's parallel part, whose tie-break the handout leaves open),
    the returned move may be any of them and the lines are compared up to the moves inside
    ``Step(...)`` (values, bounds and ``(* Pruned *)`` marks still exactly).
    """
    moves = arg.get("moves", []) if isinstance(arg, dict) else []
    figure = arg.get("figure", "") if isinstance(arg, dict) else str(arg)
    for e, g in zip(expected, got, strict=True):
        if not _tie_ok(e, g, {"moves": moves}):
            return Verdict(False, f"expected {_describe(e)}, got {_describe(g)}")
        le = [ln.strip() for ln in e.out.splitlines() if ln.strip()]
        lg = [ln.strip() for ln in g.out.splitlines() if ln.strip()]
        for i, (a, b) in enumerate(zip(le, lg, strict=False)):
            if a != b and not (moves and _STEP_MOVE.sub("Step(_,", a)
                               == _STEP_MOVE.sub("Step(_,", b)):
                return Verdict(False, f"{figure}: line {i + 1}: expected {a!r}, got {b!r}")
        if len(le) != len(lg):
            return Verdict(False, f"{figure}: expected {len(le)} lines, got {len(lg)}")
    return Verdict(True)


def _canon(v: Json) -> Json:
    """Sequences of sequences with each inner sequence sorted (order-free neighbour lists)."""
    if isinstance(v, dict) and "seq" in v:
        items = v["seq"]
        if all(isinstance(x, dict) and "seq" in x for x in items):
            return {"seq": [{"seq": sorted(x["seq"], key=repr)} for x in items]}
        return {"seq": sorted(items, key=repr)}
    return v


def _eq_unordered(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """As ``eq``, but the order inside each (inner) sequence does not matter."""
    for e, g in zip(expected, got, strict=True):
        if e.ok and g.ok:
            if _canon(e.value) != _canon(g.value):
                return Verdict(False, f"expected {_describe(e)} (in any order), "
                                      f"got {_describe(g)}")
        elif not _same(e, g):
            return Verdict(False, f"expected {_describe(e)}, got {_describe(g)}")
    return Verdict(True)


def _linear(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """Two ``cpu`` calls on sizes n and 10n: right answers, and time ratio below ``arg``.

    The ratio is measured in the worker, so it only ever lowers a score; the hard guarantee is
    that the large call finishes inside the worker's time limit (a quadratic walk cannot).
    """
    unpacked: list[tuple[Json, float]] = []
    for e, g in zip(expected, got, strict=True):
        if not (e.ok and g.ok):
            return _eq([e], [g], None)
        ev, gv = e.value, g.value
        try:
            (_, e_val, _), (_, g_val, g_time) = ev["t"], gv["t"]
        except (KeyError, TypeError, ValueError):
            return Verdict(False, f"malformed timing result: {show(gv)}")
        if e_val != g_val:
            return Verdict(False, f"expected {show(e_val)}, got {show(g_val)}")
        if not isinstance(g_time, int | float):
            return Verdict(False, "malformed timing result")
        unpacked.append((g_val, float(g_time)))
    small, large = unpacked[0][1], unpacked[1][1]
    ratio = large / max(small, 1e-3)
    if ratio > float(arg):
        return Verdict(False, f"10x the input took {ratio:.0f}x the time (limit {arg}x): "
                              "not linear")
    return Verdict(True, f"10x the input took {ratio:.1f}x the time")


def _spy_none(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """A ``spy`` call: the spied method was never called, and the call did not raise."""
    for g in got:
        if not g.ok:
            return Verdict(False, f"raised {g.exc}: {g.msg[:100]}")
        try:
            tag, _value, calls = g.value["t"]
        except (KeyError, TypeError, ValueError):
            return Verdict(False, "malformed result")
        if tag != "spy" or not isinstance(calls, int):
            return Verdict(False, "malformed result")
        if calls:
            return Verdict(False, f"estimate created {calls} state(s) with make_move")
    del expected
    return Verdict(True)


def _spy_max(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """A ``spy`` call: the spied method ran no more often than in the reference's run.

    (Building the call's own argument counts on both sides.) The call must not raise.
    """
    for e, g in zip(expected, got, strict=True):
        if not g.ok:
            return Verdict(False, f"raised {g.exc}: {g.msg[:100]}")
        try:
            tag, _value, calls = g.value["t"]
            limit = e.value["t"][2]
        except (KeyError, TypeError, ValueError, IndexError):
            return Verdict(False, "malformed result")
        if tag != "spy" or not isinstance(calls, int):
            return Verdict(False, "malformed result")
        if calls > limit:
            return Verdict(False, f"estimate built {calls - limit} state(s)")
    return Verdict(True)


_EST_RECORDS: Final = {"MinnieWins", "MaxieWins", "Guess"}


def _is_est(v: Json) -> bool:
    if not (isinstance(v, dict) and v.get("rec") in _EST_RECORDS):
        return False
    if v["rec"] == "Guess":
        n = v.get("f", {}).get("n")
        return isinstance(n, int) and not isinstance(n, bool)
    return True


def _valid_est(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """Each call returns an estimate; with ``arg == "exact"`` finished states' values match.

    Equal calls must give equal values (estimate is a function of the state).
    """
    for e, g in zip(expected, got, strict=True):
        if not g.ok:
            return Verdict(False, f"raised {g.exc}: {g.msg[:100]}")
        if not _is_est(g.value):
            return Verdict(False, f"not an estimate: {show(g.value)}")
        if arg == "exact" and e.ok and e.value != g.value:
            return Verdict(False, f"a finished game: expected {show(e.value)}, "
                                  f"got {show(g.value)}")
    if len({repr(g.value) for g in got}) > 1 and arg == "same":
        return Verdict(False, "estimate gave different values for the same state")
    return Verdict(True)


def _test_counts(got: Sequence[_Reply]) -> tuple[int, int] | Verdict:
    g = got[0]
    if not g.ok:
        return Verdict(False, f"could not run your tests: {g.exc}")
    try:
        tag, passed, failed = g.value["t"]
    except (KeyError, TypeError, ValueError):
        return Verdict(False, "malformed result")
    if tag != "tests" or not isinstance(passed, int) or not isinstance(failed, int):
        return Verdict(False, "malformed result")
    return passed, failed


def _tests_pass(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """A student's test module run on the reference: at least ``arg`` tests, none failing."""
    del expected
    counts = _test_counts(got)
    if isinstance(counts, Verdict):
        return counts
    passed, failed = counts
    if failed:
        return Verdict(False, f"{failed} of your {passed + failed} tests fail on the reference")
    if passed < int(arg):
        return Verdict(False, f"{passed} tests found, at least {arg} needed")
    return Verdict(True, f"{passed} tests pass on the reference")


def _tests_catch(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """A student's test module run on a mutant: at least one test fails."""
    del expected
    counts = _test_counts(got)
    if isinstance(counts, Verdict):
        return counts
    passed, failed = counts
    if failed:
        return Verdict(True, f"{failed} of your {passed + failed} tests fail on it")
    return Verdict(False, f"all {passed} of your tests pass on this broken Riskless")


CHECKS: Final[dict[str, Check]] = {
    "tests_pass": _tests_pass,
    "tests_catch": _tests_catch,
    "eq": _eq,
    "eq_leaves": _eq_leaves,
    "eq_leaves_tie": _eq_leaves_tie,
    "fg": _fg,
    "trace": _trace,
    "eq_unordered": _eq_unordered,
    "linear": _linear,
    "spy_none": _spy_none,
    "spy_max": _spy_max,
    "valid_est": _valid_est,
}
"""The checks by name."""
