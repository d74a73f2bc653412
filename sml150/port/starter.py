"""Port SML solution files into a homework's starter layout, so ``sml150 grade`` runs on them.

The starter (``sml150 handout``) already holds the names, records, aliases and signatures the
grader calls; the SML gives the bodies. Each SML function whose snake_case name is a stub of
the starter (its body ``raise NotImplementedError``) fills that stub, keeping the starter's
signature; any other function of the SML (a helper) is added beside it, typed from its SML
annotations (a method when the SML defines it inside a functor). A function given by the
starter is kept as given. The constructors, enums, exceptions and type aliases the bodies name
are the starter's own, found by reading the starter module (Python's ``ast``).

A function the porter cannot translate keeps its stub, with a ``# port:`` line saying why, and
is reported as one line with its source position; the rest of the file is still ported.

>>> from sml150.port.parser import parse
>>> r = port_module("hw10", "las", _LAS_DEMO)
>>> "return Seq.singleton((k, x))" in r.text, r.ported, r.failures
(True, ['look_and_say', 'las_wrap'], [])

(About 600 lines, over the house's 400: filling one starter module is one pass over it, and how
each SML function meets the starter's of its name is decided in one place, `_mode`.)
"""

from __future__ import annotations

import ast
import functools
import re

import attrs

from sml150.port import syntax as sx
from sml150.port.analysis import body_of, method_helpers, pat_vars, reachable, sml_arity, typed
from sml150.port.annotate import Annotator
from sml150.port.decls import datatype_decl, exception_decl, type_decl
from sml150.port.deep import run_deep
from sml150.port.emit import INT_EST, Emitter, FunSig, PortError, Scope, Target, groups_of
from sml150.port.layout import (
    StarterDef,
    add_imports,
    class_fields,
    first_def_line,
    functor_class,
    helper_anchor,
    init_fields,
    module_names,
    read_starter,
    sibling_imports,
    starter_scope,
)
from sml150.port.names import LIB_CONS, Con, snake
from sml150.port.opens import resolve_opens
from sml150.port.parser import SmlSyntaxError, parse
from sml150.port.seeds import infer_best
from sml150.port.smltests import (
    application_tests,
    functor_vals,
    functors_tested_nowhere,
    port_tests,
    read_by_tests,
)
from sml150.port.tidy import drop_unused_imports, mark_handout_names

__all__ = ["ModulePort", "guess_homework", "port_module", "starter_text"]

_STUB = "raise NotImplementedError"


@attrs.frozen
class ModulePort:
    """One module's port: its text and what was and was not ported."""

    text: str
    "The Python module."
    ported: list[str]
    "The SML functions translated (stubs filled or helpers added), by SML name."
    failures: list[str]
    "One line per function or value left out: ``name: line:col: why``."
    skipped: list[str]
    "Top-level ``val`` tests and declarations the starter already gives, by SML name."
    scope: Scope | None = None
    "The names the port gave the SML's constructors and types (for its test structures)."
    tests: str | None = None
    "The SML's test structures as a pytest module (``test_<module>.py``), if it has any."


@functools.cache
def starter_text(hw: str, module: str) -> str | None:
    """The starter file ``module.py`` of ``hw`` as ``sml150 handout`` writes it (or None).

    >>> "def look_and_say" in (starter_text("hw10", "las") or "")
    True
    """
    from sml150.grading.toolkit import homework, reference_source, starter_source

    modules, _ = homework(hw)
    for spec in modules:
        if spec.name == module:
            return starter_source(reference_source(hw, spec.name), spec, hw)
    return None


def guess_homework(stems: list[str], texts: list[str]) -> str | None:
    """``hw10`` or ``hw11`` from the files' names and the signatures they name; None if unsure.

    >>> guess_homework(["las"], [""]), guess_homework(["alphabeta"], ["structure G : GAME"])
    ('hw10', None)
    """
    if {"las", "tictactoe"} & set(stems) or any("ESTGAME" in t or "TTTCONSTS" in t
                                               for t in texts):
        return "hw10"
    if {"graphseq", "riskless"} & set(stems) or any(
            re.search(r"\b(initialAB|ABValue|MAP)\b", t) for t in texts):
        return "hw11"
    return None


