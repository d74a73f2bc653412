"""Fairness and power of the grader (issue 9).

Fair solutions (``fixtures/fair``: each makes one choice the handout leaves open differently
from the reference) score full marks; a sample of AST mutants of the reference loses points;
the checks accept exactly what the handout allows (ties in Jamboree's parallel part, a bound
outside the window).
"""

from __future__ import annotations

import ast
import random
import shutil
from pathlib import Path

import pytest

from sml150.grading import write_solution
from sml150.grading._checks import CHECKS
from sml150.grading._handout import load
from sml150.grading._inprocess import grade_in_process
from sml150.grading._model import Reply
from sml150.grading._mutants import (
    AstMutant,
    ast_mutant_source,
    generate,
    student_functions,
)
from sml150.grading._starter import reference_source

from .conftest import FIXTURES

FAIR = FIXTURES / "fair"

# fixture -> (homework, the tasks its module reaches)
FAIR_SOLUTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "hw10_jamboree_mapreduce": ("hw10", ("7.2", "7.3", "7.4")),
    "hw10_jamboree_mapreduce_later_tie": ("hw10", ("7.2", "7.3", "7.4")),
    "hw11_jamboree_later_tie": ("hw11", ("6.2", "6.3", "6.4")),
    "hw10_ttt_column_major_moves": ("hw10", ("5.2", "5.3", "5.4")),
    "hw10_ttt_open_lines_estimate": ("hw10", ("5.6",)),
    "hw11_graph_reverse_neighbours": ("hw11", ("3.1", "3.2", "3.3")),
}


def _patched(src: str, patch: str) -> str:
    """``src`` with every function (or method of a class) that ``patch`` defines replaced."""
    tree, new = ast.parse(src), ast.parse(patch)
    replacements: dict[str, ast.stmt] = {}
    for node in new.body:
        if isinstance(node, ast.FunctionDef):
            replacements[node.name] = node
        elif isinstance(node, ast.ClassDef):
            replacements.update({f"{node.name}.{f.name}": f for f in node.body
                                 if isinstance(f, ast.FunctionDef)})
    found: set[str] = set()
    for scope, prefix in [(tree.body, "")] + [
            (c.body, f"{c.name}.") for c in tree.body if isinstance(c, ast.ClassDef)]:
        for i, node in enumerate(scope):
            name = prefix + getattr(node, "name", "")
            if isinstance(node, ast.FunctionDef) and name in replacements:
                scope[i] = replacements[name]
                found.add(name)
    unknown = set(replacements) - found
    assert not unknown, f"the patch names unknown functions: {unknown}"
    return ast.unparse(tree) + "\n"


def fair_submission(name: str, target: Path) -> Path:
    """The reference submission with the fair fixture ``name`` put over it."""
    hw, _ = FAIR_SOLUTIONS[name]
    write_solution(hw, target)
    for f in (FAIR / name).glob("*.py.txt"):
        module = f.name.removesuffix(".py.txt")
        if module.endswith(".patch"):
            module = module.removesuffix(".patch")
            text = (target / f"{module}.py").read_text(encoding="utf-8")
            (target / f"{module}.py").write_text(_patched(text, f.read_text()), encoding="utf-8")
        else:
            shutil.copyfile(f, target / f"{module}.py")
    return target


def test_every_fair_fixture_is_listed() -> None:
    assert {p.name for p in FAIR.iterdir() if p.is_dir()} == set(FAIR_SOLUTIONS)


@pytest.mark.parametrize("name", sorted(FAIR_SOLUTIONS))
def test_fair_solution_scores_full_marks(name: str, tmp_path: Path) -> None:
    hw, tasks = FAIR_SOLUTIONS[name]
    result = grade_in_process(hw, fair_submission(name, tmp_path / "sub"), tasks=tasks,
                              case_timeout=120.0, budget=600.0)
    assert result["failures"] == []
    assert set(result["scores"]) == set(tasks)
    assert all(passed == run > 0 for passed, run in result["scores"].values())


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", sorted(FAIR_SOLUTIONS))
def test_fair_solution_scores_full_marks_in_the_sandbox(name: str, tmp_path: Path) -> None:
    from sml150.grading import grade

    hw, _ = FAIR_SOLUTIONS[name]
    report = grade(hw, fair_submission(name, tmp_path / "sub"), text=False)
    assert [(t.id, x.name, x.reason) for t in report.tasks for x in t.tests if not x.passed] == []


