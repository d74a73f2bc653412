"""Lazy explicit game trees and their evaluators: the OCaml exercise, in Python.

A game tree is built on demand: a nonleaf node carries its *offspring*, an OCaml ``Seq.t`` of
``(move, tree)`` pairs, that is a zero-argument function returning ``Nil()`` or
``Cons(head, tail)`` where ``tail`` is again such a function. Forcing an offspring twice
recomputes it (it is never consumed), so a tree can be walked many times, and only the branch
under examination needs to be in memory. Values are relative to the player *up* at a node
(negamax convention), between ``bottom`` and ``top`` (``-bottom == top``):

>>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
>>> size(t), height(t), nval(t), ntval(t), bval(bottom, top, t)
(13, 2, 4, 4, 4)
>>> bmove(bottom, top, t)
<Some: 1>
>>> bval_stats(bottom, top, t)
(4, Stats(leaves=7, nodes=11))

Every function works without Python recursion (an explicit stack of the branch being examined:
one frame per level, holding that level's remaining offspring), so a path of 100,000 nodes is
fine. The evaluators force no more of an offspring than the exercise's algorithms: ``bval``
stops forcing a sequence at a cut.

``from_game`` unfolds any ``GAME`` of the library into such a tree, cut at a depth, with moves
encoded as their index in ``game.moves(s)`` (``decode_move`` maps them back), and
``win_loss_draw`` unfolds a game exactly, with leaves -1, 0, +1, so that ``assured_win`` answers
questions like "is the first player assured to win?".
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Generic, TypeAlias, TypeVar, Union, final

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import GAME, Draw, In_play, Maxie, Outcome, Over, Player, Winner

__all__ = [
    "Cons",
    "Even",
    "InvalidTree",
    "Nested",
    "Nil",
    "Odd",
    "Sense",
    "Stats",
    "TLeaf",
    "TNonLeaf",
    "assured_win",
    "assured_win_stats",
    "bmove",
    "bmove_stats",
    "bottom",
    "bval",
    "bval_stats",
    "decode_move",
    "equivalent",
    "eval",
    "eval_stats",
    "from_game",
    "height",
    "init",
    "interpret",
    "join",
    "move",
    "ntval",
    "ntval_stats",
    "nval",
    "nval_stats",
    "of_iterable_factory",
    "of_list",
    "of_nested",
    "offspring",
    "opposite",
    "seq_node",
    "seq_t",
    "size",
    "to_list",
    "top",
    "tree",
    "unfold",
    "unit",
    "value",
    "win_loss_draw",
]

A = TypeVar("A")
B = TypeVar("B")
State = TypeVar("State")
Move = TypeVar("Move")

value: TypeAlias = int
"""OCaml ``type value = int``: a value in the eyes of the player who is up."""

move: TypeAlias = int
"""OCaml ``type move = int``: a move, encoded as an integer by whoever builds the tree."""

bottom: Final[value] = -sys.maxsize
"""OCaml ``bottom = -max_int``: the worst value; ``-bottom == top``."""

top: Final[value] = sys.maxsize
"""OCaml ``top = max_int``: the best value; ``-top == bottom``."""


class InvalidTree(ValueError):
    """A tree breaks the exercise's rules: an empty offspring, or a leaf outside [bottom, top].

    >>> nval(TNonLeaf(of_list([])))
    Traceback (most recent call last):
    ...
    sml150.gametree.InvalidTree: a TNonLeaf has an empty offspring (it must list every move)
    """


# -- OCaml Seq.t ----------------------------------------------------------------------------


@final
@attrs.frozen
class Nil:
    """OCaml ``Seq.Nil``: the sequence is empty.

    >>> of_list([])()
    Nil()
    """


@final
@attrs.frozen
class Cons(Generic[A]):
    """OCaml ``Seq.Cons (x, xs)``: the first element and the rest, itself a ``seq_t``.

    >>> of_list([1, 2])()
    Cons(head=1, tail=<function ...>)
    """

    head: A
    """The first element."""
    tail: seq_t[A]
    """The other elements: a function to force, not a node."""


seq_node: TypeAlias = Union[Nil, Cons[A]]  # noqa: UP007
"""OCaml ``'a Seq.node = Nil | Cons of 'a * 'a Seq.t``."""

