"""HW11 Tasks 5.1-5.3: AlphaBeta with ``Step``/``Leaf`` values, its helpers, and the handout's
Figures 4 and 5 as exact oracles."""

from __future__ import annotations

import re

import pytest

from sml150.handouts.hw11.alphabeta import (
    AlphaBeta,
    Leaf,
    Step,
    ab_to_string,
    maxalpha,
    minbeta,
    move_of,
    value,
    value_of,
    value_to_string,
    valuecmp,
)
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import B, Empty, Max, Min, Riskless, T, position
from sml150.lib.basis import EQUAL, GREATER, LESS, Fail
from sml150.lib.est import Est, Guess, MaxieWins, MinnieWins
from sml150.lib.explicit import ExplicitState, HandoutBig, HandoutSmall
from sml150.lib.seq import Seq
from sml150.lib.signatures import PLAYER, Analysis, Maxie, Minnie, Settings

from .helpers import captured, oracle, trace_lines

FIG4 = "hw11-fig4-alphabeta-handoutbig.txt"
FIG5 = "hw11-fig5-alphabeta-handoutsmall.txt"


def with_estimates(lines: list[str]) -> list[str]:
    """The oracle lines with ExplicitGame's ``Estimating state`` line after each leaf's F/G line.

    A leaf is an entry line directly followed by its ``Result of ... is Leaf(...)`` line.
    """
    out: list[str] = []
    for line, nxt in zip(lines, [*lines[1:], ""], strict=True):
        out.append(line)
        entry = re.match(r"[FG]: state \((\w+),(\w+)\) with", line)
        leaf = re.match(r"Result of \((\w+),(\w+)\) is Leaf\(Guess: (~?\d+)\)", nxt)
        if entry and leaf and entry.group(2) == leaf.group(2):
            out.append(f"Estimating state {leaf.group(2)}[{leaf.group(3)}]")
    return out


# -- the handout's figures -------------------------------------------------------------------------


def test_figure_4_handout_big_trace() -> None:
    ab = AlphaBeta(Settings(G=HandoutBig, search_depth=4, trace=True))
    move, out = captured(lambda: ab.next_move(HandoutBig.start))
    assert move == 0
    assert trace_lines(out) == oracle(FIG4)
    assert out.splitlines() == [*with_estimates(oracle(FIG4)), "Terminals visited: 6"]


def test_figure_4_estimates_interleave_as_in_the_seed() -> None:
    ab = AlphaBeta(Settings(G=HandoutBig, search_depth=4, trace=True))
    _, out = captured(lambda: ab.next_move(HandoutBig.start))
    lines = out.splitlines()
    i = lines.index("F: state (Maxie,e) with ab=(Leaf(Minnie wins!),Leaf(Maxie wins!))")
    assert lines[i + 1:i + 3] == ["Estimating state e[3]", "Result of (Maxie,e) is Leaf(Guess: 3)"]
    assert [ln for ln in lines if ln.startswith("Estimating")] == [
        f"Estimating state {x}" for x in ["e[3]", "f[5]", "h[2]", "l[10]", "m[4]", "q[2]"]]


def test_figure_5_handout_small_trace() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2, trace=True))
    move, out = captured(lambda: ab.next_move(HandoutSmall.start))
    assert move == 1
    assert trace_lines(out) == oracle(FIG5)
    assert out.splitlines() == [*with_estimates(oracle(FIG5)), "Terminals visited: 7"]


def test_without_trace_only_the_game_prints() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    move, out = captured(lambda: ab.next_move(HandoutSmall.start))
    assert move == 1
    assert out.splitlines() == [f"Estimating state {x}" for x in
                                ["c[3]", "d[6]", "e[~2]", "g[6]", "h[4]", "i[10]", "k[1]"]]


