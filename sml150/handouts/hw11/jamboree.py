"""``Jamboree``: HW11 Tasks 6.1-6.4, alpha-beta on the first moves, the rest logically parallel.

At each node the moves are split (``split_moves``): the first ``floor(prune_percentage * n)``
(``abmoves``) are searched one after another as ``AlphaBeta`` does, updating the bounds and
pruning; if nothing was pruned, every remaining move (``mmmoves``) is searched with the bounds
reached at that point — independently of each other, so in parallel in principle (here in order,
so that traces are deterministic) — and their values are combined with the alpha-beta part's
bound by ``maxalpha``/``minbeta`` folded left to right, so the earliest move wins ties.

A ``Result of`` line is marked ``(* Pruned *)`` when the node's result is a cut (alpha >= beta
for Maxie, beta <= alpha for Minnie): when the alpha-beta part stopped early, and also when the
combined values of the parallel part reach the other bound (nothing is left to skip, but the
parent sees a cut). So a node with one child, which Jamboree(0.5) searches in the parallel part,
is marked as AlphaBeta marks it, and on HandoutBig the trace equals Figure 4, as the handout says.

``prune_percentage = 1`` is ``AlphaBeta``; ``0`` searches every leaf as ``MiniMax`` does. The cost
is reported as work (all terminals visited) and span (the terminals on the critical path: the
alpha-beta part's spans added up, plus the largest span among the parallel children).

Given an executor (``Jamboree(settings, executor=ex, grain=g)``, e.g. one from
``sml150.parallel.executor("processes:2")``), the parallel part really runs in parallel: each
subtree runs as one task of ``ex``, or is split here into its children's subtrees: always
above ply ``g - 1``, never at ply ``g``, and at ply ``g - 1`` when the workers would otherwise
wait (``sml150.parallel.tree``). The search is the same routine (``sml150.lib.forkjoin``), so
the move, the value, the work, the span and the set of estimated leaves are those of the
sequential run; the trace and what the tasks print are written in the sequential order when
the search ends.

>>> from sml150.lib.explicit import HandoutSmall
>>> J = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
>>> a = J.analyze(HandoutSmall.start)
Estimating state c[3]
...
Estimating state m[9]
>>> a.move, a.value, a.work, a.span
(1, Guess(n=4), 9, 4)
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from typing import Generic, TypeVar, final

import attrs

from sml150.handouts.hw11.alphabeta import (
    Leaf,
    Step,
    ab_to_string,
    alphabeta,
    is_cut,
    maxalpha,
    minbeta,
    move_of,
    value,
    value_of,
    value_to_string,
    valuecmp,
)
from sml150.lib.basis import LESS, Order
from sml150.lib.est import est
from sml150.lib.forkjoin import Child, Routine, Say, Together, run, run_here, split_plies
from sml150.lib.searchcount import SearchCount, require_in_play, require_player_depth
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    GAME,
    Analysis,
    JamboreeSettings,
    Maxie,
    Minnie,
    Player,
)

__all__ = ["Jamboree", "JamboreeSettings", "Leaf", "Step"]

State = TypeVar("State")
Move = TypeVar("Move")


@final
@attrs.frozen
class _Jamboree(Generic[State, Move]):
    """The PLAYER structure ``Jamboree`` returns; see the module docstring."""

    Game: GAME[State, Move]
    """The game searched (SML ``structure G``)."""
    search_depth: int
    """Plies searched from the root."""
    prune_percentage: float
    """The fraction of each node's moves searched sequentially."""
    trace: bool = False
    """Print the handout's trace lines."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Where the subtrees run as tasks (``None``: here, in order)."""
    grain: int = 1
    """The deepest ply split: nodes at this ply are always whole tasks."""
    coarse: int = 0
    """Nodes above this ply are always split; from it to ``grain`` a node runs whole while the
    workers have enough waiting."""

    # -- Task 6.1 --

    @property
    def initial_ab(self) -> alphabeta[Move]:
        """``initialAB : alphabeta``.

        REQUIRES: true.
        ENSURES: ``(Leaf minnie_wins, Leaf maxie_wins)``, no bound known (as in AlphaBeta).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5)).initial_ab
        (Leaf(est=MinnieWins()), Leaf(est=MaxieWins()))
        """
        return (Leaf(self.Game.Est.minnie_wins), Leaf(self.Game.Est.maxie_wins))

    # -- helpers shared with AlphaBeta --

    def valuecmp(self, v1: value[Move], v2: value[Move]) -> Order:
        """``valuecmp : value * value -> order`` (see ``alphabeta.valuecmp``).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.valuecmp(Leaf(J.Game.Est.guess(2)), Leaf(J.Game.Est.guess(1)))
        <Order.GREATER: 1>
        """
        return valuecmp(v1, v2)

    def maxalpha(self, alpha: value[Move], v: value[Move]) -> value[Move]:
        """``maxalpha : value * value -> value`` (see ``alphabeta.maxalpha``).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.maxalpha(J.initial_ab[0], Step(0, J.Game.Est.guess(1)))
        Step(move=0, est=Guess(n=1))
        """
        return maxalpha(alpha, v)

    def minbeta(self, beta: value[Move], v: value[Move]) -> value[Move]:
        """``minbeta : value * value -> value`` (see ``alphabeta.minbeta``).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.minbeta(J.initial_ab[1], Step(0, J.Game.Est.guess(1)))
        Step(move=0, est=Guess(n=1))
        """
        return minbeta(beta, v)

    def value_of(self, v: value[Move]) -> est:
        """``valueOf : value -> Game.est``.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.value_of(Step(0, J.Game.Est.guess(1)))
        Guess(n=1)
        """
        return value_of(v)

    def move_of(self, v: value[Move]) -> Move:
        """``moveOf : value -> Game.move`` (``Fail`` on a ``Leaf``).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.move_of(Step(2, J.Game.Est.guess(1)))
        2
        """
        return move_of(v)

    def value_to_string(self, v: value[Move]) -> str:
        """``value_to_string : value -> string``: as the traces print values.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.value_to_string(Step(1, J.Game.Est.guess(4)))
        'Step(1, Guess: 4)'
        """
        return value_to_string(self.Game, v)

    def ab_to_string(self, ab: alphabeta[Move]) -> str:
        """``ab_to_string : alphabeta -> string``: as the traces print bounds.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.ab_to_string(J.initial_ab)
        '(Leaf(Minnie wins!),Leaf(Maxie wins!))'
        """
        return ab_to_string(self.Game, ab)

    # -- Task 6.2 --

    def split_moves(self, s: State) -> tuple[Seq[Move], Seq[Move]]:
        """``splitMoves : Game.state -> Game.move seq * Game.move seq``.

        REQUIRES: true.
        ENSURES: ``(abmoves, mmmoves)``: with ``n`` moves in ``s``, the first
        ``floor(prune_percentage * n)`` moves and the rest, in order.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5)).split_moves(HandoutSmall.start)
        (<0>, <1,2>)
        """
        ms = self.Game.moves(s)
        return Seq.split(math.floor(self.prune_percentage * Seq.length(ms)), ms)

    # -- Task 6.3 --

    def F(self, d: int, s: State, ab: alphabeta[Move]) -> value[Move]:
        """``F : int -> Game.state -> alphabeta -> value``: Jamboree search of a Maxie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Maxie (else ``ValueError``); alpha < beta
        (else ``ValueError``).
        ENSURES: AlphaBeta's spec (MM if alpha < MM < beta; <= alpha if MM <= alpha; >= beta if
        MM >= beta): the ``abmoves`` are searched as AlphaBeta does; unless that pruned, every
        ``mmmove`` is searched with the alpha reached, and the result is the left-to-right
        ``maxalpha`` of that alpha and their ``Step``s.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.F(2, HandoutSmall.start, J.initial_ab)
        Estimating state c[3]
        ...
        Estimating state m[9]
        Step(move=1, est=Guess(n=4))
        """
        self._require(Maxie, "F", s, ab)
        count = SearchCount()
        return run_here(self._node, self._node(d, s, ab, count), count)[0]

    def G(self, d: int, s: State, ab: alphabeta[Move]) -> value[Move]:
        """``G : int -> Game.state -> alphabeta -> value``: Jamboree search of a Minnie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Minnie (else ``ValueError``); alpha < beta.
        ENSURES: as ``F``, dually, with ``minbeta`` and the beta reached.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.5))
        >>> J.G(1, HandoutSmall.make_move(HandoutSmall.start, 0), J.initial_ab)
        Estimating state c[3]
        Estimating state d[6]
        Estimating state e[~2]
        Step(move=2, est=Guess(n=-2))
        """
        self._require(Minnie, "G", s, ab)
        count = SearchCount()
        return run_here(self._node, self._node(d, s, ab, count), count)[0]

    def _require(self, p: Player, name: str, s: State, ab: alphabeta[Move]) -> None:
        g = self.Game
        if g.player(s) is not p:
            raise ValueError(
                f"Jamboree.{name} searches {p.name}'s states, but {g.state_to_string(s)}"
                f" is {g.player(s).name}'s"
            )
        if valuecmp(ab[0], ab[1]) is not LESS:
            raise ValueError(
                f"Jamboree.{name}: bounds must have alpha < beta, not {self.ab_to_string(ab)}"
            )

    def _node(self, d: int, s: State, ab: alphabeta[Move], count: SearchCount
              ) -> Routine[State, alphabeta[Move], value[Move]]:
        """The routine of F or G by the player of ``s`` (``sml150.lib.forkjoin``), traced."""
        g = self.Game
        p = g.player(s)
        if self.trace:
            letter = "F" if p is Maxie else "G"
            yield Say(f"{letter}: state {g.state_to_string(s)} with ab={self.ab_to_string(ab)}\n")
        result: value[Move]
        cut = False
        stop = count.enter(g, d, s)
        if stop is not None:
            result = Leaf(stop)
        else:
            result, cut = yield from self._children(d, s, p, ab)
        if self.trace:
            mark = " (* Pruned *)" if cut else ""
            yield Say(f"Result of {g.state_to_string(s)} is {self.value_to_string(result)}{mark}\n")
        return result

    def _children(self, d: int, s: State, p: Player, ab: alphabeta[Move]
                  ) -> Routine[State, alphabeta[Move], tuple[value[Move], bool]]:
        """The final bound of ``s`` and whether it is a cut (alpha >= beta).

        Each ``abmove``'s child is a ``Child`` (one after another), the ``mmmoves``' children
        one ``Together`` (side by side): the span adds up the alpha-beta part's spans, plus the
        largest among the parallel children.
        """
        g = self.Game
        better = maxalpha if p is Maxie else minbeta
        alpha, beta = ab
        abmoves, mmmoves = self.split_moves(s)
        rest = abmoves
        # Inv: alpha < beta; the bound of p is the best of ab and the abmoves scanned so far.
        while True:
            match Seq.showl(rest):
                case Seq.Nil():
                    break
                case Seq.Cons(m, rest):
                    child: value[Move] = yield Child(d - 1, g.make_move(s, m), (alpha, beta))
                    step: value[Move] = Step(m, value_of(child))
                    if p is Maxie:
                        alpha = better(alpha, step)
                    else:
                        beta = better(beta, step)
                    if is_cut(p, (alpha, beta)):
                        return (alpha if p is Maxie else beta), True
        # The mmmoves, logically in parallel: each sees the same (alpha, beta).
        results: list[value[Move]] = yield Together(
            tuple(Child(d - 1, g.make_move(s, m), (alpha, beta)) for m in mmmoves))
        bound = alpha if p is Maxie else beta
        for m, child in zip(mmmoves, results, strict=True):
            bound = better(bound, Step(m, value_of(child)))
        # A combined bound beyond the other one is a cut too (nothing is left to skip, but
        # the result signals it to the parent): the trace marks it as AlphaBeta would.
        cut = is_cut(p, (bound, beta) if p is Maxie else (alpha, bound))
        return bound, cut

    # -- Task 6.4 --

    def analyze(self, s: State) -> Analysis[Move]:
        """``analyze : Game.state -> Analysis``: ``next_move`` with its value, work and span.

        REQUIRES: ``s`` In_play (else ``ValueError``).
        ENSURES: the move and value at ``search_depth``; ``terminals`` = ``work`` = terminals
        visited, ``span`` = terminals on the critical path. With ``trace`` it prints the trace
        and ``Terminals visited: N`` (N the work).

        >>> from sml150.lib.explicit import HandoutBig
        >>> J = Jamboree(JamboreeSettings(HandoutBig, 4, 0.5))
        >>> a = J.analyze(HandoutBig.start)
        Estimating state e[3]
        ...
        >>> a.move, a.work, a.span
        (0, 6, 6)
        """
        require_in_play(self.Game, s)
        part = run(
            attrs.evolve(self, executor=None)._node,
            lambda count: self._node(self.search_depth, s, self.initial_ab, count),
            game=self.Game, executor=self.executor, grain=self.grain, coarse=self.coarse,
        )
        print(part.text, end="")
        if self.trace:
            print(f"Terminals visited: {part.terminals}")
        result = part.result
        return Analysis(
            move_of(result), value_of(result), part.terminals, part.nodes, part.terminals, part.span
        )

    def next_move(self, s: State) -> Move:
        """``next_move : Game.state -> Game.move``.

        REQUIRES: ``s`` In_play (else ``ValueError``).
        ENSURES: a move of best minimax value at ``search_depth`` (the first such move).

        >>> from sml150.lib.explicit import HandoutSmall
        >>> J = Jamboree(JamboreeSettings(HandoutSmall, 2, 0.0))
        >>> J.next_move(HandoutSmall.start)
        Estimating state c[3]
        ...
        Estimating state m[9]
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
    """``functor Jamboree (Settings) : PLAYER`` with ``val prune_percentage : real``.

    REQUIRES: ``settings.search_depth >= 1`` (else ``ValueError``); ``0 <= prune_percentage <=
    1`` (checked by ``JamboreeSettings``). Optional: ``executor`` runs subtrees as its tasks,
    split down to ply ``grain >= 1`` at most (default ``search_depth - 2``, at least 1: tasks
    of two plies or more), always above ply ``coarse`` (``0 <= coarse <= grain``, default
    ``grain - 1``; see ``sml150.parallel.tree``); the default searches in order, here. Neither
    changes the result, only the tasks.
    ENSURES: a PLAYER choosing a move of best minimax value; it also exposes ``split_moves``,
    ``initial_ab``, ``F``, ``G`` and ``value_to_string``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=0, prune_percentage=0.5))
    Traceback (most recent call last):
    ...
    ValueError: Jamboree needs search_depth >= 1 to choose a move, not 0
    """
    require_player_depth("Jamboree", settings.search_depth)
    grain, coarse = split_plies("Jamboree", grain, coarse, settings.search_depth)
    return _Jamboree(
        settings.G,
        settings.search_depth,
        float(settings.prune_percentage),
        settings.trace,
        executor,
        grain,
        coarse,
    )
