"""HW11's tasks, points and tests (graphs, Riskless, AlphaBeta with Step/Leaf, Jamboree).

Seeds as in HW10 (public ``1000 + k``, hidden ``5000 + k``). Graph tasks run on random
connected undirected graphs (and directed ones for ``is_undirected``); ``to_list`` is also
checked for linear cost. Riskless runs on random legal states of the handout's maps plus crafted
battles (a tie goes to the attacker). ``F``/``G`` are checked for the value and the order of the
leaves estimated, on random trees with random windows.

Task 4.2 (the student's tests) is graded so: the submission's ``test_riskless.py`` holds at
least ``MIN_STUDENT_TESTS`` functions ``test_*``; each runs in a worker where ``riskless`` and
``maps`` are the *reference* (they must all pass), then in one worker per mutant of
``RISKLESS_MUTANTS`` (at least one must fail to catch it). Score: the share of those cases
passed, and no mutant counts while the tests fail on the reference. Only counts come back from
those workers: a test module sees the reference's code, so its output is never shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from sml150.grading._cases import (
    HANDOUT_BIG,
    HANDOUT_SMALL,
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
    SIG,
    call,
    callkw,
    child_state,
    get,
    lib,
    lit,
    mod,
    seq,
    to_expr,
    tup,
)
from sml150.grading._model import Case, TaskSpec, TestOutcome
from sml150.grading._mutants import AstMutant, Mutant, mutant_source
from sml150.grading._starter import ModuleSpec, reference_source, solution_source

__all__ = [
    "HW11_MUTANTS",
    "MIN_STUDENT_TESTS",
    "MODULES",
    "REFERENCE_TESTS",
    "RISKLESS_MUTANTS",
    "STARTER_TESTS",
    "TASKS",
]

Json = Any

_CHECKED: Final = ("Checked: with MM the minimax value at depth ``d``, alpha < MM < beta\n"
                    "        needs MM and a best move exactly; MM <= alpha any value <= alpha;\n"
                    "        MM >= beta any value >= beta (the handout fixes only the bound\n"
                    "        there); on the handout's trees with ``trace`` the printed lines are\n"
                    "        Figures 4 and 5, line by line.")
_TIE: Final = ("Ties among equal values of the parallel part and the bound reached:\n"
               "        any of the tied moves (the handout says only \"combine the max/min\").")

_CONTRACTS_AB: Final = (
    ("_AlphaBeta.F",
     """``F : int -> Game.state -> alphabeta -> value``: alpha-beta search of a Maxie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Maxie (else ``ValueError``); alpha < beta
        (else ``ValueError``).
        ENSURES: with MM the minimax value of ``s`` at depth ``d``: if alpha < MM < beta the
        result's value is MM, a ``Step`` with the first best move; if MM <= alpha it is <= alpha;
        if MM >= beta it is >= beta. A terminal (``d = 0`` or a finished game) gives ``Leaf``.
        """ + _CHECKED + """

        >>> from sml150.lib.explicit import HandoutSmall
        >>> AB = AlphaBeta(Settings(G=HandoutSmall, search_depth=2))
        >>> AB.F(2, HandoutSmall.start, AB.initial_ab)
        Estimating state c[3]
        ...
        Estimating state k[1]
        Step(move=1, est=Guess(n=4))
        """),
    ("_AlphaBeta.G",
     """``G : int -> Game.state -> alphabeta -> value``: alpha-beta search of a Minnie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Minnie (else ``ValueError``); alpha < beta
        (else ``ValueError``).
        ENSURES: as ``F``, dually. """ + _CHECKED + """
        """),
)

_CONTRACTS_JAMBOREE: Final = (
    ("",
     """``Jamboree``: HW11 Tasks 6.1-6.4, alpha-beta first, the rest logically parallel.

At each node the moves are split (``split_moves``): the first ``floor(prune_percentage * n)``
(``abmoves``) are searched one after another as ``AlphaBeta`` does, updating the bounds and
pruning; if nothing was pruned, every remaining move (``mmmoves``) is searched with the bounds
reached at that point (independently of each other; search them left to right so that traces
and leaves print in order) and the max (Maxie) or min (Minnie) of their values is combined with
the bound reached. """ + _TIE.replace("\n        ", "\n") + """

