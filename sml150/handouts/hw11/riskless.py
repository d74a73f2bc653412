"""``Riskless``: HW11 Task 4.1, the game of military might on a MAP, as a GAME functor.

Two players, Maxie (``X``) and Minnie (``O``), take turns. A move ``(src, dst)`` takes every
army on one of the mover's territories to an adjacent territory: ``src`` stays the mover's with 0
armies; an empty ``dst`` is occupied, an own ``dst`` adds the armies, an enemy ``dst`` is a battle
that the larger army wins keeping the difference (a tie goes to the attacker). Then every
occupied territory of both players trains one army, capped at ``max_terri``. A player with no
territory loses; a player whose armies reach ``max_units`` wins (both at once: a draw).

>>> G = Riskless(M1)
>>> G.state_to_string(G.start)[:60]
'(0) Land0: O(2)<-->(1) Land1:     <-->(2) Land2:     <-->(3)'
>>> G.moves(G.start)
<(3, 4),(3, 2)>
>>> s = G.make_move(G.start, (3, 4))
>>> print(G.state_to_string(s).replace("<-->", "|"))
(0) Land0: O(3)|(1) Land1:     |(2) Land2:     |(3) Land3: X(1)|(4) Land4: X(2)|(5) Land5:     |

The state is the handout's ``B of (territory * vertex seq) seq * player``: a weighted graph whose
weights are territories ``T(name, position)`` with ``position = Min n | Max n | Empty``.

Estimators. ``Riskless(Map)`` estimates with ``tactical_estimate`` (armies, territories, and
territories an enemy can take; see its docstring). A functor takes one argument, so a game
with another estimator is built by ``RisklessWith(RisklessSettings(Map, estimate=...))``, e.g.
``RisklessWith(RisklessSettings(M1, estimate=naive_estimate))`` for the handout's naive army sum.
An estimator is only asked about states in play; finished states get their outcome's value.

(About 700 lines, over the house's 400: one SML functor, ``Riskless``, is one module.)
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import TypeAlias, final

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.handouts.hw11.maps import M1, M2, Earth, RisklessMap
from sml150.lib.basis import int_to_string
from sml150.lib.est import Est, Guess, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    EST,
    MAP,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Over,
    Player,
    Status,
    Winner,
    other_player,
    outcome_value,
)

__all__ = [
    "M1",
    "M2",
    "MAP",
    "TERRITORY_WEIGHT",
    "VULNERABLE_WEIGHT",
    "B",
    "Earth",
    "Empty",
    "Estimator",
    "InvalidMove",
    "Max",
    "Min",
    "Move",
    "Riskless",
    "RisklessMap",
    "RisklessSettings",
    "RisklessWith",
    "T",
    "Vertex",
    "check_map",
    "gstate",
    "naive_estimate",
    "position",
    "state",
    "tactical_estimate",
    "territory",
]

Vertex: TypeAlias = int
"""SML ``type vertex = int``: a territory's index on the board."""

Move: TypeAlias = tuple[Vertex, Vertex]
"""SML ``type move = vertex * vertex``: ``(src, dst)``."""


# -- the handout's datatypes ------------------------------------------------------------------


@final
@attrs.frozen
class Min:
    """``Min of int``: Minnie holds the territory with ``n`` armies.

    >>> Min(2)
    Min(n=2)
    """

    n: int
    """Minnie's armies there."""


@final
@attrs.frozen
class Max:
    """``Max of int``: Maxie holds the territory with ``n`` armies.

    >>> Max(1)
    Max(n=1)
    """

    n: int
    """Maxie's armies there."""


@final
@attrs.frozen
class Empty:
    """``Empty``: nobody holds the territory.

    >>> Empty()
    Empty()
    """


position: TypeAlias = Min | Max | Empty
"""SML ``datatype position = Min of int | Max of int | Empty``."""


@final
@attrs.frozen
class T:
    """``T of string * position``: a territory's name and who holds it with how many armies.

    >>> T("Land0", Min(2))
    T(name='Land0', pos=Min(n=2))
    """

    name: str
    """The territory's name (the map's)."""
    pos: position
    """Who holds it, with how many armies."""


territory: TypeAlias = T
"""SML ``datatype territory = T of string * position``."""


