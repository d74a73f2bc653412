"""The three ways a ``GradeReport`` is written: a text report, Autolab's, Gradescope's.

* Text: the summary first (the total, then one line per task: points and tests passed), then
  the failures grouped by task, one example each (``verbose``: every failure; ``reveal``, for
  staff: every test whole, passed ones too), each with the handout sentence it enforces,
  rendered as plain text. Hidden tests are named by their kind ("hidden test 3: status"),
  never by their input or reason (both would reveal the hidden cases).
* Autolab (https://docs.autolabproject.com/lab/): the *last line of stdout* is the autoresult,
  ``{"scores": {"Task 5.1": 4.0, ...}, "scoreboard": [total, score per task...]}``; problem
  names must equal the Autolab problems' names, so configure them as ``Task 5.1`` etc. The
  text report printed before it starts with the same summary.
* Gradescope (https://gradescope-autograders.readthedocs.io/en/latest/specs/):
  ``results.json`` with the total ``score``, the same summary as ``output``, and one entry per
  test in ``tests`` (``name``, ``score``, ``max_score``, ``status``, ``output``,
  ``visibility``; hidden tests are ``"hidden"``).

Text a submission printed is never written raw: it is shown through ``repr`` and truncated, so
it cannot fake report lines or an autoresult. Every other string that may hold a submission's
bytes (reasons, notes, the submission's path) is cut and has its control characters, newlines
and lone surrogates escaped, so no report ever fails to encode and each stays on its lines.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sml150.grading._model import GradeReport, TaskReport, clean_text

if TYPE_CHECKING:  # named TestOutcome, it would look like a test class to pytest here
    from sml150.grading._model import TestOutcome

__all__ = ["autolab_line", "gradescope_json", "plain_quote", "summary_lines", "text_report",
           "write_gradescope"]

NOT_TAMPER_PROOF: Final = "not tamper-proof: graded without the sandbox ({why})"
"""The one line the report of a run without bubblewrap holds."""

GRADER_ERROR: Final = ("GRADER ERROR: the grader or its machine failed, so these scores are "
                       "not a grade (the exit status is 1); staff will grade this again.")
"""What Autolab's and Gradescope's outputs say when ``GradeReport.ok`` is false."""


def _safe(text: str, limit: int = 2000) -> str:
    """One line of text any stream can print (see ``clean_text``)."""
    return clean_text(text, limit, lines=False)


def _problem(task_id: str) -> str:
    return f"Task {task_id}"


_GREEK: Final = {name: chr(0x3B1 + i) for i, name in enumerate(
    ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
     "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "varsigma", "sigma", "tau",
     "upsilon", "phi", "chi", "psi", "omega"))}
_MARKUP: Final = (
    (re.compile(r"\$([^$]*)\$"), lambda m: re.sub(
        r"\\([A-Za-z]+)\s*", lambda g: _GREEK.get(g.group(1), g.group(1)), m.group(1))),
    (re.compile(r"\[([^\]]+)\]\([^)\s]+\)"), lambda m: m.group(1)),  # a link: its text
    (re.compile(r"\*\*(.+?)\*\*"), lambda m: m.group(1)),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), lambda m: m.group(1)),
    (re.compile(r"`([^`]+)`"), lambda m: m.group(1)),
)


def plain_quote(quote: str) -> str:
    r"""A handout quote (Markdown with TeX) as plain text: what a report shows.

    >>> plain_quote("The algorithm should process **abmoves**, updating $\\alpha\\beta$.")
    'The algorithm should process abmoves, updating αβ.'
    >>> plain_quote("In `tictactoe.sml`, put this run at the *front*; see [Alpha-Beta](https://x).")
    'In tictactoe.sml, put this run at the front; see Alpha-Beta.'
    >>> plain_quote("(Int.floor (prune_percentage * n)) moves")
    '(Int.floor (prune_percentage * n)) moves'
    """
    text = " ".join(quote.split())
    for pattern, plain in _MARKUP:
        text = pattern.sub(plain, text)
    return text


def _hidden_names(task: TaskReport) -> dict[int, str]:
    """Test index -> how a student sees a hidden test (``hidden test k: its kind``)."""
    names: dict[int, str] = {}
    for i, t in enumerate(task.tests):
        if t.hidden:
            names[i] = f"hidden test {len(names) + 1}" + (f": {t.kind}" if t.kind else "")
    return names


def _test_lines(t: TestOutcome, shown_name: str, *, whole: bool) -> list[str]:
    """A test's lines: its name, why it failed, the handout's sentence, what it printed.

    ``whole`` (staff): a hidden test's reason too. A student never sees a hidden test's
    reason or printed text.
    """
    lines = [shown_name]
    open_to_student = whole or not t.hidden
    if t.reason and open_to_student:
        lines.append(_safe(t.reason))
    if t.quote and (whole or not t.passed):
        lines.append(f"handout: \u201c{_safe(plain_quote(t.quote))}\u201d")
    if t.output and open_to_student and not t.passed:
        lines.append("printed: " + _safe(repr(t.output[:500])))
    return lines


def summary_lines(report: GradeReport) -> list[str]:
    r"""The summary every output starts with: the total, then each task's points and tests.

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "TicTacToe start", 4,
    ...     (TestOutcome("a", True, "", False), TestOutcome("b", False, "", True))),), 1.0)
    >>> print("\n".join(summary_lines(r)))
    hw10: 2.0 / 4 points, 1 of 2 tests passed
    task  points   tests  what
    5.1   2.0 / 4  1 / 2  TicTacToe start
    """
    passed = sum(t.passed for t in report.tasks)
    tests = sum(len(t.tests) for t in report.tasks)
    lines = [GRADER_ERROR] if not report.ok else []
    lines.append(f"{report.hw}: {report.total} / {report.max_total:g} points, {passed} of "
                 f"{tests} tests passed")
    rows = [("task", "points", "tests", "what")] + [
        (t.id, f"{t.score} / {t.max_points:g}", f"{t.passed} / {len(t.tests)}", t.title)
        for t in report.tasks]
    widths = [max(len(r[c]) for r in rows) for c in range(3)]
    lines += ["  ".join([*(r[c].ljust(widths[c]) for c in range(3)), r[3]]).rstrip()
              for r in rows]
    return lines


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


def _closing_lines(report: GradeReport, *, reveal: bool) -> list[str]:
    """What follows the tests: not tamper-proof, similarity flags (staff), notes, error."""
    lines = []
    if report.unsandboxed:
        lines.append(_safe(NOT_TAMPER_PROOF.format(why=report.unsandboxed)))
    if reveal:  # staff only: a student's report never shows it
        lines += [_safe(f"similar: {flag}") for flag in report.similar]
    lines += [_safe(f"note: {note}") for note in report.notes]
    return lines


def gradescope_json(report: GradeReport) -> dict[str, Any]:
    """``results.json`` as a dict: per-test scores summing to each task's score.

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "start", 4,
    ...     (TestOutcome("a", True, "", False), TestOutcome("b", False, "no", True))),), 1.0)
    >>> [(t["score"], t["max_score"], t["visibility"]) for t in gradescope_json(r)["tests"]]
    [(2.0, 2.0, 'visible'), (0.0, 2.0, 'hidden')]
    >>> gradescope_json(r)["output"].splitlines()[0]
    'hw10: 2.0 / 4 points, 1 of 2 tests passed'
    """
    tests: list[dict[str, Any]] = []
    for task in report.tasks:
        n = len(task.tests)
        each = task.max_points / n if n else 0.0
        for i, t in enumerate(task.tests, 1):
            lines = _test_lines(t, "", whole=False)[1:] if not t.passed else []
            tests.append({
                "name": _safe(f"Task {task.id} ({task.title}): {t.name}"),
                "number": f"{task.id}.{i}",
                "score": round(each if t.passed else 0.0, 4),
                "max_score": round(each, 4),
                "status": "passed" if t.passed else "failed",
                "output": "\n".join(lines),
                "visibility": "hidden" if t.hidden else "visible",
            })
    return {
        "score": report.total,
        "execution_time": round(report.seconds),
        "output": "\n".join([*summary_lines(report), *_closing_lines(report, reveal=False)]),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }


def write_gradescope(report: GradeReport, path: Path) -> None:
    """Write ``results.json`` to ``path`` (its folder must exist: the command checked it)."""
    path.write_text(json.dumps(gradescope_json(report), indent=2) + "\n", encoding="utf-8")


def _failures(task: TaskReport, *, verbose: bool, reveal: bool) -> Iterator[list[str]]:
    """The entries a task's section lists: each a test's lines, and the rest in one line."""
    names = _hidden_names(task)
    shown = [i for i, t in enumerate(task.tests) if reveal or not t.passed]
    if not (verbose or reveal) and shown:  # one example: a public failure if there is one
        first = next((i for i in shown if not task.tests[i].hidden), shown[0])
        rest = [i for i in shown if i != first]
        shown = [first]
    else:
        rest = []
    for i in shown:
        t = task.tests[i]
        name = (f"[hidden] {t.name}" if reveal else names[i]) if t.hidden else t.name
        mark = ("PASS " if t.passed else "FAIL ") if reveal else ""
        yield _test_lines(t, mark + _safe(name), whole=reveal)
    if rest:
        public = sum(not task.tests[i].hidden for i in rest)
        kinds = sorted({task.tests[i].kind for i in rest if task.tests[i].hidden} - {""})
        parts = [f"{public} public"] if public else []
        if len(rest) > public:
            parts.append(f"{len(rest) - public} hidden"
                         + (f" ({'; '.join(kinds[:4])}{'; ...' if len(kinds) > 4 else ''})"
                            if kinds else ""))
        yield [f"and {len(rest)} more failed: {', '.join(parts)}"]


def text_report(report: GradeReport, width: int = 100, *, reveal: bool = False,
                verbose: bool = False) -> str:
    """The readable report: the summary, then the failures by task, then notes and the total.

    ``verbose``: every failure, not one example a task; ``reveal`` (staff): every test whole,
    hidden ones and passed ones too.

    >>> from sml150.grading._model import TaskReport, TestOutcome
    >>> r = GradeReport("hw10", "s", (TaskReport("5.1", "start", 4, (
    ...     TestOutcome("a", False, "expected 1, got 2", False, quote="Define **start**."),
    ...     TestOutcome("b", False, "no", True, kind="start"))),), 1.0)
    >>> print(text_report(r))
    sml150 grade hw10: s
    hw10: 0.0 / 4 points, 0 of 2 tests passed
    task  points   tests  what
    5.1   0.0 / 4  0 / 2  start
    <BLANKLINE>
    Failures, one example a task (--verbose: every one):
    <BLANKLINE>
    Task 5.1 (start): 2 of 2 tests failed
      a
        expected 1, got 2
        handout: “Define start.”
      and 1 more failed: 1 hidden (start)
    <BLANKLINE>
    Total: 0.0 / 4   (1.0 s)
    <BLANKLINE>
    """
    out = [f"sml150 grade {report.hw}: {_safe(report.submission)}", *summary_lines(report)]
    sections = []
    for task in report.tasks:
        failed = len(task.tests) - task.passed
        if not failed and not reveal:
            continue
        head = (f"Task {task.id} ({task.title}): {failed} of {len(task.tests)} tests failed"
                if not reveal else f"Task {task.id} ({task.title}): {task.score} / "
                f"{task.max_points:g}, {task.passed} of {len(task.tests)} tests passed")
        entries = list(_failures(task, verbose=verbose, reveal=reveal))
        body = [_wrap(line, width, "  " if k == 0 else "    ")
                for entry in entries for k, line in enumerate(entry)]
        sections.append("\n".join([_wrap(head, width, ""), *body]))
    if sections:
        out += ["", "Every test, whole (staff):" if reveal else
                "Failures, one example a task (--verbose: every one):" if not verbose else
                "Failures, every one:"]
        for s in sections:
            out += ["", s]
    closing = _closing_lines(report, reveal=reveal)
    if not report.ok:
        closing.append(GRADER_ERROR)
    out += ["", *closing] if closing else [""]
    out.append(f"Total: {report.total} / {report.max_total:g}   ({report.seconds:.1f} s)")
    return "\n".join(out) + "\n"


def _wrap(line: str, width: int, indent: str) -> str:
    """``line`` wrapped to ``width``, its continuation lines indented two more spaces."""
    return textwrap.fill(line, width=max(width, 40), initial_indent=indent,
                         subsequent_indent=indent + "  ", break_on_hyphens=False) or indent