def port_module(hw: str, module: str, sml: str) -> ModulePort:
    """The starter module ``module`` of ``hw`` with the functions of the SML text ``sml``.

    REQUIRES: nothing. ENSURES: the starter's text with each stub the SML defines filled and
    the SML's helpers added; raises ``SmlSyntaxError`` on SML the parser does not read and
    ``PortError`` when ``hw`` has no such module.
    """
    return run_deep(_port_module, hw, module, sml)


def _port_module(hw: str, module: str, sml: str) -> ModulePort:
    text = starter_text(hw, module)
    if text is None:
        raise PortError(f"{hw} has no starter module {module}.py (the SML file's name picks it)")
    raw = parse(sml)
    tree, defs = read_starter(text)
    classes = frozenset(n.name for n in tree.body if isinstance(n, ast.ClassDef))
    homes = _homes(hw)
    given = frozenset(n for n, home in homes.items() if home != module)
    decs, unit, left = body_of(resolve_opens(raw), classes, given)
    cons, exns, types = starter_scope(tree)
    for sibling, imported in sibling_imports(tree).items():
        other = starter_text(hw, sibling)
        if other is not None:
            c2, e2, t2 = starter_scope(ast.parse(other))
            cons.update({k: v for k, v in c2.items() if v.py.removesuffix("()") in imported
                         or v.pattern.split(".")[0] in imported})
            exns.update({k: v for k, v in e2.items() if v in imported})
            types.update({k: v for k, v in t2.items() if v.split("[")[0] in imported})
    cls = functor_class(tree, unit)
    job = _Port(_scope(_Unit(tree, hw, cls, unit, decs, defs), cons, exns, types), defs, cls,
                module_names(tree, cls), tree)
    inferred = infer_best(raw, hw)  # types where the SML writes none (never raises)
    job.em.annotator = Annotator(inferred, avoid=module_names(tree, None) | job.taken)
    job.skipped.extend(left)
    job.declare(decs)
    functor = unit if isinstance(unit, sx.Functor) and cls is not None else None
    wanted = reachable(decs, defs, cls)
    if functor is not None:  # what the functor's own tests call is a method too
        wanted = reachable(decs, defs, cls, read_by_tests(functor, wanted, job.scope.cons))
    for d in decs:
        if isinstance(d, sx.Fun):
            for fb in d.binds:
                if fb.name in wanted:
                    job.fun(fb)
                else:
                    job.skipped.append(f"{fb.name} (used by no function of the starter: a test?)")
        elif isinstance(d, sx.Val):
            for p, e in d.binds:
                core = p.pat if isinstance(p, sx.PTyped) else p
                if not isinstance(core, sx.PVar) or core.name in cons or core.name in LIB_CONS:
                    job.skipped.append(f"val at {p.pos} (a test)")
                elif core.name not in wanted:
                    job.skipped.append(f"val {core.name} (used by no function of the starter)")
                else:
                    job.val(core.name, p, e)
    run = [functor.name] if functor is not None and job.application_tests(functor) else []
    tests = None
    try:
        tests = port_tests(module, sml, homes, job.scope, inferred,
                           unit=unit.name if unit is not None else None,
                           factories=_factories(hw), kept=job.ported)
    except (PortError, SmlSyntaxError) as e:
        job.failures.append(f"tests: {e}")
    job.failures += [f"tests: {line}" for line in functors_tested_nowhere(raw, run)]
    out = mark_handout_names(drop_unused_imports(job.text(text, tree)))
    return ModulePort(out, job.ported, job.failures, job.skipped, job.scope, tests)


