"""``minimax``: negamax without pruning, with the slides' (value, depth) transposition table.

Every child of every node is searched, as ``sml150.lib.minimax.MiniMax`` does; the table stores
each position's exact value with the depth it was searched to, and a later visit needing depth
``d`` reuses an entry searched to ``d' >= d`` (only ``d`` with
``SearchOptions(tt_exact_depth=True)``).
This is the baseline the pruning algorithms are measured against.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> r = minimax(g, g.start)
>>> r.est, r.stats.tt_hits > 0
(Guess(n=0), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sml150.lib.signatures import GAME
from sml150.search._core import DEFAULT_OPTIONS, Kernel, SearchOptions
from sml150.search._run import run
from sml150.search.budget import Budget
from sml150.search.result import SearchResult
from sml150.search.score import INF, Score, from_node, to_node
from sml150.search.table import EXACT, TranspositionTable

__all__ = ["minimax", "minimax_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def minimax_root(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
    """Exhaustive negamax at the root: the exact value and the first move of that value."""
    a = k.adapter
    terminal, heuristic, play, key = a.terminal, a.heuristic, a.play, a.key
    ordered, every = a.moves, a.all_moves

    def moves(s: Any, depth: int) -> Sequence[Any]:
        return ordered(s) if depth > 1 else every(s)
    tt = k.tt
    exact_depth = k.options.tt_exact_depth
    counts = [0, 0, 0, 0, 0]  # nodes, leaves, probes, hits, estimates

    def mm(s: Any, depth: int, ply: int) -> Score:
        counts[0] += 1
        t = terminal(s)
        if t is None and depth <= 0:
            counts[4] += 1
            t = heuristic(s)
        if t is not None:
            counts[1] += 1
            return from_node(t, ply)
        kk: Any = None
        if tt is not None:
            kk = key(s)
            counts[2] += 1
            e = tt.slot(kk)
            if e is not None:
                counts[3] += 1
                known = e.answer(depth, -INF, INF, ply, exact_depth)  # exact entries only
                if known is not None:
                    return known
        best = -INF
        for m in moves(s, depth):
            v = -mm(play(s, m), depth - 1, ply + 1)
            best = max(best, v)
        if tt is not None:
            tt.store(kk, depth, EXACT, to_node(best, ply), None)
        return best

    k.count_node()
    best: Score = -INF
    best_move: Any = None
    for m in moves(s, depth):
        v = -mm(play(s, m), depth - 1, 1)
        # Inv: best_move is the first move of value best among the moves seen.
        if v > best:
            best, best_move = v, m
    k.add_counts(counts[0], counts[1], counts[2], counts[3], 0, counts[4])
    return best, best_move


def minimax(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
            tt: TranspositionTable | bool = True, options: SearchOptions = DEFAULT_OPTIONS,
            all_best: bool = False) -> SearchResult[Move]:
    """Exhaustive negamax: same contract as ``alphabeta`` (``limits`` are ignored here).

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = minimax(HandoutBig, HandoutBig.start, 4, tt=False)
    >>> r.est, r.move, r.stats.leaves
    (Guess(n=3), 0, 12)
    """
    return run("minimax", game, state, budget, tt, options, all_best, minimax_root)
