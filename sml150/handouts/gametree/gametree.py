"""The OCaml exercise "Evaluating a Game Tree" (seed 003): given code and model answers.

(Over 400 lines: the exercise's given code and the model answers to its eight questions, in the
exercise's order, as one file a student receives.)

This is the reference the grader of ``sml150 grade gametree`` computes its answers with, and
the source of the starter file (``sml150 handout gametree``): the starter keeps the given code
(the ``Seq`` nodes, the tree type, ``bottom``/``top``, ``Sense`` and its helpers,
``equivalent``, ``of_list``) and replaces the eight answers with stubs. It must run in the
grader's sandbox, so it imports only ``attrs`` and ``returns``.

The answers follow the exercise's own shapes, one ``_offspring`` helper per function, with a
recursive call per subtree (as in OCaml; the library's ``sml150.gametree`` is the same
algorithms on an explicit stack, for trees deeper than Python's recursion allows). That is why
the algorithms exist twice: this copy is what a student writes, and what the grader counts
forcings against.

>>> t = of_list([(0, TLeaf(-3)), (1, TNonLeaf(of_list([(5, TLeaf(4)), (6, TLeaf(-1))])))])
>>> size(TNonLeaf(t)), height(TNonLeaf(t)), nval(TNonLeaf(t)), bmove(bottom, top, TNonLeaf(t))
(5, 2, 3, <Some: 0>)
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Iterable
from typing import Final, Generic, TypeAlias, TypeVar, final

import attrs
from returns.maybe import Maybe, Nothing, Some

__all__ = [
    "Cons",
    "Even",
    "Nil",
    "Odd",
    "Sense",
    "TLeaf",
    "TNonLeaf",
    "assured_win",
    "bmove",
    "bottom",
    "bval",
    "equivalent",
    "eval",
    "height",
    "interpret",
    "join",
    "ntval",
    "nval",
    "of_list",
    "opposite",
    "size",
    "top",
    "unit",
]

A = TypeVar("A")

# -- given: OCaml's Seq ---------------------------------------------------------------------


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
    """OCaml ``Seq.Cons (x, xs)``: the first element, and the rest (a function to call).

    >>> of_list([7])().head
    7
    """

    head: A
    """The first element."""
    tail: Callable[[], Nil | Cons[A]]
    """The other elements: call it (``tail()``) to get their first node."""


seq_t: TypeAlias = Callable[[], Nil | Cons[A]]
"""OCaml ``'a Seq.t = unit -> 'a Seq.node``: call it to get ``Nil()`` or ``Cons(x, xs)``."""


def of_list(xs: Iterable[A]) -> seq_t[A]:
    """OCaml ``List.to_seq``: the sequence of the elements of ``xs``, built on demand.

    >>> node = of_list([1, 2])()
    >>> node.head, node.tail().head, node.tail().tail()
    (1, 2, Nil())
    """
    items = tuple(xs)

    def at(i: int) -> seq_t[A]:
        def force() -> Nil | Cons[A]:
            return Cons(items[i], at(i + 1)) if i < len(items) else Nil()

        return force

    return at(0)


# -- given: game trees ----------------------------------------------------------------------

value: TypeAlias = int
"""OCaml ``type value = int``."""

move: TypeAlias = int
"""OCaml ``type move = int``."""

bottom: Final[value] = -sys.maxsize
"""OCaml ``bottom = -max_int``."""

top: Final[value] = sys.maxsize
"""OCaml ``top = max_int``."""


@final
@attrs.frozen
class TLeaf:
    """OCaml ``TLeaf of value``: a terminal state, valued for the player who is up there.

    >>> TLeaf(1).value
    1
    """

    value: int
    """The value in the eyes of the player who is currently up."""


@final
@attrs.frozen
class TNonLeaf:
    """OCaml ``TNonLeaf of offspring``: a nonterminal state and its (move, subtree) pairs.

    >>> [m for m, _ in [of_list([(3, TLeaf(0))])().head]]
    [3]
    """

    offspring: seq_t[tuple[int, TLeaf | TNonLeaf]]
    """A nonempty sequence of every permitted move and the subtree it leads to."""


tree: TypeAlias = TLeaf | TNonLeaf
"""OCaml ``type tree = TLeaf of value | TNonLeaf of offspring``."""

offspring: TypeAlias = seq_t[tuple[move, tree]]
"""OCaml ``and offspring = (move * tree) Seq.t``."""


# -- given: sense ---------------------------------------------------------------------------


class Sense(enum.Enum):
    """OCaml ``type sense = Even | Odd``.

    >>> Sense.Even is Even
    True
    """

    Even = "Even"
    Odd = "Odd"


Even: Final = Sense.Even
Odd: Final = Sense.Odd


def opposite(sense: Sense) -> Sense:
    """OCaml ``opposite``: the other player.

    >>> opposite(Even)
    <Sense.Odd: 'Odd'>
    """
    return Odd if sense is Even else Even


def interpret(sense: Sense, v: value) -> value:
    """OCaml ``interpret``: a value relative to ``sense``, made relative to ``Even``.

    >>> interpret(Odd, 3)
    -3
    """
    return v if sense is Even else -v


def join(sense: Sense, v1: value, v2: value) -> value:
    """OCaml ``join``: ``max`` for ``Even``, ``min`` for ``Odd``.

    >>> join(Odd, 1, 2)
    1
    """
    return max(v1, v2) if sense is Even else min(v1, v2)


def unit(sense: Sense) -> value:
    """OCaml ``unit``: the neutral element of ``join sense``.

    >>> unit(Even) == bottom
    True
    """
    return interpret(sense, bottom)


def equivalent(alpha: value, beta: value, v1: value, v2: value) -> bool:
    """OCaml ``equivalent``: ``(alpha, beta)``-equivalence.

    >>> equivalent(0, 5, -3, 0), equivalent(0, 5, 2, 3)
    (True, False)
    """
    return (v1 <= alpha and v2 <= alpha) or v1 == v2 or (beta <= v1 and beta <= v2)


# -- Question 1 and 2: size and height ------------------------------------------------------


def size(t: tree) -> int:
    """Question 1: the number of nodes of ``t``, leaves and nonleaves.

    >>> size(TNonLeaf(of_list([(0, TLeaf(1)), (1, TLeaf(2))])))
    3
    """
    match t:
        case TLeaf():
            return 1
        case TNonLeaf(off):
            return 1 + _size_offspring(off)


def _size_offspring(off: offspring) -> int:
    match off():
        case Cons((_, t), rest):
            return size(t) + _size_offspring(rest)
    return 0


def height(t: tree) -> int:
    """Question 2: the maximum length of a branch of ``t`` (0 for a leaf).

    >>> height(TNonLeaf(of_list([(0, TLeaf(1))])))
    1
    """
    match t:
        case TLeaf():
            return 0
        case TNonLeaf(off):
            return 1 + _height_offspring(off)


def _height_offspring(off: offspring) -> int:
    match off():
        case Cons((_, t), rest):
            return max(height(t), _height_offspring(rest))
    return 0


# -- Question 3: minimax --------------------------------------------------------------------


# ``eval``: the exercise's name; it shadows the builtin in this module, on purpose.
def eval(sense: Sense, t: tree) -> value:
    """Question 3: the value of ``t`` for ``Even`` when ``sense`` is up at the root.

    >>> t = TNonLeaf(of_list([(0, TLeaf(-3)), (1, TLeaf(2))]))
    >>> eval(Even, t), eval(Odd, t)
    (3, -3)
    """
    match t:
        case TLeaf(v):
            return interpret(sense, v)
        case TNonLeaf(off):
            return _eval_offspring(sense, off)


def _eval_offspring(sense: Sense, off: offspring) -> value:
    match off():
        case Cons((_, t), rest):
            return join(sense, eval(opposite(sense), t), _eval_offspring(sense, rest))
    return unit(sense)


# -- Question 4: negamax --------------------------------------------------------------------


def nval(t: tree) -> value:
    """Question 4: the value of ``t`` for the player who is up at its root.

    >>> nval(TNonLeaf(of_list([(0, TLeaf(-3)), (1, TLeaf(2))])))
    3
    """
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return _nval_offspring(off)


def _nval_offspring(off: offspring) -> value:
    match off():
        case Cons((_, t), rest):
            return max(-nval(t), _nval_offspring(rest))
    return bottom


# -- Question 5: negamax, tail-recursive ----------------------------------------------------


def ntval(t: tree) -> value:
    """Question 5: ``nval``, walking each offspring in order with a running maximum.

    >>> ntval(TNonLeaf(of_list([(0, TLeaf(-3)), (1, TLeaf(2))])))
    3
    """
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return _ntval_offspring(bottom, off)


def _ntval_offspring(running_max: value, off: offspring) -> value:
    match off():
        case Cons((_, t), rest):
            return _ntval_offspring(max(running_max, -ntval(t)), rest)
    return running_max


# -- Question 6: alpha-beta -----------------------------------------------------------------


def bval(alpha: value, beta: value, t: tree) -> value:
    """Question 6: the value of ``t`` up to ``(alpha, beta)``-equivalence; REQUIRES alpha < beta.

    A cut returns the child's value (``>= beta``); an offspring that ends returns ``alpha``.

    >>> t = TNonLeaf(of_list([(0, TLeaf(-3)), (1, TLeaf(2))]))
    >>> bval(bottom, top, t), bval(0, 1, t) >= 1
    (3, True)
    """
    match t:
        case TLeaf(v):
            return v
        case TNonLeaf(off):
            return _bval_offspring(alpha, beta, off)


def _bval_offspring(alpha: value, beta: value, off: offspring) -> value:
    match off():
        case Cons((_, t), rest):
            v = -bval(-beta, -alpha, t)
            if beta <= v:
                return v
            return _bval_offspring(max(alpha, v), beta, rest)
    return alpha


# -- Question 7: is the player up assured to win? -------------------------------------------


def assured_win(t: tree) -> bool:
    """Question 7: with leaves -1, 0, +1, whether the player up at the root is assured to win.

    The narrowest window, ``(0, 1)``: a value 1 cuts at once.

    >>> assured_win(TNonLeaf(of_list([(0, TLeaf(0)), (1, TLeaf(-1))])))
    True
    """
    return bval(0, 1, t) >= 1


# -- Question 8: an optimal move ------------------------------------------------------------


def bmove(alpha: value, beta: value, t: tree) -> Maybe[move]:
    """Question 8: ``Nothing`` for a leaf, else the first move achieving ``bval alpha beta t``.

    >>> bmove(bottom, top, TNonLeaf(of_list([(4, TLeaf(-3)), (9, TLeaf(-5))])))
    <Some: 9>
    """
    match t:
        case TLeaf():
            return Nothing
        case TNonLeaf(off):
            return _bmove_offspring(alpha, beta, Nothing, off)


def _bmove_offspring(alpha: value, beta: value, candidate: Maybe[move],
                     off: offspring) -> Maybe[move]:
    match off():
        case Cons((m, t), rest):
            v = -bval(-beta, -alpha, t)
            if beta <= v:
                return Some(m)
            if alpha < v:
                return _bmove_offspring(v, beta, Some(m), rest)
            return _bmove_offspring(alpha, beta, candidate.lash(lambda _: Some(m)), rest)
    return candidate
