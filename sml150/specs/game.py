"""GAME specs: the text a person types (``tictactoe:4:draw``) read once into a typed record.

One frozen record per kind of game; each record class carries its syntax, its help and its
examples (``SYNTAX``, ``ABOUT``, ``EXAMPLES``), from which ``GAME_SYNTAX`` and
``LISTED_GAMES`` are generated, and reads its own arguments (``read``). ``parse_game`` is the one
parser of the grammar; ``sml150.specs.build`` turns a record into a game.

The grammar is a keyword and at most two arguments separated by ``:`` (or ``MODULE:ATTRIBUTE``),
so the parser is written by hand: a grammar library (lark) would add a dependency and a second
description of the same few tokens, and its generic "unexpected token" errors could not say
what the person should type instead (``Tic-Tac-Toe board size must be 1..8, not 9``).

>>> parse_game("tictactoe:4:draw")
TicTacToeSpec(size=4, draw=True)
>>> parse_game("connect4:5x4"), parse_game("examples.nim:Nim")
(ConnectFourSpec(width=5, height=4), ModuleSpec(module='examples.nim', attribute='Nim'))
>>> parse_game("KInARow:4:3").text
'kinarow:4:3'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import ClassVar, Final, Literal, TypeAlias, final

import attrs

from sml150.specs._error import SpecError, shown, whole_number

__all__ = [
    "CONNECT_FOUR_SIDES",
    "GAME_KINDS",
    "GAME_SYNTAX",
    "LISTED_GAMES",
    "ConnectFourSpec",
    "ExplicitSpec",
    "GameSpec",
    "KInARowSpec",
    "ModuleSpec",
    "RisklessSpec",
    "TicTacToeSpec",
    "parse_game",
]

BOARD_SIDES: Final = range(1, 9)
"""Tic-Tac-Toe and k-in-a-row board sizes (1..8)."""
CONNECT_FOUR_SIDES: Final = range(4, 17)
"""Connect Four widths and heights (4..16), for every command alike."""


@final
@attrs.frozen
class TicTacToeSpec:
    """HW10's Tic-Tac-Toe: an N×N board; a full board is Minnie's win, or a draw (``:draw``).

    >>> TicTacToeSpec.read("tictactoe:9", ["9"])
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: Tic-Tac-Toe board size must be 1..8, not 9
    """

    size: int = 3
    """N: the board is N×N, N in a row wins."""
    draw: bool = False
    """A full board is a draw (the standard rule), not Minnie's win (the handout's)."""

    SYNTAX: ClassVar[str] = "tictactoe[:N][:draw]"
    ABOUT: ClassVar[str] = ("N x N Tic-Tac-Toe (N = 1..8, default 3); Maxie is O and moves first;"
                            " a full board is Minnie's win, or a draw with :draw")
    EXAMPLES: ClassVar[tuple[str, ...]] = ("tictactoe:3", "tictactoe:4:draw")

    @classmethod
    def read(cls, text: str, args: list[str]) -> TicTacToeSpec:
        """The record of ``tictactoe:ARGS`` (``text`` as typed, for messages)."""
        draw = "draw" in args
        sizes = [a for a in args if a != "draw"]
        if len(sizes) > 1 or args.count("draw") > 1 or (
                sizes and re.fullmatch(r"[0-9]+", sizes[0]) is None):
            raise SpecError(f"bad Tic-Tac-Toe size in {shown(text)!r} (use tictactoe:3 or"
                            " tictactoe:4:draw)")
        n = whole_number(sizes[0], "Tic-Tac-Toe size", where=f" in {shown(text)!r}") if sizes \
            else 3
        if n not in BOARD_SIDES:
            raise SpecError(f"Tic-Tac-Toe board size must be 1..8, not {n}")
        return cls(n, draw)

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"tictactoe:{self.size}" + (":draw" if self.draw else "")


Map: TypeAlias = Literal["m1", "m2", "earth"]
_MAPS: Final[dict[str, Map]] = {"m1": "m1", "m2": "m2", "earth": "earth"}


@final
@attrs.frozen
class RisklessSpec:
    """HW11's Riskless on one of its maps."""

    map: Map
    """``m1``, ``m2`` or ``earth``."""

    SYNTAX: ClassVar[str] = "riskless:m1|m2|earth"
    ABOUT: ClassVar[str] = "HW11's Riskless on a map; Maxie is X, Minnie is O"
    EXAMPLES: ClassVar[tuple[str, ...]] = ("riskless:m1", "riskless:m2", "riskless:earth")

    @classmethod
    def read(cls, text: str, args: list[str]) -> RisklessSpec:
        """The record of ``riskless:ARGS``."""
        name = _MAPS.get(args[0]) if len(args) == 1 else None
        if name is not None:
            return cls(name)
        raise SpecError(f"bad Riskless map in {shown(text)!r} (use riskless:m1, riskless:m2 or"
                        " riskless:earth)")

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"riskless:{self.map}"


