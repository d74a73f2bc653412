"""Case builders both homeworks share: seeding, hiding, explicit trees, search players.

HW10 and HW11 grade the same kinds of players (AlphaBeta, Jamboree) on the same explicit
trees; their task modules build those cases here so the two graders cannot drift apart.

(Over 400 lines: the shared builders and the whole-word names of the hidden tests they make
are one vocabulary; split, the names would drift from the cases they name.)
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
import re
from collections.abc import Callable
from typing import Any, Final, final

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
from sml150.grading._secret import course_secret, hidden_seed

__all__ = [
    "HANDOUT_BIG",
    "HANDOUT_SMALL",
    "PERCENTAGES",
    "Seeded",
    "best_moves",
    "full_window",
    "kind_of",
    "leaves_rule",
    "named",
    "next_move_cases",
    "percentage",
    "player_expr",
    "ref_value",
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


@final
class Seeded:
    """A task's cases: public ones from one seed, hidden ones from another (``seeded``).

    Called, it builds them for this process's course secret; ``for_secret`` for any secret
    (crosscheck draws fresh cases from the same generators so). Each secret's cases are built
    once per process.
    """

    def __init__(self, build: Build, k: int) -> None:
        self.build = build
        self.k = k
        self.for_secret = functools.cache(self._build)

    def _build(self, secret: str) -> list[Case]:
        return (self.build(random.Random(1000 + self.k), False)
                + self.build(random.Random(hidden_seed(self.k, secret)), True))

    def __call__(self) -> list[Case]:
        return self.for_secret(course_secret())


def seeded(build: Build, k: int) -> Seeded:
    """The cases of task number ``k``: public ones from one seed, hidden ones from another.

    The hidden seed comes from the course secret when one is set (``_secret``), so the public
    package cannot rebuild a course's hidden cases. The result is cached per secret: each
    task's cases are built once per process.

    >>> cases = seeded(lambda rng, hidden: [Case(f"{hidden}")], 1)
    >>> [c.name for c in cases()], cases() is cases()
    (['False', 'True'], True)
    >>> cases.for_secret("a course") is cases.for_secret("a course")
    True
    """
    return Seeded(build, k)


_KINDS: Final = (
    "a tie", "inside the window", "a value below the window", "a cut: above the window",
    "a finished board", "a finished game", "raises not_in_graph", "off the board",
    "not a vertex", "the empty graph", "no edges", "max_units", "a tie: the attacker", "the cap",
    "root (Maxie)", "(Minnie)", "strictly better", "no worse", "creates no state",
    "the same twice", "Figure 5", "a looser equality",
)


_FUNCTION_WORDS: Final = frozenset(
    ("a", "an", "the", "on", "of", "in", "at", "with", "for", "to", "from", "by", "vs", "when",
     "and", "or"))
"""Words a kind never ends with (it names the test in whole words, not ``start on a``)."""
_CHECK_WORD: Final = re.compile(r"eq(_\w+)?")
"""The comparison a public name shows (``eq``, ``eq_mod3``, ``eq_ci``): not a word of a kind."""


def _is_data(word: str) -> bool:
    return (any(ch.isdigit() or ch in "<>()/=@#[]{}," for ch in word)
            or set(word) <= set("OX."))


def kind_of(name: str) -> str:
    """What kind of case ``name`` is, without its input or answer, in whole words.

    That is its leading words up to the first one holding data (and the word that ends the
    clause after it: ``a 5x5 board`` is ``a board``), never ending on a function word, then
    the kinds of ``_KINDS`` it mentions that those words do not already say.

    >>> kind_of("search random tree #2 (depth 2), root (Maxie), d=2, window (-inf, +inf), "
    ...         "a tie")
    'search random tree: a tie, root (Maxie)'
    >>> kind_of("status OXO/OXX/XOO"), kind_of("start on a 5x5 board")
    ('status', 'start on a board')
    >>> kind_of("moves on M1: Minnie 0:O2 1:X7"), kind_of("look_and_say eq_ci <hi>, a tie")
    ('moves', 'look_and_say: a tie')
    >>> kind_of("estimate creates no state (make_move not called): O./..")
    'estimate creates no state'
    """
    words: list[str] = []
    parts = name.split()
    for k, w in enumerate(parts):
        bare = w.rstrip(",:")
        if _CHECK_WORD.fullmatch(bare):
            continue
        if _is_data(bare):
            last = parts[k + 1] if k + 1 < len(parts) else ""
            ends = k + 2 == len(parts) or last.endswith((",", ":"))
            if bare == w and last and ends and not _is_data(last.rstrip(",:")):
                words.append(last.rstrip(",:"))
            break
        words.append(bare)
        if bare != w:
            break
    while words and words[-1].lower() in _FUNCTION_WORDS:
        words.pop()
    head = " ".join(words).rstrip(":")
    found = [k for k in _KINDS if k in name]
    tags = [k for k in found if k not in head and not any(k != o and k in o for o in found)]
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


BOUND_TIE: Final = ["N", "r", [
    ["N", "m0", [["N", "n0", [["E", "a", 1]]], ["N", "n1", [["E", "b", 1], ["E", "c", 5]]]]],
    ["N", "m1", [["N", "p0", [["E", "d", 1]]], ["N", "p1", [["E", "e", -2]]]]]]]
"""A tree where a later child ties with the best only as a bound, at Maxie's root and at
Minnie's ``m0``: ``m1`` searched with alpha = 1 cuts at ``d`` (1) though it is worth -2, and
``n1`` searched with beta = 1 cuts at ``b`` (1) though it is worth 5. Preferring the later of
equal values there plays a worse move (a real bug; ``best_moves``)."""


def percentage(rng: random.Random, name: str) -> float:
    """A Jamboree prune percentage for the tree ``name``.

    1.0 for ``BOUND_TIE`` (its tie with a bound is in the sequential part only then), else one
    of ``PERCENTAGES``. The draw happens either way, so the cases after it stay the same.

    >>> percentage(random.Random(0), "a tie with a bound")
    1.0
    """
    p = rng.choice(PERCENTAGES)
    return 1.0 if name == BOUND_TIE_NAME else p


BOUND_TIE_NAME: Final = "a tie with a bound"
"""``BOUND_TIE``'s name among ``trees``."""


