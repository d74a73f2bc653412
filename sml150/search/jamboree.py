"""Kuszmaul's Jamboree (parallel NegaScout) and young-brothers-wait, on any executor.

**Jamboree** (Kuszmaul 1994): at every node the first child is searched with the full window
``(alpha, beta)``; if it does not cut, every other child is *tested* in parallel with a null
window ``(alpha, alpha + 1)`` ("is it better than the first?"). Tests are taken in move order:
one that fails high inside the window is searched again with the full window (the re-search
waits for the earlier children, as in the paper), and one that reaches ``beta`` is a cut-off:
the siblings still running are abandoned (cancelled if not started, ignored otherwise).

**Young-brothers-wait** (Feldmann): the eldest brother is searched first, then the younger ones
all in parallel with the full window reached; a cut-off abandons the rest.

Both are fail-soft negamax with the engine's scores (``sml150.search.score``), and return the
exact value of the root at ``depth``: the value of the sequential engine (``alphabeta``,
``pvs``) whenever that is the depth-``d`` minimax value (always with ``tt=False``, or with
``SearchOptions(tt_exact_depth=True)``; every task keeps its own table). Nodes above ply
``grain`` are expanded here (siblings side by side, by ``sml150.parallel.spawn``); each subtree
at ply ``grain`` is one executor task, searched by the engine's sequential PVS kernel.

The cost is reported as work (the leaves of every subtree searched, abandoned ones excluded)
and span (the critical path in leaves: the first child, then the slowest of the parallel
tests, then the re-searches one after another).

>>> from sml150.games.tictactoe import KInARow
>>> from sml150.search import pvs
>>> g = KInARow(3, 3)
>>> r = jamboree(g, g.start, 4, tt=False)
>>> r.est, r.value == pvs(g, g.start, 4, tt=False).value, r.span < r.work
(Guess(n=0), True, True)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from typing import Any, Generic, TypeVar, final

import attrs

from sml150.lib.est import est
from sml150.lib.signatures import GAME, Analysis
from sml150.search._core import DEFAULT_OPTIONS, Adapter, Kernel, Limits, SearchOptions, adapt
from sml150.search._run import check_depth, make_table, require_in_play
from sml150.search.score import INF, Score, score_to_est

__all__ = ["ParallelResult", "jamboree", "young_brothers_wait"]

State = TypeVar("State")
Move = TypeVar("Move")


@final
@attrs.frozen
class ParallelResult(Generic[Move]):
    """A parallel search's answer at the root, with its work and span."""

    value: Score
    """The root's exact score for the side to move."""
    est: est
    """The same value as the game's absolute estimate."""
    move: Move
    """A move of that value (the first in move order among those found best)."""
    depth: int
    """The depth searched."""
    work: int
    """Leaves (finished games and depth-0 estimates) of every subtree searched."""
    span: int
    """Leaves on the critical path."""
    nodes: int
    """Positions entered in all."""
    seconds: float
    """Wall-clock time."""

    def analysis(self) -> Analysis[Move]:
        """The library's ``Analysis`` record of this search.

        >>> from sml150.lib.est import Guess
        >>> ParallelResult(0, Guess(0), 4, 2, 9, 3, 12, 0.0).analysis().span
        3
        """
        return Analysis(self.move, self.est, self.work, self.nodes, self.work, self.span)


@final
@attrs.frozen
class _Cost:
    """A subtree's value and cost."""

    value: Score
    work: int
    span: int
    nodes: int
    move: Any = None


class _Token:
    """Abandonment, inherited: a node is abandoned when it or an ancestor is."""

    def __init__(self, parent: _Token | None = None) -> None:
        self._parent = parent
        self._flag = threading.Event()

    def abandon(self) -> None:
        self._flag.set()

    def abandoned(self) -> bool:
        t: _Token | None = self
        while t is not None:
            if t._flag.is_set():
                return True
            t = t._parent
        return False


def _subtree(game: GAME[Any, Any], options: SearchOptions, tt: bool, s: Any,  # noqa: PLR0917
             depth: int, alpha: Score, beta: Score, ply: int) -> _Cost:
    """A task: the sequential PVS kernel on one subtree (what the game prints discarded)."""
    from sml150.parallel import captured_call

    a = adapt(game, options.hooks)
    k = Kernel(a, make_table(tt), options, Limits(), pvs=True)
    v = captured_call(k.ab, s, depth, alpha, beta, ply).result
    stats = k.stats(depth)
    return _Cost(v, stats.leaves, stats.leaves, stats.nodes)


