"""Game trees, their values and senses: the types and helpers the exercise gives.

``TLeaf``/``TNonLeaf`` (a nonleaf's offspring is a ``seq_t`` of ``(move, subtree)``),
``bottom``/``top``, ``Sense`` with ``opposite``/``interpret``/``join``/``unit``, ``equivalent``,
``of_nested`` (a tree written as nested lists) and ``Stats`` (what an evaluation examined).

>>> of_nested([1, [2, -3]]).offspring().head[0]
0
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Sequence
from typing import Any, Final, TypeAlias, final

import attrs

from sml150.gametree.seq import Cons, init, seq_t

__all__ = ["Even", "InvalidTree", "Nested", "Odd", "Sense", "Stats", "TLeaf", "TNonLeaf",
           "bottom", "equivalent", "first_cell", "interpret", "join", "move", "not_a_tree",
           "of_nested", "offspring", "opposite", "top", "tree", "unit", "value"]

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

    >>> from sml150.gametree import nval, of_list
    >>> nval(TNonLeaf(of_list([])))
    Traceback (most recent call last):
    ...
    sml150.gametree.tree.InvalidTree: a TNonLeaf has an empty offspring (it must list every move)
    """



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

    >>> from sml150.gametree import nval
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

    >>> from sml150.gametree import nval, of_list, to_list
    >>> t = TNonLeaf(of_list([(7, TLeaf(-3)), (9, TLeaf(2))]))
    >>> [m for m, _ in to_list(t.offspring)], nval(t)
    ([7, 9], 3)
    """

    offspring: seq_t[tuple[move, tree]]
    """The ``(move, subtree)`` pairs, an ``offspring`` computed on demand."""


tree: TypeAlias = TLeaf | TNonLeaf
"""OCaml ``type tree = TLeaf of value | TNonLeaf of offspring``."""

offspring: TypeAlias = seq_t[tuple[move, tree]]
"""OCaml ``and offspring = (move * tree) Seq.t``."""

Nested: TypeAlias = int | Sequence["Nested"]
"""A tree written as nested lists: an int is a leaf, a list a nonleaf (moves 0, 1, ...)."""


def of_nested(x: Nested) -> tree:
    """The tree written ``x``: an int is a leaf, a non-empty list a node whose moves are 0, 1, ...

    Children are built on demand, so a bad part (an empty list, a string) raises only when an
    evaluator reaches it. Remember that each level is valued by the player up there.

    >>> from sml150.gametree import to_list
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


def first_cell(t: TNonLeaf) -> Cons[tuple[move, tree]]:
    """Force the offspring of a nonleaf, which must not be empty (else ``InvalidTree``).

    >>> first_cell(of_nested([5])).head
    (0, TLeaf(value=5))
    """
    node = t.offspring()
    if isinstance(node, Cons):
        return node
    raise InvalidTree("a TNonLeaf has an empty offspring (it must list every move)")


def not_a_tree(t: object) -> TypeError:
    """The error for a value that is neither a ``TLeaf`` nor a ``TNonLeaf``.

    >>> not_a_tree(3)
    TypeError('expected a game tree (TLeaf or TNonLeaf), not 3')
    """
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

    >>> from sml150.gametree import nval_stats
    >>> nval_stats(of_nested([1, [2, 3]]))
    (2, Stats(leaves=3, nodes=5))
    """

    leaves: int
    """Leaves whose value the evaluation read."""
    nodes: int
    """Trees the evaluation examined, leaves included."""

