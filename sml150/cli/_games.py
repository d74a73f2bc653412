"""GAME arguments for the command: read and built by ``sml150.specs`` (the one grammar).

Its ``SpecError`` is reported as the command's ``UsageError`` (one line, exit status 2).

>>> build_game("tictactoe:4").title
'Tic-Tac-Toe 4x4 (full board: Minnie wins)'
>>> build_game("chess")
Traceback (most recent call last):
...
sml150.cli._usage.UsageError: unknown game 'chess' (use tictactoe[:N][:draw], ...
"""

from __future__ import annotations

from sml150.cli._usage import UsageError
from sml150.specs import (
    GAME_SYNTAX,
    LISTED_GAMES,
    ExplicitMatch,
    GameChoice,
    GameSpec,
    SpecError,
    tree_depths,
)
from sml150.specs import build_game as _build_game

__all__ = ["GAME_SYNTAX", "LISTED_GAMES", "ExplicitMatch", "GameChoice", "build_game",
           "tree_depths"]


def build_game(spec: GameSpec | str) -> GameChoice:
    """``sml150.specs.build_game``, its errors as ``UsageError``.

    >>> build_game("explicit:big").title
    'Explicit game HandoutBig (4 moves deep)'
    """
    try:
        return _build_game(spec)
    except SpecError as e:
        raise UsageError(str(e)) from None
