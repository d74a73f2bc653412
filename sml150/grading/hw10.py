"""HW10's tasks, points and tests (Tic-Tac-Toe, look-and-say, AlphaBeta, Jamboree).

Public cases come from the seed ``1000 + k``, hidden ones from ``5000 + k``, so every run builds
the same tests and the hidden ones are never in a student's hands. Searches run on explicit
trees (random shapes, many ties, handout trees) and are checked for the value *and* the order
of the leaves estimated (the ``Estimating state ...`` lines). Task 5.6 plays a deterministic
match against the handout's baseline estimator, and checks that ``estimate`` never calls
``make_move``.

(About 540 lines, over the house's 400: one homework's whole task list and case generators,
kept beside the handout's task numbers they follow.)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final

import attrs
from returns.maybe import Maybe

from sml150.grading._cases import (
    BOUND_TIE_NAME,
    best_moves,
    full_window,
    leaves_rule,
    named,
    next_move_cases,
    percentage,
    player_expr,
    seeded,
    split_cases,
    trees,
)
from sml150.grading._checks import STATE_CREATED
from sml150.grading._exprs import (
    EST,
    call,
    child_state,
    fn,
    get,
    lib,
    lit,
    mod,
    seq,
    to_expr,
    tup,
)
from sml150.grading._homework import Homework
from sml150.grading._match import EstimateMatch
from sml150.grading._model import Case, TaskSpec, TestOutcome
from sml150.grading._mutants import AstMutant
from sml150.grading._quotes import HW10 as Q
from sml150.grading._secret import hidden_seed
from sml150.grading._starter import ModuleSpec, quoted_docs

__all__ = ["HOMEWORK", "HW10_MUTANTS", "MODULES", "TASKS"]

Json = Any

MODULES: Final = (
    ModuleSpec("tictactoe", stubs=tuple(f"_TicTacToe.{n}" for n in (
        "start", "is_valid_move", "make_move", "moves", "status", "estimate")),
        brief=("lines_estimator",), docs=quoted_docs(Q,
            ("_TicTacToe.start", "Task 5.1", ("start", "board_size")),
            ("_TicTacToe.is_valid_move", "Task 5.2", ("is_valid_move", "only_their_entry")),
            ("_TicTacToe.make_move", "Task 5.3", ("make_move",)),
            ("_TicTacToe.moves", "Task 5.4", ("moves",)),
            ("_TicTacToe.status", "Task 5.5", ("status", "win", "full_board")),
            ("_TicTacToe.estimate", "Task 5.6", (
                "estimate_beats", "estimate_all_states", "estimate_no_state",
                "estimate_stateless", "estimate_zero")))),
    ModuleSpec("las", stubs=("look_and_say", "las_wrap"), docs=quoted_docs(Q,
        ("look_and_say", "Task 5.7", ("look_and_say",)),
        ("las_wrap", "Task 5.8", ("las_wrap",)))),
    ModuleSpec("alphabeta", stubs=("compare_ab", *(f"_AlphaBeta.{n}" for n in (
        "search", "maxisearch", "minisearch", "evaluate", "analyze", "next_move"))),
        docs=quoted_docs(
            Q,
            ("compare_ab", "Task 6.1", ("compare_ab",)),
            ("_AlphaBeta.search", "Task 6.2", ("search", "cut", "best_move", "estimating")),
            ("_AlphaBeta.evaluate", "Task 6.3", ("evaluate", "evaluate_leaf", "cut")),
            ("_AlphaBeta.next_move", "Task 6.4", ("next_move", "next_move_search")))),
    ModuleSpec("jamboree", stubs=tuple(f"_Jamboree.{n}" for n in (
        "split_moves", "search", "maxisearch", "minisearch", "evaluate", "analyze",
        "next_move")), docs=quoted_docs(Q,
            ("_Jamboree.split_moves", "Task 7.2", ("split_moves",)),
            ("_Jamboree.search", "Task 7.3", ("jamboree", "jamboree_spec", "search",
                                               "best_move")),
            ("_Jamboree.evaluate", "Task 7.3", ("jamboree", "jamboree_spec", "evaluate")),
            ("_Jamboree.next_move", "Task 7.4", ("jamboree_next_move", "next_move")))),
)
"""The homework's modules and what their starter files leave out."""

TTT = "tictactoe"


def _ttt(n: int) -> Json:
    return call(get(mod(TTT), "TicTacToe"), call(get(mod(TTT), "TTTConsts"), lit(n)))