def test_analyze_reports_value_and_cost() -> None:
    ab = AlphaBeta(Settings(G=HandoutBig, search_depth=4))
    a, _ = captured(lambda: ab.analyze(HandoutBig.start))
    assert a == Analysis(move=0, value=Guess(3), terminals=6, nodes=a.nodes, work=6, span=6)
    assert a.nodes == 16  # a b c d e f g h j k l m n o p q
    small, _ = captured(lambda: AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
                        .analyze(HandoutSmall.start))
    assert (small.move, small.value, small.terminals) == (1, Guess(4), 7)


def test_trace_of_analyze_ends_with_terminals() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2, trace=True))
    _, out = captured(lambda: ab.analyze(HandoutSmall.start))
    assert out.splitlines()[-1] == "Terminals visited: 7"


# -- values and their helpers ------------------------------------------------------------------


def test_value_printing() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    assert ab.value_to_string(Step(0, Guess(3))) == "Step(0, Guess: 3)"
    assert ab.value_to_string(Leaf(Guess(3))) == "Leaf(Guess: 3)"
    assert ab.value_to_string(Leaf(Guess(-2))) == "Leaf(Guess: ~2)"
    assert ab.value_to_string(Leaf(MaxieWins())) == "Leaf(Maxie wins!)"
    assert value_to_string(HandoutSmall, Step(2, MinnieWins())) == "Step(2, Minnie wins!)"
    assert ab.ab_to_string((Leaf(MinnieWins()), Step(0, Guess(3)))) == \
        "(Leaf(Minnie wins!),Step(0, Guess: 3))"
    assert ab_to_string(HandoutSmall, ab.initial_ab) == "(Leaf(Minnie wins!),Leaf(Maxie wins!))"


def test_initial_ab() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    assert ab.initial_ab == (Leaf(Est.minnie_wins), Leaf(Est.maxie_wins))


def test_valuecmp_ignores_moves() -> None:
    assert valuecmp(Step(0, Guess(1)), Leaf(Guess(1))) is EQUAL
    assert valuecmp(Leaf(MinnieWins()), Step(5, Guess(-100))) is LESS
    assert valuecmp(Leaf(MaxieWins()), Step(5, Guess(100))) is GREATER


def test_maxalpha_and_minbeta_ties() -> None:
    s0, s1 = Step(0, Guess(3)), Step(1, Guess(3))
    leaf: value[int] = Leaf(Guess(3))
    assert maxalpha(s0, s1) == s0 and minbeta(s0, s1) == s0  # keep the current bound
    assert maxalpha(leaf, s1) == s1 and minbeta(leaf, s1) == s1  # prefer a Step
    assert maxalpha(s0, leaf) == s0 and minbeta(s0, leaf) == s0
    assert maxalpha(leaf, Leaf(Guess(3))) == leaf
    assert maxalpha(s0, Step(1, Guess(4))) == Step(1, Guess(4))
    assert minbeta(s0, Step(1, Guess(2))) == Step(1, Guess(2))
    assert maxalpha(s0, Step(1, Guess(2))) == s0 and minbeta(s0, Step(1, Guess(4))) == s0


def test_value_of_and_move_of() -> None:
    assert value_of(Step(3, Guess(-1))) == Guess(-1) and value_of(Leaf(MaxieWins())) == MaxieWins()
    assert move_of(Step(3, Guess(-1))) == 3
    with pytest.raises(Fail, match="has no move"):
        move_of(Leaf(Guess(0)))


def test_structure_members() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    p: PLAYER[ExplicitState, int] = ab
    assert p.Game == HandoutSmall
    assert ab.search_depth == 2 and ab.trace is False
    assert ab.valuecmp(Leaf(Guess(1)), Leaf(Guess(2))) is LESS
    assert ab.maxalpha(Leaf(Guess(1)), Step(0, Guess(1))) == Step(0, Guess(1))
    assert ab.minbeta(Leaf(Guess(1)), Step(0, Guess(1))) == Step(0, Guess(1))
    assert ab.value_of(Step(0, Guess(1))) == Guess(1) and ab.move_of(Step(2, Guess(1))) == 2


