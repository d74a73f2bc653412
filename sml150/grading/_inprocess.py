"""Grading in a forked child of this process, without the sandbox: fast, for trusted code.

The grader's own tests and benchmarks grade the reference's mutants and the project's fixtures
this way (thousands of runs); a student's submission is always graded under the sandbox
(``_engine``).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["grade_in_process"]


def _job(case: Any, exp: Any, reply: Callable[[Any], Any], checks: Any) -> Any:
    """One case's verdict in the grading child (a driver, or the check of its calls)."""
    if case.driver is not None:
        return case.driver(reply)
    return checks[case.check](exp, [reply(x) for x in case.exprs], case.arg)


def _serve_grading(  # noqa: PLR0915 -- one loop: cases, a watchdog, the reply
        hw: str, directory: str, task_ids: tuple[str, ...] | None, *, stop_early: bool,
        conn: Any, case_timeout: float) -> None:
    """In a forked child: grade the modules of ``directory`` case by case, send the result."""
    import importlib
    import queue
    import resource
    import sys
    import threading

    from sml150.grading._checks import CHECKS
    from sml150.grading._engine import expected_replies
    from sml150.grading._groups import discriminating_groups, fold_groups
    from sml150.grading._handout import homework
    from sml150.grading._model import Reply, TestOutcome
    from sml150.grading._worker import Env, run_call

    resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))
    sys.path.insert(0, directory)
    env = Env(importlib.import_module)

    def reply(expr: Any) -> Reply:
        return Reply.from_raw(run_call(expr, env))

    jobs: queue.Queue[Any] = queue.Queue()
    results: queue.Queue[Any] = queue.Queue()

    def loop() -> None:
        while True:
            job = jobs.get()
            try:
                results.put(("ok", job()))
            except BaseException as e:  # the grader's own failure: the test fails
                results.put(("err", f"{type(e).__name__}: {e}"))

    sys.setrecursionlimit(60_000)
    threading.stack_size(256 * 1024 * 1024)
    threading.Thread(target=loop, daemon=True).start()
    scores: dict[str, list[int]] = {}
    failures: list[str] = []
    for task in homework(hw)[1]:
        if task_ids is not None and task.id not in task_ids:
            continue
        cases = task.cases()
        expected = expected_replies(hw, task, cases)
        groups = discriminating_groups(hw, task.id, cases, expected)
        score = scores.setdefault(task.id, [0, 0])
        outcomes: list[TestOutcome] = []
        graded: list[int] = []  # the cases run here (the others have workers of their own)
        for k, (case, exp) in enumerate(zip(cases, expected, strict=True)):
            if case.paths is not None:
                continue  # a case with a worker of its own (the student's tests): not here
            graded.append(k)
            job = functools.partial(_job, case, exp, reply, CHECKS)
            jobs.put(job)
            try:
                kind, verdict = results.get(timeout=max(case.timeout or 0.0, case_timeout))
            except queue.Empty:
                failures.append(f"{task.id} {case.name}: timed out")
                score[1] += 1
                conn.send({"scores": scores, "failures": failures, "timeout": True})
                os._exit(0)
            passed = kind == "ok" and verdict.passed
            outcomes.append(TestOutcome(case.name, passed, "", case.hidden,
                                        detail=verdict.detail if kind == "ok" else ()))
            if passed:
                continue
            failures.append(f"{task.id} {case.name}: "
                            f"{verdict.reason if kind == 'ok' else verdict}")
            if stop_early:
                score[:] = [sum(o.passed for o in outcomes), len(outcomes)]
                conn.send({"scores": scores, "failures": failures, "timeout": False})
                os._exit(0)
        # Nothing for nothing, then the task's own rule (a gate), as in a real run.
        outcomes = fold_groups([groups[k] for k in graded], outcomes)
        if task.combine is not None:
            outcomes = task.combine(outcomes)
        score[:] = [sum(o.passed for o in outcomes), len(outcomes)]
    conn.send({"scores": scores, "failures": failures, "timeout": False})
    os._exit(0)


def grade_in_process(hw: str, directory: Path, *, tasks: tuple[str, ...] | None = None,
                     stop_early: bool = False, case_timeout: float = 10.0,
                     budget: float = 120.0) -> dict[str, Any]:
    """Grade the submission ``directory`` without the sandbox, in a forked child.

    The reference answers are computed in this process once and inherited.

    For trusted code only (mutants of the reference, fixtures). Returns ``{"scores": {task:
    [passed, run]}, "failures": [...], "timeout": bool}``; with ``stop_early`` the run ends at
    the first failed test. A child that dies or outlives ``budget`` seconds counts as a failure.
    """
    import multiprocessing
    import time

    from sml150.grading._engine import expected_replies
    from sml150.grading._groups import discriminating_groups
    from sml150.grading._handout import homework

    for task in homework(hw)[1]:  # computed before the fork, so every child inherits them
        if tasks is None or task.id in tasks:
            cases = task.cases()
            discriminating_groups(hw, task.id, cases, expected_replies(hw, task, cases))
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_serve_grading,
                       args=(hw, str(directory), tasks),
                       kwargs={"stop_early": stop_early, "conn": child,
                               "case_timeout": case_timeout})
    proc.start()
    child.close()
    started = time.monotonic()
    result: dict[str, Any] = {"scores": {}, "failures": ["the grading child died"],
                              "timeout": False}
    while time.monotonic() - started < budget:
        if parent.poll(0.05):
            with contextlib.suppress(EOFError):
                result = parent.recv()
            break
        if not proc.is_alive() and not parent.poll(0.05):
            break
    else:
        result = {"scores": {}, "failures": ["over the time budget"], "timeout": True}
    if proc.is_alive():
        proc.kill()
    proc.join()
    return result

