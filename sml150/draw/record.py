"""Recording a search as it runs, without changing it: a wrapped GAME and a probe.

Two instruments, both outside the searches (whose code and results stay as they are):

- ``RecordingGame`` wraps a GAME. Each state it hands out is a ``Traced`` state: the real
  state plus the number of the node it is (the root is node 0). ``make_move`` records which
  node a move made from which (``Created``), ``estimate`` records each estimate in the order it
  was asked for (``Estimated``); every other member passes the real state through. The engine's
  optional hooks (``sml150.search.hooks``) are passed through too, where the wrapped game has
  them, so the engine searches the wrapped game exactly as it searches the game itself (the same
  order, the same table keys).
- ``probe`` reads each node's window and result where the search itself holds them: it watches
  the calls of the search's node function (``sys.setprofile``, this thread only) and records the
  arguments it was called with (``Entered``: the state, the window) and what it returned
  (``Left``). A ``Spot`` says which function that is and how to read its arguments.

Both write into one ``Log``, so the events are in the order they happened.

>>> from sml150.lib.explicit import HandoutSmall
>>> log = Log()
>>> g = recording_game(HandoutSmall, log)
>>> c = g.make_move(g.make_move(g.start, 0), 2)
>>> g.estimate(c)
Estimating state e[~2]
Guess(n=-2)
>>> [type(e).__name__ for e in log.events], log.nodes[2].move, log.nodes[2].ply
(['Created', 'Created', 'Estimated'], 2, 2)

(About 410 lines: the two instruments write one log, and are read together; most of it is the
GAME's members and hooks passed through, one short method each.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any, TypeAlias, final

import attrs
from returns.maybe import Maybe

from sml150.lib.est import est
from sml150.lib.seq import Seq
from sml150.lib.signatures import EST, GAME, Player, Status
from sml150.search.hooks import (
    FastScores,
    Horizon,
    MoveOrdering,
    ScoreBounds,
    Symmetric,
    TTKey,
    WinningMove,
)
from sml150.search.score import Score, score_to_est

__all__ = [
    "Created",
    "Entered",
    "Estimated",
    "Event",
    "Left",
    "Log",
    "NodeInfo",
    "RecordingGame",
    "Spot",
    "TooLarge",
    "Traced",
    "probe",
    "recording_game",
]


@final
@attrs.frozen
class Traced:
    """A state handed to a search by ``RecordingGame``: the real state and its node number.

    Equal and hashed as the real state (a transposition table keyed by states still finds
    transpositions); the node number only says which node of the drawing it is.

    >>> Traced("s", 1) == Traced("s", 2)
    True
    """

    state: Any
    """The game's own state."""
    node: int = attrs.field(eq=False)
    """Its node in the ``Log`` (0 the root)."""


@final
@attrs.frozen
class NodeInfo:
    """A node the search made: its state, its parent and the move that made it."""

    state: Any
    """The game's own state."""
    parent: int | None
    """The node it was made from (``None``: the root)."""
    move: Any
    """The move that made it (``None`` at the root)."""
    ply: int
    """Moves from the root."""


@final
@attrs.frozen
class Created:
    """``make_move`` made node ``child`` from node ``parent``."""

    parent: int
    """The node moved from."""
    child: int
    """The node made."""


@final
@attrs.frozen
class Estimated:
    """``estimate`` (or the engine's ``heuristic`` hook) was asked for node ``node``."""

    node: int
    """The node estimated."""
    value: est
    """What the estimate said (absolute: positive favours Maxie)."""


@final
@attrs.frozen
class Entered:
    """The search's node function was called on node ``node`` with ``window``."""

    node: int
    """The node entered."""
    window: Any
    """The window as the search holds it (its own type), or ``None`` if it has none."""
    parallel: bool = False
    """Entered as one of children searched side by side (a Jamboree's parallel part)."""


@final
@attrs.frozen
class Left:
    """The search's node function returned ``result`` for node ``node``."""

    node: int
    """The node left."""
    result: Any
    """What it returned (the search's own type)."""


Event: TypeAlias = Created | Estimated | Entered | Left
"""What a ``Log`` records, in order."""


class TooLarge(Exception):
    """A recorded search made more positions than its ``Log`` holds (it is stopped there)."""