seq_t: TypeAlias = Callable[[], seq_node[A]]
"""OCaml ``'a Seq.t = unit -> 'a Seq.node``: call it to get the head (recomputed each time)."""

_NIL: Final = Nil()


def init(n: int, f: Callable[[int], A]) -> seq_t[A]:
    """OCaml ``Seq.init n f``: the sequence ``f 0, ..., f (n-1)``, computed on demand.

    REQUIRES: ``n >= 0`` (else ``ValueError``). ENSURES: forcing position ``i`` calls ``f(i)``
    afresh each time; nothing is cached, so the sequence can be walked many times.

    >>> to_list(init(3, lambda i: i * i))
    [0, 1, 4]
    """
    if n < 0:
        raise ValueError(f"init: a sequence length must be >= 0, not {n}")
    return _init_at(n, f, 0)


def _init_at(n: int, f: Callable[[int], A], i: int) -> seq_t[A]:
    # A module-level function, not a closure over itself: the thunks form no reference cycle,
    # so a walked-past position is freed at once (no wait for the cyclic garbage collector).
    def force() -> seq_node[A]:
        if i >= n:
            return _NIL
        return Cons(f(i), _init_at(n, f, i + 1))

    return force


def of_list(xs: Iterable[A]) -> seq_t[A]:
    """The sequence of the elements of ``xs`` (copied once, so it can be walked many times).

    >>> s = of_list([(0, TLeaf(1)), (1, TLeaf(-1))])
    >>> to_list(s) == to_list(s)
    True
    """
    items = tuple(xs)
    return init(len(items), items.__getitem__)


def unfold(f: Callable[[B], Maybe[tuple[A, B]]], seed: B) -> seq_t[A]:
    """OCaml ``Seq.unfold f seed``: ``Nothing`` ends the sequence, ``Some (x, seed')`` goes on.

    ENSURES: each force calls ``f`` on its seed afresh (seeds should be immutable).

    >>> to_list(unfold(lambda n: Some((n, n - 1)) if n > 0 else Nothing, 3))
    [3, 2, 1]
    """

    def force() -> seq_node[A]:
        match f(seed):
            case Some((x, rest)):
                return Cons(x, unfold(f, rest))
        return _NIL

    return force


def of_iterable_factory(factory: Callable[[], Iterable[A]]) -> seq_t[A]:
    """The sequence of what ``factory()`` yields; each walk from the start calls it afresh.

    Forcing the returned sequence makes a new iterator. Each tail remembers its node once
    forced (a cache private to that position of that walk), so forcing a tail twice gives the
    same node without advancing the iterator twice; a walk that drops the tails it has passed
    holds no more than the current position.

    >>> s = of_iterable_factory(lambda: ((i, TLeaf(i)) for i in range(2)))
    >>> to_list(s) == to_list(s) == [(0, TLeaf(0)), (1, TLeaf(1))]
    True
    """

    def force() -> seq_node[A]:
        return _from_iterator(iter(factory()))()

    return force


def _from_iterator(it: Iterator[A]) -> seq_t[A]:
    memo: list[seq_node[A]] = []  # private to this position: its node, once computed

    def force() -> seq_node[A]:
        if not memo:
            for x in it:
                memo.append(Cons(x, _from_iterator(it)))
                break
            else:
                memo.append(_NIL)
        return memo[0]

    return force


def to_list(s: seq_t[A]) -> list[A]:
    """All elements of ``s``, forcing it to the end (loops forever on an infinite sequence).

    >>> to_list(of_list("ab"))
    ['a', 'b']
    """
    out: list[A] = []
    node = s()
    while isinstance(node, Cons):
        out.append(node.head)
        node = node.tail()
    return out