# -- F and G directly --------------------------------------------------------------------------


def test_f_and_g_on_the_handout_small_tree() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    root = HandoutSmall.start
    v, _ = captured(lambda: ab.F(2, root, ab.initial_ab))
    assert v == Step(1, Guess(4))
    j = HandoutSmall.make_move(root, 2)
    v, out = captured(lambda: ab.G(1, j, (Step(1, Guess(4)), Leaf(MaxieWins()))))
    assert v == Step(0, Guess(1))  # pruned after k: at most 1 <= alpha
    assert out.splitlines() == ["Estimating state k[1]"]
    leaf = HandoutSmall.make_move(j, 1)
    v, _ = captured(lambda: ab.F(0, leaf, ab.initial_ab))
    assert v == Leaf(Guess(30))


def test_f_returns_an_inherited_bound() -> None:
    """HandoutBig's k: its minimum 4 is above beta 3, so it returns beta, Step(0, Guess 3)."""
    ab = AlphaBeta(Settings(G=HandoutBig, search_depth=4))
    k = HandoutBig.make_move(HandoutBig.make_move(HandoutBig.make_move(HandoutBig.start, 0), 1), 0)
    v, _ = captured(lambda: ab.G(1, k, (Leaf(MinnieWins()), Step(0, Guess(3)))))
    assert v == Step(0, Guess(3))


def test_f_and_g_check_their_arguments() -> None:
    ab = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
    b = HandoutSmall.make_move(HandoutSmall.start, 0)
    with pytest.raises(ValueError, match=r"searches Maxie's states, but \(Minnie,b\)"):
        ab.F(1, b, ab.initial_ab)
    with pytest.raises(ValueError, match=r"searches Minnie's states, but \(Maxie,a\)"):
        ab.G(2, HandoutSmall.start, ab.initial_ab)
    with pytest.raises(ValueError, match="alpha < beta"):
        ab.F(2, HandoutSmall.start, (Leaf(Guess(3)), Step(0, Guess(3))))


def test_depth_zero_and_finished_games() -> None:
    with pytest.raises(ValueError, match="search_depth >= 1"):
        AlphaBeta(Settings(G=HandoutSmall, search_depth=0))
    G = Riskless(M1)
    ab = AlphaBeta(Settings(G=G, search_depth=2))
    over = B(Seq.tabulate(lambda i: (T(f"Land{i}", Max(2) if i == 3 else Empty()),
                                     Seq.nth(i, M1.board)[1]), 6), Minnie)
    assert ab.G(2, over, ab.initial_ab) == Leaf(MaxieWins())
    with pytest.raises(ValueError, match="the game is over"):
        ab.next_move(over)


def test_a_winning_capture_is_found() -> None:
    """Minnie's only territory can be taken: Maxie wins at once, whatever the depth."""
    G = Riskless(M1)
    board: dict[int, position] = {3: Max(5), 4: Min(2), 1: Max(1)}
    s = B(Seq.tabulate(lambda i: (T(f"Land{i}", board.get(i, Empty())),
                                  Seq.nth(i, M1.board)[1]), 6), Maxie)
    for d in (1, 2, 3):
        ab = AlphaBeta(Settings(G=G, search_depth=d))
        a = ab.analyze(s)
        assert (a.move, a.value) == ((3, 4), MaxieWins())
        assert ab.F(d, s, ab.initial_ab) == Step((3, 4), MaxieWins())


def test_riskless_trace_prints_states() -> None:
    G = Riskless(M1)
    ab = AlphaBeta(Settings(G=G, search_depth=1, trace=True))
    move, out = captured(lambda: ab.next_move(G.start))
    assert move in [(3, 4), (3, 2)]
    lines = out.splitlines()
    assert lines[0].startswith("F: state (0) Land0: O(2)<-->")
    assert lines[-1] == "Terminals visited: 2"