@final
@attrs.frozen
class KInARowSpec:
    """The engine's standard k-in-a-row: N×N, K in a row wins, a full board is a draw."""

    size: int = 3
    """N."""
    k: int = 3
    """K: stones in a row that win (``1 <= K <= N``)."""

    SYNTAX: ClassVar[str] = "kinarow[:N[:K]]"
    ABOUT: ClassVar[str] = ("standard N x N Tic-Tac-Toe, K in a row wins (default K = N, N = 3),"
                            " a full board is a draw; the engine's game (symmetries, ordering)")
    EXAMPLES: ClassVar[tuple[str, ...]] = ("kinarow:3",)

    @classmethod
    def read(cls, text: str, args: list[str]) -> KInARowSpec:
        """The record of ``kinarow:ARGS``."""
        where = f" in {shown(text)!r}"
        if len(args) > 2 or any(re.fullmatch(r"[0-9]+", a) is None for a in args):
            raise SpecError(f"bad k-in-a-row game{where} (use kinarow:N or kinarow:N:K)")
        n = whole_number(args[0], "board size", where=where) if args else 3
        k = whole_number(args[1], "line length", where=where) if len(args) == 2 else n
        if n not in BOARD_SIDES or not 1 <= k <= n:
            raise SpecError(f"k-in-a-row needs 1 <= K <= N <= 8, not N={n}, K={k}{where}")
        return cls(n, k)

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"kinarow:{self.size}:{self.k}"


@final
@attrs.frozen
class ConnectFourSpec:
    """Connect Four, W columns by H rows (each 4..16)."""

    width: int = 7
    """W: columns."""
    height: int = 6
    """H: rows."""

    SYNTAX: ClassVar[str] = "connect4[:WxH]"
    ABOUT: ClassVar[str] = ("Connect Four, W columns by H rows (4..16 each, default 7x6); Maxie"
                            " is X and moves first; type a column, 1 = leftmost")
    EXAMPLES: ClassVar[tuple[str, ...]] = ("connect4:5x4",)

    @classmethod
    def read(cls, text: str, args: list[str]) -> ConnectFourSpec:
        """The record of ``connect4:ARGS``.

        >>> ConnectFourSpec.read("connect4:20x6", ["20x6"])
        Traceback (most recent call last):
        ...
        sml150.errors.UsageError: Connect Four board must be 4..16 by 4..16, not 20x6
        """
        size = re.fullmatch(r"([0-9]{1,2})x([0-9]{1,2})", args[0]) if len(args) == 1 else None
        if args and size is None:
            raise SpecError(f"bad Connect Four size in {shown(text)!r} (use connect4 or"
                            " connect4:7x6)")
        width, height = (int(size[1]), int(size[2])) if size is not None else (7, 6)
        if width not in CONNECT_FOUR_SIDES or height not in CONNECT_FOUR_SIDES:
            raise SpecError(f"Connect Four board must be 4..16 by 4..16, not {width}x{height}")
        return cls(width, height)

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"connect4:{self.width}x{self.height}"


Tree: TypeAlias = Literal["small", "big"]
_TREES: Final[dict[str, Tree]] = {"small": "small", "big": "big"}


@final
@attrs.frozen
class ExplicitSpec:
    """One of the handouts' explicit trees, played down to a leaf."""

    tree: Tree
    """``small`` (HandoutSmall) or ``big`` (HandoutBig)."""

    SYNTAX: ClassVar[str] = "explicit:small|big"
    ABOUT: ClassVar[str] = ("the handouts' explicit trees (2 and 4 moves deep), played down to a"
                            " leaf; a search player's depth must reach the leaves")
    EXAMPLES: ClassVar[tuple[str, ...]] = ("explicit:small", "explicit:big")

    @classmethod
    def read(cls, text: str, args: list[str]) -> ExplicitSpec:
        """The record of ``explicit:ARGS``."""
        name = _TREES.get(args[0]) if len(args) == 1 else None
        if name is not None:
            return cls(name)
        raise SpecError(f"bad explicit game in {shown(text)!r} (use explicit:small or"
                        " explicit:big)")

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"explicit:{self.tree}"


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


