"""``sml150 crosscheck``: a student's SML and its Python port on the grader's cases, side by side.

For each graded function, the grader's public cases and ``cases`` random ones drawn from the
same generators (as a course secret would draw its hidden ones: ``--seed`` names the draw) run
on both sides: the SML under SML/NJ in the sandbox (``_smlrun``), printing each result in the
canonical form (``_bridge``, ``_canon``); the port in the grader's sandboxed worker. The two
answers agree when their values (as the grader encodes them), the exceptions' meanings and the
leaves estimated are the same. The grader's expected answer and check then say which side is
right, so a difference reads as a porting slip, the SML's own bug, or (when both sides agree
and the grader rejects them) a grader that disagrees with the SML.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Final, final

import attrs

from sml150.crosscheck._bridge import SOLUTION_FILES, TranslateError, Translator, constructors
from sml150.crosscheck._canon import CanonError, parse_value
from sml150.crosscheck._report import (
    ALLOWED,
    BOTH_WRONG,
    GRADER_BUG,
    PORTING_SLIP,
    SML_BUG,
    CaseResult,
    CrosscheckReport,
    Tally,
)
from sml150.crosscheck._smlrun import (
    SML_LIBRARY,
    CaseOutput,
    SmlInstall,
    find_sml,
    run_sml,
    split_output,
)
from sml150.grading.toolkit import (
    CHECKS,
    INSIDE,
    Bundle,
    Case,
    Limits,
    Reply,
    TaskSpec,
    WorkerDied,
    WorkerSession,
    encode,
    estimating_lines,
    exc_meaning,
    expected_replies,
    homework,
    sandbox_problem,
    show,
)

__all__ = ["ALLOWED", "BOTH_WRONG", "GRADER_BUG", "PORTING_SLIP", "SML_BUG", "CaseResult",
           "CrosscheckReport", "Tally", "crosscheck", "run_units", "sml_missing"]

Json = Any

def _skip_reason(case: Case) -> str:
    if case.driver is not None:
        return "a match the grader drives"
    if case.paths is not None:
        return "the student's tests"
    if any(isinstance(e, list) and e and e[0] == "spy" for e in case.exprs):
        return "a spy on the Python objects"
    return ""


def _function(expr: Json) -> str:
    """The graded function ``expr`` calls (its last attribute), e.g. ``search``.

    >>> _function(["spy", ["lit", 0], "make_move", ["call", ["get", ["mod", "t"], "estimate"]]])
    'estimate'
    """
    match expr:
        case ["spy", _, _, body]:
            return _function(body)
        case ["run_tests", str(module)]:
            return module
        case ["call", ["get", _, str(name)], *_] | ["get", _, str(name)]:
            return name
    return "?"


@final
@attrs.frozen
class _Job:
    task: TaskSpec
    case: Case
    expected: list[Reply]


MAX_DRAWS: Final = 12
"""The most fresh draws of a task's hidden generators made to find random cases."""


def _jobs(hw: str, count: int, seed: int,
          only: tuple[str, ...] | None) -> tuple[list[_Job], list[str]]:
    """The public cases of every task (or of those in ``only``), then random ones.

    ``count`` per graded function, drawn as a course secret draws hidden cases; and notes on
    the functions the generators gave fewer (some, like ``start``, come once per draw).
    """
    tasks = [t for t in homework(hw)[1] if only is None or t.id in only]
    jobs: list[_Job] = []
    notes: list[str] = []
    for t in tasks:
        cases = t.cases_for("")  # its public cases are the same whatever the secret
        exp = expected_replies(hw, t, cases)
        jobs += [_Job(t, c, e) for c, e in zip(cases, exp, strict=True) if not c.hidden]
    for t in tasks:
        wanted = {_function(j.case.exprs[0]): count for j in jobs
                  if j.task is t and not _skip_reason(j.case)}
        short: dict[str, int] = {}
        draw = 0
        while any(wanted.values()) and draw < MAX_DRAWS:
            cases = t.cases_for(f"sml150 crosscheck {seed} {draw}")
            exp = expected_replies(hw, t, cases)
            drawn = dict.fromkeys(wanted, 0)
            for c, e in zip(cases, exp, strict=True):
                f = _function(c.exprs[0]) if c.exprs else ""
                if c.hidden and not _skip_reason(c) and wanted.get(f, 0) > 0:
                    jobs.append(_Job(t, c, e))
                    wanted[f] -= 1
                    drawn[f] += 1
            for f, n in drawn.items():
                if n == 0 and wanted[f]:  # its generator makes no random ones: public only
                    short[f], wanted[f] = wanted[f], 0
            draw += 1
        short |= {f: n for f, n in wanted.items() if n}
        notes += [f"{t.id} {f}: {count - n} random cases of {count} (its generators gave no "
                  "more)" for f, n in short.items()]
    return jobs, notes


_FUNCTOR_SEALS: Final = re.compile(
    r"(functor\s+\w+\s*\((?:[^()]|\([^()]*\))*\))\s*:>?\s*[A-Z][A-Z_0-9]*\s*=")


