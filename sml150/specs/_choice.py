"""What a person needs to play a built game, and an explicit tree as a match plays it.

``GameChoice``: the title, who is who, what to type, why a move is bad. ``ExplicitMatch``: an
explicit tree whose leaves end the game.

An explicit tree (``explicit:small|big``) is played to its leaves: ``ExplicitMatch`` ends the
game at a leaf, where the sign of its value decides it, and every search player gets the depth
that fits the rest of the tree (``sml150.specs.build.seat``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, final

import attrs
from returns.maybe import Maybe

from sml150.lib.est import est
from sml150.lib.explicit import Esti, ExplicitState, GameTree, Node
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    EST,
    GAME,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Over,
    Player,
    Status,
    Winner,
)
from sml150.specs.game import GameSpec

__all__ = ["DEFAULT_HINT", "ExplicitMatch", "GameChoice", "explicit_tree", "tree_depths"]

AnyGame = GAME[Any, Any]
Explainer = Callable[[Any, str], str]
"""Why a typed line is not a legal move in a state (one short clause)."""

DEFAULT_HINT = "a move as the game prints it"


def _no_reason(_s: object, _line: str) -> str:
    return "not a legal move here"


@attrs.frozen
class GameChoice:
    """A game built from a GAME argument, with what a person needs to play it.

    >>> from sml150.specs.build import build_game
    >>> c = build_game("tictactoe")
    >>> c.title, c.legend, c.hint
    ('Tic-Tac-Toe 3x3 (full board: Minnie wins)', 'Maxie is O, Minnie is X', 'row col, like 1 2')
    """

    game: AnyGame
    """The GAME structure the Referee plays."""
    title: str
    """How the match header names it."""
    legend: str = "Maxie moves first"
    """Who is who on the board."""
    hint: str = DEFAULT_HINT
    """What to type for a move."""
    explain: Explainer = _no_reason
    """Why a typed line is not a legal move (the state, the line) -> reason."""
    tree: GameTree | None = None
    """For an explicit game: the tree (search players get the depth that fits it)."""
    marks: tuple[str, str] | None = None
    """How the board shows Maxie's and Minnie's pieces, if it shows them."""
    spec: GameSpec | None = None
    """The GAME spec it was built from."""


def _numbers(line: str) -> list[str] | None:
    """The ASCII numbers of ``line`` if it holds only numbers and ``( ) [ ] ,`` and spaces."""
    if re.fullmatch(r"[\s()\[\],0-9]*", line) is None:
        return None
    return re.findall(r"[0-9]+", line)


def _small(digits: str) -> int:
    """A number that may be huge, clamped (so no 4,300-digit ``int``)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else 10**9


def _grid_explain(n: int, free: list[tuple[int, int]], line: str) -> str:
    """Why ``line`` is no move on an n×n board whose empty cells are ``free``."""
    nums = _numbers(line)
    if nums is None or len(nums) != 2:
        return "type a row and a column, like 1 2"
    r, c = (_small(x) for x in nums)
    if not (r < n and c < n):
        return f"({r}, {c}) is off the {n}x{n} board (rows and columns are 0..{n - 1})"
    if (r, c) not in free:
        return f"({r}, {c}) is occupied"
    return "not a legal move here"


def _ttt_explain(g: AnyGame, s: Any, line: str) -> str:
    return _grid_explain(len(s.board), [loc for _, loc in g.moves(s)], line)


def _riskless_explain(g: AnyGame, s: Any, line: str) -> str:
    nums = _numbers(line)
    if nums is None or len(nums) != 2:
        return "type two territory numbers, from and to, like 3 4"
    src, dst = (_small(x) for x in nums)
    n = Seq.length(s.board)
    legal: list[tuple[int, int]] = list(g.moves(s))
    if src >= n:
        return f"there is no territory {src} (they are 0..{n - 1})"
    if src not in {i for i, _ in legal}:
        return f"territory {src} is not your territory (you are {_riskless_mark(s.player)})"
    if (src, dst) not in legal:
        near = ", ".join(str(j) for i, j in legal if i == src)
        return f"{dst} is not adjacent to {src} (its neighbours are {near})"
    return "not a legal move here"


