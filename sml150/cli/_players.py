"""PLAYER arguments for the command: read, built and seated by ``sml150.specs``.

``sml150.specs`` holds the one grammar; a bad spec raises the one ``UsageError``
(``sml150.errors``), which ``main`` prints as one line.

>>> parse_player("jamboree:3:0.25")
JamboreeSpec(depth=3, prune=0.25)
>>> parse_player("alphabeta:x")
Traceback (most recent call last):
...
sml150.errors.UsageError: bad search depth 'x' in 'alphabeta:x' (a whole number >= 1)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TextIO

from sml150.lib.signatures import PLAYER, Player
from sml150.search.player import PARALLEL_KINDS
from sml150.specs import (
    LISTED_PLAYERS,
    PLAYER_SYNTAX,
    GameChoice,
    PlayerSpec,
    build_player,
    check_seat,
    parse_player,
)
from sml150.specs import seat as specs_seat

__all__ = ["LISTED_PLAYERS", "PLAYER_SYNTAX", "PlayerSpec", "build_player", "check_seat",
           "parse_player", "seat"]

_PARALLEL_ENGINES = PARALLEL_KINDS
"""The engine's parallel searches, which search on an executor."""


def seat(spec: PlayerSpec | str, choice: GameChoice, who: Player, *,
         executor: Executor | None = None, human_out: TextIO | None = None,
         friendly: bool = False, note: Callable[[str], None] | None = None) -> PLAYER[Any, Any]:
    """``sml150.specs.seat``, with a ``solve`` player's notes on a terminal.

    On a terminal (standard error), a ``solve`` player says there what it is doing, unless
    given another ``note``.
    """
    import sys

    if note is None and sys.stderr.isatty():
        def note(line: str) -> None:
            print(line, file=sys.stderr, flush=True)
    return specs_seat(spec, choice, who, executor=executor, human_out=human_out,
                      friendly=friendly, note=note)
