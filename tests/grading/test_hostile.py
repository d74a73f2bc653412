"""Hostile submissions, graded under the real sandbox: each scores exactly what its honest part
deserves (zero from the starter's stubs, full marks for the reference's code), the grader
survives and reports, and nothing is left behind (no process, no file outside the outputs).

Each fixture (``fixtures/hostile/NAME``) is graded on the few tasks it concerns only.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import socket
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import attrs
import pytest

from sml150.grading import (
    GradeReport,
    SandboxLimits,
    autolab_line,
    grade,
    sandbox_problem,
    text_report,
)
from sml150.grading._bundle import SCRATCH_PREFIX
from sml150.grading.gametree import TASKS as GAMETREE_TASKS
from sml150.grading.hw10 import TASKS as HW10_TASKS
from sml150.grading.hw11 import TASKS as HW11_TASKS

from .conftest import FIXTURES, HOSTILE_LIMITS, overlay

HOSTILE = FIXTURES / "hostile"

NO_BWRAP = sandbox_problem()
pytestmark = pytest.mark.skipif(NO_BWRAP is not None, reason=f"no sandbox: {NO_BWRAP}")


class Attack(NamedTuple):
    """How a fixture is graded, and what it must score."""

    hw: str
    """The homework."""
    base: str
    """``reference`` or ``starter``: what the fixture's modules are put over."""
    tasks: frozenset[str]
    """The tasks graded."""
    zero: frozenset[str]
    """The tasks that must score zero (all others: full marks, but ``partial``)."""
    partial: frozenset[str] = frozenset()
    """The tasks that must score neither zero nor full marks (checked further by name)."""
    flagged: frozenset[str] = frozenset()
    """The files the similarity flags must name (``report.similar``), for a person."""


def _ref(*zero: str, also: tuple[str, ...] = ("5.1",)) -> Attack:
    return Attack("hw10", "reference", frozenset({*zero, *also}), frozenset(zero))


def _stubs(*tasks: str, hw: str = "hw10") -> Attack:
    return Attack(hw, "starter", frozenset(tasks), frozenset(tasks))


ATTACKS: dict[str, Attack] = {
    # over the reference: zero for what the module breaks, full marks elsewhere
    "loop_forever": _ref("5.7", "5.8"),
    "sys_exit": _ref("5.8", also=("5.7",)),
    "os_exit": _ref("5.8", also=("5.7",)),
    "fake_score": _ref(also=("5.7", "5.8")),
    "monkeypatch": _ref("5.7", "5.8"),
    "import_reference": _ref("5.7", "5.8"),
    "raise_on_import": _ref("7.2", also=("5.1", "5.7")),
    "memory_hog": _ref("5.7", "5.8"),
    "fork_bomb": _ref("5.8", also=("5.7",)),
    "escape": _ref("5.8", also=("5.7",)),
    "shadow_stdlib": _ref(also=("5.1", "5.7")),
    # over the starter's stubs: zero, whatever the attack tries
    "native_alias": _stubs("5.7"),
    "native_so": _stubs("5.7", "5.8"),
    "writes": _stubs("5.7"),
    "escape_os": _stubs("5.7"),
    "flood": _stubs("5.7", "5.8"),
    "deep_reply": _stubs("5.7", "5.8"),
    "starve": _stubs("5.7", "5.8"),
    "stall": _stubs("5.7", "5.8"),
    "report_crash": _stubs("5.7"),
    "scratch_files": _stubs("4.1", "4.2", hw="hw11"),
    # one-line constant stubs in every graded function: nothing for nothing
    "constant_stubs": _stubs(*(t.id for t in HW10_TASKS)),
    "constant_stubs_hw11": _stubs(*(t.id for t in HW11_TASKS if t.id != "4.2"), hw="hw11"),
    "constant_stubs_gametree": _stubs(*(t.id for t in GAMETREE_TASKS), hw="gametree"),
    # Task 4.2's tests telling the reference from a mutant by anything but playing (the
    # files, the pipe; the mount table, the order of the runs): they pass on the reference,
    # catch nothing, and so earn nothing
    "tell_apart": Attack("hw11", "reference", frozenset({"4.2"}), frozenset({"4.2"})),
    "mount_table": Attack("hw11", "reference", frozenset({"4.2"}), frozenset({"4.2"})),
    "no_riskless_calls": Attack("hw11", "reference", frozenset({"4.2"}), frozenset({"4.2"})),
    # copies: full marks (a score never guesses), and flagged for a person
    "copied_tests": Attack("hw11", "reference", frozenset({"4.2"}), frozenset(),
                           flagged=frozenset({"test_riskless.py"})),
    "reexport": Attack("hw10", "reference", frozenset({"5.1", "5.5", "5.7", "5.8", "6.1", "7.2"}),
                       frozenset(), flagged=frozenset({"tictactoe.py", "las.py", "alphabeta.py",
                                                       "jamboree.py"})),
}


