"""``GameTree`` and ``ExplicitGame``: a game given by an explicit tree, for testing searches.

The root belongs to Maxie and the players alternate by level; a move is a child index. The
status is always ``In_play``, so a tree is searched at exactly its depth: searching below a leaf
(``moves`` of an ``Esti``) or estimating an inner node is an ``ExplicitGameError``. ``estimate``
prints ``Estimating state NAME[V]`` (negatives as ``~2``), exactly like the course library, so
a search's order of leaves is visible.

>>> g = ExplicitGame(Node("a", [Esti("b", 3), Esti("c", -2)]))
>>> g.state_to_string(g.start), list(g.moves(g.start))
('(Maxie,a)', [0, 1])
>>> g.estimate(g.make_move(g.start, 1))
Estimating state c[~2]
Guess(n=-2)
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import TypeAlias, final

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.lib.basis import int_to_string
from sml150.lib.est import Est, Guess, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import EST, In_play, Maxie, Player, Status, other_player

__all__ = [
    "Esti",
    "ExplicitGame",
    "ExplicitGameError",
    "ExplicitState",
    "GameTree",
    "HandoutBig",
    "HandoutSmall",
    "Node",
]


class ExplicitGameError(ValueError):
    """A search went where an explicit tree has no answer (below a leaf, or estimating a node).

    >>> g = HandoutSmall
    >>> g.moves(g.make_move(g.make_move(g.start, 0), 0))
    Traceback (most recent call last):
    ...
    sml150.lib.explicit.ExplicitGameError: ExplicitGame: searched below the leaf c[3] ...
    """


def _to_children(children: Sequence[GameTree]) -> tuple[GameTree, ...]:
    return tuple(children)


@final
@attrs.frozen
class Node:
    """``Node of string * tree list``: an inner state and its children, in move order.

    REQUIRES: at least one child (else ``ValueError``); ``children`` is any Python sequence.

    >>> Node("a", [Esti("b", 1)]).children
    (Esti(label='b', value=1),)
    """

    label: str
    """The state's name, printed by ``state_to_string``."""
    children: tuple[GameTree, ...] = attrs.field(converter=_to_children)
    """The subtrees; move ``i`` leads to ``children[i]``."""

    @children.validator
    def _non_empty(self, _attribute: attrs.Attribute[tuple[GameTree, ...]],
                   value: tuple[GameTree, ...]) -> None:
        if not value:
            raise ValueError(f"GameTree.Node {self.label!r} needs at least one child")


@final
@attrs.frozen
class Esti:
    """``Esti of string * int``: a leaf state with its estimated value (absolute).

    >>> Esti("e", -2)
    Esti(label='e', value=-2)
    """

    label: str
    """The state's name."""
    value: int
    """The value ``estimate`` returns, as ``Guess value``."""


GameTree: TypeAlias = Node | Esti
"""SML ``GameTree.tree = Node of string * tree list | Esti of string * int``."""


@final
@attrs.frozen
class ExplicitState:
    """A position in an explicit tree: the subtree and whose turn it is.

    >>> HandoutSmall.start.player
    <Player.Maxie: 'Maxie'>
    """

    tree: GameTree
    """The subtree rooted at this state."""
    player: Player
    """The player to move (Maxie at the root, alternating by level)."""