# -- game trees -----------------------------------------------------------------------------


def _check_leaf(_instance: object, _attribute: attrs.Attribute[Any], v: object) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"TLeaf: a value must be an int, not {v!r}")
    if not bottom <= v <= top:
        raise InvalidTree(f"TLeaf: the value {v} is outside [bottom, top] = [-maxsize, maxsize]")


@final
@attrs.frozen
class TLeaf:
    """OCaml ``TLeaf of value``: a terminal state, valued in the eyes of the player up there.

    REQUIRES: ``bottom <= value <= top`` (else ``InvalidTree``).

    >>> TLeaf(1), nval(TLeaf(1))
    (TLeaf(value=1), 1)
    """

    value: int = attrs.field(validator=_check_leaf)
    """The state's ``value`` for the player who is up (+1 a win, 0 a draw, -1 a loss, ...)."""


@final
@attrs.frozen
class TNonLeaf:
    """OCaml ``TNonLeaf of offspring``: a state in play, with every permitted move.

    REQUIRES: the offspring is non-empty (evaluators raise ``InvalidTree`` when they find it
    empty); a move's subtree is valued in the eyes of the opponent, who is up there.

    >>> t = TNonLeaf(of_list([(7, TLeaf(-3)), (9, TLeaf(2))]))
    >>> [m for m, _ in to_list(t.offspring)], nval(t)
    ([7, 9], 3)
    """

    offspring: seq_t[tuple[move, tree]]
    """The ``(move, subtree)`` pairs, an ``offspring`` computed on demand."""


tree: TypeAlias = Union[TLeaf, TNonLeaf]  # noqa: UP007
"""OCaml ``type tree = TLeaf of value | TNonLeaf of offspring``."""

offspring: TypeAlias = seq_t[tuple[move, tree]]
"""OCaml ``and offspring = (move * tree) Seq.t``."""

Nested: TypeAlias = Union[int, Sequence["Nested"]]  # noqa: UP007
"""A tree written as nested lists: an int is a leaf, a list a nonleaf (moves 0, 1, ...)."""


def of_nested(x: Nested) -> tree:
    """The tree written ``x``: an int is a leaf, a non-empty list a node whose moves are 0, 1, ...

    Children are built on demand, so a bad part (an empty list, a string) raises only when an
    evaluator reaches it. Remember that each level is valued by the player up there.

    >>> t = of_nested([1, [2, -3]])
    >>> [(m, type(c).__name__) for m, c in to_list(t.offspring)]
    [(0, 'TLeaf'), (1, 'TNonLeaf')]
    """
    if isinstance(x, int):
        return TLeaf(x)
    if isinstance(x, str) or not isinstance(x, Sequence):
        raise TypeError(f"of_nested: expected an int or a list of subtrees, not {x!r}")
    children = tuple(x)
    return TNonLeaf(init(len(children), lambda i: (i, of_nested(children[i]))))


def _first(t: TNonLeaf) -> Cons[tuple[move, tree]]:
    """Force the offspring of a nonleaf, which must not be empty."""
    node = t.offspring()
    if isinstance(node, Cons):
        return node
    raise InvalidTree("a TNonLeaf has an empty offspring (it must list every move)")


def _not_a_tree(t: object) -> TypeError:
    return TypeError(f"expected a game tree (TLeaf or TNonLeaf), not {t!r}")


# -- sense ----------------------------------------------------------------------------------


class Sense(enum.Enum):
    """OCaml ``type sense = Even | Odd``: ``Even`` is up at the root, ``Odd`` is the opponent.

    >>> Sense.Even is Even, opposite(Even)
    (True, <Sense.Odd: 'Odd'>)
    """

    Even = "Even"
    Odd = "Odd"


Even: Final = Sense.Even
Odd: Final = Sense.Odd


def opposite(sense: Sense) -> Sense:
    """The other player: OCaml ``opposite : sense -> sense``.

    >>> opposite(Odd)
    <Sense.Even: 'Even'>
    """
    return Odd if sense is Even else Even


