"""The grader's parts that other tools build on: its cases and checks, its sandbox, its encoder.

``sml150.crosscheck`` runs the grader's own cases on an SML solution and on its Python port and
compares both with what the grader expects; ``sml150.port`` fills the starter's layout. They use
the grader's pieces through this module (the grader's modules themselves are private to it), so
that what they rely on is named in one place and stays stable when the grader's insides move.

>>> from sml150.grading.toolkit import homework
>>> [t.id for t in homework("hw11")[1]][:2]
['2.1', '3.1']
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from sml150.grading._cgroup import WorkerCgroup
from sml150.grading._checks import CHECKS, estimating_lines, exc_meaning, show
from sml150.grading._engine import expected_replies
from sml150.grading._handout import homework
from sml150.grading._model import Case, Reply, TaskSpec, clean_text
from sml150.grading._runtime import SANDBOX_UID, Runtime, bwrap_argv, libraries_in, runtime
from sml150.grading._sandbox import (
    INSIDE,
    Bundle,
    SandboxLimits,
    WorkerDied,
    WorkerSession,
    sandbox_problem,
)
from sml150.grading._sandbox import _user_tasks as user_tasks
from sml150.grading._seccomp import launcher_program
from sml150.grading._starter import reference_source, starter_source
from sml150.grading._worker import encode

__all__ = [
    "CHECKS",
    "INSIDE",
    "SANDBOX_UID",
    "WORKER_SCRIPT",
    "Bundle",
    "Case",
    "Reply",
    "Runtime",
    "SandboxLimits",
    "TaskSpec",
    "WorkerCgroup",
    "WorkerDied",
    "WorkerSession",
    "bwrap_argv",
    "clean_text",
    "encode",
    "estimating_lines",
    "exc_meaning",
    "expected_replies",
    "homework",
    "launcher_program",
    "libraries_in",
    "reference_source",
    "runtime",
    "sandbox_problem",
    "show",
    "starter_source",
    "user_tasks",
]

WORKER_SCRIPT: Final = Path(__file__).resolve().with_name("_worker.py")
"""The worker's file (standard library only): crosscheck copies it beside an SML/NJ run and
starts SML/NJ through it (``--launch``), behind the worker's own limits and filter."""
