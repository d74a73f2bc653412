"""``ConnectFour``: Connect Four on any width × height board (four in a row wins), as a GAME.

Maxie moves first and plays ``X``; Minnie plays ``O``. A move is a column, **0-based** in Python
(``Column``); Pascal Pons' move strings (``"4455"``), ``parse_move`` and every printed column are
**1-based**, as players count them. A full board with no four in a row is a ``Draw``.

>>> G = ConnectFour7x6
>>> s = G.parse_moves("4455")
>>> print(G.state_to_string(s))
 1 2 3 4 5 6 7
 . . . . . . .
 . . . . . . .
 . . . . . . .
 . . . . . . .
 . . . O O . .
 . . . X X . .
Maxie (X) to move, ply 5
>>> G.player(s), list(G.moves(s))
(<Player.Maxie: 'Maxie'>, [3, 2, 4, 1, 5, 0, 6])
>>> from sml150.games.connect4_solver import score
>>> score(G, s)   # Pons' convention: the mover wins with her 4th stone, 22 - 4
18

The state is Pons' bitboard: column ``c`` holds bits ``c*(h+1) .. c*(h+1)+h-1`` (bottom up,
one spare bit on top), ``position`` the stones of the player to move, ``mask`` all stones.
The search hooks (``key`` with the mirror symmetry, ``can_win_next``, ``non_losing_moves``,
``ordered_moves`` by threats, ``score_bounds``) work on the same bits.

(One module over 400 lines: the structure ``ConnectFour`` with its hooks, parser and printer,
all written on that one bitboard layout, and the compiled build's hooks on the same bits in
machine integers, ``_ConnectFour64``, beside the ones they must equal; Pons' solver is
``connect4_solver``.)
"""

from __future__ import annotations

import functools
import re
import types
from typing import TYPE_CHECKING, Final, NamedTuple, TypeAlias

if TYPE_CHECKING:
    # the compiled build's hooks (``_ConnectFour64``): native integers and arrays (mypyc)
    from librt.vecs import append, vec
    from mypy_extensions import i64

from returns.maybe import Maybe, Nothing, Some

from sml150.games._common import Family, Recipe, bit64, pop64
from sml150.games.connect4_eval import evaluate
from sml150.lib.est import Est, EstStructure, Guess, MaxieWins, MinnieWins, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    Draw,
    In_play,
    Maxie,
    Minnie,
    Over,
    Player,
    Status,
    Winner,
)
from sml150.search.adapter import NativeHooks
from sml150.search.score import Score as EngineScore
from sml150.search.score import is_mate, is_win, loss_in, mate_plies, win_in

__all__ = [
    "Bitboard",
    "C4State",
    "Column",
    "ConnectFour",
    "ConnectFour7x6",
    "ConnectFourGame",
    "IllegalMove",
    "IllegalMoveString",
    "Score",
]

Column: TypeAlias = int
"""A move: the column a stone drops into, 0-based (printed and parsed 1-based)."""
Bitboard: TypeAlias = int
"""A set of cells, one bit per cell, ``h + 1`` bits per column (see the module docstring)."""
Score: TypeAlias = int
"""A Pons score for the side to move: > 0 wins (sooner is larger), 0 draws, < 0 loses."""

_MAX_SIDE = 32


class IllegalMove(ValueError):
    """A column that cannot be played in a state (off the board, full, or the game is over)."""


class IllegalMoveString(ValueError):
    """A Pons move string (``"4455"``) that is not a legal game; ``index`` is 1-based.

    >>> ConnectFour7x6.parse_moves("44x")
    Traceback (most recent call last):
    ...
    sml150.games.connect4.IllegalMoveString: move 3 of '44x': 'x' is not a column 1..7
    """

    def __init__(self, text: str, index: int, reason: str) -> None:
        super().__init__(f"move {index} of {text!r}: {reason}")
        self.text = text
        """The whole move string."""
        self.index = index
        """The 1-based position of the offending character."""
        self.reason = reason
        """Why that move cannot be played."""


class C4State(NamedTuple):
    """A Connect Four position: Pons' (position, mask, moves) bitboard triple.

    Build states with ``start``, ``make_move`` or ``parse_moves``; a state never changes.

    - ``position``: the stones of the player to move;
    - ``mask``: all stones on the board;
    - ``moves``: plies played so far (even: Maxie to move);
    - ``won``: whether the player who just moved made four in a row (decided once, by
      ``make_move``).

    A ``NamedTuple`` rather than an attrs record, as ``KState``: as immutable and value-equal,
    several times cheaper to build (the engine builds one per position searched), and read as
    a C tuple by the compiled build.

    >>> ConnectFour7x6.make_move(ConnectFour7x6.start, 3)
    C4State(position=0, mask=2097152, moves=1, won=False)
    """

    position: Bitboard
    mask: Bitboard
    moves: int
    won: bool = False


