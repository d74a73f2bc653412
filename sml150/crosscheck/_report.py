"""What a crosscheck run found: per case, per graded function, and what each difference means."""

from __future__ import annotations

from typing import Final, final

import attrs

__all__ = ["ALLOWED", "BOTH_WRONG", "GRADER_BUG", "PORTING_SLIP", "SML_BUG", "CaseResult",
           "CrosscheckReport", "Tally"]

PORTING_SLIP: Final = "porting slip"
"""They differ; the grader accepts the SML's answer, not the port's."""
SML_BUG: Final = "the SML's own bug"
"""They differ; the grader accepts the port's answer, not the SML's (the port is not faithful
there: check it is meant)."""
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
    """One case on both sides."""

    task: str
    """The handout task."""
    function: str
    """The graded function the case calls."""
    name: str
    """The grader's name of the case."""
    sml: str
    """The SML's answer, as the grader shows values (or why there is none)."""
    port: str
    """The port's answer, shown the same way."""
    agree: bool
    """Same value, exception and leaves on both sides."""
    sml_passes: bool
    """The grader's check accepts the SML's answer."""
    port_passes: bool
    """The grader's check accepts the port's answer."""
    expected: str
    """The grader's expected answer (the reference's), shown."""

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
        """
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


@final
@attrs.frozen
class CrosscheckReport:
    """A whole crosscheck run."""

    hw: str
    """``hw10`` or ``hw11``."""
    tallies: tuple[Tally, ...]
    """Per graded function, in handout order."""
    results: tuple[CaseResult, ...]
    """Every case run on both sides."""
    notes: tuple[str, ...] = ()
    """What the run met on the way (an SML file that did not compile, no sandbox)."""

    @property
    def findings(self) -> tuple[CaseResult, ...]:
        """The cases to look at: every difference, and agreements the grader rejects."""
        return tuple(r for r in self.results if r.label and r.label != ALLOWED) + tuple(
            r for r in self.results if r.label == ALLOWED)
