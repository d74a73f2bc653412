"""Benchmark: how much of a corpus of real-style SML solutions ``sml150 port`` gets right.

Run: ``.venv/bin/python -m benchmarks.port_corpus [ROOT ...] [--extra DIR ...] [--json FILE]``.
The default root is ``tests/port/corpus``; ``--extra`` adds more (e.g. a folder of real
students' solutions kept outside the repository). A solution is any folder under a root with a
``corpus.toml`` (``hw = "hw10"|"hw11"``, ``offering = "2013"|"2016"``, optional ``files``,
``tasks``, ``fair_load``, ``notes``), or, lacking one, a ``README``/``README.md`` naming the
homework and the offering. For each solution it

1. ports its ``.sml`` files with ``python -m sml150 port`` into a temporary folder (counting the
   functions ported, refused with their one-line reasons, and skipped; a traceback is recorded);
2. where SML/NJ is installed, crosschecks every graded function of the port against the SML
   (``sml150.crosscheck.crosscheck`` on the solution's tasks): a function is *right* when every
   case SML/NJ ran agrees, *refused* when the port raises ``NotImplementedError`` (a stub left),
   *wrong* when it differs otherwise, *not run* when SML/NJ ran none of its cases;
3. grades the port with ``sml150.grading.grade`` (sandboxed where bubblewrap works).

It prints a table per solution, then the refusals per construct (the reason with names elided)
and the wrong functions per kind of difference; ``--json FILE`` writes everything.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import json
import re
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = ROOT / "tests" / "port" / "corpus"
HOMEWORKS = ("hw10", "hw11")
OFFERINGS = ("2013", "2016")
_SUMMARY = re.compile(r"^(\w+)\.py: (\d+) ported, (\d+) left out, (\d+) skipped", re.M)
_REFUSAL = re.compile(r"^(.+\.sml):(\d+):(\d+): ([^:]+): (.+)$", re.M)


@attrs.frozen
class Solution:
    """One corpus solution: its folder and what its ``corpus.toml`` (or README) says."""

    path: Path
    name: str
    hw: str
    offering: str
    files: tuple[str, ...]
    tasks: tuple[str, ...] | None = None


@attrs.frozen
class Refusal:
    """One function ``sml150 port`` left out, and why (its one line)."""

    file: str
    line: int
    function: str
    reason: str

    @property
    def construct(self) -> str:
        """The reason with the names in it elided, so that alike refusals count together.

        >>> Refusal("t.sml", 3, "f", "unknown function tabulate").construct
        'unknown function …'
        >>> Refusal("t.sml", 3, "n", "`val n` needs a type annotation to be ported").construct
        '`val …` needs a type annotation to be ported'
        """
        text = re.sub(r"\b(unknown (?:function|name|type|structure|signature|functor)) \S+",
                      r"\1 …", self.reason)
        text = re.sub(r"`(val|fun) [^`]+`", r"`\1 …`", text)
        return re.sub(r"\b(passed to|of|for) [A-Za-z_][\w.']*", r"\1 …", text)


@attrs.frozen
class FunctionResult:
    """One graded function of a port, crosschecked against the SML."""

    task: str
    function: str
    verdict: str
    """``right``, ``refused``, ``wrong``, or ``not run``."""
    cases: int
    agree: int
    sml_correct: int
    """Cases the grader accepts the SML's answer on (the SML's own correctness)."""
    kinds: tuple[str, ...] = ()
    """With ``wrong``: how the port differs (an exception's name, or ``value``)."""


@attrs.frozen
class Outcome:
    """Everything measured on one solution."""

    solution: Solution
    ported: int
    refused: tuple[Refusal, ...]
    skipped: int
    port_status: int
    traceback: str
    functions: tuple[FunctionResult, ...]
    crosscheck_note: str
    grade: float | None
    grade_max: float | None
    fair: float | None
    """Points a port that answers as the SML does would get, on the crosschecked cases."""


def _config(folder: Path) -> dict[str, Any] | None:
    """The folder's ``corpus.toml``, or what its README says, or None if neither names both."""
    toml = folder / "corpus.toml"
    if toml.is_file():
        return tomllib.loads(toml.read_text(encoding="utf-8"))
    for readme in (folder / "README.md", folder / "README"):
        if readme.is_file():
            text = readme.read_text(encoding="utf-8", errors="replace").lower()
            hw = re.search(r"\bhw1[01]\b", text)
            off = re.search(r"\b(2013|2016)\b", text)
            if hw and off:
                return {"hw": hw.group(0), "offering": off.group(0)}
    return None


def find_solutions(roots: Sequence[Path]) -> list[Solution]:
    """Every solution under ``roots`` (folders with a config), sorted by path."""
    found: list[Solution] = []
    for root in roots:
        folders = sorted({p.parent for p in root.rglob("corpus.toml")}
                         | {p.parent for p in root.rglob("README*")})
        for folder in folders:
            if not any(folder.glob("*.sml")):
                continue
            cfg = _config(folder)
            if cfg is None or cfg.get("hw") not in HOMEWORKS:
                continue
            if str(cfg.get("offering")) not in OFFERINGS:
                continue
            files = tuple(cfg.get("files") or sorted(p.name for p in folder.glob("*.sml")))
            tasks = cfg.get("tasks")
            found.append(Solution(
                folder, str(folder.relative_to(root.parent)), str(cfg["hw"]),
                str(cfg["offering"]), files,
                tuple(t.strip() for t in str(tasks).split(",")) if tasks else None))
    return found


def run_port(sol: Solution, out: Path) -> tuple[int, tuple[Refusal, ...], int, int, str]:
    """``sml150 port`` on the solution: ported, refusals, skipped, exit status, traceback."""
    argv = [sys.executable, "-m", "sml150", "port",
            *(str(sol.path / f) for f in sol.files), "--out", str(out), "--hw", sol.hw]
    try:
        run = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired:
        return 0, (), 0, -1, "sml150 port ran past 600 s"
    text = run.stdout + run.stderr
    counts = [tuple(map(int, m[1:])) for m in _SUMMARY.findall(text)]
    refusals = tuple(Refusal(Path(m[0]).name, int(m[1]), m[3], m[4])
                     for m in _REFUSAL.findall(text))
    tb = text[text.index("Traceback"):] if "Traceback" in text else ""
    return (sum(c[0] for c in counts), refusals, sum(c[2] for c in counts), run.returncode,
            tb[-2000:])


def _verdict(task: str, function: str, results: list[Any]) -> FunctionResult:
    """One graded function's verdict from its crosscheck cases."""
    ran = [r for r in results
           if getattr(r, "ran", not str(r.sml).startswith("raises NotRun"))]
    agree = sum(1 for r in ran if r.agree)
    correct = sum(1 for r in ran if r.sml_passes)
    if not ran:
        return FunctionResult(task, function, "not run", 0, 0, 0)
    if agree == len(ran):
        return FunctionResult(task, function, "right", len(ran), agree, correct)
    if any("NotImplementedError" in str(r.port) for r in ran):
        return FunctionResult(task, function, "refused", len(ran), agree, correct)
    kinds = sorted({m.group(1) if (m := re.match(r"raises (\w+)", str(r.port))) else "value"
                    for r in ran if not r.agree})
    return FunctionResult(task, function, "wrong", len(ran), agree, correct, tuple(kinds))


def run_crosscheck(sol: Solution, port: Path, cases: int,
                   seed: int) -> tuple[tuple[FunctionResult, ...], str]:
    """The port's graded functions against the SML; a note when crosscheck cannot run."""
    from sml150.crosscheck import crosscheck, sml_missing

    missing = sml_missing()
    if missing:
        return (), f"not crosschecked: {missing}"
    kwargs: dict[str, Any] = {"cases": cases, "seed": seed, "tasks": sol.tasks}
    if "library" in inspect.signature(crosscheck).parameters:
        kwargs["library"] = sol.offering
    try:
        report = crosscheck(sol.hw, sol.path, port, **kwargs)
    except Exception as err:  # a crosscheck crash is this solution's finding
        return (), f"crosscheck raised {type(err).__name__}: {err}"
    groups: dict[tuple[str, str], list[Any]] = {}
    for r in report.results:
        groups.setdefault((r.task, r.function), []).append(r)
    notes = "; ".join(str(n) for n in report.notes)
    return tuple(_verdict(t, f, rs) for (t, f), rs in groups.items()), notes


def run_grade(sol: Solution, port: Path,
              sandbox: bool | None) -> tuple[float | None, float | None, dict[str, float]]:
    """The port's grade (total, maximum, and each task's points), or Nones if grading failed."""
    from sml150.grading import grade

    try:
        with contextlib.redirect_stdout(io.StringIO()):
            report = grade(sol.hw, port, text=False, sandbox=sandbox)
    except Exception as err:  # reported as no grade, with the reason
        print(f"  {sol.name}: grading failed: {type(err).__name__}: {err}", file=sys.stderr)
        return None, None, {}
    return report.total, report.max_total, {t.id: float(t.max_points) for t in report.tasks}


def _fair(functions: Sequence[FunctionResult], points: dict[str, float]) -> float | None:
    """Each task's points times the share of its crosschecked cases the SML gets right."""
    if not functions or not points:
        return None
    by_task: dict[str, list[int]] = {}
    for f in functions:
        ran, ok = by_task.setdefault(f.task, [0, 0])
        by_task[f.task] = [ran + f.cases, ok + f.sml_correct]
    return round(sum(points.get(t, 0.0) * ok / ran for t, (ran, ok) in by_task.items() if ran), 1)


def measure(sol: Solution, *, cases: int, seed: int, check: bool, grade: bool,
            sandbox: bool | None) -> Outcome:
    """Port, crosscheck and grade one solution."""
    with tempfile.TemporaryDirectory(prefix="port-corpus-") as tmp:
        port = Path(tmp) / "port"
        ported, refused, skipped, status, tb = run_port(sol, port)
        functions: tuple[FunctionResult, ...] = ()
        note = "crosscheck not asked for"
        if check and port.is_dir():
            functions, note = run_crosscheck(sol, port, cases, seed)
        total = top = None
        points: dict[str, float] = {}
        if grade and port.is_dir():
            total, top, points = run_grade(sol, port, sandbox)
    return Outcome(sol, ported, refused, skipped, status, tb, functions, note, total, top,
                   _fair(functions, points))


def _row(o: Outcome) -> str:
    """One solution's line of the table."""
    verdicts = Counter(f.verdict for f in o.functions)
    graded = "/".join(str(verdicts[v]) for v in ("right", "refused", "wrong", "not run"))
    grade = f"{o.grade:g}/{o.grade_max:g}" if o.grade is not None else "-"
    fair = f"{o.fair:g}" if o.fair is not None else "-"
    tb = " TRACEBACK" if o.traceback else ""
    return (f"{o.solution.name:<28} {o.solution.hw:<4} {o.solution.offering:<4} "
            f"{o.ported:>6} {len(o.refused):>7} {o.skipped:>7}   {graded:<12} "
            f"{grade:>11} {fair:>6}{tb}")


def report(outcomes: Sequence[Outcome]) -> str:
    """The text report: the table, the totals, refusals per construct, wrong per kind."""
    lines = [f"{'solution':<28} {'hw':<4} {'off':<4} {'ported':>6} {'refused':>7} "
             f"{'skipped':>7}   {'graded r/x/w/n':<12} {'grade':>11} {'fair':>6}"]
    lines += [_row(o) for o in outcomes]
    verdicts = Counter(f.verdict for o in outcomes for f in o.functions)
    lines.append(
        f"total: {sum(o.ported for o in outcomes)} ported, "
        f"{sum(len(o.refused) for o in outcomes)} refused, "
        f"{sum(o.skipped for o in outcomes)} skipped; graded functions "
        + ", ".join(f"{verdicts[v]} {v}" for v in ("right", "refused", "wrong", "not run"))
        + f"; grade {sum(o.grade or 0.0 for o in outcomes):g}"
        f" / {sum(o.grade_max or 0.0 for o in outcomes):g}")
    constructs: Counter[str] = Counter()
    where: dict[str, set[str]] = {}
    for o in outcomes:
        for r in o.refused:
            constructs[r.construct] += 1
            where.setdefault(r.construct, set()).add(o.solution.name)
    if constructs:
        lines.append("\nrefusals by construct (count, solutions):")
        lines += [f"{n:>5} {len(where[c]):>3}  {c}" for c, n in constructs.most_common()]
    wrong = Counter(k for o in outcomes for f in o.functions if f.verdict == "wrong"
                    for k in f.kinds)
    if wrong:
        lines.append("\nwrong graded functions by how the port differs (count):")
        lines += [f"{n:>5}  {k}" for k, n in wrong.most_common()]
    notes = [f"  {o.solution.name}: {o.crosscheck_note[:300]}" for o in outcomes
             if o.crosscheck_note]
    if notes:
        lines += ["\ncrosscheck notes:", *notes]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the corpus; print the report; exit 1 if no solution was found."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.port_corpus",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("roots", nargs="*", type=Path, help=f"default: {DEFAULT_ROOT}")
    ap.add_argument("--extra", action="append", type=Path, default=[],
                    help="another corpus root (repeatable)")
    ap.add_argument("--cases", type=int, default=2, help="random crosscheck cases per task")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-crosscheck", action="store_true")
    ap.add_argument("--no-grade", action="store_true")
    ap.add_argument("--no-sandbox", action="store_true", help="grade without bubblewrap")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)
    roots = [*(args.roots or [DEFAULT_ROOT]), *args.extra]
    solutions = find_solutions([r.resolve() for r in roots if r.is_dir()])
    if not solutions:
        print(f"no corpus solution under {', '.join(map(str, roots))}", file=sys.stderr)
        return 1
    outcomes = []
    for sol in solutions:
        print(f"… {sol.name}", file=sys.stderr)
        outcomes.append(measure(sol, cases=args.cases, seed=args.seed,
                                check=not args.no_crosscheck, grade=not args.no_grade,
                                sandbox=False if args.no_sandbox else None))
    print(report(outcomes))
    if args.json:
        args.json.write_text(json.dumps([attrs.asdict(o, value_serializer=_plain)
                                         for o in outcomes], indent=1), encoding="utf-8")
    return 0


def _plain(_inst: object, _field: object, value: object) -> object:
    """attrs.asdict's serializer: paths as text."""
    return str(value) if isinstance(value, Path) else value


if __name__ == "__main__":
    sys.exit(main())