@final
@attrs.frozen(cache_hash=True)
class B:
    """``B of (territory * vertex seq) seq * player``: the board and the player to move.

    A state is immutable and hashable by value, so it is its own transposition-table key.

    >>> Riskless(M1).start.player
    <Player.Maxie: 'Maxie'>
    """

    board: Seq[tuple[T, Seq[Vertex]]]
    """Each territory with its neighbours (the map's adjacency order), in index order."""
    player: Player
    """The player to move."""


gstate: TypeAlias = B
"""SML ``datatype gstate = B of (territory * vertex seq) seq * player``."""

state: TypeAlias = B
"""SML ``type state = gstate``."""

Estimator: TypeAlias = Callable[[MAP, B], est]
"""An estimator: the map and a state in play to an absolute estimate (positive favours Maxie)."""


class InvalidMove(ValueError):
    """``make_move`` was given a move that is not among ``moves s``; the message names it.

    >>> G = Riskless(M1)
    >>> G.make_move(G.start, (0, 1))
    Traceback (most recent call last):
    ...
    sml150.handouts.hw11.riskless.InvalidMove: Riskless.make_move: invalid move (0,1) for Maxie: ...
    """


def _is_int(v: object) -> bool:
    """Whether ``v`` is an int and not a bool (SML's ``true`` is no ``int``)."""
    return isinstance(v, int) and not isinstance(v, bool)


_MAX_DIGITS = 9
"""Longer numbers are no territory of any map; ``parse_move`` never converts them."""


def _is_number(word: str) -> bool:
    """Whether ``word`` is a short run of ASCII digits (``int`` reads it at once)."""
    return word.isascii() and word.isdigit() and len(word) <= _MAX_DIGITS


def _show_move(m: object) -> str:
    """``(src,dst)`` for a pair of ints, else a short ``repr``."""
    if isinstance(m, tuple) and len(m) == 2 and all(_is_int(v) for v in m):
        return f"({int_to_string(m[0])},{int_to_string(m[1])})"
    return reprlib.repr(m)


# -- reading a board ----------------------------------------------------------------------------


def _owner(p: position) -> Player | None:
    if isinstance(p, Max):
        return Maxie
    if isinstance(p, Min):
        return Minnie
    return None


def _armies(p: position) -> int:
    return 0 if isinstance(p, Empty) else p.n


def _holding(p: Player, n: int) -> position:
    return Max(n) if p is Maxie else Min(n)


@attrs.frozen
class _Census:
    """Territories and armies of both players on one board."""

    maxie_terri: int
    """Territories Maxie holds."""
    minnie_terri: int
    """Territories Minnie holds."""
    maxie_units: int
    """Maxie's armies in all."""
    minnie_units: int
    """Minnie's armies in all."""


def _census(s: B) -> _Census:
    xt = ot = xu = ou = 0
    for t, _ in s.board:
        p = t.pos
        if isinstance(p, Max):
            xt += 1
            xu += p.n
        elif isinstance(p, Min):
            ot += 1
            ou += p.n
    return _Census(xt, ot, xu, ou)


# -- estimators ---------------------------------------------------------------------------------


def naive_estimate(Map: MAP, s: B) -> est:  # noqa: ARG001 -- an Estimator takes the map
    """``naive_estimate : MAP * state -> est``: the handout's naive evaluation.

    REQUIRES: ``s`` a state on ``Map``'s board.
    ENSURES: ``Guess (Maxie's armies - Minnie's armies)``.

    >>> naive_estimate(M1, Riskless(M1).start)
    Guess(n=-1)
    """
    c = _census(s)
    return Guess(c.maxie_units - c.minnie_units)


TERRITORY_WEIGHT = 6
"""``tactical_estimate``: what one territory is worth, in armies."""

VULNERABLE_WEIGHT = 3
"""``tactical_estimate``: what a territory an enemy army next to it can take costs, in armies."""


def _sides(s: B) -> tuple[list[int], list[int]]:
    """Per territory: +1 Maxie's, -1 Minnie's, 0 empty; and its armies."""
    side: list[int] = []
    armies: list[int] = []
    for t, _ in s.board:
        match t.pos:
            case Max(n):
                side.append(1)
                armies.append(n)
            case Min(n):
                side.append(-1)
                armies.append(n)
            case _:
                side.append(0)
                armies.append(0)
    return side, armies


