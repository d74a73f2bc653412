"""Minimax, negamax and the tail-recursive negamax (Questions 1-5), on an explicit stack.

Every function works without Python recursion: one frame per level of the branch being
examined, holding that level's remaining offspring, so a path of 100,000 nodes is fine.

>>> from sml150.gametree.tree import of_nested
>>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
>>> size(t), height(t), nval(t), ntval(t)
(13, 2, 4, 4)
"""

from __future__ import annotations

from typing import final

import attrs

from sml150.gametree.seq import Cons, Nil
from sml150.gametree.tree import (
    Even,
    Odd,  # noqa: F401 -- the doctests' sense
    Sense,
    Stats,
    TLeaf,
    TNonLeaf,
    bottom,
    first_cell,
    interpret,
    join,
    not_a_tree,
    of_nested,  # noqa: F401 -- the doctests' trees
    offspring,
    opposite,
    tree,
    unit,
    value,
)

__all__ = ["eval", "eval_stats", "height", "ntval", "ntval_stats", "nval", "nval_stats", "size"]

# -- warmup: size and height ----------------------------------------------------------------


def _shape(t: tree) -> tuple[int, int]:
    """(size, height) in one walk; the stack holds each level's remaining offspring."""
    rests: list[offspring] = []
    n = 0
    tallest = 0
    cur = t
    while True:
        # Inv: cur is the next tree to count, at depth len(rests).
        n += 1
        if isinstance(cur, TNonLeaf):
            node = first_cell(cur)
            rests.append(node.tail)
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise not_a_tree(cur)
        tallest = max(tallest, len(rests))
        while rests:
            node2 = rests[-1]()
            if isinstance(node2, Cons):
                rests[-1] = node2.tail
                cur = node2.head[1]
                break
            rests.pop()
        else:
            return n, tallest


def size(t: tree) -> int:
    """The number of nodes of ``t``, leaves and nonleaves (the whole tree is walked).

    OCaml ``size : tree -> int``. ENSURES: ``size(t) >= 1``.

    >>> size(TLeaf(0)), size(of_nested([1, [2, 3]]))
    (1, 5)
    """
    return _shape(t)[0]


def height(t: tree) -> int:
    """The length of the longest branch: the most moves that can be played from the root.

    OCaml ``height : tree -> int``. ENSURES: 0 exactly for a leaf.

    >>> height(TLeaf(0)), height(of_nested([1, [2, 3]]))
    (0, 2)
    """
    return _shape(t)[1]


# -- minimax: eval and nval, as the exercise's (non-tail) recursions -------------------------


@final
@attrs.frozen
class _AwaitHead:
    """Continuation: the head subtree is being evaluated; then fold the ``tail``."""

    sense: Sense
    """Who is up at the node whose offspring is folded (``eval``; ``Even`` for ``nval``)."""
    tail: offspring
    """The offspring left after the head."""


@final
@attrs.frozen
class _AwaitTail:
    """Continuation: the rest of the offspring is being folded; then join with ``head``."""

    sense: Sense
    """Who is up at the node whose offspring is folded."""
    head: value
    """The head's value, in the eyes this fold combines values in."""


# The exercise's name: ``eval`` shadows the builtin inside this module, on purpose.
def eval(sense: Sense, t: tree) -> value:
    """Minimax: the value of ``t`` in the eyes of ``Even``, when ``sense`` is up at the root.

    OCaml ``eval : sense -> tree -> value``.
    ENSURES: ``eval(opposite(sense), t) == -eval(sense, t)``; each offspring is folded as
    ``join sense (eval (opposite sense) t) (eval_offspring sense rest)`` with ``unit sense`` at
    the end, the exercise's recursion run on an explicit stack.

    >>> t = of_nested([[3, 6, -2], [6, 4, 10]])
    >>> eval(Even, t), eval(Odd, t)
    (4, -4)
    """
    return eval_stats(sense, t)[0]