@attrs.define
class Log:
    """The nodes a recorded search made and what happened to them, in order.

    Mutable while one search runs (one log per search); read afterwards.

    >>> log = Log()
    >>> log.add_node("s", None, None), log.nodes[0].ply
    (0, 0)
    """

    nodes: list[NodeInfo] = attrs.Factory(list)
    """Node ``i`` is ``nodes[i]``."""
    events: list[Event] = attrs.Factory(list)
    """What happened, in order."""
    limit: int | None = None
    """The most nodes recorded: one more stops the search (``TooLarge``); ``None``: no limit."""

    def add_node(self, state: Any, parent: int | None, move: Any) -> int:
        """Number a new node (its ply one more than its parent's).

        >>> log = Log(limit=1)
        >>> log.add_node("s", None, None)
        0
        >>> log.add_node("t", 0, 1)
        Traceback (most recent call last):
        ...
        sml150.draw.record.TooLarge: the search made more than 1 positions: too many to draw
        """
        if self.limit is not None and len(self.nodes) >= self.limit:
            raise TooLarge(f"the search made more than {self.limit} positions: too many to draw")
        ply = 0 if parent is None else self.nodes[parent].ply + 1
        self.nodes.append(NodeInfo(state, parent, move, ply))
        return len(self.nodes) - 1


def _real(s: object) -> Any:
    if not isinstance(s, Traced):
        raise TypeError(f"a recorded search passed a state it was not given: {s!r}")
    return s.state


class RecordingGame:
    """A GAME that is ``inner`` with every state ``Traced`` and its moves and estimates logged.

    Build one with ``recording_game`` (which adds the hooks ``inner`` has).
    """

    def __init__(self, inner: GAME[Any, Any], log: Log) -> None:
        self.inner = inner
        self.log = log
        self._start = Traced(inner.start, log.add_node(inner.start, None, None))

    @property
    def Est(self) -> EST:
        """The inner game's ``Est``."""
        return self.inner.Est

    @property
    def start(self) -> Traced:
        """The root (always the same ``Traced`` object, node 0 of a fresh log)."""
        return self._start

    def moves(self, s: Traced) -> Seq[Any]:
        """The inner game's moves."""
        return self.inner.moves(_real(s))

    def status(self, s: Traced) -> Status:
        """The inner game's status."""
        return self.inner.status(_real(s))

    def player(self, s: Traced) -> Player:
        """The inner game's player to move."""
        return self.inner.player(_real(s))

    def make_move(self, s: Traced, m: Any) -> Traced:
        """The inner game's move, as a new node (``Created``)."""
        child = self.inner.make_move(_real(s), m)
        node = self.log.add_node(child, s.node, m)
        self.log.events.append(Created(s.node, node))
        return Traced(child, node)

    def estimate(self, s: Traced) -> est:
        """The inner game's estimate (``Estimated``)."""
        e = self.inner.estimate(_real(s))
        self.log.events.append(Estimated(s.node, e))
        return e

    def move_to_string(self, m: Any) -> str:
        """The inner game's move text."""
        return self.inner.move_to_string(m)

    def state_to_string(self, s: Traced) -> str:
        """The inner game's state text."""
        return self.inner.state_to_string(_real(s))

    def parse_move(self, s: Traced, line: str) -> Maybe[Any]:
        """The inner game's move parser."""
        return self.inner.parse_move(_real(s), line)


def _on_state(name: str) -> Callable[..., Any]:
    def forward(self: RecordingGame, s: Traced, *rest: Any) -> Any:
        return getattr(self.inner, name)(_real(s), *rest)

    forward.__name__ = name
    forward.__doc__ = f"The inner game's ``{name}`` hook on the real state."
    return forward


def _plain(name: str) -> Callable[..., Any]:
    def forward(self: RecordingGame, *args: Any) -> Any:
        return getattr(self.inner, name)(*args)

    forward.__name__ = name
    forward.__doc__ = f"The inner game's ``{name}``."
    return forward


def _heuristic(self: RecordingGame, s: Traced) -> Score:
    """The inner game's ``heuristic`` hook, logged as an estimate (``Estimated``)."""
    real = _real(s)
    v: Score = self.inner.heuristic(real)  # type: ignore[attr-defined]  # present: see _HOOKS
    self.log.events.append(Estimated(s.node, score_to_est(v, self.inner.player(real))))
    return v


_HOOKS: Sequence[tuple[type, Mapping[str, Callable[..., Any]]]] = (
    (TTKey, {"tt_key": _on_state("tt_key")}),
    (Symmetric, {"canonical": _on_state("canonical"),
                 "move_to_canonical": _plain("move_to_canonical"),
                 "move_from_canonical": _plain("move_from_canonical")}),
    (MoveOrdering, {"ordered_moves": _on_state("ordered_moves")}),
    (WinningMove, {"winning_move": _on_state("winning_move")}),
    (ScoreBounds, {"score_bounds": _on_state("score_bounds")}),
    (FastScores, {"terminal_score": _on_state("terminal_score"), "heuristic": _heuristic}),
    (Horizon, {"plies_left": _on_state("plies_left")}),
)
"""The engine's hooks: a recording game has each one its inner game has, on the real state."""

