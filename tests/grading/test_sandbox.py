"""The worker sandbox: what a submission's code cannot do, and how the grader survives it.

Most tests run twice: under bubblewrap (``bwrap``) and without it (rlimits, seccomp and the
audit hook only). The ``os_only`` tests turn the audit hook off, to show that bubblewrap, the
rlimits and the seccomp filter hold by themselves: the grade never relies on the hook.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import sml150
from sml150.grading._model import Reply
from sml150.grading._sandbox import (
    Bundle,
    LineReader,
    SandboxLimits,
    SandboxUnavailable,
    WorkerDied,
    WorkerSession,
    copy_submission,
    runtime,
    sandbox_problem,
)
from sml150.grading._seccomp import program

Json = object

NO_BWRAP = sandbox_problem()
needs_bwrap = pytest.mark.skipif(NO_BWRAP is not None, reason=f"no sandbox: {NO_BWRAP}")
MODES = [pytest.param(True, id="bwrap", marks=needs_bwrap), pytest.param(False, id="plain")]


@pytest.fixture(scope="module")
def bundle() -> Iterator[Bundle]:
    with Bundle() as b:
        yield b


@pytest.fixture(scope="module", params=MODES)
def worker(bundle: Bundle, request: pytest.FixtureRequest) -> Iterator[WorkerSession]:
    """One worker per mode, shared by the tests that leave it running."""
    with WorkerSession(bundle, [], SandboxLimits(call_timeout=5.0, memory=1024**3),
                       sandbox=request.param) as w:
        yield w


@pytest.fixture(params=MODES)
def fresh_worker(bundle: Bundle, request: pytest.FixtureRequest) -> Iterator[WorkerSession]:
    """A worker of its own, for a test that ends it."""
    with WorkerSession(bundle, [], SandboxLimits(call_timeout=5.0, memory=1024**3),
                       sandbox=request.param) as w:
        yield w


@pytest.fixture(scope="module")
def os_only(bundle: Bundle) -> Iterator[WorkerSession]:
    """A sandboxed worker without its audit hook."""
    if NO_BWRAP is not None:
        pytest.skip(f"no sandbox: {NO_BWRAP}")
    limits = SandboxLimits(call_timeout=5.0, memory=1024**3, audit_hook=False)
    with WorkerSession(bundle, [], limits, sandbox=True) as w:
        yield w


def builtin(name: str, *args: Json) -> list[Json]:
    return ["call", ["get", ["mod", "builtins"], name], *(["lit", a] for a in args)]


def os_call(name: str, *args: Json) -> list[Json]:
    return ["call", ["get", ["mod", "os"], name], *(["lit", a] for a in args)]


@pytest.mark.parametrize(("expr", "exc"), [
    (["mod", "sml150.handouts.hw10.las"], "ModuleNotFoundError"),
    (["mod", "sml150.grading"], "ModuleNotFoundError"),
    (["mod", "ctypes"], "ImportError"),
    (["mod", "subprocess"], "ImportError"),
    (["mod", "_posixsubprocess"], "ImportError"),
    (["mod", "__editable___sml150_0_1_0_finder"], "ModuleNotFoundError"),
    (os_call("fork"), "PermissionError"),
    (os_call("system", "true"), "PermissionError"),
    (os_call("kill", 1, 0), "PermissionError"),
    (os_call("remove", "/tmp/nothing-here"), "PermissionError"),
    (builtin("open", "/tmp/sml150-sandbox-test", "w"), "PermissionError"),
    (builtin("open", "/proc/self/environ"), "PermissionError"),
])
def test_worker_refuses(worker: WorkerSession, expr: list[Json], exc: str) -> None:
    reply = worker.call(expr)
    assert not reply.ok
    assert reply.exc == exc


def test_worker_cannot_read_the_package(worker: WorkerSession) -> None:
    reply = worker.call(builtin("open", sml150.__file__))
    assert not reply.ok
    assert reply.exc in ("PermissionError", "FileNotFoundError")


def test_library_and_prints_work(worker: WorkerSession) -> None:
    tree = ["N", "a", [["E", "b", -3]]]
    game = ["call", ["get", ["lib", "sml150.lib.explicit"], "ExplicitGame"], ["tree", tree]]
    leaf = ["call", ["get", game, "make_move"], ["get", game, "start"], ["lit", 0]]
    reply = worker.call(["call", ["get", game, "estimate"], leaf])
    assert reply == Reply(True, {"rec": "Guess", "f": {"n": -3}}, out="Estimating state b[~3]\n")


def test_the_seccomp_filter_is_on(worker: WorkerSession) -> None:
    assert worker.ready == {"ready": True, "seccomp": "on" if program() else
                            "no filter for this machine"}


def test_sys_exit_is_an_exception(worker: WorkerSession) -> None:
    reply = worker.call(["call", ["get", ["mod", "sys"], "exit"], ["lit", 3]])
    assert (reply.ok, reply.exc) == (False, "SystemExit")
    assert worker.call(["lit", 1]).value == 1  # the worker goes on


def test_os_exit_kills_only_the_worker(fresh_worker: WorkerSession) -> None:
    with pytest.raises(WorkerDied, match="exited"):
        fresh_worker.call(os_call("_exit", 0))


@pytest.mark.parametrize("sandbox", MODES)
def test_timeout_kills_the_worker(bundle: Bundle, sandbox: bool) -> None:
    endless = ["call", ["get", ["mod", "itertools"], "count"]]
    with WorkerSession(bundle, [], SandboxLimits(call_timeout=0.5), sandbox=sandbox) as w, \
            pytest.raises(WorkerDied, match="time limit"):
        w.call(["call", ["get", ["mod", "builtins"], "sum"], endless])


@pytest.mark.parametrize("sandbox", MODES)
def test_the_task_deadline_cuts_a_call_short(bundle: Bundle, sandbox: bool) -> None:
    # The call may take 30 s, but the session's deadline comes first.
    sleep = ["call", ["get", ["mod", "time"], "sleep"], ["lit", 30]]
    with WorkerSession(bundle, [], SandboxLimits(call_timeout=30.0, group_budget=1.0),
                       sandbox=sandbox, deadline=time.monotonic() + 1.0) as w, \
            pytest.raises(WorkerDied, match="time budget"):
        w.call(sleep)


@pytest.mark.parametrize("sandbox", MODES)
def test_memory_limit(bundle: Bundle, sandbox: bool) -> None:
    with WorkerSession(bundle, [], SandboxLimits(memory=512 * 1024**2), sandbox=sandbox) as w:
        reply = w.call(builtin("bytearray", 4 * 1024**3))
        assert (reply.ok, reply.exc) == (False, "MemoryError")


# ---- the sandbox alone (no audit hook) ------------------------------------------------------


def test_the_sandbox_sees_only_the_runtime_the_bundle_and_tmp(os_only: WorkerSession) -> None:
    top = os_only.call(os_call("listdir", "/"))
    assert top.ok
    assert set(top.value["l"]) <= {"proc", "dev", "tmp", "sandbox", "usr", "lib", "lib64",
                                   "lib32", "libx32", "etc", "bin", "opt", "root", "home"}
    bundle_dir = os_only.call(os_call("listdir", "/sandbox/bundle"))
    assert set(bundle_dir.value["l"]) == {"sml150", "attr", "attrs", "returns", "toolz", "tlz",
                                          "typing_extensions.py", "_sml150_worker.py",
                                          "_sml150_rpc.py"}
    lib = os_only.call(os_call("listdir", "/sandbox/bundle/sml150"))
    assert "handouts" not in lib.value["l"]
    assert "grading" not in lib.value["l"]
    for hidden in runtime().hidden:  # the interpreter's own site-packages: empty
        assert os_only.call(os_call("listdir", hidden)).value == {"l": []}
    for path in (sml150.__file__, str(Path(sml150.__file__).parents[1] / ".venv")):
        assert os_only.call(os_call("stat", path)).exc == "FileNotFoundError"


@pytest.mark.parametrize(("expr", "exc"), [
    (os_call("fork"), "PermissionError"),  # seccomp
    (["call", ["get", ["mod", "subprocess"], "run"], ["lit", ["/bin/true"]]], "PermissionError"),
    (["call", ["get", ["mod", "socket"], "socket"]], "PermissionError"),
    (os_call("kill", 1, 9), "PermissionError"),
    (os_call("open", "/sandbox/bundle/x.py", os.O_WRONLY | os.O_CREAT), "OSError"),  # read-only
    (os_call("open", "/usr/evil.pth", os.O_WRONLY | os.O_CREAT), "OSError"),
    (os_call("open", "/evil.pth", os.O_WRONLY | os.O_CREAT), "OSError"),
    (os_call("open", "/dev/shm/x", os.O_WRONLY | os.O_CREAT), "OSError"),
    # /proc stays read-only whatever uid the worker has
    (os_call("open", "/proc/sys/kernel/core_pattern", os.O_WRONLY), "OSError"),
    (os_call("open", "/proc/sys/vm/drop_caches", os.O_WRONLY), "OSError"),
    (os_call("open", "/proc/self/oom_score_adj", os.O_WRONLY), "OSError"),
])
def test_the_sandbox_refuses(os_only: WorkerSession, expr: list[Json], exc: str) -> None:
    reply = os_only.call(expr)
    assert not reply.ok
    # a write refused by a read-only mount (OSError: EROFS) or, for the unprivileged uid a
    # root grader's workers have, by the file's owner (PermissionError: EACCES)
    allowed = {exc, "PermissionError"} if exc == "OSError" else {exc}
    assert reply.exc in allowed, reply


def test_a_root_grader_runs_its_workers_as_an_unprivileged_host_uid(
        os_only: WorkerSession) -> None:
    """As root, the worker is the host's ``SANDBOX_UID`` itself (not uid 0 in a namespace)."""
    from sml150.grading._sandbox import SANDBOX_UID

    if os.geteuid() != 0 or not runtime().setpriv:
        pytest.skip("the grader is not root here (or has no setpriv)")
    uids = Path(f"/proc/{_worker_pid(os_only)}/status").read_text()
    line = next(ln for ln in uids.splitlines() if ln.startswith("Uid:"))
    assert set(line.split()[1:]) == {str(SANDBOX_UID)}