def eval_stats(sense: Sense, t: tree) -> tuple[value, Stats]:
    """``eval(sense, t)`` and what it examined (every node: minimax prunes nothing).

    >>> eval_stats(Odd, of_nested([1, 2]))
    (1, Stats(leaves=2, nodes=3))
    """
    kont: list[_AwaitHead | _AwaitTail] = []
    leaves = nodes = 0
    cur, s = t, sense
    while True:
        # Inv: compute eval(s, cur), then hand it to the continuations on kont (top last).
        nodes += 1
        if isinstance(cur, TNonLeaf):
            node = first_cell(cur)
            kont.append(_AwaitHead(s, node.tail))
            cur, s = node.head[1], opposite(s)
            continue
        if not isinstance(cur, TLeaf):
            raise not_a_tree(cur)
        leaves += 1
        r = interpret(s, cur.value)
        while kont:
            k = kont.pop()
            if isinstance(k, _AwaitTail):
                r = join(k.sense, k.head, r)
                continue
            rest = k.tail()
            if isinstance(rest, Nil):
                r = join(k.sense, r, unit(k.sense))
                continue
            kont.append(_AwaitTail(k.sense, r))
            kont.append(_AwaitHead(k.sense, rest.tail))
            cur, s = rest.head[1], opposite(k.sense)
            break
        else:
            return r, Stats(leaves, nodes)


def nval(t: tree) -> value:
    """Negamax: the value of ``t`` in the eyes of the player up at the root.

    OCaml ``nval : tree -> value``.
    ENSURES: ``interpret(sense, nval(t)) == eval(sense, t)``; each offspring is folded as
    ``max (- nval t) (nval_offspring rest)`` with ``bottom`` at the end, the exercise's
    recursion run on an explicit stack.

    >>> nval(of_nested([[3, 6, -2], [6, 4, 10]]))
    4
    """
    return nval_stats(t)[0]


def nval_stats(t: tree) -> tuple[value, Stats]:
    """``nval(t)`` and what it examined (every node).

    >>> nval_stats(of_nested([1, 2]))
    (-1, Stats(leaves=2, nodes=3))
    """
    kont: list[_AwaitHead | _AwaitTail] = []
    leaves = nodes = 0
    cur = t
    while True:
        # Inv: compute nval(cur), then hand it to the continuations on kont (top last).
        nodes += 1
        if isinstance(cur, TNonLeaf):
            node = first_cell(cur)
            kont.append(_AwaitHead(Even, node.tail))
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise not_a_tree(cur)
        leaves += 1
        r = cur.value
        while kont:
            k = kont.pop()
            if isinstance(k, _AwaitTail):
                r = max(k.head, r)
                continue
            rest = k.tail()
            if isinstance(rest, Nil):
                r = max(-r, bottom)
                continue
            kont.append(_AwaitTail(Even, -r))
            kont.append(_AwaitHead(Even, rest.tail))
            cur = rest.head[1]
            break
        else:
            return r, Stats(leaves, nodes)


# -- ntval: the tail-recursive loop with a running maximum ----------------------------------


def ntval(t: tree) -> value:
    """Negamax as a loop: the value of ``t`` for the player up at the root; ``== nval(t)``.

    OCaml ``ntval : tree -> value``.
    Each offspring is walked in sequence order with a running maximum (the exercise's tail
    call ``ntval_offspring running_max offspring``); the stack holds one ``(running_max,
    remaining offspring)`` frame per level of the current branch.

    >>> ntval(of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]]))
    4
    """
    return ntval_stats(t)[0]


def ntval_stats(t: tree) -> tuple[value, Stats]:
    """``ntval(t)`` and what it examined (every node).

    >>> ntval_stats(of_nested([[1, 2], 3]))
    (1, Stats(leaves=3, nodes=5))
    """
    maxes: list[value] = []
    rests: list[offspring] = []
    leaves = nodes = 0
    cur = t
    while True:
        # Descend to the first leaf of cur, pushing a frame per nonleaf.
        nodes += 1
        if isinstance(cur, TNonLeaf):
            node = first_cell(cur)
            maxes.append(bottom)
            rests.append(node.tail)
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise not_a_tree(cur)
        leaves += 1
        v = cur.value
        # Inv: v is the value of the subtree just finished, for the player up there.
        while rests:
            running_max = max(maxes[-1], -v)
            rest = rests[-1]()
            if isinstance(rest, Cons):
                maxes[-1] = running_max
                rests[-1] = rest.tail
                cur = rest.head[1]
                break
            maxes.pop()
            rests.pop()
            v = running_max
        else:
            return v, Stats(leaves, nodes)

