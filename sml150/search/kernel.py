"""The engine's kernel, for algorithms built on it (e.g. a parallel Jamboree).

A new root algorithm is a function ``root(kernel, state, depth) -> (value, move)`` returning the
exact value at ``depth`` (side to move's view, ``sml150.search.score``) and a move of that value;
``run`` checks the arguments, builds the ``Kernel`` (adapted game, table, counters), calls it and
packages the ``SearchResult`` (all best moves, principal variation, statistics). Inside,
``kernel.ab(state, depth, alpha, beta, ply)`` is the fail-soft alpha-beta over a child (``ply``
its distance from the root, for mate scores): ``<= alpha`` an upper bound, ``>= beta`` a lower
bound, else exact. A process-parallel search builds one ``Kernel`` per worker (closures do not
pickle; the game does) and adds the workers' counts with ``kernel.add_counts``.

>>> from sml150.games.tictactoe import KInARow
>>> from sml150.search.score import INF
>>> def first_move_only(k: Kernel, s, depth):  # a toy root: the value of the first move
...     m = k.adapter.moves(s)[0]
...     return -k.ab(k.adapter.play(s, m), depth - 1, -INF, INF, 1), m
>>> g = KInARow(3, 3)
>>> r = run("toy", g, g.start, 2, True, DEFAULT_OPTIONS, False, first_move_only)
>>> r.move, r.stats.nodes > 1
((1, 1), True)
"""

from sml150.search._core import (
    DEFAULT_OPTIONS,
    SOLVE_DEPTH,
    Aborted,
    Kernel,
    Limits,
    SearchOptions,
)
from sml150.search._run import Root, best_moves, check_depth, make_table, run
from sml150.search.adapter import Adapter, adapt

__all__ = [
    "DEFAULT_OPTIONS",
    "SOLVE_DEPTH",
    "Aborted",
    "Adapter",
    "Kernel",
    "Limits",
    "Root",
    "SearchOptions",
    "adapt",
    "best_moves",
    "check_depth",
    "make_table",
    "run",
]
