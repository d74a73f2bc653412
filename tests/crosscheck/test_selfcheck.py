"""``sml150 port`` checks the port it wrote against the SML (issue 27 part 2, through crosscheck).

A port that answers as its SML does passes silently (one summary line); a function whose
answers differ is marked in place and the command exits 1; without SML/NJ one line says that
nothing was checked. Also the call itself: ``crosscheck_function`` on one function.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sml150.crosscheck import crosscheck_function, sml_missing
from sml150.crosscheck._report import SML_BUG
from sml150.crosscheck._selfcheck import MARK, mark_differences, self_check
from sml150.port.cli import main

FAITHFUL = Path(__file__).resolve().parent.parent / "grading" / "fixtures" / "faithful"
needs_sml = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")


@needs_sml
def test_the_port_is_checked_and_a_difference_marked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    las = FAITHFUL / "hw10_a" / "las.sml"
    assert main([str(las), "--out", str(tmp_path / "py")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "checked against the SML: 2 functions agree, 0 differ"
    # the SML changed after the port was written: the port now differs from it
    sml = tmp_path / "sml" / "las.sml"
    sml.parent.mkdir()
    text = las.read_text(encoding="utf-8")
    assert "Seq.cons ((k, x), run (y, 1, ys))" in text, "the fixture changed: update the edit"
    sml.write_text(text.replace("Seq.cons ((k, x), run (y, 1, ys))",
                                "Seq.cons ((k + 1, x), run (y, 1, ys))"), encoding="utf-8")
    check = self_check("hw10", [sml], tmp_path / "py", ["look_and_say", "las_wrap"], cases=0)
    assert check.checked and set(check.differ) == {"las.look_and_say", "las.las_wrap"}
    assert check.lines[0] == "checked against the SML: 0 functions agree, 2 differ"
    port = (tmp_path / "py" / "las.py").read_text(encoding="utf-8").splitlines()
    marks = [i for i, line in enumerate(port) if line.startswith(MARK)]
    assert len(marks) == 2 and all(port[i + 1].startswith("def ") for i in marks)
    assert all(len(port[i]) <= 99 for i in marks)
    # marked again: the mark is replaced, not added
    verdict = crosscheck_function("hw10", sml.parent, tmp_path / "py", "look_and_say", cases=0)
    assert verdict.status == "differ" and verdict.differences[0].label == SML_BUG
    assert mark_differences(tmp_path / "py" / "las.py", "look_and_say", verdict)
    again = (tmp_path / "py" / "las.py").read_text(encoding="utf-8").splitlines()
    assert sum(line.startswith(MARK) for line in again) == 2


def test_without_sml_nothing_is_checked_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import sml150.crosscheck._selfcheck as selfcheck

    monkeypatch.setattr(selfcheck, "sml_missing", lambda: "SML/NJ is not installed (here)")
    assert main([str(FAITHFUL / "hw10_a" / "las.sml"), "--out", str(tmp_path / "py")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "nothing checked against the SML: SML/NJ is not installed (here)"


@needs_sml
def test_one_function_is_a_call(tmp_path: Path) -> None:
    port = tmp_path / "py"
    port.mkdir()
    for f in (FAITHFUL / "hw11_a").glob("*.py.txt"):
        shutil.copy(f, port / f.name.removesuffix(".txt"))
    verdict = crosscheck_function("hw11", FAITHFUL / "hw11_a", port, "to_list", cases=1)
    assert verdict.status == "agree" and verdict.agree >= 6 and not verdict.differences
    absent = crosscheck_function("hw11", tmp_path, port, "to_list", cases=0)
    assert absent.status == "not run" and "has no structure with" in absent.why