@final
@attrs.frozen
class ModuleSpec:
    """Your own GAME: an attribute of a module (imported with the current directory first)."""

    module: str
    """The dotted module name."""
    attribute: str
    """The (dotted) attribute: a GAME, a GAME class, or a function annotated to return one."""

    SYNTAX: ClassVar[str] = "MODULE:ATTRIBUTE"
    ABOUT: ClassVar[str] = ("your own GAME, imported with the current directory on sys.path"
                            " (a GAME, a class whose instances are GAMEs, or a function"
                            " annotated to return one; an optional string attribute move_hint"
                            " says what to type)")
    EXAMPLES: ClassVar[tuple[str, ...]] = ("examples.nim:Nim",)

    @classmethod
    def read(cls, text: str) -> ModuleSpec:
        """The record of ``MODULE:ATTRIBUTE`` (names as Python spells them).

        >>> ModuleSpec.read("1bad:X")
        Traceback (most recent call last):
        ...
        sml150.errors.UsageError: bad GAME '1bad:X' (a module game is MODULE:ATTRIBUTE, ...
        """
        module, _, attribute = text.partition(":")
        if _NAME.fullmatch(module) is None or _NAME.fullmatch(attribute) is None:
            raise SpecError(f"bad GAME {shown(text)!r} (a module game is MODULE:ATTRIBUTE, e.g."
                            " examples.nim:Nim)")
        return cls(module, attribute)

    @property
    def text(self) -> str:
        """The spec written out."""
        return f"{self.module}:{self.attribute}"


GameSpec: TypeAlias = (TicTacToeSpec | RisklessSpec | KInARowSpec | ConnectFourSpec
                       | ExplicitSpec | ModuleSpec)
"""A GAME argument, read."""

GAME_KINDS: Final = (TicTacToeSpec, RisklessSpec, KInARowSpec, ConnectFourSpec, ExplicitSpec,
                     ModuleSpec)
"""Every kind of GAME spec, in the order the help lists them."""

LISTED_GAMES: Final[tuple[str, ...]] = tuple(e for kind in GAME_KINDS for e in kind.EXAMPLES)
"""Every GAME the help shows as an example (a test plays each with every player kind)."""

_Reader = Callable[[str, list[str]], "GameSpec"]
_KEYWORDS: Final[dict[str, _Reader]] = {
    "tictactoe": TicTacToeSpec.read, "riskless": RisklessSpec.read, "kinarow": KInARowSpec.read,
    "connect4": ConnectFourSpec.read, "explicit": ExplicitSpec.read}


def help_rows(rows: list[tuple[str, str]], header: str, examples: tuple[str, ...]) -> str:
    """Help text: a header, ``syntax  description`` rows (wrapped), an examples line."""
    lines = [header]
    for syntax, about in rows:
        wrapped = textwrap.wrap(about, width=64)
        lines.append(f"  {syntax:<24} {wrapped[0]}")
        lines += [f"  {'':<24} {more}" for more in wrapped[1:]]
    lines.append(textwrap.fill("examples: " + "  ".join(examples), width=92,
                               subsequent_indent="  ", break_on_hyphens=False))
    return "\n".join(lines)


GAME_SYNTAX: Final = help_rows([(k.SYNTAX, k.ABOUT) for k in GAME_KINDS], "GAME is one of",
                                LISTED_GAMES)
"""The GAME part of ``--help``, generated from the records."""


def parse_game(text: str) -> GameSpec:
    """Read a GAME argument: the one parser of the GAME grammar.

    REQUIRES: true. ENSURES: the record, or ``SpecError`` naming the bad part.

    >>> parse_game("chess")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: unknown game 'chess' (use tictactoe[:N][:draw], ...
    """
    parts = text.lower().split(":")
    read = _KEYWORDS.get(parts[0])
    if read is not None:
        return read(text, parts[1:])
    if ":" in text:
        return ModuleSpec.read(text)
    raise SpecError(f"unknown game {shown(text)!r} (use "
                    + ", ".join(k.SYNTAX for k in GAME_KINDS[:-1])
                    + f" or {ModuleSpec.SYNTAX})")
