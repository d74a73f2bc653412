"""Engine players: a PLAYER (``next_move``, ``analyze``) for a spec string, for any GAME.

Specs (case-insensitive, an optional ``engine:`` prefix is ignored):

- ``minimax:d``, ``alphabeta:d`` (also ``negamax:d``), ``pvs:d``, ``mtdf:d``, ``aspiration:d``,
  ``scout:d``: that algorithm to depth ``d >= 1``;
- ``id:seconds``: iterative deepening (PVS) for at most ``seconds > 0`` (the deepest finished
  iteration's move; if not even depth 1 finishes in time, a depth-1 search decides);
- ``solve``: PVS to the end of the game (for small games);
- ``jamboree:d``, ``ybw:d``: the parallel searches of ``sml150.search.jamboree`` (Kuszmaul's
  Jamboree, young-brothers-wait) to depth ``d >= 1``, on the executor given to
  ``engine_player`` (``None``: in this process). Their value is the depth-``d`` minimax value
  (each task's table keeps to exact depths), so it equals ``pvs(game, s, d, tt=False)``'s, and
  the move is the same on every executor.

Only the parallel searches (``PARALLEL_KINDS``) use an executor; the others ignore it and
search in this process.

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> p = engine_player("pvs:9", g)
>>> p.next_move(g.play_line("0 0, 1 1, 0 1"))
(0, 2)
>>> engine_player("pvs:0", g)
Traceback (most recent call last):
...
sml150.search.player.EngineSpecError: bad depth '0' in 'pvs:0' (a whole number >= 1)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar, final

import attrs

from sml150.lib.signatures import GAME, Analysis
from sml150.search._core import SearchOptions
from sml150.search.alphabeta import alphabeta
from sml150.search.aspiration import aspiration
from sml150.search.iterative import iterative_deepening
from sml150.search.minimax import minimax
from sml150.search.mtdf import mtdf
from sml150.search.pvs import pvs
from sml150.search.result import SearchResult
from sml150.search.scout import scout

if TYPE_CHECKING:
    from sml150.search.jamboree import ParallelResult

__all__ = [
    "PARALLEL_KINDS",
    "SPEC_HELP",
    "AnyEnginePlayer",
    "EnginePlayer",
    "EngineSpecError",
    "ParallelEnginePlayer",
    "engine_player",
]

State = TypeVar("State")
Move = TypeVar("Move")

SPEC_HELP = ("minimax:d, alphabeta:d (negamax:d), pvs:d, mtdf:d, aspiration:d, scout:d, "
             "jamboree:d, ybw:d, id:seconds or solve")
"""The specs ``engine_player`` accepts, for error messages and ``--help``."""

_BY_DEPTH: dict[str, Callable[..., SearchResult[Any]]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "negamax": alphabeta,
    "pvs": pvs,
    "mtdf": mtdf,
    "aspiration": aspiration,
    "scout": scout,
}


_EXACT = SearchOptions(tt_exact_depth=True)
"""The parallel players' options: table entries used only at their own depth, so the value is
exactly the depth-``d`` minimax value (a deeper entry could differ from it)."""

PARALLEL_KINDS: tuple[str, ...] = ("jamboree", "ybw")
"""The engine players that search on an executor: Jamboree and young-brothers-wait."""


class EngineSpecError(ValueError):
    """A player spec ``engine_player`` cannot read.

    >>> engine_player("fast", None)  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    sml150.search.player.EngineSpecError: unknown engine player 'fast' (use minimax:d, ...)
    """


@final
@attrs.frozen
class EnginePlayer(Generic[State, Move]):
    """A PLAYER structure backed by the engine.

    >>> from sml150.games.tictactoe import KInARow
    >>> engine_player("alphabeta:2", KInARow(3, 3)).spec
    'alphabeta:2'
    """

    Game: GAME[State, Move]
    """The game played (SML ``structure Game``)."""
    spec: str
    """The spec it was built from."""
    _search: Callable[[GAME[State, Move], State], SearchResult[Move]] = attrs.field(
        repr=False, eq=False)
    """The search run at each move."""

    def search(self, s: State) -> SearchResult[Move]:
        """The full search result at ``s``. REQUIRES ``s`` In_play (else ``ValueError``).

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> engine_player("solve", g).search(g.start).describe()
        'draw or even (0)'
        """
        return self._search(self.Game, s)

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its absolute value and cost (terminals = leaves, nodes).

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> engine_player("mtdf:1", g).analyze(g.start).value
        Guess(n=12)
        """
        return self.search(s).analysis()

    def next_move(self, s: State) -> Move:
        """A best move at ``s`` (the first found). REQUIRES ``s`` In_play.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> engine_player("id:60", g).next_move(g.play_line("0 0, 1 1, 0 1"))  # solved in time
        (0, 2)
        """
        move: Move = self.search(s).move
        return move


