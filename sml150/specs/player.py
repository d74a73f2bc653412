"""PLAYER specs: the text a person types (``jamboree:3:0.5``, ``pvs:9``) read once into a record.

The course's players (``minimax:D``, ``alphabeta:D``, ``jamboree:D:P``) and ``human`` are
records of this module; every other player is the engine's, an ``EngineSpec`` (its algorithm
and a ``Budget``: depth, positions, seconds), which the engine takes as a record.
``parse_player`` is the one parser of the PLAYER grammar (``engine_spec`` is the same parser,
for text that must name an engine player); ``PLAYER_SYNTAX`` is generated from the records' and
the engine's descriptions. A text names one player everywhere: ``alphabeta:4`` is HW11's
AlphaBeta, the engine's is ``engine:alphabeta:4``.

>>> parse_player("jamboree:3:0.25")
JamboreeSpec(depth=3, prune=0.25)
>>> parse_player("engine:minimax:2").algorithm
<Algorithm.MINIMAX: 'minimax'>
>>> search_depth(parse_player("pvs:4")), search_depth(parse_player("solve"))
(4, None)
"""

from __future__ import annotations

import math
from typing import ClassVar, Final, TypeAlias, final

import attrs

from sml150.search.budget import Budget
from sml150.search.player import SOLVE_SECONDS, Algorithm, EngineSpec
from sml150.specs._error import SpecError, shown, whole_number
from sml150.specs.game import help_rows

__all__ = [
    "LISTED_PLAYERS",
    "PLAYER_SYNTAX",
    "AlphaBetaSpec",
    "HumanSpec",
    "JamboreeSpec",
    "MiniMaxSpec",
    "PlayerSpec",
    "engine_spec",
    "parse_player",
    "search_depth",
    "spec_text",
    "uses_executor",
]


@final
@attrs.frozen
class HumanSpec:
    """You, typing moves."""

    SYNTAX: ClassVar[str] = "human"
    ABOUT: ClassVar[str] = "you, typing moves (? lists the legal moves)"

    @property
    def uses_executor(self) -> bool:
        """A person searches nowhere."""
        return False


@final
@attrs.frozen
class MiniMaxSpec:
    """The course's MiniMax to a depth."""

    depth: int
    """Moves searched ahead (>= 1)."""

    SYNTAX: ClassVar[str] = "minimax:D"
    ABOUT: ClassVar[str] = "MiniMax searching D >= 1 moves ahead (every branch)"

    @property
    def uses_executor(self) -> bool:
        """MiniMax searches in this process."""
        return False


@final
@attrs.frozen
class AlphaBetaSpec:
    """HW11's AlphaBeta to a depth."""

    depth: int
    """Moves searched ahead (>= 1)."""

    SYNTAX: ClassVar[str] = "alphabeta:D"
    ABOUT: ClassVar[str] = "HW11's AlphaBeta to depth D (prunes what cannot matter)"

    @property
    def uses_executor(self) -> bool:
        """AlphaBeta searches in this process."""
        return False


@final
@attrs.frozen
class JamboreeSpec:
    """HW11's Jamboree to a depth, with its prune percentage."""

    depth: int
    """Moves searched ahead (>= 1)."""
    prune: float | None
    """The fraction of each node's moves searched sequentially, in [0, 1]; ``None`` where the
    spec gave none (``jamboree:D``: ``sml150 workspan`` varies it; a match needs it)."""

    SYNTAX: ClassVar[str] = "jamboree:D:P"
    ABOUT: ClassVar[str] = ("HW11's Jamboree to depth D, searching a fraction P (0..1) of the"
                            " moves sequentially and the rest in parallel (on --executor)")

    @property
    def uses_executor(self) -> bool:
        """Jamboree's parallel part runs on the executor."""
        return True


PlayerSpec: TypeAlias = HumanSpec | MiniMaxSpec | AlphaBetaSpec | JamboreeSpec | EngineSpec
"""A PLAYER argument, read."""

_COURSE: Final = (MiniMaxSpec, AlphaBetaSpec, JamboreeSpec)

LISTED_PLAYERS: Final[tuple[str, ...]] = (
    "minimax:2", "alphabeta:2", "jamboree:2:0.5", "pvs:2", "mtdf:2", "engine:jamboree:2",
    "engine:ybw:2", "engine:smp:2", "id:0.2", "solve:0.1", "human",
)
"""One example of each player kind (a test plays each on every listed GAME)."""

_CLASHING: Final = (Algorithm.MINIMAX, Algorithm.ALPHABETA, Algorithm.JAMBOREE)
"""Engine kinds whose names the course's players take: they need the ``engine:`` prefix."""


def _engine_syntax(a: Algorithm) -> str:
    return f"engine:{a.syntax}" if a in _CLASHING else a.syntax


PLAYER_SYNTAX: Final = help_rows(
    [(k.SYNTAX, k.ABOUT) for k in _COURSE]
    + [(_engine_syntax(a), a.about) for a in Algorithm]
    + [(HumanSpec.SYNTAX, HumanSpec.ABOUT)],
    "PLAYER is one of (the engine, sml150.search, has a transposition table, move ordering and"
    "\n  the game's symmetries; engine: may prefix any of its kinds)",
    LISTED_PLAYERS,
)
"""The PLAYER part of ``--help``, generated from the records and ``Algorithm.about``."""


