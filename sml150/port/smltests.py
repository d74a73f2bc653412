r"""An SML test structure (``structure TestRiskless = struct ... end``) as a pytest module.

SML tests are ``val`` bindings that raise ``Bind`` when a value does not match its pattern
(``val [(3, 4), (3, 2)] = Seq.toList (R.moves R.start)``). Each such binding becomes one test
function: the ``val``s that name values before it, in order, then a ``match`` that fails the
test when the value does not match (so importing the module runs nothing, and each test stands
alone). The structure's functor applications (``structure R = Riskless (M1)``) are module-level
names, its functions module-level helpers (typed ``Any`` where the SML gives no types).
Tests that run inside a structure are test structures too (``body_tests``): a test functor's
application, the ``val`` tests inside a functor the file applies, a structure's own. The
``val`` tests inside the ported functor also run where the port applies it, as SML runs them
(``application_tests``).

(Over 400 lines: the one translation of SML tests, from finding them to the pytest module.)

>>> text = port_tests("riskless", '''
... structure TestRiskless = struct
...   structure R = Riskless (M1)
...   val s1 = R.make_move (R.start, (3, 4))
...   val R.Minnie = R.player s1
... end''', {"Riskless": "riskless", "M1": "maps"})
>>> print(text.split("\n\n\n")[-1].strip())
def test_1() -> None:
    s1 = R.make_move(R.start, (3, 4))
    match R.player(s1):
        case Player.Minnie:
            pass
        case other:
            raise AssertionError(f'val at 5:7: got {other!r}')
"""

from __future__ import annotations

import re
from collections.abc import Collection

import attrs

from sml150.port import syntax as sx
from sml150.port.analysis import names as analysis_names
from sml150.port.analysis import pat_vars, unlocal
from sml150.port.annotate import Annotator
from sml150.port.emit import Emitter, FunSig, PortError, Scope, arity, groups_of, holds_fn
from sml150.port.infer import Inferred
from sml150.port.layout import add_imports
from sml150.port.names import LIB_CONS, snake
from sml150.port.opens import resolve_opens
from sml150.port.parser import parse
from sml150.port.tidy import drop_unused_imports, mark_unused_locals

__all__ = ["application_tests", "body_tests", "functor_vals", "functors_tested_nowhere",
           "port_tests", "read_by_tests", "structures_of_tests"]


def structures_of_tests(decs: tuple[sx.Dec, ...],
                        also: Collection[str] = ()) -> list[sx.Structure]:
    """The file's test structures: top-level structures named ``Test...`` or in ``also``.

    >>> [s.name for s in structures_of_tests(parse("structure TestX = struct end"))]
    ['TestX']
    """
    return [d for d in decs if isinstance(d, sx.Structure) and isinstance(d.body, sx.StrBody)
            and (d.name.startswith("Test") or d.name in also)]


def body_tests(decs: tuple[sx.Dec, ...], given: Collection[str], kept: Collection[str] = (),
               unit: str | None = None) -> tuple[tuple[sx.Dec, ...], list[str]]:
    """``decs`` with the SML's tests that run inside a structure as test structures.

    A test functor's application (``structure TESTALL = TestOne (TicTacToe (...))``, the
    functor not in ``given``, its body holding ``val`` tests) is the functor's body with its
    parameter bound to the argument, as SML runs it; a structure's own ``val`` tests
    (``val true = ...`` inside ``structure LookAndSay``), and those of a functor of ``given``
    the file applies (``structure T = TicTacToe (...)``), are a test structure that opens it
    and replays its ``val``s in order, but those it binds that the port has (``kept``: the
    open gives them, as the port computes them); another structure than the module's
    ``unit`` holding tests is a test structure (``structure GraphTests``). Returns the new
    declarations and the test structures' names.

    >>> decs, made = body_tests(parse('''
    ... functor TestOne (T : GAME) = struct val 3 = T.n end
    ... structure All = TestOne (struct val n = 3 end)'''), ())
    >>> made, [type(d.body).__name__ for d in decs if isinstance(d, sx.Structure)]
    (['All'], ['StrBody'])
    """
    functors = {d.name: d for d in decs if isinstance(d, sx.Functor)}
    out: list[sx.Dec] = []
    made: list[str] = []
    for d in decs:
        out.append(d)
        if not isinstance(d, sx.Structure):
            continue
        if isinstance(d.body, sx.StrBody) and not d.name.startswith("Test") and _has_tests(
                d.body.decs):  # its own tests, run as it is declared
            if d.name != unit:  # a test structure by another name (`GraphTests`)
                made.append(d.name)
            else:
                made.append(f"Test{d.name}")
                out.append(_replayed(made[-1], sx.StrName(d.pos, d.name), d.body.decs, kept))
        for app in _applications_in(d.body):
            fct = functors.get(app.functor)
            if fct is None or not isinstance(fct.body, sx.StrBody) or not _has_tests(
                    fct.body.decs):
                continue
            if app is d.body and fct.name not in given and fct.param is not None:
                # a test functor applied: its body, its parameter bound to the argument
                # (ascribed the parameter's signature: an `open` of it sees only its names)
                sig = fct.param_sig
                out[-1] = sx.Structure(d.pos, d.name, None, sx.StrBody(app.pos, (
                    sx.Structure(app.pos, fct.param, sig.name if isinstance(
                        sig, sx.SigName) else None, app.arg, sig), *fct.body.decs)))
                made.append(d.name)
            else:  # the tests inside a functor, run at each application
                made.append(f"Test{fct.name}{len(made) + 1}")
                out.append(_replayed(made[-1], app, fct.body.decs, kept, fct.param))
    return tuple(out), made


