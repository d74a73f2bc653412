"""Running SML/NJ inside the grader's sandbox, and reading the cases' markers from its output.

SML/NJ (``smlnj``, 110.79) runs its runtime binary on its heap image directly (no shell
script), under the same ``bwrap`` command line the grader's workers get (``toolkit.bwrap_argv``:
no network, new namespaces, a read-only file system, a private ``/tmp``), with the SML/NJ
install in place of the Python runtime, the project's SML library and this run's files bound
read-only. Limits: address space, CPU and output size as rlimits, and a wall-clock budget
enforced by killing the sandbox's process group. Without bubblewrap it runs directly (with the
same limits), and the report says so.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Final, final

import attrs

from sml150.grading.toolkit import (
    INSIDE,
    Limits,
    Runtime,
    bwrap_argv,
    libraries_in,
    sandbox_problem,
)

__all__ = ["CaseOutput", "SmlInstall", "SmlRun", "find_sml", "run_sml", "split_output"]

SML_LIBRARY: Final = Path(__file__).resolve().parent.parent / "sml"
"""The project's SML course library and the crosscheck printers (``sml150/sml``)."""


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
    runners = sorted((home / "bin" / ".run").glob("run.*"))
    heaps = sorted((home / "bin" / ".heap").glob("sml.*"))
    if not runners or not heaps:
        return f"SML/NJ's runtime or heap image is not under {home}/bin"
    return SmlInstall(home.resolve(), runners[0].resolve(), heaps[0].resolve())


def _sml_runtime(sml: SmlInstall) -> Runtime:
    """The files the sandbox binds for SML/NJ: its binary, its libraries, its install.

    Always in a user namespace (uid 65534 inside), never ``setpriv``: a root grader's
    ``setpriv`` drop to the host's uid 65534 left SML/NJ's install unreadable inside the
    sandbox (``EACCES`` on every file of the ``/usr/lib/smlnj`` bind; cause not found), so as
    root the SML runs as root's user namespace, without capabilities, on read-only binds.
    """
    done = subprocess.run(["ldd", str(sml.runner)], capture_output=True, text=True, timeout=60,
                          check=False, errors="replace")
    files = libraries_in(done.stdout)
    return Runtime(str(sml.runner), str(sml.home), (), tuple(sorted(files)), "")


@final
@attrs.frozen
class SmlRun:
    """What one SML/NJ run printed, and how it ended."""

    output: str
    """Its standard output and error, together."""
    sandboxed: bool
    """It ran under bubblewrap."""
    problem: str = ""
    """Why it ended early (killed at the wall-clock budget, a signal), or ``""``."""


def _limit(limits: Limits) -> None:  # pragma: no cover - runs in the child before exec
    for which, value in ((resource.RLIMIT_AS, limits.memory), (resource.RLIMIT_CPU, limits.cpu),
                         (resource.RLIMIT_FSIZE, limits.output), (resource.RLIMIT_CORE, 0)):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))


def run_sml(work: Path, driver: str, *, budget: float = 120.0, sandbox: bool = True,
            limits: Limits | None = None) -> SmlRun:
    """Run SML/NJ on ``work/driver`` (``work`` bound read-only, as its working directory).

    REQUIRES: ``find_sml()`` found SML/NJ; with ``sandbox``, bubblewrap works here
    (``sandbox_problem``). Inside the sandbox ``work`` is ``/sandbox/work`` and the project's
    SML library ``/sandbox/sml`` (outside: ``work`` and ``SML_LIBRARY``).
    ENSURES: never raises for what the SML does; ``SmlRun.problem`` says why a run was cut.
    """
    sml = find_sml()
    assert isinstance(sml, SmlInstall)
    limits = limits or Limits()
    sandboxed = sandbox and sandbox_problem(limits.bwrap) is None
    env = {"CM_PATHCONFIG": str(sml.home / "lib" / "pathconfig"), "LC_ALL": "C.UTF-8"}
    if sandboxed:
        rt = _sml_runtime(sml)
        binds = [(str(work), f"{INSIDE}/work"), (str(SML_LIBRARY), f"{INSIDE}/sml")]
        argv = bwrap_argv(shutil.which(limits.bwrap) or limits.bwrap, rt, binds, limits)
        setenv = [w for k, v in env.items() for w in ("--setenv", k, v)]
        end = argv.index("--")  # after bwrap's --clearenv
        argv = [*argv[:end], *setenv, *argv[end:]]
        command = [*argv, rt.executable, f"@SMLload={sml.heap}", f"{INSIDE}/work/{driver}"]
    else:
        command = [str(sml.runner), f"@SMLload={sml.heap}", str(work / driver)]
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                cwd=work, env=env, preexec_fn=lambda: _limit(limits))  # noqa: PLW1509 -- rlimits only
        problem = ""
        try:
            proc.wait(timeout=budget)
        except subprocess.TimeoutExpired:
            problem = f"SML/NJ ran past its budget ({budget:g} s) and was killed"
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if not problem and proc.returncode < 0:
            problem = f"SML/NJ was killed by signal {-proc.returncode}"
        out.seek(0)
        text = out.read(limits.output).decode("utf-8", "replace")
    return SmlRun(text, sandboxed, problem)


_MARK: Final = re.compile("\x01([CBVEL])([^\x02]*)\x02")


@final
@attrs.frozen
class CaseOutput:
    """One case's run on the SML side, read from the markers."""

    began: bool
    """Its file compiled and it started."""
    out: str
    """What it printed (or, if it did not start, what SML/NJ said: the compile errors)."""
    value: str | None = None
    """The canonical text of its result, if it returned."""
    exc: str | None = None
    """The name of the exception it raised, if it raised."""


def split_output(text: str) -> dict[str, CaseOutput]:
    r"""The cases' outputs in an SML/NJ transcript, by case key (``\x01C key\x02``).

    >>> cases = split_output("x\x01Ck1\x02[opening]\x01B\x02hi\n\x01V3\x02\n\x01Ck2\x02err\n")
    >>> cases["k1"]
    CaseOutput(began=True, out='hi\n', value='3', exc=None)
    >>> cases["k2"]
    CaseOutput(began=False, out='err\n', value=None, exc=None)
    """
    found: dict[str, CaseOutput] = {}
    key: str | None = None
    began, pos = False, 0
    for m in _MARK.finditer(text + "\x01C\x02"):
        tag, payload = m.group(1), m.group(2)
        chunk = text[pos:m.start()]
        pos = m.end()
        if key is not None and key not in found:
            if tag in "VE" and began:
                found[key] = CaseOutput(True, chunk, payload if tag == "V" else None,
                                        payload if tag == "E" else None)
            elif tag == "B":
                began = True
                continue
            elif tag == "C":
                found[key] = CaseOutput(began, chunk)
        if tag == "C":
            key, began = payload or None, False
    return found
