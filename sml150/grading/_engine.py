"""The grading run: reference answers in this process, submission answers from workers.

For each task the cases are built from fixed seeds, the reference answers computed here (once
per process, cached), then the submission's answers fetched from a fresh worker per task
(restarted after a crash, within the task's time budget), and compared here. The run copies the
submission once (regular files only, bounded by the bytes read); every task's sandboxes bind
that copy read-only, and each task has a private directory for its cases' extra files. Tasks
run two at a time (the machines have two cores). Whatever a submission does, the run ends with
a ``GradeReport``: its failures are failed tests; a failure of the grader or the machine (a
worker that cannot start, no space left, a check that crashed) is a grader error
(``GradeReport.ok`` false, exit status 1), never points lost; nothing raises.
"""

from __future__ import annotations

import builtins
import concurrent.futures
import contextlib
import hashlib
import json
import random
import shutil
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Final, final

import attrs

from sml150.grading._checks import CHECKS
from sml150.grading._groups import discriminating_groups, fold_groups
from sml150.grading._model import (
    Case,
    GradeReport,
    Reply,
    TaskReport,
    TaskSpec,
    TestOutcome,
    Verdict,
)
from sml150.grading._reference import reference_env
from sml150.grading._sandbox import (
    Bundle,
    GraderFault,
    RpcEnds,
    SandboxLimits,
    SandboxUnavailable,
    WorkerDied,
    WorkerSession,
    copy_submission,
    printable_path,
)
from sml150.grading._worker import run_big, run_call

__all__ = ["expected_replies", "grade_tasks", "reference_env"]

Json = Any

_lock = threading.Lock()
_expected: dict[tuple[str, str, str], list[list[Reply]]] = {}


def expected_replies(hw: str, task: TaskSpec, cases: list[Case]) -> list[list[Reply]]:
    """The reference's replies to every case's expressions (cached per process).

    REQUIRES: called from one thread at a time for stdout capture (held by a lock).
    """
    # By the cases themselves: the hidden ones depend on the secret they were drawn with.
    exprs = json.dumps([c.exprs for c in cases], sort_keys=True, default=repr)
    key = (hw, task.id, hashlib.sha256(exprs.encode()).hexdigest())
    with _lock:
        if key not in _expected:
            env = reference_env(hw)

            def compute() -> list[list[Reply]]:
                return [[Reply.from_raw(run_call(e, env)) for e in c.exprs] for c in cases]

            replies = run_big(compute)
            for c, rs in zip(cases, replies, strict=True):
                for r in rs:
                    if not r.ok and r.exc in ("EvalError", "EncodeError"):
                        raise RuntimeError(f"grader bug in case {c.name!r}: {r.exc}: {r.msg}")
            _expected[key] = replies
        return _expected[key]


def _short(text: str, width: int = 300) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _blind(reply: Reply) -> Reply:
    """A reply from a worker that could read reference code, stripped of all free text.

    Such a worker (Task 4.2 runs the student's tests against the reference) may only say
    whether it returned, its value, and the name of a built-in exception.
    """
    exc = reply.exc if reply.exc in _BUILTIN_EXCEPTIONS else ("" if reply.ok else "Exception")
    return Reply(reply.ok, reply.value if reply.ok else None, exc=exc)


_BUILTIN_EXCEPTIONS: Final = frozenset(
    n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException))


@final
@attrs.frozen
class _Run:
    """What every task of one run shares."""

    bundle: Bundle
    """The run's scratch directory and the workers' library."""
    copy: Path
    """The run's one copy of the submission (``copy_submission``), shared by its tasks; the
    sandboxes bind it read-only."""
    copy_fault: str
    """Why the copy failed for a reason of the machine (``GraderFault``), or ``""``."""
    limits: SandboxLimits
    """The run's limits."""
    sandbox: bool
    """Workers run under bubblewrap."""