def trees(rng: random.Random, count: int) -> list[tuple[str, Json, int]]:
    """(name, game expression, depth): the handout trees, ``BOUND_TIE``, ``count`` random ones.

    The random ones have depth 1-4.

    >>> [name for name, _, _ in trees(random.Random(0), 1)][:2]
    ['HandoutSmall', 'HandoutBig']
    """
    out: list[tuple[str, Json, int]] = [
        ("HandoutSmall", HANDOUT_SMALL, 2), ("HandoutBig", HANDOUT_BIG, 4),
        (BOUND_TIE_NAME, explicit_game(BOUND_TIE), 3),
    ]
    for i in range(count):
        d = rng.randint(1, 4)
        tree = random_tree(rng, d, (1, 4) if d <= 3 else (1, 3), (-3, 3) if i % 2 else (-9, 9))
        out.append((f"random tree #{i} (depth {d})", explicit_game(tree), d))
    return out


def ref_value(hw: str, expr: Json) -> Any:
    """``expr`` evaluated on the reference solutions of ``hw``, silently (to build cases)."""
    from sml150.grading._reference import reference_env
    from sml150.grading._worker import evaluate

    with contextlib.redirect_stdout(io.StringIO()):
        return evaluate(expr, reference_env(hw))


def best_moves(hw: str, player: Json, state: Json, depth: int, window: Json) -> list[Json]:
    """The moves a correct ``search``/``F``/``G``/``next_move`` may return at ``state``.

    ``player`` is an ``AlphaBeta`` or a ``Jamboree`` (an ``AlphaBeta`` searches every move
    sequentially). The handouts fix no tie-break ("The best possible move is whatever m_i gives
    rise to this value v"), so where the node's value v is exact (inside the window) any move of
    the sequential part whose own minimax value is v may be returned, and any move of the
    parallel part whose value, searched as the handout says (with the bound reached), ties with
    v: those are searched independently with one window, so any max/min of them is right (the
    course's own ``bestMaxEdge`` keeps the later one). A sequential child searched with the
    bound already at v and returning v has only proved a bound, not v: choosing it is a real bug
    (it plays a losing move in Tic-Tac-Toe). HW11 leaves the value of a pruned child open
    beyond the bound ("Otherwise, AB = M M" only), so a parallel child pruned at the bound
    reached may tie with it. At a cut, the move of the child that cut; when the node fails low
    (HW10), any move whose value as searched is the one returned.

    >>> from sml150.grading._exprs import explicit_game
    >>> g = explicit_game(["N", "r", [["E", "a", 1], ["E", "b", 2], ["E", "c", 2]]])
    >>> best_moves("hw10", player_expr("jamboree", g, 1, 0.0), get(g, "start"), 1,
    ...            full_window("hw10", None))
    [1, 2]
    >>> best_moves("hw10", player_expr("alphabeta", g, 1, None), get(g, "start"), 1,
    ...            full_window("hw10", None))
    [1, 2]
    """
    from sml150.grading._worker import encode
    from sml150.lib.signatures import Maxie

    j, s, ab = ref_value(hw, player), ref_value(hw, state), ref_value(hw, window)
    with contextlib.redirect_stdout(io.StringIO()):
        g = j.Game
        maximize = g.player(s) is Maxie
        if hasattr(j, "split_moves"):
            abmoves, mmmoves = j.split_moves(s)
        else:
            abmoves, mmmoves = g.moves(s), ()
        find = _best_moves_hw10 if hw == "hw10" else _best_moves_hw11
        return [encode(m) for m in find(j, g, s, depth=depth, ab=ab, maximize=maximize,
                                        abmoves=list(abmoves), mmmoves=list(mmmoves))]


