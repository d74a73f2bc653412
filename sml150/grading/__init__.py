"""``sml150.grading``: the autograder for HW10 and HW11, and the students' starter files.

Entry points (the ``sml150`` command calls them):

* ``write_handout(hw, directory)`` writes the starter set of ``hw`` (``"hw10"``/``"hw11"``).
* ``grade(hw, submission, text=..., autolab=..., gradescope=...)`` grades a directory holding
  the homework's modules and returns a ``GradeReport``; it prints the text report and/or the
  Autolab autoresult (last line of stdout) and writes Gradescope's ``results.json``.
* ``main(argv)`` is the same as a small command line (``grade``/``handout``).

Submissions run in sandboxed worker processes (``_sandbox``); expected answers and all
comparisons stay in the grader's process (``_engine``, ``_checks``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from sml150.grading._engine import grade_tasks
from sml150.grading._handout import HOMEWORKS, homework, write_handout, write_solution
from sml150.grading._model import GradeReport, TaskReport, TestOutcome
from sml150.grading._report import autolab_line, gradescope_json, text_report, write_gradescope
from sml150.grading._sandbox import Limits

__all__ = [
    "HOMEWORKS",
    "GradeReport",
    "Limits",
    "TaskReport",
    "TestOutcome",
    "autolab_line",
    "grade",
    "gradescope_json",
    "main",
    "text_report",
    "write_handout",
    "write_solution",
]


def grade(hw: str, submission: Path, *, text: bool = True, autolab: bool = False,
          gradescope: Path | None = None, limits: Limits | None = None,
          out: TextIO | None = None) -> GradeReport:
    """Grade the directory ``submission`` on homework ``hw``.

    REQUIRES: ``hw`` in ``HOMEWORKS`` (else ``ValueError``).
    ENSURES: one score per handout task (points × passed / tests); prints the text report if
    ``text``, then the Autolab autoresult as the very last line if ``autolab``; writes
    Gradescope's ``results.json`` to ``gradescope`` if given. Never raises because of the
    submission: its failures are failed tests.
    """
    _, tasks = homework(hw)
    report = grade_tasks(hw, list(tasks), Path(submission), limits or Limits())
    stream = out if out is not None else sys.stdout
    if gradescope is not None:
        try:
            write_gradescope(report, Path(gradescope))
        except OSError as e:
            report = GradeReport(report.hw, report.submission, report.tasks, report.seconds,
                                 (*report.notes, f"could not write {gradescope}: {e}"))
    if text:
        stream.write(text_report(report))
    if autolab:
        stream.write(autolab_line(report) + "\n")
    stream.flush()
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m sml150.grading grade|handout ...``; returns the exit status.

    >>> main(["handout", "hw99", "/tmp/x"])
    sml150 grading: unknown homework 'hw99': choose one of hw10, hw11
    2
    """
    parser = argparse.ArgumentParser(prog="sml150-grading")
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("grade", help="grade a submission directory")
    g.add_argument("hw")
    g.add_argument("submission", type=Path)
    g.add_argument("--autolab", "-A", action="store_true", help="print the autoresult last")
    g.add_argument("--gradescope", type=Path, help="write results.json here")
    g.add_argument("--quiet", action="store_true", help="no text report")
    h = sub.add_parser("handout", help="write the starter files")
    h.add_argument("hw")
    h.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "handout":
            write_handout(args.hw, args.directory)
            return 0
        grade(args.hw, args.submission, text=not args.quiet, autolab=args.autolab,
              gradescope=args.gradescope)
    except ValueError as e:
        print(f"sml150 grading: {e}")
        return 2
    return 0