def _worker_pid(w: WorkerSession) -> int:
    """The host pid of the worker's interpreter (the deepest process below bwrap)."""
    found = sorted(_descendants(w.proc.pid))
    assert found, "no process below bwrap"
    return found[-1]


@pytest.mark.parametrize("sandbox", MODES)
def test_a_submission_never_shadows_the_standard_library(bundle: Bundle, tmp_path: Path,
                                                         sandbox: bool) -> None:
    for name in ("json", "threading", "resource", "select", "io", "math", "types"):
        (tmp_path / f"{name}.py").write_text("import os\nos._exit(42)\n")
    with WorkerSession(bundle, [tmp_path], SandboxLimits(), sandbox=sandbox) as w:
        for name in ("json", "threading", "resource", "select", "io", "math", "types"):
            where = w.call(["get", ["mod", name], "__file__"])
            assert where.ok  # the worker is alive: the submission's module never ran
            assert not str(where.value).startswith((str(tmp_path), "/sandbox/"))
        path = w.call(["get", ["mod", "sys"], "path"]).value["l"]
        assert path[-1] in (str(tmp_path), "/sandbox/path0")  # the submission comes last


@pytest.mark.skipif(program() is None, reason="no seccomp filter for this machine")
def test_the_seccomp_filter_alone(bundle: Bundle) -> None:
    # No sandbox, no audit hook: the filter by itself refuses processes, signals, sockets.
    with WorkerSession(bundle, [], SandboxLimits(audit_hook=False), sandbox=False) as w:
        for expr in (os_call("fork"), os_call("kill", os.getpid(), 0),
                     ["call", ["get", ["mod", "socket"], "socket"]],
                     os_call("execv", "/bin/true", ["true"])):
            reply = w.call(expr)
            assert (reply.ok, reply.exc) == (False, "PermissionError"), expr
        start = ["call", ["get", ["call", ["get", ["mod", "threading"], "Thread"]], "start"]]
        assert w.call(start).ok  # threads still start (clone3 falls back to clone)


