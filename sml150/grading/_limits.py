"""What bounds a grading worker, and the ways a worker or the grader fails.

Below every other part of the sandbox (``_runtime``, ``_submission``, ``_bundle``,
``_sandbox``): each of them raises or reads these.
"""

from __future__ import annotations

import errno
from typing import Final, final

import attrs

__all__ = ["MACHINE_ERRNOS", "GraderFault", "SandboxLimits", "SandboxUnavailable", "WorkerDied"]


@final
@attrs.frozen
class SandboxLimits:
    """Resource limits for the workers of one grading run.

    A correct submission needs about two seconds for a whole homework; these limits bound a
    hostile one: a task costs at most ``group_budget`` seconds of wall-clock time (times its
    ``TaskSpec.budgets``: Task 4.2 starts two workers per Riskless under test), whatever its
    code does (the sandbox is killed when the budget is used up, even in the middle of a call).

    >>> SandboxLimits().call_timeout, SandboxLimits().group_budget
    (10.0, 30.0)
    """

    call_timeout: float = 10.0
    """Wall-clock seconds one call may take before its worker is killed."""
    group_budget: float = 30.0
    """Wall-clock seconds one test group (a task) may use in all, start-ups and restarts
    included; enforced during calls."""
    memory: int = 2 * 1024**3
    """Address-space limit of a worker (bytes)."""
    cpu: int = 60
    """CPU-seconds limit of a worker process."""
    restarts: int = 4
    """How many times a group's worker is restarted after it dies."""
    startup_timeout: float = 20.0
    """Seconds a worker may take to start (imports of the submission are per call)."""
    output: int = 16 * 1024 * 1024
    """Largest file a worker may write (bytes): its log, files in its ``/tmp``."""
    tmpfs: int = 64 * 1024 * 1024
    """Size of a sandboxed worker's private ``/tmp`` (bytes)."""
    tasks: int = 64
    """Most processes and threads in one sandbox (its cgroup's ``pids.max``, where the machine
    has cgroups: the cap holds when the grader runs as root)."""
    bwrap: str = "bwrap"
    """The bubblewrap program (a name looked up on ``PATH``, or a path). A missing one means
    no sandbox (see ``grade``'s ``sandbox``)."""
    audit_hook: bool = True
    """Install the worker's audit hook (defence in depth; tests turn it off to show that the
    sandbox alone holds)."""


class WorkerDied(RuntimeError):
    """The worker ended, hung, or answered garbage; the message says which."""


class GraderFault(RuntimeError):
    """The grader or its machine failed (no space left, a worker that cannot start).

    Not the submission: the run ends as a grader error, never as points lost.
    """


MACHINE_ERRNOS: Final = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.ENOMEM,
                                   errno.EMFILE, errno.ENFILE, errno.EROFS})
"""``OSError`` numbers that say the machine failed, whatever the submission holds."""


class SandboxUnavailable(RuntimeError):
    """Bubblewrap is missing or does not work here; the message says why."""
