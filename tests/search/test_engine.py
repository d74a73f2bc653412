"""The engine's behaviour: mate distances, iterative deepening and budgets, players, errors."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.games.tictactoe import KInARow, KState
from sml150.lib.est import Guess
from sml150.lib.signatures import Analysis, In_play
from sml150.search import (
    Budget,
    SearchOptions,
    alphabeta,
    aspiration,
    engine_player,
    iterative_deepening,
    minimax,
    mtdf,
    pvs,
    scout,
)
from sml150.search.jamboree import jamboree
from sml150.search.kernel import Aborted
from sml150.search.result import SearchResult
from sml150.search.score import WIN, Score, loss_in, win_in
from sml150.specs import SpecError, engine_spec

G3 = KInARow(3, 3)
SOLVERS: list[Callable[..., SearchResult[Any]]] = [minimax, alphabeta, pvs, mtdf, aspiration,
                                                   scout]


@functools.cache
def oracle(s: KState) -> Score:
    """Plain negamax to the end with mate distances, on the game's own rules only."""
    t = G3.terminal_score(s)
    if t is not None:
        return t
    best = -WIN - 1
    for m in G3.moves(s):
        v = -oracle(G3.make_move(s, m))
        v = v - 1 if v > 0 and v > WIN // 2 else v + 1 if v < 0 and v < -WIN // 2 else v
        best = max(best, v)
    return best


def random_position(rnd: random.Random, plies: int) -> KState:
    s = G3.start
    for _ in range(plies):
        nxt = G3.make_move(s, rnd.choice(list(G3.moves(s))))
        if not isinstance(G3.status(nxt), In_play):
            break
        s = nxt
    return s


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 8), st.booleans())
def test_quickest_win_and_slowest_loss_exactly(rnd: random.Random, plies: int,
                                               hooks: bool) -> None:
    """Every solver's score, distance included, is the oracle's; so is its move's score."""
    s = random_position(rnd, plies)
    expected = oracle(s)
    for solve in SOLVERS:
        r = solve(G3, s, options=SearchOptions(hooks=hooks), all_best=True)
        assert r.value == expected, solve
        for m in r.best_moves:
            assert -oracle(G3.make_move(s, m)) == _distance(expected), solve


def _distance(v: Score) -> Score:
    """A child's negated score, before the one ply back to the parent is added."""
    return v + 1 if v > WIN // 2 else v - 1 if v < -WIN // 2 else v


def test_wins_at_once_rather_than_later() -> None:
    s = G3.play_line("0 0, 1 0, 0 1, 1 1, 2 2")  # O to move: (1, 2) wins now
    r = alphabeta(G3, s, options=SearchOptions(hooks=False))
    assert r.move == (1, 2)
    assert r.value == win_in(1)


def test_delays_a_loss_it_cannot_avoid() -> None:
    s = G3.play_line("1 1, 0 1, 0 0")  # O must block at 2 2 ... and still loses
    r = pvs(G3, s, all_best=True)
    assert r.value == oracle(s)
    assert r.value < 0
    assert r.best_moves == ((2, 2),)
    assert r.value == loss_in(4)


def test_every_first_move_of_3x3_draws() -> None:
    r = pvs(G3, G3.start, all_best=True)
    assert r.est == Guess(0)
    assert sorted(r.best_moves) == sorted(G3.moves(G3.start))
    assert r.stats.nodes < 1000


def test_principal_variation_is_legal_and_starts_with_the_move() -> None:
    s = G3.play_line("0 0, 1 1")
    r = alphabeta(G3, s)
    assert r.pv[0] == r.move
    for m in r.pv:
        assert G3.parse_move(s, G3.move_to_string(m)).value_or(None) == m
        s = G3.make_move(s, m)


def test_stats_are_consistent() -> None:
    r = alphabeta(G3, G3.start, 4)
    st_ = r.stats
    assert st_.leaves <= st_.nodes
    assert st_.tt_hits <= st_.tt_probes
    assert 0 < st_.estimates <= st_.leaves
    assert st_.depth == 4
    assert r.analysis() == Analysis(r.move, r.est, st_.leaves, st_.nodes, st_.leaves, st_.leaves)


