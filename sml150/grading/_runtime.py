"""What a sandboxed worker's interpreter needs, and the bubblewrap command line that runs it.

Found once per process (``runtime``: the base interpreter, its standard library with
``site-packages`` hidden, the shared libraries ``ldd`` names) and checked once per process by
starting the interpreter in a sandbox (``sandbox_problem``). See ``_sandbox`` for the design.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final, final

import attrs

from sml150.grading._limits import SandboxLimits, SandboxUnavailable

__all__ = [
    "SANDBOX_UID",
    "Runtime",
    "bwrap_argv",
    "libraries_in",
    "runtime",
    "sandbox_problem",
    "stdlib_dir",
    "stdlib_dirs",
]


@final
@attrs.frozen
class Runtime:
    """The files a worker's interpreter needs, as the grader found them."""

    executable: str
    """The interpreter binary (the base interpreter, not a virtual environment's link)."""
    stdlib: str
    """The standard library directory (read-only in the sandbox)."""
    hidden: tuple[str, ...]
    """Directories under ``stdlib`` hidden behind an empty read-only tmpfs (site-packages)."""
    files: tuple[str, ...]
    """Shared libraries of the binary and of the standard library's extension modules."""
    setpriv: str = ""
    """``setpriv`` (util-linux), when the grader runs as root: the sandbox then drops to the
    unprivileged host uid ``SANDBOX_UID`` before the interpreter starts (``""``: it is not
    root, or there is no ``setpriv``, and bubblewrap's user namespace maps the uid)."""


SANDBOX_UID: Final = 65534
"""The uid (and gid) a worker runs as: ``nobody``, inside the sandbox and, when the grader is
root, on the host too."""


def _base_executable() -> str:
    exe = getattr(sys, "_base_executable", "") or sys.executable
    return str(Path(exe).resolve())


def stdlib_dir() -> Path:
    """The standard library directory of this interpreter (where ``os.py`` is).

    >>> (stdlib_dir() / "os.py").is_file()
    True
    """
    return Path(os.__file__).resolve().parent


def stdlib_dirs() -> list[str]:
    """Where this interpreter's standard library lives (a worker may read it)."""
    std = stdlib_dir()
    dirs = {str(std)}
    if (std / "lib-dynload").is_dir():
        dirs.add(str(std / "lib-dynload"))
    return sorted(dirs)


@functools.cache
def runtime() -> Runtime:
    """The interpreter's files (cached): binary, standard library, shared libraries.

    Shared libraries are found with ``ldd`` on the binary and every extension module of the
    standard library. ENSURES: every path named exists; ``SandboxUnavailable`` if ``ldd`` is
    missing or fails.

    >>> rt = runtime()
    >>> Path(rt.executable).is_file() and all(Path(f).exists() for f in rt.files)
    True
    """
    exe = _base_executable()
    std = stdlib_dir()
    hidden = tuple(str(std / d) for d in ("site-packages", "dist-packages") if (std / d).is_dir())
    setpriv = (shutil.which("setpriv") or "") if os.geteuid() == 0 else ""
    objects = [exe, *(str(p) for p in sorted((std / "lib-dynload").glob("*.so")))]
    if setpriv:
        setpriv = str(Path(setpriv).resolve())
        objects.append(setpriv)
    ldd = shutil.which("ldd")
    if ldd is None:
        raise SandboxUnavailable("ldd not found (needed to find the interpreter's libraries)")
    try:
        done = subprocess.run([ldd, *objects], capture_output=True, text=True, timeout=60,
                              check=False, errors="replace")
    except (OSError, subprocess.SubprocessError) as e:
        raise SandboxUnavailable(f"ldd failed: {e}") from None
    files = libraries_in(done.stdout)
    if not files:
        raise SandboxUnavailable("ldd found no shared libraries for the interpreter")
    return Runtime(exe, str(std), hidden, tuple(sorted(files)), setpriv)


def libraries_in(ldd_output: str) -> set[str]:
    r"""The shared libraries ``ldd`` printed that exist here, each as named and as resolved.

    >>> sorted(libraries_in("linux-vdso.so.1 (0x1)\n\tlibc.so.6 => /nonexistent/libc.so.6 (0x2)"))
    []
    >>> "/bin/sh" in libraries_in("\t/bin/sh (0x3)")
    True
    """
    files: set[str] = set()
    for line in ldd_output.splitlines():
        words = line.split()
        if "=>" in words:
            words = words[words.index("=>") + 1:]
        if words and words[0].startswith("/") and Path(words[0]).exists():
            files |= {words[0], str(Path(words[0]).resolve())}
    return files


