"""Law: Kuszmaul's Jamboree and young-brothers-wait give the sequential engine's value.

On every executor and grain, with no table or with exact-depth tables (each task has its own),
the value equals ``pvs``/``alphabeta`` without a table, and the move has that value.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sml150.games.tictactoe import KInARow
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.explicit import ExplicitGame, GameTree
from sml150.lib.signatures import In_play
from sml150.parallel import executor
from sml150.search import SearchOptions, alphabeta, pvs
from sml150.search.jamboree import jamboree, young_brothers_wait

from ..handouts.hw11.helpers import uniform_trees

ALGORITHMS = [jamboree, young_brothers_wait]


@pytest.fixture(scope="module")
def procs() -> Iterator[Executor]:
    with executor("processes:2") as ex:
        yield ex


def position(game: Any, seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    s = game.start
    for _ in range(plies):
        nxt = game.make_move(s, rng.choice(list(game.moves(s))))
        if not isinstance(game.status(nxt), In_play):
            break
        s = nxt
    return s


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 4), depth=st.integers(1, 4),
       grain=st.integers(1, 3), coarse=st.integers(0, 3), which=st.sampled_from(ALGORITHMS),
       game=st.sampled_from([KInARow(3, 3), Riskless(M1)]))
def test_value_is_the_sequential_engines(  # noqa: PLR0917 -- hypothesis draws
    procs: Executor, seed: int, plies: int, depth: int, grain: int, coarse: int, which: Any,
    game: Any,
) -> None:
    s = position(game, seed, plies)
    coarse = min(coarse, grain)
    expected = pvs(game, s, depth, tt=False)
    assert expected.value == alphabeta(game, s, depth, tt=False).value
    in_order = which(game, s, depth, grain=grain, tt=False)
    for ex in (None, procs):
        r = which(game, s, depth, executor=ex, grain=grain, coarse=coarse, tt=False)
        # what runs whole and what splits never changes the search: every count is the same
        assert (r.value, r.move, r.work, r.span, r.nodes) == (
            in_order.value, in_order.move, in_order.work, in_order.span, in_order.nodes)
        assert (r.value, r.est) == (expected.value, expected.est)
        assert 0 <= r.span <= r.work  # 0: the WinningMove hook answered without a leaf
        exact = which(game, s, depth, executor=ex, grain=grain,
                      options=SearchOptions(tt_exact_depth=True))
        assert exact.value == expected.value
        child = game.make_move(s, r.move)
        if depth > 1 and isinstance(game.status(child), In_play):
            assert pvs(game, child, depth - 1, tt=False).est == r.est


@settings(max_examples=10, deadline=None)
@given(tree=uniform_trees(), which=st.sampled_from(ALGORITHMS), grain=st.integers(1, 3))
def test_explicit_trees(tree: tuple[GameTree, int], which: Any, grain: int) -> None:
    t, depth = tree
    g = ExplicitGame(t)
    with contextlib.redirect_stdout(io.StringIO()):
        expected = alphabeta(g, g.start, depth, tt=False)
        r = which(g, g.start, depth, grain=grain, tt=False)
    assert r.est == expected.est


def test_parallel_tests_cut_work_against_minimax_and_span_below_work() -> None:
    g = KInARow(3, 3)
    r = jamboree(g, g.start, 5, tt=False)
    y = young_brothers_wait(g, g.start, 5, tt=False)
    assert r.span < r.work
    assert y.span < y.work
    assert r.analysis().work == r.work


@pytest.mark.parametrize("which", ALGORITHMS)
def test_bad_arguments(which: Any) -> None:
    g = KInARow(3, 3)
    with pytest.raises(ValueError, match="grain must be >= 1"):
        which(g, g.start, 2, grain=0)
    with pytest.raises(ValueError, match="coarse must be in"):
        which(g, g.start, 2, grain=2, coarse=3)
    with pytest.raises(ValueError, match="depth must be >= 1"):
        which(g, g.start, 0)


def test_the_default_grain_is_a_third_of_the_depth() -> None:
    from sml150.search.jamboree import default_grain

    g = KInARow(3, 3)
    assert [default_grain(d) for d in (1, 2, 3, 6, 9, 14)] == [1, 1, 1, 2, 3, 4]
    auto, two = jamboree(g, g.start, 6, tt=False), jamboree(g, g.start, 6, tt=False, grain=2)
    assert (auto.value, auto.move, auto.work, auto.span) == (two.value, two.move, two.work,
                                                              two.span)
