"""The engine's kernel: the fail-soft alpha-beta closure over an adapted game (``adapter``).

(Over 400 lines: the kernel is one closure built per search, its parts binding each other's
locals, and the same kernel as one native class for the compiled build, ``_Search``: two
forms of one algorithm, kept side by side so that they stay the same.)

Private: the public entry points are the algorithm modules (``alphabeta``, ``pvs``, ``mtdf``,
...). ``Kernel`` binds everything the hot loop needs to local closure variables once per search,
so a node costs the game's own work plus a few comparisons: no per-node records, no ``Est``
values when the game provides ``FastScores``, no ``Seq`` when it provides ``MoveOrdering``.
"""

from __future__ import annotations

import functools
import time
import types
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, Final, Protocol, final

import attrs

from sml150.lib.searchcount import SearchCount
from sml150.search.adapter import Adapter, NativeHooks
from sml150.search.result import SearchStats
from sml150.search.score import INF, MAX_PLY, WIN, Score, from_node, narrow, to_node
from sml150.search.table import Slot, Table, TranspositionTable, answer, flag_of

__all__ = [
    "DEFAULT_OPTIONS",
    "SOLVE_DEPTH",
    "Aborted",
    "Deferral",
    "Kernel",
    "Limits",
    "SearchOptions",
]

SOLVE_DEPTH: Final[int] = MAX_PLY - 1
"""The depth of a search with no depth limit (a solve): only finished games are leaves."""


class Aborted(Exception):
    """The node or time budget ran out inside a search (caught by the caller)."""


@final
@attrs.frozen
class SearchOptions:
    """How a search runs; every option changes the cost, none the value.

    >>> SearchOptions().killers, SearchOptions(hooks=False).hooks
    (True, False)
    """

    hooks: bool = True
    """Use the game's hooks (``sml150.search.hooks``); ``False``: the plain GAME members only."""
    killers: bool = True
    """Killer-move ordering: the move that last cut at this ply is tried early."""
    history: bool = False
    """History-heuristic ordering: moves that cut often (weighted by depth²) first (the moves
    must be hashable). Off by default: on Tic-Tac-Toe it overrides the game's better order."""
    tt_exact_depth: bool = False
    """Use a table entry only at the depth it was searched to (not deeper ones): then the value
    is exactly the depth-``d`` minimax value even where a position recurs at different depths."""


DEFAULT_OPTIONS: Final = SearchOptions()
"""Hooks, killers and the table on; history off."""


@final
@attrs.frozen
class Limits:
    """A node budget and a deadline (``time.perf_counter`` seconds); ``None``: no limit.

    >>> Limits().nodes is None
    True
    """

    nodes: int | None = None
    """Stop (``Aborted``) once this many positions have been entered."""
    deadline: float | None = None
    """Stop (``Aborted``) after this ``time.perf_counter()`` instant."""
    stop: Callable[[], bool] | None = None
    """Stop (``Aborted``) once this returns true (polled every ``poll`` nodes): how a parallel
    search tells its other workers that one has finished."""
    poll: int = 256
    """Nodes between two calls of ``stop`` (a few milliseconds). REQUIRES: ``>= 1`` (else
    ``ValueError``)."""

    def __attrs_post_init__(self) -> None:
        # checked here rather than by an attrs.field validator, which mypyc cannot compile
        if self.poll < 1:
            raise ValueError(f"'poll' must be >= 1: {self.poll}")


class Deferral(Protocol):
    """The order of a node's moves in a parallel search that shares its table (ABDADA).

    ``defer(key, moves)`` yields ``moves`` (each once), the first one first, and knows when
    the caller has finished searching each (it is resumed then): ``SharedTable.defer``.
    """

    def defer(self, key: Hashable, moves: Sequence[Any]) -> Iterator[Any]:
        """``moves`` in the order to search them at the node ``key``."""


