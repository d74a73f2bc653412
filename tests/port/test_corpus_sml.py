"""Our own SML solutions in real students' styles (``tests/port/corpus``) run under SML/NJ.

Each solution folder holds a ``corpus.toml`` (``hw``, ``offering``, ``files``, ``fair_load``;
see /work/real-corpus/LAYOUT.md), the solution's files and a ``load.sml`` that loads the
course library of its offering (``sml150/sml/lib2016`` for HW10 of Summer 2016,
``sml150/sml/lib2013`` for HW11 of 2013) and then the solution. A checker written for these
tests drives each one: ``corpus/hw10/check10.sml`` and ``corpus/hw11/check11.sml`` (through
the solution's ``check.sml``, which names its graph structure). They print ``CHECK <name> ok``
or ``CHECK <name> FAIL ...`` lines: the handout's traces (which leaves are estimated, which
move comes out), AlphaBeta and Jamboree at five prune percentages on 200 random explicit trees
against minimax, look-and-say and Tic-Tac-Toe cases, the estimator against the handout's
baseline (HW10), graphs, Riskless known answers and playouts (HW11). The Riskless playouts
must equal those of the project's own HW11 solution (``fixtures/faithful/hw11_a`` on
``sml150/sml/hw11lib``).

Without SML/NJ the tests that run it are skipped with the reason. The seven SML/NJ runs take
about 1 s of CPU each and run two at a time.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "corpus"
HW11_A = Path(__file__).parents[1] / "grading" / "fixtures" / "faithful" / "hw11_a"
SML = shutil.which("sml")
SOLUTIONS = sorted(p.parent.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("corpus.toml"))
NEEDS_SML = pytest.mark.skipif(SML is None, reason="SML/NJ (Debian package smlnj) is not "
                               "installed: the corpus solutions cannot be run")

HANDOUT_TRACES: dict[str, tuple[str, int]] = {
    # (the leaves estimated, in order; the move chosen): HW10 6.2 and HW11 Figures 4 and 5
    "ab-big": ("e[3] f[5] h[2] l[10] m[4] q[2]", 0),
    "ab-small": ("c[3] d[6] e[~2] g[6] h[4] i[10] k[1]", 1),
    "jam0-small": ("c[3] d[6] e[~2] g[6] h[4] i[10] k[1] l[30] m[9]", 1),
    "jam5-small": ("c[3] d[6] e[~2] g[6] h[4] i[10] k[1] l[30] m[9]", 1),
    "jam1-small": ("c[3] d[6] e[~2] g[6] h[4] i[10] k[1]", 1),
    "jam5-big": ("e[3] f[5] h[2] l[10] m[4] q[2]", 0),  # no node has 3 children: as AlphaBeta
}

REFERENCE_PLAYOUT = """use "load.sml";
use "{playout}";
structure PO1 = Playout (Riskless (M1));
structure PO2 = Playout (Riskless (M2));
print "BEGIN playout-m1\\n";
PO1.run 6 60;
print "END playout-m1\\nBEGIN playout-m2\\n";
PO2.run 3 80;
print "END playout-m2\\n";
"""


def _meta(name: str) -> dict[str, object]:
    """The ``corpus.toml`` of solution ``name`` (``hw10/opener``, ...)."""
    with (CORPUS / name / "corpus.toml").open("rb") as f:
        return tomllib.load(f)


def _sml(args: list[str], cwd: Path) -> str:
    """SML/NJ's transcript (stdout and stderr) of ``sml ARGS`` run in ``cwd``, stdin empty."""
    assert SML is not None
    done = subprocess.run([SML, *args], cwd=cwd, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=300, check=False)
    return done.stdout + done.stderr


def _run(name: str) -> str:
    """The transcript of solution ``name`` under its checker."""
    hw = _meta(name)["hw"]
    checker = ["../check10.sml"] if hw == "hw10" else ["check.sml"]
    return _sml(["load.sml", *checker], CORPUS / name)


