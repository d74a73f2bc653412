r"""``open S`` read away: each name an ``open`` brings in, written long (``nth`` → ``Seq.nth``).

SML's ``open Seq`` makes ``nth``, ``map``, ``Nil`` and ``seq`` mean ``Seq.nth``, ``Seq.map``,
``Seq.Nil`` and ``Seq.seq`` from there on, until a later binding of the same name hides them.
This pass walks the declarations in order with what each short name means at each point (a
variable, function or constructor bound here, or a member of an opened structure), and
rewrites the opened members' uses in expressions, patterns and types as long names, which the
emitter already knows. Structures whose members it knows: the course library's (``Seq``, with
the 2016 ``BetterSeq`` names, and ``SeqUtils``), the file's own ``structure S = struct ... end``
and their aliases (``structure Seq = BetterSeq (Seq)`` is ``Seq``), a functor application or
alias with only the names of the signature it is ascribed (``structure T : ESTGAME =
TicTacToe (...)``, a test functor's parameter, has no helper of ``TicTacToe``). An ``open`` of
any other structure (the functor's argument, a handout structure) changes nothing here: its
members keep their short names, which the emitter resolves against the starter. The same walk reads
``val f = fn p => e`` as ``fun f p = e`` where that means the same (``fn_val_as_fun``).

(Over 400 lines: one walk over every form of declaration, expression, pattern and type, which
must agree on what each short name means where it stands.)

>>> from sml150.port.parser import parse
>>> d = resolve_opens(parse("open Seq\nfun f s = case showl s of Nil => 0 | Cons (x, _) => x"))
>>> d[1].binds[0].clauses[0].body.scrutinee.fn.name, d[1].binds[0].clauses[0].body.rules[0].pat
('Seq.showl', PVar(pos=Pos(line=2, column=27), name='Seq.Nil'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from sml150.lib.seq import Seq
from sml150.lib.sequtils import SeqUtils
from sml150.port import syntax as sx
from sml150.port.signames import signature_names

__all__ = ["Members", "fn_val_as_fun", "library_members", "resolve_opens"]


@attrs.frozen
class Members:
    """What a structure declares, by namespace (its short names)."""

    values: frozenset[str]
    "Variables and functions."
    cons: frozenset[str] = frozenset()
    "Constructors and exceptions (a pattern's name among them matches, never binds)."
    types: frozenset[str] = frozenset()
    "Types."
    via: dict[str, str] = attrs.Factory(dict)
    "Members it has from an ``open`` inside it, with the long name they stand for."


def _camel(py: str) -> str:
    head, *rest = py.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def library_members(struct: str) -> Members | None:
    """The SML members of the course library's structure ``struct`` (None if not one).

    >>> m = library_members("Seq")
    >>> {"nth", "mapIdx", "extractSomes", "toList"} <= m.values, "Cons" in m.cons
    (True, True)
    """
    owner = {"Seq": Seq, "SeqUtils": SeqUtils}.get(struct)
    if owner is None:
        return None
    values = frozenset(_camel(n) for n in dir(owner)
                       if not n.startswith("_") and callable(getattr(owner, n))
                       and not n[:1].isupper())
    if struct == "Seq":
        return Members(values, frozenset({"Nil", "Cons", "Empty", "Leaf", "Node", "Range"}),
                       frozenset({"seq", "lview", "tview"}))
    return Members(values)


_FUNCTORS_AS_ALIAS = {"BetterSeq": "Seq"}
"""Functors whose result is, for the port, the library structure (the 2016 ``BetterSeq``)."""


@attrs.frozen
class _Env:
    """What each short name means here: ``None`` bound here, or the long name it opens to."""

    values: dict[str, str | None]
    cons: frozenset[str]
    "The long names (opened members) that are constructors."
    types: dict[str, str | None]

    def bind(self, names: Iterable[str]) -> _Env:
        return attrs.evolve(self, values={**self.values, **dict.fromkeys(names)})

    def bind_types(self, names: Iterable[str]) -> _Env:
        return attrs.evolve(self, types={**self.types, **dict.fromkeys(names)})

    def open(self, prefix: str, m: Members) -> _Env:
        def long(x: str) -> str:
            return m.via.get(x, f"{prefix}.{x}")

        values = {**self.values, **{v: long(v) for v in m.values | m.cons}}
        cons = self.cons | {long(c) for c in m.cons}
        types = {**self.types, **{t: long(t) for t in m.types}}
        return _Env(values, cons, types)


def resolve_opens(decs: tuple[sx.Dec, ...]) -> tuple[sx.Dec, ...]:
    """``decs`` with every use of an opened structure's member written long.

    REQUIRES: nothing. ENSURES: the same program; the ``Open`` declarations stay (a no-op for
    the emitter), names of structures whose members are unknown stay short.
    """
    walk = _Walk({})
    out, _ = walk.decs(decs, _Env({}, frozenset(), {}))
    return out


@attrs.define
class _Walk:
    known: dict[str, tuple[str, Members]]
    "Structures by name: the long name to write and their members."
    functors: dict[str, Members] = attrs.Factory(dict)
    "The file's functors by name: what an application of each declares."
    sigs: dict[str, sx.SigExp] = attrs.Factory(dict)
    "The file's signatures by name (a structure ascribed to one has only its names)."

    def members(self, name: str) -> tuple[str, Members] | None:
        if name in self.known:
            return self.known[name]
        lib = library_members(name)
        return (name, lib) if lib is not None else None

    # ------------------------------------------------------------ declarations
    def decs(self, decs: tuple[sx.Dec, ...], env: _Env) -> tuple[tuple[sx.Dec, ...], _Env]:
        out: list[sx.Dec] = []
        for d in decs:
            new, env = self.dec(d, env)
            out.append(new)
        return tuple(out), env

    def dec(self, d: sx.Dec, env: _Env) -> tuple[sx.Dec, _Env]:
        match d:
            case sx.Val(pos, rec, binds):
                names = [n for p, _ in binds for n in _pat_vars(p, env)]
                inner = env.bind(names) if rec else env
                new = tuple((self.pat(p, env), self.exp(e, inner)) for p, e in binds)
                as_fun = fn_val_as_fun(sx.Val(pos, rec, new))
                return (as_fun or sx.Val(pos, rec, new)), env.bind(names)
            case sx.Fun(pos, fbs):
                env = env.bind(fb.name for fb in fbs)
                return sx.Fun(pos, tuple(attrs.evolve(fb, clauses=tuple(
                    self.clause(c, env) for c in fb.clauses)) for fb in fbs)), env
            case sx.TypeDec(pos, tyvars, name, ty):
                return sx.TypeDec(pos, tyvars, name, self.ty(ty, env)), env.bind_types([name])
            case sx.Datatype(pos, binds, copy_of):
                env = env.bind_types(b.name for b in binds)
                new_binds = tuple(attrs.evolve(b, cons=tuple(
                    (c, None if t is None else self.ty(t, env)) for c, t in b.cons))
                    for b in binds)
                return sx.Datatype(pos, new_binds, copy_of), env.bind(
                    c for b in binds for c, _ in b.cons)
            case sx.Exception(pos, binds):
                new_ex = tuple((n, None if t is None else self.ty(t, env)) for n, t in binds)
                return sx.Exception(pos, new_ex), env.bind(n for n, _ in binds)
            case sx.Local(pos, hidden, body):
                new_hidden, inner = self.decs(hidden, env)
                new_body, after = self.decs(body, inner)
                # The hidden names are not visible after `end`: they mean what they meant.
                for name in _declared(hidden) - _declared(body):
                    after = attrs.evolve(after, values={**after.values, name: env.values[name]}
                                         if name in env.values else {
                                             k: v for k, v in after.values.items() if k != name})
                return sx.Local(pos, new_hidden, new_body), after
            case sx.Open(_, names):
                for name in names:
                    found = self.members(name)
                    if found is not None:
                        env = env.open(*found)
                return d, env
            case sx.Signature(_, name, body) if body is not None:
                self.sigs[name] = body
            case sx.Structure(pos, name, sig, str_body):
                new_str = self.strexp(str_body, env)
                found = self._structure_members(name, new_str, sealed=sig is not None)
                # `structure T : ESTGAME = TicTacToe (...)`: an `open T` sees the signature's
                # names; one written out keeps its own (its tests, replayed through an `open`
                # of it, see them as SML's do inside it: `smltests.body_tests`)
                ascribed = d.sig_exp or (sx.SigName(pos, sig) if sig else None)
                seen = signature_names(ascribed, self.sigs) if ascribed and not isinstance(
                    new_str, sx.StrBody) else None
                if found is not None and seen is not None:
                    m = found[1]
                    found = (found[0], Members(m.values & seen, m.cons & seen, m.types & seen,
                                               {k: v for k, v in m.via.items() if k in seen}))
                if found is not None:
                    self.known[name] = found
                else:
                    self.known.pop(name, None)
                return sx.Structure(pos, name, sig, new_str), env
            case sx.Functor(pos, name, param, sig, fct_body):
                new_fct = self.strexp(fct_body, env)
                found = self._structure_members(name, new_fct, sealed=False)
                if found is not None:
                    self.functors[name] = found[1]
                return sx.Functor(pos, name, param, sig, new_fct), env
        return d, env

    def strexp(self, s: sx.StrExp, env: _Env) -> sx.StrExp:
        match s:
            case sx.StrBody(pos, decs):
                new, _ = self.decs(decs, env)
                return sx.StrBody(pos, new)
            case sx.StrApp(pos, functor, arg):
                return sx.StrApp(pos, functor, self.strexp(arg, env))
        return s

    def _structure_members(self, name: str, body: sx.StrExp,
                           sealed: bool = False) -> tuple[str, Members] | None:
        """What ``structure name = body`` declares (None if not known).

        Its own declarations; with no signature, also what its ``open``s bring (a signature
        keeps what it names, which its own declarations hold).
        """
        match body:
            case sx.StrName(_, target):
                return self.members(target)
            case sx.StrApp(_, functor, sx.StrName(_, arg)) if _FUNCTORS_AS_ALIAS.get(
                    functor) == arg:
                return self.members(arg)
            case sx.StrApp(_, functor, _) if functor in self.functors:
                return name, self.functors[functor]
            case sx.StrBody(_, decs):
                own = _own_members(decs)
                for d in decs if not sealed else ():
                    for opened in d.names if isinstance(d, sx.Open) else ():
                        found = self.members(opened)
                        if found is None:
                            return None  # it holds what we cannot list
                        prefix, m = found
                        mine = own.values | own.cons | own.types
                        via = {x: m.via.get(x, f"{prefix}.{x}")
                               for x in m.values | m.cons | m.types if x not in mine}
                        own = Members(own.values | m.values, own.cons | m.cons,
                                      own.types | m.types, {**via, **own.via})
                return name, own
        return None

    # ------------------------------------------------------------ expressions
    def clause(self, c: sx.Clause, env: _Env) -> sx.Clause:
        pats = tuple(self.pat(p, env) for p in c.pats)
        inner = env.bind(n for p in c.pats for n in _pat_vars(p, env))
        result = None if c.result is None else self.ty(c.result, env)
        return sx.Clause(c.pos, pats, result, self.exp(c.body, inner))

    def rule(self, r: sx.Rule, env: _Env) -> sx.Rule:
        return sx.Rule(r.pos, self.pat(r.pat, env), self.exp(r.body,
                                                             env.bind(_pat_vars(r.pat, env))))

    def exp(self, e: sx.Exp, env: _Env) -> sx.Exp:
        match e:
            case sx.Var(pos, name) if "." not in name:
                long = env.values.get(name)
                return sx.Var(pos, long) if long else e
            case sx.Fn(pos, rules):
                return sx.Fn(pos, tuple(self.rule(r, env) for r in rules))
            case sx.Case(pos, scrutinee, rules):
                return sx.Case(pos, self.exp(scrutinee, env),
                               tuple(self.rule(r, env) for r in rules))
            case sx.Handle(pos, body, rules):
                return sx.Handle(pos, self.exp(body, env), tuple(self.rule(r, env) for r in rules))
            case sx.Let(pos, decs, body):
                new, inner = self.decs(decs, env)
                return sx.Let(pos, new, tuple(self.exp(b, inner) for b in body))
            case sx.Typed(pos, inner_e, ty):
                return sx.Typed(pos, self.exp(inner_e, env), self.ty(ty, env))
            case sx.Record(pos, fields):
                return sx.Record(pos, tuple((k, self.exp(v, env)) for k, v in fields))
        if not attrs.has(type(e)):
            return e
        changes: dict[str, Any] = {}
        for f in attrs.fields(type(e)):
            value = getattr(e, f.name)
            if _is_exp(value):
                changes[f.name] = self.exp(value, env)
            elif isinstance(value, tuple) and value and all(_is_exp(v) for v in value):
                changes[f.name] = tuple(self.exp(v, env) for v in value)
        return attrs.evolve(e, **changes) if changes else e

    def pat(self, p: sx.Pat, env: _Env) -> sx.Pat:
        match p:
            case sx.PVar(pos, name) if "." not in name:
                long = env.values.get(name)
                return sx.PVar(pos, long) if long and long in env.cons else p
            case sx.PCon(pos, name, arg):
                long = env.values.get(name) if "." not in name else None
                return sx.PCon(pos, long if long and long in env.cons else name,
                               self.pat(arg, env))
            case sx.PTuple(pos, items):
                return sx.PTuple(pos, tuple(self.pat(i, env) for i in items))
            case sx.PList(pos, items):
                return sx.PList(pos, tuple(self.pat(i, env) for i in items))
            case sx.PRecord(pos, fields, flexible):
                return sx.PRecord(pos, tuple((k, self.pat(q, env)) for k, q in fields), flexible)
            case sx.PAs(pos, name, inner):
                return sx.PAs(pos, name, self.pat(inner, env))
            case sx.PTyped(pos, inner, ty):
                return sx.PTyped(pos, self.pat(inner, env), self.ty(ty, env))
        return p

    def ty(self, t: sx.Ty, env: _Env) -> sx.Ty:
        match t:
            case sx.TCon(pos, name, args):
                long = env.types.get(name) if "." not in name else None
                return sx.TCon(pos, long or name, tuple(self.ty(a, env) for a in args))
            case sx.TTuple(pos, items):
                return sx.TTuple(pos, tuple(self.ty(i, env) for i in items))
            case sx.TArrow(pos, arg, result):
                return sx.TArrow(pos, self.ty(arg, env), self.ty(result, env))
            case sx.TRecord(pos, fields):
                return sx.TRecord(pos, tuple((k, self.ty(v, env)) for k, v in fields))
        return t


def fn_val_as_fun(d: sx.Val) -> sx.Fun | None:
    """``val f = fn p => e`` as ``fun f p = e``, where that means the same; else None.

    A function bound by ``val`` is then called as the program's functions are (a tupled
    argument spread over its parameters, ``exists (i, s)`` is ``exists(i, s)``). Not when
    ``e`` names ``f`` and the ``val`` is not ``rec`` (``f`` is then an outer binding).

    >>> from sml150.port.parser import parse
    >>> fn_val_as_fun(parse("val add = fn (x, y) => x + y")[0]).binds[0].name
    'add'
    """
    if len(d.binds) != 1:
        return None
    p, e = d.binds[0]
    ty: sx.Ty | None = None
    if isinstance(p, sx.PTyped):
        ty = p.ty
        p = p.pat
    while isinstance(e, sx.Typed):
        ty = ty or e.ty
        e = e.exp
    if not isinstance(p, sx.PVar) or "." in p.name or not isinstance(e, sx.Fn):
        return None
    if not d.rec and _mentions(e, p.name):
        return None
    arg, result = (ty.arg, ty.result) if isinstance(ty, sx.TArrow) else (None, None)
    clauses = tuple(sx.Clause(r.pos, (r.pat if arg is None else sx.PTyped(r.pos, r.pat, arg),),
                              result, r.body) for r in e.rules)
    return sx.Fun(d.pos, (sx.FunBind(p.pos, p.name, clauses),))


def _mentions(node: Any, name: str) -> bool:
    if isinstance(node, sx.Var):
        return node.name == name
    if isinstance(node, tuple):
        return any(_mentions(x, name) for x in node)
    if attrs.has(type(node)):
        return any(_mentions(getattr(node, f.name), name) for f in attrs.fields(type(node)))
    return False


_EXP_TYPES = (sx.Const, sx.Var, sx.App, sx.Tuple, sx.ListExp, sx.Record, sx.Selector, sx.Fn,
              sx.Case, sx.If, sx.AndAlso, sx.OrElse, sx.Raise, sx.Handle, sx.Typed, sx.Let,
              sx.SeqExp, sx.While)


def _is_exp(x: object) -> bool:
    return isinstance(x, _EXP_TYPES)


def _pat_vars(p: sx.Pat, env: _Env) -> list[str]:
    """The variables ``p`` binds (a name that is an opened constructor binds nothing)."""
    match p:
        case sx.PVar(_, name):
            long = env.values.get(name)
            return [] if "." in name or (long and long in env.cons) else [name]
        case sx.PAs(_, name, inner):
            return [name, *_pat_vars(inner, env)]
        case sx.PCon(_, _, arg):
            return _pat_vars(arg, env)
        case sx.PTyped(_, inner, _):
            return _pat_vars(inner, env)
        case sx.PTuple(_, items) | sx.PList(_, items):
            return [n for i in items for n in _pat_vars(i, env)]
        case sx.PRecord(_, fields, _):
            return [n for _, q in fields for n in _pat_vars(q, env)]
    return []


def _declared(decs: tuple[sx.Dec, ...]) -> set[str]:
    """The value names ``decs`` bind (variables, functions, constructors, exceptions)."""
    env = _Env({}, frozenset(), {})
    out: set[str] = set()
    for d in decs:
        match d:
            case sx.Val(_, _, binds):
                out.update(n for p, _ in binds for n in _pat_vars(p, env))
            case sx.Fun(_, fbs):
                out.update(fb.name for fb in fbs)
            case sx.Datatype(_, binds, _):
                out.update(c for b in binds for c, _ in b.cons)
            case sx.Exception(_, binds):
                out.update(n for n, _ in binds)
            case sx.Local(_, _, body):
                out |= _declared(body)
    return out


def _own_members(decs: tuple[sx.Dec, ...]) -> Members:
    cons = {c for d in decs if isinstance(d, sx.Datatype) for b in d.binds for c, _ in b.cons}
    cons |= {n for d in decs if isinstance(d, sx.Exception) for n, _ in d.binds}
    types = {b.name for d in decs if isinstance(d, sx.Datatype) for b in d.binds}
    types |= {d.name for d in decs if isinstance(d, sx.TypeDec)}
    values = _declared(decs) - cons
    return Members(frozenset(values), frozenset(cons), frozenset(types))
