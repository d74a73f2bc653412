"""Degenerate submissions, generated from the starter files: answers that know nothing.

For every graded function of a homework (the functions the starter's docstrings quote the
handout for, ``ModuleSpec.docs``) a degenerate body is one of:

* ``raise NotImplementedError`` (the starter itself), ``return None``, ``raise ValueError``,
  ``pass``: it does nothing;
* ``identity j``: it returns its ``j``-th argument (its input);
* ``constant k``: it returns one fixed value, the ``k``-th of the function's *constants*: every
  distinct value the reference's function returns while the grader computes its expected
  answers (so the constants are of every type the function returns, and the strongest ones,
  the most frequent right answers, come first), then a few values of its type that the
  reference may never return (``EXTRA``). A function without arguments that answers every
  call with one value (``initial_ab``) has no degenerate constant: that constant is right.

A constant is rebuilt in the submission from the reference's value (``_exprs.to_expr``, made
of the classes' names): the submission returns its *own* classes' value, built once and
returned for every call. A *round* gives every graded function of the homework its own
degenerate body at once (round ``k`` of the constants gives each function its ``k``-th
constant, modulo its count), so a few gradings cover every constant of every function.
"""

from __future__ import annotations

import ast
import collections
import contextlib
import functools
import importlib
import io
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sml150.grading._exprs import EST, call, get, lib, lit, to_expr
from sml150.grading._handout import homework
from sml150.grading._starter import reference_source, starter_source
from sml150.grading._worker import Env, encode, evaluate

NOTHING = ("raise NotImplementedError", "return None", "raise ValueError", "pass")
"""The do-nothing bodies."""

EXTRA: dict[str, list[Any]] = {
    "est": [call(get(lib(EST), "Guess"), lit(0)), call(get(lib(EST), "MaxieWins")),
            call(get(lib(EST), "MinnieWins"))],
    "bool": [lit(True), lit(False)],
    "int": [lit(0), lit(1), lit(-1)],
    "value": [lit(0), lit(-sys.maxsize), lit(sys.maxsize)],
}
"""Constants of a return type (by the annotation's text) besides the reference's answers."""

_TABLE = "_degenerate_answers"
"""The module a generated submission holds its constants in."""

_TABLE_SOURCE = '''"""The constants of a generated degenerate submission (tests/grading)."""
import importlib
import json

from sml150.grading._worker import Env, evaluate

_EXPRS = json.loads({table!r})
_BUILT = {{}}


def answer(key):
    """The one value the function ``key`` returns, built once from the submission's classes."""
    if key not in _BUILT:
        _BUILT[key] = evaluate(_EXPRS[key], Env(importlib.import_module))
    return _BUILT[key]
'''


def graded_functions(hw: str) -> list[tuple[str, str]]:
    """``(module, qualified name)`` of every graded function of ``hw``, in handout order.

    >>> graded_functions("gametree")[:2]
    [('gametree', 'size'), ('gametree', 'height')]
    """
    return [(spec.name, name) for spec in homework(hw)[0] for name, _, _ in spec.docs]


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    def walk(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.FunctionDef]]:
        for node in body:
            if isinstance(node, ast.ClassDef):
                yield from walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef):
                yield f"{prefix}{node.name}", node

    yield from walk(tree.body, "")


def _parameters(node: ast.FunctionDef) -> list[str]:
    names = [a.arg for a in node.args.args]
    return names[1:] if names and names[0] == "self" else names


@functools.cache
def _starter_functions(hw: str) -> dict[tuple[str, str], ast.FunctionDef]:
    """Every function of ``hw``'s starters, by (module, qualified name)."""
    return {(spec.name, name): node for spec in homework(hw)[0]
            for name, node in _functions(ast.parse(
                starter_source(reference_source(hw, spec.name), spec, hw)))}


@functools.cache
def _return_types(hw: str) -> dict[tuple[str, str], str]:
    return {key: ast.unparse(node.returns) for key, node in _starter_functions(hw).items()
            if node.returns is not None}


def _reference_function(hw: str, module: str, name: str) -> tuple[Any, str]:
    """The object holding the reference's function ``name`` of ``module``, and its attribute."""
    owner: Any = importlib.import_module(f"sml150.handouts.{hw}.{module}")
    *classes, attr = name.split(".")
    for c in classes:
        owner = getattr(owner, c)
    return owner, attr


def _wrap(owner: Any, attr: str, record: Callable[[Any], None]) -> Any:
    """Make ``owner.attr`` (a method, property or cached property) pass each result to
    ``record``; returns what was there, to put back."""
    raw = owner.__dict__[attr]
    if isinstance(raw, property):
        getter = raw.fget
        assert getter is not None

        def prop(self: Any, getter: Any = getter) -> Any:
            value = getter(self)
            record(value)
            return value

        setattr(owner, attr, property(prop))
    elif isinstance(raw, functools.cached_property):
        inner = raw.func

        def cached(self: Any, inner: Any = inner) -> Any:
            value = inner(self)
            record(value)
            return value

        new = functools.cached_property(cached)
        new.__set_name__(owner, attr)
        setattr(owner, attr, new)
    else:
        def fn(*args: Any, raw: Any = raw, **kwargs: Any) -> Any:
            value = raw(*args, **kwargs)
            record(value)
            return value

        setattr(owner, attr, fn)
    return raw


