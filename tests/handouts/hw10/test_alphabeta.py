"""HW10 AlphaBeta: the handout's traces, compareAB, printing, and the laws against MiniMax."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Nothing, Some

from sml150.handouts.hw10.alphabeta import (
    ABOVE,
    BELOW,
    INTERIOR,
    NEGINF,
    POSINF,
    AlphaBeta,
    Bound,
    OrderAB,
    ab_to_string,
    alphabeta,
    bound_to_string,
    compare_ab,
    value_to_string,
)
from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.explicit import Esti, ExplicitGame, ExplicitState, HandoutBig, HandoutSmall, Node
from sml150.lib.minimax import MiniMax
from sml150.lib.seq import Seq
from sml150.lib.signatures import PLAYER, Settings

from .trees import is_subsequence, leaves_of, random_ttt_state, uniform_trees


def estimated(out: str) -> list[str]:
    return [line.removeprefix("Estimating state ") for line in out.splitlines()]


# -- the handout's oracles -------------------------------------------------------------------


def test_handout_big(capsys: pytest.CaptureFixture[str]) -> None:
    player = AlphaBeta(Settings(G=HandoutBig, search_depth=4))
    assert player.next_move(HandoutBig.start) == 0
    assert capsys.readouterr().out == (
        "Estimating state e[3]\nEstimating state f[5]\nEstimating state h[2]\n"
        "Estimating state l[10]\nEstimating state m[4]\nEstimating state q[2]\n"
    )


def test_handout_small(capsys: pytest.CaptureFixture[str]) -> None:
    player = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    assert player.next_move(HandoutSmall.start) == 1
    assert estimated(capsys.readouterr().out) == [
        "c[3]", "d[6]", "e[~2]", "g[6]", "h[4]", "i[10]", "k[1]",
    ]


def test_analyze_counts(capsys: pytest.CaptureFixture[str]) -> None:
    a = AlphaBeta(Settings(G=HandoutBig, search_depth=4)).analyze(HandoutBig.start)
    # a b c d e f g h j k l m n o p q: 16 states, 6 of them terminals
    assert (a.move, a.value, a.terminals, a.nodes, a.work, a.span) == (0, Guess(3), 6, 16, 6, 6)
    b = AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start)
    assert (b.move, b.value, b.terminals, b.nodes) == (1, Guess(4), 7, 11)
    capsys.readouterr()


def test_is_a_player() -> None:
    p: PLAYER[ExplicitState, int] = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    assert p.Game == HandoutSmall
    assert HandoutSmall == AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).G


def test_bad_depths() -> None:
    with pytest.raises(ValueError, match="search_depth >= 1"):
        AlphaBeta(Settings(G=HandoutSmall, search_depth=0))
    player = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    with pytest.raises(ValueError, match="d > 0"):
        player.search(0, (NEGINF(), POSINF()), HandoutSmall.start)
    with pytest.raises(ValueError, match="d >= 0"):
        player.evaluate(-1, (NEGINF(), POSINF()), HandoutSmall.start)


def test_search_with_no_moves_is_nothing() -> None:
    g = TicTacToe(TTTConsts(3))
    over = g.data_to_start_state(["OOO", "XX.", "..."])
    player = AlphaBeta(Settings(G=g, search_depth=2))
    assert player.search(1, (NEGINF(), POSINF()), over) == Nothing
    assert player.evaluate(3, (NEGINF(), POSINF()), over) == MaxieWins()
    with pytest.raises(ValueError, match="game is over"):
        player.next_move(over)


def test_maxisearch_minisearch_accumulate(capsys: pytest.CaptureFixture[str]) -> None:
    p = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    s = HandoutSmall.start
    # no moves left: the accumulator is the answer
    assert p.maxisearch(2, (NEGINF(), POSINF()), s, Seq.empty(), Some((2, Guess(7)))) == Some(
        (2, Guess(7))
    )
    # a tie with the accumulator keeps the accumulator (the earlier edge)
    assert p.maxisearch(2, (NEGINF(), POSINF()), s, Seq.from_list([1]), Some((0, Guess(4)))) == (
        Some((0, Guess(4)))
    )
    b = HandoutSmall.make_move(s, 0)
    assert p.minisearch(1, (NEGINF(), POSINF()), b, HandoutSmall.moves(b), Nothing) == Some(
        (2, Guess(-2))
    )
    capsys.readouterr()


# -- compareAB and printing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ab", "v", "expected"),
    [
        ((NEGINF(), POSINF()), MinnieWins(), INTERIOR),
        ((NEGINF(), POSINF()), MaxieWins(), INTERIOR),
        ((NEGINF(), Bound(Guess(3))), Guess(2), INTERIOR),
        ((NEGINF(), Bound(Guess(3))), Guess(3), ABOVE),
        ((NEGINF(), Bound(Guess(3))), MaxieWins(), ABOVE),
        ((Bound(Guess(3)), POSINF()), Guess(3), BELOW),
        ((Bound(Guess(3)), POSINF()), Guess(4), INTERIOR),
        ((Bound(Guess(3)), POSINF()), MinnieWins(), BELOW),
        ((Bound(Guess(-1)), Bound(Guess(1))), Guess(0), INTERIOR),
        ((Bound(Guess(-1)), Bound(Guess(1))), Guess(-1), BELOW),
        ((Bound(Guess(-1)), Bound(Guess(1))), Guess(1), ABOVE),
        ((Bound(MinnieWins()), Bound(MaxieWins())), MinnieWins(), BELOW),
        ((Bound(MinnieWins()), Bound(MaxieWins())), MaxieWins(), ABOVE),
        ((Bound(MinnieWins()), Bound(MaxieWins())), Guess(10**9), INTERIOR),
    ],
)
def test_compare_ab(ab: alphabeta, v: est, expected: OrderAB) -> None:
    assert compare_ab(ab, v) is expected


def test_printing() -> None:
    p = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    assert value_to_string(Guess(3)) == "Value(Guess:3)"
    assert p.value_to_string(MaxieWins()) == "Value(Maxie wins!)"
    assert p.edge_to_string((2, Guess(-7))) == "Edge(2, Guess:~7)"
    assert bound_to_string(NEGINF()) == "NEGINF"
    assert p.bound_to_string(Bound(MinnieWins())) == "Bound(Minnie wins!)"
    assert ab_to_string((Bound(Guess(0)), POSINF())) == "(Bound(Guess:0),POSINF)"
    assert p.compare_ab((NEGINF(), POSINF()), Guess(0)) is INTERIOR


# -- laws ------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(uniform_trees())
def test_alphabeta_agrees_with_minimax(tree_depth: tuple[Node, int]) -> None:
    """Law: alpha-beta == minimax (value and move, earliest on ties), with no more leaves,
    visited in MiniMax's order."""
    tree, depth = tree_depth
    g = ExplicitGame(tree)
    mm, mm_leaves = leaves_of(lambda: MiniMax(Settings(G=g, search_depth=depth)).analyze(g.start))
    ab, ab_leaves = leaves_of(
        lambda: AlphaBeta(Settings(G=g, search_depth=depth)).analyze(g.start)
    )
    assert (ab.move, ab.value) == (mm.move, mm.value)
    assert ab.terminals == len(ab_leaves) <= len(mm_leaves) == mm.terminals
    assert is_subsequence(ab_leaves, mm_leaves)
    assert ab.work == ab.span == ab.terminals


