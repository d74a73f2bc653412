"""Running SML/NJ behind the grader's walls, watching its output as it comes.

The walls are the grading worker's (``sml150/grading/README.md``), through
``sml150.grading.toolkit``:

- **bubblewrap** (``bwrap_argv``): new namespaces, no network, a read-only file system made of
  the Python runtime (for the launcher), SML/NJ's install and libraries, the project's SML
  library and this run's files, a private size-limited ``/tmp``; as root, the host's
  unprivileged uid 65534 (``setpriv``), as the worker.
- **seccomp and rlimits** (the worker's own ``launch``, ``WORKER_SCRIPT --launch``): the
  launcher sets the worker's limits (address space, CPU, output file size, open files,
  processes) and installs the launcher filter (``launcher_program``: the worker's refusals
  for i386 and x86-64, and no program started but SML/NJ itself), then becomes SML/NJ; its
  ``fork``, ``system`` and ``execute`` fail.
- **a cgroup of its own** (``WorkerCgroup``), where the machine has them: at most
  ``SandboxLimits.tasks`` tasks and its memory plus its ``/tmp``.
- **time and output**: the caller's ``watch`` reads the output as it grows and may stop the run
  (a case past its time, a case printing too much); the wall clock bounds the whole run; the
  output file is capped by ``RLIMIT_FSIZE`` (SML/NJ dies at ``SandboxLimits.output`` bytes).

Without bubblewrap the launcher runs directly (its filter and limits still hold) and the run
says so.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, final

import attrs

from sml150.grading.toolkit import (
    INSIDE,
    SANDBOX_UID,
    WORKER_SCRIPT,
    SandboxLimits,
    WorkerCgroup,
    bwrap_argv,
    launcher_program,
    libraries_in,
    runtime,
    sandbox_problem,
    user_tasks,
)

__all__ = ["SML_LIBRARY", "SmlInstall", "SmlRun", "find_sml", "run_sml"]

SML_LIBRARY: Final = Path(__file__).resolve().parent.parent / "sml"
"""The project's SML course libraries and the crosscheck printers (``sml150/sml``)."""

EXEC_FD: Final = 200
"""The descriptor the launcher opens SML/NJ's runtime as (the one program it may start)."""

LAUNCHER: Final = "_sml150_worker.py"
"""The launcher's name in the run's folder (a copy of the grading worker: ``--launch``)."""


@final
@attrs.frozen
class SmlInstall:
    """Where SML/NJ's runtime, heap image and library live."""

    home: Path
    """``SMLNJ_HOME`` (``/usr/lib/smlnj``)."""
    runner: Path
    """The runtime binary (``bin/.run/run.*``)."""
    heap: Path
    """The interactive system's heap image (``bin/.heap/sml.*``)."""


@functools.cache
def find_sml() -> SmlInstall | str:
    """SML/NJ's install, or why it cannot be used (one line).

    >>> isinstance(find_sml(), SmlInstall | str)
    True
    """
    if shutil.which("sml") is None:
        return "SML/NJ is not installed (Debian/Ubuntu: apt-get install smlnj)"
    home = Path(os.environ.get("SMLNJ_HOME", "/usr/lib/smlnj"))
    runners = sorted(p for p in (home / "bin" / ".run").glob("run.*")
                     if p.suffix not in (".a", ".so"))
    heaps = sorted((home / "bin" / ".heap").glob("sml.*"))
    if not runners or not heaps:
        return f"SML/NJ's runtime or heap image is not under {home}/bin"
    return SmlInstall(home.resolve(), runners[0].resolve(), heaps[0].resolve())


@functools.cache
def _sml_libraries(runner: Path) -> tuple[str, ...]:
    """The shared libraries of SML/NJ's runtime (``ldd``), as named and as resolved."""
    done = subprocess.run(["ldd", str(runner)], capture_output=True, text=True, timeout=60,
                          check=False, errors="replace")
    return tuple(sorted(libraries_in(done.stdout)))


@final
@attrs.frozen
class SmlRun:
    """How one SML/NJ run went (its output went to the caller's ``watch``)."""

    sandboxed: bool
    """It ran under bubblewrap."""
    walls: str
    """What held it, in words (for the report)."""
    problem: str = ""
    """Why it ended early (``watch``'s reason, the wall clock, a signal), or ``""``."""
    size: int = 0
    """How many bytes it printed."""


def _walls(sandboxed: bool, seccomp: bool, cgroup: bool) -> str:
    parts = ["bubblewrap" if sandboxed else "no bubblewrap (not installed or not usable)",
             "seccomp" if seccomp else "no seccomp filter (not x86-64)",
             "rlimits", "a cgroup" if cgroup else "no cgroup (none writable here)"]
    return ", ".join(parts)


