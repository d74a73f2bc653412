"""The exact Connect Four solver: Pascal Pons' algorithm over the bitboard, in Python.

(Over 400 lines: one solver closure and the few records around it; the closure binds every table
to a local, which is what makes it fast interpreted; and the same search as a native class for
the compiled build, ``_Native``, with its table: two forms of one algorithm, side by side.)

``solve(game, state)`` returns the Pons score of the side to move, every equally best column,
a principal variation and the search statistics:

>>> from sml150.games.connect4 import ConnectFour7x6 as G
>>> r = solve(G, G.parse_moves("4455"))
>>> r.score, r.best_moves, [c + 1 for c in r.pv]
(18, (2, 5), [3, 4, 2])

The search (``_Kernel``) is Pons' final solver: a fail-soft negamax over (position, mask) integers
that enters only positions where the mover cannot win at once (the caller checks the immediate
win), plays only non-losing moves (a single opponent threat must be blocked, two lose, never
play below an opponent's winning cell), clamps the window to the score range still reachable,
keeps a transposition table of upper bounds (fail-low) and lower bounds (cut-off) keyed by
``position + mask`` (optionally folded with its mirror image), orders moves by the number of
winning cells they create, ties centre-first, and narrows [min, max] at the root by null-window
probes, halving toward 0 first (Pons' "iterative deepening with null windows").

It works on raw integers in one closure: a Python call per node and no records, which is what
makes Pons' test sets solvable in milliseconds per position (see benchmarks/connect4_pons.py).
"""

from __future__ import annotations

import time
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, final

import attrs

from sml150.games._common import bit64, pop64
from sml150.games.connect4 import _fits_64, _wins64

if TYPE_CHECKING:
    # The native kernel's types: mypyc compiles them to unboxed C (``i64`` integers, ``vec``
    # arrays of them). Only the compiled build runs ``_Native``, and it has both packages.
    from librt.vecs import append, vec
    from mypy_extensions import i64

    from sml150.games.connect4 import C4State, Column, ConnectFourGame, Score

__all__ = ["C4Result", "C4Stats", "SolveAborted", "score", "solve"]

_TT_LIMIT: Final = 1 << 20
"""Entries kept before the table is cleared: about 120 MB of Python ints at most (Pons' C++
table holds 8M entries of 5 bytes). Clearing loses work, never correctness; the easy and medium
sets stay far below it (a position of Test_L1_R2 explores about a million)."""


class SolveAborted(Exception):
    """A solve ran out of its node budget or its time; ``nodes`` were entered by then.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> solve(G, G.start, max_nodes=100)
    Traceback (most recent call last):
    ...
    sml150.games.connect4_solver.SolveAborted: no result within the budget of 100 positions
    """

    def __init__(self, message: str, nodes: int) -> None:
        super().__init__(message)
        self.nodes = nodes
        """Positions entered before the search stopped."""


_CHECK_EVERY: Final = 4096
"""Positions between two looks at the clock."""


@final
@attrs.frozen
class C4Stats:
    """What a Connect Four solve did.

    ``nodes`` counts positions entered by the score search (Pons' "positions explored", the
    measure his published means use); ``analysis_nodes`` those entered afterwards to find every
    best move and the principal variation.

    >>> C4Stats(nodes=1, tt_probes=1, tt_hits=0, seconds=0.0, analysis_nodes=0,
    ...         analysis_seconds=0.0).nodes
    1
    """

    nodes: int
    """Positions entered by the score search."""
    tt_probes: int
    """Transposition-table look-ups by the score search."""
    tt_hits: int
    """Look-ups that found an entry."""
    seconds: float
    """Wall time of the score search."""
    analysis_nodes: int
    """Positions entered to find the best moves and the principal variation."""
    analysis_seconds: float
    """Wall time of that analysis."""


@final
@attrs.frozen
class C4Result:
    """The exact value of a Connect Four position and how it was found.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> solve(G, G.parse_moves("1212121")).score   # X has won: O to move has lost
    -18
    """

    score: Score
    """Pons' score for the side to move (see ``ConnectFourGame.score_of_win``)."""
    best_moves: tuple[Column, ...]
    """Every column (0-based, ascending) whose value is ``score``; empty when the game is over."""
    pv: tuple[Column, ...]
    """A principal variation: best moves for both sides to the end of the game (0-based)."""
    stats: C4Stats
    """Nodes, TT probes/hits and times."""


