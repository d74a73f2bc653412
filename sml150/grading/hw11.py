"""HW11's tasks, points and tests (graphs, Riskless, AlphaBeta with Step/Leaf, Jamboree).

Seeds as in HW10 (public ``1000 + k``, hidden ``5000 + k``). Graph tasks run on random
connected undirected graphs (and directed ones for ``is_undirected``); ``to_list`` on sequences
of up to 500 elements. Riskless runs on random legal states of the handout's maps plus crafted
battles (a tie goes to the attacker), and its estimate plays matches against the naive one.
``F``/``G`` are checked for the value and the leaves estimated, on random trees with random
windows.

Task 4.2 (the student's tests, "Please fill out the test structure with appropriate tests") is
graded so: the submission's ``test_riskless.py`` functions ``test_*`` run once against the
reference Riskless, then once against each mutant: the six of ``RISKLESS_MUTANTS`` (public) and
``HIDDEN_MUTANTS`` drawn from the AST mutants of Riskless's rules (``hidden_riskless_mutants``,
from the course secret when one is set). The Riskless under test never enters the tests'
process: it runs in a worker of its own, and the tests import a proxy that forwards every call
to it (``_rpc``), byte for byte the same file, at the same path with the same size and times, in
every run, each run made anew in the same folder; all the runs come in an order drawn from
the operating system (once the reference's run has failed, none is made: no mutant's run can
count), the reference's three times and each mutant's twice. At least
``MIN_STUDENT_TESTS`` must pass on the reference; a test that fails there does not count (it
may check a choice of the student's own, such as the order of moves, that the reference makes
otherwise), and a mutant is caught when a test that passes on the reference fails on both of
its runs; the runs of the reference must agree, and passing on the reference earns its point
only once a mutant is caught (``caught_by_valid_tests``). Only one bit per test function
comes back from a run, and the report shows only text the grader wrote.

(About 900 lines, over the house's 400: one homework's whole task list, its case generators
and Task 4.2's machinery, kept beside the handout's task numbers they follow.)
"""

from __future__ import annotations

import builtins
import functools
import importlib
import os
import random
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import attrs

