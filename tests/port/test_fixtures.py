"""The project's own SML solutions (``tests/grading/fixtures/faithful``) port with no hand
edit, type-check under ``mypy --strict`` and score full marks.

Porting is fast and checked for all four; grading one solution takes seconds in its sandbox,
so the default run grades one solution per homework and ``-m exhaustive`` the rest (and runs
mypy on all four ports).
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sml150.grading.toolkit import homework
from sml150.port import syntax as sx
from sml150.port.names import snake
from sml150.port.parser import parse
from sml150.port.starter import port_module, starter_text

FAITHFUL = Path(__file__).parents[1] / "grading" / "fixtures" / "faithful"
SOLUTIONS = sorted(p.name for p in FAITHFUL.iterdir() if p.is_dir())
NOT_SOLUTION = {"load"}


def _sml_files(name: str) -> list[Path]:
    return sorted(f for f in (FAITHFUL / name).glob("*.sml") if f.stem not in NOT_SOLUTION)


def port_solution(name: str, target: Path) -> Path:
    """The automatic port of fixture ``name`` as a submission directory (no hand edit)."""
    hw = name.split("_", maxsplit=1)[0]
    target.mkdir(parents=True, exist_ok=True)
    modules, _ = homework(hw)
    for spec in modules:  # the starter's modules (the SML files replace theirs)
        (target / f"{spec.name}.py").write_text(starter_text(hw, spec.name) or "",
                                                encoding="utf-8")
    for f in _sml_files(name):
        result = port_module(hw, f.stem, f.read_text(encoding="utf-8"))
        assert not result.failures, (f.name, result.failures)
        (target / f"{f.stem}.py").write_text(result.text, encoding="utf-8")
        if result.tests is not None:
            (target / f"test_{f.stem}.py").write_text(result.tests, encoding="utf-8")
    return target


def _sml_names(f: Path) -> set[str]:
    """The snake_case names of the functions and values an SML file defines (any depth)."""
    out: set[str] = set()

    def walk(decs: tuple[sx.Dec, ...]) -> None:
        for d in decs:
            match d:
                case sx.Fun(_, fbs):
                    out.update(snake(fb.name) for fb in fbs)
                case sx.Val(_, _, binds):
                    out.update(snake(p.name) for q, _ in binds
                               for p in [q.pat if isinstance(q, sx.PTyped) else q]
                               if isinstance(p, sx.PVar))
                case sx.Structure(_, _, _, sx.StrBody(_, inner)) | sx.Functor(
                        _, _, _, _, sx.StrBody(_, inner)):
                    walk(inner)
                case sx.Local(_, hidden, body):
                    walk(hidden + body)

    walk(parse(f.read_text(encoding="utf-8")))
    return out


def _stubs(text: str) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and isinstance(node.body[-1], ast.Raise) and (
                ast.unparse(node.body[-1]) == "raise NotImplementedError"):
            out.add(node.name)
    return out


GRADED = ("hw10_b", "hw11_a")
"""The solutions graded in the default run (their ports are checked there)."""


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.exhaustive) if n in GRADED else n for n in SOLUTIONS])
def test_each_solution_ports_with_every_stub_it_defines_filled(name: str) -> None:
    hw = name.split("_", maxsplit=1)[0]
    for f in _sml_files(name):
        result = port_module(hw, f.stem, f.read_text(encoding="utf-8"))
        assert not result.failures, result.failures
        left = _stubs(result.text) & _sml_names(f)
        assert not left, f"{f.name}: stubs the SML defines are left: {sorted(left)}"
        compile(result.text, f.name, "exec")


def _grade(name: str, tmp_path: Path) -> None:
    from sml150.grading._inprocess import grade_in_process

    hw = name.split("_", maxsplit=1)[0]
    d = port_solution(name, tmp_path / name)
    result = grade_in_process(hw, d, case_timeout=10.0, budget=240.0)
    lost = {t: s for t, s in result["scores"].items() if s[0] != s[1]}
    assert not lost and not result["timeout"], (lost, result["failures"][:5])


@pytest.mark.parametrize("name", [  # HW11's by default; HW10's (10 s) exhaustive
    pytest.param(n, marks=pytest.mark.exhaustive) if n.startswith("hw10") else n
    for n in GRADED])
def test_an_automatic_port_scores_full_marks(name: str, tmp_path: Path) -> None:
    _grade(name, tmp_path)


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", ["hw10_a", "hw11_b"])
def test_the_other_automatic_ports_score_full_marks(name: str, tmp_path: Path) -> None:
    _grade(name, tmp_path)


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", SOLUTIONS)
def test_an_automatic_port_passes_mypy_strict(name: str, tmp_path: Path) -> None:
    d = port_solution(name, tmp_path / name)
    modules = [str(p) for f in _sml_files(name)
               for p in (d / f"{f.stem}.py", d / f"test_{f.stem}.py") if p.exists()]
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or "mypy"
    proc = subprocess.run([mypy, "--strict", "--no-incremental", *modules], cwd=d,
                          capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:]


@pytest.mark.parametrize("name", [  # one per homework by default
    pytest.param(n, marks=pytest.mark.exhaustive) if n in ("hw10_b", "hw11_b") else n
    for n in SOLUTIONS])
def test_an_automatic_port_passes_ruff(name: str, tmp_path: Path) -> None:
    """ruff's own rules (no project configuration): no unused import or local, no ambiguous
    name left unexplained, in the modules and the ported tests."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed beside this interpreter")
    d = port_solution(name, tmp_path / name)
    files = [str(p) for p in sorted(d.glob("*.py"))]
    done = subprocess.run([ruff, "check", "--isolated", "--select", "E4,E7,E9,F", *files],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-2000:]
