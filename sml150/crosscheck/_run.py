"""``sml150 crosscheck``: a student's SML and its Python port on the grader's cases, side by side.

For each graded function, the grader's public cases and ``cases`` random ones drawn from the
same generators (as a course secret would draw its hidden ones: ``--seed`` names the draw) run
on both sides: the SML under SML/NJ behind the grader's walls (``_smlrun``), on the course
library its files were written against (``_library``), its structures found by what they
define (``_solution``), printing each result in the canonical form (``_bridge``, ``_canon``);
the port in the grader's sandboxed worker. The two answers agree when their values (as the
grader encodes them), the exceptions' meanings and the leaves estimated are the same. The
grader's expected answer and check then say which side is right, so a difference reads as a
porting slip, the SML's own bug, or (when both sides agree and the grader rejects them) a
grader that disagrees with the SML. A case the SML side could not run (its file did not
compile, its structure is absent, it ran past its time) is counted as not run and labelled
nothing; the report says why once per file.

(About 450 lines, over the house's 400: one run's life cycle, from the cases to the report,
with why each case not run was not run, and the public calls on it.)
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any, Final, final

import attrs

from sml150.crosscheck._bridge import TranslateError, Translator, constructors, map_structure
from sml150.crosscheck._canon import CanonError, parse_value
from sml150.crosscheck._driver import CaseOutput
from sml150.crosscheck._library import library_names
from sml150.crosscheck._report import (
    ALLOWED,
    BOTH_WRONG,
    GRADER_BUG,
    PORTING_SLIP,
    SML_BUG,
    CaseResult,
    CrosscheckReport,
    FunctionVerdict,
    Tally,
)
from sml150.crosscheck._smlrun import SmlInstall, find_sml
from sml150.crosscheck._smlside import SmlSide, run_sml_side, run_units
from sml150.crosscheck._solution import ROLES, Solution, read_solution
from sml150.grading.toolkit import (
    CHECKS,
    Bundle,
    Case,
    Reply,
    SandboxLimits,
    TaskSpec,
    WorkerDied,
    WorkerSession,
    clean_text,
    encode,
    estimating_lines,
    exc_meaning,
    expected_replies,
    homework,
    show,
)

__all__ = ["ALLOWED", "BOTH_WRONG", "GRADER_BUG", "PORTING_SLIP", "SML_BUG", "CaseResult",
           "CrosscheckReport", "FunctionVerdict", "SmlSide", "Tally", "crosscheck",
           "crosscheck_function", "run_units", "sml_missing"]

Json = Any

_MODULE_ROLES: Final = {"las": "LookAndSay", "tictactoe": "TicTacToe", "alphabeta": "AlphaBeta",
                        "jamboree": "Jamboree", "graphseq": "GraphSeq", "riskless": "Riskless"}
"""A port module the grader's expressions name -> the handout structure it stands for."""


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


def _module(expr: Json) -> str:
    """The port module whose function ``expr`` calls (through a functor's result too).

    >>> _module(["call", ["get", ["call", ["get", ["mod", "alphabeta"], "AlphaBeta"], 1], "F"]])
    'alphabeta'
    """
    match expr:
        case ["spy", _, _, body]:
            return _module(body)
        case ["call", ["get", ["mod", str(m)], _], *_] | ["get", ["mod", str(m)], _]:
            return m
        case ["call", ["get", inner, _], *_] | ["get", inner, _]:
            return _module(inner)
        case ["call", inner, *_]:
            return _module(inner)
    return ""


def _roles(expr: Json) -> set[str]:
    """The handout structures an expression uses (by the port modules it names)."""
    found: set[str] = set()
    todo = [expr]
    while todo:
        e = todo.pop()
        if isinstance(e, list):
            if len(e) == 2 and e[0] == "mod" and e[1] in _MODULE_ROLES:
                found.add(_MODULE_ROLES[e[1]])
            todo += e
    return found


@final
@attrs.frozen
class _Job:
    task: TaskSpec
    case: Case
    expected: list[Reply]


MAX_DRAWS: Final = 12
"""The most fresh draws of a task's hidden generators made to find random cases."""


def _jobs(hw: str, count: int, seed: int, only: tuple[str, ...] | None,
          functions: frozenset[str] | None = None) -> tuple[list[_Job], list[str]]:
    """The public cases of every task (or of those in ``only``), then random ones.

    ``count`` per graded function, drawn as a course secret draws hidden cases; and notes on
    the functions the generators gave fewer (some, like ``start``, come once per draw). With
    ``functions``, only the cases calling one of them.
    """
    tasks = [t for t in homework(hw)[1] if only is None or t.id in only]
    jobs: list[_Job] = []
    notes: list[str] = []

    def wanted_case(c: Case) -> bool:
        return functions is None or (bool(c.exprs) and _function(c.exprs[0]) in functions)

    for t in tasks:
        cases = t.cases_for("")  # its public cases are the same whatever the secret
        exp = expected_replies(hw, t, cases)
        jobs += [_Job(t, c, e) for c, e in zip(cases, exp, strict=True)
                 if not c.hidden and wanted_case(c)]
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


