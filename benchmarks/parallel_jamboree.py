"""Jamboree on ``processes:2`` against the same search in order (target: >= 1.7x faster).

Run (as root on a shared machine, first ``echo -20 > /proc/self/autogroup``: see below)::

    .venv/bin/python benchmarks/parallel_jamboree.py [--repeat 3] [--only NAME ...]

Searches, each run ``--repeat`` times in order (``executor=None``) and on ``processes:2``
(workers started first), the two alternating so that a slow spell of the machine hits both:

- ``hw11-p25``: the HW11 handout's Jamboree, prune_percentage 0.25, depth 7, on Riskless M2 from
  the position after 8 seeded random moves (the start has 2 moves a side, too narrow to split);
  grain 5 (tasks split adaptively from ply 4, ``sml150.parallel.tree``);
- ``hw11-p50``: the same search with prune_percentage 0.5 (half of every node's moves one after
  another: far less parallelism, see its work/span);
- ``hw11-earth``: the HW11 Jamboree(0.25) on the Earth map (11 to 24 moves a position, against
  M2's 5 to 12), depth 6 from the position after 4 seeded moves, grain 4;
- ``engine``: the engine's Kuszmaul Jamboree (``sml150.search.jamboree``) on Connect Four 7x6
  from the start, depth 14, grain 4; and, for the absolute picture, the engine's best sequential
  search of the same depth (``pvs`` with one shared transposition table).

Every parallel run must give the sequential run's result (HW11: the whole ``Analysis``; the
engine: value, move, work and span), else the script fails. Printed per search: the median
wall time of each side, the speed-up of the medians (and its range over the repeats), the
tasks submitted, the workers' CPU seconds (from /proc) and their average busy cores, and the
search's work, span and parallelism (work/span, leaves).

And the machine's ceiling for that search: two copies of the sequential search run at once,
one per worker. Two busy cores each run slower than one alone (shared caches, memory and clock
budget on this machine), so no split of one search can beat ``2 x alone / pair``; the script
prints it, and how much of it the parallel search reached.

On a shared machine: Linux's autogroup scheduling gives each session one fair share, whatever
``nice`` says, so another session's busy process halves what two workers get. The header prints
this session's autogroup nice; as root, ``echo -20 > /proc/self/autogroup`` before the run gives
it the machine.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

from benchmarks._machine import autogroup, children_cpu
from sml150.games.connect4 import ConnectFour
from sml150.handouts.hw11.jamboree import Jamboree
from sml150.handouts.hw11.maps import M2, Earth
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.signatures import JamboreeSettings
from sml150.parallel import executor
from sml150.search import pvs
from sml150.search.jamboree import jamboree

P = ParamSpec("P")
T = TypeVar("T")




class Counting(Executor):
    """An executor that counts the tasks submitted to the one it wraps."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.tasks = 0
        self.workers = getattr(inner, "workers", None)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        self.tasks += 1
        return self.inner.submit(fn, *args, **kwargs)


def riskless_position(plies: int, m: Any = M2) -> tuple[Any, Any]:
    g = Riskless(m)
    rng = random.Random(0)
    s = g.start
    for _ in range(plies):
        s = g.make_move(s, rng.choice(list(g.moves(s))))
    return g, s


def hw11(prune: float, depth: int, grain: int, m: Any = M2, plies: int = 8,
         ) -> tuple[Callable[[Executor | None], Any], Callable[[Any], Any]]:
    g, s = riskless_position(plies, m)

    def run(ex: Executor | None) -> Any:
        j = Jamboree(JamboreeSettings(G=g, search_depth=depth, prune_percentage=prune),
                     executor=ex, grain=grain)
        return j.analyze(s)

    return run, lambda a: a


def engine(depth: int, grain: int) -> tuple[Callable[[Executor | None], Any],
                                            Callable[[Any], Any]]:
    c4 = ConnectFour(7, 6)

    def run(ex: Executor | None) -> Any:
        return jamboree(c4, c4.start, depth, executor=ex, grain=grain)

    return run, lambda r: (r.value, r.move, r.work, r.span)


