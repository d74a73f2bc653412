"""GAME arguments for the command: read and built by ``sml150.specs`` (the one grammar).

A bad spec raises the one ``UsageError`` (``sml150.errors``), which ``main`` prints as one line.

>>> build_game("tictactoe:4").title
'Tic-Tac-Toe 4x4 (full board: Minnie wins)'
>>> build_game("chess")
Traceback (most recent call last):
...
sml150.errors.UsageError: unknown game 'chess' (use tictactoe[:N][:draw], ...
"""

from __future__ import annotations

from sml150.specs import (
    GAME_SYNTAX,
    LISTED_GAMES,
    ExplicitMatch,
    GameChoice,
    build_game,
    tree_depths,
)

__all__ = ["GAME_SYNTAX", "LISTED_GAMES", "ExplicitMatch", "GameChoice", "build_game",
           "tree_depths"]
