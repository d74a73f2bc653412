"""``pvs``: NegaScout / principal-variation search.

The first move of every node gets the full window; each later move is first tested with a null
window ``(alpha, alpha + 1)`` ("is it better than the best so far?") and searched again with the
full window only if the test fails high inside ``(alpha, beta)``. With good ordering most tests
fail low, and a null-window search prunes far more than a full one.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> pvs(g, g.start).est
Guess(n=0)
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

__all__ = ["pvs", "pvs_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def pvs_root(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
    """The full-window PVS root search (the kernel must be built with ``pvs=True``)."""
    return k.root(s, depth, -INF, INF)


def pvs(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
        tt: TranspositionTable | bool = True, options: SearchOptions = DEFAULT_OPTIONS,
        all_best: bool = False) -> SearchResult[Move]:
    """NegaScout / PVS: same contract as ``alphabeta`` (the same value, a move of that value).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = pvs(HandoutSmall, HandoutSmall.start, 2, tt=False)
    >>> r.est, r.move
    (Guess(n=4), 1)
    """
    return run("pvs", game, state, budget, tt, options, all_best, pvs_root, pvs=True)
