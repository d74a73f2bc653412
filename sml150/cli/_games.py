"""GAME arguments: the games the command knows, and your own (``MODULE:ATTRIBUTE``).

Each game comes with what a person needs to play it: who is who, what to type, why a move is bad.

An explicit tree (``explicit:small|big``) is played to its leaves: the CLI wraps it in
``ExplicitMatch``, where a leaf ends the game and the sign of its value decides it, and gives
every search player the depth that fits the rest of the tree (see ``sml150.cli._players``).
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import textwrap
from collections.abc import Callable
from typing import Any, final

import attrs
from returns.maybe import Maybe

from sml150.cli._usage import UsageError, whole_number
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

__all__ = [
    "GAME_SYNTAX",
    "LISTED_GAMES",
    "ExplicitMatch",
    "GameChoice",
    "build_game",
    "tree_depths",
]

AnyGame = GAME[Any, Any]
Explainer = Callable[[Any, str], str]
"""Why a typed line is not a legal move in a state (one short clause)."""

LISTED_GAMES: tuple[str, ...] = (
    "tictactoe:3",
    "tictactoe:4:draw",
    "riskless:m1",
    "riskless:m2",
    "riskless:earth",
    "kinarow:3",
    "connect4:5x4",
    "explicit:small",
    "explicit:big",
    "examples.nim:Nim",
)
"""Every GAME the help shows as an example (a test plays each with every player kind)."""

GAME_SYNTAX = """\
GAME is one of
  tictactoe[:N][:draw]     N x N Tic-Tac-Toe (N = 1..8, default 3); Maxie is O and moves
                           first; a full board is Minnie's win, or a draw with :draw
  riskless:m1|m2|earth     HW11's Riskless on a map; Maxie is X, Minnie is O
  kinarow[:N[:K]]          standard N x N Tic-Tac-Toe, K in a row wins (default K = N, N = 3),
                           a full board is a draw; the engine's game (symmetries, ordering)
  connect4[:WxH]           Connect Four, W columns by H rows (default 7x6); Maxie is X and
                           moves first; type a column, 1 = leftmost
  explicit:small|big       the handouts' explicit trees (2 and 4 moves deep), played down
                           to a leaf; a search player's depth must reach the leaves
  MODULE:ATTRIBUTE         your own GAME, imported with the current directory on sys.path
                           (the attribute is a GAME, or a class or function making one;
                           an optional string attribute move_hint says what to type)
""" + textwrap.fill("examples: " + "  ".join(LISTED_GAMES), width=92, subsequent_indent="  ",
                    break_on_hyphens=False)


_DEFAULT_HINT = "a move as the game prints it"


def _no_reason(_s: object, _line: str) -> str:
    return "not a legal move here"


@attrs.frozen
class GameChoice:
    """A game built from a GAME argument, with what a person needs to play it.

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
    hint: str = _DEFAULT_HINT
    """What to type for a move."""
    explain: Explainer = _no_reason
    """Why a typed line is not a legal move (the state, the line) -> reason."""
    tree: GameTree | None = None
    """For an explicit game: the tree (search players get the depth that fits it)."""
    marks: tuple[str, str] | None = None
    """How the board shows Maxie's and Minnie's pieces, if it shows them."""


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


def _tictactoe(spec: str, args: list[str]) -> GameChoice:
    from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts

    draw = "draw" in args
    sizes = [a for a in args if a != "draw"]
    if len(sizes) > 1 or (sizes and re.fullmatch(r"[0-9]+", sizes[0]) is None):
        raise UsageError(f"bad Tic-Tac-Toe size in {spec!r} (use tictactoe:3 or tictactoe:4)")
    n = whole_number(sizes[0], "Tic-Tac-Toe size", where=f" in {spec!r}") if sizes else 3
    if not 1 <= n <= 8:
        raise UsageError(f"Tic-Tac-Toe board size must be 1..8, not {n}")
    rule = "a draw" if draw else "Minnie wins"
    g = TicTacToe(TTTConsts(board_size=n, full_board_draw=draw))
    return GameChoice(
        g,
        f"Tic-Tac-Toe {n}x{n} (full board: {rule})",
        legend="Maxie is O, Minnie is X",
        hint="row col, like 1 2",
        marks=("O", "X"),
        explain=lambda s, line: _ttt_explain(g, s, line),
    )


