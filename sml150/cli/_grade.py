"""``sml150 grade HW SUBMISSION``: grade a submission (or, with ``--batch``, a class).

Paths and the executor are checked before any grading (no folder is made for an output that
cannot be written); the grading itself is ``sml150.grading``'s (see its README).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sml150.cli._command import Subcommands, add_switches
from sml150.cli._executor import add_executor_option

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    from sml150 import grading
    from sml150.cli._paths import (
        check_output_directory,
        check_output_file,
        check_submission_directory,
    )

    check_submission_directory(str(args.submission))
    if args.gradescope is not None:  # before the grading, never a folder made for it
        check_output_file(str(args.gradescope), "--gradescope")
    if args.batch and args.out is not None:
        check_output_directory(str(args.out), "--out")
    if args.batch:
        from sml150.cli._executor import check_executor, connect_timeout, reach_scheduler
        from sml150.parallel import parse_spec

        check_executor(args.executor)  # a bad spec: one line
        wait = connect_timeout()
        address = parse_spec(args.executor).address
        if address is not None:  # nobody there: one line within the wait, not 30 s
            reach_scheduler(address, wait)
        return grading.batch_command(args.hw, args.submission, executor_spec=args.executor,
                                     out=args.out, no_sandbox=args.no_sandbox,
                                     tasks=args.tasks, connect_timeout=wait,
                                     regrade=args.regrade)
    return grading.grade_command(args.hw, args.submission, quiet=args.quiet,
                                 autolab=args.autolab, gradescope=args.gradescope,
                                 no_sandbox=args.no_sandbox, reveal=args.reveal,
                                 tasks=args.tasks, verbose=args.verbose)


def register(sub: Subcommands) -> None:
    """Add ``grade`` to ``sub``."""
    grade = sub.add_parser("grade", help="grade a submission directory")
    grade.add_argument("hw", choices=["hw10", "hw11", "gametree"])
    grade.add_argument("submission", type=Path)
    add_switches(grade, autolab="end stdout with Autolab's JSON scores line")
    grade.add_argument("--gradescope", type=Path, default=None,
                       help="also write Gradescope's results.json here")
    add_switches(
        grade, quiet="no text report",
        verbose="list every failed test (default: one example a task)",
        reveal="staff: show hidden tests whole (students see only their kind)",
        no_sandbox="run without bubblewrap (the result is not tamper-proof)",
        batch="SUBMISSION is a class: grade every subdirectory (one student each)")
    add_executor_option(grade, "with --batch, one student a task")
    grade.add_argument("--out", type=Path, default=None,
                       help="with --batch: reports and grades.csv here (default SUBMISSION-grades)")
    add_switches(grade, regrade="with --batch: grade every student again (default: only those"
                                " whose files changed since their last grade)")
    grade.add_argument("--task", action="append", dest="tasks", metavar="ID",
                       help="grade only this task (repeatable; e.g. --task 5.7)")
    grade.set_defaults(run=_run)
