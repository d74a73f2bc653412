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
from sml150.port.annotate import Annotator
from sml150.port.emit import Emitter, FunSig, PortError, Scope, arity, groups_of
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
               given: Scope | None = None, inferred: Inferred | None = None) -> str | None:
    """The pytest module for the test structures of the SML text ``sml`` (None if none).

    ``homes`` names the Python module of each functor or structure the tests apply or name
    (``{"Riskless": "riskless", "M1": "maps"}``); ``given``, the constructors and types of the
    module under test (what an ``open`` of its given structure brings in), each imported from
    ``module`` where the tests use it. REQUIRES: nothing. ENSURES: a module whose
    test functions check what the SML's ``val`` tests check; raises ``PortError`` (one line,
    with the position) on a test it cannot translate.
    """
    found = structures_of_tests(resolve_opens(parse(sml)))
    if not found:
        return None
    em = Emitter()
    if inferred is not None:  # the types inference found where the SML writes none
        em.annotator = Annotator(inferred, avoid=set(homes))
    scope = Scope.empty()
    if given is not None:
        scope = attrs.evolve(scope, cons=given.cons, types=given.types)
    scope = attrs.evolve(scope, structs={**scope.structs, **{n: n for n in homes}})
    lines: list[str] = []
    bindings: list[tuple[sx.Pat, sx.Exp]] = []
    count = 0
    for test in found:
        assert isinstance(test.body, sx.StrBody)
        for d in test.body.decs:
            match d:
                case sx.Structure(_, name, _, sx.StrApp(_, functor, sx.StrName(_, arg))):
                    for used in (functor, arg):
                        if used in homes:
                            em.imports.add(f"from {homes[used]} import {used}")
                    lines += ["", f"{name} = {functor}({arg})"]
                    scope = attrs.evolve(scope, structs={**scope.structs, name: name})
                case sx.Fun(_, fbs):
                    scope = scope.with_funs({fb.name: FunSig(snake(fb.name), arity(fb),
                                                             groups_of(fb)) for fb in fbs})
                    for fb in fbs:
                        lines += ["", "", *em.function(fb, scope, snake(fb.name))]
                case sx.Val(_, _, binds):
                    for p, e in binds:
                        if _binds_a_name(p, scope):
                            bindings.append((p, e))
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
    em.imports.update(f"from {home} import {n}" for n, home in homes.items()
                      if re.search(rf"\b{n}\b", text) and (n not in names or home == module))
    if given is not None:  # the module's own names the tests use come from the module
        em.imports.update(f"from {module} import {n}" for n in names
                          if n.isidentifier() and re.search(rf"\b{n}\b", text)
                          and not re.search(rf"^{n} = ", text, re.M))
    return mark_unused_locals(drop_unused_imports(add_imports(text, em.imports)))


def _binds_a_name(p: sx.Pat, scope: Scope) -> bool:
    core = p.pat if isinstance(p, sx.PTyped) else p
    return isinstance(core, sx.PVar) and "." not in core.name and (
        core.name not in LIB_CONS and core.name not in scope.cons)


def _test(em: Emitter, scope: Scope, n: int, bindings: list[tuple[sx.Pat, sx.Exp]], *,
          p: sx.Pat, e: sx.Exp) -> list[str]:
    body: list[str] = []
    inner = scope
    for bp, be in bindings:
        got, bound = em.val(bp, be, inner)
        body += got
        inner = inner.bind(bound)
    pre, x = em.value(e, inner)
    py, _ = em.pat(p, inner)
    body += [*pre, f"match {x}:", f"    case {py}:", "        pass", "    case other:",
             f"        raise AssertionError(f'val at {p.pos}: got {{other!r}}')"]
    return [f"def test_{n}() -> None:", *("    " + line for line in body)]
