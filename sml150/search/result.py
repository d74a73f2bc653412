"""What a search returns: ``SearchStats`` (its cost) and ``SearchResult`` (its answer).

>>> from sml150.lib.est import MaxieWins
>>> from sml150.search.score import win_in
>>> st = SearchStats(nodes=5, leaves=3, tt_probes=2, tt_hits=1, cutoffs=1, depth=2, seconds=0.0)
>>> r = SearchResult(value=win_in(3), est=MaxieWins(), move=0, best_moves=(0,), pv=(0, 1, 0),
...                  depth=2, stats=st)
>>> r.describe()
'win in 3'
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, final

import attrs

from sml150.lib.est import est
from sml150.lib.signatures import Analysis
from sml150.search.score import Score, describe

__all__ = ["SearchResult", "SearchStats"]

Move = TypeVar("Move")

@final
@attrs.frozen
class SearchStats:
    """What one search did.

    >>> SearchStats(nodes=1, leaves=1, tt_probes=0, tt_hits=0, cutoffs=0, depth=1,
    ...             seconds=0.0).nodes
    1
    """

    nodes: int
    """Positions entered (the root included)."""
    leaves: int
    """Positions scored without expansion: finished games and depth-0 estimates."""
    tt_probes: int
    """Transposition-table look-ups."""
    tt_hits: int
    """Look-ups that found an entry for the position (usable or not)."""
    cutoffs: int
    """Beta cut-offs (a move refuted the node; the rest were pruned)."""
    depth: int
    """The depth of the (last completed) search."""
    seconds: float
    """Wall-clock time of the search."""
    estimates: int = 0
    """Leaves scored by the game's estimate at depth 0 (0: the search saw to the end)."""

    def plus(self, other: SearchStats) -> SearchStats:
        """Two searches' costs added (depth: the larger).

        >>> z = SearchStats(1, 1, 0, 0, 0, 1, 0.5)
        >>> z.plus(z).nodes, z.plus(z).seconds
        (2, 1.0)
        """
        return SearchStats(
            self.nodes + other.nodes,
            self.leaves + other.leaves,
            self.tt_probes + other.tt_probes,
            self.tt_hits + other.tt_hits,
            self.cutoffs + other.cutoffs,
            max(self.depth, other.depth),
            self.seconds + other.seconds,
            self.estimates + other.estimates,
        )


@final
@attrs.frozen
class SearchResult(Generic[Move]):
    """A search's answer at the root, with its cost.

    ``value`` is the root's exact score at ``depth`` for the side to move there (see
    ``sml150.search.score``); ``est`` the same value as the game's absolute estimate (what
    ``MiniMax`` returns). ``move`` is a move of that value (the first found), ``best_moves`` every
    equally good move when the search was asked for them (else just ``(move,)``), and ``pv`` the
    principal variation read back from the transposition table (it starts with ``move``; it may
    stop early where entries were overwritten).
    """

    value: Score
    """The root's score for the side to move (mate distances included)."""
    est: est
    """The same value as the game's absolute estimate."""
    move: Any
    """A best move."""
    best_moves: tuple[Any, ...]
    """Every best move (when asked for), in search order; else ``(move,)``."""
    pv: tuple[Any, ...]
    """The principal variation from the root, ``move`` first."""
    depth: int
    """The depth searched."""
    stats: SearchStats
    """What the search cost."""

    def describe(self) -> str:
        """The value in words (``win in 3``, ``guess -2``, ...).

        ENSURES: ``== sml150.search.score.describe(self.value)``.
        """
        return describe(self.value)

    def analysis(self) -> Analysis[Any]:
        """The result as the library's ``Analysis`` record (sequential: work = span = leaves).

        >>> from sml150.lib.est import Guess
        >>> st = SearchStats(4, 3, 0, 0, 0, 1, 0.0)
        >>> SearchResult(1, Guess(1), 0, (0,), (0,), 1, st).analysis().terminals
        3
        """
        s = self.stats
        return Analysis(self.move, self.est, s.leaves, s.nodes, s.leaves, s.leaves)