def _factories(hw: str) -> dict[str, str]:
    """The homework's functions and classes a test applies, with their argument's class.

    ``TicTacToe``: its first parameter's annotation, ``TTTConsts``; empty for a class.
    """
    from sml150.grading.toolkit import homework

    out: dict[str, str] = {}
    for spec in homework(hw)[0]:
        body = ast.parse(starter_text(hw, spec.name) or "").body
        classes = {n.name.lower(): n.name for n in body if isinstance(n, ast.ClassDef)}
        for node in body:
            if isinstance(node, ast.FunctionDef) and node.args.args:
                ann = node.args.args[0].annotation
                name = ast.unparse(ann) if ann is not None else ""
                # the signature's Protocol (TTTCONSTS): the module's class of it (TTTConsts)
                out[node.name] = classes.get(name.lower(), name)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                out[node.name] = ""
    return out


def _homes(hw: str) -> dict[str, str]:
    """Each top-level name of the homework's starter modules, with its module."""
    from sml150.grading.toolkit import homework

    out: dict[str, str] = {}
    for spec in homework(hw)[0]:
        tree = ast.parse(starter_text(hw, spec.name) or "")
        imported = {(a.asname or a.name).split(".")[0] for node in tree.body
                    if isinstance(node, (ast.Import, ast.ImportFrom)) for a in node.names}
        out.update({name: spec.name for name in module_names(tree, None) - imported
                    if not name.startswith("_")})
    return out


