"""The engine (``sml150.search``) against the peers a user would pick instead, in one run.

Same machine, same process, same work; each figure is the median of ``--repeat`` runs, and the
ratios (peer time / engine time) are what to compare across machines:

- **3×3 Tic-Tac-Toe solved** from the empty board (a draw): the engine (PVS to the end, private
  table, ``KInARow`` hooks; and without the hooks, through the plain GAME members) against
  OpenSpiel's Python ``alpha_beta_search`` on its ``tic_tac_toe``, aima3's ``alphabeta_search``
  and easyAI's ``Negamax`` with its transposition table. Positions = positions entered (the root
  included).
- **4×4 Tic-Tac-Toe, four in a row, solved** (a draw): the engine against easyAI's ``Negamax``
  with its transposition table (aima3 and OpenSpiel have no table and do not finish in minutes).
- **``sml150 solve kinarow:N``** beside them, as the command runs it: its search alone
  (``--score-only``; the goal is within 1.2× of the library's ``pvs`` in positions and time) and
  with every best move and the principal variation found after it.
- **The pure build against the compiled one** (mypyc, issue 31; each in a process of its own,
  ``SML150_COMPILE``): ``pvs`` solving 3×3 and 4×4 Tic-Tac-Toe and searching Connect Four 7×6 to
  depth 10 from the empty board, and ``sml150 solve kinarow:4 --score-only``; the same positions
  and values on both (checked), the ratio pure / compiled (the goal: 4× or more on 4×4 and on
  Connect Four). The peers' tables run on the build of this process, named in the header.
- **Leaves explored vs the Knuth–Moore minimal tree** ``b^ceil(d/2) + b^floor(d/2) - 1`` on random
  uniform trees (explicit ``GameTree``s, distinct leaf values), with perfect ordering (every
  node's best child first) and with random ordering, for alpha-beta, PVS and MTD(f).

    nice .venv/bin/python benchmarks/engine_vs_peers.py [--repeat 5] [--skip-4x4] [--builds-only]

Positions are counted in a separate, untimed pass of each peer (a counting wrapper around a
peer's ``result`` or ``make_move`` would add to the time it measures: 18-23% on these peers);
the engine counts in its own counters, which are part of every search it makes. Every row
carries the load average when it was measured, and the header the machine. A peer missing from
the environment gets a loud ``MISSING`` line and no figure (they come with the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import attrs

from benchmarks._builds import BUILDS, compiled_build, emit, measure
from benchmarks._context import load, machine, missing
from sml150.cli._solve import solve_position
from sml150.games.connect4 import ConnectFour7x6
from sml150.games.tictactoe import KInARow
from sml150.lib.explicit import Esti, ExplicitGame, GameTree, Node
from sml150.search import SearchOptions, alphabeta, mtdf, pvs

Run = Callable[[], tuple[int, str]]
"""One solve: returns (positions entered, the value found, as text)."""


@attrs.frozen
class Peer:
    """A solver measured two ways: ``timed`` runs as a user would (no counting), ``counted``
    once, untimed, to count the positions it enters."""

    timed: Callable[[], str]
    """One solve; the value found, as text."""
    counted: Callable[[], int]
    """One solve with a counting wrapper; the positions entered (the root included)."""


def engine_peer(run: Run) -> Peer:
    """The engine counts in its own counters: the timed run is the counted one."""
    return Peer(lambda: run()[1], lambda: run()[0])


def median_of(repeat: int, peer: Peer) -> tuple[int, float, float, str]:
    """(positions, median wall seconds, median CPU seconds, value) over ``repeat`` timed runs,
    the positions from one more, untimed, counted run.

    CPU time is the process's own: on a machine shared with other jobs it is the steadier
    figure; wall time includes waiting for a core.
    """
    times, cpus = [], []
    value = ""
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        value = peer.timed()
        times.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return peer.counted(), statistics.median(times), statistics.median(cpus), value


# -- the engine ---------------------------------------------------------------------------------

def engine_solve(n: int, hooks: bool = True) -> Run:
    g = KInARow(n, n)
    options = SearchOptions(hooks=hooks)

    def run() -> tuple[int, str]:
        r = pvs(g, g.start, options=options)
        return r.stats.nodes, r.describe()

    return run


def command_solve(n: int, analyse: bool) -> Run:
    """``sml150 solve kinarow:N`` as the command runs it (``analyse=False``: ``--score-only``).

    Its positions are the command's search alone (its ``nodes``), so the row sits beside the
    library's ``pvs``; with ``analyse`` the time also covers finding every best move and the PV.
    """
    def run() -> tuple[int, str]:
        o = solve_position(f"kinarow:{n}", "", analyse=analyse)
        return o.nodes, o.result

    return run


# -- OpenSpiel ----------------------------------------------------------------------------------

def openspiel_ttt() -> Peer | None:
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]  # an optional peer, without type information
        from open_spiel.python.algorithms import minimax  # type: ignore[import-untyped, import-not-found, unused-ignore]  # an optional peer, without type information
    except Exception:
        return None
    game = pyspiel.load_game("tic_tac_toe")
    inner = minimax._alpha_beta
    count = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return inner(*args, **kwargs)

    def timed() -> str:
        value, _action = minimax.alpha_beta_search(game)
        return f"{value:+g} for the first player"

    def positions() -> int:
        count[0] = 0
        minimax._alpha_beta = counted
        try:
            minimax.alpha_beta_search(game)
        finally:
            minimax._alpha_beta = inner
        return count[0]

    return Peer(timed, positions)


# -- aima3 --------------------------------------------------------------------------------------

def aima3_ttt() -> Peer | None:
    try:
        from aima3.games import TicTacToe as AimaTicTacToe  # type: ignore[import-untyped, unused-ignore]  # an optional peer, without type information
        from aima3.games import alphabeta_search  # type: ignore[import-untyped, unused-ignore]  # an optional peer, without type information
    except Exception:
        return None

    class Counted(AimaTicTacToe):  # type: ignore[misc]  # the peer's class is untyped (Any)
        """aima3's game, counting the positions a search enters (one per ``result``)."""

        positions = 0

        def result(self, state: Any, move: Any) -> Any:
            Counted.positions += 1
            return super().result(state, move)

    def timed() -> str:
        game = AimaTicTacToe()
        return f"plays {alphabeta_search(game.initial, game)}"

    def positions() -> int:
        game = Counted()
        Counted.positions = 1
        alphabeta_search(game.initial, game)
        return Counted.positions

    return Peer(timed, positions)


