"""Wall-clock time of full grading runs (reference, starter, one mutant) for HW10 and HW11.

Run: ``.venv/bin/python benchmarks/grade_timing.py``. Prints one line per run; the target is
under a minute per run on two cores (the grader runs two task workers at a time).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from sml150.grading import grade, write_handout, write_solution
from sml150.grading._handout import load
from sml150.grading._mutants import any_mutant_source


def main() -> None:
    for hw in ("hw10", "hw11"):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            write_solution(hw, root / "reference")
            write_handout(hw, root / "starter")
            m = load(hw).mutants[0]
            write_solution(hw, root / "mutant", {m.module: any_mutant_source(m)})
            for kind in ("reference", "starter", "mutant"):
                start = time.perf_counter()
                report = grade(hw, root / kind, text=False)
                seconds = time.perf_counter() - start
                tests = sum(len(t.tests) for t in report.tasks)
                print(f"{hw} {kind:9s} {report.total:6.1f}/{report.max_total:g}  "
                      f"{tests} tests  {seconds:5.1f} s")


if __name__ == "__main__":
    main()
