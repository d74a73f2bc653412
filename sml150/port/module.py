"""Port an SML file that no starter module matches: a whole Python module from its declarations.

The porting rules of the README, for what a starter would otherwise give: a datatype whose
constructors are all nullary is an ``enum.Enum`` whose members are also module-level names; any
other datatype is one frozen attrs class per constructor (``value`` for a one-type argument,
``arg0``, ``arg1``, ... for a tuple) and a ``Union`` alias; ``type t = ...`` is a ``TypeAlias``;
an exception is a class; a structure's functions are module-level functions and a class of
them named after it; a functor is a frozen class whose field is its argument structure and a
factory function, its own ``val`` tests run as the class is made (as SML runs them at each
application); ``structure S = F (X)`` is ``S = F(X)``. A functor's argument is typed
``Any`` (with a ``# port:`` note): its signature is the library's Protocol, which a porter
names by hand.

>>> r = port_standalone('''
... datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
... fun size Leaf = 0
...   | size (Node (l, _, r)) = size l + 1 + size r''')
>>> ns: dict[str, object] = {}
>>> exec(r.text, ns)
>>> ns["size"](ns["Node"](ns["Leaf"](), 7, ns["Node"](ns["Leaf"](), 8, ns["Leaf"]())))
2
"""

from __future__ import annotations

import attrs

from sml150.port import syntax as sx
from sml150.port.analysis import pat_vars
from sml150.port.annotate import Annotator
from sml150.port.decls import datatype_decl, exception_decl, type_decl
from sml150.port.deep import run_deep
from sml150.port.emit import Emitter, FunSig, PortError, Scope, Target, arity, groups_of
from sml150.port.layout import add_imports
from sml150.port.names import LIB_CONS, snake
from sml150.port.opens import resolve_opens
from sml150.port.parser import SmlSyntaxError, parse
from sml150.port.seeds import infer_best
from sml150.port.smltests import application_tests, functor_vals
from sml150.port.starter import ModulePort
from sml150.port.tidy import drop_unused_imports

__all__ = ["port_standalone"]


def port_standalone(sml: str) -> ModulePort:
    """A Python module for the SML text ``sml`` (no starter): see the module docstring.

    REQUIRES: nothing. ENSURES: every declaration translated or named in ``failures`` (one
    line with its position); raises ``SmlSyntaxError`` on SML the parser does not read.
    """
    return run_deep(_port_standalone, sml)


def _port_standalone(sml: str) -> ModulePort:
    job = _Module(Emitter())
    raw = parse(sml)
    job.em.annotator = Annotator(infer_best(raw, None))  # types where the SML writes none
    scope = Scope.empty()
    for d in resolve_opens(raw):
        scope = job.dec(d, scope, owner=None)
    header = ['"""Ported from SML by ``sml150 port``."""', "", "from __future__ import annotations",
              ""]
    tyvars = sorted(job.em.tyvars)
    if tyvars:
        job.em.imports.add("from typing import TypeVar")
    body = [*(f"{v} = TypeVar({v!r})" for v in tyvars), *job.em.anonymous_records(), *job.lines]
    text = add_imports("\n".join(header + body) + "\n", job.em.imports)
    return ModulePort(drop_unused_imports(text), job.ported, job.failures, job.skipped)


