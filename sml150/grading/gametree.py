"""The OCaml exercise on lazy game trees (seed 003) as a homework: Questions 1-8 and their tests.

Every case runs one of the student's functions on lazy trees built, in the worker, from the
student's own given classes (``TLeaf``, ``TNonLeaf``, ``Cons``, ``Nil``: the ``forced``
operation of ``_worker``), which counts each offspring cell the function forces, as the
exercise's own grader does. The reference (``sml150.handouts.gametree``) runs on the same trees
in the grader's process. What is compared is only what the exercise states:

* ``size``, ``height``, ``eval`` (both senses: the law ``eval (opposite sense) t = -(eval
  sense t)``), ``nval``, ``ntval``: the exact value.
* ``bval alpha beta t``: any value ``(alpha, beta)``-equivalent to the true one (a cut may
  return ``beta`` or the child's value, an exhausted offspring ``alpha`` or a running max), and
  exactly ``ntval t`` on the full window ``(bottom, top)``;
* ``assured_win`` (trees of -1/0/+1 leaves) and ``bmove``: the exact answer (``bmove`` returns
  the *first* move whose value is equivalent to the tree's, whichever correct ``bval`` found
  it);
* pruning, for ``bval``, ``assured_win`` and ``bmove``: as many offspring cells forced as the
  reference forces, no more (no cut, no narrowing, a sequence forced twice, a wider window than
  ``assured_win`` needs) and no fewer (a cut too early).

Trees: every shape with up to 5 edges (6 for the hidden cases: 132 shapes), with leaf values
drawn each time, and for ``assured_win`` every assignment of -1/0/+1 to the leaves of every
shape up to 3 edges; random trees of 6 (7) to 10 edges, larger ones, and deep paths (a
branch of 40 to 150 moves with leaves beside it). Leaves go beyond -1/0/+1 (to -9..9, and
``bottom``/``top`` themselves); moves are distinct and not consecutive. Windows: the full one,
the narrow ones of the exercise's grader ((-1, 0), (-1, 1), (0, 1)), random ones inside the
leaves' range, and half-open ones (``bottom`` or ``top`` on one side).
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeAlias

import attrs

from sml150.grading._cases import named, seeded
from sml150.grading._exprs import get, lit, mod
from sml150.grading._homework import Homework
from sml150.grading._model import Case, TaskSpec
from sml150.grading._quotes import GAMETREE as Q
from sml150.grading._starter import ModuleSpec, quoted_docs

__all__ = ["HOMEWORK", "MODULES", "TASKS", "shapes", "show_tree"]

Json = Any
Shape: TypeAlias = tuple["Shape", ...]
"""A tree's shape: the shapes of its children (``()``: a leaf)."""
PTree: TypeAlias = Any
"""A tree as the worker's plain data: an int leaf, or a list of ``[move, subtree]`` pairs."""

BOTTOM: Final = -sys.maxsize
"""The exercise's ``bottom`` (``-max_int``)."""
TOP: Final = sys.maxsize
"""The exercise's ``top`` (``max_int``)."""

MODULE: Final = "gametree"
"""The one module of the homework."""

MODULES: Final = (
    ModuleSpec(MODULE, stubs=("size", "height", "eval", "nval", "ntval", "bval", "assured_win",
                              "bmove"), docs=quoted_docs(
        Q,
        ("size", "Question 1", ("size_type", "size")),
        ("height", "Question 2", ("height_type", "height")),
        ("eval", "Question 3", ("eval", "eval_law")),
        ("nval", "Question 4", ("nval", "nval_law")),
        ("ntval", "Question 5", ("ntval", "ntval_law")),
        ("bval", "Question 6", ("bval", "bval_law", "bval_full", "pruning", "cut",
                                "on_demand")),
        ("assured_win", "Question 7", ("assured_win", "assured_win_ab", "on_demand")),
        ("bmove", "Question 8", ("bmove", "bmove_variant", "on_demand")))),
)
"""The homework's module and the answers its starter leaves out."""


# -- trees ------------------------------------------------------------------------------------


@functools.cache
def shapes(edges: int) -> tuple[Shape, ...]:
    """Every shape of an ordered tree with ``edges`` edges (a Catalan number of them).

    A shape is the tuple of its children's shapes: ``()`` is a leaf, ``((),)`` a node with one
    leaf below it.

    >>> [len(shapes(n)) for n in range(7)]
    [1, 1, 2, 5, 14, 42, 132]
    >>> shapes(2)
    ((((),),), ((), ()))
    """
    return _forests(edges)


