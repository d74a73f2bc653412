"""``AlphaBeta``: alpha-beta pruning with explicit bounds, the HW10 API (Tasks 6.1-6.4).

(Over 400 lines: HW10's AlphaBeta is one functor in the handout: its datatypes, its printing and
its search read as one structure.)

The search is fail-soft, as the handout's §6.1 describes. At a Maxie node with window
``(alpha, beta)`` the children are evaluated left to right, child ``i`` with ``(alpha_i, beta)``
where ``alpha_1 = alpha`` and ``alpha_{j+1} = max(alpha_j, v_j)``; the first ``v_i >= beta``
stops the search and ``(m_i, v_i)`` is returned; otherwise the best edge (earliest on ties).
Minnie's nodes are symmetric (stop at ``v_i <= alpha``). So a returned value ``v`` is exact
when ``alpha < v < beta``, an upper bound when ``v <= alpha``, and a lower bound when
``v >= beta``.

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

from __future__ import annotations

import enum
from typing import Generic, TypeAlias, TypeVar, final

import attrs
from returns.maybe import Maybe

from sml150.lib.est import Est10, est
from sml150.lib.searchcount import SearchCount, require_in_play, require_player_depth
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    GAME,
    Analysis,
    Maxie,
    Settings,
)

__all__ = [
    "ABOVE",
    "BELOW",
    "INTERIOR",
    "NEGINF",
    "POSINF",
    "AlphaBeta",
    "Bound",
    "OrderAB",
    "Settings",
    "ab_to_string",
    "alphabeta",
    "bound",
    "bound_to_string",
    "compare_ab",
    "edge",
    "value_to_string",
]

State = TypeVar("State")
Move = TypeVar("Move")


# -- datatypes -------------------------------------------------------------------------------


@final
@attrs.frozen
class NEGINF:
    """SML ``NEGINF``: the bound below every estimate.

    >>> bound_to_string(NEGINF())
    'NEGINF'
    """


@final
@attrs.frozen
class Bound:
    """SML ``Bound of G.est``: a finite bound.

    >>> from sml150.lib.est import Guess
    >>> Bound(Guess(3))
    Bound(value=Guess(n=3))
    """

    value: est
    """The estimate the bound stands at."""


@final
@attrs.frozen
class POSINF:
    """SML ``POSINF``: the bound above every estimate.

    >>> bound_to_string(POSINF())
    'POSINF'
    """


bound: TypeAlias = NEGINF | Bound | POSINF
"""SML ``datatype bound = NEGINF | Bound of G.est | POSINF``, ordered NEGINF < Bound v < POSINF."""

alphabeta: TypeAlias = tuple[bound, bound]
"""SML ``type alphabeta = bound * bound``: ``(alpha, beta)``; invariant ``alpha < beta``."""

edge: TypeAlias = tuple[Move, est]
"""SML ``type edge = G.move * G.est``: a move to a child and the child's value."""


class OrderAB(enum.Enum):
    """SML ``datatype orderAB = BELOW | INTERIOR | ABOVE``: where a value lies in a window.

    >>> from sml150.lib.est import Guess
    >>> compare_ab((Bound(Guess(1)), POSINF()), Guess(1))
    <OrderAB.BELOW: 'BELOW'>
    """

    BELOW = "BELOW"
    INTERIOR = "INTERIOR"
    ABOVE = "ABOVE"


BELOW = OrderAB.BELOW
INTERIOR = OrderAB.INTERIOR
ABOVE = OrderAB.ABOVE


# -- pure functions --------------------------------------------------------------------------


def compare_ab(ab: alphabeta, v: est) -> OrderAB:
    """Task 6.1. ``compareAB : alphabeta -> G.est -> orderAB``.

    REQUIRES: ``alpha < beta``.
    ENSURES: ``BELOW`` if ``v <= alpha``, ``ABOVE`` if ``v >= beta``, else ``INTERIOR``;
    ``NEGINF`` and ``POSINF`` bound nothing (no estimate is ``<= NEGINF`` or ``>= POSINF``).

    >>> from sml150.lib.est import Guess, MaxieWins
    >>> compare_ab((NEGINF(), POSINF()), MaxieWins())
    <OrderAB.INTERIOR: 'INTERIOR'>
    >>> compare_ab((NEGINF(), Bound(Guess(3))), Guess(3))
    <OrderAB.ABOVE: 'ABOVE'>
    >>> compare_ab((Bound(Guess(3)), Bound(Guess(5))), Guess(4))
    <OrderAB.INTERIOR: 'INTERIOR'>
    """
    alpha, beta = ab
    if isinstance(alpha, Bound) and v <= alpha.value:
        return BELOW
    if isinstance(beta, Bound) and v >= beta.value:
        return ABOVE
    return INTERIOR


def value_to_string(v: est) -> str:
    """``valueToString``: ``Value(...)`` with the HW10 printing of estimates.

    >>> from sml150.lib.est import Guess
    >>> value_to_string(Guess(-2))
    'Value(Guess:~2)'
    """
    return f"Value({Est10.to_string(v)})"


