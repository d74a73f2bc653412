"""Scores (mate distances, conversions) and the transposition table (policies, checks)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.signatures import Maxie, Minnie, Player
from sml150.search.score import (
    GUESS_LIMIT,
    INF,
    describe,
    est_to_score,
    from_node,
    is_loss,
    is_win,
    loss_in,
    mate_plies,
    score_to_est,
    to_node,
    win_in,
)
from sml150.search.table import EXACT, LOWER, UPPER, Entry, Slot, TranspositionTable, flag_of

scores = st.one_of(
    st.integers(-1000, 1000),
    st.integers(0, 500).map(win_in),
    st.integers(0, 500).map(loss_in),
)
estimates: st.SearchStrategy[est] = st.one_of(
    st.just(MaxieWins()), st.just(MinnieWins()), st.integers(-10**6, 10**6).map(Guess))
players = st.sampled_from([Maxie, Minnie])


@given(scores, st.integers(0, 100))
def test_to_node_and_from_node_are_inverse(v: int, ply: int) -> None:
    assert from_node(to_node(v, ply), ply) == v
    assert to_node(from_node(v, ply), ply) == v


@given(st.integers(0, 100), st.integers(0, 100))
def test_quicker_wins_and_slower_losses_score_higher(a: int, b: int) -> None:
    assert (win_in(a) > win_in(b)) == (a < b)
    assert (loss_in(a) > loss_in(b)) == (a > b)
    assert is_win(win_in(a)) and is_loss(loss_in(a))
    assert mate_plies(win_in(a)) == a == mate_plies(loss_in(a))
    assert win_in(a) > GUESS_LIMIT > -GUESS_LIMIT > loss_in(b)


@given(estimates, players)
def test_est_round_trip(e: est, p: Player) -> None:
    assert score_to_est(est_to_score(e, p), p) == e


@given(estimates, estimates, players)
def test_conversion_keeps_the_order_for_maxie_and_reverses_it_for_minnie(
        e1: est, e2: est, p: Player) -> None:
    s1, s2 = est_to_score(e1, p), est_to_score(e2, p)
    if p is Maxie:
        assert (e1 < e2) == (s1 < s2)
    else:
        assert (e1 < e2) == (s1 > s2)


def test_out_of_range_guesses_and_non_mates_are_refused() -> None:
    with pytest.raises(ValueError, match="outside the engine's range"):
        est_to_score(Guess(GUESS_LIMIT), Maxie)
    with pytest.raises(ValueError, match="not a win or a loss"):
        mate_plies(3)
    assert describe(win_in(2)) == "win in 2"


def test_table_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="power of two"):
        TranspositionTable(capacity=0)
    with pytest.raises(ValueError, match="policy"):
        TranspositionTable(policy="lru")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    # the compiled build (mypyc) refuses it at the call, in its own words
    with pytest.raises(TypeError, match=r"capacity must be an int|int object expected"):
        TranspositionTable(capacity=2.0)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_depth_preferred_keeps_deeper_entries_of_the_same_search() -> None:
    tt = TranspositionTable(capacity=1)  # one slot: every key collides
    tt.store("a", 5, EXACT, 1, "m")
    tt.store("b", 3, LOWER, 2, None)  # shallower: refused
    assert tt.probe("a") is not None
    assert tt.probe("b") is None
    tt.store("b", 6, UPPER, 2, None)  # deeper: replaces
    entry = tt.probe("b")
    assert entry is not None
    assert (entry.depth, entry.flag, entry.value) == (6, UPPER, 2)
    tt.new_search()  # an older search's entry ages out: any depth replaces it
    tt.store("c", 0, EXACT, 7, None)
    assert tt.probe("c") is not None
    assert tt.used() == 1


def test_depth_preferred_keeps_a_deeper_entry_of_the_same_key_too() -> None:
    """As the module docstring says: within one search a deeper entry is kept, same key or not;
    an entry of equal depth is replaced, and so is one of an older search."""
    tt = TranspositionTable(capacity=4)
    tt.store("a", 5, EXACT, 1, "m")
    tt.store("a", 2, LOWER, 9, None)  # shallower, same key: refused
    assert tt.probe("a") == Entry("a", 5, EXACT, 1, "m")
    tt.store("a", 5, UPPER, 0, None)  # as deep: replaces
    assert tt.probe("a") == Entry("a", 5, UPPER, 0, None)
    tt.new_search()
    tt.store("a", 1, EXACT, 3, None)  # the older search's entry ages out
    assert tt.probe("a") == Entry("a", 1, EXACT, 3, None)


def test_an_entry_answers_only_as_what_it_is() -> None:
    """Exact answers any window; a lower bound only a fail-high, an upper bound only a fail-low;
    never a deeper request; mate scores come back root-relative."""
    lower = Slot("k", 4, LOWER, 10, None, 0)
    assert lower.answer(4, 0, 10, 0, exact_depth=False) == 10
    assert lower.answer(4, 0, 11, 0, exact_depth=False) is None
    assert lower.answer(5, 0, 10, 0, exact_depth=False) is None  # searched too shallow
    assert lower.answer(3, 0, 10, 0, exact_depth=True) is None  # deeper, but exact depth asked
    upper = Slot("k", 4, UPPER, -3, None, 0)
    assert upper.answer(2, -3, 5, 0, exact_depth=False) == -3
    assert upper.answer(2, -4, 5, 0, exact_depth=False) is None
    mate = Slot("k", 1, EXACT, win_in(2), None, 0)
    assert mate.answer(1, -INF, INF, 3, exact_depth=False) == win_in(5)
    assert [flag_of(v, 0, 5) for v in (-1, 0, 3, 5, 8)] == [UPPER, UPPER, EXACT, LOWER, LOWER]


def test_always_replace_policy_and_clear() -> None:
    tt = TranspositionTable(capacity=1, policy="always")
    tt.store("a", 9, EXACT, 1, None)
    tt.store("b", 0, EXACT, 2, None)
    assert tt.probe("a") is None
    entry = tt.probe("b")
    assert entry is not None
    assert entry.value == 2
    tt.clear()
    assert tt.used() == 0
    assert tt.probe("b") is None


def test_table_never_holds_more_than_its_capacity() -> None:
    tt = TranspositionTable(capacity=8, policy="always")
    for i in range(100):
        tt.store(("key", i), 1, EXACT, i, None)
    assert tt.used() <= 8
