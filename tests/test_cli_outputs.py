"""Where a command writes is checked before its work: one line, exit status 2, nothing made;
help that cannot be written is one line and status 1."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from sml150.cli import main


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str], words: str) -> None:
    started = time.perf_counter()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sml150: error: ") and err.count("\n") == 1, err
    assert words in err, err
    assert time.perf_counter() - started < 5  # refused before the work, not after it


def test_gradescope_results_in_a_missing_folder(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sub").mkdir()
    missing = tmp_path / "nowhere" / "results.json"
    _refused(["grade", "hw10", str(tmp_path / "sub"), "--gradescope", str(missing)], capsys,
             "no folder")
    assert not missing.parent.exists()
    _refused(["grade", "hw10", str(tmp_path / "sub"), "--gradescope", str(tmp_path)], capsys,
             "is a folder")


def test_batch_out_through_a_dangling_link(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "class").mkdir()
    (tmp_path / "grades").symlink_to(tmp_path / "gone")
    _refused(["grade", "hw10", str(tmp_path / "class"), "--batch", "--out",
              str(tmp_path / "grades")], capsys, "symbolic link to nothing")
    (tmp_path / "file").write_text("")
    _refused(["grade", "hw10", str(tmp_path / "class"), "--batch", "--out",
              str(tmp_path / "file")], capsys, "is a file")


@pytest.mark.parametrize("flag", ["--json", "--csv"])
def test_tournament_files_are_checked_before_the_games(
        flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "riskless:m2", "--players", "alphabeta:3", "minimax:2", "--games", "4"]
    _refused([*args, flag, str(tmp_path / "none" / "t.out")], capsys, "no folder")
    _refused([*args, flag, str(tmp_path)], capsys, "is a folder")


@pytest.mark.parametrize("limit", ["inf", "nan", "-1", "0"])
def test_tournament_time_limit_is_a_number_of_seconds(
        limit: str, capsys: pytest.CaptureFixture[str]) -> None:
    _refused(["tournament", "tictactoe:3", "--players", "minimax:1", "minimax:2",
              "--time-limit", limit], capsys, "--time-limit must be a number of seconds")


def test_workspan_plot_is_checked_before_measuring(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    args = ["workspan", "riskless:m2", "--player", "jamboree:4"]
    _refused([*args, "--out", str(tmp_path)], capsys, "is a folder")
    _refused([*args, "--out", str(tmp_path / "plot")], capsys, "suffix")
    assert not (tmp_path / "plot.png").exists()
    _refused([*args, "--out", str(tmp_path / "no" / "plot.png")], capsys, "no folder")


def test_handout_refuses_where_python_imports_packages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    site = Path(sysconfig.get_paths()["purelib"])
    for target in (site, site / "attrs" / "starter"):
        _refused(["handout", "hw10", str(target)], capsys, "would shadow the library")
    assert not (site / "attrs" / "starter").exists()


def test_trace_drawings_are_checked_before_the_search(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    args = ["trace", "hw11-jamboree", "handout-small"]
    _refused([*args, "--svg", str(tmp_path / "no" / "fig.svg")], capsys, "no folder")
    _refused([*args, "--html", str(tmp_path)], capsys, "is a folder")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("unbuffered", ["1", ""], ids=["unbuffered", "buffered"])
@pytest.mark.parametrize("argv", [["--help"], ["tournament", "--help"], ["--version"]],
                         ids=" ".join)
def test_help_to_a_full_device_is_one_line(argv: list[str], unbuffered: str) -> None:
    # argparse swallows the failed write of its help: it exited 0 with nothing written
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "sml150", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=120,
                              check=False)
    assert done.returncode == 1, done.stderr
    assert done.stderr == "sml150: error: could not write the output: No space left on device\n"
