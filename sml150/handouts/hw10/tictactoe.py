"""``TicTacToe``: n×n Tic-Tac-Toe as an ESTGAME (HW10, Tasks 5.1-5.6).

Maxie is O and moves first, Minnie is X. A player may place their own entry on any empty tile.
A full row, column or either diagonal of one entry wins (also when that move fills the board).
A full board with no line is, by the handout's rule, a win for Minnie; ``full_board_draw=True``
gives the standard rule, where it is a ``Draw``.

>>> G = TicTacToe(TTTConsts(board_size=3))
>>> s = G.make_move(G.start, (O, (1, 1)))
>>> print(G.state_to_string(s))
  0 1 2
0 . . .
1 . O .
2 . . .
>>> G.player(s), Seq.nth(0, G.moves(s)), G.move_to_string((X, (0, 2)))
(<Player.Minnie: 'Minnie'>, (<Entry.X: 'X'>, (0, 0)), 'Placed X on location (0, 2)')

The estimator is a field of ``TTTConsts``: ``lines_estimator`` (the default, see its docstring)
or the handout's baseline ``baseline_estimator`` (longest chain). Games that differ only in
their estimator are equal: the estimator is a player's heuristic, not a rule of the game, so two
players with different estimators can meet in one Referee match.

(About 800 lines, over the house's 400: one SML structure, ``TicTacToe``, is one module.)
"""

from __future__ import annotations

import enum
import functools
import reprlib
from collections.abc import Callable
from itertools import compress
from typing import Any, Final, TypeAlias, final

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.lib.est import Est10, EstStructure, Guess, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    TTTCONSTS,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Outcome,
    Over,
    Player,
    Status,
    Winner,
    outcome_value,
)

__all__ = [
    "TTTCONSTS",
    "Board",
    "Entry",
    "Estimator",
    "Location",
    "Move",
    "O",
    "TTTConsts",
    "TTTState",
    "TicTacToe",
    "Tile",
    "X",
    "baseline_estimator",
    "entry_of",
    "lines_estimator",
]


class Entry(enum.Enum):
    """SML ``datatype entry = O | X``: what a tile can hold.

    >>> Entry.O, X
    (<Entry.O: 'O'>, <Entry.X: 'X'>)
    """

    O = "O"  # noqa: E741 -- the handout's constructor name
    X = "X"


O = Entry.O  # noqa: E741 -- the handout's constructor name, exported as SML has it
X = Entry.X

Tile: TypeAlias = Maybe[Entry]
"""SML ``type tile = entry option``: ``Nothing`` is an empty tile, ``Some(O)`` holds an O."""
Location: TypeAlias = tuple[int, int]
"""SML ``type location = int * int``: ``(row, column)``, 0-indexed."""
Move: TypeAlias = tuple[Entry, Location]
"""SML ``type move = entry * location``, e.g. ``(O, (0, 0))``."""
Board: TypeAlias = Seq[Seq[Tile]]
"""SML ``type board = tile seq seq``: a sequence of rows, ``Seq.nth(c, Seq.nth(r, board))`` at
location ``(r, c)``."""
Line: TypeAlias = tuple[Location, ...]
"""The locations of one row, column or diagonal."""

_SOME_O: Final[Tile] = Some(O)
_SOME_X: Final[Tile] = Some(X)
"""The ``Some`` tiles that ``make_move`` places (tiles compare by value: any ``Some(O)`` works)."""
_EMPTY_CELL: Final = "."


def entry_of(p: Player) -> Entry:
    """The entry player ``p`` places: Maxie is O, Minnie is X.

    >>> entry_of(Maxie), entry_of(Minnie)
    (<Entry.O: 'O'>, <Entry.X: 'X'>)
    """
    return O if p is Maxie else X


# -- lines -----------------------------------------------------------------------------------


