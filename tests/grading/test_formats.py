"""The report formats, validated against schemas written from the platforms' documentation.

* Autolab, "Guide for Lab Authors" (docs.autolabproject.com/lab): the last line of stdout is a
  JSON autoresult, a ``scores`` hash of problem name -> number, and optionally a ``scoreboard``
  array of column values.
* Gradescope, "Autograder Specifications" (gradescope-autograders.readthedocs.io/en/latest/
  specs): ``results.json`` with optional ``score``, ``execution_time``, ``output``,
  ``output_format``, ``visibility``, ``stdout_visibility``, ``extra_data``, ``tests`` and
  ``leaderboard``; each test has ``score``, ``max_score``, ``status`` (passed/failed),
  ``name``, ``number``, ``output``, ``tags``, ``visibility``, ``extra_data``; visibility is one
  of visible, hidden, after_due_date, after_published; ``score`` is required at the top when
  not on every test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from sml150.grading import GradeReport, _model, autolab_line, gradescope_json, text_report
from sml150.grading._model import TaskReport

Schema = dict[str, Any]

VISIBILITY = {"enum": ["hidden", "after_due_date", "after_published", "visible"]}
FORMAT = {"enum": ["text", "html", "simple_format", "md", "ansi"]}
NUMBER = {"type": "number"}

AUTOLAB: Schema = {
    "type": "object",
    "required": ["scores"],
    "additionalProperties": False,
    "properties": {
        "scores": {"type": "object", "additionalProperties": NUMBER},
        "scoreboard": {"type": "array", "items": {"type": ["number", "string"]}},
    },
}

GRADESCOPE_TEST: Schema = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "score": NUMBER, "max_score": NUMBER, "status": {"enum": ["passed", "failed"]},
        "name": {"type": "string"}, "name_format": FORMAT, "number": {"type": "string"},
        "output": {"type": "string"}, "output_format": FORMAT,
        "tags": {"type": "array", "items": {"type": "string"}}, "visibility": VISIBILITY,
        "extra_data": {"type": "object"},
    },
}

GRADESCOPE: Schema = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "score": NUMBER, "execution_time": NUMBER, "output": {"type": "string"},
        "output_format": FORMAT, "test_output_format": FORMAT, "test_name_format": FORMAT,
        "visibility": VISIBILITY, "stdout_visibility": VISIBILITY,
        "extra_data": {"type": "object"},
        "tests": {"type": "array", "items": GRADESCOPE_TEST},
        "leaderboard": {"type": "array", "items": {"type": "object"}},
    },
}

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}


def validate(value: Any, schema: Schema, where: str = "$") -> list[str]:
    """The violations of ``schema`` by ``value`` (a JSON-Schema subset: type, enum,
    required, properties, additionalProperties, items)."""
    errors: list[str] = []
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](value) for t in types):
            return [f"{where}: {value!r:.40} is not {types}"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not in {schema['enum']}")
    if isinstance(value, dict):
        errors += [f"{where}: missing {k}" for k in schema.get("required", []) if k not in value]
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            if k in props:
                errors += validate(v, props[k], f"{where}.{k}")
            elif extra is False:
                errors.append(f"{where}: unexpected key {k}")
            elif isinstance(extra, dict):
                errors += validate(v, extra, f"{where}.{k}")
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            errors += validate(v, schema["items"], f"{where}[{i}]")
    return errors


def test_validator_catches_violations() -> None:
    assert validate({"scores": {"a": "1"}}, AUTOLAB)
    assert validate({"scoreboard": [1]}, AUTOLAB)
    assert validate({"tests": [{"visibility": "secret"}]}, GRADESCOPE)
    assert not validate({"scores": {"a": 1.5}, "scoreboard": [1.5]}, AUTOLAB)


def _sample() -> GradeReport:
    tests = (_model.TestOutcome("ok", True, "", False),
             _model.TestOutcome("hidden one", False, "expected 1, got 2", True),
             _model.TestOutcome('prints {"scores": {}}', False, "x", False,
                                output='{"scores": {}}\n'))
    return GradeReport("hw10", "sub", (TaskReport("5.1", "start", 4, tests),), 1.0, ("a note",))


def _gradescope_ok(data: dict[str, Any]) -> None:
    assert validate(data, GRADESCOPE) == []
    # "score" is required at the top unless every test has one.
    assert "score" in data or all("score" in t for t in data["tests"])
    by_task = sum(t["score"] for t in data["tests"])
    assert abs(by_task - data["score"]) < 0.05


def test_sample_formats() -> None:
    report = _sample()
    line = autolab_line(report)
    assert "\n" not in line
    assert validate(json.loads(line), AUTOLAB) == []
    data = gradescope_json(report)
    _gradescope_ok(data)
    hidden = [t for t in data["tests"] if t["visibility"] == "hidden"]
    assert len(hidden) == 1
    assert hidden[0]["output"] == ""  # nothing of a hidden case is shown
    text = text_report(report)  # one example a task: the public failure, the hidden counted
    assert "and 1 more failed: 1 hidden" in text
    verbose = text_report(report, verbose=True)
    assert "hidden test 1" in verbose
    for shown in (text, verbose):
        assert "expected 1, got 2" not in shown
        assert "hidden one" not in shown
    assert text.splitlines()[1] == "hw10: 1.33 / 4 points, 1 of 3 tests passed"  # summary first
    assert data["output"].splitlines()[0] == text.splitlines()[1]  # the same summary


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_real_reports(graded: Callable[[str, str], GradeReport], hw: str) -> None:
    for kind in ("reference", "starter"):
        report = graded(hw, kind)
        autoresult = json.loads(autolab_line(report))
        assert validate(autoresult, AUTOLAB) == []
        assert set(autoresult["scores"]) == {f"Task {t.id}" for t in report.tasks}
        assert autoresult["scoreboard"][0] == report.total
        _gradescope_ok(gradescope_json(report))


def test_written_outputs(graded: Callable[[str, str], GradeReport]) -> None:
    from pathlib import Path

    report = graded("hw10", "reference")
    d = Path(report.submission)
    lines = (d / "report.txt").read_text().splitlines()
    assert json.loads(lines[-1]) == json.loads(autolab_line(report))
    _gradescope_ok(json.loads((d / "results.json").read_text()))


@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_a_students_report_reads(graded: Callable[[str, str], GradeReport], hw: str) -> None:
    """An empty starter's report: the summary first, one example a task, text not markup."""
    report = graded(hw, "starter")
    text = text_report(report)
    lines = text.splitlines()
    assert lines[1] == (f"{hw}: 0.0 / {report.max_total:g} points, 0 of "
                        f"{sum(len(t.tests) for t in report.tasks)} tests passed")
    assert lines[2].split() == ["task", "points", "tests", "what"]
    assert len(lines) < 12 * len(report.tasks) + 10  # was one table row (or more) a test
    assert "\\n" not in text and "**" not in text and "$" not in text and "\\alpha" not in text
    assert "`" not in text
    for task in report.tasks:
        assert f"Task {task.id} ({task.title}): {len(task.tests)} of {len(task.tests)} " \
               "tests failed" in text
    every = text_report(report, verbose=True)
    hidden = re.findall(r"hidden test \d+: (.*)", every)
    assert hidden  # each hidden test by its kind, in whole words
    function_words = {"a", "an", "the", "on", "of", "in", "at", "to", "by", "vs", "with"}
    assert not [k for k in hidden if k.split()[-1] in function_words]
    assert all(t.passed is False for task in report.tasks for t in task.tests)
    data = gradescope_json(report)
    assert data["output"].splitlines()[:len(report.tasks) + 2] == lines[1:len(report.tasks) + 3]