def _applications_in(s: sx.StrExp) -> list[sx.StrApp]:
    """The functor applications in ``s``, at any depth (its structures' too), outermost first."""
    match s:
        case sx.StrApp(_, _, arg):
            return [s, *_applications_in(arg)]
        case sx.StrBody(_, decs):
            return [a for d in decs if isinstance(d, sx.Structure)
                    for a in _applications_in(d.body)]
    return []


def functors_tested_nowhere(decs: tuple[sx.Dec, ...], run: Collection[str] = ()) -> list[str]:
    """One line (``LINE:COL: why``) for each functor with ``val`` tests the file never applies.

    SML runs them at each application, which the port has not got, unless the port is that
    functor and runs them where it is applied (its name in ``run``: ``application_tests``).

    >>> functors_tested_nowhere(parse("functor F (S : GAME) = struct val 3 = S.n end"))[0][:40]
    '1:35: the tests inside functor F run whe'
    """
    applied = {a.functor for d in decs if isinstance(d, sx.Structure)
               for a in _applications_in(d.body)}
    out: list[str] = []
    for d in decs:
        if isinstance(d, sx.Functor) and isinstance(d.body, sx.StrBody) and (
                d.name not in applied and d.name not in run):
            first = next((v for v in d.body.decs if isinstance(v, sx.Val) and any(
                _is_test_pat(p) for p, _ in v.binds)), None)
            if first is not None:
                out.append(f"{first.binds[0][0].pos}: the tests inside functor {d.name} run "
                           "where it is applied, and this file applies it nowhere: not ported")
    return out


def functor_vals(functor: sx.Functor) -> list[tuple[sx.Pat, sx.Exp]]:
    """The ``val`` bindings of ``functor``'s body, in order (a ``local``'s too)."""
    if not isinstance(functor.body, sx.StrBody):
        return []
    return [b for d in unlocal(functor.body.decs) if isinstance(d, sx.Val) for b in d.binds]


def read_by_tests(functor: sx.Functor, members: Collection[str],
                 cons: Collection[str]) -> set[str]:
    """The names the ``val``s ``application_tests`` replays mention (the tests' helpers).

    >>> f = parse("functor F (S : GAME) = struct fun g x = x  val 3 = g S.n end")[0]
    >>> sorted(read_by_tests(f, (), ()))
    ['S.n', 'g']
    """
    return {n for _, e in _replays(functor, members, cons) for n in analysis_names(e)}


def _replays(functor: sx.Functor, members: Collection[str],
             cons: Collection[str]) -> list[tuple[sx.Pat, sx.Exp]]:
    """The ``val``s of ``functor``'s body its tests replay, in order (none if it has none).

    Its tests (``val Minnie = ...`` too, ``Minnie`` one of ``cons``, the constructors inside
    the functor), and the ``val``s they need that the class has not (``members``), or that bind
    no name (``val _ = print ...``, run for what they do); a ``val`` nothing reads is left
    (``val color = Ansi.bright_cyan``: it only names a value, which the port need not).
    """
    vals = functor_vals(functor)
    cons = {*cons, *LIB_CONS}
    if not any(_is_test_pat(p, cons) for p, _ in vals):
        return []
    needed: set[str] = set()
    out: list[tuple[sx.Pat, sx.Exp]] = []
    for p, e in reversed(vals):
        bound = set(pat_vars(p)) - set(cons)
        if _is_test_pat(p, cons) or not bound or bound & needed - set(members):
            out.append((p, e))
            needed |= analysis_names(e)
    return out[::-1]


