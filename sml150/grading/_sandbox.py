"""Running submission code in sandboxed worker processes, and reading their answers as data.

A fresh worker process serves one test group (one task's tests). A pool of long-lived workers
would be cheaper, but it would let one group's damage (a patched builtin, a consumed stdin, a
leaked thread, exhausted memory) leak into the next group's results; a new process per group
keeps each task's score about that task alone.

The worker is assumed fully compromised: a submission can run native code in it. So the grade
does not depend on anything inside the worker (see ``README.md`` beside this file). Each worker
runs ``python -I -S -B`` under **bubblewrap** (``bwrap``): new user, PID, IPC, UTS, network and
mount namespaces, dying with the grader, in a new session, with an empty environment. Its whole
file system is read-only binds of the interpreter (its binary, shared libraries and standard
library, with ``site-packages`` hidden), the bundle (a copy of ``sml150/__init__.py`` and
``sml150/lib``, copies of the few third-party packages the library needs, and the worker
script) and the directories of this worker only (its task's copy of the submission), plus a
private, size-limited ``/tmp``, a minimal ``/dev`` and the ``/proc`` of its own PID namespace.
Resource limits and a seccomp filter (``_seccomp``) are set by the worker script before any
submission code runs; the wall clock is enforced here, by killing the whole sandbox.

Without bubblewrap (``Limits.bwrap`` not found, or ``sandbox=False``) the same worker runs
directly, guarded by its rlimits, the seccomp filter and an audit hook only: good enough for a
student checking their own work, not tamper-proof.
"""

from __future__ import annotations

import compileall
import contextlib
import errno
import functools
import json
import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Final, final

import attrs

import sml150
from sml150.grading._cgroup import WorkerCgroup
from sml150.grading._cgroup import remove_stale as remove_stale_cgroups
from sml150.grading._model import Reply
from sml150.grading._seccomp import program as seccomp_program

__all__ = [
    "Bundle",
    "Limits",
    "LineReader",
    "Reply",
    "RpcEnds",
    "SandboxUnavailable",
    "WorkerDied",
    "WorkerSession",
    "copy_submission",
    "printable_path",
    "sandbox_problem",
]

Json = Any

MAX_REPLY: Final = 32 * 1024 * 1024
"""Largest reply (bytes) the grader reads from a worker before giving up on it."""

_THIRD_PARTY: Final = ("attr", "attrs", "returns", "toolz", "tlz", "typing_extensions")

INSIDE: Final = "/sandbox"
"""Where a sandboxed worker sees the bundle (``/sandbox/bundle``) and its directories."""


@final
@attrs.frozen
class Limits:
    """Resource limits for the workers of one grading run.

    A correct submission needs about two seconds for a whole homework; these limits bound a
    hostile one: a task costs at most ``group_budget`` seconds of wall-clock time (times its
    ``TaskSpec.budgets``: Task 4.2 starts two workers per Riskless under test), whatever its
    code does (the sandbox is killed when the budget is used up, even in the middle of a call).

    >>> Limits().call_timeout, Limits().group_budget
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


def _package_dir() -> Path:
    return Path(sml150.__file__).resolve().parent


# ---- what the interpreter needs ------------------------------------------------------------


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


def _stdlib_dirs() -> list[str]:
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
    files: set[str] = set()
    for line in done.stdout.splitlines():
        words = line.split()
        if "=>" in words:
            words = words[words.index("=>") + 1:]
        if words and words[0].startswith("/") and Path(words[0]).exists():
            files.add(words[0])
            files.add(str(Path(words[0]).resolve()))
    if not files:
        raise SandboxUnavailable("ldd found no shared libraries for the interpreter")
    return Runtime(exe, str(std), hidden, tuple(sorted(files)), setpriv)


@functools.cache
def _probe(bwrap: str) -> str | None:
    try:
        rt = runtime()
    except SandboxUnavailable as e:
        return str(e)
    argv = [*_bwrap_argv(bwrap, rt, [], Limits()), rt.executable, "-I", "-S", "-c", "pass"]
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


def _bwrap_argv(bwrap: str, rt: Runtime, binds: list[tuple[str, str]],
                limits: Limits) -> list[str]:
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
               "--cap-add", "CAP_SETGID", "--ro-bind", rt.setpriv, rt.setpriv]
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


def _third_party_paths() -> list[Path]:
    import attr
    import attrs as attrs_pkg
    import returns
    import toolz
    import typing_extensions

    paths = [Path(m.__file__ or "") for m in (attr, attrs_pkg, returns, toolz)]
    found = [p.parent for p in paths]
    found.append(Path(typing_extensions.__file__ or ""))
    tlz = found[-2].parent / "tlz"
    if tlz.is_dir():
        found.append(tlz)
    return found


SCRATCH_PREFIX: Final = "sml150-grade-"
"""A run's scratch directory is ``<tmp>/sml150-grade-<grader pid>-<random>``."""


