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