With ``trace``, a ``Result of`` line is marked ``(* Pruned *)`` when the node's result is a cut
(alpha >= beta for Maxie, beta <= alpha for Minnie), and the trace of Jamboree(0.5) on
HandoutSmall is Figure 5's (on HandoutBig, Figure 4's).
"""),
    ("_Jamboree.F",
     """``F : int -> Game.state -> alphabeta -> value``: Jamboree search of a Maxie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Maxie (else ``ValueError``); alpha < beta
        (else ``ValueError``).
        ENSURES: AlphaBeta's spec (MM if alpha < MM < beta; <= alpha if MM <= alpha; >= beta if
        MM >= beta): the ``abmoves`` are searched as AlphaBeta does; unless that pruned, every
        ``mmmove`` is searched with the alpha reached, and the result is the max of that alpha
        and their ``Step``s.
        """ + _TIE + """
        """ + _CHECKED + """
        """),
    ("_Jamboree.G",
     """``G : int -> Game.state -> alphabeta -> value``: Jamboree search of a Minnie state.

        REQUIRES: ``d >= 0``; ``Game.player s`` is Minnie (else ``ValueError``); alpha < beta.
        ENSURES: as ``F``, dually, with the min and the beta reached.
        """),
    ("_Jamboree.next_move", """``next_move : Game.state -> Game.move``.

        REQUIRES: ``s`` In_play (else ``ValueError``).
        ENSURES: a move of best minimax value at ``search_depth``. """ + _TIE + """
        """),
)

MODULES: Final = (
    ModuleSpec("graphseq", stubs=("to_list", "get_neighbors", "from_edge_seq", "is_undirected")),
    ModuleSpec("maps"),
    ModuleSpec("riskless", stubs=tuple(f"_Riskless.{n}" for n in (
        "start", "status", "moves", "make_move", "estimate")), brief=("tactical_estimate",)),
    ModuleSpec("alphabeta", stubs=tuple(f"_AlphaBeta.{n}" for n in (
        "initial_ab", "F", "G", "analyze", "next_move")), brief=("is_cut",),
        contracts=_CONTRACTS_AB),
    ModuleSpec("jamboree", stubs=tuple(f"_Jamboree.{n}" for n in (
        "initial_ab", "split_moves", "F", "G", "analyze", "next_move")),
        contracts=_CONTRACTS_JAMBOREE),
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
    out = []
    for k in ([0, 1, 2, 5] if not hidden else [3, 17, 100]):
        items = [rng.randint(-9, 9) for _ in range(k)]
        out.append(Case(f"to_list <{','.join(map(str, items))}>",
                        (call(get(mod(GS), "to_list"), seq(*(lit(x) for x in items))),)))
    out.append(Case("to_list of a sequence of pairs", (call(get(mod(GS), "to_list"), seq(
        tup(lit(1), lit("a")), tup(lit(2), lit("b")))),)))
    if hidden:
        to_list = get(mod(GS), "to_list")
        small, large = 20_000, 200_000
        out.append(Case(f"to_list is linear: {small} and {large} elements",
                        (["cpu", call(to_list, ["range", small])],
                         ["cpu", call(to_list, ["range", large])]), "linear", arg=30,
                        timeout=30.0))
    return named(out, hidden)


def _neighbors_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = [Case("get_neighbors <<1>,<0,3>,<3>,<1,2>> 1 (the handout's example)",
                (call(get(mod(GS), "get_neighbors"), _graph_expr([[1], [0, 3], [3], [1, 2]]),
                      lit(1)),))]
    small = _random_graph(rng, 4, 1)
    out.extend(Case(f"get_neighbors {_show_graph(small)} {v} (not a vertex)",  # not_in_graph
                    (call(get(mod(GS), "get_neighbors"), _graph_expr(small), lit(v)),))
               for v in ((4, -1) if not hidden else (-2, 5)))
    for _ in range(8):
        adj = _random_graph(rng, rng.randint(1, 9), rng.randint(0, 6))
        v = rng.choice([*range(len(adj)), len(adj), -1]) if rng.random() < 0.25 \
            else rng.randrange(len(adj))
        out.append(Case(f"get_neighbors {_show_graph(adj)} {v}",
                        (call(get(mod(GS), "get_neighbors"), _graph_expr(adj), lit(v)),),
                        "eq_unordered"))
    return named(out, hidden)


def _edges_cases(rng: random.Random, hidden: bool) -> list[Case]:
    ex = [(0, 1), (1, 0), (1, 2), (2, 1)]
    out = [Case("from_edge_seq <(0,1),(1,0),(1,2),(2,1)> 3 (the handout's example)",
                (call(get(mod(GS), "from_edge_seq"), seq(*(tup(lit(u), lit(v)) for u, v in ex)),
                      lit(3)),), "eq_unordered")]
    fes = get(mod(GS), "from_edge_seq")
    if not hidden:
        out.append(Case("from_edge_seq <> 0 (the empty graph)", (call(fes, seq(), lit(0)),)))
        out.append(Case("from_edge_seq <> 3 (no edges)", (call(fes, seq(), lit(3)),)))
        out.append(Case("from_edge_seq <(0,-1),(-1,0)> 2 raises not_in_graph (an endpoint off "
                        "the graph)", (call(fes, seq(tup(lit(0), lit(-1)), tup(lit(-1), lit(0))),
                                            lit(2)),)))
    else:
        out.append(Case("from_edge_seq <(0,1),(1,0)> -1 raises ValueError (a negative size)",
                        (call(fes, seq(tup(lit(0), lit(1)), tup(lit(1), lit(0))), lit(-1)),)))
        out.append(Case("from_edge_seq <(0,2),(2,0)> 2 raises not_in_graph (an endpoint off the "
                        "graph)", (call(fes, seq(tup(lit(0), lit(2)), tup(lit(2), lit(0))),
                                        lit(2)),)))
    for _ in range(8):
        n = rng.randint(1, 9)
        adj = _random_graph(rng, n, rng.randint(0, 6))
        edges = [(u, v) for u, ns in enumerate(adj) for v in ns]
        rng.shuffle(edges)
        shown = ",".join(f"({u},{v})" for u, v in edges)
        out.append(Case(f"from_edge_seq <{shown[:50]}> {n}",
                        (call(get(mod(GS), "from_edge_seq"),
                              seq(*(tup(lit(u), lit(v)) for u, v in edges)), lit(n)),),
                        "eq_unordered"))
    return named(out, hidden)


def _undirected_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out = [Case("is_undirected of the handout's Figure 1", (call(
        get(mod(GS), "is_undirected"), _graph_expr([[1], [2], [1, 3], [1, 2]])),))]
    bad = [[1], [0, -1]] if not hidden else [[2], [0], [0, 1, 3]]
    out.append(Case(f"is_undirected {_show_graph(bad)} raises not_in_graph (a neighbour off "
                    "the graph)", (call(get(mod(GS), "is_undirected"), _graph_expr(bad)),)))
    for i in range(10):
        adj = _random_graph(rng, rng.randint(2, 9), rng.randint(0, 6))
        if i % 2:
            u = rng.choice([u for u, ns in enumerate(adj) if ns])
            adj[u].pop(rng.randrange(len(adj[u])))  # now directed: (v, u) has no (u, v)
        out.append(Case(f"is_undirected {_show_graph(adj)}",
                        (call(get(mod(GS), "is_undirected"), _graph_expr(adj)),)))
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


def _riskless_cases(rng: random.Random, hidden: bool) -> list[Case]:
    out: list[Case] = [Case(f"start on {name}", (get(_game(name), "start"),))
                       for name in (("M1", "M2") if not hidden else ("Earth",))]
    for name, s in _playouts(rng, 8):
        out.append(Case(f"status on {name}: {_show(s)}",
                        (call(get(_game(name), "status"), to_expr(s)),)))
    ends = [("M1", {3: ("X", 2)}, "Minnie", "Minnie has no territory"),
            ("M1", {0: ("O", 9), 1: ("O", 9), 2: ("O", 9), 3: ("O", 9), 4: ("O", 9),
                    5: ("X", 1)}, "Maxie", "Minnie reaches max_units"),
            ("M2", {i: ("X" if i < 8 else "O", 10) for i in range(16)}, "Maxie",
             "both reach max_units: a draw"),
            ("M1", {0: ("X", 9), 1: ("X", 9), 2: ("X", 9), 3: ("X", 9), 4: ("X", 4),
                    5: ("O", 1)}, "Minnie", "Maxie reaches max_units exactly"),
            ("M1", {0: ("X", 9), 1: ("X", 9), 2: ("X", 9), 3: ("X", 9), 4: ("X", 3),
                    5: ("O", 1)}, "Minnie", "Maxie one army short of max_units"),
            ("M1", {2: ("O", 3)}, "Maxie", "Maxie has no territory, Minnie one")]
    for name, cells, player, why in ends:
        s = _crafted(name, cells, player)
        out.append(Case(f"status on {name} when {why}",
                        (call(get(_game(name), "status"), to_expr(s)),)))
    for name, s in _playouts(rng, 6, finished=False):  # REQUIRES In_play (the GAME signature)
        out.append(Case(f"moves on {name}: {_show(s)}",
                        (call(get(_game(name), "moves"), to_expr(s)),)))
    for name, s in _playouts(rng, 8, finished=False):
        g = _ref_game(name)
        m = rng.choice(list(g.moves(s)))
        out.append(Case(f"make_move {m} on {name}: {_show(s)}",
                        (call(get(_game(name), "make_move"), to_expr(s), to_expr(m)),)))
    for name, s, m, why in [("M1", _ref_game("M1").start, (0, 1), "from Minnie's territory"),
                            ("M1", _ref_game("M1").start, (3, 0), "to a territory not adjacent")
                            ][hidden:]:
        out.append(Case(f"make_move of an invalid move ({why}) raises InvalidMove",
                        (call(get(_game(name), "make_move"), to_expr(s), to_expr(m)),)))
    for name, s, m, why in _battles():
        out.append(Case(f"make_move {m} on {name}, {why}",
                        (call(get(_game(name), "make_move"), to_expr(s), to_expr(m)),)))
    for name, s in _playouts(rng, 3):
        e = call(get(_game(name), "estimate"), to_expr(s))
        out.append(Case(f"estimate returns an estimate, the same twice: {_show(s)}", (e, e),
                        "valid_est", arg="same"))
    for name, cells, player, why in ends[:3] if not hidden else ends[1:4] + ends[5:]:
        s = _crafted(name, cells, player)
        out.append(Case(f"estimate of a finished game is its outcome's value: {name} when {why}",
                        (call(get(_game(name), "estimate"), to_expr(s)),), "valid_est",
                        arg="exact"))
    for name, s in _playouts(rng, 1, finished=False):
        g = _game(name)
        out.append(Case(f"estimate creates no state (make_move not called): {_show(s)}",
                        (["spy", g, "make_move", call(get(g, "estimate"), to_expr(s))],),
                        "spy_none"))
    return named(out, hidden)


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
"""The Riskless bugs a student's tests must catch (Task 4.2); as a submission, each breaks 4.1.

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
              "AlphaBeta: initial_ab is None", {"5.1", "5.2", "5.3"}),
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