def tactical_estimate(Map: MAP, s: B) -> est:  # noqa: ARG001 -- an Estimator takes the map
    """``tactical_estimate : MAP * state -> est``: the default Riskless evaluation.

    REQUIRES: ``s`` a state on ``Map``'s board.
    ENSURES: ``Guess (score Maxie - score Minnie)``, deterministic, where a player's score is

        armies + 6 * territories - 3 * vulnerable territories

    and a territory is vulnerable when an adjacent enemy army is at least as large as its own
    (the enemy can take it: a tie goes to the attacker).

    Why (the handout's Section 4.1.2). A battle costs both sides the same armies, so the naive
    army difference cannot tell a good attack from a bad one; what changes is who holds the
    territories, and every territory trains an army on every move: territories are the growth
    that wins the army race to ``max_units``. The armies still count (they win battles and the
    race). A territory an enemy can take next move is worth less: watching the borders for a
    build-up of armies. The weights were fitted by logistic regression of game outcomes on these
    features (naive-vs-naive games on M1 and M2), then tuned by matches against the naive
    estimator (``benchmarks/riskless_estimate_match.py``). Terms tried and dropped because they
    did not win more games: a tempo bonus for the mover's best capture, weighting capped and
    uncapped territories apart, projecting growth a few moves ahead.

    >>> tactical_estimate(M1, Riskless(M1).start)
    Guess(n=-1)
    >>> s = B(Seq.from_list([(T("a", Max(3)), Seq.singleton(1)),
    ...                      (T("b", Min(5)), Seq.singleton(0))]), Maxie)
    >>> tactical_estimate(M1, s)  # (3 + 6 - 3) - (5 + 6)
    Guess(n=-5)
    """
    side, armies = _sides(s)
    score = 0
    for i, (_, ns) in enumerate(s.board):
        sg = side[i]
        if sg == 0:
            continue
        n = armies[i]
        score += sg * (n + TERRITORY_WEIGHT)
        for j in ns:
            if side[j] == -sg and armies[j] >= n:
                score -= sg * VULNERABLE_WEIGHT
                break
    return Guess(score)


# -- the map check ------------------------------------------------------------------------------


def check_map(Map: MAP) -> None:
    """``check_map : MAP -> unit``: the functor-time check of a Riskless map.

    REQUIRES: true.
    ENSURES: returns if the board is a ``Seq`` of ``(name, neighbours)`` pairs (a string and a
    ``Seq`` of ints) forming a simple (no self-loop, no repeated neighbour), symmetric,
    connected graph with neighbours in range, ``min_start``, ``max_start``, ``max_terri`` and
    ``max_units`` are ints (not bools, floats, NaN or infinities), both start territories are on
    the board and distinct, ``max_terri >= 2`` (Minnie starts with 2) and ``max_units >= 1``;
    otherwise raises a ``ValueError`` naming the field or the problem.

    >>> check_map(M1)
    >>> check_map(attrs.evolve(M1, min_start=3))
    Traceback (most recent call last):
    ...
    ValueError: Riskless map M1: min_start and max_start are both territory 3
    >>> check_map(attrs.evolve(M1, max_terri=float("nan")))
    Traceback (most recent call last):
    ...
    ValueError: Riskless map M1: max_terri must be an int, not nan
    """
    name = getattr(Map, "name", type(Map).__name__)

    def bad(problem: str) -> ValueError:
        return ValueError(f"Riskless map {name}: {problem}")

    for field in ("min_start", "max_start", "max_terri", "max_units"):
        value = getattr(Map, field, None)
        if not _is_int(value):
            raise bad(f"{field} must be an int, not {reprlib.repr(value)}")
    if not isinstance(Map.board, Seq):
        raise bad(f"the board must be a Seq of (name, neighbours), not {reprlib.repr(Map.board)}")
    board = list(Map.board)
    n = len(board)
    if n < 2:
        raise bad(f"a board needs at least 2 territories, not {n}")
    for u, row in enumerate(board):
        if not (isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], str)
                and isinstance(row[1], Seq) and all(_is_int(v) for v in row[1])):
            raise bad(f"territory {u} must be a (name, Seq of neighbour ints) pair, not"
                      f" {reprlib.repr(row)}")
    adjacency = [list(ns) for _, ns in board]
    for u, ns in enumerate(adjacency):
        label = f"territory {u} ({board[u][0]!r})"
        for v in ns:
            if not 0 <= v < n:
                raise bad(f"{label} lists neighbour {v}, out of range 0..{n - 1}")
            if v == u:
                raise bad(f"{label} is its own neighbour (a self-loop)")
        if len(set(ns)) != len(ns):
            raise bad(f"{label} lists a neighbour twice: {ns}")
    for u, ns in enumerate(adjacency):
        for v in ns:
            if u not in adjacency[v]:
                raise bad(f"not symmetric: {u} lists {v} but {v} does not list {u}")
    seen = {0}
    frontier = [0]
    while frontier:
        u = frontier.pop()
        for v in adjacency[u]:
            if v not in seen:
                seen.add(v)
                frontier.append(v)
    if len(seen) != n:
        unreachable = sorted(set(range(n)) - seen)
        raise bad(f"not connected: territories {unreachable} cannot be reached from 0")
    for field in ("min_start", "max_start"):
        v = getattr(Map, field)
        if not 0 <= v < n:
            raise bad(f"{field} {v} is not a territory (0..{n - 1})")
    if Map.min_start == Map.max_start:
        raise bad(f"min_start and max_start are both territory {Map.min_start}")
    if Map.max_terri < 2:
        raise bad(f"max_terri must be >= 2 (Minnie starts with 2 armies), not {Map.max_terri}")
    if Map.max_units < 1:
        raise bad(f"max_units must be >= 1, not {Map.max_units}")


