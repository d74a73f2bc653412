"""Full-size runs of the engine's laws, kept out of the default run (``pytest -m exhaustive``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.games.tictactoe import KInARow
from sml150.lib.est import Guess
from sml150.search import SearchOptions, alphabeta, aspiration, iterative_deepening, mtdf, pvs
from sml150.search.table import TranspositionTable
from tests.search.test_laws import ALGORITHMS, check_position, minimax_value, playout

pytestmark = pytest.mark.exhaustive


@pytest.mark.parametrize("solve", [alphabeta, pvs, mtdf, aspiration])
def test_4x4_is_a_draw(solve: Any) -> None:
    g = KInARow(4, 4)
    r = solve(g, g.start, all_best=True)
    assert r.est == Guess(0)
    assert len(r.best_moves) >= 1


def test_4x4_is_a_draw_with_a_small_always_replace_table() -> None:
    g = KInARow(4, 4)
    r = pvs(g, g.start, tt=TranspositionTable(capacity=1 << 12, policy="always"))
    assert r.est == Guess(0)


def test_iterative_deepening_solves_4x4() -> None:
    g = KInARow(4, 4)
    last = list(iterative_deepening(g, g.start))[-1]
    assert last.est == Guess(0)
    assert last.stats.estimates == 0


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 9), st.integers(1, 4))
def test_kinarow_equals_minimax_many(rnd: random.Random, plies: int, d: int) -> None:
    g = KInARow(3, 3)
    s = playout(g, rnd, plies)
    check_position(g, s, d)
    check_position(g, s, d, SearchOptions(hooks=False, killers=False, history=True))


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 12))
def test_4x4_positions_solved_equal_minimax(rnd: random.Random, plies: int) -> None:
    g = KInARow(4, 4)
    s = playout(g, rnd, max(plies, 16 - 7))  # at most 7 empty cells: MiniMax can finish
    empties = 16 - (s.x | s.o).bit_count()
    expected = minimax_value(g, s, empties)
    for _name, search in ALGORITHMS:
        assert search(g, s, None).est == expected