def interpret(sense: Sense, v: value) -> value:
    """A value in the eyes of ``sense``, seen by ``Even``: ``v`` for Even, ``-v`` for Odd.

    >>> interpret(Even, 3), interpret(Odd, 3)
    (3, -3)
    """
    return v if sense is Even else -v


def join(sense: Sense, v1: value, v2: value) -> value:
    """How ``sense`` combines two options, in Even's eyes: Even takes the max, Odd the min.

    OCaml ``join : sense -> value -> value -> value``, its arguments one parameter each.

    >>> join(Even, 1, 2), join(Odd, 1, 2)
    (2, 1)
    """
    return max(v1, v2) if sense is Even else min(v1, v2)


def unit(sense: Sense) -> value:
    """The neutral element of ``join(sense, ...)``: ``interpret(sense, bottom)``.

    >>> unit(Even) == bottom, unit(Odd) == top
    (True, True)
    """
    return interpret(sense, bottom)


def equivalent(alpha: value, beta: value, v1: value, v2: value) -> bool:
    """``(alpha, beta)``-equivalence: both ``<= alpha``, equal, or both ``>= beta``.

    OCaml ``equivalent : value -> value -> value -> value -> bool``.

    >>> equivalent(0, 5, -3, 0), equivalent(0, 5, 2, 3), equivalent(0, 5, 7, 5)
    (True, False, True)
    """
    return (v1 <= alpha and v2 <= alpha) or v1 == v2 or (beta <= v1 and beta <= v2)


# -- what an evaluation did -----------------------------------------------------------------


@final
@attrs.frozen
class Stats:
    """What one evaluation examined: leaves (values read) and trees (leaves and nonleaves).

    >>> nval_stats(of_nested([1, [2, 3]]))
    (2, Stats(leaves=3, nodes=5))
    """

    leaves: int
    """Leaves whose value the evaluation read."""
    nodes: int
    """Trees the evaluation examined, leaves included."""


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
            node = _first(cur)
            rests.append(node.tail)
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise _not_a_tree(cur)
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
            node = _first(cur)
            kont.append(_AwaitHead(s, node.tail))
            cur, s = node.head[1], opposite(s)
            continue
        if not isinstance(cur, TLeaf):
            raise _not_a_tree(cur)
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
            node = _first(cur)
            kont.append(_AwaitHead(Even, node.tail))
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise _not_a_tree(cur)
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
            node = _first(cur)
            maxes.append(bottom)
            rests.append(node.tail)
            cur = node.head[1]
            continue
        if not isinstance(cur, TLeaf):
            raise _not_a_tree(cur)
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
            node = _first(cur)
            alphas.append(a)
            betas.append(b)
            rests.append(node.tail)
            cur = node.head[1]
            a, b = -b, -a
            continue
        if not isinstance(cur, TLeaf):
            raise _not_a_tree(cur)
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
        raise _not_a_tree(t)
    node = _first(t)
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


# -- trees of real games --------------------------------------------------------------------


def _relative(p: Player, v: value) -> value:
    """An absolute value (positive favours Maxie) seen by ``p``."""
    return v if p is Maxie else -v


def _estimate_value(e: est) -> value:
    match e:
        case MaxieWins():
            return top
        case MinnieWins():
            return bottom
        case Guess(n):
            return min(max(n, bottom + 1), top - 1)
    raise TypeError(f"from_game: the game's estimate is not an est: {e!r}")


def _outcome_value(up: Player, o: Outcome, scale: value) -> value:
    match o:
        case Winner(p):
            return scale if p is up else -scale
        case Draw():
            return 0
    raise TypeError(f"from_game: not an outcome: {o!r}")