@functools.cache
def _ref_ttt(n: int, draw: bool = False) -> Any:
    from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts

    return TicTacToe(TTTConsts(n, full_board_draw=draw))


def _in_play(n: int, s: Any) -> bool:
    from sml150.lib.signatures import In_play

    return isinstance(_ref_ttt(n).status(s), In_play)


def _states(rng: random.Random, sizes: tuple[int, ...], count: int,
            finished: bool = True, only_finished: bool = False) -> list[tuple[int, Any]]:
    """Random legal states (random playouts).

    Some are finished when ``finished``, all are when ``only_finished``.
    """
    out: list[tuple[int, Any]] = []
    while len(out) < count:
        n = rng.choice(sizes)
        g = _ref_ttt(n)
        s = g.start
        k = rng.randint(0, n * n) if not only_finished else n * n
        for _ in range(k):
            if not _in_play(n, s):
                break
            s = g.make_move(s, rng.choice(list(g.moves(s))))
        live = _in_play(n, s)
        if (only_finished and not live) or (not only_finished and (finished or live)):
            out.append((n, s))
    return out


_CRAFTED: Final = [
    ["OOO", "XX.", "..."], ["XO.", "XO.", "X.O"], ["O.X", ".OX", "..O"], ["XXO", ".O.", "O.."],
    ["OXO", "OXX", "XOO"], ["OXO", "XOX", "XOO"], ["XOX", "OOX", "OXO"], ["O..", ".X.", "..."],
    ["OX", "O."], ["O.", "X."], ["OXOX", "XOXO", "O.X.", "...."], ["O"],
    ["OOXX", "XXOO", "OOXX", "XXOO"], ["XXXX", "OOO.", "O...", "...."], ["..", ".."], ["."],
    ["O.X", "OX.", "..."], ["OX.", "O..", "X.."],
]
"""Boards by rows (``.`` empty): wins on every kind of line, full boards, 1×1 and 2×2 ones."""


def _crafted(live: bool | None = None) -> list[tuple[int, Any]]:
    """The crafted states; only those In_play (``live``) or finished (``not live``) if given."""
    out = []
    for rows in _CRAFTED:
        n = len(rows)
        s = _ref_ttt(n).data_to_start_state(rows)
        if live is None or _in_play(n, s) == live:
            out.append((n, s))
    return out


def _tile(t: Any) -> str:
    if isinstance(t, Maybe):
        t = t.value_or(None)
    return "." if t is None else str(t.value)


def _rows(s: Any) -> list[str]:
    return ["".join(_tile(t) for t in row) for row in s.board]


def _show_state(s: Any) -> str:
    return "/".join(_rows(s))


def _sx(n: int, s: Any) -> Json:
    """A state as an expression: the given ``data_to_start_state`` of its rows.

    (Compact, and what the student reads in a failed test.)
    """
    return call(get(_ttt(n), "data_to_start_state"), lit(_rows(s)))


# -- Tic-Tac-Toe -------------------------------------------------------------------------------
# Only what the handout states is tested (each case quotes it): moves, is_valid_move and
# make_move only on boards In_play, make_move only with valid moves ("assuming the move is
# valid"), moves in any order (the handout fixes none), and estimate by its match against the
# baseline (finished boards must only give an estimate: the handout says it "should work").


def _start_cases(rng: random.Random, hidden: bool) -> list[Case]:
    sizes = [1, 2, 3, 4] if not hidden else [5, 6, 7, rng.randint(8, 10)]
    return named([Case(f"start on a {n}x{n} board", (get(_ttt(n), "start"),), quote=Q["start"])
                  for n in sizes], hidden)


def _valid_cases(rng: random.Random, hidden: bool) -> list[Case]:
    from sml150.handouts.hw10.tictactoe import O, X

    out = []
    for i, (n, s) in enumerate(_states(rng, (1, 2, 3, 4), 12, finished=False)):
        r, c = rng.randrange(n), rng.randrange(n)
        e = rng.choice([O, X])
        if i % 4 == 1:
            r = rng.choice([-1, n])  # off the board: the row
        elif i % 4 == 3:
            c = rng.choice([-1, n])  # off the board: the column
        m = (e, (r, c))
        quote = Q["is_valid_move"] if (r, c) != (r % n, c % n) else Q["only_their_entry"]
        out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                        (call(get(_ttt(n), "is_valid_move"), _sx(n, s), to_expr(m)),),
                        quote=quote))
    crafted = _crafted(live=True)
    for n, s in crafted[:3] if not hidden else crafted[3:]:
        g = _ref_ttt(n)
        e = O if g.player(s).name == "Maxie" else X
        for r, c in [(0, 0), (n - 1, n - 1), (0, n - 1)]:
            m = (e, (r, c))
            out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                            (call(get(_ttt(n), "is_valid_move"), _sx(n, s), to_expr(m)),),
                            quote=Q["only_their_entry"]))
    return named(out, hidden)


