"""Starts SML/NJ behind the grader's walls: run inside the sandbox as ``python -I -S -B``.

The grading worker installs its seccomp filter itself, before any submission code runs;
SML/NJ cannot, so this launcher does it for it: it sets the worker's resource limits, opens
SML/NJ's runtime as descriptor ``exec_fd``, installs the launcher filter
(``sml150.grading._seccomp.launcher_program``: the worker's refusals for both x86 ABIs, and no
program started but through ``exec_fd``) and replaces itself with SML/NJ (``fexecve``). SML/NJ
then runs under the filter and the limits, which it cannot remove: a ``fork``, ``system`` or
``execute`` of the SML raises ``SysErr`` (EPERM).

Standard library only (this file is copied alone into the sandbox); its one argument is a
JSON object: ``memory``, ``cpu``, ``fsize``, ``nproc``, ``files`` (rlimits), ``exec_fd``,
``seccomp`` (the filter, hex), ``program``, ``argv``, ``env``.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import sys


def _limits(config: dict[str, int]) -> None:
    """The worker's resource limits (they hold for SML/NJ, which cannot raise them)."""
    for which, value in ((resource.RLIMIT_AS, config["memory"]),
                         (resource.RLIMIT_FSIZE, config["fsize"]),
                         (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NOFILE, config["files"]),
                         (resource.RLIMIT_NPROC, config["nproc"])):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (config["cpu"], config["cpu"] + 1))


def _seccomp(program: bytes) -> str:
    """Install the filter; ``""`` or why not (as ``_worker._install_seccomp``)."""
    import ctypes

    class Program(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    code = ctypes.create_string_buffer(program, len(program))
    prog = Program(len(program) // 8, ctypes.addressof(code))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = (ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong,
                           ctypes.c_ulong)
    if libc.prctl(38, 1, None, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return f"PR_SET_NO_NEW_PRIVS failed (errno {ctypes.get_errno()})"
    if libc.prctl(22, 2, ctypes.addressof(prog), 0, 0) != 0:  # PR_SET_SECCOMP, FILTER
        return f"PR_SET_SECCOMP failed (errno {ctypes.get_errno()})"
    return ""


def main() -> int:
    """SandboxLimits, the filter, then SML/NJ in this process's place (never returns if it can)."""
    config = json.loads(sys.argv[1])
    fd = os.open(config["program"], os.O_RDONLY | os.O_CLOEXEC)
    if fd != config["exec_fd"]:
        os.dup2(fd, config["exec_fd"], inheritable=False)
        os.close(fd)
    _limits(config)
    if config["seccomp"]:
        why = _seccomp(bytes.fromhex(config["seccomp"]))
        if why:
            sys.stderr.write(f"sml150 launcher: {why}\n")
            return 97
    os.execve(config["exec_fd"], config["argv"], config["env"])
    return 98  # pragma: no cover - execve does not return


if __name__ == "__main__":
    sys.exit(main())
