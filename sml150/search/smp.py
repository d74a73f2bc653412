"""``lazy_smp``: workers searching the same root with one shared table (Lazy SMP, ABDADA).

How the strongest engines use many cores: instead of cutting the tree into tasks, every worker
runs the whole iterative-deepening PVS from the root, and they share one transposition table
(``sml150.search.sharedtable``, lock-free, in this machine's memory). A worker reads what the
others have found (values, bounds, best moves), so the searches overlap less as they go; the
first worker to finish the last depth gives the answer and the others are told to stop.

Two kinds of diversity keep the workers apart:

- **ABDADA's deferral** (Weill 1996, as Kerrigan simplified it; ``abdada=True``, the default):
  at a node ``DEFER_DEPTH`` plies or more from the horizon, a move after the first that another
  worker is searching right now is put off until the node's other moves are done; so the
  workers spread over the young brothers instead of searching the same one;
- **staggered depths** (Lazy SMP): every other helper starts its iterative deepening at depth 2.

Every worker's last iteration searches the root with the full window, and every entry in the
table is a true bound of its position at its depth, whoever stored it; so the answer is the
depth-``d`` value of ``pvs`` with a table, and its move a move of that value (one of the equal
best moves; which one may depend on the timing). In a game where a position can recur at a
different depth in one search, that value can differ from the depth-``d`` minimax value, as
``pvs``'s can (``SearchOptions(tt_exact_depth=True)`` keeps them equal).

The table lives in a file the workers map by name, so the workers must run on this machine
(``processes:N``, or ``dask`` on a local cluster); a worker elsewhere fails with
``SharedTableError``. Keys must be ints below ``2**63`` (the game's ``tt_key`` or ``canonical``
hook: Connect Four's bitboards) or nothing is shared; ``SharedTable`` says what else fits.

>>> from sml150.games.connect4 import ConnectFour
>>> from sml150.search import pvs
>>> g = ConnectFour(5, 4)
>>> r = lazy_smp(g, g.start, 6)
>>> r.value == pvs(g, g.start, 6).value, len(r.workers)
(True, 1)

``replay`` runs the same workers in this process, in turn, a few dozen nodes each: what
``N`` cores of equal speed would do, whatever this machine has; the winner's node count is the
search's time in nodes, to compare with ``pvs``'s (how ``benchmarks/scaling.py`` predicts the
speed-up on cores it does not have).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, Generic, TypeVar, final

import attrs

from sml150.lib.est import est
from sml150.lib.searchcount import require_in_play
from sml150.lib.signatures import GAME, Analysis
from sml150.search._core import DEFAULT_OPTIONS, Aborted, Kernel, Limits, SearchOptions
from sml150.search._run import check_depth
from sml150.search.adapter import Adapter, adapt
from sml150.search.budget import Budget
from sml150.search.score import INF, Score, score_to_est
from sml150.search.sharedtable import SharedTable

__all__ = ["SmpResult", "WorkerCount", "lazy_smp", "replay", "shareable"]

State = TypeVar("State")
Move = TypeVar("Move")


@final
@attrs.frozen
class WorkerCount:
    """What one worker of a ``lazy_smp`` search did.

    >>> WorkerCount(0, True, 6, 120, 80).finished
    True
    """

    index: int
    """The worker's number (0 starts at depth 1, odd helpers at depth 2)."""
    finished: bool
    """Whether it finished the last depth (else it was stopped)."""
    depth: int
    """The deepest iteration it finished."""
    nodes: int
    """Positions it entered."""
    leaves: int
    """Finished games and depth-0 estimates it reached."""


@final
@attrs.frozen
class SmpResult(Generic[Move]):
    """A ``lazy_smp`` search's answer and what each worker did."""

    value: Score
    """The root's score for the side to move at ``depth`` (as ``pvs``'s)."""
    est: est
    """The same value as the game's absolute estimate."""
    move: Move
    """A move of that value (the first worker to finish found it)."""
    depth: int
    """The depth searched."""
    winner: int
    """The index of the worker that finished first."""
    workers: tuple[WorkerCount, ...]
    """Every worker's counts, by index."""
    seconds: float
    """Wall-clock time."""

    @property
    def nodes(self) -> int:
        """Positions entered by all the workers.

        >>> from sml150.lib.est import Guess
        >>> w = (WorkerCount(0, True, 2, 10, 6), WorkerCount(1, False, 1, 7, 4))
        >>> SmpResult(0, Guess(0), 1, 2, 0, w, 0.0).nodes
        17
        """
        return sum(w.nodes for w in self.workers)

    def analysis(self) -> Analysis[Move]:
        """The library's ``Analysis``: work the leaves of all the workers, span the winner's.

        The winner's leaves are the span in the sense that its search alone decides when the
        answer is ready; unlike a tree split's, both depend on the timing.

        >>> from sml150.lib.est import Guess
        >>> w = (WorkerCount(0, True, 2, 10, 6), WorkerCount(1, False, 1, 7, 4))
        >>> a = SmpResult(0, Guess(0), 1, 2, 0, w, 0.0).analysis()
        >>> a.work, a.span, a.nodes
        (10, 6, 17)
        """
        work = sum(w.leaves for w in self.workers)
        return Analysis(self.move, self.est, work, self.nodes, work,
                        self.workers[self.winner].leaves)