@functools.cache
def _forests(edges: int) -> tuple[Shape, ...]:
    """Every sequence of subtrees whose edges, each with the edge above it, total ``edges``."""
    if edges == 0:
        return ((),)
    out: list[Shape] = []
    for k in range(edges):  # the first subtree's own edges; with its edge, k + 1
        for first in _forests(k):
            out.extend((first, *rest) for rest in _forests(edges - k - 1))
    return tuple(sorted(out, key=_leaves))


def _leaves(shape: Shape) -> int:
    return 1 if not shape else sum(_leaves(c) for c in shape)


def _fill(rng: random.Random, shape: Shape, leaf: Callable[[], int]) -> PTree:
    """``shape`` with leaf values from ``leaf()`` and distinct, non-consecutive moves."""
    if not shape:
        return leaf()
    moves = rng.sample(range(-60, 61, 3), len(shape))
    return [[m, _fill(rng, c, leaf)] for m, c in zip(moves, shape, strict=True)]


def _assignments(rng: random.Random, shape: Shape, values: tuple[int, ...]) -> Iterator[PTree]:
    """``shape`` with every assignment of ``values`` to its leaves (moves drawn once)."""
    skeleton = _fill(rng, shape, lambda: 0)
    for vs in itertools.product(values, repeat=_leaves(shape)):
        it = iter(vs)
        yield _relabel(skeleton, it)


def _relabel(t: PTree, values: Iterator[int]) -> PTree:
    if isinstance(t, int):
        return next(values)
    return [[m, _relabel(c, values)] for m, c in t]


def _random_shape(rng: random.Random, edges: int) -> Shape:
    """A random shape with ``edges`` edges (uniform among them up to 10 edges)."""
    return rng.choice(shapes(edges))


def _big(rng: random.Random, depth: int) -> Shape:
    """A random shape of depth at most ``depth``, branching 1-4."""
    if depth == 0 or (depth < 4 and rng.random() < 0.25):
        return ()
    return tuple(_big(rng, depth - 1) for _ in range(rng.randint(1, 4)))


def _deep(rng: random.Random, depth: int) -> Shape:
    """A branch of ``depth`` moves, each node with 0-2 leaves beside it, on either side."""
    node: Shape = ()
    for _ in range(depth):
        k = rng.randint(0, 2)
        at = rng.randint(0, k)
        node = ((),) * at + (node,) + ((),) * (k - at)
    return node


def _values(rng: random.Random, kind: str) -> Callable[[], int]:
    """Leaf values: ``"wdl"`` -1/0/+1, ``"small"`` -2..2 (ties), ``"wide"`` -9..9.

    ``"wide"`` also draws, now and then, ``bottom``/``top`` and their neighbours.
    """
    if kind == "wdl":
        return lambda: rng.choice((-1, 0, 1))
    if kind == "small":
        return lambda: rng.randint(-2, 2)

    def wide() -> int:
        if rng.random() < 0.06:
            return rng.choice((BOTTOM, TOP, BOTTOM + 1, TOP - 1))
        return rng.randint(-9, 9)

    return wide


Group: TypeAlias = tuple[str, str, list[PTree]]
"""(what the trees are, the kind shown for a hidden case, the trees)."""


def _groups(rng: random.Random, hidden: bool, kind: str) -> list[Group]:
    """The trees of a task, in groups: every small shape, random ones, larger ones, deep paths."""
    out: list[Group] = []
    every = 6 if hidden else 5
    for e in range(every + 1):
        leaf = _values(rng, kind if e % 2 else ("small" if kind != "wdl" else kind))
        trees = [_fill(rng, s, leaf) for s in shapes(e)]
        out.append((f"every tree shape with {e} edge{'s' if e != 1 else ''}",
                    "every small tree shape", trees))
    if kind == "wdl":  # every assignment of -1/0/+1 to the leaves of every small shape
        for e in range(1, 4):
            trees = [t for s in shapes(e) for t in _assignments(rng, s, (-1, 0, 1))]
            out.append((f"every -1/0/+1 tree with {e} edges", "every small -1/0/+1 tree",
                        trees))
    for e in range(every + 1, 11):
        count = 4 if e <= 7 else 3
        trees = [_fill(rng, _random_shape(rng, e), _values(rng, kind)) for _ in range(count)]
        out.append((f"random trees with {e} edges", "random small trees", trees))
    big = [_fill(rng, _big(rng, rng.randint(3, 5)), _values(rng, kind)) for _ in range(5)]
    out.append(("larger random trees", "larger random trees", big))
    deep = [_fill(rng, _deep(rng, rng.randint(40, 150)), _values(rng, kind)) for _ in range(3)]
    out.append(("deep paths", "deep paths", deep))
    return out


