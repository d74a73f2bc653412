"""HW10's tasks, points and tests (Tic-Tac-Toe, look-and-say, AlphaBeta, Jamboree).

Public cases come from the seed ``1000 + k``, hidden ones from ``5000 + k``, so every run builds
the same tests and the hidden ones are never in a student's hands. Searches run on explicit
trees (random shapes, many ties, handout trees) and are checked for the value *and* the order
of the leaves estimated (the ``Estimating state ...`` lines). Task 5.6 plays a deterministic
match against the handout's baseline estimator, and checks that ``estimate`` never calls
``make_move``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Final

from returns.maybe import Maybe

from sml150.grading._cases import (
    PERCENTAGES,
    named,
    next_move_cases,
    player_expr,
    ref_value,
    seeded,
    split_cases,
    tied_moves,
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

_TIE: Final = ("Ties: among moves of equal value in the parallel part (and the alpha-beta\n"
                "        part's best), any one may be returned: the handout does not fix a\n"
                "        tie-break.")
"""The tie rule, as a method's docstring says it (the module docstring unindents it)."""

_CONTRACTS_TTT: Final = (
    ("_TicTacToe.moves", """Task 5.4: the mover's moves, one per empty tile.

        REQUIRES: ``status(s)`` is In_play (the ESTGAME signature).
        ENSURES: every move is valid, each empty tile once, carrying the mover's entry; in any
        order (the handout fixes none; the grader compares them as a set).

        >>> G = TicTacToe(TTTConsts(2))
        >>> sorted(m[1] for m in G.moves(G.start))
        [(0, 0), (0, 1), (1, 0), (1, 1)]
        """),
    ("_TicTacToe.is_valid_move", """Task 5.2: whether ``m`` can be played in ``s``.

        REQUIRES: ``status(s)`` is In_play.
        ENSURES: true iff ``m`` places the mover's entry on an empty tile of the board (a
        location off the board, in its row or its column, is no move).

        >>> G = TicTacToe(TTTConsts(3))
        >>> G.is_valid_move(G.start, (O, (2, 2))), G.is_valid_move(G.start, (X, (2, 2)))
        (True, False)
        >>> G.is_valid_move(G.start, (O, (3, 0))), G.is_valid_move(G.start, (O, (0, -1)))
        (False, False)
        """),
)

_CONTRACTS_JAMBOREE: Final = (
    ("", """``Jamboree``: alpha-beta on some children, the rest in parallel (HW10 Tasks 7.1-7.4).

At every node searched, the moves split into ``abmoves`` (the first ``floor(prune_percentage *
n)``) and ``mmmoves`` (the rest). The ``abmoves`` are searched one after another exactly as in
``AlphaBeta`` (fail-soft, the window narrowing, a cut at ``>= beta`` for Maxie, ``<= alpha`` for
Minnie). If none cut, every ``mmmove`` is evaluated independently with the window reached at
that point (in parallel in principle; evaluate them left to right, so that the leaves print in
order), and the node's edge is the best of both parts. """ + _TIE.replace("\n        ", "\n")
     + """

``prune_percentage = 0.0`` is MiniMax (no window ever narrows), ``1.0`` is AlphaBeta.
"""),
    ("_Jamboree.search", """Task 7.3. ``search : int -> alphabeta -> G.state -> edge option``.

        REQUIRES: ``depth > 0`` (else ``ValueError``), ``alpha < beta``.
        ENSURES: ``Some`` of the best edge from ``s`` by depth-``depth`` Jamboree within
        ``ab`` (a cut among the ``abmoves`` ends the search, as in AlphaBeta); ``Nothing``
        when ``s`` has no moves.
        """ + _TIE + """

        >>> from sml150.lib.est import Guess
        >>> from sml150.lib.explicit import HandoutSmall
        >>> j = Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.0))
        >>> j.search(2, (Bound(Guess(5)), POSINF()), HandoutSmall.start)
        Estimating state c[3]
        Estimating state g[6]
        Estimating state h[4]
        Estimating state k[1]
        <Some: (1, Guess(n=4))>
        """),
    ("_Jamboree.maxisearch",
     """``maxisearch d ab s abmoves mmmoves best``: Maxie's side of ``search``.

        REQUIRES: ``d > 0``; ``s`` a Maxie state; the moves legal at ``s``; ``best`` the best
        edge of the moves already searched (``Nothing`` for none).
        ENSURES: ``abmoves`` searched alpha-beta style (stopping at a value ``>= beta``), then,
        if none cut, every ``mmmove`` with the window reached; the best edge of all.
        """ + _TIE
     + """
        """),
    ("_Jamboree.minisearch",
     """``minisearch d ab s abmoves mmmoves best``: Minnie's side of ``search``.

        REQUIRES: as ``maxisearch``, ``s`` a Minnie state. ENSURES: as ``maxisearch`` with
        min, the ``abmoves`` stopping at a value ``<= alpha``.
        """),
    ("_Jamboree.next_move",
     """Task 7.4. The best move from ``s``: ``search search_depth (NEGINF, POSINF) s``.

        REQUIRES: ``s`` In_play. ENSURES: a move of best minimax value at ``search_depth``.
        """ + _TIE + """

        >>> from sml150.lib.explicit import HandoutSmall
        >>> Jamboree(JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.0)
        ...          ).next_move(HandoutSmall.start)
        Estimating state c[3]
        Estimating state d[6]
        Estimating state e[~2]
        Estimating state g[6]
        Estimating state h[4]
        Estimating state i[10]
        Estimating state k[1]
        1
        """),
)

