"""A static evaluation of Connect Four positions on Pons' bitboards, for depth-limited search.

``evaluate(position, mask, moves, width, height)`` scores an In_play position for the player
to move (``position`` their stones, ``mask`` all stones, ``moves`` the plies played; the layout
of ``sml150.games.connect4``: column ``c`` holds bits ``c*(h+1) .. c*(h+1)+h-1``, bottom up, one
spare bit on top). Positive favours the mover. First the **forced blocks** are played out: while
the side to move faces exactly one immediate threat (and cannot win at once), it must block it,
so the position after the block is scored instead (up to ``forced_plies`` blocks; a block right
under another threat of the opponent, or two immediate threats, lose). The quiet position then
scores, for each player (the mover's terms minus the opponent's):

- **threats**: empty cells that would complete four in a row for one player. Only a live threat
  counts: one not above a threat of the opponent in the same column (the column is decided
  below it). A threat on a row of the player's parity (Allis' odd/even rule: rows 1, 3, 5
  counted from the bottom for the first player, 2, 4, 6 for the second) counts
  ``threat_good``, another ``threat_other``; a threat with another of its owner's right above
  it counts ``threat_stacked`` more (blocking the lower one gives the upper).
- **open windows**: every four cells in a line (vertical, horizontal, both diagonals) holding
  none of the opponent's stones, by how many of the player's stones they hold (``window_1``,
  ``window_2``, ``window_3`` for one, two, three): the lines still open, and the centre, which
  more lines cross.
- **centre control**: ``centre`` a stone in the middle column (both middle columns on an even
  width).
- ``tempo`` for the side to move.

Then a **one-stone lookahead**: the score is averaged with the mover's best score after one
more stone of theirs (the same terms, statically, over the stones that do not play under a
threat of the opponent's), ``lookahead`` percent of it. A depth-limited search scores its
leaves for the side to move there, which is the searcher at even depths and the opponent at odd
ones; without the average the odd depths gained nothing over the even depth below them (a
round robin of depths 1 to 8, 40 games a pair: depths 2 and 3 at -68 and -70 Elo, 4 and 5 at
+17 and +7), and with it each depth plays as well as about half a ply more (it scored 0.62,
0.61, 0.63 and 0.58 at depths 1 to 4 against the same evaluation without it, 80 games each,
at 50 percent). A ladder's games took about twice as long with it. The share is 40 percent:
in ladders of depths 1 to 8 (80 games a pair, seed 0), 50 left depth 8 below depth 7 (0.500
against it) and 30 left depth 3 below depth 2 (0.44, over seeds 0 and 1), while at 40 every
depth scored above 0.5 against the one below and the Elo rose with every ply;
``benchmarks/results/connect4-ladder-2core.txt`` is the ladder on a seed the choice never saw.

The weights (``DEFAULT_WEIGHTS``) are a logistic regression of the exact outcome (win, draw,
loss for the mover: Pons' 6,000 solved positions in ``tests/data/connect4``) on these terms,
scaled so that a threat of the right parity is 40, the window weights then halved, which
matches at equal depth found no weaker (``benchmarks/connect4_eval_fit.py`` fits them again
and says how they were chosen; ``benchmarks/connect4_ladder.py`` measures the ladder).

A mover who can win at once scores ``WIN_NOW`` (as before); a forced loss found while playing
out the blocks scores near ``-WIN_NOW``, and every other score lies strictly inside, so
``|evaluate| <= WIN_NOW``, far inside the engine's ``GUESS_LIMIT``. The functions are pure, on
ints only, typed for mypyc (no lambdas, no attrs); the masks of a board size are computed once
(``geometry``).

(Over 400 lines: the terms, the forced blocks, the one-stone lookahead and the weights are one
evaluation compiled as one native module, whose parts call each other on every leaf.)

>>> from sml150.games.connect4 import ConnectFour7x6 as G
>>> def score(moves: str) -> int:
...     s = G.parse_moves(moves)
...     return evaluate(s.position, s.mask, s.moves, 7, 6)
>>> score(""), score("4")       # the empty board; O to move after X took the centre
(6, -6)
>>> score("121212"), score("27374")    # X wins at once; O cannot block both ends of X's three
(1000, -999)
>>> score("12121") == -score("121211")    # O must block column 1: scored after the block
True
"""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = [
    "DEFAULT_WEIGHTS",
    "WIN_NOW",
    "Geometry",
    "Terms",
    "Weights",
    "evaluate",
    "evaluate_with",
    "geometry",
    "terms",
    "threat_cells",
]