def _run_task(  # noqa: PLR0915 -- one loop: each case's way through the task's worker
        task: TaskSpec, cases: list[Case], expected: list[list[Reply]], run: _Run,
        groups: tuple[int, ...] = (),
              ) -> tuple[TaskReport, list[str]]:
    """One task in a worker of its own (restarted after a crash) and a private directory.

    Everything, start-ups and restarts included, must end by the task's deadline
    (``SandboxLimits.group_budget`` times ``TaskSpec.budgets`` from now): calls never wait past it,
    and cases left when it has passed are not run. Returns the report and the grader's own
    faults (a worker that could not start, no space to copy, a check that failed): the run
    then ends as a grader error, never as the student's lost points.
    """
    limits = run.limits
    started = time.monotonic()
    budget = limits.group_budget * task.budgets
    deadline = started + budget
    home = run.bundle.task_dir()
    copy = run.copy  # one copy for every task of the run, read-only in each sandbox
    gave_up: str | None = None
    faults: list[str] = []
    if run.copy_fault:  # the machine's failure: no test of this task is the student's
        gave_up = f"not run: grader error ({run.copy_fault})"
        faults.append(run.copy_fault)
    outcomes: list[TestOutcome] = []
    alone: dict[int, TestOutcome] = {}  # the cases with workers of their own, by index
    restarts = 0
    session: WorkerSession | None = None
    try:
        for k, (case, exp) in enumerate(zip(cases, expected, strict=True)):
            if gave_up is None and time.monotonic() >= deadline:
                gave_up = (f"not run: the task's time budget ({budget:g} s)"
                           " is used up")
            if gave_up is None and case.paths is not None:
                if not alone:  # all of them, the gate too, in an order no submission knows
                    order = [i for i, c in enumerate(cases) if c.paths is not None]
                    random.SystemRandom().shuffle(order)
                    for i in order:
                        skip = ("not run: the task's first test failed"
                                if task.first_gates and k in alone and not alone[k].passed
                                else f"not run: the task's time budget ({budget:g} s) is used up"
                                if time.monotonic() >= deadline else "")
                        if skip:
                            alone[i] = TestOutcome(cases[i].name, False, skip,
                                                   cases[i].hidden, kind=cases[i].kind,
                                                   quote=cases[i].quote)
                            continue
                        # One folder for every run (made afresh for each): no path, name or
                        # number in it tells a run, or the case it serves, from another.
                        alone[i] = _run_alone(cases[i], expected[i], run, copy,
                                              scratch=home / "alone", deadline=deadline,
                                              faults=faults)
                outcomes.append(alone[k])
                continue
            if gave_up is None and session is None:
                try:
                    session = WorkerSession(run.bundle, [copy], limits, sandbox=run.sandbox,
                                            deadline=deadline)
                except (WorkerDied, OSError) as e:  # no submission code has run in it yet
                    gave_up = f"not run: grader error (the worker could not start: {e})"
                    faults.append(f"the worker could not start ({e})")
            if gave_up is not None or session is None:
                outcomes.append(TestOutcome(case.name, False, gave_up or "not run", case.hidden,
                                            kind=case.kind, quote=case.quote))
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
            except Exception as e:  # a check or a driver failed: the grader's bug
                verdict = Verdict(False, "grader error: the grader could not check this test "
                                         f"({type(e).__name__})")
                faults.append(f"{case.name!r} could not be checked ({type(e).__name__}: {e})")
            outcomes.append(TestOutcome(case.name, verdict.passed, _short(verdict.reason),
                                        case.hidden, _short(output, 2000), kind=case.kind,
                                        quote=case.quote, detail=verdict.detail))
    finally:
        if session is not None:
            session.close()
    outcomes = fold_groups(groups, outcomes)  # nothing for nothing (``_groups``)
    if task.combine is not None:
        outcomes = task.combine(outcomes)
    return TaskReport(task.id, task.title, task.points, tuple(outcomes)), faults


