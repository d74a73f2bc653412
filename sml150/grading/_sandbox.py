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

Without bubblewrap (``SandboxLimits.bwrap`` not found, or ``sandbox=False``) the same worker runs
directly, guarded by its rlimits, the seccomp filter and an audit hook only: good enough for a
student checking their own work, not tamper-proof.

(About 440 lines, over the house's 400: the worker session is one life cycle: start, calls,
death, close.)
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

from sml150.grading._bundle import Bundle, site_dirs, write_library
from sml150.grading._cgroup import WorkerCgroup
from sml150.grading._limits import GraderFault, SandboxLimits, SandboxUnavailable, WorkerDied
from sml150.grading._model import Reply
from sml150.grading._runtime import (
    SANDBOX_UID,
    Runtime,
    bwrap_argv,
    runtime,
    sandbox_problem,
    stdlib_dirs,
)
from sml150.grading._submission import copy_submission, printable_path

# The sandbox's public face: the session here, its parts from the modules beside it.
__all__ = [
    "INSIDE",
    "SANDBOX_UID",
    "Bundle",
    "GraderFault",
    "LineReader",
    "Reply",
    "RpcEnds",
    "Runtime",
    "SandboxLimits",
    "SandboxUnavailable",
    "WorkerDied",
    "WorkerSession",
    "bwrap_argv",
    "copy_submission",
    "printable_path",
    "runtime",
    "sandbox_problem",
    "write_library",
]

Json = Any

MAX_REPLY: Final = 32 * 1024 * 1024
"""Largest reply (bytes) the grader reads from a worker before giving up on it."""

INSIDE: Final = "/sandbox"
"""Where a sandboxed worker sees the bundle (``/sandbox/bundle``) and its directories."""


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

    >>> with Bundle() as b, WorkerSession(b, [], SandboxLimits()) as w:
    ...     w.call(["call", ["fn", "eq"], ["lit", 1], ["lit", 1]]).value
    True
    """

    def __init__(self, bundle: Bundle, paths: list[Path], limits: SandboxLimits, *,
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
            self, bundle: Bundle, paths: list[Path], limits: SandboxLimits, *, sandbox: bool | None,
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
                "allowed": [INSIDE, *stdlib_dirs()],
            }
            argv = [*bwrap_argv(found, rt, binds, limits), rt.executable]
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
            else:  # the worker is this user: the per-user cap counts the user's tasks
                config["nproc"] = _user_tasks() + 256
        else:
            cwd = bundle.root / f"cwd-{id(self)}"
            cwd.mkdir(exist_ok=True)
            config |= {
                "path": [str(bundle.dir), *(str(p) for p in paths)],
                "cwd": str(cwd),
                "blocked": bundle.blocked_roots(),
                "denied": site_dirs(),
                "allowed": [str(bundle.dir), *(str(p) for p in paths), *stdlib_dirs()],
            }
            config["nproc"] = _user_tasks() + 256  # this user's tasks, and 256 more
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

        Waits at most ``timeout`` (default ``SandboxLimits.call_timeout``) and never past the
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
