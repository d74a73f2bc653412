"""The automatic ports of our real-style corpus (``tests/port/corpus``) pass ``mypy --strict``.

Each solution's files are ported with no hand edit over its homework's starter, as
``sml150 port`` writes them, and mypy checks the ported modules and their tests. One mypy cache
serves the session (the course library is analysed once): the HW11 solutions run by default,
the HW10 ones with ``-m exhaustive``. Beside them, the shapes that made mypy solve ``Never``
(an empty list typed by its SML annotation, a lambda whose body is a call passed to the
library and on) are checked on snippets.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from sml150.grading.toolkit import homework
from sml150.port.module import port_standalone
from sml150.port.starter import port_module, starter_text

CORPUS = Path(__file__).parent / "corpus"
SOLUTIONS = sorted(p.parent for p in CORPUS.glob("*/*/corpus.toml"))


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module's runs."""
    return tmp_path_factory.mktemp("mypy-cache")


def _mypy(cwd: Path, modules: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or "mypy"
    return subprocess.run([mypy, "--strict", "--cache-dir", str(cache), *modules], cwd=cwd,
                          capture_output=True, text=True, check=False, timeout=300)


def _port(solution: Path, target: Path) -> list[str]:
    """Port ``solution`` into ``target`` over its starter; the ported modules' file names."""
    config = tomllib.loads((solution / "corpus.toml").read_text(encoding="utf-8"))
    hw = config["hw"]
    for spec in homework(hw)[0]:
        (target / f"{spec.name}.py").write_text(starter_text(hw, spec.name) or "",
                                                encoding="utf-8")
    written: list[str] = []
    for name in config["files"]:
        stem = Path(name).stem
        result = port_module(hw, stem, (solution / name).read_text(encoding="utf-8"))
        assert not result.failures, (name, result.failures)
        (target / f"{stem}.py").write_text(result.text, encoding="utf-8")
        written.append(f"{stem}.py")
        if result.tests is not None:
            (target / f"test_{stem}.py").write_text(result.tests, encoding="utf-8")
            written.append(f"test_{stem}.py")
    return written


@pytest.mark.parametrize("solution", [
    pytest.param(s, id=f"{s.parent.name}/{s.name}",
                 marks=[pytest.mark.exhaustive] if s.parent.name == "hw10" else [])
    for s in SOLUTIONS])
def test_a_corpus_port_passes_mypy_strict(solution: Path, tmp_path: Path,
                                          mypy_cache: Path) -> None:
    modules = _port(solution, tmp_path)
    done = _mypy(tmp_path, modules, mypy_cache)
    assert done.returncode == 0, done.stdout[-3000:]


_SNIPPETS = """
fun fromList ([] : 'a list) : 'a Seq.seq = Seq.empty ()
  | fromList (x :: xs) = Seq.cons (x, fromList xs)
fun len (s : 'a Seq.seq) : int = Seq.length s
fun firsts (g : int Seq.seq Seq.seq) : int = len (Seq.map (fn r => Seq.nth 0 r) g)
fun rows (g : int Seq.seq Seq.seq) : int list list =
  let val a = Seq.map (fn r => Seq.toList r) g in Seq.toList a end
fun nothing () : int list = Seq.toList (fromList [] : int Seq.seq)
fun heads (g : int Seq.seq Seq.seq) : int =
  let val h = Seq.map (fn r => Seq.nth 0 r) g in Seq.length h end
"""


def test_lambdas_and_empty_lists_are_typed_where_mypy_needs_it(tmp_path: Path,
                                                                mypy_cache: Path) -> None:
    port = port_standalone(_SNIPPETS)
    assert not port.failures, port.failures
    text = port.text
    assert ": Seq[int] = Seq.map(lambda r: Seq.nth(0, r), g)" in text  # passed on to len
    assert "Seq.map(Seq.to_list, g)" in text  # `fn r => Seq.toList r` is Seq.toList
    assert ": Seq[int] = from_list([])" in text  # the SML's annotation, as mypy's context
    (tmp_path / "snippets.py").write_text(text, encoding="utf-8")
    done = _mypy(tmp_path, ["snippets.py"], mypy_cache)
    assert done.returncode == 0, done.stdout[-3000:] + "\n" + text