def _check_side(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"ConnectFour {name} must be an int, not {value!r}")
    if not 1 <= value <= _MAX_SIDE:
        raise ValueError(f"ConnectFour {name} must be 1..{_MAX_SIDE}, not {value}")
    return value


def winning_cells(position: Bitboard, mask: Bitboard, height: int, board: Bitboard) -> Bitboard:
    """The empty cells that would complete four in a row for the stones ``position``.

    Pons' ``compute_winning_position``: shifts by 1 (vertical), ``h+1`` (horizontal), ``h`` and
    ``h+2`` (the diagonals). REQUIRES: ``position`` ⊆ ``mask`` ⊆ ``board`` (the playable cells).
    ENSURES: the result ⊆ ``board`` minus ``mask``; it may include cells not yet reachable.

    >>> G = ConnectFour7x6
    >>> s = G.parse_moves("112233")          # X on 1, 2, 3 of the bottom row
    >>> cells = winning_cells(s.position, s.mask, 6, G.board_mask)
    >>> cells == G.bottom_mask & G.column_mask(3)   # the bottom of column 4
    True
    """
    # vertical: three below
    r = (position << 1) & (position << 2) & (position << 3)
    for d in (height + 1, height, height + 2):  # horizontal, diagonal /, diagonal \
        p = (position << d) & (position << 2 * d)
        r |= p & (position << 3 * d)
        r |= p & (position >> d)
        p = (position >> d) & (position >> 2 * d)
        r |= p & (position << d)
        r |= p & (position >> 3 * d)
    return r & (board ^ mask)


def has_four(stones: Bitboard, height: int) -> bool:
    """Whether ``stones`` hold four in a row (vertical, horizontal or diagonal).

    >>> has_four(0b1111, 6), has_four(0b0111, 6)
    (True, False)
    """
    for d in (1, height + 1, height, height + 2):
        m = stones & (stones >> d)
        if m & (m >> 2 * d):
            return True
    return False


_MOVE_TEXT = re.compile(r"^\s*(\d+)\s*$")