# -- expressions and windows ----------------------------------------------------------------


def _forced(fn: str, tree: PTree, *args: Json) -> Json:
    """``fn(*args, tree)`` on the student's classes, counting the offspring cells forced."""
    m = mod(MODULE)
    return ["forced", m, tree, get(m, fn), *args]


def _show(v: int) -> str:
    return "bottom" if v == BOTTOM else "top" if v == TOP else str(v)


def _windows(rng: random.Random, count: int) -> list[tuple[int, int]]:
    """The full window, then ``count`` drawn from the narrow, random and half-open ones."""
    narrow = [(-1, 0), (-1, 1), (0, 1)]
    a, b = sorted(rng.sample(range(-6, 7), 2))
    k = rng.randint(-4, 4)
    pool = [*narrow, (a, b), (BOTTOM, k), (k, TOP), (rng.randint(-3, 2), rng.randint(3, 8))]
    return [(BOTTOM, TOP), *rng.sample(pool, count)]


# -- the questions --------------------------------------------------------------------------


def _exact_cases(rng: random.Random, hidden: bool, fn: str, quotes: tuple[str, str]) -> list[Case]:
    """``size``/``height``/``nval``/``ntval``: the exact value, on every group of trees."""
    out = [Case(f"{fn}, {what}", tuple(_forced(fn, t) for t in trees), "gametree",
                arg={}, kind=f"{fn}, {kind}", quote=quotes[i % 2])
           for i, (what, kind, trees) in enumerate(_groups(rng, hidden, "wide"))]
    return named(out, hidden)


def _eval_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """``eval`` for both senses: the exact value (so the law on the opposite sense holds)."""
    out = []
    for what, kind, trees in _groups(rng, hidden, "wide"):
        for sense, quote in (("Even", Q["eval"]), ("Odd", Q["eval_law"])):
            s = get(mod(MODULE), sense)
            out.append(Case(f"eval {sense}, {what}", tuple(_forced("eval", t, s) for t in trees),
                            "gametree", arg={}, kind=f"eval {sense}, {kind}", quote=quote))
    return named(out, hidden)


def _window_name(a: int, b: int) -> str:
    return "the full window (bottom, top)" if (a, b) == (BOTTOM, TOP) else \
        f"window ({_show(a)}, {_show(b)})"


def _bval_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """``bval``: equivalent values (exact on the full window), and the cells forced."""
    out = []
    for what, kind, trees in _groups(rng, hidden, "wide"):
        for a, b in _windows(rng, 2):
            exprs = tuple(_forced("bval", t, lit(a), lit(b)) for t in trees)
            full = (a, b) == (BOTTOM, TOP)
            w = _window_name(a, b)
            out.append(Case(f"bval, {what}, {w}: the value", exprs, "gametree",
                            arg={} if full else {"window": [a, b]},
                            kind=f"bval, {kind}: the value",
                            quote=Q["bval_full"] if full else Q["bval_law"]))
            out.append(Case(f"bval, {what}, {w}: the cells forced", exprs, "gametree",
                            arg={"window": [a, b], "forced": True},
                            kind=f"bval, {kind}: the cells forced",
                            quote=Q["pruning"] if kind != "deep paths" else Q["on_demand"]))
    return named(out, hidden)


def _assured_win_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """``assured_win`` on -1/0/+1 trees: the answer, and the cells forced."""
    out = []
    for what, kind, trees in _groups(rng, hidden, "wdl"):
        exprs = tuple(_forced("assured_win", t) for t in trees)
        out.append(Case(f"assured_win, {what}: the answer", exprs, "gametree", arg={},
                        kind=f"assured_win, {kind}: the answer", quote=Q["assured_win"]))
        out.append(Case(f"assured_win, {what}: the cells forced", exprs, "gametree",
                        arg={"forced": True}, kind=f"assured_win, {kind}: the cells forced",
                        quote=Q["assured_win_ab"]))
    return named(out, hidden)