def test_every_fixture_is_listed() -> None:
    assert {p.name for p in HOSTILE.iterdir() if p.is_dir()} == set(ATTACKS)


def _processes_with(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
    return found


def _children() -> list[int]:
    """This process's child processes (from ``/proc``)."""
    me, found = os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                    found.append(int(entry))
    return found


def _my_cgroups() -> list[str]:
    """The cgroups this process's sandboxes made that still exist."""
    from sml150.grading._cgroup import _own_groups

    prefix = f"sml150-{os.getpid()}-"
    return [str(d / c.name) for d in _own_groups().values() if d.is_dir()
            for c in d.iterdir() if c.name.startswith(prefix)]


def _snapshot(d: Path) -> dict[str, bytes]:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


@contextlib.contextmanager
def _listener() -> Iterator[tuple[socket.socket, list[bytes]]]:
    """A TCP port on 127.0.0.1 that records whatever connects to it."""
    got: list[bytes] = []
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        s.setblocking(False)
        yield s, got
        with contextlib.suppress(BlockingIOError):
            conn, _ = s.accept()
            got.append(conn.recv(100) or b"connected")
            conn.close()


def _private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The grader's scratch directories go here during the test, to check they are removed."""
    scratch = tmp_path / "grader-tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    return scratch


def _reference_path(hw: str, module: str) -> str:
    import importlib

    return str(importlib.import_module(f"sml150.handouts.{hw}.{module}").__file__)


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_hostile_submission(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attack = ATTACKS[name]
    outside = tmp_path / "outside"
    outside.mkdir()
    marker = f"sml150-hostile-{uuid.uuid4().hex}"
    with _listener() as (server, connections):
        values = {
            "LAS_REFERENCE": _reference_path("hw10", "las"),
            "RISKLESS_REFERENCE": _reference_path("hw11", "riskless"),
            "OUTSIDE": str(outside), "MARKER": marker, "GRADER_PID": str(os.getpid()),
            "PORT": str(server.getsockname()[1]), "CALL_TIMEOUT": str(HOSTILE_LIMITS.call_timeout),
            **_riskless_values(), **_reference_values(attack.hw),
        }
        sub = overlay(attack.hw, HOSTILE / name, tmp_path / "sub", base=attack.base,
                      values=values)
        if name == "report_crash":
            _odd_files(sub)
        if name == "native_so":
            _compile_extension(sub / "las.c", sub)
        before = _snapshot(sub)
        # Children this test process already had (a long-lived executor of another test run in
        # the same pytest worker, e.g. loky's reusable pool) are not the grader's.
        earlier_children = set(_children())
        scratch = _private_tmp(tmp_path, monkeypatch)
        raw = io.BytesIO()
        stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict")  # the strictest
        started = time.monotonic()
        report = grade(attack.hw, sub, text=True, autolab=True, gradescope=tmp_path / "gs.json",
                       limits=_limits(attack), out=stream, tasks=attack.tasks, sandbox=True)
        seconds = time.monotonic() - started
        stream.flush()
    lines = raw.getvalue().decode("ascii").splitlines()
    scores = {t.id: t.score for t in report.tasks}
    assert {t for t, s in scores.items() if s == 0} == attack.zero, report.notes
    full = {t.id for t in report.tasks if t.score == t.max_points}
    assert full == attack.tasks - attack.zero - attack.partial
    assert report.ok
    # A report all the same, the autoresult last, a valid results.json.
    assert lines[-1] == autolab_line(report)
    assert json.loads(lines[-1])["scores"] == {f"Task {t}": s for t, s in scores.items()}
    assert json.loads((tmp_path / "gs.json").read_text())["score"] == report.total
    # Nothing changed, nothing left behind, nobody reached.
    assert _snapshot(sub) == before
    assert sorted(outside.iterdir()) == []
    # (but the library this process's sandboxed runs share, bound read-only: removed at exit)
    shared = f"{SCRATCH_PREFIX}{os.getpid()}-library-"
    assert sorted(p for p in scratch.iterdir() if not p.name.startswith(shared)) == []
    assert not Path("/tmp/sml150-hostile-was-here").exists()
    assert not Path("/tmp/sml150-hostile.sqlite").exists()
    assert not Path("/tmp/leaked.py").exists()
    assert connections == []
    assert _processes_with(marker) == []
    assert set(_children()) - earlier_children == set()  # every sandbox is gone
    assert _my_cgroups() == []  # and every sandbox's cgroups
    # Every task ends within its budget, however its calls stall.
    assert seconds <= _limits(attack).group_budget * _budgets(attack) + 20
    if name == "scratch_files":
        _no_reference_text(report, tmp_path / "gs.json")
    for module in attack.flagged:  # for a person to review; the score is what it earns
        assert any(f.startswith(f"{module}:") for f in report.similar), report.similar
    if name in ("tell_apart", "no_riskless_calls"):  # they pass on the reference: no point
        (task,) = report.tasks
        assert not any(o.passed for o in task.tests)
        assert ("catch no broken Riskless" in task.tests[0].reason
                or "different results on two runs" in task.tests[0].reason)


def _budgets(attack: Attack) -> float:
    """How many task budgets the attack's tasks may use in all (``TaskSpec.budgets``)."""
    from sml150.grading._handout import homework

    return sum(t.budgets for t in homework(attack.hw)[1] if t.id in attack.tasks)


def _limits(attack: Attack) -> SandboxLimits:
    """``HOSTILE_LIMITS``; Task 4.2 (two workers for each of its twelve runs) gets the time
    to run them all when it is graded on tests that pass on the reference."""
    if attack.hw == "hw11" and "4.2" in attack.tasks and attack.base == "reference":
        return attrs.evolve(HOSTILE_LIMITS, group_budget=20.0)
    return HOSTILE_LIMITS


def _reference_values(hw: str) -> dict[str, str]:
    """The reference's modules (``REF_<module>``), ``las`` compressed and in base64, and
    Task 4.2's own tests with their functions renamed, for the copying fixtures."""
    import base64
    import re
    import zlib

    from sml150.grading._handout import homework
    from sml150.grading._starter import reference_source, solution_source
    from sml150.grading.hw11 import REFERENCE_TESTS

    out = {f"REF_{spec.name}": solution_source(reference_source(hw, spec.name))
           for spec in homework(hw)[0]}
    if "REF_las" in out:
        out["REF_las_B64Z"] = base64.b64encode(zlib.compress(out["REF_las"].encode())).decode()
    out["REFERENCE_TESTS_RENAMED"] = re.sub(r"\bdef test_(\w+)", r"def test_my_\1",
                                            REFERENCE_TESTS.replace('"""', "#", 2))
    return out


def _riskless_values() -> dict[str, str]:
    """The Task 4.2 mutants' distinctive texts and the reference's hash, for ``tell_apart``."""
    import hashlib

    from sml150.grading._starter import reference_source, solution_source
    from sml150.grading.hw11 import RISKLESS_MUTANTS

    reference = solution_source(reference_source("hw11", "riskless"))
    texts = [m.replace for m in RISKLESS_MUTANTS
             if m.replace not in reference and len(m.replace) > 12]  # not a bare `pass`
    return {"MUTANT_TEXTS": json.dumps(texts),
            "REFERENCE_SHA": hashlib.sha256(reference.encode()).hexdigest()}


def _compile_extension(source: Path, target: Path) -> None:
    """Compile ``source`` into an extension module ``las`` in ``target`` (the submission), as
    a student would submit it; skip the test where no C compiler or Python headers exist."""
    import shutil
    import subprocess
    import sysconfig

    cc = shutil.which("cc") or shutil.which("gcc")
    include = sysconfig.get_paths()["include"]
    if cc is None or not (Path(include) / "Python.h").is_file():
        pytest.skip("no C compiler or Python headers to build the hostile extension module")
    so = target / f"las{sysconfig.get_config_var('EXT_SUFFIX')}"
    subprocess.run([cc, "-shared", "-fPIC", "-O0", "-I", include, str(source), "-o", str(so)],
                   check=True, capture_output=True, timeout=120)


def _odd_files(sub: Path) -> None:
    """An undecodable file name and a path longer than ``PATH_MAX`` in the submission."""
    (sub / os.fsdecode(b"notes-\xff\xfe.py")).write_text("x = 1\n")
    deep = sub
    for _ in range(25):
        deep = deep / ("d" * 200)
        try:
            deep.mkdir()
        except OSError:
            return
    with contextlib.suppress(OSError):
        (deep / "las.py").write_text("x = 1\n")


def _no_reference_text(report: GradeReport, gradescope: Path) -> None:
    """No line of the reference Riskless appears in any report."""
    source = Path(_reference_path("hw11", "riskless")).read_text()
    distinctive = [ln.strip() for ln in source.splitlines()
                   if len(ln.strip()) > 30 and not ln.strip().startswith(("#", '"', "from"))]
    assert distinctive
    shown = text_report(report) + gradescope.read_text()
    for line in distinctive:
        assert line not in shown
    squashed = "".join(c if c.isalnum() else "_" for c in source[:90])
    assert squashed[:40] not in shown


def test_a_missing_submission_still_gets_a_report(tmp_path: Path) -> None:
    report = grade("hw10", tmp_path / "nowhere", text=False, limits=HOSTILE_LIMITS,
                   tasks={"5.7"})
    assert report.total == 0
    assert any("not a directory" in n for n in report.notes)


LOAD_ELSEWHERE = '''"""Hostile: loads a reference copy from elsewhere on the machine, by path."""
import importlib.util

_spec = importlib.util.spec_from_file_location("ref_las", {path!r})
_ref = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ref)
look_and_say, las_wrap = _ref.look_and_say, _ref.las_wrap
'''


def _reference_copy_elsewhere(tmp_path: Path) -> Path:
    """A second copy of the reference solution, outside the grader's own package."""
    from sml150.grading import write_solution

    elsewhere = tmp_path / "another-checkout"
    write_solution("hw10", elsewhere)
    return elsewhere / "las.py"


def test_a_reference_copy_elsewhere_cannot_be_loaded(tmp_path: Path) -> None:
    # Not only the grader's package: any file outside the submission and the library is
    # out of the worker's view (a clean CI clone beside another checkout found this hole).
    copy = _reference_copy_elsewhere(tmp_path)
    sub = overlay("hw10", HOSTILE / "fake_score", tmp_path / "sub")
    (sub / "las.py").write_text(LOAD_ELSEWHERE.format(path=str(copy)))
    report = grade("hw10", sub, text=False, limits=HOSTILE_LIMITS, tasks={"5.1", "5.7", "5.8"})
    assert report.scores() == {"5.1": 4, "5.7": 0, "5.8": 0}


def test_a_symlinked_module_is_not_followed(tmp_path: Path) -> None:
    copy = _reference_copy_elsewhere(tmp_path)
    sub = overlay("hw10", HOSTILE / "fake_score", tmp_path / "sub")
    (sub / "las.py").unlink()
    (sub / "las.py").symlink_to(copy)
    report = grade("hw10", sub, text=False, limits=HOSTILE_LIMITS, tasks={"5.7", "5.8"})
    assert report.scores() == {"5.7": 0, "5.8": 0}
    assert any("skipped las.py: a symbolic link" in n for n in report.notes)


@pytest.mark.xdist_group("batch-starve")
def test_a_classmate_beside_a_hostile_submission_keeps_full_marks(tmp_path: Path) -> None:
    """``starve`` (threads, memfd, a full /tmp) graded at the same time as the reference."""
    from sml150.grading import write_solution
    from sml150.grading._batch import grade_batch
    from sml150.parallel import executor

    class_dir = tmp_path / "class"
    write_solution("hw10", class_dir / "honest")
    overlay("hw10", HOSTILE / "starve", class_dir / "hostile", base="starter",
            values={"CALL_TIMEOUT": str(HOSTILE_LIMITS.call_timeout)})
    with executor("processes:2") as ex:
        rows = grade_batch("hw10", class_dir, ex=ex, out=tmp_path / "grades",
                           tasks=("5.7", "5.8"), sandbox=True)
    by_name = {r.student: r for r in rows}
    assert by_name["honest"].total == 20.0, by_name["honest"]
    assert by_name["honest"].status == "graded"
    assert by_name["hostile"].total == 0.0