Negamax = Callable[[int, int, int, int, int, int], int]
"""``negamax(position, mask, moves, alpha, beta, opp_win)`` over raw bitboards."""


@final
class _Kernel:
    """Pons' solver bound to one board size, with its table and counters (one per solve)."""

    def __init__(self, game: ConnectFourGame, mirror: bool, max_nodes: int | None,
                 deadline: float | None) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.table: dict[int, int] = {}
        self._build(game, mirror)

    @property
    def nodes(self) -> int:
        """Positions entered so far."""
        return self.counts()[0]

    def _next_check(self, nodes: int) -> int:
        at = nodes + _CHECK_EVERY if self.deadline is not None else 1 << 62
        return min(at, self.max_nodes + 1) if self.max_nodes is not None else at

    def _build(self, game: ConnectFourGame, use_mirror: bool) -> None:  # noqa: PLR0915 -- one hot closure
        # one closure with every constant and counter local: no attribute look-ups when hot
        h = game.height
        h1, h2 = h + 1, h + 2
        board = game.board_mask
        bottom = game.bottom_mask
        n = game.width * game.height
        width = game.width
        ranked = [(-i, game.column_mask(c)) for i, c in enumerate(game.column_order)]
        col_bits = (1 << h1) - 1
        mirror_shifts = [(c * h1, (width - 1 - c) * h1) for c in range(width)]
        table = self.table
        nodes = probes = hits = 0
        check_at = self._next_check(0)

        def check() -> None:
            nonlocal check_at
            if self.max_nodes is not None and nodes > self.max_nodes:
                raise SolveAborted(f"no result within the budget of {self.max_nodes} positions",
                                   nodes)
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SolveAborted("no result within the time limit", nodes)
            check_at = self._next_check(nodes)

        a1, a2, a3 = h1, 2 * h1, 3 * h1  # horizontal
        b1, b2, b3 = h, 2 * h, 3 * h  # diagonal /
        c1, c2, c3 = h2, 2 * h2, 3 * h2  # the other diagonal

        def wins(p: int, m: int) -> int:
            # Pons' compute_winning_position: the empty cells completing four for stones p
            r = (p << 1) & (p << 2) & (p << 3)
            lo, hi = p << a1, p >> a1
            q = lo & (p << a2)
            r |= q & ((p << a3) | hi)
            q = hi & (p >> a2)
            r |= q & (lo | (p >> a3))
            lo, hi = p << b1, p >> b1
            q = lo & (p << b2)
            r |= q & ((p << b3) | hi)
            q = hi & (p >> b2)
            r |= q & (lo | (p >> b3))
            lo, hi = p << c1, p >> c1
            q = lo & (p << c2)
            r |= q & ((p << c3) | hi)
            q = hi & (p >> c2)
            r |= q & (lo | (p >> c3))
            return r & (board ^ m)

        def negamax(  # noqa: PLR0915, PLR0917 -- the hot loop, inlined, positional
            p: int, m: int, moves: int, alpha: int, beta: int, opp_win: int
        ) -> int:
            # REQUIRES: the mover of (p, m) cannot win at once; alpha < beta; opp_win is
            # wins(p ^ m, m) (the parent computed it to order its moves; occupied bits in it
            # are harmless: they never meet a playable cell).
            # ENSURES (fail-soft): result <= alpha is an upper bound of the value, result >= beta
            # a lower bound, otherwise the exact value.
            nonlocal nodes, probes, hits
            nodes += 1
            if nodes >= check_at:
                check()
            possible = (m + bottom) & board
            forced = possible & opp_win
            if forced:
                if forced & (forced - 1):
                    return -((n - moves) // 2)  # two threats: lost to the next stone
                possible = forced
            possible &= ~(opp_win >> 1)
            if not possible:
                return -((n - moves) // 2)
            if moves >= n - 2:
                return 0  # at most one stone each left, and no one can win with it
            lo = -((n - 2 - moves) // 2)
            if alpha < lo:
                alpha = lo
                if alpha >= beta:
                    return alpha
            hi = (n - 1 - moves) // 2
            if beta > hi:
                beta = hi
                if alpha >= beta:
                    return beta
            key = p + m
            if use_mirror:
                mk = 0
                for src, dst in mirror_shifts:
                    mk |= ((key >> src) & col_bits) << dst
                if mk < key:  # noqa: PLR1730 -- no min() call in the hot loop
                    key = mk
            probes += 1
            entry = table.get(key)
            if entry is not None:
                hits += 1
                v = entry >> 1
                if entry & 1:  # a lower bound
                    if alpha < v:
                        alpha = v
                        if alpha >= beta:
                            return alpha
                elif beta > v:  # an upper bound
                    beta = v
                    if alpha >= beta:
                        return beta
            # order: most winning cells after the move first, ties centre-first
            cands = []
            for i, cm in ranked:
                mv = possible & cm
                if mv:
                    w = wins(p | mv, m)
                    cands.append((w.bit_count(), i, mv, w))
            if len(cands) > 1:
                cands.sort(reverse=True)
            opp = p ^ m
            for _score, _i, mv, w in cands:
                v = -negamax(opp, m | mv, moves + 1, -beta, -alpha, w)
                if v >= beta:
                    table[key] = (v << 1) | 1
                    return v
                if v > alpha:  # noqa: PLR1730 -- no max() call in the hot loop
                    alpha = v
            # Inv: alpha is an upper bound of the value (exact if it rose above the entry alpha)
            if len(table) >= _TT_LIMIT:
                table.clear()
            table[key] = alpha << 1
            return alpha

        def counts() -> tuple[int, int, int]:
            return nodes, probes, hits

        self.wins = wins
        self.negamax: Negamax = negamax
        self.counts = counts

    def search(self, p: int, m: int, moves: int, alpha: int, beta: int) -> int:
        """``negamax`` on a position the mover cannot win at once (computes its opp_win)."""
        return self.negamax(p, m, moves, alpha, beta, self.wins(p ^ m, m))

    def can_win_next(self, p: int, m: int) -> bool:
        """Whether the mover of (p, m) completes four with one stone."""
        g = self.game
        return bool(self.wins(p, m) & (m + g.bottom_mask) & g.board_mask)


# -- the compiled build's kernel ---------------------------------------------------------------


def _fits_native(game: ConnectFourGame) -> bool:
    """Whether ``_Native`` can solve on ``game``'s board (``connect4._fits_64``).

    >>> from sml150.games.connect4 import ConnectFour
    >>> [_fits_native(ConnectFour(w, h)) for w, h in ((7, 6), (9, 7), (2, 20))]
    [True, False, False]
    """
    return _fits_64(game.width, game.height)


_MIN_SLOTS = 1 << 10
"""A new native table's slots (it doubles when half full)."""


@final
class _Table:
    """The native kernel's table: Pons' bounds by key, open addressing in two ``i64`` vectors.

    A slot holds a key (``position + mask``) and a stamp ``gen << 8 | (entry + 128)``; a slot
    is in use while its stamp's generation is the table's ``gen``. Starting a solve or
    clearing starts a new generation instead of wiping the slots, so one table serves many
    solves (``_NATIVES``). Nothing is dropped within a generation (the slots double at half
    full): the table holds exactly what the pure kernel's ``dict`` holds.
    """

    def __init__(self) -> None:
        self.gen: i64 = 1
        self.count: i64 = 0
        self.mask: i64 = 0
        self.keys: vec[i64] = vec[i64]()
        self.stamps: vec[i64] = vec[i64]()
        self._alloc(_MIN_SLOTS)

    def _alloc(self, slots: i64) -> None:
        keys = vec[i64](capacity=slots)
        stamps = vec[i64](capacity=slots)
        for _ in range(slots):
            keys = append(keys, 0)
            stamps = append(stamps, 0)
        self.keys = keys
        self.stamps = stamps
        self.mask = slots - 1

    def clear(self) -> None:
        """Forget every entry (a new generation)."""
        self.gen += 1
        self.count = 0

    def get(self, key: i64) -> i64:
        """``entry + 128`` stored for ``key`` (always > 0), or 0."""
        mask = self.mask
        mark = self.gen << 8
        i = _slot(key) & mask
        while True:
            st = self.stamps[i]
            if st & -256 != mark:
                return 0
            if self.keys[i] == key:
                return st & 255
            i = (i + 1) & mask

    def put(self, key: i64, entry: i64) -> None:
        """Store ``entry`` (``-128 < entry < 128``) for ``key``."""
        mask = self.mask
        mark = self.gen << 8
        i = _slot(key) & mask
        while True:
            st = self.stamps[i]
            if st & -256 != mark:
                self.keys[i] = key
                self.stamps[i] = mark | (entry + 128)
                self.count += 1
                if 2 * self.count > mask:
                    self._grow()
                return
            if self.keys[i] == key:
                self.stamps[i] = mark | (entry + 128)
                return
            i = (i + 1) & mask

    def _grow(self) -> None:
        keys, stamps, mask, mark = self.keys, self.stamps, self.mask, self.gen << 8
        self._alloc(2 * (mask + 1))
        self.count = 0
        for i in range(mask + 1):
            st = stamps[i]
            if st & -256 == mark:
                self.put(keys[i], (st & 255) - 128)


def _slot(key: i64) -> i64:
    """A key's home slot before masking: the key folded to 30 bits, Fibonacci-mixed."""
    f = (key ^ (key >> 29)) & 0x3FFFFFFF
    return (f * 2654435761) >> 16






@final
class _Native:
    """``_Kernel``'s search compiled by mypyc: the same positions, in the same order.

    A native class with ``i64`` bitboards (boards up to 62 bits, ``_fits_native``), moves
    ordered in per-ply buffers (a stable insertion sort: most winning cells first, ties
    centre-first, as ``_Kernel``'s sort) and the table in ``_Table``. Only the compiled build
    uses it: interpreted, ``_Kernel``'s closure is faster.
    """

    def __init__(self, game: ConnectFourGame) -> None:
        h: i64 = game.height
        width: i64 = game.width
        self.h = h
        self.width = width
        self.n: i64 = width * h
        self.board: i64 = game.board_mask
        self.bottom: i64 = game.bottom_mask
        self.stride: i64 = h + 1
        self.col_bits = bit64(h + 1) - 1
        order = vec[i64](capacity=width)
        for c in game.column_order:
            order = append(order, game.column_mask(c))
        self.order = order
        size: i64 = (self.n + 1) * width
        buf = vec[i64](capacity=size)
        for _ in range(size):
            buf = append(buf, 0)
        self.cand_score = buf
        self.cand_move = vec[i64](buf)
        self.cand_wins = vec[i64](buf)
        self.table = _Table()
        self.mirror = False
        self.nodes: i64 = 0
        self.probes: i64 = 0
        self.hits: i64 = 0
        self.max_nodes: i64 = -1
        self.deadline: float = 0.0
        self.timed = False
        self.check_at: i64 = 0

    def reset(self, mirror: bool, max_nodes: int | None, deadline: float | None) -> None:
        """Start a solve: an empty table, no positions counted, these options and budget."""
        self.table.clear()
        self.mirror = mirror
        self.nodes = self.probes = self.hits = 0
        self.max_nodes = -1 if max_nodes is None else max_nodes
        self.deadline = 0.0 if deadline is None else deadline
        self.timed = deadline is not None
        self.check_at = self._next_check(0)

    def _next_check(self, nodes: i64) -> i64:
        at: i64 = nodes + _CHECK_EVERY if self.timed else 1 << 62
        if self.max_nodes >= 0 and self.max_nodes + 1 < at:
            return self.max_nodes + 1
        return at

    def _check(self) -> None:
        if self.max_nodes >= 0 and self.nodes > self.max_nodes:
            raise SolveAborted(f"no result within the budget of {self.max_nodes} positions",
                               self.nodes)
        if self.timed and time.perf_counter() > self.deadline:
            raise SolveAborted("no result within the time limit", self.nodes)
        self.check_at = self._next_check(self.nodes)

    def counts(self) -> tuple[int, int, int]:
        """Positions entered, table probes, table hits."""
        return self.nodes, self.probes, self.hits

    def _key(self, p: i64, m: i64) -> i64:
        key = p + m
        if not self.mirror:
            return key
        mk: i64 = 0
        stride, col_bits, last = self.stride, self.col_bits, self.width - 1
        for c in range(self.width):
            mk |= ((key >> (c * stride)) & col_bits) << ((last - c) * stride)
        return mk if mk < key else key

    def negamax(self, p: i64, m: i64, moves: i64, alpha: i64, beta: i64,  # noqa: PLR0917, PLR0915 -- the hot loop, positional, inlined
                opp_win: i64) -> i64:
        """``_Kernel``'s ``negamax``: same contract, same positions, same counts."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._check()
        n = self.n
        possible = (m + self.bottom) & self.board
        forced = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return -((n - moves) // 2)
            possible = forced
        possible &= ~(opp_win >> 1)
        if not possible:
            return -((n - moves) // 2)
        if moves >= n - 2:
            return 0
        lo = -((n - 2 - moves) // 2)
        if alpha < lo:
            alpha = lo
            if alpha >= beta:
                return alpha
        hi = (n - 1 - moves) // 2
        if beta > hi:
            beta = hi
            if alpha >= beta:
                return beta
        key = self._key(p, m)
        table = self.table
        self.probes += 1
        entry = table.get(key)
        if entry:
            self.hits += 1
            entry -= 128
            v = entry >> 1
            if entry & 1:
                if alpha < v:
                    alpha = v
                    if alpha >= beta:
                        return alpha
            elif beta > v:
                beta = v
                if alpha >= beta:
                    return beta
        width = self.width
        base = moves * width
        scores, cands, wins, order = self.cand_score, self.cand_move, self.cand_wins, self.order
        k: i64 = 0
        for j in range(width):
            mv = possible & order[j]
            if mv:
                w = _wins64(p | mv, m, self.h, self.board)
                sc = pop64(w)
                at = base + k
                while at > base and scores[at - 1] < sc:
                    scores[at] = scores[at - 1]
                    cands[at] = cands[at - 1]
                    wins[at] = wins[at - 1]
                    at -= 1
                scores[at] = sc
                cands[at] = mv
                wins[at] = w
                k += 1
        opp = p ^ m
        for j in range(base, base + k):
            v = -self.negamax(opp, m | cands[j], moves + 1, -beta, -alpha, wins[j])
            if v >= beta:
                table.put(key, (v << 1) | 1)
                return v
            if v > alpha:  # noqa: PLR1730 -- no max() call in the hot loop
                alpha = v
        if table.count >= _TT_LIMIT:
            table.clear()
        table.put(key, alpha << 1)
        return alpha

    def can_win_next(self, p: i64, m: i64) -> bool:
        """Whether the mover of (p, m) completes four with one stone."""
        return (_wins64(p, m, self.h, self.board) & (m + self.bottom) & self.board) != 0

    def search(self, p: i64, m: i64, moves: i64, alpha: i64, beta: i64) -> i64:
        """``negamax`` on a position the mover cannot win at once (computes its opp_win)."""
        return self.negamax(p, m, moves, alpha, beta, _wins64(p ^ m, m, self.h, self.board))


_NATIVES: dict[tuple[int, int], list[_Native]] = {}
"""Native kernels no solve is using, by board size (a solve takes one and gives it back):
their buffers and table are made once per board size and process."""


def _half(x: int) -> int:
    """``x / 2`` rounded towards 0, as C divides: ``_half(-21) == -10``."""
    return x // 2 if x >= 0 else -(-x // 2)


COMPILED: Final = not isinstance(_half, types.FunctionType)
"""Whether this module runs compiled (mypyc): its functions are then not Python functions.
The compiled build solves boards that fit ``_Native`` with it."""


def _value(game: ConnectFourGame, kernel: _Kernel | _Native, p: int, m: int, moves: int
           ) -> Score:
    """The exact score of a position that is not over, by null-window narrowing on ``kernel``."""
    n = game.width * game.height
    if kernel.can_win_next(p, m):
        return (n + 1 - moves) // 2
    lo, hi = -((n - moves) // 2), (n + 1 - moves) // 2
    # Inv: lo <= value <= hi. Probes start near 0 (most positions are close to a draw):
    # Pons' halving, with C's division (towards 0) so the probes are his.
    while lo < hi:
        med = lo + (hi - lo) // 2
        if med <= 0 and _half(lo) < med:
            med = _half(lo)
        elif med >= 0 and _half(hi) > med:
            med = _half(hi)
        r = kernel.search(p, m, moves, med, med + 1)
        if r <= med:
            hi = r
        else:
            lo = r
    return lo


def _at_most(game: ConnectFourGame, kernel: _Kernel | _Native, p: int, m: int, moves: int, *,
             bound: int) -> bool:
    """Whether the value of a position that is not over is <= ``bound`` (a null window)."""
    if kernel.can_win_next(p, m):
        return (game.width * game.height + 1 - moves) // 2 <= bound
    return kernel.search(p, m, moves, bound, bound + 1) <= bound


def _child(game: ConnectFourGame, s: C4State, c: Column) -> tuple[int, int, int, bool]:
    """(position, mask, moves, won) after the mover plays the legal column ``c``."""
    from sml150.games.connect4 import has_four

    mv = (s.mask + game.bottom_mask) & game.column_mask(c)
    return s.position ^ s.mask, s.mask | mv, s.moves + 1, has_four(s.position | mv, game.height)


def _best_moves(game: ConnectFourGame, kernel: _Kernel | _Native, s: C4State, value: Score,
                first_only: bool) -> list[Column]:
    """The legal columns whose value (for the mover of ``s``) is ``value``, ascending."""
    n = game.width * game.height
    best = []
    for c in game.column_order:
        if not game.can_play(s, c):
            continue
        p, m, moves, won = _child(game, s, c)
        if won:
            good = game.score_of_win(s.moves) == value
        elif moves == n:
            good = value == 0
        else:
            good = _at_most(game, kernel, p, m, moves, bound=-value)  # the child's value <= -value
        if good:
            best.append(c)
            if first_only:
                break
    return sorted(best)


def _over_score(game: ConnectFourGame, s: C4State) -> Score | None:
    """The score of a finished game for the (would-be) mover, or None if it is not over."""
    if game.is_won(s):
        return -game.score_of_win(s.moves - 1)
    if s.moves >= game.width * game.height:
        return 0
    return None


def solve(game: ConnectFourGame, s: C4State, *, analyse: bool = True, mirror: bool = False,
          max_nodes: int | None = None, seconds: float | None = None) -> C4Result:
    """The exact Pons score of ``s`` for the side to move, its best moves and a PV.

    REQUIRES: ``s`` a state of ``game`` (small boards solve fast; 7×6 from few plies is slow).
    ENSURES: ``score`` is the exact value (``game.score_of_win``): ``> 0`` the mover wins (on
    7×6 with her ``22 - score``-th stone at best), ``0`` a draw, ``< 0`` she loses;
    ``best_moves`` every column of that value (empty for a finished game); ``pv`` best play to
    the end. ``analyse=False`` skips best moves and PV (Pons' benchmark
    setting). ``mirror=True`` folds mirror images in the table (same score, fewer nodes on
    symmetric positions, a little slower per node). ``max_nodes`` and ``seconds`` bound the
    whole solve (analysis included): past them ``SolveAborted``. REQUIRES: both ``>= 0``
    (else ``ValueError``).

    >>> from sml150.games.connect4 import ConnectFour
    >>> G = ConnectFour(4, 4)
    >>> r = solve(G, G.parse_moves("2233"))
    >>> r.score, r.best_moves, r.stats.nodes
    (0, (0, 3), 670)
    """
    if max_nodes is not None and max_nodes < 0:
        raise ValueError(f"solve: max_nodes must be >= 0, not {max_nodes}")
    if seconds is not None and not seconds >= 0:
        raise ValueError(f"solve: seconds must be >= 0, not {seconds}")
    t0 = time.perf_counter()
    deadline = None if seconds is None else t0 + seconds
    if not (COMPILED and _fits_native(game)):
        return _solve(game, _Kernel(game, mirror, max_nodes, deadline), s, analyse, t0)
    size = (game.width, game.height)
    free = _NATIVES.get(size)
    native = free.pop() if free else _Native(game)
    try:
        native.reset(mirror, max_nodes, deadline)
        return _solve(game, native, s, analyse, t0)
    finally:
        _NATIVES.setdefault(size, []).append(native)


def _solve(game: ConnectFourGame, kernel: _Kernel | _Native, s: C4State, analyse: bool,
           t0: float) -> C4Result:
    """``solve``'s search and analysis on ``kernel``, from ``t0`` (``perf_counter``)."""
    over = _over_score(game, s)
    value = over if over is not None else _value(game, kernel, s.position, s.mask, s.moves)
    t1 = time.perf_counter()
    nodes, probes, hits = kernel.counts()
    best: list[Column] = []
    pv: list[Column] = []
    if analyse and over is None:
        best = _best_moves(game, kernel, s, value, first_only=False)
        state, v = s, value
        while _over_score(game, state) is None:
            c = _best_moves(game, kernel, state, v, first_only=True)[0]
            pv.append(c)
            state, v = game.make_move(state, c), -v
    t2 = time.perf_counter()
    stats = C4Stats(nodes=nodes, tt_probes=probes, tt_hits=hits, seconds=t1 - t0,
                    analysis_nodes=kernel.nodes - nodes, analysis_seconds=t2 - t1)
    return C4Result(score=value, best_moves=tuple(best), pv=tuple(pv), stats=stats)


def score(game: ConnectFourGame, s: C4State) -> Score:
    """The exact Pons score of ``s`` for the side to move.

    A shortcut for ``solve(game, s, analyse=False).score``.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> score(G, G.parse_moves("44455554221"))
    -15
    """
    return solve(game, s, analyse=False).score