def _make_move_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = []
    for n, s in _states(rng, (1, 2, 3, 4, 5), 15, finished=False):
        g = _ref_ttt(n)
        m = rng.choice(list(g.moves(s)))
        out.append(Case(f"make_move {_show_state(s)} {m[0].value}@{m[1]}",
                        (call(get(_ttt(n), "make_move"), _sx(n, s), to_expr(m)),),
                        quote=Q["make_move"]))
    return named(out, hidden)


def _moves_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _states(rng, (1, 2, 3, 4), 12, finished=False) + _crafted(live=True)
    return named([Case(f"moves {_show_state(s)} (any order)",
                       (call(get(_ttt(n), "moves"), _sx(n, s)),), "eq_unordered",
                       quote=Q["moves"])
                  for n, s in states], hidden)


def _status_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _crafted() + _states(rng, (1, 2, 3, 4), 8)
    if hidden:
        states = states[4:]
    return named([Case(f"status {_show_state(s)}", (call(get(_ttt(n), "status"), _sx(n, s)),),
                       quote=Q["status"])
                  for n, s in states], hidden)


MATCH_SIZE: Final = 4
"""The match board (4×4: on 3×3 even a constant estimate beats the baseline)."""
MATCH_DEPTH: Final = 1
"""Both players are ``MiniMax`` at this depth; only the estimators differ."""
HIDDEN_OPENINGS: Final = 20
"""Two-move openings drawn for the hidden match."""


def _baseline(s: Any) -> Any:
    from sml150.handouts.hw10.tictactoe import baseline_estimator
    from sml150.lib.est import Guess

    return Guess(baseline_estimator(s, False))


def _openings(hidden: bool) -> tuple[tuple[Any, ...], ...]:
    """Public: no opening and every first move (17); hidden: ``HIDDEN_OPENINGS`` two-move ones."""
    g = _ref_ttt(MATCH_SIZE)
    firsts = list(g.moves(g.start))
    if not hidden:
        return ((), *((m,) for m in firsts))
    pairs = [(a, b) for a in firsts for b in g.moves(g.make_move(g.start, a))]
    return tuple(random.Random(hidden_seed(1006)).sample(pairs, HIDDEN_OPENINGS))


def estimate_match(hidden: bool) -> EstimateMatch:
    """Task 5.6's match: strictly more points than the baseline (a margin of one game).

    Under the handout's rule (a full board is Minnie's), on a 4×4 board, both players
    ``MiniMax`` at depth 1. The baseline against itself scores exactly half, so it fails:

    >>> m = estimate_match(False)
    >>> m.games, m.passes(*m.score(_baseline))
    (34, False)
    """
    est = get(_ttt(MATCH_SIZE), "estimate")
    return EstimateMatch(_ref_ttt(MATCH_SIZE), _baseline,
                         lambda s: call(est, _sx(MATCH_SIZE, s)), _openings(hidden),
                         MATCH_DEPTH, strict=True)


