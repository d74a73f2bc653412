"""The README's line that makes mypy check an own game against GAME, and what it rejects.

``mypy --strict`` checks this file; with ``warn_unused_ignores`` each ``# type: ignore[...]``
fails the check once the error vanishes. Importing it only builds two games.
"""

from __future__ import annotations

import attrs
from returns.maybe import Maybe

from examples.nim import Move, Nim, NimState
from sml150.lib.signatures import GAME

# The README's spelling, at module level: Nim is checked against the Protocol here, once.
_check: GAME[NimState, Move] = Nim()


@attrs.frozen
class NimWithStringMoves(Nim):
    """Nim whose parse_move returns the wrong move type: not a GAME[NimState, Move]."""

    def parse_move(self, s: NimState, line: str) -> Maybe[str]:  # type: ignore[override]
        return super().parse_move(s, line).map(str)


_rejected: GAME[NimState, Move] = NimWithStringMoves()  # type: ignore[assignment]


def wrong_type_arguments_are_rejected() -> None:
    # the move type is (heap, count), not a string
    wrong: GAME[NimState, str] = Nim()  # type: ignore[assignment]
    # nor is a state a plain tuple of heaps
    other: GAME[tuple[int, ...], Move] = Nim()  # type: ignore[assignment]
    del wrong, other