def _riskless(spec: str, args: list[str]) -> GameChoice:
    from sml150.handouts.hw11 import riskless

    maps = {"m1": riskless.M1, "m2": riskless.M2, "earth": riskless.Earth}
    name = args[0] if len(args) == 1 else ""
    if name not in maps:
        raise UsageError(
            f"bad Riskless map in {spec!r} (use riskless:m1, riskless:m2 or riskless:earth)"
        )
    g = riskless.Riskless(maps[name])
    return GameChoice(
        g,
        f"Riskless on map {name.upper()}",
        legend="Maxie is X, Minnie is O; X(3) is 3 of Maxie's armies",
        hint="from to, like 3 4",
        marks=("X", "O"),
        explain=lambda s, line: _riskless_explain(g, s, line),
    )


def _kinarow(spec: str, args: list[str]) -> GameChoice:
    from sml150.games.tictactoe import KInARow

    if len(args) > 2 or any(re.fullmatch(r"[0-9]+", a) is None for a in args):
        raise UsageError(f"bad k-in-a-row game in {spec!r} (use kinarow:N or kinarow:N:K)")
    where = f" in {spec!r}"
    n = whole_number(args[0], "board size", where=where) if args else 3
    k = whole_number(args[1], "line length", where=where) if len(args) == 2 else n
    if not 1 <= n <= 8 or not 1 <= k <= n:
        raise UsageError(f"k-in-a-row needs 1 <= K <= N <= 8, not N={n}, K={k}{where}")
    g = KInARow(n, k)

    def explain(s: Any, line: str) -> str:
        return _grid_explain(n, list(g.moves(s)), line)

    return GameChoice(
        g,
        f"Tic-Tac-Toe {n}x{n}, {k} in a row (full board: a draw)",
        legend="Maxie is X and moves first, Minnie is O",
        hint="row col, like 1 2",
        marks=("X", "O"),
        explain=explain,
    )


def _connect4(spec: str, args: list[str]) -> GameChoice:
    from sml150.games.connect4 import ConnectFour

    size = re.fullmatch(r"([0-9]{1,2})x([0-9]{1,2})", args[0]) if len(args) == 1 else None
    if args and size is None:
        raise UsageError(f"bad Connect Four size in {spec!r} (use connect4 or connect4:7x6)")
    width, height = (int(size[1]), int(size[2])) if size is not None else (7, 6)
    if not (4 <= width <= 16 and 4 <= height <= 16):
        raise UsageError(f"Connect Four board must be 4..16 by 4..16, not {width}x{height}")
    g = ConnectFour(width, height)

    def explain(_s: Any, line: str) -> str:
        nums = _numbers(line)
        if nums is None or len(nums) != 1:
            return f"type one column number, 1..{width}"
        col = _small(nums[0])
        if not 1 <= col <= width:
            return f"column {col} is off the board (1..{width})"
        return f"column {col} is full"

    return GameChoice(
        g,
        f"Connect Four {width}x{height}",
        legend="Maxie is X and moves first, Minnie is O",
        hint=f"a column, 1..{width}",
        marks=("X", "O"),
        explain=explain,
    )


def _explicit(spec: str, args: list[str]) -> GameChoice:
    from sml150.lib.explicit import HandoutBig, HandoutSmall

    trees = {"small": ("HandoutSmall", HandoutSmall), "big": ("HandoutBig", HandoutBig)}
    name = args[0] if len(args) == 1 else ""
    if name not in trees:
        raise UsageError(f"bad explicit game in {spec!r} (use explicit:small or explicit:big)")
    title, game = trees[name]
    return _explicit_choice(game, f"Explicit game {title}")


