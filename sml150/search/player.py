"""Engine players: a PLAYER (``next_move``, ``analyze``) for an ``EngineSpec``, for any GAME.

The engine takes records only: an ``EngineSpec`` is an ``Algorithm`` and a ``Budget``
(depth, positions, seconds). Text such as ``"pvs:9"`` is read by ``sml150.specs`` (its
``parse_player`` / ``engine_spec``, the one reader of the PLAYER grammar), so one text means one
player everywhere. The kinds:

- ``MINIMAX``, ``ALPHABETA`` (also ``NEGAMAX``), ``PVS``, ``MTDF``, ``ASPIRATION``, ``SCOUT``:
  that algorithm to ``budget.depth >= 1``;
- ``ID``: iterative deepening (PVS) for at most ``budget.seconds`` (the deepest finished
  iteration's move; if not even depth 1 finishes in time, a depth-1 search decides);
- ``SOLVE``: iterative deepening until every line reaches the end of the game (an exact value),
  for at most ``budget.seconds`` (``SOLVE_SECONDS`` when the text names none) and never deeper
  than the Python stack allows (``solve_depth``): past either it plays the deepest finished
  search's move (``EnginePlayer.search`` says whether it solved);
- ``JAMBOREE``, ``YBW``: the parallel searches of ``sml150.search.jamboree`` (Kuszmaul's
  Jamboree, young-brothers-wait) to depth ``d >= 1``, on the executor given to
  ``engine_player`` (``None``: in this process). Their value is the depth-``d`` minimax value
  (each task's table keeps to exact depths), so it equals ``pvs(game, s, d, tt=False)``'s, and
  the move is the same on every executor;
- ``SMP``: ``sml150.search.smp.lazy_smp`` to depth ``d``, one worker per worker of the
  executor sharing one table (ABDADA): the same value, a move of that value (which of the equal
  best moves may depend on the timing).

Only the parallel searches (``Algorithm.parallel``) use an executor; the others ignore it and
search in this process.

(Over 400 lines: the engine's player records and the two player structures it builds are one
room.)

>>> from sml150.games.tictactoe import KInARow
>>> g = KInARow(3, 3)
>>> p = engine_player(EngineSpec(Algorithm.PVS, Budget(depth=9)), g)
>>> p.next_move(g.play_line("0 0, 1 1, 0 1"))
(0, 2)
"""

from __future__ import annotations

import enum
import inspect
import sys
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Final, Generic, TypeAlias, TypeVar, final

import attrs

from sml150.lib.signatures import GAME, Analysis
from sml150.search._core import SearchOptions
from sml150.search.alphabeta import alphabeta
from sml150.search.aspiration import aspiration
from sml150.search.budget import Budget
from sml150.search.iterative import iterative_deepening
from sml150.search.minimax import minimax
from sml150.search.mtdf import mtdf
from sml150.search.pvs import pvs
from sml150.search.result import SearchResult
from sml150.search.scout import scout

if TYPE_CHECKING:
    from sml150.search.jamboree import ParallelResult
    from sml150.search.smp import SmpResult

__all__ = [  # EngineBudget, the old name of search.budget.Budget, is served by __getattr__
    "PARALLEL_KINDS",
    "SOLVE_SECONDS",
    "Algorithm",
    "AnyEnginePlayer",
    "EnginePlayer",
    "EngineSpec",
    "ParallelEnginePlayer",
    "SeatError",
    "deepest",
    "engine_player",
    "solve_depth",
]

State = TypeVar("State")
Move = TypeVar("Move")

SOLVE_SECONDS: Final = 10.0
"""A ``solve`` player's time a move when its spec names none."""