def _write_impl(directory: Path, patches: dict[str, str]) -> list[Path]:
    impl = directory / "impl"
    impl.mkdir(parents=True, exist_ok=True)
    for name in ("riskless", "maps"):
        text = patches.get(name) or reference_source("hw11", name)
        (impl / f"{name}.py").write_text(solution_source(text), encoding="utf-8")
    return [impl]


_RUN_TESTS: Final = ["run_tests", "test_riskless"]


def _student_tests_cases(_rng: random.Random, hidden: bool) -> list[Case]:
    if hidden:
        return []
    out = [Case(f"your test_riskless.py has >= {MIN_STUDENT_TESTS} tests, all passing on the "
                "reference Riskless", (_RUN_TESTS,), "tests_pass", arg=MIN_STUDENT_TESTS,
                timeout=30.0, paths=lambda d: _write_impl(d, {}))]
    out.extend(Case(f"your tests catch the mutant: {m.name.removeprefix('Riskless: ')}",
                    (_RUN_TESTS,), "tests_catch", timeout=30.0, paths=_mutant_dirs(m))
               for m in RISKLESS_MUTANTS)
    return out


def _mutant_dirs(m: Mutant) -> Callable[[Path], list[Path]]:
    def write(directory: Path) -> list[Path]:
        return _write_impl(directory, {RL: mutant_source(m)})

    return write


