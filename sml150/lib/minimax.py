"""``MiniMax``: the lecture's exhaustive game-tree search, as a PLAYER functor.

Every child of every node is evaluated (no pruning), left to right; ties go to the earliest move.

>>> from sml150.lib.explicit import HandoutSmall
>>> from sml150.lib.signatures import Settings
>>> MiniMax(Settings(G=HandoutSmall, search_depth=2)).next_move(HandoutSmall.start)
Estimating state c[3]
Estimating state d[6]
Estimating state e[~2]
Estimating state g[6]
Estimating state h[4]
Estimating state i[10]
Estimating state k[1]
Estimating state l[30]
Estimating state m[9]
1
"""

from __future__ import annotations

from typing import Generic, TypeVar, final

import attrs

from sml150.lib.est import est
from sml150.lib.searchcount import SearchCount, require_in_play, require_player_depth
from sml150.lib.signatures import (
    GAME,
    Analysis,
    Maxie,
    Settings,
)

__all__ = ["MiniMax", "Settings"]

State = TypeVar("State")
Move = TypeVar("Move")


@final
@attrs.frozen
class _MiniMax(Generic[State, Move]):
    """The PLAYER structure ``MiniMax`` returns."""

    Game: GAME[State, Move]
    """The game searched (SML ``structure Game``)."""
    search_depth: int
    """Plies searched from the root."""

    def evaluate(self, d: int, s: State) -> est:
        """The minimax value of ``s`` searched ``d`` plies deep.

        REQUIRES: ``d >= 0``. ENSURES: finished states give their outcome's value, ``d = 0``
        the estimate; otherwise the max (Maxie) or min (Minnie) of the children's values.
        """
        return self._evaluate(d, s, SearchCount())

    def _evaluate(self, d: int, s: State, count: SearchCount) -> est:
        stop = count.enter(self.Game, d, s)
        if stop is not None:
            return stop
        return self._search(d, s, count)[1]

    def _search(self, d: int, s: State, count: SearchCount) -> tuple[Move, est]:
        g = self.Game
        maximize = g.player(s) is Maxie
        best: tuple[Move, est] | None = None
        for m in g.moves(s):
            v = self._evaluate(d - 1, g.make_move(s, m), count)
            # Inv: best is the first move with the best value among the moves seen so far.
            if best is None or (v > best[1] if maximize else v < best[1]):
                best = (m, v)
        if best is None:
            raise ValueError(f"MiniMax: {g.state_to_string(s)} is In_play but has no moves")
        return best

    def search(self, d: int, s: State) -> tuple[Move, est]:
        """The best edge ``(move, value)`` from ``s``, searching ``d >= 1`` plies.

        REQUIRES: ``s`` In_play, ``d >= 1``. Ties go to the earliest move.
        """
        if d < 1:
            raise ValueError(f"MiniMax.search needs depth >= 1, not {d}")
        require_in_play(self.Game, s)
        return self._search(d, s, SearchCount(nodes=1))

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its value and cost (terminals and nodes visited).

        >>> from sml150.lib.explicit import HandoutBig
        >>> a = MiniMax(Settings(G=HandoutBig, search_depth=4)).analyze(HandoutBig.start)
        Estimating state e[3]
        ...
        >>> a.move, a.value, a.terminals
        (0, Guess(n=3), 12)
        """
        require_in_play(self.Game, s)
        count = SearchCount(nodes=1)
        m, v = self._search(self.search_depth, s, count)
        return Analysis(m, v, count.terminals, count.nodes, count.terminals, count.terminals)

    def next_move(self, s: State) -> Move:
        """The first move of best minimax value at ``search_depth``. REQUIRES ``s`` In_play."""
        return self.analyze(s).move


def MiniMax(settings: Settings[State, Move]) -> _MiniMax[State, Move]:
    """``functor MiniMax (Settings) : PLAYER``: exhaustive search to ``search_depth``.

    REQUIRES: ``settings.search_depth >= 1`` (a player must look at least one move ahead).
    ENSURES: ``next_move s`` is the first move of best minimax value.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> MiniMax(Settings(G=HandoutSmall, search_depth=0))
    Traceback (most recent call last):
    ...
    ValueError: MiniMax needs search_depth >= 1 to choose a move, not 0
    """
    require_player_depth("MiniMax", settings.search_depth)
    return _MiniMax(settings.G, settings.search_depth)
