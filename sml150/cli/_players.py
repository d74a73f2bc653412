"""PLAYER arguments for the command: read, built and seated by ``sml150.specs``.

``sml150.specs`` holds the one grammar; its ``SpecError`` is reported as ``UsageError``.

>>> parse_player("jamboree:3:0.25")
JamboreeSpec(depth=3, prune=0.25)
>>> parse_player("alphabeta:x")
Traceback (most recent call last):
...
sml150.cli._usage.UsageError: bad search depth 'x' in 'alphabeta:x' (a whole number >= 1)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TextIO

from sml150.cli._usage import UsageError
from sml150.lib.human import HumanSettings
from sml150.lib.signatures import GAME, PLAYER, Player
from sml150.search.player import PARALLEL_KINDS
from sml150.specs import LISTED_PLAYERS, PLAYER_SYNTAX, GameChoice, PlayerSpec, SpecError
from sml150.specs import build_player as _build_player
from sml150.specs import check_seat as _check_seat
from sml150.specs import parse_player as _parse_player
from sml150.specs import seat as specs_seat

__all__ = ["LISTED_PLAYERS", "PLAYER_SYNTAX", "PlayerSpec", "build_player", "check_seat",
           "parse_player", "seat"]

_PARALLEL_ENGINES = PARALLEL_KINDS
"""The engine's parallel searches, which search on an executor."""


def parse_player(spec: str) -> PlayerSpec:
    """``sml150.specs.parse_player``, its errors as ``UsageError``."""
    try:
        return _parse_player(spec)
    except SpecError as e:
        raise UsageError(str(e)) from None


def build_player(spec: PlayerSpec | str, game: GAME[Any, Any], *,
                 executor: Executor | None = None, depth: int | None = None,
                 human: HumanSettings[Any, Any] | None = None) -> PLAYER[Any, Any]:
    """``sml150.specs.build_player``, its errors as ``UsageError``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> build_player("jamboree:2", HandoutSmall)
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: 'jamboree:2' needs a prune percentage: jamboree:D:P, ...
    """
    try:
        return _build_player(spec, game, executor=executor, depth=depth, human=human)
    except SpecError as e:
        raise UsageError(str(e)) from None


def check_seat(spec: PlayerSpec | str, choice: GameChoice, who: Player) -> PlayerSpec:
    """``sml150.specs.check_seat``, its errors as ``UsageError``."""
    try:
        return _check_seat(spec, choice, who)
    except SpecError as e:
        raise UsageError(str(e)) from None


def seat(spec: PlayerSpec | str, choice: GameChoice, who: Player, *,
         executor: Executor | None = None, human_out: TextIO | None = None,
         friendly: bool = False, note: Callable[[str], None] | None = None) -> PLAYER[Any, Any]:
    """``sml150.specs.seat``, its errors as ``UsageError``.

    On a terminal (standard error), a ``solve`` player says there what it is doing, unless
    given another ``note``.
    """
    import sys

    if note is None and sys.stderr.isatty():
        def note(line: str) -> None:
            print(line, file=sys.stderr, flush=True)
    try:
        return specs_seat(spec, choice, who, executor=executor, human_out=human_out,
                          friendly=friendly, note=note)
    except SpecError as e:
        raise UsageError(str(e)) from None