def _reference_playout(tmp: Path) -> str:
    """The playouts of the project's own HW11 solution (hw11_a on sml150/sml/hw11lib)."""
    driver = tmp / "reference_playout.sml"
    driver.write_text(REFERENCE_PLAYOUT.format(playout=CORPUS / "hw11" / "playout11.sml"),
                      encoding="utf-8")
    return _sml([str(driver)], HW11_A)


@cache
def _transcripts(tmp: Path) -> dict[str, str]:
    """Every solution's transcript and the reference playout (key ``"reference"``), run two
    at a time."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(_run, name) for name in SOLUTIONS}
        futures["reference"] = pool.submit(_reference_playout, tmp)
        return {name: f.result() for name, f in futures.items()}


def _block(transcript: str, name: str) -> list[str]:
    """The lines of ``transcript`` between ``BEGIN name`` and ``END name``."""
    lines = transcript.splitlines()
    start, end = lines.index(f"BEGIN {name}"), lines.index(f"END {name}")
    return lines[start + 1:end]


def _playout(transcript: str) -> list[str]:
    """The game and ply lines of both playouts."""
    return [ln for part in ("playout-m1", "playout-m2") for ln in _block(transcript, part)
            if ln.startswith(("GAME ", "PLY "))]


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """All the SML/NJ transcripts of this module (run once)."""
    return _transcripts(tmp_path_factory.mktemp("corpus_sml"))


def test_the_corpus_has_three_solutions_per_homework() -> None:
    """At least three solutions per homework, each naming its homework, offering and files."""
    for hw, offering in (("hw10", "2016"), ("hw11", "2013")):
        mine = [s for s in SOLUTIONS if _meta(s)["hw"] == hw]
        assert len(mine) >= 3, (hw, mine)
        for s in mine:
            meta = _meta(s)
            assert meta["offering"] == offering, (s, meta)
            files = meta["files"]
            assert isinstance(files, list) and len(files) == 4, (s, files)
            for f in [*files, meta["fair_load"]]:
                assert (CORPUS / s / str(f)).is_file(), (s, f)


@NEEDS_SML
@pytest.mark.parametrize("name", SOLUTIONS)
def test_a_corpus_solution_compiles_and_checks(name: str, transcripts: dict[str, str]) -> None:
    """It compiles on its library with no error, and every check of its checker passes."""
    out = transcripts[name]
    errors = [ln for ln in out.splitlines()
              if re.search(r"\bError:|uncaught exception|^RAISED ", ln)]
    assert not errors, (name, errors[:5])
    checks = [ln for ln in out.splitlines() if ln.startswith("CHECK ")]
    failed = [ln for ln in checks if not re.match(r"CHECK \S+ ok\b", ln)]
    assert not failed, (name, failed)
    assert len(checks) >= 20, (name, len(checks))
    assert "CHECKS DONE" in out.splitlines(), name


@NEEDS_SML
@pytest.mark.parametrize("name", SOLUTIONS)
def test_a_corpus_solution_follows_the_handout_traces(name: str,
                                                      transcripts: dict[str, str]) -> None:
    """AlphaBeta and Jamboree estimate the handout's leaves in its order and pick its move."""
    out = transcripts[name]
    for trace, (leaves, move) in HANDOUT_TRACES.items():
        block = _block(out, trace)
        got = " ".join(ln.removeprefix("Estimating state ") for ln in block
                       if ln.startswith("Estimating state "))
        assert got == leaves, (name, trace, got)
        assert f"MOVE {trace} {move}" in block, (name, trace, block)


@NEEDS_SML
@pytest.mark.parametrize("name", [s for s in SOLUTIONS if s.startswith("hw11/")])
def test_a_riskless_plays_as_the_projects_own(name: str, transcripts: dict[str, str]) -> None:
    """Riskless on M1 and M2: the same moves, boards and outcomes, ply after ply, over nine
    random games, as the project's own HW11 solution."""
    reference = _playout(transcripts["reference"])
    assert len(reference) > 400 and any(" Maxie " in ln for ln in reference), reference[:3]
    mine = _playout(transcripts[name])
    first = next((i for i, (a, b) in enumerate(zip(reference, mine, strict=False)) if a != b),
                 None)
    assert first is None and len(mine) == len(reference), (
        name, first, reference[first or 0], mine[first or 0] if mine else None)
