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
``SearchOptions(tt_exact_depth=True)``; every task keeps its own table). The nodes above ply
``grain`` follow the parallel algorithm; each subtree at ply ``grain`` is searched by the
engine's sequential PVS kernel. Which subtrees run as executor tasks is decided as the search
goes (``sml150.parallel.tree``): every node above ply ``coarse`` (default ``grain - 1``) is
split in the orchestrating process, and from ``coarse`` on a node runs whole, as one task, while
the workers have enough waiting. A task above the grain runs the same recursion in its worker,
so the value, the move, the work and the span do not depend on these choices or the timing.

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

import asyncio
import functools
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Generic, TypeVar, final

import attrs

from sml150.lib.est import est
from sml150.lib.searchcount import require_in_play
from sml150.lib.signatures import GAME, Analysis
from sml150.search._core import DEFAULT_OPTIONS, Kernel, Limits, SearchOptions
from sml150.search._run import check_depth, make_table
from sml150.search.adapter import Adapter, adapt
from sml150.search.budget import Budget
from sml150.search.score import INF, Score, score_to_est

if TYPE_CHECKING:
    from sml150.parallel.tree import Shipped, TreeScheduler

__all__ = ["ParallelResult", "default_grain", "jamboree", "young_brothers_wait"]

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


def _whole(me: Shipped[_Search], key: tuple[int, ...], s: Any, depth: int,  # noqa: PLR0917 -- ab's node and window
           alpha: Score, beta: Score) -> _Cost:
    """A task: one subtree searched here, in order (what the game prints discarded).

    At the grain (or a leaf) it is the engine's sequential PVS kernel; above it, the same
    Jamboree recursion as the orchestrator's, every node split in this process.
    """
    from sml150.parallel import SerialExecutor, captured_call
    from sml150.parallel.tree import run_tree

    search = me.get()
    if search.leaf(len(key), s, depth):
        return captured_call(search.kernel, s, depth, alpha, beta, len(key)).result
    return captured_call(
        run_tree, SerialExecutor(),
        lambda sched: search.node(sched, me, key, s, depth, alpha, beta)).result


@final
@attrs.frozen
class _Search:
    """One parallel search's fixed parts (sent once to each worker)."""

    name: str
    """The game's name, for errors."""
    adapter: Adapter
    options: SearchOptions
    tt: bool
    grain: int
    null_window: bool
    """Jamboree (null-window tests, then re-searches) or young-brothers-wait (full windows)."""

    def leaf(self, ply: int, s: Any, depth: int) -> bool:
        """Whether the node at ``ply`` is searched by the sequential kernel (never split)."""
        return ply >= self.grain or depth <= 0 or self.adapter.terminal(s) is not None

    def kernel(self, s: Any, depth: int, alpha: Score, beta: Score, ply: int) -> _Cost:
        """The engine's sequential PVS kernel on one subtree (its own table)."""
        k = Kernel(self.adapter, make_table(self.tt), self.options, Limits(), pvs=True)
        v = k.ab(s, depth, alpha, beta, ply)
        stats = k.stats(depth)
        return _Cost(v, stats.leaves, stats.leaves, stats.nodes)

    async def child(self, sched: TreeScheduler, me: Shipped[_Search],  # noqa: PLR0917 -- ab's node and window
                    key: tuple[int, ...], s: Any, depth: int, alpha: Score, beta: Score,
                    ) -> _Cost:
        """The subtree of ``s`` (at ply ``len(key)``): one task, or split here by ``node``."""
        whole = functools.partial(_whole, me, key, s, depth, alpha, beta)
        if self.leaf(len(key), s, depth):
            return await sched.subtree(key, whole)
        return await sched.subtree(
            key, whole, lambda: self.node(sched, me, key, s, depth, alpha, beta))

    async def node(self, sched: TreeScheduler, me: Shipped[_Search],  # noqa: PLR0917 -- ab's node and window
                   key: tuple[int, ...], s: Any, depth: int, alpha: Score, beta: Score,
                   ) -> _Cost:
        """Fail-soft negamax value of the In_play ``s`` (``depth >= 1``) under ``(alpha, beta)``.

        ENSURES: as the engine's ``ab``: ``<= alpha`` an upper bound, ``>= beta`` a lower
        bound, else exact; ``move`` a move of the returned value. A cut-off cancels the
        siblings still waiting or running (their results are not needed).
        """
        a = self.adapter
        ms: Sequence[Any] = a.moves(s) if depth > 1 else a.all_moves(s)
        if not ms:
            raise ValueError(f"{self.name}: an In_play position has no moves")
        first = await self.child(sched, me, (*key, 0), a.play(s, ms[0]), depth - 1, -beta,
                                 -alpha)
        best, best_move = -first.value, ms[0]
        work, span, nodes = first.work, first.span, 1 + first.nodes
        if best >= beta or len(ms) == 1:
            return _Cost(best, work, span, nodes, best_move)
        alpha = max(alpha, best)
        test_alpha = alpha
        lo, hi = (-alpha - 1, -alpha) if self.null_window else (-beta, -alpha)
        rest = ms[1:]
        tests = [
            asyncio.ensure_future(
                self.child(sched, me, (*key, i), a.play(s, m), depth - 1, lo, hi))
            for i, m in enumerate(rest, start=1)
        ]
        test_span = 0
        re_span = 0
        try:
            # Inv: best is the fail-soft best of the children taken so far (in move order),
            # alpha the window's low end raised by them.
            for i, (m, test) in enumerate(zip(rest, tests, strict=True), start=1):
                got = await test
                work += got.work
                nodes += got.nodes
                test_span = max(test_span, got.span)
                v = -got.value
                if self.null_window and test_alpha < v < beta:
                    # Failed high on its test: the full window decides (sequentially).
                    again = await self.child(sched, me, (*key, i), a.play(s, m), depth - 1,
                                             -beta, -alpha)
                    work += again.work
                    nodes += again.nodes
                    re_span += again.span
                    v = -again.value
                if v > best:
                    best, best_move = v, m
                alpha = max(alpha, v)
                if v >= beta:
                    break  # a cut-off: the siblings' results are not needed
        finally:
            for t in tests:
                t.cancel()  # abandoned (no effect on the ones already taken)
        return _Cost(best, work, span + test_span + re_span, nodes, best_move)


