"""A control group per worker: caps on tasks and memory that hold whatever uid runs the sandbox.

A grader run as root leaves the sandbox the host's uid 0, so ``RLIMIT_NPROC`` binds nothing
(a thread bomb of one student starved a classmate graded beside it), and ``RLIMIT_AS`` does not
count pages outside the address space (``memfd_create`` + ``write``, a full tmpfs). A cgroup
counts both: ``pids.max`` caps processes and threads, the memory controller charges anonymous
memory, page cache, tmpfs and shared memory alike. Each sandbox gets its own group (v1: one
per controller, ``pids`` and ``memory``; v2: one group), made under the grader's own group so
a container's limits still apply above it; the grader writes nothing else. Where the machine
has no writable cgroups the worker still has its rlimits and the seccomp filter (which refuses
``memfd_create`` and SysV shared memory), and ``problem()`` says why.

**CPU is shared by design**: where the ``cpu`` controller is there (v1: ``cpu.shares``; v2:
``cpu.weight``, when the grader's group delegates it), each sandbox's group also gets the same
CPU weight (``CPU_WEIGHT``). The scheduler then shares the CPU between sandboxes, not between
their threads: a sandbox running 20,000 busy threads gets what a sandbox running one gets,
whatever the kernel's defaults (autogroup scheduling shared per session, and only where it is
on). ``cpu_problem()`` says why a machine gives no weight (the caps above still hold).

Written by hand: no maintained Python library manages cgroup v1 and v2 groups for a
subprocess without a daemon (systemd's transient units need D-Bus and systemd as init).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time
from pathlib import Path
from typing import Final, final

__all__ = ["CPU_WEIGHT", "ROOT", "WorkerCgroup", "cpu_problem", "problem", "remove_stale"]

ROOT: Final = Path("/sys/fs/cgroup")
"""Where the cgroup file systems are mounted."""
_PREFIX: Final = "sml150-"
_OPTIONAL: Final = frozenset({"memory.swappiness", "memory.swap.max"})
"""Settings a kernel may lack (swap accounting); the caps themselves are required."""
CPU_WEIGHT: Final = 100
"""Every sandbox's CPU weight (cgroup v2 ``cpu.weight``, its default; v1 ``cpu.shares`` is
``CPU_WEIGHT * 1024 // 100``, its default 1024): equal for all, so each gets an equal share."""
_counter = itertools.count()


def _own_groups(root: Path = ROOT) -> dict[str, Path]:
    """The group directory of this process per controller, those that exist and are writable.

    ``{"pids": ..., "memory": ...}`` (v1) or ``{"": ...}`` (v2).
    """
    found: dict[str, Path] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text(encoding="utf-8").splitlines()
    except OSError:
        return found
    for line in lines:
        _, controllers, path = line.split(":", 2)
        rel = path.lstrip("/")
        if controllers == "" and (root / "cgroup.controllers").exists():  # the v2 hierarchy
            found[""] = root / rel
        for c in ("pids", "memory", "cpu"):
            if c in controllers.split(",") and (root / c).is_dir():
                found[c] = root / c / rel
    return {k: v for k, v in found.items() if os.access(v, os.W_OK)}


def _v2_delegates(group: Path, controller: str) -> bool:
    """The v2 group ``group`` gives ``controller`` to the groups below it."""
    try:
        return controller in (group / "cgroup.subtree_control").read_text().split()
    except OSError:
        return False


def cpu_problem(root: Path = ROOT) -> str:
    """Why sandboxes get no CPU weight of their own here (``""``: they do).

    >>> isinstance(cpu_problem(), str)
    True
    """
    if problem(root):
        return problem(root)
    groups = _own_groups(root)
    if "" in groups:
        return "" if _v2_delegates(groups[""], "cpu") else \
            "cgroup v2 without the cpu controller delegated to this group"
    return "" if "cpu" in groups else "no writable cpu cgroup (v1)"