MODULES: Final = (
    ModuleSpec("tictactoe", stubs=tuple(f"_TicTacToe.{n}" for n in (
        "start", "is_valid_move", "make_move", "moves", "status", "estimate")),
        brief=("lines_estimator",), contracts=_CONTRACTS_TTT),
    ModuleSpec("las", stubs=("look_and_say", "las_wrap")),
    ModuleSpec("alphabeta", stubs=("compare_ab", *(f"_AlphaBeta.{n}" for n in (
        "search", "maxisearch", "minisearch", "evaluate", "analyze", "next_move")))),
    ModuleSpec("jamboree", stubs=tuple(f"_Jamboree.{n}" for n in (
        "split_moves", "search", "maxisearch", "minisearch", "evaluate", "analyze",
        "next_move")), contracts=_CONTRACTS_JAMBOREE),
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
# Only what the handout or the starter docstrings state is tested: moves, is_valid_move and
# make_move only on boards In_play (the ESTGAME signature requires it), moves in any order (the
# handout fixes none), estimate's exact value only on finished boards (the handout: it "should
# work on all valid game states"; a finished one has its outcome's value).


def _start_cases(rng: random.Random, hidden: bool) -> list[Case]:
    sizes = [1, 2, 3, 4] if not hidden else [5, 6, 7, rng.randint(8, 10)]
    return named([Case(f"start on a {n}x{n} board", (get(_ttt(n), "start"),))
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
        out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                        (call(get(_ttt(n), "is_valid_move"), _sx(n, s), to_expr(m)),)))
    crafted = _crafted(live=True)
    for n, s in crafted[:3] if not hidden else crafted[3:]:
        g = _ref_ttt(n)
        e = O if g.player(s).name == "Maxie" else X
        for r, c in [(0, 0), (n - 1, n - 1), (0, n - 1)]:
            m = (e, (r, c))
            out.append(Case(f"is_valid_move {_show_state(s)} {e.value}@({r},{c})",
                            (call(get(_ttt(n), "is_valid_move"), _sx(n, s), to_expr(m)),)))
    return named(out, hidden)


def _make_move_cases(rng: random.Random, hidden: bool) -> list[Case]:
    from sml150.handouts.hw10.tictactoe import O, X

    out = []
    for n, s in _states(rng, (1, 2, 3, 4, 5), 12, finished=False):
        g = _ref_ttt(n)
        m = rng.choice(list(g.moves(s)))
        out.append(Case(f"make_move {_show_state(s)} {m[0].value}@{m[1]}",
                        (call(get(_ttt(n), "make_move"), _sx(n, s), to_expr(m)),)))
    # The starter docstring promises a ValueError for an invalid move.
    for n, s in _states(rng, (2, 3), 3, finished=False):
        g = _ref_ttt(n)
        e = O if g.player(s).name == "Maxie" else X
        taken = [(r, c) for r in range(n) for c in range(n)
                 if not any(m[1] == (r, c) for m in g.moves(s))]
        bad = [((X if e is O else O), next(iter(g.moves(s)))[1], "the other player's entry"),
               (e, (rng.choice([-1, n]), 0), "off the board"),
               (e, (0, rng.choice([-1, n])), "off the board")]
        if taken:
            bad.append((e, taken[0], "an occupied tile"))
        e2, loc, why = bad[rng.randrange(len(bad))]
        m = (e2, loc)
        out.append(Case(f"make_move of an invalid move ({why}) raises ValueError: "
                        f"{_show_state(s)} {e2.value}@{loc}",
                        (call(get(_ttt(n), "make_move"), _sx(n, s), to_expr(m)),)))
    return named(out, hidden)


def _moves_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _states(rng, (1, 2, 3, 4), 12, finished=False) + _crafted(live=True)
    return named([Case(f"moves {_show_state(s)} (any order)",
                       (call(get(_ttt(n), "moves"), _sx(n, s)),), "eq_unordered")
                  for n, s in states], hidden)


def _status_cases(rng: random.Random, hidden: bool) -> list[Case]:
    states = _crafted() + _states(rng, (1, 2, 3, 4), 8)
    if hidden:
        states = states[4:]
    return named([Case(f"status {_show_state(s)}", (call(get(_ttt(n), "status"), _sx(n, s)),))
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
"""The match board (4×4: on 3×3 even a constant estimate beats the baseline)."""
MATCH_DEPTH: Final = 1
"""Both players are ``MiniMax`` at this depth; only the estimators differ."""
HIDDEN_OPENINGS: Final = 20
"""Two-move openings drawn for the hidden match."""


def _play(opening: list[Any], maxie: Callable[[Any], Any], minnie: Callable[[Any], Any],
          prefetch: Callable[[list[Any]], None] | None = None) -> float:
    """Maxie's points in one game from ``opening``: 1 for a win, 0 for a loss.

    The handout's rule: a full board is Minnie's. ``prefetch`` gets the children of each state
    before its move.
    """
    from sml150.lib.minimax import MiniMax
    from sml150.lib.signatures import Draw, Maxie, Settings

    g = _ref_ttt(MATCH_SIZE)
    s = g.start
    for m in opening:
        s = g.make_move(s, m)
    players = {
        side: MiniMax(Settings(G=_EstimatedBy(g, f), search_depth=MATCH_DEPTH))
        for side, f in (("Maxie", maxie), ("Minnie", minnie))
    }
    while _in_play(MATCH_SIZE, s):
        if prefetch is not None:
            prefetch([c for c in (g.make_move(s, m) for m in g.moves(s))
                      if _in_play(MATCH_SIZE, c)])
        s = g.make_move(s, players[g.player(s).name].next_move(s))
    outcome = g.status(s).outcome
    if isinstance(outcome, Draw):
        return 0.5
    return 1.0 if outcome.player is Maxie else 0.0


def _baseline(s: Any) -> Any:
    from sml150.handouts.hw10.tictactoe import baseline_estimator
    from sml150.lib.est import Guess

    return Guess(baseline_estimator(s, False))


class _StudentEstimate:
    """The submission's ``estimate``, fetched from its worker a ply at a time, cached."""

    def __init__(self, call_worker: Call) -> None:
        self.call_worker = call_worker
        self.cache: dict[Any, Any] = {}

    def prefetch(self, states: list[Any]) -> None:
        todo = [s for s in dict.fromkeys(states) if s not in self.cache]
        if not todo:
            return
        est = get(_ttt(MATCH_SIZE), "estimate")
        reply: Reply = self.call_worker(["list", *(call(est, _sx(MATCH_SIZE, s)) for s in todo)])
        if not reply.ok:
            raise _StudentFailed(f"estimate raised {reply.exc}: {reply.msg[:80]}")
        values = reply.value.get("l") if isinstance(reply.value, dict) else None
        if not isinstance(values, list) or len(values) != len(todo):
            raise _StudentFailed("malformed reply")
        for s, v in zip(todo, values, strict=True):
            self.cache[s] = _decode_est(v)

    def __call__(self, s: Any) -> Any:
        if s not in self.cache:
            self.prefetch([s])
        return self.cache[s]


def _openings(hidden: bool) -> list[list[Any]]:
    """Public: no opening and every first move (17); hidden: ``HIDDEN_OPENINGS`` two-move ones."""
    g = _ref_ttt(MATCH_SIZE)
    firsts = list(g.moves(g.start))
    if not hidden:
        return [[], *([m] for m in firsts)]
    pairs = [[a, b] for a in firsts for b in g.moves(g.make_move(g.start, a))]
    return random.Random(6006).sample(pairs, HIDDEN_OPENINGS)


def _match_driver(openings: list[list[Any]]) -> Callable[[Call], Verdict]:
    """A match: every opening played twice, the submission's estimate on each side once.

    It passes with strictly more points than the baseline (each game is worth 1 point).
    """

    def driver(call_worker: Call) -> Verdict:
        mine = _StudentEstimate(call_worker)
        yours = theirs = 0.0
        try:
            for opening in openings:
                a = _play(opening, mine, _baseline, mine.prefetch)
                b = _play(opening, _baseline, mine, mine.prefetch)
                yours += a + (1 - b)
                theirs += (1 - a) + b
        except _StudentFailed as e:
            return Verdict(False, str(e))
        return Verdict(yours > theirs, f"{2 * len(openings)} games: your estimate {yours:g} : "
                                       f"baseline {theirs:g} (must be more)")

    return driver


def _estimate_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = []
    live = _states(rng, (1, 2, 3, 4), 6 if not hidden else 4, finished=False)
    for n, s in live:
        e = call(get(_ttt(n), "estimate"), _sx(n, s))
        out.append(Case(f"estimate returns an estimate, the same twice: {_show_state(s)}",
                        (e, e), "valid_est", arg="same"))
    done = _crafted(live=False)
    done = (done[:3] if not hidden else done[3:]) + _states(rng, (2, 3, 4), 3, only_finished=True)
    for n, s in done:
        out.append(Case(f"estimate of a finished board is its outcome's value: {_show_state(s)}",
                        (call(get(_ttt(n), "estimate"), _sx(n, s)),), "valid_est",
                        arg="exact"))
    for n, s in live[:2]:
        g = _ttt(n)
        out.append(Case(f"estimate creates no state (make_move not called): {_show_state(s)}",
                        (["spy", g, "make_move", call(get(g, "estimate"), _sx(n, s))],),
                        "spy_none"))
        out.append(Case(f"estimate creates no state (no TTTState built): {_show_state(s)}",
                        (["spy", _sx(n, s), "__init__", call(get(g, "estimate"), _sx(n, s))],),
                        "spy_max"))
    games = 2 * len(_openings(hidden))
    out.append(Case(f"match vs the baseline estimator, {MATCH_SIZE}x{MATCH_SIZE}, MiniMax depth "
                    f"{MATCH_DEPTH}, {games} games (the handout's rule): strictly better",
                    driver=_match_driver(_openings(hidden)), timeout=30.0))
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
    for i, (name, game, d) in enumerate(trees(rng, 10)):
        p = (1.0 if i % 4 == 3 else rng.choice(PERCENTAGES)) if which == "jamboree" else None
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
            where = "root (Maxie)" if not path else f"child {path} ({_side(len(path))})"
            title = (f"{fn_name} {name}{tag}, {where}, d={depth}, window "
                     f"{_describe_window(w)}")
            expr = call(get(player, fn_name), lit(depth), w, state)
            if which == "jamboree" and fn_name == "search":
                moves = tied_moves("hw10", player, state, depth, w)
                kind = ", a tie in the parallel part" if len(moves) > 1 else ""
                out.append(Case(title + kind, (expr,), "eq_leaves_tie", arg={"moves": moves}))
            else:
                out.append(Case(title, (expr,), "eq_leaves"))
    if fn_name == "search":
        out.extend(_bad_depth_cases(rng, which))
        out.extend(_side_cases(rng, which))
    else:
        name, game, d = trees(rng, 1)[-1]
        player = player_expr(which, game, d, 0.5 if which == "jamboree" else None)
        out.append(Case(f"evaluate {name} at depth -1 raises ValueError (REQUIRES depth >= 0)",
                        (call(get(player, "evaluate"), lit(-1), _bounds(rng),
                              get(game, "start")),)))
    return named(out, hidden)


def _side_cases(rng: random.Random, which: str) -> list[Case]:
    """``maxisearch``/``minisearch`` called directly (their handout types), from no best."""
    from sml150.grading._exprs import EXPLICIT

    out = []
    for name, game, d in trees(rng, 3)[1:]:
        p = rng.choice(PERCENTAGES) if which == "jamboree" else None
        player = player_expr(which, game, d, p)
        for path in ([], [0]):
            depth, w = d - len(path), _bounds(rng)
            if depth < 1:
                continue
            state = child_state(game, path)
            n = len(list(ref_value("hw10", call(get(game, "moves"), state))))
            fn_name = "maxisearch" if not path else "minisearch"
            nothing = get(lib(EXPLICIT), "Nothing")
            if which == "jamboree":
                k = int(p * n) if p is not None else 0
                args = [seq(*(lit(i) for i in range(k))), seq(*(lit(i) for i in range(k, n)))]
            else:
                args = [seq(*(lit(i) for i in range(n)))]
            expr = call(get(player, fn_name), lit(depth), w, state, *args, nothing)
            title = (f"{fn_name} {name}{'' if p is None else f', p={p}'}, "
                     f"{'root' if not path else 'child [0]'}, d={depth}, window "
                     f"{_describe_window(w)}, best Nothing")
            if which == "jamboree":
                moves = tied_moves("hw10", player, state, depth, w)
                out.append(Case(title, (expr,), "eq_leaves_tie", arg={"moves": moves}))
            else:
                out.append(Case(title, (expr,), "eq_leaves"))
    return out


def _bad_depth_cases(rng: random.Random, which: str) -> list[Case]:
    """``search`` at depth 0 raises ``ValueError`` (the starter docstring promises it)."""
    name, game, d = trees(rng, 1)[-1]
    player = player_expr(which, game, d, 0.5 if which == "jamboree" else None)
    w = _bounds(rng)
    return [Case(f"search {name} at depth 0 raises ValueError (REQUIRES depth > 0)",
                 (call(get(player, "search"), lit(0), w, get(game, "start")),))]


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
