"""``Budget``: how far a search may go — a depth, a node count, a time — as one record.

Every search entry point of the engine takes one (``alphabeta``, ``pvs``, ``mtdf``, ``scout``,
``aspiration``, ``minimax``, ``iterative_deepening``, ``to_the_end``, the parallel searches and
the engine's players), as python-chess' ``Limit`` does; a bare ``int`` is short for
``Budget(depth=int)``. The record checks itself when it is made, so a bad budget is refused
before any search starts, with the same message wherever it is given.

>>> Budget(depth=4).describe(), Budget(nodes=1000, seconds=2.5).describe()
('depth 4', '1,000 positions, 2.5 s')
>>> Budget(depth=0)
Traceback (most recent call last):
...
ValueError: depth must be >= 1 (or None: to the end of the game), not 0
>>> Budget.of(3) == Budget(depth=3)
True
"""

from __future__ import annotations

import math
import time
from typing import final

import attrs

from sml150.search._core import SOLVE_DEPTH, Limits

__all__ = ["Budget"]


def _whole(name: str, value: object, least: int, most: int | None, none: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, not {value!r}")
    if value < least or (most is not None and value > most):
        top = "" if most is None else f" and <= {most}"
        raise ValueError(f"{name} must be >= {least}{top} (or None: {none}), not {value}")


@final
@attrs.frozen
class Budget:
    """How far a search may go; ``None`` in a field: no limit of that kind.

    REQUIRES (checked when made, ``TypeError``/``ValueError``): ``depth`` an int in
    ``1..SOLVE_DEPTH``; ``nodes`` an int ``>= 1``; ``seconds`` a finite number ``> 0``.
    """

    depth: int | None = attrs.field(default=None)
    """Plies to search (``None``: to the end of the game, as deep as the engine goes)."""
    nodes: int | None = attrs.field(default=None)
    """Stop after entering this many positions."""
    seconds: float | None = attrs.field(default=None)
    """Stop after this many seconds (from the search's start)."""

    @depth.validator
    def _depth(self, _a: object, v: object) -> None:
        if isinstance(v, int) and not isinstance(v, bool) and v > SOLVE_DEPTH:
            raise ValueError(f"depth must be <= {SOLVE_DEPTH}, not {v}")
        _whole("depth", v, 1, None, "to the end of the game")

    @nodes.validator
    def _nodes(self, _a: object, v: object) -> None:
        _whole("a node budget", v, 1, None, "no limit")

    @seconds.validator
    def _seconds(self, _a: object, v: object) -> None:
        if v is None:
            return
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise TypeError(f"a time budget must be a number of seconds or None, not {v!r}")
        if not (math.isfinite(v) and v > 0):
            raise ValueError(f"a time budget must be > 0 seconds, not {v}")

    @classmethod
    def of(cls, budget: int | Budget | None, where: str = "") -> Budget:
        """``budget`` as a record: an int is a depth, ``None`` no limit at all.

        REQUIRES: an int, a ``Budget`` or ``None`` (else ``TypeError``). ENSURES: a ``Budget``;
        a bad one is refused with ``where`` (the entry point's name) before the message.

        >>> Budget.of(None), Budget.of(2.5, "pvs")
        Traceback (most recent call last):
        ...
        TypeError: pvs: depth must be an int or None, not 2.5
        """
        if isinstance(budget, Budget):
            return budget
        try:
            return cls(depth=budget)  # anything else (a float, text) is refused here
        except (TypeError, ValueError) as e:
            raise type(e)(f"{where}: {e}" if where else str(e)) from None

    @property
    def plies(self) -> int:
        """The depth to search: ``depth``, or as deep as the engine goes.

        >>> Budget(depth=5).plies, Budget().plies == SOLVE_DEPTH
        (5, True)
        """
        return SOLVE_DEPTH if self.depth is None else self.depth

    def limits(self, started: float | None = None) -> Limits:
        """The kernel's stop rule for a search started at ``started`` (``perf_counter``; now).

        >>> Budget(nodes=10).limits().nodes, Budget().limits().deadline is None
        (10, True)
        """
        if self.seconds is None:
            return Limits(self.nodes)
        start = time.perf_counter() if started is None else started
        return Limits(self.nodes, start + self.seconds)

    def describe(self) -> str:
        """The budget in words, for messages (``depth 4, 1,000 positions, 2 s``)."""
        parts = [] if self.depth is None else [f"depth {self.depth}"]
        parts += [] if self.nodes is None else [f"{self.nodes:,} positions"]
        parts += [] if self.seconds is None else [f"{self.seconds:g} s"]
        return ", ".join(parts) or "no limit"
