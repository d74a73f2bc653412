"""An SML file's own datatypes, exceptions and type abbreviations as Python declarations.

Shared by a whole-module port (``module.py``) and a starter port (``starter.py``), where a
student's functor declares types the starter does not have (``exception NYI``, ``datatype
tally = ...``): a datatype whose constructors are all nullary is an ``enum.Enum`` whose members
are also module-level names; any other datatype is one frozen attrs class per constructor
(``value`` for a one-type argument, ``arg0``, ``arg1``, ... for a tuple) and a ``Union`` alias;
an exception is a class; ``type t = ty`` a ``TypeAlias``.

>>> from sml150.port.emit import Emitter, Scope
>>> from sml150.port.parser import parse
>>> lines, scope = datatype_decl(Emitter(), parse("datatype c = R | G")[0].binds[0], Scope.empty())
>>> lines[0], scope.cons["R"].pattern
('class C(enum.Enum):', 'C.R')
"""

from __future__ import annotations

import attrs

from sml150.port import syntax as sx
from sml150.port.emit import Emitter, PortError, Scope
from sml150.port.names import Con, snake

__all__ = ["datatype_decl", "exception_decl", "record_decl", "type_decl"]


def datatype_decl(em: Emitter, b: sx.DatBind, scope: Scope) -> tuple[list[str], Scope]:
    """The lines declaring the datatype ``b``, and the scope that knows its constructors."""
    cons = dict(scope.cons)
    generic = [v.strip("'").upper() for v in b.tyvars]
    params = f"[{', '.join(generic)}]" if generic else ""
    types = {**scope.types, b.name: b.name if all(t is None for _, t in b.cons)
             else b.name + params}
    scope = attrs.evolve(scope, types=types)
    if all(t is None for _, t in b.cons):
        em.imports.add("import enum")
        enum_name = b.name[:1].upper() + b.name[1:]
        types[b.name] = enum_name
        for c, _ in b.cons:
            cons[c] = Con(c, True, f"{enum_name}.{c}", 0)
        return [f"class {enum_name}(enum.Enum):", f'    """SML ``datatype {b.name}``."""',
                *(f"    {c} = {c!r}" for c, _ in b.cons),
                *(f"{c} = {enum_name}.{c}" for c, _ in b.cons)], attrs.evolve(
            scope, cons=cons, types=types)
    em.imports.update({"import attrs", "from typing import TypeAlias, Union"})
    if generic:
        em.imports.add("from typing import Generic")
    out: list[str] = []
    names = []
    for c, ty in b.cons:
        base = f"(Generic{params})" if generic and ty is not None else ""
        lines = ["@attrs.frozen", f"class {c}{base}:", f'    """SML ``{c}``."""']
        fields: list[str] = []
        if ty is not None:
            items = ty.items if isinstance(ty, sx.TTuple) else (ty,)
            fields = ["value"] if len(items) == 1 else [f"arg{i}" for i in range(len(items))]
            lines += [f"    {f}: {em.ty(t, scope)}" for f, t in zip(fields, items, strict=True)]
        out += [*lines, ""]
        cons[c] = (Con(c, False, c, len(fields)) if fields
                   else Con(f"{c}()", True, f"{c}()", 0))
        names.append(c + (params if base else ""))
    out.append(f"{b.name}: TypeAlias = Union[{', '.join(names)}]")
    return out, attrs.evolve(scope, cons=cons)


def exception_decl(name: str, scope: Scope) -> tuple[list[str], Scope]:
    """The class for ``exception name [of ty]`` (its argument, if any, is ``args[0]``).

    >>> exception_decl("NYI", Scope.empty())[0][0]
    'class NYI(Exception):'
    """
    return ([f"class {name}(Exception):", f'    """SML ``exception {name}``."""'],
            attrs.evolve(scope, exns={**scope.exns, name: name}))


def type_decl(em: Emitter, d: sx.TypeDec, scope: Scope, *,
              quoted: bool = False) -> tuple[list[str], Scope]:
    """``type name = ty`` as a ``TypeAlias``; ``quoted`` when names it uses come later.

    A record type is a frozen attrs class of that name, its fields the labels (sorted, as
    SML orders them), generic over the type's parameters.
    """
    if isinstance(d.ty, sx.TRecord):
        return record_decl(em, d, d.ty, scope)
    py = em.ty(d.ty, scope)
    em.imports.add("from typing import TypeAlias")
    value = repr(py) if quoted else py
    return [f"{d.name}: TypeAlias = {value}"], attrs.evolve(
        scope, types={**scope.types, d.name: d.name})


def record_decl(em: Emitter, d: sx.TypeDec, ty: sx.TRecord,
                scope: Scope) -> tuple[list[str], Scope]:
    """``type ('a) name = {l : t, ...}`` as a frozen attrs class ``name``.

    >>> from sml150.port.parser import parse
    >>> d = parse("type 'a run = {count : int, elem : 'a}")[0]
    >>> lines, scope = record_decl(Emitter(), d, d.ty, Scope.empty())
    >>> lines[1], lines[-2:], scope.labelled[("count", "elem")]
    ('class run(Generic[A]):', ['    count: int', '    elem: A'], 'run')
    """
    if any(k.isdigit() for k, _ in ty.fields):
        raise PortError(f"{ty.pos}: a record type with numbered labels is not ported")
    generic = [v.strip("'").upper() for v in d.tyvars]
    em.imports.add("import attrs")
    base = ""
    if generic:
        em.imports.add("from typing import Generic")
        base = f"(Generic[{', '.join(generic)}])"
    labels = tuple(sorted(k for k, _ in ty.fields))
    inner = attrs.evolve(scope, types={**scope.types, d.name: d.name},
                         labelled={**scope.labelled, labels: d.name})
    fields = dict(ty.fields)
    lines = ["@attrs.frozen", f"class {d.name}{base}:", f'    """SML ``type {d.name}``."""',
             *(f"    {snake(k)}: {em.ty(fields[k], inner)}" for k in labels)]
    return lines, inner
