"""Running submission code in worker processes, and reading their answers as untrusted data.

A fresh worker process serves one test group (one task's tests). A pool of long-lived workers
would be cheaper, but it would let one group's damage (a patched builtin, a consumed stdin, a
leaked thread, exhausted memory) leak into the next group's results; a new process per group
keeps each task's score about that task alone.

The worker runs ``python -I -S -B`` with an explicit ``sys.path``: a bundle directory holding a
copy of ``sml150/__init__.py`` and ``sml150/lib`` only, links to the few third-party packages
the library needs (attrs, returns, toolz, typing_extensions), and the submission directory. The
installed ``sml150`` (with ``handouts`` and ``grading``) is never on that path, and the worker's
audit hook refuses both importing it and reading its files.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Final, final

import attrs

import sml150
from sml150.grading._model import Reply

__all__ = ["Bundle", "Limits", "Reply", "WorkerDied", "WorkerSession"]

Json = Any

MAX_REPLY: Final = 32 * 1024 * 1024
"""Largest reply (bytes) the grader reads from a worker before giving up on it."""

_THIRD_PARTY: Final = ("attr", "attrs", "returns", "toolz", "tlz", "typing_extensions")


@final
@attrs.frozen
class Limits:
    """Resource limits for the workers of one grading run.

    A correct submission needs about two seconds for a whole homework; these limits bound a
    hostile one (a task whose code never returns costs about ``group_budget`` seconds).

    >>> Limits().call_timeout
    10.0
    """

    call_timeout: float = 10.0
    """Wall-clock seconds one call may take before its worker is killed."""
    group_budget: float = 30.0
    """Wall-clock seconds one test group (a task) may use in all, restarts included."""
    memory: int = 2 * 1024**3
    """Address-space limit of a worker (bytes)."""
    cpu: int = 60
    """CPU-seconds limit of a worker process."""
    restarts: int = 4
    """How many times a group's worker is restarted after it dies."""
    startup_timeout: float = 20.0
    """Seconds a worker may take to start (imports of the submission are per call)."""


class WorkerDied(RuntimeError):
    """The worker ended, hung, or answered garbage; the message says which."""


def _package_dir() -> Path:
    return Path(sml150.__file__).resolve().parent


def _stdlib_dirs() -> list[str]:
    """Where this interpreter's standard library lives (a worker may read it)."""
    import sysconfig

    paths = sysconfig.get_paths()
    return sorted({str(Path(paths[k]).resolve()) for k in ("stdlib", "platstdlib")})


def _site_dirs() -> list[str]:
    """Every site-packages directory this interpreter knows: a worker may not read them.

    They can hold an installed copy of the reference solutions; the few packages the library
    needs are allowed one by one (``_third_party_paths``).
    """
    import site
    import sysconfig

    found = {*site.getsitepackages(), site.getusersitepackages()}
    found |= {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
    found |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    return sorted(str(Path(p).resolve()) for p in found if Path(p).is_dir())


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


@final
class Bundle:
    """A directory holding what a worker may import besides the submission.

    ``sml150/__init__.py``, ``sml150/lib`` (copied), the third-party packages (linked), and the
    worker script itself (copied as ``_sml150_worker.py``). Use as a context manager; the
    directory is deleted on exit.
    """

    def __init__(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="sml150-grade-")
        self.root = Path(self._tmp.name)
        self.dir = self.root / "bundle"
        self.scratch = self.root / "cwd"
        self.scratch.mkdir()
        write_library(self.dir)
        for p in _third_party_paths():
            (self.dir / p.name).symlink_to(p)
        shutil.copyfile(Path(__file__).with_name("_worker.py"), self.dir / "_sml150_worker.py")

    def __enter__(self) -> Bundle:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._tmp.cleanup()

    def blocked_roots(self) -> list[str]:
        """Directories a worker may not read: the real package, and its checkout's ``.git``."""
        pkg = _package_dir()
        roots = [str(pkg)]
        git = pkg.parent / ".git"
        if git.exists():
            roots.append(str(git))
        return roots


MAX_SUBMISSION_FILES: Final = 2000
"""More files than this in a submission are not copied (and the report says so)."""
MAX_SUBMISSION_BYTES: Final = 20 * 1024 * 1024
"""Files larger than this are not copied."""


def copy_submission(src: Path, dst: Path) -> list[str]:
    """Copy the regular files of ``src`` into ``dst``; return notes on what was left out.

    Workers read the copy, never ``src``: a symbolic link (e.g. one unpacked from a tarball,
    pointing at an installed reference solution) is skipped, not followed, as are special files,
    caches, oversized files and anything past ``MAX_SUBMISSION_FILES``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "src").mkdir()
    ...     _ = (Path(d) / "src" / "las.py").write_text("x = 1")
    ...     (Path(d) / "src" / "link.py").symlink_to("/etc/hostname")
    ...     notes = copy_submission(Path(d) / "src", Path(d) / "dst")
    ...     sorted(p.name for p in (Path(d) / "dst").iterdir()), notes
    (['las.py'], ['skipped link.py: a symbolic link (submit plain files)'])
    """
    notes: list[str] = []
    dst.mkdir(parents=True, exist_ok=True)
    copied = 0
    for top, dirs, files in os.walk(src, followlinks=False):
        rel = Path(top).relative_to(src)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for d in list(dirs):
            if (Path(top) / d).is_symlink():
                notes.append(f"skipped {rel / d}: a symbolic link (submit plain files)")
                dirs.remove(d)
        for name in sorted(files):
            path, where = Path(top) / name, rel / name
            st = path.lstat()
            if path.is_symlink():
                notes.append(f"skipped {where}: a symbolic link (submit plain files)")
            elif not path.is_file():
                notes.append(f"skipped {where}: not a regular file")
            elif st.st_size > MAX_SUBMISSION_BYTES:
                notes.append(f"skipped {where}: larger than {MAX_SUBMISSION_BYTES} bytes")
            elif copied >= MAX_SUBMISSION_FILES:
                notes.append(f"skipped {where}: more than {MAX_SUBMISSION_FILES} files")
            else:
                (dst / rel).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dst / where, follow_symlinks=False)
                copied += 1
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


