"""SML tests that run inside a structure become pytest tests (issue 27 part 1).

Our own corpus solutions (``tests/port/corpus``) hold the three shapes: a test functor applied
to a functor application (``structure TESTALL = TestTTT (TicTacToe (struct val board_size = 3
end))``), ``val`` tests inside the functor that application makes (``val true =
is_valid_move (start, ...)`` in ``functor TicTacToe``), and ``val`` tests inside the module's
own structure (``structure LookAndSay``). Each ports to tests that pass. The tests inside the
ported functor also run where the port is applied, as SML runs them (``snippets/
functor_tests.sml``, our own, applied nowhere in its file: they fail on a 1x1 board in both);
those inside another functor the file never applies are refused in one line with their
position.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from sml150.grading.toolkit import homework
from sml150.port import syntax as sx
from sml150.port.opens import resolve_opens
from sml150.port.parser import parse
from sml150.port.smltests import body_tests
from sml150.port.starter import port_module, starter_text

from .helpers import run

CORPUS = Path(__file__).parent / "corpus"


def _port(hw: str, solution: Path, files: list[str], target: Path,
          module: str | None = None) -> dict[str, str | None]:
    """Port ``files`` of ``solution`` over the starter in ``target``; each module's tests.

    ``module``: the starter module the (one) file fills, if not the file's name.
    """
    for spec in homework(hw)[0]:
        (target / f"{spec.name}.py").write_text(starter_text(hw, spec.name) or "",
                                                encoding="utf-8")
    tests: dict[str, str | None] = {}
    for file in files:
        name = module or file
        result = port_module(hw, name, (solution / f"{file}.sml").read_text(encoding="utf-8"))
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


SNIPPET = Path(__file__).parent / "snippets" / "functor_tests.sml"


def test_the_tests_inside_the_ported_functor_run_where_it_is_applied(tmp_path: Path) -> None:
    # our snippet applies its functor nowhere (the course's driver does): its tests run in
    # the port's class as it is made, the last two failing on a 1x1 board as in SML
    tests = _port("hw10", SNIPPET.parent, ["functor_tests"], tmp_path, module="tictactoe")
    assert tests["tictactoe"] is None
    text = (tmp_path / "tictactoe.py").read_text(encoding="utf-8")
    assert text.count("def __attrs_post_init__") == 1
    assert "def empty_tiles(" in text  # the helper only the tests call is ported
    done = subprocess.run([sys.executable, "-c", _APPLY_PY], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.split("\n")[:2] == [
        "1 ValueError Bind: False (the SML test at 58:7)", "3 applied"], done.stdout + done.stderr


_APPLY_PY = """
from tictactoe import TicTacToe, TTTConsts
for n in (1, 3):
    try:
        g = TicTacToe(TTTConsts(board_size=n))
        print(n, "applied")
    except Exception as e:
        print(n, type(e).__name__, e)
"""


def _sml_applies(size: int) -> str:
    """What SML/NJ says applying the snippet's functor at ``size`` (on our 2016 library)."""
    lib = Path(__file__).parents[2] / "sml150" / "sml" / "lib2016"
    script = (f'OS.FileSys.chDir "{lib}";\nuse "load.sml";\nuse "{SNIPPET}";\n'
              f"structure S = TicTacToe (struct val board_size = {size} end);\n"
              'val _ = print "APPLIED\\n";\n')
    done = subprocess.run(["sml"], input=script, capture_output=True, text=True, timeout=300,
                          check=False)
    return done.stdout[done.stdout.index(f"[opening {SNIPPET}]"):]


@pytest.mark.skipif(shutil.which("sml") is None, reason="SML/NJ is not installed")
def test_the_snippet_behaves_so_under_sml_nj() -> None:
    one = _sml_applies(1)
    assert "uncaught exception Bind" in one and "functor_tests.sml:58.7-58.45" in one
    assert "APPLIED" not in one
    assert "APPLIED" in _sml_applies(3)


def test_a_standalone_functors_tests_run_where_it_is_applied() -> None:
    # no starter module: the functor is a class and a factory function, its tests the class's
    ns = run("functor Counter (S : sig val n : int end) =\nstruct\n  val n : int = S.n\n"
             "  fun double (x : int) : int = 2 * x\n  val 4 = double 2\n  val k = double n\n"
             "  val true = k > 2\nend\n")
    assert ns["Counter"](types.SimpleNamespace(n=3)).k == 6
    with pytest.raises(ValueError, match=r"Bind: False \(the SML test at 7:7\)"):
        ns["Counter"](types.SimpleNamespace(n=1))


def test_a_test_functors_parameter_opens_only_its_signatures_names() -> None:
    # SML/NJ passes both tests: `open T` brings T.n, not F's own helper (hidden by the
    # parameter's signature), so `helper 2` is the top-level helper
    sml = ("fun helper x = x + 1\n"
           "functor F (S : sig val n : int end) = struct val n = S.n fun helper x = x + 100 end\n"
           "functor TestOne (T : sig val n : int end) = struct open T val 3 = helper 2 "
           "val 5 = n end\nstructure All = TestOne (F (struct val n = 5 end))\n")
    decs, made = body_tests(parse(sml), ())
    (test,) = [d for d in resolve_opens(decs) if isinstance(d, sx.Structure) and d.name == "All"]
    assert made == ["All"] and isinstance(test.body, sx.StrBody)
    tested = [e for d in test.body.decs if isinstance(d, sx.Val) for _, e in d.binds]
    assert isinstance(tested[0], sx.App) and tested[0].fn == sx.Var(tested[0].fn.pos, "helper")
    assert isinstance(tested[1], sx.Var) and tested[1].name == "T.n"


_SPY_PY = """
from sml150.grading._worker import Env, evaluate
ttt = ["mod", "tictactoe"]
g = ["call", ["get", ttt, "TicTacToe"], ["call", ["get", ttt, "TTTConsts"], ["lit", 3]]]
move = ["tuple", ["get", ttt, "O"], ["tuple", ["lit", 0], ["lit", 0]]]
body = ["call", ["get", g, "is_valid_move"], ["get", g, "start"], move]
print(evaluate(["spy", g, "make_move", body], Env(lambda name: __import__(name))))
"""


def test_a_spy_counts_the_call_not_the_application_that_runs_the_tests(tmp_path: Path) -> None:
    # the grader's "estimate creates no state" spies count what the call does: the game's
    # application (whose own tests call make_move twice here) is made before the count
    _port("hw10", SNIPPET.parent, ["functor_tests"], tmp_path, module="tictactoe")
    done = subprocess.run([sys.executable, "-c", _SPY_PY], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.strip() == "('spy', True, 0)", done.stdout + done.stderr
