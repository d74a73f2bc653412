"""Benchmark: ``to_list`` by repeated ``showl`` is linear, because ``showl`` is an O(1) view.

Run: ``python -m benchmarks.seq_to_list``. For each size it times HW11 Task 2.1's algorithm (walk
the list view to the end) on ``Seq`` and, as the baseline in the same run, on a copying sequence
whose ``showl`` slices the tuple (what a naive port would write: O(n) per step, O(n^2) in all).
It prints time per element and the growth ratio between sizes: about 10x per 10x size means
linear, about 100x quadratic. Exit status 1 if Seq's growth is far from linear.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from sml150.lib.seq import Cons, Nil, Seq


def walk_seq(s: Seq[int]) -> list[int]:
    """HW11 Task 2.1 on Seq: follow showl to the end (one showl per element)."""
    out: list[int] = []
    while True:
        match Seq.showl(s):
            case Nil():
                return out
            case Cons(x, xs):
                out.append(x)
                s = xs


def walk_copying(t: tuple[int, ...]) -> list[int]:
    """The baseline: a list view that copies the tail (tuple slicing) at every step."""
    out: list[int] = []
    while t:
        out.append(t[0])
        t = t[1:]
    return out


def best_of(runs: int, f: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        f()
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> int:
    header = ("n", "Seq showl walk (s)", "ns/elem", "copying walk (s)", "ns/elem")
    print("{:>9} {:>19} {:>8} {:>17} {:>8}".format(*header))
    seq_times: dict[int, float] = {}
    for n in (10**3, 10**4, 10**5, 10**6):
        s = Seq.tabulate(lambda i: i, n)
        assert walk_seq(s) == list(range(n))
        seq_t = best_of(3, partial(walk_seq, s))
        seq_times[n] = seq_t
        if n <= 10**4 * 5:
            t = tuple(range(n))
            copy_t = best_of(1, partial(walk_copying, t))
            copy_cell = f"{copy_t:17.4f} {copy_t / n * 1e9:8.0f}"
        else:
            copy_cell = f"{'(too slow)':>17} {'':>8}"
        print(f"{n:>9} {seq_t:19.4f} {seq_t / n * 1e9:8.0f} {copy_cell}")
    r1 = seq_times[10**5] / seq_times[10**4]
    r2 = seq_times[10**6] / seq_times[10**5]
    print(f"Seq growth: 10^4->10^5 x{r1:.1f}, 10^5->10^6 x{r2:.1f}"
          " (linear: ~x10, quadratic: ~x100)")
    return 0 if r2 < 30 else 1


if __name__ == "__main__":
    sys.exit(main())
