"""Case builders both homeworks share: seeding, hiding, explicit trees, search players.

HW10 and HW11 grade the same kinds of players (AlphaBeta, Jamboree) on the same explicit
trees; their task modules build those cases here so the two graders cannot drift apart.
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
from collections.abc import Callable
from typing import Any, Final

import attrs

from sml150.grading._exprs import EXPLICIT as _EXPLICIT
from sml150.grading._exprs import (
    SIG,
    call,
    explicit_game,
    get,
    lib,
    lit,
    mod,
    random_tree,
    tup,
)
from sml150.grading._model import Case, Json

__all__ = [
    "HANDOUT_BIG",
    "HANDOUT_SMALL",
    "PERCENTAGES",
    "full_window",
    "kind_of",
    "named",
    "next_move_cases",
    "player_expr",
    "ref_value",
    "seeded",
    "split_cases",
    "tied_moves",
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


_KINDS: Final = (
    "a tie in the parallel part", "inside the window", "a value below the window",
    "a cut: above the window", "a finished board", "raises ValueError", "raises not_in_graph",
    "off the board", "an occupied tile", "the other player's entry", "not a vertex",
    "the empty graph", "no edges", "max_units", "a tie: the attacker", "the cap",
    "no trace lines", "the trace of Figure", "root (Maxie)", "(Minnie)", "best Nothing",
    "strictly better", "creates no state", "the same twice", "linear", "depth 0", "depth -1",
)


def kind_of(name: str) -> str:
    """What kind of case ``name`` is, without its input or answer.

    That is its leading words (up to the first one holding data) and the kinds of ``_KINDS``
    it mentions.

    >>> kind_of("search random tree #2 (depth 2), root (Maxie), d=2, window (-inf, +inf), "
    ...         "a tie in the parallel part")
    'search random tree: a tie in the parallel part, root (Maxie)'
    >>> kind_of("status OXO/OXX/XOO")
    'status'
    """
    words = []
    for w in name.split():
        bare = w.rstrip(",:")
        if any(ch.isdigit() or ch in "<>()/=@#[]{}," for ch in bare) or set(bare) <= set("OX."):
            break
        words.append(bare)
        if bare != w:
            break
    head = " ".join(words).rstrip(":")
    tags = [k for k in _KINDS if k in name]
    return head + (": " + ", ".join(tags) if tags else "")


def named(cases: list[Case], hidden: bool) -> list[Case]:
    """``cases`` marked hidden (or public), every other field kept.

    Hidden ones get a kind (``kind_of`` their name) unless they have one: the student sees it
    instead of the name.

    >>> named([Case("status OXO/OXX/XOO")], True)[0].kind
    'status'
    """
    return [attrs.evolve(c, hidden=hidden, kind=c.kind or (kind_of(c.name) if hidden else ""))
            for c in cases]


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


def ref_value(hw: str, expr: Json) -> Any:
    """``expr`` evaluated on the reference solutions of ``hw``, silently (to build cases)."""
    from sml150.grading._engine import reference_env
    from sml150.grading._worker import evaluate

    with contextlib.redirect_stdout(io.StringIO()):
        return evaluate(expr, reference_env(hw))


def tied_moves(hw: str, player: Json, state: Json, depth: int, window: Json) -> list[Json]:
    """The moves Jamboree's ``search``/``F``/``G`` may return at ``state``.

    They are the best move of the alpha-beta part and every ``mmmove`` whose value ties with
    the best value.

    The handout fixes the alpha-beta part (AlphaBeta's rules) but says only "combine the
    max/min" of the parallel part, so any tie-break there is right. (Only meaningful when the
    node's value is inside the window and nothing was pruned; callers use it only then.)

    >>> from sml150.grading._exprs import explicit_game
    >>> g = explicit_game(["N", "r", [["E", "a", 1], ["E", "b", 2], ["E", "c", 2]]])
    >>> tied_moves("hw10", player_expr("jamboree", g, 1, 0.0), get(g, "start"), 1,
    ...            full_window("hw10", None))
    [1, 2]
    """
    from sml150.grading._worker import encode
    from sml150.lib.signatures import Maxie

    j, s, ab = ref_value(hw, player), ref_value(hw, state), ref_value(hw, window)
    with contextlib.redirect_stdout(io.StringIO()):
        g = j.Game
        maximize = g.player(s) is Maxie
        abmoves, mmmoves = j.split_moves(s)
        alpha, beta = ab
        if hw == "hw10":
            from sml150.handouts.hw10.alphabeta import Bound, OrderAB, compare_ab

            best: Any = None
            for m in abmoves:
                v = j.evaluate(depth - 1, (alpha, beta), g.make_move(s, m))
                if best is None or (v > best[1] if maximize else v < best[1]):
                    best = (m, v)
                order = compare_ab((alpha, beta), v)
                if order is (OrderAB.ABOVE if maximize else OrderAB.BELOW):
                    return [encode(best[0])]
                if order is OrderAB.INTERIOR:
                    alpha, beta = (Bound(v), beta) if maximize else (alpha, Bound(v))
            found = [] if best is None else [best]
            found += [(m, j.evaluate(depth - 1, (alpha, beta), g.make_move(s, m)))
                      for m in mmmoves]
            top = (max if maximize else min)(v for _, v in found)
            return [encode(m) for m, v in found if v == top]
        from sml150.handouts.hw11.alphabeta import Step, is_cut, maxalpha, minbeta, value_of

        def search(c: Any) -> Any:
            f = j.F if g.player(c) is Maxie else j.G
            return value_of(f(depth - 1, c, (alpha, beta)))

        better = maxalpha if maximize else minbeta
        for m in abmoves:
            step = Step(m, search(g.make_move(s, m)))
            if maximize:
                alpha = better(alpha, step)
            else:
                beta = better(beta, step)
            if is_cut(g.player(s), (alpha, beta)):
                return [encode((alpha if maximize else beta).move)]
        bound = alpha if maximize else beta
        steps = [Step(m, search(g.make_move(s, m))) for m in mmmoves]
        top = (max if maximize else min)([value_of(bound), *(value_of(x) for x in steps)])
        cands = [bound, *steps]
        return [encode(x.move) for x in cands if isinstance(x, Step) and value_of(x) == top]


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


def full_window(hw: str, player: Json) -> Json:
    """The window of a search from the root: ``(NEGINF, POSINF)`` (HW10), ``initial_ab`` (HW11)."""
    if hw == "hw10":
        m = mod("alphabeta")
        return tup(call(get(m, "NEGINF")), call(get(m, "POSINF")))
    return get(player, "initial_ab")


def next_move_cases(rng: random.Random, hidden: bool, which: str, hw: str = "hw10") -> list[Case]:
    """``next_move`` from the root of handout and random trees; leaves compared in order.

    Jamboree's move may be any tied best move of its parallel part (see ``tied_moves``).

    >>> len(next_move_cases(random.Random(0), False, "jamboree"))
    8
    """
    out = []
    for name, game, d in trees(rng, 6):
        p = rng.choice(PERCENTAGES) if which == "jamboree" else None
        tag = f", p={p}" if p is not None else ""
        searcher = player_expr(which, game, d, p)
        expr = call(get(searcher, "next_move"), get(game, "start"))
        if which == "jamboree":
            moves = tied_moves(hw, searcher, get(game, "start"), d, full_window(hw, searcher))
            kind = ", a tie in the parallel part" if len(moves) > 1 else ""
            out.append(Case(f"next_move {name}{tag}{kind}", (expr,), "eq_leaves_tie",
                            arg={"moves": moves}))
        else:
            out.append(Case(f"next_move {name}{tag}", (expr,), "eq_leaves"))
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
