r"""An SML test structure (``structure TestRiskless = struct ... end``) as a pytest module.

SML tests are ``val`` bindings that raise ``Bind`` when a value does not match its pattern
(``val [(3, 4), (3, 2)] = Seq.toList (R.moves R.start)``). Each such binding becomes one test
function: the ``val``s that name values before it, in order, then a ``match`` that fails the
test when the value does not match (so importing the module runs nothing, and each test stands
alone). The structure's functor applications (``structure R = Riskless (M1)``) are module-level
names, its functions module-level helpers (typed ``Any`` where the SML gives no types).

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

import attrs

from sml150.port import syntax as sx
from sml150.port.analysis import names as analysis_names
from sml150.port.annotate import Annotator
from sml150.port.emit import Emitter, FunSig, PortError, Scope, arity, groups_of, holds_fn
from sml150.port.infer import Inferred
from sml150.port.layout import add_imports
from sml150.port.names import LIB_CONS, snake
from sml150.port.opens import resolve_opens
from sml150.port.parser import parse
from sml150.port.tidy import drop_unused_imports, mark_unused_locals

__all__ = ["port_tests", "structures_of_tests"]


def structures_of_tests(decs: tuple[sx.Dec, ...]) -> list[sx.Structure]:
    """The file's test structures: top-level structures named ``Test...``.

    >>> [s.name for s in structures_of_tests(parse("structure TestX = struct end"))]
    ['TestX']
    """
    return [d for d in decs if isinstance(d, sx.Structure) and d.name.startswith("Test")
            and isinstance(d.body, sx.StrBody)]


def port_tests(module: str, sml: str, homes: dict[str, str],
               given: Scope | None = None, inferred: Inferred | None = None, *,
               unit: str | None = None, factories: dict[str, str] | None = None) -> str | None:
    """The pytest module for the test structures of the SML text ``sml`` (None if none).

    ``homes`` names the Python module of each functor or structure the tests apply or name
    (``{"Riskless": "riskless", "M1": "maps"}``); ``given``, the constructors and types of the
    module under test (what an ``open`` of its given structure brings in), each imported from
    ``module`` where the tests use it; ``unit``, the name of the file's structure the module
    stands for (``structure Graphs``: ``Graphs.to_list`` is ``graphseq.to_list``);
    ``factories``, the names in ``homes`` that Python calls (functors, classes), each with the
    class its argument is (``TicTacToe``: ``TTTConsts``), the rest being values (2013's map
    functor ``M1 (P)`` is the value ``M1``). The file's top-level
    functor applications the tests name (``structure RL1 = Riskless (M1 (P))``) come first.
    REQUIRES: nothing. ENSURES: a module whose
    test functions check what the SML's ``val`` tests check; raises ``PortError`` (one line,
    with the position) on a test it cannot translate.
    """
    decs = resolve_opens(parse(sml))
    found = structures_of_tests(decs)
    if not found:
        return None
    em = Emitter()
    if inferred is not None:  # the types inference found where the SML writes none
        em.annotator = Annotator(inferred, avoid=set(homes))
    scope = Scope.empty()
    if given is not None:
        scope = attrs.evolve(scope, cons=given.cons, types=given.types,
                             int_est=given.int_est)
    scope = attrs.evolve(scope, structs={**scope.structs, **{n: n for n in homes}})
    if unit is not None and unit not in homes:  # the file's own structure: the module
        em.imports.add(f"import {module}")
        scope = attrs.evolve(scope, structs={**scope.structs, unit: module})
    apply = _Applier(em, homes, factories)
    bindings: list[tuple[sx.Pat, sx.Exp]] = []
    count = 0
    lines, scope = _applications(decs, found, apply, scope)
    for test in found:
        assert isinstance(test.body, sx.StrBody)
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
            t.split("[")[0] for k, t in given.types.items() if k == t.split("[")[0]}
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