def default_grain(depth: int) -> int:
    """The grain a parallel search of ``depth`` plies uses unless told: ``depth // 3``, >= 1.

    The nodes above it follow the parallel algorithm; the subtrees at it, two thirds of the
    depth or more, are the sequential kernel's (big enough that a task's cost dwarfs sending
    it, and with enough of them to keep a few workers busy).

    >>> [default_grain(d) for d in (1, 5, 12, 14)]
    [1, 1, 4, 4]
    """
    return max(1, depth // 3)


def _run(
    game: GAME[State, Move], state: State, depth: int | Budget, *, null_window: bool,
    executor: Executor | None, grain: int | None, coarse: int | None, tt: bool,
    options: SearchOptions, where: str,
) -> ParallelResult[Move]:
    from sml150.parallel import SerialExecutor
    from sml150.parallel.tree import Shipped, run_tree

    d = check_depth(where, depth)
    if grain is None:
        grain = default_grain(d)
    if grain < 1:
        raise ValueError(f"{where}: grain must be >= 1 (the ply of the tasks), not {grain}")
    if coarse is not None and not 0 <= coarse <= grain:
        raise ValueError(f"{where}: coarse must be in [0, grain] (the plies split adaptively), "
                         f"not {coarse}")
    if not isinstance(tt, bool):
        raise TypeError(f"{where}: tt must be a bool (each task keeps its own table)")
    a = adapt(game, options.hooks)
    require_in_play(game, state, where)
    started = time.perf_counter()
    search = _Search(type(game).__name__, a, options, tt, grain, null_window)
    me = Shipped(search)
    c = run_tree(executor or SerialExecutor(),
                 lambda sched: search.node(sched, me, (), state, d, -INF, INF),
                 coarse=grain - 1 if coarse is None else coarse)
    return ParallelResult(c.value, score_to_est(c.value, a.player(state)), c.move, d, c.work,
                          c.span, c.nodes, time.perf_counter() - started)


def jamboree(
    game: GAME[State, Move], state: State, depth: int | Budget, *, executor: Executor | None = None,
    grain: int | None = None, coarse: int | None = None, tt: bool = True,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> ParallelResult[Move]:
    """Kuszmaul's Jamboree from ``state`` to ``depth`` plies, subtrees at ply ``grain`` as tasks.

    REQUIRES: ``state`` In_play (else ``ValueError``); ``depth >= 1``; ``grain >= 1`` (default
    ``default_grain(depth)``); ``0 <= coarse <= grain`` if given.
    ENSURES: the exact value at ``depth`` (see the module docstring for when it equals the
    sequential engine's) and a move of that value; work and span. ``executor`` ``None``: serial.

    >>> from sml150.lib.explicit import HandoutBig
    >>> import contextlib, io
    >>> with contextlib.redirect_stdout(io.StringIO()):
    ...     r = jamboree(HandoutBig, HandoutBig.start, 4, tt=False, grain=1)
    >>> r.est, r.move
    (Guess(n=3), 0)
    """
    return _run(game, state, depth, null_window=True, executor=executor, grain=grain,
                coarse=coarse, tt=tt, options=options, where="jamboree")


def young_brothers_wait(
    game: GAME[State, Move], state: State, depth: int | Budget, *, executor: Executor | None = None,
    grain: int | None = None, coarse: int | None = None, tt: bool = True,
    options: SearchOptions = DEFAULT_OPTIONS,
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
    return _run(game, state, depth, null_window=False, executor=executor, grain=grain,
                coarse=coarse, tt=tt, options=options, where="young_brothers_wait")

