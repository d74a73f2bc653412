"""``alphabeta``: fail-soft negamax alpha-beta with a transposition table, over any GAME.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> r = alphabeta(g, g.start)            # no depth: solve to the end
>>> r.est, r.describe(), r.stats.nodes < 1000
(Guess(n=0), 'draw or even (0)', True)
"""

from __future__ import annotations

from typing import Any, TypeVar

from sml150.lib.signatures import GAME
from sml150.search._core import DEFAULT_OPTIONS, Kernel, SearchOptions
from sml150.search._run import run
from sml150.search.budget import Budget
from sml150.search.result import SearchResult
from sml150.search.score import INF, Score
from sml150.search.table import TranspositionTable

__all__ = ["alphabeta", "alphabeta_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def alphabeta_root(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
    """The full-window root search (exact value and a move of that value).

    REQUIRES: ``s`` In_play, ``depth >= 1``.
    """
    return k.root(s, depth, -INF, INF)


def alphabeta(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
              tt: TranspositionTable | bool = True, options: SearchOptions = DEFAULT_OPTIONS,
              all_best: bool = False) -> SearchResult[Move]:
    """The negamax value of ``state`` searched within ``budget`` (``None``: to the end), and a move.

    REQUIRES: ``state`` In_play (else ``ValueError``); ``budget`` a ``Budget`` (an int is its
    depth; ``None`` no limit: to the end of the game).
    ENSURES: ``result.est`` equals ``MiniMax``'s value of ``state`` at the budget's depth (and
    ``result.value`` adds the distance of a win or loss: quickest wins, slowest losses);
    ``result.move`` has that value; with ``all_best``, ``result.best_moves`` holds every move of
    that value. ``tt``: ``True`` a private table, ``False`` none, or a table to share.

    Inside, every node runs fail-soft alpha-beta: the result ``v`` under ``(alpha, beta)`` is an
    upper bound when ``v <= alpha``, a lower bound when ``v >= beta``, else exact; bounds go into
    the table as bounds and come out only where they decide the window. Past the budget's
    ``nodes`` or ``seconds`` the search stops with ``Aborted`` (``sml150.search.kernel``).

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = alphabeta(HandoutBig, HandoutBig.start, 4)
    >>> r.est, r.move
    (Guess(n=3), 0)
    """
    return run("alphabeta", game, state, budget, tt, options, all_best, alphabeta_root)