def _estimate_cases(rng: random.Random, hidden: bool) -> list[Case]:
    m = estimate_match(hidden)
    out = [Case(f"match vs the baseline estimator, {MATCH_SIZE}x{MATCH_SIZE}, MiniMax depth "
                f"{MATCH_DEPTH}, {m.games} games (the handout's rule): strictly better",
                driver=m.driver(), timeout=30.0, quote=Q["estimate_beats"])]
    live = _states(rng, (1, 2, 3, 4), 4 if not hidden else 3, finished=False)
    for n, s in live:
        e = call(get(_ttt(n), "estimate"), _sx(n, s))
        out.append(Case(f"estimate returns an estimate, the same twice: {_show_state(s)}",
                        (e, e), "valid_est", arg="same", quote=Q["estimate_stateless"]))
    done = _crafted(live=False)
    done = (done[:3] if not hidden else done[3:6]) + _states(rng, (2, 3, 4), 2,
                                                             only_finished=True)
    for n, s in done:
        out.append(Case(f"estimate of a finished board returns an estimate: {_show_state(s)}",
                        (call(get(_ttt(n), "estimate"), _sx(n, s)),), "valid_est",
                        quote=Q["estimate_all_states"]))
    for n, s in live[:2]:
        g = _ttt(n)
        out.append(Case(f"estimate creates no state (make_move not called): {_show_state(s)}",
                        (["spy", g, "make_move", call(get(g, "estimate"), _sx(n, s))],),
                        "spy_none", quote=Q["estimate_no_state"]))
        out.append(Case(f"estimate creates no state (no TTTState built): {_show_state(s)}",
                        (["spy", _sx(n, s), "__init__", call(get(g, "estimate"), _sx(n, s))],),
                        "spy_max", quote=Q["estimate_no_state"]))
    return named(out, hidden)


def gate_on_match(outcomes: list[TestOutcome]) -> list[TestOutcome]:
    """Task 5.6 as the handout scores it.

    Full credit "as long as" the estimate beats the baseline, and "an automatic 0" when it
    creates a state. So no test of ``estimate`` counts while its match (public or hidden)
    fails, and none counts when a "creates no state" test saw a state created
    (``STATE_CREATED``). A "creates no state" test whose call raised (a game that cannot be
    made at that size, an estimate that crashes) fails alone: it shows no state created, and the
    handout's 0 is for breaking its rules, not for a crash, which every test of it already loses.

    >>> ok, bad = TestOutcome("match vs x", True, "", False), TestOutcome("y", True, "", False)
    >>> [o.passed for o in gate_on_match([TestOutcome("match vs x", False, "", False), bad])]
    [False, False]
    >>> [o.passed for o in gate_on_match([ok, bad])]
    [True, True]
    >>> made = TestOutcome("estimate creates no state (x)", False, "built 1", False,
    ...                    detail=STATE_CREATED)
    >>> crashed = TestOutcome("estimate creates no state (y)", False, "raised Bind", False)
    >>> [o.passed for o in gate_on_match([ok, made, bad])]
    [False, False, False]
    >>> [o.passed for o in gate_on_match([ok, crashed, bad])]
    [True, False, True]
    """
    matches = [o for o in outcomes if o.name.startswith("match vs")]
    created = any(not o.passed and o.detail == STATE_CREATED
                  for o in outcomes if "creates no state" in o.name)
    if all(o.passed for o in matches) and not created:
        return outcomes
    why = ("your estimate must beat the baseline first" if not all(o.passed for o in matches)
           else "estimate created a state: an automatic 0 for this task")
    return [o if not o.passed else attrs.evolve(o, passed=False, reason=why) for o in outcomes]


# -- look and say ----------------------------------------------------------------------------


def _las_inputs(rng: random.Random, wrap: bool) -> list[tuple[str, list[Any]]]:
    out: list[tuple[str, list[Any]]] = [("eq", []), ("eq", [7]), ("eq", [1, 1]),
                                        ("eq", [1, 2, 1]), ("eq", [2, 2, 2, 2])]
    if wrap:
        out += [("eq", [1, 2, 2, 1]), ("eq", [1, 2, 1, 2]), ("eq", [3, 3, 1, 3])]
    for _ in range(8):
        k = rng.randint(2, 14)
        name = rng.choice(["eq", "eq", "eq_mod3"])
        items = [rng.randint(0, 2 if name == "eq" else 8) for _ in range(k)]
        out.append((name, items))
    out.append(("eq_ci", ["hi", "HI", "bye", "Bye", "hi"]))
    return out


def las_runs(eq: str, items: list[Any], wrap: bool) -> list[list[Any]]:
    """The runs of ``items`` under the helper equality ``eq``, each as its elements in order.

    With ``wrap`` the sequence is a cycle: a run through the end and the start is one run, at
    the front ("you should put this run at the *front*").

    >>> las_runs("eq", [1, 2, 2, 1], True)
    [[1, 1], [2, 2]]
    >>> las_runs("eq_mod3", [1, 4, 2], False)
    [[1, 4], [2]]
    """
    from sml150.grading._worker import _fn

    same = _fn(eq)
    runs: list[list[Any]] = []
    for x in items:
        if runs and same(runs[-1][-1], x):
            runs[-1].append(x)
        else:
            runs.append([x])
    if wrap and len(runs) > 1 and same(runs[-1][-1], runs[0][0]):
        runs = [runs[-1] + runs[0], *runs[1:-1]]
    return runs


