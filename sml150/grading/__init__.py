"""``sml150.grading``: the autograder for HW10, HW11 and the gametree exercise, and starters.

Entry points (the ``sml150`` command calls them):

* ``write_handout(hw, directory)`` writes the starter set of ``hw`` (``"hw10"``, ``"hw11"``,
  ``"gametree"``: the OCaml exercise on lazy game trees).
* ``grade(hw, submission, text=..., autolab=..., gradescope=...)`` grades a directory holding
  the homework's modules and returns a ``GradeReport``; it prints the text report and/or the
  Autolab autoresult (last line of stdout) and writes Gradescope's ``results.json``.
* ``grade_command`` is ``sml150 grade`` (the one grading command, in ``sml150.cli``).

Submissions run in worker processes sandboxed with bubblewrap (``_sandbox``); expected answers
and all comparisons stay in the grader's process (``_engine``, ``_checks``). The threat model
and what the sandbox needs are in ``README.md`` beside this file.
"""

from __future__ import annotations

from sml150.grading._batch import batch_command
from sml150.grading._deploy import PLATFORMS, write_bundle
from sml150.grading._grade import (
    EXIT_GRADED,
    EXIT_GRADER_FAILED,
    EXIT_NO_SANDBOX,
    EXIT_USAGE,
    grade,
    grade_command,
)
from sml150.grading._handout import HOMEWORKS, homework, write_handout, write_solution
from sml150.grading._model import GradeReport, TaskReport, TestOutcome
from sml150.grading._report import autolab_line, gradescope_json, text_report
from sml150.grading._sandbox import SandboxLimits, SandboxUnavailable, sandbox_problem
from sml150.grading._secret import ENV as SECRET_ENV
from sml150.grading._secret import course_secret

__all__ = [
    "EXIT_GRADED",
    "EXIT_GRADER_FAILED",
    "EXIT_NO_SANDBOX",
    "EXIT_USAGE",
    "HOMEWORKS",
    "PLATFORMS",
    "SECRET_ENV",
    "GradeReport",
    "SandboxLimits",
    "SandboxUnavailable",
    "TaskReport",
    "TestOutcome",
    "autolab_line",
    "batch_command",
    "course_secret",
    "grade",
    "grade_command",
    "gradescope_json",
    "homework",
    "sandbox_problem",
    "text_report",
    "write_bundle",
    "write_handout",
    "write_solution",
]