@attrs.define
class _Module:
    em: Emitter
    lines: list[str] = attrs.Factory(list)
    ported: list[str] = attrs.Factory(list)
    failures: list[str] = attrs.Factory(list)
    skipped: list[str] = attrs.Factory(list)

    def out(self, lines: list[str], owner: str | None) -> None:
        pad = "    " if owner else ""
        self.lines += ["", *(pad + line if line else line for line in lines)]

    def dec(self, d: sx.Dec, scope: Scope, owner: str | None) -> Scope:
        """Emit ``d``; the scope after it. ``owner``: the functor class it is a member of."""
        try:
            match d:
                case sx.Datatype(_, binds, None):
                    for b in binds:
                        scope = self.datatype(b, scope)
                case sx.TypeDec():
                    lines, scope = type_decl(self.em, d, scope)
                    self.out(lines, None)
                case sx.Exception(_, binds):
                    for name, _ in binds:
                        lines, scope = exception_decl(name, scope)
                        self.out(lines, None)
                case sx.Fun(_, fbs):
                    prefix = "self." if owner else ""
                    scope = scope.with_funs({fb.name: FunSig(prefix + snake(fb.name), arity(fb),
                                                             groups_of(fb)) for fb in fbs})
                    for fb in fbs:
                        self.fun(fb, scope, owner)
                case sx.Val(_, _, binds):
                    for p, e in binds:
                        scope = self.val(p, e, scope, owner)
                case sx.Local(_, hidden, body):
                    for inner in hidden + body:
                        scope = self.dec(inner, scope, owner)
                case sx.Structure(_, name, _, sx.StrBody(_, decs)):
                    scope = self.structure(name, decs, scope)
                case sx.Structure(_, name, _, sx.StrApp(_, "BetterSeq", sx.StrName(_, "Seq"))):
                    # the 2016 library: this library's Seq has BETTERSEQ's members already
                    scope = attrs.evolve(scope, structs={**scope.structs, name: "Seq"})
                case sx.Structure(_, name, _, sx.StrApp(_, functor, sx.StrName(_, arg))):
                    self.out([f"{name} = {functor}({scope.structs.get(arg, arg)})"], None)
                    scope = attrs.evolve(scope, structs={**scope.structs, name: name})
                case sx.Structure(_, name, _, sx.StrName(_, target)):
                    scope = attrs.evolve(scope, structs={
                        **scope.structs, name: scope.structs.get(target, target)})
                case sx.Functor(_, name, param, _, sx.StrBody(_, decs)) if param is not None:
                    scope = self.functor(d, param, decs, scope)
                case sx.Signature(_, name):
                    self.skipped.append(f"signature {name} (the library's Protocols stand for "
                                        "signatures)")
                case sx.Open(_, names) if all(n in scope.structs for n in names):
                    pass  # its members' uses are written long already (opens.py)
                case _:
                    raise PortError(f"{d.pos}: a `{type(d).__name__.lower()}` declaration of "
                                    "this form is not ported")
        except (PortError, SmlSyntaxError) as e:
            self.failures.append(f"{_name_of(d)}: {e}")
        return scope

    def datatype(self, b: sx.DatBind, scope: Scope) -> Scope:
        lines, scope = datatype_decl(self.em, b, scope)
        self.out(lines, None)
        self.ported.append(f"datatype {b.name}")
        return scope

    def fun(self, fb: sx.FunBind, scope: Scope, owner: str | None) -> None:
        try:
            self.out(self.em.function(fb, scope, snake(fb.name), method=owner is not None), owner)
            self.ported.append(fb.name)
        except (PortError, SmlSyntaxError) as e:
            self.failures.append(f"{fb.name}: {e}")

    def val(self, p: sx.Pat, e: sx.Exp, scope: Scope, owner: str | None) -> Scope:
        core = p.pat if isinstance(p, sx.PTyped) else p
        if not isinstance(core, sx.PVar) or core.name in scope.cons or core.name in LIB_CONS:
            self.skipped.append(f"val at {p.pos} (a test)")
            return scope
        py = snake(core.name)
        ty = self.em.ty(p.ty, scope) if isinstance(p, sx.PTyped) else None
        if ty is None and owner is not None:  # the type SML infers (`val k = double n`)
            ty = self.em.inferred_val(core, scope)
        body = self.em.body(e, scope, Target("return", result=ty), p.pos)
        if owner is not None:
            if ty is None:
                raise PortError(f"{p.pos}: `val {core.name}` in a functor needs a type annotation")
            self.em.imports.add("import functools")  # computed once, as SML does
            self.out(["@functools.cached_property", f"def {py}(self) -> {ty}:",
                      *("    " + b for b in body)], owner)
            self.ported.append(core.name)
            return scope.bind({core.name: f"self.{py}"})
        if len(body) == 1 and body[0].startswith("return "):
            self.out([f"{py}{': ' + ty if ty else ''} = {body[0][len('return '):]}"], None)
        else:
            self.em.imports.add("from typing import Any")
            self.out([f"def _{py}() -> {ty or 'Any'}:", *("    " + b for b in body),
                      f"{py} = _{py}()"], None)
        self.ported.append(core.name)
        return scope.bind({core.name: py})

    def structure(self, name: str, decs: tuple[sx.Dec, ...], scope: Scope) -> Scope:
        before = set(scope.funs)
        inner = scope
        for d in decs:
            inner = self.dec(d, inner, owner=None)
        members = [k for k in inner.funs if k not in before]
        self.em.imports.add("from typing import final")
        statics = [f"    {snake(m)} = staticmethod({snake(m)})" for m in members]
        self.out(["@final", f"class {name}:", f'    """SML ``structure {name}``."""', *statics],
                 None)
        self.ported.append(f"structure {name}")
        return attrs.evolve(inner, structs={**inner.structs, name: name})

    def functor(self, node: sx.Functor, param: str, decs: tuple[sx.Dec, ...],
                scope: Scope) -> Scope:
        name = node.name
        cls = f"_{name}"
        self.em.imports.update({"import attrs", "from typing import Any"})
        start = len(self.lines)
        # The argument is typed Any: a value read from it goes through a typed local.
        inner = attrs.evolve(scope, structs={**scope.structs, param: f"self.{param}"},
                             captured=scope.captured | {f"self.{param}."})
        for d in decs:
            inner = self.dec(d, inner, owner=cls)
        ported = {n for p, _ in functor_vals(node) for n in pat_vars(p) if n in self.ported}
        try:  # its own val tests, run where it is applied (as SML runs them)
            self.out(application_tests(self.em, inner, node, ported), cls)
        except (PortError, SmlSyntaxError) as e:
            self.failures.append(f"tests: {e}")
        members = self.lines[start:]
        del self.lines[start:]
        self.out(["@attrs.frozen", f"class {cls}:", f'    """SML ``functor {name}``\'s result."""',
                  f"    {param}: Any  # port: the argument's signature, typed by hand",
                  *members], None)
        self.out([f"def {name}({param}: Any) -> {cls}:",
                  f'    """SML ``functor {name} ({param} : ...)``."""',
                  f"    return {cls}({param})"], None)
        self.ported.append(f"functor {name}")
        return scope


def _name_of(d: sx.Dec) -> str:
    match d:
        case sx.Structure(_, name, _, _) | sx.Functor(_, name, _, _, _) | sx.Signature(_, name):
            return name
        case sx.TypeDec(_, _, name, _):
            return name
    return type(d).__name__.lower()
