"""Grading a whole class: every subdirectory of SUBMISSIONS is one student, one task each.

``grade_batch(hw, submissions, ex=...)`` grades each student with the public ``grade`` (under
the grader's sandbox, as a single run would), one executor task per student, and writes to the
output directory. A student's homework tasks run one sandbox at a time (``jobs=1``), so one
executor worker uses one core: the class runs as many students side by side as the executor
has workers, and no worker's sandboxes fight over a core (the budgets are wall-clock time).
It writes:

- ``<student>.txt``: the student's text report;
- ``<student>.json``: the student's scores (its presence marks the student as finished, so a
  second run skips them; a run the grader itself had a problem with is not marked);
- ``grades.csv``: one row per student (``student``, every task's score, ``total``, ``status``,
  ``similar``: modules nearly the reference's, for a person to review).

A submission cannot fail the batch: the grader turns its failures into failed tests, and a task
whose worker dies anyway is retried, then recorded with ``status`` ``lost: ...`` and no scores.
(Without the sandbox a hostile submission could still harm the machine: the grader says so in
its report.)
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Final, final

import attrs

__all__ = ["StudentRow", "batch_command", "grade_batch", "students"]

CSV_NAME: Final = "grades.csv"
"""The class's table, in the output directory."""


@final
@attrs.frozen
class StudentRow:
    """One student's line of the class table."""

    student: str
    """The subdirectory's name."""
    scores: dict[str, float]
    """Task number -> score (empty if the grading did not finish)."""
    total: float
    """The sum of the scores."""
    status: str
    """``graded``, ``error: ...`` (a grader error: scores may be too low; regraded by the
    next run) or ``lost: ...``."""
    similar: str = ""
    """Modules nearly the reference's (``_similarity``), for a person to review; never a
    change of score."""


def students(submissions: Path, out: Path) -> list[Path]:
    """The student directories: every subdirectory except hidden ones and ``out``, by name.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     for d in ("bob", "alice", ".git", "grades"):
    ...         (Path(t) / d).mkdir()
    ...     [p.name for p in students(Path(t), Path(t) / "grades")]
    ['alice', 'bob']
    """
    found = [p for p in submissions.iterdir()
             if p.is_dir() and not p.name.startswith(".") and p.resolve() != out.resolve()]
    return sorted(found, key=lambda p: p.name)


def _grade_one(hw: str, student: Path, out: Path, *, tasks: Collection[str] | None,
               sandbox: bool | None, jobs: int) -> StudentRow:
    """A task: grade one student, write their report and scores, return their row."""
    from sml150.grading._grade import grade

    text = io.StringIO()
    try:
        report = grade(hw, student, text=True, out=text, sandbox=sandbox, tasks=tasks,
                       jobs=jobs)
    except Exception as e:  # the grader itself failed: record it, never stop the class
        row = StudentRow(student.name, {}, 0.0, f"error: {type(e).__name__}: {e}")
        (out / f"{student.name}.txt").write_text(row.status + "\n", encoding="utf-8")
        return row
    status = "graded" if report.ok else "error: " + "; ".join(report.notes)
    row = StudentRow(student.name, report.scores(), report.total, status,
                     "; ".join(report.similar))
    (out / f"{student.name}.txt").write_text(text.getvalue(), encoding="utf-8")
    if report.ok:  # finished: a later run skips this student (an error is retried)
        (out / f"{student.name}.json").write_text(
            json.dumps(attrs.asdict(row), indent=2) + "\n", encoding="utf-8")
    return row


