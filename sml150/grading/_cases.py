"""Case builders both homeworks share: seeding, hiding, explicit trees, search players.

HW10 and HW11 grade the same kinds of players (AlphaBeta, Jamboree) on the same explicit
trees; their task modules build those cases here so the two graders cannot drift apart.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Final

import attrs

from sml150.grading._exprs import EXPLICIT as _EXPLICIT
from sml150.grading._exprs import SIG, call, explicit_game, get, lib, lit, mod, random_tree
from sml150.grading._model import Case, Json

__all__ = [
    "HANDOUT_BIG",
    "HANDOUT_SMALL",
    "PERCENTAGES",
    "named",
    "next_move_cases",
    "player_expr",
    "seeded",
    "split_cases",
    "trees",
]

Build = Callable[[random.Random, bool], list[Case]]

HANDOUT_SMALL: Final = get(lib(_EXPLICIT), "HandoutSmall")
"""The handouts' small tree (search it at depth 2)."""
HANDOUT_BIG: Final = get(lib(_EXPLICIT), "HandoutBig")
"""The handouts' big tree (search it at depth 4)."""
PERCENTAGES: Final = (0.0, 0.25, 0.34, 0.5, 0.5, 0.67, 0.75, 1.0)
"""Jamboree prune percentages drawn for the cases."""


def seeded(build: Build, k: int) -> Callable[[], list[Case]]:
    """The cases of task number ``k``: public ones from one seed, hidden ones from another.

    The result is cached: each task's cases are built once per process.

    >>> cases = seeded(lambda rng, hidden: [Case(f"{hidden}")], 1)
    >>> [c.name for c in cases()], cases() is cases()
    (['False', 'True'], True)
    """

    @functools.cache
    def cases() -> list[Case]:
        return build(random.Random(1000 + k), False) + build(random.Random(5000 + k), True)

    return cases


def named(cases: list[Case], hidden: bool) -> list[Case]:
    """``cases`` marked hidden (or public), every other field kept.

    >>> named([Case("x")], True)[0].hidden
    True
    """
    return [attrs.evolve(c, hidden=hidden) for c in cases]


def trees(rng: random.Random, count: int) -> list[tuple[str, Json, int]]:
    """(name, game expression, depth): the handout trees and ``count`` random ones of depth 1-4.

    >>> [name for name, _, _ in trees(random.Random(0), 1)][:2]
    ['HandoutSmall', 'HandoutBig']
    """
    out: list[tuple[str, Json, int]] = [
        ("HandoutSmall", HANDOUT_SMALL, 2), ("HandoutBig", HANDOUT_BIG, 4),
    ]
    for i in range(count):
        d = rng.randint(1, 4)
        tree = random_tree(rng, d, (1, 4) if d <= 3 else (1, 3), (-3, 3) if i % 2 else (-9, 9))
        out.append((f"random tree #{i} (depth {d})", explicit_game(tree), d))
    return out


def player_expr(which: str, game: Json, d: int, p: float | None) -> Json:
    """The expression building the submission's ``AlphaBeta`` or ``Jamboree`` on ``game``.

    >>> player_expr("alphabeta", HANDOUT_SMALL, 2, None)[0]
    'call'
    """
    if which == "alphabeta":
        return call(get(mod("alphabeta"), "AlphaBeta"),
                    call(get(lib(SIG), "Settings"), game, lit(d)))
    return call(get(mod("jamboree"), "Jamboree"),
                call(get(lib(SIG), "JamboreeSettings"), game, lit(d), lit(p)))


def next_move_cases(rng: random.Random, hidden: bool, which: str) -> list[Case]:
    """``next_move`` from the root of handout and random trees; leaves compared in order.

    >>> len(next_move_cases(random.Random(0), False, "jamboree"))
    8
    """
    out = []
    for name, game, d in trees(rng, 6):
        p = rng.choice(PERCENTAGES) if which == "jamboree" else None
        tag = f", p={p}" if p is not None else ""
        searcher = player_expr(which, game, d, p)
        out.append(Case(f"next_move {name}{tag}",
                        (call(get(searcher, "next_move"), get(game, "start")),), "eq_leaves"))
    return named(out, hidden)


def split_cases(rng: random.Random, hidden: bool, count: int) -> list[Case]:
    """Jamboree's ``split_moves`` on ``count`` roots of 1-9 moves and assorted percentages.

    >>> len(split_cases(random.Random(0), False, 3))
    3
    """
    out = []
    for i in range(count):
        k = rng.randint(1, 9)
        tree = ["N", "r", [["E", f"c{j}", j] for j in range(k)]]
        p = rng.choice((0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.9, 1.0))
        game = explicit_game(tree)
        out.append(Case(f"split_moves, {k} moves, p={p} (#{i})",
                        (call(get(player_expr("jamboree", game, 1, p), "split_moves"),
                              get(game, "start")),)))
    return named(out, hidden)