def run_sml(  # noqa: PLR0915 -- one run: its command line, its walls, watching it, its end
        work: Path, driver: str, watch: Callable[[bytes], str], *, budget: float = 120.0,
            limits: SandboxLimits | None = None, sandbox: bool = True) -> SmlRun:
    """Run SML/NJ on ``work/driver`` behind the walls; ``watch`` sees its output as it grows.

    ``watch`` is called with each new chunk of output (``b""`` now and then when there is
    none); a non-empty answer is why the run must stop, and it is stopped (the whole sandbox).
    Inside the sandbox ``work`` is ``/sandbox/work`` and the project's SML library
    ``/sandbox/sml`` (without one: their own paths).
    REQUIRES: ``find_sml()`` found SML/NJ. ENSURES: never raises for what the SML does.
    """
    sml = find_sml()
    assert isinstance(sml, SmlInstall)
    limits = limits or SandboxLimits()
    sandboxed = sandbox and sandbox_problem(limits.bwrap) is None
    program = launcher_program(EXEC_FD)
    shutil.copyfile(WORKER_SCRIPT, work / LAUNCHER)
    here = f"{INSIDE}/work" if sandboxed else str(work)
    cgroup = WorkerCgroup.create(tasks=limits.tasks, memory=limits.memory + limits.tmpfs) \
        if sandboxed else None
    as_nobody = sandboxed and bool(runtime().setpriv)
    # the worker's process cap: a cgroup's where the sandboxes share the host's uid 65534 (a
    # per-uid cap would let one starve the others), else this uid's tasks and 256 more
    nproc = ((1 << 20 if cgroup is not None else user_tasks(SANDBOX_UID) + 256) if as_nobody
             else user_tasks() + 256)
    config = {
        "memory": limits.memory, "cpu": limits.cpu, "fsize": limits.output, "files": 64,
        "nproc": nproc, "exec_fd": EXEC_FD,
        "seccomp": program.hex() if program is not None else "",
        "program": str(sml.runner),
        "argv": [str(sml.runner), f"@SMLload={sml.heap}", f"{here}/{driver}"],
        "env": {"CM_PATHCONFIG": str(sml.home / "lib" / "pathconfig"), "LC_ALL": "C.UTF-8",
                "HOME": "/tmp"},
    }
    if sandboxed:
        rt = runtime()
        binds = [(str(sml.home), str(sml.home)), (str(work), f"{INSIDE}/work"),
                 (str(SML_LIBRARY), f"{INSIDE}/sml"),
                 *((f, f) for f in _sml_libraries(sml.runner) if f not in rt.files)]
        if rt.setpriv:  # the host's uid 65534 reads the work files
            os.chmod(work, 0o755)
            for p in work.iterdir():
                os.chmod(p, 0o644)
        argv = bwrap_argv(shutil.which(limits.bwrap) or limits.bwrap, rt, binds, limits)
        command = [*argv, rt.executable, "-I", "-S", "-B", f"{INSIDE}/work/{LAUNCHER}",
                   "--launch", json.dumps(config)]
    else:
        command = [sys.executable, "-I", "-S", "-B", str(work / LAUNCHER),
                   "--launch", json.dumps(config)]
    if cgroup is not None:
        command = cgroup.wrap(command)
    problem = ""
    size = 0
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True, cwd=work,
                                env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"})
        reader = os.open(f"/proc/self/fd/{out.fileno()}", os.O_RDONLY)
        deadline = time.monotonic() + budget
        try:
            while True:
                done = proc.poll() is not None
                chunk = os.read(reader, 1 << 20)
                while chunk:
                    size += len(chunk)
                    problem = problem or watch(chunk)
                    chunk = b"" if problem else os.read(reader, 1 << 20)
                if problem or done:
                    break
                problem = watch(b"")
                if problem:
                    break
                if time.monotonic() > deadline:
                    problem = f"SML/NJ ran past its budget ({budget:g} s) and was stopped"
                    break
                time.sleep(0.02)
        finally:
            os.close(reader)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            if cgroup is not None:
                cgroup.close()
    code = proc.returncode
    if not problem and code not in (0, None):
        sig = -code if code < 0 else (code - 128 if code > 128 else 0)
        problem = (f"SML/NJ printed more than {limits.output} bytes and was stopped"
                   if sig == signal.SIGXFSZ or size >= limits.output else
                   f"SML/NJ was killed by signal {sig}" if sig else
                   f"SML/NJ exited with status {code}")
    return SmlRun(sandboxed, _walls(sandboxed, program is not None, cgroup is not None),
                  problem, size)
