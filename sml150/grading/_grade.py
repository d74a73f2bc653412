"""One grading run as a function (``grade``) and as a command (``grade_command``).

The package's face (``sml150.grading``) re-exports both; ``_batch`` grades a class with
``grade``, one student at a time.
"""

from __future__ import annotations

import sys
from collections.abc import Collection
from pathlib import Path
from typing import Final, TextIO

import attrs

from sml150.grading._engine import grade_tasks
from sml150.grading._handout import homework
from sml150.grading._model import GradeReport
from sml150.grading._report import autolab_line, text_report, write_gradescope
from sml150.grading._sandbox import (
    SandboxLimits,
    SandboxUnavailable,
    printable_path,
    sandbox_problem,
)
from sml150.grading._similarity import similarity_flags

__all__ = [
    "EXIT_GRADED",
    "EXIT_GRADER_FAILED",
    "EXIT_NO_SANDBOX",
    "EXIT_USAGE",
    "grade",
    "grade_command",
]


def _write(stream: TextIO, text: str) -> None:
    """Write ``text``, escaping what the stream's encoding cannot hold."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(enc, "backslashreplace").decode(enc, "replace"))


def grade(hw: str, submission: Path, *, text: bool = True, autolab: bool = False,
          gradescope: Path | None = None, limits: SandboxLimits | None = None,
          out: TextIO | None = None, sandbox: bool | None = None,
          tasks: Collection[str] | None = None, reveal: bool = False, jobs: int = 2,
          verbose: bool = False) -> GradeReport:
    """Grade the directory ``submission`` on homework ``hw``.

    ``reveal`` (staff): the text report shows every test whole, hidden ones too, not only
    their kind. ``verbose``: it lists every failure, not one example a task.
    ``jobs``: how many tasks run at once, each in its own sandbox (2: the machine's two cores;
    batch grading gives each student one, its parallelism being the students side by side).

    ``sandbox``: ``True`` requires bubblewrap, ``False`` runs without it, ``None`` (the
    default) uses it where it works, and otherwise runs without it only when neither
    ``autolab`` nor ``gradescope`` is asked for (a student checking their own work).
    ``tasks``: grade only these task numbers (default: all of them).

    REQUIRES: ``hw`` in ``HOMEWORKS`` and ``tasks`` among its tasks (else ``ValueError``).
    ENSURES: ``SandboxUnavailable`` (before grading anything) if a sandbox is required and
    bubblewrap does not work here. Otherwise one score per handout task (points × passed /
    tests); prints the text report if ``text`` (with one line saying the result is not
    tamper-proof if it ran without the sandbox), then the Autolab autoresult as the very last
    line if ``autolab``; writes Gradescope's ``results.json`` to ``gradescope`` if given.
    Never raises because of the submission: its failures are failed tests.
    """
    _, specs = homework(hw)
    if tasks is not None:
        unknown = sorted(set(tasks) - {t.id for t in specs})
        if unknown:
            raise ValueError(f"{hw} has no task {', '.join(unknown)}")
        specs = tuple(t for t in specs if t.id in set(tasks))
    limits = limits or SandboxLimits()
    problem = None if sandbox is False else sandbox_problem(limits.bwrap)
    if problem is not None and (sandbox or autolab or gradescope is not None):
        raise SandboxUnavailable(f"{problem}; install bubblewrap (see sml150/grading/README.md)"
                                 " or pass --no-sandbox")
    use = sandbox is not False and problem is None
    if jobs < 1:
        raise ValueError(f"jobs must be >= 1 (tasks graded at once), not {jobs}")
    report = grade_tasks(hw, list(specs), Path(submission), limits, jobs, sandbox=use)
    report = attrs.evolve(report, similar=tuple(similarity_flags(hw, Path(submission))))
    if not use:
        why = "--no-sandbox" if sandbox is False else str(problem)[:60]
        report = attrs.evolve(report, unsandboxed=why)
    stream = out if out is not None else sys.stdout
    if gradescope is not None:
        try:
            write_gradescope(report, Path(gradescope))
        except (OSError, ValueError) as e:
            why = getattr(e, "strerror", None) or type(e).__name__
            report = attrs.evolve(report, ok=False, notes=(
                *report.notes, f"could not write {printable_path(gradescope)}: {why}"))
    if text:
        try:
            written = text_report(report, reveal=reveal, verbose=verbose)
        except Exception as e:  # a grader bug: the scores still go out below
            report = attrs.evolve(report, ok=False)
            written = f"sml150 grade {hw}: the text report failed ({type(e).__name__})\n"
        _write(stream, written)
    if autolab:
        _write(stream, autolab_line(report) + "\n")
    stream.flush()
    return report


EXIT_GRADED: Final = 0
"""The run graded the submission (whatever its score)."""
EXIT_GRADER_FAILED: Final = 1
"""The grader itself failed somewhere (the report says where): scores may be too low."""
EXIT_USAGE: Final = 2
"""Bad arguments (an unknown homework)."""
EXIT_NO_SANDBOX: Final = 3
"""A sandbox was required (``--autolab``, ``--gradescope``) and bubblewrap does not work."""


def grade_command(hw: str, submission: Path, *, quiet: bool = False, autolab: bool = False,
                  gradescope: Path | None = None, no_sandbox: bool = False,
                  limits: SandboxLimits | None = None, out: TextIO | None = None,
                  reveal: bool = False, tasks: Collection[str] | None = None,
                  verbose: bool = False) -> int:
    """``grade`` as a command: prints, and returns the exit status (``EXIT_*``).

    >>> grade_command("hw99", Path("."))
    sml150 grade: unknown homework 'hw99': choose one of hw10, hw11, gametree
    2
    """
    try:
        report = grade(hw, submission, text=not quiet, autolab=autolab, gradescope=gradescope,
                       limits=limits, out=out, sandbox=False if no_sandbox else None,
                       reveal=reveal, tasks=tasks, verbose=verbose)
    except SandboxUnavailable as e:
        print(f"sml150 grade: refusing to grade without a sandbox: {e}", file=sys.stderr)
        return EXIT_NO_SANDBOX
    except ValueError as e:
        print(f"sml150 grade: {e}")
        return EXIT_USAGE
    return EXIT_GRADED if report.ok else EXIT_GRADER_FAILED
