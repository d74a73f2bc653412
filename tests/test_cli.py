"""The ``sml150`` command, end to end through a subprocess, and its argument errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sml150.cli import main

TRACES = Path(__file__).resolve().parent / "data" / "handout-traces"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "sml150", *args],
        input=stdin, capture_output=True, text=True, timeout=300, env=env, check=False,
    )


def test_default_match_plays_a_whole_game() -> None:
    done = run()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Tic-Tac-Toe 3x3")
    assert lines[-1].startswith("Game over! ")
    assert any(line.startswith("Maxie decides to make the move Placed O on location (")
               for line in lines)
    assert done.stderr == ""


@pytest.mark.parametrize("game", ["riskless:m1", "tictactoe:4:draw", "riskless:earth"])
def test_match_on_other_games(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", game, "--maxie", "alphabeta:2", "--minnie", "jamboree:2:0.5",
                 "--move-limit", "6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Game over!")


def test_trace_prints_the_handout_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "hw11-alphabeta", "handout-big"]) == 0
    lines = capsys.readouterr().out.splitlines()
    events = [ln for ln in lines if ln.startswith(("F:", "G:", "Result of"))]
    expected = (TRACES / "hw11-fig4-alphabeta-handoutbig.txt").read_text().splitlines()
    assert events == expected
    assert lines[-1] == "Terminals visited: 6"


def test_trace_jamboree_small(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "hw11-jamboree", "handout-small", "--prune", "0.5"]) == 0
    out = capsys.readouterr().out
    events = [ln for ln in out.splitlines() if ln.startswith(("F:", "G:", "Result of"))]
    expected = (TRACES / "hw11-fig5-jamboree0.5-handoutsmall.txt").read_text().splitlines()
    assert events == expected
    assert out.splitlines()[-1] == "Terminals visited: 9"


def test_play_reads_the_humans_moves() -> None:
    # Maxie (human) plays the explicit HandoutSmall tree: move 1, then Minnie answers.
    done = run("play", "explicit:small", "--human", "maxie", "--ai", "minimax:1",
               "--move-limit", "2", stdin="5\n1\n")
    assert done.returncode == 0, done.stderr
    assert "Bad move for this state: 5" in done.stdout
    assert "Maxie decides to make the move 1 in" in done.stdout


def test_play_when_the_input_ends() -> None:
    done = run("play", "tictactoe:3", stdin="")
    assert done.returncode == 1
    assert done.stderr.strip().startswith("sml150: stopped:")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "chess"], "unknown game 'chess'"),
        (["match", "tictactoe:x"], "bad Tic-Tac-Toe size"),
        (["match", "tictactoe:0"], "board size must be 1..8"),
        (["match", "riskless:mars"], "bad Riskless map"),
        (["match", "--maxie", "alphabeta:0"], "bad search depth '0'"),
        (["match", "--minnie", "jamboree:3:1.5"], "prune percentage must be in [0, 1]"),
        (["match", "--minnie", "jamboree:3"], "'jamboree:3' needs a prune percentage"),
        (["match", "--move-limit", "0"], "--move-limit must be >= 1"),
        (["trace", "hw12", "handout-small"], "invalid choice"),
        (["frobnicate"], "invalid choice"),
        (["grade", "hw10", "/nonexistent/dir"], "submission directory not found"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("sml150: error: ")
    assert message in err


def test_bad_arguments_through_the_real_command() -> None:
    done = run("match", "--maxie", "minimax:-3")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "sml150: error: bad search depth '-3' in 'minimax:-3' (a whole number >= 1)"
    ]