def _run_alone(case: Case, expected: list[Reply], run: _Run, submission: Path, *,
               scratch: Path, deadline: float, faults: list[str]) -> TestOutcome:
    """A case that needs its own worker, with extra directories first on its path.

    Those directories may hold reference code (Task 4.2 runs the student's tests against it),
    so the worker's replies are stripped of all text (``_blind``) before they are checked, and
    its output is not kept. ``_run_task`` runs all such cases of a task in a random order
    (drawn from the operating system for each run) and in the same folder ``scratch``, made
    afresh for each: the paths, names and file times a worker sees are those of every run.
    A failure of the grader here (files it could not write, a check that crashed) is added
    to ``faults``, as in ``_run_task``. A case with a ``companion`` gets a second worker,
    started first, serving a module to the first over a pair of pipes (``_rpc``): its
    directories are never in the case's worker's view.
    """
    assert case.paths is not None
    shutil.rmtree(scratch, ignore_errors=True)  # the previous run's (the same path, anew)
    scratch.mkdir()
    try:
        dirs = case.paths(scratch / "worker")
        with contextlib.ExitStack() as stack:
            client: RpcEnds | None = None
            server: concurrent.futures.Future[WorkerSession] | None = None
            if case.companion is not None:  # the served module's worker, started alongside
                served = case.companion(scratch / "companion")
                server_ends, client = RpcEnds.pair()
                pool = stack.enter_context(concurrent.futures.ThreadPoolExecutor(1))
                server = pool.submit(lambda: WorkerSession(
                    run.bundle, served, run.limits, sandbox=run.sandbox, deadline=deadline,
                    rpc=server_ends))
            # The served worker is closed after the case's: it ends by itself once its client's
            # pipe closes, where closed first it would wait out close()'s grace (0.5 s a run).
            served_stack = stack.enter_context(contextlib.ExitStack())
            try:
                session = stack.enter_context(WorkerSession(
                    run.bundle, [*dirs, submission], run.limits, sandbox=run.sandbox,
                    deadline=deadline, rpc=client))
            finally:
                if server is not None:
                    try:
                        served_stack.enter_context(server.result())
                    except (WorkerDied, OSError) as e:  # no submission code runs there
                        raise GraderFault(f"the served module's worker could not start ({e})"
                                          ) from e
            got = [_blind(session.call(e, case.timeout)) for e in case.exprs]
        verdict = CHECKS[case.check](expected, got, case.arg)
    except WorkerDied as e:
        verdict = Verdict(False, str(e))
    except SandboxUnavailable:
        raise
    except GraderFault as e:
        if time.monotonic() >= deadline:  # a start cut short by the task's deadline: the budget
            verdict = Verdict(False, "not run: the task's time budget is used up")
        else:
            verdict = Verdict(False, f"grader error: {e}")
            faults.append(f"{case.name!r}: {e}")
    except Exception as e:  # a check, the case's files or a worker start failed: the grader's
        verdict = Verdict(False, "grader error: the grader could not check this test "
                                 f"({type(e).__name__})")
        faults.append(f"{case.name!r} could not be checked ({type(e).__name__}: {e})")
    return TestOutcome(case.name, verdict.passed, _short(verdict.reason), case.hidden,
                       kind=case.kind, quote=case.quote, detail=verdict.detail)


def grade_tasks(hw: str, tasks: list[TaskSpec], submission: Path, limits: SandboxLimits,
                jobs: int = 2, *, sandbox: bool = True) -> GradeReport:
    """Grade ``submission`` on ``tasks``; always returns a report (see the module docstring).

    ``sandbox``: run the workers under bubblewrap (``SandboxUnavailable`` problems become
    notes and an incomplete report). ENSURES: ``GradeReport.ok`` is false exactly when the
    grader itself failed somewhere (a task it could not prepare or run); the scratch
    directory of the run is gone when this returns.
    """
    started = time.monotonic()
    notes: list[str] = []
    ok = True
    prepared: list[tuple[TaskSpec, list[Case], list[list[Reply]], tuple[int, ...]]] = []
    for task in tasks:
        try:
            cases = task.cases()
            expected = expected_replies(hw, task, cases)
            groups = discriminating_groups(hw, task.id, cases, expected)
            prepared.append((task, cases, expected, groups))
        except Exception as e:
            ok = False
            notes.append(f"Task {task.id}: could not prepare the tests: {type(e).__name__}: {e}")
            prepared.append((task, [], [], ()))
    reports: dict[str, TaskReport] = {}
    try:
        is_dir = submission.is_dir()
    except OSError as e:
        is_dir = False
        notes.append(f"the submission cannot be read: {e.strerror or type(e).__name__}")
    if not is_dir:
        notes.append(f"{printable_path(submission)} is not a directory")
    try:
        with Bundle(shared=sandbox) as bundle, \
                concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            copy, copy_fault = bundle.root / "submission", ""
            try:
                copy_notes = copy_submission(submission, copy) if is_dir else []
            except GraderFault as e:
                copy_notes, copy_fault = [], str(e)
            copy.mkdir(exist_ok=True)
            run = _Run(bundle, copy, copy_fault, limits, sandbox)
            futures = {pool.submit(_run_task, task, cases, exp, run, groups): task
                       for task, cases, exp, groups in prepared}
            for fut in concurrent.futures.as_completed(futures):
                task = futures[fut]
                try:
                    reports[task.id], faults = fut.result()
                    for fault in faults:
                        ok = False
                        notes.append(f"Task {task.id}: grader error: {fault}")
                except Exception as e:
                    ok = False
                    notes.append(f"Task {task.id}: grader error {type(e).__name__}: {e}")
                    tb = traceback.format_exc(limit=3)
                    notes.append(_short(tb, 600))
            notes.extend(copy_notes)
    except Exception as e:
        ok = False
        notes.append(f"grading failed: {type(e).__name__}: {e}")
    ordered = tuple(
        reports.get(t.id, TaskReport(t.id, t.title, t.points,
                                     tuple(TestOutcome(c.name, False, "not run", c.hidden,
                                                       kind=c.kind) for c in cases)))
        for t, cases, _, _ in prepared
    )
    seconds = round(time.monotonic() - started, 2)
    return GradeReport(hw, printable_path(submission), ordered, seconds, tuple(notes), ok=ok)
