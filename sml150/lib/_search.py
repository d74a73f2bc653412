"""Bookkeeping shared by every search player (MiniMax, AlphaBeta, Jamboree).

``SearchCount`` is the one mutable record a search uses: each public call creates its own and
nothing else sees it, so the players stay pure functions of their arguments.
"""

from __future__ import annotations

from typing import Any

import attrs

from sml150.lib.signatures import GAME, In_play

__all__ = ["SearchCount", "require_in_play", "require_player_depth"]


@attrs.define
class SearchCount:
    """What one search call has visited so far; private to that call.

    >>> c = SearchCount(nodes=1)
    >>> c.terminals += 1
    >>> c
    SearchCount(terminals=1, nodes=1)
    """

    terminals: int = 0
    """States estimated, or found finished ("Terminals visited")."""
    nodes: int = 0
    """States entered, terminals included."""


def require_in_play(g: GAME[Any, Any], s: object) -> None:
    """Refuse to choose a move in a finished game, naming the state.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> require_in_play(HandoutSmall, HandoutSmall.start) is None
    True
    """
    if not isinstance(g.status(s), In_play):
        raise ValueError(f"no move to choose: the game is over in {g.state_to_string(s)}")


def require_player_depth(player: str, depth: int) -> None:
    """A player must look at least one move ahead.

    >>> require_player_depth("MiniMax", 0)
    Traceback (most recent call last):
    ...
    ValueError: MiniMax needs search_depth >= 1 to choose a move, not 0
    """
    if depth < 1:
        raise ValueError(f"{player} needs search_depth >= 1 to choose a move, not {depth}")
