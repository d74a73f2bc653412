"""``AlphaBeta``: HW11 Tasks 5.1-5.3, alpha-beta pruning over ``Step of edge | Leaf of est``.

A node's result is a ``value``: ``Leaf e`` for a terminal (depth 0, or a finished game) and
``Step (m, e)`` for an inner node, whose best move found so far is ``m`` with candidate value
``e``. The bounds ``(alpha, beta)`` are values too. ``F`` searches a Maxie state, ``G`` a Minnie
state; each scans the children left to right, wraps child ``m``'s result as ``Step(m, value_of
result)``, raises alpha (Maxie) or lowers beta (Minnie) with ``maxalpha``/``minbeta``, and stops
as soon as alpha >= beta (marking the ``Result of`` line ``(* Pruned *)``). A node returns its
final alpha (Maxie) or beta (Minnie), which may be a bound inherited from an ancestor.

With ``trace=True`` the search prints the handout's Figure 4 and 5 lines; without, only what the
game itself prints (``ExplicitGame`` prints ``Estimating state ...``).

>>> from sml150.lib.explicit import HandoutSmall
>>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2, trace=True))
>>> AB.next_move(HandoutSmall.start)
F: state (Maxie,a) with ab=(Leaf(Minnie wins!),Leaf(Maxie wins!))
G: state (Minnie,b) with ab=(Leaf(Minnie wins!),Leaf(Maxie wins!))
F: state (Maxie,c) with ab=(Leaf(Minnie wins!),Leaf(Maxie wins!))
Estimating state c[3]
Result of (Maxie,c) is Leaf(Guess: 3)
...
G: state (Minnie,j) with ab=(Step(1, Guess: 4),Leaf(Maxie wins!))
F: state (Maxie,k) with ab=(Step(1, Guess: 4),Leaf(Maxie wins!))
Estimating state k[1]
Result of (Maxie,k) is Leaf(Guess: 1)
Result of (Minnie,j) is Step(0, Guess: 1) (* Pruned *)
Result of (Maxie,a) is Step(1, Guess: 4)
Terminals visited: 7
1

(About 500 lines, over the house's 400: one SML functor, ``AlphaBeta``, is one module.)
"""

from __future__ import annotations

from typing import Generic, TypeAlias, TypeVar, final

import attrs

from sml150.lib.basis import LESS, Fail, Order
from sml150.lib.est import Est, est
from sml150.lib.searchcount import SearchCount, require_in_play, require_player_depth
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    GAME,
    Analysis,
    Maxie,
    Minnie,
    Player,
    Settings,
)

__all__ = [
    "AlphaBeta",
    "Leaf",
    "Settings",
    "Step",
    "ab_to_string",
    "alphabeta",
    "edge",
    "maxalpha",
    "minbeta",
    "move_of",
    "value",
    "value_of",
    "value_to_string",
    "valuecmp",
]

State = TypeVar("State")
Move = TypeVar("Move")


# -- values ---------------------------------------------------------------------------------


@final
@attrs.frozen
class Step(Generic[Move]):
    """``Step of edge``: an inner node's best move so far and its candidate value.

    >>> Step(0, Est.guess(3))
    Step(move=0, est=Guess(n=3))
    """

    move: Move
    """The move leading to the best child found so far."""
    est: est
    """Its candidate value (absolute)."""


@final
@attrs.frozen
class Leaf:
    """``Leaf of est``: a terminal node's value (an estimate, or a finished game's outcome).

    >>> Leaf(Est.minnie_wins)
    Leaf(est=MinnieWins())
    """

    est: est
    """The candidate value (absolute)."""


value: TypeAlias = Step[Move] | Leaf
"""SML ``datatype value = Step of edge | Leaf of Game.est``."""

edge: TypeAlias = tuple[Move, est]
"""SML ``type edge = Game.move * Game.est``."""

alphabeta: TypeAlias = tuple[value[Move], value[Move]]
"""SML ``type alphabeta = value * value``; invariant: alpha < beta."""


def value_of(v: value[Move]) -> est:
    """``valueOf : value -> Game.est``.

    REQUIRES: true. ENSURES: the candidate value of ``v``.

    >>> value_of(Step(2, Est.guess(-2))), value_of(Leaf(Est.maxie_wins))
    (Guess(n=-2), MaxieWins())
    """
    match v:
        case Step(_, e) | Leaf(e):
            return e
    raise TypeError(f"value_of: not a value: {v!r}")