@final
@attrs.frozen
class _Outcome:
    """One worker's result: counts, and its answer if it finished."""

    count: WorkerCount
    value: Score
    move: Any


@final
@attrs.frozen
class _Smp:
    """One search's fixed parts (sent once to each worker)."""

    adapter: Adapter
    options: SearchOptions
    abdada: bool
    lead: int = 0

    def work(self, tt: SharedTable, index: int, s: Any, depth: int,
             limits: Limits | None = None) -> _Outcome:
        """Worker ``index``: PVS to ``depth`` on ``tt`` until done or ``tt.stopped()``.

        With ``lead`` > 0 it deepens iteratively from ``depth - lead`` (odd helpers from one
        deeper). The first to finish stops the others (``tt.stop``).
        """
        k = Kernel(self.adapter, tt, self.options, limits or Limits(stop=tt.stopped),
                   pvs=True, defer=tt if self.abdada else None)
        done, value, move = 0, 0, None
        try:
            for d in range(max(1, depth - self.lead + (index % 2 if self.lead else 0)), depth + 1):
                value, move = k.root(s, d, -INF, INF, first=() if move is None else (move,))
                done = d
        except Aborted:
            pass
        if done == depth:
            tt.stop()
        stats = k.stats(done)
        return _Outcome(WorkerCount(index, done == depth, done, stats.nodes, stats.leaves),
                        value, move)


def _work(me: Any, path: str, index: int, s: Any, depth: int) -> _Outcome:
    """A task: ``_Smp.work`` of the shipped search (what the game prints discarded)."""
    from sml150.parallel import captured_call

    search: _Smp = me.get()
    with SharedTable.attach(path) as tt:
        return captured_call(search.work, tt, index, s, depth).result


def shareable(where: str, a: Adapter, s: Any, name: str | None = None) -> None:
    """``ValueError`` unless ``s``'s table key fits a ``SharedTable`` (an int below 2**63).

    ``name``: the game as the message names it (default: its class).

    >>> from sml150.games.connect4 import ConnectFour
    >>> shareable("here", adapt(ConnectFour(4, 4), True), ConnectFour(4, 4).start)
    """
    key = a.key(s)  # the canonical key for a Symmetric game
    if type(key) is not int or not 0 <= key < 1 << 63:
        game = name or type(a.game).__name__.lstrip("_")
        raise ValueError(
            f"{where}: the table keys of {game} are not ints below 2**63 (the TTKey or "
            "Symmetric hook), so its workers would share nothing; use the engine's jamboree "
            "or ybw instead")


def _prepare(where: str, game: GAME[Any, Any], state: Any, depth: int | Budget, *, workers: int,
             options: SearchOptions) -> tuple[int, Adapter]:
    """A search's checked depth and adapted game, after every argument check it needs."""
    d = check_depth(where, depth)
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"{where}: workers must be an int, not {workers!r}")
    if workers < 1:
        raise ValueError(f"{where}: workers must be >= 1, not {workers}")
    if not isinstance(options, SearchOptions):
        raise TypeError(f"{where}: options must be SearchOptions, not {options!r}")
    a = adapt(game, options.hooks)
    require_in_play(game, state, where)
    shareable(where, a, state)
    return d, a


def _answer(where: str, a: Adapter, state: Any, depth: int, *, winner: int | None,
            outcomes: Sequence[_Outcome], started: float) -> SmpResult[Any]:
    """The search's result: the winner's answer and every worker's counts, by index."""
    if winner is None:
        raise RuntimeError(f"{where}: no worker finished (an executor that stops its tasks?)")
    w = outcomes[winner]
    return SmpResult(w.value, score_to_est(w.value, a.player(state)), w.move, depth, winner,
                     tuple(o.count for o in outcomes), time.perf_counter() - started)


