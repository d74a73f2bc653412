"""Faithful ports of correct SML solutions score full marks (the handout is the only spec).

``fixtures/faithful/hwNN_x/`` holds a correct SML solution written for this test (``*.sml``, run
with SML/NJ: ``run.out``) and its line-by-line Python port (``<module>.py.txt``, whole modules),
adding nothing the SML lacks: no raises outside REQUIRES, no traces, the SML's own orders and
tie-breaks. The two solutions of each homework differ in every choice the handout leaves open
(see the fixtures' READMEs). A real bug planted in a port still costs points.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sml150.grading._inprocess import grade_in_process

from .conftest import FIXTURES

FAITHFUL = FIXTURES / "faithful"
SOLUTIONS = sorted(p.name for p in FAITHFUL.iterdir()
                   if p.is_dir() and any(p.glob("*.py.txt")))


def port_submission(name: str, target: Path, edits: dict[str, str] | None = None) -> Path:
    """The port of fixture ``name`` as a submission directory (with ``edits`` applied)."""
    target.mkdir(parents=True, exist_ok=True)
    for f in (FAITHFUL / name).glob("*.py.txt"):
        text = f.read_text(encoding="utf-8")
        for old, new in (edits or {}).items():
            text = text.replace(old, new)
        (target / f.name.removesuffix(".txt")).write_text(text, encoding="utf-8")
    return target


def test_there_are_two_solutions_per_homework() -> None:
    for hw in ("hw10", "hw11"):
        mine = [s for s in SOLUTIONS if s.startswith(hw)]
        assert len(mine) >= 2, f"{hw}: {mine}"
        for s in mine:
            assert list((FAITHFUL / s).glob("*.sml")), f"{s}: no SML beside the port"
            assert (FAITHFUL / s / "run.out").exists(), f"{s}: no SML/NJ transcript"


@pytest.mark.parametrize("name", [  # one per homework by default, the other (5-16 s) exhaustive
    pytest.param(n, marks=pytest.mark.exhaustive) if n in ("hw10_a", "hw11_b") else n
    for n in SOLUTIONS])
def test_a_faithful_port_scores_full_marks(name: str, tmp_path: Path) -> None:
    hw = name.split("_", maxsplit=1)[0]
    d = port_submission(name, tmp_path / name)
    result = grade_in_process(hw, d, case_timeout=10.0, budget=240.0)
    lost = {t: s for t, s in result["scores"].items() if s[0] != s[1]}
    assert not lost and not result["timeout"], (lost, result["failures"][:5])


UNSOUND_TIE = {
    "if compare_ab((ab0[0], POSINF()), v) == BELOW:": "if True:",
    "if compare_ab((NEGINF(), ab0[1]), v) == ABOVE:": "if True:",
}
"""``hw10_b`` with every equal value replacing the best edge, bounds included: a real bug
(from ``OO./XX./...`` at depth 3 it plays (2,2), and X wins)."""


def test_a_tie_broken_on_a_bound_still_costs_points(tmp_path: Path) -> None:
    text = "".join(f.read_text(encoding="utf-8")
                   for f in (FAITHFUL / "hw10_b").glob("*.py.txt"))
    assert all(old in text for old in UNSOUND_TIE), "the fixture changed: update the edit"
    d = port_submission("hw10_b", tmp_path / "unsound", UNSOUND_TIE)
    result = grade_in_process("hw10", d, tasks=("6.4", "7.3"), case_timeout=10.0)
    lost = {t: s for t, s in result["scores"].items() if s[0] != s[1]}
    assert lost, "a move that only ties with a bound was accepted"


def test_port_submission_copies_whole_modules(tmp_path: Path) -> None:
    d = port_submission(SOLUTIONS[0], tmp_path / "x")
    assert {p.suffix for p in d.iterdir()} == {".py"}
    shutil.rmtree(d)


SML = shutil.which("sml")


@pytest.mark.skipif(SML is None, reason="SML/NJ (Debian package smlnj) is not installed: the "
                                        "SML solutions cannot be run again here")
@pytest.mark.parametrize("name", SOLUTIONS)
def test_the_sml_solution_still_prints_its_transcript(name: str) -> None:
    """Each SML solution, run again with SML/NJ on the course library in ``sml150/sml``,
    prints exactly the transcript its port was checked against (``run.out``)."""
    import subprocess

    assert SML is not None
    here = FAITHFUL / name
    driver = f"../{name.split('_', maxsplit=1)[0]}_run.sml"  # one per homework, shared
    proc = subprocess.run([SML, driver], cwd=here, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, check=False)
    got = (proc.stdout + proc.stderr).splitlines()
    want = (here / "run.out").read_text(encoding="utf-8").splitlines()
    assert got == want
