"""Hindley–Milner type inference for the SML that ``sml150 port`` reads.

``infer_program(decs, env)`` types every binding of a parsed program (``sml150.port.parser``)
in an environment seeded with the Basis and the course library (``sml150.port.seeds``):
let-polymorphism, datatypes (parameterized, mutually recursive, ``withtype``), records and
tuples, ``fn``/``case``/``let``/``local``/``handle``/``raise``, exceptions, annotations,
structures, ``open``, signatures and functors (a functor's argument has its signature's
types; an application gives the body's types with the argument's put in). Overloaded
operators (``+``, ``<``, ...) default to ``int`` as SML does; the value restriction is kept
(only a value is generalized), but an expansive binding is still typed, never refused.

Errors never raise out: a top-level declaration (or a structure's or functor's member) whose
inference fails gets no type, its names are marked unknown (what uses them is not typed
either), and ``Inferred.failures`` says why, so the emitter falls back to ``Any`` there.

>>> from sml150.port.parser import parse
>>> from sml150.port.seeds import seed_env
>>> decs = parse("fun twice f x = f (f x)  val n = twice (fn y => y + 1) 0")
>>> inf = infer_program(decs, seed_env(None))
>>> show(inf.of_fun(decs[0].binds[0]).ty)
"('a -> 'a) -> 'a -> 'a"
>>> show(inf.vals_by_name["n"].ty)
'int'

(Over 400 lines: unification, the core language and the module language are one pass that
calls itself; split, each half would need the other's state.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from sml150.port import syntax as sx
from sml150.port.smltypes import (
    BOOL,
    CHAR,
    EXN,
    INT,
    REAL,
    STRING,
    UNIT,
    Alias,
    Scheme,
    TCon,
    TRecord,
    TVar,
    Type,
    arrow,
    free_vars,
    fresh_id,
    tuple_of,
)

__all__ = ["Env", "FunctorDef", "Inferred", "SigDef", "TyFun", "ValInfo", "infer_program",
           "show"]


class _Fail(Exception):
    """A type error: the message says what did not match."""


# ---------------------------------------------------------------- environments


@attrs.frozen
class ValInfo:
    """What a value name means: its scheme, and whether it is a constructor or an exception."""

    scheme: Scheme
    "Its type scheme."
    kind: str = "var"
    "``var``, ``con`` (a datatype's constructor) or ``exn`` (an exception constructor)."
    unknown: bool = False
    "Its declaration could not be typed: what uses it is not typed either."


@attrs.frozen
class TyFun:
    """What a type name means: ``params`` ↦ ``body`` (a datatype's body is its constructor)."""

    params: tuple[int, ...]
    "The type parameters (variables of ``body``)."
    body: Type
    "The type it stands for."
    alias: Alias | None = None
    "For an abbreviation (``type t = ...``): its name, kept on the types it makes."
    cons: tuple[str, ...] = ()
    "For a datatype: its constructors (a replication copies them)."
    unknown: bool = False
    "Its declaration could not be typed."


@attrs.frozen
class SigDef:
    """A signature: its definition and the environment it was defined in."""

    body: sx.SigExp
    "The signature expression."
    env: Env
    "The environment its names are read in."
    library: bool
    "Whether the course library defines it (its types are then the library's)."


@attrs.frozen
class FunctorDef:
    """A functor: its body's members, typed with its parameter's signature."""

    param: str | None
    "The parameter's name (None for opened specifications)."
    abstract: Mapping[int, str]
    "The parameter's types an argument fills in: stamp → name relative to the parameter."
    result: Env
    "The body's members."


@attrs.frozen
class Env:
    """The names in scope: one layer of declarations over the enclosing ones."""

    values: Mapping[str, ValInfo] = attrs.Factory(dict)
    "Values, constructors and exceptions."
    types: Mapping[str, TyFun] = attrs.Factory(dict)
    "Type names."
    structs: Mapping[str, Env] = attrs.Factory(dict)
    "Structures (each the layer of its members)."
    sigs: Mapping[str, SigDef] = attrs.Factory(dict)
    "Signatures."
    functors: Mapping[str, FunctorDef] = attrs.Factory(dict)
    "Functors."
    parent: Env | None = None
    "The enclosing scope."

    def layer(self, delta: Env) -> Env:
        """``delta``'s declarations over this scope."""
        return attrs.evolve(delta, parent=self) if delta.parent is None else Env(
            *delta.flat(), parent=self)

    def flat(self) -> tuple[dict[str, ValInfo], dict[str, TyFun], dict[str, Env],
                            dict[str, SigDef], dict[str, FunctorDef]]:
        """Every name visible here, one dictionary per kind (inner layers win)."""
        chain: list[Env] = []
        e: Env | None = self
        while e is not None:
            chain.append(e)
            e = e.parent
        v: dict[str, ValInfo] = {}
        t: dict[str, TyFun] = {}
        s: dict[str, Env] = {}
        g: dict[str, SigDef] = {}
        f: dict[str, FunctorDef] = {}
        for layer in reversed(chain):
            v.update(layer.values)
            t.update(layer.types)
            s.update(layer.structs)
            g.update(layer.sigs)
            f.update(layer.functors)
        return v, t, s, g, f

    def merge(self, other: Env) -> Env:
        """One layer with this layer's names and ``other``'s (``other`` wins)."""
        return Env({**self.values, **other.values}, {**self.types, **other.types},
                   {**self.structs, **other.structs}, {**self.sigs, **other.sigs},
                   {**self.functors, **other.functors})

    def _find(self, kind: str, name: str) -> Any:
        e: Env | None = self
        while e is not None:
            table: Mapping[str, Any] = getattr(e, kind)
            if name in table:
                return table[name]
            e = e.parent
        return None

    def struct(self, path: str) -> Env | None:
        """The structure ``A.B`` (its members' layer)."""
        head, *rest = path.split(".")
        found: Env | None = self._find("structs", head)
        for part in rest:
            found = found._find("structs", part) if found is not None else None
        return found

    def _long(self, kind: str, name: str) -> Any:
        if "." not in name:
            return self._find(kind, name)
        prefix, _, member = name.rpartition(".")
        s = self.struct(prefix)
        return s._find(kind, member) if s is not None else None

    def value(self, name: str) -> ValInfo | None:
        """The value ``name`` (long or short)."""
        found: ValInfo | None = self._long("values", name)
        return found

    def tyfun(self, name: str) -> TyFun | None:
        """The type ``name`` (long or short)."""
        found: TyFun | None = self._long("types", name)
        return found

    def sig(self, name: str) -> SigDef | None:
        """The signature ``name``."""
        found: SigDef | None = self._find("sigs", name)
        return found

    def functor(self, name: str) -> FunctorDef | None:
        """The functor ``name``."""
        found: FunctorDef | None = self._find("functors", name)
        return found


# ---------------------------------------------------------------- results


def _kind(node: object) -> str:
    """The syntax class of ``node`` (the parser's ``op`` subclasses count as their base)."""
    for cls in type(node).__mro__:
        if cls.__module__ == sx.__name__:
            return cls.__name__
    return type(node).__name__


@attrs.frozen
class Inferred:
    """What inference found: a scheme per binding, a type per pattern and expression node."""

    funs: Mapping[tuple[sx.Pos, str], Scheme]
    "Each ``fun`` binding's scheme, by the ``FunBind``'s position and name."
    vals: Mapping[tuple[sx.Pos, str], Scheme]
    "Each variable a ``val`` binds, by the variable's position and name."
    pats: Mapping[tuple[sx.Pos, str], Type]
    "The type at each pattern node, by position and syntax class."
    exps: Mapping[tuple[sx.Pos, str], Type]
    "The type at each expression node, by position and syntax class."
    names: Mapping[int, str]
    "The SML name of each type variable the program wrote (``'a``)."
    failures: tuple[str, ...]
    "One line per declaration not typed: ``name: line:col: why``."
    env: Env
    "The program's top-level environment."
    unresolved: frozenset[int] = frozenset()
    "Type variables that stand for a record never resolved (they have no Python spelling)."
    doubts: int = 0
    "Calls that pass a tuple where any one value is expected (a sign of the wrong library)."

    def of_fun(self, fb: sx.FunBind) -> Scheme | None:
        """The scheme of the function ``fb`` (None when not typed)."""
        return self.funs.get((fb.pos, fb.name))

    def of_val(self, p: sx.PVar) -> Scheme | None:
        """The scheme of the variable a ``val`` binds at ``p``."""
        return self.vals.get((p.pos, p.name))

    def of_pat(self, p: sx.Pat) -> Type | None:
        """The type at the pattern node ``p``."""
        return self.pats.get((p.pos, _kind(p)))

    def of_exp(self, e: sx.Exp) -> Type | None:
        """The type at the expression node ``e`` (an application: its outermost)."""
        return self.exps.get((e.pos, _kind(e)))

    @property
    def vals_by_name(self) -> dict[str, Scheme]:
        """Each ``val``-bound variable's scheme by name (the last of a name wins)."""
        return {name: s for (_, name), s in self.vals.items()}


def show(t: Type, names: Mapping[int, str] | None = None) -> str:
    """``t`` in SML's notation (variables ``'a``, ``'b``, ... in order of appearance).

    >>> show(arrow(tuple_of(INT, TVar(5)), TCon("list", (TVar(5),))))
    "int * 'a -> 'a list"
    """
    letters = {v: "'" + chr(ord("a") + i) if i < 26 else f"'t{i}"
               for i, v in enumerate(free_vars(t))}
    if names:
        letters.update({v: n for v, n in names.items() if v in letters})

    def go(u: Type, prec: int) -> str:
        match u:
            case TVar(i):
                return letters[i]
            case TRecord(fields):
                return "{" + ", ".join(f"{k} : {go(v, 0)}" for k, v in fields) + "}"
            case TCon("->", (a, r)):
                text = f"{go(a, 2)} -> {go(r, 1)}"
                return f"({text})" if prec > 1 else text
            case TCon("*", items):
                text = " * ".join(go(i, 3) for i in items)
                return f"({text})" if prec > 2 else text
            case TCon(name, args):
                short = name
                if not args:
                    return short
                if len(args) == 1:
                    return f"{go(args[0], 4)} {short}"
                return f"({', '.join(go(a, 0) for a in args)}) {short}"
        return "?"  # pragma: no cover

    return go(t, 0)


# ---------------------------------------------------------------- overloading

_CLASSES: dict[str, frozenset[str]] = {
    "num": frozenset({"int", "real", "word"}),
    "numtxt": frozenset({"int", "real", "word", "string", "char"}),
    "intword": frozenset({"int", "word"}),
}


def _default(allowed: frozenset[str]) -> Type:
    for name in ("int", "string", "real", "char", "word"):
        if name in allowed:
            return TCon(name)
    return INT  # pragma: no cover


# ---------------------------------------------------------------- the inference


class _Infer:
    """One run of inference: the substitution, levels, and what was recorded."""

    def __init__(self, library: bool = False) -> None:
        self.library = library
        self.subst: dict[int, Type] = {}
        self.levels: dict[int, int] = {}
        self.classes: dict[int, frozenset[str]] = {}
        self.flex: dict[int, dict[str, Type]] = {}
        self.names: dict[int, str] = {}
        self.level = 0
        self.tyvars: list[dict[str, TVar]] = []
        self.funs: dict[tuple[sx.Pos, str], Scheme] = {}
        self.vals: dict[tuple[sx.Pos, str], Scheme] = {}
        self.pats: dict[tuple[sx.Pos, str], Type] = {}
        self.exps: dict[tuple[sx.Pos, str], Type] = {}
        self.failures: list[str] = []
        self.journal: list[tuple[dict[Any, Any], Any]] = []
        self.doubts = 0
        "Calls that pass a tuple to a polymorphic parameter (see ``_doubt``)."
        self.final = False
        "Whether inference is over (``zonk`` then remembers what it resolved)."
        self.zonked: dict[int, tuple[Type, Type]] = {}

    # ------------------------------------------------------------ types
    def fresh(self) -> TVar:
        v = TVar(fresh_id())
        self.levels[v.id] = self.level
        return v

    def prune(self, t: Type) -> Type:
        while isinstance(t, TVar) and t.id in self.subst:
            t = self.subst[t.id]
        return t

    def zonk(self, t: Type) -> Type:
        """``t`` with every bound variable replaced (shared parts resolved once each)."""
        t = self.prune(t)
        if isinstance(t, TVar) or (isinstance(t, TCon) and not t.args and t.alias is None):
            return t
        key = id(t)
        if key in self.zonked:
            return self.zonked[key][1]
        match t:
            case TCon(name, args, stamp, alias):
                new_alias = None if alias is None else attrs.evolve(
                    alias, args=tuple(self.zonk(a) for a in alias.args))
                out: Type = TCon(name, tuple(self.zonk(a) for a in args), stamp, new_alias)
            case TRecord(fields):
                out = TRecord(tuple((k, self.zonk(v)) for k, v in fields))
        if self.final:
            self.zonked[key] = (t, out)  # the substitution no longer changes: keep it
        return out

    def _occurs_lower(self, v: int, t: Type, level: int) -> None:
        """Fail if ``v`` occurs in ``t``; lower the level of ``t``'s variables to ``level``."""
        stack = [t]
        seen: set[int] = set()
        while stack:
            u = self.prune(stack.pop())
            if isinstance(u, TVar):
                if u.id == v:
                    raise _Fail(f"a circular type ({show(self.zonk(t))} contains itself)")
                if self.levels.get(u.id, 0) > level:
                    self.levels[u.id] = level
            elif id(u) not in seen:
                seen.add(id(u))
                if isinstance(u, TCon):
                    stack.extend(u.args)
                else:
                    stack.extend(f for _, f in u.fields)

    def unify(self, a: Type, b: Type) -> None:
        a, b = self.prune(a), self.prune(b)
        if isinstance(a, TVar):
            self._bind(a, b)
        elif isinstance(b, TVar):
            self._bind(b, a)
        elif isinstance(a, TCon) and isinstance(b, TCon):
            if a.name != b.name or a.stamp != b.stamp or len(a.args) != len(b.args):
                raise _Fail(f"{show(self.zonk(a))} is not {show(self.zonk(b))}")
            for x, y in zip(a.args, b.args, strict=True):
                self.unify(x, y)
        elif isinstance(a, TRecord) and isinstance(b, TRecord):
            if [k for k, _ in a.fields] != [k for k, _ in b.fields]:
                raise _Fail(f"{show(self.zonk(a))} is not {show(self.zonk(b))}")
            for (_, x), (_, y) in zip(a.fields, b.fields, strict=True):
                self.unify(x, y)
        else:
            raise _Fail(f"{show(self.zonk(a))} is not {show(self.zonk(b))}")

    def _bind(self, v: TVar, t: Type) -> None:
        if isinstance(t, TVar):
            if t.id == v.id:
                return
            if v.id in self.names and t.id not in self.names:  # keep the SML's `'a` name
                v, t = t, v
            self.levels[t.id] = min(self.levels.get(t.id, 0), self.levels.get(v.id, 0))
            if v.id in self.classes:
                both = self.classes.pop(v.id) & self.classes.get(t.id, _CLASSES["numtxt"])
                if not both or t.id in self.flex:
                    raise _Fail("overloaded operators used at types they do not share")
                self.classes[t.id] = both
            fields = self.flex.pop(v.id, None)
            self.subst[v.id] = t
            if fields is not None:
                if t.id in self.classes:
                    raise _Fail("a record where a number is expected")
                known = self.flex.setdefault(t.id, {})
                for k, ft in fields.items():
                    if k in known:
                        self.unify(known[k], ft)
                    else:
                        known[k] = ft
            return
        self._occurs_lower(v.id, t, self.levels.get(v.id, 0))
        allowed = self.classes.pop(v.id, None)
        if allowed is not None and not (isinstance(t, TCon) and not t.args
                                        and t.name in allowed and t.stamp == 0):
            raise _Fail(f"an overloaded operator at type {show(self.zonk(t))}")
        fields = self.flex.pop(v.id, None)
        self.subst[v.id] = t
        if fields is not None:
            have = _fields_of(t)
            if have is None:
                raise _Fail(f"{show(self.zonk(t))} is not a record")
            for k, ft in fields.items():
                if k not in have:
                    raise _Fail(f"{show(self.zonk(t))} has no field {k}")
                self.unify(have[k], ft)

    def instantiate(self, s: Scheme) -> Type:
        if not s.vars:
            return s.ty
        mapping: dict[int, Type] = {}
        classes = dict(s.classes)
        for v in s.vars:
            nv = self.fresh()
            if v in classes:
                self.classes[nv.id] = _CLASSES[classes[v]]
            mapping[v] = nv
        return _substitute(s.ty, mapping)

    def generalize(self, t: Type, expansive: bool = False) -> Scheme:
        t = self.zonk(t)
        if expansive:
            return Scheme((), t)
        vs = tuple(v for v in free_vars(t) if self.levels.get(v, 0) > self.level
                   and v not in self.classes and v not in self.flex)
        return Scheme(vs, t)

    def record(self, table: dict[Any, Any], key: Any, value: Any) -> None:
        table[key] = value
        self.journal.append((table, key))

    # ------------------------------------------------------------ written types
    def ty(self, t: sx.Ty, env: Env, params: Mapping[str, Type] | None = None) -> Type:
        match t:
            case sx.TVar(_, name):
                if params is not None and name in params:
                    return params[name]
                for scope in reversed(self.tyvars):
                    if name in scope:
                        return scope[name]
                v = self.fresh()
                self.names[v.id] = name
                if self.tyvars:
                    self.tyvars[-1][name] = v
                return v
            case sx.TTuple(_, items):
                return tuple_of(*(self.ty(i, env, params) for i in items))
            case sx.TArrow(_, a, r):
                return arrow(self.ty(a, env, params), self.ty(r, env, params))
            case sx.TRecord(_, fields):
                return _record({k: self.ty(v, env, params) for k, v in fields})
            case sx.TCon(_, name, args):
                tf = env.tyfun(name)
                if tf is None:
                    raise _Fail(f"unknown type {name}")
                if tf.unknown:
                    raise _Fail(f"the type {name} was not typed")
                if len(tf.params) != len(args):
                    raise _Fail(f"{name} takes {len(tf.params)} type arguments, not {len(args)}")
                return _apply_tyfun(tf, tuple(self.ty(a, env, params) for a in args))
        raise _Fail("an unknown form of type")  # pragma: no cover

    # ------------------------------------------------------------ patterns
    def pat(self, p: sx.Pat, env: Env, binds: dict[str, tuple[Type, sx.Pos]]) -> Type:
        t = self._pat(p, env, binds)
        self.record(self.pats, (p.pos, _kind(p)), t)
        return t

    def _con(self, name: str, env: Env) -> ValInfo | None:
        info = env.value(name)
        if info is not None and info.kind in ("con", "exn"):
            return info
        return None

    def _pat(self, p: sx.Pat, env: Env, binds: dict[str, tuple[Type, sx.Pos]]) -> Type:
        match p:
            case sx.PWild():
                return self.fresh()
            case sx.PConst(_, value, char):
                return INT if isinstance(value, int) else CHAR if char else STRING
            case sx.PVar(_, name):
                info = self._con(name, env)
                if info is None and "." in name:
                    raise _Fail(f"unknown constructor {name}")
                if info is None:
                    var = self.fresh()
                    binds[name] = (var, p.pos)
                    return var
                if info.unknown:
                    raise _Fail(f"{name} was not typed")
                ct = self.instantiate(info.scheme)
                if isinstance(ct, TCon) and ct.name == "->":
                    raise _Fail(f"constructor {name} without its argument")
                return ct
            case sx.PCon(_, name, arg):
                info = self._con(name, env)
                if info is None:
                    raise _Fail(f"unknown constructor {name}")
                if info.unknown:
                    raise _Fail(f"{name} was not typed")
                ft = self.prune(self.instantiate(info.scheme))
                if not (isinstance(ft, TCon) and ft.name == "->"):
                    raise _Fail(f"constructor {name} takes no argument")
                self.unify(self.pat(arg, env, binds), ft.args[0])
                return ft.args[1]
            case sx.PTuple(_, items):
                return tuple_of(*(self.pat(i, env, binds) for i in items))
            case sx.PList(_, items):
                elem = self.fresh()
                for i in items:
                    self.unify(self.pat(i, env, binds), elem)
                return TCon("list", (elem,))
            case sx.PRecord(_, fields, flexible):
                types = {k: self.pat(v, env, binds) for k, v in fields}
                if not flexible:
                    return _record(types)
                row = self.fresh()
                self.flex[row.id] = dict(types)
                return row
            case sx.PAs(pos, name, inner):
                whole = self.pat(inner, env, binds)
                binds[name] = (whole, pos)
                return whole
            case sx.PTyped(_, inner, ty):
                typed = self.pat(inner, env, binds)
                self.unify(typed, self.ty(ty, env))
                return typed
        raise _Fail("an unknown form of pattern")  # pragma: no cover

    # ------------------------------------------------------------ expressions
    def exp(self, e: sx.Exp, env: Env) -> Type:
        t = self._exp(e, env)
        self.record(self.exps, (e.pos, _kind(e)), t)
        return t

    def _rules(self, rules: tuple[sx.Rule, ...], env: Env, arg: Type, res: Type) -> None:
        for r in rules:
            binds: dict[str, tuple[Type, sx.Pos]] = {}
            self.unify(self.pat(r.pat, env, binds), arg)
            self.unify(self.exp(r.body, env.layer(_mono(binds))), res)

    def _exp(self, e: sx.Exp, env: Env) -> Type:
        match e:
            case sx.Const(_, _, kind):
                return {"int": INT, "real": REAL, "string": STRING, "char": CHAR}[kind]
            case sx.Var(_, name):
                info = env.value(name)
                if info is None:
                    raise _Fail(f"unknown name {name}")
                if info.unknown:
                    raise _Fail(f"{name} was not typed")
                return self.instantiate(info.scheme)
            case sx.App(_, fn, arg):
                return self._app(fn, arg, env)
            case sx.Tuple(_, items):
                return tuple_of(*(self.exp(i, env) for i in items))
            case sx.ListExp(_, items):
                elem = self.fresh()
                for i in items:
                    self.unify(self.exp(i, env), elem)
                return TCon("list", (elem,))
            case sx.Record(_, fields):
                return _record({k: self.exp(v, env) for k, v in fields})
            case sx.Selector(_, label):
                r, f = self.fresh(), self.fresh()
                self.flex[r.id] = {label: f}
                return arrow(r, f)
            case sx.Fn(_, rules):
                a, r = self.fresh(), self.fresh()
                self._rules(rules, env, a, r)
                return arrow(a, r)
            case sx.Case(_, scrutinee, rules):
                r = self.fresh()
                self._rules(rules, env, self.exp(scrutinee, env), r)
                return r
            case sx.If(_, cond, then, orelse):
                self.unify(self.exp(cond, env), BOOL)
                t = self.exp(then, env)
                self.unify(self.exp(orelse, env), t)
                return t
            case sx.AndAlso(_, left, right) | sx.OrElse(_, left, right):
                self.unify(self.exp(left, env), BOOL)
                self.unify(self.exp(right, env), BOOL)
                return BOOL
            case sx.Raise(_, exn):
                self.unify(self.exp(exn, env), EXN)
                return self.fresh()
            case sx.Handle(_, body, rules):
                t = self.exp(body, env)
                self._rules(rules, env, EXN, t)
                return t
            case sx.Typed(_, inner, ty):
                t = self.exp(inner, env)
                self.unify(t, self.ty(ty, env))
                return t
            case sx.Let(_, decs, body):
                scope = env.layer(self.decs(decs, env))
                last: Type = UNIT
                for item in body:
                    last = self.exp(item, scope)
                return last
            case sx.SeqExp(_, items):
                last = UNIT
                for item in items:
                    last = self.exp(item, env)
                return last
            case sx.While(_, cond, body):
                self.unify(self.exp(cond, env), BOOL)
                self.exp(body, env)
                return UNIT
        raise _Fail("an unknown form of expression")  # pragma: no cover

    def _app(self, fn: sx.Exp, arg: sx.Exp, env: Env) -> Type:
        if isinstance(arg, sx.Tuple) and len(arg.items) > 1 and isinstance(fn, sx.Var):
            self._doubt(env.value(fn.name))
        f = self.exp(fn, env)
        a = self.exp(arg, env)
        r = self.fresh()
        self.unify(f, arrow(a, r))
        return r

    def _doubt(self, info: ValInfo | None) -> None:
        """Count a tuple passed to a function whose parameter is any one value (``'a``).

        Such a call types under either library of an offering (``Seq.cons (x, s)`` with a
        curried ``cons``), but rarely means that: ``infer_best`` prefers the fewest.
        """
        t = info.scheme.ty if info is not None else None
        if isinstance(t, TCon) and t.name == "->" and isinstance(t.args[0], TVar) and (
                t.args[0].id in info.scheme.vars if info is not None else False):
            self.doubts += 1

    # ------------------------------------------------------------ core declarations
    def decs(self, decs: Iterable[sx.Dec], env: Env, *, top: bool = False) -> Env:
        """The members ``decs`` declare (each a unit of failure when ``top``)."""
        acc = Env()
        pending = list(decs)
        i = 0
        while i < len(pending):
            d = pending[i]
            i += 1
            withtypes: list[sx.TypeDec] = []
            if isinstance(d, sx.Datatype):  # the parser puts `withtype`s after the datatype
                used = _type_names(d)
                while i < len(pending) and isinstance(pending[i], sx.TypeDec) and (
                        getattr(pending[i], "name", None) in used):
                    withtypes.append(pending[i])  # type: ignore[arg-type]  # a TypeDec, checked just above
                    i += 1
            cur = env.layer(acc) if acc.values or acc.types or acc.structs or acc.sigs or (
                acc.functors) else env
            delta = self.top(d, cur, withtypes) if top else self.dec(d, cur, withtypes)
            acc = acc.merge(delta)
        return acc

    def top(self, d: sx.Dec, env: Env, withtypes: list[sx.TypeDec]) -> Env:
        """``dec``, with a failure recorded (and its names unknown) instead of raised."""
        if isinstance(d, (sx.Structure, sx.Functor, sx.Signature)):
            return self.dec(d, env, withtypes)
        saved, self.journal = self.journal, []
        level = self.level
        scopes = len(self.tyvars)
        try:
            delta = self.dec(d, env, withtypes)
            self._default_overloads()
            return delta
        except (_Fail, RecursionError) as err:
            why = str(err) if isinstance(err, _Fail) else "nested too deeply to type"
            self.failures.append(f"{_dec_name(d)}: {d.pos}: {why}")
            for table, key in self.journal:
                table.pop(key, None)
            self.level = level
            del self.tyvars[scopes:]
            try:
                return _unknown_names(d)
            except RecursionError:
                return Env()
        finally:
            self.journal = saved + self.journal

    def _default_overloads(self) -> None:
        for v, allowed in list(self.classes.items()):
            if v in self.classes and v not in self.subst:
                del self.classes[v]
                self.subst[v] = _default(allowed)

    def _scope_tyvars(self, d: sx.Dec) -> None:
        """Bind the explicit type variables first written in ``d`` (SML's implicit scoping)."""
        known = {n for scope in self.tyvars for n in scope}
        scope: dict[str, TVar] = {}
        self.level += 1
        for name in _tyvars_in(d):
            if name not in known and name not in scope:
                v = self.fresh()
                self.names[v.id] = name
                scope[name] = v
        self.level -= 1
        self.tyvars.append(scope)

    def dec(self, d: sx.Dec, env: Env, withtypes: list[sx.TypeDec] | None = None) -> Env:
        match d:
            case sx.Val():
                self._scope_tyvars(d)
                try:
                    return self._val(d, env)
                finally:
                    self.tyvars.pop()
            case sx.Fun():
                self._scope_tyvars(d)
                try:
                    return self._fun(d, env)
                finally:
                    self.tyvars.pop()
            case sx.TypeDec(_, tyvars, name, ty):
                return Env(types={name: self._abbrev(tyvars, name, ty, env)})
            case sx.Datatype():
                return self._datatype(d, env, withtypes or [])
            case sx.Exception(_, binds):
                return Env(values={n: ValInfo(Scheme((), EXN if t is None else arrow(
                    self.ty(t, env), EXN)), "exn") for n, t in binds})
            case sx.Local(_, hidden, body):
                inner = env.layer(self.decs(hidden, env))
                return self.decs(body, inner)
            case sx.Open(pos, names):
                acc = Env()
                for n in names:
                    s = env.layer(acc).struct(n)
                    if s is None:
                        raise _Fail(f"{pos}: unknown structure {n}")
                    acc = acc.merge(Env(*s.flat()))
                return acc
            case sx.Structure() | sx.Functor() | sx.Signature():
                return self.module_dec(d, env)
        raise _Fail(f"a {type(d).__name__} declaration is not typed")  # pragma: no cover

    def _val(self, d: sx.Val, env: Env) -> Env:
        binds: dict[str, tuple[Type, sx.Pos]] = {}
        self.level += 1
        if d.rec:
            pre: dict[str, tuple[Type, sx.Pos]] = {}
            for p, _ in d.binds:
                pre.update({n: (self.fresh(), pos) for n, pos in _pat_vars(p)})
            inner = env.layer(_mono(pre))
            for p, e in d.binds:
                self.unify(self.pat(p, env, binds), self.exp(e, inner))
            for n, (t, _) in pre.items():
                self.unify(t, binds[n][0])
        else:
            for p, e in d.binds:
                te = self.exp(e, env)
                self.unify(self.pat(p, env, binds), te)
        self.level -= 1
        expansive = not all(_nonexpansive(e, env) for _, e in d.binds)
        out: dict[str, ValInfo] = {}
        for name, (t, pos) in binds.items():
            s = self.generalize(t, expansive)
            self.record(self.vals, (pos, name), s)
            out[name] = ValInfo(s)
        return Env(values=out)

    def _fun(self, d: sx.Fun, env: Env) -> Env:
        self.level += 1
        own = {fb.name: (self.fresh(), fb.pos) for fb in d.binds}
        inner = env.layer(_mono(own))
        for fb in d.binds:
            args = [self.fresh() for _ in fb.clauses[0].pats]
            res = self.fresh()
            for c in fb.clauses:
                binds: dict[str, tuple[Type, sx.Pos]] = {}
                for p, a in zip(c.pats, args, strict=True):
                    self.unify(self.pat(p, env, binds), a)
                if c.result is not None:
                    self.unify(res, self.ty(c.result, env))
                self.unify(self.exp(c.body, inner.layer(_mono(binds))), res)
            t: Type = res
            for a in reversed(args):
                t = arrow(a, t)
            self.unify(own[fb.name][0], t)
        self.level -= 1
        out: dict[str, ValInfo] = {}
        for fb in d.binds:
            s = self.generalize(own[fb.name][0])
            self.record(self.funs, (fb.pos, fb.name), s)
            out[fb.name] = ValInfo(s)
        return Env(values=out)

    def _abbrev(self, tyvars: tuple[str, ...], name: str, ty: sx.Ty, env: Env) -> TyFun:
        params = {v: TVar(fresh_id()) for v in tyvars}
        body = self.ty(ty, env, params)
        alias = Alias(name, self.path(name), tuple(params.values()))
        return TyFun(tuple(p.id for p in params.values()), body, alias)

    path_prefix: tuple[str, ...] = ()

    def path(self, name: str) -> str:
        return ".".join((*self.path_prefix, name))

    def stamp(self) -> int:
        return -fresh_id() if self.library else fresh_id()

    def _datatype(self, d: sx.Datatype, env: Env,
                  withtypes: list[sx.TypeDec], stamps: dict[int, str] | None = None,
                  rel: tuple[str, ...] = ()) -> Env:
        if d.copy_of is not None:
            b = d.binds[0]
            tf = env.tyfun(d.copy_of)
            if tf is None:
                raise _Fail(f"unknown datatype {d.copy_of}")
            prefix = d.copy_of.rpartition(".")[0]
            copied: dict[str, ValInfo] = {}
            for c in tf.cons:
                info = env.value(f"{prefix}.{c}" if prefix else c)
                if info is not None:
                    copied[c] = info
            return Env(values=copied, types={b.name: tf})
        types: dict[str, TyFun] = {}
        params: dict[str, dict[str, TVar]] = {}
        for b in d.binds:
            ps = {v: TVar(fresh_id()) for v in b.tyvars}
            params[b.name] = ps
            stamp = self.stamp()
            if stamps is not None:
                stamps[stamp] = ".".join((*rel, b.name))
            types[b.name] = TyFun(tuple(p.id for p in ps.values()),
                                  TCon(self.path(b.name), tuple(ps.values()), stamp),
                                  cons=tuple(c for c, _ in b.cons))
        scope = env.layer(Env(types=types))
        for w in withtypes:
            types[w.name] = self._abbrev(w.tyvars, w.name, w.ty, scope)
            scope = env.layer(Env(types=types))
        values: dict[str, ValInfo] = {}
        for b in d.binds:
            tf = types[b.name]
            for c, arg in b.cons:
                t = tf.body if arg is None else arrow(self.ty(arg, scope, params[b.name]),
                                                      tf.body)
                values[c] = ValInfo(Scheme(tf.params, t), "con")
        return Env(values=values, types=types)

    # ------------------------------------------------------------ modules
    def module_dec(self, d: sx.Dec, env: Env) -> Env:
        match d:
            case sx.Signature(_, name, body) if body is not None:
                return Env(sigs={name: SigDef(body, env, self.library)})
            case sx.Signature():
                return Env()
            case sx.Structure(pos, name, _, body, sig, opaque):
                try:
                    s = self.strexp(body, env, name, sig, opaque)
                except _Fail as err:
                    self.failures.append(f"{name}: {pos}: {err}")
                    s = Env()
                return Env(structs={name: s})
            case sx.Functor(pos, name, param, _, body, param_sig):
                try:
                    return Env(functors={name: self._functor(name, param, param_sig, body,
                                                             env)})
                except _Fail as err:
                    self.failures.append(f"{name}: {pos}: {err}")
                    return Env()
        raise _Fail("an unknown form of declaration")  # pragma: no cover

    def _functor(self, name: str, param: str | None, param_sig: sx.SigExp | None,
                 body: sx.StrExp, env: Env) -> FunctorDef:
        abstract: dict[int, str] = {}
        view = Env()
        if param_sig is not None:
            view = self.sigview(param_sig, env, (param,) if param else (), abstract, ())
        inner = env.layer(Env(structs={param: view}) if param else view)
        saved = self.path_prefix
        self.path_prefix = (name,)
        try:
            result = self.strexp(body, inner, None, None)
        finally:
            self.path_prefix = saved
        return FunctorDef(param, abstract, result)

    def strexp(self, s: sx.StrExp, env: Env, name: str | None,
               sig: sx.SigExp | None, opaque: bool = False) -> Env:
        """The members of the structure ``s`` (ascribed ``sig``, named ``name``).

        The course library's structures are what their signature shows: sealed (``:>``),
        its abstract types stay abstract (``Seq.seq`` is never a list); ascribed (``:``), the
        body's types show through (2013's ``Estimate.est`` is ``int``). A program's own
        structures are their bodies (their helpers' types are the port's too).
        """
        saved = self.path_prefix
        if name is not None:
            self.path_prefix = (*saved, name)
        try:
            if self.library and sig is not None and opaque and isinstance(s, sx.StrBody):
                return self.sigview(sig, env, self.path_prefix, {}, ())
            match s:
                case sx.StrBody(_, decs):
                    body = self.decs(decs, env, top=True)
                case sx.StrName(_, target):
                    found = env.struct(target)
                    if found is None:
                        raise _Fail(f"unknown structure {target}")
                    body = found
                case sx.StrApp(_, functor, arg):
                    f = env.functor(functor)
                    if f is None:
                        raise _Fail(f"unknown functor {functor}")
                    body = self.apply(f, self.strexp(arg, env, None, None))
            if self.library and sig is not None:
                view = self.sigview(sig, env, self.path_prefix, {}, ())
                return _realize_by(view, body)
            return body
        finally:
            self.path_prefix = saved

    def apply(self, f: FunctorDef, arg: Env) -> Env:
        """The members of ``f`` applied to ``arg``: the parameter's types are ``arg``'s."""
        mapping: dict[int, TyFun] = {}
        for stamp, rel in f.abstract.items():
            tf = arg.tyfun(rel)
            if tf is not None and not tf.unknown:
                mapping[stamp] = tf
        return _realize(f.result, mapping)

    def sigview(self, sig: sx.SigExp, env: Env, path: tuple[str, ...],
                abstract: dict[int, str], rel: tuple[str, ...]) -> Env:
        """The members a structure of signature ``sig`` has, its types new (at ``path``).

        ``abstract`` gets each type a matching structure fills in (stamp → ``rel`` name).
        """
        match sig:
            case sx.SigName(_, name):
                sd = env.sig(name)
                if sd is None:
                    raise _Fail(f"unknown signature {name}")
                saved_lib, self.library = self.library, sd.library
                try:
                    return self.sigview(sd.body, sd.env, path, abstract, rel)
                finally:
                    self.library = saved_lib
            case sx.SigWhere(_, base, tyvars, name, ty):
                view = self.sigview(base, env, path, abstract, rel)
                target = view.tyfun(name)
                if target is None or not isinstance(target.body, TCon):
                    raise _Fail(f"where type {name}: no such type")
                params = {v: TVar(fresh_id()) for v in tyvars}
                tf = TyFun(tuple(p.id for p in params.values()), self.ty(ty, env, params))
                abstract.pop(target.body.stamp, None)
                return _realize(view, {target.body.stamp: tf})
            case sx.SigBody(_, specs):
                saved = self.path_prefix
                self.path_prefix = path
                try:
                    acc = Env()
                    for spec in specs:
                        acc = acc.merge(self._spec(spec, env.layer(acc), path, abstract, rel))
                    return acc
                finally:
                    self.path_prefix = saved
        raise _Fail("an unknown form of signature")  # pragma: no cover

    def _spec(self, spec: sx.Spec, env: Env, path: tuple[str, ...],
              abstract: dict[int, str], rel: tuple[str, ...]) -> Env:
        match spec:
            case sx.SpecVal(_, name, ty):
                self.tyvars.append({})
                try:
                    t = self.ty(ty, env)
                finally:
                    self.tyvars.pop()
                return Env(values={name: ValInfo(Scheme(tuple(free_vars(t)), t))})
            case sx.SpecType(_, tyvars, name, None):
                params = tuple(TVar(fresh_id()) for _ in tyvars)
                stamp = self.stamp()
                abstract[stamp] = ".".join((*rel, name))
                return Env(types={name: TyFun(tuple(p.id for p in params),
                                              TCon(self.path(name), params, stamp))})
            case sx.SpecType(_, tyvars, name, ty) if ty is not None:
                return Env(types={name: self._abbrev(tyvars, name, ty, env)})
            case sx.Datatype():
                return self._datatype(spec, env, [], abstract, rel)
            case sx.Exception(_, binds):
                return Env(values={n: ValInfo(Scheme((), EXN if t is None else arrow(
                    self.ty(t, env), EXN)), "exn") for n, t in binds})
            case sx.SpecStructure(_, name, sig):
                return Env(structs={name: self.sigview(sig, env, (*path, name), abstract,
                                                        (*rel, name))})
            case sx.SpecInclude(_, sig):
                return self.sigview(sig, env, path, abstract, rel)
        raise _Fail("an unknown form of specification")  # pragma: no cover


# ---------------------------------------------------------------- helpers


def _mono(binds: Mapping[str, tuple[Type, sx.Pos]]) -> Env:
    return Env(values={n: ValInfo(Scheme((), t)) for n, (t, _) in binds.items()})


def _record(fields: Mapping[str, Type]) -> Type:
    """A record type; labels ``1..n`` (n ≠ 1) make a tuple, no label ``unit``."""
    labels = sorted(fields, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
    if not fields:
        return UNIT
    if len(fields) > 1 and labels == [str(i) for i in range(1, len(fields) + 1)]:
        return tuple_of(*(fields[k] for k in labels))
    return TRecord(tuple((k, fields[k]) for k in labels))


def _fields_of(t: Type) -> dict[str, Type] | None:
    match t:
        case TRecord(fields):
            return dict(fields)
        case TCon("*", items):
            return {str(i + 1): x for i, x in enumerate(items)}
        case TCon("unit"):
            return {}
    return None


def _substitute(t: Type, mapping: Mapping[int, Type]) -> Type:
    match t:
        case TVar(i):
            return mapping.get(i, t)
        case TCon(name, args, stamp, alias) if args or alias is not None:
            new_alias = None if alias is None else attrs.evolve(
                alias, args=tuple(_substitute(a, mapping) for a in alias.args))
            return TCon(name, tuple(_substitute(a, mapping) for a in args), stamp, new_alias)
        case TRecord(fields):
            return TRecord(tuple((k, _substitute(v, mapping)) for k, v in fields))
    return t


def _apply_tyfun(tf: TyFun, args: tuple[Type, ...]) -> Type:
    body = _substitute(tf.body, dict(zip(tf.params, args, strict=True)))
    if tf.alias is not None and isinstance(body, TCon):
        return attrs.evolve(body, alias=Alias(tf.alias.name, tf.alias.path, args))
    return body


def _replace_stamps(t: Type, mapping: Mapping[int, TyFun]) -> Type:
    match t:
        case TCon(name, args, stamp, alias):
            new_args = tuple(_replace_stamps(a, mapping) for a in args)
            new_alias = None if alias is None else attrs.evolve(
                alias, args=tuple(_replace_stamps(a, mapping) for a in alias.args))
            if stamp in mapping:
                out = _apply_tyfun(mapping[stamp], new_args)
                if new_alias is not None and isinstance(out, TCon):
                    out = attrs.evolve(out, alias=new_alias)
                return out
            if new_args == args and new_alias == alias:
                return t
            return TCon(name, new_args, stamp, new_alias)
        case TRecord(fields):
            return TRecord(tuple((k, _replace_stamps(v, mapping)) for k, v in fields))
    return t


def _realize(env: Env, mapping: Mapping[int, TyFun]) -> Env:
    """``env`` with each type of a stamp in ``mapping`` replaced by its definition there."""
    if not mapping:
        return env
    values, types, structs, sigs, functors = env.flat()
    return Env(
        {n: attrs.evolve(v, scheme=attrs.evolve(v.scheme, ty=_replace_stamps(v.scheme.ty,
                                                                             mapping)))
         for n, v in values.items()},
        {n: attrs.evolve(t, body=_replace_stamps(t.body, mapping)) for n, t in types.items()},
        {n: _realize(s, mapping) for n, s in structs.items()}, sigs, functors)


def _realize_by(view: Env, body: Env) -> Env:
    """A signature's ``view`` of ``body``: its types (abstract or datatype) are ``body``'s."""
    mapping: dict[int, TyFun] = {}

    def collect(v: Env, b: Env) -> None:
        _, vtypes, vstructs, _, _ = v.flat()
        for n, tf in vtypes.items():
            found = b.tyfun(n)
            if isinstance(tf.body, TCon) and tf.body.stamp != 0 and tf.alias is None and (
                    found is not None and not found.unknown
                    and len(found.params) == len(tf.params)):
                mapping[tf.body.stamp] = found
        for n, s in vstructs.items():
            inner = b.struct(n)
            if inner is not None:
                collect(s, inner)

    collect(view, body)
    return _realize(view, mapping)


def _pat_vars(p: sx.Pat) -> Iterator[tuple[str, sx.Pos]]:
    match p:
        case sx.PVar(pos, name) if "." not in name and name[:1].islower():
            yield name, pos
        case sx.PCon(_, _, arg):
            yield from _pat_vars(arg)
        case sx.PTuple(_, items) | sx.PList(_, items):
            for i in items:
                yield from _pat_vars(i)
        case sx.PRecord(_, fields, _):
            for _, i in fields:
                yield from _pat_vars(i)
        case sx.PAs(pos, name, inner):
            yield name, pos
            yield from _pat_vars(inner)
        case sx.PTyped(_, inner, _):
            yield from _pat_vars(inner)


def _nonexpansive(e: sx.Exp, env: Env) -> bool:
    """Whether ``e`` is a value SML generalizes (the value restriction)."""
    match e:
        case sx.Const() | sx.Var() | sx.Fn() | sx.Selector():
            return True
        case sx.Tuple(_, items) | sx.ListExp(_, items):
            return all(_nonexpansive(i, env) for i in items)
        case sx.Record(_, fields):
            return all(_nonexpansive(v, env) for _, v in fields)
        case sx.Typed(_, inner, _):
            return _nonexpansive(inner, env)
        case sx.App(_, sx.Var(_, name), arg):
            info = env.value(name)
            return (info is not None and info.kind in ("con", "exn") and name != "ref"
                    and _nonexpansive(arg, env))
    return False


def _walk(node: object) -> Iterator[object]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, (tuple, list)):
            stack.extend(n)
        elif attrs.has(type(n)):
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))  # type: ignore[arg-type]  # attrs.has checked it is an attrs class


