"""PLAYER arguments: ``build_player`` is the one place a PLAYER spec becomes a player.

To add a player kind: read it in ``parse_player`` (its depth, if it has one, is what lets an
explicit tree fit it) and build it in ``build_player``; ``LISTED_PLAYERS`` and
``PLAYER_SYNTAX`` make the help show it and the tests play it on every listed GAME.

``seat`` puts a player in a match: for an explicit tree it gives a search player the depth that
fits the rest of the tree at every move (or refuses in one line when the player's depth is too
shallow to reach the leaves); a human gets the game's hint and reasons for bad moves.
``check_seat`` makes the same checks without building anything (before an executor is opened).

An executor (``--executor``) is used by the players that search in parallel: the course's
``jamboree:D:P`` and the engine's ``engine:jamboree:D`` and ``engine:ybw:D``
(``PlayerSpec.uses_executor``); every other player searches in this process.
"""

from __future__ import annotations

import math
import textwrap
from concurrent.futures import Executor
from typing import Any, TextIO, final

import attrs

from sml150.cli._games import GameChoice, tree_depths
from sml150.cli._usage import UsageError, whole_number
from sml150.lib.explicit import ExplicitState
from sml150.lib.human import HumanPlayer, HumanSettings
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import (
    GAME,
    PLAYER,
    Analysis,
    JamboreeSettings,
    Maxie,
    Player,
    Settings,
)

__all__ = ["PLAYER_SYNTAX", "PlayerSpec", "build_player", "check_seat", "parse_player", "seat"]

AnyGame = GAME[Any, Any]
AnyPlayer = PLAYER[Any, Any]

LISTED_PLAYERS: tuple[str, ...] = (
    "minimax:2", "alphabeta:2", "jamboree:2:0.5", "pvs:2", "mtdf:2", "engine:jamboree:2",
    "engine:ybw:2", "id:0.2", "human",
)
"""One example of each player kind (a test plays each on every listed GAME)."""

PLAYER_SYNTAX = """\
PLAYER is one of
  minimax:D                MiniMax searching D >= 1 moves ahead (every branch)
  alphabeta:D              HW11's AlphaBeta to depth D (prunes what cannot matter)
  jamboree:D:P             HW11's Jamboree to depth D, searching a fraction P (0..1) of the
                           moves sequentially and the rest in parallel (on --executor)
  pvs:D  mtdf:D  scout:D   the engine (sml150.search) to depth D: NegaScout/PVS, MTD(f),
  aspiration:D  negamax:D  Pearl's Scout, aspiration windows or plain alpha-beta, with a
                           transposition table, move ordering and the game's symmetries
  engine:minimax:D         the engine's minimax (with its table); engine:alphabeta:D likewise
  engine:jamboree:D        the engine's parallel searches to depth D, on --executor:
  engine:ybw:D             Kuszmaul's Jamboree, young-brothers-wait (the exact depth-D value)
  id:S                     the engine's iterative deepening (PVS) for at most S seconds a move
  solve                    the engine searching to the end of the game (small games only)
  human                    you, typing moves (? lists the legal moves)
""" + textwrap.fill("examples: " + "  ".join(LISTED_PLAYERS), width=92,
                    subsequent_indent="  ", break_on_hyphens=False)


@final
@attrs.frozen
class PlayerSpec:
    """A PLAYER argument, read: its kind and settings.

    >>> parse_player("jamboree:3:0.25")  # doctest: +NORMALIZE_WHITESPACE
    PlayerSpec(kind='jamboree', depth=3, prune=0.25, text='jamboree:3:0.25', engine=None,
               seconds=None)
    >>> parse_player("id:1.5").seconds
    1.5
    """

    kind: str
    """``minimax``, ``alphabeta``, ``jamboree``, ``human`` or ``engine`` (``sml150.search``)."""
    depth: int | None
    """The search depth (``None`` for a human)."""
    prune: float | None
    """Jamboree's prune percentage."""
    text: str
    """The argument as typed."""
    engine: str | None = None
    """For an engine player: the algorithm (``pvs``, ``mtdf``, ..., ``id``, ``solve``)."""
    seconds: float | None = None
    """For ``id:S``: the time budget of a move."""

    @property
    def uses_executor(self) -> bool:
        """Whether this player searches on the executor it is given (else in this process).

        >>> [parse_player(s).uses_executor for s in ("jamboree:2:0.5", "engine:ybw:3", "pvs:3")]
        [True, True, False]
        """
        return self.kind == "jamboree" or self.engine in _PARALLEL_ENGINES


_ENGINE_BY_DEPTH = ("pvs", "mtdf", "scout", "aspiration", "negamax")
"""Engine algorithms named by themselves (``pvs:4``); ``engine:minimax:4`` and
``engine:alphabeta:4`` name the engine's versions of the handouts' players."""

