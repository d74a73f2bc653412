"""Sandbox modes, exit statuses and the command line of ``sml150 grade``.

A missing bubblewrap is simulated with ``SandboxLimits(bwrap=...)`` pointing nowhere, so these run
the same on machines with and without it.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sml150.cli import main as cli_main
from sml150.grading import (
    EXIT_GRADED,
    EXIT_GRADER_FAILED,
    EXIT_NO_SANDBOX,
    EXIT_USAGE,
    SandboxLimits,
    SandboxUnavailable,
    autolab_line,
    grade,
    grade_command,
    sandbox_problem,
)

from .conftest import HOSTILE_LIMITS, starter_modules

NOWHERE = SandboxLimits(call_timeout=HOSTILE_LIMITS.call_timeout,
                 group_budget=HOSTILE_LIMITS.group_budget, bwrap="/nonexistent/bwrap")


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return starter_modules("hw10", tmp_path_factory.mktemp("starter"))


def test_without_bubblewrap_a_student_still_gets_a_report(starter: Path) -> None:
    out = io.StringIO()
    report = grade("hw10", starter, limits=NOWHERE, out=out, tasks={"5.7"})
    assert report.scores() == {"5.7": 0}
    warnings = [ln for ln in out.getvalue().splitlines() if "not tamper-proof" in ln]
    assert len(warnings) == 1
    assert "/nonexistent/bwrap" in warnings[0]


@pytest.mark.parametrize("kind", ["autolab", "gradescope", "required"])
def test_autograder_outputs_refuse_without_bubblewrap(starter: Path, tmp_path: Path,
                                                      kind: str) -> None:
    with pytest.raises(SandboxUnavailable, match="--no-sandbox"):
        grade("hw10", starter, limits=NOWHERE, out=io.StringIO(), tasks={"5.7"},
              autolab=kind == "autolab",
              gradescope=tmp_path / "results.json" if kind == "gradescope" else None,
              sandbox=True if kind == "required" else None)
    assert not (tmp_path / "results.json").exists()


def test_the_refusal_is_exit_status_3(starter: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = grade_command("hw10", starter, autolab=True, limits=NOWHERE, tasks={"5.7"})
    assert status == EXIT_NO_SANDBOX
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "refusing" in err


def test_no_sandbox_grades_for_autolab(starter: Path, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    status = grade_command("hw10", starter, autolab=True, no_sandbox=True, limits=NOWHERE,
                           gradescope=tmp_path / "results.json", tasks={"5.7"})
    assert status == EXIT_GRADED
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1])["scoreboard"][0] == 0
    assert any("not tamper-proof: graded without the sandbox (--no-sandbox)" in ln
               for ln in lines)
    assert json.loads((tmp_path / "results.json").read_text())["score"] == 0


def test_an_unwritable_results_file_is_a_grader_failure(starter: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    out = io.StringIO()
    status = grade_command("hw10", starter, autolab=True, no_sandbox=True, limits=NOWHERE,
                           gradescope=blocker / "results.json", out=out, tasks={"5.7"})
    assert status == EXIT_GRADER_FAILED
    assert out.getvalue().splitlines()[-1].startswith('{"scores"')


def test_unknown_homework_or_task(starter: Path) -> None:
    assert grade_command("hw99", starter) == EXIT_USAGE
    with pytest.raises(ValueError, match=r"no task 9\.9"):
        grade("hw10", starter, tasks={"9.9"}, limits=NOWHERE)


def test_the_grade_command_passes_no_sandbox_and_tasks(
        starter: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["grade", "hw10", str(starter), "--quiet", "--no-sandbox", "--autolab",
            "--task", "5.7", "--task", "5.8"]
    assert cli_main(argv) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert json.loads(last)["scores"] == {"Task 5.7": 0, "Task 5.8": 0}


@pytest.mark.skipif(sandbox_problem() is not None, reason="no sandbox")
def test_with_bubblewrap_no_warning(starter: Path) -> None:
    out = io.StringIO()
    report = grade("hw10", starter, limits=HOSTILE_LIMITS, out=out, tasks={"5.7"},
                   autolab=True)
    assert "tamper-proof" not in out.getvalue()
    assert out.getvalue().splitlines()[-1] == autolab_line(report)


def test_batch_refuses_an_unknown_task_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "alice").mkdir()
    assert cli_main(["grade", "hw10", str(tmp_path), "--batch", "--task", "9.9"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no task 9.9 in hw10" in err[0]


def test_batch_refuses_an_unreachable_scheduler_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "alice").mkdir()
    monkeypatch.setenv("SML150_CONNECT_TIMEOUT", "1")
    argv = ["grade", "hw10", str(tmp_path), "--batch", "--executor", "dask:tcp://127.0.0.1:1"]
    assert cli_main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "could not reach the Dask scheduler" in err[0]
    assert not (tmp_path.parent / f"{tmp_path.name}-grades").exists()  # nothing was graded
