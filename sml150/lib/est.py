"""``Est``: estimated values of game states, and the EST structures that print them.

One datatype serves both course offerings, ordered ``MinnieWins < Guess(n) (by n) < MaxieWins``:

>>> sorted([MaxieWins(), Guess(3), MinnieWins(), Guess(-2)])
[MinnieWins(), Guess(n=-2), Guess(n=3), MaxieWins()]

Two structures print it: ``Est`` (HW11, ``Guess: 3``, ``It's a draw!`` for the draw ``Guess(0)``)
and ``Est10`` (HW10, ``Guess:3``, as its handout prints):

>>> Est.to_string(Guess(-2)), Est10.to_string(Guess(-2)), Est.to_string(MaxieWins())
('Guess: ~2', 'Guess:~2', 'Maxie wins!')
"""

from __future__ import annotations

from typing import TypeAlias, final

import attrs

from sml150.lib.basis import Order, compare_ints, int_to_string

__all__ = [
    "Est",
    "Est10",
    "EstStructure",
    "Guess",
    "MaxieWins",
    "MinnieWins",
    "est",
    "est_negate",
]


class _Ordered:
    """Total order of estimates: MinnieWins < Guess(n) by n < MaxieWins."""

    __slots__ = ()

    def _key(self) -> tuple[int, int]:
        raise NotImplementedError  # pragma: no cover - each constructor overrides it

    def __lt__(self, other: _Ordered) -> bool:
        return self._key() < other._key()

    def __le__(self, other: _Ordered) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: _Ordered) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: _Ordered) -> bool:
        return self._key() >= other._key()


@final
@attrs.frozen(order=False)
class MinnieWins(_Ordered):
    """A certain win for Minnie: below every guess.

    >>> MinnieWins() < Guess(-10**9)
    True
    """

    def _key(self) -> tuple[int, int]:
        return (0, 0)


@final
@attrs.frozen(order=False)
class Guess(_Ordered):
    """A heuristic value: positive is good for Maxie, negative for Minnie.

    >>> Guess(3) > Guess(-2)
    True
    """

    n: int
    """The estimated value, absolute (positive favours Maxie)."""

    def _key(self) -> tuple[int, int]:
        return (1, self.n)


@final
@attrs.frozen(order=False)
class MaxieWins(_Ordered):
    """A certain win for Maxie: above every guess.

    >>> MaxieWins() > Guess(10**9)
    True
    """

    def _key(self) -> tuple[int, int]:
        return (2, 0)


est: TypeAlias = MinnieWins | Guess | MaxieWins
"""SML ``Est.est``: ``MinnieWins | Guess of int | MaxieWins``."""


def est_negate(e: est) -> est:
    """The same estimate seen from the other side: wins swap, guesses change sign.

    Used by the negamax engine to convert between absolute and side-relative values.

    >>> est_negate(Guess(3)), est_negate(MinnieWins())
    (Guess(n=-3), MaxieWins())
    """
    match e:
        case MinnieWins():
            return MaxieWins()
        case MaxieWins():
            return MinnieWins()
        case Guess(n):
            return Guess(-n)
    raise TypeError(f"est_negate: not an estimate: {e!r}")


@final
@attrs.frozen(order=False)
class EstStructure:
    """An EST structure: the estimate values, their order, and how they print.

    Build your own only to change the printing; the library provides ``Est`` and ``Est10``.

    >>> Est.compare(Est.minnie_wins, Est.guess(0))
    <Order.LESS: -1>
    """

    guess_separator: str
    """What stands between ``Guess:`` and the number: ``" "`` for HW11, ``""`` for HW10."""
    draw_text: str | None
    """How the draw ``Guess(0)`` prints, or ``None`` to print it as a guess."""

    @property
    def minnie_wins(self) -> est:
        """``val minnie_wins : est``.

        >>> Est.minnie_wins
        MinnieWins()
        """
        return MinnieWins()

    @property
    def maxie_wins(self) -> est:
        """``val maxie_wins : est``.

        >>> Est.maxie_wins
        MaxieWins()
        """
        return MaxieWins()

    @property
    def draw(self) -> est:
        """``val draw : est``: the value of a drawn game, ``Guess(0)``.

        >>> Est.draw
        Guess(n=0)
        """
        return Guess(0)

    def guess(self, n: int) -> est:
        """``val guess : int -> est``: a heuristic value.

        >>> Est.guess(-4)
        Guess(n=-4)
        """
        return Guess(n)

    def compare(self, a: est, b: est) -> Order:
        """``val compare : est * est -> order``, by ``MinnieWins < Guess n < MaxieWins``.

        >>> Est.compare(MaxieWins(), Guess(100))
        <Order.GREATER: 1>
        """
        ka, kb = a._key(), b._key()
        if ka[0] != kb[0]:
            return compare_ints(ka[0], kb[0])
        return compare_ints(ka[1], kb[1])

    def to_string(self, e: est) -> str:
        """``val toString : est -> string``, exactly as the course library prints it.

        >>> Est.to_string(Guess(3)), Est.to_string(Guess(0)), Est10.to_string(Guess(0))
        ('Guess: 3', "It's a draw!", 'Guess:0')
        """
        match e:
            case MinnieWins():
                return "Minnie wins!"
            case MaxieWins():
                return "Maxie wins!"
            case Guess(0) if self.draw_text is not None:
                return self.draw_text
            case Guess(n):
                return f"Guess:{self.guess_separator}{int_to_string(n)}"
        raise TypeError(f"Est.to_string: not an estimate: {e!r}")


Est = EstStructure(guess_separator=" ", draw_text="It's a draw!")
"""The HW11 EST structure (``Guess: 3``, ``Guess: ~2``, ``It's a draw!``)."""

Est10 = EstStructure(guess_separator="", draw_text=None)
"""The HW10 EST structure (``Guess:3``, ``Guess:~2``)."""