_PARALLEL_ENGINES = ("jamboree", "ybw")
"""The engine's parallel searches (``sml150.search.player.PARALLEL_KINDS``), which search on an
executor; named only with the ``engine:`` prefix (``jamboree:D`` alone is not the course's
``jamboree:D:P``)."""


def _shown(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


def parse_player(spec: str) -> PlayerSpec:
    """Read a PLAYER argument.

    REQUIRES: ``spec`` is ``minimax:d``, ``alphabeta:d``, ``jamboree:d:p`` (``0 <= p <= 1``),
    an engine player (``pvs:d``, ..., ``engine:jamboree:d``, ``engine:ybw:d``, ``id:s``,
    ``solve``) or ``human``, with ``1 <= d``; otherwise ``UsageError`` naming the bad part.
    ENSURES: the spec, read.

    >>> parse_player("engine:ybw:3").engine
    'ybw'

    >>> parse_player("alphabeta:x")
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: bad search depth 'x' in 'alphabeta:x' (a whole number >= 1)
    """
    parts = spec.lower().split(":")
    kind = parts[0]
    where = f" in {_shown(spec)!r}"
    if kind == "engine" and len(parts) == 3 and parts[1] in (*_ENGINE_BY_DEPTH, "minimax",
                                                              "alphabeta", *_PARALLEL_ENGINES):
        d = whole_number(parts[2], "search depth", least=1, where=where)
        return PlayerSpec("engine", d, None, spec, engine=parts[1])
    if kind in _ENGINE_BY_DEPTH and len(parts) == 2:
        d = whole_number(parts[1], "search depth", least=1, where=where)
        return PlayerSpec("engine", d, None, spec, engine=kind)
    if kind == "id" and len(parts) == 2:
        try:
            seconds = float(parts[1]) if len(parts[1]) <= 40 else math.nan
        except ValueError:
            seconds = math.nan
        if not 0.0 < seconds <= 3600.0:
            raise UsageError(f"bad time budget {_shown(parts[1])!r}{where} (seconds, > 0 and"
                             " <= 3600)")
        return PlayerSpec("engine", None, None, spec, engine="id", seconds=seconds)
    if kind == "solve" and len(parts) == 1:
        return PlayerSpec("engine", None, None, spec, engine="solve")
    if kind == "human" and len(parts) == 1:
        return PlayerSpec("human", None, None, spec)
    if kind in ("minimax", "alphabeta") and len(parts) == 2:
        return PlayerSpec(kind, whole_number(parts[1], "search depth", least=1, where=where),
                          None, spec)
    if kind == "jamboree" and len(parts) == 3:
        d = whole_number(parts[1], "search depth", least=1, where=where)
        try:
            p = float(parts[2]) if len(parts[2]) <= 40 else math.nan
        except ValueError:
            raise UsageError(f"bad prune percentage {_shown(parts[2])!r}{where}") from None
        if not 0.0 <= p <= 1.0:
            raise UsageError(f"prune percentage must be in [0, 1], not {p}{where}")
        return PlayerSpec(kind, d, p, spec)
    raise UsageError(
        f"unknown player {_shown(spec)!r} (use minimax:d, alphabeta:d, jamboree:d:p, pvs:d,"
        " mtdf:d, scout:d, aspiration:d, negamax:d, engine:minimax:d, engine:jamboree:d,"
        " engine:ybw:d, id:seconds, solve or human)"
    )


def build_player(spec: str, game: AnyGame, *, executor: Executor | None = None,
                 depth: int | None = None,
                 human: HumanSettings[Any, Any] | None = None) -> AnyPlayer:
    """Build the player a PLAYER argument names, for ``game``.

    REQUIRES: ``spec`` as ``parse_player`` reads it; ``depth`` (if given) overrides its search
    depth; ``human`` (if given) is the human player's settings (its game must be ``game``).
    ENSURES: a player whose spec ``uses_executor`` searches on ``executor`` (``None`` or a
    serial executor: in this process, in order, as without one); the others ignore it.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> build_player("jamboree:2:0.5", HandoutSmall).next_move(HandoutSmall.start)
    Estimating state c[3]
    ...
    1
    >>> from sml150.parallel import executor
    >>> with executor("processes:2") as ex:  # the same search, its subtrees on two workers
    ...     build_player("engine:jamboree:4", HandoutSmall, executor=ex, depth=2).analyze(
    ...         HandoutSmall.start).value
    Guess(n=4)
    """
    from sml150.parallel import is_serial

    p = parse_player(spec)
    d = depth if depth is not None else p.depth
    ex = None if executor is None or is_serial(executor) else executor
    if p.kind == "human":
        return HumanPlayer(human if human is not None else HumanSettings(G=game))
    if p.kind == "engine":
        from sml150.search.player import engine_player

        assert p.engine is not None
        if depth is not None:  # an explicit tree: search exactly its rest, whatever the kind
            algorithm = "pvs" if p.engine in ("id", "solve") else p.engine
            engine_spec = f"{algorithm}:{depth}"
        elif p.engine == "id":
            engine_spec = f"id:{p.seconds}"
        elif p.engine == "solve":
            engine_spec = "solve"
        else:
            engine_spec = f"{p.engine}:{d}"
        try:
            return engine_player(engine_spec, game, executor=ex)
        except (TypeError, ValueError) as e:
            raise UsageError(f"{_shown(spec)!r}: {e}") from None
    assert d is not None
    if p.kind == "minimax":
        return MiniMax(Settings(G=game, search_depth=d))
    if p.kind == "alphabeta":
        from sml150.handouts.hw11.alphabeta import AlphaBeta

        return AlphaBeta(Settings(G=game, search_depth=d))
    from sml150.handouts.hw11.jamboree import Jamboree

    assert p.prune is not None
    return Jamboree(JamboreeSettings(G=game, search_depth=d, prune_percentage=p.prune),
                    executor=ex)


@final
@attrs.frozen
class _FittedExplicit:
    """A search player on an explicit tree: at each move it searches exactly the tree's rest."""

    Game: AnyGame
    """The match's game (``ExplicitMatch``)."""
    spec: str
    """The PLAYER argument."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Passed on to the inner player (see ``build_player``)."""

    def _player(self, s: ExplicitState) -> AnyPlayer:
        (rest,) = tree_depths(s.tree)
        return build_player(self.spec, self.Game.inner,  # type: ignore[attr-defined]
                            executor=self.executor, depth=rest)

    def analyze(self, s: ExplicitState) -> Analysis[Any]:
        """The inner player's analysis at the depth that fits."""
        return self._player(s).analyze(s)

    def next_move(self, s: ExplicitState) -> Any:
        """The inner player's move at the depth that fits."""
        return self._player(s).next_move(s)


def check_seat(spec: str, choice: GameChoice, who: Player) -> PlayerSpec:
    """Whether ``spec`` can be seated as ``who`` in a match of ``choice``; builds nothing.

    REQUIRES: ``spec`` as ``parse_player`` reads it; for an explicit tree, a search player's
    depth reaches the leaves from ``who``'s first turn, and the tree has all its leaves at one
    depth; otherwise ``UsageError`` naming what is wrong.
    ENSURES: the spec, read (``seat`` then succeeds).

    >>> from sml150.cli._games import build_game
    >>> check_seat("engine:ybw:4", build_game("explicit:big"), Maxie).engine
    'ybw'
    >>> check_seat("minimax:1", build_game("explicit:big"), Maxie)
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: 'minimax:1' searches 1 move ahead, but HandoutBig ...
    """
    p = parse_player(spec)
    if p.kind == "human" or choice.tree is None:
        return p
    depths = tree_depths(choice.tree)
    if len(depths) > 1:
        raise UsageError(
            f"{choice.title}: leaves at depths {min(depths)}..{max(depths)}; a search player"
            " needs every leaf at one depth"
        )
    (height,) = depths
    need = height if who is Maxie else height - 1
    if p.depth is not None and p.depth < need:  # id:S and solve search to the leaves
        name = choice.title.removeprefix("Explicit game ").split(" (")[0]
        raise UsageError(
            f"{spec!r} searches {p.depth} move{'s' if p.depth != 1 else ''} ahead, but {name} is"
            f" {need} moves deep at {who.name}'s first turn: use a depth >= {need} (an explicit"
            " tree is searched to its leaves)"
        )
    return p


def seat(spec: str, choice: GameChoice, who: Player, *, executor: Executor | None = None,
         human_out: TextIO | None = None, friendly: bool = False) -> AnyPlayer:
    """The player ``spec`` names, seated as ``who`` in a match of ``choice``.

    REQUIRES: as ``check_seat`` (else ``UsageError``).
    ENSURES: a human gets the game's hint and reasons when ``friendly``; a player whose spec
    ``uses_executor`` searches on ``executor`` (see ``build_player``), on an explicit tree too.

    >>> from sml150.cli._games import build_game
    >>> seat("minimax:1", build_game("explicit:big"), Maxie)
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: 'minimax:1' searches 1 move ahead, but HandoutBig ...
    >>> seat("engine:jamboree:4", build_game("explicit:big"), Maxie).spec
    'engine:jamboree:4'
    """
    p = check_seat(spec, choice, who)
    g = choice.game
    if p.kind == "human":
        hint = choice.hint
        if choice.marks is not None:
            hint = f"you are {choice.marks[0 if who is Maxie else 1]}; {hint}"
        settings: HumanSettings[Any, Any] = HumanSettings(
            G=g, output=human_out, hint=hint if friendly else None,
            explain=choice.explain if friendly else None,
        )
        return build_player(spec, g, human=settings)
    if choice.tree is None:
        return build_player(spec, g, executor=executor)
    return _FittedExplicit(g, spec, executor)
