"""What a grading run is made of: cases, tasks, verdicts, and the report.

A ``Case`` is one test: one or more expressions (``_worker``'s little language) evaluated in the
submission's worker and, for the expected answer, on the reference in the grader's process; a
named ``check`` compares the two. A case may instead have a ``driver``, run in the grader's
process, that talks to the worker call by call (e.g. a match against a baseline player).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path
from typing import Any, Final, final

import attrs

__all__ = [
    "Call",
    "Case",
    "GradeReport",
    "Reply",
    "TaskReport",
    "TaskSpec",
    "TestOutcome",
    "Verdict",
    "clean_text",
]

Json = Any

_EXC_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_.]{0,59}")
MAX_DEPTH: Final = 100
"""The deepest nesting of arrays and objects a worker's reply may have (an honest value of
either homework needs under 20); deeper, it is malformed before ``json.loads`` sees it."""
_DEPTH_DELTA: Final = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_KEEP: Final = bytes(range(256)).translate(None, b'"[]{}')


def json_depth(raw: bytes) -> int:
    r"""The deepest nesting of arrays and objects in the JSON text ``raw``, in linear time.

    No recursion, whatever ``raw`` holds (escaped quotes and brackets inside strings do not
    count); for malformed text, a number ``json.loads`` will refuse anyway.

    >>> json_depth(b'{"a": [1, {"b": "[[[\\"]"}]}')
    3
    >>> json_depth(b"[" * 100_000)
    100000
    """
    bare = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _KEEP)
    outside = b"".join(bare.split(b'"')[::2])  # the parts between strings
    return max(accumulate(map(_DEPTH_DELTA.__getitem__, outside), initial=0))


_MAX_BASES: Final = 8
"""The most base-class names of an exception a reply may carry (the rest are dropped)."""
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean_text(text: str, limit: int, *, lines: bool = True) -> str:
    r"""``text`` cut to ``limit`` characters, with what a terminal or codec may choke on escaped.

    Lone surrogates and control characters are escaped (and newlines too unless ``lines``).

    >>> clean_text("ok\udc80\x1b[2J" + "x" * 50, 12)
    'ok\\udc80\\x1b'
    >>> clean_text("a\nb", 10, lines=False)
    'a\\nb'
    """
    text = text[:limit].encode("utf-8", "backslashreplace").decode("utf-8")
    if not lines:
        text = text.replace("\n", "\\n").replace("\t", "\\t")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)[:limit]


@final
@attrs.frozen
class Reply:
    """What one call did: its encoded value, or the exception it raised, and its stdout.

    Built only by ``parse_reply`` (from a worker) or by the grader (reference answers).
    """

    ok: bool
    """The call returned (``value`` is meaningful) rather than raised."""
    value: Json = None
    """The encoded result (``_worker.encode``)."""
    exc: str = ""
    """The exception's class name, if it raised."""
    msg: str = ""
    """The exception's message, truncated."""
    out: str = ""
    """What the call printed to ``sys.stdout``."""
    bases: tuple[str, ...] = ()
    """If it raised: the names of the exception's base classes (most derived first, without
    ``BaseException``/``Exception``/``object``), so a subclass of a required exception passes."""

    @staticmethod
    def from_raw(raw: dict[str, Json]) -> Reply:
        """A reply from ``_worker.run_call``'s dict, in the grader's own process (trusted).

        >>> Reply.from_raw({"ok": False, "exc": "not_in_graph", "msg": "4", "out": "",
        ...                 "bases": ["LookupError"]}).bases
        ('LookupError',)
        """
        if raw["ok"]:
            return Reply(True, raw["v"], out=raw["out"])
        return Reply(False, exc=raw["exc"], msg=raw["msg"], out=raw["out"],
                     bases=tuple(raw.get("bases", ())))

    @staticmethod
    def parse(raw: bytes, request: int | None = None) -> Reply:
        r"""A worker's reply line, validated; ``ValueError`` if it is not a well-formed reply.

        Free text is cleaned (``clean_text``); an exception name must be an identifier; with
        ``request``, the reply must carry that request's number as ``id`` (a reply sent ahead of
        its request, or twice, is malformed).

        >>> Reply.parse(b'{"ok": true, "v": {"seq": [1]}, "out": ""}').value
        {'seq': [1]}
        >>> Reply.parse(b'{"ok": false, "exc": "import os; x", "msg": "\\\\udc80"}').exc
        'UnnamedException'
        >>> Reply.parse(b'[1, 2]')
        Traceback (most recent call last):
        ...
        ValueError: malformed reply from the worker
        """
        opened = raw.count(b"[") + raw.count(b"{")
        if opened > MAX_DEPTH and json_depth(raw) > MAX_DEPTH:  # before the recursive parser
            raise ValueError("malformed reply from the worker")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as e:  # bad JSON, huge ints, deep nesting
            raise ValueError("malformed reply from the worker") from e
        if not isinstance(data, dict) or not isinstance(data.get("ok"), bool):
            raise ValueError("malformed reply from the worker")
        if request is not None and (type(data.get("id")) is not int or data["id"] != request):
            raise ValueError("malformed reply from the worker")
        out = data.get("out", "")
        if not isinstance(out, str):
            raise ValueError("malformed reply from the worker")
        out = clean_text(out, 65_536)
        if data["ok"]:
            return Reply(True, data.get("v"), out=out)
        exc, msg = data.get("exc", ""), data.get("msg", "")
        if not isinstance(exc, str) or not isinstance(msg, str):
            raise ValueError("malformed reply from the worker")
        if not _EXC_NAME.fullmatch(exc):
            exc = "UnnamedException"  # a class name is only ever an identifier
        bases = data.get("bases", [])
        if not isinstance(bases, list):
            raise ValueError("malformed reply from the worker")
        names = tuple(b for b in bases[:_MAX_BASES]
                      if isinstance(b, str) and _EXC_NAME.fullmatch(b))
        return Reply(False, exc=exc, msg=clean_text(msg, 500, lines=False), out=out, bases=names)