def application_tests(em: Emitter, scope: Scope, functor: sx.Functor,
                      members: Collection[str]) -> list[str]:
    """The ``val`` tests inside ``functor``, run as SML runs them: at each application.

    An ``__attrs_post_init__`` for the functor's class (``[]`` when its body has no test):
    the body's tests in order, after the ``val``s they need that the class has not
    (``members``: the port computes those) and those run for their effect (``_replays``),
    each test a ``match`` that raises SML's ``Bind`` as the port spells it
    (``ValueError('Bind: ...')``), so applying the port where a test fails raises, as
    applying the SML functor does. ``scope``: the names inside the functor's class.
    REQUIRES: ``functor`` read by ``parse`` and its ``open``s resolved. ENSURES: the lines
    of a method (not indented for the class); raises ``PortError`` on a ``val`` it cannot
    translate.
    """
    cons = {*scope.cons, *LIB_CONS}
    vals = _replays(functor, members, cons)
    if not vals:
        return []
    body: list[str] = []
    inner = scope
    k = 0
    with em.toplevel():
        em.new_function(("self",))
        for p, e in vals:
            if not _is_test_pat(p, cons):  # a value the tests need, or one run for its effect
                lines, bound = em.val(p, e, inner)
                body += lines
                inner = inner.bind(bound)
                continue
            k += 1  # each test's names its own (mypy gives each one type)
            pre, x = em.value(e, inner)
            declared = em.monomorphic_type(e, inner) if holds_fn(e) else None
            if declared is not None:  # mypy types its lambdas against the type
                pre.append(f"_got{k}: {declared} = {x}")
                x = f"_got{k}"
            py, bound = em.pat(_as_estimate(p, e, scope), inner)
            body += [*pre, f"match {x}:", f"    case {py}:", "        pass",
                     f"    case _other{k}:", f"        raise ValueError(f'Bind: {{_other{k}!r}} "
                     f"(the SML test at {p.pos})')"]
            inner = inner.bind(bound)
    return ["def __attrs_post_init__(self) -> None:",
            f'    """The SML\'s own tests inside ``functor {functor.name}``, run at each '
            "application.", "",
            "    SML runs a functor body's ``val`` tests each time it is applied: one that fails "
            "raises",
            "    ``Bind`` there (here ``ValueError``), so does this.", '    """',
            *("    " + line for line in body)]


def _replayed(name: str, target: sx.StrExp, decs: tuple[sx.Dec, ...], kept: Collection[str],
              param: str | None = None) -> sx.Structure:
    """``structure name = struct structure A = target open A <the vals of decs> end``.

    A ``val`` the port has (in ``kept``), or one that reads the functor's parameter ``param``
    (``val n = Settings.board_size``), is a member of ``A``, which the ``open`` gives: it is
    not replayed.
    """
    vals = tuple(d for d in decs if isinstance(d, sx.Val) and (_has_tests((d,)) or not (
        _pat_vars_of(d) & set(kept)
        or (param is not None and any(n.split(".")[0] == param for n in analysis_names(d))))))
    pos = target.pos
    if isinstance(target, sx.StrName):
        return sx.Structure(pos, name, None, sx.StrBody(pos, (sx.Open(pos, (target.name,)),
                                                              *vals)))
    applied = f"{name}Applied"
    return sx.Structure(pos, name, None, sx.StrBody(pos, (
        sx.Structure(pos, applied, None, target), sx.Open(pos, (applied,)), *vals)))


def _pat_vars_of(d: sx.Val) -> set[str]:
    """The names a ``val`` binds (any depth)."""
    return {n for p, _ in d.binds for n in pat_vars(p)}


def _has_tests(decs: tuple[sx.Dec, ...]) -> bool:
    """Whether ``decs`` hold a ``val`` test (a pattern that can fail: ``val true = ...``)."""
    return any(isinstance(d, sx.Val) and any(_is_test_pat(p) for p, _ in d.binds)
               for d in decs)


def _is_test_pat(p: sx.Pat, cons: Collection[str] = ()) -> bool:
    """Whether ``val p = ...`` can fail (``cons``: constructors besides the Basis' own)."""
    match p:
        case sx.PConst() | sx.PList() | sx.PCon():
            return True
        case sx.PVar(_, name):
            return name in _TOP_CONS or name in cons
        case sx.PTyped(_, inner, _) | sx.PAs(_, _, inner):
            return _is_test_pat(inner, cons)
        case sx.PTuple(_, items):
            return any(_is_test_pat(i, cons) for i in items)
        case sx.PRecord(_, fields):
            return any(_is_test_pat(f, cons) for _, f in fields)
    return False