def _require_reference_pass(outcomes: list[TestOutcome]) -> list[TestOutcome]:
    """No mutant counts as caught while the tests fail on the reference."""
    if not outcomes or outcomes[0].passed:
        return outcomes
    return [outcomes[0], *(TestOutcome(o.name, False, "your tests must pass on the reference "
                                                      "first", o.hidden) for o in outcomes[1:])]


# -- alpha-beta and Jamboree (Step/Leaf values) ---------------------------------------------------


def _est(v: int | str) -> Json:
    if v == "min":
        return call(get(lib(EST), "MinnieWins"))
    if v == "max":
        return call(get(lib(EST), "MaxieWins"))
    return call(get(lib(EST), "Guess"), lit(v))


def _window(rng: random.Random) -> tuple[Json, str]:
    """A random (alpha, beta) of Step/Leaf values with alpha < beta, and how it prints."""
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
    return tup(ae, be), f"({ash}, {bsh})"


def _fg_case(title: str, which: str, player: Json, fn: str, *, d: int, state: Json,
             w: Json) -> Case:
    """``F``/``G`` checked against the contract (see ``_checks._fg``).

    The case's name says which kind of case it is (inside the window, or a cut), never the
    answer.
    """
    from sml150.grading._worker import encode
    from sml150.handouts.hw11.alphabeta import value_of

    alpha, beta = ref_value("hw11", w)
    mm = ref_value("hw11", call(get(player, fn), lit(d), state, w))
    lo, hi, v = value_of(alpha), value_of(beta), value_of(mm)
    moves = tied_moves("hw11", player, state, d, w) if which == "jamboree" and d >= 1 else []
    kind = ("a value below the window" if v <= lo else "a cut: above the window" if v >= hi
            else "inside the window")
    if kind == "inside the window" and len(moves) > 1:
        kind += ", a tie in the parallel part"
    return Case(f"{title} ({kind})", (call(get(player, fn), lit(d), state, w),), "fg",
                arg={"alpha": encode(lo), "beta": encode(hi), "moves": moves})