@attrs.define
class _Port:
    """One module's port in progress: the edits to the starter's text, and the tallies."""

    scope: Scope
    defs: dict[tuple[str | None, str], StarterDef]
    cls: str | None
    taken: set[str]
    tree: ast.Module
    "The starter module."
    em: Emitter = attrs.Factory(Emitter)
    edits: list[tuple[int, int, list[str]]] = attrs.Factory(list)
    "(first line, last line, replacement), 1-based and inclusive."
    helpers: list[str] = attrs.Factory(list)
    "Methods for the functor's class."
    module_helpers: list[str] = attrs.Factory(list)
    "Module-level helpers."
    ported: list[str] = attrs.Factory(list)
    failures: list[str] = attrs.Factory(list)
    skipped: list[str] = attrs.Factory(list)

    def starter_def(self, py: str) -> StarterDef | None:
        found = self.defs.get((self.cls, py)) if self.cls else None
        return found or self.defs.get((None, py))

    def fun(self, fb: sx.FunBind) -> None:
        py = snake(fb.name)
        sd = self.starter_def(py)
        mode = _mode(fb, sd, self.taken)
        try:
            if mode == "given":
                self.skipped.append(f"{fb.name} (the starter gives it)")
                return
            if sd is not None and mode == "own":
                # The SML's function takes other arguments than the starter's of that name
                # (another order, another number): the SML's own def, called as the SML calls
                # it, replaces the starter's.
                lines = self.em.function(fb, self.scope, py, method=sd.owner is not None)
                indent = " " * sd.node.col_offset
                first = min([sd.node.lineno, *(d.lineno for d in sd.node.decorator_list)])
                end = sd.node.end_lineno or sd.node.lineno
                self.edits.append((first, end, [indent + line if line else line
                                                for line in lines]))
            elif sd is not None and sd.stub_line is not None:
                lines = self.em.function(fb, self.scope, py, params=sd.params, result=sd.result,
                                         method=sd.owner is not None)
                self.fill(sd, sd.stub_line, lines)
            else:  # a helper; or one the starter imports under its name: the SML's own
                if mode == "shadow":
                    self.unbind(py)
                self.helper(fb, self.scope.funs[fb.name].py.removeprefix("self."))
            self.ported.append(fb.name)
        except (PortError, SmlSyntaxError) as e:
            self.failures.append(f"{fb.name}: {e}")
            if sd is not None and sd.stub_line is not None:
                indent = " " * (sd.node.col_offset + 4)
                self.edits.append((sd.stub_line, sd.stub_line,
                                   [f"{indent}# port: not translated: {_one_line(str(e))}",
                                    f"{indent}{_STUB}"]))

    def declare(self, decs: list[sx.Dec]) -> None:
        """Declare the file's own exceptions, datatypes and types the starter does not have.

        (``exception NYI`` in a functor, ``datatype tally = ...``): module-level classes and
        aliases before the starter's first definition.
        """
        for d in decs:
            try:
                lines: list[str] = []
                match d:
                    case sx.Exception(_, binds):
                        for name, _ in binds:
                            if name not in self.scope.exns:
                                more, self.scope = exception_decl(name, self.scope)
                                lines += ["", "", *more]
                    case sx.Datatype(_, binds, None):
                        for b in binds:
                            if not all(c in self.scope.cons or c in LIB_CONS for c, _ in b.cons):
                                more, self.scope = datatype_decl(self.em, b, self.scope)
                                lines += ["", "", *more]
                    case sx.TypeDec(_, _, name, _) if name not in self.scope.types:
                        more, self.scope = type_decl(self.em, d, self.scope, quoted=True)
                        lines += ["", "", *more]
                self.module_helpers.extend(lines)
            except PortError as e:
                self.failures.append(f"{_dec_name(d)}: {e}")

    def fill(self, sd: StarterDef, line: int, lines: list[str]) -> None:
        """Replace a stub's ``raise`` with the body of ``lines`` (a ``def``, notes first)."""
        indent = " " * (sd.node.col_offset + 4)
        at = next(i for i, text in enumerate(lines) if text.startswith("def "))
        body = [indent + text for text in lines[:at]]
        body += [indent + text[4:] if text.strip() else text for text in lines[at + 1:]]
        self.edits.append((line, line, body))

    def unbind(self, py: str) -> None:
        """Drop the functor class's own binding of ``py`` (``compare_ab = staticmethod(...)``).

        The SML's function of that name becomes the class's method instead.
        """
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ClassDef) and node.name == self.cls:
                for item in node.body:
                    if isinstance(item, ast.Assign) and any(
                            isinstance(t, ast.Name) and t.id == py for t in item.targets):
                        self.edits.append((item.lineno, item.end_lineno or item.lineno, []))

    def helper(self, fb: sx.FunBind, py: str) -> None:
        scope = self.scope
        method = scope.funs[fb.name].py.startswith("self.")
        if not method:  # a module-level helper calls the module's functions, never self's
            scope = scope.with_funs({
                k: attrs.evolve(f, py=f.py.removeprefix("self."))
                for k, f in scope.funs.items()
                if f.py.startswith("self.") and f.py.removeprefix("self.") in self.taken})
        lines = self.em.function(fb, scope, py, method=method)
        if method:
            self.helpers.extend(["", *("    " + line for line in lines)])
        else:
            self.module_helpers.extend(["", "", *lines])

    def val(self, name: str, p: sx.Pat, e: sx.Exp) -> None:
        py = snake(name)
        sd = self.starter_def(py)
        if sd is not None and sd.stub_line is None:
            self.skipped.append(f"{name} (the starter gives it)")
            return
        try:
            ty = self.em.ty(p.ty, self.scope) if isinstance(p, sx.PTyped) else None
            if ty is None and isinstance(p, sx.PVar):
                ty = self.em.inferred_val(p, self.scope)  # `val n = Settings.board_size`
            result = (sd.result if sd else None) or ty
            body = self.em.body(e, self.scope, Target("return", result=result), p.pos)
            if sd is not None and sd.stub_line is not None:
                indent = " " * (sd.node.col_offset + 4)
                self.edits.append((sd.stub_line, sd.stub_line, [indent + b for b in body]))
            elif ty is None:
                raise PortError(f"{p.pos}: `val {name}` needs a type annotation to be ported")
            elif self.cls is not None:  # computed once per functor application, as in SML
                self.em.imports.add("import functools")
                self.helpers.extend(["", "    @functools.cached_property",
                                     f"    def {py}(self) -> {ty}:",
                                     *("        " + b for b in body)])
            else:
                self.module_helpers.extend(["", "", f"def _{py}() -> {ty}:",
                                            *("    " + b for b in body), f"{py} = _{py}()"])
            self.ported.append(name)
        except (PortError, SmlSyntaxError) as err:
            self.failures.append(f"{name}: {err}")

    def application_tests(self, functor: sx.Functor) -> bool:
        """Run ``functor``'s own ``val`` tests where its class is made (``application_tests``).

        Whether it has any (a test that cannot be translated is one failure line).
        """
        members = {n for p, _ in functor_vals(functor) for n in pat_vars(p)
                   if n in self.ported or self.starter_def(snake(n)) is not None}
        try:
            method = application_tests(self.em, self.scope, functor, members)
        except (PortError, SmlSyntaxError) as e:
            self.failures.append(f"tests: {e}")
            return True
        self.helpers.extend(["", *("    " + line if line else line for line in method)])
        return bool(method)

    def text(self, text: str, tree: ast.Module) -> str:
        """The starter's ``text`` with the edits, helpers and imports."""
        lines = text.splitlines()
        anchor = helper_anchor(tree, self.cls, lines)
        for first, last, new in sorted(self.edits, reverse=True):
            lines[first - 1:last] = new
            if first <= anchor:
                anchor += len(new) - (last - first + 1)
        lines[anchor:anchor] = self.helpers
        # Module-level helpers go before the first class or function that may call them.
        first_def = first_def_line(tree)
        new_vars = sorted(self.em.tyvars - module_names(tree, None))
        if new_vars:  # the inferred types' type variables the starter does not define
            self.em.imports.add("from typing import TypeVar")
        if self.em.int_est:
            self.em.imports.add("from sml150.lib.est import Guess, est")
        est_helper = ["", "", *INT_EST] if self.em.int_est else []
        lines[first_def:first_def] = [f"{v} = TypeVar({v!r})" for v in new_vars
                                      ] + self.em.anonymous_records() + est_helper + (
                                          self.module_helpers)
        return add_imports("\n".join(lines) + "\n", self.em.imports)