def _bmove_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """``bmove``: the first move achieving the value, and the cells forced (as ``bval``)."""
    out = []
    for what, kind, trees in _groups(rng, hidden, "small"):
        for a, b in _windows(rng, 2):
            exprs = tuple(_forced("bmove", t, lit(a), lit(b)) for t in trees)
            w = _window_name(a, b)
            out.append(Case(f"bmove, {what}, {w}: the move", exprs, "gametree", arg={},
                            kind=f"bmove, {kind}: the move", quote=Q["bmove"]))
            out.append(Case(f"bmove, {what}, {w}: the cells forced", exprs, "gametree",
                            arg={"forced": True}, kind=f"bmove, {kind}: the cells forced",
                            quote=Q["bmove_variant"]))
    return named(out, hidden)


def show_tree(t: PTree, width: int = 120) -> str:
    """A tree as a student reads it in a failed test: ``[move: subtree, ...]``, cut to ``width``.

    >>> show_tree([[3, [[1, 5], [2, BOTTOM]]], [8, -1]])
    '[3: [1: 5, 2: bottom], 8: -1]'
    """
    out: list[str] = []
    size = 0
    stack: list[Any] = [t]
    while stack and size <= width:
        x = stack.pop()
        if isinstance(x, str):
            piece = x
        elif isinstance(x, int):
            piece = _show(x)
        else:
            piece = "["
            parts: list[Any] = []
            for i, (m, c) in enumerate(x):
                parts += [", " if i else "", f"{m}: ", c]
            stack += ["]", *reversed(parts)]  # popped from the end: in order
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    return text if len(text) <= width else text[: width - 3] + "..."


def _with_trees(cases: list[Case]) -> list[Case]:
    """Each case with its trees shown (``arg["trees"]``): a failed test names the tree."""
    return [attrs.evolve(c, arg={**c.arg, "trees": [show_tree(e[2]) for e in c.exprs]})
            for c in cases]


def _cases(build: Callable[[random.Random, bool], list[Case]], k: int) -> Callable[[], list[Case]]:
    """Question ``k``'s cases: public from seed ``1000 + 100 + k``, hidden from the secret."""
    return seeded(lambda rng, hidden: _with_trees(build(rng, hidden)), 100 + k)


TASKS: Final = (
    TaskSpec("1", "Question 1: size", 5,
             _cases(lambda r, h: _exact_cases(r, h, "size", (Q["size"], Q["size_type"])), 1)),
    TaskSpec("2", "Question 2: height", 5, _cases(
        lambda r, h: _exact_cases(r, h, "height", (Q["height"], Q["height_type"])), 2)),
    TaskSpec("3", "Question 3: eval", 10, _cases(_eval_cases, 3)),
    TaskSpec("4", "Question 4: nval", 10,
             _cases(lambda r, h: _exact_cases(r, h, "nval", (Q["nval"], Q["nval_law"])), 4)),
    TaskSpec("5", "Question 5: ntval", 10,
             _cases(lambda r, h: _exact_cases(r, h, "ntval", (Q["ntval"], Q["ntval_law"])), 5)),
    TaskSpec("6", "Question 6: bval", 25, _cases(_bval_cases, 6)),
    TaskSpec("7", "Question 7: assured_win", 15, _cases(_assured_win_cases, 7)),
    TaskSpec("8", "Question 8: bmove", 20, _cases(_bmove_cases, 8)),
)
"""The exercise's eight questions, with points of the grader's own (the exercise gives none:
the warmup 5 each, the evaluators 10, alpha-beta 25, its applications 15 and 20)."""


_README: Final = """
## The gametree exercise in Python

The OCaml types are given in `gametree.py`: a sequence (`Seq.t`) is a function of no argument
returning `Nil()` or `Cons(head, tail)`, a tree is `TLeaf(value)` or `TNonLeaf(offspring)`, and
`move option` is `returns.maybe.Maybe` (`Nothing`, `Some(move)`). Answer Questions 1-8 in
place of the stubs. The grader builds its trees from your own given classes, on demand, and
counts the offspring cells each function forces: `bval`, `assured_win` and `bmove` must force
exactly as many as the exercise's alpha-beta (a missed cut or a second walk forces more, a cut
too early fewer). `bval alpha beta t` may return any value `(alpha, beta)`-equivalent to the
tree's, and exactly `ntval t` on the full window `(bottom, top)`. The questions' points are the
grader's own (the exercise gives none).
"""
"""The starter README's section on the exercise in Python."""

HOMEWORK: Final = Homework("gametree", MODULES, TASKS, readme=_README)
"""The gametree exercise as the grader knows it."""