@functools.cache
def _probe(bwrap: str) -> str | None:
    try:
        rt = runtime()
    except SandboxUnavailable as e:
        return str(e)
    argv = [*bwrap_argv(bwrap, rt, [], SandboxLimits()), rt.executable, "-I", "-S", "-c", "pass"]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        return f"{bwrap} did not run: {e}"
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip().splitlines()
        return f"{bwrap} does not work here: {err[-1] if err else done.returncode}"
    return None


def sandbox_problem(bwrap: str = "bwrap") -> str | None:
    """Why workers cannot run under bubblewrap here, or ``None`` if they can.

    Checked once per program and process by starting the interpreter in a sandbox.

    >>> sandbox_problem("/nonexistent/bwrap")
    'bubblewrap (/nonexistent/bwrap) not found'
    """
    found = shutil.which(bwrap)
    if found is None:
        return f"bubblewrap ({bwrap}) not found"
    return _probe(found)


def bwrap_argv(bwrap: str, rt: Runtime, binds: list[tuple[str, str]],
                limits: SandboxLimits) -> list[str]:
    """The ``bwrap`` command line that runs a worker with ``binds`` (host, inside) read-only.

    As root (``rt.setpriv``), bubblewrap makes no user namespace (whose only uid would be the
    host's 0) and keeps only ``CAP_SETUID``/``CAP_SETGID``, which ``setpriv`` uses to become the
    host's unprivileged ``SANDBOX_UID`` with no capabilities at all before the interpreter
    starts: per-user limits then bind, and no file the host's root owns is the worker's.
    """
    uid = str(SANDBOX_UID)
    if rt.setpriv:
        who = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
               "--unshare-cgroup-try", "--cap-drop", "ALL", "--cap-add", "CAP_SETUID",
               "--cap-add", "CAP_SETGID"]
    else:
        who = ["--unshare-all", "--uid", uid, "--gid", uid, "--cap-drop", "ALL"]
    argv = [bwrap, *who, "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "LC_ALL", "C.UTF-8", "--setenv", "HOME", "/tmp",
            "--setenv", "PATH", "/nonexistent", "--hostname", "sandbox"]
    if rt.setpriv:  # bwrap as root makes parent directories 0700: unprivileged, none passable
        targets = [*rt.files, rt.executable, rt.stdlib, rt.setpriv, *(q for _, q in binds)]
        parents = sorted({str(a) for f in targets for a in Path(f).parents if str(a) != "/"},
                         key=lambda a: (a.count("/"), a))
        for d in parents:
            argv += ["--perms", "0755", "--dir", d]
        # after the directories: a bind first would make its parents (/usr, /usr/bin) 0700,
        # and then no file under them (SML/NJ's install, for crosscheck) could be read
        argv += ["--ro-bind", rt.setpriv, rt.setpriv]
    for f in rt.files:
        argv += ["--ro-bind", f, f]
    argv += ["--ro-bind", rt.executable, rt.executable, "--ro-bind", rt.stdlib, rt.stdlib]
    for h in rt.hidden:
        argv += ["--size", "4096", "--tmpfs", h, "--remount-ro", h]
    for host, inside in binds:
        argv += ["--ro-bind", host, inside]
    # The root and /dev are tmpfs that bwrap fills with mount points and device nodes: made
    # read-only, the size-limited /tmp is the only writable place. /proc is read-only too: a
    # grader run as root leaves the worker the host's uid 0 (without capabilities), for which
    # the kernel's sysctl files under /proc/sys would otherwise be writable.
    argv += ["--size", str(limits.tmpfs), "--perms", "1777", "--tmpfs", "/tmp", "--dev", "/dev",
             "--proc", "/proc", "--remount-ro", "/proc", "--remount-ro", "/dev",
             "--remount-ro", "/", "--chdir", "/tmp", "--"]
    if rt.setpriv:
        argv += [rt.setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                 "--inh-caps=-all", "--bounding-set=-all", "--"]
    return argv
