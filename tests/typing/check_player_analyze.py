"""PLAYER declares ``analyze``: a typed caller can use it on any player; a class with only
``next_move`` is no PLAYER.

Nothing here runs; ``mypy --strict`` checks it (each ``# type: ignore[...]`` must stay needed).
"""

from __future__ import annotations

import attrs

from sml150.handouts.hw10.alphabeta import AlphaBeta as AlphaBeta10
from sml150.handouts.hw10.jamboree import Jamboree as Jamboree10
from sml150.handouts.hw11.alphabeta import AlphaBeta as AlphaBeta11
from sml150.handouts.hw11.jamboree import Jamboree as Jamboree11
from sml150.lib.est import est
from sml150.lib.explicit import ExplicitState, HandoutSmall
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import GAME, PLAYER, Analysis, JamboreeSettings, Settings


def value_of(p: PLAYER[ExplicitState, int], s: ExplicitState) -> est:
    """What a typed caller may do with any player."""
    a: Analysis[int] = p.analyze(s)
    move: int = a.move
    del move
    return a.value


def every_search_player_is_a_player() -> None:
    settings = Settings(G=HandoutSmall, search_depth=2)
    jam = JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5)
    players: list[PLAYER[ExplicitState, int]] = [
        MiniMax(settings),
        AlphaBeta10(settings),
        AlphaBeta11(settings),
        Jamboree10(jam),
        Jamboree11(jam),
    ]
    for p in players:
        value_of(p, HandoutSmall.start)


@attrs.frozen
class OnlyNextMove:
    """The course's PLAYER without the port's ``analyze``."""

    Game: GAME[ExplicitState, int]

    def next_move(self, s: ExplicitState) -> int:
        return 0


def a_player_without_analyze_is_no_player() -> None:
    p: PLAYER[ExplicitState, int] = OnlyNextMove(HandoutSmall)  # type: ignore[assignment]
    del p


def analyze_returns_the_games_moves() -> None:
    a = MiniMax(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start)
    m: str = a.move  # type: ignore[assignment]
    del m