@final
@attrs.frozen
class Verdict:
    """A test's result: passed or not, and a short reason shown to the student.

    >>> Verdict(False, "expected 3, got 4").passed
    False
    """

    passed: bool
    """Whether the test passed."""
    reason: str = ""
    """Why it failed (expected vs got, truncated), or a note."""
    detail: tuple[int, ...] = attrs.field(default=(), repr=False)
    """Data for the task's ``combine`` rule, never shown (Task 4.2: one bit per test function
    of the student, 1 where it passed)."""


Call = Callable[[Json], Any]
"""A driver's way to evaluate an expression in the submission's worker; returns a ``Reply``."""


@final
@attrs.frozen
class Case:
    """One test of a task.

    >>> Case("compare_ab (NEGINF, POSINF)", (["lit", 1],)).check
    'eq'
    """

    name: str
    """Shown in every report."""
    exprs: tuple[Json, ...] = ()
    """Expressions evaluated on both sides, in order."""
    check: str = "eq"
    """The comparison (a key of ``_checks.CHECKS``)."""
    hidden: bool = False
    """Hidden from students (Gradescope ``visibility: hidden``; not in the handout's tests)."""
    arg: Json = None
    """A parameter of the check (e.g. a ratio)."""
    driver: Callable[[Call], Verdict] | None = attrs.field(default=None, eq=False)
    """Run in the grader's process instead of ``exprs``/``check``."""
    timeout: float | None = None
    """Seconds each call of this case may take (default: the run's ``SandboxLimits``)."""
    paths: Callable[[Path], list[Path]] | None = attrs.field(default=None, eq=False)
    """Run in a worker of its own, with these directories (written into the given scratch
    directory) before the submission on its path."""
    companion: Callable[[Path], list[Path]] | None = attrs.field(default=None, eq=False)
    """With ``paths``: the directories (written into the given scratch directory) of a second
    worker that serves a module to the case's worker over a pipe (``_rpc``; Task 4.2's
    Riskless). The case's worker never sees them."""
    kind: str = ""
    """What kind of case this is ("a tie in the parallel part", "a finished board"), shown for
    a hidden test instead of its name: never its input or its answer."""
    quote: str = ""
    """The handout's sentence this case enforces, word for word (whitespace aside): the
    grader's only spec. Every case has one (``tests/grading/test_quotes.py`` finds each in the
    seed text)."""


