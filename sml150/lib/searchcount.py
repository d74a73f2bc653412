"""``SearchCount``: the bookkeeping every search player shares (MiniMax, AlphaBeta, Jamboree).

``SearchCount`` is the one mutable record a search uses: each public call creates its own and
nothing else changes it, so the players stay pure functions of their arguments. A watcher (the
``sml150`` command's live status) may *read* the counts of the searches running inside
``watch_searches()``, from another thread; that changes nothing a search computes or prints.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import attrs

from sml150.lib.est import est
from sml150.lib.signatures import GAME, In_play, Over, outcome_value

__all__ = ["SearchCount", "require_in_play", "require_player_depth", "watch_searches"]

_watchers: list[list[SearchCount]] = []
"""The open ``watch_searches`` blocks: each collects the counts created while it is open."""
_watchers_lock = threading.Lock()


class Counted(Protocol):
    """What a search (or a part of one) visited: terminals and states."""

    @property
    def terminals(self) -> int:
        """States estimated, or found finished."""

    @property
    def nodes(self) -> int:
        """States entered, terminals included."""


@attrs.define
class SearchCount:
    """What one search call has visited so far; private to that call.

    >>> c = SearchCount(nodes=1)
    >>> c.terminals += 1
    >>> c
    SearchCount(terminals=1, nodes=1)
    """

    terminals: int = 0
    """States estimated, or found finished ("Terminals visited")."""
    nodes: int = 0
    """States entered, terminals included."""
    watched: bool = attrs.field(default=True, kw_only=True, eq=False, repr=False)
    """Whether ``watch_searches`` sees this count (``False``: a node that a parallel search
    splits in its orchestrator; a watcher counts what the workers searched, by their tasks)."""

    def __attrs_post_init__(self) -> None:
        if self.watched and _watchers:  # only while someone watches: nothing to do otherwise
            with _watchers_lock:
                for seen in _watchers:
                    seen.append(self)

    def add(self, counted: Counted) -> None:
        """Count what another process searched for this call (a parallel search's task).

        >>> c = SearchCount()
        >>> c.add(SearchCount(terminals=3, nodes=5)); c
        SearchCount(terminals=3, nodes=5)
        """
        self.terminals += counted.terminals
        self.nodes += counted.nodes

    def enter(self, g: GAME[Any, Any], d: int, s: object) -> est | None:
        """Count a visit of ``s`` at depth ``d``; its value if the search stops there.

        ENSURES: a finished state is worth its outcome (``outcome_value``, no estimate); at
        ``d == 0`` the estimate; both count as terminals. ``None``: search the children.

        >>> from sml150.lib.explicit import HandoutSmall
        >>> c = SearchCount()
        >>> c.enter(HandoutSmall, 1, HandoutSmall.start), c
        (None, SearchCount(terminals=0, nodes=1))
        """
        self.nodes += 1
        match g.status(s):
            case Over(outcome):
                self.terminals += 1
                return outcome_value(outcome)
            case In_play() if d == 0:
                self.terminals += 1
                return g.estimate(s)
        return None


def require_in_play(g: GAME[Any, Any], s: object, where: str = "") -> None:
    """Refuse to choose a move in a finished game, naming the state (and ``where``, if given).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> require_in_play(HandoutSmall, HandoutSmall.start) is None
    True
    """
    if not isinstance(g.status(s), In_play):
        prefix = f"{where}: " if where else ""
        raise ValueError(
            f"{prefix}no move to choose: the game is over in {g.state_to_string(s)}")


def require_player_depth(player: str, depth: int) -> None:
    """A player must look at least one move ahead.

    >>> require_player_depth("MiniMax", 0)
    Traceback (most recent call last):
    ...
    ValueError: MiniMax needs search_depth >= 1 to choose a move, not 0
    """
    if depth < 1:
        raise ValueError(f"{player} needs search_depth >= 1 to choose a move, not {depth}")


@contextmanager
def watch_searches() -> Iterator[list[SearchCount]]:
    """Collect every ``SearchCount`` created inside the block (in any thread), for reading.

    ENSURES: the yielded list holds the counts of the searches started in the block, so
    ``sum(c.nodes for c in list(seen))`` is the positions searched so far; the searches
    themselves are unchanged.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> from sml150.lib.minimax import MiniMax
    >>> from sml150.lib.signatures import Settings
    >>> with watch_searches() as seen:
    ...     _ = MiniMax(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start)
    Estimating state c[3]
    ...
    >>> sum(c.nodes for c in seen)
    13
    """
    seen: list[SearchCount] = []
    with _watchers_lock:
        _watchers.append(seen)
    try:
        yield seen
    finally:
        with _watchers_lock:
            _watchers[:] = [w for w in _watchers if w is not seen]
