"""Laws of the game-tree evaluators (the OCaml exercise), checked on random trees.

Trees are drawn as plain nested data (``PTree``: an int leaf, or a list of ``(move, subtree)``
with distinct, non-consecutive moves), then built lazily by one of three builders (``of_list``,
``of_iterable_factory``, ``unfold``). The exercise's functions are also transliterated here as
plain recursive Python (``r_*``): the explicit-stack versions must compute the same values *and
force the offsprings in the same order*, which an instrumented tree logs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, Union

from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Maybe, Nothing, Some

from sml150.gametree import (
    Cons,
    Even,
    Nil,
    Odd,
    Sense,
    TLeaf,
    TNonLeaf,
    assured_win,
    assured_win_stats,
    bmove,
    bmove_stats,
    bottom,
    bval,
    bval_stats,
    equivalent,
    eval,  # the exercise's name; it shadows the builtin in this file too
    eval_stats,
    height,
    interpret,
    join,
    move,
    ntval,
    ntval_stats,
    nval,
    nval_stats,
    of_iterable_factory,
    of_list,
    offspring,
    opposite,
    seq_node,
    seq_t,
    size,
    to_list,
    top,
    tree,
    unfold,
    unit,
    value,
)

PTree: TypeAlias = Union[int, list[tuple[int, "PTree"]]]  # noqa: UP007 -- a recursive alias needs Union's string form here
"""A tree as plain data: an int leaf, or the (move, subtree) pairs of a nonleaf."""

Builder: TypeAlias = Callable[[list[tuple[move, tree]]], offspring]

LAWS = settings(max_examples=40, deadline=None)  # 40 random trees a law (the suite's budget)


# -- strategies -----------------------------------------------------------------------------


@st.composite
def ptrees(draw: st.DrawFn, values: st.SearchStrategy[int], depth: int = 5) -> PTree:
    """Branching 1-4, depth <= ``depth``, leaves from ``values``, distinct random moves.

    A node is a leaf with probability 3/10 (1/20 at the root, so most trees have some shape).
    """
    if depth == 0 or draw(st.integers(0, 19)) < (1 if depth == 5 else 6):
        return draw(values)
    k = draw(st.integers(1, 4))
    moves = draw(st.lists(st.integers(-50, 50), min_size=k, max_size=k, unique=True))
    return [(m, draw(ptrees(values, depth - 1))) for m in moves]


def _by_unfold(pairs: list[tuple[move, tree]]) -> offspring:
    def step(i: int) -> Maybe[tuple[tuple[move, tree], int]]:
        return Some((pairs[i], i + 1)) if i < len(pairs) else Nothing

    return unfold(step, 0)


def _by_factory(pairs: list[tuple[move, tree]]) -> offspring:
    return of_iterable_factory(lambda: iter(pairs))


BUILDERS: list[Builder] = [of_list, _by_factory, _by_unfold]


def build(p: PTree, builder: Builder = of_list) -> tree:
    if isinstance(p, int):
        return TLeaf(p)
    return TNonLeaf(builder([(m, build(c, builder)) for m, c in p]))


small_values = st.integers(-5, 5)
wdl_values = st.sampled_from([-1, 0, 1])
trees = st.builds(build, ptrees(st.one_of(small_values, wdl_values)), st.sampled_from(BUILDERS))
wdl_trees = st.builds(build, ptrees(wdl_values), st.sampled_from(BUILDERS))
ptree_values = ptrees(small_values)
window_ends = st.one_of(st.integers(-6, 6), st.sampled_from([bottom, top]))
senses = st.sampled_from([Even, Odd])


@st.composite
def windows(draw: st.DrawFn) -> tuple[value, value]:
    a, b = draw(window_ends), draw(window_ends)
    if a == b:
        b = a + 1 if a < top else a
        a = a if a < top else a - 1
    return (a, b) if a < b else (b, a)


# -- the exercise, transliterated as plain recursion (the oracle) ---------------------------


def ref_value(p: PTree) -> value:
    """Negamax on plain data."""
    if isinstance(p, int):
        return p
    return max(-ref_value(c) for _, c in p)


def ref_eval(sense: Sense, p: PTree) -> value:
    """Minimax with a sense on plain data."""
    if isinstance(p, int):
        return interpret(sense, p)
    vals = [ref_eval(opposite(sense), c) for _, c in p]
    return max(vals) if sense is Even else min(vals)


def leaves_of(p: PTree) -> int:
    return 1 if isinstance(p, int) else sum(leaves_of(c) for _, c in p)


def size_of(p: PTree) -> int:
    return 1 if isinstance(p, int) else 1 + sum(size_of(c) for _, c in p)


def height_of(p: PTree) -> int:
    return 0 if isinstance(p, int) else 1 + max(height_of(c) for _, c in p)


def r_eval(sense: Sense, t: tree) -> value:
    match t:
        case TLeaf(v):
            return interpret(sense, v)
        case TNonLeaf(off):
            return r_eval_offspring(sense, off)
    raise AssertionError


def r_eval_offspring(sense: Sense, off: offspring) -> value:
    match off():
        case Nil():
            return unit(sense)
        case Cons((_, t), rest):
            head = r_eval(opposite(sense), t)  # Python evaluates left to right
            return join(sense, head, r_eval_offspring(sense, rest))
    raise AssertionError


def r_nval(t: tree) -> value:
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return r_nval_offspring(off)
    raise AssertionError


def r_nval_offspring(off: offspring) -> value:
    match off():
        case Nil():
            return bottom
        case Cons((_, t), rest):
            return max(-r_nval(t), r_nval_offspring(rest))
    raise AssertionError


def r_ntval(t: tree) -> value:
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return r_ntval_offspring(bottom, off)
    raise AssertionError


def r_ntval_offspring(running_max: value, off: offspring) -> value:
    match off():
        case Nil():
            return running_max
        case Cons((_, t), rest):
            return r_ntval_offspring(max(running_max, -r_ntval(t)), rest)
    raise AssertionError


def r_bval(alpha: value, beta: value, t: tree) -> value:
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return r_bval_offspring(alpha, beta, off)
    raise AssertionError


def r_bval_offspring(alpha: value, beta: value, off: offspring) -> value:
    match off():
        case Nil():
            return alpha
        case Cons((_, t), rest):
            v = -r_bval(-beta, -alpha, t)
            if beta <= v:
                return v
            return r_bval_offspring(max(alpha, v), beta, rest)
    raise AssertionError


# -- an instrumented tree: every forcing is logged as (node id, position) -------------------


def logged(p: PTree, log: list[tuple[int, int]]) -> tree:
    counter = [0]

    def make(q: PTree) -> tree:
        if isinstance(q, int):
            return TLeaf(q)
        counter[0] += 1
        ident = counter[0]
        pairs = q

        def at(i: int) -> seq_t[tuple[move, tree]]:
            def force() -> seq_node[tuple[move, tree]]:
                log.append((ident, i))
                if i >= len(pairs):
                    return Nil()
                m, c = pairs[i]
                return Cons((m, make(c)), at(i + 1))

            return force

        return TNonLeaf(at(0))

    return make(p)


def forcings(p: PTree, run: Callable[[tree], object]) -> tuple[object, list[tuple[int, int]]]:
    log: list[tuple[int, int]] = []
    result = run(logged(p, log))
    return result, log


# -- laws -----------------------------------------------------------------------------------


@LAWS
@given(trees, senses)
def test_eval_opposite_is_negation(t: tree, s: Sense) -> None:
    assert eval(opposite(s), t) == -eval(s, t)


@LAWS
@given(trees, senses)
def test_interpret_nval_is_eval(t: tree, s: Sense) -> None:
    assert interpret(s, nval(t)) == eval(s, t)


@LAWS
@given(trees)
def test_ntval_is_nval(t: tree) -> None:
    assert ntval(t) == nval(t)


@LAWS
@given(ptree_values, senses)
def test_evaluators_match_plain_recursion(p: PTree, s: Sense) -> None:
    t = build(p)
    assert eval(s, t) == ref_eval(s, p)
    assert nval(t) == ntval(t) == ref_value(p)
    assert size(t) == size_of(p)
    assert height(t) == height_of(p)


@LAWS
@given(trees, windows())
def test_bval_is_equivalent_to_ntval(t: tree, window: tuple[value, value]) -> None:
    a, b = window
    v = bval(a, b, t)
    assert equivalent(a, b, v, ntval(t))
    if a < ntval(t) < b:
        assert v == ntval(t)


@LAWS
@given(trees)
def test_bval_full_window_is_ntval(t: tree) -> None:
    assert bval(bottom, top, t) == ntval(t)


@LAWS
@given(wdl_trees)
def test_assured_win_means_value_one(t: tree) -> None:
    assert assured_win(t) == (ntval(t) == 1)
    assert assured_win_stats(t)[1].leaves <= ntval_stats(t)[1].leaves


@LAWS
@given(ptree_values, windows())
def test_bmove_is_the_first_optimal_move(p: PTree, window: tuple[value, value]) -> None:
    a, b = window
    t = build(p)
    if isinstance(p, int):
        assert bmove(a, b, t) == Nothing
        return
    best = ref_value(p)
    child_values = [(m, -ref_value(c)) for m, c in p]
    full = next(m for m, v in child_values if v == best)
    assert bmove(bottom, top, t) == Some(full)
    first = next(m for m, v in child_values if equivalent(a, b, v, best))
    assert bmove(a, b, t) == Some(first)


@LAWS
@given(trees, windows())
def test_bval_examines_no_more_than_ntval(t: tree, window: tuple[value, value]) -> None:
    a, b = window
    _, bstats = bval_stats(a, b, t)
    _, nstats = ntval_stats(t)
    assert bstats.leaves <= nstats.leaves
    assert bstats.nodes <= nstats.nodes
    if isinstance(t, TNonLeaf):
        assert bmove_stats(a, b, t)[1] == bstats


@LAWS
@given(ptree_values, senses)
def test_exhaustive_evaluators_examine_every_node(p: PTree, s: Sense) -> None:
    t = build(p)
    for _, stats in (eval_stats(s, t), nval_stats(t), ntval_stats(t)):
        assert (stats.leaves, stats.nodes) == (leaves_of(p), size_of(p))


@LAWS
@given(ptree_values, st.sampled_from(BUILDERS))
def test_forcing_an_offspring_twice_gives_the_same_pairs(p: PTree, builder: Builder) -> None:
    t = build(p, builder)
    if isinstance(p, int) or not isinstance(t, TNonLeaf):
        return
    first, second = to_list(t.offspring), to_list(t.offspring)
    assert [m for m, _ in first] == [m for m, _ in second] == [m for m, _ in p]
    assert [ntval(c) for _, c in first] == [ntval(c) for _, c in second]
    # forcing a tail twice does not advance anything
    node = t.offspring()
    assert isinstance(node, Cons)
    assert [m for m, _ in to_list(node.tail)] == [m for m, _ in to_list(node.tail)]


def _exactly(x: object, y: object) -> bool:
    return x == y


@LAWS
@given(ptree_values, windows(), senses)
def test_forcing_order_is_the_exercises(p: PTree, window: tuple[value, value], s: Sense) -> None:
    """Each explicit-stack evaluator forces exactly what the recursive one forces, in order.

    The values agree as the exercise states: exactly, but ``bval``'s up to
    ``(alpha, beta)``-equivalence (a cut may return beta or the child's value, an exhausted
    offspring alpha or a running max).
    """
    a, b = window
    pairs: list[tuple[Callable[[tree], object], Callable[[tree], object],
                      Callable[[object, object], bool]]] = [
        (lambda t: eval(s, t), lambda t: r_eval(s, t), _exactly),
        (nval, r_nval, _exactly),
        (ntval, r_ntval, _exactly),
        (lambda t: bval(a, b, t), lambda t: r_bval(a, b, t), _equivalent_in(a, b)),
        (assured_win, lambda t: r_bval(0, 1, t) >= 1, _exactly),
    ]
    for ours, theirs, agree in pairs:
        (mine, my_log), (ref, ref_log) = forcings(p, ours), forcings(p, theirs)
        assert my_log == ref_log
        assert agree(mine, ref)


def _equivalent_in(a: value, b: value) -> Callable[[object, object], bool]:
    def agree(x: object, y: object) -> bool:
        return isinstance(x, int) and isinstance(y, int) and equivalent(a, b, x, y)

    return agree


# -- other correct bvals (the exercise's own variants): the same forcings, equivalent values -


def r_bval_beta(alpha: value, beta: value, t: tree) -> value:
    """A cut returns beta."""
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            node = off()
            while isinstance(node, Cons):
                v = -r_bval_beta(-beta, -alpha, node.head[1])
                if v >= beta:
                    return beta
                alpha = max(alpha, v)
                node = node.tail()
            return alpha
    raise AssertionError


def r_bval_soft(alpha: value, beta: value, t: tree) -> value:
    """Fail-soft: the best value seen, below alpha too."""
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            best, node = bottom, off()
            while isinstance(node, Cons):
                v = -r_bval_soft(-beta, -max(alpha, best), node.head[1])
                if v >= beta:
                    return v
                best = max(best, v)
                node = node.tail()
            return best
    raise AssertionError


def r_bval_project(alpha: value, beta: value, t: tree) -> value:
    """Every value projected onto [alpha, beta]."""
    match t:
        case TLeaf(v):
            return max(alpha, min(beta, v))
        case TNonLeaf(off):
            node = off()
            while isinstance(node, Cons):
                v = -r_bval_project(-beta, -alpha, node.head[1])
                if v >= beta:
                    return beta
                alpha = max(alpha, v)
                node = node.tail()
            return alpha
    raise AssertionError


@settings(max_examples=60, deadline=None)
@given(ptree_values, windows())
def test_other_correct_bvals_pass_the_same_law(p: PTree, window: tuple[value, value]) -> None:
    """What ``test_forcing_order_is_the_exercises`` asks of ``bval`` holds for every correct
    variant: the same forcings, and a value equivalent to ours (not always equal)."""
    a, b = window
    mine, my_log = forcings(p, lambda t: bval(a, b, t))
    for variant in (r_bval_beta, r_bval_soft, r_bval_project):
        theirs, their_log = forcings(p, lambda t, f=variant: f(a, b, t))  # type: ignore[misc]  # a default argument binds the variant (mypy: lambda defaults)
        assert their_log == my_log
        assert _equivalent_in(a, b)(mine, theirs)
        assert _equivalent_in(a, b)(theirs, ref_value(p))


@LAWS
@given(ptree_values, windows())
def test_bval_never_forces_past_a_cut(p: PTree, window: tuple[value, value]) -> None:
    a, b = window
    _, blog = forcings(p, lambda t: bval(a, b, t))
    _, nlog = forcings(p, ntval)
    assert len(blog) <= len(nlog)
    assert len(set(blog)) == len(blog)  # each position of each offspring forced at most once
