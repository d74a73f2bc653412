"""HW10 Jamboree: splitMoves, the handout trees, work and span, and the laws against
MiniMax and AlphaBeta."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Nothing, Some

from sml150.handouts.hw10.alphabeta import AlphaBeta
from sml150.handouts.hw10.jamboree import (
    INTERIOR,
    NEGINF,
    POSINF,
    Bound,
    Jamboree,
    JamboreeSettings,
)
from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
from sml150.lib.est import Guess, MaxieWins
from sml150.lib.explicit import Esti, ExplicitGame, ExplicitState, HandoutBig, HandoutSmall, Node
from sml150.lib.minimax import MiniMax
from sml150.lib.seq import Seq
from sml150.lib.signatures import GAME, PLAYER, Analysis, Settings

from .trees import is_subsequence, leaves_of, random_ttt_state, uniform_trees


def estimated(out: str) -> list[str]:
    return [line.removeprefix("Estimating state ") for line in out.splitlines()]


# -- splitMoves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("p", "ab", "mm"),
    [(0.0, [], [0, 1, 2]), (0.3, [], [0, 1, 2]), (1 / 3, [0], [1, 2]), (0.5, [0], [1, 2]),
     (0.67, [0, 1], [2]), (0.99, [0, 1], [2]), (1.0, [0, 1, 2], [])],
)
def test_split_moves_floors(p: float, ab: list[int], mm: list[int]) -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=p))
    assert j.split_moves(HandoutSmall.start) == (Seq.from_list(ab), Seq.from_list(mm))


def test_split_moves_tictactoe() -> None:
    g = TicTacToe(TTTConsts(3))
    j = Jamboree(JamboreeSettings(G=g, search_depth=1, prune_percentage=0.5))
    abmoves, mmmoves = j.split_moves(g.start)
    assert len(abmoves) == 4 and len(mmmoves) == 5
    assert list(abmoves) + list(mmmoves) == list(g.moves(g.start))


# -- the handout's trees ---------------------------------------------------------------------


def test_handout_small_half(capsys: pytest.CaptureFixture[str]) -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
    a = j.analyze(HandoutSmall.start)
    assert (a.move, a.value, a.terminals, a.work, a.span) == (1, Guess(4), 9, 9, 4)
    # HW11's Figure 5 (Jamboree 0.5 on this tree) visits all nine leaves, in this order
    assert estimated(capsys.readouterr().out) == [
        "c[3]", "d[6]", "e[~2]", "g[6]", "h[4]", "i[10]", "k[1]", "l[30]", "m[9]",
    ]


@pytest.mark.parametrize(
    ("game", "depth", "ab_leaves"),
    [(HandoutSmall, 2, 7), (HandoutBig, 4, 6)],
)
def test_one_is_alphabeta_zero_is_minimax(
    capsys: pytest.CaptureFixture[str], game: GAME[ExplicitState, int], depth: int, ab_leaves: int
) -> None:
    def jam(p: float) -> Analysis[int]:
        return Jamboree(
            JamboreeSettings(G=game, search_depth=depth, prune_percentage=p)
        ).analyze(game.start)

    j1 = jam(1.0)
    out1 = capsys.readouterr().out
    AlphaBeta(Settings(G=game, search_depth=depth)).next_move(game.start)
    assert out1 == capsys.readouterr().out
    assert j1.work == j1.span == ab_leaves
    j0 = jam(0.0)
    out0 = capsys.readouterr().out
    MiniMax(Settings(G=game, search_depth=depth)).next_move(game.start)
    assert out0 == capsys.readouterr().out
    assert j0.span == 1  # MiniMax is fully parallel: every leaf on its own path


def test_pruning_in_the_ab_part_skips_the_mm_part(capsys: pytest.CaptureFixture[str]) -> None:
    # Minnie at b with window (5, POSINF): her first (ab) child 3 <= 5 cuts; 9 and 1 unseen.
    g = ExplicitGame(
        Node(
            "a",
            [Node("x", [Esti("y", 5)]), Node("b", [Esti("c", 3), Esti("d", 9), Esti("e", 1)])],
        )
    )
    j = Jamboree(JamboreeSettings(G=g, search_depth=2, prune_percentage=0.5))
    assert j.next_move(g.start) == 0
    assert estimated(capsys.readouterr().out) == ["y[5]", "c[3]"]


def test_structure_members(capsys: pytest.CaptureFixture[str]) -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
    p: PLAYER[ExplicitState, int] = j
    assert p.Game == HandoutSmall and HandoutSmall == j.G
    assert j.compare_ab((NEGINF(), POSINF()), Guess(1)) is INTERIOR
    assert j.value_to_string(Guess(-1)) == "Value(Guess:~1)"
    assert j.bound_to_string(Bound(MaxieWins())) == "Bound(Maxie wins!)"
    assert j.ab_to_string((NEGINF(), POSINF())) == "(NEGINF,POSINF)"
    assert j.edge_to_string((1, Guess(4))) == "Edge(1, Guess:4)"
    assert j.search(2, (NEGINF(), POSINF()), HandoutSmall.start) == Some((1, Guess(4)))
    assert j.evaluate(2, (NEGINF(), POSINF()), HandoutSmall.start) == Guess(4)
    b = HandoutSmall.make_move(HandoutSmall.start, 0)
    assert j.minisearch(1, (NEGINF(), POSINF()), b, Seq.empty(), Seq.empty(), Nothing) == Nothing
    capsys.readouterr()


def test_bad_depths() -> None:
    with pytest.raises(ValueError, match="search_depth >= 1"):
        Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=0, prune_percentage=0.5))
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
    with pytest.raises(ValueError, match="depth > 0"):
        j.search(0, (NEGINF(), POSINF()), HandoutSmall.start)
    with pytest.raises(ValueError, match="depth >= 0"):
        j.evaluate(-1, (NEGINF(), POSINF()), HandoutSmall.start)
    over = TicTacToe(TTTConsts(3)).data_to_start_state(["OOO", "XX.", "..."])
    jt = Jamboree(JamboreeSettings(G=TicTacToe(TTTConsts(3)), search_depth=2, prune_percentage=1))
    with pytest.raises(ValueError, match="game is over"):
        jt.next_move(over)


# -- laws ------------------------------------------------------------------------------------

percentages = st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 0.6, 0.75, 1.0])


@settings(max_examples=150, deadline=None)
@given(uniform_trees(), percentages)
def test_jamboree_agrees_with_minimax(tree_depth: tuple[Node, int], p: float) -> None:
    """Law: Jamboree(p) == MiniMax in value and move (earliest on ties), for every p, visiting
    a subsequence of MiniMax's leaves; work >= span."""
    tree, depth = tree_depth
    g = ExplicitGame(tree)
    mm, mm_leaves = leaves_of(lambda: MiniMax(Settings(G=g, search_depth=depth)).analyze(g.start))
    j, j_leaves = leaves_of(
        lambda: Jamboree(
            JamboreeSettings(G=g, search_depth=depth, prune_percentage=p)
        ).analyze(g.start)
    )
    assert (j.move, j.value) == (mm.move, mm.value)
    assert is_subsequence(j_leaves, mm_leaves)
    assert j.work == j.terminals == len(j_leaves)
    assert 1 <= j.span <= j.work