# -- the functor --------------------------------------------------------------------------------


@final
@attrs.frozen
class RisklessSettings:
    """The argument of ``RisklessWith``: a map and the estimator to use.

    >>> RisklessSettings(M1).estimate is tactical_estimate
    True
    """

    Map: MAP
    """The board and its limits."""
    estimate: Estimator = tactical_estimate
    """How states in play are estimated (``naive_estimate`` or ``tactical_estimate`` or yours)."""


@final
@attrs.frozen
class _Riskless:
    """The GAME structure ``Riskless`` returns; see the module docstring."""

    Map: MAP
    """The board (SML ``structure Dim : MAP``)."""
    estimator: Estimator = attrs.field(eq=False)
    """The evaluation of states in play; not part of equality (it is a player's heuristic, not
    a rule of the game), so players with different estimators can meet in one Referee match."""

    @property
    def Est(self) -> EST:
        """``structure Est``: the HW11 estimates (``Guess: 3``)."""
        return Est

    @property
    def start(self) -> B:
        """``start : state``.

        ENSURES: Maxie holds ``max_start`` with 1 army, Minnie ``min_start`` with 2, all else is
        empty; Maxie moves first.

        >>> Riskless(M1).start.board
        <(T(name='Land0', pos=Min(n=2)), <1,5>),...,(T(name='Land5', pos=Empty()), <0,4>)>
        """
        m = self.Map

        def territory_at(i: int) -> tuple[T, Seq[Vertex]]:
            name, ns = Seq.nth(i, m.board)
            pos: position = (
                Max(1) if i == m.max_start else Min(2) if i == m.min_start else Empty()
            )
            return (T(name, pos), ns)

        return B(Seq.tabulate(territory_at, Seq.length(m.board)), Maxie)

    def status(self, s: B) -> Status:
        """``status : state -> status``.

        REQUIRES: ``s`` a state of this game.
        ENSURES: ``Over(Winner p)`` if p's opponent holds no territory or only p's armies reach
        ``max_units``; ``Over Draw`` if both reach it; ``In_play`` otherwise.

        >>> Riskless(M1).status(Riskless(M1).start)
        In_play()
        """
        c = _census(s)
        if c.minnie_terri == 0 and c.maxie_terri == 0:
            return Over(Draw())
        if c.minnie_terri == 0:
            return Over(Winner(Maxie))
        if c.maxie_terri == 0:
            return Over(Winner(Minnie))
        maxie_done = c.maxie_units >= self.Map.max_units
        minnie_done = c.minnie_units >= self.Map.max_units
        if maxie_done and minnie_done:
            return Over(Draw())
        if maxie_done:
            return Over(Winner(Maxie))
        if minnie_done:
            return Over(Winner(Minnie))
        return In_play()

    def player(self, s: B) -> Player:
        """``player : state -> player``.

        REQUIRES: true. ENSURES: the player to move in ``s``.

        >>> G = Riskless(M1)
        >>> G.player(G.make_move(G.start, (3, 2)))
        <Player.Minnie: 'Minnie'>
        """
        return s.player

    def moves(self, s: B) -> Seq[Move]:
        """``moves : state -> move Seq.seq``.

        REQUIRES: ``s`` a state of this game.
        ENSURES: empty if ``s`` is Over; otherwise every ``(src, dst)`` with ``src`` a territory
        of the mover (in index order) and ``dst`` one of its neighbours (in adjacency order).

        >>> Riskless(M2).moves(Riskless(M2).start)
        <(15, 11),(15, 14)>
        """
        if not isinstance(self.status(s), In_play):
            return Seq.empty()
        mover = s.player
        return Seq.from_list(
            [(i, j) for i, (t, ns) in enumerate(s.board) if _owner(t.pos) is mover for j in ns]
        )

    def _why_invalid(self, s: B, m: Move) -> str | None:
        if not (isinstance(m, tuple) and len(m) == 2 and all(_is_int(v) for v in m)):
            return "a move is a pair (src, dst) of two ints"
        if not isinstance(self.status(s), In_play):
            return "the game is over"
        src, dst = m
        n = Seq.length(s.board)
        if not 0 <= src < n:
            return f"{src} is not a territory (0..{n - 1})"
        t, ns = Seq.nth(src, s.board)
        if _owner(t.pos) is not s.player:
            return f"{t.name or src} is not {s.player.name}'s"
        if dst not in ns:
            return f"{dst} is not a neighbour of {t.name or src} (neighbours {list(ns)})"
        return None

    def make_move(self, s: B, m: Move) -> B:
        """``make_move : state * move -> state``.

        REQUIRES: ``m`` among ``moves s`` (else, whatever ``m`` is, ``InvalidMove`` naming the
        move and why: ``None``, ``(1.5, 2)`` or ``(True, 0)`` is no move).
        ENSURES: the state after the mover sends all armies of ``src`` to ``dst`` (occupy, add,
        or battle: the larger army wins keeping the difference, a tie goes to the attacker),
        then every occupied territory trains one army up to ``max_terri``; the other player
        moves next. ``s`` itself is unchanged.

        >>> G = Riskless(M1)
        >>> G.make_move(G.start, (3, 2)).board
        <(T(name='Land0', pos=Min(n=3)), <1,5>),...,(T(name='Land2', pos=Max(n=2)), <3,1>),...>
        """
        problem = self._why_invalid(s, m)
        if problem is not None:
            raise InvalidMove(
                f"Riskless.make_move: invalid move {_show_move(m)} for "
                f"{s.player.name}: {problem}"
            )
        src, dst = m
        mover = s.player
        board = list(s.board)
        positions: list[position] = [t.pos for t, _ in board]
        attackers = _armies(positions[src])
        positions[src] = _holding(mover, 0)
        target = positions[dst]
        defenders = _armies(target)
        if _owner(target) is None:
            positions[dst] = _holding(mover, attackers)
        elif _owner(target) is mover:
            positions[dst] = _holding(mover, defenders + attackers)
        elif attackers >= defenders:
            positions[dst] = _holding(mover, attackers - defenders)
        else:
            positions[dst] = _holding(other_player(mover), defenders - attackers)
        cap = self.Map.max_terri

        def trained(p: position) -> position:
            owner = _owner(p)
            return p if owner is None else _holding(owner, min(_armies(p) + 1, cap))

        return B(
            Seq.from_list(
                [(T(t.name, trained(p)), ns) for (t, ns), p in zip(board, positions, strict=True)]
            ),
            other_player(mover),
        )

    def estimate(self, s: B) -> est:
        """``estimate : state -> est``.

        REQUIRES: ``s`` a state of this game (finished or not).
        ENSURES: ``Maxie wins!``/``Minnie wins!``/``Guess(0)`` (a draw) for a finished game,
        otherwise the estimator's value (absolute: positive favours Maxie).

        >>> Riskless(M1).estimate(Riskless(M1).start)
        Guess(n=-1)
        """
        match self.status(s):
            case Over(outcome):
                return outcome_value(outcome)
        return self.estimator(self.Map, s)

    def move_to_string(self, m: Move) -> str:
        """``move_to_string : move -> string``.

        REQUIRES: true. ENSURES: ``(src,dst)``.

        >>> Riskless(M1).move_to_string((3, 4))
        '(3,4)'
        """
        src, dst = m
        return f"({int_to_string(src)},{int_to_string(dst)})"

    def state_to_string(self, s: B) -> str:
        """``state_to_string : state -> string``.

        REQUIRES: ``s`` a state of this game.
        ENSURES: the map's ``board_to_string`` of one label per territory: ``(i) name:`` when
        empty, ``(i) name: O(n)`` for Minnie, ``(i) name: X(n)`` for Maxie, each right-padded
        with spaces to the longest label's width.

        >>> G = Riskless(M2)
        >>> print(G.state_to_string(G.start), end="")
        (0) : O(2)  (1) :       (2) :       (3) :
        (4) :       (5) :       (6) :       (7) :
        (8) :       (9) :       (10) :      (11) :
        (12) :      (13) :      (14) :      (15) : X(1)
        """
        labels = []
        for i, (t, _) in enumerate(s.board):
            match t.pos:
                case Min(n):
                    text = f"{t.name}: O({int_to_string(n)})"
                case Max(n):
                    text = f"{t.name}: X({int_to_string(n)})"
                case _:
                    text = f"{t.name}:"
            labels.append(f"({i}) {text}")
        width = max(len(label) for label in labels)
        return self.Map.board_to_string(Seq.from_list([label.ljust(width) for label in labels]))

    def parse_move(self, s: B, line: str) -> Maybe[Move]:
        """``parse_move : state -> string -> move option``.

        REQUIRES: true.
        ENSURES: ``Some (src, dst)`` if ``line`` is two integers ``src dst`` (ASCII digits)
        forming one of ``moves s``; ``Nothing`` otherwise. Never raises; linear in the line.

        >>> G = Riskless(M1)
        >>> G.parse_move(G.start, " 3 4 "), G.parse_move(G.start, "3 5"), G.parse_move(G.start, "x")
        (<Some: (3, 4)>, <Nothing>, <Nothing>)
        >>> G.parse_move(G.start, "3 ²"), G.parse_move(G.start, "3 " + "4" * 5000)
        (<Nothing>, <Nothing>)
        """
        if not isinstance(line, str):
            return Nothing
        words = line.split()
        if len(words) != 2 or not all(_is_number(w) for w in words):
            return Nothing
        m = (int(words[0]), int(words[1]))
        return Some(m) if self._why_invalid(s, m) is None else Nothing