def remove_stale_scratch(tmp: Path | None = None) -> int:
    """Remove the scratch directories of grader runs that were killed; how many.

    A directory whose grader pid is no longer running is stale (a run removes its own on
    every exit path it survives; ``SIGKILL`` leaves it behind).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     (Path(t) / f"{SCRATCH_PREFIX}999999999-x").mkdir()
    ...     (Path(t) / f"{SCRATCH_PREFIX}{os.getpid()}-y").mkdir()
    ...     remove_stale_scratch(Path(t)), sorted(p.name[-1] for p in Path(t).iterdir())
    (1, ['y'])
    """
    where = tmp if tmp is not None else Path(tempfile.gettempdir())
    removed = 0
    with contextlib.suppress(OSError):
        for d in where.iterdir():
            if not d.name.startswith(SCRATCH_PREFIX):
                continue
            pid = d.name.removeprefix(SCRATCH_PREFIX).split("-", 1)[0]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists() and not d.is_symlink():
                shutil.rmtree(d, ignore_errors=True)
                removed += 1
    return removed


@final
class Bundle:
    """A scratch directory for one grading run, holding what a worker may import.

    ``bundle/``: ``sml150/__init__.py``, ``sml150/lib`` and the third-party packages (all
    copied: a sandboxed worker cannot follow links out of its view), and the worker script
    (copied as ``_sml150_worker.py``, with ``_rpc`` as ``_sml150_rpc.py``). Tasks get their own
    directories beside it (``task_dir``).
    All the run's scratch files live under ``root``, which is deleted on exit; the scratch
    directories and cgroups of a grader that was killed (its pid in their names is gone) are
    removed when the next run starts (``remove_stale_scratch``).
    """

    def __init__(self) -> None:
        self._passable: set[Path] = set()
        remove_stale_scratch()
        remove_stale_cgroups()
        self._tmp = tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")
        self.root = Path(self._tmp.name)
        self.dir = self.root / "bundle"
        self.scratch = self.root / "cwd"
        self.scratch.mkdir()
        write_library(self.dir)
        for p in _third_party_paths():
            if p.is_dir():
                shutil.copytree(p, self.dir / p.name, symlinks=False,
                                ignore=shutil.ignore_patterns("*.pyi", "py.typed"))
            else:
                shutil.copy2(p, self.dir / p.name)
        shutil.copyfile(Path(__file__).with_name("_worker.py"), self.dir / "_sml150_worker.py")
        shutil.copyfile(Path(__file__).with_name("_rpc.py"), self.dir / "_sml150_rpc.py")
        # Workers never write bytecode (-B) but read it: compiled once here, each worker starts
        # in a fraction of the time.
        compileall.compile_dir(self.dir / "sml150", quiet=2)
        seccomp = seccomp_program()
        self.seccomp = seccomp.hex() if seccomp is not None else ""

    def __enter__(self) -> Bundle:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Delete every scratch file of the run."""
        self._tmp.cleanup()

    def passable(self, path: Path) -> None:
        """Make the tree ``path`` readable by ``SANDBOX_UID`` (dirs ``o+rx``, files ``o+r``).

        Needed when the grader is root (``Runtime.setpriv``): the worker is then that host
        uid, and reads only what others may. Only trees the worker is given are touched (the
        bundle, the submission's copy, a case's files), once each per run.
        """
        if path in self._passable:
            return
        self._passable.add(path)
        for top, dirs, files in os.walk(path, followlinks=False):
            with contextlib.suppress(OSError):
                os.chmod(top, os.stat(top).st_mode | 0o005)
            for name in files:
                with contextlib.suppress(OSError):
                    f = os.path.join(top, name)
                    if not os.path.islink(f):
                        os.chmod(f, os.stat(f).st_mode | 0o004)
            dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(top, d))]

    def task_dir(self) -> Path:
        """A new, empty directory for one task's files (its submission copy, its cases').

        Safe to call from several threads at once.
        """
        return Path(tempfile.mkdtemp(prefix="task-", dir=self.root))

    def blocked_roots(self) -> list[str]:
        """Directories a worker may not read: the real package, and its checkout's ``.git``."""
        pkg = _package_dir()
        roots = [str(pkg)]
        git = pkg.parent / ".git"
        if git.exists():
            roots.append(str(git))
        return roots


