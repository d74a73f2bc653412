"""``Adapter``: a GAME seen as integer negamax, with the hooks it provides bound once.

``adapt(game)`` binds what the engine's searches call at every node: the terminal test with
its node-relative score, the heuristic, the move order, the table key (canonical under the
game's symmetries), and the optional hooks (``sml150.search.hooks``); a game without hooks is
searched through the plain GAME members.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, final

import attrs
from mypy_extensions import trait

from sml150.lib.signatures import GAME, In_play, Over, Player, Winner
from sml150.search.hooks import (
    FastScores,
    MoveOrdering,
    ScoreBounds,
    Symmetric,
    TTKey,
    WinningMove,
)
from sml150.search.score import WIN, Score, est_to_score

__all__ = ["Adapter", "NativeHooks", "adapt"]


@trait
class NativeHooks:
    """The hooks of a game compiled with the engine, which its compiled kernel calls as C.

    A game class compiled in the same mypyc build (``sml150.NATIVE_MODULES``) that provides
    every hook below may declare this trait (the compiled build's ``KInARow`` and
    ``ConnectFour`` structures do): the compiled kernel then calls its hooks directly, as C
    functions, instead of through the adapter's Python callables, and gets their pairs back
    without a tuple made for them. Same hooks, same answers (``sml150.search.hooks``); the pure
    build never calls them so.
    """

    def terminal_score(self, s: Any) -> Score | None:
        """Hook ``FastScores``."""
        raise NotImplementedError

    def heuristic(self, s: Any) -> Score:
        """Hook ``FastScores``."""
        raise NotImplementedError

    def ordered_moves(self, s: Any) -> Sequence[Any]:
        """Hook ``MoveOrdering``."""
        raise NotImplementedError

    def make_move(self, s: Any, m: Any) -> Any:
        """The GAME's ``make_move``."""
        raise NotImplementedError

    def canonical(self, s: Any) -> tuple[Any, int]:
        """Hook ``Symmetric``."""
        raise NotImplementedError

    def move_to_canonical(self, m: Any, sym: int) -> Any:
        """Hook ``Symmetric``."""
        raise NotImplementedError

    def move_from_canonical(self, m: Any, sym: int) -> Any:
        """Hook ``Symmetric``."""
        raise NotImplementedError

    def winning_move(self, s: Any) -> Any:
        """Hook ``WinningMove``."""
        raise NotImplementedError

    def score_bounds(self, s: Any) -> tuple[Score, Score]:
        """Hook ``ScoreBounds``."""
        raise NotImplementedError


@final
@attrs.frozen
class Adapter:
    """A GAME seen as integer negamax: node-relative scores for the side to move."""

    game: GAME[Any, Any]
    """The game."""
    terminal: Callable[[Any], Score | None]
    """``None`` while In_play, else the finished position's node-relative score."""
    heuristic: Callable[[Any], Score]
    """The mover's estimate of an In_play position (node-relative)."""
    moves: Callable[[Any], Sequence[Any]]
    """The moves to search, in order (possibly without provably losing ones)."""
    all_moves: Callable[[Any], Sequence[Any]]
    """Every legal move, in the search order first (for all-best-moves at the root)."""
    play: Callable[[Any, Any], Any]
    """``make_move``."""
    key: Callable[[Any], Hashable]
    """The table key (``tt_key``, the canonical key, or the state)."""
    canonical: Callable[[Any], tuple[Hashable, int]] | None
    """``(key, sym)`` for a ``Symmetric`` game, else ``None``."""
    to_canonical: Callable[[Any, int], Any] | None
    """Move map into canonical orientation (``Symmetric``)."""
    from_canonical: Callable[[Any, int], Any] | None
    """Move map back from canonical orientation (``Symmetric``)."""
    winning: Callable[[Any], Any] | None
    """The ``WinningMove`` hook, if any."""
    bounds: Callable[[Any], tuple[Score, Score]] | None
    """The ``ScoreBounds`` hook, if any."""
    player: Callable[[Any], Player]
    """Whose turn it is."""
    hooks: bool = True
    """Whether the game's hooks are used (``adapt``'s argument)."""

    def __reduce__(self) -> tuple[Callable[[GAME[Any, Any], bool], Adapter],
                                  tuple[GAME[Any, Any], bool]]:
        """Pickled as ``adapt(game, hooks)``, made again where it is unpickled.

        Its members are closures over the game, which a compiled build (mypyc) cannot pickle;
        the game can be, and the receiving process adapts it with its own build.

        >>> import pickle
        >>> from sml150.lib.explicit import HandoutSmall
        >>> pickle.loads(pickle.dumps(adapt(HandoutSmall))).moves(HandoutSmall.start)
        (0, 1, 2)
        """
        return adapt, (self.game, self.hooks)


def adapt(game: GAME[Any, Any], hooks: bool = True) -> Adapter:
    """The integer-negamax view of ``game``, using its hooks unless ``hooks=False``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> a = adapt(HandoutSmall)
    >>> a.terminal(HandoutSmall.start) is None, list(a.moves(HandoutSmall.start))
    (True, [0, 1, 2])
    """
    g = game
    status = g.status
    player = g.player
    estimate = g.estimate
    gmoves = g.moves

    def plain_terminal(s: Any) -> Score | None:
        st = status(s)
        if st.__class__ is In_play:
            return None
        if not isinstance(st, Over):
            raise TypeError(f"{type(g).__name__}.status returned {st!r}, not a Status")
        o = st.outcome
        if isinstance(o, Winner):
            return WIN if o.player is player(s) else -WIN
        return 0

    def plain_heuristic(s: Any) -> Score:
        return est_to_score(estimate(s), player(s))

    def plain_moves(s: Any) -> Sequence[Any]:
        return tuple(gmoves(s))

    terminal: Callable[[Any], Score | None] = plain_terminal
    heuristic: Callable[[Any], Score] = plain_heuristic
    moves: Callable[[Any], Sequence[Any]] = plain_moves
    all_moves: Callable[[Any], Sequence[Any]] = plain_moves
    key: Callable[[Any], Hashable] = _identity
    canonical = to_c = from_c = None
    winning = bounds = None
    if hooks:
        if isinstance(g, FastScores):
            terminal = g.terminal_score
            heuristic = g.heuristic
        if isinstance(g, MoveOrdering):
            moves = g.ordered_moves
            ordered = g.ordered_moves

            def every_move(s: Any) -> Sequence[Any]:
                first = tuple(ordered(s))
                return first + tuple(m for m in gmoves(s) if m not in first)

            all_moves = every_move
        if isinstance(g, Symmetric):
            canonical = g.canonical
            to_c = g.move_to_canonical
            from_c = g.move_from_canonical
            canon = g.canonical

            def canonical_key(s: Any) -> Hashable:
                return canon(s)[0]

            key = canonical_key
        elif isinstance(g, TTKey):
            key = g.tt_key
        if isinstance(g, WinningMove):
            winning = g.winning_move
        if isinstance(g, ScoreBounds):
            bounds = g.score_bounds
    return Adapter(g, terminal, heuristic, moves, all_moves, g.make_move, key, canonical, to_c,
                   from_c, winning, bounds, player, hooks)


def _identity(s: Any) -> Hashable:
    return s  # type: ignore[no-any-return]  # a state with no tt_key is its own (hashable) key
