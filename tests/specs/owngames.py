"""Own games for ``MODULE:ATTRIBUTE`` tests and the argv fuzzer: right ones, wrong ones, and
callables that must never be called (``tests.specs.owngames:ATTRIBUTE``)."""

from __future__ import annotations

import sys
from typing import Any

import attrs

from examples.nim import Move, Nim, NimState
from sml150.lib.signatures import GAME


def make_nim() -> GAME[NimState, Move]:
    """A factory documented (annotated) as making a GAME."""
    return Nim((2, 3))


def exits() -> None:
    """Not a GAME maker: loading it must not call it."""
    sys.exit(3)


def exits_annotated() -> int:
    """Annotated, but not as a GAME: loading it must not call it."""
    sys.exit(4)


@attrs.frozen
class ListMoves(Nim):
    """``moves`` returns a list, not a ``Seq``."""

    def moves(self, s: NimState) -> Any:
        """A list."""
        return list(super().moves(s))


@attrs.frozen
class StringStatus(Nim):
    """``status`` returns a string."""

    def status(self, s: NimState) -> Any:
        """A string."""
        return "In_play"


@attrs.frozen
class StringPlayer(Nim):
    """``player`` returns a string."""

    def player(self, s: NimState) -> Any:
        """A string."""
        return "Maxie"


@attrs.frozen
class NumberEstimate(Nim):
    """``estimate`` returns an int."""

    def estimate(self, s: NimState) -> Any:
        """An int."""
        return 1


@attrs.frozen
class BrokenStart(Nim):
    """``start`` raises."""

    @property
    def start(self) -> NimState:
        """Fails."""
        raise RuntimeError("no start")


class NeedsArguments(Nim):
    """A GAME class that cannot be made without arguments."""

    def __init__(self, heaps: tuple[int, ...]) -> None:
        super().__init__(heaps)


@attrs.define
class ListState:
    """A state that does not hash (a mutable attrs class)."""

    heaps: list[int]
    """Counters left."""
    player: Any
    """Whose turn."""


@attrs.frozen
class UnhashableStates(Nim):
    """Nim on states that do not hash: the course's players play it, the engine cannot."""

    @property
    def start(self) -> Any:
        """A ``ListState``."""
        from sml150.lib.signatures import Maxie

        return ListState(list(self.heaps), Maxie)

    def make_move(self, s: Any, m: Move) -> Any:
        """Take the counters."""
        from sml150.lib.signatures import other_player

        heaps = list(s.heaps)
        heaps[m[0]] -= m[1]
        return ListState(heaps, other_player(s.player))


# -- games that pass the load check and go wrong later, in play (issue 30) -------------------


@attrs.frozen
class NoneEst(Nim):
    """``Est`` is ``None`` (the load check does not read it)."""

    @property
    def Est(self) -> Any:
        """Nothing."""
        return None


@attrs.frozen
class LateNumberMoveString(Nim):
    """``move_to_string`` gives a str for the first move at the start, an int for others."""

    def move_to_string(self, m: Move) -> Any:
        """A number, past the first move."""
        return super().move_to_string(m) if m == (0, 1) else m[1]


@attrs.frozen
class InPlayWithoutMoves(Nim):
    """After the first move the position is in play, but has no moves."""

    def moves(self, s: NimState) -> Any:
        """None once a counter is taken."""
        return super().moves(s) if s.heaps == self.heaps else super().moves(
            NimState(tuple(0 for _ in s.heaps), s.player))


@attrs.frozen
class LateRaisingEstimate(Nim):
    """``estimate`` raises on every state but the start."""

    def estimate(self, s: NimState) -> Any:
        """Fails past the start."""
        if s.heaps != self.heaps:
            raise ArithmeticError("no estimate here")
        return super().estimate(s)
