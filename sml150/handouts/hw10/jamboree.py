"""``Jamboree``: alpha-beta on some children, the rest in parallel, the HW10 API (Tasks 7.1-7.4).

(Over 400 lines: HW10's Jamboree is one functor in the handout: its node routine, its splitting
and its player read as one structure.)

At every node searched, the moves split into ``abmoves`` (the first ``floor(prune_percentage *
n)``) and ``mmmoves`` (the rest). The ``abmoves`` are searched one after another exactly as in
``AlphaBeta`` (fail-soft, the window narrowing, a cut at ``>= beta`` for Maxie, ``<= alpha`` for
Minnie). If none cut, every ``mmmove`` is evaluated independently with the window reached at
that point: logically in parallel, evaluated here in order so that the output is deterministic.
The node's edge is the best of both parts; ties go to the earliest move.

``prune_percentage = 0.0`` is MiniMax (no window ever narrows), ``1.0`` is AlphaBeta.

Given an executor (``Jamboree(settings, executor=ex, grain=g)``, e.g. one from
``sml150.parallel.executor("processes:2")``), the ``mmmoves`` subtrees really run in parallel:
each subtree runs as one task of ``ex``, or is split here into its children's subtrees: always
above ply ``g - 1``, never at ply ``g``, and at ply ``g - 1`` when the workers would otherwise
wait (``sml150.parallel.tree``). The search is the same routine (``sml150.lib.forkjoin``), so
the move, the value, the work, the span and the set of estimated leaves are those of the
sequential run; what the tasks print is replayed in the sequential order when the search ends.

>>> from sml150.lib.explicit import HandoutSmall
>>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
>>> a = j.analyze(HandoutSmall.start)
Estimating state c[3]
...
Estimating state m[9]
>>> a.move, a.work, a.span
(1, 9, 4)
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from typing import Generic, TypeVar, final

import attrs
from returns.maybe import Maybe

from sml150.handouts.hw10.alphabeta import (
    ABOVE,
    BELOW,
    INTERIOR,
    NEGINF,
    POSINF,
    Bound,
    OrderAB,
    ab_to_string,
    alphabeta,
    bound,
    bound_to_string,
    compare_ab,
    edge,
    value_to_string,
)
from sml150.lib.est import Est10, est
from sml150.lib.forkjoin import Child, Routine, Together, run, run_here, split_plies
from sml150.lib.searchcount import SearchCount, require_in_play, require_player_depth
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    GAME,
    Analysis,
    JamboreeSettings,
    Maxie,
)

__all__ = [
    "ABOVE",
    "BELOW",
    "INTERIOR",
    "NEGINF",
    "POSINF",
    "Bound",
    "Jamboree",
    "JamboreeSettings",
    "OrderAB",
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


@final
@attrs.frozen
class _Jamboree(Generic[State, Move]):
    """The PLAYER structure ``Jamboree`` returns; see the module docstring."""

    Game: GAME[State, Move]
    """The game searched (SML ``structure Game``; ``G`` abbreviates it)."""
    search_depth: int
    """Plies searched from the root."""
    prune_percentage: float
    """The fraction of each node's moves searched sequentially, alpha-beta style."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Where the subtrees run as tasks (``None``: here, in order)."""
    grain: int = 1
    """The deepest ply split: nodes at this ply are always whole tasks."""
    coarse: int = 0
    """Nodes above this ply are always split; from it to ``grain`` a node runs whole while the
    workers have enough waiting."""

    # Task 7.1: compareAB and the printing helpers, shared with AlphaBeta.
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
        >>> Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5)
        ...          ).edge_to_string((0, Guess(-2)))
        'Edge(0, Guess:~2)'
        """
        m, v = e
        return f"Edge({self.Game.move_to_string(m)}, {Est10.to_string(v)})"

    def split_moves(self, s: State) -> tuple[Seq[Move], Seq[Move]]:
        """Task 7.2. ``splitMoves : G.state -> G.move Seq.seq * G.move Seq.seq``.

        ENSURES: ``(abmoves, mmmoves)``: the first ``floor(prune_percentage * n)`` of the ``n``
        moves of ``s``, and the rest, in order.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
        >>> j.split_moves(HandoutSmall.start)
        (<0>, <1,2>)
        """
        moves = self.Game.moves(s)
        k = math.floor(self.prune_percentage * Seq.length(moves))
        return Seq.split(k, moves)

    # -- the search (Task 7.3) -------------------------------------------------------------

    def search(self, depth: int, ab: alphabeta, s: State) -> Maybe[edge[Move]]:
        """Task 7.3. ``search : int -> alphabeta -> G.state -> edge option``.

        REQUIRES: ``depth > 0`` (else ``ValueError``), ``alpha < beta``.
        ENSURES: ``Some`` of the best edge from ``s`` by depth-``depth`` Jamboree within
        ``ab`` (a cut among the ``abmoves`` ends the search, as in AlphaBeta); ``Nothing``
        when ``s`` has no moves.

        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.0))
        >>> j.search(2, (Bound(Guess(5)), POSINF()), HandoutSmall.start)
        Estimating state c[3]
        Estimating state g[6]
        Estimating state h[4]
        Estimating state k[1]
        <Some: (1, Guess(n=4))>
        """
        if depth < 1:
            raise ValueError(f"Jamboree.search needs depth > 0, not {depth}")
        count = SearchCount()
        return Maybe.from_optional(run_here(self._evaluate, self._search(depth, ab, s),
                                            count)[0])

    def maxisearch(  # noqa: PLR0917 -- the handout's argument list (maxisearch d ab s abmoves mmmoves best)
        self,
        d: int,
        ab: alphabeta,
        s: State,
        abmoves: Seq[Move],
        mmmoves: Seq[Move],
        best: Maybe[edge[Move]],
    ) -> Maybe[edge[Move]]:
        """``maxisearch d ab s abmoves mmmoves best``: Maxie's side of ``search``.

        REQUIRES: ``d > 0``; ``s`` a Maxie state; the moves legal at ``s``; ``best`` the best
        edge of the moves already searched (``Nothing`` for none).
        ENSURES: ``abmoves`` searched alpha-beta style (stopping at a value ``>= beta``), then,
        if none cut, every ``mmmove`` with the window reached; the best edge of all, with
        ``best`` first (ties keep the earlier edge).

        >>> from returns.maybe import Nothing
        >>> from sml150.lib.explicit import HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.0))
        >>> j.maxisearch(2, (NEGINF(), POSINF()), HandoutSmall.start,
        ...              Seq.empty(), Seq.from_list([1, 2]), Nothing)
        Estimating state g[6]
        Estimating state h[4]
        Estimating state i[10]
        Estimating state k[1]
        Estimating state l[30]
        Estimating state m[9]
        <Some: (1, Guess(n=4))>
        """
        count = SearchCount()
        side = self._side(True, d, ab, s, abmoves, mmmoves=mmmoves, best=best.value_or(None))
        return Maybe.from_optional(run_here(self._evaluate, side, count)[0])

    def minisearch(  # noqa: PLR0917 -- the handout's argument list (minisearch d ab s abmoves mmmoves best)
        self,
        d: int,
        ab: alphabeta,
        s: State,
        abmoves: Seq[Move],
        mmmoves: Seq[Move],
        best: Maybe[edge[Move]],
    ) -> Maybe[edge[Move]]:
        """``minisearch d ab s abmoves mmmoves best``: Minnie's side of ``search``.

        REQUIRES: as ``maxisearch``, ``s`` a Minnie state. ENSURES: as ``maxisearch`` with
        min, the ``abmoves`` stopping at a value ``<= alpha``.

        >>> from returns.maybe import Nothing
        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> G = HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=G, search_depth=2, prune_percentage=0.5))
        >>> j.minisearch(1, (Bound(Guess(5)), POSINF()), G.make_move(G.start, 1),
        ...              Seq.from_list([0]), Seq.from_list([1, 2]), Nothing)
        Estimating state g[6]
        Estimating state h[4]
        Estimating state i[10]
        <Some: (1, Guess(n=4))>
        """
        count = SearchCount()
        side = self._side(False, d, ab, s, abmoves, mmmoves=mmmoves, best=best.value_or(None))
        return Maybe.from_optional(run_here(self._evaluate, side, count)[0])

    def evaluate(self, depth: int, ab: alphabeta, s: State) -> est:
        """Task 7.3. ``evaluate : int -> alphabeta -> G.state -> G.est``.

        REQUIRES: ``depth >= 0``, ``alpha < beta``.
        ENSURES: a finished ``s`` gives its outcome's value and ``depth = 0`` the estimate
        (both terminals); otherwise the value of ``search depth ab s``: exact if strictly
        inside ``ab``, else a bound on the minimax value on the same side.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
        >>> j.evaluate(1, (NEGINF(), POSINF()), HandoutSmall.make_move(HandoutSmall.start, 0))
        Estimating state c[3]
        Estimating state d[6]
        Estimating state e[~2]
        Guess(n=-2)
        """
        if depth < 0:
            raise ValueError(f"Jamboree.evaluate needs depth >= 0, not {depth}")
        count = SearchCount()
        return run_here(self._evaluate, self._evaluate(depth, s, ab, count), count)[0]

    def _evaluate(self, d: int, s: State, ab: alphabeta, count: SearchCount
                  ) -> Routine[State, alphabeta, est]:
        """The routine of ``evaluate`` (``sml150.lib.forkjoin``): the value of ``s``."""
        stop = count.enter(self.Game, d, s)
        if stop is not None:
            return stop
        found = yield from self._search(d, ab, s)
        return self._found(found, s)[1]

    def _search(self, d: int, ab: alphabeta, s: State
                ) -> Routine[State, alphabeta, edge[Move] | None]:
        """The routine of ``search``: the best edge from ``s``, ``None`` if it has no moves.

        (``_side``'s routine itself, not a generator around it: one level of ``yield from``
        less per node.)
        """
        abmoves, mmmoves = self.split_moves(s)
        maximize = self.Game.player(s) is Maxie
        return self._side(maximize, d, ab, s, abmoves, mmmoves=mmmoves, best=None)

    def _side(
        self,
        maximize: bool,
        d: int,
        ab: alphabeta,
        s: State,
        abmoves: Seq[Move],
        *,
        mmmoves: Seq[Move],
        best: edge[Move] | None,
    ) -> Routine[State, alphabeta, edge[Move] | None]:
        """The routine of ``maxisearch`` (``maximize``) or ``minisearch``: the best edge.

        Each ``abmove``'s child is a ``Child`` (one after another), the ``mmmoves``' children
        one ``Together`` (side by side), so the span is the sum of the ``abmoves`` children's
        spans plus the largest among the ``mmmoves`` children.
        """
        g = self.Game

        def better(v: est, e: edge[Move] | None) -> bool:
            return e is None or (v > e[1] if maximize else v < e[1])

        alpha, beta = ab
        rest = abmoves
        # Inv: best is the earliest best edge among the abmoves before rest, none a cut;
        # (alpha, beta) is the window narrowed by their values.
        while True:
            match Seq.showl(rest):
                case Seq.Nil():
                    break
                case Seq.Cons(m, tail):
                    v: est = yield Child(d - 1, g.make_move(s, m), (alpha, beta))
                    if better(v, best):
                        best = (m, v)
                    match compare_ab((alpha, beta), v), maximize:
                        case (OrderAB.ABOVE, True) | (OrderAB.BELOW, False):
                            return best  # prune: no mmmove is searched
                        case (OrderAB.INTERIOR, True):
                            alpha = Bound(v)
                        case (OrderAB.INTERIOR, False):
                            beta = Bound(v)
                    rest = tail
        # The mmmoves: independent of one another, all with the window (alpha, beta) reached.
        values: list[est] = yield Together(
            tuple(Child(d - 1, g.make_move(s, m), (alpha, beta)) for m in mmmoves))
        for m, v in zip(mmmoves, values, strict=True):
            if better(v, best):
                best = (m, v)
        return best

    # -- the player (Task 7.4) -------------------------------------------------------------

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its value and cost (work and span).

        ENSURES: ``work`` counts every terminal, ``span`` the terminals on the critical path:
        at every node the ``abmoves`` one after another, then the slowest ``mmmove``.

        REQUIRES: ``s`` In_play (else ``ValueError``).

        >>> from sml150.lib.explicit import HandoutBig
        >>> a = Jamboree(JamboreeSettings(G=HandoutBig, search_depth=4, prune_percentage=1.0)
        ...             ).analyze(HandoutBig.start)
        Estimating state e[3]
        ...
        >>> a.move, a.value, a.terminals, a.work, a.span
        (0, Guess(n=3), 6, 6, 6)
        """
        require_in_play(self.Game, s)
        part = run(
            attrs.evolve(self, executor=None)._evaluate,
            lambda _count: self._search(self.search_depth, (NEGINF(), POSINF()), s),
            game=self.Game, executor=self.executor, grain=self.grain, coarse=self.coarse,
        )
        print(part.text, end="")
        m, v = self._found(part.result, s)
        # the root is entered once, by analyze itself (its routine is search's)
        return Analysis(m, v, part.terminals, part.nodes + 1, part.terminals, part.span)

    def _found(self, found: edge[Move] | None, s: State) -> edge[Move]:
        """The edge found at the In_play ``s`` (``ValueError`` if it had no moves)."""
        if found is None:
            g = self.Game
            raise ValueError(f"Jamboree: {g.state_to_string(s)} is In_play but has no moves")
        return found

    def next_move(self, s: State) -> Move:
        """Task 7.4. The best move from ``s``: ``search search_depth (NEGINF, POSINF) s``.

        REQUIRES: ``s`` In_play. ENSURES: a move of best minimax value at ``search_depth``
        (the same move as MiniMax: the earliest best).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.0)
        ...          ).next_move(HandoutSmall.start)
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


def Jamboree(
    settings: JamboreeSettings[State, Move],
    *,
    executor: Executor | None = None,
    grain: int | None = None,
    coarse: int | None = None,
) -> _Jamboree[State, Move]:
    """``functor Jamboree (Settings) : PLAYER``: Jamboree search to ``search_depth``.

    REQUIRES: ``settings.search_depth >= 1`` (else ``ValueError``); ``0 <= prune_percentage
    <= 1`` (checked by ``JamboreeSettings``). ``trace`` is ignored (the HW10 player has none).
    Optional: ``executor`` runs subtrees as its tasks, split down to ply ``grain >= 1`` at most
    (default ``search_depth - 2``, at least 1: tasks of two plies or more), always above ply
    ``coarse`` (``0 <= coarse <= grain``, default ``grain - 1``; see ``sml150.parallel.tree``);
    the default searches in order, here. Neither changes the result, only the tasks.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=0, prune_percentage=0.5))
    Traceback (most recent call last):
    ...
    ValueError: Jamboree needs search_depth >= 1 to choose a move, not 0
    """
    require_player_depth("Jamboree", settings.search_depth)
    grain, coarse = split_plies("Jamboree", grain, coarse, settings.search_depth)
    return _Jamboree(
        settings.G, settings.search_depth, settings.prune_percentage, executor, grain, coarse
    )
