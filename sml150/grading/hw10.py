"""HW10's tasks, points and tests (Tic-Tac-Toe, look-and-say, AlphaBeta, Jamboree).

Public cases come from the seed ``1000 + k``, hidden ones from ``5000 + k``, so every run builds
the same tests and the hidden ones are never in a student's hands. Searches run on explicit
trees (random shapes, many ties, handout trees) and are checked for the value *and* the order
of the leaves estimated (the ``Estimating state ...`` lines). Task 5.6 plays a deterministic
match against the handout's baseline estimator, and checks that ``estimate`` never calls
``make_move``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from sml150.grading._cases import (
    PERCENTAGES,
    named,
    next_move_cases,
    player_expr,
    seeded,
    split_cases,
    trees,
)
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
from sml150.grading._model import Call, Case, Reply, TaskSpec, Verdict
from sml150.grading._starter import ModuleSpec

__all__ = ["MODULES", "TASKS"]

Json = Any

MODULES: Final = (
    ModuleSpec("tictactoe", stubs=tuple(f"_TicTacToe.{n}" for n in (
        "start", "is_valid_move", "make_move", "moves", "status", "estimate")),
        brief=("lines_estimator",)),
    ModuleSpec("las", stubs=("look_and_say", "las_wrap")),
    ModuleSpec("alphabeta", stubs=("compare_ab", *(f"_AlphaBeta.{n}" for n in (
        "search", "maxisearch", "minisearch", "evaluate", "analyze", "next_move")))),
    ModuleSpec("jamboree", stubs=tuple(f"_Jamboree.{n}" for n in (
        "split_moves", "search", "maxisearch", "minisearch", "evaluate", "analyze",
        "next_move"))),
)
"""The homework's modules and what their starter files leave out."""

TTT = "tictactoe"


def _ttt(n: int) -> Json:
    return call(get(mod(TTT), "TicTacToe"), call(get(mod(TTT), "TTTConsts"), lit(n)))


def _ref_ttt(n: int, draw: bool = False) -> Any:
    from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts

    return TicTacToe(TTTConsts(n, full_board_draw=draw))


def _states(rng: random.Random, sizes: tuple[int, ...], count: int,
            finished: bool = True) -> list[tuple[int, Any]]:
    """Random legal states (random playouts), some finished when ``finished``."""
    from sml150.lib.signatures import In_play

    out: list[tuple[int, Any]] = []
    while len(out) < count:
        n = rng.choice(sizes)
        g = _ref_ttt(n)
        s = g.start
        k = rng.randint(0, n * n)
        for _ in range(k):
            if not isinstance(g.status(s), In_play):
                break
            s = g.make_move(s, rng.choice(list(g.moves(s))))
        if finished or isinstance(g.status(s), In_play):
            out.append((n, s))
    return out


_CRAFTED: Final = [
    ["OOO", "XX.", "..."], ["XO.", "XO.", "X.O"], ["O.X", ".OX", "..O"], ["XXO", ".O.", "O.."],
    ["OXO", "OXX", "XOO"], ["OXO", "XOX", "XOO"], ["XOX", "OOX", "OXO"], ["O..", ".X.", "..."],
    ["OX", "O."], ["O.", "X."], ["OXOX", "XOXO", "O.X.", "...."], ["O"],
    ["OOXX", "XXOO", "OOXX", "XXOO"], ["XXXX", "OOO.", "O...", "...."],
]


def _crafted() -> list[tuple[int, Any]]:
    out = []
    for rows in _CRAFTED:
        n = len(rows)
        out.append((n, _ref_ttt(n).data_to_start_state(rows)))
    return out


def _est_name(e: Any) -> str:
    return type(e).__name__ if not hasattr(e, "n") else f"Guess {e.n}"


def _show_state(s: Any) -> str:
    rows = ["".join("." if t is None else t.value for t in row) for row in s.board]
    return "/".join(rows)



# -- Tic-Tac-Toe -------------------------------------------------------------------------------


def _start_cases(rng: random.Random, hidden: bool) -> list[Case]:
    sizes = [1, 2, 3, 4] if not hidden else [5, 6, 7, rng.randint(8, 10)]
    return named([Case(f"start on a {n}x{n} board", (get(_ttt(n), "start"),))
                   for n in sizes], hidden)


