"""Defaults that answer in seconds (issue 30): the default players think for a time, and solve
says at once what it is solving and what it will not solve."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from sml150.cli import _parser, main

SML150 = [sys.executable, "-m", "sml150"]


def test_the_default_players_think_for_a_time() -> None:
    args = _parser().parse_args(["match"])
    assert (args.maxie, args.minnie) == ("id:1", "id:0.5")


@pytest.mark.parametrize("game", ["tictactoe:8", "riskless:earth"])
def test_the_default_players_move_within_seconds(game: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    assert main(["match", game, "--move-limit", "4", "--quiet"]) == 0
    assert capsys.readouterr().out.count(" decides to make the move ") == 4
    assert time.perf_counter() - started < 4 * 1.0 + 20  # a second a move, and the start


@pytest.mark.parametrize(("game", "why"), [
    ("riskless:m1", "can go on for ever"),
    ("riskless:earth", "can go on for ever"),
    ("tictactoe:4:draw", "kinarow:4"),
])
def test_solve_says_at_once_what_it_will_not_solve(
        game: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    assert main(["solve", game]) == 1
    out = capsys.readouterr().out
    assert "not solved: " in out and why in out
    assert time.perf_counter() - started < 10  # not the default minute


def test_solve_with_a_budget_still_tries(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "riskless:m1", "--max-seconds", "0.5"]) == 1
    assert "no result within the budget: 0.5 s" in capsys.readouterr().out


def test_solve_shows_the_position_at_once_and_is_bounded() -> None:
    proc = subprocess.Popen([*SML150, "solve", "connect4"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # before the solver has finished (it takes the minute)
        assert first == "Connect Four 7x6, moves (the empty board)\n"
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()


def test_connect_four_gets_the_default_budget(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sml150.cli._solve.ENGINE_SECONDS", 0.5)  # the minute, made short
    assert main(["solve", "connect4"]) == 1
    assert "not solved: no result within the time limit (budget: 0.5 s)" in \
        capsys.readouterr().out