def _unsealed(text: str) -> str:
    r"""An SML file with its functors' result signatures dropped (so F, G, ``O``... are seen).

    >>> _unsealed("functor AlphaBeta (S : sig val d : int end) : PLAYER =\nstruct end")
    'functor AlphaBeta (S : sig val d : int end) =\nstruct end'
    """
    return _FUNCTOR_SEALS.sub(r"\1 =", text)


def _sml_side(hw: str, sml_dir: Path, jobs: list[_Job],
              budget: float) -> tuple[dict[str, Any], list[str]]:
    """Every job's expressions run on the SML solution: key -> ``CaseOutput`` or a why."""
    t = Translator(hw)
    units: dict[str, str] = {}
    untranslated: dict[str, Any] = {}
    for i, job in enumerate(jobs):
        for j, e in enumerate(job.case.exprs):
            try:
                units[f"{i}.{j}"] = t.case(e)
            except TranslateError as err:
                untranslated[f"{i}.{j}"] = f"not translated to SML: {err}"
    outputs, notes = run_units(hw, sml_dir, t.decls, units, budget=budget)
    return untranslated | outputs, notes


def run_units(hw: str, sml_dir: Path, decls: list[str], units: dict[str, str], *,
              budget: float = 300.0, per_run: float = 120.0,
              ) -> tuple[dict[str, CaseOutput], list[str]]:
    """Run SML ``units`` (key -> an expression printing a canonical value) on a solution.

    The course library of ``hw``, the printers, the solution's files in ``sml_dir`` (each
    functor's result signature dropped: ``_unsealed``) and ``decls`` are loaded first, each
    unit is a file of its own (one that does not compile costs that unit only). An SML/NJ run
    killed after ``per_run`` seconds leaves the unit it was in unfinished (its answer: ran too
    long); the units after it run again in a fresh one, all within ``budget``.
    ENSURES: key -> ``CaseOutput`` for each unit SML/NJ reached; notes on what went wrong.
    """
    found: dict[str, CaseOutput] = {}
    notes: list[str] = []
    left = dict(units)
    deadline = time.monotonic() + budget
    while left and deadline - time.monotonic() > 1:
        out, more, cut = _run_once(hw, sml_dir, decls, left,
                                   min(per_run, deadline - time.monotonic()))
        notes += [n for n in more if n not in notes]
        found |= out
        left = {k: v for k, v in left.items() if k not in out}
        if not cut:
            break
    return found, notes


def _run_once(hw: str, sml_dir: Path, decls: list[str], units: dict[str, str],
              budget: float) -> tuple[dict[str, CaseOutput], list[str], bool]:
    """One SML/NJ run of ``units`` (see ``run_units``); and whether it was cut short."""
    notes: list[str] = []
    lib = "lib" if hw == "hw10" else "hw11lib"
    with tempfile.TemporaryDirectory(prefix="sml150-crosscheck-") as tmp:
        work = Path(tmp)
        sandbox = sandbox_problem() is None
        root, here = (f"{INSIDE}/sml", f"{INSIDE}/work") if sandbox else (SML_LIBRARY, work)
        driver = ["Control.Print.printDepth := 0;", "Control.Print.signatures := 0;",
                  f'OS.FileSys.chDir "{root}/{lib}";', 'use "load.sml";',
                  f'OS.FileSys.chDir "{root}/crosscheck";', 'use "show.sml";',
                  f'use "show{hw[2:]}.sml";', f'OS.FileSys.chDir "{here}";']
        for name in SOLUTION_FILES[hw]:
            src = sml_dir / name
            if not src.is_file():
                notes.append(f"{name}: not in {sml_dir}")
                continue
            (work / name).write_text(_unsealed(src.read_text(encoding="utf-8", errors="replace")),
                                     encoding="utf-8")
            driver.append(f'val () = (use "{name}") handle _ => print "\\001L{name}\\002";')
        for k, decl in enumerate(decls):
            (work / f"d{k}.sml").write_text(decl, encoding="utf-8")
            driver.append(f'val () = (use "d{k}.sml") handle _ => ();')
        for key, text in units.items():
            (work / f"c{key}.sml").write_text(f"val () = Show.run (fn () => {text});\n",
                                              encoding="utf-8")
            driver.append(f'val () = print "\\001C{key}\\002";')
            driver.append(f'val () = (use "c{key}.sml") handle _ => ();')
        driver.append('val () = print "\\001C\\002\\n";')
        driver.append("val () = OS.Process.exit OS.Process.success;")
        (work / "driver.sml").write_text("\n".join(driver) + "\n", encoding="utf-8")
        run = run_sml(work, "driver.sml", budget=budget, sandbox=sandbox)
    if not run.sandboxed:
        notes.append("SML/NJ ran without bubblewrap (not installed or not usable here)")
    if run.problem:
        notes.append(run.problem)
    failed = re.findall("\x01L([^\x02]*)\x02", run.output)
    notes += [f"{name}: SML/NJ did not compile it (its functions' cases fail)" for name in failed]
    return split_output(run.output), notes, bool(run.problem)


