"""The SML/NJ side of a crosscheck: a solution's units run, with retries, within a budget.

Each run loads the course library, the printers and the student's declarations (one piece at
a time, ``_driver``), then the cases; SML/NJ runs behind the grader's walls (``_smlrun``) and
its output is read as it comes (``_driver.Transcript``). A case past its time or printing too
much stops the run, and the cases after it run again in a fresh one; a declaration that never
finished loading is skipped there; a function whose cases were stopped twice has its other
cases not run.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Final, final

import attrs

from sml150.crosscheck._driver import CaseOutput, PieceOutcome, Transcript, write_driver
from sml150.crosscheck._smlrun import SML_LIBRARY, run_sml
from sml150.crosscheck._solution import Solution, read_solution
from sml150.grading.toolkit import SandboxLimits, sandbox_problem

__all__ = ["MAX_STOPS", "SmlSide", "run_sml_side", "run_units"]


@final
@attrs.frozen
class SmlSide:
    """The SML side of a run: each unit's output, and how the student's files loaded."""

    outputs: dict[str, CaseOutput]
    """Unit key -> what SML/NJ printed for it (a unit it never reached has no entry)."""
    loaded: dict[int, PieceOutcome]
    """Piece index -> how it loaded."""
    solution: Solution
    """The solution as read."""
    notes: tuple[str, ...]
    """What the runs met (a run stopped, the library not loading)."""
    walls: str
    """What held the runs."""
    failed_decls: dict[int, str] = attrs.field(factory=dict)
    """The structures the cases needed that did not load (index into the decls -> what
    SML/NJ said)."""
    library_failed: str = ""
    """Why the course library and the printers did not load (then nothing ran), or ``""``."""

    def explain(self, outcome: PieceOutcome) -> str:
        """A failed declaration's one line.

        One that failed only because a declaration it needs did not load says so
        (``FILE:LINE:COL: it needs AlphaBeta, which did not load``).
        """
        not_loaded = {n for k, o in self.loaded.items() if not o.ok
                      for n in self.solution.pieces[k].declares}
        if outcome.unbound and set(outcome.unbound) <= not_loaded:
            where = outcome.error.split(": ", 1)[0]
            needs = ", ".join(sorted(set(outcome.unbound)))
            return f"{where}: it needs {needs}, which did not load"
        return outcome.error

    def failed_roles(self) -> dict[str, str]:
        """Handout structure -> the one-line error of the declaration that held it."""
        index = {p.name: k for k, p in enumerate(self.solution.pieces)}
        out: dict[str, str] = {}
        for role, piece in self.solution.owners.items():
            k = index.get(piece)
            outcome = self.loaded.get(k) if k is not None else None
            if outcome is not None and not outcome.ok:
                out[role] = self.explain(outcome)
        return out


MAX_STOPS: Final = 2
"""After this many of a function's cases were stopped (past their time, too much output), its
other cases are not run."""


def run_sml_side(solution: Solution, decls: list[str], units: Mapping[str, str], *,
                 budget: float = 300.0, limits: SandboxLimits | None = None,
                 groups: Mapping[str, str] | None = None) -> SmlSide:
    """Run ``units`` (key -> an expression printing a canonical value) on a solution.

    The course library, the printers, the student's declarations (one piece at a time),
    ``solution.wrappers`` and ``decls`` load first; each unit is a file of its own (one that
    does not compile costs that unit only). A case past its time or printing too much stops
    the run; the units after it run again in a fresh one, and a declaration that never
    finished loading is skipped there; all within ``budget``. ``groups`` maps a unit to its
    function: once ``MAX_STOPS`` of a function's units were stopped, its other units are not
    run (each would cost its time and a fresh SML/NJ).
    ENSURES: never raises for what the SML does.
    """
    limits = limits or SandboxLimits()
    found: dict[str, CaseOutput] = {}
    loaded: dict[int, PieceOutcome] = {}
    notes: list[str] = []
    failed: dict[int, str] = {}
    strikes: dict[str, int] = {}
    skip: set[str] = set()
    left = dict(units)
    walls = ""
    all_decls = [*solution.wrappers, *decls]
    library_failed = ""
    deadline = time.monotonic() + budget
    runs = 0
    while (left or not runs) and deadline - time.monotonic() > 1:
        runs += 1
        with tempfile.TemporaryDirectory(prefix="sml150-crosscheck-") as tmp:
            work = Path(tmp)
            sandbox = True
            nonce = write_driver(work, library=solution.library.folder, hw=solution.hw,
                                 pieces=list(solution.pieces), decls=all_decls, units=left,
                                 skip=skip, sandboxed=_sandboxed(limits), library_root=SML_LIBRARY)
            transcript = Transcript(nonce, list(solution.pieces), limits.call_timeout)
            run = run_sml(work, "driver.sml", transcript.feed,
                          budget=deadline - time.monotonic(), limits=limits, sandbox=sandbox)
        transcript.finish(run.problem)
        walls = run.walls
        for k, outcome in transcript.loaded.items():
            loaded.setdefault(k, outcome)
        for k, text in transcript.failed_decls.items():
            failed.setdefault(k - len(solution.wrappers), text)
        new = {k: v for k, v in transcript.found.items() if k in left}
        found |= new
        left = {k: v for k, v in left.items() if k not in found}
        if not transcript.library:
            why = run.problem or transcript.stopped or "it did not compile"
            library_failed = (f"the course library (sml150/sml/{solution.library.folder}) and "
                              f"crosscheck's printers did not load: {why} (crosscheck's own "
                              "fault)")
            break
        if transcript.ended or not left:
            break
        kind, key = transcript.current
        if kind == "case" and transcript.stopped and groups is not None:
            group = groups.get(key, "")
            strikes[group] = strikes.get(group, 0) + 1
            if strikes[group] >= MAX_STOPS:
                for unit in [u for u in left if groups.get(u) == group]:
                    found[unit] = CaseOutput(True, "", problem=f"{MAX_STOPS} cases of this "
                                             "function were stopped already (time, output)")
                    del left[unit]
        if kind == "piece":
            skip.add(solution.pieces[int(key)].name)
        elif not new:
            notes.append(f"SML/NJ stopped before any case ran: {run.problem or 'no reason'}")
            break
    if left and deadline - time.monotonic() <= 1:
        notes.append(f"the SML side ran out of its budget ({budget:g} s); {len(left)} cases "
                     "not reached")
    return SmlSide(found, loaded, solution, tuple(notes), walls, failed, library_failed)


def _sandboxed(limits: SandboxLimits) -> bool:
    return sandbox_problem(limits.bwrap) is None


def run_units(hw: str, sml_dir: Path, decls: list[str], units: dict[str, str], *,
              budget: float = 300.0, library: str | None = None,
              limits: SandboxLimits | None = None) -> tuple[dict[str, CaseOutput], list[str]]:
    """``run_sml_side`` on the solution in ``sml_dir``: each unit's output, and notes."""
    side = run_sml_side(read_solution(hw, sml_dir, library), decls, units, budget=budget,
                        limits=limits)
    notes = [*side.notes, *(o.error for o in side.loaded.values() if not o.ok)]
    return side.outputs, notes
