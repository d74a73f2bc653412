"""``sml150 crosscheck``: faithful SML solutions and their ports agree; planted bugs told apart.

Only the functions whose ports run on the current library are crosschecked here (look-and-say,
Tic-Tac-Toe's is_valid_move, the graph tasks), a few seconds of SML/NJ each.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sml150.crosscheck._run import PORTING_SLIP, SML_BUG, crosscheck, sml_missing

FAITHFUL = Path(__file__).resolve().parent.parent / "grading" / "fixtures" / "faithful"

pytestmark = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")

TASKS = {"hw10": ("5.2", "5.7", "5.8"), "hw11": ("2.1", "3.1", "3.2", "3.3")}


def _port(name: str, target: Path, edits: dict[str, str] | None = None) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    for f in (FAITHFUL / name).glob("*.py.txt"):
        text = f.read_text(encoding="utf-8")
        for old, new in (edits or {}).items():
            text = text.replace(old, new)
        (target / f.name.removesuffix(".txt")).write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("name", ["hw10_a", "hw10_b", "hw11_a", "hw11_b"])
def test_a_faithful_port_crosschecks_clean(name: str, tmp_path: Path) -> None:
    hw = name.split("_", maxsplit=1)[0]
    report = crosscheck(hw, FAITHFUL / name, _port(name, tmp_path / "py"), cases=2, seed=1,
                        tasks=TASKS[hw])
    assert report.results, report.notes
    assert sum(t.agree for t in report.tallies) == len(report.results)
    assert not report.findings, [(f.name, f.sml, f.port) for f in report.findings[:3]]


LAS_PORT_SLIP = {"return Seq.cons((k, x), run(y, 1, ys))":
                 "return Seq.cons((k + 1, x), run(y, 1, ys))"}
LAS_SML_BUG = {"Seq.cons ((k, x), run (y, 1, ys))": "Seq.cons ((k + 1, x), run (y, 1, ys))"}


def test_a_porting_slip_and_an_sml_bug_are_told_apart(tmp_path: Path) -> None:
    las_py = (FAITHFUL / "hw10_a" / "las.py.txt").read_text(encoding="utf-8")
    las_sml = (FAITHFUL / "hw10_a" / "las.sml").read_text(encoding="utf-8")
    assert all(k in las_py for k in LAS_PORT_SLIP), "the fixture changed: update the edit"
    assert all(k in las_sml for k in LAS_SML_BUG), "the fixture changed: update the edit"
    slip = crosscheck("hw10", FAITHFUL / "hw10_a",
                      _port("hw10_a", tmp_path / "slip", LAS_PORT_SLIP), cases=0, tasks=("5.7",))
    assert slip.findings and {f.label for f in slip.findings} == {PORTING_SLIP}
    sml = tmp_path / "sml"
    shutil.copytree(FAITHFUL / "hw10_a", sml)
    text = las_sml
    for old, new in LAS_SML_BUG.items():
        text = text.replace(old, new)
    (sml / "las.sml").write_text(text, encoding="utf-8")
    bug = crosscheck("hw10", sml, _port("hw10_a", tmp_path / "py"), cases=0, tasks=("5.7",))
    assert bug.findings and {f.label for f in bug.findings} == {SML_BUG}