def _tyvars_in(d: sx.Dec) -> list[str]:
    seen: list[str] = []
    for n in _walk(d):
        if isinstance(n, sx.TVar) and n.name not in seen:
            seen.append(n.name)
    return seen


def _type_names(d: sx.Datatype) -> set[str]:
    return {n.name for n in _walk(d.binds) if isinstance(n, sx.TCon)}


def _dec_name(d: sx.Dec) -> str:
    match d:
        case sx.Fun(_, binds):
            return " and ".join(fb.name for fb in binds)
        case sx.Val(_, _, binds):
            names = [n for p, _ in binds for n, _ in _pat_vars(p)]
            return "val " + (", ".join(names) if names else "_")
        case sx.TypeDec(_, _, name, _):
            return f"type {name}"
        case sx.Datatype(_, binds):
            return "datatype " + " and ".join(b.name for b in binds)
        case sx.Exception(_, binds):
            return "exception " + " and ".join(n for n, _ in binds)
    return type(d).__name__.lower()


def _unknown_names(d: sx.Dec) -> Env:
    """What a declaration that could not be typed binds: every name, unknown."""
    unknown = ValInfo(Scheme((), UNIT), unknown=True)
    bad_type = TyFun((), UNIT, unknown=True)
    match d:
        case sx.Fun(_, binds):
            return Env(values={fb.name: unknown for fb in binds})
        case sx.Val(_, _, binds):
            return Env(values={n: unknown for p, _ in binds for n, _ in _pat_vars(p)})
        case sx.TypeDec(_, tyvars, name, _):
            return Env(types={name: attrs.evolve(bad_type, params=tuple(
                fresh_id() for _ in tyvars))})
        case sx.Datatype(_, binds):
            return Env(values={c: attrs.evolve(unknown, kind="con")
                               for b in binds for c, _ in b.cons},
                       types={b.name: attrs.evolve(bad_type, params=tuple(
                           fresh_id() for _ in b.tyvars)) for b in binds})
        case sx.Exception(_, binds):
            return Env(values={n: attrs.evolve(unknown, kind="exn") for n, _ in binds})
    return Env()