def test_threads_and_tmp_work_in_the_sandbox(os_only: WorkerSession) -> None:
    start = ["call", ["get", ["call", ["get", ["mod", "threading"], "Thread"]], "start"]]
    assert os_only.call(start).ok
    assert os_only.call(os_call("open", "/dev/null", os.O_WRONLY)).ok
    fd = os_only.call(os_call("open", "/tmp/scratch", os.O_WRONLY | os.O_CREAT))
    assert fd.ok
    assert not Path("/tmp/scratch").exists() or Path("/tmp/scratch").stat().st_size == 0
    assert os_only.call(os_call("getuid")).value == 65534
    assert os_only.call(os_call("getppid")).value in (0, 1)  # the grader is not in its view


def _descendants(pid: int) -> set[int]:
    """The host processes below ``pid`` (from ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            found.add(c)
            todo.append(c)
    return found


@needs_bwrap
def test_a_setsid_grandchild_dies_with_the_sandbox(tmp_path: Path) -> None:
    # Without the seccomp filter (which refuses fork), a double-forked, setsid'd child would
    # escape the worker's process group; the sandbox's PID namespace still takes it down.
    daemon = (
        "import os, time\n"
        "def start():\n"
        "    if os.fork() == 0:\n"
        "        os.setsid()\n"
        "        if os.fork() == 0:\n"
        "            time.sleep(60)\n"
        "        os._exit(0)\n"
        "    time.sleep(0.5)\n"
        "    return True\n"
    )
    (tmp_path / "daemon.py").write_text(daemon)
    with Bundle() as b:
        b.seccomp = ""
        w = WorkerSession(b, [tmp_path], SandboxLimits(audit_hook=False), sandbox=True)
        with w:
            assert w.call(["call", ["get", ["mod", "daemon"], "start"]]).value is True
            below = _descendants(w.proc.pid)
            assert len(below) >= 3  # the sandbox's init, the worker, the daemon
        time.sleep(0.2)
        alive = {p for p in below if Path(f"/proc/{p}").exists()
                 and "Z" not in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1][:3]}
        assert alive == set()


# ---- replies are data ------------------------------------------------------------------------


@pytest.mark.parametrize("raw", [
    b"[1, 2]", b'{"ok": 1}', b'{"ok": false, "exc": 3}', b'{"ok": true, "out": 5}',
    b"[" * 100_000, b'{"ok": true, "v": ' + b"9" * 10_000 + b"}", b"\xff\xfe",
])
def test_malformed_replies_are_rejected(raw: bytes) -> None:
    with pytest.raises(ValueError, match="malformed"):
        Reply.parse(raw)


def test_reply_sizes_are_capped() -> None:
    r = Reply.parse(json.dumps({"ok": False, "exc": "E" * 1000, "msg": "m" * 10_000,
                                "out": ""}).encode())
    assert len(r.exc) <= 100
    assert len(r.msg) <= 500


def test_reply_text_is_cleaned() -> None:
    raw = {"ok": False, "exc": "Evil\nTotal: 150", "msg": "\udc80\x1b[2J\nTotal: 150 / 150",
           "out": "\ud800"}
    r = Reply.parse(json.dumps(raw).encode())
    assert r.exc == "UnnamedException"
    assert "\n" not in r.msg
    assert "\x1b" not in r.msg
    r.msg.encode("utf-8")
    r.out.encode("utf-8")


def test_the_line_reader_joins_many_small_chunks() -> None:
    r, w = os.pipe()
    line = b"x" * 200_000

    def feed() -> None:
        for i in range(0, len(line), 7):
            os.write(w, line[i:i + 7])
        os.write(w, b"\n" + b"y" * 10 + b"\n")
        os.close(w)

    t = threading.Thread(target=feed)
    t.start()
    reader = LineReader(r)
    try:
        assert reader.read_line(time.monotonic() + 60) == line
        assert reader.read_line(time.monotonic() + 60) == b"y" * 10
        assert reader.read_line(time.monotonic() + 60) == ""
    finally:
        t.join()
        os.close(r)


def test_the_line_reader_refuses_a_long_line() -> None:
    r, w = os.pipe()
    os.write(w, b"z" * 5000)
    try:
        assert "larger than" in str(LineReader(r, limit=1000).read_line(time.monotonic() + 5))
    finally:
        os.close(w)
        os.close(r)


def test_a_missing_bwrap_means_no_sandbox(bundle: Bundle) -> None:
    missing = SandboxLimits(bwrap="/nonexistent/bwrap")
    assert sandbox_problem(missing.bwrap) is not None
    with pytest.raises(SandboxUnavailable):
        WorkerSession(bundle, [], missing, sandbox=True)
    with WorkerSession(bundle, [], missing) as w:  # sandbox=None: whatever works here
        assert not w.sandboxed
        assert w.call(["lit", 1]).value == 1


def test_copy_submission_survives_odd_names(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "las.py").write_text("x = 1")
    odd = os.fsdecode(b"\xff\xfe-odd.py")
    (src / odd).write_text("y = 2")
    deep = src
    for _ in range(30):  # a path longer than PATH_MAX, built step by step
        deep = deep / ("d" * 200)
        try:
            deep.mkdir()
        except OSError:
            break
    notes = copy_submission(src, tmp_path / "dst")
    assert (tmp_path / "dst" / "las.py").read_text() == "x = 1"
    for note in notes:
        note.encode("ascii")  # printable anywhere


TAMPER = '''
import gc


def attack(path):
    """Find the audit hook and disarm it, then read a reference file."""
    for obj in gc.get_objects():
        if getattr(obj, "__name__", "") == "hook" and getattr(obj, "__defaults__", None):
            for attr, value in (("__defaults__", tuple(None for _ in obj.__defaults__)),
                                ("__code__", (lambda e, a: None).__code__)):
                try:
                    setattr(obj, attr, value)
                except (PermissionError, ValueError):
                    pass
    import builtins
    import posixpath
    posixpath.os = None
    builtins.PermissionError = KeyError
    return open(path).read()
'''


@pytest.mark.parametrize("sandbox", MODES)
def test_the_audit_hook_resists_tampering(bundle: Bundle, tmp_path: Path, sandbox: bool) -> None:
    (tmp_path / "tamper.py").write_text(TAMPER)
    with WorkerSession(bundle, [tmp_path], SandboxLimits(), sandbox=sandbox) as w:
        reply = w.call(["call", ["get", ["mod", "tamper"], "attack"], ["lit", sml150.__file__]])
    assert not reply.ok
    assert reply.exc in ("PermissionError", "FileNotFoundError")


def test_killing_the_grader_is_not_possible(os_only: WorkerSession) -> None:
    for target in (-1, 0, 1):
        reply = os_only.call(os_call("kill", target, int(signal.SIGKILL)))
        assert (reply.ok, reply.exc) == (False, "PermissionError")
    assert os_only.call(["lit", 2]).value == 2


@pytest.mark.skipif(program() is None, reason="no seccomp filter for this machine")
def test_memory_outside_the_address_space_is_refused(bundle: Bundle) -> None:
    """``memfd_create`` and SysV shared memory would hold pages ``RLIMIT_AS`` does not count."""
    with WorkerSession(bundle, [], SandboxLimits(audit_hook=False), sandbox=False) as w:
        reply = w.call(os_call("memfd_create", "hog"))
        assert (reply.ok, reply.exc) == (False, "PermissionError")


def _cgroup_problem() -> str:
    from sml150.grading._cgroup import problem

    return problem()


@needs_bwrap
@pytest.mark.skipif(bool(_cgroup_problem()), reason=f"no cgroups: {_cgroup_problem()}")
def test_each_sandbox_has_its_own_cgroup_capping_tasks_and_memory(bundle: Bundle,
                                                                   tmp_path: Path) -> None:
    (tmp_path / "bomb.py").write_text(
        "import threading, time\n"
        "def threads():\n"
        "    n = 0\n"
        "    for _ in range(5000):\n"
        "        try:\n"
        "            threading.Thread(target=time.sleep, args=(20,), daemon=True).start()\n"
        "        except RuntimeError:\n"
        "            break\n"
        "        n += 1\n"
        "    return n\n")
    limits = SandboxLimits(tasks=32, call_timeout=20.0)
    with WorkerSession(bundle, [tmp_path], limits, sandbox=True) as w:
        assert w.cgroup is not None and w.cgroup.dirs
        for d in w.cgroup.dirs:  # bwrap (exec'd by the joining shell) and all below it
            assert str(w.proc.pid) in (d / "cgroup.procs").read_text().split()
        started = w.call(["call", ["get", ["mod", "bomb"], "threads"]])
        assert started.ok and started.value < 32, started
        dirs = list(w.cgroup.dirs)
        memory = next((d for d in dirs if "memory" in str(d)), None)
        if memory is not None:
            limit = int((memory / "memory.limit_in_bytes").read_text())
            assert limit == limits.memory + limits.tmpfs
    assert all(not d.exists() for d in dirs)  # removed with the session


@pytest.mark.skipif(bool(_cgroup_problem()), reason=f"no cgroups: {_cgroup_problem()}")
def test_the_groups_of_a_killed_grader_are_removed_at_the_next_start() -> None:
    from sml150.grading._cgroup import _own_groups, remove_stale

    stale = [d / "sml150-999999999-0" for d in _own_groups().values()]
    for d in stale:
        d.mkdir()
    assert remove_stale() >= len(stale)
    assert not any(d.exists() for d in stale)
    mine = [d / f"sml150-{os.getpid()}-999" for d in _own_groups().values()]
    for d in mine:
        d.mkdir()
    try:
        remove_stale()
        assert all(d.exists() for d in mine)  # a live grader's groups are its own
    finally:
        for d in mine:
            d.rmdir()


def _cpu_problem() -> str:
    from sml150.grading._cgroup import cpu_problem

    return cpu_problem()


_SPIN = ("import os, sys\n"
         "os.sched_setaffinity(0, {int(sys.argv[1])})\n"
         "for _ in range(int(sys.argv[2])):\n"
         "    if os.fork() == 0:\n"
         "        break\n"
         "while True:\n"
         "    pass\n")


def _cpu_seconds(group: Path) -> float:
    """CPU time of the processes in ``group`` (``cgroup.procs``), from ``/proc``."""
    total = 0
    for pid in (group / "cgroup.procs").read_text().split():
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _hog_and_one(monkeypatch: pytest.MonkeyPatch, *, weighted: bool) -> tuple[float, float]:
    """CPU seconds of a group of four busy processes and of a group of one, on one CPU.

    Both in this process's session (so in one autogroup, where the kernel has them): only the
    groups' own CPU weight can share the CPU between them by group.
    """
    import subprocess
    import sys

    from sml150.grading import _cgroup
    from sml150.grading._cgroup import CPU_WEIGHT, WorkerCgroup

    if not weighted:
        monkeypatch.setattr(_cgroup, "cpu_problem", lambda root=_cgroup.ROOT: "off")
    cpu = min(os.sched_getaffinity(0))
    groups, procs = [], []
    try:
        for forks in (2, 0):  # 2 forks: four processes; none: one
            g = WorkerCgroup.create(tasks=16, memory=256 * 1024**2)
            assert g is not None
            groups.append(g)
            weights = [d / f for d in g.dirs for f in ("cpu.shares", "cpu.weight")
                       if (d / f).exists()]
            assert all(int(w.read_text()) in (CPU_WEIGHT, CPU_WEIGHT * 1024 // 100)
                       for w in weights)
            assert bool(weights) == weighted
            procs.append(subprocess.Popen(g.wrap([sys.executable, "-c", _SPIN, str(cpu),
                                                  str(forks)])))
        time.sleep(0.5)  # all started
        pids = [next(d for d in g.dirs if (d / "cgroup.procs").exists()) for g in groups]
        before = [_cpu_seconds(d) for d in pids]
        time.sleep(1.5)
        hog, one = (_cpu_seconds(d) - b for d, b in zip(pids, before, strict=True))
    finally:
        for g in groups:
            g.close()  # kills every process in it
        for p in procs:
            p.wait()
    monkeypatch.undo()
    return hog, one


@pytest.mark.skipif(bool(_cpu_problem()), reason=f"no CPU weight: {_cpu_problem()}")
def test_sandboxes_share_the_cpu_by_group_not_by_process(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """Four busy processes in one sandbox, one in another: with the weight each group gets
    about half; without (the control), the four take about four fifths."""
    hog, one = _hog_and_one(monkeypatch, weighted=True)
    assert one > 0.2 and 0.5 < hog / one < 2.0, (hog, one)
    hog, one = _hog_and_one(monkeypatch, weighted=False)
    assert one > 0.05 and hog / one > 2.0, (hog, one)


def test_the_shared_library_is_one_per_process_and_gone_at_exit(tmp_path: Path) -> None:
    """Sandboxed runs share the workers' library (bound read-only); the process removes it."""
    import subprocess
    import sys

    from sml150.grading._bundle import Bundle, shared_library

    with Bundle(shared=True) as a, Bundle(shared=True) as b, Bundle() as own:
        assert a.dir == b.dir == shared_library() != own.dir
        assert own.dir.parent == own.root  # an unsandboxed run's copy is its own scratch
    assert shared_library().is_dir()
    made = subprocess.run(
        [sys.executable, "-c", "from sml150.grading._bundle import shared_library as s; "
                               "print(s().parent)"],
        capture_output=True, text=True, check=True, env={**os.environ, "TMPDIR": str(tmp_path)})
    where = Path(made.stdout.strip())
    assert where.parent == tmp_path and not where.exists()


