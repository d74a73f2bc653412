"""Shared, expensive fixtures: each submission is graded once per test session."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from sml150.grading import GradeReport, Limits, grade, write_handout, write_solution

FIXTURES = Path(__file__).parent / "fixtures"

HOSTILE_LIMITS = Limits(call_timeout=2.0, group_budget=6.0, memory=1024**3, cpu=20, restarts=2)
"""Short limits, so that hostile submissions cost seconds, not minutes."""


@pytest.fixture(scope="session")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], GradeReport]:
    """``graded(hw, "reference" | "starter")``: the report of that submission, cached."""
    cache: dict[tuple[str, str], GradeReport] = {}

    def get(hw: str, kind: str) -> GradeReport:
        if (hw, kind) not in cache:
            d = tmp_path_factory.mktemp(f"{hw}-{kind}")
            if kind == "reference":
                write_solution(hw, d)
            else:
                write_handout(hw, d)
            out = d / "report.txt"
            with out.open("w") as stream:
                cache[hw, kind] = grade(hw, d, text=True, autolab=True,
                                        gradescope=d / "results.json", out=stream)
        return cache[hw, kind]

    return get


def overlay(hw: str, fixture: Path, target: Path) -> Path:
    """A reference submission with the fixture's ``*.py.txt`` modules put over it."""
    write_solution(hw, target)
    for f in fixture.glob("*.py.txt"):
        shutil.copyfile(f, target / f.name.removesuffix(".txt"))
    return target
