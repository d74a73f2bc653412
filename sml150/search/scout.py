"""``scout``: Pearl's Scout, test-then-search.

``test(s, v)`` answers only "is the value of ``s`` above ``v``?" and stops at the first child
that proves it (a Boolean search prunes like a null window). ``evaluate`` computes the first
child's value exactly, then for each other child first *tests* whether it beats the best so far
and *evaluates* it only if it does. No transposition table (the algorithm as Pearl gave it).

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> scout(g, g.start, 4).est
Guess(n=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sml150.lib.signatures import GAME
from sml150.search._core import DEFAULT_OPTIONS, Kernel, SearchOptions
from sml150.search._run import run
from sml150.search.budget import Budget
from sml150.search.result import SearchResult
from sml150.search.score import MATE_LIMIT, Score

__all__ = ["scout", "scout_root"]

State = TypeVar("State")
Move = TypeVar("Move")


def scout_root(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
    """Scout at the root: the exact value and the first move of that value."""
    a = k.adapter
    terminal, heuristic, play = a.terminal, a.heuristic, a.play
    ordered, every = a.moves, a.all_moves

    def moves(s: Any, depth: int) -> Sequence[Any]:
        return ordered(s) if depth > 1 else every(s)
    mate = MATE_LIMIT
    counts = [0, 0, 0]  # nodes, leaves, estimates

    def leaf(s: Any, depth: int, ply: int) -> Score | None:
        counts[0] += 1
        t = terminal(s)
        if t is None and depth <= 0:
            counts[2] += 1
            t = heuristic(s)
        if t is None:
            return None
        counts[1] += 1
        return t - ply if t > mate else t + ply if t < -mate else t

    def above(s: Any, depth: int, v: Score, ply: int, strict: bool) -> bool:
        """``value(s) > v`` (``strict``) or ``value(s) >= v``."""
        t = leaf(s, depth, ply)
        if t is not None:
            return t > v if strict else t >= v
        # value(s) > v  iff some child c has -value(c) > v,  i.e. not value(c) >= -v;
        # value(s) >= v iff some child c has -value(c) >= v, i.e. not value(c) > -v.
        return any(not above(play(s, m), depth - 1, -v, ply + 1, not strict)
                   for m in moves(s, depth))

    def evaluate(s: Any, depth: int, ply: int) -> Score:
        t = leaf(s, depth, ply)
        if t is not None:
            return t
        ms = iter(moves(s, depth))
        v = -evaluate(play(s, next(ms)), depth - 1, ply + 1)
        for m in ms:
            c = play(s, m)
            # Inv: v is the value of the best child seen so far.
            if not above(c, depth - 1, -v, ply + 1, False):  # -value(c) > v
                v = -evaluate(c, depth - 1, ply + 1)
        return v

    k.count_node()
    ms = list(moves(s, depth))
    best_move = ms[0]
    best = -evaluate(play(s, best_move), depth - 1, 1)
    for m in ms[1:]:
        c = play(s, m)
        if not above(c, depth - 1, -best, 1, False):
            best, best_move = -evaluate(c, depth - 1, 1), m
    k.add_counts(counts[0], counts[1], 0, 0, 0, counts[2])
    return best, best_move


def scout(game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
          options: SearchOptions = DEFAULT_OPTIONS, all_best: bool = False) -> SearchResult[Move]:
    """Pearl's Scout: same contract as ``alphabeta`` (no table; ``limits`` are ignored).

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = scout(HandoutBig, HandoutBig.start, 4)
    >>> r.est, r.move
    (Guess(n=3), 0)
    """
    return run("scout", game, state, budget, False, options, all_best, scout_root)