def _fg_cases(rng: random.Random, hidden: bool, which: str) -> list[Case]:
    out = []
    for name, game, d in trees(rng, 9):
        p = rng.choice(PERCENTAGES) if which == "jamboree" else None
        player = player_expr(which, game, d, p)
        tag = f", p={p}" if p is not None else ""
        w, shown = _window(rng)
        out.append(_fg_case(f"F {name}{tag}, root, d={d}, ab={shown}", which, player, "F",
                            d=d, state=get(game, "start"), w=w))
        if d >= 1:
            w, shown = _window(rng)
            out.append(_fg_case(f"G {name}{tag}, child [0], d={d - 1}, ab={shown}", which,
                                player, "G", d=d - 1, state=child_state(game, [0]), w=w))
    out.extend(_trace_cases(which, hidden))
    out.extend(_precondition_cases(which, hidden))
    return named(out, hidden)


def _precondition_cases(which: str, hidden: bool) -> list[Case]:
    """``F``/``G`` raise ``ValueError`` on the wrong player or ``alpha >= beta``.

    (As the starter docstrings promise.)
    """
    player = player_expr(which, HANDOUT_SMALL, 2, 0.5 if which == "jamboree" else None)
    start, child = get(HANDOUT_SMALL, "start"), child_state(HANDOUT_SMALL, [0])
    init = get(player, "initial_ab")
    if not hidden:
        return [Case("F on a Minnie state raises ValueError", (call(get(player, "F"), lit(1),
                                                                    child, init),)),
                Case("G on a Maxie state raises ValueError", (call(get(player, "G"), lit(2),
                                                                   start, init),))]
    m = mod("alphabeta")
    swapped = tup(call(get(m, "Leaf"), _est("max")), call(get(m, "Leaf"), _est("min")))
    same = tup(call(get(m, "Leaf"), _est(2)), call(get(m, "Step"), lit(0), _est(2)))
    return [Case("F with alpha > beta raises ValueError",
                 (call(get(player, "F"), lit(2), start, swapped),)),
            Case("G with alpha = beta raises ValueError",
                 (call(get(player, "G"), lit(1), child, same),))]


_FIGURES: Final = {
    ("alphabeta", False): [("HandoutBig", HANDOUT_BIG, 4, "Figure 4")],
    ("alphabeta", True): [("HandoutSmall", HANDOUT_SMALL, 2, "Figure 5 (AlphaBeta)")],
    ("jamboree", False): [("HandoutSmall", HANDOUT_SMALL, 2, "Figure 5 (Jamboree 0.5)")],
    ("jamboree", True): [("HandoutBig", HANDOUT_BIG, 4, "Figure 4 (Jamboree 0.5 as AlphaBeta)")],
}