# -- easyAI -------------------------------------------------------------------------------------

def easyai_ttt(n: int) -> Peer | None:
    try:
        from easyAI import Negamax, TwoPlayerGame  # type: ignore[import-untyped, unused-ignore]  # an optional peer, without type information
        from easyAI.AI import TranspositionTable  # type: ignore[import-untyped, unused-ignore]  # an optional peer, without type information
    except Exception:
        return None
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    lines += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    count = [0]

    class TTT(TwoPlayerGame):  # type: ignore[misc]  # the peer's class is untyped (Any)
        """easyAI's TicTacToe example for an n×n board (n in a row), with a TT entry."""

        def __init__(self, players: Any) -> None:
            self.players = players
            self.board = [0] * (n * n)
            self.current_player = 1

        def possible_moves(self) -> list[int]:
            return [i for i, e in enumerate(self.board) if e == 0]

        def make_move(self, move: int) -> None:
            self.board[move] = self.current_player

        def unmake_move(self, move: int) -> None:
            self.board[move] = 0

        def lose(self) -> bool:
            b, p = self.board, self.opponent_index
            return any(all(b[c] == p for c in line) for line in lines)

        def is_over(self) -> bool:
            return self.possible_moves() == [] or self.lose()

        def scoring(self) -> int:
            return -100 if self.lose() else 0

        def ttentry(self) -> tuple[int, ...]:
            return (*self.board, self.current_player)

    class Counted(TTT):
        """The same game, counting the positions the search enters (one per ``make_move``)."""

        def make_move(self, move: int) -> None:
            count[0] += 1
            super().make_move(move)

    def timed() -> str:
        return f"plays {Negamax(n * n, tt=TranspositionTable())(TTT([None, None]))}"

    def positions() -> int:
        count[0] = 1
        Negamax(n * n, tt=TranspositionTable())(Counted([None, None]))
        return count[0]

    return Peer(timed, positions)


