"""``KInARow``: standard Tic-Tac-Toe on an n×n board, k in a row wins, a full board is a draw.

A GAME of the library (so the handouts' players play it) with the engine's hooks
(``sml150.search.hooks``): canonical keys under the 8 symmetries of the square, centre-first
ordering that plays an immediate win or the only block, the immediate-win check, mate-distance
bounds, and integer scores. Maxie plays ``X`` and moves first; Minnie plays ``O``. A move is a
location ``(r, c)``, printed and parsed as ``r c`` like the HW10 game.

>>> G = KInARow(3, 3)
>>> s = G.make_move(G.start, (1, 1))
>>> print(G.state_to_string(s))
  0 1 2
0 . . .
1 . X .
2 . . .
>>> G.player(s), G.move_to_string((0, 2)), G.parse_move(s, "0 2")
(<Player.Minnie: 'Minnie'>, '0 2', <Some: (0, 2)>)
>>> G.status(G.play_line("0 0, 1 0, 0 1, 1 1, 0 2"))
Over(outcome=Winner(player=<Player.Maxie: 'Maxie'>))

The state is a bitboard record (``KState``): bit ``r * n + c`` of ``x``/``o`` is that player's
stone; ``result`` is decided once, when the move is made (``status`` never rescans the board).

(One module over 400 lines: the structure ``KInARow`` with its hooks, parser and printer, all
written on that one bitboard record, and the compiled build's hooks on it in machine integers,
``_KInARow64``, beside the ones they must equal.)
"""

from __future__ import annotations

import functools
import re
import types
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias, final

if TYPE_CHECKING:
    # the compiled build's hooks (``_KInARow64``): native integers and arrays (mypyc)
    from librt.vecs import append, vec
    from mypy_extensions import i64

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.games._common import Family, Recipe, bit64, pop64
from sml150.lib.est import Est, Guess, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import EST, Draw, In_play, Maxie, Minnie, Over, Player, Status, Winner
from sml150.search.adapter import NativeHooks
from sml150.search.score import WIN, Score, loss_in, win_in

__all__ = [
    "IN_PLAY",
    "KInARow",
    "KInARowError",
    "KInARowGame",
    "KState",
    "Location",
    "TicTacToe3",
    "TicTacToe4",
]

Location: TypeAlias = tuple[int, int]
"""A move: the ``(row, column)`` of an empty tile, both from 0."""

IN_PLAY: Final = 0
"""``KState.result``: the game goes on."""
_WON: Final = 1  # the player who moved last completed a line
_DRAWN: Final = 2  # the board is full and nobody has a line


class KInARowError(ValueError):
    """A bad move or board for ``KInARow``, with what was wrong.

    >>> KInARow(3, 3).make_move(KInARow(3, 3).start, (3, 0))
    Traceback (most recent call last):
    ...
    sml150.games.tictactoe.KInARowError: (3, 0) is not a tile of the 3×3 board ...
    """


class KState(NamedTuple):
    """A position: the two bitboards, the game's result, and the 8 symmetric keys.

    A ``NamedTuple`` rather than an attrs record: it is as immutable and value-equal, and three
    times cheaper to build, which the engine does once per position searched.

    - ``x``: Maxie's stones (bit ``r * n + c``);
    - ``o``: Minnie's stones;
    - ``result``: ``IN_PLAY``, 1 (the last mover won) or 2 (a full board, drawn);
    - ``keys``: for each of the 8 symmetries ``g`` of the square, ``x' | o' << n*n`` of the
      image of the position under ``g`` (``keys[0]`` is the position itself); kept up to date
      move by move, so the canonical key is ``min(keys)``.

    >>> KInARow(2, 2).start
    KState(x=0, o=0, result=0, keys=(0, 0, 0, 0, 0, 0, 0, 0))
    """

    x: int
    o: int
    result: int
    keys: tuple[int, ...]


