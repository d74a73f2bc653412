"""``sml150.search``: the game-search engine (negamax over any GAME of the library).

One module per algorithm or structure; all share the fail-soft kernel and these records:

- ``score``: integer scores from the side to move's view, mate distances (``win_in``,
  ``loss_in``), conversion to and from the games' absolute ``Est``;
- ``hooks``: the optional members a game may provide to be searched faster;
- ``table``: ``TranspositionTable`` (bounded, replacement policy, shareable);
- ``result``: ``SearchResult`` and ``SearchStats`` (frozen);
- algorithms: ``negamax`` (plain minimax, optional table), ``alphabeta``, ``pvs`` (NegaScout),
  ``scout`` (Pearl's test-then-search), ``mtdf``, ``aspiration``, and ``iterative_deepening``
  (a generator, one result per depth);
- ``player``: engine PLAYERs from a spec (``negamax:d``, ``pvs:d``, ``mtdf:d``, ``id:seconds``).

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> [r.est for r in (alphabeta(g, g.start), pvs(g, g.start), mtdf(g, g.start))]
[Guess(n=0), Guess(n=0), Guess(n=0)]
"""

from sml150.search._core import Limits as Limits
from sml150.search._core import SearchOptions as SearchOptions
from sml150.search.alphabeta import alphabeta as alphabeta
from sml150.search.aspiration import aspiration as aspiration
from sml150.search.mtdf import mtdf as mtdf
from sml150.search.pvs import pvs as pvs
from sml150.search.result import SearchResult as SearchResult
from sml150.search.result import SearchStats as SearchStats
from sml150.search.table import TranspositionTable as TranspositionTable

__all__ = [
    "Limits",
    "SearchOptions",
    "SearchResult",
    "SearchStats",
    "TranspositionTable",
    "alphabeta",
    "aspiration",
    "mtdf",
    "pvs",
]