# -- the checks accept exactly what the handout allows ----------------------------------------


def _edge(move: int, n: int) -> dict[str, object]:
    return {"some": {"t": [move, {"rec": "Guess", "f": {"n": n}}]}}


def test_a_tied_move_of_the_parallel_part_passes_and_another_fails() -> None:
    check = CHECKS["eq_leaves_tie"]
    expected = [Reply(True, _edge(0, 3), out="Estimating state a[3]\n")]
    tied = [Reply(True, _edge(2, 3), out="Estimating state a[3]\n")]
    assert check(expected, tied, {"moves": [0, 2]}).passed
    assert not check(expected, tied, {"moves": [0]}).passed
    wrong_value = [Reply(True, _edge(2, 4), out="Estimating state a[3]\n")]
    assert not check(expected, wrong_value, {"moves": [0, 2]}).passed
    wrong_leaves = [Reply(True, _edge(0, 3), out="Estimating state b[3]\n")]
    assert not check(expected, wrong_leaves, {"moves": [0, 2]}).passed


def _value(kind: str, n: int, move: int = 0) -> dict[str, object]:
    est = {"rec": "Guess", "f": {"n": n}}
    return {"rec": "Step", "f": {"move": move, "est": est}} if kind == "Step" else \
        {"rec": "Leaf", "f": {"est": est}}


def test_fg_outside_the_window_needs_only_the_bound() -> None:
    check = CHECKS["fg"]
    window = {"alpha": {"rec": "Guess", "f": {"n": 2}}, "beta": {"rec": "Guess", "f": {"n": 5}},
              "moves": []}
    above = [Reply(True, _value("Step", 7))]
    assert check(above, [Reply(True, _value("Step", 5, 1))], window).passed  # >= beta
    assert not check(above, [Reply(True, _value("Step", 4))], window).passed
    below = [Reply(True, _value("Step", 1))]
    assert check(below, [Reply(True, _value("Leaf", 2))], window).passed  # <= alpha
    assert not check(below, [Reply(True, _value("Leaf", 3))], window).passed
    inside = [Reply(True, _value("Step", 3, 1))]
    assert check(inside, [Reply(True, _value("Step", 3, 1))], window).passed
    assert not check(inside, [Reply(True, _value("Step", 3, 0))], window).passed
    assert check(inside, [Reply(True, _value("Step", 3, 0))], {**window, "moves": [0, 1]}).passed


# -- power: a sample of AST mutants loses points ----------------------------------------------

SAMPLE = 4


