"""``KInARow``: rules, oracle counts, printing and parsing, and its engine hooks."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.games.tictactoe import KInARow, KInARowError, KInARowGame, KState, TicTacToe3
from sml150.handouts.hw11.alphabeta import AlphaBeta
from sml150.lib.est import Guess, MaxieWins
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import (
    GAME,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Over,
    Settings,
    Winner,
)
from sml150.search.hooks import FastScores, MoveOrdering, ScoreBounds, Symmetric, WinningMove
from sml150.search.score import est_to_score, loss_in

G = TicTacToe3


def children(g: KInARowGame, s: KState) -> list[KState]:
    return [g.make_move(s, m) for m in g.moves(s)]


def test_oracle_counts_of_3x3() -> None:
    """549,946 nodes in the game tree, 255,168 complete games, 5,478 distinct positions."""

    @functools.cache
    def nodes_and_games(s: KState) -> tuple[int, int]:
        if not isinstance(G.status(s), In_play):
            return 1, 1
        counts = [nodes_and_games(c) for c in children(G, s)]
        return 1 + sum(n for n, _ in counts), sum(g for _, g in counts)

    assert nodes_and_games(G.start) == (549_946, 255_168)
    seen = {G.start}
    stack = [G.start]
    while stack:
        s = stack.pop()
        if isinstance(G.status(s), In_play):
            for c in children(G, s):
                if c not in seen:
                    seen.add(c)
                    stack.append(c)
    assert len(seen) == 5_478
    # Under the 8 symmetries: 765 essentially different positions (a known count).
    assert len({G.tt_key(s) for s in seen}) == 765


def test_rules() -> None:
    assert isinstance(G, GAME)
    assert G.player(G.start) is Maxie
    won = G.play_line("0 0, 1 0, 1 1, 2 0, 2 2")
    assert G.status(won) == Over(Winner(Maxie))
    assert G.moves(won).length(G.moves(won)) == 0
    assert G.estimate(won) == MaxieWins()
    drawn = G.play_line("0 0, 1 1, 2 2, 0 1, 2 1, 2 0, 0 2, 1 2, 1 0")
    assert G.status(drawn) == Over(Draw())
    assert G.estimate(drawn) == Guess(0)
    assert G.status(KInARow(4, 3).play_line("0 0, 1 0, 0 1, 1 1, 3 3, 1 2")) == Over(
        Winner(Minnie))
    assert KInARow(5, 4).status(KInARow(5, 4).play_line("0 0, 1 0, 1 1, 2 0, 2 2, 3 0, 3 3")) \
        == Over(Winner(Maxie))


def test_printing_and_parsing() -> None:
    s = G.play_line("1 1, 0 2")
    assert G.state_to_string(s) == "  0 1 2\n0 . . O\n1 . X .\n2 . . ."
    assert G.parse_move(s, "2 0").value_or(None) == (2, 0)
    for bad in ("1 1", "3 0", "-1 0", "x y", "", "1"):
        assert G.parse_move(s, bad).value_or(None) is None
    with pytest.raises(KInARowError, match="tile 1 1 is taken"):
        G.read_move(s, "1 1")
    with pytest.raises(KInARowError, match="not a tile of the 3×3 board"):
        G.read_move(s, "0 3")
    with pytest.raises(KInARowError, match="cannot read a move"):
        G.read_move(s, "middle")
    with pytest.raises(KInARowError, match="the game is over"):
        G.make_move(G.play_line("0 0, 1 0, 0 1, 1 1, 0 2"), (2, 2))
    with pytest.raises(KInARowError, match="a move is a location"):
        G.make_move(G.start, "1 1")  # a wrong type on purpose (make_move takes any object)
    with pytest.raises(KInARowError, match=r"move 3 \('1 1'\)"):
        G.play_line("1 1, 0 0, 1 1")
    with pytest.raises(ValueError, match="1 <= k <= n"):
        KInARow(3, 0)
    # the compiled build (mypyc) refuses it at the call, in its own words
    with pytest.raises(TypeError, match=r"n must be an int|int object expected"):
        KInARow("3")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_the_handouts_players_play_it() -> None:
    s = G.play_line("0 0, 1 1, 0 1")
    assert AlphaBeta(Settings(G=G, search_depth=2)).next_move(s) == (0, 2)
    assert MiniMax(Settings(G=G, search_depth=2)).next_move(s) == (0, 2)


def random_state(g: KInARowGame, rnd: random.Random, plies: int) -> KState:
    s = g.start
    for _ in range(plies):
        if not isinstance(g.status(s), In_play):
            break
        s = g.make_move(s, rnd.choice(list(g.moves(s))))
    return s


boards = st.sampled_from([KInARow(3, 3), KInARow(4, 4), KInARow(4, 3), KInARow(5, 4)])


@settings(max_examples=60, deadline=None)
@given(boards, st.randoms(use_true_random=False), st.integers(0, 12))
def test_hooks_agree_with_the_game(g: KInARowGame, rnd: random.Random,
                                   plies: int) -> None:
    assert isinstance(g, Symmetric | MoveOrdering | WinningMove | ScoreBounds | FastScores)
    s = random_state(g, rnd, plies)
    status = g.status(s)
    if not isinstance(status, In_play):
        assert g.terminal_score(s) == (0 if status == Over(Draw()) else loss_in(0))
        return
    assert g.terminal_score(s) is None
    assert g.heuristic(s) == est_to_score(g.estimate(s), g.player(s))
    legal = list(g.moves(s))
    ordered = g.ordered_moves(s)
    assert ordered
    assert len(set(ordered)) == len(ordered)
    assert set(ordered) <= set(legal)
    win = g.winning_move(s)
    wins = [m for m in legal if g.status(g.make_move(s, m)) == Over(Winner(g.player(s)))]
    assert (win is None) == (not wins)
    if win is not None:
        assert win in wins
    lo, hi = g.score_bounds(s)
    assert lo <= hi
    # The 8 symmetric images of the position share the canonical key; moves map back and forth.
    key, sym = g.canonical(s)
    assert key == g.tt_key(s) == min(s.keys)
    for m in legal:
        c = g.move_to_canonical(m, sym)
        assert g.move_from_canonical(c, sym) == m
    image = g.start
    for m in _moves_played(g, s):
        image = g.make_move(image, g.move_to_canonical(m, 1))  # rotate every stone
    assert g.tt_key(image) == key


def _moves_played(g: KInARowGame, s: KState) -> list[tuple[int, int]]:
    """The stones of ``s`` as a move sequence (X, O, X, ... alternating)."""
    n = g.n
    xs = [(i // n, i % n) for i in range(n * n) if s.x >> i & 1]
    os = [(i // n, i % n) for i in range(n * n) if s.o >> i & 1]
    out: list[tuple[int, int]] = []
    for i, x in enumerate(xs):
        out.append(x)
        if i < len(os):
            out.append(os[i])
    return out
