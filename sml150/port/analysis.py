"""What an SML program needs, read off its syntax.

Which functions the starter's stubs reach
(the rest of a file is its tests), which helpers must be methods, which carry types.

>>> from sml150.port.parser import parse
>>> sorted(names(parse("fun f x = g (x + y)")[0]))
['+', 'g', 'y']
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import attrs

from sml150.port import syntax as sx
from sml150.port.names import snake

if TYPE_CHECKING:
    from sml150.port.layout import StarterDef

__all__ = ["body_of", "is_test_unit", "method_helpers", "names", "reachable", "sml_arity",
           "typed"]


def reachable(decs: list[sx.Dec], defs: dict[tuple[str | None, str], StarterDef],
               cls: str | None, roots: Collection[str] = ()) -> set[str]:
    """The SML functions and values the starter's stubs need.

    The stubs' own, and every one they name, transitively (the rest of a file is its tests);
    also the functions in ``roots`` (those the functor's own tests call) and what they need.
    """
    bodies: dict[str, list[object]] = {}
    for d in decs:
        if isinstance(d, sx.Fun):
            for fb in d.binds:
                bodies[fb.name] = list(fb.clauses)
        elif isinstance(d, sx.Val):
            for p, e in d.binds:
                core = p.pat if isinstance(p, sx.PTyped) else p
                if isinstance(core, sx.PVar) and not core.name[:1].isupper():
                    bodies[core.name] = [e]
    stubs = {n for n in bodies if (sd := defs.get((cls, snake(n))) or defs.get((None, snake(n))))
             is not None and sd.stub_line is not None}
    funs = {fb.name for d in decs if isinstance(d, sx.Fun) for fb in d.binds}
    stubs |= {n for n in roots if n in funs}
    seen: set[str] = set()
    todo = list(stubs)
    while todo:
        n = todo.pop()
        if n in seen:
            continue
        seen.add(n)
        for body in bodies.get(n, []):
            todo.extend(m for m in names(body) if m in bodies)
            todo.extend(snake(m) for m in names(body) if snake(m) in bodies)
    return seen


def names(node: Any, bound: frozenset[str] = frozenset()) -> set[str]:
    """The identifiers an AST node mentions free.

    Patterns' variables bind in their rules,
    ``let``'s in its body; enough to tell a helper from a local of the same name).
    """
    match node:
        case sx.Var(_, name):
            return set() if name in bound else {name}
        case sx.Rule(_, pat, body):
            return names(body, bound | pat_vars(pat))
        case sx.Clause(_, pats, _, body):
            return names(body, bound.union(*(pat_vars(p) for p in pats)))
        case sx.Let(_, decs, body):
            out: set[str] = set()
            for d in decs:
                out |= names(d, bound)
                bound = bound | dec_vars(d)
            return out | names(body, bound)
        case sx.Val(_, _, binds):
            return set().union(*(names(e, bound) for _, e in binds))
        case sx.Fun(_, fbs):
            inner = bound | {fb.name for fb in fbs}
            return set().union(*(names(c, inner) for fb in fbs for c in fb.clauses))
        case tuple() | list():
            return set().union(set(), *(names(x, bound) for x in node))
    if attrs.has(type(node)):
        return set().union(set(), *(names(getattr(node, f.name), bound)
                                    for f in attrs.fields(type(node))))
    return set()


def pat_vars(p: object) -> frozenset[str]:
    match p:
        case sx.PVar(_, name):
            return frozenset({name})
        case sx.PAs(_, name, inner):
            return frozenset({name}) | pat_vars(inner)
        case sx.PCon(_, _, arg):
            return pat_vars(arg)
        case sx.PTyped(_, inner, _):
            return pat_vars(inner)
        case sx.PTuple(_, items) | sx.PList(_, items):
            return frozenset().union(*(pat_vars(i) for i in items))
        case sx.PRecord(_, fields, _):
            return frozenset().union(*(pat_vars(q) for _, q in fields))
    return frozenset()


def dec_vars(d: object) -> frozenset[str]:
    match d:
        case sx.Val(_, _, binds):
            return frozenset().union(*(pat_vars(p) for p, _ in binds))
        case sx.Fun(_, fbs):
            return frozenset(fb.name for fb in fbs)
    return frozenset()


def method_helpers(decs: list[sx.Dec], defs: dict[tuple[str | None, str], StarterDef],
                    cls: str | None, functor_structs: set[str],
                    module_names: set[str]) -> set[str]:
    """The SML helpers (not in the starter) that must be methods.

    Those that reach the functor's argument, its vals, or another method (a fixpoint); the
    rest are module-level.
    """
    if cls is None:
        return set()
    bodies: dict[str, set[str]] = {}
    for d in decs:
        if isinstance(d, sx.Fun):
            for fb in d.binds:
                bodies[fb.name] = names(tuple(c for c in fb.clauses))
    vals = {p.name for d in decs if isinstance(d, sx.Val) for q, _ in d.binds
            for p in [q.pat if isinstance(q, sx.PTyped) else q] if isinstance(p, sx.PVar)}
    methods = {n for n in bodies if (cls, snake(n)) in defs}
    class_only = {name for (owner, name) in defs if owner == cls} - module_names

    def uses_functor(used: set[str]) -> bool:
        return any(n.rpartition(".")[0] in functor_structs or n in vals
                   or snake(n) in class_only for n in used)

    changed = True
    while changed:
        changed = False
        for n, used in bodies.items():
            if n not in methods and (uses_functor(used) or used & methods):
                methods.add(n)
                changed = True
    return methods


def typed(fb: sx.FunBind) -> bool:
    """Whether every argument and the result of ``fb``'s first clause carry a type."""
    c = fb.clauses[0]
    return c.result is not None and all(isinstance(p, sx.PTyped) or (
        isinstance(p, sx.PTuple) and all(isinstance(i, sx.PTyped) for i in p.items))
        for p in c.pats)


def sml_arity(fb: sx.FunBind) -> int:
    """How many Python parameters ``fb`` takes (its tupled arguments spread)."""
    from sml150.port.emit import arity

    return arity(fb)


def body_of(decs: tuple[sx.Dec, ...], starter: frozenset[str] = frozenset(),
            given: frozenset[str] = frozenset(),
            ) -> tuple[list[sx.Dec], sx.Functor | sx.Structure | None, list[str]]:
    r"""The declarations to port, the structure or functor they come from, and what is left.

    The unit is the file's structure or functor the starter has a class for (``functor
    Riskless`` for ``_Riskless``; ``structure LookAndSay``), else its first one that is
    neither given code (a name in ``given``: the handout's maps ``M1``, ``M2``) nor a test
    (``structure Test...``, ``functor Test...``). Its declarations come with the file's own
    top level and the bodies of its other plain structures (helpers it may name); given code,
    tests and other functors are left, each named in the third result.

    >>> from sml150.port.parser import parse
    >>> decs, unit, left = body_of(parse("functor M1 (P : S) = struct val a = 1 end\n"
    ...     "functor R (D : MAP) = struct fun f x = x end"), frozenset({"_R"}), frozenset({"M1"}))
    >>> unit.name, [type(d).__name__ for d in decs], left
    ('R', ['Fun'], ['functor M1 (given code)'])
    """
    units = [d for d in decs if isinstance(d, (sx.Functor, sx.Structure))
             and isinstance(d.body, sx.StrBody)]
    unit = next((d for d in units if d.name in starter or f"_{d.name}" in starter), None)
    if unit is None:
        unit = next((d for d in units if d.name not in given and not is_test_unit(d)), None)
    out: list[sx.Dec] = []
    left: list[str] = []
    for d in decs:
        if d is unit or not isinstance(d, (sx.Functor, sx.Structure)):
            body = d.body.decs if d is unit and isinstance(d.body, sx.StrBody) else (d,)
            if d is not unit and isinstance(d, sx.Structure):
                continue  # `structure S = F (X)`: a test's or an alias (the tests port it)
            out.extend(unlocal(body))
            continue
        kind = "functor" if isinstance(d, sx.Functor) else "structure"
        if d.name in given:
            left.append(f"{kind} {d.name} (given code)")
        elif is_test_unit(d):
            left.append(f"{kind} {d.name} (tests)")
        elif isinstance(d, sx.Structure) and isinstance(d.body, sx.StrBody):
            out.extend(unlocal(d.body.decs))  # a helper structure of the file
        elif isinstance(d, sx.Functor):
            left.append(f"functor {d.name} (not the starter's)")
    return out, unit, left


def is_test_unit(d: sx.Functor | sx.Structure) -> bool:
    """Whether ``d`` is a test structure or functor (its name starts with ``Test``)."""
    return d.name.startswith("Test") or d.name.startswith("TEST")


def unlocal(decs: tuple[sx.Dec, ...]) -> list[sx.Dec]:
    out: list[sx.Dec] = []
    for d in decs:
        if isinstance(d, sx.Local):
            out.extend(unlocal(d.hidden + d.body))
        else:
            out.append(d)
    return out