def _riskless_mark(p: Player) -> str:
    return "X" if p is Maxie else "O"


def _explicit_explain(s: Any, _line: str) -> str:
    k = len(s.tree.children) if isinstance(s.tree, Node) else 0
    return f"type a child index from 0 to {k - 1}"


def tree_depths(t: GameTree) -> frozenset[int]:
    """The depths of the leaves of ``t`` (a tree searched to its leaves needs one depth).

    >>> from sml150.lib.explicit import HandoutBig
    >>> uneven = Node("a", [Esti("b", 1), Node("c", [Esti("d", 2)])])
    >>> tree_depths(HandoutBig.tree), tree_depths(uneven)
    (frozenset({4}), frozenset({1, 2}))
    """
    if isinstance(t, Esti):
        return frozenset({0})
    return frozenset(d + 1 for child in t.children for d in tree_depths(child))


def explicit_tree(game: object) -> GameTree | None:
    """The tree of an explicit game (``ExplicitGame(tree)``), else ``None``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> explicit_tree(HandoutSmall) is HandoutSmall.tree, explicit_tree(object())
    (True, None)
    """
    tree = getattr(game, "tree", None)
    return tree if isinstance(tree, (Node, Esti)) and hasattr(game, "moves") else None


def _height(t: GameTree) -> int:
    return max(tree_depths(t))


@final
@attrs.frozen
class ExplicitMatch:
    """An explicit game as a match plays it: a leaf ends the game; its value's sign decides.

    Everything else is the explicit game's own (moves, printing, ``Estimating state`` lines).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> g = ExplicitMatch(HandoutSmall)
    >>> leaf = g.make_move(g.make_move(g.start, 0), 2)
    >>> g.state_to_string(leaf), g.status(leaf), len(g.moves(leaf))
    ('(Maxie,e)', Over(outcome=Winner(player=<Player.Minnie: 'Minnie'>)), 0)
    """

    inner: GAME[ExplicitState, int]
    """The explicit game (``ExplicitGame(tree)``)."""

    @property
    def Est(self) -> EST:
        """The explicit game's estimates."""
        return self.inner.Est

    @property
    def start(self) -> ExplicitState:
        """The root, Maxie to move."""
        return self.inner.start

    def moves(self, s: ExplicitState) -> Seq[int]:
        """The child indexes; none at a leaf."""
        return Seq.empty() if isinstance(s.tree, Esti) else self.inner.moves(s)

    def status(self, s: ExplicitState) -> Status:
        """Over at a leaf (value > 0: Maxie wins, < 0: Minnie wins, 0: a draw); else In_play."""
        if isinstance(s.tree, Esti):
            v = s.tree.value
            return Over(Winner(Maxie) if v > 0 else Winner(Minnie) if v < 0 else Draw())
        return In_play()

    def player(self, s: ExplicitState) -> Player:
        """Whose turn it is."""
        return self.inner.player(s)

    def make_move(self, s: ExplicitState, m: int) -> ExplicitState:
        """Go to child ``m``."""
        return self.inner.make_move(s, m)

    def estimate(self, s: ExplicitState) -> est:
        """The explicit game's estimate (a leaf's value)."""
        return self.inner.estimate(s)

    def move_to_string(self, m: int) -> str:
        """A move prints as its index."""
        return self.inner.move_to_string(m)

    def state_to_string(self, s: ExplicitState) -> str:
        """``(Maxie,a)``."""
        return self.inner.state_to_string(s)

    def parse_move(self, s: ExplicitState, line: str) -> Maybe[int]:
        """A child index."""
        return self.inner.parse_move(s, line)
