"""What a crosscheck run found: per case, per graded function, and what each difference means.

A label is given only to a case both sides answered: the SML's answer is SML/NJ's run of the
student's code, never crosscheck's own failure to run it (a file that does not compile, a
task whose file is absent, a case past its time: those cases are *not run*, and the report
says why once).
"""

from __future__ import annotations

from typing import Final, final

import attrs

__all__ = ["ALLOWED", "BOTH_WRONG", "GRADER_BUG", "PORTING_SLIP", "SML_BUG", "CaseResult",
           "CrosscheckReport", "FunctionVerdict", "Tally"]

PORTING_SLIP: Final = "porting slip"
"""They differ; the grader accepts the SML's answer, not the port's."""
SML_BUG: Final = "the SML's own bug"
"""SML/NJ ran the student's code and the grader rejects its answer, which the port (not
faithful there: check it is meant) gets right."""
GRADER_BUG: Final = "grader disagrees with the SML (a grader bug, if the SML is right)"
"""They agree, and the grader rejects both: the SML's bug faithfully ported, or the grader's."""
ALLOWED: Final = "the grader accepts both (an open choice, or a slip no check sees)"
"""They differ and the grader accepts both: an order or a tie the handout leaves open, or a
slip no check sees (an estimate: any one passes). Either way, not a line-by-line port."""
BOTH_WRONG: Final = "both wrong (they differ, and the grader accepts neither)"
"""They differ, and the grader rejects both."""


@final
@attrs.frozen
class CaseResult:
    """One case on both sides (or why it could not be run on the SML side)."""

    task: str
    """The handout task."""
    function: str
    """The graded function the case calls."""
    name: str
    """The grader's name of the case."""
    sml: str
    """The SML's answer, as the grader shows values (or why there is none)."""
    port: str
    """The port's answer, shown the same way (``""`` when the case was not run)."""
    agree: bool
    """Same value, exception and leaves on both sides."""
    sml_passes: bool
    """The grader's check accepts the SML's answer."""
    port_passes: bool
    """The grader's check accepts the port's answer."""
    expected: str
    """The grader's expected answer (the reference's), shown."""
    ran: bool = True
    """SML/NJ ran the student's code on it and answered (else ``why`` says why not)."""
    why: str = ""
    """Why the case was not run, or ``""``."""
    module: str = ""
    """The port module the called function belongs to (``las``, ``alphabeta``), if known."""

    @property
    def label(self) -> str:
        """What a difference (or an agreement the grader rejects) means; ``""`` if nothing.

        >>> r = CaseResult("5.7", "f", "case", "1", "2", False, True, False, "1")
        >>> r.label
        'porting slip'
        >>> attrs.evolve(r, sml_passes=False, port_passes=True).label
        "the SML's own bug"
        >>> attrs.evolve(r, agree=True, sml_passes=False).label
        'grader disagrees with the SML (a grader bug, if the SML is right)'
        >>> attrs.evolve(r, agree=True, port_passes=True).label
        ''
        >>> attrs.evolve(r, ran=False, why="las.sml did not compile").label
        ''
        """
        if not self.ran:
            return ""
        if self.agree:
            return "" if self.sml_passes else GRADER_BUG
        if self.sml_passes:
            return ALLOWED if self.port_passes else PORTING_SLIP
        return SML_BUG if self.port_passes else BOTH_WRONG


@final
@attrs.frozen
class Tally:
    """One graded function's counts."""

    task: str
    """The handout task."""
    function: str
    """The function."""
    agree: int
    """Cases where both sides answered the same."""
    differ: int
    """Cases where they did not."""
    skipped: int
    """Cases crosscheck cannot run on SML (matches driven by the grader, spies, tests)."""
    not_run: int = 0
    """Cases the SML side could not run (its file did not compile or is absent, ...)."""


@final
@attrs.frozen
class FunctionVerdict:
    """One function's crosscheck: whether the port answers as the SML does."""

    function: str
    """The graded function (``look_and_say``, ``search``, ``F``)."""
    status: str
    """``agree`` (every case run gives the same answer on both sides), ``differ`` (some case
    does not), or ``not run`` (no case could be run on the SML side)."""
    agree: int
    """Cases that agree."""
    differ: int
    """Cases that differ."""
    not_run: int
    """Cases the SML side could not run."""
    differences: tuple[CaseResult, ...] = ()
    """The cases whose answers differ (each labelled)."""
    why: str = ""
    """With ``not run``: why (the first reason)."""

    @property
    def summary(self) -> str:
        """One line: ``look_and_say: differs from the SML on 2 of 16 cases``, say.

        >>> FunctionVerdict("f", "agree", 3, 0, 1).summary
        'f: agrees with the SML on 3 cases (1 not run)'
        >>> FunctionVerdict("f", "not run", 0, 0, 2, why="x.sml did not compile").summary
        'f: not checked (x.sml did not compile)'
        """
        more = f" ({self.not_run} not run)" if self.not_run else ""
        if self.status == "not run":
            return f"{self.function}: not checked ({self.why})"
        if self.status == "agree":
            return f"{self.function}: agrees with the SML on {self.agree} cases{more}"
        return (f"{self.function}: differs from the SML on {len(self.differences)} of "
                f"{self.agree + self.differ} cases{more}")


@final
@attrs.frozen
class CrosscheckReport:
    """A whole crosscheck run."""

    hw: str
    """``hw10`` or ``hw11``."""
    tallies: tuple[Tally, ...]
    """Per graded function, in handout order."""
    results: tuple[CaseResult, ...]
    """Every case crosschecked (those not run on the SML side included, unlabelled)."""
    notes: tuple[str, ...] = ()
    """What the run met on the way (a declaration skipped, a case crosscheck could not write
    for this solution)."""
    problems: tuple[str, ...] = ()
    """Why some of the SML could not run, one line each (``could not run the SML: FILE:LINE:COL:
    ...``): each file that did not compile once, each handout structure no file defines."""
    library: str = ""
    """The course library loaded, and why it was chosen."""
    found: tuple[str, ...] = ()
    """Where each handout structure or functor was found (``GraphSeq: structure Graphs in
    ...``)."""
    walls: str = ""
    """What held the SML's run (bubblewrap, seccomp, rlimits, a cgroup)."""

    @property
    def findings(self) -> tuple[CaseResult, ...]:
        """The cases to look at: every difference, and agreements the grader rejects."""
        return tuple(r for r in self.results if r.label and r.label != ALLOWED) + tuple(
            r for r in self.results if r.label == ALLOWED)

    def verdicts(self) -> dict[str, FunctionVerdict]:
        """One verdict per graded function (functions of several tasks: all their cases).

        >>> r = CaseResult("5.7", "f", "c", "1", "2", False, True, False, "1")
        >>> CrosscheckReport("hw10", (Tally("5.7", "f", 0, 1, 0),), (r,)).verdicts()["f"].status
        'differ'
        """
        out: dict[str, FunctionVerdict] = {}
        for t in self.tallies:
            if not (t.agree or t.differ or t.not_run):
                continue
            cases = [r for r in self.results if r.function == t.function]
            look = tuple(r for r in cases if r.ran and not r.agree)
            agree = sum(r.ran and r.agree for r in cases)
            differ = sum(r.ran and not r.agree for r in cases)
            not_run = sum(not r.ran for r in cases)
            why = next((r.why for r in cases if not r.ran), "")
            status = ("not run" if agree + differ == 0 else "differ" if look else "agree")
            out[t.function] = FunctionVerdict(t.function, status, agree, differ, not_run, look,
                                              why)
        return out