def _best_moves_hw10(j: Any, g: Any, s: Any, *, depth: int, ab: Any, maximize: bool,
                     abmoves: list[Any], mmmoves: list[Any]) -> list[Any]:
    """HW10: values are fail-soft as the handout fixes them ("it returns v_i")."""
    from sml150.handouts.hw10.alphabeta import NEGINF, POSINF, Bound, OrderAB, compare_ab

    alpha, beta = ab
    seq: list[tuple[Any, Any]] = []
    for m in abmoves:
        v = j.evaluate(depth - 1, (alpha, beta), g.make_move(s, m))
        seq.append((m, v))
        order = compare_ab((alpha, beta), v)
        if order is (OrderAB.ABOVE if maximize else OrderAB.BELOW):
            return [m]
        if order is OrderAB.INTERIOR:
            alpha, beta = (Bound(v), beta) if maximize else (alpha, Bound(v))
    par = [(m, j.evaluate(depth - 1, (alpha, beta), g.make_move(s, m))) for m in mmmoves]
    top = (max if maximize else min)(v for _, v in seq + par)
    if compare_ab(ab, top) is not OrderAB.INTERIOR:  # failed low: the values are bounds
        return [m for m, v in seq + par if v == top]

    def exact(m: Any) -> Any:
        return j.evaluate(depth - 1, (NEGINF(), POSINF()), g.make_move(s, m))

    return [m for m, v in seq if v == top and exact(m) == top] + [m for m, v in par if v == top]