@settings(max_examples=60, deadline=None)
@given(uniform_trees(max_depth=4), st.integers(-4, 4), st.integers(1, 5))
def test_fail_soft_bounds(tree_depth: tuple[Node, int], lo: int, width: int) -> None:
    """Law: with window (a, b) the value v is exact when a < v < b, an upper bound on the
    minimax value when v <= a, and a lower bound when v >= b."""
    tree, depth = tree_depth
    g = ExplicitGame(tree)
    minimax = MiniMax(Settings(G=g, search_depth=depth))
    exact, _ = leaves_of(lambda: minimax.evaluate(depth, g.start))
    ab = (Bound(Guess(lo)), Bound(Guess(lo + width)))
    player = AlphaBeta(Settings(G=g, search_depth=depth))
    v, _ = leaves_of(lambda: player.evaluate(depth, ab, g.start))
    where = compare_ab(ab, v)
    if where is BELOW:
        assert exact <= v
    elif where is ABOVE:
        assert exact >= v
    else:
        assert exact == v


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 6), st.sampled_from([False, True]))
def test_tictactoe_3x3_alphabeta_equals_minimax(seed: int, plies: int, rule: bool) -> None:
    g = TicTacToe(TTTConsts(3, full_board_draw=rule))
    s = random_ttt_state(3, plies, seed)
    depth = 4
    mm = MiniMax(Settings(G=g, search_depth=depth)).analyze(s)
    ab = AlphaBeta(Settings(G=g, search_depth=depth)).analyze(s)
    assert (ab.move, ab.value) == (mm.move, mm.value)
    assert ab.terminals <= mm.terminals


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 8))
def test_tictactoe_4x4_alphabeta_equals_minimax(seed: int, plies: int) -> None:
    g = TicTacToe(TTTConsts(4, full_board_draw=True))
    s = random_ttt_state(4, plies, seed)
    mm = MiniMax(Settings(G=g, search_depth=2)).analyze(s)
    ab = AlphaBeta(Settings(G=g, search_depth=2)).analyze(s)
    assert (ab.move, ab.value) == (mm.move, mm.value)


def test_tictactoe_full_depth_value() -> None:
    """3×3 solved by alpha-beta: a draw under the standard rule, a win for Minnie by the
    handout's (a full board is hers)."""
    for rule, expected in ((True, Guess(0)), (False, MinnieWins())):
        g = TicTacToe(TTTConsts(3, full_board_draw=rule))
        assert AlphaBeta(Settings(G=g, search_depth=9)).analyze(g.start).value == expected


def test_finished_children_are_terminals() -> None:
    g = TicTacToe(TTTConsts(3))
    s = g.data_to_start_state(["OO.", "XX.", "..."])
    a = AlphaBeta(Settings(G=g, search_depth=3)).analyze(s)
    # (0, 2) wins at once: a finished child, a terminal valued MaxieWins without estimating.
    # The root window is infinite, so the later moves are still searched; none beats the win.
    assert a.move[1] == (0, 2)
    assert a.value == MaxieWins()


def test_esti_root_single_child(capsys: pytest.CaptureFixture[str]) -> None:
    g = ExplicitGame(Node("a", [Node("b", [Esti("c", 1)])]))
    assert AlphaBeta(Settings(G=g, search_depth=2)).next_move(g.start) == 0
    assert estimated(capsys.readouterr().out) == ["c[1]"]
