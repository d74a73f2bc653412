"""Shared helpers for the HW11 tests: generated trees, captured output, Riskless playouts."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from hypothesis import strategies as st

from sml150.handouts.hw11.riskless import B, Riskless, RisklessMap
from sml150.lib.explicit import Esti, GameTree, Node
from sml150.lib.signatures import In_play

T = TypeVar("T")

TRACES = Path(__file__).resolve().parents[2] / "data" / "handout-traces"
"""Where the handout's Figures 4 and 5 are kept one line per event."""


def oracle(name: str) -> list[str]:
    """The lines of one handout trace file (``F:``, ``G:`` and ``Result of`` lines)."""
    return (TRACES / name).read_text(encoding="utf-8").splitlines()


def trace_lines(out: str) -> list[str]:
    """The search's own trace lines in captured output (the oracles' filter)."""
    return [line for line in out.splitlines() if line.startswith(("F:", "G:", "Result of"))]


@st.composite
def uniform_trees(draw: st.DrawFn, min_depth: int = 2, max_depth: int = 5) -> tuple[GameTree, int]:
    """A tree whose leaves all lie at one depth (2-5), 1-4 children per node, and its depth.

    Values come from a small range so that ties are frequent; labels are unique, so the printed
    ``Estimating state`` lines give the order of the leaves estimated.
    """
    depth = draw(st.integers(min_depth, max_depth))
    width = 4 if depth <= 3 else 3
    counter = iter(range(10**6))

    def build(level: int) -> GameTree:
        k = next(counter)
        if level == depth:
            return Esti(f"L{k}", draw(st.integers(-3, 3)))
        n = draw(st.integers(1, width))
        return Node(f"N{k}", [build(level + 1) for _ in range(n)])

    return build(0), depth


def minimax_value(tree: GameTree, maximize: bool = True) -> int:
    """The exact minimax value of an explicit tree (Maxie at the root), computed directly."""
    match tree:
        case Esti(_, v):
            return v
        case Node(_, children):
            values = [minimax_value(c, not maximize) for c in children]
            return max(values) if maximize else min(values)
    raise TypeError(tree)


def leaves_of(thunk: Callable[[], T]) -> tuple[T, list[str]]:
    """Run ``thunk``, returning its result and the states it estimated, in order."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = thunk()
    lines = out.getvalue().splitlines()
    return result, [line.removeprefix("Estimating state ") for line in lines
                    if line.startswith("Estimating state ")]


def captured(thunk: Callable[[], T]) -> tuple[T, str]:
    """Run ``thunk``, returning its result and everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = thunk()
    return result, out.getvalue()


def is_subsequence(xs: list[str], ys: list[str]) -> bool:
    """Whether ``xs`` appears in ``ys`` in order (not necessarily contiguously)."""
    it = iter(ys)
    return all(x in it for x in xs)


def playout(Map: RisklessMap, plies: int, seed: int) -> list[B]:
    """The states of a seeded random legal game of at most ``plies`` moves, start included."""
    game = Riskless(Map)
    rng = random.Random(seed)
    states = [game.start]
    for _ in range(plies):
        s = states[-1]
        if not isinstance(game.status(s), In_play):
            break
        states.append(game.make_move(s, rng.choice(list(game.moves(s)))))
    return states
