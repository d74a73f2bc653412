"""What every public search shares: argument checks, the table, and the root's answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sml150.lib.searchcount import require_in_play
from sml150.lib.signatures import GAME
from sml150.search._core import Kernel, Limits, SearchOptions
from sml150.search.adapter import Adapter, adapt
from sml150.search.budget import Budget
from sml150.search.result import SearchResult
from sml150.search.score import Score, score_to_est
from sml150.search.table import TranspositionTable

__all__ = ["Root", "check_depth", "make_table", "run"]

Root = Callable[[Kernel, Any, int], tuple[Score, Any]]
"""A root search: ``(kernel, state, depth) -> (exact value, a move of that value)``."""


def check_depth(where: str, budget: int | Budget | None) -> int:
    """The plies of ``budget`` for a search that stops only at its depth (the parallel ones).

    REQUIRES: a valid ``Budget`` (or an int depth, or ``None``: to the end) with no node or
    time limit (else ``ValueError``). ENSURES: the depth to search.

    >>> check_depth("jamboree", 0)
    Traceback (most recent call last):
    ...
    ValueError: jamboree: depth must be >= 1 (or None: to the end of the game), not 0
    >>> check_depth("jamboree", Budget(depth=3, seconds=1.0))
    Traceback (most recent call last):
    ...
    ValueError: jamboree: searches to its depth only, not within depth 3, 1 s
    """
    b = Budget.of(budget, where)
    if b.nodes is not None or b.seconds is not None:
        raise ValueError(f"{where}: searches to its depth only, not within {b.describe()}")
    return b.plies


def make_table(tt: TranspositionTable | bool) -> TranspositionTable | None:
    """``True``: a fresh private table; ``False``: none; a table: that (shared) table.

    >>> make_table(False) is None, make_table(True).capacity
    (True, 1048576)
    """
    if tt is True:
        return TranspositionTable()
    if tt is False:
        return None
    if not isinstance(tt, TranspositionTable):
        raise TypeError(f"tt must be a TranspositionTable or a bool, not {tt!r}")
    return tt


def run(where: str, game: GAME[Any, Any], state: Any, budget: int | Budget | None,  # noqa: PLR0917 -- every algorithm passes the same eight, in order
        tt: TranspositionTable | bool, options: SearchOptions, all_best: bool,
        search: Root, *, pvs: bool = False, limits: Limits | None = None,
        adapter: Adapter | None = None) -> SearchResult[Any]:
    """Run ``search`` at the root of ``state`` within ``budget`` and package its answer.

    ``limits`` (a caller's own stop rule, e.g. iterative deepening's running totals or a
    parallel search's stop flag) replaces the budget's nodes and seconds when given.
    ENSURES: ``value`` exact at the budget's depth; ``move`` has that value; ``best_moves``
    every move of that value when ``all_best`` (found by a null-window test of each other move);
    ``pv`` from the table; ``Aborted`` past the budget's nodes or seconds.
    """
    b = Budget.of(budget, where)
    d = b.plies
    if adapter is None and not isinstance(game, GAME):
        raise TypeError(f"{where}: {game!r} is not a GAME structure (see sml150.lib.signatures)")
    if not isinstance(options, SearchOptions):
        raise TypeError(f"{where}: options must be SearchOptions, not {options!r}")
    a = adapter if adapter is not None else adapt(game, options.hooks)
    require_in_play(a.game, state, where)
    table = make_table(tt)
    if table is not None:
        table.new_search()
    k = Kernel(a, table, options, limits if limits is not None else b.limits(), pvs)
    value, move = search(k, state, d)
    best: tuple[Any, ...] = (move,)
    if all_best:
        best = best_moves(k, state, d, value, move)
    pv = k.pv(state, move, d) if table is not None else (move,)
    return SearchResult(value, score_to_est(value, a.player(state)), move, best, pv,
                        d, k.stats(d))


def best_moves(k: Kernel, s: Any, depth: int, value: Score, move: Any) -> tuple[Any, ...]:
    """Every move of ``s`` whose value is ``value`` (the root's exact value), ``move`` first."""
    a = k.adapter
    found = [move]
    for m in a.all_moves(s):
        if m == move:
            continue
        v = -k.ab(a.play(s, m), depth - 1, -value, -value + 1, 1)
        if v >= value:
            found.append(m)
    return tuple(found)