_EXN: Final = re.compile(r"[A-Za-z][A-Za-z0-9_'.]{0,59}")


def _sml_reply(hw: str, got: CaseOutput) -> tuple[Reply, str]:
    """The SML side's answer as a grader ``Reply`` (``why`` empty), or why there is none."""
    if got.exc is not None:
        if not _EXN.fullmatch(got.exc):
            return Reply(False), f"its exception's name is not an SML name: {got.exc[:60]!r}"
        return Reply(False, exc=got.exc, out=got.out), ""
    if got.value is None:
        return Reply(False), got.problem or "SML/NJ stopped before it answered"
    try:
        value = encode(parse_value(got.value, constructors(hw)))
    except (CanonError, TypeError, ValueError) as e:
        return Reply(False), f"its answer could not be read: {e}"
    return Reply(True, value, out=got.out), ""


def _shown(r: Reply) -> str:
    return show(r.value) if r.ok else f"raises {r.exc}" + (f" ({r.msg})" if r.msg else "")


RAISED_WHILE_MADE: Final = "an exception (SML/NJ does not say which)"
"""The SML's answer when the structure a case calls raised while it was made."""


def _same(a: Reply, b: Reply) -> bool:
    if a.ok != b.ok:
        return False
    if RAISED_WHILE_MADE in (a.exc, b.exc):
        return True  # both raised; the SML's exception has no name to compare
    if a.ok:
        return bool(a.value == b.value and estimating_lines(a.out) == estimating_lines(b.out))
    return exc_meaning(a.exc) == exc_meaning(b.exc)


def _passes(check: Any, expected: list[Reply], got: list[Reply], arg: Json) -> bool:
    """The grader's ``check`` accepts ``got`` (a check that crashes on it does not)."""
    try:
        return bool(check(expected, got, arg).passed)
    except Exception:  # an answer no check can read is not accepted
        return False


def _first_error(text: str) -> str:
    m = re.search(r"Error: (.*)", text)
    return clean_text(m.group(1).strip(), 200, lines=False) if m else "it did not compile"


@attrs.define
class _Why:
    """Why cases could not run on the SML side: one line per cause, counted once."""

    side: SmlSide
    missing: dict[str, str]
    failed: dict[str, str]
    decls: list[str]
    problems: list[str] = attrs.field(factory=list)
    notes: dict[str, int] = attrs.field(factory=dict)

    def raised(self, got: CaseOutput | None) -> Reply | None:
        """A case's answer when the structure it calls raised while it was made.

        That is a functor of the student's applied to the case's settings: an exception, whose
        name SML/NJ does not tell (``use`` reports ``ExnDuringExecution``).
        """
        if got is None or got.began:
            return None
        for name in re.findall(r"unbound structure: ([A-Za-z0-9_]+)", got.out):
            k = next((k for k, d in enumerate(self.decls)
                      if d.startswith(f"structure {name.split('_')[0]} = ")), None)
            text = self.side.failed_decls.get(k, "Error") if k is not None else "Error"
            if k is not None and "Error" not in text:
                made = self.decls[k].splitlines()[0].removeprefix("structure ")
                return Reply(False, exc=RAISED_WHILE_MADE,
                             msg=f"{made} raised an exception while it was made")
        return None

    def of(self, roles: set[str], got: CaseOutput | None, untranslated: str) -> str:
        """Why a case using ``roles`` has no SML answer (``got``: its output, if reached)."""
        if self.side.library_failed:
            return self._problem(f"could not run the SML: {self.side.library_failed}")
        for role in sorted(roles):
            if role in self.missing:
                return self._problem(self.missing[role])
        for role in sorted(roles):
            if role in self.failed:
                line = f"could not run the SML: {self.failed[role]}"
                self._problem(line)
                return f"{self.failed[role].split(': ', 1)[0]} did not load"
        if untranslated:
            return self.note(f"crosscheck cannot write this case in SML: {untranslated}")
        if got is None:
            return "SML/NJ never reached it"
        if not got.began:
            for name in re.findall(r"unbound structure: ([A-Za-z0-9_]+)", got.out):
                k = next((k for k, d in enumerate(self.decls)
                          if d.startswith(f"structure {name.split('_')[0]} = ")), None)
                if k is not None and k in self.side.failed_decls:
                    made = self.decls[k].splitlines()[0].removeprefix("structure ")
                    return self.note(f"crosscheck's structure {made} did not compile against "
                                      f"this solution: {_first_error(self.side.failed_decls[k])}")
            return self.note("crosscheck's call did not compile against this solution: "
                              + _first_error(got.out))
        return ""

    def _problem(self, line: str) -> str:
        if line not in self.problems:
            self.problems.append(line)
        return line.removeprefix("could not run the SML: ")

    def note(self, line: str) -> str:
        """Count a reason (the report lists each once, with its count)."""
        self.notes[line] = self.notes.get(line, 0) + 1
        return line