def _las_cases(rng: random.Random, hidden: bool, which: str) -> list[Case]:
    out = []
    for eq, items in _las_inputs(rng, which == "las_wrap"):
        exprs = seq(*(lit(x) for x in items))
        runs = las_runs(eq, items, which == "las_wrap")
        looser = ", a looser equality" if any(len(set(r)) > 1 for r in runs) else ""
        out.append(Case(f"{which} {eq} <{','.join(map(str, items))}>{looser}",
                        (call(get(mod("las"), which), fn(eq), exprs),), "las",
                        arg={"runs": runs}, quote=Q[which]))
    return named(out, hidden)


# -- alpha-beta and Jamboree -----------------------------------------------------------------


def _bounds(rng: random.Random, mod_name: str = "alphabeta") -> Json:
    """A random window ``(alpha, beta)`` with alpha < beta, as an expression."""
    m = mod(mod_name)
    kind = rng.choice(["full", "full", "low", "high", "both"])
    a, b = sorted(rng.sample(range(-5, 6), 2))

    def bound(v: int) -> Json:
        return call(get(m, "Bound"), call(get(lib(EST), "Guess"), lit(v)))

    alpha = bound(a) if kind in ("low", "both") else call(get(m, "NEGINF"))
    beta = bound(b) if kind in ("high", "both") else call(get(m, "POSINF"))
    return tup(alpha, beta)


def _describe_window(w: Json) -> str:
    def one(b: Json) -> str:
        if b[1][2] == "Bound":
            return str(b[2][2][1])
        return "-inf" if b[1][2] == "NEGINF" else "+inf"

    return f"({one(w[1])}, {one(w[2])})"


def _search_cases(rng: random.Random, hidden: bool, which: str, fn_name: str) -> list[Case]:
    """``search``/``evaluate``, inside REQUIRES only.

    Depth > 0 for ``search`` ("assuming search depth `d` > 0"), >= 0 for ``evaluate``, windows
    with alpha < beta, each player's own states. The move may be any best move
    (``best_moves``); leaves in order for AlphaBeta, as a multiset for Jamboree
    (``leaves_rule``).
    """
    out = []
    leaves = leaves_rule(which)
    for i, (name, game, d) in enumerate(trees(rng, 10)):
        p = (1.0 if i % 4 == 3 else percentage(rng, name)) if which == "jamboree" else None
        player = player_expr(which, game, d, p)
        for path_len in (0, 1):
            if fn_name == "search" and d - path_len < 1:
                continue
            path = [0] * path_len
            w = _bounds(rng)
            if name == BOUND_TIE_NAME:  # its ties with a bound need the value inside
                w = full_window("hw10", player)
            depth = d - path_len
            if fn_name == "evaluate" and path_len == 1 and rng.random() < 0.3:
                path, depth = [0] * d, 0  # a leaf: evaluate 0 estimates it
            state = child_state(game, path)
            tag = f", p={p}" if p is not None else ""
            where = "root (Maxie)" if not path else f"child {path} ({_side(len(path))})"
            title = (f"{fn_name} {name}{tag}, {where}, d={depth}, window "
                     f"{_describe_window(w)}")
            expr = call(get(player, fn_name), lit(depth), w, state)
            if which == "jamboree":
                quote = Q["jamboree"]
            else:
                quote = Q["search"] if fn_name == "search" else (
                    Q["evaluate_leaf"] if depth == 0 else Q["evaluate"])
            if fn_name == "search":
                moves = best_moves("hw10", player, state, depth, w)
                kind = ", a tie" if len(moves) > 1 else ""
                out.append(Case(title + kind, (expr,), "eq_leaves_tie",
                                arg={"moves": moves, "leaves": leaves}, quote=quote))
            else:
                out.append(Case(title, (expr,), "eq_leaves", arg={"leaves": leaves},
                                quote=quote))
    return named(out, hidden)


def _side(plies: int) -> str:
    return "Maxie" if plies % 2 == 0 else "Minnie"