def timed(run: Callable[[Executor | None], Any]) -> float:
    """A task: the sequential search's wall time (in a worker)."""
    t0 = time.perf_counter()
    run(None)
    return time.perf_counter() - t0


def compare(name: str, title: str, run: Callable[[Executor | None], Any],  # noqa: PLR0917 -- one row of the report, its fields in order
            key: Callable[[Any], Any], ex: Counting, repeat: int, *, ceiling_too: bool = True,
            ) -> dict[str, float]:
    serial: list[float] = []
    par: list[float] = []
    cpu: list[float] = []
    pairs: list[float] = []
    tasks = 0
    first = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        a = run(None)
        serial.append(time.perf_counter() - t0)
        ex.tasks = 0
        w0, t0 = children_cpu(), time.perf_counter()
        b = run(ex)
        par.append(time.perf_counter() - t0)
        cpu.append(children_cpu() - w0)
        tasks = ex.tasks
        if key(a) != key(b):
            raise SystemExit(f"{name}: the parallel run differs: {key(a)} != {key(b)}")
        first = a
        if ceiling_too:
            pairs.append(statistics.mean(
                f.result() for f in [ex.inner.submit(timed, run) for _ in range(2)]))
    ms, mp = statistics.median(serial), statistics.median(par)
    mpair = statistics.median(pairs) if pairs else math.nan
    ceiling = 2 * ms / mpair
    ratios = sorted(s / p for s, p in zip(serial, par, strict=True))
    busy = statistics.median(c / p for c, p in zip(cpu, par, strict=True))
    assert first is not None
    print(f"{name}: {title}\n"
          f"  serial {ms:6.2f} s, processes:2 {mp:6.2f} s (medians of {repeat}): "
          f"speed-up {ms / mp:4.2f}x (runs {ratios[0]:.2f}..{ratios[-1]:.2f})\n"
          f"  {tasks} tasks, workers {statistics.median(cpu):.2f} s CPU ({busy:.2f} busy "
          f"cores); work {first.work}, span {first.span}, parallelism "
          f"{first.work / first.span:.1f}"
          + (f"\n  two sequential copies at once: {mpair:.2f} s each (median), so the "
             f"machine's ceiling is {ceiling:.2f}x; reached {ms / mp / ceiling:.0%} of it"
             if ceiling_too else ""), flush=True)
    return {"serial": ms, "parallel": mp, "ceiling": ceiling}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-ceiling", action="store_true",
                    help="skip the two-copies run that measures the machine's ceiling")
    ap.add_argument("--only", nargs="*", default=None,
                    help="hw11-p25, hw11-p50, hw11-earth, engine")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}, "
          f"autogroup: {autogroup()}", flush=True)
    searches = {
        "hw11-p25": ("HW11 Jamboree(0.25), Riskless M2 after 8 moves, depth 7, grain 5",
                     *hw11(0.25, 7, 5)),
        "hw11-p50": ("HW11 Jamboree(0.5), Riskless M2 after 8 moves, depth 7, grain 5",
                     *hw11(0.5, 7, 5)),
        "hw11-earth": ("HW11 Jamboree(0.25), Riskless Earth after 4 moves, depth 6, grain 4",
                       *hw11(0.25, 6, 4, Earth, 4)),
        "engine": ("engine Jamboree, Connect Four 7x6, depth 14, grain 4", *engine(14, 4)),
    }
    with executor("processes:2") as inner:
        list(inner.map(abs, range(8)))  # start the workers
        ex = Counting(inner)
        for name, (title, run, key) in searches.items():
            if args.only and name not in args.only:
                continue
            times = compare(name, title, run, key, ex, args.repeat,
                            ceiling_too=not args.no_ceiling)
            if name == "engine":
                c4 = ConnectFour(7, 6)
                t0 = time.perf_counter()
                best = pvs(c4, c4.start, 14)
                seconds = time.perf_counter() - t0
                print(f"  the engine's sequential pvs (one shared table): {seconds:.2f} s, "
                      f"value {best.value}; Jamboree on processes:2 is "
                      f"{seconds / times['parallel']:.2f}x its speed", flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
