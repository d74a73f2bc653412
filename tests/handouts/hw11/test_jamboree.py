"""HW11 Tasks 6.1-6.4: Jamboree's split, the handout's Figure 5 trace, work and span."""

from __future__ import annotations

import pytest

from sml150.handouts.hw11.alphabeta import AlphaBeta, Leaf, Step
from sml150.handouts.hw11.jamboree import Jamboree, JamboreeSettings
from sml150.handouts.hw11.maps import M2
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.explicit import Esti, ExplicitGame, ExplicitState, HandoutBig, HandoutSmall, Node
from sml150.lib.seq import Seq
from sml150.lib.signatures import PLAYER, Settings

from .helpers import captured, oracle, trace_lines

FIG5_J = "hw11-fig5-jamboree0.5-handoutsmall.txt"



@pytest.mark.parametrize(
    ("p", "ab", "mm"),
    [(0.0, [], [0, 1, 2]), (0.3, [], [0, 1, 2]), (0.5, [0], [1, 2]), (0.67, [0, 1], [2]),
     (0.99, [0, 1], [2]), (1.0, [0, 1, 2], [])],
)
def test_split_moves_floors(p: float, ab: list[int], mm: list[int]) -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=p))
    assert j.split_moves(HandoutSmall.start) == (Seq.from_list(ab), Seq.from_list(mm))


def test_split_moves_on_riskless() -> None:
    G = Riskless(M2)
    j = Jamboree(JamboreeSettings(G=G, search_depth=1, prune_percentage=0.5))
    assert j.split_moves(G.start) == (Seq.from_list([(15, 11)]), Seq.from_list([(15, 14)]))


def test_figure_5_jamboree_trace() -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5,
                                  trace=True))
    move, out = captured(lambda: j.next_move(HandoutSmall.start))
    assert move == 1
    assert trace_lines(out) == oracle(FIG5_J)
    assert out.splitlines()[-1] == "Terminals visited: 9"


def test_handout_big_at_half_traces_as_alphabeta() -> None:
    """The handout: no node of Figure 3 has more than 2 children, so Jamboree(0.5) explores it
    as AlphaBeta does (Figure 4), line for line."""
    j = Jamboree(JamboreeSettings(G=HandoutBig, search_depth=4, prune_percentage=0.5, trace=True))
    ab = AlphaBeta(Settings(G=HandoutBig, search_depth=4, trace=True))
    jm, jout = captured(lambda: j.next_move(HandoutBig.start))
    am, aout = captured(lambda: ab.next_move(HandoutBig.start))
    assert jm == am == 0
    assert jout == aout
    assert trace_lines(jout) == oracle("hw11-fig4-alphabeta-handoutbig.txt")


def test_work_and_span() -> None:
    half = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
    a, _ = captured(lambda: half.analyze(HandoutSmall.start))
    assert (a.move, a.value, a.terminals, a.work, a.span) == (1, Guess(4), 9, 9, 4)
    mm = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.0))
    a, _ = captured(lambda: mm.analyze(HandoutSmall.start))
    assert (a.move, a.work, a.span) == (1, 9, 1)  # all in parallel: one leaf deep
    seq = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.0))
    a, _ = captured(lambda: seq.analyze(HandoutSmall.start))
    assert (a.move, a.work, a.span) == (1, 7, 7)  # sequential: AlphaBeta
    big = Jamboree(JamboreeSettings(G=HandoutBig, search_depth=4, prune_percentage=0.5))
    a, _ = captured(lambda: big.analyze(HandoutBig.start))
    assert (a.move, a.value, a.work, a.span) == (0, Guess(3), 6, 6)


def test_mm_values_fold_left_earliest_wins_ties() -> None:
    tree = Node("r", [Esti("a", 1), Esti("b", 5), Esti("c", 5), Esti("d", 2)])
    g = ExplicitGame(tree)
    j = Jamboree(JamboreeSettings(G=g, search_depth=1, prune_percentage=0.25, trace=True))
    move, out = captured(lambda: j.next_move(g.start))
    assert move == 1
    assert "Result of (Maxie,r) is Step(1, Guess: 5)" in out.splitlines()


def test_pruned_only_for_cuts() -> None:
    """A Minnie node whose ab part already cuts is marked; one whose mm part ends beyond the
    bound is marked too (a cut signalled to the parent); others are not."""
    tree = Node("r", [Node("x", [Esti("x1", 5), Esti("x2", 6)]),
                      Node("y", [Esti("y1", 1), Esti("y2", 9)]),
                      Node("z", [Esti("z1", 7), Esti("z2", 2)])])
    g = ExplicitGame(tree)
    j = Jamboree(JamboreeSettings(G=g, search_depth=2, prune_percentage=0.5, trace=True))
    _, out = captured(lambda: j.next_move(g.start))
    results = [ln for ln in out.splitlines() if ln.startswith("Result of (Minnie")]
    assert results == ["Result of (Minnie,x) is Step(0, Guess: 5)",
                       "Result of (Minnie,y) is Step(0, Guess: 1) (* Pruned *)",
                       "Result of (Minnie,z) is Step(1, Guess: 2) (* Pruned *)"]


def test_f_and_g_and_members() -> None:
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=0.5))
    p: PLAYER[ExplicitState, int] = j
    assert p.Game == HandoutSmall
    assert j.initial_ab == (Leaf(MinnieWins()), Leaf(MaxieWins()))
    v, _ = captured(lambda: j.F(2, HandoutSmall.start, j.initial_ab))
    assert v == Step(1, Guess(4))
    b = HandoutSmall.make_move(HandoutSmall.start, 0)
    v, _ = captured(lambda: j.G(1, b, j.initial_ab))
    assert v == Step(2, Guess(-2))
    assert j.value_to_string(v) == "Step(2, Guess: ~2)"
    assert j.ab_to_string(j.initial_ab) == "(Leaf(Minnie wins!),Leaf(Maxie wins!))"
    assert j.value_of(v) == Guess(-2) and j.move_of(v) == 2
    assert j.maxalpha(j.initial_ab[0], v) == v and j.minbeta(j.initial_ab[1], v) == v
    assert j.valuecmp(v, v).name == "EQUAL"
    with pytest.raises(ValueError, match="searches Maxie's states"):
        j.F(1, b, j.initial_ab)
    with pytest.raises(ValueError, match="alpha < beta"):
        j.G(1, b, (Leaf(MaxieWins()), Leaf(MinnieWins())))


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="search_depth >= 1"):
        Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=0, prune_percentage=0.5))
    with pytest.raises(ValueError, match=r"prune_percentage must be in \[0, 1\]"):
        JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=-0.1)
    j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1))
    assert isinstance(j.prune_percentage, float)
