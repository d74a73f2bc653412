"""Fork-join searches: a node routine asks for its children; run here, or on an executor.

The course's Jamboree players (HW10 and HW11) search some children of a node one after another
and others side by side. Each writes its node once, as a *routine*: a generator that yields
requests and returns the node's result.

- ``Child(depth, state, window)``: search this child now (after the ones before); its value is
  sent back;
- ``Together(children)``: search these children side by side; their values are sent back, in
  order;
- ``Say(text)``: this text belongs to the output here (a trace line), in the sequential order.

``run_here`` runs a routine in this process, depth first, printing as it goes: the sequential
search. ``run`` runs the same routines on an executor (``sml150.parallel``): each child is one
task that runs ``run_here`` on its subtree, or is split here into its own children's requests
(``sml150.parallel.tree`` decides, down to ply ``grain``); what the tasks print is replayed in
the sequential order. Since both run the one routine, the result, the work, the span and the
output are the sequential run's, whatever runs where.

Span is counted for the routine: a node's span is the sum of its ``Child`` spans plus, for each
``Together``, the largest span among its children; a node that asks for no child is a terminal
(span 1). Work (terminals) and nodes are what the routines count (``SearchCount.enter``). A
parallel run also gives the *task span*: the same sum with every task indivisible (a task
counts all its terminals), the critical path of the tasks as they were cut, which no number of
workers can beat.

Why here: the homeworks' reference solutions import only ``sml150.lib`` and their sibling
modules (they run as submissions, in the grader's sandbox), so what both share lives in the
course library; the Jamboree algorithm itself (which children, which windows, the cut) stays in
each homework's routine, the part a student writes. ``sml150.parallel`` is imported only when
an executor is given.

>>> from sml150.lib.explicit import HandoutSmall as G
>>> def node(d: int, s: object, w: None, count: SearchCount) -> Routine[object, None, int]:
...     stop = count.enter(G, d, s)  # a finished state or depth 0: a terminal
...     if stop is not None:
...         return 1
...     first = yield Child(d - 1, G.make_move(s, 0), None)
...     rest = yield Together(tuple(Child(d - 1, G.make_move(s, m), None)
...                                 for m in list(G.moves(s))[1:]))
...     return first + sum(rest)
>>> c = SearchCount()
>>> run_here(node, node(2, G.start, None, c), c)  # span: the first child 2, then the rest 2
Estimating state c[3]
...
Estimating state m[9]
(9, 4)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeAlias, TypeVar, final

import attrs

from sml150.lib.searchcount import SearchCount
from sml150.lib.signatures import GAME, In_play

if TYPE_CHECKING:
    from sml150.parallel.tasks import Pickled
    from sml150.parallel.tree import Shipped, TreeScheduler

__all__ = [
    "Child",
    "NodeFn",
    "Part",
    "Request",
    "Routine",
    "Say",
    "Together",
    "run",
    "run_here",
    "split_plies",
]

S = TypeVar("S")
W = TypeVar("W")
R = TypeVar("R")
V = TypeVar("V")


class Child(NamedTuple, Generic[S, W]):
    """A request: search this child now; its value is sent back to the routine.

    (The requests are named tuples, not attrs records: one is made per node searched, and a
    named tuple is made in half the time.)
    """

    depth: int
    """The depth left to search below the child."""
    state: S
    """The child's state."""
    window: W
    """The window (or bounds) it is searched with."""


class Together(NamedTuple, Generic[S, W]):
    """A request: search these children side by side; their values come back, in order."""

    children: tuple[Child[S, W], ...]
    """The children, in the sequential order."""


class Say(NamedTuple):
    """A request: ``text`` is the output at this point of the sequential search."""

    text: str
    """What to print (with its own newlines)."""


Request: TypeAlias = Child[S, W] | Together[S, W] | Say
"""What a routine yields."""
Routine: TypeAlias = Generator[Request[S, W], Any, R]
"""A node routine: yields requests, is sent their values, returns the node's result."""
NodeFn: TypeAlias = Callable[[int, S, W, SearchCount], Routine[S, W, V]]
"""The routine of a child: ``node(depth, state, window, count)``."""