def move_of(v: value[Move]) -> Move:
    """``moveOf : value -> Game.move``.

    REQUIRES: ``v`` a ``Step`` (a ``Leaf`` has no move: ``Fail``).
    ENSURES: the move of ``v``.

    >>> move_of(Step(1, Est.guess(4)))
    1
    >>> move_of(Leaf(Est.guess(4)))
    Traceback (most recent call last):
    ...
    sml150.lib.basis.Fail: move_of: Leaf(est=Guess(n=4)) has no move (a terminal node's value)
    """
    match v:
        case Step(m, _):
            return m
    raise Fail(f"move_of: {v!r} has no move (a terminal node's value)")


def valuecmp(v1: value[Move], v2: value[Move]) -> Order:
    """``valuecmp : value * value -> order``.

    REQUIRES: true.
    ENSURES: the order of the candidate values (MinnieWins < Guess n < MaxieWins); moves are
    ignored.

    >>> valuecmp(Leaf(Est.guess(3)), Step(0, Est.guess(3)))
    <Order.EQUAL: 0>
    >>> valuecmp(Leaf(Est.minnie_wins), Leaf(Est.guess(0)))
    <Order.LESS: -1>
    """
    return Est.compare(value_of(v1), value_of(v2))


def maxalpha(alpha: value[Move], v: value[Move]) -> value[Move]:
    """``maxalpha : value * value -> value``.

    REQUIRES: true.
    ENSURES: the larger of the current bound ``alpha`` and ``v`` by candidate value; on equal
    values a ``Step`` is preferred over a ``Leaf`` (so the root returns a move), otherwise the
    current ``alpha`` is kept (ties go to the earliest move).

    >>> maxalpha(Step(0, Est.guess(3)), Step(1, Est.guess(3)))
    Step(move=0, est=Guess(n=3))
    >>> maxalpha(Leaf(Est.minnie_wins), Step(0, Est.minnie_wins))
    Step(move=0, est=MinnieWins())
    """
    match valuecmp(v, alpha):
        case Order.GREATER:
            return v
        case Order.EQUAL if isinstance(alpha, Leaf) and isinstance(v, Step):
            return v
    return alpha


def minbeta(beta: value[Move], v: value[Move]) -> value[Move]:
    """``minbeta : value * value -> value``.

    REQUIRES: true.
    ENSURES: the smaller of the current bound ``beta`` and ``v`` by candidate value; on equal
    values a ``Step`` is preferred over a ``Leaf``, otherwise the current ``beta`` is kept.

    >>> minbeta(Leaf(Est.maxie_wins), Step(0, Est.guess(3)))
    Step(move=0, est=Guess(n=3))
    >>> minbeta(Step(0, Est.guess(3)), Step(1, Est.guess(3)))
    Step(move=0, est=Guess(n=3))
    """
    match valuecmp(v, beta):
        case Order.LESS:
            return v
        case Order.EQUAL if isinstance(beta, Leaf) and isinstance(v, Step):
            return v
    return beta


def value_to_string(Game: GAME[State, Move], v: value[Move]) -> str:
    """``value_to_string : value -> string`` (given the game, for its moves and estimates).

    REQUIRES: true. ENSURES: ``Step(m, e)`` / ``Leaf(e)`` as the handout's traces print them.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> value_to_string(HandoutSmall, Step(0, Est.guess(-2)))
    'Step(0, Guess: ~2)'
    """
    match v:
        case Step(m, e):
            return f"Step({Game.move_to_string(m)}, {Game.Est.to_string(e)})"
        case Leaf(e):
            return f"Leaf({Game.Est.to_string(e)})"
    raise TypeError(f"value_to_string: not a value: {v!r}")


def ab_to_string(Game: GAME[State, Move], ab: alphabeta[Move]) -> str:
    """``ab_to_string : alphabeta -> string`` (given the game).

    REQUIRES: true. ENSURES: ``(alpha,beta)`` as the traces print it.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> ab_to_string(HandoutSmall, (Leaf(Est.minnie_wins), Step(0, Est.guess(3))))
    '(Leaf(Minnie wins!),Step(0, Guess: 3))'
    """
    alpha, beta = ab
    return f"({value_to_string(Game, alpha)},{value_to_string(Game, beta)})"


def is_cut(player: Player, ab: alphabeta[Move]) -> bool:
    """``is_cut : player * alphabeta -> bool``: the pruning test after a bound was updated.

    REQUIRES: ``ab`` the bounds after ``player``'s update.
    ENSURES: ``alpha >= beta`` (by candidate value), the test for both players: Maxie checks
    its new alpha against beta, Minnie its new beta against alpha.

    >>> is_cut(Maxie, (Step(0, Est.guess(3)), Step(0, Est.guess(3))))
    True
    """
    del player  # the test is symmetric; the argument documents who updated
    return valuecmp(ab[0], ab[1]) is not LESS



# -- the functor ------------------------------------------------------------------------------


