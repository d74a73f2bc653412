"""Tournament throughput: 2 workers against 1 (target >= 1.8x), Dask against processes:2 (<= 1.3x).

Run (as root on a shared machine, first ``echo -20 > /proc/self/autogroup``; see
``parallel_jamboree.py``)::

    .venv/bin/python benchmarks/parallel_tournament.py [--games 20] [--repeat 3]

One pair of players on 4x4 Tic-Tac-Toe with the draw rule (``alphabeta:4`` against
``jamboree:4:0.5``), ``--games`` games with seeded openings (one task each), played on
``processes:1``, ``processes:2`` and ``dask:2`` (a LocalCluster). Each executor is started once
and warmed up with a 2-game tournament (the workers import the library), then the three take
turns ``--repeat`` times, so a slow spell of the machine hits all of them. Every run must give
the same games and standings. Prints the median wall times and the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time

import attrs

from benchmarks._machine import autogroup
from sml150.parallel import executor
from sml150.tournament import Tournament, run_tournament

GAME = "tictactoe:4:draw"
PLAYERS = ["alphabeta:4", "jamboree:4:0.5"]
SPECS = ("processes:1", "processes:2", "dask:2")



def games_of(t: Tournament) -> list[object]:
    return [attrs.evolve(r, seconds=0.0) for r in t.results]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}, "
          f"autogroup: {autogroup()}", flush=True)
    times: dict[str, list[float]] = {spec: [] for spec in SPECS}
    reference = None
    with contextlib.ExitStack() as stack:
        started = {}
        for spec in SPECS:
            t0 = time.perf_counter()
            ex = stack.enter_context(executor(spec))
            run_tournament(GAME, PLAYERS, games=2, seed=99, ex=ex, move_limit=100)  # warm up
            started[spec] = ex
            print(f"  {spec} up and warm in {time.perf_counter() - t0:.1f} s", flush=True)
        for _ in range(args.repeat):
            for spec, ex in started.items():
                t0 = time.perf_counter()
                t = run_tournament(GAME, PLAYERS, games=args.games, seed=0, ex=ex,
                                   move_limit=100)
                times[spec].append(time.perf_counter() - t0)
                if reference is None:
                    reference = t
                assert games_of(t) == games_of(reference), spec
                assert t.standings == reference.standings, spec
    assert reference is not None
    one, two, dask = (statistics.median(times[s]) for s in SPECS)
    moves = sum(r.moves for r in reference.results)
    print(f"{args.games} games ({moves} moves) of {' vs '.join(PLAYERS)} on {GAME}, medians of "
          f"{args.repeat}:\n"
          f"  processes:1 {one:6.2f} s; processes:2 {two:6.2f} s: throughput x{one / two:.2f}\n"
          f"  dask:2 {dask:6.2f} s: {dask / two:.2f}x the time of processes:2")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
