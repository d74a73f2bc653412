"""Grading a whole class: every subdirectory of SUBMISSIONS is one student, one task each.

``grade_batch(hw, submissions, ex=...)`` grades each student with the public ``grade`` (under
the grader's sandbox, as a single run would), one executor task per student, and writes to the
output directory. A student's homework tasks run one sandbox at a time (``jobs=1``), so one
executor worker uses one core: the class runs as many students side by side as the executor
has workers, and no worker's sandboxes fight over a core (the budgets are wall-clock time).
It writes:

- ``<student>.txt``: the student's text report;
- ``<student>.json``: the student's scores and the key of what was graded (``submission``: a
  hash of the homework, the tasks and the submission's files as the grader copies them). A
  later run skips a student whose key is unchanged and grades again one whose files changed
  (``regrade``: everyone); a run the grader itself had a problem with is not recorded;
- ``grades.csv``: one row per student (``student``, every task's score, ``total``, ``status``,
  ``similar``: modules nearly the reference's, for a person to review).

Tasks carry data, not paths, so a worker may be another machine (a Dask cluster): this process
reads each submission into a ``Snapshot`` (``read_submission``: the grader's own bounded copy
rules, what it leaves out noted as a single run notes it), the task unpacks it into a private
directory of its worker, grades it there and sends back the row and the text report, and this
process writes every file. The report names the submission by its path here, as a single run
does. Snapshots are read a group at a time (``MAX_BATCH_BYTES``), so a class of huge
submissions cannot fill this process's memory.

A submission cannot fail the batch: the grader turns its failures into failed tests, and a task
whose worker dies anyway is retried, then recorded with ``status`` ``lost: ...`` and no scores.
(Without the sandbox a hostile submission could still harm the machine: the grader says so in
its report.)

(Over 400 lines: one pipeline, planned, read, graded, written and tabled, whose steps share the
records above; split, each part would import the others' records.)
"""

from __future__ import annotations

import csv
import hashlib
import json
import tempfile
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Final, final

import attrs

from sml150.grading._limits import GraderFault
from sml150.grading._submission import (
    MAX_SUBMISSION_TOTAL,
    Snapshot,
    printable_path,
    read_submission,
    unpack_snapshot,
)

__all__ = [
    "MAX_BATCH_BYTES",
    "StudentRow",
    "batch_command",
    "grade_batch",
    "students",
    "submission_key",
]

CSV_NAME: Final = "grades.csv"
"""The class's table, in the output directory."""
MAX_BATCH_BYTES: Final = 4 * MAX_SUBMISSION_TOTAL
"""Students go to the executor in groups of at most this many submission bytes (or one
student), each group read and submitted once the last has finished, so this process holds at
most two groups' snapshots (the one ending, the one being read). A class of ordinary
submissions (kilobytes each) is one group."""


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
    submission: str = ""
    """The key of what was graded (``submission_key``; ``""``: not read)."""


def submission_key(hw: str, snapshot: Snapshot, tasks: Collection[str] | None) -> str:
    """What a batch's state is keyed by: the homework, the tasks and the files graded.

    Any change of a file's name or bytes, or of what the copy rules left out, changes it.

    >>> from sml150.grading._submission import SnapshotFile
    >>> one = Snapshot((SnapshotFile("las.py", b"x = 1"),), ())
    >>> two = Snapshot((SnapshotFile("las.py", b"x = 2"),), ())
    >>> key = submission_key("hw10", one, None)
    >>> key.startswith("sha256:"), key == submission_key("hw10", one, None)
    (True, True)
    >>> key == submission_key("hw10", two, None), key == submission_key("hw10", one, ["5.1"])
    (False, False)
    """
    h = hashlib.sha256(b"sml150 batch 1\0")

    def text(part: str) -> None:
        data = part.encode("utf-8", "surrogateescape")
        h.update(len(data).to_bytes(8, "big") + data)

    text(hw)
    text(",".join(sorted(tasks)) if tasks is not None else "*")
    for f in sorted(snapshot.files, key=lambda f: f.path):
        text(f.path)
        h.update(len(f.data).to_bytes(8, "big") + f.data)
    for note in snapshot.notes:
        text(note)
    return "sha256:" + h.hexdigest()


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