def port_tests(module: str, sml: str, homes: dict[str, str],
               given: Scope | None = None, inferred: Inferred | None = None, *,
               unit: str | None = None, factories: dict[str, str] | None = None,
               kept: Collection[str] = ()) -> str | None:
    """The pytest module for the test structures of the SML text ``sml`` (None if none).

    ``homes`` names the Python module of each functor or structure the tests apply or name
    (``{"Riskless": "riskless", "M1": "maps"}``); ``given``, the constructors and types of the
    module under test (what an ``open`` of its given structure brings in), each imported from
    ``module`` where the tests use it; ``unit``, the name of the file's structure the module
    stands for (``structure Graphs``: ``Graphs.to_list`` is ``graphseq.to_list``);
    ``factories``, the names in ``homes`` that Python calls (functors, classes), each with the
    class its argument is (``TicTacToe``: ``TTTConsts``), the rest being values (2013's map
    functor ``M1 (P)`` is the value ``M1``). The file's top-level
    functor applications the tests name (``structure RL1 = Riskless (M1 (P))``) come first;
    ``kept``, the SML values the module has (what ``body_tests`` need not replay).
    REQUIRES: nothing. ENSURES: a module whose
    test functions check what the SML's ``val`` tests check; raises ``PortError`` (one line,
    with the position) on a test it cannot translate.
    """
    decs, made = body_tests(parse(sml), set(homes), kept, unit)
    found = structures_of_tests(decs := resolve_opens(decs), made)
    if not found:
        return None
    em = Emitter()
    if inferred is not None:  # the types inference found where the SML writes none
        em.annotator = Annotator(inferred, avoid=set(homes))
    scope = _test_scope(em, module, homes, given, unit)
    apply = _Applier(em, homes, factories)
    count = 0
    lines, scope = _applications(decs, found, apply, scope)
    for test in found:
        assert isinstance(test.body, sx.StrBody)
        bindings: list[tuple[sx.Pat, sx.Exp]] = []  # this structure's, replayed in its tests
        for d in test.body.decs:
            match d:
                case sx.Structure(_, name, _, sx.StrApp() as app):
                    lines += ["", f"{name} = {apply(app, scope)}"]
                    scope = attrs.evolve(scope, structs={**scope.structs, name: name})
                case sx.Structure(_, name, _, sx.StrName(_, target)) if target in scope.structs:
                    scope = attrs.evolve(scope, structs={**scope.structs,
                                                         name: scope.structs[target]})
                case sx.Fun(_, fbs):
                    scope = scope.with_funs({fb.name: FunSig(snake(fb.name), arity(fb),
                                                             groups_of(fb)) for fb in fbs})
                    for fb in fbs:
                        lines += ["", "", *em.function(fb, scope, snake(fb.name))]
                case sx.Val(_, _, binds):
                    for p, e in binds:
                        if _binds_a_name(p, scope, strict=not _opens_unknown(decs, test)):
                            bindings.append((_as_binding(p, scope), e))
                            continue
                        count += 1
                        lines += ["", "", *_test(em, scope, count, bindings, p=p, e=e)]
                        if _binds_variables(p, scope):  # `val SOME m = ...`: m for the next
                            bindings.append((p, e))
                case sx.Open():  # the given structure's names: the module's own (given)
                    pass
                case _:
                    raise PortError(f"{d.pos}: a `{type(d).__name__.lower()}` in a test "
                                    "structure is not ported")
    header = [f'"""Tests ported from the SML test structures of ``{module}.sml``."""', "",
              "from __future__ import annotations", ""]
    if em.tyvars:
        header += [*(f"{v} = TypeVar({v!r})" for v in sorted(em.tyvars)), ""]
        em.imports.add("from typing import TypeVar")
    text = "\n".join(header + lines) + "\n"
    names: set[str] = set()
    if given is not None:
        names = {c.py.removesuffix("()") for c in given.cons.values()} | {
            t.split("[")[0] for k, t in given.types.items() if k == t.split("[")[0]} | set(
            given.exns.values())
    own = set(re.findall(r"^(?:def |class )?(\w+)", text, re.M))  # what the tests define
    em.imports.update(f"from {home} import {n}" for n, home in homes.items()
                      if re.search(rf"\b{n}\b", text) and (n not in names or home == module)
                      and n not in own)
    if given is not None:  # the module's own names the tests use come from the module
        em.imports.update(f"from {module} import {n}" for n in names
                          if n.isidentifier() and re.search(rf"\b{n}\b", text)
                          and not re.search(rf"^{n} = ", text, re.M))
    return mark_unused_locals(drop_unused_imports(add_imports(text, em.imports)))