def _sample() -> list[AstMutant]:
    from benchmarks.grading_power import is_equivalent, load_equivalents

    equivalents = load_equivalents()
    rng = random.Random(9)
    out = []
    for hw, modules in (("hw10", ("las", "alphabeta")), ("hw11", ("graphseq", "alphabeta"))):
        ms = [m for m in generate(load(hw), modules) if not is_equivalent(m, equivalents)]
        out += rng.sample(ms, SAMPLE // 2)
    return out


@pytest.mark.parametrize("mutant", _sample(), ids=lambda m: m.key)
def test_a_sample_of_ast_mutants_loses_points(mutant: AstMutant, tmp_path: Path) -> None:
    from benchmarks.grading_power import AFFECTS

    write_solution(mutant.hw, tmp_path, {mutant.module: ast_mutant_source(mutant)})
    result = grade_in_process(mutant.hw, tmp_path, tasks=AFFECTS[mutant.hw][mutant.module],
                              stop_early=True, case_timeout=120.0, budget=600.0)
    assert result["failures"], f"{mutant.key} lost no point"


@pytest.mark.exhaustive
def test_the_grader_kills_95_percent_of_the_mutants() -> None:
    from benchmarks.grading_power import main

    assert main(["--jobs", "2"]) == 0


def test_mutants_come_from_the_student_written_functions() -> None:
    ttt = next(m for m in load("hw10").modules if m.name == "tictactoe")
    assert "_TicTacToe.estimate" in student_functions("hw10", ttt)
    assert "lines_estimator" not in student_functions("hw10", ttt)  # the heuristic
    for m in generate(load("hw10"), ("las",)):
        assert ast_mutant_source(m) != reference_source("hw10", "las")


# -- what a student sees of a hidden test; what staff see with --reveal -----------------------


def test_a_hidden_test_shows_its_kind_not_its_input() -> None:
    from sml150.grading import GradeReport, TaskReport, TestOutcome, text_report

    secret = "search random tree #2 (depth 2), window (-1, 3), a tie in the parallel part"
    report = GradeReport("hw10", "sub", (TaskReport("7.3", "Jamboree", 25, (
        TestOutcome(secret, False, "expected Some((0, Guess(3)))", True,
                    kind="search random tree: a tie in the parallel part"),)),), 1.0)
    student = text_report(report, width=200)
    assert "a tie in the parallel part" in student
    assert "window (-1, 3)" not in student and "Guess(3)" not in student
    staff = text_report(report, width=200, reveal=True)
    assert "window (-1, 3)" in staff and "Guess(3)" in staff


def test_every_hidden_case_has_a_kind_without_data() -> None:
    from sml150.grading._handout import homework

    for hw in ("hw10", "hw11"):
        for task in homework(hw)[1]:
            for case in task.cases():
                if case.hidden:
                    assert case.kind, case.name
                    assert not any(ch.isdigit() for ch in case.kind.split(":")[0]), case.kind


def test_handout_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    from sml150.cli import main as cli
    from sml150.grading import write_handout

    write_handout("hw10", tmp_path)
    (tmp_path / "las.py").write_text("# my work\n")
    with pytest.raises(FileExistsError, match="--force"):
        write_handout("hw10", tmp_path)
    assert (tmp_path / "las.py").read_text() == "# my work\n"
    assert cli(["handout", "hw10", str(tmp_path)]) == 2
    assert cli(["handout", "hw10", str(tmp_path), "--force"]) == 0
    assert (tmp_path / "las.py").read_text() != "# my work\n"


def test_a_required_exception_passes_by_meaning_or_subclass() -> None:
    check = CHECKS["eq"]
    expected = [Reply(False, exc="not_in_graph", bases=("LookupError",))]
    for name, bases in [("not_in_graph", ()), ("NotInGraph", ()), ("NotInGraphError", ()),
                        ("VertexMissing", ("not_in_graph", "LookupError"))]:
        assert check(expected, [Reply(False, exc=name, bases=bases)], None).passed, name
    for name in ("ValueError", "IndexError", "Range", "LookupError"):
        assert not check(expected, [Reply(False, exc=name)], None).passed, name


def test_a_worker_cannot_claim_bases_that_are_no_names() -> None:
    r = Reply.parse(b'{"ok": false, "exc": "E", "msg": "", "bases": ["not_in_graph", "x y", 3]}')
    assert r.bases == ("not_in_graph",)
    with pytest.raises(ValueError, match="malformed"):
        Reply.parse(b'{"ok": false, "exc": "E", "msg": "", "bases": "not_in_graph"}')


def test_any_element_of_a_run_may_stand_for_it() -> None:
    check = CHECKS["las"]
    runs = {"runs": [["hi", "HI"], ["bye"]]}

    def pairs(*ps: tuple[int, str]) -> list[Reply]:
        return [Reply(True, {"seq": [{"t": [n, x]} for n, x in ps]})]

    assert check([], pairs((2, "hi"), (1, "bye")), runs).passed
    assert check([], pairs((2, "HI"), (1, "bye")), runs).passed
    assert not check([], pairs((2, "Hi"), (1, "bye")), runs).passed  # not an element
    assert not check([], pairs((1, "hi"), (1, "HI"), (1, "bye")), runs).passed
    assert not check([], pairs((2, "bye"), (1, "hi")), runs).passed  # the order of the runs


def test_jamboree_leaves_are_a_multiset_alphabeta_leaves_a_sequence() -> None:
    check = CHECKS["eq_leaves"]
    expected = [Reply(True, 3, out="Estimating state a[3]\nEstimating state b[1]\n")]
    swapped = [Reply(True, 3, out="Estimating state b[1]\nEstimating state a[3]\n")]
    assert check(expected, swapped, {"leaves": "multiset"}).passed
    assert not check(expected, swapped, {"leaves": "order"}).passed
    fewer = [Reply(True, 3, out="Estimating state a[3]\n")]
    assert not check(expected, fewer, {"leaves": "multiset"}).passed


def test_a_bound_that_ties_is_no_best_move() -> None:
    """A sequential child searched with alpha already at the node's value only bounds it."""
    from sml150.grading._cases import best_moves, full_window, player_expr
    from sml150.grading._exprs import explicit_game, get

    # Maxie: a -> 3; b (Minnie) -> [3, 1]: b's value is 1, but searched with alpha = 3 its
    # first leaf, 3 <= alpha, cuts: b returns 3, a bound. Only move 0 is best.
    g = explicit_game(["N", "r", [["N", "a", [["E", "a1", 3]]],
                                  ["N", "b", [["E", "b1", 3], ["E", "b2", 1]]]]])
    for hw in ("hw10", "hw11"):
        player = player_expr("alphabeta", g, 2, None)
        assert best_moves(hw, player, get(g, "start"), 2, full_window(hw, player)) == [0]
    # a true tie: both children are worth 3
    g = explicit_game(["N", "r", [["N", "a", [["E", "a1", 3]]],
                                  ["N", "b", [["E", "b1", 3], ["E", "b2", 4]]]]])
    player = player_expr("alphabeta", g, 2, None)
    assert best_moves("hw10", player, get(g, "start"), 2, full_window("hw10", player)) == [0, 1]


# -- Task 5.6's "automatic 0" is for creating a state, not for a crash -------------------------

_RAISES_AT_ONE = '''
def TicTacToe(consts):
    if consts.board_size == 1:
        raise ValueError("Bind: the student's own test of a 3x3 board, inside the functor")
    return _TicTacToe(consts)
'''

_MAKES_STATES = '''
class _TicTacToe:
    def estimate(self, s):
        match self.status(s):
            case Over(outcome):
                return outcome_value(outcome)
        self.make_move(s, Seq.nth(0, self.moves(s)))
        return Guess(0)
'''


_MAKES_STATES_THEN_RAISES = _MAKES_STATES.replace("return Guess(0)", "raise ValueError('no')")


def _hw10_with(patch: str, target: Path) -> Path:
    write_solution("hw10", target)
    text = (target / "tictactoe.py").read_text(encoding="utf-8")
    (target / "tictactoe.py").write_text(_patched(text, patch), encoding="utf-8")
    return target


def test_a_game_that_cannot_be_made_at_one_size_loses_those_tests_not_the_task(
        tmp_path: Path) -> None:
    # zg2's functor runs its own tests, which raise on a 1x1 board (as its SML does): the
    # "creates no state" tests at that size fail, but they show no state created
    result = grade_in_process("hw10", _hw10_with(_RAISES_AT_ONE, tmp_path / "sub"),
                              tasks=("5.6",), case_timeout=120.0, budget=600.0)
    passed, run = result["scores"]["5.6"]
    assert 0 < passed < run
    assert any("creates no state" in f and "raised" in f for f in result["failures"])


@pytest.mark.parametrize("patch", [_MAKES_STATES, _MAKES_STATES_THEN_RAISES],
                         ids=["returns", "then raises"])
def test_an_estimate_that_makes_a_state_gets_the_automatic_0(patch: str, tmp_path: Path) -> None:
    # one that raises after making the state still made it: the rule's 0, not a crash's loss
    result = grade_in_process("hw10", _hw10_with(patch, tmp_path / "sub"),
                              tasks=("5.6",), case_timeout=120.0, budget=600.0)
    assert result["scores"]["5.6"][0] == 0
    assert any("created" in f and "state" in f for f in result["failures"])