@final
class Kernel:
    """One search's closures and counters: ``ab`` (fail-soft alpha-beta / PVS) and the root.

    Mutable, private to one public search call (it may share its ``TranspositionTable``).
    ``defer``, with a shared table, reorders the moves of nodes ``DEFER_DEPTH`` plies or more
    from the horizon (``Deferral``); ``None``: the search order.
    """

    def __init__(self, a: Adapter, tt: Table | None, options: SearchOptions,  # noqa: PLR0917 -- the search's parts, in order
                 limits: Limits, pvs: bool = False, defer: Deferral | None = None) -> None:
        self.adapter = a
        self.pvs_root = pvs
        self.tt = tt
        self.options = options
        self.started = time.perf_counter()
        counts = [0, 0, 0, 0, 0, 0]  # nodes, leaves, probes, hits, cutoffs, estimates
        self._counts = counts
        self.live = SearchCount()
        """The counts so far, published every ``PUBLISH_EVERY`` nodes: what a live status reads
        (``sml150.lib.searchcount.watch_searches``); the search never reads it."""
        self.ab: Callable[[Any, int, Score, Score, int], Score]
        self.flush: Callable[[], None]
        if COMPILED:
            search = _Search(a, tt, options, limits, pvs, counts, self.live, defer)
            self.ab, self.flush = search.ab, search.flush
        else:
            self.ab, self.flush = _build(a, tt, options, limits, pvs, counts, self.live, defer)
        self.defer = defer if tt is not None else None

    def stats(self, depth: int) -> SearchStats:
        """The counters so far as a frozen record."""
        self.flush()
        c = self._counts
        return SearchStats(c[0], c[1], c[2], c[3], c[4], depth,
                           time.perf_counter() - self.started, c[5])

    def add_counts(self, *counts: int) -> None:
        """Add counts kept by another search function.

        The order: nodes, leaves, probes, hits, cut-offs, estimates.
        """
        for i, c in enumerate(counts):
            self._counts[i] += c

    def count_node(self) -> None:
        """Count one node entered outside ``ab`` (the root)."""
        self._counts[0] += 1

    def root(self, s: Any, depth: int, alpha: Score, beta: Score, *,
             first: Sequence[Any] = (), every_move: bool = False) -> tuple[Score, Any]:
        """Fail-soft alpha-beta at the root: ``(value, move)`` with the same contract as ``ab``.

        REQUIRES: ``s`` In_play, ``depth >= 1``. ``first`` moves are tried first (the previous
        iteration's best); then the table's move; then the search order. ``every_move``
        searches moves that the ``MoveOrdering`` hook would drop too.
        ENSURES: ``move`` is the first move found with the returned value (a lower bound on
        the root's value when the result is ``>= beta``).
        """
        a = self.adapter
        self.count_node()
        ms = list(a.all_moves(s) if every_move or depth <= 1 else a.moves(s))
        if not ms:
            raise ValueError(f"{type(a.game).__name__}: an In_play position has no moves")
        hint = self.table_move(s)
        order: list[Any] = []
        for m in (*first, hint):  # moves need not be hashable: compare by equality
            if m is not None and m in ms and m not in order:
                order.append(m)
        order += [m for m in ms if m not in order]
        alpha0 = alpha
        best: Score = -INF
        best_move = order[0]
        ab = self.ab
        play = a.play
        key = a.key(s) if self.defer is not None and depth >= DEFER_DEPTH else None
        for m in (order if key is None or self.defer is None else self.defer.defer(key, order)):
            if best > -INF and self.pvs_root and alpha < beta - 1:
                v = -ab(play(s, m), depth - 1, -alpha - 1, -alpha, 1)
                if alpha < v < beta:
                    v = -ab(play(s, m), depth - 1, -beta, -alpha, 1)
            else:
                v = -ab(play(s, m), depth - 1, -beta, -alpha, 1)
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # A fail-low's best move is no better than the others: keep the table's move then.
        self.store(s, depth, (alpha0, beta), best, best_move if best > alpha0 else hint)
        return best, best_move

    def table_move(self, s: Any) -> Any:
        """The table's best move for ``s`` in ``s``'s orientation, or ``None``."""
        tt = self.tt
        if tt is None:
            return None
        a = self.adapter
        if a.canonical is not None and a.from_canonical is not None:
            key, sym = a.canonical(s)
        else:
            key, sym = a.key(s), 0
        e = tt.slot(key)
        if e is None or e.move is None:
            return None
        m = e.move
        if a.from_canonical is not None:
            m = a.from_canonical(m, sym)
        return m

    def store(self, s: Any, depth: int, window: tuple[Score, Score], v: Score, m: Any) -> None:
        """Store a root result ``v`` found under ``(alpha, beta)`` (ply 0: no mate shift)."""
        tt = self.tt
        if tt is None:
            return
        a = self.adapter
        if a.canonical is not None and a.to_canonical is not None:
            key, sym = a.canonical(s)
            m = None if m is None else a.to_canonical(m, sym)
        else:
            key = a.key(s)
        alpha, beta = window
        tt.store(key, depth, flag_of(v, alpha, beta), v, m)

    def pv(self, s: Any, first: Any, depth: int) -> tuple[Any, ...]:
        """The principal variation: ``first``, then the table's moves while they are legal.

        Where the table has no move, an immediate win (``WinningMove``) or the only move worth
        searching (``MoveOrdering``) continues it; else it stops (a node decided by its bounds
        or cut off by the table keeps no move).
        """
        a = self.adapter
        line = [first]
        s = a.play(s, first)
        for _ in range(min(depth, 400) - 1):
            if a.terminal(s) is not None:
                break
            m = self.table_move(s)
            if m is None and a.winning is not None:
                m = a.winning(s)  # a won node is scored without storing its move
            if m is None:
                forced = a.moves(s)
                m = forced[0] if len(forced) == 1 else None
            if m is None or m not in a.all_moves(s):
                break
            line.append(m)
            s = a.play(s, m)
        return tuple(line)