@functools.cache
def constants(hw: str) -> dict[tuple[str, str], tuple[Any, ...]]:
    """Each graded function's constants (expressions), most frequent reference answer first.

    Recorded by wrapping the reference's functions while every case of every task is
    evaluated on the reference (the grader's own way of computing its expected answers).
    """
    funcs = graded_functions(hw)
    seen: dict[tuple[str, str], collections.Counter[str]] = {f: collections.Counter()
                                                            for f in funcs}
    exprs: dict[tuple[str, str], dict[str, Any]] = {f: {} for f in funcs}
    patched: list[tuple[Any, str, Any]] = []

    def record(key: tuple[str, str], value: Any) -> None:
        try:
            expr = to_expr(value)
            shown = json.dumps(encode(value), sort_keys=True)
        except Exception:  # not rebuildable (a function): not a constant a student would write
            return
        seen[key][shown] += 1
        exprs[key].setdefault(shown, expr)

    for key in funcs:
        owner, attr = _reference_function(hw, *key)
        patched.append((owner, attr, _wrap(owner, attr, functools.partial(record, key))))
    env = Env(lambda name: importlib.import_module(f"sml150.handouts.{hw}.{name}"))
    try:
        for task in homework(hw)[1]:
            for case in task.cases():
                if case.paths is not None:
                    continue
                for e in case.exprs:
                    with contextlib.suppress(Exception), \
                            contextlib.redirect_stdout(io.StringIO()):
                        evaluate(e, env)
    finally:
        for owner, attr, raw in reversed(patched):
            setattr(owner, attr, raw)
    types = _return_types(hw)
    out = {}
    for key in funcs:
        if len(seen[key]) == 1 and not _arity(hw)[key]:
            out[key] = ()  # one answer to every call (initial_ab): that constant is right
            continue
        ranked = [exprs[key][shown] for shown, _ in seen[key].most_common()]
        extra = EXTRA.get(types.get(key, "").split("[")[0], [])
        out[key] = tuple(ranked + [e for e in extra if e not in ranked])
    return out


def rounds(hw: str, *, top: int | None = None) -> list[str]:
    """The names of the degenerate rounds of ``hw``.

    ``NOTHING``, ``identity j`` for each argument position, ``constant k`` up to the most
    constants any function has (or ``top``).
    """
    arity = max(_arity(hw).values())
    most = max(len(c) for c in constants(hw).values())
    if top is not None:
        most = min(most, top)
    return [*NOTHING, *(f"identity {j}" for j in range(arity)),
            *(f"constant {k}" for k in range(most))]


@functools.cache
def _arity(hw: str) -> dict[tuple[str, str], int]:
    functions = _starter_functions(hw)
    return {f: len(_parameters(functions[f])) if f in functions else 0
            for f in graded_functions(hw)}


def _body(kind: str, key: tuple[str, str], node: ast.FunctionDef, hw: str,
          table: dict[str, Any]) -> list[ast.stmt] | None:
    """The degenerate body of one graded function in the round ``kind``; ``None``: as it is."""
    if kind in NOTHING:
        return [ast.parse(kind).body[0]] if kind != "raise NotImplementedError" else None
    if kind.startswith("identity "):
        params = _parameters(node)
        if not params:
            return None  # a property: it has no input to return
        j = min(int(kind.split()[1]), len(params) - 1)
        return [ast.Return(ast.Name(params[j], ast.Load()))]
    k = int(kind.split()[1])
    choices = constants(hw)[key]
    if not choices:
        return None
    name = f"{key[0]}:{key[1]}"
    table[name] = choices[k % len(choices)]
    return [ast.parse(f"return __import__({_TABLE!r}).answer({name!r})").body[0]]


def degenerate_submission(hw: str, kind: str, target: Path, *,
                          only: set[tuple[str, str]] | None = None) -> Path:
    """The starter of ``hw`` with every graded function (or those in ``only``) given the
    degenerate body ``kind``.

    Every other stub stays ``raise NotImplementedError``. Returns ``target``.
    """
    target.mkdir(parents=True, exist_ok=True)
    graded = set(graded_functions(hw)) if only is None else set(only)
    table: dict[str, Any] = {}
    for spec in homework(hw)[0]:
        tree = ast.parse(starter_source(reference_source(hw, spec.name), spec, hw))
        for name, node in _functions(tree):
            if (spec.name, name) in graded:
                body = _body(kind, (spec.name, name), node, hw, table)
                if body is not None:
                    doc = node.body[:1] if ast.get_docstring(node) else []
                    node.body = [*doc, *body]
        text = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
        (target / f"{spec.name}.py").write_text(text, encoding="utf-8")
    (target / f"{_TABLE}.py").write_text(_TABLE_SOURCE.format(table=json.dumps(table)),
                                         encoding="utf-8")
    return target
