"""A course's deployment: staff bundles, hidden cases from the course secret, copies flagged.

The public package builds the same hidden cases everywhere; with a course secret they change
and cannot be rebuilt without it. ``sml150 autograder`` writes the Gradescope and Autolab
bundles (staff only, holding the secret). A submission whose graded functions are nearly the
reference's is flagged in the staff's report and the batch table, never scored down.
"""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from sml150.cli import main
from sml150.grading import grade, text_report, write_solution
from sml150.grading._secret import ENV, ENV_FILE, course_secret
from sml150.grading._similarity import similarity_flags

from .test_faithful import FAITHFUL, SOLUTIONS, port_submission

SECRET = "a course secret of 32 characters"


def test_hidden_cases_come_from_the_course_secret(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    from sml150.grading.hw10 import TASKS

    task = next(t for t in TASKS if t.id == "6.2")
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.delenv(ENV_FILE, raising=False)
    public = [c for c in task.cases() if not c.hidden]
    package = [c.name for c in task.cases() if c.hidden]
    monkeypatch.setenv(ENV, SECRET)
    assert [c for c in task.cases() if not c.hidden] == public  # students run these
    course = [c.name for c in task.cases() if c.hidden]
    assert course != package
    monkeypatch.delenv(ENV)
    (tmp_path / "secret").write_text(SECRET + "\n")
    monkeypatch.setenv(ENV_FILE, str(tmp_path / "secret"))
    assert course_secret() == SECRET
    assert [c.name for c in task.cases() if c.hidden] == course


def test_the_reference_scores_full_marks_on_a_courses_hidden_cases(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from sml150.grading._inprocess import grade_in_process

    monkeypatch.setenv(ENV, SECRET)
    write_solution("hw10", tmp_path)
    result = grade_in_process("hw10", tmp_path, tasks=("5.6", "6.2", "7.3"))
    assert all(p == n for p, n in result["scores"].values()), result["failures"][:3]


def test_gradescope_bundle(tmp_path: Path) -> None:
    assert main(["autograder", "gradescope", "hw11", str(tmp_path), "--secret", SECRET]) == 0
    bundle = tmp_path / "autograder.zip"
    assert stat.S_IMODE(bundle.stat().st_mode) == 0o600  # staff only
    with zipfile.ZipFile(bundle) as z:
        names = set(z.namelist())
        assert {"setup.sh", "run_autograder", "course_secret",
                "sml150/grading/_engine.py", "sml150/handouts/hw11/riskless.py"} <= names
        assert not any("__pycache__" in n for n in names)
        assert z.read("course_secret").decode().strip() == SECRET
        run = z.read("run_autograder").decode()
        assert 'grade hw11 "$root/submission"' in run and "results.json" in run
        assert 'root="${AUTOGRADER_ROOT:-/autograder}"' in run
        assert "lark==" in z.read("setup.sh").decode()
        assert (z.getinfo("run_autograder").external_attr >> 16) & 0o111


def test_autolab_bundle_files_and_where_the_secret_is(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Graded as Autolab runs it in test_platforms.py; here: what is written, and what is said."""
    assert main(["autograder", "autolab", "hw10", str(tmp_path), "--secret", SECRET]) == 0
    said = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in said] == [
        f"wrote {tmp_path / n}" for n in ("autograde.tar", "autograde-Makefile",
                                          "autograde-setup.sh")]
    assert "holds the course secret" in said[0]
    assert all("no secret" in line for line in said[1:])
    assert SECRET not in (tmp_path / "autograde-Makefile").read_text()
    with tarfile.open(tmp_path / "autograde.tar") as tar:
        secret = tar.extractfile("autograde/course_secret")
        assert secret is not None and secret.read().decode().strip() == SECRET


def test_the_autograder_command_needs_a_long_secret(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.delenv(ENV_FILE, raising=False)
    assert main(["autograder", "gradescope", "hw10", str(tmp_path)]) == 2
    assert main(["autograder", "gradescope", "hw10", str(tmp_path), "--secret", "short"]) == 2
    assert not list(tmp_path.iterdir())


def test_a_copy_of_the_reference_is_flagged_for_staff_only(tmp_path: Path) -> None:
    copied = tmp_path / "copied"
    write_solution("hw11", copied)
    flags = similarity_flags("hw11", copied)
    assert any(f.startswith("graphseq.py") for f in flags)
    assert any(f.startswith("alphabeta.py") for f in flags)
    report = grade("hw11", copied, tasks=["2.1"], out=io.StringIO(), sandbox=False)
    assert report.similar == tuple(flags) and report.scores()["2.1"] == 2.0
    assert "similar:" in text_report(report, reveal=True)
    assert "similar:" not in text_report(report)  # the student's report


@pytest.mark.parametrize("name", SOLUTIONS)
def test_an_independent_solution_is_not_flagged(name: str, tmp_path: Path) -> None:
    hw = name.split("_", maxsplit=1)[0]
    assert similarity_flags(hw, port_submission(name, tmp_path / name)) == []
    assert FAITHFUL.is_dir()