@final
@attrs.frozen
class ParallelEnginePlayer(Generic[State, Move]):
    """A PLAYER structure backed by one of the engine's parallel searches, on an executor.

    ``kind`` ``jamboree`` is ``sml150.search.jamboree.jamboree``, ``ybw``
    ``young_brothers_wait``, with the search's own grain (which subtrees are the executor's
    tasks: ``sml150.search.jamboree.default_grain``).

    >>> from sml150.games.tictactoe import KInARow
    >>> p = engine_player("engine:ybw:3", KInARow(3, 3))
    >>> p.kind, p.depth, p.executor is None
    ('ybw', 3, True)
    """

    Game: GAME[State, Move]
    """The game played (SML ``structure Game``)."""
    spec: str
    """The spec it was built from."""
    kind: str
    """``jamboree`` or ``ybw`` (one of ``PARALLEL_KINDS``)."""
    depth: int
    """The search depth (``>= 1``)."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Where the tasks run (``None``: in this process, in order)."""

    def search(self, s: State) -> ParallelResult[Move]:
        """The parallel search's result at ``s``. REQUIRES ``s`` In_play (else ``ValueError``).

        ENSURES: the depth-``depth`` minimax value (``value``, ``est``), a move of that value
        (the first in move order), work and span; the same on every executor.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> r = engine_player("jamboree:4", g).search(g.start)
        >>> r.est, r.depth, r.span <= r.work
        (Guess(n=0), 4, True)
        """
        from sml150.search.jamboree import jamboree, young_brothers_wait

        f = jamboree if self.kind == "jamboree" else young_brothers_wait
        return f(self.Game, s, self.depth, executor=self.executor, tt=True, options=_EXACT)

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its absolute value and cost (terminals = work, and the span).

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> a = engine_player("ybw:2", g).analyze(g.start)
        >>> a.value, a.work >= a.span >= 1
        (Guess(n=3), True)
        """
        return self.search(s).analysis()

    def next_move(self, s: State) -> Move:
        """A move of best value at ``s`` at the player's depth. REQUIRES ``s`` In_play.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> engine_player("jamboree:3", g).next_move(g.play_line("0 0, 1 1, 0 1"))
        (0, 2)
        """
        move: Move = self.search(s).move
        return move


AnyEnginePlayer: TypeAlias = "EnginePlayer[State, Move] | ParallelEnginePlayer[State, Move]"
"""What ``engine_player`` returns: a sequential or a parallel engine player."""


def _depth(text: str, spec: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise EngineSpecError(f"bad depth {text!r} in {spec!r} (a whole number >= 1)")
    return int(text)


def engine_player(spec: str, game: GAME[State, Move], *,
                  executor: Executor | None = None) -> AnyEnginePlayer[State, Move]:
    """The engine PLAYER a spec names (see the module docstring), for ``game``.

    REQUIRES: a spec of the module docstring (else ``EngineSpecError``, a ``ValueError``).
    ENSURES: for ``jamboree:d`` and ``ybw:d`` a ``ParallelEnginePlayer`` searching on
    ``executor``, else an ``EnginePlayer``, which ignores ``executor`` (it searches in this
    process).

    >>> from sml150.games.tictactoe import KInARow
    >>> from sml150.parallel import SerialExecutor
    >>> g = KInARow(3, 3)
    >>> p = engine_player("engine:jamboree:4", g, executor=SerialExecutor())
    >>> type(p).__name__, p.next_move(g.play_line("0 0, 1 1, 0 1"))
    ('ParallelEnginePlayer', (0, 2))
    >>> type(engine_player("pvs:4", g, executor=SerialExecutor())).__name__
    'EnginePlayer'
    """
    parts = spec.strip().lower().split(":")
    if parts[0] == "engine":
        parts = parts[1:]
    kind = parts[0] if parts else ""
    if kind in PARALLEL_KINDS and len(parts) == 2:
        d = _depth(parts[1], spec)
        return ParallelEnginePlayer(game, spec, kind, d, executor)
    if kind in _BY_DEPTH and len(parts) == 2:
        d = _depth(parts[1], spec)
        f = _BY_DEPTH[kind]

        def by_depth(g: GAME[State, Move], s: State) -> SearchResult[Move]:
            return f(g, s, d)

        return EnginePlayer(game, spec, by_depth)
    if kind == "id" and len(parts) == 2:
        try:
            seconds = float(parts[1])
        except ValueError:
            raise EngineSpecError(f"bad time {parts[1]!r} in {spec!r} (seconds > 0)") from None
        if not seconds > 0:
            raise EngineSpecError(f"bad time {parts[1]!r} in {spec!r} (seconds > 0)")

        def timed(g: GAME[State, Move], s: State) -> SearchResult[Move]:
            last = None
            for last in iterative_deepening(g, s, seconds=seconds):  # noqa: B007
                pass
            return last if last is not None else alphabeta(g, s, 1)

        return EnginePlayer(game, spec, timed)
    if kind == "solve" and len(parts) == 1:

        def solve(g: GAME[State, Move], s: State) -> SearchResult[Move]:
            return pvs(g, s)

        return EnginePlayer(game, spec, solve)
    raise EngineSpecError(f"unknown engine player {spec!r} (use {SPEC_HELP})")
