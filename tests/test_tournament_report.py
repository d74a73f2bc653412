"""Reports (issue 22): tournament seconds rounded in the JSON, no Elo from too few games;
workspan says matplotlib is missing before it measures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sml150.tournament import GameResult, Tournament, standings, standings_table, write_json


def one_game() -> Tournament:
    result = GameResult(0, "a", "b", "maxie", "game over", 5, (), 0.123456789012)
    return Tournament("tictactoe:3", ("a", "b"), 0, (result,), tuple(standings(["a", "b"],
                                                                               [result])))


def test_json_seconds_are_rounded() -> None:
    games = json.loads(write_json(one_game(), None))["results"]
    assert [g["seconds"] for g in games] == [0.123]


def test_one_game_has_no_elo() -> None:
    table = standings_table(one_game().standings)
    assert "+0 [+0, +0]" not in table.replace("   ", " ")
    assert table.count("undefined: too few games (1)") == 2


def test_workspan_says_matplotlib_is_missing_before_measuring(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from sml150 import workspan
    from sml150.cli import main

    def never(*_args: object) -> None:
        raise AssertionError("measured before checking for matplotlib")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it fails
    monkeypatch.setattr(workspan, "measure", never)
    out = tmp_path / "w.png"
    assert main(["workspan", "tictactoe:3", "--player", "jamboree:4", "--out", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"sml150: error: --out {out} needs matplotlib to plot: pip install 'sml150[plot]'"
        " (or leave --out off for the table alone)\n")