_HW10_MEMBERS: Mapping[str, Callable[..., Any]] = {
    "detailed_move_to_string": _on_state("detailed_move_to_string"),
    "is_valid_move": _on_state("is_valid_move"),
    "move_eq": _plain("move_eq"),
    "move_to_descriptor": _plain("move_to_descriptor"),
    "outcome_to_est": _plain("outcome_to_est"),
    "outcome_to_string": _plain("outcome_to_string"),
    "player_to_string": _plain("player_to_string"),
}
"""HW10's ESTGAME helpers, passed through where the inner game has them."""


def recording_game(inner: GAME[Any, Any], log: Log) -> RecordingGame:
    """``inner`` wrapped to record into ``log`` (node 0: its start), with the hooks it has.

    ENSURES: a search of the result makes the moves, estimates and choices it makes on
    ``inner`` (states are ``Traced``; moves, estimates and texts are the inner game's).

    >>> from sml150.games.tictactoe import KInARow
    >>> from sml150.search.hooks import Symmetric
    >>> isinstance(recording_game(KInARow(3, 3), Log()), Symmetric)
    True
    """
    members: dict[str, Callable[..., Any]] = {}
    for protocol, hooks in _HOOKS:
        if isinstance(inner, protocol):
            members.update(hooks)
    members.update({k: f for k, f in _HW10_MEMBERS.items() if callable(getattr(inner, k, None))})
    cls: type[RecordingGame] = type("RecordingGame", (RecordingGame,), members)
    return cls(inner, log)


# -- the probe ------------------------------------------------------------------------------


@final
@attrs.frozen
class Spot:
    """Where a search holds a node's window: a function, and how to read a call of it.

    ``enter(frame)`` reads a call's frame: ``(state, window, parallel)``, or ``None`` for a call
    that is not a node (it is then not recorded); ``leave(value)`` turns what the call returned
    into the node's result. ``learn(frame)``, if given, names more functions to watch from a
    call (the engine's kernel builds its node function per search).
    """

    code: CodeType
    """The function's code object."""
    enter: Callable[[FrameType], tuple[object, object, bool] | None]
    """A call's ``(state, window, parallel)``, or ``None``."""
    leave: Callable[[Any], Any] = attrs.field(default=lambda v: v)
    """The node's result from the returned value."""
    learn: Callable[[FrameType], Sequence[Spot]] | None = None
    """More spots found in a call (read once per call)."""


@final
class _Probe:
    """The profile function: records ``Entered``/``Left`` for the calls of the spots."""

    def __init__(self, log: Log, spots: Sequence[Spot]) -> None:
        self.log = log
        self.spots: dict[CodeType, Spot] = {s.code: s for s in spots}
        self.open: list[tuple[FrameType, Spot, int]] = []

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            spot = self.spots.get(frame.f_code)
            if spot is None:
                return
            if spot.learn is not None:
                for more in spot.learn(frame):
                    self.spots.setdefault(more.code, more)
            found = spot.enter(frame)
            if found is None:
                return
            state, window, parallel = found
            if not isinstance(state, Traced):
                return  # a state the recording game did not make: not part of this search
            self.open.append((frame, spot, state.node))
            self.log.events.append(Entered(state.node, window, parallel))
        elif event == "return" and self.open and self.open[-1][0] is frame:
            _, spot, node = self.open.pop()
            self.log.events.append(Left(node, spot.leave(arg)))


@contextmanager
def probe(log: Log, spots: Sequence[Spot]) -> Iterator[None]:
    """Record the calls of ``spots`` into ``log`` while the block runs (this thread).

    ENSURES: the block runs as it would without the probe (its results are unchanged); any
    profile function set before is restored afterwards.

    >>> def node(s: object, w: int) -> int:
    ...     return w + 1
    >>> log = Log()
    >>> root = Traced("s", log.add_node("s", None, None))
    >>> spot = Spot(node.__code__, lambda f: (f.f_locals["s"], f.f_locals["w"], False))
    >>> with probe(log, [spot]):
    ...     node(root, 4)
    5
    >>> log.events
    [Entered(node=0, window=4, parallel=False), Left(node=0, result=5)]
    """
    before = sys.getprofile()
    sys.setprofile(_Probe(log, spots))
    try:
        yield
    finally:
        sys.setprofile(before)
