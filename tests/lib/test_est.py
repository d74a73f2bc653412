from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sml150.lib.basis import EQUAL, GREATER, LESS
from sml150.lib.est import Est, Est10, Guess, MaxieWins, MinnieWins, est, est_negate

ests: st.SearchStrategy[est] = st.one_of(
    st.just(MinnieWins()), st.just(MaxieWins()), st.integers(-10**6, 10**6).map(Guess)
)


def test_printing_matches_the_course_library() -> None:
    assert Est.to_string(MinnieWins()) == "Minnie wins!"
    assert Est.to_string(MaxieWins()) == "Maxie wins!"
    assert Est.to_string(Guess(3)) == "Guess: 3"
    assert Est.to_string(Guess(-2)) == "Guess: ~2"
    assert Est.to_string(Est.draw) == "It's a draw!"
    assert Est10.to_string(Guess(3)) == "Guess:3"
    assert Est10.to_string(Guess(-2)) == "Guess:~2"
    assert Est10.to_string(Guess(0)) == "Guess:0"


@given(ests, ests)
def test_compare_agrees_with_order(a: est, b: est) -> None:
    expected = LESS if a < b else GREATER if a > b else EQUAL
    assert Est.compare(a, b) is expected
    assert (a <= b) == (not a > b)
    assert (a == b) == (Est.compare(a, b) is EQUAL)


@given(ests, ests)
def test_negate_reverses_order(a: est, b: est) -> None:
    assert est_negate(est_negate(a)) == a
    assert (a < b) == (est_negate(b) < est_negate(a))


def test_wins_bound_every_guess() -> None:
    assert MinnieWins() < Guess(-(10**30)) < Guess(10**30) < MaxieWins()
    assert Est.minnie_wins == MinnieWins() and Est.maxie_wins == MaxieWins()
