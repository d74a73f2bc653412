"""``sml150 crosscheck``: faithful SML solutions and their ports agree; planted bugs told apart.

Only the functions whose ports run on the current library are crosschecked here (look-and-say,
Tic-Tac-Toe's is_valid_move, the graph tasks), a few seconds of SML/NJ each.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sml150.crosscheck._run import PORTING_SLIP, SML_BUG, crosscheck, sml_missing
from sml150.grading._sandbox import Bundle

FAITHFUL = Path(__file__).resolve().parent.parent / "grading" / "fixtures" / "faithful"

pytestmark = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")

@pytest.fixture(scope="module")
def bundle() -> Iterator[Bundle]:
    with Bundle() as b:
        yield b


TASKS = {"hw10": ("5.2", "5.5", "5.7", "5.8"), "hw11": ("2.1", "3.1", "3.2", "3.3", "4.1")}


def _port(name: str, target: Path, edits: dict[str, str] | None = None) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    for f in (FAITHFUL / name).glob("*.py.txt"):
        text = f.read_text(encoding="utf-8")
        for old, new in (edits or {}).items():
            text = text.replace(old, new)
        (target / f.name.removesuffix(".txt")).write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("name", [  # one per homework by default, the others exhaustive
    "hw10_b", "hw11_a", *(pytest.param(n, marks=pytest.mark.exhaustive)
                          for n in ("hw10_a", "hw11_b"))])
def test_a_faithful_port_crosschecks_clean(name: str, tmp_path: Path, bundle: Bundle) -> None:
    hw = name.split("_", maxsplit=1)[0]
    report = crosscheck(hw, FAITHFUL / name, _port(name, tmp_path / "py"), cases=1, seed=1,
                        tasks=TASKS[hw], bundle=bundle)
    assert report.results, report.notes
    assert sum(t.agree for t in report.tallies) == len(report.results)
    assert not report.findings, [(f.name, f.sml, f.port) for f in report.findings[:3]]


LAS_PORT_SLIP = {"return Seq.cons((k, x), run(y, 1, ys))":
                 "return Seq.cons((k + 1, x), run(y, 1, ys))"}
LAS_SML_BUG = {"Seq.cons ((k, x), run (y, 1, ys))": "Seq.cons ((k + 1, x), run (y, 1, ys))"}


def test_a_porting_slip_and_an_sml_bug_are_told_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], bundle: Bundle) -> None:
    from sml150.cli import main

    las_py = (FAITHFUL / "hw10_a" / "las.py.txt").read_text(encoding="utf-8")
    las_sml = (FAITHFUL / "hw10_a" / "las.sml").read_text(encoding="utf-8")
    assert all(k in las_py for k in LAS_PORT_SLIP), "the fixture changed: update the edit"
    assert all(k in las_sml for k in LAS_SML_BUG), "the fixture changed: update the edit"
    # a changed port, through the command: counts, the label, which side the grader takes
    py = _port("hw10_a", tmp_path / "slip", LAS_PORT_SLIP)
    status = main(["crosscheck", "hw10", str(FAITHFUL / "hw10_a"), str(py), "--cases", "0",
                   "--tasks", "5.7"])
    out = capsys.readouterr().out
    assert status == 1
    assert "5.7 look_and_say" in out and "agree" in out
    assert f"{PORTING_SLIP}: 5.7 look_and_say" in out and SML_BUG not in out
    assert "grader: SML passes, port fails" in out
    # a changed SML file, the port as it was
    sml = tmp_path / "sml"
    shutil.copytree(FAITHFUL / "hw10_a", sml)
    text = las_sml
    for old, new in LAS_SML_BUG.items():
        text = text.replace(old, new)
    (sml / "las.sml").write_text(text, encoding="utf-8")
    bug = crosscheck("hw10", sml, _port("hw10_a", tmp_path / "py"), cases=0, tasks=("5.7",),
                     bundle=bundle)
    assert bug.findings and {f.label for f in bug.findings} == {SML_BUG}
    assert all(f.port_passes and not f.sml_passes for f in bug.findings)


def test_bad_arguments_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from sml150.cli import main

    assert main(["crosscheck", "hw10", str(tmp_path / "none"), str(tmp_path)]) == 2
    assert main(["crosscheck", "hw10", str(tmp_path), str(tmp_path), "--tasks", "9.9"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"sml150: error: directory not found: {tmp_path / 'none'}",
                   "sml150: error: no task 9.9 in hw10 (tasks: 5.1, 5.2, 5.3, 5.4, 5.5, 5.6, "
                   "5.7, 5.8, 6.1, 6.2, 6.3, 6.4, 7.2, 7.3, 7.4)"]


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", ["hw10_a", "hw10_b", "hw11_a", "hw11_b"])
def test_every_graded_function_crosschecks_clean(name: str, tmp_path: Path) -> None:
    hw = name.split("_", maxsplit=1)[0]
    report = crosscheck(hw, FAITHFUL / name, _port(name, tmp_path / "py"), cases=10, seed=7)
    assert not report.findings, [(f.label, f.name, f.sml, f.port) for f in report.findings[:3]]
    assert {t.function for t in report.tallies if t.agree} >= {
        "hw10": {"start", "is_valid_move", "make_move", "moves", "status", "estimate",
                 "look_and_say", "las_wrap", "compare_ab", "search", "evaluate", "next_move",
                 "split_moves"},
        "hw11": {"to_list", "get_neighbors", "from_edge_seq", "is_undirected", "start",
                 "status", "moves", "make_move", "estimate", "initial_ab", "F", "G",
                 "next_move", "split_moves"}}[hw]


def test_a_case_that_never_ends_costs_that_case_only() -> None:
    from sml150.crosscheck._run import run_units
    from sml150.grading.toolkit import SandboxLimits

    units = {"a": "Show.int 1",
             "b": "let fun loop (x : int) : int = loop x in Show.int (loop 0) end",
             "c": "Show.int 3"}
    got, _ = run_units("hw10", FAITHFUL / "hw10_a", [], units, budget=60,
                       limits=SandboxLimits(call_timeout=2))
    assert (got["a"].value, got["b"].value, got["c"].value) == ("1", None, "3")
    assert got["b"].began and got["b"].problem == "ran past its time (2 s)"


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", ["hw10_a", "hw10_b", "hw11_a", "hw11_b"])
def test_the_automatic_port_crosschecks_clean(name: str, tmp_path: Path) -> None:
    """Issue 19's "done when": 0 differences with the automatic port (``sml150 port``) too."""
    from sml150.cli import main

    hw = name.split("_", maxsplit=1)[0]
    sources = [str(p) for p in sorted((FAITHFUL / name).glob("*.sml"))
               if p.name != "load.sml"]
    assert main(["port", *sources, "--out", str(tmp_path / "auto")]) == 0
    report = crosscheck(hw, FAITHFUL / name, tmp_path / "auto", cases=10, seed=7)
    assert not [f for f in report.results if not f.agree], [
        (f.label, f.name, f.sml, f.port) for f in report.results if not f.agree][:3]