def run_here(node: NodeFn[S, W, V], routine: Routine[S, W, R], count: SearchCount
             ) -> tuple[R, int]:
    r"""Run ``routine`` in this process, depth first: its result and its span.

    REQUIRES: ``node`` gives each requested child's routine; ``count`` the search's count.
    ENSURES: the children are searched in the order requested (a ``Together``'s in order,
    one after another), ``Say`` text printed at once: the sequential search.

    >>> def leaf(d: int, s: int, w: None, count: SearchCount) -> Routine[int, None, int]:
    ...     yield Say(f"leaf {s}\n")
    ...     return s
    >>> def root(count: SearchCount) -> Routine[int, None, int]:
    ...     a = yield Child(0, 1, None)
    ...     bc = yield Together((Child(0, 2, None), Child(0, 3, None)))
    ...     return a + sum(bc)
    >>> run_here(leaf, root(SearchCount()), SearchCount())
    leaf 1
    leaf 2
    leaf 3
    (6, 2)
    """
    span = 0
    reply: Any = None
    send = routine.send
    # Inv: span is the span of the requests answered so far.
    # (Dispatch by type, not match: this loop runs once per request of every node searched.)
    while True:
        try:
            request = send(reply)
        except StopIteration as done:
            return done.value, span or 1
        if type(request) is Child:
            reply, child_span = run_here(
                node, node(request.depth, request.state, request.window, count), count)
            span += child_span
        elif type(request) is Together:
            got = [run_here(node, node(c.depth, c.state, c.window, count), count)
                   for c in request.children]
            reply = [v for v, _ in got]
            span += max((sp for _, sp in got), default=0)
        elif type(request) is Say:
            print(request.text, end="")
            reply = None


@final
@attrs.frozen
class Part(Generic[R]):
    """What searching one subtree gave: its result, span, counts and printed text."""

    result: R
    """The subtree's result."""
    span: int
    """Terminals on its critical path."""
    terminals: int
    """Terminals visited in it."""
    nodes: int
    """States visited in it."""
    text: str
    """What it printed (trace lines included), in the sequential order."""
    task_span: int
    """Terminals on its critical path with every task indivisible: a task's terminals, a split
    node's by the span rule (the span of the tasks as they were cut; run here, all of them)."""


def run(
    node: NodeFn[S, W, V],
    root: Callable[[SearchCount], Routine[S, W, R]],
    *,
    game: GAME[S, Any],
    executor: Executor | None,
    grain: int,
    coarse: int,
) -> Part[R]:
    """The root's routine ``root(count)`` run here, or with its subtrees as tasks of ``executor``.

    REQUIRES: ``node`` picklable (a bound method of a frozen player without its executor) for
    a process or Dask executor; ``grain >= 1``, ``0 <= coarse <= grain`` (``split_plies``).
    ENSURES: the result, span and counts of ``run_here``. With no executor (or a serial one)
    it is ``run_here``, printing as it goes (``text`` empty); otherwise a child at ply
    ``grain``, at depth 0 or finished is one task, one above may be split here (always above
    ply ``coarse``), and ``text`` is what the whole search printed, in the sequential order.

    >>> from sml150.lib.explicit import HandoutSmall as G
    >>> def node(d: int, s: object, w: None, count: SearchCount) -> Routine[object, None, int]:
    ...     if count.enter(G, d, s) is not None:
    ...         return 1
    ...     leaves = yield Together(tuple(Child(d - 1, G.make_move(s, m), None)
    ...                                   for m in G.moves(s)))
    ...     return sum(leaves)
    >>> p = run(node, lambda c: node(2, G.start, None, c), game=G, executor=None, grain=1,
    ...         coarse=0)
    Estimating state c[3]
    ...
    Estimating state m[9]
    >>> p.result, p.span, p.terminals, p.nodes, p.text  # every leaf side by side: span 1
    (9, 1, 9, 13, '')
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as ex:  # the root split, its 3 children whole tasks
    ...     q = run(node, lambda c: node(2, G.start, None, c), game=G, executor=ex, grain=1,
    ...             coarse=1)
    >>> q.result, q.span, q.terminals, q.task_span  # a task of 3 leaves on the critical path
    (9, 1, 9, 3)
    """
    if executor is None or _is_serial(executor):
        count = SearchCount()
        result, span = run_here(node, root(count), count)
        return Part(result, span, count.terminals, count.nodes, "", count.terminals)
    from sml150.parallel.tree import Shipped, run_tree

    progress = SearchCount()  # what the workers searched so far, for a live status
    here = SearchCount(watched=False)
    return run_tree(
        executor,
        lambda sched: _Split(sched, Shipped(node), game, grain).routine(
            (), root(here), here),
        coarse=coarse,
        on_task=progress.add,
    )