def _valid_cases(rng: random.Random, hidden: bool) -> list[Case]:
    from sml150.handouts.hw10.tictactoe import O, X

    out = []
    for n, s in _states(rng, (2, 3, 4), 10):
        r, c = rng.randrange(n), rng.randrange(n)
        e = rng.choice([O, X])
        if rng.random() < 0.2:
            r = rng.choice([-1, n])
        m = (e, (r, c))
        out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                        (call(get(_ttt(n), "is_valid_move"), to_expr(s), to_expr(m)),)))
    for n, s in _crafted()[:4 if not hidden else 14]:
        g = _ref_ttt(n)
        e = O if g.player(s).name == "Maxie" else X
        for r, c in [(0, 0), (n - 1, n - 1)]:
            m = (e, (r, c))
            out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                            (call(get(_ttt(n), "is_valid_move"), to_expr(s), to_expr(m)),)))
    return named(out, hidden)


def _make_move_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = []
    for n, s in _states(rng, (2, 3, 4, 5), 12, finished=False):
        g = _ref_ttt(n)
        m = rng.choice(list(g.moves(s)))
        out.append(Case(f"make_move {_show_state(s)} {m[0].value}@{m[1]}",
                        (call(get(_ttt(n), "make_move"), to_expr(s), to_expr(m)),)))
    return named(out, hidden)


def _moves_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _states(rng, (1, 2, 3, 4), 12) + _crafted()[4:8]
    return named([Case(f"moves {_show_state(s)}", (call(get(_ttt(n), "moves"), to_expr(s)),))
                   for n, s in states], hidden)


def _status_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _crafted() + _states(rng, (3, 4), 8)
    if hidden:
        states = states[4:]
    return named([Case(f"status {_show_state(s)}", (call(get(_ttt(n), "status"), to_expr(s)),))
                   for n, s in states], hidden)


class _StudentFailed(Exception):
    """The submission's estimate failed during a match: the test fails with this reason."""


def _decode_est(v: Json) -> Any:
    from sml150.lib.est import Guess, MaxieWins, MinnieWins

    if isinstance(v, dict):
        match v.get("rec"):
            case "MinnieWins":
                return MinnieWins()
            case "MaxieWins":
                return MaxieWins()
            case "Guess":
                n = v.get("f", {}).get("n")
                if isinstance(n, int) and not isinstance(n, bool):
                    return Guess(n)
    raise _StudentFailed(f"estimate returned a non-estimate: {str(v)[:80]}")


class _EstimatedBy:
    """A game that delegates everything but ``estimate`` of states in play."""

    def __init__(self, game: Any, estimate: Callable[[Any], Any]) -> None:
        self._game = game
        self._estimate = estimate

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def estimate(self, s: Any) -> Any:
        return self._estimate(s)


MATCH_SIZE: Final = 4
MATCH_DEPTH: Final = 1


def _play(opening: list[Any], maxie: Callable[[Any], Any], minnie: Callable[[Any], Any]) -> float:
    """Maxie's points (1 win, 0.5 draw, 0 loss) in one game from ``opening``."""
    from sml150.lib.minimax import MiniMax
    from sml150.lib.signatures import Draw, In_play, Maxie, Settings

    g = _ref_ttt(MATCH_SIZE, draw=True)
    s = g.start
    for m in opening:
        s = g.make_move(s, m)
    players = {
        side: MiniMax(Settings(G=_EstimatedBy(g, f), search_depth=MATCH_DEPTH))
        for side, f in (("Maxie", maxie), ("Minnie", minnie))
    }
    while isinstance(g.status(s), In_play):
        s = g.make_move(s, players[g.player(s).name].next_move(s))
    outcome = g.status(s).outcome
    if isinstance(outcome, Draw):
        return 0.5
    return 1.0 if outcome.player is Maxie else 0.0


def _baseline(s: Any) -> Any:
    from sml150.handouts.hw10.tictactoe import baseline_estimator
    from sml150.lib.est import Guess

    return Guess(baseline_estimator(s, True))


def _student_estimate(call_worker: Call) -> Callable[[Any], Any]:
    cache: dict[Any, Any] = {}

    def estimate(s: Any) -> Any:
        if s not in cache:
            reply: Reply = call_worker(call(get(_ttt(MATCH_SIZE), "estimate"), to_expr(s)))
            if not reply.ok:
                raise _StudentFailed(f"estimate raised {reply.exc}: {reply.msg[:80]}")
            cache[s] = _decode_est(reply.value)
        return cache[s]

    return estimate


def _openings() -> list[list[Any]]:
    g = _ref_ttt(MATCH_SIZE)
    firsts = list(g.moves(g.start))[:8]
    return [[], *([m] for m in firsts)]