# ---------------------------------------------------------------- the entry points


def infer_program(decs: Iterable[sx.Dec], env: Env, *, library: bool = False) -> Inferred:
    """Types for every binding of the program ``decs`` in the environment ``env``.

    REQUIRES: nothing. ENSURES: never raises; each declaration (top-level, or a member of a
    structure or functor) that does not type is named in ``failures`` and has no types.
    ``library``: the course library's own files (sealed structures are their signature).

    >>> from sml150.port.parser import parse
    >>> from sml150.port.seeds import seed_env
    >>> inf = infer_program(parse("val x = hd 3"), seed_env(None))
    >>> inf.failures
    ("val x: 1:1: 'a list is not int",)
    """
    job = _Infer(library)
    try:
        return _results(job, job.decs(list(decs), env, top=True))
    except RecursionError:  # a type nested deeper than the stack: nothing is typed
        return Inferred({}, {}, {}, {}, {}, ("program: 1:1: nested too deeply to type",), Env())


def _results(job: _Infer, delta: Env) -> Inferred:
    job._default_overloads()
    job.final = True
    zonk = job.zonk

    def zs(s: Scheme) -> Scheme:
        return attrs.evolve(s, ty=zonk(s.ty))

    return Inferred(
        funs={k: zs(s) for k, s in job.funs.items()},
        vals={k: zs(s) for k, s in job.vals.items()},
        pats={k: zonk(t) for k, t in job.pats.items()},
        exps={k: zonk(t) for k, t in job.exps.items()},
        names=dict(job.names),
        failures=tuple(job.failures),
        env=_close(delta, job),
        unresolved=frozenset(v for v in job.flex if v not in job.subst),
        doubts=job.doubts)


def _close(env: Env, job: _Infer) -> Env:
    """``env`` with its types resolved, free of this run's substitution (for reuse)."""
    values, types, structs, sigs, functors = env.flat()

    def close(s: Scheme) -> Scheme:
        t = job.zonk(s.ty)
        return Scheme(tuple(free_vars(t)), t, s.classes)

    return Env(
        {n: attrs.evolve(v, scheme=close(v.scheme)) for n, v in values.items()},
        {n: attrs.evolve(t, body=job.zonk(t.body)) for n, t in types.items()},
        {n: _close(s, job) for n, s in structs.items()}, sigs,
        {n: attrs.evolve(f, result=_close(f.result, job)) for n, f in functors.items()})

