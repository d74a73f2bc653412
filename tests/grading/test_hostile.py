"""Hostile submissions: each gets zero for what it breaks, the grader survives and reports."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sml150.grading import GradeReport, autolab_line, grade

from .conftest import FIXTURES, HOSTILE_LIMITS, overlay

HOSTILE = FIXTURES / "hostile"

# fixture -> the HW10 tasks it must score zero on (all others keep full marks)
EXPECTED: dict[str, set[str]] = {
    "loop_forever": {"5.7", "5.8"},
    "sys_exit": {"5.8"},
    "os_exit": {"5.8"},
    "fake_score": set(),
    "monkeypatch": {"5.7", "5.8"},
    "import_reference": {"5.7", "5.8"},
    "raise_on_import": {"7.2", "7.3", "7.4"},
    "memory_hog": {"5.7", "5.8"},
    "fork_bomb": {"5.8"},
    "escape": {"5.8"},
}


def test_every_fixture_is_listed() -> None:
    assert {p.name for p in HOSTILE.iterdir() if p.is_dir()} == set(EXPECTED)


def _grade(name: str, tmp_path: Path) -> tuple[GradeReport, list[str], Path]:
    sub = overlay("hw10", HOSTILE / name, tmp_path / "sub")
    out = tmp_path / "stdout.txt"
    with out.open("w") as stream:
        report = grade("hw10", sub, text=True, autolab=True, gradescope=tmp_path / "gs.json",
                       limits=HOSTILE_LIMITS, out=stream)
    return report, out.read_text().splitlines(), tmp_path / "gs.json"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hostile_submission(name: str, tmp_path: Path) -> None:
    marker = Path("/tmp/sml150-hostile-was-here")
    marker.unlink(missing_ok=True)
    report, lines, gs = _grade(name, tmp_path)
    zero = {t.id for t in report.tasks if t.score == 0}
    full = {t.id for t in report.tasks if t.score == t.max_points}
    assert zero == EXPECTED[name]
    assert full == {t.id for t in report.tasks} - EXPECTED[name]
    # The grader's autoresult is the last line, whatever the submission printed.
    assert lines[-1] == autolab_line(report)
    assert json.loads(lines[-1])["scores"]["Task 5.7"] in (0.0, 10.0)
    assert json.loads(gs.read_text())["score"] == report.total
    assert not marker.exists()
    assert os.getpid() > 0  # still here: nothing killed the grader


def test_a_missing_submission_still_gets_a_report(tmp_path: Path) -> None:
    report = grade("hw10", tmp_path / "nowhere", text=False, limits=HOSTILE_LIMITS)
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
    # unreadable (a clean CI clone beside another checkout found this hole).
    copy = _reference_copy_elsewhere(tmp_path)
    sub = overlay("hw10", HOSTILE / "fake_score", tmp_path / "sub")
    (sub / "las.py").write_text(LOAD_ELSEWHERE.format(path=str(copy)))
    report = grade("hw10", sub, text=False, limits=HOSTILE_LIMITS)
    scores = {t.id: t.score for t in report.tasks}
    assert scores["5.7"] == 0
    assert scores["5.8"] == 0
    assert report.total == report.max_total - 20


def test_a_symlinked_module_is_not_followed(tmp_path: Path) -> None:
    copy = _reference_copy_elsewhere(tmp_path)
    sub = overlay("hw10", HOSTILE / "fake_score", tmp_path / "sub")
    (sub / "las.py").unlink()
    (sub / "las.py").symlink_to(copy)
    report = grade("hw10", sub, text=False, limits=HOSTILE_LIMITS)
    scores = {t.id: t.score for t in report.tasks}
    assert scores["5.7"] == 0
    assert scores["5.8"] == 0
    assert any("skipped las.py: a symbolic link" in n for n in report.notes)
