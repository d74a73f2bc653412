"""The worker sandbox: what a submission's code cannot do, and how the grader survives it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sml150.grading._model import Reply
from sml150.grading._sandbox import Bundle, Limits, WorkerDied, WorkerSession

Json = object


@pytest.fixture(scope="module")
def bundle() -> Iterator[Bundle]:
    with Bundle() as b:
        yield b


@pytest.fixture
def worker(bundle: Bundle) -> Iterator[WorkerSession]:
    with WorkerSession(bundle, [], Limits(call_timeout=5.0, memory=1024**3)) as w:
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
    import sml150

    path = sml150.__file__
    reply = worker.call(builtin("open", path))
    assert (reply.ok, reply.exc) == (False, "PermissionError")


def test_library_and_prints_work(worker: WorkerSession) -> None:
    tree = ["N", "a", [["E", "b", -3]]]
    game = ["call", ["get", ["lib", "sml150.lib.explicit"], "ExplicitGame"], ["tree", tree]]
    leaf = ["call", ["get", game, "make_move"], ["get", game, "start"], ["lit", 0]]
    reply = worker.call(["call", ["get", game, "estimate"], leaf])
    assert reply == Reply(True, {"rec": "Guess", "f": {"n": -3}}, out="Estimating state b[~3]\n")


def test_sys_exit_is_an_exception(worker: WorkerSession) -> None:
    reply = worker.call(["call", ["get", ["mod", "sys"], "exit"], ["lit", 3]])
    assert (reply.ok, reply.exc) == (False, "SystemExit")
    assert worker.call(["lit", 1]).value == 1  # the worker goes on


def test_os_exit_kills_only_the_worker(worker: WorkerSession) -> None:
    with pytest.raises(WorkerDied, match="exited"):
        worker.call(os_call("_exit", 0))


def test_timeout_kills_the_worker(bundle: Bundle) -> None:
    endless = ["call", ["get", ["mod", "itertools"], "count"]]
    with WorkerSession(bundle, [], Limits(call_timeout=0.5)) as w, \
            pytest.raises(WorkerDied, match="time limit"):
        w.call(["call", ["get", ["mod", "builtins"], "sum"], endless])


def test_memory_limit(bundle: Bundle) -> None:
    with WorkerSession(bundle, [], Limits(memory=512 * 1024**2)) as w:
        reply = w.call(builtin("bytearray", 4 * 1024**3))
        assert (reply.ok, reply.exc) == (False, "MemoryError")


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


def test_the_audit_hook_resists_tampering(bundle: Bundle, tmp_path: Path) -> None:
    import sml150

    (tmp_path / "tamper.py").write_text(TAMPER)
    with WorkerSession(bundle, [tmp_path], Limits()) as w:
        reply = w.call(["call", ["get", ["mod", "tamper"], "attack"], ["lit", sml150.__file__]])
    assert (reply.ok, reply.exc) == (False, "PermissionError")
