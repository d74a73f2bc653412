"""Inferred types as the emitter's annotations: where the SML writes no type, SML still knows one.

An ``Annotator`` holds what inference found for one program (``sml150.port.infer``) and
spells, for a function the emitter writes, each Python parameter's type and the result's, by
the README's rules (``sml150.port.smltypes.spell``): a curried argument is one parameter, a
tupled one spread over several (as the emitter spreads it). Type variables keep the SML's
names (``'a`` is ``A``); the ones inference made take the next free capital letter, the same
one throughout a top-level function and the functions nested in it. A result that is a type
variable no parameter mentions is a function that never returns (it raises): ``NoReturn``.

>>> from sml150.port.parser import parse
>>> from sml150.port.seeds import infer_best
>>> decs = parse("fun pick (x, y) b = if b then x else y")
>>> a = Annotator(infer_best(decs, None))
>>> a.function(decs[0].binds[0], {}, (2, 1))
(['A', 'A', 'bool'], 'A')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

import attrs

from sml150.port import syntax as sx
from sml150.port.infer import Inferred
from sml150.port.smltypes import (
    UNIT,
    Spelling,
    TCon,
    TRecord,
    TVar,
    Type,
    free_vars,
    spell,
    tyvar_name,
)

__all__ = ["Annotator", "peel"]


def peel(t: Type, n: int) -> tuple[list[Type], Type] | None:
    """The first ``n`` argument types of the curried function type ``t``, and what is left.

    >>> from sml150.port.smltypes import INT, BOOL, arrow
    >>> peel(arrow(INT, arrow(BOOL, INT)), 2)
    ([TCon(name='int', args=(), stamp=0, alias=None), TCon(name='bool', args=(), stamp=0, \
alias=None)], TCon(name='int', args=(), stamp=0, alias=None))
    """
    args: list[Type] = []
    for _ in range(n):
        if not (isinstance(t, TCon) and t.name == "->"):
            return None
        args.append(t.args[0])
        t = t.args[1]
    return args, t


def _spread(args: Sequence[Type], groups: Sequence[int]) -> list[Type] | None:
    """One type per Python parameter: a group of k > 1 takes a k-tuple's components."""
    out: list[Type] = []
    for t, k in zip(args, groups, strict=True):
        if k == 0:
            continue
        if k == 1:
            out.append(t)
        elif isinstance(t, TCon) and t.name == "*" and len(t.args) == k:
            out.extend(t.args)
        else:
            return None
    return out