def _sml_reply(hw: str, got: Any) -> tuple[Reply, str]:
    """The SML side's answer as a grader ``Reply``, and how it is shown."""
    if isinstance(got, str):
        return Reply(False, exc="NotRun", msg=got), got
    if got is None or not got.began:
        why = "did not compile: " + " ".join((got.out if got else "").split())[:300]
        return Reply(False, exc="NotRun", msg=why), why
    if got.exc is not None:
        return Reply(False, exc=got.exc, out=got.out), f"raises {got.exc}"
    if got.value is None:
        why = "ran past SML/NJ's time limit (killed)"
        return Reply(False, exc="NotRun", msg=why, out=got.out), why
    try:
        value = encode(parse_value(got.value or "", constructors(hw)))
    except (CanonError, TypeError, ValueError) as e:
        return Reply(False, exc="NotRun", msg=str(e)), f"unreadable: {e}"
    return Reply(True, value, out=got.out), show(value)


def _shown(r: Reply) -> str:
    return show(r.value) if r.ok else f"raises {r.exc}" + (f" ({r.msg})" if r.msg else "")


def _same(a: Reply, b: Reply) -> bool:
    if a.ok != b.ok:
        return False
    if a.ok:
        return bool(a.value == b.value and estimating_lines(a.out) == estimating_lines(b.out))
    return exc_meaning(a.exc) == exc_meaning(b.exc)


def _passes(check: Any, expected: list[Reply], got: list[Reply], arg: Json) -> bool:
    """The grader's ``check`` accepts ``got`` (a check that crashes on it does not)."""
    try:
        return bool(check(expected, got, arg).passed)
    except Exception:  # an answer no check can read is not accepted
        return False


def crosscheck(hw: str, sml_dir: Path, py_dir: Path, *, cases: int = 10, seed: int = 0,
               tasks: tuple[str, ...] | None = None, budget: float = 300.0,
               bundle: Bundle | None = None) -> CrosscheckReport:
    """Run the SML solution in ``sml_dir`` and its port in ``py_dir`` on the same cases.

    REQUIRES: SML/NJ installed (``find_sml``); ``hw`` is ``hw10`` or ``hw11``; ``bundle``, if
    given, is open (several runs may share one: the port's worker library, built once).
    ENSURES: one ``Tally`` per graded function (public cases and ``cases`` random ones per
    function, drawn from ``seed``; only the handout ``tasks`` given) and a ``CaseResult`` per
    case run; nothing of the SML or the port can make it raise (a crash is that side's answer).
    """
    sml = find_sml()
    if not isinstance(sml, SmlInstall):
        raise RuntimeError(sml)
    jobs, drawn = _jobs(hw, cases, seed, tasks)
    sml_out, notes = _sml_side(hw, sml_dir, jobs, budget)
    notes = drawn + notes
    results: list[CaseResult] = []
    tallies: dict[tuple[str, str], list[int]] = {}
    limits = Limits()
    with contextlib.nullcontext(bundle) if bundle is not None else Bundle() as worker_lib:
        session: WorkerSession | None = None
        try:
            for i, job in enumerate(jobs):
                fname = _function(job.case.exprs[0]) if job.case.exprs else "match"
                counts = tallies.setdefault((job.task.id, fname), [0, 0, 0])
                if _skip_reason(job.case):
                    counts[2] += 1
                    continue
                smls, ports = [], []
                for j, e in enumerate(job.case.exprs):
                    smls.append(_sml_reply(hw, sml_out.get(f"{i}.{j}"))[0])
                    try:
                        if session is None:
                            session = WorkerSession(worker_lib, [py_dir.resolve()], limits)
                            if not session.sandboxed and not any("port ran" in n for n in notes):
                                notes.append("the port ran without bubblewrap (not tamper-proof)")
                        ports.append(session.call(e))
                    except (WorkerDied, OSError) as err:  # the port's crash is its answer
                        ports.append(Reply(False, exc="WorkerDied", msg=str(err)))
                        if session is not None:
                            session.close()
                        session = None
                check = CHECKS[job.case.check]
                agree = all(_same(a, b) for a, b in zip(smls, ports, strict=True))
                counts[0 if agree else 1] += 1
                results.append(CaseResult(
                    job.task.id, fname, job.case.name, "; ".join(map(_shown, smls)),
                    "; ".join(map(_shown, ports)), agree,
                    _passes(check, job.expected, smls, job.case.arg),
                    _passes(check, job.expected, ports, job.case.arg),
                    "; ".join(map(_shown, job.expected))))
        finally:
            if session is not None:
                session.close()
    return CrosscheckReport(hw, tuple(Tally(t, f, *c) for (t, f), c in tallies.items()),
                            tuple(results), tuple(notes))


def sml_missing() -> str:
    """Why crosscheck cannot run here (``""``: it can)."""
    sml = find_sml()
    return sml if isinstance(sml, str) else ""
