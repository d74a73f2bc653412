"""Shared, expensive fixtures: each submission is graded once per test session."""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from sml150.grading import GradeReport, SandboxLimits, grade, write_handout, write_solution

FIXTURES = Path(__file__).parent / "fixtures"

HOSTILE_LIMITS = SandboxLimits(call_timeout=1.5, group_budget=6.0, memory=512 * 1024**2, cpu=10,
                        restarts=0)
"""Short limits, so that hostile submissions cost seconds, not minutes (an honest Task 5.7 or
5.8 needs well under a second)."""


@pytest.fixture(scope="session")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], GradeReport]:
    """``graded(hw, "reference" | "starter")``: the report of that submission, cached.

    Graded once per test session, whatever the number of xdist workers: the first worker to
    ask grades under a lock in the session's shared temporary folder and leaves the report
    there (pickled) with its files; the others wait for it and read it. (Whatever worker
    runs them: under pytest 9.2 xdist's ``--dist loadgroup`` stopped grouping, and each worker
    graded all four; ``pyproject.toml`` now keeps pytest below 9.2.)
    """
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "graded"
    shared.mkdir(exist_ok=True)
    cache: dict[tuple[str, str], GradeReport] = {}

    def get(hw: str, kind: str) -> GradeReport:
        if (hw, kind) not in cache:
            with (shared / f"{hw}-{kind}.lock").open("w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
                done = shared / f"{hw}-{kind}.pickle"
                if done.exists():
                    cache[hw, kind] = pickle.loads(done.read_bytes())
                else:
                    d = shared / f"{hw}-{kind}"
                    d.mkdir()
                    if kind == "reference":
                        write_solution(hw, d)
                    else:
                        write_handout(hw, d)
                    with (d / "report.txt").open("w") as stream:
                        report = grade(hw, d, text=True, autolab=True,
                                       gradescope=d / "results.json", out=stream)
                    done.write_bytes(pickle.dumps(report))
                    cache[hw, kind] = report
        return cache[hw, kind]

    return get


def starter_modules(hw: str, target: Path) -> Path:
    """The starter's homework modules only, untouched: what a student who did nothing submits.

    (``write_handout`` also writes the public tests, whose expected answers cost every task's
    reference run; grading needs only the modules.)
    """
    from sml150.grading._handout import homework
    from sml150.grading._starter import reference_source, starter_source

    target.mkdir(parents=True, exist_ok=True)
    for spec in homework(hw)[0]:
        text = starter_source(reference_source(hw, spec.name), spec, hw)
        (target / f"{spec.name}.py").write_text(text, encoding="utf-8")
    return target


def overlay(hw: str, fixture: Path, target: Path, *, base: str = "reference",
            values: Mapping[str, str] | None = None) -> Path:
    """A submission: ``base`` (the reference solution or the starter stubs) with the fixture.

    ``NAME.txt`` replaces (or adds) ``NAME``; ``NAME.append.txt`` is appended to ``NAME``. In
    both, ``@@KEY@@`` becomes ``values[KEY]``.
    """
    if base == "reference":
        write_solution(hw, target)
    else:
        starter_modules(hw, target)
    for f in sorted(fixture.glob("*.txt")):
        text = f.read_text()
        for key, value in (values or {}).items():
            text = text.replace(f"@@{key}@@", value)
        if f.name.endswith(".append.txt"):
            dest = target / f.name.removesuffix(".append.txt")
            dest.write_text(dest.read_text() + text)
        else:
            (target / f.name.removesuffix(".txt")).write_text(text)
    return target