def _unfold_game(game: GAME[State, Move], depth: int | None, s: State, scale: value) -> tree:
    up = game.player(s)
    match game.status(s):
        case Over(outcome):
            return TLeaf(_outcome_value(up, outcome, scale))
        case In_play() if depth == 0:
            return TLeaf(_relative(up, _estimate_value(game.estimate(s))))
    moves = game.moves(s)
    n = Seq.length(moves)
    if n == 0:
        raise ValueError(f"from_game: {game.state_to_string(s)} is In_play but has no moves")
    below = None if depth is None else depth - 1

    def child(i: int) -> tuple[move, tree]:
        return i, _unfold_game(game, below, game.make_move(s, Seq.nth(i, moves)), scale)

    return TNonLeaf(init(n, child))


def from_game(
    game: GAME[State, Move],
    depth: int | None,
    s: State | None = None,
    *,
    outcome_scale: value = top,
) -> tree:
    """The lazy game tree of ``game`` from ``s`` (``None``: ``game.start``), cut at ``depth``.

    Values are for the player up at each node (Maxie's absolute value, negated where Minnie is
    up). A finished state (``Over``) is a leaf: ``+outcome_scale`` if the player up there won,
    ``-outcome_scale`` if they lost, 0 for a draw. At the cut (``depth`` plies below ``s``) an
    unfinished state is a leaf valued by ``game.estimate``: ``Guess n`` is ``n`` clamped into
    the open interval ``(bottom, top)``, ``MaxieWins``/``MinnieWins`` are ``top``/``bottom``
    (for Maxie). ``depth=None`` never cuts (the game must end on every path).

    Moves are encoded as the index of the move in ``game.moves(state)``: decode a path with
    ``decode_move``. Nodes are built when an evaluator forces them, so estimates (and
    ``ExplicitGame``'s ``Estimating ...`` lines) happen exactly for the leaves it examines.

    REQUIRES: ``depth`` None or an int ``>= 0``; ``1 <= outcome_scale <= top``; a state
    ``In_play`` has a move (else ``ValueError`` when reached).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> bval(bottom, top, from_game(HandoutSmall, 2))
    Estimating state c[3]
    Estimating state d[6]
    Estimating state e[~2]
    Estimating state g[6]
    Estimating state h[4]
    Estimating state i[10]
    Estimating state k[1]
    4
    """
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise TypeError(f"from_game: depth must be an int or None, not {depth!r}")
    if depth is not None and depth < 0:
        raise ValueError(f"from_game: depth must be >= 0 or None, not {depth}")
    if isinstance(outcome_scale, bool) or not isinstance(outcome_scale, int):
        raise TypeError(f"from_game: outcome_scale must be an int, not {outcome_scale!r}")
    if not 1 <= outcome_scale <= top:
        raise ValueError(f"from_game: outcome_scale must be in [1, top], not {outcome_scale}")
    return _unfold_game(game, depth, game.start if s is None else s, outcome_scale)


def win_loss_draw(game: GAME[State, Move], s: State | None = None) -> tree:
    """The exact tree of ``game`` from ``s`` (``None``: the start): leaves +1 win, 0, -1 loss.

    ``from_game(game, None, s, outcome_scale=1)``: no depth cut and no estimates, every leaf a
    finished game valued for the player up there, ready for ``assured_win``. REQUIRES: every
    path ends (a game that can go on forever makes the evaluators loop).

    Is the first player of Tic-Tac-Toe assured to win? No: perfect play draws.

    >>> from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
    >>> G = TicTacToe(TTTConsts(board_size=3, full_board_draw=True))
    >>> t = win_loss_draw(G)
    >>> assured_win(t), bval(-2, 2, t)
    (False, 0)
    """
    return from_game(game, None, s, outcome_scale=1)


def decode_move(game: GAME[State, Move], s: State, m: move) -> Move:
    """The game's move that ``from_game`` encoded as ``m`` in state ``s``: ``nth m (moves s)``.

    REQUIRES: ``0 <= m < length (moves s)`` (else ``sml150.lib.seq.Range``).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> decode_move(HandoutSmall, HandoutSmall.start, 2)
    2
    """
    return Seq.nth(m, game.moves(s))