@final
@attrs.frozen
class TaskSpec:
    """A handout task: its number, points, and how to build its cases."""

    id: str
    """The handout's number, e.g. ``"5.1"``."""
    title: str
    """A few words: what the task implements."""
    points: float
    """The handout's points (HW11: percent)."""
    cases: Callable[[], list[Case]] = attrs.field(eq=False)
    """Builds the cases (deterministic: fixed seeds)."""
    combine: Callable[[list[TestOutcome]], list[TestOutcome]] | None = attrs.field(
        default=None, eq=False)
    """Adjusts the outcomes once all cases ran (e.g. one case gating the others)."""
    first_gates: bool = False
    """The first of the task's cases that need workers of their own (``Case.paths``) gates
    the others: they run in an order drawn at random (the gate among them, so that no run is
    known to be the gate's), and once the gate has failed those left are not run (Task 4.2:
    tests that do not pass on the reference catch no mutant, whatever the mutants' runs
    say)."""
    budgets: float = 1.0
    """How many of the run's task budgets (``SandboxLimits.group_budget``) this task may use: more
    than one for a task that starts many workers (Task 4.2: two per Riskless under test)."""

    def cases_for(self, secret: str) -> list[Case]:
        """The task's cases with the hidden ones drawn from ``secret`` (not this process's).

        For cases built by ``_cases.seeded``; any other builder has no secret to draw from,
        and gives its one set.

        >>> t = TaskSpec("1", "demo", 1, lambda: [Case("only")])
        >>> [c.name for c in t.cases_for("any")]
        ['only']
        """
        for_secret = getattr(self.cases, "for_secret", None)
        return list(for_secret(secret)) if callable(for_secret) else self.cases()


@final
@attrs.frozen
class TestOutcome:
    """One test's result in the report."""

    name: str
    """The case's name."""
    passed: bool
    """Whether it passed."""
    reason: str
    """Why not (or a note)."""
    hidden: bool
    """Whether the case is hidden."""
    output: str = ""
    """What the submission printed (truncated), for the student."""
    kind: str = ""
    """The case's kind (``Case.kind``), shown for a hidden test."""
    quote: str = ""
    """The handout sentence the case enforces (``Case.quote``)."""
    detail: tuple[int, ...] = attrs.field(default=(), repr=False)
    """The check's ``Verdict.detail``, for the task's ``combine`` rule; never shown."""


@final
@attrs.frozen
class TaskReport:
    """One task's score: ``points * passed / tests``."""

    id: str
    """The handout's number."""
    title: str
    """What the task implements."""
    max_points: float
    """The handout's points."""
    tests: tuple[TestOutcome, ...]
    """Every test, in order."""

    @property
    def passed(self) -> int:
        """How many tests passed."""
        return sum(t.passed for t in self.tests)

    @property
    def score(self) -> float:
        """``max_points * passed / len(tests)`` (0 for a task without tests), 2 decimals.

        >>> TaskReport("1.1", "x", 10, (TestOutcome("a", True, "", False),
        ...                             TestOutcome("b", False, "", False))).score
        5.0
        """
        if not self.tests:
            return 0.0
        return round(self.max_points * self.passed / len(self.tests), 2)


@final
@attrs.frozen
class GradeReport:
    """A whole grading run: one ``TaskReport`` per handout task.

    >>> r = GradeReport("hw10", "sub", (TaskReport("5.1", "start", 4, ()),), 1.5)
    >>> r.total, r.max_total, r.scores()
    (0.0, 4.0, {'5.1': 0.0})
    """

    hw: str
    """``hw10`` or ``hw11``."""
    submission: str
    """The graded directory."""
    tasks: tuple[TaskReport, ...]
    """In handout order."""
    seconds: float
    """Wall-clock time of the run."""
    notes: tuple[str, ...] = ()
    """Problems met on the way (the grader reports them instead of crashing)."""
    ok: bool = True
    """The grader itself worked: every task was prepared and run (whatever the submission
    did). False means the scores may be lower than deserved; the exit status says so."""
    similar: tuple[str, ...] = ()
    """Modules whose graded functions are nearly the reference's (``_similarity``): for a
    person to review in the staff's report; never a change of score."""
    unsandboxed: str = ""
    """Why the workers ran without bubblewrap (``""``: they ran under it). A report of an
    unsandboxed run says, in one line, that the result is not tamper-proof."""

    @property
    def total(self) -> float:
        """The sum of the task scores."""
        return round(sum(t.score for t in self.tasks), 2)

    @property
    def max_total(self) -> float:
        """The sum of the handout's points."""
        return round(float(sum(t.max_points for t in self.tasks)), 2)

    def scores(self) -> dict[str, float]:
        """Task number -> score, in handout order."""
        return {t.id: t.score for t in self.tasks}
