"""The compiled build's own code (issue 31) answers as the pure code does, move for move.

In the compiled build ``ConnectFour`` and ``KInARow`` give structures whose search hooks run on
``i64`` bitboards (``_ConnectFour64``, ``_KInARow64``), and the Connect Four solver searches
with ``_Native``; each is checked here against the code the pure build runs (the base classes'
hooks, the solver's ``_Kernel``), on random games. In the pure build they do not exist: the
tests are skipped (``scripts/check.sh`` runs them on the compiled build).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sml150
from sml150.games import connect4, connect4_solver, tictactoe
from sml150.games.connect4 import ConnectFour, ConnectFourGame, IllegalMove
from sml150.games.tictactoe import KInARow, KInARowError

pytestmark = pytest.mark.skipif(not sml150.build().compiled,
                                reason="the compiled build's code (SML150_COMPILE=1)")

C4_HOOKS = ("ordered_moves", "non_losing_moves", "winning_move", "score_bounds", "heuristic",
            "canonical", "tt_key", "key", "can_win_next", "terminal_score", "winning_columns")
K_HOOKS = ("ordered_moves", "winning_move", "score_bounds", "heuristic", "canonical", "tt_key",
           "terminal_score")


def random_walks(fast: Any, plain: Any, hooks: tuple[str, ...], games: int, seed: int) -> int:
    """Play random games on both structures; every hook must agree at every position."""
    rnd = random.Random(seed)
    checked = 0
    for _ in range(games):
        s = t = plain.start
        while plain.terminal_score(t) is None:
            assert s == t
            for h in hooks:
                assert getattr(fast, h)(s) == getattr(plain, h)(t), (h, t)
            m = rnd.choice(list(plain.moves(t)))
            s, t = fast.make_move(s, m), plain.make_move(t, m)
            checked += 1
    return checked


@pytest.mark.parametrize(("w", "h"), [(7, 6), (4, 4), (5, 4), (6, 7), (8, 6)])
def test_connect_four_hooks_are_the_pure_ones(w: int, h: int) -> None:
    fast = ConnectFour(w, h)
    assert type(fast) is connect4._ConnectFour64
    assert random_walks(fast, ConnectFourGame(w, h), C4_HOOKS, 40, w * h) > 100


def test_a_board_past_62_bits_keeps_the_pure_hooks() -> None:
    assert type(ConnectFour(9, 7)) is ConnectFourGame  # 9 * 8 = 72 bits
    assert type(KInARow(6, 4)) is tictactoe._KInARow  # keys of 2 * 36 bits


@pytest.mark.parametrize(("n", "k"), [(3, 3), (4, 4), (4, 3), (5, 4), (5, 5)])
def test_k_in_a_row_hooks_are_the_pure_ones(n: int, k: int) -> None:
    fast = KInARow(n, k)
    assert type(fast) is tictactoe._KInARow64
    plain = tictactoe._KInARow(n, k, tictactoe._tables(n, k))
    assert random_walks(fast, plain, K_HOOKS, 40, n * k) > 100


def refusal(g: Any, move: object) -> str:
    """What ``g.make_move(g.start, move)`` says (its game's error), or fails the test."""
    with pytest.raises((IllegalMove, KInARowError)) as e:
        g.make_move(g.start, move)
    return str(e.value)


@pytest.mark.parametrize("bad", ["1", 9, -1, (9, 9), None, True, (0,)])
def test_wrong_moves_are_refused_as_the_pure_structures_refuse_them(bad: object) -> None:
    assert refusal(ConnectFour(7, 6), bad) == refusal(ConnectFourGame(7, 6), bad)
    plain = tictactoe._KInARow(3, 3, tictactoe._tables(3, 3))
    assert refusal(KInARow(3, 3), bad) == refusal(plain, bad)


@pytest.mark.parametrize(("w", "h", "plies"), [(4, 4, 2), (5, 4, 4), (6, 5, 12), (7, 6, 24)])
def test_the_native_solver_explores_the_pure_kernels_positions(w: int, h: int,
                                                               plies: int) -> None:
    g = ConnectFour(w, h)
    rnd = random.Random(plies)
    for _ in range(6):
        s = g.start
        for _ in range(plies):
            ms = g.ordered_moves(s)
            if g.terminal_score(s) is not None or not ms:
                break
            s = g.make_move(s, rnd.choice(ms))
        if g.terminal_score(s) is not None:
            continue
        for mirror in (False, True):
            native = connect4_solver._Native(g)
            native.reset(mirror, None, None)
            pure = connect4_solver._Kernel(g, mirror, None, None)
            value = connect4_solver._value
            assert value(g, native, s.position, s.mask, s.moves) == value(
                g, pure, s.position, s.mask, s.moves)
            assert native.counts() == pure.counts()


def test_a_board_past_62_bits_is_solved_by_the_pure_kernel() -> None:
    g = ConnectFour(9, 7)  # 9 * 8 = 72 bits: Python ints (compiled), not _Native
    assert not connect4_solver._fits_native(g)
    rnd, s = random.Random(2), g.start
    while s.moves < 46:
        s = g.make_move(s, rnd.choice(g.ordered_moves(s)))
    assert g.terminal_score(s) is None
    r = connect4_solver.solve(g, s)
    assert (r.score, r.stats.nodes) == (5, 613)  # as the pure build finds them
    assert connect4_solver.solve(g, s, mirror=True).score == 5
