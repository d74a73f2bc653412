"""Nothing for nothing: do-nothing stubs score exactly 0 in every task of every homework.

A stub is the starter file with every ``raise NotImplementedError`` left as it is or replaced by
``return None``, ``raise ValueError`` or ``pass``. Property checks ("estimate creates no state")
and error checks used to pay such stubs 0.9 to 3.8 points; now a property earns nothing unless
the same task's answers are right, and no case calls outside what the handout requires.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sml150.grading._inprocess import grade_in_process

from .conftest import starter_modules

BODIES = {
    "raise NotImplementedError": None,
    "return None": ast.Return(ast.Constant(None)),
    "raise ValueError": ast.Raise(ast.Name("ValueError", ast.Load()), None),
    "pass": ast.Pass(),
}


def _is_not_implemented(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name)
            and node.exc.id == "NotImplementedError")


def stub_submission(hw: str, body: str, target: Path) -> Path:
    """The starter of ``hw`` with every stub's body ``body``."""
    starter_modules(hw, target)
    replacement = BODIES[body]
    if replacement is None:
        return target
    for f in target.glob("*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                node.body = [replacement if _is_not_implemented(s) else s for s in node.body]
        f.write_text(ast.unparse(ast.fix_missing_locations(tree)) + "\n", encoding="utf-8")
    return target


@pytest.mark.xdist_group("stubs")
@pytest.mark.parametrize("hw", ["hw10", "hw11", "gametree"])
@pytest.mark.parametrize("body", list(BODIES))
def test_a_do_nothing_stub_scores_zero_everywhere(hw: str, body: str, tmp_path: Path) -> None:
    d = stub_submission(hw, body, tmp_path / "sub")
    if hw == "hw11":
        from sml150.grading.hw11 import STARTER_TESTS

        (d / "test_riskless.py").write_text(STARTER_TESTS, encoding="utf-8")
    result = grade_in_process(hw, d, case_timeout=5.0, budget=240.0)
    earned = {task: passed for task, (passed, _run) in result["scores"].items() if passed}
    assert not earned, f"{body} earns tests in {earned}"
    assert result["scores"], "nothing was graded"


def test_stub_bodies_are_replaced(tmp_path: Path) -> None:
    d = stub_submission("hw10", "pass", tmp_path / "sub")
    text = (d / "las.py").read_text(encoding="utf-8")
    assert "NotImplementedError" not in text and "pass" in text