def _site_dirs() -> list[str]:
    """Every site-packages directory this interpreter knows (an unsandboxed worker's no-go).

    They can hold an installed copy of the reference solutions.
    """
    import site
    import sysconfig

    found = {*site.getsitepackages(), site.getusersitepackages()}
    found |= {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
    found |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    return sorted(str(Path(p).resolve()) for p in found if Path(p).is_dir())


MAX_SUBMISSION_FILES: Final = 2000
"""More files than this in a submission are not copied (and the report says so)."""
MAX_SUBMISSION_BYTES: Final = 20 * 1024 * 1024
"""Files larger than this are not copied."""
MAX_SUBMISSION_TOTAL: Final = 64 * 1024 * 1024
"""Files past this many bytes in all are not copied."""


def printable_path(path: Path | str) -> str:
    r"""A path as text that any report can print (undecodable bytes escaped), truncated.

    >>> printable_path(Path(b"las\xff.py".decode("utf-8", "surrogateescape")))
    'las\\xff.py'
    """
    text = os.fsencode(str(path)).decode("utf-8", "backslashreplace")
    return text if len(text) <= 200 else text[:197] + "..."


def _copy_bounded(path: Path, target: Path, limit: int) -> int:
    """Copy a regular file of at most ``limit`` bytes; ``ValueError`` if it is no such file.

    The bytes read count, not the size ``stat`` reports (``/proc``-like files say 0 and
    hold more), and the file is checked again once open (it may have been swapped).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if st.st_nlink > 1:
            raise ValueError("a hard link (submit plain files)")
        data = bytearray()
        while len(data) <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - len(data)))
            if not chunk:
                break
            data += chunk
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ValueError(f"more than {limit} bytes")
    target.write_bytes(data)
    return len(data)


def copy_submission(src: Path, dst: Path) -> list[str]:
    r"""Copy the regular files of ``src`` into ``dst``; return notes on what was left out.

    Workers read the copy, never ``src``: a symbolic link (e.g. one unpacked from a tarball,
    pointing at an installed reference solution) is skipped, not followed, as are hard links
    (a file of another place, whose content would come back in a report), special files,
    caches, oversized files (by the bytes actually read), anything past
    ``MAX_SUBMISSION_FILES`` files or ``MAX_SUBMISSION_TOTAL`` bytes, and any file that cannot
    be copied (a name too long, unreadable): each costs a note, never the run. A failure of
    the machine (no space left, an I/O error) raises ``GraderFault``: it is not the student's.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "src").mkdir()
    ...     _ = (Path(d) / "src" / "las.py").write_text("x = 1")
    ...     (Path(d) / "src" / "link.py").symlink_to("/etc/hostname")
    ...     os.link(Path(d) / "src" / "las.py", Path(d) / "src" / "hard.py")
    ...     notes = copy_submission(Path(d) / "src", Path(d) / "dst")
    ...     sorted(p.name for p in (Path(d) / "dst").iterdir()), len(notes)
    ...     print(*notes, sep="\n")
    ([], 3)
    skipped hard.py: a hard link (submit plain files)
    skipped las.py: a hard link (submit plain files)
    skipped link.py: a symbolic link (submit plain files)
    """
    notes: list[str] = []
    dst.mkdir(parents=True, exist_ok=True)
    copied = total = 0
    shown = printable_path

    def unreadable(e: OSError) -> None:
        notes.append(f"skipped {shown(e.filename or '?')}: {e.strerror or 'unreadable'}")

    for top, dirs, files in os.walk(src, followlinks=False, onerror=unreadable):
        rel = Path(top).relative_to(src)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for d in list(dirs):
            if (Path(top) / d).is_symlink():
                notes.append(f"skipped {shown(rel / d)}: a symbolic link (submit plain files)")
                dirs.remove(d)
        for name in sorted(files):
            path, where = Path(top) / name, rel / name
            try:
                st = path.lstat()
                if path.is_symlink():
                    notes.append(f"skipped {shown(where)}: a symbolic link (submit plain files)")
                elif not path.is_file():
                    notes.append(f"skipped {shown(where)}: not a regular file")
                elif st.st_size > MAX_SUBMISSION_BYTES:
                    notes.append(f"skipped {shown(where)}: larger than {MAX_SUBMISSION_BYTES}"
                                 " bytes")
                elif copied >= MAX_SUBMISSION_FILES:
                    notes.append(f"skipped {shown(where)}: more than {MAX_SUBMISSION_FILES}"
                                 " files")
                elif total + st.st_size > MAX_SUBMISSION_TOTAL:
                    notes.append(f"skipped {shown(where)}: more than {MAX_SUBMISSION_TOTAL}"
                                 " bytes in all")
                elif st.st_nlink > 1:
                    notes.append(f"skipped {shown(where)}: a hard link (submit plain files)")
                else:
                    (dst / rel).mkdir(parents=True, exist_ok=True)
                    limit = min(MAX_SUBMISSION_BYTES, MAX_SUBMISSION_TOTAL - total)
                    total += _copy_bounded(path, dst / where, limit)
                    copied += 1
            except ValueError as e:
                notes.append(f"skipped {shown(where)}: {e}")
            except OSError as e:
                if e.errno in MACHINE_ERRNOS:  # the machine's failure, not the student's
                    raise GraderFault(f"copying the submission: {e.strerror}") from e
                notes.append(f"skipped {shown(where)}: {e.strerror or type(e).__name__}")
    return notes


def write_library(target: Path) -> None:
    """Copy ``sml150/__init__.py`` and ``sml150/lib`` (sources only) into ``target/sml150``.

    Also used by ``write_handout``: students get the library part of the package, nothing else.
    """
    pkg = _package_dir()
    dest = target / "sml150"
    (dest / "lib").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(pkg / "__init__.py", dest / "__init__.py")
    if (pkg / "py.typed").exists():
        shutil.copyfile(pkg / "py.typed", dest / "py.typed")
    for f in sorted((pkg / "lib").glob("*.py")):
        shutil.copyfile(f, dest / "lib" / f.name)
    for f in sorted(pkg.glob("_*.py")):  # private top-level helpers the library may import
        if f.name != "__init__.py":
            shutil.copyfile(f, dest / f.name)


def _user_tasks(user: int | None = None) -> int:
    """How many tasks (threads) ``user`` (default: this one) runs now, from ``/proc``."""
    uid = str(os.getuid() if user is None else user)
    total = 0
    with contextlib.suppress(OSError):
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            with contextlib.suppress(OSError, ValueError, IndexError, KeyError):
                with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
                    fields = dict(line.split(":", 1) for line in f if ":" in line)
                if fields["Uid"].split()[0] == uid:
                    total += int(fields["Threads"])
    return total


@final
class LineReader:
    r"""Reads lines from a file descriptor, each at most ``limit`` bytes, by a deadline.

    Linear in the bytes read, however small the chunks: each chunk is searched for a newline
    once, and the partial line only grows (amortised) until one comes.

    >>> r, w = os.pipe()
    >>> _ = os.write(w, b"one\ntw"); _ = os.write(w, b"o\n")
    >>> reader = LineReader(r)
    >>> reader.read_line(time.monotonic() + 5), reader.read_line(time.monotonic() + 5)
    (b'one', b'two')
    >>> os.close(w); reader.read_line(time.monotonic() + 5)
    ''
    >>> os.close(r)
    """

    def __init__(self, fd: int, limit: int = MAX_REPLY) -> None:
        self.fd = fd
        self.limit = limit
        self._partial = bytearray()
        self._lines: list[bytes] = []

    def read_line(self, deadline: float) -> bytes | str:
        """The next line (without its newline), or why there is none.

        ``"timeout"`` at the deadline, ``""`` at the end of the stream, or a message if the
        line is longer than ``limit`` (the reader is then unusable).
        """
        # Inv: self._partial holds no newline; self._lines are complete lines, in order.
        while not self._lines:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 1 << 20)
            if not chunk:
                return ""
            *complete, rest = chunk.split(b"\n")
            if complete:
                self._lines = [bytes(self._partial) + complete[0], *complete[1:]]
                self._partial = bytearray(rest)
            else:
                self._partial += rest
            if len(self._partial) > self.limit or any(len(x) > self.limit for x in self._lines):
                return f"reply larger than {self.limit} bytes"
        return self._lines.pop(0)


@final
@attrs.frozen
class RpcEnds:
    """A worker's ends of the two pipes to another worker (``_rpc``: Task 4.2's Riskless).

    The session passes them to its worker and closes the grader's copies once it started.
    """

    read_fd: int
    """Where the worker reads answers (a client) or requests (the server)."""
    write_fd: int
    """Where it writes requests (a client) or answers (the server)."""
    serve: bool
    """This worker serves the module; else it is the client."""

    @staticmethod
    def pair() -> tuple[RpcEnds, RpcEnds]:
        """The server's ends and the client's ends of two new pipes.

        >>> server, client = RpcEnds.pair()
        >>> server.serve, client.serve
        (True, False)
        >>> for fd in (server.read_fd, server.write_fd, client.read_fd, client.write_fd):
        ...     os.close(fd)
        """
        requests_r, requests_w = os.pipe()
        answers_r, answers_w = os.pipe()
        return RpcEnds(requests_r, answers_w, True), RpcEnds(answers_r, requests_w, False)


_SIGNALS: Final[dict[int, str]] = {
    int(s): s.name for s in (signal.SIGKILL, signal.SIGXCPU, signal.SIGSEGV, signal.SIGABRT,
                             signal.SIGSYS, signal.SIGXFSZ, signal.SIGBUS)}


@final
class WorkerSession:
    """One worker process (under bubblewrap unless ``sandbox`` is false) serving one task.

    ``deadline`` (a ``time.monotonic()`` instant) bounds the whole session: no call waits past
    it; the sandbox is killed when it passes.

    >>> with Bundle() as b, WorkerSession(b, [], Limits()) as w:
    ...     w.call(["call", ["fn", "eq"], ["lit", 1], ["lit", 1]]).value
    True
    """

    def __init__(self, bundle: Bundle, paths: list[Path], limits: Limits, *,
                 sandbox: bool | None = None, deadline: float | None = None,
                 rpc: RpcEnds | None = None) -> None:
        # ``rpc``'s descriptors are this session's from now on: closed once the worker holds
        # them, and on every way out if it never does.
        self._rpc_open = rpc is not None
        try:
            self._start(bundle, paths, limits, sandbox=sandbox, deadline=deadline, rpc=rpc)
        except BaseException:
            if rpc is not None and self._rpc_open:
                for fd in (rpc.read_fd, rpc.write_fd):
                    with contextlib.suppress(OSError):
                        os.close(fd)
            raise

    def _start(  # noqa: PLR0915 -- one start-up: config, sandbox argv, cgroup, process
            self, bundle: Bundle, paths: list[Path], limits: Limits, *, sandbox: bool | None,
            deadline: float | None, rpc: RpcEnds | None) -> None:
        self.limits = limits
        extra_fds = () if rpc is None else (rpc.read_fd, rpc.write_fd)
        self.deadline = deadline
        if sandbox is None:
            sandbox = sandbox_problem(limits.bwrap) is None
        self.sandboxed = sandbox
        self.cgroup: WorkerCgroup | None = None
        # The worker's own stdout and stderr (and bwrap's); closed by close().
        self.log = tempfile.TemporaryFile(dir=bundle.root)  # noqa: SIM115 -- session-long
        read_fd, write_fd = os.pipe()
        config: dict[str, Json] = {
            "fd": write_fd,
            "memory": limits.memory,
            "cpu": limits.cpu,
            "fsize": limits.output,
            "nproc": _user_tasks() + 256,
            "recursion": 60_000,
            "stack": 256 * 1024 * 1024,
            "seccomp": bundle.seccomp,
            "audit": limits.audit_hook,
        }
        if rpc is not None:
            config["rpc"] = {"in": rpc.read_fd, "out": rpc.write_fd, "serve": rpc.serve}
        if sandbox:
            found = shutil.which(limits.bwrap)
            if found is None:
                raise SandboxUnavailable(f"bubblewrap ({limits.bwrap}) not found")
            rt = runtime()
            if rt.setpriv:  # the worker will be the host's SANDBOX_UID: it must read these
                for p in (bundle.dir, *paths):
                    bundle.passable(Path(p))
            inside = [f"{INSIDE}/path{i}" for i in range(len(paths))]
            binds = [(str(bundle.dir), f"{INSIDE}/bundle"),
                     *((str(p), q) for p, q in zip(paths, inside, strict=True))]
            config |= {
                # The bundle goes first, so a submission cannot shadow the library or its
                # packages; all of them come after the standard library.
                "path": [f"{INSIDE}/bundle", *inside],
                "cwd": "/tmp",
                "blocked": [], "denied": [],
                "allowed": [INSIDE, *_stdlib_dirs()],
            }
            argv = [*_bwrap_argv(found, rt, binds, limits), rt.executable]
            script = f"{INSIDE}/bundle/_sml150_worker.py"
            # Tasks and memory (tmpfs and shared memory included) capped by a cgroup of its
            # own, where the machine has them; its rlimits and seccomp filter in any case.
            self.cgroup = WorkerCgroup.create(tasks=limits.tasks,
                                              memory=limits.memory + limits.tmpfs)
            if rt.setpriv:  # the worker is the host's SANDBOX_UID, shared by every sandbox:
                # with a cgroup each sandbox has its own cap, and a per-uid one would let one
                # sandbox's threads starve the others'; without, the per-uid cap is all there is
                config["nproc"] = (1 << 20 if self.cgroup is not None
                                   else _user_tasks(SANDBOX_UID) + 256)
        else:
            cwd = bundle.root / f"cwd-{id(self)}"
            cwd.mkdir(exist_ok=True)
            config |= {
                "path": [str(bundle.dir), *(str(p) for p in paths)],
                "cwd": str(cwd),
                "blocked": bundle.blocked_roots(),
                "denied": _site_dirs(),
                "allowed": [str(bundle.dir), *(str(p) for p in paths), *_stdlib_dirs()],
            }
            argv = [sys.executable]
            script = str(bundle.dir / "_sml150_worker.py")
        command = [*argv, "-I", "-S", "-B", script, json.dumps(config)]
        if self.cgroup is not None:
            command = self.cgroup.wrap(command)
        try:
            self.proc = subprocess.Popen(
                command,
                stdin=subprocess.PIPE, stdout=self.log, stderr=self.log,
                pass_fds=(write_fd, *extra_fds),
                close_fds=True, start_new_session=True, cwd=bundle.root,
                env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
            )
        except OSError:
            os.close(read_fd)
            self.log.close()
            if self.cgroup is not None:
                self.cgroup.close()
            raise
        finally:
            self._rpc_open = False
            for fd in (write_fd, *extra_fds):  # the worker holds them now (or never will)
                os.close(fd)
        self._fd = read_fd
        assert self.proc.stdin is not None
        self._in = self.proc.stdin.fileno()
        os.set_blocking(self._in, False)
        self._reader = LineReader(read_fd)
        self._requests = 0
        self.dead: str | None = None
        self.ready: Json = None
        line = self._read_line(self._until(limits.startup_timeout))
        if line is None:
            raise WorkerDied(self._death() or "the worker did not start")
        try:
            self.ready = json.loads(line)
        except ValueError:
            self._kill("the worker did not start (malformed greeting)")
            raise WorkerDied("the worker did not start (malformed greeting)") from None

    def __enter__(self) -> WorkerSession:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _until(self, seconds: float) -> float:
        """The instant ``seconds`` from now, or the session's deadline if that comes first."""
        end = time.monotonic() + seconds
        return end if self.deadline is None else min(end, self.deadline)

    def call(self, expr: Json, timeout: float | None = None) -> Reply:
        """Send one expression and wait for its reply; ``WorkerDied`` if the worker fails.

        Waits at most ``timeout`` (default ``Limits.call_timeout``) and never past the
        session's deadline; on either the whole sandbox is killed.
        """
        if self.dead is not None:
            raise WorkerDied(self.dead)
        self._requests += 1
        request = {"id": self._requests, "expr": expr}
        data = (json.dumps(request, separators=(",", ":")) + "\n").encode()
        limit = self.limits.call_timeout if timeout is None else timeout
        deadline = self._until(limit)
        if not self._write(data, deadline):
            raise WorkerDied(self._death())
        line = self._read_line(deadline)
        if line is None:
            raise WorkerDied(self._death())
        try:
            return Reply.parse(line, self._requests)
        except ValueError:
            self._kill("malformed reply")
            raise WorkerDied("the worker sent a malformed reply") from None

    def _timed_out(self) -> str:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            return "the task's time budget is used up"
        return "time limit exceeded"

    def _write(self, data: bytes, deadline: float) -> bool:
        """Write a request without ever blocking past ``deadline`` (the worker may not read)."""
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill(self._timed_out() + " (the worker did not read its request)")
                return False
            _, ready, _ = select.select([], [self._in], [], left)
            if not ready:
                continue
            try:
                n = os.write(self._in, view[:65536])
            except BlockingIOError:
                continue
            except OSError:
                self._kill("the worker stopped reading its requests")
                return False
            view = view[n:]
        return True

    def _read_line(self, deadline: float) -> bytes | None:
        """The next line from the worker, by ``deadline``; ``None`` (worker killed) if none."""
        line = self._reader.read_line(deadline)
        if isinstance(line, bytes):
            return line
        self._kill(self._timed_out() if line == "timeout" else (line or None))
        return None

    def _kill(self, why: str | None) -> None:
        """Kill the worker's whole process group (under bwrap: the sandbox and all in it)."""
        if self.dead is None:
            self.dead = why or ""
        if why is None:  # the worker closed its pipe: give it a moment to end by itself
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        if self.cgroup is not None:  # whatever left the process group dies with the cgroup
            self.cgroup.close()

    def _death(self) -> str:
        """Why the worker is gone, for the report."""
        if self.dead:
            return self.dead
        code = self.proc.poll()
        if code is None:
            return "the worker stopped answering"
        sig = -code if code < 0 else (code - 128 if self.sandboxed and code > 128 else 0)
        if sig:
            name = _SIGNALS.get(sig, f"signal {sig}")
            if name in ("SIGXCPU", "SIGKILL"):
                return f"the worker was killed ({name}: CPU or memory limit)"
            return f"the worker was killed by {name}"
        return f"the worker exited with status {code} (sys.exit / os._exit in the submission?)"

    def log_tail(self, limit: int = 2000) -> str:
        """The last characters the worker wrote to its own stdout/stderr (escaped)."""
        self.log.seek(0, os.SEEK_END)
        size = self.log.tell()
        self.log.seek(max(0, size - limit))
        return self.log.read().decode("utf-8", "backslashreplace")

    def close(self) -> None:
        """End the worker (its whole process group, so the whole sandbox) and its pipes."""
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                if self.proc.stdin is not None:
                    self.proc.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=0.5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        with contextlib.suppress(OSError):
            os.close(self._fd)
        self.log.close()
        if self.cgroup is not None:
            self.cgroup.close()