@final
@attrs.frozen
class _Split(Generic[S, W, V]):
    """One parallel run's orchestrator: its scheduler and the routine sent to the workers."""

    sched: TreeScheduler
    """Decides what runs whole and what splits (``sml150.parallel.tree``)."""
    node: Shipped[NodeFn[S, W, V]]
    """The children's routine, sent once to each worker."""
    game: GAME[S, Any]
    """The game (a finished state is never split)."""
    grain: int
    """The deepest ply split."""

    async def child(self, key: tuple[int, ...], c: Child[S, W]) -> Part[Any]:
        """The child ``c`` at ply ``len(key)``: one task, or split here.

        Its height is its depth, so that the scheduler splits it only while its children's
        tasks are worth it.
        """
        whole = _Task(self.node, c)
        if (len(key) >= self.grain or c.depth == 0
                or not isinstance(self.game.status(c.state), In_play)):
            return await self.sched.subtree(key, whole, height=c.depth)
        count = SearchCount(watched=False)
        return await self.sched.subtree(key, whole, lambda: self.routine(
            key, self.node.get()(c.depth, c.state, c.window, count), count), height=c.depth)

    async def routine(self, key: tuple[int, ...], routine: Routine[S, W, R],
                      count: SearchCount) -> Part[R]:
        """Drive ``routine`` (the node at ``key``) here, its children by ``child``."""
        from sml150.parallel.tree import gather

        parts: list[Part[Any]] = []
        text: list[str] = []
        span = tasks = 0
        reply: Any = None
        # Inv: parts and text hold the children answered so far and the text said, in order;
        # span and tasks are the span and task span of the requests answered so far.
        while True:
            try:
                request = routine.send(reply)
            except StopIteration as done:
                return Part(done.value, span or 1,
                            count.terminals + sum(p.terminals for p in parts),
                            count.nodes + sum(p.nodes for p in parts), "".join(text),
                            tasks or 1)
            match request:
                case Child():
                    part = await self.child((*key, len(parts)), request)
                    parts.append(part)
                    text.append(part.text)
                    span += part.span
                    tasks += part.task_span
                    reply = part.result
                case Together(children):
                    first = len(parts)
                    got = await gather(self.child((*key, first + i), c)
                                       for i, c in enumerate(children))
                    parts += got
                    text += [p.text for p in got]
                    span += max((p.span for p in got), default=0)
                    tasks += max((p.task_span for p in got), default=0)
                    reply = [p.result for p in got]
                case Say(said):
                    text.append(said)
                    reply = None


def _is_serial(ex: Executor) -> bool:
    """Whether ``ex`` runs each task at submit (then the search runs here, printing as it goes)."""
    from sml150.parallel import is_serial

    return is_serial(ex)


@final
@attrs.frozen
class _Task(Generic[S, W, V]):
    """A task: ``run_here`` on one child's subtree.

    Pickled (for another process only) with its child pickled ahead by the C pickler
    (``sml150.parallel.tasks.Pickled``: twice as fast as the executors' cloudpickle on a
    state of many small records).
    """

    node: Shipped[NodeFn[S, W, V]]
    """The children's routine."""
    child: Child[S, W]
    """The subtree's root."""

    def __call__(self) -> Part[V]:
        return _whole(self.node, self.child)

    def __reduce__(self) -> tuple[type[functools.partial[Part[V]]], tuple[Any, ...]]:
        from sml150.parallel.tasks import Pickled

        # unpickled as functools.partial(_unpickled, node, child): the same call
        return functools.partial, (_unpickled, self.node, Pickled.of(self.child))


def _unpickled(node: Shipped[NodeFn[S, W, V]], child: Pickled[Child[S, W]]) -> Part[V]:
    """A task as a worker unpickles it: its child loaded and searched."""
    return _whole(node, child.load())


def _whole(node: Shipped[NodeFn[S, W, V]], c: Child[S, W]) -> Part[V]:
    """A task: ``run_here`` on one subtree, its printing captured."""
    from sml150.parallel import captured_call

    count = SearchCount()
    routine = node.get()
    done = captured_call(run_here, routine, routine(c.depth, c.state, c.window, count), count)
    result, span = done.result
    return Part(result, span, count.terminals, count.nodes, done.text, count.terminals)


def split_plies(player: str, grain: int | None, coarse: int | None, depth: int
                ) -> tuple[int, int]:
    """A parallel player's split plies, ``(grain, coarse)``, with their defaults.

    REQUIRES: ``grain >= 1`` and ``0 <= coarse <= grain`` where given (else ``ValueError``).
    ENSURES: ``grain`` defaults to ``depth - 2``, at least 1 (tasks of two plies or more),
    ``coarse`` to ``grain - 1`` (see ``sml150.parallel.tree``).

    >>> split_plies("Jamboree", None, None, 7), split_plies("Jamboree", 1, None, 2)
    ((5, 4), (1, 0))
    >>> split_plies("Jamboree", 3, 4, 7)
    Traceback (most recent call last):
    ...
    ValueError: Jamboree needs 0 <= coarse <= grain (plies split adaptively), not 4 and 3
    """
    if grain is None:
        grain = max(1, depth - 2)
    if grain < 1:
        raise ValueError(f"{player} needs grain >= 1 (the ply of the parallel tasks), not {grain}")
    if coarse is not None and not 0 <= coarse <= grain:
        raise ValueError(f"{player} needs 0 <= coarse <= grain (plies split adaptively), "
                         f"not {coarse} and {grain}")
    return grain, grain - 1 if coarse is None else coarse
