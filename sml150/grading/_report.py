"""The three ways a ``GradeReport`` is written: a text report, Autolab's, Gradescope's.

* Text: a table per task (rich), each test with PASS/FAIL and a short reason. Hidden tests are
  listed as "hidden test k", without name or reason (both would reveal the hidden cases).
* Autolab (https://docs.autolabproject.com/lab/): the *last line of stdout* is the autoresult,
  ``{"scores": {"Task 5.1": 4.0, ...}, "scoreboard": [total, score per task...]}``; problem
  names must equal the Autolab problems' names, so configure them as ``Task 5.1`` etc.
* Gradescope (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
  ``results.json`` with the total ``score``, an ``output`` summary, and one entry per test in
  ``tests`` (``name``, ``score``, ``max_score``, ``status``, ``output``, ``visibility``;
  hidden tests are ``"hidden"``).

Text a submission printed is never written raw: it is shown through ``repr`` and truncated, so
it cannot fake report lines or an autoresult. Every other string that may hold a submission's
bytes (reasons, notes, the submission's path) is cut and has its control characters and lone
surrogates escaped, so no report ever fails to encode.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Final

from sml150.grading._model import GradeReport, clean_text

NOT_TAMPER_PROOF: Final = "not tamper-proof: graded without the sandbox ({why})"
"""The one line the report of a run without bubblewrap holds."""


def _safe(text: str, limit: int = 2000) -> str:
    """One line of text any stream can print (see ``clean_text``)."""
    return clean_text(text, limit, lines=False)

__all__ = ["autolab_line", "gradescope_json", "text_report", "write_gradescope"]


def _problem(task_id: str) -> str:
    return f"Task {task_id}"


GRADER_ERROR: Final = ("GRADER ERROR: the grader or its machine failed, so these scores are "
                       "not a grade (the exit status is 1); staff will grade this again.")
"""What Autolab's and Gradescope's outputs say when ``GradeReport.ok`` is false."""


def autolab_line(report: GradeReport) -> str:
    """The autoresult: one line of JSON, to be printed last.

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "start", 4,
    ...                                          (TestOutcome("a", True, "", False),)),), 1.0)
    >>> autolab_line(r)
    '{"scores": {"Task 5.1": 4.0}, "scoreboard": [4.0, 4.0]}'
    """
    scores = {_problem(t.id): t.score for t in report.tasks}
    board = [report.total, *(t.score for t in report.tasks)]
    line: dict[str, Any] = {"scores": scores, "scoreboard": board}
    if not report.ok:  # the grader failed: say so where Autolab shows it, and regrade
        line["grader_error"] = _safe(GRADER_ERROR + " " + "; ".join(report.notes))[:500]
    return json.dumps(line)


def gradescope_json(report: GradeReport) -> dict[str, Any]:
    """``results.json`` as a dict: per-test scores summing to each task's score.

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "start", 4,
    ...     (TestOutcome("a", True, "", False), TestOutcome("b", False, "no", True))),), 1.0)
    >>> [(t["score"], t["max_score"], t["visibility"]) for t in gradescope_json(r)["tests"]]
    [(2.0, 2.0, 'visible'), (0.0, 2.0, 'hidden')]
    """
    tests: list[dict[str, Any]] = []
    for task in report.tasks:
        n = len(task.tests)
        each = task.max_points / n if n else 0.0
        for i, t in enumerate(task.tests, 1):
            lines = [_safe(t.reason)] if t.reason and not t.hidden else []
            if t.output and not t.hidden and not t.passed:
                lines.append("printed: " + repr(t.output[:500]))
            tests.append({
                "name": _safe(f"Task {task.id} ({task.title}): {t.name}"),
                "number": f"{task.id}.{i}",
                "score": round(each if t.passed else 0.0, 4),
                "max_score": round(each, 4),
                "status": "passed" if t.passed else "failed",
                "output": "\n".join(lines),
                "visibility": "hidden" if t.hidden else "visible",
            })
    summary = [GRADER_ERROR] if not report.ok else []
    summary += [f"{report.hw}: {report.total} / {report.max_total}"]
    summary += [f"Task {t.id}: {t.score} / {t.max_points} ({t.passed}/{len(t.tests)} tests)"
                for t in report.tasks]
    summary += [f"note: {_safe(n)}" for n in report.notes]
    if report.unsandboxed:
        summary.append(_safe(NOT_TAMPER_PROOF.format(why=report.unsandboxed)))
    return {
        "score": report.total,
        "execution_time": round(report.seconds),
        "output": "\n".join(summary),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def write_gradescope(report: GradeReport, path: Path) -> None:
    """Write ``results.json`` to ``path`` (its directory is created)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(gradescope_json(report), indent=2) + "\n", encoding="utf-8")


def text_report(report: GradeReport, width: int = 100, *, reveal: bool = False) -> str:
    """The readable report, as plain text (rich renders it; no colour codes).

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "start", 4,
    ...                                          (TestOutcome("a", True, "", False),)),), 1.0)
    >>> "Task 5.1" in text_report(r) and "4.0 / 4" in text_report(r)
    True
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, width=width, no_color=True, highlight=False, markup=False,
                      emoji=False, force_terminal=False)
    console.print(Text(f"sml150 grade {report.hw}: {_safe(report.submission)}"))
    for task in report.tasks:
        table = Table(title=Text(f"Task {task.id} ({task.title}): {task.score} / "
                                 f"{task.max_points:g}  [{task.passed}/{len(task.tests)} tests]"),
                      title_justify="left", show_header=False, expand=True)
        table.add_column("result", width=6, no_wrap=True)
        table.add_column("test", ratio=2)
        table.add_column("reason", ratio=3)
        hidden = 0
        for t in task.tests:
            name, reason = t.name, t.reason
            if t.hidden and not reveal:  # its name and reason would reveal its input
                hidden += 1  # (its kind does not: "a tie in the parallel part")
                name = f"hidden test {hidden}" + (f": {t.kind}" if t.kind else "")
                reason = ""
            elif t.hidden:  # --reveal (staff): the whole case
                name = f"[hidden] {name}"
            if t.quote and (reveal or not t.passed):  # the handout sentence it enforces
                reason = (reason + "\n" if reason else "") + f"handout: \u201c{t.quote}\u201d"
            table.add_row(Text("PASS" if t.passed else "FAIL"), Text(_safe(name)),
                          Text(_safe(reason)))
        console.print(table)
    if report.unsandboxed:
        console.print(Text(_safe(NOT_TAMPER_PROOF.format(why=report.unsandboxed))))
    if reveal:  # staff only: a student's report never shows it
        for flag in report.similar:
            console.print(Text(_safe(f"similar: {flag}")))
    for note in report.notes:
        console.print(Text(_safe(f"note: {note}")))
    if not report.ok:
        console.print(Text(GRADER_ERROR))
    console.print(Text(f"Total: {report.total} / {report.max_total:g}   "
                       f"({report.seconds:.1f} s)"))
    return buf.getvalue()
