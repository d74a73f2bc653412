"""Nothing for nothing: degenerate submissions score exactly 0 in every task of every homework.

The submissions are generated from the starter files (``degenerate.py``): every graded function
does nothing (``raise NotImplementedError``, ``return None``, ``raise ValueError``, ``pass``),
returns one of its arguments, or returns one constant (each distinct answer the reference
gives, most frequent first, and a few more of its return type). One-line constant stubs used
to score HW10 12.59 / 150, HW11 12.0 / 100 and gametree 4.57 / 100 (``return True``,
``return In_play()``, ...); a task's answer tests now count in groups that no such answer
passes (``_groups``), and its property tests only once its answers are right.

The default run grades the do-nothing bodies, every identity and the two most frequent
constants of every function; ``-m exhaustive`` grades every constant of every function, one
function at a time, on the tasks that call it.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from sml150.grading._groups import _function
from sml150.grading._handout import homework
from sml150.grading._inprocess import grade_in_process

from .degenerate import NOTHING, constants, degenerate_submission, graded_functions, rounds

HOMEWORKS = ("hw10", "hw11", "gametree")

DEFAULT_ROUNDS = [(hw, kind) for hw in HOMEWORKS for kind in rounds(hw, top=2)]
"""The do-nothing bodies, the identities and the two most frequent constants, per homework."""


def _with_tests(hw: str, d: Path) -> Path:
    if hw == "hw11":  # the starter's test file, as a student who did nothing hands it in
        from sml150.grading.hw11 import STARTER_TESTS

        (d / "test_riskless.py").write_text(STARTER_TESTS, encoding="utf-8")
    return d


@pytest.mark.parametrize(("hw", "kind"), DEFAULT_ROUNDS,
                         ids=[f"{hw}-{kind.replace(' ', '_')}" for hw, kind in DEFAULT_ROUNDS])
def test_a_degenerate_submission_scores_zero_everywhere(hw: str, kind: str,
                                                        tmp_path: Path) -> None:
    d = _with_tests(hw, degenerate_submission(hw, kind, tmp_path / "sub"))
    result = grade_in_process(hw, d, case_timeout=5.0, budget=240.0)
    earned = {task: passed for task, (passed, _run) in result["scores"].items() if passed}
    assert not earned, f"{kind} earns tests in {earned}"
    assert result["scores"], "nothing was graded"


def _tasks_calling(hw: str, name: str) -> tuple[str, ...]:
    """The tasks whose cases call the function (or property) ``name``, or play it."""
    found = set()
    for task in homework(hw)[1]:
        for case in task.cases():
            calls = {_function(e) for e in case.exprs}
            if name in calls or (name == "estimate" and case.driver is not None):
                found.add(task.id)
    return tuple(sorted(found))


EVERY_FUNCTION = [(hw, f) for hw in HOMEWORKS for f in graded_functions(hw)]


@pytest.mark.exhaustive
@pytest.mark.parametrize(("hw", "function"), EVERY_FUNCTION,
                         ids=[f"{hw}-{m}.{f}" for hw, (m, f) in EVERY_FUNCTION])
def test_every_constant_of_every_function_scores_zero(hw: str, function: tuple[str, str],
                                                      tmp_path: Path) -> None:
    """Each constant alone (every other stub left as it is), on the tasks that call it."""
    tasks = _tasks_calling(hw, function[1].rsplit(".", 1)[-1])
    assert tasks, f"no task calls {function}"
    for k in range(len(constants(hw)[function])):
        d = degenerate_submission(hw, f"constant {k}", tmp_path / f"c{k}", only={function})
        result = grade_in_process(hw, d, tasks=tasks, case_timeout=5.0, budget=240.0)
        earned = {t: p for t, (p, _n) in result["scores"].items() if p}
        assert not earned, f"constant {k} ({constants(hw)[function][k]}) earns {earned}"


def test_the_rounds_cover_every_kind_of_degenerate_answer() -> None:
    for hw in HOMEWORKS:
        kinds = rounds(hw)
        assert kinds[: len(NOTHING)] == list(NOTHING)
        assert "identity 0" in kinds and "constant 0" in kinds
        every = constants(hw)
        assert all(every[f] for f in graded_functions(hw) if not f[1].endswith("initial_ab"))


def test_stub_bodies_are_replaced(tmp_path: Path) -> None:
    d = degenerate_submission("hw10", "pass", tmp_path / "sub")
    text = (d / "las.py").read_text(encoding="utf-8")
    assert "NotImplementedError" not in text and "pass" in text
    d = degenerate_submission("hw10", "identity 1", tmp_path / "id")
    assert "return s" in (d / "las.py").read_text(encoding="utf-8")


def _chance_score(q: float, rng: random.Random) -> float:
    """Task 4.2's points for tests that always pass but one, which fails by chance (``q``)."""
    from sml150.grading._model import TaskReport, TestOutcome
    from sml150.grading.hw11 import AGAIN, SECOND, TASKS, caught_by_valid_tests

    def run(name: str, hidden: bool = False) -> TestOutcome:
        bits = (1, 1, 1, 0 if rng.random() < q else 1)
        return TestOutcome(name, True, "", hidden, detail=bits)

    ref = run("ref")
    ref = attrs.evolve(ref, passed=True)
    mutants = [f"m{i}" for i in range(9)]
    outcomes = [ref, *(run(m) for m in mutants), *(run(m + SECOND) for m in mutants),
                *(run(f"{AGAIN} ({i})", True) for i in range(2))]
    folded = caught_by_valid_tests(outcomes)
    (task,) = (t for t in TASKS if t.id == "4.2")
    return TaskReport("4.2", "", task.points, tuple(folded)).score


@pytest.mark.parametrize("q", [0.05, 0.15, 0.3, 0.5])
def test_task_4_2_tests_that_fail_by_chance_expect_little(q: float) -> None:
    """A test failing at random (or by guessing which run it is in: the runs come in a random
    order) must pass on all three runs of the reference and fail on both runs of a mutant:
    the expected score stays near a twentieth of the task's (0.25 of 5 at worst, about
    q = 0.35), where one run of each mutant and of the reference gave most of it."""
    rng = random.Random(q)
    mean = sum(_chance_score(q, rng) for _ in range(1500)) / 1500
    assert mean < 0.3, mean
