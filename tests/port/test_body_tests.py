"""SML tests that run inside a structure become pytest tests (issue 27 part 1).

Our own corpus solutions (``tests/port/corpus``) hold the three shapes: a test functor applied
to a functor application (``structure TESTALL = TestTTT (TicTacToe (struct val board_size = 3
end))``), ``val`` tests inside the functor that application makes (``val true =
is_valid_move (start, ...)`` in ``functor TicTacToe``), and ``val`` tests inside the module's
own structure (``structure LookAndSay``). Each ports to tests that pass; tests inside a functor
the file never applies are refused in one line with their position.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sml150.grading.toolkit import homework
from sml150.port.starter import port_module, starter_text

CORPUS = Path(__file__).parent / "corpus"


def _port(hw: str, solution: Path, files: list[str], target: Path) -> dict[str, str | None]:
    """Port ``files`` of ``solution`` over the starter in ``target``; each module's tests."""
    for spec in homework(hw)[0]:
        (target / f"{spec.name}.py").write_text(starter_text(hw, spec.name) or "",
                                                encoding="utf-8")
    tests: dict[str, str | None] = {}
    for name in files:
        result = port_module(hw, name, (solution / f"{name}.sml").read_text(encoding="utf-8"))
        assert not result.failures, result.failures
        (target / f"{name}.py").write_text(result.text, encoding="utf-8")
        tests[name] = result.tests
        if result.tests is not None:
            (target / f"test_{name}.py").write_text(result.tests, encoding="utf-8")
    return tests


def _pytest(target: Path, *files: str) -> str:
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *files], cwd=target, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


def test_a_test_functor_and_the_tests_inside_the_functor_it_applies_run(tmp_path: Path) -> None:
    tests = _port("hw10", CORPUS / "hw10" / "opener", ["tictactoe"], tmp_path)
    text = tests["tictactoe"] or ""
    # TestTTT's body with T bound to the application; TicTacToe's own three tests on it
    assert "T = TicTacToe(TTTConsts(board_size=3))" in text
    assert "TestTicTacToe2Applied = TicTacToe(TTTConsts(board_size=3))" in text
    assert text.count("def test_") == 10
    assert "m = _v" in text  # `val SOME m = parse_move ...` is a test that binds m for the next
    assert "10 passed" in _pytest(tmp_path, "test_tictactoe.py")


def test_a_structures_own_tests_run(tmp_path: Path) -> None:
    tests = _port("hw10", CORPUS / "hw10" / "records", ["las"], tmp_path)
    assert (tests["las"] or "").count("def test_") == 2
    assert "2 passed" in _pytest(tmp_path, "test_las.py")


def test_the_tests_of_a_functor_applied_nowhere_are_refused_in_one_line() -> None:
    sml = ("structure LookAndSay = struct fun look_and_say eq s = s fun las_wrap eq s = s end\n"
           "functor Sized (S : sig val n : int end) =\nstruct\n  val 3 = S.n\nend\n")
    result = port_module("hw10", "las", sml)
    assert result.failures == ["tests: 4:7: the tests inside functor Sized run where it is "
                               "applied, and this file applies it nowhere: not ported"]