def problem(root: Path = ROOT) -> str:
    """Why per-worker cgroups cannot be made here (``""``: they can).

    >>> isinstance(problem(), str)
    True
    """
    groups = _own_groups(root)
    if {"pids", "memory"} <= set(groups):
        return ""
    if "" in groups:
        if all(_v2_delegates(groups[""], c) for c in ("pids", "memory")):
            return ""
        return "cgroup v2 without the pids and memory controllers delegated to this group"
    return "no writable pids and memory cgroups (run the grader as root, or delegate them)"


def remove_stale(root: Path = ROOT) -> int:
    """Remove the empty groups that killed grader runs left behind; how many were removed.

    A group is named after the grader's pid: one whose grader is gone is stale.
    """
    removed = 0
    for parent in _own_groups(root).values():
        with contextlib.suppress(OSError):
            for d in parent.iterdir():
                if not (d.is_dir() and d.name.startswith(_PREFIX)):
                    continue
                pid = d.name.removeprefix(_PREFIX).split("-", 1)[0]
                if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                    _kill_all(d)
                    with contextlib.suppress(OSError):
                        d.rmdir()
                        removed += 1
    return removed


def _kill_all(group: Path) -> None:
    with contextlib.suppress(OSError):
        for pid in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
                os.kill(int(pid), signal.SIGKILL)


@final
class WorkerCgroup:
    """One sandbox's groups: at most ``tasks`` tasks and ``memory`` bytes, then removed.

    With the CPU weight ``CPU_WEIGHT`` where the ``cpu`` controller is there. Private to one
    worker session; ``close`` kills whatever is left in it and removes it.

    >>> g = WorkerCgroup.create(tasks=8, memory=64 * 1024**2)
    >>> g is None or g.wrap(["true"])[:2] == ["/bin/sh", "-c"]
    True
    >>> if g is not None: g.close()
    """

    def __init__(self, dirs: list[Path]) -> None:
        self.dirs = dirs
        """The group directories (one per v1 controller, or one v2 group)."""

    @staticmethod
    def create(*, tasks: int, memory: int, root: Path = ROOT) -> WorkerCgroup | None:
        """New groups with these caps, or ``None`` where the machine has none to give."""
        if problem(root):
            return None
        groups = _own_groups(root)
        name = f"{_PREFIX}{os.getpid()}-{next(_counter)}"
        settings: dict[str, dict[str, int]] = (
            {"pids": {"pids.max": tasks},
             "memory": {"memory.limit_in_bytes": memory, "memory.swappiness": 0}}
            if "" not in groups else
            {"": {"pids.max": tasks, "memory.max": memory, "memory.swap.max": 0}})
        if not cpu_problem(root):  # the same weight for every sandbox
            if "" in groups:
                settings[""]["cpu.weight"] = CPU_WEIGHT
            else:
                settings["cpu"] = {"cpu.shares": CPU_WEIGHT * 1024 // 100}
        made: list[Path] = []
        try:
            for controller, files in settings.items():
                d = groups[controller] / name
                d.mkdir()
                made.append(d)
                for f, value in files.items():
                    if f in _OPTIONAL:  # no swap accounting on this kernel: no matter
                        with contextlib.suppress(OSError):
                            (d / f).write_text(f"{value}\n")
                    else:
                        (d / f).write_text(f"{value}\n")
        except OSError:
            WorkerCgroup(made).close()
            return None
        return WorkerCgroup(made)

    def wrap(self, argv: list[str]) -> list[str]:
        """``argv`` started inside the groups: a shell joins them, then ``exec``s it.

        (Joining before ``exec`` means no process of the sandbox ever runs outside them.)
        """
        script = ('n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 97; shift; '
                  'n=$((n-1)); done; exec "$@"')
        procs = [str(d / "cgroup.procs") for d in self.dirs]
        return ["/bin/sh", "-c", script, "sh", str(len(procs)), *procs, *argv]

    def close(self) -> None:
        """Kill every task left in the groups and remove them (idempotent)."""
        for d in self.dirs:
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                _kill_all(d)
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:  # tasks still dying
                    time.sleep(0.02)
        self.dirs = []