def RisklessWith(settings: RisklessSettings) -> _Riskless:
    """``functor Riskless`` with a chosen estimator: ``RisklessWith(RisklessSettings(Map, f))``.

    REQUIRES: ``settings.Map`` a valid map (see ``check_map``; else ``ValueError``).
    ENSURES: the Riskless GAME on that map estimating states in play with ``settings.estimate``.

    >>> G = RisklessWith(RisklessSettings(M1, estimate=naive_estimate))
    >>> G.estimate(G.start)
    Guess(n=-1)
    """
    check_map(settings.Map)
    return _Riskless(settings.Map, settings.estimate)


def Riskless(Map: MAP) -> _Riskless:
    """``functor Riskless (Dim : MAP) : GAME``, with the default ``tactical_estimate``.

    REQUIRES: ``Map`` a valid map: simple, symmetric, connected, neighbours in range, distinct
    start territories (else ``ValueError`` naming the problem).
    ENSURES: the Riskless GAME on ``Map``.

    >>> Riskless(attrs.evolve(M1, board=Seq.tabulate(lambda i: (f"L{i}", Seq.empty()), 6)))
    Traceback (most recent call last):
    ...
    ValueError: Riskless map M1: not connected: territories [1, 2, 3, 4, 5] cannot be reached from 0
    """
    return RisklessWith(RisklessSettings(Map))
