"""Alpha-beta, negamax style, and its applications (Questions 6-8).

``bval``, ``assured_win``, ``bmove``, each with a ``_stats`` variant saying what it examined.
``bval`` forces no more of an offspring than the exercise's algorithm: it stops forcing a
sequence at a cut.

>>> from sml150.gametree.tree import of_nested
>>> bval_stats(bottom, top, of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]]))
(4, Stats(leaves=7, nodes=11))
"""

from __future__ import annotations

from returns.maybe import Maybe, Nothing, Some

from sml150.gametree.minimax import ntval, ntval_stats  # noqa: F401 -- the doctests' oracle
from sml150.gametree.seq import Cons, Nil
from sml150.gametree.tree import (
    Stats,
    TLeaf,
    TNonLeaf,
    bottom,  # noqa: F401 -- the doctests' window
    first_cell,
    move,
    not_a_tree,
    of_nested,  # noqa: F401 -- the doctests' trees
    offspring,
    top,  # noqa: F401 -- the doctests' window
    tree,
    value,
)

__all__ = ["assured_win", "assured_win_stats", "bmove", "bmove_stats", "bval", "bval_stats"]

# -- alpha-beta -----------------------------------------------------------------------------


def _check_window(who: str, alpha: value, beta: value) -> None:
    if not alpha < beta:
        raise ValueError(f"{who}: the window needs alpha < beta, not alpha={alpha}, beta={beta}")


def bval(alpha: value, beta: value, t: tree) -> value:
    """Alpha-beta, negamax style: ``nval(t)`` up to ``(alpha, beta)``-equivalence.

    OCaml ``bval : value -> value -> tree -> value``.
    REQUIRES: ``alpha < beta`` (else ``ValueError``).
    ENSURES: ``equivalent(alpha, beta, bval(alpha, beta, t), ntval(t))``: the exact value when
    it lies strictly between alpha and beta; some value ``<= alpha`` (an upper bound) when the
    value is ``<= alpha``; some value ``>= beta`` (a lower bound) when it is ``>= beta``. So
    ``bval(bottom, top, t) == ntval(t)``. An offspring is walked like ``ntval``'s, with
    ``alpha`` as the running maximum, children searched with ``(-beta, -alpha)``, and a *cut*
    as soon as a child's value is ``>= beta``: the rest of that offspring is never forced.

    >>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
    >>> bval(bottom, top, t), bval(0, 5, t), bval(5, 9, t) <= 5, bval(-5, 2, t) >= 2
    (4, 4, True, True)
    """
    return bval_stats(alpha, beta, t)[0]


def bval_stats(alpha: value, beta: value, t: tree) -> tuple[value, Stats]:
    """``bval(alpha, beta, t)`` and what it examined; never more than ``ntval_stats``.

    >>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
    >>> bval_stats(bottom, top, t)[1].leaves, ntval_stats(t)[1].leaves
    (7, 9)
    """
    _check_window("bval", alpha, beta)
    return _bval(alpha, beta, t)


def _bval(alpha: value, beta: value, t: tree) -> tuple[value, Stats]:
    alphas: list[value] = []
    betas: list[value] = []
    rests: list[offspring] = []
    leaves = nodes = 0
    a, b, cur = alpha, beta, t
    while True:
        # Descend: bval(a, b, cur), pushing a frame (a, b, remaining offspring) per nonleaf.
        nodes += 1
        if isinstance(cur, TNonLeaf):
            node = first_cell(cur)
            alphas.append(a)
            betas.append(b)
            rests.append(node.tail)
            cur = node.head[1]
            a, b = -b, -a
            continue
        if not isinstance(cur, TLeaf):
            raise not_a_tree(cur)
        leaves += 1
        v = cur.value
        # Inv: v is bval of the subtree just finished, with the window its parent gave it.
        while rests:
            v = -v
            b = betas[-1]
            if v >= b:  # a cut: the rest of this offspring is never forced
                alphas.pop()
                betas.pop()
                rests.pop()
                continue
            a = max(alphas[-1], v)
            rest = rests[-1]()
            if isinstance(rest, Cons):
                alphas[-1] = a
                rests[-1] = rest.tail
                cur = rest.head[1]
                a, b = -b, -a
                break
            alphas.pop()
            betas.pop()
            rests.pop()
            v = a  # bval_offspring's Nil case: the node's value is its alpha
        else:
            return v, Stats(leaves, nodes)


def assured_win(t: tree) -> bool:
    """Is the player up at the root assured to win? For trees whose leaves are -1, 0, +1.

    OCaml ``assured_win : tree -> bool``.
    REQUIRES: every leaf is -1 (loss), 0 (draw) or +1 (win) for the player up there.
    ENSURES: ``assured_win(t) == (ntval(t) == 1)`` (in general: ``ntval(t) >= 1``), computed as
    ``bval(0, 1, t) >= 1``: the narrowest window, so every subtree that cannot change the
    yes/no answer is pruned.

    >>> assured_win(of_nested([[1, 1], [0, -1]])), assured_win(of_nested([[0, 1], [1, 0]]))
    (True, False)
    """
    return assured_win_stats(t)[0]


def assured_win_stats(t: tree) -> tuple[bool, Stats]:
    """``assured_win(t)`` and what it examined.

    >>> assured_win_stats(of_nested([[1, 1], [0, -1]]))  # the second move is pruned
    (True, Stats(leaves=2, nodes=4))
    """
    v, stats = _bval(0, 1, t)
    return v >= 1, stats


def bmove(alpha: value, beta: value, t: tree) -> Maybe[move]:
    """An optimal move: ``Nothing`` for a leaf, else the first move achieving ``bval``.

    OCaml ``bmove : value -> value -> tree -> move option``.
    REQUIRES: ``alpha < beta`` (else ``ValueError``).
    ENSURES: for ``TNonLeaf``, ``Some m`` where ``m`` is the first move in offspring order whose
    subtree's value ``v`` (for the player up at the root, ``-ntval(child)``) is
    ``(alpha, beta)``-equivalent to ``ntval(t)``: with the full window, the first move of value
    ``ntval(t)``; the first move when even the best is ``<= alpha``; the first move ``>= beta``
    (the cut) otherwise. It examines what ``bval(alpha, beta, t)`` examines.

    >>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
    >>> bmove(bottom, top, t), bmove(bottom, top, TLeaf(3))
    (<Some: 1>, <Nothing>)
    """
    return bmove_stats(alpha, beta, t)[0]


def bmove_stats(alpha: value, beta: value, t: tree) -> tuple[Maybe[move], Stats]:
    """``bmove(alpha, beta, t)`` and what it examined (as ``bval_stats`` does).

    >>> bmove_stats(bottom, top, of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]]))
    (<Some: 1>, Stats(leaves=7, nodes=11))
    """
    _check_window("bmove", alpha, beta)
    if isinstance(t, TLeaf):
        return Nothing, Stats(0, 1)
    if not isinstance(t, TNonLeaf):
        raise not_a_tree(t)
    node = first_cell(t)
    candidate = node.head[0]
    leaves, nodes = 0, 1
    a = alpha
    while True:
        # Inv: a = max(alpha, values seen so far); candidate is the first move that reached a,
        # or the first move while none exceeded alpha.
        m, child = node.head
        cv, stats = _bval(-beta, -a, child)
        leaves += stats.leaves
        nodes += stats.nodes
        v = -cv
        if v >= beta:
            return Some(m), Stats(leaves, nodes)
        if v > a:
            a, candidate = v, m
        rest = node.tail()
        if isinstance(rest, Nil):
            return Some(candidate), Stats(leaves, nodes)
        node = rest