# -- Knuth–Moore --------------------------------------------------------------------------------

def uniform_tree(b: int, d: int, rnd: random.Random, perfect: bool) -> GameTree:
    """A uniform tree with distinct random leaf values; ``perfect``: best child first."""
    values = iter(rnd.sample(range(-10 * b**d, 10 * b**d), b**d))

    def build(depth: int, maxie: bool) -> tuple[GameTree, int]:
        if depth == 0:
            v = next(values)
            return Esti("e", v), v
        kids = [build(depth - 1, not maxie) for _ in range(b)]
        if perfect:
            kids.sort(key=lambda kv: -kv[1] if maxie else kv[1])
        else:
            rnd.shuffle(kids)
        best = max(v for _, v in kids) if maxie else min(v for _, v in kids)
        return Node("n", [t for t, _ in kids]), best

    return build(d, True)[0]


def knuth_moore(seeds: int) -> None:
    print("\nLeaves explored on random uniform trees vs the Knuth-Moore minimal tree "
          f"(mean over {seeds} trees; no table, but MTD(f) with its own; counts, no times;"
          f" {load()})")
    print(f"{'b':>2} {'d':>2} {'ordering':<9} {'minimal':>8} {'all':>8} "
          f"{'alphabeta':>10} {'pvs':>8} {'mtdf':>8} {'ab/minimal':>11}")
    for b, d in ((3, 6), (4, 5), (5, 4), (8, 4)):
        minimal = b ** -(-d // 2) + b ** (d // 2) - 1
        for perfect in (True, False):
            sums = {"alphabeta": 0, "pvs": 0, "mtdf": 0}
            for seed in range(seeds):
                tree = uniform_tree(b, d, random.Random(seed), perfect)
                g = ExplicitGame(tree)
                with contextlib.redirect_stdout(io.StringIO()):
                    sums["alphabeta"] += alphabeta(g, g.start, d, tt=False).stats.leaves
                    sums["pvs"] += pvs(g, g.start, d, tt=False).stats.leaves
                    sums["mtdf"] += mtdf(g, g.start, d).stats.leaves
            mean = {k: v / seeds for k, v in sums.items()}
            print(f"{b:>2} {d:>2} {'perfect' if perfect else 'random':<9} {minimal:>8} "
                  f"{b**d:>8} {mean['alphabeta']:>10.1f} {mean['pvs']:>8.1f} "
                  f"{mean['mtdf']:>8.1f} {mean['alphabeta'] / minimal:>11.2f}")


# -- main -----------------------------------------------------------------------------------------

def table(title: str, repeat: int, rows: list[tuple[str, str, Peer | None]]) -> None:
    print(f"\n{title} (median of {repeat} timed runs; positions from an untimed counted run)")
    print(f"{'engine':<36} {'positions':>10} {'wall s':>9} {'CPU s':>9} {'wall ratio':>10}"
          f" {'CPU ratio':>10}  {'load':<9} value")
    base: tuple[float, float] | None = None
    for name, package, peer in rows:
        if peer is None:
            print(f"{name:<36} {missing(package)}")
            continue
        n, t, c, value = median_of(repeat, peer)
        if base is None:
            base = (t, c)
        print(f"{name:<36} {n:>10,} {t:>9.4f} {c:>9.4f} {t / base[0]:>9.1f}x"
              f" {c / max(base[1], 1e-9):>9.1f}x  {load():<9} {value}")


# -- the two builds ------------------------------------------------------------------------------

def build_works() -> list[tuple[str, Run]]:
    """The searches the builds are compared on (each returns its positions and value)."""
    def connect_four() -> tuple[int, str]:
        r = pvs(ConnectFour7x6, ConnectFour7x6.start, 10)
        return r.stats.nodes, f"{r.describe()}, move {r.move + 1}"

    return [
        ("pvs, 3x3 Tic-Tac-Toe solved", engine_solve(3)),
        ("pvs, 4x4 Tic-Tac-Toe solved", engine_solve(4)),
        ("pvs, Connect Four 7x6 depth 10", connect_four),
        ("sml150 solve kinarow:4 --score-only", command_solve(4, analyse=False)),
    ]


def child_builds(repeat: int) -> None:
    """(In a child process) each work's median times on this process's build, as JSON lines."""
    import sml150

    for name, run in build_works():
        run()  # warm: the first search imports and builds what later ones reuse
        n, t, c, value = median_of(repeat, engine_peer(run))
        emit({"work": name, "build": sml150.build().describe(), "nodes": n, "wall": t, "cpu": c,
              "value": value, "load": load()})


def builds_table(repeat: int) -> None:
    print(f"\nThe two builds, each in a process of its own (median of {repeat} timed runs,"
          " CPU seconds; wall in parentheses)")
    can, words = compiled_build()
    print(f"compiled build: {words}" if can else
          f"MISSING: the compiled build cannot run here ({words}): no figure for it")
    found = {b: {r["work"]: r for r in measure("benchmarks.engine_vs_peers",
                                               ["--child-builds", str(repeat)], b == "compiled")}
             for b in (BUILDS if can else BUILDS[:1])}
    print(f"{'work':<38} {'positions':>10} {'pure s':>18} {'compiled s':>18}"
          f" {'pure/compiled':>13}  load (pure / compiled)")
    for name, _run in build_works():
        pure, comp = found["pure"][name], found.get("compiled", {}).get(name)
        same = comp is None or (comp["nodes"], comp["value"]) == (pure["nodes"], pure["value"])
        cells = [f"{r['cpu']:.4f} ({r['wall']:.4f})" if r else "-" for r in (pure, comp)]
        ratio = "-" if comp is None else f"{pure['cpu'] / comp['cpu']:.1f}x"
        loads = " / ".join(r["load"] for r in (pure, comp) if r)
        print(f"{name:<38} {pure['nodes']:>10,} {cells[0]:>18} {cells[1]:>18} {ratio:>13}"
              f"  {loads}{'' if same else '  DIFFERENT positions or value: ' + str(comp)}",
              flush=True)


def main() -> None:
    import sml150

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (median counts)")
    parser.add_argument("--repeat-4x4", type=int, default=3, help="runs of each 4x4 solve")
    parser.add_argument("--skip-4x4", action="store_true", help="skip the 4x4 solves")
    parser.add_argument("--trees", type=int, default=20, help="random trees per Knuth-Moore row")
    parser.add_argument("--builds-only", action="store_true",
                        help="only the table of the two builds")
    parser.add_argument("--child-builds", type=int, metavar="REPEAT",
                        help="(internal) the builds' works on this process's build, as JSON")
    args = parser.parse_args()
    if args.child_builds is not None:
        child_builds(args.child_builds)
        return
    print(f"machine: {machine()}")
    builds_table(args.repeat)
    if args.builds_only:
        return
    print(f"\nThe peers' tables: the engine on the {sml150.build().describe()} build")
    table("3x3 Tic-Tac-Toe solved from the empty board", args.repeat, [
        ("sml150.search pvs (table, hooks)", "", engine_peer(engine_solve(3))),
        ("sml150.search pvs (table, no hooks)", "", engine_peer(engine_solve(3, hooks=False))),
        ("sml150 solve --score-only", "", engine_peer(command_solve(3, analyse=False))),
        ("sml150 solve (+ best moves, PV)", "", engine_peer(command_solve(3, analyse=True))),
        ("OpenSpiel alpha_beta_search", "open_spiel", openspiel_ttt()),
        ("aima3 alphabeta_search", "aima3", aima3_ttt()),
        ("easyAI Negamax + TT", "easyAI", easyai_ttt(3)),
    ])
    if not args.skip_4x4:
        table("4x4 Tic-Tac-Toe (4 in a row) solved from the empty board", args.repeat_4x4, [
            ("sml150.search pvs (table, hooks)", "", engine_peer(engine_solve(4))),
            ("sml150 solve --score-only", "", engine_peer(command_solve(4, analyse=False))),
            ("sml150 solve (+ best moves, PV)", "", engine_peer(command_solve(4, analyse=True))),
            ("easyAI Negamax + TT", "easyAI", easyai_ttt(4)),
        ])
    knuth_moore(args.trees)


if __name__ == "__main__":
    main()