def _pair_driver(opening: list[Any]) -> Callable[[Call], Verdict]:
    def driver(call_worker: Call) -> Verdict:
        mine = _student_estimate(call_worker)
        try:
            a = _play(opening, mine, _baseline)
            b = _play(opening, _baseline, mine)
        except _StudentFailed as e:
            return Verdict(False, str(e))
        yours, theirs = a + (1 - b), (1 - a) + b
        verdict = f"your estimate {yours:g} : baseline {theirs:g}"
        return Verdict(yours >= theirs, verdict)

    return driver


def _overall_driver(call_worker: Call) -> Verdict:
    mine = _student_estimate(call_worker)
    yours = theirs = 0.0
    try:
        for opening in _openings():
            a = _play(opening, mine, _baseline)
            b = _play(opening, _baseline, mine)
            yours += a + (1 - b)
            theirs += (1 - a) + b
    except _StudentFailed as e:
        return Verdict(False, str(e))
    return Verdict(yours > theirs, f"whole match: your estimate {yours:g} : baseline {theirs:g}"
                                   " (must be better)")


def _estimate_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = []
    for n, s in _states(rng, (3, 4), 5 if not hidden else 3):
        e = call(get(_ttt(n), "estimate"), to_expr(s))
        out.append(Case(f"estimate returns an estimate, the same twice: {_show_state(s)}",
                        (e, e), "valid_est", arg="same"))
    for n, s in _states(rng, (3, 4), 2, finished=False):
        g = _ttt(n)
        out.append(Case(f"estimate creates no state (make_move not called): {_show_state(s)}",
                        (["spy", g, "make_move", call(get(g, "estimate"), to_expr(s))],),
                        "spy_none"))
    openings = _openings()
    chosen = openings[:4] if not hidden else openings[4:]
    for opening in chosen:
        name = "no opening" if not opening else f"opening {opening[0][0].value}@{opening[0][1]}"
        out.append(Case(f"match vs the baseline estimator, {MATCH_SIZE}x{MATCH_SIZE}, depth "
                        f"{MATCH_DEPTH}, {name}, both sides",
                        driver=_pair_driver(opening), timeout=20.0))
    if hidden:
        out.append(Case("whole match vs the baseline: strictly better", driver=_overall_driver,
                        timeout=20.0))
    return named(out, hidden)


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


def _las_cases(rng: random.Random, hidden: bool, which: str) -> list[Case]:
    out = []
    for eq, items in _las_inputs(rng, which == "las_wrap"):
        exprs = seq(*(lit(x) for x in items))
        out.append(Case(f"{which} {eq} <{','.join(map(str, items))}>",
                        (call(get(mod("las"), which), fn(eq), exprs),)))
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
    out = []
    for name, game, d in trees(rng, 10):
        p = rng.choice(PERCENTAGES) if which == "jamboree" else None
        player = player_expr(which, game, d, p)
        for path_len in (0, 1):
            if fn_name == "search" and d - path_len < 1:
                continue
            path = [0] * path_len
            w = _bounds(rng)
            depth = d - path_len
            if fn_name == "evaluate" and path_len == 1 and rng.random() < 0.3:
                path, depth = [0] * d, 0  # a leaf: evaluate 0 estimates it
            state = child_state(game, path)
            tag = f", p={p}" if p is not None else ""
            where = "root" if not path else f"child {path}"
            out.append(Case(f"{fn_name} {name}{tag}, {where}, d={depth}, window "
                            f"{_describe_window(w)}",
                            (call(get(player, fn_name), lit(depth), w, state),), "eq_leaves"))
    return named(out, hidden)


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
                        (call(get(m, "compare_ab"), w, v),)))
    return named(out, hidden)


_cases = seeded


TASKS: Final = (
    TaskSpec("5.1", "TicTacToe start", 4, _cases(_start_cases, 1)),
    TaskSpec("5.2", "TicTacToe is_valid_move", 7, _cases(_valid_cases, 2)),
    TaskSpec("5.3", "TicTacToe make_move", 8, _cases(_make_move_cases, 3)),
    TaskSpec("5.4", "TicTacToe moves", 8, _cases(_moves_cases, 4)),
    TaskSpec("5.5", "TicTacToe status", 8, _cases(_status_cases, 5)),
    TaskSpec("5.6", "TicTacToe estimate", 16, _cases(_estimate_cases, 6)),
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
