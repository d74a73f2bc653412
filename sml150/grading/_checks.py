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

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

from sml150.grading._model import Verdict

__all__ = ["CHECKS", "estimating_lines", "show"]

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
    "eq_unordered": _eq_unordered,
    "linear": _linear,
    "spy_none": _spy_none,
    "valid_est": _valid_est,
}
"""The checks by name."""