@final
@attrs.frozen
class _AlphaBeta(Generic[State, Move]):
    """The PLAYER structure ``AlphaBeta`` returns; see the module docstring."""

    Game: GAME[State, Move]
    """The game searched (SML ``structure Game``)."""
    search_depth: int
    """Plies searched from the root."""
    trace: bool = False
    """Print the handout's trace lines."""

    # -- Task 5.1 --

    @property
    def initial_ab(self) -> alphabeta[Move]:
        """``initialAB : alphabeta``.

        REQUIRES: true.
        ENSURES: the bounds of a search with nothing explored yet: alpha the worst value for
        Maxie, beta the worst for Minnie, ``(Leaf minnie_wins, Leaf maxie_wins)``.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).initial_ab
        (Leaf(est=MinnieWins()), Leaf(est=MaxieWins()))
        """
        return (Leaf(self.Game.Est.minnie_wins), Leaf(self.Game.Est.maxie_wins))

    # -- the given helpers, as members of the structure --

    def valuecmp(self, v1: value[Move], v2: value[Move]) -> Order:
        """``valuecmp : value * value -> order`` (see the module function).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.valuecmp(Leaf(Est.guess(1)), Leaf(Est.guess(2)))
        <Order.LESS: -1>
        """
        return valuecmp(v1, v2)

    def maxalpha(self, alpha: value[Move], v: value[Move]) -> value[Move]:
        """``maxalpha : value * value -> value`` (see the module function).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.maxalpha(Leaf(Est.guess(1)), Step(0, Est.guess(2)))
        Step(move=0, est=Guess(n=2))
        """
        return maxalpha(alpha, v)

    def minbeta(self, beta: value[Move], v: value[Move]) -> value[Move]:
        """``minbeta : value * value -> value`` (see the module function).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.minbeta(Leaf(Est.guess(1)), Step(0, Est.guess(2)))
        Leaf(est=Guess(n=1))
        """
        return minbeta(beta, v)

    def value_of(self, v: value[Move]) -> est:
        """``valueOf : value -> Game.est`` (see the module function).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).value_of(Leaf(Est.guess(1)))
        Guess(n=1)
        """
        return value_of(v)

    def move_of(self, v: value[Move]) -> Move:
        """``moveOf : value -> Game.move`` (see the module function).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).move_of(Step(2, Est.guess(1)))
        2
        """
        return move_of(v)

    def value_to_string(self, v: value[Move]) -> str:
        """``value_to_string : value -> string``: as the traces print values.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).value_to_string(Leaf(Est.guess(3)))
        'Leaf(Guess: 3)'
        """
        return value_to_string(self.Game, v)

    def ab_to_string(self, ab: alphabeta[Move]) -> str:
        """``ab_to_string : alphabeta -> string``: as the traces print bounds.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.ab_to_string(AB.initial_ab)
        '(Leaf(Minnie wins!),Leaf(Maxie wins!))'
        """
        return ab_to_string(self.Game, ab)

    # -- Task 5.2 --

    def F(self, d: int, s: State, ab: alphabeta[Move]) -> value[Move]:
        """``F : int -> Game.state -> alphabeta -> value``: alpha-beta search of a Maxie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Maxie (else ``ValueError``); alpha < beta
        (else ``ValueError``).
        ENSURES: with MM the minimax value of ``s`` at depth ``d``: if alpha < MM < beta the
        result's value is MM; if MM <= alpha it is <= alpha; if MM >= beta it is >= beta. A
        terminal (``d = 0`` or a finished game) gives ``Leaf``; otherwise the result is the final
        alpha, a ``Step`` whose move is the first best move found (or the inherited bound).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.F(2, HandoutSmall.start, AB.initial_ab)
        Estimating state c[3]
        ...
        Estimating state k[1]
        Step(move=1, est=Guess(n=4))
        """
        self._require(Maxie, "F", s, ab)
        return self._node(d, s, ab, SearchCount())

    def G(self, d: int, s: State, ab: alphabeta[Move]) -> value[Move]:
        """``G : int -> Game.state -> alphabeta -> value``: alpha-beta search of a Minnie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Minnie (else ``ValueError``); alpha < beta.
        ENSURES: as ``F``, dually: the result is the final beta, <= alpha when MM <= alpha,
        >= beta when MM >= beta, MM otherwise.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> b = HandoutSmall.make_move(HandoutSmall.start, 0)
        >>> AB.G(1, b, AB.initial_ab)
        Estimating state c[3]
        Estimating state d[6]
        Estimating state e[~2]
        Step(move=2, est=Guess(n=-2))
        """
        self._require(Minnie, "G", s, ab)
        return self._node(d, s, ab, SearchCount())

    def _require(self, p: Player, name: str, s: State, ab: alphabeta[Move]) -> None:
        g = self.Game
        if g.player(s) is not p:
            raise ValueError(
                f"AlphaBeta.{name} searches {p.name}'s states, but {g.state_to_string(s)}"
                f" is {g.player(s).name}'s"
            )
        if valuecmp(ab[0], ab[1]) is not LESS:
            raise ValueError(
                f"AlphaBeta.{name}: bounds must have alpha < beta, not {self.ab_to_string(ab)}"
            )

    def _node(self, d: int, s: State, ab: alphabeta[Move], count: SearchCount) -> value[Move]:
        """F or G by the player of ``s`` (the handout's mutual recursion), tracing if asked."""
        g = self.Game
        p = g.player(s)
        if self.trace:
            letter = "F" if p is Maxie else "G"
            print(f"{letter}: state {g.state_to_string(s)} with ab={self.ab_to_string(ab)}")
        pruned = False
        result: value[Move]
        stop = count.enter(g, d, s)
        if stop is not None:
            result = Leaf(stop)
        else:
            result, pruned = self._children(d, s, p, ab, count)
        if self.trace:
            mark = " (* Pruned *)" if pruned else ""
            print(f"Result of {g.state_to_string(s)} is {self.value_to_string(result)}{mark}")
        return result

    def _children(
        self, d: int, s: State, p: Player, ab: alphabeta[Move], count: SearchCount
    ) -> tuple[value[Move], bool]:
        """Scan the children of ``s`` left to right; the final bound and whether it cut."""
        g = self.Game
        alpha, beta = ab
        rest = g.moves(s)
        # Inv: alpha < beta; alpha (Maxie) / beta (Minnie) is the best of the bound and the
        # children scanned so far, each wrapped as Step(its move, value_of its result).
        while True:
            match Seq.showl(rest):
                case Seq.Nil():
                    return (alpha if p is Maxie else beta), False
                case Seq.Cons(m, rest):
                    child = self._node(d - 1, g.make_move(s, m), (alpha, beta), count)
                    step: value[Move] = Step(m, value_of(child))
                    if p is Maxie:
                        alpha = maxalpha(alpha, step)
                    else:
                        beta = minbeta(beta, step)
                    if is_cut(p, (alpha, beta)):
                        return (alpha if p is Maxie else beta), True

    # -- Task 5.3 --

    def analyze(self, s: State) -> Analysis[Move]:
        """``analyze : Game.state -> Analysis``: ``next_move`` with its value and cost.

        REQUIRES: ``s`` In_play (else ``ValueError``).
        ENSURES: the move and value alpha-beta finds at ``search_depth``, the terminals and nodes
        visited (work = span = terminals: the search is sequential). With ``trace`` it prints
        the trace and ``Terminals visited: N``.

        >>> from sml150.lib.explicit import HandoutBig
        >>> a = AlphaBeta(Settings(G=HandoutBig, search_depth=4)).analyze(HandoutBig.start)
        Estimating state e[3]
        ...
        >>> a.move, a.value, a.terminals
        (0, Guess(n=3), 6)
        """
        require_in_play(self.Game, s)
        count = SearchCount()
        result = self._node(self.search_depth, s, self.initial_ab, count)
        if self.trace:
            print(f"Terminals visited: {count.terminals}")
        return Analysis(
            move_of(result), value_of(result), count.terminals, count.nodes,
            count.terminals, count.terminals,
        )

    def next_move(self, s: State) -> Move:
        """``next_move : Game.state -> Game.move``.

        REQUIRES: ``s`` In_play (else ``ValueError``).
        ENSURES: the first move of best minimax value at ``search_depth``, found by alpha-beta
        from ``initial_ab`` (``F`` or ``G`` by the player to move).

        >>> from sml150.lib.explicit import HandoutBig
        >>> AlphaBeta(Settings(G=HandoutBig, search_depth=4)).next_move(HandoutBig.start)
        Estimating state e[3]
        Estimating state f[5]
        Estimating state h[2]
        Estimating state l[10]
        Estimating state m[4]
        Estimating state q[2]
        0
        """
        return self.analyze(s).move


def AlphaBeta(settings: Settings[State, Move]) -> _AlphaBeta[State, Move]:
    """``functor AlphaBeta (Settings) : PLAYER``, alpha-beta pruning to ``search_depth``.

    REQUIRES: ``settings.search_depth >= 1`` (else ``ValueError``).
    ENSURES: a PLAYER whose ``next_move`` is MiniMax's move, found visiting fewer terminals;
    the structure also exposes ``initial_ab``, ``F``, ``G`` and ``value_to_string``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=0))
    Traceback (most recent call last):
    ...
    ValueError: AlphaBeta needs search_depth >= 1 to choose a move, not 0
    """
    require_player_depth("AlphaBeta", settings.search_depth)
    return _AlphaBeta(settings.G, settings.search_depth, settings.trace)