@attrs.frozen
class _Unit:
    """What the scope of one SML file's port is built from."""

    tree: ast.Module
    "The starter module."
    hw: str
    "The homework."
    cls: str | None
    "The starter's class for the SML functor, if any."
    unit: sx.Functor | sx.Structure | None
    "The SML file's structure or functor."
    decs: list[sx.Dec]
    "Its declarations."
    defs: dict[tuple[str | None, str], StarterDef]
    "The starter's functions."


def _scope(u: _Unit, cons: dict[str, Con], exns: dict[str, str],
           types: dict[str, str]) -> Scope:
    """The names of the SML file as its port spells them (the starter's where it has them)."""
    types = {**types, "state": "State", "move": "Move", "est": "est", "player": "Player",
             "status": "Status", "outcome": "Outcome"}
    records: dict[str, tuple[str, ...]] = {}
    start = u.defs.get((u.cls, "start"))
    if start is not None and start.result is not None:  # a game: its state is start's type
        types["state"] = start.result
        fields = init_fields(u.tree, start.result)
        if any(isinstance(d, sx.TypeDec) and d.name == "state" and isinstance(d.ty, sx.TTuple)
               and len(d.ty.items) == len(fields) for d in u.decs):
            records[start.result] = fields
    structs = _structs(u)
    locals_: dict[str, str] = {}
    funs: dict[str, FunSig] = {}
    for (owner, name), given in u.defs.items():
        if given.is_property:
            locals_[name] = f"self.{name}" if owner else name
        elif owner is None or owner == u.cls:
            funs[name] = FunSig(f"self.{name}" if owner else name, len(given.params),
                                records=tuple(t if t in records else None
                                              for _, t in given.params))
    untyped = _sml_funs(u, structs, funs, _RecordTypes(types, records))
    for d in u.decs:
        if isinstance(d, sx.Val):
            for p, _ in d.binds:
                core = p.pat if isinstance(p, sx.PTyped) else p
                if isinstance(core, sx.PVar) and core.name not in cons and (
                        core.name not in LIB_CONS):
                    py = snake(core.name)
                    locals_[core.name] = f"self.{py}" if u.cls is not None else py
    base = Scope({}, {}, cons, exns, structs, types, frozenset(untyped),
                 records, int_est=u.hw == "hw11").with_funs(funs)
    return base.bind(locals_)


