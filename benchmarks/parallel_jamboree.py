"""Jamboree on ``processes:2`` against the same search in order (target: >= 1.7x faster).

Run: ``.venv/bin/python benchmarks/parallel_jamboree.py [--depth-hw11 8] [--depth-engine 11]``.
Two searches, each timed serially (``executor=None``) and on ``processes:2`` (the worker pool is
warmed up first, so process start-up is not counted): the HW11 handout Jamboree on Riskless M2
(prune_percentage 0.5, grain 2) and the engine's Kuszmaul Jamboree on Connect Four 7x6 (grain
2). Both runs of a search must agree (value, and for HW11 the whole Analysis); the script prints
wall times, the speed-up, work, span and the parallelism work/span, and the machine's load.
"""

from __future__ import annotations

import argparse
import os
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


def timed(f: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    out = f()
    return out, time.perf_counter() - start


def compare(name: str, run: Callable[[Executor | None], Any], ex: Executor,
            key: Callable[[Any], Any]) -> None:
    serial, t1 = timed(lambda: run(None))
    par, t2 = timed(lambda: run(ex))
    assert key(serial) == key(par), (key(serial), key(par))
    print(f"{name}: serial {t1:6.2f} s, processes:2 {t2:6.2f} s, speed-up {t1 / t2:4.2f}x; "
          f"work {serial.work}, span {serial.span}, parallelism {serial.work / serial.span:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depth-hw11", type=int, default=8)
    ap.add_argument("--depth-engine", type=int, default=11)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    g11 = Riskless(M2)
    c4 = ConnectFour(7, 6)
    with executor("processes:2") as ex:
        list(ex.map(abs, range(8)))  # start the workers

        def hw11(e: Executor | None) -> Any:
            j = Jamboree(JamboreeSettings(G=g11, search_depth=args.depth_hw11,
                                          prune_percentage=0.5), executor=e, grain=2)
            return j.analyze(g11.start)

        compare(f"HW11 Jamboree(0.5), Riskless M2, depth {args.depth_hw11}", hw11, ex,
                lambda a: a)

        def engine(e: Executor | None) -> Any:
            return jamboree(c4, c4.start, args.depth_engine, executor=e, grain=2)

        compare(f"engine jamboree, Connect Four 7x6, depth {args.depth_engine}", engine, ex,
                lambda r: r.value)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
