"""The names a starter file and a student's solution import: a public API, listed.

A course hands out starter files (``sml150 handout``) for a term; students write their solutions
against them, and the grader must keep grading those solutions after the library changes. So
every name a starter imports, or an earlier release's starter imported, is listed here, and a
test checks that the starters import nothing else (``tests/grading/test_student_api.py``). A
name that moves keeps its old place for at least one release, warning (``DeprecationWarning``)
where it went: ``MOVED`` says what moved where, and the old module (``sml150.lib._search``)
serves it.

>>> "SearchCount" in STUDENT_API["sml150.lib.searchcount"]
True
>>> MOVED["sml150.lib._search"]["split_plies"]
'sml150.lib.forkjoin'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["MOVED", "STUDENT_API"]

STUDENT_API: Final[Mapping[str, frozenset[str]]] = {
    "sml150.lib.basis": frozenset({"EQUAL", "GREATER", "LESS", "Fail", "Order",
                                   "int_to_string"}),
    "sml150.lib.est": frozenset({"Est", "Est10", "EstStructure", "Guess", "MaxieWins",
                                 "MinnieWins", "est"}),
    "sml150.lib.forkjoin": frozenset({"Child", "Routine", "Say", "Together", "run", "run_here",
                                      "split_plies"}),
    "sml150.lib.searchcount": frozenset({"SearchCount", "require_in_play",
                                         "require_player_depth", "watch_searches"}),
    "sml150.lib.seq": frozenset({"Seq"}),
    "sml150.lib.signatures": frozenset({
        "EST", "GAME", "MAP", "TTTCONSTS", "Analysis", "Draw", "In_play", "JamboreeSettings",
        "Maxie", "Minnie", "Outcome", "Over", "Player", "Settings", "Status", "Winner",
        "other_player", "outcome_value"}),
    # What the starters before the fork-join skeleton imported for Jamboree's parallel part.
    "sml150.parallel": frozenset({"captured_call", "is_serial"}),
    "sml150.parallel.tree": frozenset({"Shipped", "TreeScheduler", "gather", "run_tree"}),
}
"""Each module a starter may import from, and the names it may import from it."""

MOVED: Final[Mapping[str, Mapping[str, str]]] = {
    "sml150.lib._search": {
        "SearchCount": "sml150.lib.searchcount",
        "require_in_play": "sml150.lib.searchcount",
        "require_player_depth": "sml150.lib.searchcount",
        "watch_searches": "sml150.lib.searchcount",
        "split_plies": "sml150.lib.forkjoin",
    },
}
"""Old module → {name: the module it moved to}; the old module still serves each name."""
