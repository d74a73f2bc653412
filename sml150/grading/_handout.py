"""Writing a homework's files: the student starter set, and submissions made from the reference.

``write_handout`` writes what students get: the starter modules (see ``_starter``), the library
part of the package (``sml150/__init__.py`` and ``sml150/lib``), the public tests with their
expected answers computed here from the reference, and a README. ``write_solution`` writes the
reference solutions laid out as a submission (used to check that they score full marks, and,
with a ``Mutant``, to make deliberately wrong submissions).
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any, Final

from sml150.grading._engine import expected_replies
from sml150.grading._homework import Homework
from sml150.grading._model import TaskSpec
from sml150.grading._sandbox import write_library
from sml150.grading._starter import (
    ModuleSpec,
    reference_source,
    solution_source,
    starter_source,
)

__all__ = ["HOMEWORKS", "handout_files", "homework", "load", "write_handout", "write_solution"]

HOMEWORKS: Final = ("hw10", "hw11", "gametree")
"""The homeworks the grader knows."""


def load(hw: str) -> Homework:
    """The homework named ``hw``; ``ValueError`` naming the known ones otherwise.

    >>> load("hw11").starter_files
    ('test_riskless.py',)
    """
    if hw not in HOMEWORKS:
        raise ValueError(f"unknown homework {hw!r}: choose one of {', '.join(HOMEWORKS)}")
    found: Homework = importlib.import_module(f"sml150.grading.{hw}").HOMEWORK
    return found


def homework(hw: str) -> tuple[tuple[ModuleSpec, ...], tuple[TaskSpec, ...]]:
    """The modules and tasks of ``hw`` (``load``'s), as a pair.

    >>> [t.id for t in homework("hw10")[1]][:3]
    ['5.1', '5.2', '5.3']
    """
    h = load(hw)
    return h.modules, h.tasks


_SUPPORT: Final = {"_worker.py": "worker.py", "_model.py": "model.py", "_checks.py": "checks.py"}


def _support_source(text: str) -> str:
    return re.sub(r"sml150\.grading\._(model|sandbox)", "_grading.model", text)


_TEST_FILE: Final = '''"""The public tests of sml150 {hw}: run ``pytest`` in the directory above.

Each case evaluates an expression on your modules and compares the result with the reference
answer stored in ``public_cases.json``; the autograder runs these and hidden ones like them.
"""

import importlib
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from _grading.checks import CHECKS  # noqa: E402 -- after the path
from _grading.model import Reply  # noqa: E402 -- after the path
from _grading.worker import Env, run_big, run_call  # noqa: E402 -- after the path

CASES = json.loads((HERE / "public_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[f"Task {{c['task']}}: {{c['name']}}" for c in CASES])
def test_public(case):
    env = Env(importlib.import_module)
    got = run_big(lambda: [Reply.from_raw(run_call(e, env)) for e in case["exprs"]])
    expected = [Reply(**r) for r in case["expected"]]
    verdict = CHECKS[case["check"]](expected, got, case["arg"])
    assert verdict.passed, f"{{verdict.reason}} (handout: {{case['quote']}})"
'''

_README: Final = """# sml150 {hw}: starter files

Write your solutions in the modules of this directory ({modules}): each task's function keeps
its name, type and five-step docstring (type, REQUIRES, ENSURES, examples) and raises
`NotImplementedError` until you write it. The course library you may use is in `sml150/lib`
(sequences, estimates, signatures, explicit games, MiniMax).

## Run the public tests

    python -m pip install attrs returns toolz pytest
    python -m pytest            # in this directory

Each public test names its task and what it checks; a failure says what was expected and
what your code returned. The autograder runs these tests and hidden ones like them, each task
in its own process with a time and memory limit, and gives each task its points times the
fraction of its tests that pass. Each test checks one sentence of the handout, which it quotes
(the docstrings of this starter quote the same sentences); nothing else is graded. Searches on
explicit trees are checked for the move or value *and* for the leaves they estimate (the
`Estimating state ...` lines: in order for AlphaBeta, in any order for Jamboree's parallel
part), so prune exactly as the handout says; any of several equally good moves passes.
Printing is fine (traces are optional); it never changes a score. A few checks run only in the
autograder: a match of your `estimate` against the handout's baseline (HW10 Task 5.6: strictly
better; HW11 Task 4.1: no worse than the naive army count), and your Riskless tests (HW11 Task
4.2).

## Tasks

{tasks}

## Submitting

