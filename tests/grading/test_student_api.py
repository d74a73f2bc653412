"""The names a starter and a student's solution import are a public API (``sml150.lib.api``).

A starter imports only listed names; every listed name exists; a moved name is still served
from its old place with a ``DeprecationWarning``; and a solution written against the previous
release's starter (``fixtures/previous_release``) keeps full marks with today's grader.
"""

from __future__ import annotations

import ast
import importlib
import warnings
from pathlib import Path

import pytest

from sml150.grading._handout import write_handout
from sml150.grading._inprocess import grade_in_process
from sml150.lib.api import MOVED, STUDENT_API

from .conftest import FIXTURES

PREVIOUS = FIXTURES / "previous_release"


def _imports(directory: Path) -> set[tuple[str, str]]:
    """Every ``(module, name)`` of ``sml150`` the Python files of ``directory`` import."""
    found = set()
    for f in directory.glob("*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module.split(".")[0] == "sml150"):
                found |= {(node.module, a.name) for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {(a.name, "") for a in node.names if a.name.split(".")[0] == "sml150"}
    return found


@pytest.mark.parametrize("hw", ["hw10", "hw11", "gametree"])
def test_a_starter_imports_only_the_listed_names(hw: str, tmp_path: Path) -> None:
    write_handout(hw, tmp_path / hw)
    used = _imports(tmp_path / hw)
    assert used or hw == "gametree", "HW10 and HW11 build on the course library"
    assert {(m, n) for m, n in used if n not in STUDENT_API.get(m, ())} == set()


def test_every_listed_name_exists() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a listed name is never a deprecated one
        missing = [f"{m}.{n}" for m, names in STUDENT_API.items() for n in sorted(names)
                   if not hasattr(importlib.import_module(m), n)]
    assert missing == []


def test_a_moved_name_is_served_from_its_old_place_with_a_warning() -> None:
    for old, names in MOVED.items():
        module = importlib.import_module(old)
        for name, new in names.items():
            with pytest.warns(DeprecationWarning, match=f"moved to {new}.{name}"):
                served = getattr(module, name)
            assert served is getattr(importlib.import_module(new), name)
            assert name in STUDENT_API[new]
        with pytest.raises(AttributeError):
            module.no_such_name  # noqa: B018 -- the attribute access is the test


@pytest.mark.parametrize("hw", [
    "hw10", pytest.param("hw11", marks=pytest.mark.exhaustive)])  # hw11: 10 s more
def test_a_solution_to_the_previous_release_keeps_full_marks(hw: str, tmp_path: Path) -> None:
    """The release before ``sml150.lib._search`` was renamed: 71/150 for a correct HW10 then."""
    d = tmp_path / hw
    d.mkdir()
    for f in (PREVIOUS / hw).glob("*.py.txt"):
        (d / f.name.removesuffix(".txt")).write_text(f.read_text(encoding="utf-8"),
                                                     encoding="utf-8")
    assert ("sml150.lib._search", "SearchCount") in _imports(d)
    result = grade_in_process(hw, d, case_timeout=10.0, budget=240.0)
    lost = {t: s for t, s in result["scores"].items() if s[0] != s[1]}
    assert not lost and not result["timeout"], (lost, result["failures"][:3])