def crosscheck(  # noqa: PLR0915 -- one run: cases, the SML side, the port side, the report
        hw: str, sml_dir: Path, py_dir: Path, *, cases: int = 10, seed: int = 0,
               tasks: tuple[str, ...] | None = None, budget: float = 300.0,
               bundle: Bundle | None = None, library: str | None = None,
               functions: frozenset[str] | None = None) -> CrosscheckReport:
    """Run the SML solution in ``sml_dir`` and its port in ``py_dir`` on the same cases.

    REQUIRES: SML/NJ installed (``find_sml``); ``hw`` is ``hw10`` or ``hw11``; ``library`` is
    None (chosen from the files) or an offering of ``LIBRARIES[hw]``; ``bundle``, if given, is
    open (several runs may share one: the port's worker library, built once).
    ENSURES: one ``Tally`` per graded function (public cases and ``cases`` random ones per
    function, drawn from ``seed``; only the handout ``tasks`` given, only the ``functions``
    given) and a ``CaseResult`` per case; a case is labelled only if SML/NJ ran the student's
    code on it; nothing of the SML or the port can make it raise (a crash is that side's
    answer).
    """
    sml = find_sml()
    if not isinstance(sml, SmlInstall):
        raise RuntimeError(sml)
    jobs, drawn = _jobs(hw, cases, seed, tasks, functions)
    solution = read_solution(hw, sml_dir, library)
    maps, map_decls = _maps(solution)
    t = Translator(hw, dict(solution.names) | maps, list(map_decls))
    units: dict[str, str] = {}
    untranslated: dict[str, str] = {}
    absent = set(solution.missing)
    for i, job in enumerate(jobs):
        if _skip_reason(job.case):
            continue
        for j, e in enumerate(job.case.exprs):
            if _roles(e) & absent:
                continue  # not run: no file defines what it calls
            try:
                units[f"{i}.{j}"] = t.case(e)
            except TranslateError as err:
                untranslated[f"{i}.{j}"] = str(err)
    needed = {r for job in jobs for e in job.case.exprs for r in _roles(e)}
    missing = {r: f"not run: {sml_dir} has no {_kind(hw, r)} (the handout's {r})"
               for r in solution.missing if r in needed}
    groups = {f"{i}.{j}": f"{job.task.id} {_function(job.case.exprs[0])}"
              for i, job in enumerate(jobs) for j in range(len(job.case.exprs))}
    side = (run_sml_side(solution, t.decls, units, budget=budget, groups=groups) if units
            else SmlSide({}, {}, solution, (), ""))
    why = _Why(side, missing, side.failed_roles(), t.decls)
    results: list[CaseResult] = []
    tallies: dict[tuple[str, str], list[int]] = {}
    with contextlib.nullcontext(bundle) if bundle is not None else Bundle() as worker_lib:
        session: WorkerSession | None = None
        try:
            for i, job in enumerate(jobs):
                fname = _function(job.case.exprs[0]) if job.case.exprs else "match"
                counts = tallies.setdefault((job.task.id, fname), [0, 0, 0, 0])
                if _skip_reason(job.case):
                    counts[2] += 1
                    continue
                smls: list[Reply] = []
                reason = ""
                for j, e in enumerate(job.case.exprs):
                    got = side.outputs.get(f"{i}.{j}")
                    raised = why.raised(got)
                    if raised is not None:
                        smls.append(raised)
                        continue
                    reason = why.of(_roles(e), got, untranslated.get(f"{i}.{j}", ""))
                    if not reason and got is not None:
                        reply, reason = _sml_reply(hw, got)
                        smls.append(reply)
                        if reason:
                            reason = why.note(f"{job.task.id} {fname}: {reason}")
                    if reason:
                        break
                check = CHECKS[job.case.check]
                expected = "; ".join(map(_shown, job.expected))
                if reason:
                    counts[3] += 1
                    results.append(CaseResult(job.task.id, fname, job.case.name,
                                              f"not run: {reason}", "", False, False, False,
                                              expected, ran=False, why=reason,
                                              module=_module(job.case.exprs[0])))
                    continue
                ports, session = _port_answers(session, worker_lib, py_dir, job)
                agree = all(_same(a, b) for a, b in zip(smls, ports, strict=True))
                counts[0 if agree else 1] += 1
                results.append(CaseResult(
                    job.task.id, fname, job.case.name, "; ".join(map(_shown, smls)),
                    "; ".join(map(_shown, ports)), agree,
                    _passes(check, job.expected, smls, job.case.arg),
                    _passes(check, job.expected, ports, job.case.arg), expected,
                    module=_module(job.case.exprs[0])))
        finally:
            if session is not None:
                session.close()
    notes = [*drawn, *side.notes]
    notes += [f"{line} ({n} case{'s' if n > 1 else ''})" for line, n in why.notes.items()]
    problems = [*why.problems]
    failed_roles = set(side.failed_roles().values())
    for _, outcome in sorted(side.loaded.items()):
        if not outcome.ok and side.explain(outcome) not in failed_roles:
            notes.append(f"skipped (no case needs it): {side.explain(outcome)}")
    return CrosscheckReport(
        hw, tuple(Tally(t_, f, *c) for (t_, f), c in tallies.items()), tuple(results),
        tuple(notes), tuple(problems), solution.library.shown,
        tuple(f"{role}: {where}" for role, where in solution.found.items()), side.walls)