@final
@attrs.frozen
class StudentWork:
    """A task's input: one student's submission, read here, to grade on any worker."""

    student: str
    """The subdirectory's name."""
    shown: str
    """How the report names the submission: its path here (``printable_path``), as a single
    run of ``grade`` on it prints it, never the worker's directory."""
    snapshot: Snapshot
    """Its files, as the grader's copy keeps them, and the notes on what was left out."""
    fault: str = ""
    """Why it could not be read here (a ``GraderFault``: the grader's machine), or ``""``."""
    key: str = ""
    """``submission_key`` of what it grades (``""`` after a fault: never recorded)."""


@final
@attrs.frozen
class Graded:
    """A task's result: what this process writes for one student."""

    row: StudentRow
    """The student's line of the class table."""
    report: str | None
    """``<student>.txt``'s text (``None``: nothing to write, the task's worker was lost)."""
    finished: bool
    """The grading finished: ``<student>.json`` is written, and a later run skips them."""


def _read(hw: str, tasks: Collection[str] | None, student: Path) -> StudentWork:
    """The task for ``student``'s directory (its snapshot, or the fault that stopped it)."""
    try:
        snapshot = read_submission(student)
    except GraderFault as e:
        return StudentWork(student.name, printable_path(student), Snapshot((), ()), str(e))
    return StudentWork(student.name, printable_path(student), snapshot,
                       key=submission_key(hw, snapshot, tasks))


def _key(hw: str, tasks: Collection[str] | None, student: Path) -> str:
    """``student``'s key as it is now (``""`` if it cannot be read: graded, not skipped)."""
    work = _read(hw, tasks, student)
    return work.key


def _failed(student: str, why: str) -> Graded:
    """A grader error before a report: the row says it, the text is that line, not finished."""
    row = StudentRow(student, {}, 0.0, f"error: {why}")
    return Graded(row, row.status + "\n", finished=False)


def _grade_one(hw: str, work: StudentWork, *, tasks: Collection[str] | None,
               sandbox: bool | None, jobs: int) -> Graded:
    """A task: grade one student's snapshot in a private directory here; their row and report.

    The report is ``grade``'s for the student's directory itself: named by ``work.shown``,
    with the notes on what the snapshot left out where copying the directory puts them (last).
    """
    from sml150.grading._grade import grade
    from sml150.grading._report import text_report

    if work.fault:
        return _failed(work.student, f"GraderFault: {work.fault}")
    try:
        with tempfile.TemporaryDirectory(prefix="sml150-student-",
                                         ignore_cleanup_errors=True) as scratch:
            where = Path(scratch) / "submission"
            unpack_snapshot(work.snapshot, where)
            report = grade(hw, where, text=False, sandbox=sandbox, tasks=tasks, jobs=jobs)
        report = attrs.evolve(report, submission=work.shown,
                              notes=(*report.notes, *work.snapshot.notes))
        text = text_report(report)
    except Exception as e:  # the grader itself failed: record it, never stop the class
        return _failed(work.student, f"{type(e).__name__}: {e}")
    status = "graded" if report.ok else "error: " + "; ".join(report.notes)
    row = StudentRow(work.student, report.scores(), report.total, status,
                     "; ".join(report.similar), work.key)
    return Graded(row, text, finished=report.ok)  # an error is graded again next run


def _write(out: Path, graded: Graded) -> None:
    """Write a task's ``<student>.txt`` and, once finished, ``<student>.json`` into ``out``."""
    name = graded.row.student
    if graded.report is not None:
        (out / f"{name}.txt").write_text(graded.report, encoding="utf-8")
    if graded.finished:
        (out / f"{name}.json").write_text(
            json.dumps(attrs.asdict(graded.row), indent=2) + "\n", encoding="utf-8")


