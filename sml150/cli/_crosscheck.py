"""The ``sml150 crosscheck hw10|hw11 SML_DIR PY_DIR [--cases N] [--seed S] [--tasks IDS]`` command.

Exit status 0 when every case agrees and the grader accepts it, 1 when there is something to
look at (each listed with its label), 2 for bad arguments (one line, no traceback).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sml150.cli._usage import UsageError
from sml150.crosscheck import CrosscheckReport, crosscheck, sml_missing
from sml150.grading.toolkit import homework

__all__ = ["register", "render"]


def render(report: CrosscheckReport, limit: int = 40) -> str:
    """The report as text: per function agree/differ counts, then each finding.

    >>> print(render(CrosscheckReport("hw10", (), ())))
    crosscheck hw10: 0 cases, 0 agree, 0 differ
    """
    agree = sum(t.agree for t in report.tallies)
    differ = sum(t.differ for t in report.tallies)
    lines = [f"crosscheck {report.hw}: {agree + differ} cases, {agree} agree, {differ} differ"]
    lines += [f"  note: {n}" for n in report.notes]
    for t in report.tallies:
        skipped = f", {t.skipped} not crosscheckable" if t.skipped else ""
        lines.append(f"  {t.task:>4} {t.function:<14} agree {t.agree:>4}  differ {t.differ:>4}"
                     f"{skipped}")
    for f in report.findings[:limit]:
        lines += [f"{f.label}: {f.task} {f.name}", f"    SML:      {f.sml}",
                  f"    port:     {f.port}", f"    expected: {f.expected}"
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
    missing = sml_missing()
    if missing:
        raise UsageError(missing)
    tasks = tuple(t for t in args.tasks.split(",") if t) if args.tasks else None
    known = [t.id for t in homework(args.hw)[1]]
    unknown = [t for t in tasks or () if t not in known]
    if unknown:
        raise UsageError(f"no task {unknown[0]} in {args.hw} (tasks: {', '.join(known)})")
    report = crosscheck(args.hw, args.sml_dir, args.py_dir, cases=args.cases, seed=args.seed,
                        tasks=tasks)
    print(render(report))
    return 1 if report.findings else 0


def register(sub: Any) -> None:
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
    p.set_defaults(run=_run)