def _compare_cases(rng: random.Random, hidden: bool) -> list[Case]:
    m = mod("alphabeta")
    values: list[Json] = [call(get(lib(EST), "MinnieWins")), call(get(lib(EST), "MaxieWins"))]
    values += [call(get(lib(EST), "Guess"), lit(v)) for v in (-2, 0, 3)]
    out = []
    for _ in range(14):
        w = _bounds(rng)
        alpha, beta = w[1], w[2]
        r = rng.random()
        if r < 0.3 and alpha[1][2] == "Bound":
            v = alpha[2]  # equal to alpha: a tie, BELOW
        elif r < 0.6 and beta[1][2] == "Bound":
            v = beta[2]  # equal to beta: a tie, ABOVE
        else:
            v = rng.choice(values)
        shown = v[1][2] + (f" {v[2][1]}" if len(v) > 2 else "")
        out.append(Case(f"compare_ab {_describe_window(w)} {shown}",
                        (call(get(m, "compare_ab"), w, v),), quote=Q["compare_ab"]))
    return named(out, hidden)


_cases = seeded


TASKS: Final = (
    TaskSpec("5.1", "TicTacToe start", 4, _cases(_start_cases, 1)),
    TaskSpec("5.2", "TicTacToe is_valid_move", 7, _cases(_valid_cases, 2)),
    TaskSpec("5.3", "TicTacToe make_move", 8, _cases(_make_move_cases, 3)),
    TaskSpec("5.4", "TicTacToe moves", 8, _cases(_moves_cases, 4)),
    TaskSpec("5.5", "TicTacToe status", 8, _cases(_status_cases, 5)),
    TaskSpec("5.6", "TicTacToe estimate", 16, _cases(_estimate_cases, 6),
             combine=gate_on_match),
    TaskSpec("5.7", "look_and_say", 10,
             _cases(lambda r, h: _las_cases(r, h, "look_and_say"), 7)),
    TaskSpec("5.8", "las_wrap", 10, _cases(lambda r, h: _las_cases(r, h, "las_wrap"), 8)),
    TaskSpec("6.1", "AlphaBeta compare_ab", 8, _cases(_compare_cases, 9)),
    TaskSpec("6.2", "AlphaBeta search", 18,
             _cases(lambda r, h: _search_cases(r, h, "alphabeta", "search"), 10)),
    TaskSpec("6.3", "AlphaBeta evaluate", 18,
             _cases(lambda r, h: _search_cases(r, h, "alphabeta", "evaluate"), 11)),
    TaskSpec("6.4", "AlphaBeta next_move", 4,
             _cases(lambda r, h: next_move_cases(r, h, "alphabeta"), 12)),
    TaskSpec("7.2", "Jamboree split_moves", 5, _cases(lambda r, h: split_cases(r, h, 10), 13)),
    TaskSpec("7.3", "Jamboree search and evaluate", 25, _cases(
        lambda r, h: (_search_cases(r, h, "jamboree", "search")
                      + _search_cases(r, h, "jamboree", "evaluate")), 14)),
    TaskSpec("7.4", "Jamboree next_move", 1,
             _cases(lambda r, h: next_move_cases(r, h, "jamboree"), 15)),
)
"""HW10's autograded tasks in handout order, with the handout's points."""


HW10_MUTANTS: Final = (
    AstMutant("hw10", "las", "look_and_say", "const", 10, "look_and_say: counts from 0",
              {"5.7", "5.8"}),
    AstMutant("hw10", "las", "las_wrap", "binop", 0, "las_wrap: subtracts the wrapped counts",
              {"5.8"}),
    AstMutant("hw10", "alphabeta", "compare_ab", "cmp", 0, "compare_ab: a tie with alpha is "
              "INTERIOR", {"6.1", "6.2", "6.3", "6.4", "7.3", "7.4"}),
    AstMutant("hw10", "alphabeta", "_AlphaBeta._side", "cmp", 1,
              "AlphaBeta: Maxie's ties go to the later move, bounds included", {"6.2", "6.4"}),
    AstMutant("hw10", "jamboree", "_Jamboree.split_moves", "binop", 0,
              "Jamboree: split at p // n", {"7.2", "7.3", "7.4"}),
    AstMutant("hw10", "tictactoe", "_status", "cmp", 1, "TicTacToe: a line of O's is Minnie's",
              {"5.5"}),
)
"""HW10's mutants, each with the tasks it must lose points on."""


HOMEWORK: Final = Homework("hw10", MODULES, TASKS, mutants=HW10_MUTANTS)
"""HW10 as the grader knows it."""