@attrs.frozen
class _Applier:
    """A structure expression of the tests as Python: a functor application is a call."""

    em: Emitter
    homes: dict[str, str]
    factories: dict[str, str] | None
    "What Python calls, with its argument's class (None: every name of ``homes``)."

    def __call__(self, s: sx.StrExp, scope: Scope) -> str:
        match s:
            case sx.StrName(pos, name):
                if name in scope.structs:
                    self.use(name)
                    return scope.structs[name]
                raise PortError(f"{pos}: unknown structure {name}")
            case sx.StrApp(pos, functor, arg) if functor in self.homes:
                self.use(functor)
                if self.factories is not None and functor not in self.factories:
                    # a value: 2013's `M1 (P)` is the map M1
                    if isinstance(arg, sx.StrName) and arg.name in ("P", "Printer"):
                        return functor
                    raise PortError(f"{pos}: {functor} applied, but it is a structure here")
                return f"{functor}({self.settings(functor, arg, scope)})"
            case sx.StrApp(pos, functor, _):
                raise PortError(f"{pos}: unknown functor {functor}")
        raise PortError(f"{s.pos}: this structure expression in a test is not ported")

    def settings(self, functor: str, arg: sx.StrExp, scope: Scope) -> str:
        """A functor's argument: a structure, or a structure body as its settings class.

        ``struct val board_size = 2 end`` to ``TicTacToe`` is ``TTTConsts(board_size=2)``.
        """
        if not isinstance(arg, sx.StrBody):
            return self(arg, scope)
        cls = (self.factories or {}).get(functor, "")
        if not cls.isidentifier():
            raise PortError(f"{arg.pos}: {functor}'s argument written as a structure body, "
                            "and its Python settings class is not known")
        self.em.imports.add(f"from {self.homes[functor]} import {cls}")
        fields: list[str] = []
        for d in arg.decs:
            match d:
                case sx.Val(_, _, ((sx.PVar(_, name) | sx.PTyped(sx.PVar(_, name)), e),)):
                    fields.append(f"{snake(name)}={self.em.exp(e, scope)}")
                case sx.Structure(_, name, _, body):
                    fields.append(f"{name}={self(body, scope)}")
                case _:
                    raise PortError(f"{d.pos}: this functor argument in a test is not ported")
        return f"{cls}({', '.join(fields)})"

    def use(self, name: str) -> None:
        if name in self.homes:
            self.em.imports.add(f"from {self.homes[name]} import {name}")


_TOP_CONS = frozenset({"SOME", "NONE", "true", "false", "nil", "LESS", "EQUAL", "GREATER"})
"""The Basis' constructors at SML's top level (a game's ``Maxie`` is inside its structure)."""


def _binds_a_name(p: sx.Pat, scope: Scope, strict: bool = False) -> bool:
    """Whether ``val p = ...`` binds a variable (rather than testing a constructor).

    ``strict``: only the Basis' top-level constructors are short names in a test structure
    (``val In_play = R.status s`` binds a variable ``In_play``, as in SML, unless an ``open``
    brought the constructor in, which reads it long); else the library's and the module's
    constructors count too (an ``open`` of a structure whose members are not known).
    """
    core = p.pat if isinstance(p, sx.PTyped) else p
    if not isinstance(core, sx.PVar) or "." in core.name:
        return False
    if strict:
        return core.name not in _TOP_CONS
    return core.name not in LIB_CONS and core.name not in scope.cons


def _applications(decs: tuple[sx.Dec, ...], found: list[sx.Structure], apply: _Applier,
                  scope: Scope) -> tuple[list[str], Scope]:
    """The file's own top-level functor applications the tests name, as module names."""
    lines: list[str] = []
    named = analysis_names(tuple(found))
    for d in decs:
        if isinstance(d, sx.Structure) and isinstance(d.body, sx.StrApp) and any(
                n.split(".")[0] == d.name for n in named):
            lines += ["", f"{d.name} = {apply(d.body, scope)}"]
            scope = attrs.evolve(scope, structs={**scope.structs, d.name: d.name})
    return lines, scope