class Algorithm(enum.Enum):
    """The engine's player kinds: the spec's keyword, and one line of help for each."""

    MINIMAX = "minimax"
    ALPHABETA = "alphabeta"
    NEGAMAX = "negamax"
    PVS = "pvs"
    MTDF = "mtdf"
    ASPIRATION = "aspiration"
    SCOUT = "scout"
    JAMBOREE = "jamboree"
    YBW = "ybw"
    SMP = "smp"
    ID = "id"
    SOLVE = "solve"

    @property
    def about(self) -> str:
        """One line of help: what a player of this kind does.

        >>> Algorithm.YBW.about
        "the engine's young-brothers-wait to depth D, on --executor"
        """
        return _ABOUT[self]

    @property
    def syntax(self) -> str:
        """How a spec of this kind is written (``pvs:D``, ``id:S``, ``solve[:S]``).

        >>> [a.syntax for a in (Algorithm.PVS, Algorithm.ID, Algorithm.SOLVE)]
        ['pvs:D', 'id:S', 'solve[:S]']
        """
        if self is Algorithm.ID:
            return "id:S"
        return "solve[:S]" if self is Algorithm.SOLVE else f"{self.value}:D"

    @property
    def parallel(self) -> bool:
        """Whether players of this kind search on an executor.

        >>> [a.value for a in Algorithm if a.parallel]
        ['jamboree', 'ybw', 'smp']
        """
        return self in (Algorithm.JAMBOREE, Algorithm.YBW, Algorithm.SMP)


_ABOUT: Final[dict[Algorithm, str]] = {
    Algorithm.MINIMAX: "the engine's minimax to depth D (no pruning; with its table)",
    Algorithm.ALPHABETA: "the engine's alpha-beta to depth D",
    Algorithm.NEGAMAX: "the same as engine:alphabeta:D",
    Algorithm.PVS: "the engine's NegaScout / principal variation search to depth D",
    Algorithm.MTDF: "the engine's MTD(f) to depth D (null-window searches converging)",
    Algorithm.ASPIRATION: "the engine's alpha-beta in a window around the last depth's value",
    Algorithm.SCOUT: "the engine's Pearl's Scout to depth D (test each move, search the"
                     " ones that pass)",
    Algorithm.JAMBOREE: "the engine's Kuszmaul's Jamboree to depth D, on --executor",
    Algorithm.YBW: "the engine's young-brothers-wait to depth D, on --executor",
    Algorithm.SMP: "the engine's PVS to depth D on every worker of --executor (processes on"
                   " this machine), one shared table",
    Algorithm.ID: "the engine's iterative deepening (PVS) for at most S seconds a move",
    Algorithm.SOLVE: (f"searching to the end of the game (exact), at most S seconds a move"
                      f" (default {SOLVE_SECONDS:g}); past it, the deepest search's move"),
}

PARALLEL_KINDS: tuple[str, ...] = tuple(a.value for a in Algorithm if a.parallel)
"""The engine players that search on an executor: Jamboree, young-brothers-wait, shared-table."""

class SeatError(ValueError):
    """An engine player that cannot play a game (``smp`` on a game whose table keys are not ints).

    Refused when the player is made, before any move.
    """


@final
@attrs.frozen
class EngineSpec:
    """An engine player, read: its algorithm and its budget.

    >>> EngineSpec(Algorithm.YBW, Budget(depth=3)).text
    'ybw:3'
    >>> EngineSpec(Algorithm.ID, Budget(seconds=1.5)).text
    'id:1.5'
    """

    algorithm: Algorithm
    """What searches."""
    budget: Budget
    """How far: a depth for the depth-limited kinds, seconds for ``id`` and ``solve``."""

    @property
    def uses_executor(self) -> bool:
        """Whether this player searches on the executor it is given (else in this process)."""
        return self.algorithm.parallel

    @property
    def text(self) -> str:
        """The spec written out (for titles and tables; ``sml150.specs`` reads it back)."""
        b = self.budget
        if self.algorithm in (Algorithm.ID, Algorithm.SOLVE):
            return f"{self.algorithm.value}:{b.seconds:g}" if b.seconds is not None else "solve"
        return f"{self.algorithm.value}:{b.depth}"