def _groups(works: Iterable[StudentWork], budget: int) -> Iterator[list[StudentWork]]:
    """``works`` in order, in groups of at most ``budget`` snapshot bytes (or one work each).

    Each work is drawn from ``works`` only when its group is formed (toolz partitions by count,
    not by weight: hence this loop).

    >>> from sml150.grading._submission import SnapshotFile
    >>> def w(n: int) -> StudentWork:
    ...     return StudentWork(str(n), str(n), Snapshot((SnapshotFile("a.py", bytes(n)),), ()))
    >>> [[x.student for x in g] for g in _groups(map(w, [3, 4, 9, 1, 2]), 8)]
    [['3', '4'], ['9'], ['1', '2']]
    """
    group: list[StudentWork] = []
    held = 0
    # Inv: group holds the works drawn and not yet yielded, held their bytes (<= budget
    # unless group is one work).
    for work in works:
        if group and held + work.snapshot.size > budget:
            yield group
            group, held = [], 0
        group.append(work)
        held += work.snapshot.size
    if group:
        yield group


def _finished(out: Path, name: str, key: str) -> StudentRow | None:
    """The row a previous run recorded for ``name``, if it finished grading ``key``.

    A record of other files (the student changed them), of other tasks, or without a key (an
    older run's) is stale: ``None``, and the student is graded again.
    """
    if not key:
        return None
    path = out / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("submission") != key:
            return None
        return StudentRow(str(data["student"]), {str(k): float(v) for k, v in
                                                 data["scores"].items()},
                          float(data["total"]), str(data["status"]),
                          str(data.get("similar", "")), key)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


@final
@attrs.frozen
class BatchPlan:
    """Who a batch grades now and whose earlier grades stand."""

    done: dict[str, StudentRow]
    """Students whose record matches their files as they are now."""
    todo: list[Path]
    """The students to grade, by name."""


def plan_batch(hw: str, submissions: Path, out: Path, *, tasks: Collection[str] | None = None,
               regrade: bool = False) -> BatchPlan:
    """Split the class: records that still hold (same key) and students to grade.

    Reads each submission (within the copy limits) to key it; ``regrade``: everyone is graded.
    """
    task_list = None if tasks is None else tuple(tasks)
    everyone = students(submissions, out)
    done: dict[str, StudentRow] = {}
    if not regrade:
        for p in everyone:
            row = _finished(out, p.name, _key(hw, task_list, p))
            if row is not None:
                done[p.name] = row
    return BatchPlan(done, [p for p in everyone if p.name not in done])