class ConnectFourGame(Family):
    """The GAME structure ``ConnectFour`` returns: width × height Connect Four, four in a row.

    Besides GAME it provides Pons' move strings (``parse_moves``), his score convention
    (``score_of_win``, ``score_bounds``) and the search hooks over the bitboard.

    A value (equal and hashing by its size; ``Final`` attributes, which mypy keeps read-only and
    the compiled build enforces) written by hand rather than as an attrs record, so that mypyc
    compiles it as a native class: the hooks then read its attributes as C fields.

    >>> ConnectFour(5, 4).width, ConnectFour(5, 4).height
    (5, 4)
    >>> ConnectFour(2, 2) == ConnectFour(2, 2), ConnectFour(2, 2)
    (True, ConnectFourGame(width=2, height=2, bottom_mask=9, board_mask=27, column_order=(1, 0)))
    """

    __slots__ = ("_columns", "_mirror_shifts", "board_mask", "bottom_mask", "column_order",
                 "height", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width: Final = _check_side("width", width)
        """Columns (7 in the standard game)."""
        self.height: Final = _check_side("height", height)
        """Rows (6 in the standard game)."""
        bottom = sum(1 << (c * (height + 1)) for c in range(width))
        self.bottom_mask: Final[Bitboard] = bottom
        """The bottom cell of every column."""
        self.board_mask: Final[Bitboard] = bottom * ((1 << height) - 1)
        """Every cell of the board (no spare bits)."""
        w = width
        self.column_order: Final[tuple[Column, ...]] = tuple(
            w // 2 + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(w))
        """Columns from the centre outwards, left of centre first: 7 wide gives 3, 2, 4, 1, 5, 0,
        6."""
        self._columns: Final[tuple[tuple[Column, Bitboard, Bitboard], ...]] = tuple(
            (c, self.column_mask(c), self.top_mask(c)) for c in self.column_order)
        """``(column, its cells, its top cell)`` in ``column_order`` (the hooks' hot loops)."""
        stride = height + 1
        self._mirror_shifts: Final[tuple[tuple[int, int], ...]] = tuple(
            (c * stride, (width - 1 - c) * stride) for c in range(width))
        """``(source, destination)`` bit offsets of each column under the mirror."""

    def __repr__(self) -> str:
        return (f"ConnectFourGame(width={self.width!r}, height={self.height!r},"
                f" bottom_mask={self.bottom_mask!r}, board_mask={self.board_mask!r},"
                f" column_order={self.column_order!r})")

    def recipe(self) -> Recipe:
        """``ConnectFour`` and the size (``Family``: equal, hashed and pickled by it)."""
        return ConnectFour, (self.width, self.height)

    # -- geometry ------------------------------------------------------------------------------

    def column_mask(self, c: Column) -> Bitboard:
        """The cells of column ``c`` (0-based).

        >>> bin(ConnectFour(2, 3).column_mask(1))
        '0b1110000'
        """
        return ((1 << self.height) - 1) << (c * (self.height + 1))

    def top_mask(self, c: Column) -> Bitboard:
        """The top cell of column ``c``.

        >>> bin(ConnectFour(2, 3).top_mask(0))
        '0b100'
        """
        return 1 << (self.height - 1 + c * (self.height + 1))

    def can_play(self, s: C4State, c: Column) -> bool:
        """Whether column ``c`` is on the board and not full (the game may be over).

        >>> G = ConnectFour(2, 1)
        >>> G.can_play(G.make_move(G.start, 0), 0), G.can_play(G.start, 2)
        (False, False)
        """
        return 0 <= c < self.width and not s.mask & self.top_mask(c)

    # -- GAME ------------------------------------------------------------------------------------

    @property
    def Est(self) -> EstStructure:
        """The HW11 estimates (``Guess: 3``, ``It's a draw!``).

        >>> ConnectFour7x6.Est.to_string(Guess(0))
        "It's a draw!"
        """
        return Est

    @property
    def start(self) -> C4State:
        """The empty board, Maxie (X) to move.

        >>> ConnectFour7x6.start
        C4State(position=0, mask=0, moves=0, won=False)
        """
        return C4State(0, 0, 0)

    def _why_not(self, s: C4State, c: object) -> str | None:
        if isinstance(c, bool) or not isinstance(c, int):
            return f"a move is a 0-based column int, not {c!r}"
        if not 0 <= c < self.width:
            return f"column {c + 1} is off the board (columns 1..{self.width})"
        if s.won:
            return "the game is already won"
        if s.mask & self.top_mask(c):
            return f"column {c + 1} is full"
        return None

    def make_move(self, s: C4State, m: object) -> C4State:
        """Drop the mover's stone into column ``m`` (0-based).

        REQUIRES: ``m`` in ``moves(s)``; else ``IllegalMove`` saying why. ENSURES: the other
        player is to move; ``s`` is unchanged.

        >>> G = ConnectFour(2, 1)
        >>> G.make_move(G.make_move(G.start, 0), 0)
        Traceback (most recent call last):
        ...
        sml150.games.connect4.IllegalMove: ConnectFour.make_move: column 1 is full
        """
        # ``m: object``: a move of another type is refused here too (the compiled build would
        # refuse a wrongly typed argument before the call, with a TypeError)
        if (isinstance(m, int) and not isinstance(m, bool) and 0 <= m < self.width
                and not s.won and not s.mask & self.top_mask(m)):
            mask = s.mask | (s.mask + (1 << (m * (self.height + 1))))
            # tuple.__new__ builds the same C4State without the NamedTuple's Python __new__
            return tuple.__new__(C4State, (s.position ^ s.mask, mask, s.moves + 1,
                                           has_four(s.position | (mask ^ s.mask), self.height)))
        raise IllegalMove(f"ConnectFour.make_move: {self._why_not(s, m) or 'the board is full'}")

    def is_won(self, s: C4State) -> bool:
        """Whether the player who just moved made four in a row.

        >>> ConnectFour7x6.is_won(ConnectFour7x6.parse_moves("1212121"))
        True
        """
        return s.won

    def moves(self, s: C4State) -> Seq[Column]:
        """The playable columns, centre first (``column_order``); empty when the game is over.

        ENSURES: non-empty exactly while ``status(s)`` is In_play.

        >>> G = ConnectFour(3, 1)
        >>> G.moves(G.start), G.moves(G.make_move(G.start, 1))
        (<1,0,2>, <0,2>)
        """
        if s.won:
            return Seq.empty()
        return Seq.from_list([c for c, _cells, top in self._columns if not s.mask & top])

    def status(self, s: C4State) -> Status:
        """``Over (Winner p)`` after p's four in a row, ``Over Draw`` on a full board, else In_play.

        >>> G = ConnectFour7x6
        >>> G.status(G.parse_moves("1212121")), G.status(G.start)
        (Over(outcome=Winner(player=<Player.Maxie: 'Maxie'>)), In_play())
        """
        if self.is_won(s):
            return Over(Winner(Minnie if s.moves % 2 == 0 else Maxie))
        if s.moves >= self.width * self.height:
            return Over(Draw())
        return In_play()

    def player(self, s: C4State) -> Player:
        """The player to move: Maxie after an even number of plies.

        >>> ConnectFour7x6.player(ConnectFour7x6.parse_moves("4"))
        <Player.Minnie: 'Minnie'>
        """
        return Maxie if s.moves % 2 == 0 else Minnie

    def estimate(self, s: C4State) -> est:
        """An absolute estimate (positive favours Maxie): ``heuristic`` seen from Maxie.

        Finished games give their exact value (``Guess 0`` for a draw). A mover who can win at
        once gets ±1000; otherwise ``sml150.games.connect4_eval.evaluate`` (threats by the
        odd/even rule, open lines, the centre, forced blocks played out), from Maxie's side.
        Creates no future state.

        >>> G = ConnectFour7x6
        >>> G.estimate(G.parse_moves("1212121")), G.estimate(G.parse_moves("121212"))
        (MaxieWins(), Guess(n=1000))
        >>> G.estimate(G.start), G.estimate(G.parse_moves("4"))
        (Guess(n=6), Guess(n=6))
        """
        match self.status(s):
            case Over(Winner(Player.Maxie)):
                return MaxieWins()
            case Over(Winner(Player.Minnie)):
                return MinnieWins()
            case Over(Draw()):
                return Guess(0)
        sign = 1 if s.moves % 2 == 0 else -1
        return Guess(sign * self.heuristic(s))

    def move_to_string(self, m: Column) -> str:
        """``column 4`` (1-based).

        >>> ConnectFour7x6.move_to_string(3)
        'column 4'
        """
        return f"column {m + 1}"

    def state_to_string(self, s: C4State) -> str:
        """The board, top row first, with 1-based column numbers; X is Maxie, O is Minnie.

        >>> print(ConnectFour(3, 2).state_to_string(ConnectFour(3, 2).parse_moves("21")))
         1 2 3
         . . .
         O X .
        Maxie (X) to move, ply 3
        """
        h = self.height
        maxie = s.position if s.moves % 2 == 0 else s.position ^ s.mask
        rows = [" " + " ".join(str(c + 1) for c in range(self.width))]
        for r in range(h - 1, -1, -1):
            cells = []
            for c in range(self.width):
                bit = 1 << (c * (h + 1) + r)
                cells.append("." if not s.mask & bit else "X" if maxie & bit else "O")
            rows.append(" " + " ".join(cells))
        match self.status(s):
            case Over(Winner(p)):
                last = f"{p.name} ({'X' if p is Maxie else 'O'}) has won"
            case Over(Draw()):
                last = "a draw: the board is full"
            case _:
                p = self.player(s)
                last = f"{p.name} ({'X' if p is Maxie else 'O'}) to move, ply {s.moves + 1}"
        return "\n".join([*rows, last])

    def parse_move(self, s: C4State, line: str) -> Maybe[Column]:
        """Read a 1-based column number as the mover's move.

        ENSURES: ``Some(column)`` (0-based) only for a legal move in ``s``, else ``Nothing``.

        >>> G = ConnectFour7x6
        >>> G.parse_move(G.start, "4"), G.parse_move(G.start, "8"), G.parse_move(G.start, "x")
        (<Some: 3>, <Nothing>, <Nothing>)
        """
        found = _MOVE_TEXT.match(line)
        if found is None:
            return Nothing
        c = int(found[1]) - 1
        return Some(c) if self._why_not(s, c) is None else Nothing

    # -- Pons' move strings and scores -------------------------------------------------------------

    def parse_moves(self, text: str) -> C4State:
        """The state after Pons' move string: 1-based columns, first player first (``"4455"``).

        REQUIRES: every character a column digit ``1..width`` that can be played, and no four
        in a row before the last move (the last move may win: the state is then Over); else
        ``IllegalMoveString`` naming the 1-based position in the string and why.
        Widths above 9 cannot be written in this format.

        >>> ConnectFour7x6.parse_moves("").moves, ConnectFour7x6.parse_moves("4455").moves
        (0, 4)
        >>> ConnectFour7x6.parse_moves("4444444")
        Traceback (most recent call last):
        ...
        sml150.games.connect4.IllegalMoveString: move 7 of '4444444': column 4 is full
        >>> ConnectFour7x6.parse_moves("12121211")
        Traceback (most recent call last):
        ...
        sml150.games.connect4.IllegalMoveString: move 8 of '12121211': the game is already won
        """
        h = self.height
        columns = {str(c + 1): (1 << (c * (h + 1)), self.top_mask(c))
                   for c in range(min(self.width, 9))}
        position = mask = 0
        won = False
        for i, ch in enumerate(text, start=1):
            # Inv: (position, mask) is the state after text[:i-1], won whether its last move won
            column = columns.get(ch)
            if column is None:
                raise IllegalMoveString(text, i, f"{ch!r} is not a column 1..{self.width}")
            if won:
                raise IllegalMoveString(text, i, "the game is already won")
            bottom, top = column
            if mask & top:
                raise IllegalMoveString(text, i, f"column {ch} is full")
            moved = mask | (mask + bottom)
            won = has_four(position | (moved ^ mask), h)
            position, mask = position ^ mask, moved
        return C4State(position, mask, len(text), won)

    def score_of_win(self, moves_before: int) -> Score:
        """Pons' score of a win by the stone played after ``moves_before`` plies.

        ``(width*height + 1 - moves_before) // 2``: on 7×6, 22 minus the stones the winner has
        played at the end. A loss is the negation, seen by the loser.

        >>> ConnectFour7x6.score_of_win(0), ConnectFour7x6.score_of_win(6)
        (21, 18)
        """
        return (self.width * self.height + 1 - moves_before) // 2

    def pons_bounds(self, s: C4State) -> tuple[Score, Score]:
        """The lowest and highest Pons score the mover of an In_play ``s`` can get.

        ``(-(w*h - moves)//2, (w*h + 1 - moves)//2)``: the worst is losing to the opponent's
        next stone, the best winning with one's own.

        >>> ConnectFour7x6.pons_bounds(ConnectFour7x6.start)
        (-21, 21)
        """
        n = self.width * self.height
        return (-((n - s.moves) // 2), (n + 1 - s.moves) // 2)

    def pons_score(self, v: EngineScore, s: C4State) -> Score:
        """An exact engine score of ``s`` (``win_in``/``loss_in``/0, node-relative) in Pons' terms.

        Winning ``k`` plies from ``s`` means the winning stone is played after ``moves + k - 1``
        plies, so the Pons score is ``score_of_win(moves + k - 1)``; a loss is its negation.
        REQUIRES: ``v`` exact (a win, a loss, or the draw 0); else ``ValueError``.

        >>> ConnectFour7x6.pons_score(win_in(3), ConnectFour7x6.parse_moves("4455"))
        18
        """
        if v == 0:
            return 0
        if not is_mate(v):
            raise ValueError(f"pons_score: {v} is a guess, not an exact score")
        k = mate_plies(v)
        won = self.score_of_win(s.moves + k - 1)
        return won if is_win(v) else -won

    # -- search hooks ----------------------------------------------------------------------------

    def possible(self, s: C4State) -> Bitboard:
        """The cells where a stone can drop now (one per non-full column).

        >>> bin(ConnectFour(2, 2).possible(ConnectFour(2, 2).start))
        '0b1001'
        """
        return (s.mask + self.bottom_mask) & self.board_mask

    def winning_columns(self, s: C4State) -> list[Column]:
        """The columns where the mover completes four in a row at once (ascending).

        >>> ConnectFour7x6.winning_columns(ConnectFour7x6.parse_moves("121212"))
        [0]
        """
        if self.is_won(s):
            return []
        win = winning_cells(s.position, s.mask, self.height, self.board_mask) & self.possible(s)
        return [c for c in range(self.width) if win & self.column_mask(c)]

    def can_win_next(self, s: C4State) -> bool:
        """Whether the mover of an In_play ``s`` wins with one stone (the immediate-win check).

        >>> ConnectFour7x6.can_win_next(ConnectFour7x6.parse_moves("121212"))
        True
        """
        win = winning_cells(s.position, s.mask, self.height, self.board_mask)
        return bool(win & self.possible(s)) and not self.is_won(s)

    def non_losing_moves(self, s: C4State) -> list[Column]:
        """The columns that do not lose at once, for an In_play ``s`` the mover cannot win at once.

        Pons' ``possibleNonLosingMoves``: a single opponent threat must be blocked; against two
        no move helps (empty list); never play under an opponent's winning cell.
        ENSURES: a subset of ``moves(s)``; every move left out loses to the next stone; empty
        only if every move loses so.

        >>> G = ConnectFour7x6
        >>> G.non_losing_moves(G.parse_moves("12121"))   # O must block column 1
        [0]
        """
        h, board = self.height, self.board_mask
        possible = self.possible(s)
        threat = winning_cells(s.position ^ s.mask, s.mask, h, board)
        forced = possible & threat
        if forced:
            if forced & (forced - 1):
                return []
            possible = forced
        allowed = possible & ~(threat >> 1)
        return [c for c, cells, _top in self._columns if allowed & cells]

    def threat_count(self, s: C4State, c: Column) -> int:
        """How many winning cells the mover has after playing column ``c`` (ordering key).

        >>> G = ConnectFour7x6
        >>> G.threat_count(G.parse_moves("1212"), 0)
        1
        """
        move = self.possible(s) & self.column_mask(c)
        return winning_cells(s.position | move, s.mask | move, self.height,
                             self.board_mask).bit_count()

    def mirror(self, b: Bitboard) -> Bitboard:
        """The bitboard reflected left to right (column c to ``width-1-c``).

        >>> G = ConnectFour7x6
        >>> G.mirror(G.make_move(G.start, 0).mask) == G.make_move(G.start, 6).mask
        True
        """
        col = (1 << (self.height + 1)) - 1
        out = 0
        for src, dst in self._mirror_shifts:
            out |= ((b >> src) & col) << dst
        return out

    def key(self, s: C4State) -> int:
        """A transposition-table key equal for a state and its mirror image.

        Pons' ``position + mask`` (unique per state) or its mirror, whichever is smaller.

        >>> G = ConnectFour7x6
        >>> G.key(G.parse_moves("12")) == G.key(G.parse_moves("76"))
        True
        """
        k = s.position + s.mask
        return min(k, self.mirror(k))


    # -- engine hooks (sml150.search.hooks) ----------------------------------------------------

    def tt_key(self, s: C4State) -> int:
        """Hook ``TTKey``: ``key(s)``, equal for a state and its mirror image.

        >>> ConnectFour7x6.tt_key(ConnectFour7x6.start)
        0
        """
        return self.key(s)

    def plies_left(self, s: C4State) -> int:
        """Hook ``Horizon``: the empty cells (the game ends when the board fills).

        >>> ConnectFour7x6.plies_left(ConnectFour7x6.parse_moves("44"))
        40
        """
        return self.width * self.height - s.moves

    def canonical(self, s: C4State) -> tuple[int, int]:
        """Hook ``Symmetric``: ``(key, sym)``, ``sym`` 1 when the mirror image is the canonical one.

        >>> G = ConnectFour7x6
        >>> G.canonical(G.parse_moves("1"))[1], G.canonical(G.parse_moves("7"))[1]
        (0, 1)
        """
        k = s.position + s.mask
        mk = self.mirror(k)
        return (mk, 1) if mk < k else (k, 0)

    def move_to_canonical(self, m: Column, sym: int) -> Column:
        """Hook ``Symmetric``: column ``m`` in the canonical orientation (mirrored if ``sym``).

        >>> ConnectFour7x6.move_to_canonical(0, 1), ConnectFour7x6.move_to_canonical(0, 0)
        (6, 0)
        """
        return self.width - 1 - m if sym else m

    def move_from_canonical(self, m: Column, sym: int) -> Column:
        """Hook ``Symmetric``: the inverse of ``move_to_canonical`` (a mirror is its own inverse).

        >>> ConnectFour7x6.move_from_canonical(6, 1)
        0
        """
        return self.width - 1 - m if sym else m

    def winning_move(self, s: C4State) -> Column | None:
        """Hook ``WinningMove``: a column that wins at once (centre-first), or ``None``.

        >>> G = ConnectFour7x6
        >>> G.winning_move(G.parse_moves("121212")), G.winning_move(G.start)
        (0, None)
        """
        if self.is_won(s):
            return None
        win = winning_cells(s.position, s.mask, self.height, self.board_mask) & self.possible(s)
        if not win:
            return None
        return next(c for c, cells, _top in self._columns if win & cells)

    def ordered_moves(self, s: C4State) -> list[Column]:
        """Hook ``MoveOrdering``: the moves worth searching, most threats first, ties centre-first.

        An immediate win, if any, alone (nothing beats it); else ``non_losing_moves`` sorted
        by ``threat_count``; if every move loses at once, all moves centre-first (all lose
        equally soon). REQUIRES: ``s`` In_play. ENSURES: non-empty, a subset of ``moves(s)``.

        >>> G = ConnectFour7x6
        >>> G.ordered_moves(G.parse_moves("4455"))
        [2, 5, 1, 6, 3, 4, 0]
        >>> G.ordered_moves(G.parse_moves("12121"))   # O must block X's column 1
        [0]
        """
        w = self.winning_move(s)
        if w is not None:
            return [w]
        cols = self.non_losing_moves(s)
        if not cols:
            return [c for c, _cells, top in self._columns if not s.mask & top]
        if len(cols) == 1:
            return cols
        # most threats first, ties in column order (a stable sort; no lambda: mypyc)
        return sorted(cols, key=functools.partial(self.threat_count, s), reverse=True)

    def score_bounds(self, s: C4State) -> tuple[EngineScore, EngineScore]:
        """Hook ``ScoreBounds``: mate-distance bounds of an In_play ``s``, node-relative.

        The mover wins at ply 1 at best, and only with an immediate win (else ply 3 at best);
        she loses at ply 2 at worst, and only if some opponent threat cannot be met (else at
        ply 4 at worst). They bound every depth-limited value too.

        >>> from sml150.search.score import describe
        >>> [describe(v) for v in ConnectFour7x6.score_bounds(ConnectFour7x6.start)]
        ['loss in 4', 'win in 3']
        """
        if self.can_win_next(s):
            return (win_in(1), win_in(1))
        lo = loss_in(4) if self.non_losing_moves(s) else loss_in(2)
        return (lo, win_in(3))

    def terminal_score(self, s: C4State) -> EngineScore | None:
        """Hook ``FastScores``: ``None`` while In_play, else the mover's exact score.

        ``loss_in(0)`` after the opponent's four in a row, 0 for a full board.

        >>> G = ConnectFour7x6
        >>> G.terminal_score(G.parse_moves("1212121")) == loss_in(0), G.terminal_score(G.start)
        (True, None)
        """
        if self.is_won(s):
            return loss_in(0)
        if s.moves >= self.width * self.height:
            return 0
        return None

    def heuristic(self, s: C4State) -> EngineScore:
        """Hook ``FastScores``: the mover's view of ``estimate(s)`` for an In_play ``s``.

        ``sml150.games.connect4_eval.evaluate``: threats by the odd/even rule, open lines, the
        centre, forced blocks played out, averaged with the best next stone; 1000 when the
        mover wins at once.

        >>> ConnectFour7x6.heuristic(ConnectFour7x6.parse_moves("4"))
        -6
        """
        return evaluate(s.position, s.mask, s.moves, self.width, self.height)


# -- the compiled build's hooks ------------------------------------------------------------------


def _fits_64(width: int, height: int) -> bool:
    """Whether native integers hold this board (``_ConnectFour64``, ``connect4_solver._Native``).

    The board takes ``width * (height + 1)`` bits (at most 62), and the winning-cell shifts go
    up to ``3 * (height + 2)`` places (at most 63).

    >>> _fits_64(7, 6), _fits_64(9, 7), _fits_64(2, 20)
    (True, False, False)
    """
    return width * (height + 1) <= 62 and 3 * (height + 2) <= 63


def _wins64(p: i64, m: i64, h: i64, board: i64) -> i64:
    """``winning_cells`` on native integers (Pons' ``compute_winning_position``).

    The empty cells of ``board`` (not in ``m``) that complete four for the stones ``p``, on a
    board ``h`` rows high; ``_ConnectFour64``'s and ``connect4_solver._Native``'s.
    """
    r = (p << 1) & (p << 2) & (p << 3)
    d = h + 1  # horizontal
    lo, hi = p << d, p >> d
    q = lo & (p << 2 * d)
    r |= q & ((p << 3 * d) | hi)
    q = hi & (p >> 2 * d)
    r |= q & (lo | (p >> 3 * d))
    d = h  # diagonal /
    lo, hi = p << d, p >> d
    q = lo & (p << 2 * d)
    r |= q & ((p << 3 * d) | hi)
    q = hi & (p >> 2 * d)
    r |= q & (lo | (p >> 3 * d))
    d = h + 2  # the other diagonal
    lo, hi = p << d, p >> d
    q = lo & (p << 2 * d)
    r |= q & ((p << 3 * d) | hi)
    q = hi & (p >> 2 * d)
    r |= q & (lo | (p >> 3 * d))
    return r & (board ^ m)


def _four64(stones: i64, h: i64) -> bool:
    """``has_four`` on native integers."""
    m = stones & (stones >> 1)
    if m & (m >> 2):
        return True
    for d in (h + 1, h, h + 2):
        m = stones & (stones >> d)
        if m & (m >> 2 * d):
            return True
    return False


_LOSS_0: Final = loss_in(0)
_WIN_1: Final = win_in(1)
_WIN_3: Final = win_in(3)
_LOSS_2: Final = loss_in(2)
_LOSS_4: Final = loss_in(4)


class _ConnectFour64(ConnectFourGame, NativeHooks):
    """``ConnectFourGame`` with its search hooks on ``i64`` bitboards: the compiled build's.

    ``ConnectFour`` returns one in the compiled build for boards of up to 62 bits
    (``_fits_64``; larger boards keep the base class's hooks on Python ints). Every hook
    answers exactly as the base class's does (the engine's tests run in both builds); only
    mypyc makes it faster, so the pure build never uses it.
    """

    __slots__ = ("_board64", "_bottom64", "_cols64", "_h64", "_order64", "_tops64")

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self._h64: Final[i64] = height
        self._board64: Final[i64] = self.board_mask
        self._bottom64: Final[i64] = self.bottom_mask
        cols, tops, order = vec[i64](), vec[i64](), vec[i64]()
        for c, cells, top in self._columns:
            cols, tops, order = append(cols, cells), append(tops, top), append(order, c)
        self._cols64: Final = cols
        """The cells of each column, in ``column_order``."""
        self._tops64: Final = tops
        """The top cell of each column, in ``column_order``."""
        self._order64: Final = order
        """``column_order``."""

    def make_move(self, s: C4State, m: object) -> C4State:
        """``ConnectFourGame.make_move``."""
        h = self._h64
        if (isinstance(m, int) and not isinstance(m, bool) and 0 <= m < self.width
                and not s.won):
            c: i64 = m
            mask: i64 = s.mask
            if not mask & bit64(h - 1 + c * (h + 1)):
                moved = mask | (mask + bit64(c * (h + 1)))
                p: i64 = s.position
                return tuple.__new__(C4State, (p ^ mask, moved, s.moves + 1,
                                               _four64(p | (moved ^ mask), h)))
        return super().make_move(s, m)  # refused there, with the reason

    def terminal_score(self, s: C4State) -> EngineScore | None:
        """``ConnectFourGame.terminal_score`` (here too, for ``NativeHooks``)."""
        if s.won:
            return _LOSS_0
        if s.moves >= self.width * self.height:
            return 0
        return None

    def move_to_canonical(self, m: Column, sym: int) -> Column:
        """``ConnectFourGame.move_to_canonical`` (here too, for ``NativeHooks``)."""
        return self.width - 1 - m if sym else m

    def move_from_canonical(self, m: Column, sym: int) -> Column:
        """``ConnectFourGame.move_from_canonical`` (here too, for ``NativeHooks``)."""
        return self.width - 1 - m if sym else m

    def _mirror64(self, b: i64) -> i64:
        stride = self._h64 + 1
        col = bit64(stride) - 1
        last: i64 = self.width - 1
        out: i64 = 0
        for c in range(self.width):
            out |= ((b >> (c * stride)) & col) << ((last - c) * stride)
        return out

    def key(self, s: C4State) -> int:
        """``ConnectFourGame.key``."""
        p: i64 = s.position
        m: i64 = s.mask
        k = p + m
        mk = self._mirror64(k)
        return mk if mk < k else k

    def tt_key(self, s: C4State) -> int:
        """``ConnectFourGame.tt_key``."""
        return self.key(s)

    def canonical(self, s: C4State) -> tuple[int, int]:
        """``ConnectFourGame.canonical``."""
        p: i64 = s.position
        m: i64 = s.mask
        k = p + m
        mk = self._mirror64(k)
        return (mk, 1) if mk < k else (k, 0)

    def _win_cells(self, s: C4State) -> i64:
        """The cells where the mover of an In_play ``s`` wins at once."""
        p: i64 = s.position
        m: i64 = s.mask
        board = self._board64
        return _wins64(p, m, self._h64, board) & (m + self._bottom64) & board

    def can_win_next(self, s: C4State) -> bool:
        """``ConnectFourGame.can_win_next``."""
        return self._win_cells(s) != 0 and not s.won

    def winning_move(self, s: C4State) -> Column | None:
        """``ConnectFourGame.winning_move``."""
        if s.won:
            return None
        win = self._win_cells(s)
        if win:
            cols = self._cols64
            for j in range(len(cols)):
                if win & cols[j]:
                    return self._order64[j]
        return None

    def _allowed(self, s: C4State) -> i64:
        """The cells of ``non_losing_moves(s)`` (0: none)."""
        p: i64 = s.position
        m: i64 = s.mask
        board = self._board64
        possible = (m + self._bottom64) & board
        threat = _wins64(p ^ m, m, self._h64, board)
        forced = possible & threat
        if forced:
            if forced & (forced - 1):
                return 0
            possible = forced
        return possible & ~(threat >> 1)

    def non_losing_moves(self, s: C4State) -> list[Column]:
        """``ConnectFourGame.non_losing_moves``."""
        allowed = self._allowed(s)
        cols = self._cols64
        return [self._order64[j] for j in range(len(cols)) if allowed & cols[j]]

    def ordered_moves(self, s: C4State) -> list[Column]:
        """``ConnectFourGame.ordered_moves``: the same moves in the same order."""
        w = self.winning_move(s)
        if w is not None:
            return [w]
        allowed = self._allowed(s)
        cols, order = self._cols64, self._order64
        n = len(cols)
        if not allowed:
            m0: i64 = s.mask
            tops = self._tops64
            return [order[j] for j in range(n) if not m0 & tops[j]]
        p: i64 = s.position
        m: i64 = s.mask
        h, board = self._h64, self._board64
        # most threats first, ties in column order: a stable insertion sort
        ranked: list[Column] = []
        counts: list[i64] = []
        for j in range(n):
            move = allowed & cols[j]
            if move:
                count = pop64(_wins64(p | move, m | move, h, board))
                at = len(counts)
                while at > 0 and counts[at - 1] < count:
                    at -= 1
                counts.insert(at, count)
                ranked.insert(at, order[j])
        return ranked

    def score_bounds(self, s: C4State) -> tuple[EngineScore, EngineScore]:
        """``ConnectFourGame.score_bounds``."""
        if self.can_win_next(s):
            return (_WIN_1, _WIN_1)
        return (_LOSS_4 if self._allowed(s) else _LOSS_2, _WIN_3)

    def heuristic(self, s: C4State) -> EngineScore:
        """``ConnectFourGame.heuristic``."""
        return evaluate(s.position, s.mask, s.moves, self.width, self.height)


def ConnectFour(width: int = 7, height: int = 6) -> ConnectFourGame:
    """``ConnectFour(width, height)``: the GAME structure of Connect Four on that board.

    REQUIRES: ``1 <= width, height <= 32`` (else ``ValueError``).

    >>> G = ConnectFour(4, 4)
    >>> len(G.moves(G.start)), G.pons_bounds(G.start)
    (4, (-8, 8))
    >>> ConnectFour(0, 6)
    Traceback (most recent call last):
    ...
    ValueError: ConnectFour width must be 1..32, not 0
    """
    if COMPILED and _fits_64(_check_side("width", width), _check_side("height", height)):
        return _ConnectFour64(width, height)
    return ConnectFourGame(width, height)


COMPILED: Final = not isinstance(ConnectFour, types.FunctionType)
"""Whether this module runs compiled (mypyc): ``ConnectFour`` then gives the ``i64`` hooks."""

ConnectFour7x6 = ConnectFour(7, 6)
"""The standard game: 7 columns, 6 rows."""