def _as_binding(p: sx.Pat, scope: Scope) -> sx.Pat:
    """``p``; a constructor's name bound as a variable (``val In_play = ...``) a wildcard.

    SML binds a new variable there and only evaluates the right side (never tested).
    """
    core = p.pat if isinstance(p, sx.PTyped) else p
    return p if _binds_a_name(p, scope) else sx.PWild(core.pos)


def _opens_unknown(decs: tuple[sx.Dec, ...], test: sx.Structure) -> bool:
    """Whether ``test`` (or the file's top level) opens a structure not known here.

    Known: the library's ``Seq`` and ``SeqUtils``, and the structures the file declares.
    """
    declared = {"Seq", "SeqUtils"} | {d.name for d in decs if isinstance(d, sx.Structure)}
    inner = test.body.decs if isinstance(test.body, sx.StrBody) else ()
    declared |= {d.name for d in inner if isinstance(d, sx.Structure)}
    return any(isinstance(d, sx.Open) and any(n not in declared for n in d.names)
               for d in (*decs, *inner))


def _as_estimate(p: sx.Pat, e: sx.Exp, scope: Scope) -> sx.Pat:
    """``p``; an int tested against an estimator's value, the ``Guess`` of that int.

    HW11's 2013 ``Estimate`` is a transparent ``int`` (``val ~1 = R.estimate s``); the
    port's estimates are ``Est`` values (``Scope.int_est``).
    """
    head = e
    while isinstance(head, sx.App):
        head = head.fn
    core = p.pat if isinstance(p, sx.PTyped) else p
    if (scope.int_est and isinstance(core, sx.PConst) and isinstance(core.value, int)
            and isinstance(head, sx.Var) and head.name.split(".")[-1] == "estimate"):
        return sx.PCon(core.pos, "Guess", core)
    return p


def _binds_variables(p: sx.Pat, scope: Scope) -> bool:
    """Whether the test pattern ``p`` also binds a variable (``SOME m``: ``m``)."""
    match p:
        case sx.PVar(_, name):
            return "." not in name and name not in _TOP_CONS and name not in LIB_CONS and (
                name not in scope.cons)
        case sx.PAs():
            return True
        case sx.PCon(_, _, arg):
            return arg is not None and _binds_variables(arg, scope)
        case sx.PTyped(_, inner, _):
            return _binds_variables(inner, scope)
        case sx.PTuple(_, items) | sx.PList(_, items):
            return any(_binds_variables(i, scope) for i in items)
        case sx.PRecord(_, fields):
            return any(_binds_variables(f, scope) for _, f in fields)
    return False


def _test_scope(em: Emitter, module: str, homes: dict[str, str], given: Scope | None,
                unit: str | None) -> Scope:
    """What the tests' names mean.

    The module's constructors and types, the homework's structures, and the file's own
    structure as the module (its helpers too).
    """
    scope = Scope.empty()
    if given is not None:
        scope = attrs.evolve(scope, cons=given.cons, types=given.types, exns=given.exns,
                             int_est=given.int_est)
    scope = attrs.evolve(scope, structs={**scope.structs, **{n: n for n in homes}})
    if unit is not None:
        em.imports.add(f"import {module}")
        scope = attrs.evolve(scope, structs={**scope.structs, unit: module})
        if given is not None:  # its functions, called as the module defines them
            scope = scope.with_funs({f"{unit}.{k}": attrs.evolve(f, py=f"{module}.{f.py}")
                                     for k, f in given.funs.items() if "." not in f.py})
    return scope


def _test(em: Emitter, scope: Scope, n: int, bindings: list[tuple[sx.Pat, sx.Exp]], *,
          p: sx.Pat, e: sx.Exp) -> list[str]:
    body: list[str] = []
    inner = scope
    with em.toplevel():
        for bp, be in bindings:
            got, bound = em.val(bp, be, inner)
            body += got
            inner = inner.bind(bound)
        pre, x = em.value(e, inner)
        declared = em.monomorphic_type(e, inner) if holds_fn(e) else None
        if declared is not None:  # mypy types its lambdas against the type
            pre.append(f"_got: {declared} = {x}")
            x = "_got"
        py, _ = em.pat(_as_estimate(p, e, scope), inner)
    body += [*pre, f"match {x}:", f"    case {py}:", "        pass", "    case other:",
             f"        raise AssertionError(f'val at {p.pos}: got {{other!r}}')"]
    return [f"def test_{n}() -> None:", *("    " + line for line in body)]
