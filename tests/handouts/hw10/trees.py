"""Shared helpers for the HW10 search laws: generated explicit trees and leaf-order capture."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from typing import TypeVar

from hypothesis import strategies as st

from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts, TTTState
from sml150.lib.explicit import Esti, GameTree, Node
from sml150.lib.signatures import In_play

T = TypeVar("T")


@st.composite
def uniform_trees(draw: st.DrawFn, min_depth: int = 2, max_depth: int = 5) -> tuple[GameTree, int]:
    """A tree whose leaves all lie at one depth (2-5), 1-4 children per node, and its depth.

    Values come from a small range so that ties are frequent; every label is unique, so the
    printed ``Estimating state`` lines give the order of the leaves estimated.
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


def leaves_of(thunk: Callable[[], T]) -> tuple[T, list[str]]:
    """Run ``thunk``, returning its result and the states it estimated, in order."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = thunk()
    return result, [line.removeprefix("Estimating state ") for line in out.getvalue().splitlines()]


def is_subsequence(xs: list[str], ys: list[str]) -> bool:
    """Whether ``xs`` appears in ``ys`` in order (not necessarily contiguously)."""
    it = iter(ys)
    return all(x in it for x in xs)


def random_ttt_state(n: int, plies: int, seed: int) -> TTTState:
    """An In_play state reached by up to ``plies`` seeded random moves."""
    game = TicTacToe(TTTConsts(n, full_board_draw=True))
    rng = random.Random(seed)
    s = game.start
    for _ in range(plies):
        moves = list(game.moves(s))
        if not moves:
            break
        nxt = game.make_move(s, rng.choice(moves))
        if not isinstance(game.status(nxt), In_play):
            break
        s = nxt
    return s
