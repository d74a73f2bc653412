"""The handout is the grader's only spec: every check quotes the handout sentence it enforces.

Each case of every homework (public and hidden; HW10, HW11 and the gametree exercise, seed
003) carries a quote; each quote is found, word for word up to whitespace, in its handout
(``shared/seeds/``); the starter files' docstrings are made of those quotes only, so a
starter never promises more than the handout.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sml150.grading._handout import homework
from sml150.grading._quotes import QUOTES, SEEDS, normalize
from sml150.grading._starter import HELPER_DOC, handout_docstring, reference_source, starter_source

SEED_DIR = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def _seed(hw: str) -> str:
    path = SEED_DIR / SEEDS[hw]
    if not path.exists():
        pytest.skip(f"the handouts are not beside this checkout ({SEED_DIR})")
    return normalize(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("hw", ["hw10", "hw11", "gametree"])
def test_every_quote_is_in_the_handout(hw: str) -> None:
    text = _seed(hw)
    missing = [key for key, quote in QUOTES[hw].items() if normalize(quote) not in text]
    assert not missing, f"quotes not in the {hw} handout: {missing}"


@pytest.mark.parametrize("hw", ["hw10", "hw11", "gametree"])
def test_every_case_quotes_the_handout(hw: str) -> None:
    text = _seed(hw)
    quotes = set(QUOTES[hw].values())
    for task in homework(hw)[1]:
        for case in task.cases():
            assert case.quote, f"Task {task.id} {case.name!r} quotes no handout sentence"
            assert case.quote in quotes, f"Task {task.id} {case.name!r}: an unlisted quote"
            assert normalize(case.quote) in text, f"Task {task.id} {case.name!r}"


@pytest.mark.parametrize("hw", ["hw10", "hw11", "gametree"])
def test_starter_docstrings_are_the_handouts_quotes(hw: str) -> None:
    quotes = set(QUOTES[hw].values())
    for spec in homework(hw)[0]:
        for _name, task, qs in spec.docs:
            assert set(qs) <= quotes
            assert task.startswith("Task " if hw != "gametree" else "Question ")
        tree = ast.parse(starter_source(reference_source(hw, spec.name), spec, hw))
        stubbed = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                   and any(isinstance(s, ast.Raise) and isinstance(s.exc, ast.Name)
                           and s.exc.id == "NotImplementedError" for s in n.body)]
        for fn in stubbed:
            doc = ast.get_docstring(fn, clean=False) or ""
            allowed = [handout_docstring(task, qs, indent)
                       for _n, task, qs in spec.docs for indent in ("    ", "        ")]
            allowed += [HELPER_DOC.format(indent=i) for i in ("    ", "        ")]
            assert doc in allowed, f"{spec.name}.{fn.name}: a docstring not made of quotes"


def test_a_failed_test_shows_its_quote() -> None:
    from sml150.grading._model import GradeReport, TaskReport, TestOutcome
    from sml150.grading._report import text_report

    r = GradeReport("hw10", "s", (TaskReport("7.4", "next_move", 1, (
        TestOutcome("next_move a", False, "expected 1, got 0", False, quote="Define next_move."),
        TestOutcome("next_move b", True, "", False, quote="Passed quote."))),), 1.0)
    shown = text_report(r, width=200)
    assert "Define next_move." in shown and "Passed quote." not in shown
    assert "Passed quote." in text_report(r, width=200, reveal=True)