def _trace_cases(which: str, hidden: bool) -> list[Case]:
    """The handout's traces line by line, and silence when ``trace`` is off.

    The ``F:``/``G:``/``Estimating``/``Result of`` lines, the ``(* Pruned *)`` marks, and
    ``Terminals visited`` are compared.
    """
    out = []
    for name, game, d, figure in _FIGURES[which, hidden]:
        args = [game, lit(d)] + ([lit(0.5)] if which == "jamboree" else [])
        cls = "JamboreeSettings" if which == "jamboree" else "Settings"
        module = "jamboree" if which == "jamboree" else "alphabeta"
        ctor = "Jamboree" if which == "jamboree" else "AlphaBeta"
        for trace in (True, False):
            settings = callkw(get(lib(SIG), cls), args, {"trace": lit(trace)})
            player = call(get(mod(module), ctor), settings)
            what = f"the trace of {figure}" if trace else "no trace lines when trace=False"
            moves = (tied_moves("hw11", player, get(game, "start"), d, get(player, "initial_ab"))
                     if which == "jamboree" else [])
            out.append(Case(f"next_move {name}, d={d}: {what}",
                            (call(get(player, "next_move"), get(game, "start")),), "trace",
                            arg={"figure": figure if trace else "trace=False", "moves": moves}))
    return out


def _finished_cases(hidden: bool, which: str) -> list[Case]:
    """``next_move`` of a finished Riskless game raises ``ValueError``.

    (REQUIRES In_play, as the starter docstring says.)
    """
    if not hidden:
        return []
    s = _crafted("M1", {3: ("X", 2)}, "Minnie")
    game = _game("M1")
    settings = (call(get(lib(SIG), "JamboreeSettings"), game, lit(2), lit(0.5))
                if which == "jamboree" else call(get(lib(SIG), "Settings"), game, lit(2)))
    player = call(get(mod(which), "Jamboree" if which == "jamboree" else "AlphaBeta"), settings)
    return named([Case("next_move of a finished game raises ValueError (REQUIRES In_play)",
                       (call(get(player, "next_move"), to_expr(s)),))], hidden)


def _initial_cases(_rng: random.Random, hidden: bool, which: str) -> list[Case]:
    games = [("HandoutSmall", HANDOUT_SMALL, 2)] if not hidden else [("HandoutBig", HANDOUT_BIG, 4)]
    return named([Case(f"initial_ab ({name})", (get(player_expr(which, g, d, 0.5), "initial_ab"),))
                   for name, g, d in games], hidden)


TASKS: Final = (
    TaskSpec("2.1", "to_list", 2, seeded(_to_list_cases, 1)),
    TaskSpec("3.1", "get_neighbors", 3, seeded(_neighbors_cases, 2)),
    TaskSpec("3.2", "from_edge_seq", 5, seeded(_edges_cases, 3)),
    TaskSpec("3.3", "is_undirected", 5, seeded(_undirected_cases, 4)),
    TaskSpec("4.1", "Riskless", 40, seeded(_riskless_cases, 5)),
    TaskSpec("4.2", "your Riskless tests", 5, seeded(_student_tests_cases, 6),
             combine=_require_reference_pass),
    TaskSpec("5.1", "AlphaBeta initial_ab", 1,
             seeded(lambda r, h: _initial_cases(r, h, "alphabeta"), 7)),
    TaskSpec("5.2", "AlphaBeta F and G", 20,
             seeded(lambda r, h: _fg_cases(r, h, "alphabeta"), 8)),
    TaskSpec("5.3", "AlphaBeta next_move", 4,
             seeded(lambda r, h: next_move_cases(r, h, "alphabeta", "hw11")
                    + _finished_cases(h, "alphabeta"), 9)),
    TaskSpec("6.2", "Jamboree split_moves", 3, seeded(lambda r, h: split_cases(r, h, 8), 10)),
    TaskSpec("6.3", "Jamboree F and G", 10,
             seeded(lambda r, h: _fg_cases(r, h, "jamboree"), 11)),
    TaskSpec("6.4", "Jamboree next_move", 2,
             seeded(lambda r, h: next_move_cases(r, h, "jamboree", "hw11")
                    + _finished_cases(h, "jamboree"), 12)),
)
"""HW11's autograded tasks in handout order, with the handout's points (percent)."""

SOLUTION_EXTRAS: Final = {"test_riskless.py": REFERENCE_TESTS}
"""Files a reference submission holds besides the modules (Task 4.2's tests)."""
