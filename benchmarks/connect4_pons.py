"""Connect Four: Pons' test sets solved exactly, on both builds, and against the peers.

Part 1 solves Pascal Pons' benchmark sets (tests/data/connect4/) with ``sml150.games``' solver
(``solve(..., analyse=False)``: the score only, as Pons measures), on the pure-Python build and
on the compiled one (mypyc, issue 31; each in a process of its own, ``SML150_COMPILE``), and
checks every exact score. It prints the mean positions explored beside Pons' published means
for his final C++ solver (51.3 / 449.6 / 3,298 for L3_R1 / L2_R1 / L1_R1; target: within 1.5x)
and the mean CPU time of a solve beside his published mean times (4.6 / 37.5 / 254.6 us a
position: End-Easy, Middle-Easy, Begin-Easy). The times are the solves alone, as Pons times
them (the move strings parsed before, untimed; their parsing is printed apart); CPU time is the
process's own, which on an idle machine is the wall time (both are printed). Targets: the
pure build within 2 ms / 20 ms / 0.2 s a position, the compiled one within 2x Pons' times.

Part 2 runs, in the same process (the build this process runs, printed), the searches a user
would pick instead, on the same work:

- depth 8 from the empty 7x6 board: the engine (``sml150.search.alphabeta`` with Connect
  Four's hooks and heuristic), easyAI's ``Negamax(8)`` with its transposition table on easyAI's
  own ConnectFour example game (``ttentry`` added), and OpenSpiel's Python
  ``alpha_beta_search`` on ``pyspiel.load_game("connect_four")`` with a centre-column heuristic.
  Each library uses its own evaluation at the horizon, so node counts differ in kind; the
  time is the comparable figure.
- Pons' Test_L3_R1 on a small sample: easyAI's ``Negamax`` to the end of the game (exact
  scores, recovered from its depth bonus) and OpenSpiel's ``alpha_beta_search`` to the end
  (win/draw/loss only), each capped in positions and seconds, against our solver on the same
  positions.

Ratios are peer time / our time (above 1: we are faster). The sample of Test_L3_R1 is named in
the output (``--sample every:50``, the default, ``first:100`` or ``all``): the ratios depend on
it (end-game positions differ in how much a peer's missing table costs it). Every figure says
what it includes (score only; the solver's best moves and PV are not computed here), and every
row carries the load average when it was measured; the header names the machine. Positions are
the solver's own counters (no counting wrapper slows any timed run). A peer that is not
installed gets a loud ``MISSING`` line, and so does a compiled build that cannot run here.

Run: ``nice .venv/bin/python benchmarks/connect4_pons.py`` (about 1-2 minutes on an idle
2-core machine, most of it the pure build's Test_L1_R1); ``--l1 N`` solves only the first N
positions of Test_L1_R1, ``--quick`` uses 100 positions per set and the smallest peer samples,
``--no-peers`` skips part 2, ``--build pure|compiled`` measures one build only.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks._builds import BUILDS, compiled_build, emit, measure
from benchmarks._context import load, machine, missing
from sml150.games.connect4 import ConnectFour7x6
from sml150.games.connect4_solver import solve

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "connect4"
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L1_R1")
PONS = {"Test_L3_R1": (51.3, 4.6e-6), "Test_L2_R1": (449.6, 37.5e-6),
        "Test_L1_R1": (3298.0, 254.6e-6)}
"""Pons' published mean positions explored and mean time a position (his final C++ solver)."""
TARGET = {"Test_L3_R1": 0.002, "Test_L2_R1": 0.020, "Test_L1_R1": 0.2}
"""The pure build's target mean time a position (the compiled one's: 2x Pons' time)."""


def read_set(name: str, limit: int | None) -> list[tuple[str, int]]:
    rows = [line.split() for line in (DATA / name).read_text().splitlines() if line.strip()]
    out = [(m, int(s)) for m, s in rows]
    return out if limit is None else out[:limit]


