"""Batch-grading throughput on 2 workers against 1 (target >= 1.8x).

Run: ``.venv/bin/python benchmarks/parallel_grading.py [--students 4] [--hw hw10]``. A class of
reference submissions, graded whole (every task) with ``grade_batch`` on ``processes:1`` and
``processes:2``, each into a fresh output directory. The grader already runs two sandboxed task
workers per student, so on two cores a second batch worker has less left to win than in the
tournament. Prints wall times, the ratio and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from sml150.grading import write_solution
from sml150.grading._batch import grade_batch
from sml150.parallel import executor


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=4)
    ap.add_argument("--hw", default="hw10")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()}, cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as tmp:
        subs = Path(tmp) / "class"
        for i in range(args.students):
            write_solution(args.hw, subs / f"student{i:02d}")
        times = {}
        for spec in ("processes:1", "processes:2"):
            with executor(spec) as ex:
                list(ex.map(abs, range(4)))
                start = time.perf_counter()
                rows = grade_batch(args.hw, subs, ex=ex, out=Path(tmp) / spec.replace(":", "-"))
                times[spec] = time.perf_counter() - start
            assert all(r.status == "graded" for r in rows), rows
            print(f"{spec}: {len(rows)} students in {times[spec]:6.2f} s "
                  f"(totals {sorted({r.total for r in rows})})")
        print(f"throughput x{times['processes:1'] / times['processes:2']:.2f}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