def _finished(out: Path, name: str) -> StudentRow | None:
    """The row a previous run recorded for ``name``, if it finished."""
    path = out / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return StudentRow(str(data["student"]), {str(k): float(v) for k, v in
                                                 data["scores"].items()},
                          float(data["total"]), str(data["status"]),
                          str(data.get("similar", "")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def grade_batch(
    hw: str,
    submissions: Path,
    *,
    ex: Executor,
    out: Path | None = None,
    tasks: Collection[str] | None = None,
    sandbox: bool | None = None,
    jobs: int = 1,
    on_done: Callable[[StudentRow], None] | None = None,
) -> list[StudentRow]:
    """Grade every student under ``submissions`` on ``ex``; write the reports and the CSV.

    REQUIRES: ``submissions`` a directory (else ``ValueError``); ``hw`` and ``tasks`` as
    ``grade`` accepts them. ``out`` defaults to ``<submissions>-grades`` beside it.
    ``jobs``: sandboxes per student at once (default 1: one executor worker is one core's
    work, so a class scales with the workers and a cluster's workers are not oversubscribed).
    ENSURES: one row per student, by name; students with a ``<name>.json`` from an earlier run
    are not graded again; ``grades.csv`` holds every row. ``on_done`` sees each new row.
    """
    from sml150.parallel import map_retrying

    if not submissions.is_dir():
        raise ValueError(f"submissions directory not found: {submissions}")
    out = out if out is not None else submissions.with_name(submissions.name + "-grades")
    out.mkdir(parents=True, exist_ok=True)
    everyone = students(submissions, out)
    done = {p.name: r for p in everyone if (r := _finished(out, p.name)) is not None}
    todo = [p for p in everyone if p.name not in done]
    task_list = None if tasks is None else tuple(tasks)

    def one(p: Path) -> StudentRow:
        return _grade_one(hw, p, out, tasks=task_list, sandbox=sandbox, jobs=jobs)

    def lost(p: Path, e: BaseException) -> StudentRow:
        return StudentRow(p.name, {}, 0.0, f"lost: its worker died ({type(e).__name__})")

    rows = map_retrying(ex, one, todo, on_lost=lost,
                        on_done=None if on_done is None else (lambda _i, r: on_done(r)))
    table = sorted([*done.values(), *rows], key=lambda r: r.student)
    write_csv(table, out / CSV_NAME)
    return table


def write_csv(rows: Sequence[StudentRow], path: Path) -> None:
    """The class table: student, every task's score (columns in task order), total, status.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     write_csv([StudentRow("ann", {"5.1": 4.0}, 4.0, "graded")], Path(t) / "g.csv")
    ...     print((Path(t) / "g.csv").read_text(), end="")
    student,5.1,total,status,similar
    ann,4.0,4.0,graded,
    """
    ids: list[str] = []
    for r in rows:
        ids += [t for t in r.scores if t not in ids]
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["student", *ids, "total", "status", "similar"])
        for r in rows:
            w.writerow([r.student, *(r.scores.get(t, "") for t in ids), r.total, r.status,
                        r.similar])


def batch_command(hw: str, submissions: Path, *, executor_spec: str,
                  out: Path | None = None, no_sandbox: bool = False,
                  bwrap: str = "bwrap", tasks: Collection[str] | None = None,
                  connect_timeout: float = 30.0) -> int:
    """``sml150 grade HW SUBMISSIONS --batch``: grade the class, print a summary; exit status.

    ENSURES: 0 when every student was graded, 1 when some were lost or hit a grader error
    (the CSV says who), 2 for bad arguments (one line on stderr), 3 when bubblewrap (the
    program ``bwrap``) does not work here and ``no_sandbox`` was not given (a class is never
    graded unsandboxed by accident: every student's grade would be forgeable).
    """
    import sys

    from sml150.grading._handout import homework
    from sml150.grading._sandbox import sandbox_problem
    from sml150.parallel import executor, parse_spec, progress

    try:
        parse_spec(executor_spec)
        known = [t.id for t in homework(hw)[1]]  # an unknown homework: ValueError, one line
        unknown = sorted(set(tasks or ()) - set(known))
        if unknown:
            raise ValueError(f"no task {', '.join(unknown)} in {hw} (its tasks: "
                             f"{', '.join(known)})")
        if not submissions.is_dir():
            raise ValueError(f"submissions directory not found: {submissions}")
    except ValueError as e:
        print(f"sml150 grade: {e}", file=sys.stderr)
        return 2
    problem = None if no_sandbox else sandbox_problem(bwrap)
    if problem is not None:
        print(f"sml150 grade: refusing to grade a class without a sandbox ({problem}); install "
              "bubblewrap, or pass --no-sandbox to accept forgeable grades", file=sys.stderr)
        return 3
    target = out if out is not None else submissions.with_name(submissions.name + "-grades")
    target.mkdir(parents=True, exist_ok=True)
    total = sum(1 for p in students(submissions, target)
                if _finished(target, p.name) is None)
    with progress(total, "students") as advance, \
            executor(executor_spec, connect_timeout=connect_timeout) as ex:
        rows = grade_batch(hw, submissions, ex=ex, out=target, tasks=tasks,
                           sandbox=not no_sandbox,
                           on_done=lambda _r: advance())
    bad = [r for r in rows if r.status != "graded"]
    print(f"{hw}: {len(rows)} students ({total} graded now), {len(bad)} with problems; "
          f"wrote {target / CSV_NAME}")
    for r in bad:
        print(f"  {r.student}: {r.status}")
    return 1 if bad else 0
