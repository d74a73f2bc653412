"""examples/nim.py: a game of one's own, type-checked as a GAME (mypy --strict follows this
import), played by every player, loaded by the command, and shown in full in the README."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from examples.nim import Move, Nim, NimState
from sml150.handouts.hw10.tictactoe import O
from sml150.handouts.hw11.alphabeta import AlphaBeta
from sml150.handouts.hw11.jamboree import Jamboree
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.minimax import MiniMax
from sml150.lib.referee import Referee, RefereeSettings
from sml150.lib.signatures import (
    GAME,
    PLAYER,
    JamboreeSettings,
    Maxie,
    Minnie,
    Over,
    Settings,
    Winner,
)

REPO = Path(__file__).resolve().parent.parent

GAME_NIM: GAME[NimState, Move] = Nim()  # mypy: Nim satisfies the GAME Protocol
NOT_A_MOVE = (O, (1, 1))


def players(g: GAME[NimState, Move], depth: int) -> list[PLAYER[NimState, Move]]:
    return [
        MiniMax(Settings(G=g, search_depth=depth)),
        AlphaBeta(Settings(G=g, search_depth=depth)),
        Jamboree(JamboreeSettings(G=g, search_depth=depth, prune_percentage=0.5)),
    ]


def test_the_rules() -> None:
    g = GAME_NIM
    assert list(g.moves(g.start))[:3] == [(0, 1), (1, 1), (1, 2)]
    s = g.make_move(g.start, (2, 5))
    assert (s.heaps, g.player(s)) == ((1, 3, 0), Minnie)
    end = Nim(heaps=(1,))
    last = end.make_move(end.start, (0, 1))
    assert end.status(last) == Over(Winner(Maxie))  # Maxie took the last counter
    assert list(end.moves(last)) == []
    assert end.estimate(last) == MaxieWins()
    assert g.estimate(g.start) == Guess(1)  # 1 ^ 3 ^ 5 = 7: the mover (Maxie) wins
    assert g.estimate(Nim(heaps=(2, 2)).start) == Guess(-1)


@pytest.mark.parametrize("bad", [(0, 2), (3, 1), (1, 0), (-1, 1), NOT_A_MOVE])
def test_illegal_moves_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="is not a legal move"):
        GAME_NIM.make_move(GAME_NIM.start, bad)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


@pytest.mark.parametrize(
    ("line", "move"),
    [("2 3", (2, 3)), (" 0 1 ", (0, 1)), ("0 2", None), ("9" * 5000 + " 1", None),
     ("2 ³", None), (" " * 100_000, None), ("", None)],
)
def test_parse_move(line: str, move: Move | None) -> None:
    assert GAME_NIM.parse_move(GAME_NIM.start, line).value_or(None) == move


@pytest.mark.parametrize("heaps", [(1, 3, 5), (2, 2), (3, 4, 5)])
def test_every_player_wins_nim_exactly_when_the_heaps_xor_is_not_zero(
        heaps: tuple[int, ...]) -> None:
    g = Nim(heaps=heaps)
    first_wins = (heaps[0] ^ heaps[1] ^ (heaps[2] if len(heaps) > 2 else 0)) != 0
    for maxie in players(g, 1):
        for minnie in players(g, 3):
            record = Referee(RefereeSettings(Maxie=maxie, Minnie=minnie, show=False)).go()
            # The estimate is exact, so depth 1 plays perfectly: the first player wins iff xor != 0.
            assert record.outcome == Winner(Maxie if first_wins else Minnie)
            assert g.estimate(record.final) == (MaxieWins() if first_wins else MinnieWins())


def test_the_readme_shows_examples_nim_in_full() -> None:
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Your own game", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert blocks[0] == (REPO / "examples" / "nim.py").read_text()