def bench_set(name: str, limit: int | None) -> dict[str, Any]:
    """One set solved on this process's build: the solves timed alone, the parsing apart."""
    import sml150

    rows = read_set(name, limit)
    g = ConnectFour7x6
    c0 = time.process_time()
    states = [(g.parse_moves(moves), score) for moves, score in rows]
    parse_cpu = time.process_time() - c0
    solve(g, states[0][0], analyse=False)  # the first solve makes the table (both builds)
    nodes = wrong = 0
    gc.collect()
    c0, w0 = time.process_time(), time.perf_counter()
    for s, score in states:
        r = solve(g, s, analyse=False)
        nodes += r.stats.nodes
        wrong += r.score != score
    cpu = time.process_time() - c0
    wall = time.perf_counter() - w0
    n = len(rows)
    return {"set": name, "build": sml150.build().describe(), "n": n, "wrong": wrong,
            "nodes": nodes / n, "wall": wall / n, "cpu": cpu / n, "parse": parse_cpu / n,
            "load": load()}


def part1(l1: int | None, quick: bool, builds: tuple[str, ...]) -> bool:
    print(f"machine: {machine()}")
    print("Part 1: Pons' sets, exact scores (the score only: solve(analyse=False), no best moves"
          " and no PV; a fresh table per position). Times: CPU (wall) microseconds a position,"
          " the solve alone as Pons times it (the move strings parsed before, apart);"
          " each build in its own process")
    can, words = compiled_build()
    if "compiled" in builds and not can:
        print(f"MISSING: the compiled build cannot run here ({words}): no figure for it")
        builds = tuple(b for b in builds if b != "compiled")
    elif "compiled" in builds:
        print(f"compiled build: {words}")
    limits = [str(100 if quick else (l1 if name == "Test_L1_R1" and l1 is not None else 0))
              for name in SETS]
    found = {b: {r["set"]: r for r in measure("benchmarks.connect4_pons",
                                              ["--child", *limits], b == "compiled")}
             for b in builds}
    print(f"{'set':<11} {'positions':>9} {'exact':>7} {'mean nodes':>10} {'Pons':>7}"
          f" {'ratio':>5}  {'pure us':>16} {'compiled us':>14} {'Pons us':>7}"
          f" {'compiled/Pons':>13} {'pure/compiled':>13}  verdict  load")
    ok = True
    for name in SETS:
        rows = [found[b][name] for b in builds]
        first = rows[0]
        pons_nodes, pons_time = PONS[name]
        ratio = first["nodes"] / pons_nodes
        good = all(r["wrong"] == 0 and r["nodes"] == first["nodes"] for r in rows)
        good &= ratio <= 1.5
        cells = {}
        for b in BUILDS:
            r = found.get(b, {}).get(name)
            cells[b] = "-" if r is None else f"{1e6 * r['cpu']:.1f} ({1e6 * r['wall']:.1f})"
        pure, comp = found.get("pure", {}).get(name), found.get("compiled", {}).get(name)
        if pure is not None:
            good &= pure["cpu"] <= TARGET[name]
        if comp is not None:
            good &= comp["cpu"] <= 2 * pons_time
        vs_pons = "-" if comp is None else f"{comp['cpu'] / pons_time:.2f}x"
        speedup = "-" if comp is None or pure is None else f"{pure['cpu'] / comp['cpu']:.1f}x"
        ok &= good
        print(f"{name:<11} {first['n']:>9} {first['n'] - first['wrong']:>7}"
              f" {first['nodes']:>10.1f} {pons_nodes:>7.1f} {ratio:>5.2f}  {cells['pure']:>16}"
              f" {cells['compiled']:>14} {1e6 * pons_time:>7.1f} {vs_pons:>13} {speedup:>13}"
              f"  {'ok' if good else 'MISSED':<7}  {' / '.join(r['load'] for r in rows)}",
              flush=True)
    for b in builds:
        parse = " / ".join(f"{1e6 * found[b][name]['parse']:.1f}" for name in SETS)
        print(f"  {b}: parsing a move string, apart: {parse} us (CPU, the three sets)")
    return ok


