"""What the games' compiled modules share: bit operations on native integers, and ``Family``.

A compiled module of its own (``sml150.NATIVE_MODULES``), so that what ``connect4``,
``connect4_solver`` and ``tictactoe`` call here stays a native C call in the compiled build; the
pure build runs it as plain Python (where ``i64`` is ``int``).

>>> bit64(40), pop64(0b1011)
(1099511627776, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from mypy_extensions import i64

__all__ = ["Family", "Recipe", "bit64", "pop64"]

Recipe: TypeAlias = "tuple[Callable[[int, int], Any], tuple[int, int]]"
"""A game's factory and the two sizes it was called with: ``(ConnectFour, (7, 6))``."""


class Family:
    """A game that is its factory's call: equal, hashing and pickled by its ``recipe``.

    Equal to the same factory's game of the same sizes whichever build's class each is, and
    pickled as the call, so the receiving process picks its own build's class. A subclass says
    its ``recipe``. Native in the compiled build (the games' classes derive
    from it), so it holds no attributes.
    """

    __slots__ = ()

    def recipe(self) -> Recipe:
        """The factory that makes this game and its arguments."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Family):
            return NotImplemented
        return self.recipe() == other.recipe()

    def __hash__(self) -> int:
        return hash(self.recipe())

    def __reduce__(self) -> Recipe:
        return self.recipe()


def bit64(i: i64) -> i64:
    """``1 << i`` on native integers, ``0 <= i < 63``.

    Written so: mypyc emits ``1 << i`` with a literal (even one folded from a local) as a
    32-bit C shift, wrong from ``i = 32``; ``(i ^ i) | 1`` is a 64-bit 1.
    """
    one = (i ^ i) | 1
    return one << i


def pop64(x: i64) -> i64:
    """The set bits of ``0 <= x < 2**63`` (SWAR: the compiled build has no ``bit_count`` op)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 127