def _explicit_choice(game: Any, title: str) -> GameChoice:
    tree: GameTree = game.tree
    return GameChoice(
        ExplicitMatch(game),
        f"{title} ({_height(tree)} moves deep)",
        legend="Maxie moves at the root; a leaf's value decides (> 0 Maxie, < 0 Minnie)",
        hint="a child index, like 0",
        explain=_explicit_explain,
        tree=tree,
    )


_MODULE_SPEC = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def _from_module(spec: str) -> GameChoice:
    """``MODULE:ATTRIBUTE``: import the module (current directory first on ``sys.path``)."""
    from sml150.lib.explicit import _ExplicitGame

    module_name, _, attribute = spec.partition(":")
    if _MODULE_SPEC.fullmatch(module_name) is None or _MODULE_SPEC.fullmatch(attribute) is None:
        raise UsageError(f"bad GAME {spec!r} (a module game is MODULE:ATTRIBUTE, e.g. "
                         "examples.nim:Nim)")
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is not None and (module_name + ".").startswith(e.name + "."):
            raise UsageError(f"cannot import {module_name!r} for GAME {spec!r}: {e}") from None
        raise UsageError(
            f"importing {module_name!r} for GAME {spec!r} failed: {type(e).__name__}: {e}"
        ) from None
    except Exception as e:  # the user's module failed while loading: say how, in one line
        raise UsageError(
            f"importing {module_name!r} for GAME {spec!r} failed: {type(e).__name__}: {e}"
        ) from None
    finally:
        if added and here in sys.path:
            sys.path.remove(here)
    found: object = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UsageError(f"module {module_name!r} has no attribute {attribute!r}")
        found = getattr(found, part)
    game = found
    if isinstance(game, type) or (not isinstance(game, GAME) and callable(game)):
        try:
            game = game()
        except Exception as e:  # the user's constructor: report it in one line
            raise UsageError(
                f"{spec!r} is not a GAME, and calling it failed: {type(e).__name__}: {e}"
            ) from None
    if not isinstance(game, GAME):
        missing = [
            name
            for name in ("Est", "start", "moves", "status", "player", "make_move", "estimate",
                         "move_to_string", "state_to_string", "parse_move")
            if not hasattr(game, name)
        ]
        raise UsageError(f"{spec!r} is not a GAME (it lacks {', '.join(missing)})")
    if isinstance(game, _ExplicitGame):
        return _explicit_choice(game, f"Explicit game {attribute}")
    hint = getattr(game, "move_hint", None)
    return GameChoice(game, f"{attribute} from {module_name}",
                      hint=hint if isinstance(hint, str) else _DEFAULT_HINT)


def build_game(spec: str) -> GameChoice:
    """Build the game a GAME argument names.

    REQUIRES: ``spec`` is ``tictactoe[:n][:draw]``, ``riskless:m1|m2|earth``,
    ``kinarow[:n[:k]]``, ``connect4[:WxH]``, ``explicit:small|big`` or ``MODULE:ATTRIBUTE``;
    otherwise ``UsageError`` naming the bad part.

    >>> build_game("tictactoe:4").title
    'Tic-Tac-Toe 4x4 (full board: Minnie wins)'
    >>> build_game("explicit:big").title
    'Explicit game HandoutBig (4 moves deep)'
    >>> build_game("chess")
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: unknown game 'chess' (use tictactoe[:n][:draw], ...)
    """
    parts = spec.lower().split(":")
    kind, args = parts[0], parts[1:]
    if kind == "tictactoe":
        return _tictactoe(spec, args)
    if kind == "riskless":
        return _riskless(spec, args)
    if kind == "explicit":
        return _explicit(spec, args)
    if kind == "kinarow":
        return _kinarow(spec, args)
    if kind == "connect4":
        return _connect4(spec, args)
    if ":" in spec:
        return _from_module(spec)
    shown = spec if len(spec) <= 40 else f"{spec[:20]}...({len(spec)} characters)"
    raise UsageError(
        f"unknown game {shown!r} (use tictactoe[:n][:draw], riskless:m1|m2|earth,"
        " kinarow[:n[:k]], connect4[:WxH], explicit:small|big or MODULE:ATTRIBUTE)"
    )