def _structs(u: _Unit) -> dict[str, str]:
    """The structures the SML names, as Python reaches them (the functor's argument, ``G``)."""
    structs = {"Seq": "Seq", "SeqUtils": "SeqUtils", "Est": _EST[u.hw]}
    own_fields = class_fields(u.tree, u.cls)
    if isinstance(u.unit, sx.Functor) and u.unit.param is not None:
        param = u.unit.param
        structs[param] = "self"
        structs[f"{param}.G"] = "self.Game"
        structs[f"{param}.Game"] = "self.Game"
        structs["G"] = structs["Game"] = "self.Game"
        if "Game" not in own_fields and own_fields:
            structs[param] = f"self.{own_fields[0]}"
            structs["Dim"] = structs["Map"] = structs[param]
        for game in (f"{param}.G", f"{param}.Game", "G", "Game"):
            structs[f"{game}.Est"] = _EST[u.hw]
    for d in u.decs:
        if isinstance(d, sx.Structure) and isinstance(d.body, sx.StrName):
            target = d.body.name
            if target in structs:
                structs[d.name] = structs[target]
            elif target in ("Est", "Estimate"):
                structs[d.name] = "self.Est"
    return structs


@attrs.frozen
class _RecordTypes:
    """Which SML type names stand for a starter's record class (``state``: ``TTTState``)."""

    types: dict[str, str]
    records: dict[str, tuple[str, ...]]

    def of_pattern(self, p: sx.Pat) -> str | None:
        """The record class a parameter's annotation names (``s : state``), if any."""
        while isinstance(p, sx.PAs):
            p = p.pat
        if isinstance(p, sx.PTyped) and isinstance(p.ty, sx.TCon):
            cls = self.types.get(p.ty.name) or self.types.get(p.ty.name.split(".")[-1])
            return cls if cls in self.records else None
        return None

    def of_function(self, fb: sx.FunBind, sd: StarterDef | None,
                    arity: int) -> tuple[str | None, ...]:
        """Each Python parameter's record class: the starter's annotations, else the SML's."""
        if sd is not None and len(sd.params) == arity:
            return tuple(t if t in self.records else None for _, t in sd.params)
        flat = [q for p in fb.clauses[0].pats for q in (
            p.items if isinstance(p, sx.PTuple) and len(p.items) > 1 else (p,))]
        pats = flat if len(flat) == arity else list(fb.clauses[0].pats)
        return tuple(self.of_pattern(p) for p in pats) if len(pats) == arity else ()


def _sml_funs(u: _Unit, structs: dict[str, str], funs: dict[str, FunSig],
              rec: _RecordTypes) -> set[str]:
    """Add the SML file's functions to ``funs``; return the names of the untyped ones.

    Each is a method or a module function, called with the starter's parameters where the
    starter has the function.
    """
    untyped: set[str] = set()
    methods = method_helpers(u.decs, u.defs, u.cls,
                             {k for k, v in structs.items() if v.startswith("self")},
                             module_names(u.tree, None))
    for d in u.decs:
        if not isinstance(d, sx.Fun):
            continue
        for fb in d.binds:
            py = snake(fb.name)
            sd = u.defs.get((u.cls, py)) or u.defs.get((None, py))
            if sd is not None and sd.is_property:
                continue
            where = f"self.{py}" if u.cls is not None and (sd is None or sd.owner) else py
            arity = sml_arity(fb)
            groups: tuple[int, ...] = groups_of(fb)
            mode = _mode(fb, sd, module_names(u.tree, u.cls))
            if mode == "shadow":  # the starter imports this name: the SML's own, apart
                where = f"self.{py}" if u.cls is not None else f"{py}_"
            elif sd is None:
                where = f"self.{py}" if fb.name in methods else py
            elif mode == "own" or len(sd.params) == arity:
                where = f"self.{py}" if sd.owner else py
            else:  # the starter's parameters, one per curried argument
                where, arity, groups = (f"self.{py}" if sd.owner else py), len(sd.params), ()
            funs[fb.name] = FunSig(where, arity, groups,
                                   rec.of_function(fb, None if mode in ("own", "shadow",
                                                                        "helper") else sd,
                                                   arity))
            if not typed(fb):
                untyped.add(where)
    return untyped


