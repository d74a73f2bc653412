"""How a submission's replies are compared with the reference's: pure functions on plain data.

Each check takes the reference's replies, the submission's, and the case's parameter, and
returns a ``Verdict``. Everything here runs in the grader's process (and, for the public
tests, in a student's own pytest run): a submission never influences it except through the
data it returned.

>>> from sml150.grading._model import Reply
>>> CHECKS["eq"]([Reply(True, 3)], [Reply(True, 4)], None)
Verdict(passed=False, reason='expected 3, got 4')

(About 590 lines, over the house's 400: every check the tasks name, in one table (``CHECKS``),
with the handout sentence each one enforces.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Protocol

from sml150.grading._model import Verdict

__all__ = ["CHECKS", "STATE_CREATED", "est_key", "estimating_lines", "exc_meaning", "show"]

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
    @property
    def bases(self) -> tuple[str, ...]: ...


Check = Callable[[Sequence[_Reply], Sequence[_Reply], Json], Verdict]

WIDTH: Final = 160


def show(v: Json, width: int = WIDTH) -> str:
    """An encoded value written the way a student reads it, truncated.

    Rendered iteratively and only as far as ``width`` needs: a reply nested deep or holding a
    huge string costs no more than its first ``width`` characters (the value is untrusted).

    >>> show({"seq": [1, {"t": [2, "a"]}]})
    "<1, (2, 'a')>"
    >>> show({"rec": "Guess", "f": {"n": 3}}), show({"enum": ["Player", "Maxie"]})
    ('Guess(3)', 'Maxie')
    >>> deep = 1
    >>> for _ in range(100_000):
    ...     deep = {"some": deep}
    >>> show(deep, 20)
    'Some(Some(Some(S...'
    """
    out: list[str] = []
    size = 0
    for piece in _pieces(v, width):
        out.append(piece)
        size += len(piece)
        if size > width:
            break
    text = "".join(out)
    return text if len(text) <= width else text[: width - 3] + "..."


def _pieces(v: Json, width: int) -> Iterator[str]:
    """The text of ``v`` in pieces, left to right, with an explicit stack (no recursion)."""
    stack: list[Iterator[Json]] = [iter([v])]
    while stack:
        x = next(stack[-1], _END)
        if x is _END:
            stack.pop()
            continue
        if isinstance(x, _Text):
            yield x.text
            continue
        opening, items, closing = _parts(x, width)
        yield opening
        if items is not None:
            stack.append(_joined(items, closing))


class _Text:
    """Literal text in ``_pieces``' stack (separators and closing brackets)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


_END: Final = object()


def _joined(items: Iterable[Json], closing: str) -> Iterator[Json]:
    for i, x in enumerate(items):
        if i:
            yield _Text(", ")
        yield x
    yield _Text(closing)


def _parts(v: Json, width: int) -> tuple[str, Iterable[Json] | None, str]:
    """(opening text, the children to render or ``None``, closing text) of one value."""
    if isinstance(v, dict):
        if isinstance(v.get("seq"), list):
            return "<", v["seq"], ">"
        if isinstance(v.get("t"), list):
            return "(", v["t"], ",)" if len(v["t"]) == 1 else ")"
        if isinstance(v.get("l"), list):
            return "[", v["l"], "]"
        if "rec" in v:
            fields = v.get("f", {})
            return (f"{str(v['rec'])[:width]}(",
                    list(fields.values()) if isinstance(fields, dict) else [], ")")
        if isinstance(v.get("enum"), list) and len(v["enum"]) == 2:
            return str(v["enum"][1])[:width], None, ""
        if "some" in v:
            return "Some(", [v["some"]], ")"
        if "nothing" in v:
            return "Nothing", None, ""
        if "obj" in v:
            return f"<{str(v['obj'])[:width]} object>", None, ""
    if isinstance(v, str) and len(v) > width:
        return repr(v[:width]), None, ""
    return repr(v)[: 4 * width], None, ""


def _describe(r: _Reply) -> str:
    if r.ok:
        return show(r.value)
    return f"exception {r.exc}" + (f" ({r.msg[:80]})" if r.msg else "")


