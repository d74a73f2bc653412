"""A course's deployment: staff bundles, hidden cases from the course secret, copies flagged.

The public package builds the same hidden cases everywhere; with a course secret they change
and cannot be rebuilt without it. ``sml150 autograder`` writes the Gradescope and Autolab
bundles (staff only, holding the secret). A submission whose graded functions are nearly the
reference's is flagged in the staff's report and the batch table, never scored down.
"""

from __future__ import annotations

import io
import json
import os
import shutil
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
        assert "grade hw11 /autograder/submission" in run and "results.json" in run
        assert (z.getinfo("run_autograder").external_attr >> 16) & 0o111


def test_autolab_bundle_grades_a_handin(tmp_path: Path) -> None:
    """The Makefile's steps, run as Autolab runs them (make in a directory with the handin)."""
    if shutil.which("make") is None:
        pytest.skip("no make here")
    import subprocess
    import sys

    out = tmp_path / "bundle"
    assert main(["autograder", "autolab", "hw10", str(out), "--secret", SECRET]) == 0
    work = tmp_path / "autolab"
    work.mkdir()
    shutil.copy(out / "autograde.tar", work)
    shutil.copy(out / "autograde-Makefile", work / "Makefile")
    sub = tmp_path / "sub"
    write_solution("hw10", sub)
    with tarfile.open(work / "handin.tar", "w") as tar:
        for f in sub.glob("*.py"):
            tar.add(f, arcname=f.name)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    # python3 on PATH is this interpreter (the course's image has its own, with the packages)
    proc = subprocess.run(["make", "-s"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    last = proc.stdout.strip().splitlines()[-1]
    scores = json.loads(last)["scores"]
    assert scores and all(v > 0 for v in scores.values()), proc.stdout[-2000:]


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
