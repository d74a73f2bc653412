"""Batch-grading throughput on 2 workers against 1 (target >= 1.8x).

Run (as root on a shared machine, first ``echo -20 > /proc/self/autogroup``; see
``parallel_jamboree.py``)::

    .venv/bin/python benchmarks/parallel_grading.py [--students 8] [--hw hw10] [--repeat 2]

A class of reference submissions, graded whole (every task, under the sandbox) with
``grade_batch`` into a fresh output directory each time: on ``processes:1`` and ``processes:2``
with the batch default (each student's tasks one sandbox at a time, so a worker is one core),
alternating ``--repeat`` times; and once more on ``processes:2`` with two sandboxes per student
(``jobs=2``, a single run's setting), for the absolute throughput. Every run must give every
student full marks. Prints the median wall times, students per minute and the ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks._machine import autogroup
from sml150.grading import write_solution
from sml150.grading._batch import grade_batch
from sml150.parallel import executor


def grade_class(hw: str, subs: Path, out: Path, spec: str, jobs: int) -> float:
    with executor(spec) as ex:
        list(ex.map(abs, range(4)))  # workers up
        start = time.perf_counter()
        rows = grade_batch(hw, subs, ex=ex, out=out, jobs=jobs)
        seconds = time.perf_counter() - start
    assert all(r.status == "graded" for r in rows), rows
    assert len({r.total for r in rows}) == 1, rows  # the reference: full marks for everyone
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=8)
    ap.add_argument("--hw", default="hw10")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}, "
          f"autogroup: {autogroup()}", flush=True)
    times: dict[str, list[float]] = {"processes:1": [], "processes:2": []}
    with tempfile.TemporaryDirectory() as tmp:
        subs = Path(tmp) / "class"
        for i in range(args.students):
            write_solution(args.hw, subs / f"student{i:02d}")
        runs = 0
        for _ in range(args.repeat):
            for spec, seconds in times.items():
                runs += 1
                t = grade_class(args.hw, subs, Path(tmp) / f"out{runs}", spec, jobs=1)
                seconds.append(t)
                print(f"  {spec}: {args.students} students in {t:6.2f} s", flush=True)
        both = grade_class(args.hw, subs, Path(tmp) / "out-jobs2", "processes:2", jobs=2)
    one, two = (statistics.median(times[s]) for s in times)
    rate = 60 * args.students
    print(f"{args.hw}, {args.students} reference submissions, every task, sandboxed:\n"
          f"  processes:1 {one:6.2f} s ({rate / one:.1f} students/min), processes:2 "
          f"{two:6.2f} s ({rate / two:.1f} students/min): throughput x{one / two:.2f}\n"
          f"  processes:2 with 2 sandboxes per student (jobs=2): {both:6.2f} s "
          f"({rate / both:.1f} students/min)")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