def _prune(text: str, where: str) -> float:
    try:
        p = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        raise SpecError(f"bad prune percentage {shown(text)!r}{where}") from None
    if not 0.0 <= p <= 1.0:
        raise SpecError(f"prune percentage must be in [0, 1], not {p}{where}")
    return p


def parse_player(text: str) -> PlayerSpec:
    """Read a PLAYER argument: the one parser of the PLAYER grammar.

    REQUIRES: true. ENSURES: the record, or ``SpecError`` naming the bad part.

    >>> parse_player("alphabeta:x")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad search depth 'x' in 'alphabeta:x' (a whole number >= 1)
    >>> parse_player("fast")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: unknown player 'fast' (use minimax:D, alphabeta:D, ...
    """
    parts = text.lower().split(":")
    where = f" in {shown(text)!r}"
    kind = parts[0]
    if kind == "human" and len(parts) == 1:
        return HumanSpec()
    if kind in ("minimax", "alphabeta") and len(parts) == 2:
        d = whole_number(parts[1], "search depth", least=1, where=where)
        return MiniMaxSpec(d) if kind == "minimax" else AlphaBetaSpec(d)
    if kind == "jamboree" and len(parts) in (2, 3):
        d = whole_number(parts[1], "search depth", least=1, where=where)
        return JamboreeSpec(d, _prune(parts[2], where) if len(parts) == 3 else None)
    engine = _engine(parts, where)
    if engine is not None:
        return engine
    raise SpecError(f"unknown player {shown(text)!r} (use {', '.join(_SYNTAXES)} or human)")


_SYNTAXES: Final = [k.SYNTAX for k in _COURSE] + [_engine_syntax(a) for a in Algorithm]


def _seconds(text: str, where: str) -> float:
    try:
        s = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        s = math.nan
    if not 0.0 < s <= 3600.0:
        raise SpecError(f"bad time {shown(text)!r}{where} (seconds, > 0 and <= 3600)")
    return s


def _engine(parts: list[str], where: str) -> EngineSpec | None:
    """The engine's part of the grammar (``parts``: the text split at ``:``, lower case)."""
    if parts[0] == "engine":
        parts = parts[1:]
    try:
        kind = Algorithm(parts[0]) if parts else None
    except ValueError:
        return None
    if kind is Algorithm.SOLVE and len(parts) in (1, 2):
        s = _seconds(parts[1], where) if len(parts) == 2 else SOLVE_SECONDS
        return EngineSpec(kind, Budget(seconds=s))
    if kind is Algorithm.ID and len(parts) == 2:
        return EngineSpec(kind, Budget(seconds=_seconds(parts[1], where)))
    if kind is not None and kind not in (Algorithm.ID, Algorithm.SOLVE) and len(parts) == 2:
        d = whole_number(parts[1], "search depth", least=1, where=where)
        return EngineSpec(kind, Budget(depth=d))
    return None


def engine_spec(text: str) -> EngineSpec:
    """Read PLAYER text that names one of the engine's players (``parse_player``'s grammar).

    REQUIRES: true. ENSURES: the record, or ``SpecError`` (a course player's text included:
    ``alphabeta:4`` is HW11's AlphaBeta, the engine's is ``engine:alphabeta:4``).

    >>> engine_spec("engine:ybw:3")  # doctest: +NORMALIZE_WHITESPACE
    EngineSpec(algorithm=<Algorithm.YBW: 'ybw'>,
               budget=Budget(depth=3, nodes=None, seconds=None))
    >>> engine_spec("solve").budget.seconds, engine_spec("id:1.5").text
    (10.0, 'id:1.5')
    >>> engine_spec("alphabeta:4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: 'alphabeta:4' is the course's player, not the engine's (...)
    """
    p = parse_player(text)
    if not isinstance(p, EngineSpec):
        raise SpecError(f"{shown(text)!r} is the course's player, not the engine's"
                        f" (engine:{shown(text)} is the engine's)" if not isinstance(p, HumanSpec)
                        else f"{shown(text)!r} is not one of the engine's players")
    return p


def search_depth(p: PlayerSpec) -> int | None:
    """How many moves ahead ``p`` searches (``None``: a person, or until a clock or the end).

    >>> search_depth(HumanSpec()), search_depth(parse_player("engine:ybw:3"))
    (None, 3)
    """
    match p:
        case MiniMaxSpec(d) | AlphaBetaSpec(d) | JamboreeSpec(d, _):
            return d
        case EngineSpec(_, budget):
            return budget.depth
    return None


def uses_executor(p: PlayerSpec) -> bool:
    """Whether ``p`` searches on the executor it is given (else in this process).

    >>> [uses_executor(parse_player(s)) for s in ("jamboree:2:0.5", "engine:ybw:3", "pvs:3")]
    [True, True, False]
    """
    return p.uses_executor


def spec_text(p: PlayerSpec) -> str:
    """The spec written out (for tables and titles).

    >>> spec_text(parse_player("JAMBOREE:3:0.50")), spec_text(parse_player("engine:pvs:4"))
    ('jamboree:3:0.5', 'pvs:4')
    """
    match p:
        case HumanSpec():
            return "human"
        case MiniMaxSpec(d):
            return f"minimax:{d}"
        case AlphaBetaSpec(d):
            return f"alphabeta:{d}"
        case JamboreeSpec(d, prune):
            return f"jamboree:{d}" + ("" if prune is None else f":{prune:g}")
        case EngineSpec():
            return (f"engine:{p.text}" if p.algorithm in _CLASHING else p.text)