def exc_meaning(name: str) -> str:
    """What an exception's class name means, whatever a port spells it.

    SML's ``exception not_in_graph`` may become ``not_in_graph``, ``NotInGraph`` or
    ``NotInGraphError`` in a faithful port: the handout requires the meaning, never one class
    name. Case, underscores and an ``Error``/``Exception``/``Exn`` suffix do not count.

    >>> exc_meaning("not_in_graph") == exc_meaning("NotInGraphError") == exc_meaning("NotInGraph")
    True
    >>> exc_meaning("Range") == exc_meaning("RangeError")
    True
    >>> exc_meaning("Range") == exc_meaning("Fail")
    False
    """
    bare = name.rsplit(".", 1)[-1].replace("_", "").lower()
    for suffix in ("exception", "error", "exn"):
        if bare.endswith(suffix) and len(bare) > len(suffix):
            return bare.removesuffix(suffix)
    return bare


def _raises_as(e: _Reply, g: _Reply) -> bool:
    """``g`` raised what ``e`` raised: the same meaning (``exc_meaning``), or a subclass of it."""
    want = exc_meaning(e.exc)
    return any(exc_meaning(n) == want for n in (g.exc, *tuple(g.bases)))


def _same(e: _Reply, g: _Reply) -> bool:
    if e.ok != g.ok:
        return False
    if e.ok:
        return bool(e.value == g.value)
    return _raises_as(e, g)


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


def _leaves_rule(arg: Json) -> str:
    """``arg["leaves"]``: ``"order"`` (the default) or ``"multiset"``."""
    return str(arg.get("leaves", "order")) if isinstance(arg, dict) else "order"