# -- part 2: the peers ---------------------------------------------------------------------------


def _easyai_game() -> Any:
    from easyAI import AI_Player, Negamax
    from easyAI.games.ConnectFour import ConnectFour

    class Peer(ConnectFour):  # type: ignore[misc]  # easyAI is untyped
        def ttentry(self) -> bytes:
            return bytes(self.board.tobytes()) + bytes([self.current_player])

    return Peer, AI_Player, Negamax


def easyai_depth8() -> tuple[float, int]:
    from easyAI import TranspositionTable

    peer, ai_player, negamax = _easyai_game()
    tt = TranspositionTable()
    ai = negamax(8, tt=tt)
    game = peer([ai_player(ai), ai_player(ai)])
    t0 = time.perf_counter()
    move = ai(game)
    return time.perf_counter() - t0, int(move)


def openspiel_depth8() -> tuple[float, int]:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = pyspiel.load_game("connect_four")

    def centre(state: Any) -> float:
        rows = str(state).split("\n")[:6]
        col = [row[3] for row in rows if len(row) > 3]
        return (col.count("x") - col.count("o")) / 100.0

    t0 = time.perf_counter()
    _value, action = alpha_beta_search(game, value_function=centre, maximum_depth=8)
    return time.perf_counter() - t0, int(action)


def ours_depth8() -> tuple[float, int, int]:
    from sml150.search import alphabeta

    g = ConnectFour7x6
    t0 = time.perf_counter()
    r = alphabeta(g, g.start, 8)
    return time.perf_counter() - t0, int(r.move), r.stats.nodes


def easyai_exact(moves: str) -> int:
    """easyAI's Negamax to the end of the game, its value turned back into Pons' score."""
    peer, ai_player, negamax = _easyai_game()
    from easyAI import TranspositionTable

    depth = 42 - len(moves)
    ai = negamax(depth, tt=TranspositionTable())
    game = peer([ai_player(ai), ai_player(ai)])
    for ch in moves:
        game.make_move(int(ch) - 1)
        game.switch_player()
    ai(game)
    value = ai.alpha
    if value == 0:
        return 0
    # a terminal at depth-left dl scores -100 * (1 + 0.001 * dl) for the side to move there
    dl = round((abs(value) / 100 - 1) / 0.001)
    plies = depth - dl  # the winning stone is the plies-th from here
    won = (43 - (len(moves) + plies - 1)) // 2
    return won if value > 0 else -won


def openspiel_sign(moves: str) -> int:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for ch in moves:
        state.apply_action(int(ch) - 1)
    value, _action = alpha_beta_search(game, state=state, maximum_depth=43)
    return round(value)


def timed_sample(f: Callable[[str], int], rows: list[tuple[str, int]], cap_seconds: float,
                 check: Callable[[int, int], bool]) -> tuple[int, int, float]:
    done = right = 0
    spent = 0.0
    for moves, score in rows:
        if spent > cap_seconds:
            break
        t0 = time.perf_counter()
        v = f(moves)
        spent += time.perf_counter() - t0
        done += 1
        right += check(v, score)
    return done, right, spent


SAMPLES = ("every:50", "first:100", "all")
"""The samples of Test_L3_R1 part 2 can run the peers on (``--sample``)."""


def sample(rows: list[tuple[str, int]], name: str) -> list[tuple[str, int]]:
    """The rows ``name`` picks: ``every:K`` (every K-th), ``first:N`` or ``all``.

    >>> [m for m, _ in sample([("1", 0), ("2", 0), ("3", 0)], "every:2")]
    ['1', '3']
    """
    kind, _, n = name.partition(":")
    if kind == "every":
        return rows[:: int(n)]
    if kind == "first":
        return rows[: int(n)]
    return rows