Hand in this directory's `.py` modules (not `sml150/` and not `tests/`).
{extra}"""





def handout_files(hw: str) -> list[str]:
    """The paths (relative) of the files ``write_handout`` writes directly, but ``sml150/lib``.

    >>> handout_files("hw10")[:2]
    ['tictactoe.py', 'las.py']
    """
    h = load(hw)
    out = [f"{m.name}.py" for m in h.modules]
    out += ["tests/public_cases.json", "tests/test_public.py", "pytest.ini", "conftest.py",
            "README.md"]
    return out + list(h.starter_files)


def write_handout(hw: str, directory: Path, *, force: bool = False) -> None:
    """Write the student starter files of ``hw`` into ``directory`` (created if needed).

    REQUIRES: ``hw`` one of ``HOMEWORKS`` (else ``ValueError``); unless ``force``, none
    of the files exists yet (else ``FileExistsError`` naming them: a student's work is never
    overwritten by accident).
    ENSURES: ``directory`` holds the starter modules, ``sml150/lib``, ``tests/`` (the public
    tests and their expected answers), ``pytest.ini`` and ``README.md``; nothing of
    ``sml150.handouts`` or ``sml150.grading`` is needed to use them.
    """
    h = load(hw)
    modules, tasks = h.modules, h.tasks
    if not force:
        existing = [f for f in handout_files(hw) if (directory / f).exists()]
        if existing:
            raise FileExistsError(f"{directory} already holds {', '.join(existing[:4])}"
                                  f"{' ...' if len(existing) > 4 else ''}: use --force to "
                                  "overwrite")
    directory.mkdir(parents=True, exist_ok=True)
    for spec in modules:
        text = starter_source(reference_source(hw, spec.name), spec, hw)
        (directory / f"{spec.name}.py").write_text(text, encoding="utf-8")
    write_library(directory)
    tests = directory / "tests"
    support = tests / "_grading"
    support.mkdir(parents=True, exist_ok=True)
    here = Path(__file__).parent
    (support / "__init__.py").write_text('"""The grader\'s comparison code."""\n',
                                         encoding="utf-8")
    for src, dst in _SUPPORT.items():
        text = (here / src).read_text(encoding="utf-8")
        (support / dst).write_text(_support_source(text), encoding="utf-8")
    cases: list[dict[str, Any]] = []
    for task in tasks:
        task_cases = task.cases()
        replies = expected_replies(hw, task, task_cases)
        for case, expected in zip(task_cases, replies, strict=True):
            if case.hidden or case.driver is not None or case.paths is not None:
                continue
            cases.append({
                "task": task.id, "name": case.name, "exprs": list(case.exprs),
                "check": case.check, "arg": case.arg, "quote": case.quote,
                "expected": [{"ok": r.ok, "value": r.value, "exc": r.exc, "msg": r.msg,
                              "out": r.out} for r in expected],
            })
    (tests / "public_cases.json").write_text(json.dumps(cases), encoding="utf-8")
    (tests / "test_public.py").write_text(_TEST_FILE.format(hw=hw), encoding="utf-8")
    (directory / "pytest.ini").write_text("[pytest]\ntestpaths = tests\n", encoding="utf-8")
    (directory / "conftest.py").write_text(
        '"""Puts this directory on sys.path, so tests import your modules."""\n'
        "import sys\nfrom pathlib import Path\n\n"
        "sys.path.insert(0, str(Path(__file__).resolve().parent))\n", encoding="utf-8")
    for name, text in h.starter_extras.items():
        (directory / name).write_text(text, encoding="utf-8")
    task_lines = "\n".join(
        f"- Task {t.id} ({t.points:g} point{'' if t.points == 1 else 's'}): {t.title}"
        for t in tasks)
    (directory / "README.md").write_text(_README.format(
        hw=hw, modules=", ".join(f"`{m.name}.py`" for m in modules), tasks=task_lines,
        extra=h.readme), encoding="utf-8")


def write_solution(hw: str, directory: Path, patches: dict[str, str] | None = None) -> None:
    """Write the reference solutions of ``hw`` as a submission directory.

    ``patches`` maps a module name to a replacement source (a mutant's text), written instead.
    """
    h = load(hw)
    directory.mkdir(parents=True, exist_ok=True)
    for spec in h.modules:
        text = (patches or {}).get(spec.name) or reference_source(hw, spec.name)
        (directory / f"{spec.name}.py").write_text(solution_source(text), encoding="utf-8")
    for name, text in h.solution_extras.items():
        (directory / name).write_text(text, encoding="utf-8")

