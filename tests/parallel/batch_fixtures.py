"""A small class of HW10 submissions for the batch-grading tests."""

from __future__ import annotations

from pathlib import Path

from sml150.grading import write_handout, write_solution

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
