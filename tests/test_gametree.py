"""Unit tests of ``sml150.gametree``: the API, errors, games unfolded by ``from_game``, deep
paths (no recursion limit), flat memory on a lazily generated tree of 10^6 leaves, and pruning
(``bval`` stops forcing an offspring at a cut)."""

from __future__ import annotations

import contextlib
import gc
import io
import re
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar, final

import attrs
import pytest
from returns.maybe import Maybe, Nothing, Some

from sml150.gametree import (
    Cons,
    Even,
    InvalidTree,
    Nil,
    Odd,
    Sense,
    Stats,
    TLeaf,
    TNonLeaf,
    assured_win,
    assured_win_stats,
    bmove,
    bmove_stats,
    bottom,
    bval,
    bval_stats,
    decode_move,
    equivalent,
    eval,  # the exercise's name; it shadows the builtin in this file too
    eval_stats,
    from_game,
    height,
    init,
    interpret,
    join,
    move,
    ntval,
    ntval_stats,
    nval,
    nval_stats,
    of_iterable_factory,
    of_list,
    of_nested,
    offspring,
    opposite,
    size,
    to_list,
    top,
    tree,
    unfold,
    unit,
    value,
    win_loss_draw,
)
from sml150.lib.est import Est, Guess, MaxieWins, MinnieWins, est
from sml150.lib.explicit import (
    Esti,
    ExplicitGame,
    ExplicitState,
    HandoutBig,
    HandoutSmall,
    Node,
)
from sml150.lib.minimax import MiniMax
from sml150.lib.seq import Range, Seq
from sml150.lib.signatures import (
    EST,
    GAME,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Outcome,
    Over,
    Player,
    Settings,
    Status,
    Winner,
    other_player,
)

T = TypeVar("T")

TRACES = Path(__file__).parent / "data" / "handout-traces"

HANDOUT_SMALL = [[3, 6, -2], [6, 4, 10], [1, 30, 9]]