@final
@attrs.frozen
class _Search:
    """One parallel search's fixed parts."""

    game: GAME[Any, Any]
    adapter: Adapter
    options: SearchOptions
    tt: bool
    ex: Executor
    grain: int
    null_window: bool
    """Jamboree (null-window tests, then re-searches) or young-brothers-wait (full windows)."""

    def child(self, s: Any, depth: int, alpha: Score, beta: Score, ply: int,  # noqa: PLR0917
              token: _Token) -> Future[_Cost]:
        """The subtree of ``s``: a task at ply ``grain`` or at a leaf, else expanded here."""
        if ply >= self.grain or depth <= 0 or self.adapter.terminal(s) is not None:
            return self.ex.submit(_subtree, self.game, self.options, self.tt, s, depth, alpha,
                                  beta, ply)
        from sml150.parallel import spawn

        return spawn(self.ex, lambda: self.node(s, depth, alpha, beta, ply, token))

    def node(self, s: Any, depth: int, alpha: Score, beta: Score, ply: int,  # noqa: PLR0917
             token: _Token) -> _Cost:
        """Fail-soft negamax value of the In_play ``s`` (``depth >= 1``) under ``(alpha, beta)``.

        ENSURES: as the engine's ``ab``: ``<= alpha`` an upper bound, ``>= beta`` a lower
        bound, else exact; ``move`` a move of the returned value.
        """
        a = self.adapter
        ms: Sequence[Any] = a.moves(s) if depth > 1 else a.all_moves(s)
        if not ms:
            raise ValueError(f"{type(self.game).__name__}: an In_play position has no moves")
        mine = _Token(token)
        first = self.child(a.play(s, ms[0]), depth - 1, -beta, -alpha, ply + 1, mine).result()
        best, best_move = -first.value, ms[0]
        work, span, nodes = first.work, first.span, 1 + first.nodes
        if best >= beta or len(ms) == 1 or token.abandoned():
            return _Cost(best, work, span, nodes, best_move)
        alpha = max(alpha, best)
        test_alpha = alpha
        lo, hi = (-alpha - 1, -alpha) if self.null_window else (-beta, -alpha)
        rest = ms[1:]
        futures = [self.child(a.play(s, m), depth - 1, lo, hi, ply + 1, mine) for m in rest]
        test_span = 0
        re_span = 0
        # Inv: best is the fail-soft best of the children taken so far (in move order), alpha
        # the window's low end raised by them; every future after the current one is pending.
        for i, (m, future) in enumerate(zip(rest, futures, strict=True)):
            if token.abandoned():
                break  # an ancestor was cut off: this value is not needed
            got = future.result()
            work += got.work
            nodes += got.nodes
            test_span = max(test_span, got.span)
            v = -got.value
            if self.null_window and test_alpha < v < beta:
                # Failed high on its test: the full window decides (sequentially).
                again = self.child(a.play(s, m), depth - 1, -beta, -alpha, ply + 1,
                                   mine).result()
                work += again.work
                nodes += again.nodes
                re_span += again.span
                v = -again.value
            if v > best:
                best, best_move = v, m
            alpha = max(alpha, v)
            if v >= beta:
                mine.abandon()  # a cut-off: the siblings' results are not needed
                for pending in futures[i + 1:]:
                    pending.cancel()
                break
        return _Cost(best, work, span + test_span + re_span, nodes, best_move)


def _run(
    game: GAME[State, Move], state: State, depth: int, *, null_window: bool,
    executor: Executor | None, grain: int, tt: bool, options: SearchOptions, where: str,
) -> ParallelResult[Move]:
    from sml150.parallel import SerialExecutor

    d = check_depth(where, depth)
    if grain < 1:
        raise ValueError(f"{where}: grain must be >= 1 (the ply of the tasks), not {grain}")
    if not isinstance(tt, bool):
        raise TypeError(f"{where}: tt must be a bool (each task keeps its own table)")
    a = adapt(game, options.hooks)
    require_in_play(a, state, where)
    started = time.perf_counter()
    search = _Search(game, a, options, tt, executor or SerialExecutor(), grain, null_window)
    c = search.node(state, d, -INF, INF, 0, _Token())
    return ParallelResult(c.value, score_to_est(c.value, a.player(state)), c.move, d, c.work,
                          c.span, c.nodes, time.perf_counter() - started)


def jamboree(
    game: GAME[State, Move], state: State, depth: int, *, executor: Executor | None = None,
    grain: int = 2, tt: bool = True, options: SearchOptions = DEFAULT_OPTIONS,
) -> ParallelResult[Move]:
    """Kuszmaul's Jamboree from ``state`` to ``depth`` plies, subtrees at ply ``grain`` as tasks.

    REQUIRES: ``state`` In_play (else ``ValueError``); ``depth >= 1``; ``grain >= 1``.
    ENSURES: the exact value at ``depth`` (see the module docstring for when it equals the
    sequential engine's) and a move of that value; work and span. ``executor`` ``None``: serial.

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = jamboree(HandoutBig, HandoutBig.start, 4, tt=False, grain=1)
    >>> r.est, r.move
    (Guess(n=3), 0)
    """
    return _run(game, state, depth, null_window=True, executor=executor, grain=grain, tt=tt,
                options=options, where="jamboree")


def young_brothers_wait(
    game: GAME[State, Move], state: State, depth: int, *, executor: Executor | None = None,
    grain: int = 2, tt: bool = True, options: SearchOptions = DEFAULT_OPTIONS,
) -> ParallelResult[Move]:
    """Young-brothers-wait alpha-beta: the eldest child first, then the rest in parallel.

    REQUIRES and ENSURES: as ``jamboree``.

    >>> from sml150.games.tictactoe import KInARow
    >>> from sml150.search import alphabeta
    >>> g = KInARow(3, 3)
    >>> r = young_brothers_wait(g, g.start, 3, tt=False)
    >>> r.est, r.value == alphabeta(g, g.start, 3, tt=False).value
    (Guess(n=14), True)
    """
    return _run(game, state, depth, null_window=False, executor=executor, grain=grain, tt=tt,
                options=options, where="young_brothers_wait")