def _transforms(n: int) -> tuple[tuple[int, ...], ...]:
    """For each of the 8 symmetries, the image cell of every cell (``perm[g][i]``)."""
    m = n - 1
    maps: tuple[Callable[[int, int], Location], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, m - r),
        lambda r, c: (m - r, m - c),
        lambda r, c: (m - c, r),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (c, r),
        lambda r, c: (m - c, m - r),
    )
    return tuple(tuple(_index(n, f(i // n, i % n)) for i in range(n * n)) for f in maps)


def _index(n: int, loc: Location) -> int:
    return loc[0] * n + loc[1]


def _lines(n: int, k: int) -> tuple[int, ...]:
    """Every line of ``k`` cells (rows, columns, both diagonals) as a bitmask."""
    out: list[int] = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + j * dr, c + j * dc) for j in range(k)]
                if all(0 <= rr < n and 0 <= cc < n for rr, cc in cells):
                    out.append(sum(1 << (rr * n + cc) for rr, cc in cells))
    return tuple(out)


@final
@attrs.frozen
class _Tables:
    """Everything about an n×n, k-in-a-row board that never changes, computed once."""

    n: int
    """The board's side."""
    k: int
    """Stones in a row that win."""
    full: int
    """All cells."""
    lines: tuple[int, ...]
    """Every winning line as a bitmask."""
    through: tuple[tuple[int, ...], ...]
    """The lines through each cell."""
    locs: tuple[Location, ...]
    """Cell index -> location."""
    cells: dict[object, int]
    """Location -> cell index (any object may be looked up: a move of another type is absent)."""
    order: tuple[int, ...]
    """Cells, most lines through them first, then nearest the centre."""
    perm: tuple[tuple[int, ...], ...]
    """The 8 symmetries as cell permutations."""
    inverse: tuple[tuple[int, ...], ...]
    """Their inverses."""
    key_bits: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """``key_bits[p][i]``: per symmetry, the key bit of a stone of ``p`` (0: X, 1: O) on ``i``."""


@functools.cache
def _tables(n: int, k: int) -> _Tables:
    size = n * n
    lines = _lines(n, k)
    through = tuple(tuple(L for L in lines if L >> i & 1) for i in range(size))
    centre = (n - 1) / 2
    order = tuple(sorted(range(size), key=lambda i: (-len(through[i]),
                                                     abs(i // n - centre) + abs(i % n - centre),
                                                     i)))
    perm = _transforms(n)
    inverse = tuple(tuple(p.index(i) for i in range(size)) for p in perm)
    key_bits = (
        tuple(tuple(1 << p[i] for p in perm) for i in range(size)),
        tuple(tuple(1 << (p[i] + size) for p in perm) for i in range(size)),
    )
    locs = tuple((i // n, i % n) for i in range(size))
    return _Tables(n, k, (1 << size) - 1, lines, through, locs,
                   {loc: i for i, loc in enumerate(locs)}, order, perm, inverse, key_bits)


_MOVE_RE = re.compile(r"^\s*\(?\s*(-?\d+)\s*[,\s]\s*(-?\d+)\s*\)?\s*$")


_Scan: TypeAlias = tuple[int, int, bool, bool, int, int, int]
"""What one pass over the lines tells about a position in play, from the mover's view: the
cells where the mover / the opponent would complete a line, whether each still has an open
line (one the other has no stone on), the mover's and the opponent's stones, the empty cells."""


def _scan(x: int, o: int, t: _Tables) -> _Scan:
    """One pass over the lines of a position in play (see ``_Scan``)."""
    if (x | o).bit_count() & 1:
        mine, theirs = o, x
    else:
        mine, theirs = x, o
    wm = wt = 0
    om = ot = False
    for line in t.lines:
        if not line & theirs:
            om = True
            r = line & ~mine
            if not r & (r - 1):
                wm |= r
        if not line & mine:
            ot = True
            r = line & ~theirs
            if not r & (r - 1):
                wt |= r
    return wm, wt, om, ot, mine, theirs, t.full & ~(x | o)


class _KInARow(Family):
    """The GAME structure ``KInARow`` returns (with the engine's hooks).

    A value (equal and hashing by ``n`` and ``k``; ``Final`` attributes, which mypy keeps
    read-only and the compiled build enforces) written by hand rather than as an attrs record,
    so that mypyc compiles it as a native class.

    >>> KInARow(3) == KInARow(3, 3), KInARow(3)
    (True, _KInARow(n=3, k=3))
    """

    __slots__ = ("_memo", "_t", "k", "n")

    def __init__(self, n: int, k: int, t: _Tables) -> None:
        self.n: Final = n
        """The board's side."""
        self.k: Final = k
        """Stones in a row that win."""
        self._t: Final = t
        """Precomputed tables."""
        self._memo: Final[list[tuple[object, _Scan | None]]] = [(None, None)]
        """The last ``_scan``: the hooks ask about the same position one after the other. (One
        slot holding one tuple, replaced whole: safe to share between threads.)"""

    def __repr__(self) -> str:
        return f"_KInARow(n={self.n!r}, k={self.k!r})"

    def recipe(self) -> Recipe:
        """``KInARow`` and ``n``, ``k`` (``Family``: equal, hashed and pickled by them)."""
        return KInARow, (self.n, self.k)

    def _info(self, s: KState) -> _Scan:
        last = self._memo[0]
        if last[0] is s and last[1] is not None:
            return last[1]
        info = _scan(s.x, s.o, self._t)
        self._memo[0] = (s, info)
        return info

    # -- GAME ------------------------------------------------------------------------------

    @property
    def Est(self) -> EST:
        """The HW11 estimate structure (the draw ``Guess 0`` prints ``It's a draw!``)."""
        return Est

    @property
    def start(self) -> KState:
        """The empty board, Maxie (X) to move.

        >>> KInARow(3, 3).start.result
        0
        """
        return KState(0, 0, IN_PLAY, (0,) * 8)

    def player(self, s: KState) -> Player:
        """Whose turn it is: Maxie (X) when both have played equally often.

        >>> G = KInARow(3, 3); G.player(G.start)
        <Player.Maxie: 'Maxie'>
        """
        return Maxie if (s.x | s.o).bit_count() % 2 == 0 else Minnie

    def status(self, s: KState) -> Status:
        """``Over(Winner p)`` once ``p`` has k in a row, ``Over(Draw)`` on a full board.

        >>> G = KInARow(2, 2)
        >>> G.status(G.play_line("0 0, 1 0, 0 1"))
        Over(outcome=Winner(player=<Player.Maxie: 'Maxie'>))
        """
        if s.result == IN_PLAY:
            return In_play()
        if s.result == _DRAWN:
            return Over(Draw())
        return Over(Winner(Minnie if self.player(s) is Maxie else Maxie))

    def moves(self, s: KState) -> Seq[Location]:
        """The empty tiles in row-major order; empty once the game is over.

        >>> G = KInARow(2, 2); G.moves(G.make_move(G.start, (0, 1)))
        <(0, 0),(1, 0),(1, 1)>
        """
        if s.result != IN_PLAY:
            return Seq.empty()
        t = self._t
        occupied = s.x | s.o
        return Seq.from_list([t.locs[i] for i in range(self.n * self.n) if not occupied >> i & 1])

    def make_move(self, s: KState, m: object) -> KState:
        """Place the mover's stone on ``m``.

        REQUIRES: the game in play and ``m`` an empty tile (else ``KInARowError``).

        >>> G = KInARow(3, 3)
        >>> G.make_move(G.make_move(G.start, (0, 0)), (0, 0))
        Traceback (most recent call last):
        ...
        sml150.games.tictactoe.KInARowError: tile 0 0 is taken
        """
        t = self._t
        i = t.cells.get(m)
        x, o = s.x, s.o
        if i is None or s.result != IN_PLAY or (x | o) >> i & 1:
            raise KInARowError(self._why_illegal(s, m))
        bit = 1 << i
        if (x | o).bit_count() & 1:
            o |= bit
            mine = o
            kb = t.key_bits[1][i]
        else:
            x |= bit
            mine = x
            kb = t.key_bits[0][i]
        result = IN_PLAY
        for line in t.through[i]:
            if mine & line == line:
                result = _WON
                break
        else:
            if x | o == t.full:
                result = _DRAWN
        k = s.keys
        # tuple.__new__ builds the same KState without the NamedTuple's Python-level __new__
        return tuple.__new__(KState, (x, o, result, (
            k[0] | kb[0], k[1] | kb[1], k[2] | kb[2], k[3] | kb[3],
            k[4] | kb[4], k[5] | kb[5], k[6] | kb[6], k[7] | kb[7])))

    def _why_illegal(self, s: KState, m: object) -> str:
        n = self.n
        if s.result != IN_PLAY:
            return f"no move is legal: the game is over ({self.status(s)})"
        if (not isinstance(m, tuple) or len(m) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in m)):
            return f"a move is a location (r, c), not {m!r}"
        if m not in self._t.cells:
            return f"{m!r} is not a tile of the {n}×{n} board (rows and columns 0..{n - 1})"
        return f"tile {m[0]} {m[1]} is taken"

    def estimate(self, s: KState) -> est:
        """Exact for a finished game; else open lines: Maxie's minus Minnie's (absolute).

        A line is open for a player while the other has no stone on it; it counts
        ``1 + stones`` squared, so nearly complete lines weigh most.

        >>> G = KInARow(3, 3)
        >>> G.estimate(G.make_move(G.start, (1, 1)))
        Guess(n=12)
        """
        if s.result == _DRAWN:
            return Guess(0)
        if s.result == _WON:
            return Est.minnie_wins if self.player(s) is Maxie else Est.maxie_wins
        return Guess(self._open_lines(s.x, s.o))

    def _open_lines(self, x: int, o: int) -> int:
        v = 0
        for line in self._t.lines:
            if not o & line:
                v += (1 + (x & line).bit_count()) ** 2 - 1
            if not x & line:
                v -= (1 + (o & line).bit_count()) ** 2 - 1
        return v

    def move_to_string(self, m: Location) -> str:
        """``r c``, as ``parse_move`` reads it.

        >>> KInARow(3, 3).move_to_string((2, 1))
        '2 1'
        """
        return f"{m[0]} {m[1]}"

    def state_to_string(self, s: KState) -> str:
        """The board with row and column numbers; ``.`` is an empty tile.

        >>> print(KInARow(2, 2).state_to_string(KInARow(2, 2).start))
          0 1
        0 . .
        1 . .
        """
        n = self.n
        w = len(str(n - 1))
        rows = [" " * w + " " + " ".join(str(c).rjust(w) for c in range(n))]
        for r in range(n):
            cells = []
            for c in range(n):
                i = r * n + c
                cells.append(("X" if s.x >> i & 1 else "O" if s.o >> i & 1 else ".").rjust(w))
            rows.append(str(r).rjust(w) + " " + " ".join(cells))
        return "\n".join(rows)

    def parse_move(self, s: KState, line: str) -> Maybe[Location]:
        """``Some((r, c))`` for a legal ``r c`` (also ``r,c`` or ``(r, c)``), else ``Nothing``.

        >>> G = KInARow(3, 3)
        >>> G.parse_move(G.start, "(1, 2)"), G.parse_move(G.start, "3 3")
        (<Some: (1, 2)>, <Nothing>)
        """
        try:
            return Some(self.read_move(s, line))
        except KInARowError:
            return Nothing

    # -- beyond GAME -------------------------------------------------------------------------

    def read_move(self, s: KState, line: str) -> Location:
        """The legal move ``line`` names (``r c``), or a ``KInARowError`` saying what is wrong.

        >>> G = KInARow(3, 3)
        >>> G.read_move(G.start, "one two")
        Traceback (most recent call last):
        ...
        sml150.games.tictactoe.KInARowError: cannot read a move from 'one two': ...
        """
        found = _MOVE_RE.match(line)
        if found is None:
            raise KInARowError(
                f"cannot read a move from {line!r}: type a row and a column, e.g. '1 2'"
            )
        m = (int(found[1]), int(found[2]))
        i = self._t.cells.get(m)
        if i is None or s.result != IN_PLAY or (s.x | s.o) >> i & 1:
            raise KInARowError(self._why_illegal(s, m))
        return m

    def play_line(self, moves: str, s: KState | None = None) -> KState:
        """The position after the moves ``moves`` (``r c`` separated by commas or ``;``).

        REQUIRES: every move legal where it is played (else ``KInARowError`` naming it).

        >>> G = KInARow(3, 3)
        >>> G.play_line("1 1; 0 0").o
        1
        >>> G.play_line("1 1, 1 1")
        Traceback (most recent call last):
        ...
        sml150.games.tictactoe.KInARowError: move 2 ('1 1'): tile 1 1 is taken
        """
        s = self.start if s is None else s
        for j, text in enumerate(p for p in re.split(r"[,;]", moves) if p.strip()):
            try:
                s = self.make_move(s, self.read_move(s, text))
            except KInARowError as e:
                raise KInARowError(f"move {j + 1} ({text.strip()!r}): {e}") from None
        return s

    # -- engine hooks (sml150.search.hooks) ----------------------------------------------------

    def tt_key(self, s: KState) -> Hashable:
        """The canonical key: the least of the 8 symmetric keys.

        >>> G = KInARow(3, 3)
        >>> G.tt_key(G.make_move(G.start, (0, 0))) == G.tt_key(G.make_move(G.start, (2, 2)))
        True
        """
        return min(s.keys)

    def canonical(self, s: KState) -> tuple[Hashable, int]:
        """``(key, g)``: the canonical key and the symmetry ``g`` taking ``s`` to it.

        >>> G = KInARow(3, 3)
        >>> G.canonical(G.make_move(G.start, (0, 0)))
        (1, 0)
        """
        k = s.keys
        m = min(k)
        return m, k.index(m)

    def move_to_canonical(self, m: Location, sym: int) -> Location:
        """The image of ``m`` under symmetry ``sym``.

        >>> KInARow(3, 3).move_to_canonical((0, 0), 2)
        (2, 2)
        """
        t = self._t
        return t.locs[t.perm[sym][t.cells[m]]]

    def move_from_canonical(self, m: Location, sym: int) -> Location:
        """The preimage of ``m`` under symmetry ``sym`` (inverse of ``move_to_canonical``).

        >>> KInARow(3, 3).move_from_canonical((0, 2), 1)
        (0, 0)
        """
        t = self._t
        return t.locs[t.inverse[sym][t.cells[m]]]

    def winning_move(self, s: KState) -> Location | None:
        """A tile that completes a line for the mover, or ``None``.

        >>> G = KInARow(3, 3)
        >>> G.winning_move(G.play_line("0 0, 1 0, 0 1, 1 1"))
        (0, 2)
        """
        w = self._info(s)[0]
        if not w:
            return None
        return self._t.locs[(w & -w).bit_length() - 1]

    def ordered_moves(self, s: KState) -> tuple[Location, ...]:
        """The moves to search, best first; moves that lose at once are left out.

        A win at once if there is one; else the only block if the opponent threatens to win
        (one move if it threatens twice: all lose); else every empty tile by how much it
        matters: each line through it still open for the mover adds ``1 + 3 × her stones`` on
        it, each line still open for the opponent ``1 + 2 × his stones``; ties go to the tile
        with more lines through it, then nearer the centre. (On 4×4 this takes the solve from
        43,679 positions with the static order to 26,626.)

        >>> G = KInARow(3, 3)
        >>> G.ordered_moves(G.start)[:2], G.ordered_moves(G.play_line("0 0, 1 1, 0 1"))
        (((1, 1), (0, 0)), ((0, 2),))
        """
        w, b, _om, _ot, mine, theirs, empty = self._info(s)
        t = self._t
        locs = t.locs
        if w:
            return (locs[(w & -w).bit_length() - 1],)
        if b:
            return (locs[(b & -b).bit_length() - 1],)
        weight = [0] * len(locs)
        for line in t.lines:
            free = line & empty
            if not free:
                continue
            v = 0 if line & theirs else 1 + 3 * (line & mine).bit_count()
            if not line & mine:
                v += 1 + 2 * (line & theirs).bit_count()
            while free:  # Inv: the tiles of ``line & empty`` not yet credited are in ``free``
                low = free & -free
                weight[low.bit_length() - 1] += v
                free ^= low
        cells = [i for i in t.order if empty >> i & 1]
        cells.sort(key=weight.__getitem__, reverse=True)  # stable: ties keep t.order
        return tuple([locs[i] for i in cells])

    def score_bounds(self, s: KState) -> tuple[Score, Score]:
        """Bounds: no win before ``k`` own stones, none without an open line.

        The mover cannot win before placing ``k`` stones, nor lose before the opponent has; a
        player with no open line left (every line holds a stone of the other) cannot win.

        Both hold for the estimates too: with no open line of your own, your estimate is <= 0.

        >>> G = KInARow(3, 3)
        >>> from sml150.search.score import describe
        >>> [describe(v) for v in G.score_bounds(G.start)]
        ['loss in 6', 'win in 5']
        >>> G.score_bounds(G.play_line("2 0, 1 0, 1 1, 2 2, 0 0, 0 2, 1 2, 2 1"))
        (0, 0)
        """
        _w, _b, om, ot, mine, theirs, _empty = self._info(s)
        k = self.k
        lo = loss_in(2 * max(1, k - theirs.bit_count())) if ot else 0
        hi = win_in(2 * max(1, k - mine.bit_count()) - 1) if om else 0
        return lo, hi

    def plies_left(self, s: KState) -> int:
        """Hook ``Horizon``: the empty cells (a full board ends the game).

        >>> G = KInARow(3, 3)
        >>> G.plies_left(G.start), G.plies_left(G.play_line("1 1, 0 0"))
        (9, 7)
        """
        return self.n * self.n - (s.x | s.o).bit_count()

    def terminal_score(self, s: KState) -> Score | None:
        """``None`` in play; ``0`` for a draw; ``loss_in(0)`` (the mover has lost) otherwise.

        >>> G = KInARow(2, 2)
        >>> G.terminal_score(G.play_line("0 0, 1 0, 0 1")) == loss_in(0)
        True
        """
        r = s.result
        if r == IN_PLAY:
            return None
        return 0 if r == _DRAWN else -WIN

    def heuristic(self, s: KState) -> Score:
        """The mover's view of ``estimate`` for a position in play.

        >>> G = KInARow(3, 3)
        >>> G.heuristic(G.make_move(G.start, (1, 1)))
        -12
        """
        v = self._open_lines(s.x, s.o)
        return -v if (s.x | s.o).bit_count() & 1 else v


# -- the compiled build's hooks ------------------------------------------------------------------


def _low64(x: i64) -> i64:
    """The index of the lowest set bit of ``0 < x < 2**63``."""
    i: i64 = 0
    while not (x >> i) & 1:
        i += 1
    return i


_tuple_new: Final = tuple.__new__
"""``tuple.__new__``, looked up once (the compiled build would look it up at every call)."""


def _sides64(s: KState) -> tuple[i64, i64]:
    """``(the mover's stones, the opponent's)`` of a position, as native integers."""
    x: i64 = s.x
    o: i64 = s.o
    return (o, x) if pop64(x | o) & 1 else (x, o)


def _vec(items: tuple[int, ...]) -> vec[i64]:
    out = vec[i64](capacity=len(items))
    for v in items:
        out = append(out, v)
    return out


class _KInARow64(_KInARow, NativeHooks):
    """``_KInARow`` with its search hooks on ``i64`` bitboards: the compiled build's.

    ``KInARow`` returns one in the compiled build when the keys fit 62 bits (``2 n² <= 62``,
    boards up to 5×5; larger ones keep the base class's hooks on Python ints). Every hook
    answers exactly as the base class's does (the engine's tests run in both builds); only
    mypyc makes it faster, so the pure build never uses it.
    """

    __slots__ = ("_bounds", "_cell_of", "_cells", "_full64", "_inverse64", "_line_cells",
                 "_lines64", "_locs", "_obits", "_order64", "_perm64", "_thr64", "_thr_at",
                 "_xbits", "_zeros")

    def __init__(self, n: int, k: int, t: _Tables) -> None:
        super().__init__(n, k, t)
        self._full64: Final[i64] = t.full
        self._lines64: Final = _vec(t.lines)
        """Every winning line."""
        self._order64: Final = _vec(t.order)
        """``_Tables.order``."""
        at, thr = vec[i64](), vec[i64]()
        for lines in t.through:
            at = append(at, len(thr))
            for line in lines:
                thr = append(thr, line)
        self._thr_at: Final = append(at, len(thr))
        """Where each cell's lines start in ``_thr64`` (and, past the last, where they end)."""
        self._thr64: Final = thr
        """The lines through each cell, cell after cell."""
        self._xbits: Final = _vec(tuple(b for bits in t.key_bits[0] for b in bits))
        """``key_bits[0]`` flat: cell ``i``'s 8 key bits at ``8 * i``."""
        self._obits: Final = _vec(tuple(b for bits in t.key_bits[1] for b in bits))
        """``key_bits[1]`` flat."""
        self._cells: Final = t.cells
        """``_Tables.cells``."""
        locs: tuple[Any, ...] = t.locs  # Any: each the tuple object itself (not unpacked)
        self._cell_of: Final = {id(loc): i for i, loc in enumerate(locs)}
        """Each location object of ``_Tables.locs`` (the moves ``ordered_moves`` gives) by its
        identity: its cell without hashing the tuple (``locs`` keeps them alive)."""
        self._zeros: Final = _vec((0,) * (n * n))
        """A cell's worth of zeros, copied (sliced) where a buffer starts empty."""
        cells_of = vec[i64]()
        for line in t.lines:
            for i in range(n * n):
                if line >> i & 1:
                    cells_of = append(cells_of, i)
        self._line_cells: Final = cells_of
        """The ``k`` cells of each line of ``_lines64``, line after line."""
        self._perm64: Final = _vec(tuple(c for p in t.perm for c in p))
        """``_Tables.perm`` flat: symmetry ``g`` takes cell ``i`` to ``_perm64[g * n² + i]``."""
        self._inverse64: Final = _vec(tuple(c for p in t.inverse for c in p))
        """``_Tables.inverse`` flat, as ``_perm64``."""
        self._locs: Final = locs
        """``_Tables.locs``, typed ``Any`` so that mypyc passes each location on as the tuple
        object it is (as a ``Location`` it would unpack it into two C integers and pack it again
        into a new tuple wherever it is stored or returned)."""
        size = n * n
        los = [loss_in(2 * max(1, k - c)) for c in range(size + 1)] + [0]
        his = [win_in(2 * max(1, k - c) - 1) for c in range(size + 1)] + [0]
        self._bounds: Final = tuple(tuple((lo, hi) for hi in his) for lo in los)
        """``score_bounds``' answers, made once: ``_bounds[a][b]`` for ``a`` the opponent's
        stones (``n² + 1``: no open line for him) and ``b`` the mover's (likewise)."""

    def make_move(self, s: KState, m: object) -> KState:
        """``_KInARow.make_move``."""
        cell = self._cell_of.get(id(m))
        if cell is None:
            cell = self._cells.get(m)
        if cell is None or s.result != IN_PLAY:
            return super().make_move(s, m)  # refused there, with the reason
        i: i64 = cell
        x: i64 = s.x
        o: i64 = s.o
        bit = bit64(i)
        if (x | o) & bit:
            return super().make_move(s, m)
        if pop64(x | o) & 1:
            o |= bit
            mine = o
            kb = self._obits
        else:
            x |= bit
            mine = x
            kb = self._xbits
        result = IN_PLAY
        thr = self._thr64
        for j in range(self._thr_at[i], self._thr_at[i + 1]):
            line = thr[j]
            if mine & line == line:
                result = _WON
                break
        else:
            if x | o == self._full64:
                result = _DRAWN
        k = s.keys
        b = 8 * i
        keys = (k[0] | kb[b], k[1] | kb[b + 1], k[2] | kb[b + 2], k[3] | kb[b + 3],
                k[4] | kb[b + 4], k[5] | kb[b + 5], k[6] | kb[b + 6], k[7] | kb[b + 7])
        return _tuple_new(KState, (x, o, result, keys))

    def move_to_canonical(self, m: Location, sym: int) -> Any:  # the tuple itself, not a copy
        """``_KInARow.move_to_canonical``."""
        cell = self._cell_of.get(id(m))
        return self._locs[self._perm64[sym * len(self._locs)
                                       + (self._cells[m] if cell is None else cell)]]

    def move_from_canonical(self, m: Location, sym: int) -> Any:  # the tuple itself, not a copy
        """``_KInARow.move_from_canonical``."""
        cell = self._cell_of.get(id(m))
        return self._locs[self._inverse64[sym * len(self._locs)
                                          + (self._cells[m] if cell is None else cell)]]

    def terminal_score(self, s: KState) -> Score | None:
        """``_KInARow.terminal_score`` (here too, for ``NativeHooks``)."""
        r = s.result
        if r == IN_PLAY:
            return None
        return 0 if r == _DRAWN else -WIN

    def tt_key(self, s: KState) -> Hashable:
        """``_KInARow.tt_key``."""
        return self.canonical(s)[0]

    def canonical(self, s: KState) -> tuple[Hashable, int]:
        """``_KInARow.canonical``: the least key, and the first symmetry giving it."""
        keys = s.keys
        best: i64 = keys[0]
        sym = 0
        for g in range(1, 8):
            v: i64 = keys[g]
            if v < best:
                best, sym = v, g
        return best, sym

    def _threats(self, s: KState) -> tuple[i64, i64, i64, i64]:
        """``(mine, theirs, the mover's winning cells, the opponent's)`` of a position in play."""
        mine, theirs = _sides64(s)
        wm: i64 = 0
        wt: i64 = 0
        lines = self._lines64
        for j in range(len(lines)):
            line = lines[j]
            if not line & theirs:
                r = line & ~mine
                if not r & (r - 1):
                    wm |= r
            if not line & mine:
                r = line & ~theirs
                if not r & (r - 1):
                    wt |= r
        return mine, theirs, wm, wt

    def winning_move(self, s: KState) -> Location | None:
        """``_KInARow.winning_move``."""
        _mine, _theirs, w, _b = self._threats(s)
        if not w:
            return None
        loc: Location | None = self._locs[_low64(w)]
        return loc

    def ordered_moves(self, s: KState) -> tuple[Location, ...]:
        """``_KInARow.ordered_moves``: the same moves in the same order."""
        mine, theirs, w, b = self._threats(s)
        locs = self._locs
        if w:
            return (locs[_low64(w)],)
        if b:
            return (locs[_low64(b)],)
        x: i64 = s.x
        o: i64 = s.o
        empty = self._full64 & ~(x | o)
        size: i64 = len(locs)
        weight = self._zeros[0:size]
        lines, cells_of, k = self._lines64, self._line_cells, self.k
        for j in range(len(lines)):
            line = lines[j]
            if not line & empty:
                continue
            v: i64 = 0 if line & theirs else 1 + 3 * pop64(line & mine)
            if not line & mine:
                v += 1 + 2 * pop64(line & theirs)
            for at in range(j * k, j * k + k):
                c = cells_of[at]
                if (empty >> c) & 1:
                    weight[c] += v
        # the empty tiles by weight, heaviest first, ties in ``order``: a stable insertion
        # sort of ``weight * 64 + 63 - rank`` (rank: the tile's place in ``order``, < 64)
        ranked = self._zeros[0:size]
        count = 0
        order = self._order64
        for rank in range(len(order)):
            c = order[rank]
            if (empty >> c) & 1:
                key = weight[c] * 64 + 63 - rank
                at = count
                while at > 0 and ranked[at - 1] < key:
                    ranked[at] = ranked[at - 1]
                    at -= 1
                ranked[at] = key
                count += 1
        return tuple([locs[order[63 - (ranked[j] & 63)]] for j in range(count)])

    def score_bounds(self, s: KState) -> tuple[Score, Score]:
        """``_KInARow.score_bounds``."""
        mine, theirs = _sides64(s)
        om = ot = False
        lines = self._lines64
        for j in range(len(lines)):
            line = lines[j]
            if not line & theirs:
                om = True
            if not line & mine:
                ot = True
        none: i64 = len(self._locs) + 1
        return self._bounds[pop64(theirs) if ot else none][pop64(mine) if om else none]

    def heuristic(self, s: KState) -> Score:
        """``_KInARow.heuristic``."""
        x: i64 = s.x
        o: i64 = s.o
        v: i64 = 0
        lines = self._lines64
        for j in range(len(lines)):
            line = lines[j]
            if not o & line:
                a = 1 + pop64(x & line)
                v += a * a - 1
            if not x & line:
                a = 1 + pop64(o & line)
                v -= a * a - 1
        return -v if pop64(x | o) & 1 else v


def KInARow(n: int = 3, k: int | None = None) -> _KInARow:
    """The n×n game where ``k`` in a row (default ``n``) wins and a full board is a draw.

    REQUIRES: ``1 <= k <= n`` (else ``ValueError``), ints.

    >>> KInARow(4).k
    4
    >>> KInARow(3, 4)
    Traceback (most recent call last):
    ...
    ValueError: KInARow: need 1 <= k <= n, not n=3, k=4
    """
    k = n if k is None else k
    for name, v in (("n", n), ("k", k)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"KInARow: {name} must be an int, not {v!r}")
    if not 1 <= k <= n:
        raise ValueError(f"KInARow: need 1 <= k <= n, not n={n}, k={k}")
    if COMPILED and 2 * n * n <= 62:
        return _KInARow64(n, k, _tables(n, k))
    return _KInARow(n, k, _tables(n, k))


COMPILED: Final = not isinstance(KInARow, types.FunctionType)
"""Whether this module runs compiled (mypyc): ``KInARow`` then gives the ``i64`` hooks."""


KInARowGame: TypeAlias = _KInARow
"""The type of the structures ``KInARow`` returns (for annotations)."""

TicTacToe3: Final = KInARow(3, 3)
"""Standard 3×3 Tic-Tac-Toe."""
TicTacToe4: Final = KInARow(4, 4)
"""4×4 Tic-Tac-Toe, four in a row (a draw with best play)."""