def _best_moves_hw11(j: Any, g: Any, s: Any, *, depth: int, ab: Any, maximize: bool,
                     abmoves: list[Any], mmmoves: list[Any]) -> list[Any]:
    """HW11: a parallel child pruned at the bound reached may return any value to the bound."""
    from sml150.handouts.hw11.alphabeta import Step, is_cut, maxalpha, minbeta, value_of
    from sml150.lib.signatures import Maxie

    alpha, beta = ab
    better = maxalpha if maximize else minbeta

    def search(c: Any, window: Any) -> Any:
        f = j.F if g.player(c) is Maxie else j.G
        return value_of(f(depth - 1, c, window))

    seq: list[tuple[Any, Any]] = []
    for m in abmoves:
        step = Step(m, search(g.make_move(s, m), (alpha, beta)))
        seq.append((m, step.est))
        if maximize:
            alpha = better(alpha, step)
        else:
            beta = better(beta, step)
        if is_cut(g.player(s), (alpha, beta)):
            return [m]
    reached = value_of(alpha if maximize else beta)
    par = [(m, search(g.make_move(s, m), (alpha, beta))) for m in mmmoves]
    top = (max if maximize else min)([reached, *(v for _, v in seq + par)])

    def pruned(v: Any) -> bool:
        return bool(v <= reached) if maximize else bool(v >= reached)

    full = (j.initial_ab if hasattr(j, "initial_ab") else ab)
    return ([m for m, _ in seq if search(g.make_move(s, m), full) == top]
            + [m for m, v in par if v == top or (pruned(v) and reached == top)])


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
    """``next_move`` from the root of handout and random trees.

    The move may be any best move (``best_moves``); the leaves estimated are compared in order
    for ``AlphaBeta`` and as a multiset for ``Jamboree``, whose parallel part may evaluate its
    children in any order.

    >>> len(next_move_cases(random.Random(0), False, "jamboree"))
    9
    """
    from sml150.grading._quotes import QUOTES

    quote = QUOTES[hw]["next_move" if which == "alphabeta" else "jamboree_next_move"]
    out = []
    for name, game, d in trees(rng, 6):
        p = percentage(rng, name) if which == "jamboree" else None
        tag = f", p={p}" if p is not None else ""
        searcher = player_expr(which, game, d, p)
        expr = call(get(searcher, "next_move"), get(game, "start"))
        moves = best_moves(hw, searcher, get(game, "start"), d, full_window(hw, searcher))
        kind = ", a tie" if len(moves) > 1 else ""
        out.append(Case(f"next_move {name}{tag}{kind}", (expr,), "eq_leaves_tie",
                        arg={"moves": moves, "leaves": leaves_rule(which)}, quote=quote))
    return named(out, hidden)


def leaves_rule(which: str) -> str:
    """How the ``Estimating state`` lines are compared: ``"order"`` or ``"multiset"``.

    The handouts fix AlphaBeta's order ("from left to right"); Jamboree's parallel part runs
    "in parallel", so its children's leaves may come in any order.

    >>> leaves_rule("alphabeta"), leaves_rule("jamboree")
    ('order', 'multiset')
    """
    return "order" if which == "alphabeta" else "multiset"


def split_cases(rng: random.Random, hidden: bool, count: int, hw: str = "hw10") -> list[Case]:
    """Jamboree's ``split_moves`` on ``count`` roots of 1-9 moves and assorted percentages.

    >>> len(split_cases(random.Random(0), False, 3))
    3
    """
    from sml150.grading._quotes import QUOTES

    out = []
    for i in range(count):
        k = rng.randint(1, 9)
        tree = ["N", "r", [["E", f"c{j}", j] for j in range(k)]]
        p = rng.choice((0.0, 0.1, 0.2, 0.25, 0.3, 0.5, 0.6, 0.7, 0.75, 0.9, 1.0))
        game = explicit_game(tree)
        out.append(Case(f"split_moves, {k} moves, p={p} (#{i})",
                        (call(get(player_expr("jamboree", game, 1, p), "split_moves"),
                              get(game, "start")),), quote=QUOTES[hw]["split_moves"]))
    return named(out, hidden)
