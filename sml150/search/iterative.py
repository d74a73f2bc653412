"""``iterative_deepening``: search depth 1, 2, 3, ... and yield a result per depth.

Each iteration shares one transposition table with the previous ones and tries the previous
iteration's best move first, so the shallow searches order the deep one (their cost is small
next to the last iteration's). The generator stops at ``max_depth``, when an iteration saw every
line to its end (no estimate was needed: the value is the game's exact value), or when the node
or time budget runs out (the unfinished iteration is dropped). The caller may stop earlier: it
is a generator, as in sunfish.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> [(r.depth, r.est) for r in iterative_deepening(g, g.start, 3)]
[(1, Guess(n=12)), (2, Guess(n=3)), (3, Guess(n=14))]
>>> last = list(iterative_deepening(g, g.start))[-1]   # until solved
>>> last.est, last.stats.estimates
(Guess(n=0), 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, Literal, TypeVar

import attrs

from sml150.lib.signatures import GAME
from sml150.search._core import (
    DEFAULT_OPTIONS,
    Aborted,
    Kernel,
    Limits,
    SearchOptions,
)
from sml150.search._run import make_table, run
from sml150.search.adapter import adapt
from sml150.search.aspiration import aspiration_root
from sml150.search.budget import Budget
from sml150.search.hooks import Horizon
from sml150.search.mtdf import mtdf_root
from sml150.search.pvs import pvs_root
from sml150.search.result import SearchResult, SearchStats
from sml150.search.score import INF, Score
from sml150.search.table import TranspositionTable

__all__ = ["DeepenedSearch", "iterative_deepening", "to_the_end"]

State = TypeVar("State")
Move = TypeVar("Move")

DeepenedSearch = Literal["alphabeta", "pvs", "mtdf", "aspiration"]
"""The searches iterative deepening can drive (the engine's players are ``player.Algorithm``)."""


def _root(algorithm: DeepenedSearch, prev_value: Score | None, prev_move: Any
          ) -> Callable[[Kernel, Any, int], tuple[Score, Any]]:
    first = () if prev_move is None else (prev_move,)
    if algorithm == "mtdf":
        return mtdf_root(0 if prev_value is None else prev_value)
    if algorithm == "aspiration" and prev_value is not None:
        return aspiration_root(prev_value, first=first)

    def search(k: Kernel, s: Any, depth: int) -> tuple[Score, Any]:
        return k.root(s, depth, -INF, INF, first=first)

    return search


def iterative_deepening(
        game: GAME[State, Move], state: State, budget: int | Budget | None = None, *,
        algorithm: DeepenedSearch = "pvs", tt: TranspositionTable | bool = True,
        options: SearchOptions = DEFAULT_OPTIONS, all_best: bool = False
) -> Iterator[SearchResult[Move]]:
    """One ``SearchResult`` per completed depth ``1, 2, ...`` within ``budget``; stats cumulative.

    ``budget``: its ``depth`` is the deepest iteration (``None``: until every line ends), its
    ``nodes`` and ``seconds`` are for all the iterations together.
    REQUIRES: ``state`` In_play; a valid ``Budget`` (an int is its depth; a bad one is refused
    when the generator is created).
    ENSURES: each result is exact at its depth (the same value as ``alphabeta`` there); its
    ``stats`` count every iteration so far, except ``stats.estimates``: this iteration's (0 when
    it saw every line to its end, and then it is the last).

    >>> from sml150.games.tictactoe import KInARow
    >>> iterative_deepening(KInARow(3, 3), KInARow(3, 3).start, Budget(nodes=-1))
    Traceback (most recent call last):
    ...
    ValueError: a node budget must be >= 1 (or None: no limit), not -1
    """
    b = Budget.of(budget, "iterative_deepening")
    if algorithm not in ("alphabeta", "pvs", "mtdf", "aspiration"):
        raise ValueError(f"iterative_deepening: unknown algorithm {algorithm!r}")
    a = adapt(game, options.hooks)
    table = make_table(tt)  # shared by the iterations (None: no table at all)
    return _deepen(game, state, a, table, options, all_best, algorithm, b.plies, b.nodes,
                   b.limits().deadline)


def _deepen(game: GAME[State, Move], state: State, a: Any,  # noqa: PLR0917 -- private, one caller
            table: TranspositionTable | None,
            options: SearchOptions, all_best: bool, algorithm: DeepenedSearch, max_depth: int,
            nodes: int | None, deadline: float | None) -> Iterator[SearchResult[Move]]:
    total: SearchStats | None = None
    prev_value: Score | None = None
    prev_move: Any = None
    for depth in range(1, max_depth + 1):
        left = None if nodes is None else nodes - (0 if total is None else total.nodes)
        if (left is not None and left < 1) or (deadline is not None
                                                and time.perf_counter() > deadline):
            return
        try:
            r = run("iterative_deepening", game, state, depth,
                    False if table is None else table, options, all_best,
                    _root(algorithm, prev_value, prev_move), pvs=algorithm == "pvs",
                    limits=Limits(left, deadline), adapter=a)
        except Aborted:
            return
        # Cumulative counts, but this iteration's estimates (0: it saw every line to its end).
        total = r.stats if total is None else attrs.evolve(
            total.plus(r.stats), depth=depth, estimates=r.stats.estimates)
        yield SearchResult(r.value, r.est, r.move, r.best_moves, r.pv, depth, total)
        if r.stats.estimates == 0:
            return
        prev_value, prev_move = r.value, r.move


def to_the_end(game: GAME[State, Move], state: State, budget: int | Budget | None = None
               ) -> Iterator[SearchResult[Move]]:
    """Search ``state`` to the end of the game: one PVS to the game's horizon where it has one.

    A game with the ``Horizon`` hook says how many plies any line from ``state`` can last; a
    search to that depth sees every line end, so it is searched at once (deepening one ply at a
    time would search every shallower depth first: 245,167 positions instead of 18,441 on an
    empty 4×4 board). A game without the hook, or whose horizon is past the budget's depth, is
    deepened as ``iterative_deepening`` does. Yields what ``iterative_deepening`` would yield
    last (nothing when the budget runs out first).

    REQUIRES: ``state`` In_play; ``budget`` as in ``iterative_deepening``.
    ENSURES: the last result yielded has ``stats.estimates == 0`` when the game was solved.

    >>> from sml150.games.tictactoe import KInARow
    >>> g = KInARow(3, 3)
    >>> [(r.depth, r.est, r.stats.estimates) for r in to_the_end(g, g.start, Budget(depth=50))]
    [(9, Guess(n=0), 0)]
    """
    b = Budget.of(budget, "to_the_end")
    horizon = game.plies_left(state) if isinstance(game, Horizon) else None
    if horizon is None or not 1 <= horizon <= b.plies:
        yield from iterative_deepening(game, state, b)
        return
    try:
        r = run("pvs", game, state, attrs.evolve(b, depth=horizon), True, DEFAULT_OPTIONS,
                False, pvs_root, pvs=True)
    except Aborted:
        return
    yield SearchResult(r.value, r.est, r.move, r.best_moves, r.pv, horizon, r.stats)
