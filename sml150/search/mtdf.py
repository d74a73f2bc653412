"""``mtdf``: MTD(f), a value found by a sequence of null-window alpha-beta searches.

Each pass asks "is the value >= beta?" with the window ``(beta - 1, beta)``; the fail-soft answer
raises the lower bound or lowers the upper bound, and the next test is placed at the new bound.
The transposition table carries each pass's work into the next. The first guess comes from the
caller (e.g. the previous iteration of iterative deepening) or 0.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> mtdf(g, g.start).est
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

__all__ = ["mtdf", "mtdf_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def mtdf_root(guess: Score = 0) -> Callable[[Kernel, Any, int], tuple[Score, Any]]:
    """The MTD(f) root search starting from ``guess``.

    ENSURES: the exact value, and a move of that value (the move of the pass that raised the
    lower bound to the value).

    Inv: ``lower <= value <= upper``; each pass moves one bound strictly towards the other.
    """

    def search(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
        lower: Score = -INF
        upper: Score = INF
        g = guess
        move: Any = None
        while lower < upper:
            beta = g + 1 if g == lower else g
            g, m = k.root(s, depth, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
                move = m
        return g, move

    return search


def mtdf(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
         guess: Score = 0, tt: TranspositionTable | bool = True,
         options: SearchOptions = DEFAULT_OPTIONS,
         all_best: bool = False) -> SearchResult[Move]:
    """MTD(f): same contract as ``alphabeta``; ``guess`` is the first test value.

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = mtdf(HandoutBig, HandoutBig.start, 4, guess=10)
    >>> r.est, r.move
    (Guess(n=3), 0)
    """
    return run("mtdf", game, state, budget, tt, options, all_best, mtdf_root(guess))
