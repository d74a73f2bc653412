"""A small class of HW10 submissions for the batch-grading tests."""

from __future__ import annotations

import csv
from pathlib import Path

from sml150.grading import write_handout, write_solution
from sml150.grading._batch import grade_batch
from sml150.parallel import executor

TASKS = ("5.1", "6.1")
"""Two quick tasks: TicTacToe start (4 points) and AlphaBeta compare_ab (8 points)."""


def make_class(root: Path) -> Path:
    """ann: the reference; bob: the starter; cat: a TicTacToe that kills its worker."""
    subs = root / "submissions"
    subs.mkdir()
    write_solution("hw10", subs / "ann")
    write_handout("hw10", subs / "bob")
    write_solution("hw10", subs / "cat")
    (subs / "cat" / "tictactoe.py").write_text(
        "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", encoding="utf-8")
    (subs / "notes.txt").write_text("not a student\n", encoding="utf-8")
    return subs


def check_class(subs: Path, out: Path) -> None:
    """One row per student; cat's crash costs only the task that imports its TicTacToe."""
    rows = list(csv.DictReader((out / "grades.csv").open()))
    assert [r["student"] for r in rows] == ["ann", "bob", "cat"]
    by = {r["student"]: r for r in rows}
    assert (by["ann"]["5.1"], by["ann"]["6.1"], by["ann"]["total"]) == ("4.0", "8.0", "12.0")
    assert by["bob"]["total"] == "0.0"
    assert (by["cat"]["5.1"], by["cat"]["6.1"]) == ("0.0", "8.0")
    assert all(r["status"] == "graded" for r in rows)
    for name in ("ann", "bob", "cat"):
        assert "5.1" in (out / f"{name}.txt").read_text()


def check_rerun(subs: Path, out: Path) -> None:
    """A second run grades nobody again and rewrites no report."""
    before = {p.name: p.stat().st_mtime_ns for p in out.glob("*.txt")}
    seen: list[str] = []
    with executor("serial") as ex:
        rows = grade_batch("hw10", subs, ex=ex, tasks=TASKS,
                           on_done=lambda r: seen.append(r.student))
    assert seen == []
    assert [r.student for r in rows] == ["ann", "bob", "cat"]
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("*.txt")} == before