def _build(  # noqa: PLR0915, PLR0917 - the hot loop binds everything locally, on purpose
        a: Adapter, tt: Table | None, options: SearchOptions, limits: Limits,
           pvs: bool, counts: list[int], live: SearchCount, deferral: Deferral | None = None
           ) -> tuple[Callable[[Any, int, Score, Score, int], Score], Callable[[], None]]:
    """The fail-soft alpha-beta closure over ``a`` and the function flushing its counters."""
    terminal = a.terminal
    heuristic = a.heuristic
    moves = a.moves
    all_moves = a.all_moves
    play = a.play
    keyf = a.key
    canonical = a.canonical
    to_c = a.to_canonical
    from_c = a.from_canonical
    symmetric = canonical is not None and to_c is not None and from_c is not None
    winning = a.winning
    bounds = a.bounds
    use_tt = tt is not None
    tt_slot = tt.slot if tt is not None else None
    tt_store = tt.store if tt is not None else None
    exact_depth = options.tt_exact_depth
    use_killers = options.killers
    use_history = options.history
    killer: dict[int, Any] = {}
    history: dict[Any, int] = {}
    history_get = history.get
    node_limit = limits.nodes
    deadline = limits.deadline
    stop = limits.stop
    defer = deferral.defer if deferral is not None and tt is not None else None
    perf = time.perf_counter
    nodes = leaves = probes = hits = cuts = estimates = 0
    base = counts[0]
    poll = limits.poll if stop is not None else None
    check_at = _next_check(0, node_limit, deadline, poll)

    def check() -> None:
        if node_limit is not None and base + nodes > node_limit:
            raise Aborted
        if deadline is not None and perf() > deadline:
            raise Aborted
        if stop is not None and stop():
            raise Aborted
        flush()  # publishes the counts so far to `live` and sets the next check

    def flush() -> None:
        nonlocal nodes, leaves, probes, hits, cuts, estimates, base, check_at
        counts[0] += nodes
        counts[1] += leaves
        counts[2] += probes
        counts[3] += hits
        counts[4] += cuts
        counts[5] += estimates
        base = counts[0]
        live.nodes, live.terminals = counts[0], counts[1]
        nodes = leaves = probes = hits = cuts = estimates = 0
        check_at = _next_check(0, None if node_limit is None else node_limit - base, deadline,
                               poll)

    def ab(s: Any, depth: int, alpha: Score, beta: Score, ply: int  # noqa: PLR0915 -- the hot loop, inlined
           ) -> Score:
        """Fail-soft alpha-beta: the value ``v`` of ``s`` searched ``depth`` plies.

        REQUIRES: ``alpha < beta``. ENSURES (``V`` the depth-limited negamax value of ``s``,
        root-relative at ``ply``): ``v <= alpha`` means ``V <= v`` (upper bound); ``v >= beta``
        means ``V >= v`` (lower bound); otherwise ``v == V`` (exact).
        """
        nonlocal nodes, leaves, probes, hits, cuts, estimates
        nodes += 1
        if nodes >= check_at:
            check()
        t = terminal(s)
        if t is not None:
            leaves += 1
            return from_node(t, ply)
        if depth <= 0:
            leaves += 1
            estimates += 1
            return from_node(heuristic(s), ply)
        hint = None
        sym = 0
        key: Any = None
        if use_tt:
            if symmetric:
                key, sym = canonical(s)  # type: ignore[misc]  # bound only when the game is Symmetric (checked above)
            else:
                key = keyf(s)
            probes += 1
            e = tt_slot(key)  # type: ignore[misc]  # bound only when a table is used (checked above)
            if e is not None:
                hits += 1
                hint = e.move
                if hint is not None and symmetric:
                    hint = from_c(hint, sym)  # type: ignore[misc]  # bound only when the game is Symmetric (checked above)
                known = answer(e, depth, alpha, beta, ply, exact_depth)
                if known is not None:
                    return known
        if winning is not None and winning(s) is not None:
            return WIN - ply - 1
        if bounds is not None:
            lo, hi = bounds(s)
            alpha, beta = narrow(alpha, beta, from_node(lo, ply), from_node(hi, ply))
            if alpha >= beta:
                return alpha
        ms = moves(s) if depth > 1 else all_moves(s)
        if use_history:
            ms = sorted(ms, key=lambda m: history_get(m, 0), reverse=True)
        kl = killer.get(ply) if use_killers else None
        if (hint is not None or kl is not None) and len(ms) > 1:
            # The table's move first, then the killer (each only if legal here).
            ms = list(ms)
            if kl is not None and kl != hint and kl in ms:
                ms.remove(kl)
                ms.insert(0, kl)
            if hint is not None and hint in ms:
                ms.remove(hint)
                ms.insert(0, hint)
        alpha0 = alpha
        best: Score = -INF
        best_move = None
        d1 = depth - 1
        p1 = ply + 1
        first = True
        for m in (ms if defer is None or depth < DEFER_DEPTH else defer(key, ms)):
            c = play(s, m)
            if first or not pvs:
                v = -ab(c, d1, -beta, -alpha, p1)
                first = False
            else:
                v = -ab(c, d1, -alpha - 1, -alpha, p1)
                if alpha < v < beta:
                    v = -ab(c, d1, -beta, -alpha, p1)
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        cuts += 1
                        if use_killers:
                            killer[ply] = m
                        if use_history:
                            history[m] = history_get(m, 0) + depth * depth
                        break
        if best_move is None:
            raise ValueError(f"{type(a.game).__name__}: an In_play position has no moves")
        if use_tt:
            if best <= alpha0:
                best_move = hint  # a fail-low's best move is no better than the others
            if best_move is not None and symmetric:
                best_move = to_c(best_move, sym)  # type: ignore[misc]  # bound only when the game is Symmetric (checked above)
            tt_store(key, depth, flag_of(best, alpha0, beta),  # type: ignore[misc]  # bound only when a table is used (checked above)
                     to_node(best, ply), best_move)
        return best

    return ab, flush


