"""The student starter files: generated from the reference, with nothing of the solutions."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sml150.grading import write_handout
from sml150.grading._handout import homework
from sml150.grading._mutants import function_nodes
from sml150.grading._sandbox import Bundle, SandboxLimits, WorkerSession
from sml150.grading._starter import ModuleSpec, reference_source, starter_source

MODULES = [(hw, spec) for hw in ("hw10", "hw11") for spec in homework(hw)[0]]

ALLOWED_PRIVATE = {
    # Private helpers the given code (printing, parsing, the baseline, the map check) uses.
    "hw10": {"_TicTacToe", "_check_size", "_line_holders", "_lines", "_longest_chain",
             "_AlphaBeta", "_Jamboree",
             # the Seq board (issue 9): the given state record, parsing and printing use them
             "_flat_lines", "_cells_of", "_known_state", "_cell_of", "_parse_location",
             "_rows"},
    "hw11": {"_GraphSeq", "_not_in_graph", "_earth_layout", "_grid_layout", "_grid_neighbours",
             "_ring_layout", "_Census", "_Riskless", "_census", "_owner", "_why_invalid",
             "_AlphaBeta", "_Jamboree", "_is_int", "_is_number"},
}


@pytest.mark.parametrize(("hw", "spec"), MODULES, ids=[f"{h}-{s.name}" for h, s in MODULES])
def test_tasks_are_stubs_with_the_handouts_words(hw: str, spec: ModuleSpec) -> None:
    ref = function_nodes(ast.parse(reference_source(hw, spec.name)))
    starter = function_nodes(ast.parse(starter_source(reference_source(hw, spec.name), spec)))
    docs = {name: (task, quotes) for name, task, quotes in spec.docs}
    for name in (*spec.stubs, *spec.brief):
        body = starter[name].body
        assert isinstance(body[-1], ast.Raise)
        assert ast.unparse(body[-1]) == "raise NotImplementedError"
        assert len(body) == 2  # the docstring and the raise
        doc = ast.get_docstring(starter[name], clean=False) or ""
        if name in docs:  # the handout's sentences, nothing of the reference's docstring
            task, quotes = docs[name]
            assert doc.startswith(f"{task}. What the handout asks")
            assert all(q.split()[0] in doc for q in quotes)
        else:
            assert doc.startswith("A helper of the starter code")
        # the signature is kept
        assert ast.unparse(starter[name].args) == ast.unparse(ref[name].args)
    assert set(docs) <= set(spec.stubs) | set(spec.brief), "a quoted function is not stubbed"


@pytest.mark.parametrize(("hw", "spec"), MODULES, ids=[f"{h}-{s.name}" for h, s in MODULES])
def test_no_arbitrary_choice_of_the_reference_leaks(hw: str, spec: ModuleSpec) -> None:
    """Tie-breaks, move orders and errors the handout leaves open are not in the starter."""
    text = starter_source(reference_source(hw, spec.name), spec)
    stubs = function_nodes(ast.parse(text))
    for name in (*spec.stubs, *spec.brief):
        doc = (ast.get_docstring(stubs[name]) or "").lower()
        for word in ("earliest", "row-major", "valueerror", "raises", "trace"):
            assert word not in doc, f"{spec.name}.{name}: {word!r} in its docstring"


@pytest.mark.parametrize(("hw", "spec"), MODULES, ids=[f"{h}-{s.name}" for h, s in MODULES])
def test_no_solution_helper_is_left(hw: str, spec: ModuleSpec) -> None:
    text = starter_source(reference_source(hw, spec.name), spec)
    assert "sml150.handouts" not in text
    private = {node.name for node in ast.walk(ast.parse(text))
               if isinstance(node, ast.FunctionDef | ast.ClassDef)
               and node.name.startswith("_") and not node.name.startswith("__")}
    assert private <= ALLOWED_PRIVATE[hw], "review new private helpers before shipping them"


@pytest.fixture(scope="module", params=["hw10", "hw11"])
def handout(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[str, Path]:
    hw = str(request.param)
    d = tmp_path_factory.mktemp(f"handout-{hw}")
    write_handout(hw, d)
    return hw, d


def test_handout_layout(handout: tuple[str, Path]) -> None:
    hw, d = handout
    modules, tasks = homework(hw)
    for spec in modules:
        assert (d / f"{spec.name}.py").is_file()
    assert (d / "sml150" / "lib" / "seq.py").is_file()
    assert not (d / "sml150" / "handouts").exists()
    assert not (d / "sml150" / "grading").exists()
    readme = (d / "README.md").read_text()
    assert "pytest" in readme
    assert all(f"Task {t.id}" in readme for t in tasks)
    imports = re.compile(r"^\s*(from|import)\s+sml150\.(handouts|grading)", re.MULTILINE)
    for f in d.rglob("*.py"):
        text = f.read_text()
        assert not imports.search(text), f
        if f.parent == d:  # the starter modules do not even name the reference
            assert "sml150.handouts" not in text, f


def test_starter_imports_cleanly_without_the_package(handout: tuple[str, Path]) -> None:
    hw, d = handout
    with Bundle() as b, WorkerSession(b, [d], SandboxLimits()) as w:
        for spec in homework(hw)[0]:
            reply = w.call(["mod", spec.name])
            assert reply.ok, (spec.name, reply.exc, reply.msg)


def _pytest(d: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=d, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.exhaustive  # 5 s a homework; the starter's zero is checked by grading it (test_stubs)
def test_public_tests_fail_on_the_starter(handout: tuple[str, Path]) -> None:
    _, d = handout
    run = _pytest(d)
    assert run.returncode == 1, run.stdout[-2000:]
    assert " passed" not in run.stdout.splitlines()[-1]


def test_public_tests_pass_on_the_reference(handout: tuple[str, Path], tmp_path: Path) -> None:
    import shutil

    from sml150.grading import write_solution

    hw, d = handout
    target = tmp_path / "both"
    shutil.copytree(d, target)
    write_solution(hw, target)
    run = _pytest(target)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "failed" not in run.stdout.splitlines()[-1]
