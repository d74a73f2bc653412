"""Tournament throughput: 2 workers against 1 (target >= 1.8x), Dask against processes:2 (<= 1.3x).

Run: ``.venv/bin/python benchmarks/parallel_tournament.py [--games 20]``. One pair of players
on 4x4 Tic-Tac-Toe, draw rule (alphabeta:3 against jamboree:3:0.5), ``--games`` games with
seeded openings, played on ``processes:1``, ``processes:2`` and ``dask:2`` (a LocalCluster; its
start-up is timed apart). Every run must give the same standings. Prints wall times and ratios,
and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import time

from sml150.parallel import executor
from sml150.tournament import Tournament, run_tournament

GAME = "tictactoe:4:draw"
PLAYERS = ["alphabeta:3", "jamboree:3:0.5"]


def play(spec: str, games: int) -> tuple[Tournament, float, float]:
    start = time.perf_counter()
    with executor(spec) as ex:
        list(ex.map(abs, range(4)))  # workers up
        ready = time.perf_counter()
        t = run_tournament(GAME, PLAYERS, games=games, seed=0, ex=ex, move_limit=100)
        done = time.perf_counter()
    return t, done - ready, ready - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    one, t1, _ = play("processes:1", args.games)
    two, t2, _ = play("processes:2", args.games)
    dask, t3, start3 = play("dask:2", args.games)
    assert one.standings == two.standings == dask.standings
    moves = sum(r.moves for r in one.results)
    print(f"{args.games} games ({moves} moves) of {' vs '.join(PLAYERS)} on {GAME}")
    print(f"processes:1 {t1:6.2f} s; processes:2 {t2:6.2f} s: throughput x{t1 / t2:.2f}")
    print(f"dask:2 {t3:6.2f} s (+{start3:.1f} s cluster start): {t3 / t2:.2f}x processes:2")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