@final
@attrs.frozen
class _ExplicitGame:
    """The GAME structure ``ExplicitGame`` returns; see the module docstring."""

    tree: GameTree
    """The whole game tree."""

    @property
    def Est(self) -> EST:
        """The HW11 estimate structure."""
        return Est

    @property
    def start(self) -> ExplicitState:
        """The root, Maxie to move."""
        return ExplicitState(self.tree, Maxie)

    def moves(self, s: ExplicitState) -> Seq[int]:
        """The child indexes ``<0, ..., k-1>``; an ``ExplicitGameError`` below a leaf."""
        match s.tree:
            case Node(_, children):
                return Seq.tabulate(lambda i: i, len(children))
            case Esti(label, value):
                raise ExplicitGameError(
                    f"ExplicitGame: searched below the leaf {label}[{int_to_string(value)}]"
                    " (moves of a leaf)"
                )
        raise TypeError(f"ExplicitGame: not a game tree: {s.tree!r}")

    def status(self, s: ExplicitState) -> Status:
        """Always ``In_play``: an explicit game is searched to exactly its depth."""
        return In_play()

    def player(self, s: ExplicitState) -> Player:
        """Whose turn it is."""
        return s.player

    def make_move(self, s: ExplicitState, m: int) -> ExplicitState:
        """Go to child ``m``; an ``ExplicitGameError`` for a leaf or a bad index (any non-int)."""
        children = self.moves(s)  # raises below a leaf
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m < len(children):
            raise ExplicitGameError(
                f"ExplicitGame: move {reprlib.repr(m)} is not a child index of"
                f" {self.state_to_string(s)} (0..{len(children) - 1})"
            )
        assert isinstance(s.tree, Node)
        return ExplicitState(s.tree.children[m], other_player(s.player))

    def estimate(self, s: ExplicitState) -> est:
        """Print ``Estimating state NAME[V]`` and return ``Guess V``; an error on a Node."""
        match s.tree:
            case Esti(label, value):
                print(f"Estimating state {label}[{int_to_string(value)}]")
                return Guess(value)
            case Node(label, _):
                raise ExplicitGameError(
                    f"ExplicitGame: estimate called on the inner node {label}"
                    " (search depth does not match the tree)"
                )
        raise TypeError(f"ExplicitGame: not a game tree: {s.tree!r}")

    def move_to_string(self, m: int) -> str:
        """A move prints as its index."""
        return int_to_string(m)

    def state_to_string(self, s: ExplicitState) -> str:
        """``(Maxie,a)``: the player and the state's label."""
        return f"({s.player.name},{s.tree.label})"

    def parse_move(self, s: ExplicitState, line: str) -> Maybe[int]:
        """A child index typed as a number (ASCII digits); ``Nothing`` for anything else."""
        if not isinstance(line, str):
            return Nothing
        text = line.strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 9) or isinstance(s.tree, Esti):
            return Nothing
        m = int(text)
        return Some(m) if m < len(s.tree.children) else Nothing


def ExplicitGame(tree: GameTree) -> _ExplicitGame:
    """``functor ExplicitGame``: the GAME whose states are the nodes of ``tree``.

    REQUIRES: ``tree`` a ``Node`` or ``Esti`` (else ``TypeError``).
    ENSURES: Maxie moves at the root; move ``i`` goes to child ``i``; ``estimate`` prints.

    >>> g = ExplicitGame(Esti("z", 0))
    >>> g.state_to_string(g.start)
    '(Maxie,z)'
    """
    if not isinstance(tree, Node | Esti):
        raise TypeError(f"ExplicitGame needs a GameTree (Node or Esti), not {tree!r}")
    return _ExplicitGame(tree)


def _n(label: str, *children: GameTree) -> Node:
    return Node(label, children)


HandoutSmall = ExplicitGame(
    _n(
        "a",
        _n("b", Esti("c", 3), Esti("d", 6), Esti("e", -2)),
        _n("f", Esti("g", 6), Esti("h", 4), Esti("i", 10)),
        _n("j", Esti("k", 1), Esti("l", 30), Esti("m", 9)),
    )
)
"""The HW11 handout's Tree 2 / HW10's Figure 2: search it at depth 2."""

HandoutBig = ExplicitGame(
    _n(
        "a",
        _n(
            "b",
            _n("c", _n("d", Esti("e", 3), Esti("f", 5)), _n("g", Esti("h", 2), Esti("i", 7))),
            _n("j", _n("k", Esti("l", 10), Esti("m", 4))),
        ),
        _n(
            "n",
            _n("o", _n("p", Esti("q", 2), Esti("r", 7))),
            _n("s", _n("t", Esti("u", 8), Esti("v", 2)), _n("w", Esti("x", 4), Esti("y", 6))),
        ),
    )
)
"""The HW11 handout's Figure 3 / HW10's Figure 1: search it at depth 4."""