def default_out(submissions: Path) -> Path:
    """Where a batch writes unless told: ``<submissions>-grades`` beside the class's folder.

    REQUIRES: ``submissions`` names a folder other than ``/`` (else ``ValueError``: give an
    output folder). ``.``, ``..`` and other relative names are taken from the folder they
    resolve to.

    >>> default_out(Path("/srv/class")), default_out(Path("/srv/class/.."))
    (PosixPath('/srv/class-grades'), PosixPath('/srv-grades'))
    >>> default_out(Path("/"))
    Traceback (most recent call last):
    ...
    ValueError: the root folder has no folder beside it for the grades: give --out
    """
    whole = submissions.resolve()
    if not whole.name:
        raise ValueError("the root folder has no folder beside it for the grades: give --out")
    return whole.with_name(whole.name + "-grades")


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
    max_bytes: int = MAX_BATCH_BYTES,
    regrade: bool = False,
    plan: BatchPlan | None = None,
) -> list[StudentRow]:
    """Grade every student under ``submissions`` on ``ex``; write the reports and the CSV.

    REQUIRES: ``submissions`` a directory (else ``ValueError``); ``hw`` and ``tasks`` as
    ``grade`` accepts them. ``out`` defaults to ``<submissions>-grades`` beside it.
    ``jobs``: sandboxes per student at once (default 1: one executor worker is one core's
    work, so a class scales with the workers and a cluster's workers are not oversubscribed).
    ``max_bytes``: the most submission bytes in one group of tasks (``MAX_BATCH_BYTES``).
    ENSURES: one row per student, by name; students whose ``<name>.json`` from an earlier run
    recorded the same key (``submission_key``: the same files, homework and tasks) are not
    graded again unless ``regrade``; ``grades.csv`` holds every row. ``plan``: the split
    ``plan_batch`` made (made here if not given). ``on_done`` sees each new row. The
    tasks carry the submissions' bytes, never a path: every file is read and written here,
    so ``ex``'s workers may be other machines.
    """
    from sml150.parallel import map_retrying

    if not submissions.is_dir():
        raise ValueError(f"submissions directory not found: {submissions}")
    out = out if out is not None else default_out(submissions)
    out.mkdir(parents=True, exist_ok=True)
    task_list = None if tasks is None else tuple(tasks)
    if plan is None:
        plan = plan_batch(hw, submissions, out, tasks=task_list, regrade=regrade)
    done, todo = plan.done, plan.todo

    def one(work: StudentWork) -> Graded:  # on a worker, maybe another machine: no paths
        return _grade_one(hw, work, tasks=task_list, sandbox=sandbox, jobs=jobs)

    def lost(work: StudentWork, e: BaseException) -> Graded:
        return Graded(StudentRow(work.student, {}, 0.0,
                                 f"lost: its worker died ({type(e).__name__})"), None, False)

    def finished(graded: Graded) -> None:  # here, as each task ends
        _write(out, graded)
        if on_done is not None:
            on_done(graded.row)

    rows = [g.row for group in _groups((_read(hw, task_list, p) for p in todo), max_bytes)
            for g in map_retrying(ex, one, group, on_lost=lost,
                                  on_done=lambda _i, g: finished(g))]
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
                  connect_timeout: float = 30.0, regrade: bool = False) -> int:
    """``sml150 grade HW SUBMISSIONS --batch``: grade the class, print a summary; exit status.

    ENSURES: 0 when every student was graded, 1 when some were lost or hit a grader error
    (the CSV says who), 2 for bad arguments (one line on stderr), 3 when bubblewrap (the
    program ``bwrap``) does not work here and ``no_sandbox`` was not given (a class is never
    graded unsandboxed by accident: every student's grade would be forgeable).
    A student whose files are unchanged since their last grade is not graded again unless
    ``regrade``.
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
        target = out if out is not None else default_out(submissions)
    except ValueError as e:
        print(f"sml150 grade: {e}", file=sys.stderr)
        return 2
    problem = None if no_sandbox else sandbox_problem(bwrap)
    if problem is not None:
        print(f"sml150 grade: refusing to grade a class without a sandbox ({problem}); install "
              "bubblewrap, or pass --no-sandbox to accept forgeable grades", file=sys.stderr)
        return 3
    target.mkdir(parents=True, exist_ok=True)
    plan = plan_batch(hw, submissions, target, tasks=tasks, regrade=regrade)
    total = len(plan.todo)
    with progress(total, "students") as advance, \
            executor(executor_spec, connect_timeout=connect_timeout) as ex:
        rows = grade_batch(hw, submissions, ex=ex, out=target, tasks=tasks,
                           sandbox=not no_sandbox, plan=plan,
                           on_done=lambda _r: advance())
    bad = [r for r in rows if r.status != "graded"]
    kept = len(rows) - total
    print(f"{hw}: {len(rows)} students ({total} graded now, {kept} unchanged since their "
          f"last grade{'' if regrade else ': --regrade grades them again'}), {len(bad)} with "
          f"problems; wrote {target / CSV_NAME}")
    for r in bad:
        print(f"  {r.student}: {r.status}")
    return 1 if bad else 0