@final
class WorkerSession:
    """One worker process serving calls for one test group.

    >>> with Bundle() as b, WorkerSession(b, [], Limits()) as w:
    ...     w.call(["call", ["fn", "eq"], ["lit", 1], ["lit", 1]]).value
    True
    """

    def __init__(self, bundle: Bundle, paths: list[Path], limits: Limits) -> None:
        self.limits = limits
        # The worker's own stdout and stderr; closed by close().
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the session
        read_fd, write_fd = os.pipe()
        config = {
            # The bundle goes first, so a submission cannot shadow the library or its packages.
            "path": [str(bundle.dir), *(str(p) for p in paths)],
            "cwd": str(bundle.scratch),
            "fd": write_fd,
            "memory": limits.memory,
            "cpu": limits.cpu,
            "fsize": 16 * 1024 * 1024,
            "nproc": 16,  # tasks beyond those the user already runs
            "recursion": 60_000,
            "stack": 256 * 1024 * 1024,
            "blocked": bundle.blocked_roots(),
            "denied": _site_dirs(),
            "allowed": [str(bundle.root), *(str(p) for p in paths), *_stdlib_dirs(),
                        *(str(p.resolve()) for p in _third_party_paths())],
        }
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-I", "-S", "-B", str(bundle.dir / "_sml150_worker.py"),
                 json.dumps(config)],
                stdin=subprocess.PIPE, stdout=self.log, stderr=self.log, pass_fds=(write_fd,),
                close_fds=True, start_new_session=True, cwd=bundle.scratch,
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"},
            )
        finally:
            os.close(write_fd)
        self._fd = read_fd
        assert self.proc.stdin is not None
        self._in = self.proc.stdin.fileno()
        os.set_blocking(self._in, False)
        self._buf = b""
        self.dead: str | None = None
        ready = self._read_line(limits.startup_timeout)
        if ready is None:
            raise WorkerDied(self.dead or "the worker did not start")

    def __enter__(self) -> WorkerSession:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def call(self, expr: Json, timeout: float | None = None) -> Reply:
        """Send one expression and wait for its reply; ``WorkerDied`` if the worker fails."""
        if self.dead is not None:
            raise WorkerDied(self.dead)
        data = (json.dumps(expr, separators=(",", ":")) + "\n").encode()
        limit = self.limits.call_timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        if not self._write(data, deadline):
            raise WorkerDied(self._death())
        line = self._read_line(max(0.0, deadline - time.monotonic()))
        if line is None:
            raise WorkerDied(self._death())
        try:
            return Reply.parse(line)
        except ValueError:
            self._kill("malformed reply")
            raise WorkerDied("the worker sent a malformed reply") from None

    def _write(self, data: bytes, deadline: float) -> bool:
        """Write a request without ever blocking past ``deadline`` (the worker may not read)."""
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill("time limit exceeded (the worker did not read its request)")
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

    def _read_line(self, timeout: float) -> bytes | None:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill(f"time limit exceeded ({timeout:.1f} s)")
                return None
            ready, _, _ = select.select([self._fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._fd, 1 << 20)
            if not chunk:
                self._kill(None)
                return None
            self._buf += chunk
            if len(self._buf) > MAX_REPLY:
                self._kill(f"reply larger than {MAX_REPLY} bytes")
                return None
        line, _, self._buf = self._buf.partition(b"\n")
        return line

    def _kill(self, why: str | None) -> None:
        if self.dead is None:
            self.dead = why or ""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)

    def _death(self) -> str:
        """Why the worker is gone, for the report."""
        if self.dead:
            return self.dead
        code = self.proc.returncode
        if code is None:
            return "the worker stopped answering"
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            if name in ("SIGXCPU", "SIGKILL"):
                return f"the worker was killed ({name}: CPU or memory limit)"
            return f"the worker was killed by {name}"
        return f"the worker exited with status {code} (sys.exit / os._exit in the submission?)"

    def log_tail(self, limit: int = 2000) -> str:
        """The last characters the worker wrote to its own stdout/stderr."""
        self.log.seek(0, os.SEEK_END)
        size = self.log.tell()
        self.log.seek(max(0, size - limit))
        return self.log.read().decode(errors="replace")

    def close(self) -> None:
        """End the worker (its whole process group) and release its pipes."""
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
