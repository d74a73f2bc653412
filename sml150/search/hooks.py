"""Game hooks: optional members a GAME structure may provide to make the engine faster.

The engine plays any ``sml150.lib.signatures.GAME``. A game may also provide any of the members
below, as methods of the same structure; the engine checks for each Protocol once per search
(``isinstance(game, Hook)``) and then calls the members directly in its hot loop. Every hook must
agree with the GAME it sits on: a hook may make the search faster, never change its value.

Scores in hooks are ``sml150.search.score`` scores, *node-relative* and from the side to move's
view: ``win_in(k)`` is "the mover wins ``k`` plies from this position".

1. ``TTKey`` — ``tt_key(s)``: a hashable key for the transposition table. ENSURES: equal keys
   only for positions with the same value at every depth (the same position, or one equal
   under a symmetry of the game). A small ``int`` (a bitboard) is fastest. Without it the state
   itself is the key (frozen attrs states hash by value).
2. ``Symmetric`` — ``canonical(s) -> (key, sym)`` plus ``move_to_canonical(m, sym)`` and
   ``move_from_canonical(m, sym)``: the key of the canonical orientation and the symmetry
   ``sym`` (an ``int``, the game's own numbering) that takes ``s`` to it. The table stores the
   best move in canonical orientation and maps it back, so a stored move is right in every
   orientation. ENSURES: ``move_from_canonical(move_to_canonical(m, k), k) == m``, and the two
   maps are bijections between the moves of ``s`` and those of its canonical form. (A game with
   only ``tt_key`` may also canonicalise: the engine then uses a stored move only if it is
   legal here, as an ordering hint.)
3. ``MoveOrdering`` — ``ordered_moves(s)``: the moves to search at an In_play ``s``, best-looking
   first, as a plain ``tuple`` or ``list`` (no ``Seq``), e.g. centre-first or by threats.
   ENSURES: non-empty; a subset of ``moves(s)`` with no repeats; a move of ``moves(s)`` may be
   left out only if some kept move is provably at least as good for the mover (Pons' "non-losing
   moves": drop a move after which the opponent wins at once, unless every move is such a move;
   then keep at least one). The engine drops moves only where at least 2 plies are left to
   search: one ply from the horizon a move the opponent refutes at once is judged by the
   estimate after it, so there it searches this order followed by the rest of ``moves(s)``.
   Without this hook the engine searches ``moves(s)`` in its order.
4. ``WinningMove`` — ``winning_move(s)``: a move that wins for the mover at once (the game is
   ``Over(Winner(mover))`` after it), or ``None`` if there is none. The engine calls it at In_play
   nodes with depth left >= 1 before expanding, and scores such a node ``win_in(1)``.
5. ``ScoreBounds`` — ``score_bounds(s) -> (lo, hi)``: node-relative bounds on the value of an
   In_play ``s`` at every search depth, ``lo <= value <= hi`` (e.g. "no win before ply 3" is
   ``hi = win_in(3)``; a position that can only be drawn is ``(0, 0)``). The engine clamps its
   window to them as Pons does. REQUIRES of the game: the bounds hold for depth-limited values
   too, so they must also bound the game's estimates (mate-distance bounds always do).
6. ``FastScores`` — ``terminal_score(s)`` and ``heuristic(s)``: the integer path that bypasses
   ``status``/``estimate``/``player`` and the ``Est`` records. ``terminal_score(s)`` is ``None``
   while ``s`` is In_play, else the exact node-relative score of the finished ``s`` for the side
   to move there (``loss_in(0)`` if the opponent has just won, ``0`` for a draw).
   ``heuristic(s)`` is the side to move's view of ``estimate(s)`` for an In_play ``s``
   (``est_to_score(estimate(s), player(s))``). A game with ``FastScores`` should also give
   ``MoveOrdering`` (its moves then never go through a ``Seq``).
7. ``Horizon`` — ``plies_left(s)``: an upper bound on the moves left in the game from ``s``
   (every line from ``s`` ends within that many plies; a board that fills: its empty cells).
   A solve to the end of the game then searches to that depth at once, instead of deepening
   one ply at a time until every line ends (``sml150.search.iterative.to_the_end``).

>>> from sml150.search.score import win_in
>>> class Toy:
...     def tt_key(self, s: int) -> int: return s
...     def winning_move(self, s: int) -> int | None: return None
>>> isinstance(Toy(), TTKey), isinstance(Toy(), WinningMove), isinstance(Toy(), Symmetric)
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from sml150.search.score import Score

__all__ = [
    "FastScores",
    "Horizon",
    "MoveOrdering",
    "ScoreBounds",
    "Symmetric",
    "TTKey",
    "WinningMove",
]

State_contra = TypeVar("State_contra", contravariant=True)
Move = TypeVar("Move")
Move_co = TypeVar("Move_co", covariant=True)


@runtime_checkable
class TTKey(Protocol[State_contra]):
    """Hook 1: a transposition-table key (possibly canonical under symmetries).

    >>> class K:
    ...     def tt_key(self, s: str) -> str: return s.lower()
    >>> isinstance(K(), TTKey)
    True
    """

    def tt_key(self, s: State_contra) -> Hashable:
        """A hashable key; equal keys only for positions of equal value at every depth."""
        ...


@runtime_checkable
class Symmetric(Protocol[State_contra, Move]):
    """Hook 2: canonical key plus the symmetry, and the move maps to and from canonical form.

    >>> class Mirror:  # moves are columns 0..2 of a 3-wide board, states are column tuples
    ...     def canonical(self, s: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    ...         return min((s, 0), (s[::-1], 1))
    ...     def move_to_canonical(self, m: int, sym: int) -> int: return 2 - m if sym else m
    ...     def move_from_canonical(self, m: int, sym: int) -> int: return 2 - m if sym else m
    >>> isinstance(Mirror(), Symmetric), Mirror().canonical((3, 0, 1))
    (True, ((1, 0, 3), 1))
    """

    def canonical(self, s: State_contra) -> tuple[Hashable, int]:
        """``(key, sym)``: the canonical form's key and the symmetry taking ``s`` to it."""
        ...

    def move_to_canonical(self, m: Move, sym: int) -> Move:
        """Move ``m`` of ``s`` as the matching move of the canonical form (``sym`` applied)."""
        ...

    def move_from_canonical(self, m: Move, sym: int) -> Move:
        """Move ``m`` of the canonical form as the matching move of ``s`` (inverse map)."""
        ...


@runtime_checkable
class MoveOrdering(Protocol[State_contra, Move_co]):
    """Hook 3: the moves to search, best-looking first; may drop provably losing moves.

    >>> class C:
    ...     def ordered_moves(self, s: int) -> tuple[int, ...]: return (1, 0, 2)
    >>> isinstance(C(), MoveOrdering)
    True
    """

    def ordered_moves(self, s: State_contra) -> Sequence[Move_co]:
        """Non-empty moves of an In_play ``s`` (the module docstring says which may be left out)."""
        ...


@runtime_checkable
class WinningMove(Protocol[State_contra, Move_co]):
    """Hook 4: a move that wins at once, if there is one.

    >>> class W:
    ...     def winning_move(self, s: int) -> int | None: return 0 if s == 1 else None
    >>> isinstance(W(), WinningMove)
    True
    """

    def winning_move(self, s: State_contra) -> Move_co | None:
        """A move after which the mover has won; ``None`` when there is none."""
        ...


@runtime_checkable
class ScoreBounds(Protocol[State_contra]):
    """Hook 5: static node-relative bounds ``(lo, hi)`` on the value of an In_play position.

    >>> from sml150.search.score import loss_in, win_in
    >>> class B:
    ...     def score_bounds(self, s: int) -> tuple[int, int]: return (loss_in(2), win_in(1))
    >>> isinstance(B(), ScoreBounds)
    True
    """

    def score_bounds(self, s: State_contra) -> tuple[Score, Score]:
        """``(lo, hi)`` with ``lo <= value(s) <= hi`` at every depth (node-relative)."""
        ...


@runtime_checkable
class FastScores(Protocol[State_contra]):
    """Hook 6: integer scores without ``Est``: exact scores of finished states, guesses otherwise.

    >>> class F:
    ...     def terminal_score(self, s: int) -> int | None: return None
    ...     def heuristic(self, s: int) -> int: return 0
    >>> isinstance(F(), FastScores)
    True
    """

    def terminal_score(self, s: State_contra) -> Score | None:
        """``None`` while In_play; else the node-relative score for the side to move at ``s``."""
        ...

    def heuristic(self, s: State_contra) -> Score:
        """The mover's view of ``estimate(s)`` for an In_play ``s``, ``|n| < GUESS_LIMIT``."""
        ...


@runtime_checkable
class Horizon(Protocol[State_contra]):
    """Hook 7: at most this many plies are left in the game from ``s`` (every line ends by then).

    >>> class H:
    ...     def plies_left(self, s: int) -> int: return 9 - s
    >>> isinstance(H(), Horizon)
    True
    """

    def plies_left(self, s: State_contra) -> int:
        """An upper bound (``>= 0``) on the plies any line from ``s`` lasts."""
        ...