def _eq_leaves(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """Values as ``eq``, and the same leaves estimated.

    (in order, or as a multiset when ``arg["leaves"] == "multiset"``: Jamboree's parallel part may
    evaluate in any order).
    """
    verdict = _eq(expected, got, None)
    if not verdict.passed:
        return verdict
    return _leaves_only(expected, got, _leaves_rule(arg))


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

    Those are the moves whose value ties with the node's (``_cases.best_moves``): the handouts
    fix no tie-break.
    """
    for e, g in zip(expected, got, strict=True):
        if not _tie_ok(e, g, arg):
            tied = ", ".join(show(m) for m in arg.get("moves", [])) if isinstance(arg, dict) \
                else ""
            also = f" (or a tied move: {tied})" if tied else ""
            return Verdict(False, f"expected {_describe(e)}{also}, got {_describe(g)}")
    return _leaves_only(expected, got, _leaves_rule(arg))


def _leaves_only(expected: Sequence[_Reply], got: Sequence[_Reply], rule: str) -> Verdict:
    for e, g in zip(expected, got, strict=True):
        le, lg = estimating_lines(e.out), estimating_lines(g.out)
        if rule == "multiset":
            if sorted(le) != sorted(lg):
                return Verdict(False, f"estimated leaves (in any order): expected "
                                      f"{_leaves(le)}; got {_leaves(lg)}")
        elif le != lg:
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
            return _leaves_only(expected, got, _leaves_rule(arg))
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
    return _leaves_only(expected, got, _leaves_rule(arg))


def _las(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """Look-and-say up to the element that stands for each run.

    ``arg["runs"]`` lists each run's elements; the answer needs one pair per run, in order, with
    the run's length and any one of its elements (the handout: "the value of type `'a` is the
    value repeated in the run", which under a looser equality is any element of the run).

    >>> from sml150.grading._model import Reply as R
    >>> _las([], [R(True, {"seq": [{"t": [2, 4]}]})], {"runs": [[1, 4]]}).passed
    True
    >>> _las([], [R(True, {"seq": [{"t": [2, 5]}]})], {"runs": [[1, 4]]}).reason
    'run 1: expected (2, 1) or another element of the run, got (2, 5)'
    """
    del expected
    runs = arg.get("runs", []) if isinstance(arg, dict) else []
    g = got[0]
    if not g.ok:
        return Verdict(False, f"got {_describe(g)}")
    pairs = g.value.get("seq") if isinstance(g.value, dict) else None
    if not isinstance(pairs, list):
        return Verdict(False, f"not a sequence: {show(g.value)}")
    if len(pairs) != len(runs):
        return Verdict(False, f"expected {len(runs)} runs, got {len(pairs)}: {show(g.value)}")
    for i, (pair, run) in enumerate(zip(pairs, runs, strict=True)):
        want = show({"t": [len(run), run[0]]})
        if not (isinstance(pair, dict) and isinstance(pair.get("t"), list)
                and len(pair["t"]) == 2):
            return Verdict(False, f"run {i + 1}: expected {want}, got {show(pair)}")
        count, rep = pair["t"]
        if count != len(run) or type(count) is not int or rep not in run:
            return Verdict(False, f"run {i + 1}: expected {want} or another element of the run, "
                                  f"got {show(pair)}")
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


STATE_CREATED: Final[tuple[int, ...]] = (1,)
"""A spy check's ``Verdict.detail`` when the spied call did create a state (not when it raised).

Task 5.6's gate (``hw10.gate_on_match``) takes the handout's "automatic 0" only for that: a
call that raised fails its own test, but shows no state created.
"""


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
            return Verdict(False, f"estimate created {calls} state(s) with make_move",
                           detail=STATE_CREATED)
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
            return Verdict(False, f"estimate built {calls - limit} state(s)",
                           detail=STATE_CREATED)
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
    """Each call returns an estimate (any: the handouts fix none).

    With ``arg == "same"``, equal calls give equal values (estimate holds no stateful
    information).

    >>> from sml150.grading._model import Reply as R
    >>> _valid_est([], [R(True, {"rec": "Guess", "f": {"n": 1}})], None).passed
    True
    """
    del expected
    for g in got:
        if not g.ok:
            return Verdict(False, f"raised {g.exc}: {g.msg[:100]}")
        if not _is_est(g.value):
            return Verdict(False, f"not an estimate: {show(g.value)}")
    if len({repr(g.value) for g in got}) > 1 and arg == "same":
        return Verdict(False, "estimate gave different values for the same state")
    return Verdict(True)


def _forced_parts(r: _Reply) -> tuple[Json, int] | None:
    """``(value, cells forced)`` of a reply to a ``forced`` call (``_worker._forced``)."""
    v = r.value if r.ok else None
    if not (isinstance(v, dict) and isinstance(v.get("t"), list) and len(v["t"]) == 3):
        return None
    tag, value, cells = v["t"]
    if tag != "forced" or type(cells) is not int:
        return None
    return value, cells


def _equivalent(window: Json, v1: Json, v2: Json) -> bool:
    """The exercise's ``equivalent alpha beta v1 v2`` on two encoded ints."""
    alpha, beta = window
    if type(v1) is not int or type(v2) is not int:
        return False
    return (v1 <= alpha and v2 <= alpha) or v1 == v2 or (beta <= v1 and beta <= v2)


def _gametree(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """The gametree homework: each call's value and, with ``arg["forced"]``, its forcings.

    Every call is a ``forced`` one (``_worker._forced``: the value and the offspring cells the
    function forced on a lazy tree). With ``arg["window"] = [alpha, beta]`` the value may be
    any ``(alpha, beta)``-equivalent one (the exercise's ``bval``); otherwise it must equal the
    reference's, type included (``1`` is not ``True``). With ``arg["forced"]`` the function
    must also force exactly as many cells as the reference: more is a missed cut, a window not
    narrowed or a sequence forced twice; fewer, a cut too early. ``arg["trees"]``, if given,
    names each call's tree in the reason.

    >>> from sml150.grading._model import Reply as R
    >>> ref = [R(True, {"t": ["forced", 3, 4]})]
    >>> _gametree(ref, [R(True, {"t": ["forced", 5, 4]})], {"window": [0, 3]}).passed
    True
    >>> _gametree(ref, [R(True, {"t": ["forced", 3, 6]})], {"forced": True}).reason
    'forced 6 offspring cells; alpha-beta forces exactly 4 here (more: a cut missed, a window \
not narrowed, or an offspring forced twice)'
    """
    window = arg.get("window") if isinstance(arg, dict) else None
    counted = bool(arg.get("forced")) if isinstance(arg, dict) else False
    shown = arg.get("trees") if isinstance(arg, dict) else None
    for i, (e, g) in enumerate(zip(expected, got, strict=True)):
        where = f"tree #{i + 1}: " if len(expected) > 1 else ""
        if isinstance(shown, list) and i < len(shown) and isinstance(shown[i], str):
            where = f"tree #{i + 1} {shown[i][:WIDTH]}: "
        ref, mine = _forced_parts(e), _forced_parts(g)
        if ref is None:
            return Verdict(False, f"{where}the grader could not read its own answer")
        if mine is None:
            shown = _describe(g) if not g.ok else f"a malformed result {show(g.value)}"
            return Verdict(False, f"{where}expected {show(ref[0])}, got {shown}")
        if window is not None:
            if not _equivalent(window, ref[0], mine[0]):
                return Verdict(False, f"{where}expected {show(ref[0])} or a value "
                                      f"({window[0]}, {window[1]})-equivalent to it, "
                                      f"got {show(mine[0])}")
        elif not (type(ref[0]) is type(mine[0]) and ref[0] == mine[0]):
            return Verdict(False, f"{where}expected {show(ref[0])}, got {show(mine[0])}")
        if counted and mine[1] != ref[1]:
            why = ("more: a cut missed, a window not narrowed, or an offspring forced twice"
                   if mine[1] > ref[1] else "fewer: a cut too early, or a subtree skipped")
            return Verdict(False, f"{where}forced {mine[1]} offspring cells; alpha-beta forces "
                                  f"exactly {ref[1]} here ({why})")
    return Verdict(True)


MAX_TESTS: Final = 200
"""Task 4.2: the most test functions a reply may report (the worker runs no more)."""


def _test_bits(got: Sequence[_Reply]) -> tuple[int, ...] | Verdict:
    """The bits of a ``run_tests`` reply (1: that test function passed), or why there are none."""
    g = got[0]
    if not g.ok:
        return Verdict(False, f"could not run your tests: {g.exc}")
    try:
        tag, bits = g.value["t"]
        items = bits["l"] if isinstance(bits, dict) else bits
    except (KeyError, TypeError, ValueError):
        return Verdict(False, "malformed result")
    if (tag != "tests" or not isinstance(items, list) or len(items) > MAX_TESTS
            or any(b not in (0, 1) or isinstance(b, bool) for b in items)):
        return Verdict(False, "malformed result")
    return tuple(int(b) for b in items)


def _tests_pass(expected: Sequence[_Reply], got: Sequence[_Reply], arg: Json) -> Verdict:
    """A student's tests on the reference: at least ``arg`` of them pass there.

    A test that fails on the reference does not count, and costs nothing: it may check a choice
    the handout leaves open (an order of moves), which the reference makes otherwise. The
    reason shown is one bit, whatever the worker answered (its tests could see the
    reference's code): no count, no text of its own.

    >>> from sml150.grading._model import Reply as R
    >>> v = _tests_pass([], [R(True, {"t": ["tests", {"l": [1, 0, 1, 1]}]})], 3)
    >>> v.passed, v.detail, v.reason
    (True, (1, 0, 1, 1), 'at least 3 of your tests pass on the reference')
    """
    del expected
    bits = _test_bits(got)
    if isinstance(bits, Verdict):
        return bits
    if sum(bits) < int(arg):
        return Verdict(False, f"fewer than {arg} of your tests pass on the reference (a test "
                              "failing there may check a choice of your own, such as an "
                              "order of moves: it does not count)", bits)
    return Verdict(True, f"at least {arg} of your tests pass on the reference", bits)


def _tests_catch(expected: Sequence[_Reply], got: Sequence[_Reply], _arg: Json) -> Verdict:
    """A student's tests on a mutant: some test fails (one bit shown, as ``_tests_pass``).

    (The task's ``combine`` then counts only the tests that pass on the reference,
    ``hw11.caught_by_valid_tests``.)

    >>> from sml150.grading._model import Reply as R
    >>> _tests_catch([], [R(True, {"t": ["tests", {"l": [1, 0]}]})], None).detail
    (1, 0)
    """
    del expected
    bits = _test_bits(got)
    if isinstance(bits, Verdict):
        return bits
    if len(bits) > sum(bits):
        return Verdict(True, "one of your tests fails on it", bits)
    return Verdict(False, "none of your tests fails on this broken Riskless", bits)


CHECKS: Final[dict[str, Check]] = {
    "tests_pass": _tests_pass,
    "tests_catch": _tests_catch,
    "eq": _eq,
    "eq_leaves": _eq_leaves,
    "eq_leaves_tie": _eq_leaves_tie,
    "fg": _fg,
    "las": _las,
    "eq_unordered": _eq_unordered,
    "spy_none": _spy_none,
    "spy_max": _spy_max,
    "valid_est": _valid_est,
    "gametree": _gametree,
}
"""The checks by name."""
