"""Jamboree on ``processes:2`` against the same search in order (target: >= 1.7x faster).

Run: ``.venv/bin/python benchmarks/parallel_jamboree.py [--depth-hw11 7] [--depth-engine 12]
[--grain 4]``. Two searches, each timed in order (``executor=None``) and on ``processes:2``
(workers warmed up first): the HW11 handout Jamboree (prune_percentage 0.5, grain 4) on
Riskless M2 from the position after 8 seeded random moves (the start has 2 moves a side, too
narrow to split at the top), and the engine's Kuszmaul Jamboree on Connect Four 7x6 (grain 2).
Both runs of a search must agree (value, and for HW11 the whole Analysis).

Printed per search: wall times and the speed-up; CPU seconds of the serial run and of the two
workers (read from /proc), and the workers' average busy cores (their CPU / wall). On a shared
machine Linux's autogroup scheduling gives one session's processes one fair share together, so
two workers may get no more CPU than one process did: compare the busy cores, and the projected
speed-up on two free cores, 2 x serial CPU / workers' CPU (it assumes both workers busy).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from sml150.games.connect4 import ConnectFour
from sml150.handouts.hw11.jamboree import Jamboree
from sml150.handouts.hw11.maps import M2
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.signatures import JamboreeSettings
from sml150.parallel import executor
from sml150.search.jamboree import jamboree

TICK = os.sysconf("SC_CLK_TCK")


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's live children, from /proc."""
    me, total = os.getpid(), 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # ppid
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def compare(name: str, run: Callable[[Executor | None], Any], ex: Executor,
            key: Callable[[Any], Any]) -> None:
    c0, t0 = time.process_time(), time.perf_counter()
    serial = run(None)
    c1, t1 = time.process_time() - c0, time.perf_counter() - t0
    w0, t0 = children_cpu(), time.perf_counter()
    par = run(ex)
    w2, t2 = children_cpu() - w0, time.perf_counter() - t0
    assert key(serial) == key(par), (key(serial), key(par))
    print(f"{name}:\n  serial {t1:6.2f} s ({c1:.2f} s CPU), processes:2 {t2:6.2f} s "
          f"(workers {w2:.2f} s CPU, {w2 / t2:.2f} busy cores): speed-up {t1 / t2:4.2f}x, "
          f"projected on 2 free cores {2 * c1 / w2:4.2f}x\n"
          f"  work {serial.work}, span {serial.span}, parallelism {serial.work / serial.span:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth-hw11", type=int, default=7)
    ap.add_argument("--depth-engine", type=int, default=12)
    ap.add_argument("--grain", type=int, default=4, help="the HW11 search's spawn depth")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    g11 = Riskless(M2)
    rng = random.Random(0)
    s11 = g11.start
    for _ in range(8):
        s11 = g11.make_move(s11, rng.choice(list(g11.moves(s11))))
    c4 = ConnectFour(7, 6)
    with executor("processes:2") as ex:
        list(ex.map(abs, range(8)))  # start the workers

        def hw11(e: Executor | None) -> Any:
            j = Jamboree(JamboreeSettings(G=g11, search_depth=args.depth_hw11,
                                          prune_percentage=0.5), executor=e, grain=args.grain)
            return j.analyze(s11)

        compare(f"HW11 Jamboree(0.5), Riskless M2 after 8 moves, depth {args.depth_hw11}",
                hw11, ex, lambda a: a)

        def engine(e: Executor | None) -> Any:
            return jamboree(c4, c4.start, args.depth_engine, executor=e, grain=2)

        compare(f"engine jamboree, Connect Four 7x6, depth {args.depth_engine}", engine, ex,
                lambda r: r.value)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