# -- the compiled build's kernel -------------------------------------------------------------------


@final
class _Search:
    """``_build``'s two closures as one class, for the compiled build (``COMPILED``).

    mypyc makes a method's recursion a C call and an attribute a C field, where a closure's
    recursion is a Python call (its arguments boxed and parsed again) and a transposition
    table typed ``Table`` is called by name. The same nodes, counts, values and moves as the
    closures (the engine's tests run on both builds); interpreted, the closures are faster.
    """

    def __init__(self, a: Adapter, tt: Table | None, options: SearchOptions,  # noqa: PLR0917 -- _build's arguments, in order
                 limits: Limits, pvs: bool, counts: list[int], live: SearchCount,
                 deferral: Deferral | None) -> None:
        self.game_name = type(a.game).__name__
        self.terminal = a.terminal
        self.heuristic = a.heuristic
        self.moves = a.moves
        self.all_moves = a.all_moves
        self.play = a.play
        self.keyf = a.key
        self.canonical = a.canonical
        self.to_c = a.to_canonical
        self.from_c = a.from_canonical
        self.symmetric = (a.canonical is not None and a.to_canonical is not None
                          and a.from_canonical is not None)
        self.winning = a.winning
        self.bounds = a.bounds
        self.native: NativeHooks | None = (
            a.game if a.hooks and isinstance(a.game, NativeHooks) else None)
        """The game when its hooks are compiled with the engine: called as C functions (the
        adapter's members are then exactly these hooks: see ``adapt``)."""
        self.tt = tt
        self.own: TranspositionTable | None = tt if isinstance(tt, TranspositionTable) else None
        """The table when it is a ``TranspositionTable``: called as a C function."""
        self.exact_depth = options.tt_exact_depth
        self.use_killers = options.killers
        self.use_history = options.history
        self.pvs = pvs
        self.killer: dict[int, Any] = {}
        self.history: dict[Any, int] = {}
        self.node_limit = limits.nodes
        self.deadline = limits.deadline
        self.stop = limits.stop
        self.defer = deferral.defer if deferral is not None and tt is not None else None
        self.poll = limits.poll if limits.stop is not None else None
        self.counts = counts
        self.live = live
        self.nodes = self.leaves = self.probes = self.hits = self.cuts = self.estimates = 0
        self.base = counts[0]
        self.check_at = _next_check(0, self.node_limit, self.deadline, self.poll)

    def check(self) -> None:
        """``_build``'s ``check``: the budget, the deadline, the stop flag; then a flush."""
        if self.node_limit is not None and self.base + self.nodes > self.node_limit:
            raise Aborted
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise Aborted
        if self.stop is not None and self.stop():
            raise Aborted
        self.flush()

    def flush(self) -> None:
        """``_build``'s ``flush``: the counts added to ``counts`` and published to ``live``."""
        counts = self.counts
        counts[0] += self.nodes
        counts[1] += self.leaves
        counts[2] += self.probes
        counts[3] += self.hits
        counts[4] += self.cuts
        counts[5] += self.estimates
        self.base = counts[0]
        self.live.nodes, self.live.terminals = counts[0], counts[1]
        self.nodes = self.leaves = self.probes = self.hits = self.cuts = self.estimates = 0
        self.check_at = _next_check(0, None if self.node_limit is None else
                                    self.node_limit - self.base, self.deadline, self.poll)

    def probe(self, key: Any) -> Slot | None:
        """The table's entry for ``key``."""
        if self.own is not None:
            return self.own.slot(key)
        assert self.tt is not None
        return self.tt.slot(key)

    def ab(self, s: Any, depth: int, alpha: Score, beta: Score,  # noqa: PLR0915 -- _build's ab, inlined
           ply: int) -> Score:
        """``_build``'s ``ab``: the same contract, nodes and counts."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self.check()
        nat = self.native
        t = self.terminal(s) if nat is None else nat.terminal_score(s)
        if t is not None:
            self.leaves += 1
            return from_node(t, ply)
        if depth <= 0:
            self.leaves += 1
            self.estimates += 1
            return from_node(self.heuristic(s) if nat is None else nat.heuristic(s), ply)
        hint: Any = None
        sym = 0
        key: Any = None
        use_tt = self.tt is not None
        if use_tt:
            if nat is not None:
                key, sym = nat.canonical(s)
            elif self.symmetric:
                assert self.canonical is not None
                key, sym = self.canonical(s)
            else:
                key = self.keyf(s)
            self.probes += 1
            e = self.probe(key)
            if e is not None:
                self.hits += 1
                hint = e.move
                if hint is not None and nat is not None:
                    hint = nat.move_from_canonical(hint, sym)
                elif hint is not None and self.symmetric:
                    assert self.from_c is not None
                    hint = self.from_c(hint, sym)
                known = answer(e, depth, alpha, beta, ply, self.exact_depth)
                if known is not None:
                    return known
        if nat is not None:
            if nat.winning_move(s) is not None:
                return WIN - ply - 1
        elif self.winning is not None and self.winning(s) is not None:
            return WIN - ply - 1
        if nat is not None or self.bounds is not None:
            if nat is not None:
                lo, hi = nat.score_bounds(s)
            else:
                assert self.bounds is not None
                lo, hi = self.bounds(s)
            alpha, beta = narrow(alpha, beta, from_node(lo, ply), from_node(hi, ply))
            if alpha >= beta:
                return alpha
        ms = (self.all_moves(s) if depth <= 1 else self.moves(s) if nat is None
              else nat.ordered_moves(s))
        if self.use_history:
            history = self.history
            ms = sorted(ms, key=functools.partial(_history_of, history), reverse=True)
        kl = self.killer.get(ply) if self.use_killers else None
        if (hint is not None or kl is not None) and len(ms) > 1:
            # The table's move first, then the killer (each only if legal here); found by
            # identity first (the moves are mostly the same objects), as ``remove`` finds them.
            ordered = list(ms)
            if kl is not None and kl is not hint and kl != hint:
                at = _position(ordered, kl)
                if at >= 0:
                    del ordered[at]
                    ordered.insert(0, kl)
            if hint is not None:
                at = _position(ordered, hint)
                if at >= 0:
                    del ordered[at]
                    ordered.insert(0, hint)
            ms = ordered
        alpha0 = alpha
        best: Score = -INF
        best_move: Any = None
        d1 = depth - 1
        p1 = ply + 1
        first = True
        defer = self.defer
        for m in (ms if defer is None or depth < DEFER_DEPTH else defer(key, ms)):
            v = self.child(s, m, d1, alpha, beta, p1, first)
            first = False
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        self.cut(m, ply, depth)
                        break
        if best_move is None:
            raise ValueError(f"{self.game_name}: an In_play position has no moves")
        if use_tt:
            if best <= alpha0:
                best_move = hint  # a fail-low's best move is no better than the others
            if best_move is not None and nat is not None:
                best_move = nat.move_to_canonical(best_move, sym)
            elif best_move is not None and self.symmetric:
                assert self.to_c is not None
                best_move = self.to_c(best_move, sym)
            flag = flag_of(best, alpha0, beta)
            if self.own is not None:
                self.own.store(key, depth, flag, to_node(best, ply), best_move)
            else:
                assert self.tt is not None
                self.tt.store(key, depth, flag, to_node(best, ply), best_move)
        return best

    def child(self, s: Any, m: Any, d1: int, alpha: Score, beta: Score,  # noqa: PLR0917 -- ab's loop body
              p1: int, first: bool) -> Score:
        """The value of ``s`` after ``m`` for ``s``'s mover.

        A full window for the first move (or without PVS), else a null window and, when the
        result falls inside ``(alpha, beta)``, a re-search.
        """
        c = self.play(s, m) if self.native is None else self.native.make_move(s, m)
        if first or not self.pvs:
            return -self.ab(c, d1, -beta, -alpha, p1)
        v = -self.ab(c, d1, -alpha - 1, -alpha, p1)
        if alpha < v < beta:
            v = -self.ab(c, d1, -beta, -alpha, p1)
        return v

    def cut(self, m: Any, ply: int, depth: int) -> None:
        """Count a cut-off by ``m`` at ``ply`` (the killer and history heuristics learn it)."""
        self.cuts += 1
        if self.use_killers:
            self.killer[ply] = m
        if self.use_history:
            self.history[m] = self.history.get(m, 0) + depth * depth


def _position(moves: list[Any], m: Any) -> int:
    """The index of the first move equal to ``m`` (as ``list.index``), or -1.

    An identical move is looked for first, which needs no comparison: the moves of a node are
    distinct, so it is the one ``list.index`` finds.
    """
    for i in range(len(moves)):
        if moves[i] is m:
            return i
    for i in range(len(moves)):
        if moves[i] == m:
            return i
    return -1


def _history_of(history: dict[Any, int], m: Any) -> int:
    """The history heuristic's weight of ``m`` (0 if it never cut)."""
    return history.get(m, 0)


COMPILED: Final = not isinstance(_history_of, types.FunctionType)
"""Whether this module runs compiled (mypyc): ``Kernel`` then searches with ``_Search``."""


PUBLISH_EVERY: Final[int] = 2048
"""Nodes between two publications of the counts to ``Kernel.live`` (a few per second)."""

DEFER_DEPTH: Final[int] = 3
"""The nodes whose moves a ``Deferral`` orders: this many plies or more from the horizon (the
marks cost a few microseconds a move, worth it only above subtrees of some size)."""


def _next_check(nodes: int, node_limit: int | None, deadline: float | None,
                poll: int | None = None) -> int:
    """The node count at which the budget is checked and the counts are published next.

    Every ``poll`` nodes with a stop flag, 1024 with a deadline, else every
    ``PUBLISH_EVERY``, or at the node limit.

    >>> _next_check(0, None, None), _next_check(0, 10, None), _next_check(5, None, 1.0)
    (2048, 11, 1029)
    >>> _next_check(0, None, 1.0, 256)
    256
    """
    at = nodes + (poll if poll is not None else 1024 if deadline is not None else PUBLISH_EVERY)
    return at if node_limit is None else min(at, node_limit + 1)
