"""Tournaments: reproducible on every executor, a killed worker retried, time limits, output."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import attrs
import pytest

from sml150.cli import main
from sml150.parallel import executor
from sml150.tournament import GameResult, Pairing, Tournament, play_game, run_tournament

GAME = "riskless:m1"
PLAYERS = ["minimax:1", "alphabeta:2", "jamboree:2:0.5"]


def games_of(t: Tournament) -> list[GameResult]:
    return [attrs.evolve(r, seconds=0.0) for r in t.results]


@pytest.fixture(scope="module")
def serial_run() -> Tournament:
    with executor("serial") as ex:
        return run_tournament(GAME, PLAYERS, games=2, seed=3, ex=ex, move_limit=30)


def test_same_seed_same_table_on_processes(serial_run: Tournament) -> None:
    with executor("processes:2") as ex:
        t = run_tournament(GAME, PLAYERS, games=2, seed=3, ex=ex, move_limit=30)
    assert t.standings == serial_run.standings
    assert games_of(t) == games_of(serial_run)
    assert len(t.results) == 6
    assert sum(s.points for s in t.standings) == 6


def test_both_colours_share_an_opening(serial_run: Tournament) -> None:
    first, second = serial_run.results[:2]
    assert (first.maxie, first.minnie) == (second.minnie, second.maxie)
    assert first.opening == second.opening


def test_the_seed_draws_the_openings(serial_run: Tournament) -> None:
    with executor("serial") as ex:
        other = run_tournament(GAME, PLAYERS, games=2, seed=4, ex=ex, move_limit=30)
    assert [r.opening for r in other.results] != [r.opening for r in serial_run.results]


def _pid(delay: float) -> int:
    time.sleep(delay)
    return os.getpid()


@pytest.mark.timeout(120)  # a lost worker must never hang the run
def test_a_worker_killed_mid_run_is_retried(serial_run: Tournament) -> None:
    killed: list[int] = []
    with executor("processes:2") as ex:
        pids = sorted({f.result() for f in [ex.submit(_pid, 0.3) for _ in range(2)]})

        def kill_once(_r: GameResult) -> None:
            if not killed:
                killed.append(pids[0])
                os.kill(pids[0], signal.SIGKILL)

        t = run_tournament(GAME, PLAYERS, games=2, seed=3, ex=ex, move_limit=30,
                           on_done=kill_once)
    assert killed
    assert games_of(t) == games_of(serial_run)


def test_the_time_limit_ends_a_game_against_the_side_to_move() -> None:
    r = play_game("tictactoe:4", Pairing(0, "minimax:8", "minimax:8", "0:0:1:0"),
                  time_limit=0.05)
    assert (r.reason, r.outcome, r.moves) == ("time limit", "minnie", 0)


def test_json_and_csv_are_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    j, c = tmp_path / "t.json", tmp_path / "t.csv"
    assert main(["tournament", "tictactoe:3", "--players", "minimax:1", "alphabeta:3",
                 "--games", "2", "--json", str(j), "--csv", str(c)]) == 0
    out = capsys.readouterr().out
    assert "player" in out
    assert "alphabeta:3" in out
    data = json.loads(j.read_text())
    assert data["players"] == ["minimax:1", "alphabeta:3"]
    assert len(data["results"]) == 2
    assert {r["reason"] for r in data["results"]} <= {"game over", "move limit"}
    rows = c.read_text().splitlines()
    assert rows[0] == "player,games,won,drawn,lost,points,elo,elo_low,elo_high"
    assert len(rows) == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--players", "minimax:1"], "at least two players"),
     (["--players", "minimax:1", "human"], "no human players"),
     (["--players", "minimax:1", "minimax:1"], "enter once"),
     (["--players", "minimax:1", "alphabeta:x"], "bad search depth"),
     (["--players", "minimax:1", "minimax:2", "--games", "0"], "--games must be >= 1"),
     (["--players", "minimax:1", "minimax:2", "--executor", "gpu"], "bad executor spec")],
)
def test_bad_arguments_are_one_line_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "tictactoe:3", *argv]) == 2
    assert message in capsys.readouterr().err