WIN_NOW: Final[int] = 1000
"""The score of a position whose mover wins with the next stone."""


class Weights(NamedTuple):
    """The weights of the evaluation's terms (see the module docstring).

    A NamedTuple, not an attrs record, so that mypyc can compile the module.

    >>> DEFAULT_WEIGHTS.threat_good > DEFAULT_WEIGHTS.threat_other > 0
    True
    """

    threat_good: int
    """A live threat on a row of its owner's parity."""
    threat_other: int
    """A live threat on a row of the other parity."""
    threat_stacked: int
    """More for a live threat with another of its owner's threats right above it."""
    window_1: int
    """An open window (no opponent stone) holding one of the player's stones."""
    window_2: int
    """An open window holding two of the player's stones."""
    window_3: int
    """An open window holding three of the player's stones."""
    centre: int
    """A stone in the middle column(s)."""
    tempo: int
    """The side to move's bonus."""
    forced_plies: int
    """How many forced blocks (a single immediate threat to meet) the evaluation plays out."""
    lookahead: int
    """The percentage of the score taken from the mover's best next stone (0: none)."""


DEFAULT_WEIGHTS: Final[Weights] = Weights(
    threat_good=40, threat_other=8, threat_stacked=4,
    window_1=2, window_2=6, window_3=2, centre=1, tempo=4, forced_plies=6,
    lookahead=40,
)
"""The weights ``evaluate`` uses (see the module docstring for where they come from)."""