def part2(quick: bool, which: str) -> None:
    import sml150

    print(f"\nPart 2: the peers, same machine, same run, ours on the"
          f" {sml150.build().describe()} build ({load()})")
    # Ours first, before any peer has filled the heap: a peer's leftovers (easyAI's tables)
    # make every later garbage collection slower, which once inflated our figure 9-fold.
    rows = sample(read_set("Test_L3_R1", None), which)
    gc.collect()
    c0 = time.perf_counter()
    for moves, score in rows:
        assert solve(ConnectFour7x6, ConnectFour7x6.parse_moves(moves),
                     analyse=False).score == score
    ours = (time.perf_counter() - c0) / len(rows)
    gc.collect()
    t_ours, m_ours, n_ours = ours_depth8()
    print(f"depth 8 from the empty board: sml150.search.alphabeta {t_ours:.3f} s wall"
          f" (move {m_ours + 1}, {n_ours:,} positions)  {load()}", flush=True)
    try:
        t_e, m_e = easyai_depth8()
        print(f"  easyAI Negamax(8) + TT: {t_e:.3f} s (move {m_e + 1});"
              f" ratio {t_e / t_ours:.1f}x  {load()}", flush=True)
    except ImportError:
        print(f"  {missing('easyAI')}")
    try:
        t_o, m_o = openspiel_depth8()
        print(f"  OpenSpiel alpha_beta_search(depth 8): {t_o:.3f} s (move {m_o + 1});"
              f" ratio {t_o / t_ours:.1f}x  {load()}", flush=True)
    except ImportError:
        print(f"  {missing('open_spiel')}")

    cap = 20.0 if quick else 90.0
    gc.collect()
    print(f"Test_L3_R1, sample {which} ({len(rows)} positions): ours {1000 * ours:.2f} ms/position"
          f" wall (exact score only)  {load()}", flush=True)
    try:
        n, right, spent = timed_sample(easyai_exact, rows, cap, lambda v, s: v == s)
        per = spent / max(n, 1)
        print(f"  easyAI Negamax to the end + TT: {n} positions (cap {cap:.0f} s), {right}"
              f" exact, {per:.3f} s/position; ratio {per / ours:.3g}x  {load()}", flush=True)
    except ImportError:
        print(f"  {missing('easyAI')}")
    try:
        def sign(v: int, s: int) -> bool:
            return v == (s > 0) - (s < 0)

        n, right, spent = timed_sample(openspiel_sign, rows, cap, sign)
        per = spent / max(n, 1)
        print(f"  OpenSpiel alpha_beta_search to the end: {n} positions (cap {cap:.0f} s),"
              f" {right} signs right (win/draw/loss only), {1000 * per:.1f} ms/position;"
              f" ratio {per / ours:.3g}x  {load()}", flush=True)
    except ImportError:
        print(f"  {missing('open_spiel')}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--l1", type=int, default=None, help="solve only the first N of Test_L1_R1")
    ap.add_argument("--quick", action="store_true", help="100 positions per set, small samples")
    ap.add_argument("--no-peers", action="store_true", help="skip part 2")
    ap.add_argument("--sample", choices=SAMPLES, default="every:50",
                    help="the Test_L3_R1 positions part 2 runs the peers on")
    ap.add_argument("--build", choices=("both", *BUILDS), default="both",
                    help="the builds part 1 measures (each in a process of its own)")
    ap.add_argument("--child", nargs=len(SETS), type=int, metavar="N",
                    help="(internal) solve the first N of each set on this process's build"
                         " (0: all) and print one JSON line a set")
    args = ap.parse_args(argv)
    if args.child is not None:
        for name, n in zip(SETS, args.child, strict=True):
            emit(bench_set(name, n or None))
        return 0
    ok = part1(args.l1, args.quick, BUILDS if args.build == "both" else (args.build,))
    if not args.no_peers:
        part2(args.quick, args.sample)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
