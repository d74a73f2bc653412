"""The gametree homework (issue 20): right solutions of every variety score full marks, wrong
ones of each kind the exercise warns about lose points where they should, and the checks and
the forcing counter do what the exercise states.

Fixtures (``fixtures/gametree/``): ``right_*`` are whole answers appended to the starter (a cut
returning beta, a fail-soft running max, values projected onto the window, loops instead of
recursion over sequences, helpers nested or first); ``wrong_*`` replace one answer of the
reference. Each is graded in process (no sandbox: they are our own code), about a second each;
a sandboxed run of the reference and a batch of two students are ``exhaustive``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Final

import pytest

from sml150.grading import GradeReport
from sml150.grading._checks import CHECKS
from sml150.grading._engine import reference_env
from sml150.grading._handout import load
from sml150.grading._inprocess import grade_in_process
from sml150.grading._model import Reply
from sml150.grading._mutants import AstMutant, ast_mutant_source, generate
from sml150.grading._worker import encode, evaluate
from sml150.grading.gametree import BOTTOM, TASKS, TOP, shapes

from .conftest import FIXTURES, overlay

GAMETREE = FIXTURES / "gametree"

RIGHT = sorted(p.name for p in GAMETREE.glob("right_*"))

DEFAULT_RUN: Final = {"right_running_max", "right_return_beta", "wrong_no_cut",
                      "wrong_bmove_not_lazy", "wrong_assured_win_naive"}
"""The fixtures graded in the default run (a second each); the others are ``exhaustive``."""


def _params(names: list[str]) -> list[object]:
    return [pytest.param(n, marks=() if n in DEFAULT_RUN else pytest.mark.exhaustive)
            for n in names]

WRONG: dict[str, set[str]] = {
    "wrong_no_cut": {"6", "7", "8"},
    "wrong_no_narrowing": {"6", "8"},
    "wrong_no_negation": {"6", "7", "8"},
    "wrong_bmove_not_lazy": {"8"},
    "wrong_bmove_last_tie": {"8"},
    "wrong_assured_win_naive": {"7"},
    "wrong_bval_is_ntval": {"6", "7", "8"},
    "wrong_window_not_swapped": {"6", "7", "8"},
    "wrong_ntval_starts_at_top": {"5"},
    "wrong_eval_joins_the_opposite": {"3"},
}
"""Each wrong fixture and the questions it must lose points on (and no others)."""


def _lost(result: dict[str, object]) -> set[str]:
    scores = result["scores"]
    assert isinstance(scores, dict) and scores, "nothing was graded"
    return {task for task, (passed, run) in scores.items() if passed != run}


def test_the_fixtures_are_all_listed() -> None:
    assert set(WRONG) == {p.name for p in GAMETREE.glob("wrong_*")}
    assert len(RIGHT) >= 4


@pytest.mark.parametrize("name", _params(RIGHT))
def test_a_right_solution_of_any_variety_scores_full_marks(name: str, tmp_path: Path) -> None:
    d = overlay("gametree", GAMETREE / name, tmp_path / name, base="starter")
    result = grade_in_process("gametree", d, case_timeout=30.0, budget=120.0)
    assert not _lost(result), result["failures"][:3]
    assert len(result["scores"]) == len(TASKS)


@pytest.mark.parametrize("name", _params(sorted(WRONG)))
def test_a_wrong_solution_loses_points_where_it_is_wrong(name: str, tmp_path: Path) -> None:
    d = overlay("gametree", GAMETREE / name, tmp_path / name)
    # each replaces one answer of the reference: the questions using it, and 5 to 8 (bval and
    # what builds on it), are graded; the others cannot change
    tasks = tuple(sorted(WRONG[name] | {"5", "6", "7", "8"}))
    result = grade_in_process("gametree", d, tasks=tasks, case_timeout=30.0, budget=120.0)
    assert _lost(result) == WRONG[name], result["failures"][:3]


@pytest.mark.exhaustive  # seconds of sandboxes; the same worker code runs in process above
def test_the_reference_scores_full_marks_in_the_sandbox_in_every_format(
        graded: object, tmp_path: Path) -> None:
    report = graded("gametree", "reference")  # type: ignore[operator]  # the fixture is a function; its type is the conftest's
    assert isinstance(report, GradeReport)
    assert report.ok and report.total == report.max_total == 100.0
    assert [t.id for t in report.tasks] == [str(k) for k in range(1, 9)]
    assert all(t.tests for t in report.tasks)


SAMPLE_MUTANTS = 1


def _mutant_sample() -> list[AstMutant]:
    from benchmarks.grading_power import is_equivalent, load_equivalents

    equivalents = load_equivalents()
    ms = [m for m in generate(load("gametree")) if not is_equivalent(m, equivalents)]
    return random.Random(20).sample(ms, SAMPLE_MUTANTS)


@pytest.mark.parametrize("mutant", _mutant_sample(), ids=lambda m: m.key)
def test_a_sample_of_mutants_loses_points(mutant: AstMutant, tmp_path: Path) -> None:
    from sml150.grading import write_solution

    write_solution("gametree", tmp_path, {"gametree": ast_mutant_source(mutant)})
    result = grade_in_process("gametree", tmp_path, stop_early=True, case_timeout=30.0,
                              budget=120.0)
    assert result["failures"], f"{mutant.key} lost no point"


# -- the forcing counter and the check --------------------------------------------------------


def _forced(fn: str, tree: object, *args: object) -> object:
    expr = ["forced", ["mod", "gametree"], tree, ["get", ["mod", "gametree"], fn],
            *(["lit", a] for a in args)]
    return encode(evaluate(expr, reference_env("gametree")))


def test_the_counter_counts_each_cons_forced() -> None:
    # the root's first move is worth 5; the second move's first reply refutes it (a cut)
    tree = [[3, [[1, 5], [2, 7]]], [8, [[4, -1], [6, 3]]], [9, 0]]
    assert _forced("ntval", tree) == {"t": ["forced", 5, 7]}
    assert _forced("bval", tree, BOTTOM, TOP) == {"t": ["forced", 5, 6]}
    assert _forced("bmove", tree, BOTTOM, TOP) == {"t": ["forced", {"some": 3}, 6]}
    # with the window (0, 1) the first move is a win already: the root cuts after it
    assert _forced("assured_win", tree) == {"t": ["forced", True, 3]}
    assert _forced("bmove", tree, 0, 1) == {"t": ["forced", {"some": 3}, 3]}
    assert _forced("size", 4) == {"t": ["forced", 1, 0]}


def _reply(value: object, cells: int) -> Reply:
    return Reply(True, {"t": ["forced", value, cells]})


def test_the_check_takes_any_equivalent_value_and_exact_counts() -> None:
    check = CHECKS["gametree"]
    ref = [_reply(-2, 4)]
    assert check(ref, [_reply(-5, 4)], {"window": [-2, 3]}).passed  # both <= alpha
    assert check(ref, [_reply(-2, 9)], {"window": [-2, 3]}).passed  # cells not counted
    assert not check(ref, [_reply(0, 4)], {"window": [-2, 3]}).passed
    assert not check(ref, [_reply(-5, 4)], {}).passed  # exact
    assert not check(ref, [_reply(-2, 5)], {"window": [-2, 3], "forced": True}).passed
    assert "fewer" in check(ref, [_reply(-2, 3)], {"forced": True}).reason
    assert not check([_reply(True, 1)], [_reply(1, 1)], {}).passed  # 1 is not True
    assert not check(ref, [Reply(False, exc="NotImplementedError")], {}).passed
    assert not check(ref, [Reply(True, -2)], {}).passed  # not a counted reply


def test_cases_cover_small_shapes_windows_and_leaves_beyond_one() -> None:
    cases = {t.id: t.cases() for t in TASKS}
    data = json.dumps([c.exprs for c in cases["6"]])
    assert str(TOP) in data and str(BOTTOM) in data
    names = " ".join(c.name for c in cases["6"])
    for window in ("the full window", "(-1, 0)", "(-1, 1)", "(0, 1)"):
        assert window in names
    every = [c for c in cases["1"]
             if c.name == "size, every tree shape with 4 edges" and not c.hidden]
    assert len(every) == 1 and len(every[0].exprs) == len(shapes(4))
    assert any(c.hidden for c in cases["8"]) and any(not c.hidden for c in cases["8"])
    for c in (c for cs in cases.values() for c in cs if c.hidden):
        assert c.kind and not any(ch.isdigit() for ch in c.kind.replace("-1/0/+1", ""))


@pytest.mark.exhaustive
def test_a_class_is_graded_in_batch_mode(tmp_path: Path) -> None:
    """Batch grading (one sandbox at a time per student) as for the homeworks: a right
    solution full marks, the untouched starter 0, the CSV with one column per question."""
    from sml150.grading._batch import grade_batch
    from sml150.parallel import SerialExecutor

    from .conftest import starter_modules

    subs = tmp_path / "class"
    overlay("gametree", GAMETREE / "right_loops", subs / "ann", base="starter")
    starter_modules("gametree", subs / "bob")
    rows = {r.student: r for r in grade_batch("gametree", subs, ex=SerialExecutor())}
    assert rows["ann"].total == 100.0 and rows["bob"].total == 0.0
    header = (tmp_path / "class-grades" / "grades.csv").read_text().splitlines()[0]
    assert header == "student,1,2,3,4,5,6,7,8,total,status,similar"


# -- the starter ------------------------------------------------------------------------------


def test_the_starter_keeps_the_given_code_and_stubs_the_eight_answers(tmp_path: Path) -> None:
    import ast
    import importlib.util

    from sml150.grading._handout import homework
    from sml150.grading._starter import reference_source, starter_source

    (spec,) = homework("gametree")[0]
    text = starter_source(reference_source("gametree", "gametree"), spec, "gametree")
    tree = ast.parse(text)
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    assert not {n for n in defined if n.startswith("_")}, "a solution helper is left"
    stubs = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)
             and ast.unparse(n.body[-1]) == "raise NotImplementedError"}
    assert stubs == set(spec.stubs)
    assert {"Nil", "Cons", "TLeaf", "TNonLeaf", "Sense", "of_list", "equivalent"} <= defined
    path = tmp_path / "gametree.py"
    path.write_text(text, encoding="utf-8")
    loader = importlib.util.spec_from_file_location("starter_gametree", path)
    assert loader is not None and loader.loader is not None
    m = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(m)
    t = m.TNonLeaf(m.of_list([(4, m.TLeaf(1))]))
    assert m.equivalent(0, 2, -3, 0) and m.unit(m.Odd) == m.top
    for name, args in (("size", (t,)), ("bval", (m.bottom, m.top, t)), ("bmove", (0, 1, t))):
        with pytest.raises(NotImplementedError):
            getattr(m, name)(*args)