def lazy_smp(
    game: GAME[State, Move], state: State, depth: int | Budget, *, executor: Executor | None = None,
    workers: int | None = None, capacity: int = 1 << 20, abdada: bool = True,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> SmpResult[Move]:
    """``workers`` searches of ``state`` to ``depth`` sharing one table, on ``executor``.

    REQUIRES: ``state`` In_play (else ``ValueError``); the game's table key an int below
    ``2**63`` (the ``TTKey`` or ``Symmetric`` hook; else ``ValueError``: the workers would share
    nothing); ``depth >= 1``; ``workers >= 1``
    (default: as many as ``executor`` runs at once; 1 with none); ``capacity`` a power of two;
    the executor's workers on this machine (else ``SharedTableError``).
    ENSURES: ``value`` is ``pvs(game, state, depth)``'s, ``move`` a move of that value; every
    worker has stopped and the table is removed when it returns (or raises).

    >>> from sml150.games.tictactoe import KInARow
    >>> g = KInARow(3, 3)
    >>> lazy_smp(g, g.start, 9).est
    Guess(n=0)
    >>> from sml150.lib.explicit import HandoutSmall
    >>> lazy_smp(HandoutSmall, HandoutSmall.start, 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: lazy_smp: the table keys of ... are not ints below 2**63 ...
    >>> lazy_smp(g, g.start, 3, workers=0)
    Traceback (most recent call last):
    ...
    ValueError: lazy_smp: workers must be >= 1, not 0
    """
    from sml150.parallel import SerialExecutor
    from sml150.parallel.tree import Shipped, parallelism

    where = "lazy_smp"
    ex = executor or SerialExecutor()
    n = parallelism(ex) if workers is None else workers
    d, a = _prepare(where, game, state, depth, workers=n, options=options)
    started = time.perf_counter()
    me = Shipped(_Smp(a, options, abdada))
    with SharedTable.create(capacity) as tt:
        futures: dict[Future[_Outcome], int] = {}
        outcomes: dict[int, _Outcome] = {}
        winner: int | None = None
        try:
            for i in range(n):
                futures[ex.submit(_work, me, tt.path, i, state, d)] = i
            pending = set(futures)
            while pending and winner is None:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in sorted(done, key=futures.__getitem__):
                    o = f.result()
                    outcomes[futures[f]] = o
                    if winner is None and o.count.finished:
                        winner = futures[f]
        finally:
            tt.stop()
            wait(futures)  # every worker has let go of the table before it is removed
        for f, i in futures.items():
            if i not in outcomes:
                outcomes[i] = f.result()
    return _answer(where, a, state, d, winner=winner,
                   outcomes=[outcomes[i] for i in range(n)], started=started)


@final
class _Baton:
    """Whose turn it is among the live workers of a ``replay`` (one runs at a time)."""

    def __init__(self, n: int) -> None:
        self._cv = threading.Condition()
        self._alive = list(range(n))
        self._turn = 0

    def wait(self, i: int) -> None:
        """Block until it is worker ``i``'s turn."""
        with self._cv:
            self._cv.wait_for(lambda: self._turn == i)

    def pass_on(self, i: int) -> None:
        """Worker ``i`` ends its turn: the next live worker runs, and ``i`` waits for its next."""
        with self._cv:
            at = self._alive.index(i)
            self._turn = self._alive[(at + 1) % len(self._alive)]
            self._cv.notify_all()
            self._cv.wait_for(lambda: self._turn == i)

    def leave(self, i: int) -> None:
        """Worker ``i`` is done: the rotation goes on without it."""
        with self._cv:
            at = self._alive.index(i)
            self._alive.remove(i)
            if self._alive:
                self._turn = self._alive[at % len(self._alive)]
            self._cv.notify_all()


def replay(
    game: GAME[State, Move], state: State, depth: int | Budget, workers: int, *, quantum: int = 64,
    capacity: int = 1 << 20, abdada: bool = True, lead: int = 0,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> SmpResult[Move]:
    """``lazy_smp`` on ``workers`` workers of equal speed, simulated here, ``quantum`` nodes a turn.

    Each worker is a thread of this process, and only one runs at a time: worker 0 for
    ``quantum`` nodes, then worker 1, and so on in turn, sharing one ``SharedTable``; a worker
    that finishes stops the others at their next turn. So the run is deterministic and is what
    ``workers`` cores of equal speed would do, the table shared at a grain of ``quantum`` nodes,
    whatever the load of this machine. ``workers[winner].nodes`` is the search's time in nodes.

    REQUIRES: as ``lazy_smp``; ``workers >= 1``, ``quantum >= 1``.
    ENSURES: the value and move of a ``lazy_smp`` search (``pvs``'s value); the same result
    every run.

    >>> from sml150.games.connect4 import ConnectFour
    >>> g = ConnectFour(5, 4)
    >>> a, b = (replay(g, g.start, 8, 3) for _ in range(2))
    >>> a.value == lazy_smp(g, g.start, 8).value, a.workers == b.workers
    (True, True)
    """
    where = "replay"
    d, a = _prepare(where, game, state, depth, workers=workers, options=options)
    if isinstance(quantum, bool) or not isinstance(quantum, int) or quantum < 1:
        raise ValueError(f"{where}: quantum must be an int >= 1, not {quantum!r}")
    started = time.perf_counter()
    search = _Smp(a, options, abdada, lead)
    baton = _Baton(workers)
    outcomes: list[_Outcome | BaseException | None] = [None] * workers
    finished: list[int] = []  # in the order they finished (one runs at a time)
    with SharedTable.create(capacity) as tt:

        def run(i: int) -> None:
            def turn() -> bool:
                baton.pass_on(i)
                return tt.stopped()

            baton.wait(i)
            try:
                o = search.work(tt, i, state, d, Limits(stop=turn, poll=quantum))
                outcomes[i] = o
                if o.count.finished:
                    finished.append(i)
            except BaseException as e:  # re-raised in the caller's thread
                tt.stop()
                outcomes[i] = e
            finally:
                baton.leave(i)

        threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    done: list[_Outcome] = []
    for o in outcomes:
        if isinstance(o, BaseException):
            raise o
        assert o is not None
        done.append(o)
    return _answer(where, a, state, d, winner=finished[0] if finished else None,
                   outcomes=done, started=started)