def _kind(hw: str, role: str) -> str:
    r = next(x for x in ROLES[hw] if x.name == role)
    return f"{r.kind} with {', '.join(sorted(r.marks))}"


def _maps(solution: Solution) -> tuple[dict[str, str], list[str]]:
    """HW11's maps, and the structures to declare for them.

    The solution's own where it declares them (a functor of a printer: the 2013 starter's
    ``functor M1 (P : Printer)``), else the library's, else crosscheck's own
    (``map_structure``).
    """
    out: dict[str, str] = {}
    decls: list[str] = []
    if solution.hw != "hw11":
        return out, decls
    for f in solution.files:
        for m in f.scan.modules:
            if m.depth == 0 and m.name in ("M1", "M2", "Earth"):
                out[m.name] = f"{m.name} (P)" if m.kind == "functor" else m.name
    library = library_names(solution.library.folder).names
    for name in ("M1", "M2", "Earth"):
        if name not in out and name not in library:
            out[name] = f"Crosscheck{name}"
            decls.append(map_structure(name, out[name]))
    return out, decls


def _port_answers(session: WorkerSession | None, worker_lib: Bundle, py_dir: Path,
                  job: _Job) -> tuple[list[Reply], WorkerSession | None]:
    """The port's answers to a case's expressions (a crash is its answer)."""
    ports: list[Reply] = []
    for e in job.case.exprs:
        try:
            if session is None:
                session = WorkerSession(worker_lib, [py_dir.resolve()], SandboxLimits())
            ports.append(session.call(e))
        except (WorkerDied, OSError) as err:
            ports.append(Reply(False, exc="WorkerDied", msg=str(err)))
            if session is not None:
                session.close()
            session = None
    return ports, session


def crosscheck_function(hw: str, sml_dir: Path, py_dir: Path, function: str, *,
                        cases: int = 10, seed: int = 0, library: str | None = None,
                        bundle: Bundle | None = None) -> FunctionVerdict:
    """One graded function of the port in ``py_dir`` checked against the SML in ``sml_dir``.

    Every case of every task that calls ``function`` (the grader's public ones and ``cases``
    random ones), on both sides, as ``crosscheck`` runs them.
    REQUIRES: SML/NJ installed; ``function`` is a graded function of ``hw`` (a name the
    grader's cases call: ``look_and_say``, ``search``, ``F``, ``to_list``, ...).
    ENSURES: ``agree``, ``differ`` (with the differing cases, labelled) or ``not run`` (why:
    the SML's file did not compile, no file defines it, ...); never raises for what either
    side does.

    >>> import sml150
    >>> from pathlib import Path
    >>> tests = Path(sml150.__file__).parent.parent / "tests"
    >>> faithful = tests / "grading" / "fixtures" / "faithful" / "hw10_a"
    >>> import shutil, tempfile
    >>> port = Path(tempfile.mkdtemp())
    >>> for f in faithful.glob("*.py.txt"):
    ...     _ = shutil.copy(f, port / f.name.removesuffix(".txt"))
    >>> if sml_missing():
    ...     print("look_and_say: agrees with the SML on 14 cases")
    ... else:
    ...     print(crosscheck_function("hw10", faithful, port, "look_and_say", cases=0).summary)
    look_and_say: agrees with the SML on 14 cases
    """
    report = crosscheck(hw, sml_dir, py_dir, cases=cases, seed=seed, library=library,
                        bundle=bundle, functions=frozenset({function}))
    verdict = report.verdicts().get(function)
    if verdict is None:
        why = "no case calls it" if not report.problems else report.problems[0]
        return FunctionVerdict(function, "not run", 0, 0, 0, (), why)
    return verdict


def sml_missing() -> str:
    """Why crosscheck cannot run here (``""``: it can).

    >>> isinstance(sml_missing(), str)
    True
    """
    sml = find_sml()
    return sml if isinstance(sml, str) else ""