from sml150.grading._cases import (
    BOUND_TIE_NAME,
    HANDOUT_BIG,
    HANDOUT_SMALL,
    best_moves,
    leaves_rule,
    named,
    next_move_cases,
    percentage,
    player_expr,
    ref_value,
    seeded,
    split_cases,
    trees,
)
from sml150.grading._exprs import (
    EST,
    call,
    child_state,
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
from sml150.grading._mutants import (
    AstMutant,
    Mutant,
    ast_mutant_source,
    generate,
    mutant_source,
)
from sml150.grading._quotes import HW11 as Q
from sml150.grading._rpc import proxy_source
from sml150.grading._starter import ModuleSpec, quoted_docs, reference_source, solution_source

__all__ = [
    "HIDDEN_MUTANTS",
    "HOMEWORK",
    "HW11_MUTANTS",
    "MIN_STUDENT_TESTS",
    "MODULES",
    "REFERENCE_TESTS",
    "RISKLESS_MUTANTS",
    "RULES",
    "STARTER_TESTS",
    "TASKS",
    "hidden_riskless_mutants",
]

Json = Any

_RISKLESS_DOCS: Final = ("riskless_start", "status", "moves", "mobilize", "make_move", "battle",
                         "train", "estimate_naive", "estimate_all_states")

MODULES: Final = (
    ModuleSpec("graphseq", stubs=("to_list", "get_neighbors", "from_edge_seq", "is_undirected"),
               docs=quoted_docs(Q, ("to_list", "Task 2.1", ("to_list",)),
                          ("get_neighbors", "Task 3.1", ("get_neighbors", "not_in_graph",
                                                         "get_neighbors_example")),
                          ("from_edge_seq", "Task 3.2", ("from_edge_seq",)),
                          ("is_undirected", "Task 3.3", ("is_undirected",)))),
    ModuleSpec("maps"),
    ModuleSpec("riskless", stubs=tuple(f"_Riskless.{n}" for n in (
        "start", "status", "moves", "make_move", "estimate")), brief=("tactical_estimate",),
        docs=quoted_docs(Q, ("_Riskless.start", "Task 4.1", ("riskless_start",)),
                   ("_Riskless.status", "Task 4.1", ("status",)),
                   ("_Riskless.moves", "Task 4.1", ("moves", "mobilize")),
                   ("_Riskless.make_move", "Task 4.1", ("make_move", "mobilize", "battle",
                                                        "train")),
                   ("_Riskless.estimate", "Task 4.1", ("estimate_naive", "naive",
                                                       "estimate_all_states")))),
    ModuleSpec("alphabeta", stubs=tuple(f"_AlphaBeta.{n}" for n in (
        "initial_ab", "F", "G", "analyze", "next_move")), brief=("is_cut",),
        docs=quoted_docs(Q, ("_AlphaBeta.initial_ab", "Task 5.1", ("initial_ab",)),
                   ("_AlphaBeta.F", "Task 5.2", ("fg", "fg_assume", "ab_spec", "ab_maxie",
                                                   "ab_minnie", "ab_otherwise")),
                   ("_AlphaBeta.G", "Task 5.2", ("fg", "fg_assume", "ab_spec", "ab_maxie",
                                                   "ab_minnie", "ab_otherwise")),
                   ("_AlphaBeta.next_move", "Task 5.3", ("next_move",)))),
    ModuleSpec("jamboree", stubs=tuple(f"_Jamboree.{n}" for n in (
        "initial_ab", "split_moves", "F", "G", "analyze", "next_move")),
        docs=quoted_docs(Q, ("_Jamboree.initial_ab", "Task 6.1", ("initial_ab",)),
                   ("_Jamboree.split_moves", "Task 6.2", ("split_moves",)),
                   ("_Jamboree.F", "Task 6.3", ("jamboree_fg", "jamboree", "fg_assume")),
                   ("_Jamboree.G", "Task 6.3", ("jamboree_fg", "jamboree", "fg_assume")),
                   ("_Jamboree.next_move", "Task 6.4", ("jamboree_next_move", "next_move")))),
)
"""The homework's modules and what their starter files leave out."""

MIN_STUDENT_TESTS: Final = 3
"""Task 4.2: the fewest ``test_*`` functions ``test_riskless.py`` must hold."""



# -- graphs ----------------------------------------------------------------------------------

GS = "graphseq"


def _random_graph(rng: random.Random, n: int, extra: int) -> list[list[int]]:
    """A connected undirected simple graph on ``n`` vertices, adjacency in random order."""
    edges: set[tuple[int, int]] = set()
    order = list(range(n))
    rng.shuffle(order)
    for i in range(1, n):
        u, v = order[i], order[rng.randrange(i)]
        edges |= {(u, v), (v, u)}
    for _ in range(extra):
        u, v = rng.sample(range(n), 2) if n >= 2 else (0, 0)
        if u != v:
            edges |= {(u, v), (v, u)}
    adj: list[list[int]] = [[] for _ in range(n)]
    for u, v in sorted(edges):
        adj[u].append(v)
    for ns in adj:
        rng.shuffle(ns)
    return adj


def _graph_expr(adj: list[list[int]]) -> Json:
    return seq(*(seq(*(lit(v) for v in ns)) for ns in adj))


def _show_graph(adj: list[list[int]]) -> str:
    text = "<" + ",".join("<" + ",".join(map(str, ns)) + ">" for ns in adj) + ">"
    return text if len(text) <= 60 else text[:57] + "..."


def _to_list_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """``to_list`` on sequences of up to 500 elements.

    The handout's "O(n) work and span" is not timed: it is the SML's cost, and a faithful port
    of an O(n) SML ``to_list`` (``x :: to_list xs``) is quadratic with Python lists and recurses
    once per element, so timing the port would grade the port, not the solution.
    """
    out = []
    for k in ([0, 1, 2, 5] if not hidden else [3, 17, 100, 500]):
        items = [rng.randint(-9, 9) for _ in range(k)]
        out.append(Case(f"to_list <{','.join(map(str, items))}>",
                        (call(get(mod(GS), "to_list"), seq(*(lit(x) for x in items))),),
                        quote=Q["to_list"]))
    out.append(Case("to_list of a sequence of pairs", (call(get(mod(GS), "to_list"), seq(
        tup(lit(1), lit("a")), tup(lit(2), lit("b")))),), quote=Q["to_list"]))
    return named(out, hidden)


def _neighbors_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """Neighbours in any order; a vertex not in the graph raises ``not_in_graph``.

    (Any port of it: the check compares the exception's meaning, ``_checks.exc_meaning``.)
    """
    gn = get(mod(GS), "get_neighbors")
    out = [Case("get_neighbors <<1>,<0,3>,<3>,<1,2>> 1 (the handout's example, any order)",
                (call(gn, _graph_expr([[1], [0, 3], [3], [1, 2]]), lit(1)),), "eq_unordered",
                quote=Q["get_neighbors_example"])]
    small = _random_graph(rng, 4, 1)
    out.extend(Case(f"get_neighbors {_show_graph(small)} {v} raises not_in_graph (not a vertex)",
                    (call(gn, _graph_expr(small), lit(v)),), quote=Q["not_in_graph"])
               for v in ((4, -1) if not hidden else (-2, 5)))
    for _ in range(8):
        adj = _random_graph(rng, rng.randint(1, 9), rng.randint(0, 6))
        if rng.random() < 0.25:
            v = rng.choice([len(adj), -1])
            out.append(Case(f"get_neighbors {_show_graph(adj)} {v} raises not_in_graph (not a "
                            "vertex)", (call(gn, _graph_expr(adj), lit(v)),),
                            quote=Q["not_in_graph"]))
        else:
            v = rng.randrange(len(adj))
            out.append(Case(f"get_neighbors {_show_graph(adj)} {v} (any order)",
                            (call(gn, _graph_expr(adj), lit(v)),), "eq_unordered",
                            quote=Q["get_neighbors"]))
    return named(out, hidden)


def _edges_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """Only valid edges of a graph of ``n`` vertices; neighbour lists in any order.

    (The handout: "E, a list of valid edges for the graph of n vertices".)
    """
    ex = [(0, 1), (1, 0), (1, 2), (2, 1)]
    fes = get(mod(GS), "from_edge_seq")
    out = [Case("from_edge_seq <(0,1),(1,0),(1,2),(2,1)> 3 (the handout's example, any order)",
                (call(fes, seq(*(tup(lit(u), lit(v)) for u, v in ex)), lit(3)),),
                "eq_unordered", quote=Q["from_edge_seq_example"])]
    if not hidden:
        out.append(Case("from_edge_seq <> 0 (the empty graph)", (call(fes, seq(), lit(0)),),
                        quote=Q["from_edge_seq"]))
    out.append(Case("from_edge_seq <> 3 (no edges)", (call(fes, seq(), lit(3)),),
                    quote=Q["from_edge_seq"]))
    for _ in range(8):
        n = rng.randint(1, 9)
        adj = _random_graph(rng, n, rng.randint(0, 6))
        edges = [(u, v) for u, ns in enumerate(adj) for v in ns]
        rng.shuffle(edges)
        shown = ",".join(f"({u},{v})" for u, v in edges)
        out.append(Case(f"from_edge_seq <{shown[:50]}> {n} (any order)",
                        (call(fes, seq(*(tup(lit(u), lit(v)) for u, v in edges)), lit(n)),),
                        "eq_unordered", quote=Q["from_edge_seq"]))
    return named(out, hidden)


def _undirected_cases(rng: random.Random, hidden: bool) -> list[Case]:
    """Graphs of valid vertices only (the handout assumes simple, connected graphs)."""
    iu = get(mod(GS), "is_undirected")
    out = [Case("is_undirected of the handout's Figure 1", (call(
        iu, _graph_expr([[1], [2], [1, 3], [1, 2]])),), quote=Q["is_undirected"])]
    for i in range(10 if not hidden else 11):
        adj = _random_graph(rng, rng.randint(2, 9), rng.randint(0, 6))
        if i % 2:
            u = rng.choice([u for u, ns in enumerate(adj) if ns])
            adj[u].pop(rng.randrange(len(adj[u])))  # now directed: (v, u) has no (u, v)
        out.append(Case(f"is_undirected {_show_graph(adj)}", (call(iu, _graph_expr(adj)),),
                        quote=Q["is_undirected"]))
    return named(out, hidden)


# -- Riskless --------------------------------------------------------------------------------

RL = "riskless"


def _game(map_name: str) -> Json:
    return call(get(mod(RL), "Riskless"), get(mod("maps"), map_name))


def _ref_game(map_name: str) -> Any:
    from sml150.handouts.hw11 import maps
    from sml150.handouts.hw11.riskless import Riskless

    return Riskless(getattr(maps, map_name))


def _playouts(rng: random.Random, count: int, finished: bool = True,
              maps: tuple[str, ...] = ("M1", "M2")) -> list[tuple[str, Any]]:
    from sml150.lib.signatures import In_play

    out: list[tuple[str, Any]] = []
    while len(out) < count:
        name = rng.choice(maps)
        g = _ref_game(name)
        s = g.start
        for _ in range(rng.randint(0, 60)):
            if not isinstance(g.status(s), In_play):
                break
            s = g.make_move(s, rng.choice(list(g.moves(s))))
        if finished or isinstance(g.status(s), In_play):
            out.append((name, s))
    return out


def _crafted(map_name: str, cells: dict[int, tuple[str, int]], player: str) -> Any:
    """A Riskless state on ``map_name``: ``cells`` maps a territory to ``("X"|"O", armies)``."""
    import attrs

    from sml150.handouts.hw11.riskless import B, Empty, Max, Min
    from sml150.lib.seq import Seq
    from sml150.lib.signatures import Player

    g = _ref_game(map_name)
    board = []
    for i, (t, ns) in enumerate(g.start.board):
        who, n = cells.get(i, ("", 0))
        pos = Max(n) if who == "X" else Min(n) if who == "O" else Empty()
        board.append((attrs.evolve(t, pos=pos), ns))
    return B(Seq.from_list(board), Player[player])


def _battles() -> list[tuple[str, Any, tuple[int, int], str]]:
    return [
        ("M1", _crafted("M1", {3: ("X", 4), 4: ("O", 4), 0: ("O", 1)}, "Maxie"), (3, 4),
         "a tie: the attacker wins with 0"),
        ("M1", _crafted("M1", {3: ("X", 3), 4: ("O", 5), 0: ("O", 1)}, "Maxie"), (3, 4),
         "the attacker loses"),
        ("M1", _crafted("M1", {3: ("X", 7), 2: ("O", 2), 0: ("O", 1)}, "Maxie"), (3, 2),
         "the attacker wins"),
        ("M1", _crafted("M1", {1: ("O", 6), 2: ("O", 6), 4: ("X", 1)}, "Minnie"), (1, 2),
         "reinforcing past the cap"),
        ("M2", _crafted("M2", {5: ("O", 3), 6: ("X", 3), 15: ("X", 1)}, "Minnie"), (5, 6),
         "a tie on M2: the attacker (Minnie) wins"),
    ]


def _show(s: Any) -> str:
    cells = []
    for i, (t, _) in enumerate(s.board):
        pos = t.pos
        if hasattr(pos, "n"):
            cells.append(f"{i}:{'X' if type(pos).__name__ == 'Max' else 'O'}{pos.n}")
    return f"{s.player.name} {' '.join(cells)}"


_ENDS: Final = (
    ("M1", {3: ("X", 2)}, "Minnie", "Minnie has no territory"),
    ("M1", {0: ("O", 9), 1: ("O", 9), 2: ("O", 9), 3: ("O", 9), 4: ("O", 9), 5: ("X", 1)},
     "Maxie", "Minnie reaches max_units"),
    ("M1", {0: ("X", 9), 1: ("X", 9), 2: ("X", 9), 3: ("X", 9), 4: ("X", 4), 5: ("O", 1)},
     "Minnie", "Maxie reaches max_units exactly"),
    ("M1", {0: ("X", 9), 1: ("X", 9), 2: ("X", 9), 3: ("X", 9), 4: ("X", 3), 5: ("O", 1)},
     "Minnie", "Maxie one army short of max_units"),
    ("M1", {2: ("O", 3)}, "Maxie", "Maxie has no territory, Minnie one"),
    ("M1", {0: ("O", 9), 1: ("O", 9), 2: ("O", 9), 3: ("O", 9), 4: ("O", 4), 5: ("X", 1)},
     "Maxie", "Minnie reaches max_units exactly"),
    ("Earth", {i: ("X" if i < 13 else "O", 10) for i in range(26)}, "Maxie",
     "both exceed max_units: a draw"),
)
"""Crafted states at the end of a game (or one army short). A draw needs both players past
``max_units`` ("A Draw state occurs when both players have exceeded the target"), which only
Earth's caps allow (M1: 6 × 9 < 2 × 40; M2: 16 × 10 < 2 × 80; Earth: 26 × 10 > 2 × 120)."""


def _riskless_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out: list[Case] = [Case(f"start on {name}", (get(_game(name), "start"),),
                            quote=Q["riskless_start"])
                       for name in (("M1", "M2") if not hidden else ("Earth",))]
    for name, s in _playouts(rng, 8):
        out.append(Case(f"status on {name}: {_show(s)}",
                        (call(get(_game(name), "status"), to_expr(s)),), quote=Q["status"]))
    for name, cells, player, why in _ENDS:
        s = _crafted(name, cells, player)
        out.append(Case(f"status on {name} when {why}",
                        (call(get(_game(name), "status"), to_expr(s)),), quote=Q["status"]))
    for name, s in _playouts(rng, 6, finished=False):
        out.append(Case(f"moves on {name}: {_show(s)} (any order)",
                        (call(get(_game(name), "moves"), to_expr(s)),), "eq_unordered",
                        quote=Q["mobilize"]))
    for name, cells, player, why in _ENDS[:1] if not hidden else _ENDS[1:2]:
        out.append(Case(f"moves on {name} when {why}: a finished game, no moves",
                        (call(get(_game(name), "moves"), to_expr(_crafted(name, cells, player))),),
                        quote=Q["moves"]))
    for name, s in _playouts(rng, 8, finished=False):
        g = _ref_game(name)
        m = rng.choice(list(g.moves(s)))
        out.append(Case(f"make_move {m} on {name}: {_show(s)}",
                        (call(get(_game(name), "make_move"), to_expr(s), to_expr(m)),),
                        quote=Q["make_move"]))
    for name, s, m, why in _battles():
        out.append(Case(f"make_move {m} on {name}, {why}",
                        (call(get(_game(name), "make_move"), to_expr(s), to_expr(m)),),
                        quote=Q["train"] if "cap" in why else Q["battle"]))
    out.extend(_estimate_cases(hidden))
    return named(out, hidden)


MATCH_DEPTH: Final = 1
"""Task 4.1's match: both players ``MiniMax`` at this depth; only the estimators differ."""
MATCH_PLIES: Final = 80
"""A Riskless game of the match longer than this is a draw (players can shuffle forever)."""


def _naive(map_name: str) -> Callable[[Any], Any]:
    from sml150.handouts.hw11 import maps
    from sml150.handouts.hw11.riskless import naive_estimate

    the_map = getattr(maps, map_name)
    return lambda s: naive_estimate(the_map, s)


def _riskless_openings(map_name: str, plies: int) -> tuple[tuple[Any, ...], ...]:
    """Every opening of ``plies`` moves from the start of ``map_name``."""
    from sml150.lib.signatures import In_play

    g = _ref_game(map_name)
    lines: list[tuple[Any, ...]] = [()]
    for _ in range(plies):
        grown = []
        for line in lines:
            s = g.start
            for m in line:
                s = g.make_move(s, m)
            if isinstance(g.status(s), In_play):
                grown += [(*line, m) for m in g.moves(s)]
        lines = grown
    return tuple(lines)


def estimate_match(map_name: str, plies: int) -> EstimateMatch:
    """Task 4.1's estimator test: "no worse than the naïve version" as a match.

    Every ``plies``-move opening of ``map_name``, each played twice with the colours swapped,
    both players ``MiniMax`` at depth 1, a game of more than 80 plies a draw; the submission
    passes with at least as many points as the naive estimator. The naive estimator itself
    passes (exactly half), its negation loses every game:

    >>> from sml150.lib.est import Guess
    >>> m = estimate_match("M1", 2)
    >>> naive = _naive("M1")
    >>> m.games, m.score(naive), m.score(lambda s: Guess(-naive(s).n))
    (8, (4.0, 4.0), (0.0, 8.0))
    """
    est = get(_game(map_name), "estimate")
    return EstimateMatch(_ref_game(map_name), _naive(map_name),
                         lambda s: call(est, to_expr(s)), _riskless_openings(map_name, plies),
                         MATCH_DEPTH, strict=False, max_plies=MATCH_PLIES)


_MATCHES: Final = {False: (("M1", 2),), True: (("M1", 3),)}
"""(map, opening plies) of the public and the hidden matches."""


def _estimate_cases(hidden: bool) -> list[Case]:
    """The matches against the naive estimator, and estimates of finished games.

    (The handout: estimate "should work on all valid game states, whether it is in play or it
    is a terminal state": any estimate; gated on the matches, ``gate_estimate``.)
    """
    out = []
    for name, plies in _MATCHES[hidden]:
        m = estimate_match(name, plies)
        out.append(Case(f"match vs the naive estimator on {name}, MiniMax depth {MATCH_DEPTH}, "
                        f"{m.games} games, a draw after {MATCH_PLIES} plies: no worse",
                        driver=m.driver(), timeout=30.0, quote=Q["estimate_naive"]))
    for name, cells, player, why in _ENDS[:2] if not hidden else _ENDS[2:]:
        s = _crafted(name, cells, player)
        out.append(Case(f"estimate of a finished game returns an estimate: {name} when {why}",
                        (call(get(_game(name), "estimate"), to_expr(s)),), "valid_est",
                        quote=Q["estimate_all_states"]))
    return out


def gate_estimate(outcomes: list[TestOutcome]) -> list[TestOutcome]:
    """Task 4.1: no test of ``estimate`` counts while a match against the naive one fails.

    (The handout gives "full credit as long as estimate performs no worse than the naïve
    version": an estimate that does not is no answer, so its other tests earn nothing.)

    >>> lost = TestOutcome("match vs the naive estimator", False, "", False)
    >>> [o.passed for o in gate_estimate([lost, TestOutcome("estimate of x", True, "", False)])]
    [False, False]
    """
    if all(o.passed for o in outcomes if o.name.startswith("match vs")):
        return outcomes
    return [attrs.evolve(o, passed=False, reason="your estimate must do no worse than the "
                                                 "naive one first")
            if o.name.startswith("estimate ") and o.passed else o for o in outcomes]


# -- Task 4.2: the student's tests --------------------------------------------------------------

RISKLESS_MUTANTS: Final = (
    Mutant("Riskless: a battle tie goes to the defender", "hw11", RL,
           "elif attackers >= defenders:", "elif attackers > defenders:", {"4.1"}),
    Mutant("Riskless: no cap on armies", "hw11", RL,
           "return p if owner is None else _holding(owner, min(_armies(p) + 1, cap))",
           "return p if owner is None else _holding(owner, _armies(p) + 1)", {"4.1"}),
    Mutant("Riskless: Minnie starts with 1 army", "hw11", RL,
           "Max(1) if i == m.max_start else Min(2) if i == m.min_start else Empty()",
           "Max(1) if i == m.max_start else Min(1) if i == m.min_start else Empty()",
           {"4.1"}),
    Mutant("Riskless: max_units never ends the game", "hw11", RL,
           "maxie_done = c.maxie_units >= self.Map.max_units\n"
           "        minnie_done = c.minnie_units >= self.Map.max_units",
           "maxie_done = False\n        minnie_done = False", {"4.1"}),
    Mutant("Riskless: the source keeps its armies", "hw11", RL,
           "positions[src] = _holding(mover, 0)", "pass", {"4.1"}),
    Mutant("Riskless: no training after a move", "hw11", RL,
           "[(T(t.name, trained(p)), ns) for (t, ns), p in zip(board, positions, strict=True)]",
           "[(T(t.name, p), ns) for (t, ns), p in zip(board, positions, strict=True)]",
           {"4.1"}),
)
"""The public Riskless bugs a student's tests must catch (Task 4.2); as a submission, each
breaks 4.1. A course's run adds ``HIDDEN_MUTANTS`` more that the package does not name
(``hidden_riskless_mutants``).

(Task 4.2 runs the student's tests on mutants of the *reference*, so a submission's own Riskless
never changes its 4.2 score.)"""

HW11_MUTANTS: Final = (
    RISKLESS_MUTANTS[0],
    RISKLESS_MUTANTS[1],
    AstMutant("hw11", "jamboree", "_Jamboree.split_moves", "binop", 0,
              "Jamboree: split at p // n", {"6.2", "6.3", "6.4"}),
    AstMutant("hw11", "alphabeta", "_AlphaBeta._children", "cmp", 0,
              "AlphaBeta: Maxie updates beta", {"5.2", "5.3"}),
    AstMutant("hw11", "alphabeta", "_AlphaBeta.initial_ab", "return", 0,
              "AlphaBeta: initial_ab is None", {"5.1", "5.3"}),
    AstMutant("hw11", "graphseq", "to_list", "return", 0, "to_list returns None",
              {"2.1", "3.2", "3.3"}),
    AstMutant("hw11", "graphseq", "get_neighbors", "cmp", 0, "get_neighbors: vertex 0 is "
              "out of range", {"3.1"}),
    AstMutant("hw11", "graphseq", "from_edge_seq", "cmp", 0, "from_edge_seq: no graph of 0 "
              "vertices", {"3.2"}),
    AstMutant("hw11", "graphseq", "is_undirected", "cmp", 2, "is_undirected: the opposite",
              {"3.3"}),
)
"""HW11's mutants for the grader's own tests, each with the tasks it must lose points on."""

STARTER_TESTS: Final = '''"""Task 4.2: your Riskless tests (test_* functions, no arguments)."""

from maps import M1
from riskless import Riskless


def test_first_moves_on_m1():
    G = Riskless(M1)
    assert list(G.moves(G.start)) == [(3, 4), (3, 2)]
'''

REFERENCE_TESTS: Final = '''"""Task 4.2, the reference's tests: they catch every mutant."""

from maps import M1, M2
from riskless import B, Empty, Max, Min, Riskless, T
from sml150.lib.seq import Seq
from sml150.lib.signatures import Draw, In_play, Maxie, Minnie, Over, Winner


def _state(Map, cells, player):
    board = []
    for i, (name, ns) in enumerate(Map.board):
        who, n = cells.get(i, ("", 0))
        pos = Max(n) if who == "X" else Min(n) if who == "O" else Empty()
        board.append((T(name, pos), ns))
    return B(Seq.from_list(board), player)


def _positions(s):
    return [t.pos for t, _ in s.board]


def test_start():
    G = Riskless(M1)
    assert _positions(G.start) == [Min(2), Empty(), Empty(), Max(1), Empty(), Empty()]
    assert G.player(G.start) is Maxie


def test_moves():
    assert list(Riskless(M1).moves(Riskless(M1).start)) == [(3, 4), (3, 2)]
    assert list(Riskless(M2).moves(Riskless(M2).start)) == [(15, 11), (15, 14)]


def test_occupy_and_train():
    G = Riskless(M1)
    s = G.make_move(G.start, (3, 4))
    assert _positions(s) == [Min(3), Empty(), Empty(), Max(1), Max(2), Empty()]
    assert G.player(s) is Minnie


def test_tie_goes_to_attacker():
    G = Riskless(M1)
    s = _state(M1, {3: ("X", 4), 4: ("O", 4), 0: ("O", 1)}, Maxie)
    assert _positions(G.make_move(s, (3, 4)))[3:5] == [Max(1), Max(1)]


def test_cap():
    G = Riskless(M1)
    s = _state(M1, {1: ("O", 6), 2: ("O", 6), 4: ("X", 1)}, Minnie)
    assert _positions(G.make_move(s, (1, 2)))[1:3] == [Min(1), Min(M1.max_terri)]


def test_status():
    G = Riskless(M1)
    assert G.status(G.start) == In_play()
    assert G.status(_state(M1, {3: ("X", 2)}, Minnie)) == Over(Winner(Maxie))
    full = {i: ("O", 9) for i in range(5)}
    full[5] = ("X", 1)
    assert G.status(_state(M1, full, Maxie)) == Over(Winner(Minnie))
    both = {i: ("X" if i < 8 else "O", 10) for i in range(16)}
    assert Riskless(M2).status(_state(M2, both, Maxie)) == Over(Draw())
'''


IMPL_TIME: Final = 946_684_800
"""The modification time of every file and folder a student's tests see (2000-01-01)."""


@functools.cache
def _proxy_texts() -> dict[str, str]:
    """The files of ``_write_proxy``, made once per process (the same in every run)."""
    return {"riskless": proxy_source(solution_source(reference_source("hw11", RL))),
            "maps": solution_source(reference_source("hw11", "maps"))}


def _write_proxy(directory: Path) -> list[Path]:
    """What a student's tests import as ``riskless`` and ``maps``: the same bytes every run.

    ``riskless.py`` is the reference's proxy (``_rpc.proxy_source``: its datatypes and
    docstrings, every function forwarding to the Riskless under test in a worker of its own);
    ``maps.py`` is the reference's. Same folder and file names, sizes and modification times
    (``IMPL_TIME``) for the reference and every mutant: nothing around the tests differs.
    """
    impl = directory / "impl"
    impl.mkdir(parents=True, exist_ok=True)
    for name, text in _proxy_texts().items():
        path = impl / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        os.utime(path, (IMPL_TIME, IMPL_TIME))
    os.utime(impl, (IMPL_TIME, IMPL_TIME))
    return [impl]


def _served(riskless: str | None) -> Callable[[Path], list[Path]]:
    """The Riskless under test (the reference, or a mutant's text), for the serving worker."""

    def write(directory: Path) -> list[Path]:
        served = directory / "served"
        served.mkdir(parents=True, exist_ok=True)
        (served / f"{RL}.py").write_text(
            solution_source(riskless or reference_source("hw11", RL)), encoding="utf-8")
        (served / "maps.py").write_text(solution_source(reference_source("hw11", "maps")),
                                        encoding="utf-8")
        return [served]

    return write


_RUN_TESTS: Final = ["run_tests", "test_riskless"]

RULES: Final = frozenset({"_Riskless.start", "_Riskless.status", "_Riskless.player",
                          "_Riskless.moves", "_Riskless._why_invalid", "_Riskless.make_move",
                          "_owner", "_armies", "_holding", "_census"})
"""The functions of the reference Riskless that carry the handout's rules (start, moves, a
move's effect, the outcome): the hidden Task 4.2 mutants are drawn from their AST mutants."""

HIDDEN_MUTANTS: Final = 3
"""How many hidden Task 4.2 mutants a run draws (from the course secret)."""

REFERENCE_AGAIN: Final = 2
"""How many more times Task 4.2 runs the student's tests on the reference, hidden among the
mutants' runs (``caught_by_valid_tests``): tests that answer by chance, or by telling one
run from another (the clock, a counter), give different results on two runs of the
reference, and then catch nothing. (With ``SECOND``, chance alone can expect about 0.25 of the
task's 5 points: see the grading README's threat model.)"""

AGAIN: Final = "your tests on the reference again"
"""The name of those runs (``caught_by_valid_tests`` finds them by it)."""

SECOND: Final = " (its second run)"
"""Each mutant's tests run twice, at places drawn at random; the second run's name ends so.
A mutant is caught only by a test that fails on both (a test failing by chance rarely does)."""


def _caught_by_reference_tests(source: str) -> bool:
    """Whether ``REFERENCE_TESTS`` (the grader's own appropriate tests) catch a Riskless text.

    Run in this process on trusted code (the reference's mutants, as the package holds them);
    the tests' imports of ``riskless`` and ``maps`` are resolved without touching
    ``sys.modules``. A mutant that does
    not even import is no fair test of anyone's tests: it counts as not caught.
    """
    maps = importlib.import_module("sml150.handouts.hw11.maps")
    module = types.ModuleType(RL)
    try:
        exec(compile(source, f"{RL}.py", "exec"), module.__dict__)  # trusted: the mutants
    except Exception:  # see above
        return False

    def resolve(name: str, *args: Any, **kwargs: Any) -> Any:
        found = {RL: module, "maps": maps}.get(name)
        return found if found is not None else builtins.__import__(name, *args, **kwargs)

    namespace: dict[str, Any] = {"__builtins__": {**vars(builtins), "__import__": resolve},
                                 "__name__": "test_riskless"}
    exec(compile(REFERENCE_TESTS, "test_riskless.py", "exec"), namespace)
    for name in sorted(namespace):
        if name.startswith("test_"):
            try:
                namespace[name]()
            except Exception:  # any failure catches the mutant
                return True
    return False


def hidden_riskless_mutants(rng: random.Random, count: int = HIDDEN_MUTANTS,
                            ) -> list[AstMutant]:
    """``count`` AST mutants of the Riskless rules (``RULES``), drawn with ``rng``.

    Each is caught by the grader's own tests (``REFERENCE_TESTS``), so appropriate tests can
    catch it. With a course secret the draw is the course's own (``seeded``): a student holding
    the package knows the family, never the members.

    >>> ms = hidden_riskless_mutants(random.Random(5006))
    >>> len(ms), all(m.function in RULES for m in ms)
    (3, True)
    """
    candidates = [m for m in generate(HOMEWORK, (RL,)) if m.function in RULES]
    rng.shuffle(candidates)
    out: list[AstMutant] = []
    for m in candidates:
        if len(out) == count:
            break
        if _caught_by_reference_tests(ast_mutant_source(m)):
            out.append(m)
    return out


def _student_tests_cases(rng: random.Random, hidden: bool) -> list[Case]:
    def case(name: str, riskless: str | None, *, kind: str = "", check: str = "tests_catch",
             arg: Json = None) -> Case:
        return Case(name, (_RUN_TESTS,), check, arg=arg, timeout=30.0, paths=_write_proxy,
                    companion=_served(riskless), quote=Q["tests"], hidden=hidden, kind=kind)

    def twice(name: str, riskless: str, kind: str = "") -> list[Case]:
        return [case(name, riskless, kind=kind), case(name + SECOND, riskless, kind=kind)]

    if hidden:
        bug = "a hidden bug in Riskless's rules"
        return [*(c for i, m in enumerate(hidden_riskless_mutants(rng))
                  for c in twice(f"your tests catch hidden bug {i + 1} in Riskless's rules",
                                 ast_mutant_source(m), bug)),
                *(case(f"{AGAIN} ({i + 1})", None, kind=bug) for i in range(REFERENCE_AGAIN))]
    return [case(f"your test_riskless.py has >= {MIN_STUDENT_TESTS} tests passing on the "
                 "reference Riskless", None, check="tests_pass", arg=MIN_STUDENT_TESTS),
            *(c for m in RISKLESS_MUTANTS
              for c in twice(f"your tests catch the mutant: {m.name.removeprefix('Riskless: ')}",
                             mutant_source(m)))]


def caught_by_valid_tests(outcomes: list[TestOutcome]) -> list[TestOutcome]:
    """Task 4.2: a mutant is caught only by a test that passes on the reference.

    The first outcome is the student's tests on the reference (``detail``: one bit per test
    function); the ones named ``AGAIN`` are the same tests on the reference again, run among
    the mutants at places drawn at random; each other one is the same tests on a mutant, and
    each mutant runs twice (the second named with ``SECOND``). A test failing on the
    reference is left out (it may check a choice of the student's own, such as the order of
    moves): it neither costs a point nor catches a mutant. A mutant is caught by a test that
    passes on the reference and fails on both of its runs. No mutant counts while fewer than
    ``MIN_STUDENT_TESTS`` tests pass on the reference, nor when the runs of the reference
    disagree (tests that pass or fail by chance, or by telling the runs apart, catch
    nothing), and passing on the reference counts only once a mutant is caught (nothing for
    nothing: tests that never call Riskless pass there). The runs of the reference again and
    the mutants' second runs carry no points of their own: they are folded into the result.

    >>> ref = TestOutcome("ref", True, "", False, detail=(1, 0, 1))
    >>> spurious = TestOutcome("m1", True, "", False, detail=(1, 0, 1))
    >>> real = TestOutcome("m2", True, "", False, detail=(0, 0, 1))
    >>> [o.passed for o in caught_by_valid_tests([ref, spurious, real])]
    [True, False, True]
    >>> [o.passed for o in caught_by_valid_tests([ref, spurious])]
    [False, False]
    >>> again = TestOutcome(f"{AGAIN} (1)", True, "", True, detail=(0, 0, 1))
    >>> [o.passed for o in caught_by_valid_tests([ref, real, again])]
    [False, False]
    >>> lucky = TestOutcome("m2" + SECOND, True, "", False, detail=(1, 0, 1))
    >>> [o.passed for o in caught_by_valid_tests([ref, real, lucky])]
    [False, False]
    """
    if not outcomes:
        return outcomes
    again = [o for o in outcomes[1:] if o.name.startswith(AGAIN)]
    seconds = {o.name.removesuffix(SECOND): o for o in outcomes[1:] if o.name.endswith(SECOND)}
    ref, rest = outcomes[0], [o for o in outcomes[1:]
                              if not o.name.startswith(AGAIN) and not o.name.endswith(SECOND)]
    if not ref.passed:
        return [ref, *(attrs.evolve(o, passed=False, reason="your tests must pass on the "
                                                            "reference first")
                       for o in rest)]
    # A run of the reference that answered (one the budget left unrun tells nothing) and
    # gave other bits than the first; a worker that died there counts as other bits.
    if any(o.detail != ref.detail and (o.detail or "not run" not in o.reason) for o in again):
        why = ("your tests gave different results on two runs of the reference: tests that "
               "pass or fail by chance (the clock, a set's order, the run they are in) "
               "catch nothing")
        return [attrs.evolve(o, passed=False, reason=why) for o in [ref, *rest]]
    out = [ref]
    for o in rest:
        second = seconds.get(o.name, o)  # (without a second run: the first, twice)
        if not o.detail or not second.detail:  # a run did not answer (the budget, a death)
            out.append(attrs.evolve(o, passed=False, reason=o.reason if not o.detail
                                    else second.reason))
            continue
        if not len(o.detail) == len(second.detail) == len(ref.detail):
            out.append(attrs.evolve(o, passed=False, reason="your tests changed between runs"))
            continue
        caught = any(r == 1 and m == 0 and n == 0
                     for r, m, n in zip(ref.detail, o.detail, second.detail, strict=True))
        out.append(attrs.evolve(o, passed=caught, reason=o.reason if caught else
                                "none of your tests that pass on the reference fails on it"))
    if not any(o.passed for o in out[1:]):
        out[0] = attrs.evolve(ref, passed=False, reason="your tests pass on the reference but "
                              "catch no broken Riskless: that alone earns nothing")
    return out


# -- alpha-beta and Jamboree (Step/Leaf values) ---------------------------------------------------


def _est(v: int | str) -> Json:
    if v == "min":
        return call(get(lib(EST), "MinnieWins"))
    if v == "max":
        return call(get(lib(EST), "MaxieWins"))
    return call(get(lib(EST), "Guess"), lit(v))


def _window(rng: random.Random, initial: bool = False) -> tuple[Json, str]:
    """A random (alpha, beta) of Step/Leaf values with alpha < beta, and how it prints.

    (The initial one with ``initial``, after the same draws.)
    """
    m = mod("alphabeta")
    kind = rng.choice(["initial", "initial", "low", "high", "both"])
    a, b = sorted(rng.sample(range(-5, 6), 2))
    lo: int | str = a if kind in ("low", "both") else "min"
    hi: int | str = b if kind in ("high", "both") else "max"

    def value(v: int | str) -> tuple[Json, str]:
        if v in ("min", "max") or rng.random() < 0.5:
            return call(get(m, "Leaf"), _est(v)), f"Leaf {v}"
        move = rng.randint(0, 2)
        return call(get(m, "Step"), lit(move), _est(v)), f"Step({move}, {v})"

    (ae, ash), (be, bsh) = value(lo), value(hi)
    if initial:
        (ae, ash), (be, bsh) = value("min"), value("max")
    return tup(ae, be), f"({ash}, {bsh})"


def _fg_case(title: str, which: str, player: Json, fn: str, *, d: int, state: Json,
             w: Json) -> Case:
    """``F``/``G`` checked against the handout's "Spec for αβ-pruning" (``_checks._fg``).

    The case's name says which kind of case it is (inside the window, or a cut), never the
    answer.
    """
    from sml150.grading._worker import encode
    from sml150.handouts.hw11.alphabeta import value_of

    alpha, beta = ref_value("hw11", w)
    mm = ref_value("hw11", call(get(player, fn), lit(d), state, w))
    lo, hi, v = value_of(alpha), value_of(beta), value_of(mm)
    moves = best_moves("hw11", player, state, d, w)
    kind = ("a value below the window" if v <= lo else "a cut: above the window" if v >= hi
            else "inside the window")
    if kind == "inside the window" and len(moves) > 1:
        kind += ", a tie"
    quote = (Q["ab_otherwise"] if kind.startswith("inside")
             else Q["ab_maxie"] if fn == "F" and kind.startswith("a value below")
             else Q["ab_minnie"] if fn == "G" and kind.startswith("a cut")
             else Q["ab_spec"])
    return Case(f"{title} ({kind})", (call(get(player, fn), lit(d), state, w),), "fg",
                arg={"alpha": encode(lo), "beta": encode(hi), "moves": moves,
                     "leaves": leaves_rule(which)}, quote=quote)


def _fg_cases(rng: random.Random, hidden: bool, which: str) -> list[Case]:
    """``F``/``G`` only where the handout lets a solution assume it.

    "the depth is non-zero, the status of s is In_play, and that Game.moves s evaluates to a
    non-empty sequence of valid moves"; each player's own states (F Maxie's, G Minnie's),
    windows with alpha < beta.
    """
    out = []
    for name, game, d in trees(rng, 10):
        p = percentage(rng, name) if which == "jamboree" else None
        player = player_expr(which, game, d, p)
        tag = f", p={p}" if p is not None else ""
        w, shown = _window(rng, name == BOUND_TIE_NAME)
        out.append(_fg_case(f"F {name}{tag}, root, d={d}, ab={shown}", which, player, "F",
                            d=d, state=get(game, "start"), w=w))
        if d >= 2:
            w, shown = _window(rng, name == BOUND_TIE_NAME)
            out.append(_fg_case(f"G {name}{tag}, child [0], d={d - 1}, ab={shown}", which,
                                player, "G", d=d - 1, state=child_state(game, [0]), w=w))
    if which == "jamboree" and not hidden:
        out.append(_figure5_case())
    return named(out, hidden)


def _figure5_case() -> Case:
    """Jamboree(0.5) on HandoutSmall: the handout's Figure 5 ("Overall choice: move 1").

    Its nine terminals in any order (the figure prints traces, which are optional; the leaves
    are what ``estimate`` prints).
    """
    player = player_expr("jamboree", HANDOUT_SMALL, 2, 0.5)
    start = get(HANDOUT_SMALL, "start")
    moves = best_moves("hw11", player, start, 2, get(player, "initial_ab"))
    return Case("next_move HandoutSmall, Jamboree(0.5), d=2: the handout's Figure 5",
                (call(get(player, "next_move"), start),), "eq_leaves_tie",
                arg={"moves": moves, "leaves": "multiset"}, quote=Q["jamboree"])


def _initial_cases(_rng: random.Random, hidden: bool, which: str) -> list[Case]:
    games = [("HandoutSmall", HANDOUT_SMALL, 2)] if not hidden else [("HandoutBig", HANDOUT_BIG, 4)]
    return named([Case(f"initial_ab ({name})", (get(player_expr(which, g, d, 0.5), "initial_ab"),),
                       quote=Q["initial_ab"])
                  for name, g, d in games], hidden)


TASKS: Final = (
    TaskSpec("2.1", "to_list", 2, seeded(_to_list_cases, 1)),
    TaskSpec("3.1", "get_neighbors", 3, seeded(_neighbors_cases, 2)),
    TaskSpec("3.2", "from_edge_seq", 5, seeded(_edges_cases, 3)),
    TaskSpec("3.3", "is_undirected", 5, seeded(_undirected_cases, 4)),
    TaskSpec("4.1", "Riskless", 40, seeded(_riskless_cases, 5), combine=gate_estimate),
    TaskSpec("4.2", "your Riskless tests", 5, seeded(_student_tests_cases, 6),
             combine=caught_by_valid_tests, first_gates=True, budgets=3.0),
    TaskSpec("5.1", "AlphaBeta initial_ab", 1,
             seeded(lambda r, h: _initial_cases(r, h, "alphabeta"), 7)),
    TaskSpec("5.2", "AlphaBeta F and G", 20,
             seeded(lambda r, h: _fg_cases(r, h, "alphabeta"), 8)),
    TaskSpec("5.3", "AlphaBeta next_move", 4,
             seeded(lambda r, h: next_move_cases(r, h, "alphabeta", "hw11"), 9)),
    TaskSpec("6.2", "Jamboree split_moves", 3,
             seeded(lambda r, h: split_cases(r, h, 8, "hw11"), 10)),
    TaskSpec("6.3", "Jamboree F and G", 10,
             seeded(lambda r, h: _fg_cases(r, h, "jamboree"), 11)),
    TaskSpec("6.4", "Jamboree next_move", 2,
             seeded(lambda r, h: next_move_cases(r, h, "jamboree", "hw11"), 12)),
)
"""HW11's autograded tasks in handout order, with the handout's points (percent)."""

SOLUTION_EXTRAS: Final = {"test_riskless.py": REFERENCE_TESTS}
"""Files a reference submission holds besides the modules (Task 4.2's tests)."""


_README_TEMPLATE: Final = """
## Task 4.2: your Riskless tests

Write your tests in `test_riskless.py` (a starting point is there): plain functions named
`test_...` that take no arguments, import from `riskless` and `maps`, and fail by raising (for
example with `assert`). The grader runs your test module with the *reference* Riskless in
place of yours: at least {need} of them must pass there (a test that fails there, for example
one that checks your own order of moves, does not count and costs nothing). It then runs them
against deliberately broken Riskless versions: {mutants} named ones (a battle tie won by the
defender, no army cap, ...) and {hidden} hidden ones, small bugs in the rules (the start, the
moves, a move's effect, the outcome) that appropriate tests catch; you get the points in
proportion to the broken versions that one of your tests passing on the reference fails on
(passing on the reference alone earns nothing). The runs come in an order drawn at random,
each broken version twice (a test must fail on both) and the reference three times: your
tests must give the same results on every run of the reference (tests that pass or fail by
chance catch nothing). The Riskless your
tests call runs in another process (its functions are called through the `riskless` module
you import, with the same names and types): test what it does, not its text. Only pass/fail
per test comes back, never your tests' output.
"""
"""The starter README's section on Task 4.2 (``{need}``, ``{mutants}``, ``{hidden}`` filled)."""

HOMEWORK: Final = Homework(
    "hw11", MODULES, TASKS, mutants=HW11_MUTANTS, solution_extras=SOLUTION_EXTRAS,
    starter_extras={"test_riskless.py": STARTER_TESTS},
    readme=_README_TEMPLATE.format(need=MIN_STUDENT_TESTS, mutants=len(RISKLESS_MUTANTS),
                                   hidden=HIDDEN_MUTANTS))
"""HW11 as the grader knows it."""
