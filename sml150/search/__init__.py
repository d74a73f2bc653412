"""``sml150.search``: the game-search engine (negamax over any GAME of the library).

One module per algorithm or structure; all share the fail-soft kernel and these records:

- ``score``: integer scores from the side to move's view, mate distances (``win_in``,
  ``loss_in``), conversion to and from the games' absolute ``Est``;
- ``hooks``: the optional members a game may provide to be searched faster;
- ``table``: ``TranspositionTable`` (bounded, replacement policy, shareable);
- ``result``: ``SearchResult`` and ``SearchStats`` (frozen);
- ``budget``: ``Budget`` (depth, positions, seconds), what every entry point below takes;
- ``adapter``: a GAME seen as integer negamax (``adapt``: the hooks bound once per search);
- algorithms: ``minimax`` (no pruning, (value, depth) table), ``alphabeta``, ``pvs``
  (NegaScout), ``scout`` (Pearl's test-then-search), ``mtdf``, ``aspiration``, and
  ``iterative_deepening`` (a generator, one result per depth), ``to_the_end`` (a solve);
- ``player``: engine PLAYERs from a spec (``pvs:d``, ``mtdf:d``, ``id:seconds``, ``solve``, ...,
  and the parallel ``jamboree:d`` and ``ybw:d`` of ``jamboree``, on an executor).

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> [r.est for r in (alphabeta(g, g.start), pvs(g, g.start), mtdf(g, g.start))]
[Guess(n=0), Guess(n=0), Guess(n=0)]
"""

from sml150.search._core import SearchOptions as SearchOptions
from sml150.search.alphabeta import alphabeta as alphabeta
from sml150.search.aspiration import aspiration as aspiration
from sml150.search.budget import Budget as Budget
from sml150.search.iterative import iterative_deepening as iterative_deepening
from sml150.search.iterative import to_the_end as to_the_end
from sml150.search.minimax import minimax as minimax
from sml150.search.mtdf import mtdf as mtdf
from sml150.search.player import EnginePlayer as EnginePlayer
from sml150.search.player import ParallelEnginePlayer as ParallelEnginePlayer
from sml150.search.player import SeatError as SeatError
from sml150.search.player import engine_player as engine_player
from sml150.search.pvs import pvs as pvs
from sml150.search.result import SearchResult as SearchResult
from sml150.search.result import SearchStats as SearchStats
from sml150.search.scout import scout as scout
from sml150.search.table import TranspositionTable as TranspositionTable

__all__ = [
    "Budget",
    "EnginePlayer",
    "ParallelEnginePlayer",
    "SearchOptions",
    "SearchResult",
    "SearchStats",
    "SeatError",
    "TranspositionTable",
    "alphabeta",
    "aspiration",
    "engine_player",
    "iterative_deepening",
    "minimax",
    "mtdf",
    "pvs",
    "scout",
    "to_the_end",
]
