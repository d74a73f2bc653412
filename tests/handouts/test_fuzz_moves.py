"""Fuzz: ``parse_move``, ``is_valid_move`` and ``make_move`` of every handout game on any input.

For random legal states of Tic-Tac-Toe (both rules, several sizes), Riskless (M1, M2) and
ExplicitGame (the handouts' trees), and for random strings (unicode, huge numbers, long runs of
spaces) and random Python objects as moves:

- ``parse_move`` returns ``Nothing`` or ``Some(m)`` with ``m`` a move ``make_move`` accepts;
- ``is_valid_move`` (Tic-Tac-Toe) returns a bool and agrees with ``make_move``;
- ``make_move`` returns a state or raises the game's documented invalid-move error
  (``ValueError`` for Tic-Tac-Toe, ``InvalidMove`` for Riskless, ``ExplicitGameError``);
- nothing else is ever raised, and the input state is unchanged.
"""

from __future__ import annotations

import math
import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from returns.maybe import Nothing, Some

from sml150.handouts.hw10.tictactoe import O, TicTacToe, TTTConsts, X
from sml150.handouts.hw11.riskless import M1, M2, InvalidMove, Riskless
from sml150.lib.explicit import ExplicitGameError, HandoutBig, HandoutSmall
from sml150.lib.signatures import In_play

GAMES: dict[str, tuple[Any, type[Exception]]] = {
    "ttt1": (TicTacToe(TTTConsts(1)), ValueError),
    "ttt3": (TicTacToe(TTTConsts(3)), ValueError),
    "ttt3-draw": (TicTacToe(TTTConsts(3, full_board_draw=True)), ValueError),
    "ttt4": (TicTacToe(TTTConsts(4)), ValueError),
    "riskless-m1": (Riskless(M1), InvalidMove),
    "riskless-m2": (Riskless(M2), InvalidMove),
    "explicit-small": (HandoutSmall, ExplicitGameError),
    "explicit-big": (HandoutBig, ExplicitGameError),
}

digits = st.text(alphabet="0123456789", min_size=1, max_size=4)
texts = st.one_of(
    st.text(),  # any unicode, surrogates excluded
    st.text(alphabet=" \t,()0123456789²³¹١٢٣\u00a0\u2003-+_.xO", max_size=30),
    st.builds(lambda a, b, sep: f"{a}{sep}{b}", digits, digits, st.sampled_from([" ", ",", ", "])),
    st.builds(lambda k, d: d * k, st.integers(4000, 6000), st.sampled_from(["1", "9", "²"])),
    st.builds(lambda k: "1" + " " * k + "x", st.integers(1, 100_000)),
    st.builds(lambda k: " " * k, st.integers(0, 100_000)),
)
atoms = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.integers(),
    st.floats(),
    st.just(math.nan),
    st.text(max_size=5),
    st.sampled_from([O, X]),
    st.just(object()),
)
objects = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.tuples(inner, inner),
        st.tuples(inner, inner, inner),
        st.tuples(inner),
        st.lists(inner, max_size=3),
        st.dictionaries(st.integers(0, 3), inner, max_size=2),
    ),
    max_leaves=6,
)
# Moves of the right shape with coordinates that are often in range.
near_moves = st.one_of(
    st.tuples(st.sampled_from([O, X]), st.tuples(st.integers(-1, 4), st.integers(-1, 4))),
    st.tuples(st.integers(-1, 16), st.integers(-1, 16)),
    st.integers(-1, 4),
)


def random_state(game: Any, rng: random.Random) -> Any:
    """A state reached by a random playout of random length (maybe finished)."""
    s = game.start
    for _ in range(rng.randint(0, 12)):
        if not isinstance(game.status(s), In_play):
            break
        try:
            moves = list(game.moves(s))
        except ExplicitGameError:  # below a leaf of an explicit tree
            break
        s = game.make_move(s, rng.choice(moves))
    return s


def fingerprint(game: Any, s: Any) -> tuple[Any, str, str]:
    return (s, repr(s), game.state_to_string(s))


def check_move(game: Any, error: type[Exception], s: Any, m: object) -> None:
    before = fingerprint(game, s)
    valid = None
    if hasattr(game, "is_valid_move"):
        valid = game.is_valid_move(s, m)
        assert isinstance(valid, bool)
    try:
        after = game.make_move(s, m)
    except error:
        assert valid is not True, m
    else:
        assert valid is not False, m
        assert after != s
    assert fingerprint(game, s) == before


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False), texts)
def test_parse_move_never_raises(name: str, rng: random.Random, line: str) -> None:
    game, error = GAMES[name]
    s = random_state(game, rng)
    before = fingerprint(game, s)
    parsed = game.parse_move(s, line)
    assert parsed == Nothing or isinstance(parsed, Some)
    if isinstance(parsed, Some):
        check_move(game, error, s, parsed.unwrap())
        game.make_move(s, parsed.unwrap())  # a parsed move is always valid
    assert fingerprint(game, s) == before


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.randoms(use_true_random=False),
    st.one_of(objects, near_moves),
)
def test_make_move_raises_only_the_documented_error(
    name: str, rng: random.Random, m: object
) -> None:
    game, error = GAMES[name]
    check_move(game, error, random_state(game, rng), m)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.randoms(use_true_random=False),
    objects.filter(lambda v: not isinstance(v, str)),
)
def test_parse_move_of_non_strings_is_nothing(name: str, rng: random.Random, v: object) -> None:
    game, _error = GAMES[name]
    s = random_state(game, rng)
    assert game.parse_move(s, v) == Nothing


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False), texts,
       st.booleans())
def test_the_one_reader_never_raises_and_reads_ascii_digits_only(
        name: str, rng: random.Random, line: str, friendly: bool) -> None:
    """The human player's reader (``sml150.lib.human.read_move``) on every handout game: a
    legal move or a refusal; never a move from a line with a non-ASCII digit, never a number
    clamped (a line with a number of 10 digits or more reads as no move)."""
    from sml150.lib.human import Read, Refused, read_move

    game, error = GAMES[name]
    s = random_state(game, rng)
    try:
        legal = list(game.moves(s))
    except error:  # an explicit tree's leaf: no move to ask a person for
        legal = []
    assume(legal)
    got = read_move(game, s, line, friendly=friendly)
    if isinstance(got, Read):
        assert got.move in legal
        assert all("0" <= ch <= "9" for ch in line if ch.isdigit()), line
    else:
        assert isinstance(got, Refused)
        assert got.reason is None or got.reason.count("\n") == 0
