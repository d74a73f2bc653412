"""The SML side's walls: hostile and broken SML solutions each end in a clean report.

Each fixture of ``tests/crosscheck/fixtures`` (our own SML, see its README) is crosschecked,
through the command, against the faithful port of ``hw10_a`` on look-and-say (Tasks 5.7 and
5.8, public cases), a few seconds of SML/NJ each. A clean report: the command returns, its
text holds no control character (no terminal escape sequence) and no line it did not write,
and every case the SML side could not answer is counted as not run, never labelled.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sml150.crosscheck import crosscheck, sml_missing
from sml150.crosscheck._report import SML_BUG
from sml150.grading.toolkit import Bundle

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
FAITHFUL = HERE.parent / "grading" / "fixtures" / "faithful"

pytestmark = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The faithful port of hw10_a (a correct look-and-say)."""
    out = tmp_path_factory.mktemp("port")
    for f in (FAITHFUL / "hw10_a").glob("*.py.txt"):
        (out / f.name.removesuffix(".txt")).write_text(f.read_text(encoding="utf-8"),
                                                       encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def bundle() -> Iterator[Bundle]:
    with Bundle() as b:
        yield b


def _command(capsys: pytest.CaptureFixture[str], fixture: str, port: Path,
             tasks: str = "5.7,5.8") -> tuple[int, str, float]:
    from sml150.cli import main

    start = time.monotonic()
    status = main(["crosscheck", "hw10", str(FIXTURES / fixture), str(port), "--cases", "0",
                   "--tasks", tasks])
    out = capsys.readouterr().out
    return status, out, time.monotonic() - start


def _clean(out: str) -> None:
    """Only printable text and line breaks; the one head line is the command's."""
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", out), out[:400]
    assert len(re.findall(r"^crosscheck hw10: ", out, re.MULTILINE)) == 1


def test_a_file_that_does_not_compile_is_one_line_and_its_cases_not_run(
        capsys: pytest.CaptureFixture[str], port: Path) -> None:
    status, out, _ = _command(capsys, "broken", port)
    _clean(out)
    assert status == 1
    lines = [line for line in out.splitlines() if line.startswith("could not run the SML")]
    assert lines == [f"could not run the SML: {FIXTURES / 'broken' / 'las.sml'}:9:59: Error: "
                     "operator and operand don't agree [tycon mismatch]"]
    assert re.search(r"5\.7 look_and_say +agree +0 +differ +0 +not run +14", out)
    assert SML_BUG not in out and "porting slip" not in out


def test_a_forking_solution_is_refused_every_process(
        capsys: pytest.CaptureFixture[str], port: Path) -> None:
    status, out, seconds = _command(capsys, "fork", port, "5.7")
    _clean(out)
    assert status == 1 and seconds < 60
    # 400 forks, system and execute per case: each refused (SysErr), so each case raises
    answers = re.findall(r"^    SML: +(.*)$", out, re.MULTILINE)
    assert answers and set(answers) == {"raises SysErr"}
    assert re.search(r"5\.7 look_and_say +agree +0 +differ +14", out)
    # the fork at load time: its declaration skipped, the structure after it loaded
    assert re.search(r"skipped \(no case needs it\): .*fork/las\.sml:4:1: an exception", out)
    assert "found: LookAndSay: structure Runs in" in out


def test_a_flooding_solution_is_stopped(capsys: pytest.CaptureFixture[str], port: Path) -> None:
    status, out, seconds = _command(capsys, "flood", port)
    _clean(out)
    assert status == 1 and seconds < 90
    assert "5.7 look_and_say: printed more than 1 MiB (stopped) (2 cases)" in out
    assert "5.8 las_wrap: printed more than 4 MiB (2 cases)" in out
    assert re.search(r"5\.8 las_wrap +agree +0 +differ +0 +not run +17", out)


def test_escape_sequences_and_forged_answers_never_reach_the_terminal(
        capsys: pytest.CaptureFixture[str], port: Path) -> None:
    status, out, _ = _command(capsys, "escape", port)
    _clean(out)
    assert status == 1
    assert "its exception's name is not an SML name: '\\x1b[2J\\x1b[Hcrosscheck hw10" in out
    assert "5.8 las_wrap: its answer could not be read" in out
    assert SML_BUG not in out


def test_a_deep_or_huge_forged_value_is_refused_unread(
        capsys: pytest.CaptureFixture[str], port: Path) -> None:
    status, out, seconds = _command(capsys, "deep", port)
    _clean(out)
    assert status == 1 and seconds < 60
    assert ("5.7 look_and_say: its answer could not be read: refused unread: nested deeper "
            "than 100 levels (14 cases)") in out
    assert "5.8 las_wrap: printed more than 4 MiB (2 cases)" in out


def test_a_correct_solution_is_never_labelled(port: Path, bundle: Bundle) -> None:
    """hw10_a with its faithful port: every case runs and agrees, nothing is labelled."""
    report = crosscheck("hw10", FAITHFUL / "hw10_a", port, cases=0, tasks=("5.7", "5.8", "5.2"),
                        bundle=bundle)
    assert not report.problems and not report.findings
    assert all(r.ran and r.agree for r in report.results), report.notes
    assert not any(r.label for r in report.results)