_PROBE = '''import json, os


def look():
    """What a run can read of its own sandbox, but the clock and the machine's counters."""
    def read(path):
        try:
            with open(path, "rb") as f:
                return f.read().decode("latin-1")
        except OSError as e:
            return type(e).__name__
    links = {}
    for fd in range(16):
        try:
            link = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        # (a pipe's number and a deleted file's inode are counters)
        links[fd] = "pipe" if link.startswith("pipe:") else link.rsplit("/#", 1)[0]
    here = os.path.dirname(os.path.abspath(__file__))
    files = {n: [os.stat(os.path.join(here, n)).st_size, os.stat(os.path.join(here, n)).st_mtime]
             for n in sorted(os.listdir(here))}
    mounts = []  # without the mount ids and anonymous device numbers (counters)
    for line in read("/proc/self/mountinfo").splitlines():
        _id, _parent, dev, rest = line.split(" ", 3)
        mounts.append(("0:*" if dev.startswith("0:") else dev) + " " + rest)
    return json.dumps({
        "mounts": mounts, "init": read("/proc/1/cmdline"),
        "environ": read("/proc/self/environ"), "pids": sorted(os.listdir("/proc")),
        "links": links, "here": here, "files": files, "cwd": os.getcwd(),
        "argv": [a for a in read("/proc/self/cmdline").split("\\0") if '"nproc"' not in a],
    })
'''


