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
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable
from typing import Any, TypeAlias, final

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

Tile: TypeAlias = Entry | None
"""SML ``type tile = entry option``: ``None`` is an empty tile."""
Location: TypeAlias = tuple[int, int]
"""SML ``type location = int * int``: ``(row, column)``, 0-indexed."""
Move: TypeAlias = tuple[Entry, Location]
"""SML ``type move = entry * location``, e.g. ``(O, (0, 0))``."""
Board: TypeAlias = tuple[tuple[Tile, ...], ...]
"""SML ``type board = tile seq seq``: a tuple of rows."""
Line: TypeAlias = tuple[Location, ...]
"""The locations of one row, column or diagonal."""


def entry_of(p: Player) -> Entry:
    """The entry player ``p`` places: Maxie is O, Minnie is X.

    >>> entry_of(Maxie), entry_of(Minnie)
    (<Entry.O: 'O'>, <Entry.X: 'X'>)
    """
    return O if p is Maxie else X


@final
@attrs.frozen
class TTTState:
    """SML ``type state = board * player``: the board and whose turn it is.

    Build states with ``start``, ``make_move`` or ``data_to_start_state``; a state never changes.

    >>> TicTacToe(TTTConsts(board_size=2)).start
    TTTState(board=((None, None), (None, None)), player=<Player.Maxie: 'Maxie'>)
    """

    board: Board
    """The rows of tiles, ``board[r][c]`` at location ``(r, c)``."""
    player: Player
    """The player to move."""


Estimator: TypeAlias = Callable[[TTTState, bool], int]
"""A heuristic ``(state, full_board_draw) -> guess`` for In_play states, absolute (positive
favours Maxie). It must not create future states and must be pure."""


# -- lines and finished boards ---------------------------------------------------------------


@functools.cache
def _lines(n: int) -> tuple[Line, ...]:
    """The distinct rows, columns and both diagonals of an n×n board (memoised: pure in n)."""
    rows = [tuple((r, c) for c in range(n)) for r in range(n)]
    cols = [tuple((r, c) for r in range(n)) for c in range(n)]
    diags = [tuple((i, i) for i in range(n)), tuple((i, n - 1 - i) for i in range(n))]
    return tuple(dict.fromkeys([*rows, *cols, *diags]))


def _line_holders(board: Board) -> set[Entry]:
    """The entries that fill some line (both only on an unreachable board)."""
    holders: set[Entry] = set()
    for line in _lines(len(board)):
        r0, c0 = line[0]
        e = board[r0][c0]
        if e is None or e in holders:
            continue
        for r, c in line:  # a plain loop: this is the hot path of every search
            if board[r][c] is not e:
                break
        else:
            holders.add(e)
    return holders


def _is_full(board: Board) -> bool:
    return all(None not in row for row in board)


def _status(board: Board, full_board_draw: bool) -> Status:
    holders = _line_holders(board)
    if holders:
        return Over(Winner(Maxie if O in holders else Minnie))
    if _is_full(board):
        return Over(Draw()) if full_board_draw else Over(Winner(Minnie))
    return In_play()


# -- estimators ------------------------------------------------------------------------------


