"""The grading run: reference answers in this process, submission answers from workers.

For each task the cases are built from fixed seeds, the reference answers computed here (once
per process, cached), then the submission's answers fetched from a fresh worker per task
(restarted after a crash, within the task's time budget), and compared here. Tasks run two at
a time (the machines have two cores). Whatever a submission does, the run ends with a
``GradeReport``: a failure anywhere becomes failed tests and a note, never an exception.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from sml150.grading._checks import CHECKS
from sml150.grading._model import (
    Case,
    GradeReport,
    Reply,
    TaskReport,
    TaskSpec,
    TestOutcome,
    Verdict,
)
from sml150.grading._sandbox import Bundle, Limits, WorkerDied, WorkerSession, copy_submission
from sml150.grading._worker import Env, run_big, run_call

__all__ = ["expected_replies", "grade_tasks", "reference_env"]

Json = Any

_lock = threading.Lock()
_expected: dict[tuple[str, str], list[list[Reply]]] = {}


def reference_env(hw: str) -> Env:
    """Module resolution for expressions evaluated on the reference solutions of ``hw``."""
    return Env(lambda name: importlib.import_module(f"sml150.handouts.{hw}.{name}"))


def _to_reply(raw: dict[str, Json]) -> Reply:
    if raw["ok"]:
        return Reply(True, raw["v"], out=raw["out"])
    return Reply(False, exc=raw["exc"], msg=raw["msg"], out=raw["out"])


def expected_replies(hw: str, task: TaskSpec, cases: list[Case]) -> list[list[Reply]]:
    """The reference's replies to every case's expressions (cached per process).

    REQUIRES: called from one thread at a time for stdout capture (held by a lock).
    """
    key = (hw, task.id)
    with _lock:
        if key not in _expected:
            env = reference_env(hw)

            def compute() -> list[list[Reply]]:
                return [[_to_reply(run_call(e, env)) for e in c.exprs] for c in cases]

            replies = run_big(compute)
            for c, rs in zip(cases, replies, strict=True):
                for r in rs:
                    if not r.ok and r.exc in ("EvalError", "EncodeError"):
                        raise RuntimeError(f"grader bug in case {c.name!r}: {r.exc}: {r.msg}")
            _expected[key] = replies
        return _expected[key]


def _short(text: str, width: int = 300) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _run_task(task: TaskSpec, cases: list[Case], expected: list[list[Reply]], bundle: Bundle,
              submission: Path, *, limits: Limits) -> TaskReport:
    paths = [submission]
    outcomes: list[TestOutcome] = []
    started = time.monotonic()
    restarts = 0
    session: WorkerSession | None = None
    gave_up: str | None = None
    try:
        for case, exp in zip(cases, expected, strict=True):
            if gave_up is None and time.monotonic() - started > limits.group_budget:
                gave_up = (f"not run: the task's time budget ({limits.group_budget:.0f} s)"
                           " is used up")
            if gave_up is None and case.paths is not None:
                outcomes.append(_run_alone(case, exp, bundle, submission, limits))
                continue
            if gave_up is None and session is None:
                try:
                    session = WorkerSession(bundle, paths, limits)
                except (WorkerDied, OSError) as e:
                    gave_up = f"not run: the worker could not start ({e})"
            if gave_up is not None or session is None:
                outcomes.append(TestOutcome(case.name, False, gave_up or "not run", case.hidden))
                continue
            output = ""
            try:
                if case.driver is not None:
                    s = session

                    def call(expr: Json, s: WorkerSession = s, t: float | None = case.timeout,
                             ) -> Reply:
                        return s.call(expr, t)

                    verdict = case.driver(call)
                else:
                    got = [session.call(e, case.timeout) for e in case.exprs]
                    output = "".join(g.out for g in got)
                    verdict = CHECKS[case.check](exp, got, case.arg)
            except WorkerDied as e:
                verdict = Verdict(False, f"{e}")
                session.close()
                session = None
                restarts += 1
                if restarts > limits.restarts:
                    gave_up = "not run: the worker died too often"
            except Exception as e:
                verdict = Verdict(False, "the grader could not check this test "
                                         f"({type(e).__name__})")
            outcomes.append(TestOutcome(case.name, verdict.passed, _short(verdict.reason),
                                        case.hidden, _short(output, 2000)))
    finally:
        if session is not None:
            session.close()
    if task.combine is not None:
        outcomes = task.combine(outcomes)
    return TaskReport(task.id, task.title, task.points, tuple(outcomes))


def _run_alone(case: Case, expected: list[Reply], bundle: Bundle, submission: Path,
               limits: Limits) -> TestOutcome:
    """A case that needs its own worker, with extra directories first on its path."""
    assert case.paths is not None
    scratch = bundle.root / f"case-{abs(hash(case.name))}"
    scratch.mkdir(exist_ok=True)
    try:
        dirs = case.paths(scratch)
        with WorkerSession(bundle, [*dirs, submission], limits) as session:
            got = [session.call(e, case.timeout) for e in case.exprs]
        verdict = CHECKS[case.check](expected, got, case.arg)
    except WorkerDied as e:
        verdict = Verdict(False, str(e))
    except Exception as e:
        verdict = Verdict(False, f"the grader could not check this test ({type(e).__name__})")
    return TestOutcome(case.name, verdict.passed, _short(verdict.reason), case.hidden)


def grade_tasks(hw: str, tasks: list[TaskSpec], submission: Path, limits: Limits,
                jobs: int = 2) -> GradeReport:
    """Grade ``submission`` on ``tasks``; always returns a report (see the module docstring)."""
    started = time.monotonic()
    notes: list[str] = []
    prepared: list[tuple[TaskSpec, list[Case], list[list[Reply]]]] = []
    for task in tasks:
        try:
            cases = task.cases()
            prepared.append((task, cases, expected_replies(hw, task, cases)))
        except Exception as e:
            notes.append(f"Task {task.id}: could not prepare the tests: {type(e).__name__}: {e}")
            prepared.append((task, [], []))
    reports: dict[str, TaskReport] = {}
    if not submission.is_dir():
        notes.append(f"{submission} is not a directory")
    try:
        with Bundle() as bundle, concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            # Workers read a private copy of plain files only (see copy_submission).
            copy = bundle.root / "submission"
            if submission.is_dir():
                notes.extend(copy_submission(submission, copy))
            else:
                copy.mkdir()
            futures = {
                pool.submit(_run_task, task, cases, exp, bundle, copy, limits=limits): task
                for task, cases, exp in prepared
            }
            for fut in concurrent.futures.as_completed(futures):
                task = futures[fut]
                try:
                    reports[task.id] = fut.result()
                except Exception as e:
                    notes.append(f"Task {task.id}: grader error {type(e).__name__}: {e}")
                    tb = traceback.format_exc(limit=3)
                    notes.append(_short(tb, 600))
    except Exception as e:
        notes.append(f"grading failed: {type(e).__name__}: {e}")
    ordered = tuple(
        reports.get(t.id, TaskReport(t.id, t.title, t.points,
                                     tuple(TestOutcome(c.name, False, "not run", c.hidden)
                                           for c in cases)))
        for t, cases, _ in prepared
    )
    return GradeReport(hw, str(submission), ordered, round(time.monotonic() - started, 2),
                       tuple(notes))
