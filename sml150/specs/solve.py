"""The ``solve`` player: the exact value of each position, within a time budget.

It solves by the game's own exact solver where it has one (Pons' for Connect Four, the one
``sml150 solve`` runs), by the engine's search to the end of the game otherwise.

Past its budget (or where lines go on past the depth the stack allows: Riskless's armies can
move back and forth for ever) it plays the move of the deepest search that finished, and says
so: the ``note`` it is given (the command passes a writer to a terminal's standard error) hears
what it is doing before each search and how it ended.

>>> from sml150.games.tictactoe import KInARow
>>> from sml150.search.budget import Budget
>>> g, said = KInARow(3, 3), []
>>> p = SolvePlayer(g, "3x3", Budget(seconds=60), note=said.append)
>>> p.next_move(g.play_line("0 0, 1 1, 0 1")), said[-1]
((0, 2), 'solve: solved: draw or even (0)')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, final

import attrs

from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.signatures import GAME, Analysis, Maxie
from sml150.search.budget import Budget
from sml150.search.player import deepest

__all__ = ["SolvePlayer"]

State = TypeVar("State")
Move = TypeVar("Move")


def _pons_value(score: int, mover_is_maxie: bool) -> est:
    if score == 0:
        return Guess(0)
    return MaxieWins() if (score > 0) == mover_is_maxie else MinnieWins()


@final
@attrs.frozen
class SolvePlayer(Generic[State, Move]):
    """A PLAYER that solves each position within ``budget`` (see the module docstring)."""

    Game: GAME[State, Move]
    """The game played."""
    title: str
    """The game's name, for what it says."""
    budget: Budget
    """Its time (and positions) a move."""
    note: Callable[[str], None] | None = attrs.field(default=None, eq=False, repr=False)
    """Hears one line before each search and one after (``None``: nothing said)."""

    def _say(self, line: str) -> None:
        if self.note is not None:
            self.note(f"solve: {line}")

    def _pons(self, s: State) -> Analysis[Move] | None:
        """Connect Four: Pons' solver for half the budget; ``None`` if it did not finish."""
        from sml150.games.connect4 import ConnectFourGame
        from sml150.games.connect4_solver import SolveAborted, solve

        g = self.Game
        if not isinstance(g, ConnectFourGame):
            return None
        half = None if self.budget.seconds is None else self.budget.seconds / 2
        try:
            r = solve(g, s, max_nodes=self.budget.nodes, seconds=half)
        except SolveAborted:
            return None
        move: Any = r.pv[0]
        value = _pons_value(r.score, g.player(s) is Maxie)
        self._say(f"solved by Pons' solver: score {r.score} (column {move + 1})")
        n = r.stats.nodes + r.stats.analysis_nodes
        return Analysis(move, value, n, n, n, n)

    def analyze(self, s: State) -> Analysis[Move]:
        """The move of the exact solve, or of the deepest finished search past the budget."""
        self._say(f"solving {self.title} (at most {self.budget.describe()} a move)")
        exact = self._pons(s)
        if exact is not None:
            return exact
        from sml150.games.connect4 import ConnectFourGame

        b = self.budget
        if b.seconds is not None and isinstance(self.Game, ConnectFourGame):  # the other half
            b = attrs.evolve(b, seconds=b.seconds / 2)
        r = deepest(self.Game, s, b)
        if r.stats.estimates == 0:
            self._say(f"solved: {r.describe()}")
        else:
            self._say(f"not solved within {b.describe()}: playing the depth-{r.depth} search's"
                      " move")
        return r.analysis()

    def next_move(self, s: State) -> Move:
        """The move ``analyze`` chooses."""
        move: Move = self.analyze(s).move
        return move