def bound_to_string(b: bound) -> str:
    """``boundToString``: ``NEGINF``, ``POSINF`` or ``Bound(Guess:3)``.

    >>> from sml150.lib.est import Guess
    >>> bound_to_string(Bound(Guess(3)))
    'Bound(Guess:3)'
    """
    match b:
        case NEGINF():
            return "NEGINF"
        case POSINF():
            return "POSINF"
        case Bound(v):
            return f"Bound({Est10.to_string(v)})"
    raise TypeError(f"bound_to_string: not a bound: {b!r}")


def ab_to_string(ab: alphabeta) -> str:
    """``abToString``: ``(alpha,beta)``.

    >>> from sml150.lib.est import Guess
    >>> ab_to_string((NEGINF(), Bound(Guess(3))))
    '(NEGINF,Bound(Guess:3))'
    """
    alpha, beta = ab
    return f"({bound_to_string(alpha)},{bound_to_string(beta)})"


# -- the structure ---------------------------------------------------------------------------


@final
@attrs.frozen
class _AlphaBeta(Generic[State, Move]):
    """The PLAYER structure ``AlphaBeta`` returns; see the module docstring."""

    Game: GAME[State, Move]
    """The game searched (SML ``structure Game``; ``G`` abbreviates it)."""
    search_depth: int
    """Plies searched from the root."""

    # The pure functions, re-exposed as structure members as in the SML.
    compare_ab = staticmethod(compare_ab)
    value_to_string = staticmethod(value_to_string)
    bound_to_string = staticmethod(bound_to_string)
    ab_to_string = staticmethod(ab_to_string)

    @property
    def G(self) -> GAME[State, Move]:
        """SML ``structure G = Game``."""
        return self.Game

    def edge_to_string(self, e: edge[Move]) -> str:
        """``edgeToString``: ``Edge(move, value)``.

        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).edge_to_string((1, Guess(4)))
        'Edge(1, Guess:4)'
        """
        m, v = e
        return f"Edge({self.Game.move_to_string(m)}, {Est10.to_string(v)})"

    # -- the search (Tasks 6.2, 6.3) -------------------------------------------------------

    def search(self, d: int, ab: alphabeta, s: State) -> Maybe[edge[Move]]:
        """Task 6.2. ``search : int -> alphabeta -> G.state -> edge option``.

        REQUIRES: ``d > 0`` (else ``ValueError``), ``alpha < beta``.
        ENSURES: ``Some`` of the best edge from ``s`` by depth-``d`` fail-soft alpha-beta
        within ``ab`` (the first edge with value ``>= beta`` at Maxie's, ``<= alpha`` at
        Minnie's, if any: a cut); ``Nothing`` when ``s`` has no moves.

        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> ab.search(2, (Bound(Guess(5)), POSINF()), HandoutSmall.start)
        Estimating state c[3]
        Estimating state g[6]
        Estimating state h[4]
        Estimating state k[1]
        <Some: (1, Guess(n=4))>
        """
        if d < 1:
            raise ValueError(f"AlphaBeta.search needs depth d > 0, not {d}")
        return Maybe.from_optional(self._search(d, ab, s, SearchCount()))

    def maxisearch(
        self, d: int, ab: alphabeta, s: State, moves: Seq[Move], best: Maybe[edge[Move]]
    ) -> Maybe[edge[Move]]:
        """``maxisearch d ab s moves best``: Maxie's side of ``search`` over ``moves``.

        REQUIRES: ``d > 0``; ``s`` a Maxie state; ``moves`` legal at ``s``; ``best`` the best
        edge of the moves already searched (``Nothing`` for none).
        ENSURES: ``best`` improved by ``moves`` left to right with the window updated as in
        §6.1, stopping at the first value ``>= beta``; ties keep the earlier edge.

        >>> from returns.maybe import Some
        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> ab.maxisearch(2, (NEGINF(), POSINF()), HandoutSmall.start,
        ...               Seq.from_list([2]), Some((0, Guess(1))))
        Estimating state k[1]
        Estimating state l[30]
        Estimating state m[9]
        <Some: (0, Guess(n=1))>
        """
        found = self._side(True, d, ab, s, moves, best=best.value_or(None), count=SearchCount())
        return Maybe.from_optional(found)

    def minisearch(
        self, d: int, ab: alphabeta, s: State, moves: Seq[Move], best: Maybe[edge[Move]]
    ) -> Maybe[edge[Move]]:
        """``minisearch d ab s moves best``: Minnie's side of ``search`` over ``moves``.

        REQUIRES: ``d > 0``; ``s`` a Minnie state; ``moves`` legal at ``s``; ``best`` as for
        ``maxisearch``. ENSURES: as ``maxisearch`` with min, stopping at a value ``<= alpha``.

        >>> from returns.maybe import Nothing
        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> G = HandoutSmall
        >>> ab = AlphaBeta(Settings(G=G, search_depth=2))
        >>> ab.minisearch(1, (Bound(Guess(5)), POSINF()), G.make_move(G.start, 0),
        ...               G.moves(G.make_move(G.start, 0)), Nothing)
        Estimating state c[3]
        <Some: (0, Guess(n=3))>
        """
        found = self._side(False, d, ab, s, moves, best=best.value_or(None), count=SearchCount())
        return Maybe.from_optional(found)

    def evaluate(self, d: int, ab: alphabeta, s: State) -> est:
        """Task 6.3. ``evaluate : int -> alphabeta -> G.state -> G.est``.

        REQUIRES: ``d >= 0``, ``alpha < beta``.
        ENSURES: a finished ``s`` gives its outcome's value and ``d = 0`` the estimate (both
        terminals); otherwise the value of ``search d ab s``: exact if strictly inside ``ab``,
        else a bound on the minimax value on the same side.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).evaluate(
        ...     1, (NEGINF(), POSINF()), HandoutSmall.make_move(HandoutSmall.start, 2))
        Estimating state k[1]
        Estimating state l[30]
        Estimating state m[9]
        Guess(n=1)
        """
        if d < 0:
            raise ValueError(f"AlphaBeta.evaluate needs depth d >= 0, not {d}")
        return self._evaluate(d, ab, s, SearchCount())

    def _evaluate(self, d: int, ab: alphabeta, s: State, count: SearchCount) -> est:
        g = self.Game
        stop = count.enter(g, d, s)
        if stop is not None:
            return stop
        found = self._search(d, ab, s, count)
        if found is None:
            raise ValueError(f"AlphaBeta: {g.state_to_string(s)} is In_play but has no moves")
        return found[1]

    def _search(self, d: int, ab: alphabeta, s: State, count: SearchCount) -> edge[Move] | None:
        g = self.Game
        return self._side(g.player(s) is Maxie, d, ab, s, g.moves(s), best=None, count=count)

    def _side(
        self,
        maximize: bool,
        d: int,
        ab: alphabeta,
        s: State,
        moves: Seq[Move],
        *,
        best: edge[Move] | None,
        count: SearchCount,
    ) -> edge[Move] | None:
        """``maxisearch`` (``maximize``) or ``minisearch``, counting into ``count``."""
        g = self.Game
        alpha, beta = ab
        rest = moves
        # Inv: best is the earliest best edge among the moves before rest, none of which was
        # a cut; (alpha, beta) is the window narrowed by their values.
        while True:
            match Seq.showl(rest):
                case Seq.Nil():
                    return best
                case Seq.Cons(m, tail):
                    v = self._evaluate(d - 1, (alpha, beta), g.make_move(s, m), count)
                    if best is None or (v > best[1] if maximize else v < best[1]):
                        best = (m, v)
                    match compare_ab((alpha, beta), v), maximize:
                        case (OrderAB.ABOVE, True) | (OrderAB.BELOW, False):
                            return best  # prune: (m, v) is best, as v passed the window
                        case (OrderAB.INTERIOR, True):
                            alpha = Bound(v)
                        case (OrderAB.INTERIOR, False):
                            beta = Bound(v)
                    rest = tail

    # -- the player (Task 6.4) -------------------------------------------------------------

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its value and cost (work = span = terminals: it is sequential).

        REQUIRES: ``s`` In_play (else ``ValueError``).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> a = AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start)
        Estimating state c[3]
        ...
        >>> a.move, a.value, a.terminals, a.nodes
        (1, Guess(n=4), 7, 11)
        """
        g = self.Game
        require_in_play(g, s)
        count = SearchCount(nodes=1)
        found = self._search(self.search_depth, (NEGINF(), POSINF()), s, count)
        if found is None:
            raise ValueError(f"AlphaBeta: {g.state_to_string(s)} is In_play but has no moves")
        m, v = found
        return Analysis(m, v, count.terminals, count.nodes, count.terminals, count.terminals)

    def next_move(self, s: State) -> Move:
        """Task 6.4. The best move from ``s``: ``search search_depth (NEGINF, POSINF) s``.

        REQUIRES: ``s`` In_play. ENSURES: a move of best minimax value at ``search_depth``
        (the same move as MiniMax: the earliest best).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).next_move(HandoutSmall.start)
        Estimating state c[3]
        Estimating state d[6]
        Estimating state e[~2]
        Estimating state g[6]
        Estimating state h[4]
        Estimating state i[10]
        Estimating state k[1]
        1
        """
        return self.analyze(s).move


def AlphaBeta(settings: Settings[State, Move]) -> _AlphaBeta[State, Move]:
    """``functor AlphaBeta (Settings) : PLAYER``: fail-soft alpha-beta to ``search_depth``.

    REQUIRES: ``settings.search_depth >= 1`` (else ``ValueError``). ``trace`` is ignored (the
    HW10 player has no trace; ExplicitGame's estimates print the leaves).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> AlphaBeta(Settings(G=HandoutSmall, search_depth=0))
    Traceback (most recent call last):
    ...
    ValueError: AlphaBeta needs search_depth >= 1 to choose a move, not 0
    """
    require_player_depth("AlphaBeta", settings.search_depth)
    return _AlphaBeta(settings.G, settings.search_depth)