def solve_depth() -> int:
    """The deepest search the Python stack allows from here (a solve never goes deeper).

    A search uses a stack frame a ply, so a game whose lines can go on for ever (Riskless's
    armies move back and forth) would otherwise end a search to the end in ``RecursionError``.

    >>> 100 < solve_depth() < sys.getrecursionlimit()
    True
    """
    frame, used = inspect.currentframe(), 0
    while frame is not None:
        used, frame = used + 1, frame.f_back
    return max(1, (sys.getrecursionlimit() - used - 100) // 2)


_EXACT = SearchOptions(tt_exact_depth=True)
"""The parallel players' options: table entries used only at their own depth, so the value is
exactly the depth-``d`` minimax value (a deeper entry could differ from it)."""

@final
@attrs.frozen
class EnginePlayer(Generic[State, Move]):
    """A PLAYER structure backed by the engine.

    >>> from sml150.games.tictactoe import KInARow
    >>> engine_player(EngineSpec(Algorithm.ALPHABETA, Budget(depth=2)), KInARow(3, 3)).spec
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
        >>> solve = EngineSpec(Algorithm.SOLVE, Budget(seconds=SOLVE_SECONDS))
        >>> engine_player(solve, g).search(g.start).describe()
        'draw or even (0)'
        """
        return self._search(self.Game, s)

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its absolute value and cost (terminals = leaves, nodes).

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> engine_player(EngineSpec(Algorithm.MTDF, Budget(depth=1)), g).analyze(g.start).value
        Guess(n=12)
        """
        return self.search(s).analysis()

    def next_move(self, s: State) -> Move:
        """A best move at ``s`` (the first found). REQUIRES ``s`` In_play.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> timed = EngineSpec(Algorithm.ID, Budget(seconds=60))
        >>> engine_player(timed, g).next_move(g.play_line("0 0, 1 1, 0 1"))  # solved in time
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
    >>> p = engine_player(EngineSpec(Algorithm.YBW, Budget(depth=3)), KInARow(3, 3))
    >>> p.kind, p.depth, p.executor is None
    ('ybw', 3, True)
    """

    Game: GAME[State, Move]
    """The game played (SML ``structure Game``)."""
    spec: str
    """The spec it was built from."""
    kind: str
    """``jamboree``, ``ybw`` or ``smp`` (one of ``PARALLEL_KINDS``)."""
    depth: int
    """The search depth (``>= 1``)."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Where the tasks run (``None``: in this process, in order)."""

    def search(self, s: State) -> ParallelResult[Move] | SmpResult[Move]:
        """The parallel search's result at ``s``. REQUIRES ``s`` In_play (else ``ValueError``).

        ENSURES: the depth-``depth`` minimax value (``value``, ``est``), a move of that value
        (the first in move order), work and span; the same on every executor.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> r = engine_player(EngineSpec(Algorithm.JAMBOREE, Budget(depth=4)), g).search(g.start)
        >>> r.est, r.depth, r.span <= r.work
        (Guess(n=0), 4, True)
        """
        from sml150.search.jamboree import jamboree, young_brothers_wait
        from sml150.search.smp import lazy_smp

        if self.kind == "smp":
            return lazy_smp(self.Game, s, self.depth, executor=self.executor, options=_EXACT)
        f = jamboree if self.kind == "jamboree" else young_brothers_wait
        return f(self.Game, s, self.depth, executor=self.executor, tt=True, options=_EXACT)

    def analyze(self, s: State) -> Analysis[Move]:
        """``next_move`` with its absolute value and cost (terminals = work, and the span).

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> a = engine_player(EngineSpec(Algorithm.YBW, Budget(depth=2)), g).analyze(g.start)
        >>> a.value, a.work >= a.span >= 1
        (Guess(n=3), True)
        """
        return self.search(s).analysis()

    def next_move(self, s: State) -> Move:
        """A move of best value at ``s`` at the player's depth. REQUIRES ``s`` In_play.

        >>> from sml150.games.tictactoe import KInARow
        >>> g = KInARow(3, 3)
        >>> jamboree = EngineSpec(Algorithm.JAMBOREE, Budget(depth=3))
        >>> engine_player(jamboree, g).next_move(g.play_line("0 0, 1 1, 0 1"))
        (0, 2)
        """
        move: Move = self.search(s).move
        return move


AnyEnginePlayer: TypeAlias = "EnginePlayer[State, Move] | ParallelEnginePlayer[State, Move]"
"""What ``engine_player`` returns: a sequential or a parallel engine player."""

_BY_DEPTH: Final[dict[Algorithm, Callable[..., SearchResult[Any]]]] = {
    Algorithm.MINIMAX: minimax,
    Algorithm.ALPHABETA: alphabeta,
    Algorithm.NEGAMAX: alphabeta,
    Algorithm.PVS: pvs,
    Algorithm.MTDF: mtdf,
    Algorithm.ASPIRATION: aspiration,
    Algorithm.SCOUT: scout,
}


def deepest(game: GAME[State, Move], s: State, budget: Budget) -> SearchResult[Move]:
    """The deepest iterative-deepening result within ``budget`` (``id:S`` and ``solve``).

    REQUIRES: ``s`` In_play. ENSURES: the last iteration finished within the budget and
    ``budget.depth`` (default ``solve_depth()``): solved when ``stats.estimates == 0``; if not
    even depth 1 finishes in time, a depth-1 search decides.

    >>> from sml150.games.tictactoe import KInARow
    >>> g = KInARow(3, 3)
    >>> r = deepest(g, g.start, Budget(seconds=60))
    >>> r.describe(), r.stats.estimates
    ('draw or even (0)', 0)
    """
    last = None
    cap = budget.depth if budget.depth is not None else solve_depth()
    for last in iterative_deepening(  # noqa: B007 -- only the deepest result is kept
            game, s, attrs.evolve(budget, depth=cap)):
        pass
    return last if last is not None else alphabeta(game, s, 1)


def engine_player(spec: EngineSpec, game: GAME[State, Move], *,
                  executor: Executor | None = None) -> AnyEnginePlayer[State, Move]:
    """The engine PLAYER a spec names (see the module docstring), for ``game``.

    REQUIRES: an ``EngineSpec`` record (text is read by ``sml150.specs.engine_spec``; a ``str``
    here is a ``TypeError``); for ``SMP``, a game whose table keys are ints below 2**63 (else
    ``SeatError``, a ``ValueError``, before any move).
    ENSURES: for the parallel kinds a ``ParallelEnginePlayer`` searching on ``executor``, else
    an ``EnginePlayer``, which ignores ``executor`` (it searches in this process).

    >>> from sml150.games.tictactoe import KInARow
    >>> from sml150.parallel import SerialExecutor
    >>> g = KInARow(3, 3)
    >>> jamboree = EngineSpec(Algorithm.JAMBOREE, Budget(depth=4))
    >>> p = engine_player(jamboree, g, executor=SerialExecutor())
    >>> type(p).__name__, p.next_move(g.play_line("0 0, 1 1, 0 1"))
    ('ParallelEnginePlayer', (0, 2))
    >>> type(engine_player(EngineSpec(Algorithm.PVS, Budget(depth=4)), g)).__name__
    'EnginePlayer'
    >>> from sml150.lib.explicit import HandoutSmall
    >>> engine_player(EngineSpec(Algorithm.SMP, Budget(depth=3)), HandoutSmall)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sml150.search.player.SeatError: smp:3: the table keys of ... are not ints below 2**63 ...
    >>> engine_player("pvs:9", g)  # type: ignore[arg-type]  # text is the specs' to read
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: engine_player takes an EngineSpec, not 'pvs:9': read text with ...
    """
    if not isinstance(spec, EngineSpec):
        raise TypeError(f"engine_player takes an EngineSpec, not {spec!r}: read text with"
                        " sml150.specs.engine_spec")
    e = spec
    b = e.budget
    if e.algorithm.parallel:
        assert b.depth is not None
        if e.algorithm is Algorithm.SMP:
            from sml150.search.adapter import adapt
            from sml150.search.smp import shareable

            try:
                shareable(e.text, adapt(game, True), game.start)
            except ValueError as why:
                raise SeatError(str(why)) from None
        return ParallelEnginePlayer(game, e.text, e.algorithm.value, b.depth, executor)
    if e.algorithm in (Algorithm.ID, Algorithm.SOLVE):

        def timed(g: GAME[State, Move], s: State) -> SearchResult[Move]:
            return deepest(g, s, b)

        return EnginePlayer(game, e.text, timed)
    f = _BY_DEPTH[e.algorithm]
    d = b.depth

    def by_depth(g: GAME[State, Move], s: State) -> SearchResult[Move]:
        return f(g, s, d)

    return EnginePlayer(game, e.text, by_depth)


def __getattr__(name: str) -> Any:
    """``EngineBudget``: the old name of ``sml150.search.budget.Budget``, with a warning."""
    if name == "EngineBudget":
        import warnings

        warnings.warn("sml150.search.player.EngineBudget is now sml150.search.Budget",
                      DeprecationWarning, stacklevel=2)
        return Budget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