@functools.cache
def _lines(n: int) -> tuple[Line, ...]:
    """The distinct rows, columns and both diagonals of an n×n board (memoised: pure in n)."""
    rows = [tuple((r, c) for c in range(n)) for r in range(n)]
    cols = [tuple((r, c) for r in range(n)) for c in range(n)]
    diags = [tuple((i, i) for i in range(n)), tuple((i, n - 1 - i) for i in range(n))]
    return tuple(dict.fromkeys([*rows, *cols, *diags]))


@functools.cache
def _flat_lines(n: int) -> tuple[tuple[int, ...], ...]:
    """``_lines(n)`` as row-major indexes ``r * n + c``."""
    return tuple(tuple(r * n + c for r, c in line) for line in _lines(n))


@functools.cache
def _lines_through(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each row-major index ``k``, the lines (as indexes) that pass through ``k``."""
    lines = _flat_lines(n)
    return tuple(tuple(line for line in lines if k in line) for k in range(n * n))


@functools.cache
def _all_moves(n: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """Maxie's and Minnie's moves on each tile of an n×n board, in row-major order.

    Shared by every state: a move is an immutable tuple.
    """

    def row_major(e: Entry) -> tuple[Move, ...]:
        return tuple((e, (r, c)) for r in range(n) for c in range(n))

    return row_major(O), row_major(X)


_is_empty_cell: Final = _EMPTY_CELL.__eq__


def _line_holders(cells: str, n: int) -> set[str]:
    """The entries (``"O"``, ``"X"``) that fill some line (both only on an unreachable board)."""
    holders: set[str] = set()
    for line in _flat_lines(n):
        e = cells[line[0]]
        if e == _EMPTY_CELL or e in holders:
            continue
        if all(cells[k] == e for k in line):
            holders.add(e)
    return holders


def _completes_line(cells: str, k: int, n: int) -> bool:
    """Whether the entry at index ``k`` fills one of the lines through ``k``."""
    e = cells[k]
    for line in _lines_through(n)[k]:
        for i in line:  # a plain loop: this is the hot path of every search
            if cells[i] != e:
                break
        else:
            return True
    return False


def _cell_of(tile: object) -> str:
    """``"."``, ``"O"`` or ``"X"`` for a tile; ``TypeError`` for anything else."""
    if tile is Nothing:
        return _EMPTY_CELL
    if isinstance(tile, Some):
        e = tile.unwrap()
        if isinstance(e, Entry):
            return e.value
    raise TypeError(f"TTTState: a tile is Nothing, Some(O) or Some(X), not {tile!r}")


def _cells_of(board: object) -> str:
    """The board's tiles in row-major order as ``O``, ``X`` and ``.``.

    ``TypeError`` unless ``board`` is a square ``Seq`` of ``Seq``s of tiles.
    """
    if not isinstance(board, Seq):
        raise TypeError(f"TTTState: the board is a Seq of rows (Seqs of tiles), not {board!r}")
    n = Seq.length(board)
    cells: list[str] = []
    for r, row in enumerate(board):
        if not isinstance(row, Seq) or Seq.length(row) != n:
            raise TypeError(f"TTTState: row {r} of an {n}-row board must be a Seq of {n} tiles")
        cells.extend(_cell_of(t) for t in row)
    return "".join(cells)


def _rows(s: TTTState) -> list[str]:
    """The board as ``n`` strings of ``O``, ``X`` and ``.`` (cached in the state)."""
    n = Seq.length(s.board)
    return [s._cells[r * n : (r + 1) * n] for r in range(n)]


# -- states ----------------------------------------------------------------------------------


@final
@attrs.frozen(init=False)
class TTTState:
    """SML ``type state = board * player``: the board and whose turn it is.

    Build states with ``start``, ``make_move`` or ``data_to_start_state`` (or ``TTTState(board,
    player)``); a state never changes. Each state also keeps its tiles as text and whether a
    line is full, computed once when it is made, so ``status``, ``moves`` and the estimators
    never rescan the board; equality and hashing use that text (the same information as the
    board).

    REQUIRES: ``board`` a square ``Seq`` of ``Seq``s of ``Nothing``/``Some(O)``/``Some(X)``
    (else ``TypeError``).

    >>> s = TicTacToe(TTTConsts(board_size=2)).start
    >>> s.board, s.player
    (<<<Nothing>,<Nothing>>,<<Nothing>,<Nothing>>>, <Player.Maxie: 'Maxie'>)
    >>> s == TTTState(Seq.repeat(2, Seq.repeat(2, Nothing)), Maxie)
    True
    """

    board: Board = attrs.field(eq=False)
    """The rows of tiles: ``Seq.nth(c, Seq.nth(r, board))`` is the tile at ``(r, c)``."""
    player: Player
    """The player to move."""
    _cells: str = attrs.field(init=False, repr=False)
    """The tiles in row-major order as ``O``, ``X`` and ``.`` (equality and hashing use it)."""
    _winner: str = attrs.field(init=False, eq=False, repr=False)
    """``"O"`` or ``"X"`` if that entry fills a line (``"O"`` if both do), else ``""``."""

    def __init__(self, board: Board, player: Player) -> None:
        cells = _cells_of(board)
        if not isinstance(player, Player):
            raise TypeError(f"TTTState: the player is Maxie or Minnie, not {player!r}")
        holders = _line_holders(cells, Seq.length(board))
        winner = "O" if "O" in holders else "X" if "X" in holders else ""
        self.__attrs_init__(board, player)
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_winner", winner)


def _known_state(board: Board, player: Player, cells: str, winner: str) -> TTTState:
    """A state whose cells and winner the caller has already worked out (no rescan)."""
    s = _new(TTTState)
    _set_board(s, board)
    _set_player(s, player)
    _set_cells(s, cells)
    _set_winner(s, winner)
    return s


# The slots of TTTState, filled directly by _known_state (a frozen record's __init__ is slow).
_new = object.__new__
_set_board = TTTState.__dict__["board"].__set__
_set_player = TTTState.__dict__["player"].__set__
_set_cells = TTTState.__dict__["_cells"].__set__
_set_winner = TTTState.__dict__["_winner"].__set__


def _status(s: TTTState, full_board_draw: bool) -> Status:
    if s._winner:
        return _MAXIE_WON if s._winner == "O" else _MINNIE_WON
    if _EMPTY_CELL not in s._cells:
        return _DRAWN if full_board_draw else _MINNIE_WON
    return _IN_PLAY


_MAXIE_WON: Final[Status] = Over(Winner(Maxie))
_MINNIE_WON: Final[Status] = Over(Winner(Minnie))
_DRAWN: Final[Status] = Over(Draw())
_IN_PLAY: Final[Status] = In_play()


Estimator: TypeAlias = Callable[[TTTState, bool], int]
"""A heuristic ``(state, full_board_draw) -> guess`` for In_play states, absolute (positive
favours Maxie). It must not create future states and must be pure."""


# -- estimators ------------------------------------------------------------------------------


def _longest_chain(rows: list[str], e: str) -> int:
    """The longest run of adjacent ``e`` tiles along a row, column or any diagonal."""
    n = len(rows)
    best = 0
    for r in range(n):
        for c in range(n):
            if rows[r][c] != e:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                pr, pc = r - dr, c - dc
                if 0 <= pr < n and 0 <= pc < n and rows[pr][pc] == e:
                    continue  # not the start of a run in this direction
                k, rr, cc = 0, r, c
                while 0 <= rr < n and 0 <= cc < n and rows[rr][cc] == e:
                    k, rr, cc = k + 1, rr + dr, cc + dc
                best = max(best, k)
    return best


def baseline_estimator(s: TTTState, _full_board_draw: bool) -> int:
    """The handout's baseline (Task 5.6): longest chain of O's minus longest chain of X's.

    A chain is a run of adjacent equal entries along a row, a column or any diagonal. The rule
    is ignored. The reference ``lines_estimator`` must (and does) beat this one; see
    ``benchmarks/ttt_estimate_match.py``.

    >>> G = TicTacToe(TTTConsts(board_size=3))
    >>> s = G.data_to_start_state(["OO.", "X..", "..."])
    >>> baseline_estimator(s, False)
    1
    """
    rows = _rows(s)
    return _longest_chain(rows, "O") - _longest_chain(rows, "X")


def lines_estimator(s: TTTState, full_board_draw: bool) -> int:
    """The reference estimator (Task 5.6): open lines weighted by how full they are, and threats.

    Strategy. A line (row, column, diagonal) holding both entries is dead. A line holding only
    k O's (k >= 0) is open for Maxie and scores ``4**k`` for her; the same for X and Minnie; so
    the centre and corners (on more lines) are worth more, and near-complete lines far more.
    Certain outcomes are recognised without looking ahead: the player to move who has a line
    missing one tile wins next move; a player to wait who has two or more different winning
    tiles wins, because only one can be blocked. With no open line for Maxie she cannot win, so
    under the handout's rule Minnie is winning; under the standard rule with no open line for
    either side the game is a certain draw (0). The player to move gets a small bonus (tempo).
    Considered and dropped: the longest chain (the baseline: it ignores blocked lines) and
    counting future moves (forbidden: no future state may be created). Pure and deterministic.

    REQUIRES: ``s`` In_play. ENSURES: positive favours Maxie; ``|result| < 4**(n+3) * (n+1)``.

    >>> G = TicTacToe(TTTConsts(board_size=3, full_board_draw=True))
    >>> lines_estimator(G.data_to_start_state([".O.", ".X.", "..."]), True) < 0
    True
    >>> lines_estimator(G.data_to_start_state(["OO.", "XX.", "..."]), True) > 1000
    True
    """
    cells = s._cells
    n = Seq.length(s.board)
    big: int = 4 ** (n + 2) * (2 * n + 2)
    mover = entry_of(s.player).value
    sign = 1 if mover == "O" else -1
    score = {"O": 0, "X": 0}
    open_lines = {"O": 0, "X": 0}
    wins: dict[str, set[int]] = {"O": set(), "X": set()}
    for line in _flat_lines(n):
        tiles = [cells[k] for k in line]
        os, xs = tiles.count("O"), tiles.count("X")
        if os and xs:
            continue  # dead for both
        for e, mine, theirs in (("O", os, xs), ("X", xs, os)):
            if theirs:
                continue
            open_lines[e] += 1
            score[e] += 4**mine
            if mine == n - 1:
                wins[e].update(k for k in line if cells[k] == _EMPTY_CELL)
    waiter = "X" if mover == "O" else "O"
    if wins[mover]:
        return sign * big
    if len(wins[waiter]) >= 2:
        return -sign * (big // 2)
    if open_lines["O"] == 0:
        if not full_board_draw:
            return -(big // 4)
        if open_lines["X"] == 0:
            return 0
    return score["O"] - score["X"] + sign * 2


# -- the structure ---------------------------------------------------------------------------


def _check_size(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"TTTConsts.board_size must be an int, not {value!r}")
    if value < 1:
        raise ValueError(f"TTTConsts.board_size must be >= 1, not {value}")


@final
@attrs.frozen
class TTTConsts:
    """The argument of ``TicTacToe`` (SML ``TTTCONSTS``: ``val board_size : int``).

    REQUIRES: ``board_size >= 1`` (else ``ValueError``).

    >>> TTTConsts(board_size=0)
    Traceback (most recent call last):
    ...
    ValueError: TTTConsts.board_size must be >= 1, not 0
    """

    board_size: int = attrs.field(validator=_check_size)
    """The number of rows and of columns."""
    full_board_draw: bool = False
    """``False``: the handout's rule (a full board with no line: Minnie wins); ``True``: Draw."""
    estimator: Estimator = attrs.field(default=lines_estimator, eq=False, repr=False)
    """The heuristic for In_play states; not part of equality (it is no rule of the game)."""


_MAX_DIGITS: Final = 9
"""Longer numbers are off any board; ``parse_move`` never converts them."""


def _parse_location(line: str) -> Location | None:
    """``r c``, ``r,c`` or ``(r, c)`` (ASCII digits, any spacing) as a location, else ``None``.

    Linear in ``len(line)``: no backtracking pattern, no conversion of a huge number.
    """
    text = line.strip()
    text = text.removeprefix("(").removesuffix(")").strip()
    parts = text.split(",") if "," in text else text.split()
    if len(parts) != 2:
        return None
    r, c = (p.strip() for p in parts)
    for p in (r, c):
        if not (p.isascii() and p.isdigit() and len(p) <= _MAX_DIGITS):
            return None
    return int(r), int(c)


@final
@attrs.frozen
class _TicTacToe:
    """The ESTGAME structure ``TicTacToe`` returns."""

    consts: TTTConsts
    """The board size, the full-board rule and the estimator."""

    @property
    def Est(self) -> EstStructure:
        """The HW10 estimates (``Guess:3``).

        >>> TicTacToe(TTTConsts(3)).Est.to_string(Guess(3))
        'Guess:3'
        """
        return Est10

    @property
    def start(self) -> TTTState:
        """Task 5.1: the empty ``board_size``×``board_size`` board, Maxie to move.

        >>> TicTacToe(TTTConsts(1)).start
        TTTState(board=<<<Nothing>>>, player=<Player.Maxie: 'Maxie'>)
        """
        n = self.consts.board_size
        board: Board = Seq.tabulate(lambda _r: Seq.tabulate(lambda _c: Nothing, n), n)
        return _known_state(board, Maxie, _EMPTY_CELL * (n * n), "")

    # -- rules -----------------------------------------------------------------------------

    def _why_invalid(self, s: TTTState, m: Move) -> str | None:
        """Why ``m`` cannot be played in ``s``, or ``None`` if it can."""
        if not (isinstance(m, tuple) and len(m) == 2 and isinstance(m[1], tuple)
                and len(m[1]) == 2):
            return "a move is a pair (entry, (row, column))"
        e, (r, c) = m
        if not isinstance(e, Entry) or not _is_int(r) or not _is_int(c):
            return "a move is a pair (entry, (row, column)) of an Entry and two ints"
        n = Seq.length(s.board)
        if not isinstance(self.status(s), In_play):
            return "the game is over"
        if e is not entry_of(s.player):
            return f"it is {s.player.name}'s turn, who places {entry_of(s.player).value}"
        if not (0 <= r < n and 0 <= c < n):
            return f"({r}, {c}) is off the {n}x{n} board"
        if s._cells[r * n + c] != _EMPTY_CELL:
            return f"({r}, {c}) is taken"
        return None

    def is_valid_move(self, s: TTTState, m: Move) -> bool:
        """Task 5.2: whether ``m`` can be played in ``s``.

        ENSURES: true iff ``s`` is In_play, ``m`` places the mover's entry, and its location is
        an empty tile on the board; never raises, whatever ``m`` is (a location of two bools, a
        float, a list or ``None`` is no move).

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.is_valid_move(G.start, (O, (2, 2))), G.is_valid_move(G.start, (X, (2, 2)))
        (True, False)
        >>> G.is_valid_move(G.start, (O, (3, 0))), G.is_valid_move(G.start, (O, (True, False)))
        (False, False)
        """
        return _plain_index(s, m, Seq.length(s.board)) >= 0 or self._why_invalid(s, m) is None

    def make_move(self, s: TTTState, m: Move) -> TTTState:
        """Task 5.3: the state after playing ``m`` in ``s``.

        REQUIRES: ``is_valid_move(s, m)``; else (whatever ``m`` is) a ``ValueError`` naming the
        move, the reason and the state. ENSURES: the tile holds ``Some`` entry, the other player
        is to move; ``s`` itself is unchanged.

        >>> G = TicTacToe(TTTConsts(2))
        >>> G.make_move(G.start, (O, (0, 1))).board
        <<<Nothing>,<Some: Entry.O>>,<<Nothing>,<Nothing>>>
        >>> G.make_move(G.start, (X, (0, 1)))
        Traceback (most recent call last):
        ...
        ValueError: TicTacToe.make_move: (X, (0, 1)) is not valid (it is Maxie's turn, ...
        """
        n = Seq.length(s.board)
        k = _plain_index(s, m, n)
        if k < 0:
            why = self._why_invalid(s, m)
            if why is not None:
                raise ValueError(
                    f"TicTacToe.make_move: {_show_move(m)} is not valid ({why}) in the state\n"
                    f"{self.state_to_string(s)}"
                )
            k = int(m[1][0]) * n + int(m[1][1])  # valid, with int subclasses as coordinates
        is_o = m[0] is O
        r, c = divmod(k, n)
        board = s.board
        row = Seq.update(Seq.nth(r, board), (c, _SOME_O if is_o else _SOME_X))
        board = Seq.update(board, (r, row))
        ch = "O" if is_o else "X"
        cells = s._cells
        cells = cells[:k] + ch + cells[k + 1 :]
        # The state was In_play: only a line through the new tile can be full now.
        winner = ch if _completes_line(cells, k, n) else ""
        return _known_state(board, Minnie if s.player is Maxie else Maxie, cells, winner)

    def moves(self, s: TTTState) -> Seq[Move]:
        """Task 5.4: the mover's moves, one per empty tile in row-major order.

        ENSURES: every move is valid; empty exactly when the game is over.

        >>> G = TicTacToe(TTTConsts(2))
        >>> G.moves(G.start)
        <(<Entry.O: 'O'>, (0, 0)),(<Entry.O: 'O'>, (0, 1)),(<Entry.O: 'O'>, (1, 0)),...>
        >>> G.moves(G.data_to_start_state(["OX", "O."]))
        <>
        """
        cells = s._cells
        if s._winner or _EMPTY_CELL not in cells:  # Over: a full line or a full board
            return Seq.empty()
        maxies, minnies = _all_moves(Seq.length(s.board))
        # The moves whose tile is empty, picked in C (compress) rather than tested one by one.
        return Seq.from_list(compress(maxies if s.player is Maxie else minnies,
                                      map(_is_empty_cell, cells)))

    def status(self, s: TTTState) -> Status:
        """Task 5.5: ``Over`` for a full line or a full board, else ``In_play``.

        ENSURES: a line wins (even on the move that fills the board); a full board with no line
        is ``Winner Minnie`` (handout rule) or ``Draw`` (``full_board_draw``). O(1): the state
        knows whether a line is full (worked out once, when it was made).

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.status(G.data_to_start_state(["OOO", "XX.", "..."]))
        Over(outcome=Winner(player=<Player.Maxie: 'Maxie'>))
        >>> G.status(G.data_to_start_state(["OXO", "OXX", "XOO"]))
        Over(outcome=Winner(player=<Player.Minnie: 'Minnie'>))
        >>> TicTacToe(TTTConsts(3, full_board_draw=True)).status(
        ...     G.data_to_start_state(["OXO", "OXX", "XOO"]))
        Over(outcome=Draw())
        """
        return _status(s, self.consts.full_board_draw)

    def player(self, s: TTTState) -> Player:
        """The player to move.

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.player(G.start)
        <Player.Maxie: 'Maxie'>
        """
        return s.player

    def estimate(self, s: TTTState) -> est:
        """Task 5.6: the estimated value of ``s`` (see ``lines_estimator``).

        ENSURES: finished states give their exact value (wins; the draw is ``Guess 0``), In_play
        states ``Guess (consts.estimator(s, full_board_draw))``. No future state is created.

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.estimate(G.data_to_start_state(["OOO", "XX.", "..."]))
        MaxieWins()
        >>> G.estimate(G.make_move(G.start, (O, (1, 1))))
        Guess(n=...)
        """
        match self.status(s):
            case Over(outcome):
                return outcome_value(outcome)
        return Guess(self.consts.estimator(s, self.consts.full_board_draw))

    # -- printing and parsing --------------------------------------------------------------

    def move_to_string(self, m: Move) -> str:
        """``Placed O on location (r, c)``.

        >>> TicTacToe(TTTConsts(3)).move_to_string((O, (1, 2)))
        'Placed O on location (1, 2)'
        """
        e, (r, c) = m
        return f"Placed {e.value} on location ({r}, {c})"

    def detailed_move_to_string(self, s: TTTState, m: Move) -> str:
        """The move and who makes it, in ``s``.

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.detailed_move_to_string(G.start, (O, (0, 0)))
        'Maxie placed O on location (0, 0)'
        """
        e, (r, c) = m
        return f"{self.player_to_string(s.player)} placed {e.value} on location ({r}, {c})"

    def move_to_descriptor(self, m: Move) -> str:
        """The move as ``parse_move`` reads it: ``r c``.

        ENSURES: ``parse_move(s, move_to_descriptor(m)) == Some(m)`` for every valid ``m``.

        >>> TicTacToe(TTTConsts(3)).move_to_descriptor((X, (2, 0)))
        '2 0'
        """
        _e, (r, c) = m
        return f"{r} {c}"

    def move_eq(self, m1: Move, m2: Move) -> bool:
        """Whether two moves are the same.

        >>> TicTacToe(TTTConsts(3)).move_eq((O, (0, 1)), (O, (0, 1)))
        True
        """
        return m1 == m2

    def parse_move(self, s: TTTState, line: str) -> Maybe[Move]:
        """Read a location ``r c`` (also ``r,c`` or ``(r, c)``) as the mover's move.

        ENSURES: ``Some(move)`` only for a valid move in ``s``, else ``Nothing``; never raises
        and takes time linear in the line (ASCII digits only; any non-string is ``Nothing``).

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.parse_move(G.start, "1 2"), G.parse_move(G.start, "3 3"), G.parse_move(G.start, "x")
        (<Some: (<Entry.O: 'O'>, (1, 2))>, <Nothing>, <Nothing>)
        >>> G.parse_move(G.start, "1 ²"), G.parse_move(G.start, "1" * 5000 + " 1")
        (<Nothing>, <Nothing>)
        """
        if not isinstance(line, str):
            return Nothing
        loc = _parse_location(line)
        if loc is None:
            return Nothing
        m: Move = (entry_of(s.player), loc)
        return Some(m) if self.is_valid_move(s, m) else Nothing

    def state_to_string(self, s: TTTState) -> str:
        """The board as a grid with row and column numbers; ``.`` is an empty tile.

        >>> G = TicTacToe(TTTConsts(2))
        >>> print(G.state_to_string(G.make_move(G.start, (O, (1, 0)))))
          0 1
        0 . .
        1 O .
        """
        n = Seq.length(s.board)
        w = len(str(max(n - 1, 0)))
        header = " " * w + " " + " ".join(str(c).rjust(w) for c in range(n))
        rows = [
            str(r).rjust(w) + " " + " ".join(t.rjust(w) for t in row)
            for r, row in enumerate(_rows(s))
        ]
        return "\n".join([header, *rows])

    def data_to_start_state(self, data: list[str]) -> TTTState:
        """A state from ``board_size`` rows of ``O``, ``X`` and ``.`` (empty).

        Whose turn it is follows from the counts (equal: Maxie; one more O: Minnie).

        REQUIRES: ``board_size`` rows of ``board_size`` such characters, a reachable count of
        each entry, and at most one player holding a line; else ``ValueError`` saying what.

        >>> G = TicTacToe(TTTConsts(2))
        >>> G.data_to_start_state(["O.", ".."]).player
        <Player.Minnie: 'Minnie'>
        >>> G.data_to_start_state(["OX", "X."])
        Traceback (most recent call last):
        ...
        ValueError: data_to_start_state: 1 O's and 2 X's; O moves first, so O's must equal X's
        or exceed them by one
        """
        n = self.consts.board_size
        if not isinstance(data, list | tuple) or len(data) != n:
            raise ValueError(f"data_to_start_state: need {n} rows, got {len(data)}: {data!r}")
        codes: dict[str, Tile] = {"O": _SOME_O, "X": _SOME_X, ".": Nothing}
        for i, text in enumerate(data):
            if not isinstance(text, str) or len(text) != n or any(ch not in codes for ch in text):
                raise ValueError(
                    f"data_to_start_state: row {i} must be {n} characters of O, X and . (empty),"
                    f" got {text!r}"
                )
        cells = "".join(data)
        os, xs = cells.count("O"), cells.count("X")
        if os - xs not in (0, 1):
            raise ValueError(
                f"data_to_start_state: {os} O's and {xs} X's; O moves first, so O's must equal"
                " X's or exceed them by one"
            )
        holders = _line_holders(cells, n)
        if len(holders) == 2 or ("O" in holders and os == xs) or ("X" in holders and os > xs):
            raise ValueError(
                "data_to_start_state: play went on after a line was completed:"
                f" {data!r} is not reachable"
            )
        board: Board = Seq.map(lambda text: Seq.map(codes.__getitem__, Seq.from_list(text)),
                               Seq.from_list(data))
        return _known_state(board, Maxie if os == xs else Minnie, cells, "".join(holders))

    def outcome_to_est(self, o: Outcome) -> est:
        """The exact value of a finished game.

        >>> TicTacToe(TTTConsts(3)).outcome_to_est(Winner(Minnie))
        MinnieWins()
        """
        return outcome_value(o)

    def outcome_to_string(self, o: Outcome) -> str:
        """``Maxie wins!``, ``Minnie wins!`` or ``It's a draw!``.

        >>> TicTacToe(TTTConsts(3)).outcome_to_string(Draw())
        "It's a draw!"
        """
        match o:
            case Winner(p):
                return f"{self.player_to_string(p)} wins!"
            case Draw():
                return "It's a draw!"
        raise TypeError(f"outcome_to_string: not an outcome: {o!r}")

    def player_to_string(self, p: Player) -> str:
        """``Maxie`` or ``Minnie``.

        >>> TicTacToe(TTTConsts(3)).player_to_string(Minnie)
        'Minnie'
        """
        return p.name


def _plain_index(s: TTTState, m: object, n: int) -> int:
    """The row-major index of ``m``'s tile if ``m`` is a valid move of plain tuples and ints.

    Else -1 (then ``_why_invalid`` decides). The fast path of every search.
    """
    if type(m) is tuple and len(m) == 2:
        e, loc = m
        if type(loc) is tuple and len(loc) == 2 and e is (O if s.player is Maxie else X):
            r, c = loc
            if type(r) is int and type(c) is int and 0 <= r < n and 0 <= c < n:
                k = r * n + c
                # An empty tile and no full line: the game is In_play.
                if not s._winner and s._cells[k] == _EMPTY_CELL:
                    return k
    return -1



def _is_int(v: object) -> bool:
    """Whether ``v`` is an int and not a bool (SML's ``true`` is no ``int``)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _show_move(m: object) -> str:
    match m:
        case (Entry() as e, (int() as r, int() as c)) if _is_int(r) and _is_int(c):
            return f"({e.value}, ({r}, {c}))"
    return reprlib.repr(m)


def TicTacToe(consts: TTTCONSTS) -> _TicTacToe:
    """``functor TicTacToe (Settings : TTTCONSTS) : ESTGAME``: n×n Tic-Tac-Toe.

    REQUIRES: ``consts.board_size >= 1`` (else ``ValueError``). Any TTTCONSTS works; a
    ``TTTConsts`` record also chooses the full-board rule and the estimator.
    ENSURES: the game of the module docstring, ``board_size`` rows and columns.

    >>> G = TicTacToe(TTTConsts(board_size=4))
    >>> len(G.moves(G.start)), Seq.nth(0, G.moves(G.start))
    (16, (<Entry.O: 'O'>, (0, 0)))
    """
    if not isinstance(consts, TTTConsts):
        consts = TTTConsts(board_size=consts.board_size)
    return _TicTacToe(consts)