def _longest_chain(board: Board, e: Entry) -> int:
    """The longest run of adjacent ``e`` tiles along a row, column or any diagonal."""
    n = len(board)
    best = 0
    for r in range(n):
        for c in range(n):
            if board[r][c] is not e:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                pr, pc = r - dr, c - dc
                if 0 <= pr < n and 0 <= pc < n and board[pr][pc] is e:
                    continue  # not the start of a run in this direction
                k, rr, cc = 0, r, c
                while 0 <= rr < n and 0 <= cc < n and board[rr][cc] is e:
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
    return _longest_chain(s.board, O) - _longest_chain(s.board, X)


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
    board = s.board
    n = len(board)
    big: int = 4 ** (n + 2) * (2 * n + 2)
    mover = entry_of(s.player)
    sign = 1 if mover is O else -1
    score = {O: 0, X: 0}
    open_lines = {O: 0, X: 0}
    wins: dict[Entry, set[Location]] = {O: set(), X: set()}
    for line in _lines(n):
        tiles = [board[r][c] for r, c in line]
        os, xs = tiles.count(O), tiles.count(X)
        if os and xs:
            continue  # dead for both
        for e, mine, theirs in ((O, os, xs), (X, xs, os)):
            if theirs:
                continue
            open_lines[e] += 1
            score[e] += 4**mine
            if mine == n - 1:
                wins[e].update(loc for loc, t in zip(line, tiles, strict=True) if t is None)
    waiter = X if mover is O else O
    if wins[mover]:
        return sign * big
    if len(wins[waiter]) >= 2:
        return -sign * (big // 2)
    if open_lines[O] == 0:
        if not full_board_draw:
            return -(big // 4)
        if open_lines[X] == 0:
            return 0
    return score[O] - score[X] + sign * 2


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


_MOVE_RE = re.compile(r"^\s*\(?\s*(\d+)\s*(?:,\s*|\s+)(\d+)\s*\)?\s*$")


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
        TTTState(board=((None,),), player=<Player.Maxie: 'Maxie'>)
        """
        n = self.consts.board_size
        return TTTState(tuple((None,) * n for _ in range(n)), Maxie)

    # -- rules -----------------------------------------------------------------------------

    def _why_invalid(self, s: TTTState, m: Move) -> str | None:
        """Why ``m`` cannot be played in ``s``, or ``None`` if it can."""
        try:
            e, (r, c) = m
        except (TypeError, ValueError):
            return "a move is a pair (entry, (row, column))"
        n = len(s.board)
        if not isinstance(e, Entry) or not isinstance(r, int) or not isinstance(c, int):
            return "a move is a pair (entry, (row, column)) of an Entry and two ints"
        if not isinstance(self.status(s), In_play):
            return "the game is over"
        if e is not entry_of(s.player):
            return f"it is {s.player.name}'s turn, who places {entry_of(s.player).value}"
        if not (0 <= r < n and 0 <= c < n):
            return f"({r}, {c}) is off the {n}x{n} board"
        if s.board[r][c] is not None:
            return f"({r}, {c}) is taken"
        return None

    def is_valid_move(self, s: TTTState, m: Move) -> bool:
        """Task 5.2: whether ``m`` can be played in ``s``.

        ENSURES: true iff ``s`` is In_play, ``m`` places the mover's entry, and its location is
        an empty tile on the board; never raises.

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.is_valid_move(G.start, (O, (2, 2))), G.is_valid_move(G.start, (X, (2, 2)))
        (True, False)
        >>> G.is_valid_move(G.start, (O, (3, 0)))
        False
        """
        return self._why_invalid(s, m) is None

    def make_move(self, s: TTTState, m: Move) -> TTTState:
        """Task 5.3: the state after playing ``m`` in ``s``.

        REQUIRES: ``is_valid_move(s, m)``; else a ``ValueError`` naming the move, the reason and
        the state. ENSURES: the tile holds the entry, the other player is to move; ``s`` itself
        is unchanged.

        >>> G = TicTacToe(TTTConsts(2))
        >>> G.make_move(G.start, (O, (0, 1))).board
        ((None, <Entry.O: 'O'>), (None, None))
        >>> G.make_move(G.start, (X, (0, 1)))
        Traceback (most recent call last):
        ...
        ValueError: TicTacToe.make_move: (X, (0, 1)) is not valid (it is Maxie's turn, ...
        """
        why = self._why_invalid(s, m)
        if why is not None:
            raise ValueError(
                f"TicTacToe.make_move: {_show_move(m)} is not valid ({why}) in the state\n"
                f"{self.state_to_string(s)}"
            )
        e, (r, c) = m
        row = s.board[r]
        new_row = (*row[:c], e, *row[c + 1 :])
        board = (*s.board[:r], new_row, *s.board[r + 1 :])
        return TTTState(board, Minnie if s.player is Maxie else Maxie)

    def moves(self, s: TTTState) -> Seq[Move]:
        """Task 5.4: the mover's moves, one per empty tile in row-major order.

        ENSURES: every move is valid; empty exactly when the game is over.

        >>> G = TicTacToe(TTTConsts(2))
        >>> G.moves(G.start)
        <(<Entry.O: 'O'>, (0, 0)),(<Entry.O: 'O'>, (0, 1)),(<Entry.O: 'O'>, (1, 0)),...>
        >>> G.moves(G.data_to_start_state(["OX", "O."]))
        <>
        """
        if not isinstance(self.status(s), In_play):
            return Seq.empty()
        e = entry_of(s.player)
        return Seq.from_list(
            (e, (r, c)) for r, row in enumerate(s.board) for c, t in enumerate(row) if t is None
        )

    def status(self, s: TTTState) -> Status:
        """Task 5.5: ``Over`` for a full line or a full board, else ``In_play``.

        ENSURES: a line wins (even on the move that fills the board); a full board with no line
        is ``Winner Minnie`` (handout rule) or ``Draw`` (``full_board_draw``).

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.status(G.data_to_start_state(["OOO", "XX.", "..."]))
        Over(outcome=Winner(player=<Player.Maxie: 'Maxie'>))
        >>> G.status(G.data_to_start_state(["OXO", "OXX", "XOO"]))
        Over(outcome=Winner(player=<Player.Minnie: 'Minnie'>))
        >>> TicTacToe(TTTConsts(3, full_board_draw=True)).status(
        ...     G.data_to_start_state(["OXO", "OXX", "XOO"]))
        Over(outcome=Draw())
        """
        return _status(s.board, self.consts.full_board_draw)

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

        ENSURES: ``Some(move)`` only for a valid move in ``s``, else ``Nothing``.

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.parse_move(G.start, "1 2"), G.parse_move(G.start, "3 3"), G.parse_move(G.start, "x")
        (<Some: (<Entry.O: 'O'>, (1, 2))>, <Nothing>, <Nothing>)
        """
        found = _MOVE_RE.match(line)
        if found is None:
            return Nothing
        m: Move = (entry_of(s.player), (int(found[1]), int(found[2])))
        return Some(m) if self.is_valid_move(s, m) else Nothing

    def state_to_string(self, s: TTTState) -> str:
        """The board as a grid with row and column numbers; ``.`` is an empty tile.

        >>> G = TicTacToe(TTTConsts(2))
        >>> print(G.state_to_string(G.make_move(G.start, (O, (1, 0)))))
          0 1
        0 . .
        1 O .
        """
        n = len(s.board)
        w = len(str(max(n - 1, 0)))
        header = " " * w + " " + " ".join(str(c).rjust(w) for c in range(n))
        rows = [
            str(r).rjust(w) + " " + " ".join(("." if t is None else t.value).rjust(w) for t in row)
            for r, row in enumerate(s.board)
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
        if len(data) != n:
            raise ValueError(f"data_to_start_state: need {n} rows, got {len(data)}: {data!r}")
        codes: dict[str, Tile] = {"O": O, "X": X, ".": None}
        rows: list[tuple[Tile, ...]] = []
        for i, text in enumerate(data):
            if len(text) != n or any(ch not in codes for ch in text):
                raise ValueError(
                    f"data_to_start_state: row {i} must be {n} characters of O, X and . (empty),"
                    f" got {text!r}"
                )
            rows.append(tuple(codes[ch] for ch in text))
        board = tuple(rows)
        os = sum(row.count(O) for row in board)
        xs = sum(row.count(X) for row in board)
        if os - xs not in (0, 1):
            raise ValueError(
                f"data_to_start_state: {os} O's and {xs} X's; O moves first, so O's must equal"
                " X's or exceed them by one"
            )
        holders = _line_holders(board)
        if len(holders) == 2 or (O in holders and os == xs) or (X in holders and os > xs):
            raise ValueError(
                "data_to_start_state: play went on after a line was completed:"
                f" {data!r} is not reachable"
            )
        return TTTState(board, Maxie if os == xs else Minnie)

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


def _show_move(m: object) -> str:
    match m:
        case (Entry() as e, (int() as r, int() as c)):
            return f"({e.value}, ({r}, {c}))"
    return repr(m)


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