@settings(max_examples=100, deadline=None)
@given(uniform_trees())
def test_jamboree_extremes(tree_depth: tuple[Node, int]) -> None:
    """Laws: Jamboree(1.0) == AlphaBeta and Jamboree(0.0) == MiniMax, leaf for leaf."""
    tree, depth = tree_depth
    g = ExplicitGame(tree)
    mm, mm_leaves = leaves_of(lambda: MiniMax(Settings(G=g, search_depth=depth)).analyze(g.start))
    ab, ab_leaves = leaves_of(
        lambda: AlphaBeta(Settings(G=g, search_depth=depth)).analyze(g.start)
    )
    j0, j0_leaves = leaves_of(
        lambda: Jamboree(
            JamboreeSettings(G=g, search_depth=depth, prune_percentage=0.0)
        ).analyze(g.start)
    )
    j1, j1_leaves = leaves_of(
        lambda: Jamboree(
            JamboreeSettings(G=g, search_depth=depth, prune_percentage=1.0)
        ).analyze(g.start)
    )
    assert (j0.move, j0.value, j0_leaves) == (mm.move, mm.value, mm_leaves)
    assert j0.span == 1
    assert (j1.move, j1.value, j1_leaves) == (ab.move, ab.value, ab_leaves)
    assert j1.span == j1.work == ab.terminals


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 5), percentages)
def test_tictactoe_jamboree_equals_minimax(seed: int, plies: int, p: float) -> None:
    g = TicTacToe(TTTConsts(3, full_board_draw=True))
    s = random_ttt_state(3, plies, seed)
    mm = MiniMax(Settings(G=g, search_depth=3)).analyze(s)
    j = Jamboree(JamboreeSettings(G=g, search_depth=3, prune_percentage=p)).analyze(s)
    assert (j.move, j.value) == (mm.move, mm.value)
