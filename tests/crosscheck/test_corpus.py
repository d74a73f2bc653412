"""Every real-style solution of the porter's corpus runs under crosscheck, and none is blamed.

``tests/port/corpus`` holds our own SML written in real students' styles, of both offerings
(a ``corpus.toml`` per solution names its homework and offering). Each is crosschecked against
the project's reference solutions as its "port": the SML must run on every case (its
structures found, its library chosen as the offering it was written for, every file
compiled), and, the solutions being correct, no case may be labelled against it (the grader
accepting both sides where they differ is an open choice the handout leaves). By default one
solution per homework on a few tasks; ``-m exhaustive`` runs every solution on every task.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from sml150.crosscheck import crosscheck, sml_missing
from sml150.crosscheck._report import ALLOWED
from sml150.grading.toolkit import Bundle, reference_source

CORPUS = Path(__file__).resolve().parent.parent / "port" / "corpus"
SOLUTIONS = sorted(p.parent for p in CORPUS.glob("*/*/corpus.toml"))
MODULES = {"hw10": ("alphabeta", "jamboree", "las", "tictactoe"),
           "hw11": ("alphabeta", "graphseq", "jamboree", "maps", "riskless")}
QUICK = {"hw10": ("5.2", "5.7", "6.2"), "hw11": ("3.1", "4.1", "5.2")}

pytestmark = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")


@pytest.fixture(scope="module")
def bundle() -> Iterator[Bundle]:
    with Bundle() as b:
        yield b


@pytest.fixture(scope="module")
def references(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The reference solutions of each homework, as a submission directory."""
    import re

    out = {}
    for hw, modules in MODULES.items():
        d = tmp_path_factory.mktemp(hw)
        for m in modules:
            text = re.sub(r"\bsml150\.handouts\.hw\d+\.(\w+)", r"\1", reference_source(hw, m))
            (d / f"{m}.py").write_text(text, encoding="utf-8")
        out[hw] = d
    return out


def _first_per_homework() -> list[Path]:
    seen: dict[str, Path] = {}
    for p in SOLUTIONS:
        seen.setdefault(p.parent.name, p)
    return list(seen.values())


def _check(solution: Path, references: dict[str, Path], bundle: Bundle,
           tasks: tuple[str, ...] | None, cases: int) -> None:
    meta = tomllib.loads((solution / "corpus.toml").read_text(encoding="utf-8"))
    hw = meta["hw"]
    report = crosscheck(hw, solution, references[hw], cases=cases, seed=3, tasks=tasks,
                        bundle=bundle)
    assert report.library.startswith(meta["offering"]), report.library
    assert not report.problems, report.problems
    assert report.results and all(r.ran for r in report.results), [
        (r.task, r.name, r.why) for r in report.results if not r.ran][:5]
    blamed = [(r.label, r.task, r.name, r.sml, r.port) for r in report.results
              if r.label and r.label != ALLOWED]
    assert not blamed, blamed[:5]


def test_the_corpus_is_there() -> None:
    assert {p.parent.name for p in SOLUTIONS} == {"hw10", "hw11"}, SOLUTIONS


def _id(p: Path) -> str:
    return str(p.relative_to(CORPUS))


@pytest.mark.parametrize("solution", _first_per_homework(), ids=_id)
def test_a_corpus_solution_runs_unblamed(solution: Path, references: dict[str, Path],
                                         bundle: Bundle) -> None:
    _check(solution, references, bundle, QUICK[solution.parent.name], cases=0)


@pytest.mark.exhaustive
@pytest.mark.parametrize("solution", SOLUTIONS, ids=_id)
def test_every_corpus_solution_runs_unblamed(solution: Path, references: dict[str, Path],
                                             bundle: Bundle) -> None:
    _check(solution, references, bundle, None, cases=2)