def quiet(f: Callable[[], T]) -> tuple[T, list[str]]:
    """Run ``f``, returning its result and the lines it printed (ExplicitGame's estimates)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = f()
    return result, out.getvalue().splitlines()


# -- the small pieces -----------------------------------------------------------------------


def test_bottom_and_top_are_opposite() -> None:
    assert top == sys.maxsize
    assert -bottom == top and -top == bottom


def test_sense_helpers_as_in_the_exercise() -> None:
    assert list(Sense) == [Even, Odd]
    assert opposite(Even) is Odd and opposite(Odd) is Even
    assert (interpret(Even, 5), interpret(Odd, 5)) == (5, -5)
    assert (join(Even, 2, 7), join(Odd, 2, 7)) == (7, 2)
    assert (unit(Even), unit(Odd)) == (bottom, top)
    for s in Sense:
        for v in (-3, 0, 4, bottom, top):
            assert join(s, unit(s), v) == v


@pytest.mark.parametrize(
    ("alpha", "beta", "v1", "v2", "expected"),
    [
        (0, 5, -3, 0, True),  # both <= alpha
        (0, 5, -3, 1, False),
        (0, 5, 2, 2, True),  # equal inside
        (0, 5, 2, 3, False),
        (0, 5, 5, 9, True),  # both >= beta
        (0, 5, 4, 9, False),
        (0, 5, 0, 5, False),
    ],
)
def test_equivalent(alpha: value, beta: value, v1: value, v2: value, expected: bool) -> None:
    assert equivalent(alpha, beta, v1, v2) is expected
    assert equivalent(alpha, beta, v2, v1) is expected


def test_init_unfold_and_of_list_can_be_walked_again() -> None:
    calls: list[int] = []

    def f(i: int) -> int:
        calls.append(i)
        return i * 10

    s = init(3, f)
    assert calls == []  # nothing computed before forcing
    assert to_list(s) == to_list(s) == [0, 10, 20]
    assert calls == [0, 1, 2, 0, 1, 2]  # recomputed, never cached
    assert to_list(init(0, f)) == []
    countdown = unfold(lambda n: Some((n, n - 1)) if n > 0 else Nothing, 3)
    assert to_list(countdown) == to_list(countdown) == [3, 2, 1]
    xs = [1, 2]
    s2 = of_list(xs)
    xs.append(3)  # of_list copied its argument
    assert to_list(s2) == [1, 2]
    with pytest.raises(ValueError, match="length must be >= 0"):
        init(-1, f)


def test_of_iterable_factory_walks_afresh_and_never_advances_twice() -> None:
    made: list[int] = []

    def factory() -> Iterator[int]:
        made.append(1)
        yield from range(3)

    s = of_iterable_factory(factory)
    assert made == []
    assert to_list(s) == to_list(s) == [0, 1, 2]
    assert len(made) == 2
    first = s()
    assert isinstance(first, Cons)
    tail = first.tail
    n1, n2 = tail(), tail()
    assert n1 == n2 and isinstance(n1, Cons) and n1.head == 1
    assert isinstance(n1, Cons) and to_list(n1.tail) == [2]


def test_leaf_values_are_checked() -> None:
    assert TLeaf(top).value == top and TLeaf(bottom).value == bottom
    with pytest.raises(InvalidTree, match="outside"):
        TLeaf(top + 1)
    with pytest.raises(InvalidTree, match="outside"):
        TLeaf(bottom - 1)
    with pytest.raises(TypeError, match="must be an int"):
        TLeaf(True)
    with pytest.raises(TypeError, match="must be an int"):
        TLeaf("3")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


EVALUATORS: list[tuple[str, Callable[[tree], object]]] = [
    ("size", size),
    ("height", height),
    ("eval", lambda t: eval(Even, t)),
    ("nval", nval),
    ("ntval", ntval),
    ("bval", lambda t: bval(bottom, top, t)),
    ("bmove", lambda t: bmove(bottom, top, t)),
    ("assured_win", assured_win),
]


@pytest.mark.parametrize(("name", "f"), EVALUATORS)
def test_empty_offspring_is_an_invalid_tree(name: str, f: Callable[[tree], object]) -> None:
    with pytest.raises(InvalidTree, match="empty offspring"):
        f(TNonLeaf(of_list([])))
    deep = of_nested([[1, []]])  # found below the first branch
    with pytest.raises(InvalidTree, match="empty offspring"):
        f(deep)


@pytest.mark.parametrize(("name", "f"), EVALUATORS)
def test_a_non_tree_is_a_type_error(name: str, f: Callable[[tree], object]) -> None:
    bad = TNonLeaf(of_list([(0, "not a tree")]))  # type: ignore[list-item]  # a wrong type on purpose: its refusal is what is tested
    with pytest.raises(TypeError, match="expected a game tree"):
        f(bad)


def test_of_nested_rejects_what_is_not_a_tree() -> None:
    with pytest.raises(TypeError, match="of_nested"):
        ntval(of_nested([1, "ab"]))
    with pytest.raises(TypeError, match="of_nested"):
        of_nested(1.5)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_windows_must_be_non_empty() -> None:
    t = of_nested(HANDOUT_SMALL)
    for f in (bval, bval_stats, bmove, bmove_stats):
        with pytest.raises(ValueError, match="alpha < beta"):
            f(3, 3, t)
        with pytest.raises(ValueError, match="alpha < beta"):
            f(4, 3, t)


# -- the exercise's values on small trees ----------------------------------------------------


def test_the_handout_tree_by_hand() -> None:
    t = of_nested(HANDOUT_SMALL)
    assert (size(t), height(t)) == (13, 2)
    assert eval(Even, t) == nval(t) == ntval(t) == bval(bottom, top, t) == 4
    assert eval(Odd, t) == -4
    assert bmove(bottom, top, t) == Some(1)
    assert bval(4, 10, t) <= 4  # value 4 is not above alpha = 4
    assert bval(-10, 4, t) >= 4
    assert bval(3, 5, t) == 4
    assert bval_stats(bottom, top, t) == (4, Stats(leaves=7, nodes=11))
    assert ntval_stats(t) == nval_stats(t) == eval_stats(Even, t) == (4, Stats(9, 13))


def test_leaves_and_moves_that_are_not_consecutive() -> None:
    t = TNonLeaf(of_list([(42, TLeaf(-1)), (-7, TLeaf(-3)), (9, TLeaf(-3))]))
    assert ntval(t) == 3
    assert bmove(bottom, top, t) == Some(-7)  # the first of the two best moves
    assert bmove(-10, 0, t) == Some(42)  # a cut: the first move >= beta
    assert bmove(-10, 2, t) == Some(-7)
    assert bmove(5, 10, t) == Some(42)  # nothing beats alpha: the first move
    assert bmove(bottom, top, TLeaf(0)) == Nothing
    assert bmove_stats(bottom, top, TLeaf(0)) == (Nothing, Stats(leaves=0, nodes=1))


def test_assured_win_on_small_trees() -> None:
    assert assured_win(TLeaf(1)) and not assured_win(TLeaf(0)) and not assured_win(TLeaf(-1))
    # a forced win two moves deep: move 1, then every reply loses
    t = of_nested([[0, 1], [1, 1], [1, 0]])
    assert ntval(t) == 1 and assured_win(t)
    assert bmove(-1, 1, t) == Some(1)
    assert not assured_win(of_nested([[0, 1], [1, 0]]))


# -- pruning: bval stops forcing at a cut ---------------------------------------------------


def poisoned_after(pairs: list[tuple[move, tree]], log: list[str], name: str) -> offspring:
    """An offspring of ``pairs`` that logs each forcing; forcing past the end raises."""

    def at(i: int) -> Callable[[], Nil | Cons[tuple[move, tree]]]:
        def force() -> Nil | Cons[tuple[move, tree]]:
            log.append(f"{name}{i}")
            if i == len(pairs):
                raise AssertionError(f"{name}: forced past the cut")
            return Cons(pairs[i], at(i + 1))

        return force

    return at(0)


def test_bval_stops_forcing_at_a_cut() -> None:
    log: list[str] = []
    # the root's first child is worth 5 >= beta = 1: a cut at the root after one forcing
    root = TNonLeaf(poisoned_after([(0, TLeaf(-5)), (1, TLeaf(0))], log, "r"))
    assert bval(-1, 1, root) >= 1
    assert log == ["r0"]
    log.clear()
    assert assured_win_stats(root) == (True, Stats(leaves=1, nodes=2))
    assert log == ["r0"]
    log.clear()
    assert bmove(-1, 1, root) == Some(0)
    assert log == ["r0"]


def test_a_cut_below_the_root_spares_the_rest_of_that_offspring() -> None:
    log: list[str] = []
    # a's first move is worth 3 to a, so c is searched with the window (-top, -3); c's first
    # reply is worth -2 >= -3 to c's player: c is refuted at once and its rest is spared
    c = TNonLeaf(poisoned_after([(0, TLeaf(2)), (1, TLeaf(100))], log, "c"))
    a = TNonLeaf(of_list([(0, TLeaf(-3)), (1, c)]))
    assert bval(bottom, top, a) == 3
    assert log == ["c0"]
    assert bval_stats(bottom, top, a)[1] == Stats(leaves=2, nodes=4)
    assert ntval_stats(of_nested([-3, [2, 100]])) == (3, Stats(leaves=3, nodes=5))


# -- no recursion limit: a path of 100,000 nodes ---------------------------------------------


def chain(n: int, leaf: value = 1) -> tree:
    """A path of ``n`` moves ending in a leaf, built on demand (no recursion)."""
    if n == 0:
        return TLeaf(leaf)
    return TNonLeaf(init(1, lambda _: (n, chain(n - 1, leaf))))


@pytest.mark.parametrize(
    "n", [5_000, pytest.param(100_000, marks=pytest.mark.exhaustive)],
)
def test_a_long_path(n: int) -> None:
    # 20,000 nodes is 20 times Python's default recursion limit: no evaluator may recurse.
    t = chain(n - 1)  # n nodes, n - 1 moves: Odd is up at the leaf
    assert size(t) == n
    assert height(t) == n - 1
    assert nval(t) == ntval(t) == bval(bottom, top, t) == -1
    assert bmove_stats(bottom, top, t) == (Some(n - 1), Stats(leaves=1, nodes=n))


# -- flat memory on a lazily generated tree of 10^6 leaves -----------------------------------


_LEAVES = [TLeaf(v) for v in range(-5, 6)]  # leaves are immutable: share them


@final
class Kids:
    """Position ``i`` of the offspring of node ``index`` (``depth`` levels above the leaves).

    A complete 10-ary tree generated on demand from node indices; leaf ``j`` is worth
    ``j * 7919 % 11 - 5``. A slotted callable (one small object per position) keeps the
    generator's own allocations few, so the traced walk stays quick.
    """

    __slots__ = ("depth", "i", "index")

    def __init__(self, depth: int, index: int, i: int) -> None:
        self.depth, self.index, self.i = depth, index, i

    def __call__(self) -> Nil | Cons[tuple[move, tree]]:
        i = self.i
        if i == 10:
            return Nil()
        d, j = self.depth - 1, self.index * 10 + i
        child = _LEAVES[j * 7919 % 11] if d == 0 else TNonLeaf(Kids(d, j, 0))
        return Cons((i, child), Kids(self.depth, self.index, i + 1))


def lazy_tree(depth: int) -> tree:
    """The complete 10-ary tree of ``depth`` levels: 10**depth leaves, built on demand."""
    return TNonLeaf(Kids(depth, 0, 0))


def traced_peak(f: Callable[[], T]) -> tuple[T, int]:
    gc.collect()
    tracemalloc.start()
    try:
        result = f()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak


@pytest.mark.parametrize(
    ("small_depth", "big_depth", "value"),
    [
        pytest.param(3, 5, 5, id="10^3 and 10^5 leaves"),
        pytest.param(4, 6, -5, id="10^4 and 10^6 leaves", marks=pytest.mark.exhaustive),
    ],
)
def test_walking_a_big_tree_keeps_memory_flat(small_depth: int, big_depth: int,
                                              value: int) -> None:
    # The same law at two scales: 100 times more leaves, the same memory (the 10^6-leaf walk
    # takes about 40 s under tracemalloc, so the check command runs the 10^5 one).
    small = lazy_tree(small_depth)
    big = lazy_tree(big_depth)
    (v_small, st_small), peak_small = traced_peak(lambda: ntval_stats(small))
    (v_big, st_big), peak_big = traced_peak(lambda: ntval_stats(big))
    nodes = (10 ** (big_depth + 1) - 1) // 9
    assert st_small.leaves == 10**small_depth
    assert st_big == Stats(leaves=10**big_depth, nodes=nodes)
    assert v_small == bval(bottom, top, small) == value and v_big == value
    assert peak_big < 256 * 1024  # a few KiB are used (measured: about 6 KiB)
    assert peak_big < 2 * peak_small + 16 * 1024  # 100 times more leaves, same memory
    n_mid, peak_mid = traced_peak(lambda: size(lazy_tree(big_depth - 1)))
    assert n_mid == (10**big_depth - 1) // 9
    assert peak_mid < 2 * peak_small + 16 * 1024


# -- from_game: trees of the library's games -------------------------------------------------


def test_from_game_handout_small_agrees_with_minimax() -> None:
    analysis, _ = quiet(
        lambda: MiniMax(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start)
    )
    assert analysis.value == Guess(4)
    t = from_game(HandoutSmall, 2)
    v, lines = quiet(lambda: nval(t))
    assert v == 4  # Maxie is up at the root: the absolute value
    assert len(lines) == 9
    m, _ = quiet(lambda: bmove(bottom, top, t))
    assert m == Some(analysis.move)
    assert decode_move(HandoutSmall, HandoutSmall.start, 1) == analysis.move


def test_from_game_handout_big_agrees_with_minimax() -> None:
    analysis, _ = quiet(
        lambda: MiniMax(Settings(G=HandoutBig, search_depth=4)).analyze(HandoutBig.start)
    )
    t = from_game(HandoutBig, 4)
    (v, stats), lines = quiet(lambda: ntval_stats(t))
    assert Guess(v) == analysis.value == Guess(3)
    assert stats.leaves == len(lines) == analysis.terminals == 12
    m, _ = quiet(lambda: bmove(bottom, top, t))
    assert m == Some(analysis.move)


def trace_leaves(name: str) -> list[str]:
    text = (TRACES / name).read_text()
    return re.findall(r"Result of \((?:Maxie|Minnie),(\w+)\) is Leaf\(", text)


@pytest.mark.parametrize(
    ("game", "depth", "trace", "expected"),
    [
        (HandoutSmall, 2, "hw11-fig5-alphabeta-handoutsmall.txt", 4),
        (HandoutBig, 4, "hw11-fig4-alphabeta-handoutbig.txt", 3),
    ],
)
def test_bval_estimates_the_handouts_alpha_beta_leaves(
    game: GAME[ExplicitState, int], depth: int, trace: str, expected: value
) -> None:
    t = from_game(game, depth)
    (v, stats), lines = quiet(lambda: bval_stats(bottom, top, t))
    labels = [re.sub(r"Estimating state (\w+)\[.*", r"\1", line) for line in lines]
    assert v == expected
    assert labels == trace_leaves(trace)  # same leaves, same order as the handout's AlphaBeta
    assert stats.leaves == len(labels)


def test_from_game_negates_where_minnie_is_up() -> None:
    s = HandoutSmall.make_move(HandoutSmall.start, 1)  # Minnie to move at f: g 6, h 4, i 10
    t = from_game(HandoutSmall, 1, s)
    v, _ = quiet(lambda: ntval(t))
    assert v == -4  # Minnie's best is 4 (absolute): -4 in her eyes
    assert quiet(lambda: bmove(bottom, top, t))[0] == Some(1)
    assert quiet(lambda: interpret(Odd, nval(t)))[0] == 4  # back to Maxie's eyes


def test_from_game_clamps_guesses_into_the_open_interval() -> None:
    g = ExplicitGame(Node("a", [Esti("b", 10**30), Esti("c", -(10**30))]))
    t = from_game(g, 1)
    assert isinstance(t, TNonLeaf)
    leaves, _ = quiet(lambda: [c for _, c in to_list(t.offspring)])
    assert leaves == [TLeaf(-(top - 1)), TLeaf(top - 1)]  # Minnie is up at the leaves


# -- a small game with wins, draws and exact estimates ---------------------------------------


@attrs.frozen
class NimState:
    """Take 1 or 2 stones; whoever takes the last stone wins."""

    stones: int
    up: Player


@attrs.frozen
class Nim:
    """A GAME: from ``stones``, the player up loses exactly when ``stones % 3 == 0``.

    ``perfect`` estimates use that (MaxieWins/MinnieWins); otherwise every guess is 0.
    ``broken`` lists no move for a state in play (a bug ``from_game`` reports).
    """

    stones: int
    perfect: bool = False
    broken: bool = False

    @property
    def Est(self) -> EST:
        return Est

    @property
    def start(self) -> NimState:
        return NimState(self.stones, Maxie)

    def moves(self, s: NimState) -> Seq[int]:
        return Seq.from_list([] if self.broken else [k for k in (1, 2) if k <= s.stones])

    def status(self, s: NimState) -> Status:
        return Over(Winner(other_player(s.up))) if s.stones == 0 else In_play()

    def player(self, s: NimState) -> Player:
        return s.up

    def make_move(self, s: NimState, m: int) -> NimState:
        return NimState(s.stones - m, other_player(s.up))

    def estimate(self, s: NimState) -> est:
        if not self.perfect:
            return Guess(0)
        up_wins = s.stones % 3 != 0
        return MaxieWins() if up_wins == (s.up is Maxie) else MinnieWins()

    def move_to_string(self, m: int) -> str:
        return f"take {m}"

    def state_to_string(self, s: NimState) -> str:
        return f"{s.stones} stones, {s.up.name} to move"

    def parse_move(self, s: NimState, line: str) -> Maybe[int]:
        return Some(int(line)) if line.strip() in {"1", "2"} else Nothing


@pytest.mark.parametrize("stones", range(1, 13))
def test_win_loss_draw_solves_nim(stones: int) -> None:
    g = Nim(stones)
    t = win_loss_draw(g)
    wins = stones % 3 != 0
    assert assured_win(t) is wins
    assert ntval(t) == (1 if wins else -1)
    if wins:  # the winning move leaves a multiple of 3
        m = bmove(-1, 1, t).unwrap()
        assert (stones - decode_move(g, g.start, m)) % 3 == 0


def test_from_game_outcomes_and_win_estimates() -> None:
    over = NimState(0, Maxie)  # Minnie took the last stone: Maxie, up, has lost
    assert from_game(Nim(3), 5, over) == TLeaf(bottom)
    assert from_game(Nim(3), 5, NimState(0, Minnie)) == TLeaf(bottom)
    assert from_game(Nim(3), None, over, outcome_scale=7) == TLeaf(-7)
    assert win_loss_draw(Nim(3), over) == TLeaf(-1)
    for stones in range(1, 9):
        for up in (Maxie, Minnie):
            s = NimState(stones, up)
            exact = top if stones % 3 else bottom
            assert from_game(Nim(stones, perfect=True), 0, s) == TLeaf(exact)
            assert ntval(from_game(Nim(stones, perfect=True), 2, s)) == exact
            assert ntval(from_game(Nim(stones), 0, s)) == 0


def test_draws_are_zero() -> None:
    @attrs.frozen
    class Drawn(Nim):
        def status(self, s: NimState) -> Status:
            outcome: Outcome = Draw()
            return Over(outcome) if s.stones == 0 else In_play()

    t = win_loss_draw(Drawn(4))
    assert ntval(t) == 0 and not assured_win(t)


def test_from_game_reports_bad_arguments_and_broken_games() -> None:
    g = Nim(3)
    with pytest.raises(ValueError, match="depth must be >= 0"):
        from_game(g, -1)
    with pytest.raises(TypeError, match="depth must be an int"):
        from_game(g, True)
    with pytest.raises(ValueError, match="outcome_scale"):
        from_game(g, 2, outcome_scale=0)
    with pytest.raises(ValueError, match="In_play but has no moves"):
        from_game(Nim(3, broken=True), 2)
    with pytest.raises(Range):
        decode_move(g, g.start, 2)
