"""Laws of the HW11 searches, checked against MiniMax on generated trees and Riskless states.

* AlphaBeta and Jamboree (any prune percentage) choose a move whose minimax value is the best.
* Jamboree(1.0) estimates exactly AlphaBeta's leaves, in order, and picks its move.
* Jamboree(0.0) estimates exactly MiniMax's leaves, in order, and picks MiniMax's move.
* AlphaBeta estimates a subsequence of MiniMax's leaves.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.handouts.hw11.alphabeta import AlphaBeta, Leaf, value, value_of
from sml150.handouts.hw11.jamboree import Jamboree, JamboreeSettings
from sml150.handouts.hw11.maps import M1, M2
from sml150.handouts.hw11.riskless import Riskless, RisklessMap
from sml150.lib.est import Guess
from sml150.lib.explicit import ExplicitGame, GameTree, Node
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import In_play, Settings

from .helpers import is_subsequence, leaves_of, minimax_value, uniform_trees

TreeCase = tuple[GameTree, int]


def child_values(tree: GameTree) -> list[int]:
    assert isinstance(tree, Node)
    return [minimax_value(c, maximize=False) for c in tree.children]


@settings(max_examples=150, deadline=None)
@given(uniform_trees(), st.sampled_from([0.0, 0.25, 0.34, 0.5, 0.67, 0.75, 1.0]))
def test_searches_choose_a_best_move(case: TreeCase, p: float) -> None:
    tree, depth = case
    g = ExplicitGame(tree)
    best = minimax_value(tree)
    values = child_values(tree)
    a, _ = leaves_of(lambda: AlphaBeta(Settings(G=g, search_depth=depth)).analyze(g.start))
    j, _ = leaves_of(lambda: Jamboree(JamboreeSettings(G=g, search_depth=depth,
                                                       prune_percentage=p)).analyze(g.start))
    assert values[a.move] == best and a.value == Guess(best)
    assert values[j.move] == best and j.value == Guess(best)
    assert a.move == j.move == values.index(best)  # ties go to the earliest move
    assert j.span <= j.work


@settings(max_examples=150, deadline=None)
@given(uniform_trees())
def test_jamboree_one_is_alphabeta(case: TreeCase) -> None:
    tree, depth = case
    g = ExplicitGame(tree)
    a, ab_leaves = leaves_of(lambda: AlphaBeta(Settings(G=g, search_depth=depth)).analyze(g.start))
    j, j_leaves = leaves_of(lambda: Jamboree(JamboreeSettings(
        G=g, search_depth=depth, prune_percentage=1.0)).analyze(g.start))
    assert j_leaves == ab_leaves
    assert (j.move, j.value, j.work, j.span) == (a.move, a.value, a.terminals, a.terminals)


@settings(max_examples=150, deadline=None)
@given(uniform_trees())
def test_jamboree_zero_is_minimax(case: TreeCase) -> None:
    tree, depth = case
    g = ExplicitGame(tree)
    mm, mm_leaves = leaves_of(lambda: MiniMax(Settings(G=g, search_depth=depth)).analyze(g.start))
    j, j_leaves = leaves_of(lambda: Jamboree(JamboreeSettings(
        G=g, search_depth=depth, prune_percentage=0.0)).analyze(g.start))
    assert j_leaves == mm_leaves
    assert (j.move, j.value, j.work) == (mm.move, mm.value, mm.terminals)
    assert j.span == 1  # every child in parallel: one leaf on the critical path


@settings(max_examples=150, deadline=None)
@given(uniform_trees())
def test_alphabeta_leaves_are_a_subsequence_of_minimax(case: TreeCase) -> None:
    tree, depth = case
    g = ExplicitGame(tree)
    _, mm_leaves = leaves_of(lambda: MiniMax(Settings(G=g, search_depth=depth)).analyze(g.start))
    _, ab_leaves = leaves_of(lambda: AlphaBeta(Settings(G=g, search_depth=depth))
                             .analyze(g.start))
    assert is_subsequence(ab_leaves, mm_leaves)
    assert ab_leaves[0] == mm_leaves[0]


@settings(max_examples=100, deadline=None)
@given(uniform_trees(), st.data())
def test_f_meets_its_spec_in_any_window(case: TreeCase, data: st.DataObject) -> None:
    """alpha < MM < beta gives MM; MM <= alpha gives <= alpha; MM >= beta gives >= beta."""
    tree, depth = case
    g = ExplicitGame(tree)
    lo = data.draw(st.integers(-4, 3))
    hi = data.draw(st.integers(lo + 1, 4))
    p = data.draw(st.sampled_from([0.0, 0.5, 1.0]))
    mm = minimax_value(tree)
    ab = AlphaBeta(Settings(G=g, search_depth=depth))
    jb = Jamboree(JamboreeSettings(G=g, search_depth=depth, prune_percentage=p))
    window: tuple[value[int], value[int]] = (Leaf(Guess(lo)), Leaf(Guess(hi)))
    results = [leaves_of(lambda: ab.F(depth, g.start, window))[0],
               leaves_of(lambda: jb.F(depth, g.start, window))[0]]
    for v in results:
        e = value_of(v)
        assert isinstance(e, Guess)
        if lo < mm < hi:
            assert e.n == mm
        elif mm <= lo:
            assert e.n <= lo
        else:
            assert e.n >= hi


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([M1, M2]), st.integers(0, 10**6))
def test_alphabeta_on_riskless_has_the_minimax_value(Map: RisklessMap, seed: int) -> None:
    G = Riskless(Map)
    rng = random.Random(seed)
    s = G.start
    for _ in range(rng.randint(0, 40)):
        if not isinstance(G.status(s), In_play):
            break
        s = G.make_move(s, rng.choice(list(G.moves(s))))
    if not isinstance(G.status(s), In_play):
        return
    mm = MiniMax(Settings(G=G, search_depth=2))
    best = mm.analyze(s)
    a = AlphaBeta(Settings(G=G, search_depth=2)).analyze(s)
    j = Jamboree(JamboreeSettings(G=G, search_depth=2, prune_percentage=0.5)).analyze(s)
    assert a.value == best.value == j.value
    assert mm.evaluate(1, G.make_move(s, a.move)) == best.value
    assert mm.evaluate(1, G.make_move(s, j.move)) == best.value
    assert a.terminals <= best.terminals