@needs_bwrap
def test_every_run_of_a_task_looks_the_same_from_inside(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three cases with workers of their own (as Task 4.2's runs), graded by the engine: the
    mount table, /proc, the links, the paths, names, sizes and times they see are the same."""
    from sml150.grading import _engine
    from sml150.grading._checks import CHECKS
    from sml150.grading._model import Case, TaskSpec, Verdict

    seen: list[str] = []

    def record(expected: object, got: list[Reply], arg: object) -> Verdict:
        seen.append(str(got[0].value))
        return Verdict(True)

    def probe(directory: Path) -> list[Path]:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "probe.py").write_text(_PROBE)
        os.utime(directory / "probe.py", (946_684_800, 946_684_800))
        return [directory]

    monkeypatch.setitem(CHECKS, "record", record)  # the engine's table
    expr = ["call", ["get", ["mod", "probe"], "look"]]
    cases = [Case(f"run {i}", (expr,), "record", paths=probe, quote="q") for i in range(3)]
    task = TaskSpec("9.9", "probe", 1, lambda: cases)
    (tmp_path / "sub").mkdir()
    # Without the audit hook, which guards /proc: what code that bypasses it would read.
    report = _engine.grade_tasks("hw10", [task], tmp_path / "sub", SandboxLimits(audit_hook=False),
                                 sandbox=True)
    assert report.ok and len(seen) == 3, (report.notes, seen)
    first = json.loads(seen[0])
    table = "\n".join(first["mounts"])
    assert "case-" not in table and " /sandbox/path0 " in table
    assert first["pids"][:2] == ["1", "2"]
    for other in seen[1:]:
        assert json.loads(other) == first