class Geometry(NamedTuple):
    """The masks of one board size (a NamedTuple, as ``Weights``).

    >>> g = geometry(2, 3)
    >>> bin(g.board), bin(g.bottom), bin(g.first_rows)
    ('0b1110111', '0b10001', '0b1010101')
    """

    width: int
    """Columns."""
    height: int
    """Rows."""
    board: int
    """Every cell of the board."""
    bottom: int
    """The bottom cell of every column."""
    first_rows: int
    """The cells on rows 1, 3, 5, ... (1-based from the bottom): the first player's parity."""
    centre: int
    """The cells of the middle column (the two middle columns on an even width)."""
    directions: tuple[int, ...]
    """The bit shifts of a line: vertical, horizontal and the two diagonals."""


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(width: int, height: int) -> Geometry:
    """The masks of a ``width`` × ``height`` board (built once per size, then looked up).

    REQUIRES: ``width, height >= 1``.

    >>> geometry(7, 6) is geometry(7, 6), bin(geometry(3, 1).centre)
    (True, '0b100')
    """
    g = _GEOMETRIES.get((width, height))
    if g is not None:
        return g
    stride = height + 1
    bottom = 0
    for c in range(width):
        bottom |= 1 << (c * stride)
    board = bottom * ((1 << height) - 1)
    first = 0
    for r in range(0, height, 2):
        first |= bottom << r
    column = (1 << height) - 1
    middle = column << ((width // 2) * stride)
    if width % 2 == 0:
        middle |= column << ((width // 2 - 1) * stride)
    g = Geometry(width, height, board, bottom, first, middle,
                 (1, stride, height, height + 2))
    _GEOMETRIES[(width, height)] = g
    return g


def threat_cells(stones: int, mask: int, height: int, board: int) -> int:
    """The empty cells that would complete four in a row for ``stones`` (Pons' formula).

    REQUIRES: ``stones`` ⊆ ``mask`` ⊆ ``board``. ENSURES: a subset of ``board`` minus ``mask``
    (cells not yet reachable included).

    >>> g = geometry(7, 6)
    >>> threat_cells(0b111, 0b111, 6, g.board) == 0b1000   # three up: the fourth cell
    True
    """
    r = (stones << 1) & (stones << 2) & (stones << 3)
    for d in (height + 1, height, height + 2):
        p = (stones << d) & (stones << 2 * d)
        r |= p & (stones << 3 * d)
        r |= p & (stones >> d)
        p = (stones >> d) & (stones >> 2 * d)
        r |= p & (stones << d)
        r |= p & (stones >> 3 * d)
    return r & (board ^ mask)


def _above(cells: int, height: int, board: int) -> int:
    """The cells strictly above some cell of ``cells`` in the same column."""
    up = (cells << 1) & board
    for _ in range(height - 2):
        up |= (up << 1) & board
    return up


class Terms(NamedTuple):
    """The counts a quiet position is scored by: the mover's minus the opponent's.

    ``windows_k`` counts the open lines of four (no stone of the other player) holding at least
    ``k`` of the player's stones, so that ``window_1 * windows_1 + (window_2 - window_1) *
    windows_2 + (window_3 - window_2) * windows_3`` weighs each line by the stones it holds.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> s = G.parse_moves("4")
    >>> terms(s.position, s.mask, s.moves, geometry(7, 6), 6)
    (1, Terms(threat_good=0, threat_other=0, threat_stacked=0, windows_1=-7, windows_2=0, \
windows_3=0, centre=-1))
    """

    threat_good: int
    """Live threats on a row of their owner's parity."""
    threat_other: int
    """Live threats on a row of the other parity."""
    threat_stacked: int
    """Live threats with another of their owner's threats right above."""
    windows_1: int
    """Open lines holding one or more of the player's stones."""
    windows_2: int
    """Open lines holding two or more."""
    windows_3: int
    """Open lines holding three."""
    centre: int
    """Stones in the middle column(s)."""


def _window_counts(stones: int, free: int, directions: tuple[int, ...]) -> tuple[int, int, int]:
    """The lines of four within ``free`` holding at least one, two, three of ``stones``."""
    c1 = c2 = c3 = 0
    for d in directions:
        starts = free & (free >> d) & (free >> 2 * d) & (free >> 3 * d)
        if not starts:
            continue
        a0 = stones & starts
        a1 = (stones >> d) & starts
        a2 = (stones >> 2 * d) & starts
        a3 = (stones >> 3 * d) & starts
        low, high = a0 | a1, a2 | a3
        c1 += (low | high).bit_count()
        c2 += ((a0 & a1) | (a2 & a3) | (low & high)).bit_count()
        c3 += ((a0 & a1 & high) | (a2 & a3 & low)).bit_count()
    return c1, c2, c3


def _threat_counts(mine: int, theirs: int, parity: int, g: Geometry) -> tuple[int, int, int]:
    """The live threats of ``mine`` (not above one of ``theirs``): good, other, stacked."""
    live = mine & ~_above(theirs, g.height, g.board)
    if not live:
        return 0, 0, 0
    good = live & parity
    return good.bit_count(), (live ^ good).bit_count(), (live & (mine >> 1)).bit_count()


def _quiet_terms(position: int, mask: int, moves: int, mine: int, theirs: int, *,
                 g: Geometry) -> Terms:
    """The terms of a quiet position for its mover (``mine``, ``theirs``: the threats)."""
    board = g.board
    opponent = position ^ mask
    first = g.first_rows if moves % 2 == 0 else board ^ g.first_rows
    tm = _threat_counts(mine, theirs, first, g)
    to = _threat_counts(theirs, mine, board ^ first, g)
    wm = _window_counts(position, board & ~opponent, g.directions)
    wo = _window_counts(opponent, board & ~position, g.directions)
    return Terms(tm[0] - to[0], tm[1] - to[1], tm[2] - to[2], wm[0] - wo[0], wm[1] - wo[1],
                 wm[2] - wo[2],
                 (position & g.centre).bit_count() - (opponent & g.centre).bit_count())


def _weigh(t: Terms, w: Weights) -> int:
    """The score of the terms ``t`` under ``w``, the tempo included."""
    return (w.threat_good * t.threat_good + w.threat_other * t.threat_other
            + w.threat_stacked * t.threat_stacked + w.window_1 * t.windows_1
            + (w.window_2 - w.window_1) * t.windows_2 + (w.window_3 - w.window_2) * t.windows_3
            + w.centre * t.centre + w.tempo)


class _Settled(NamedTuple):
    """A position after its forced blocks: decided (``value`` final) or quiet."""

    decided: bool
    value: int
    sign: int
    position: int
    mask: int
    moves: int
    mine: int
    theirs: int


def _settle(position: int, mask: int, moves: int, g: Geometry, plies: int) -> _Settled:
    """Play out up to ``plies`` forced blocks from the position (see the module docstring)."""
    board, h = g.board, g.height
    sign = 1
    mine = theirs = 0
    for ply in range(plies + 1):
        # Inv: ``ply`` forced blocks played; ``sign`` is +1 when the first mover is to move
        mine = threat_cells(position, mask, h, board)
        possible = (mask + g.bottom) & board
        if mine & possible:
            return _Settled(True, sign * (WIN_NOW - 2 * ply), sign, position, mask, moves, 0, 0)
        theirs = threat_cells(position ^ mask, mask, h, board)
        forced = theirs & possible
        if forced & (forced - 1) or forced & (theirs >> 1):  # two to block, or under theirs
            return _Settled(True, -sign * (WIN_NOW - 1 - 2 * ply), sign, position, mask, moves,
                            0, 0)
        if not forced or ply == plies:
            return _Settled(False, 0, sign, position, mask, moves, mine, theirs & ~forced)
        position, mask, moves, sign = position ^ mask, mask | forced, moves + 1, -sign
        if mask == board:
            return _Settled(True, 0, sign, position, mask, moves, 0, 0)
    return _Settled(False, 0, sign, position, mask, moves, mine, theirs)  # not reached


def terms(position: int, mask: int, moves: int, g: Geometry,
          forced_plies: int) -> tuple[int, Terms] | None:
    """The terms ``evaluate`` weighs and their sign, or ``None`` when forced blocks decide.

    After the forced blocks, the quiet position's terms for its mover, and the sign that turns
    that mover's view into the given one's; ``None`` when the blocks decide the game (a win, a
    loss, or a full board). For fitting the weights (``benchmarks/connect4_eval_fit.py``).

    REQUIRES: as ``evaluate``; ``forced_plies >= 0``.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> s = G.parse_moves("12121")        # O must block column 1: X's view after the block
    >>> terms(s.position, s.mask, s.moves, geometry(7, 6), 6)[0]
    -1
    >>> s = G.parse_moves("121212")
    >>> terms(s.position, s.mask, s.moves, geometry(7, 6), 6) is None
    True
    """
    r = _settle(position, mask, moves, g, forced_plies)
    if r.decided:
        return None
    return r.sign, _quiet_terms(r.position, r.mask, r.moves, r.mine, r.theirs, g=g)


def _best_next(r: _Settled, g: Geometry, w: Weights) -> int | None:
    """The mover's best static score after one more stone of theirs, or ``None``.

    Over the stones that do not play under a threat of the opponent's (the opponent then to
    move); ``None`` when every stone does.
    """
    board, h = g.board, g.height
    opponent = r.position ^ r.mask
    cells = (r.mask + g.bottom) & board & ~(r.theirs >> 1)
    best: int | None = None
    while cells:
        c = cells & -cells
        cells ^= c
        mask = r.mask | c
        mine = threat_cells(r.position | c, mask, h, board)
        v = -_weigh(_quiet_terms(opponent, mask, r.moves + 1, r.theirs & ~c, mine, g=g), w)
        if best is None or v > best:
            best = v
    return best


def evaluate_with(position: int, mask: int, moves: int, g: Geometry, w: Weights) -> int:
    """``evaluate`` on the masks ``g`` with the weights ``w``.

    REQUIRES: as ``evaluate``. ENSURES: ``-WIN_NOW < result <= WIN_NOW``.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> s = G.parse_moves("121212")        # X can complete column 1
    >>> evaluate_with(s.position, s.mask, s.moves, geometry(7, 6), DEFAULT_WEIGHTS)
    1000
    """
    r = _settle(position, mask, moves, g, w.forced_plies)
    if r.decided:
        return r.value
    score = _weigh(_quiet_terms(r.position, r.mask, r.moves, r.mine, r.theirs, g=g), w)
    if w.lookahead:
        best = _best_next(r, g, w)
        if best is not None:
            score = ((100 - w.lookahead) * score + w.lookahead * best) // 100
    bound = WIN_NOW - 2 * w.forced_plies - 2
    return r.sign * max(-bound, min(bound, score))


def evaluate(position: int, mask: int, moves: int, width: int, height: int) -> int:
    """The mover's score of an In_play position (see the module docstring).

    REQUIRES: an In_play position of a ``width`` × ``height`` board in Pons' layout: no four in
    a row yet and the board not full; ``position`` the mover's stones, ``moves`` the plies
    played. ENSURES: ``-WIN_NOW < result <= WIN_NOW``; ``WIN_NOW`` exactly when the mover can
    win with the next stone.

    >>> from sml150.games.connect4 import ConnectFour7x6 as G
    >>> s = G.parse_moves("4455")
    >>> evaluate(s.position, s.mask, s.moves, 7, 6)
    20
    """
    return evaluate_with(position, mask, moves, geometry(width, height), DEFAULT_WEIGHTS)
