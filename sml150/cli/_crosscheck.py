"""The ``sml150 crosscheck`` command.

``sml150 crosscheck hw10|hw11 SML_DIR PY_DIR [--cases N] [--seed S] [--tasks IDS] [--library L]``.

Exit status 0 when every case ran and agrees and the grader accepts it, 1 when there is
something to look at (each finding listed with its label; each reason a case was not run
once), 2 for bad arguments (one line, no traceback). Every text that came from the SML or the
port is escaped before it is printed (no control characters, no terminal escape sequences,
no line breaks inside a line).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sml150.cli._command import Subcommands
from sml150.cli._usage import UsageError
from sml150.crosscheck import LIBRARIES, CrosscheckReport, crosscheck, sml_missing
from sml150.grading.toolkit import clean_text, homework

__all__ = ["register", "render"]


def _line(text: str, limit: int = 400) -> str:
    r"""One line a terminal shows as it is: control characters and line breaks escaped.

    >>> _line("a\x1b[2J\ncrosscheck hw10: 0 differ")
    'a\\x1b[2J\\ncrosscheck hw10: 0 differ'
    """
    return clean_text(text, limit, lines=False)


def render(report: CrosscheckReport, limit: int = 40) -> str:
    """The report as text: what ran, per function the counts, then each finding.

    >>> print(render(CrosscheckReport("hw10", (), ())))
    crosscheck hw10: 0 cases, 0 agree, 0 differ
    """
    agree = sum(t.agree for t in report.tallies)
    differ = sum(t.differ for t in report.tallies)
    not_run = sum(t.not_run for t in report.tallies)
    head = (f"crosscheck {report.hw}: {agree + differ + not_run} cases, {agree} agree, "
            f"{differ} differ")
    lines = [head + (f", {not_run} not run" if not_run else "")]
    if report.library:
        lines.append(f"  library: {_line(report.library)}")
    lines += [f"  found: {_line(f)}" for f in report.found]
    if report.walls:
        lines.append(f"  walls: {_line(report.walls)}")
    lines += [_line(p) for p in report.problems]
    lines += [f"  note: {_line(n)}" for n in report.notes]
    for t in report.tallies:
        extra = (f"  not run {t.not_run:>4}" if t.not_run else "") + (
            f", {t.skipped} not crosscheckable" if t.skipped else "")
        lines.append(f"  {t.task:>4} {_line(t.function, 40):<14} agree {t.agree:>4}  differ "
                     f"{t.differ:>4}{extra}")
    for f in report.findings[:limit]:
        lines += [f"{f.label}: {f.task} {_line(f.name)}", f"    SML:      {_line(f.sml)}",
                  f"    port:     {_line(f.port)}", f"    expected: {_line(f.expected)}"
                  f" (grader: SML {'passes' if f.sml_passes else 'fails'},"
                  f" port {'passes' if f.port_passes else 'fails'})"]
    if len(report.findings) > limit:
        lines.append(f"... and {len(report.findings) - limit} more")
    return "\n".join(lines)


def _run(args: argparse.Namespace) -> int:
    for d in (args.sml_dir, args.py_dir):
        if not d.is_dir():
            raise UsageError(f"directory not found: {d}")
    if args.cases < 0:
        raise UsageError(f"--cases must be >= 0, not {args.cases}")
    if args.library is not None and args.library not in LIBRARIES[args.hw]:
        raise UsageError(f"no library {args.library} for {args.hw} (libraries: "
                         f"{', '.join(LIBRARIES[args.hw])})")
    missing = sml_missing()
    if missing:
        raise UsageError(missing)
    tasks = tuple(t for t in args.tasks.split(",") if t) if args.tasks else None
    known = [t.id for t in homework(args.hw)[1]]
    unknown = [t for t in tasks or () if t not in known]
    if unknown:
        raise UsageError(f"no task {unknown[0]} in {args.hw} (tasks: {', '.join(known)})")
    report = crosscheck(args.hw, args.sml_dir, args.py_dir, cases=args.cases, seed=args.seed,
                        tasks=tasks, library=args.library)
    print(render(report))
    not_run = any(t.not_run for t in report.tallies)
    return 1 if report.findings or report.problems or not_run else 0


def register(sub: Subcommands) -> None:
    """Add the ``crosscheck`` subcommand to the CLI's subparsers.

    >>> p = argparse.ArgumentParser(); register(p.add_subparsers())
    >>> p.parse_args(["crosscheck", "hw10", "a", "b", "--cases", "3"]).cases
    3
    """
    p = sub.add_parser("crosscheck", help="run an SML solution and its Python port on the "
                       "grader's cases and show where they differ")
    p.add_argument("hw", choices=("hw10", "hw11"))
    p.add_argument("sml_dir", type=Path, metavar="SML_DIR", help="the SML solution's files")
    p.add_argument("py_dir", type=Path, metavar="PY_DIR", help="its Python port (starter layout)")
    p.add_argument("--cases", type=int, default=10, metavar="N",
                   help="random cases per task besides the public ones (default 10)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="which random cases")
    p.add_argument("--tasks", default="", metavar="IDS",
                   help="only these handout tasks, e.g. 5.7,5.8 (default: all)")
    p.add_argument("--library", default=None, metavar="L",
                   help="the course library the SML was written against: project (the "
                        "project's own), 2016 (HW10) or 2013 (HW11); default: chosen from "
                        "the files")
    p.set_defaults(run=_run)