def _mode(fb: sx.FunBind, sd: StarterDef | None, taken: set[str]) -> str:
    """How the SML function ``fb`` meets the starter's function ``sd`` of its name.

    ``fill`` (a stub, filled keeping the starter's parameters), ``given`` (the starter's own
    code stays), ``own`` (the SML's def, with its own parameters, replaces the starter's: they
    take other arguments), ``shadow`` (no def, but the starter imports or binds the name: the
    SML's own function, apart) or ``helper``.
    """
    if sd is None:
        return "shadow" if snake(fb.name) in taken else "helper"
    if _shape_differs(fb, sd):
        return "own"
    return "given" if sd.stub_line is None else "fill"


def _shape_differs(fb: sx.FunBind, sd: StarterDef) -> bool:
    """Whether ``fb`` takes other arguments than ``sd``: another number, or another order.

    Curried or tupled makes no difference (``compareAB (a, b) v`` is the starter's
    ``compare_ab(ab, v)``); a parameter named as another of the starter's parameters does
    (``maxisearch d s ab`` against ``maxisearch(d, ab, s)``).
    """
    pats = list(fb.clauses[0].pats)
    if len(sd.params) == sml_arity(fb):
        pats = [q for p in pats for q in (
            p.items if isinstance(p, sx.PTuple) and len(p.items) > 1 else (p,))]
    elif len(sd.params) != len(pats):
        return True
    starter = [n for n, _ in sd.params]
    for i, p in enumerate(pats):
        core = p
        while isinstance(core, sx.PTyped):
            core = core.pat
        name = snake(core.name) if isinstance(core, (sx.PVar, sx.PAs)) else None
        if name is not None and name != starter[i] and name in starter:
            return True
    return False


_EST = {"hw10": "Est10", "hw11": "Est"}
"""Each homework's estimate structure (``G.Est`` in any game of it)."""


def _dec_name(d: sx.Dec) -> str:
    match d:
        case sx.Exception(_, binds):
            return f"exception {binds[0][0]}"
        case sx.Datatype(_, binds, _):
            return f"datatype {binds[0].name}"
        case sx.TypeDec(_, _, name, _):
            return f"type {name}"
    return type(d).__name__.lower()


def _one_line(text: str) -> str:
    return " ".join(text.split())


_LAS_DEMO = """
structure LookAndSay = struct
  fun look_and_say (eq : 'a * 'a -> bool) (s : 'a Seq.seq) : (int * 'a) Seq.seq =
    let
      fun run (x : 'a, k : int, s' : 'a Seq.seq) : (int * 'a) Seq.seq =
        case Seq.showl s' of
            Seq.Nil => Seq.singleton (k, x)
          | Seq.Cons (y, ys) => if eq (x, y) then run (x, k + 1, ys)
                                else Seq.cons ((k, x), run (y, 1, ys))
    in
      case Seq.showl s of Seq.Nil => Seq.empty () | Seq.Cons (x, xs) => run (x, 1, xs)
    end
  fun las_wrap (eq : 'a * 'a -> bool) (s : 'a Seq.seq) : (int * 'a) Seq.seq = look_and_say eq s
end
"""