def test_iterative_deepening_yields_each_depth_like_alphabeta() -> None:
    s = G3.play_line("1 1")
    results = list(iterative_deepening(G3, s, 4, algorithm="alphabeta"))
    assert [r.depth for r in results] == [1, 2, 3, 4]
    for r in results:
        assert r.est == alphabeta(G3, s, r.depth).est
    assert [r.stats.nodes for r in results] == sorted(r.stats.nodes for r in results)


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf", "aspiration"])
def test_iterative_deepening_stops_when_solved(algorithm: Any) -> None:
    results = list(iterative_deepening(G3, G3.start, algorithm=algorithm))
    assert results[-1].stats.estimates == 0
    assert results[-1].est == Guess(0)
    assert all(r.stats.estimates > 0 for r in results[:-1])


def test_iterative_deepening_keeps_to_a_node_budget() -> None:
    results = list(iterative_deepening(KInARow(4, 4), KInARow(4, 4).start, Budget(nodes=300)))
    assert results
    assert all(r.stats.nodes <= 300 for r in results)
    assert results[-1].depth < 16


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match=r"node budget must be >= 1 .*, not -5"):
        iterative_deepening(G3, G3.start, Budget(nodes=-5))
    with pytest.raises(ValueError, match="time budget must be > 0 s"):
        Budget(seconds=-1.0)
    with pytest.raises(ValueError, match="iterative_deepening: depth must be >= 1"):
        iterative_deepening(G3, G3.start, 0)
    with pytest.raises(TypeError, match="a time budget must be a number"):
        Budget(seconds="1")  # type: ignore[arg-type]  # text, on purpose: refused
    with pytest.raises(ValueError, match="jamboree: searches to its depth only"):
        jamboree(G3, G3.start, Budget(depth=3, nodes=10))
    with pytest.raises(ValueError, match="unknown algorithm"):
        iterative_deepening(G3, G3.start, algorithm="best")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_a_search_past_its_node_limit_aborts() -> None:
    with pytest.raises(Aborted):
        alphabeta(KInARow(4, 4), KInARow(4, 4).start, Budget(nodes=100))


def test_bad_searches_are_refused() -> None:
    over = G3.play_line("0 0, 1 0, 0 1, 1 1, 0 2")
    with pytest.raises(ValueError, match=r"^alphabeta: no move to choose: the game is over"):
        alphabeta(G3, over)
    with pytest.raises(ValueError, match="depth must be >= 1"):
        pvs(G3, G3.start, 0)
    with pytest.raises(TypeError, match="depth must be an int"):
        mtdf(G3, G3.start, 2.5)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    with pytest.raises(TypeError, match="TranspositionTable or a bool"):
        alphabeta(G3, G3.start, 2, tt="yes")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_engine_players() -> None:
    s = G3.play_line("0 0, 1 1, 0 1")
    for spec in ("engine:minimax:3", "engine:alphabeta:3", "negamax:3", "pvs:3", "mtdf:3",
                 "aspiration:3", "scout:3", "solve", "engine:pvs:4", "id:5",
                 "engine:jamboree:3", "engine:ybw:4"):
        p = engine_player(engine_spec(spec), G3)
        assert p.next_move(s) == (0, 2), spec  # block, or lose at once
        assert p.analyze(s).move == (0, 2)
    for bad in ("pvs", "pvs:x", "pvs:-1", "id:0", "id:soon", "deep:3", "", "engine:jamboree:0",
                "ybw", "engine:ybw:2:1", "alphabeta:3", "human"):
        with pytest.raises(SpecError):
            engine_spec(bad)


def test_the_engine_takes_records_only() -> None:
    """One text, one player: text is read by ``sml150.specs``, never by the engine."""
    with pytest.raises(TypeError, match="engine_spec"):
        engine_player("pvs:3", G3)  # type: ignore[arg-type]  # text, on purpose: refused


def test_a_timed_player_always_moves() -> None:
    p = engine_player(engine_spec("id:0.000001"), KInARow(4, 4))
    assert p.next_move(KInARow(4, 4).start) in list(KInARow(4, 4).moves(KInARow(4, 4).start))


def test_a_non_game_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a GAME structure"):
        alphabeta("tictactoe", None, 2)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
