"""``aspiration``: alpha-beta in a narrow window around an expected value, widened on failure.

A search in ``(guess - delta, guess + delta)`` prunes more than the full window. If it fails
low (``v <= alpha``) or high (``v >= beta``), that side of the window is widened fourfold around
the bound found, and after two failures on one side opened completely, so at most a few searches
give the exact value.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> aspiration(g, g.start, guess=5, delta=1).est
Guess(n=0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sml150.lib.signatures import GAME
from sml150.search._core import DEFAULT_OPTIONS, Kernel, SearchOptions
from sml150.search._run import run
from sml150.search.budget import Budget
from sml150.search.result import SearchResult
from sml150.search.score import INF, Score
from sml150.search.table import TranspositionTable

__all__ = ["aspiration", "aspiration_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def aspiration_root(guess: Score = 0, delta: Score = 16, first: tuple[Any, ...] = ()
                    ) -> Callable[[Kernel, Any, int], tuple[Score, Any]]:
    """The aspiration-window root search around ``guess`` (``first``: moves to try first).

    The one aspiration driver: ``aspiration`` and ``iterative_deepening(algorithm=
    "aspiration")`` (around the previous depth's value, its move first) both use it.

    REQUIRES: ``delta >= 1`` (else ``ValueError``). ENSURES: the exact value and a move of it.
    """
    if delta < 1:
        raise ValueError(f"aspiration: delta must be >= 1, not {delta}")

    def search(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
        alpha, beta = guess - delta, guess + delta
        lows = highs = 0
        while True:
            # Inv: alpha < beta; the value lies outside (alpha, beta) only beyond a failed side.
            v, m = k.root(s, depth, alpha, beta, first=first)
            if v <= alpha and alpha > -INF:
                lows += 1
                alpha = -INF if lows >= 2 else v - delta * 4 ** lows
            elif v >= beta and beta < INF:
                highs += 1
                beta = INF if highs >= 2 else v + delta * 4 ** highs
            else:
                return v, m

    return search


def aspiration(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
               guess: Score = 0, delta: Score = 16, tt: TranspositionTable | bool = True,
               options: SearchOptions = DEFAULT_OPTIONS, all_best: bool = False
               ) -> SearchResult[Move]:
    """Aspiration windows: same contract as ``alphabeta``; the first window is ``guess ± delta``.

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = aspiration(HandoutBig, HandoutBig.start, 4, guess=-50, delta=2)
    >>> r.est
    Guess(n=3)
    """
    return run("aspiration", game, state, budget, tt, options, all_best,
               aspiration_root(guess, delta))