@attrs.define
class Annotator:
    """Spells inferred types for one program's functions (see the module docstring)."""

    inferred: Inferred
    "What inference found."
    avoid: set[str] = attrs.Factory(set)
    "Python names a new type variable must not take (the module's own)."
    imports: set[str] = attrs.Factory(set)
    "Import lines the spelled types need."
    tyvars: set[str] = attrs.Factory(set)
    "The TypeVars the spelled types name."
    records: Callable[[tuple[str, ...]], str | None] | None = None
    "The class the port writes for a record type with these labels (the emitter's)."
    record_fields: dict[tuple[str, ...], dict[str, str | None]] = attrs.Factory(dict)
    """The field types of each record type spelled (sorted labels → label → annotation; None
    where a field has no annotation outside a function: no spelling, or a type variable)."""
    generic: frozenset[str] = frozenset({"State", "Move"})
    "The starter's own type parameters (a module-level record's field cannot name them)."
    _names: dict[int, str] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Start a top-level function: the variables inference made are named afresh."""
        self._names = {v: tyvar_name(n) for v, n in self.inferred.names.items()}

    def spell(self, t: Type, names: Mapping[str, str]) -> str | None:
        """``t`` as an annotation (None where it has none); its imports are recorded."""
        if any(v in self.inferred.unresolved for v in free_vars(t)):
            return None
        s: Spelling | None = spell(t, names, self._names, avoid=frozenset(self.avoid),
                                   records=self.records)
        if s is None:
            return None
        self._record_fields(t, names)
        self.imports |= s.imports
        self.tyvars |= s.tyvars
        return s.text

    def _record_fields(self, t: Type, names: Mapping[str, str]) -> None:
        """Remember the field types of the record types in ``t`` (the first seen of each)."""
        stack = [t]
        while stack:
            u = stack.pop()
            if isinstance(u, TCon):
                stack.extend(u.args)
            elif isinstance(u, TRecord):
                stack.extend(f for _, f in u.fields)
                key = tuple(sorted(k for k, _ in u.fields))
                if key in self.record_fields:
                    continue
                fields: dict[str, str | None] = {}
                for k, f in u.fields:
                    s = spell(f, names, {}, records=self.records)
                    free = s is not None and not s.tyvars and not any(
                        re.search(rf"\b{g}\b", s.text) for g in self.generic)
                    fields[k] = s.text if s is not None and free else None
                    if s is not None and free:
                        self.imports |= s.imports
                self.record_fields[key] = fields

    def _signature(self, args: list[Type], result: Type, names: Mapping[str, str]
                   ) -> tuple[list[str | None], str | None]:
        params = [self.spell(t, names) for t in args]
        r = self.prune_result(args, result)
        return params, ("NoReturn" if r is None else self.spell(r, names))

    def prune_result(self, args: list[Type], result: Type) -> Type | None:
        """``result``, or None for a bare type variable no argument has (it never returns)."""
        if isinstance(result, TVar) and all(result.id not in free_vars(a) for a in args):
            self.imports.add("from typing import NoReturn")
            return None
        return result

    def learn(self, t: Type, annotation: str, names: Mapping[str, str]) -> None:
        """Name ``t``'s type variables as ``annotation`` (the starter's, for ``t``) names them.

        A stub's parameters keep the starter's annotations (``Callable[[A, A], bool]``); the
        functions nested in it must call the same SML variable by the same name.
        """
        placeholders = {v: f"__V{v}__" for v in free_vars(t) if v not in self._names}
        if not placeholders:
            return
        spelled = spell(t, names, {**self._names, **placeholders})
        if spelled is None:
            return
        parts = re.split(r"__V(\d+)__", spelled.text)
        pattern, seen = "", set()
        for i, part in enumerate(parts):
            if i % 2 == 0:
                pattern += re.escape(part)
            else:
                pattern += rf"(?P<v{part}>[A-Za-z_]\w*)" if part not in seen else f"(?P=v{part})"
                seen.add(part)
        found = re.fullmatch(pattern, annotation)
        if found is not None:
            self._names.update({v: found[f"v{v}"] for v in placeholders})

    def learn_function(self, fb: sx.FunBind, names: Mapping[str, str], groups: Sequence[int],
                       spread: bool, *, annotations: Sequence[str | None],
                       result: str | None) -> None:
        """``learn`` from a stub's given annotations of ``fb``'s parameters and result."""
        scheme = self.inferred.of_fun(fb)
        got = peel(scheme.ty, len(groups)) if scheme is not None else None
        if got is None:
            return
        flat = _spread(got[0], groups) if spread else [a for a in got[0] if a != UNIT]
        if flat is None or len(flat) != len(annotations):
            return
        for t, text in [*zip(flat, annotations, strict=True), (got[1], result)]:
            if text is not None and "Any" not in text:
                self.learn(t, text, names)

    def function(self, fb: sx.FunBind, names: Mapping[str, str], groups: Sequence[int],
                 spread: bool = True) -> tuple[list[str | None], str | None] | None:
        """Each Python parameter's annotation and the result's for the SML function ``fb``.

        ``groups``: the size of each curried argument's group of Python parameters (0 for
        ``()``, k > 1 for a spread k-tuple); with ``spread`` False each curried argument is
        one parameter. None when inference has no type for ``fb``.
        """
        scheme = self.inferred.of_fun(fb)
        if scheme is None:
            return None
        got = peel(scheme.ty, len(groups))
        if got is None:
            return None
        args, result = got
        flat = _spread(args, groups) if spread else [a for a in args if a != UNIT]
        if flat is None:
            return None
        return self._signature(flat, result, names)

    def fn(self, e: sx.Fn, names: Mapping[str, str], n: int
           ) -> tuple[list[str | None], str | None] | None:
        """The annotations of a ``fn`` written as a ``def`` of ``n`` parameters, and its result's.

        ``n`` > 1: the ``fn``'s tupled argument spread over the parameters.
        """
        t = self.inferred.of_exp(e)
        got = peel(t, 1) if t is not None else None
        if got is None:
            return None
        args, result = got
        flat = _spread(args, (n,))
        if flat is None:
            return None
        return self._signature(flat, result, names)
