r"""SML expressions, patterns and types as Python: the porting rules of the README, one place.

An expression in a function body becomes statements aimed at a *target* (``return`` it, assign
it to a name, or evaluate it): ``case`` is a ``match``, ``if`` an ``if``, ``let`` its
declarations then its body, ``handle`` a ``try``. Elsewhere an expression becomes a Python
expression; a ``case``, ``let`` or ``handle`` met where SML evaluates it anyway (an argument, a
tuple's component) is computed first into a temporary (``_v1``); one where SML may not evaluate
it is written where SML evaluates it (an ``andalso``'s right side under an ``if``, a ``fn``'s
body in a nested ``def``), never moved out of its scope. Every SML binding gets its own Python
name within its function (``_local``): a shadowing ``case`` arm or ``let`` never overwrites
the value it hides. Every refusal is a ``PortError``: one line with the construct and its
position.

(Over 400 lines: the expression, pattern, statement and type translations share the scope and
call each other; apart they would be one module split only by file.)

>>> from sml150.port.parser import parse
>>> fb = parse("fun f (x : int) : int = if x < 2 then 1 else x * f (x - 1)")[0].binds[0]
>>> scope = Scope.empty().with_funs({"f": FunSig("f", 1)})
>>> print("\n".join(Emitter().function(fb, scope, "f")))
def f(x: int) -> int:
    if x < 2:
        return 1
    else:
        return x * f(x - 1)
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from sml150.port import syntax as sx
from sml150.port.annotate import Annotator
from sml150.port.names import (
    BASIS_CALLS,
    BINOPS,
    LIB_CONS,
    LIB_EXNS,
    MEMBERS,
    Con,
    library_arity,
    snake,
)
from sml150.port.smltypes import free_vars

__all__ = ["INT_EST", "Emitter", "FunSig", "PortError", "Scope", "Target", "arity", "fresh_local",
           "groups_of", "holds_fn"]


class PortError(ValueError):
    """A construct the porter does not translate: one line, naming it and its position."""


@attrs.frozen
class FunSig:
    """A function of the program being ported, as Python calls it."""

    py: str
    "How to name it at a call (``run``, ``self.search``)."
    arity: int
    "How many Python parameters it takes."
    groups: tuple[int, ...] = ()
    """Its SML curried arguments' sizes, when they are spread over the parameters
    (``f a (b, c)``: ``(1, 2)``); empty when each SML argument is one parameter."""
    records: tuple[str | None, ...] = ()
    """For each Python parameter, the class standing for the SML tuple type it takes (HW10's
    ``TTTState`` for ``state``): a tuple literal passed there is built as that class."""


@attrs.frozen
class Scope:
    """What each SML name means at one point of the program (immutable; ``bind`` extends)."""

    locals: dict[str, str]
    "Variables: SML name → Python name."
    funs: dict[str, FunSig]
    "The program's functions (and functions bound to local names) by SML name."
    cons: dict[str, Con]
    "The program's own constructors by SML name."
    exns: dict[str, str]
    "The program's own exceptions: SML name → Python class."
    structs: dict[str, str]
    "Structures by SML name → the Python expression that reaches them (``self.G``)."
    types: dict[str, str]
    "Type names → Python types (``G.state`` → ``State``)."
    captured: frozenset[str] = frozenset()
    "Python variables a ``case`` pattern bound (mypy types them ``Any`` under ``Some``)."
    records: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    """Python classes that stand for an SML tuple type (``type state = board * player`` is the
    starter's ``TTTState(board, player)``), with their fields in the tuple's order."""
    int_est: bool = False
    """Whether an ``int`` is an estimate (HW11's 2013 ``Estimate`` is a transparent ``int``):
    a function returning ``est`` returns an ``int`` as ``Guess`` (``_est``)."""
    refs: dict[str, int] = attrs.Factory(dict)
    """Variables bound to a ``ref`` (``val r = ref 0``), each a plain Python local (``!r`` reads
    it, ``r := e`` assigns it), with how many ``def``s enclose its binding."""
    labelled: dict[tuple[str, ...], str] = attrs.Factory(dict)
    """The program's record types (``type tally = {os : int, xs : int}``), each a frozen attrs
    class, by their sorted labels."""

    @staticmethod
    def empty() -> Scope:
        """The scope of an empty program: the library only.

        >>> Scope.empty().structs["Seq"]
        'Seq'
        """
        return Scope({}, {}, {}, {}, {"Seq": "Seq", "SeqUtils": "SeqUtils"}, {})

    def bind(self, names: dict[str, str]) -> Scope:
        """The scope with the variables ``names`` (SML → Python) added.

        A function of the same name is hidden.

        >>> Scope.empty().bind({"x'": "x_"}).locals
        {"x'": 'x_'}
        """
        funs = {k: v for k, v in self.funs.items() if k not in names}
        refs = {k: v for k, v in self.refs.items() if k not in names}
        return attrs.evolve(self, locals={**self.locals, **names}, funs=funs, refs=refs)

    def with_funs(self, funs: dict[str, FunSig]) -> Scope:
        """The scope with the functions ``funs`` added (a variable of the same name hidden).

        >>> Scope.empty().with_funs({"f": FunSig("f", 1)}).funs["f"].arity
        1
        """
        locals_ = {k: v for k, v in self.locals.items() if k not in funs}
        return attrs.evolve(self, funs={**self.funs, **funs}, locals=locals_)


@attrs.frozen
class Target:
    """Where an expression's value goes: ``return``, ``assign`` to ``name``, or ``drop``."""

    kind: str
    "``return``, ``assign`` or ``drop``."
    name: str = ""
    "The variable assigned, for ``assign``."
    result: str | None = None
    "The function's result type, for ``return``."
    loop: tuple[str, tuple[str, ...]] | None = None
    """For a tail-recursive function written as a loop: its SML name and Python parameters
    (a tail call assigns them and continues)."""

    def put(self, expr: str, captured: frozenset[str] = frozenset(), tag: int = 0) -> list[str]:
        """The statements that send ``expr`` to the target.

        A pattern's variable returned from a typed function goes through a typed local, which
        mypy checks (a ``Some(x)``
        pattern's ``x`` is ``Any`` to it, and returning ``Any`` is an error under --strict).

        >>> Target("assign", "x").put("1"), Target("return").put("y")
        (['x = 1'], ['return y'])
        >>> Target("return", result="int").put("v", frozenset({"v"}), 3)
        ['_r3: int = v', 'return _r3']
        """
        # mypy types an expression Any when it holds a lambda it cannot type, a pattern's
        # variable or a call of a helper the SML left untyped.
        untyped = "lambda" in expr or any(
            expr.startswith(f"{c}(") or (c.endswith(".") and c in expr) for c in captured)
        if self.kind == "return" and self.result and (expr in captured or untyped):
            return [f"_r{tag}: {self.result} = {expr}", f"return _r{tag}"]
        return [self._put(expr)]

    def _put(self, expr: str) -> str:
        expr = _unwrap(expr)
        if self.kind == "return":
            return f"return {expr}"
        if self.kind == "assign":
            return f"{self.name} = {expr}"
        return expr


class _NeedStatements(Exception):
    """An expression form that only statements can write (``case``, ``let``, ...)."""

    def __init__(self, exp: sx.Exp) -> None:
        super().__init__(type(exp).__name__)
        self.exp = exp


_STATEMENT_FORMS = (sx.Case, sx.Let, sx.Handle, sx.Raise, sx.SeqExp, sx.While)
_IND = "    "

_DEEP = 24
"""How deep an expression nests before its deeper parts are computed first (Python's parser
stops at 200 nested parentheses)."""

_EST_VALUES = ("Est.", "self.Est.", "Guess(", "MinnieWins(", "MaxieWins(", "self.Game.estimate(",
               "self.estimate(", "_est(")
"""How an expression that is an estimate already starts."""

INT_EST = [
    "def _est(x: est | int) -> est:",
    '    """SML 2013\'s ``Estimate.est`` is an ``int``: an ``int`` estimate is a guess."""',
    "    return Guess(x) if isinstance(x, int) else x",
]
"""The helper a port that returns an ``int`` as an estimate calls (``Scope.int_est``)."""

_RESERVED = frozenset({
    "abs", "all", "any", "bool", "float", "functools", "int", "len", "list", "math", "max",
    "min", "next", "object", "operator", "print", "range", "reversed", "round", "self",
    "sorted", "str", "sum", "tuple", "Maybe", "Nothing", "Some", "Seq", "SeqUtils", "Order",
    "Exception", "ValueError", "IndexError", "Any", "Callable", "attrs", "enum", "typing",
})
"""Python names the port's own code calls (templates, imports): a variable never takes one."""


def fresh_local(py: str, scope: Scope, also: Iterable[str] = ()) -> str:
    """``py``, or ``py_1``, ``py_2``, ... when a visible name or the port's own code has it.

    An SML binding that shadows an outer one must not overwrite it in Python, where a
    function is one scope (the outer value may be read again once the inner scope ends).

    >>> fresh_local("x", Scope.empty().bind({"x": "x"})), fresh_local("max", Scope.empty())
    ('x_1', 'max_1')
    """
    taken = {v for v in scope.locals.values() if v.isidentifier()}
    taken |= {f.py for f in scope.funs.values() if f.py.isidentifier()}
    taken |= {t.split("[", 1)[0] for t in scope.types.values()}  # an annotation names them
    taken |= {c.py.removesuffix("()") for c in scope.cons.values()}
    taken |= set(also)
    if py not in taken and py not in _RESERVED:
        return py
    i = 1
    while f"{py}_{i}" in taken:
        i += 1
    return f"{py}_{i}"


def _where(node: sx.Exp | sx.Pat | sx.Ty) -> str:
    return str(node.pos)


class Emitter:
    """Translates one program; holds the imports it needs and its temporaries' counter."""

    def __init__(self) -> None:
        self.imports: set[str] = set()
        self._fresh: Iterator[int] = itertools.count(1)
        self.notes: list[str] = []
        self.tyvars: set[str] = set()
        "The type variables the types written name (``A`` for ``'a``)."
        self._pending: list[str] = []
        "Nested ``def``s written for ``fn``s a lambda cannot hold, to go before the statement."
        self._taken: set[str] = set()
        "The Python names the function being written binds (its nested defs' included)."
        self._ever: set[str] = set()
        "Every name the function being written binds, in any arm of any ``match``."
        self.int_est = False
        "Whether the port calls ``_est`` (see ``Scope.int_est`` and ``INT_EST``)."
        self._record_vars: dict[str, str] = {}
        "The function's parameters typed with a record class (``s: TTTState``)."
        self._distributed: set[int] = set()
        "The ``case``s ``_distribute`` made (inference typed the function, not them)."
        self._fields: dict[str, tuple[str, str]] = {}
        "Locals that are a field of another (``b = s.board``: ``b`` is ``(s, board)``)."
        self._made: set[int] = set()
        "Expressions the port made (``f (g x)`` for ``(f o g) x``): inference never saw them."
        self._nonlocals: list[set[str]] = []
        "For each ``def`` being written (innermost last): the outer refs it assigns."
        self.anonymous: dict[tuple[str, ...], str] = {}
        """Record types the program writes without naming them (``{depth, state}``): a class
        each, by sorted labels (its fields ``Any``); see ``anonymous_records``."""
        self._depth = 0
        "How many ``function`` calls enclose the one being written."
        self.annotator: Annotator | None = None
        "The program's inferred types, for what the SML leaves unannotated (``annotate``)."

    def body(self, e: sx.Exp, scope: Scope, target: Target, pos: sx.Pos) -> list[str]:
        """The statements of a top-level value's function (``val x = e`` computed once).

        One Python function of its own, as ``function`` writes one (see ``_local``), checked.
        """
        with self.toplevel():
            return self.checked(self.stmts(e, scope, target), pos)

    @contextlib.contextmanager
    def toplevel(self) -> Iterator[None]:
        """Write one top-level Python function's body (its names its own; see ``_local``)."""
        self.new_function()
        self._depth += 1
        self._nonlocals.append(set())
        try:
            yield
        finally:
            self._depth -= 1
            self._nonlocals.pop()

    def new_function(self, params: Iterable[str] = ()) -> None:
        """Start a top-level Python function (its names are its own): see ``_local``."""
        self._taken = set(params)
        self._ever = set(params)
        self._record_vars = {}
        self._fields = {}

    def checked(self, lines: list[str], pos: sx.Pos) -> list[str]:
        """``lines``, when Python reads them; else a ``PortError`` at ``pos``.

        Valid SML may nest deeper than Python's parser follows (about 200 parentheses, 100
        indentation levels): such a function is refused in one line, never written broken.
        """
        cut = len(lines[0]) - len(lines[0].lstrip()) if lines else 0
        text = "def _check():\n" + "\n".join(_IND + line[cut:] for line in lines) + "\n    pass"
        try:
            compile(text, "<port>", "exec", dont_inherit=True)
        except (SyntaxError, RecursionError, MemoryError) as e:
            why = e.msg if isinstance(e, SyntaxError) else type(e).__name__
            raise PortError(f"{pos}: nested deeper than Python's parser follows ({why}): "
                            "not ported; split it into named helpers") from None
        return lines

    # ---------------------------------------------------------------- functions
    def function(self, fb: sx.FunBind, scope: Scope, py_name: str, *,
                 params: list[tuple[str, str | None]] | None = None,
                 result: str | None = None, method: bool = False) -> list[str]:
        """``def`` lines for the SML function ``fb``, its clauses one ``match``.

        ``params`` are the Python parameters (name, annotation) to keep (a starter's); by
        default they come from the first clause's patterns and types. ``scope`` must already
        know ``fb`` itself (and its ``and`` siblings) as functions. A top-level function is
        checked to be Python that Python's parser reads (``checked``).
        """
        if self._depth == 0:
            self.new_function()
            if self.annotator is not None:
                self.annotator.reset()
        self._depth += 1
        self._nonlocals.append(set())
        try:
            lines = _with_nonlocals(self._function(fb, scope, py_name, params=params,
                                                   result=result, method=method),
                                    self._nonlocals[-1])
        finally:
            self._depth -= 1
            self._nonlocals.pop()
        return self.checked(lines, fb.pos) if self._depth == 0 else lines

    def _function(self, fb: sx.FunBind, scope: Scope, py_name: str, *,
                  params: list[tuple[str, str | None]] | None, result: str | None,
                  method: bool) -> list[str]:
        groups = _param_groups(fb.clauses[0])
        if params is None:
            params = []
            for group in groups:
                for p in group:
                    params.append((self._param_name(p, len(params), scope),
                                   self._pat_type(p, scope)))
        if result is None:
            r = fb.clauses[0].result
            result = self.ty(r, scope) if r is not None else None
        names = [n for n, _ in params]
        self._taken.update(names)
        self._record_vars.update({n: t for n, t in params if t in scope.records})
        flat_groups = [p for group in groups for p in group]
        if len(flat_groups) == len(names):
            per_param = flat_groups
        elif len(groups) == len(names):
            per_param = [_tuple_of(g) for g in groups]
        else:
            raise PortError(f"{fb.pos}: {fb.name} takes {len(flat_groups)} arguments in SML, its "
                            f"Python signature {len(names)}")
        if self.annotator is not None:  # the starter's names for the SML's type variables
            self.annotator.learn_function(fb, self._type_names(scope), [len(g) for g in groups],
                                          len(flat_groups) == len(names),
                                          annotations=[t for _, t in params], result=result)
        if self.annotator is not None and (_vague(result) or any(_vague(t) for _, t in params)):
            got = self.annotator.function(fb, self._type_names(scope), [len(g) for g in groups],
                                          spread=len(flat_groups) == len(names))
            if got is not None and len(got[0]) == len(params):
                params = [(n, u if _vague(t) and u else t)
                          for (n, t), u in zip(params, got[0], strict=True)]
                result = got[1] if _vague(result) and got[1] else result
                self._annotated()
        untyped = any(t is None for _, t in params) or result is None
        if untyped:
            self.imports.add("from typing import Any")
        sig = ", ".join((["self"] if method else [])
                        + [f"{n}: {t or 'Any'}" for n, t in params])
        head = f"def {py_name}({sig}) -> {result or 'Any'}:"
        if untyped:
            head += "  # port: the SML gives no types here: Any"
        loop = _is_tail_recursive(fb)
        body = self._clauses(fb, scope, names, per_param,
                             Target("return", result=result,
                                    loop=(fb.name, tuple(names)) if loop else None))
        note: list[str] = []
        if loop:
            body = ["while True:  # port: the SML's tail recursion, as a loop", *self._indent(body)]
        elif _calls(fb.clauses, fb.name) and _walks_input(fb):
            note = ["# port: recursive as in the SML: its depth grows with the input, and Python "
                    "stops near 1,000 nested calls"]
        return [*note, head, *(_IND + line for line in body)]

    def _type_names(self, scope: Scope) -> dict[str, str]:
        """The program's type names as Python spells them; new TypeVars avoid its names."""
        if self.annotator is not None:
            self.annotator.records = lambda labels: self.record_class(labels, scope)
            self.annotator.avoid |= {t.split("[")[0] for t in scope.types.values()}
            self.annotator.avoid |= {c.py.removesuffix("()") for c in scope.cons.values()}
        return scope.types

    def _on_record(self, param: str, p: sx.Pat, scope: Scope) -> sx.Pat:
        """A parameter's pattern; a tuple pattern on a record-typed parameter, its fields."""
        cls = self._record_vars.get(param)
        return p if cls is None else _as_record_pat(p, cls, scope)

    def _record_of(self, e: sx.Exp, scope: Scope) -> str | None:
        """The record class ``e``'s value is (a ``TTTState``), when known; else None.

        Known for a parameter typed with it, and for what inference types with the SML
        abbreviation the class stands for (``state``).
        """
        while isinstance(e, sx.Typed):
            e = e.exp
        if isinstance(e, sx.Var) and scope.locals.get(e.name) in self._record_vars:
            return self._record_vars[scope.locals[e.name]]
        if self.annotator is None or not scope.records:
            return None
        t = self._inferred(e)
        alias = getattr(t, "alias", None)
        cls = scope.types.get(alias.name) if alias is not None else None
        return cls if cls in scope.records else None

    def _exp_type(self, e: sx.Exp, scope: Scope) -> str | None:
        """The Python type inference gives the expression ``e`` (None if none)."""
        if self.annotator is None:
            return None
        t = self._inferred(e)
        ty = None if t is None else self.annotator.spell(t, self._type_names(scope))
        if ty is not None:
            self._annotated()
        return ty

    def monomorphic_type(self, e: sx.Exp, scope: Scope) -> str | None:
        """The Python type inference gives ``e`` when it names no type variable (else None).

        What a temporary holding ``e`` is declared with, so mypy infers the lambdas in ``e``
        against it (``Seq.map(lambda r: Seq.nth(0, r), g)`` alone makes mypy solve ``Never``).
        """
        t = self._inferred(e)
        return None if t is None or free_vars(t) else self._exp_type(e, scope)

    def inferred_val(self, p: sx.PVar, scope: Scope) -> str | None:
        """The type inference found for the variable a ``val`` binds at ``p`` (or None)."""
        if self.annotator is None:
            return None
        scheme = self.annotator.inferred.of_val(p)
        ty = None if scheme is None else self.annotator.spell(scheme.ty, self._type_names(scope))
        if ty is not None:
            self._annotated()
        return ty

    def _annotated(self) -> None:
        """Take the imports and TypeVars the annotator's last types need."""
        if self.annotator is not None:
            self.imports |= self.annotator.imports
            self.tyvars |= self.annotator.tyvars

    def _fresh_binds(self, binds: dict[str, tuple[str, str]], scope: Scope,
                     keep: str = "") -> dict[str, tuple[str, str]]:
        """``binds`` (SML → (Python, path)) with each new Python name clear of the visible ones.

        A name bound to ``keep`` itself (a parameter) stays.
        """
        out: dict[str, tuple[str, str]] = {}
        for k, (py, path) in binds.items():
            out[k] = (self._local(py, scope) if path != keep or not keep else py, path)
        return out

    def _local(self, py: str, scope: Scope, *, annotated: bool = False) -> str:
        """A Python name for a new SML binding: ``py`` unless this function has it already.

        Within one Python function every binding gets its own name (a closure reads its
        variable when called, and a function is one scope), except across the arms of one
        ``match``, of which one runs; a name written with its annotation is the function's
        only one of that name (mypy takes one annotation a name).
        """
        name = fresh_local(py, scope, self._taken | (self._ever if annotated else set()))
        self._taken.add(name)
        self._ever.add(name)
        return name

    def _param_name(self, p: sx.Pat, i: int, scope: Scope) -> str:
        core = _untyped(p)
        name = f"arg{i}"
        if isinstance(core, sx.PAs) or (isinstance(core, sx.PVar)
                                         and not _is_con_name(core.name, scope)):
            name = snake(core.name)
        return name + "_" if name in _RESERVED else name

    def _pat_type(self, p: sx.Pat, scope: Scope) -> str | None:
        if isinstance(p, sx.PTyped):
            return self.ty(p.ty, scope)
        if isinstance(p, sx.PAs):
            return self._pat_type(p.pat, scope)
        if isinstance(p, sx.PTuple) and p.items and all(isinstance(i, sx.PTyped) for i in p.items):
            inner = [self._pat_type(i, scope) for i in p.items]
            return f"tuple[{', '.join(t or 'object' for t in inner)}]"
        return None

    def _clauses(self, fb: sx.FunBind, scope: Scope, names: list[str],
                 per_param: list[sx.Pat], target: Target) -> list[str]:
        if len(fb.clauses) == 1:
            # One clause: bind each parameter's pattern (irrefutable ones directly).
            out: list[str] = []
            inner = scope
            refutable: list[tuple[str, sx.Pat]] = []
            for name, param_pat in zip(names, per_param, strict=True):
                p = self._on_record(name, param_pat, scope)  # `(b, p)` on a TTTState
                binds = _simple_binds(p, name, scope)
                if binds is None:
                    refutable.append((name, p))
                    continue
                core = _untyped(p)
                is_record = isinstance(p, sx.PTyped) and self._record(p.ty, inner) is not None
                if not is_record and isinstance(core, sx.PTuple) and all(
                        isinstance(_untyped(i), (sx.PVar, sx.PWild)) for i in core.items):
                    py_pat, bound = self.pat(core, inner)
                    out.append(f"{_bare_tuple(py_pat)} = {name}")
                    inner = inner.bind(bound)
                    continue
                binds = self._fresh_binds(binds, inner, name)
                out += self._field_lines((py, path) for py, path in binds.values()
                                         if path != name)
                inner = inner.bind({k: (name if path == name else py)
                                    for k, (py, path) in binds.items()})
            if refutable:
                subject = ", ".join(n for n, _ in refutable)
                pats = [p for _, p in refutable]
                pat = pats[0] if len(pats) == 1 else sx.PTuple(fb.pos, tuple(pats))
                subject = subject if len(pats) == 1 else f"({subject})"
                py, bound = self.pat(pat, inner)
                out += [f"match {subject}:", f"{_IND}case {py}:"]
                out += [_IND * 2 + s for s in
                        self.stmts(fb.clauses[0].body, inner.bind(bound), target)]
                out += [f"{_IND}case _:",
                        f"{_IND * 2}raise ValueError('Match: {fb.name}: no clause matches')"]
                return out
            return out + self.stmts(fb.clauses[0].body, inner, target)
        subject = names[0] if len(names) == 1 else f"({', '.join(names)})"
        rules = []
        for c in fb.clauses:
            pats = _spread(c, len(names))
            if len(pats) == len(names):
                pats = [self._on_record(n, q, scope) for n, q in zip(names, pats, strict=True)]
            pat = pats[0] if len(pats) == 1 else sx.PTuple(c.pos, tuple(pats))
            rules.append(sx.Rule(c.pos, pat, c.body))
        return self._match(subject, tuple(rules), scope, target, fb.name)

    # ---------------------------------------------------------------- statements
    def stmts(self, e: sx.Exp, scope: Scope, target: Target) -> list[str]:
        """Statements that compute ``e`` and send its value to ``target``."""
        e = _distribute(e)
        match e:
            case sx.If(_, cond, then, orelse):
                pre, c = self._hoisted(cond, scope)
                out = [*pre, f"if {c}:", *self._indent(self.stmts(then, scope, target))]
                while isinstance(orelse, sx.If):
                    try:
                        c2 = self.exp(orelse.cond, scope)
                    except _NeedStatements:
                        break
                    out += [f"elif {c2}:", *self._indent(self.stmts(orelse.then, scope, target))]
                    orelse = orelse.orelse
                return [*out, "else:", *self._indent(self.stmts(orelse, scope, target))]
            case sx.Case(_, scrutinee, rules):
                pre, subject = self._hoisted(scrutinee, scope)
                record = self._record_of(scrutinee, scope)
                if record is not None:  # `case s of (b, p) => ...` on a TTTState
                    rules = tuple(sx.Rule(r.pos, _as_record_pat(r.pat, record, scope), r.body)
                                  for r in rules)
                return pre + self._match(subject, rules, scope, target, "case")
            case sx.Let(_, decs, body):
                out, inner = self.decs(decs, scope)
                for item in body[:-1]:
                    out += self.stmts(item, inner, Target("drop"))
                return out + self.stmts(body[-1], inner, target)
            case sx.SeqExp(_, items):
                out = []
                for item in items[:-1]:
                    out += self.stmts(item, scope, Target("drop"))
                return out + self.stmts(items[-1], scope, target)
            case sx.Raise(_, exn):
                return self._raise(exn, scope)
            case sx.Handle(_, body, rules):
                return self._try(body, rules, scope, target)
            case sx.Typed(_, inner_e, _):
                return self.stmts(inner_e, scope, target)
            case sx.App(_, sx.Var(_, ":="), sx.Tuple(_, (sx.Var(pos, r), rhs)), True):
                done = self._assign(pos, r, rhs, scope)
                return done if target.kind == "drop" else [*done, *target.put("None")]
            case sx.While(_, cond, body):
                loop = self._while(cond, body, scope)
                return loop if target.kind == "drop" else [*loop, *target.put("None")]
            case sx.AndAlso(_, left, right) | sx.OrElse(_, left, right) if _needs(right, scope):
                # `a andalso (case ...)`: the right side only when SML evaluates it
                pre, c = self._hoisted(left, scope)
                if isinstance(e, sx.OrElse):
                    c = f"not {_paren(c)}"
                short = "False" if isinstance(e, sx.AndAlso) else "True"
                return [*pre, f"if {c}:", *self._indent(self.stmts(right, scope, target)),
                        "else:", *self._indent(target.put(short))]
            case sx.Tuple(_, items) if target.kind == "return" and target.result in scope.records \
                    and len(items) == len(scope.records[target.result]):
                first: list[str] = []
                texts: list[str] = []
                for item in items:  # each computed first where it needs statements
                    item_pre, text = self._hoisted(item, scope)
                    first += item_pre
                    texts.append(text)
                built = f"{target.result}({', '.join(texts)})"
                return [*first, *target.put(built, scope.captured, next(self._fresh))]
            case sx.App() if target.loop is not None and _head(e) == target.loop[0] and (
                    target.loop[0] not in scope.locals):
                return self._tail_call(e, scope, target.loop)
            case _:
                pre, x = self._hoisted(e, scope)
                if scope.int_est and target.kind == "return" and target.result == "est" \
                        and not x.startswith(_EST_VALUES):
                    self.int_est = True  # an HW11 (2013) estimate may be a bare int
                    x = f"_est({_unwrap(x)})"
                return [*pre, *target.put(x, scope.captured, next(self._fresh))]

    def _raise(self, exn: sx.Exp, scope: Scope) -> list[str]:
        """``raise exn``: the exception's class, called with its argument."""
        if isinstance(exn, sx.Var) and self._is_exn(exn.name, scope):
            return [f"raise {self._exn_class(exn.name, exn, scope)}()"]
        if isinstance(exn, sx.App) and isinstance(exn.fn, sx.Var) and self._is_exn(
                exn.fn.name, scope):
            pre, x = self._hoisted(exn.arg, scope)
            return [*pre, f"raise {self._exn_class(exn.fn.name, exn, scope)}({x})"]
        pre, x = self._hoisted(exn, scope)
        return [*pre, f"raise {x}"]

    def _assign(self, pos: sx.Pos, r: str, rhs: sx.Exp, scope: Scope) -> list[str]:
        """``r := rhs`` for a local ref ``r`` (see ``Scope.refs``)."""
        if r not in scope.refs:
            raise PortError(f"{pos}: `{r} :=` on what is not a local `val {r} = ref ...` "
                            "(a ref passed around or kept is not ported)")
        pre, x = self._hoisted(rhs, scope)
        py = scope.locals[r]
        if scope.refs[r] < len(self._nonlocals):  # a ref of an enclosing def
            self._nonlocals[-1].add(py)
        return [*pre, f"{py} = {x}"]

    def _while(self, cond: sx.Exp, body: sx.Exp, scope: Scope) -> list[str]:
        """``while cond do body``: the condition's own statements rerun at each test."""
        pre, c = self._hoisted(cond, scope)
        inside = self._indent(self.stmts(body, scope, Target("drop")))
        if not pre:
            return [f"while {c}:", *inside]
        return ["while True:", *self._indent(pre), f"{_IND}if not {_paren(c)}:",
                f"{_IND * 2}break", *inside]

    def _tail_call(self, e: sx.App, scope: Scope,
                   loop: tuple[str, tuple[str, ...]]) -> list[str]:
        """A tail call of the function written as a loop: its parameters reassigned."""
        _, args = _spine(e)
        params = loop[1]
        grouped = _grouped_parts(_fun(loop[0], scope), args)
        parts = (grouped[0] if grouped is not None and not grouped[1]
                 else list(_spread_args(args, len(params))))
        count = sum(p.size if isinstance(p, _Star) else 1 for p in parts)
        if count != len(params):
            raise PortError(f"{e.pos}: a tail call with {count} arguments, not "
                            f"{len(params)}")
        before: list[str] = []
        texts: list[str] = []
        for part in parts:
            arg_pre, text = self._hoisted(part.exp if isinstance(part, _Star) else part,
                                          scope)
            before += arg_pre
            texts.append("*" + _paren(text) if isinstance(part, _Star) else text)
        moved: list[tuple[str, str]] = []
        if any(isinstance(p, _Star) for p in parts):  # `a, b, c = x, *t`
            moved = [(", ".join(params), ", ".join(texts))]
        else:
            moved = [(param, text) for param, text in zip(params, texts, strict=True)
                     if text != param]  # an argument passed on unchanged: no assignment
        if not moved:
            return [*before, "continue"]
        lhs = ", ".join(p for p, _ in moved)
        rhs = ", ".join(t for _, t in moved)
        return [*before, f"{lhs} = {rhs}", "continue"]

    def _indent(self, lines: list[str]) -> list[str]:
        return [_IND + line for line in lines] or [_IND + "pass"]

    def value(self, e: sx.Exp, scope: Scope) -> tuple[list[str], str]:
        """``e`` as one Python expression, after the statements that must run first."""
        return self._hoisted(e, scope)

    def _hoisted(self, e: sx.Exp, scope: Scope) -> tuple[list[str], str]:
        """``e`` as an expression, after statements computing its strict statement forms."""
        pre: list[str] = []
        names: dict[str, str] = {}

        def typed_first(x: sx.Exp, lifted: sx.Exp, declared: str | None = None) -> sx.Exp:
            """``x`` (``lifted``) computed first into a temporary declared with its type.

            The type ``declared``, else the one inference gives ``x``.
            """
            tmp = f"_v{next(self._fresh)}"
            declared = declared or self._exp_type(x, scope)
            try:
                text = self.exp(lifted, scope.bind(names))
            except _NeedStatements:
                return lifted
            pending, self._pending = self._pending, []  # the defs its lambdas became, first
            pre.extend(pending)
            pre.append(f"{tmp}: {declared} = {text}")
            names[tmp] = tmp
            return sx.Var(x.pos, tmp)

        def lift(x: sx.Exp, depth: int) -> sx.Exp:
            # A strict statement form, or an expression nested deeper than Python's parser
            # follows (a list nested 3,000 deep), is computed first into a temporary.
            spread = _distribute(x)
            if spread is not x:  # its type is not the one inference gave the head
                self._distributed.add(id(spread))
            x = spread
            if isinstance(x, _STATEMENT_FORMS) or (
                    isinstance(x, (sx.If, sx.AndAlso, sx.OrElse)) and _needs(x, scope)) or (
                    depth > _DEEP and isinstance(x, (sx.App, sx.Tuple, sx.ListExp))):
                tmp = f"_v{next(self._fresh)}"
                declared = (self._exp_type(x, scope) if isinstance(x, (sx.Case, sx.If))
                            and id(x) not in self._distributed else None)
                if declared is not None:  # branches assign it: mypy takes the type declared
                    pre.append(f"{tmp}: {declared}")
                pre.extend(self.stmts(x, scope.bind(names), Target("assign", tmp)))
                names[tmp] = tmp
                return sx.Var(x.pos, tmp)
            match x:
                case sx.App(pos, fn, arg, infix):
                    if isinstance(fn, sx.Var) and fn.name in ("andalso", "orelse"):
                        return x
                    head = _spine(x)[0]
                    new_fn = lift(fn, depth + 1)
                    if not infix and isinstance(head, sx.Var) and head.name.startswith(
                            ("Seq.", "SeqUtils.")) and self._widened(arg, scope):
                        # `Step(...)` passed as the library's `value`
                        return sx.App(pos, new_fn, typed_first(arg, lift(arg, depth + 1)), infix)
                    declared = (self.monomorphic_type(arg, scope) if _maps_a_call(arg)
                                else None)
                    if declared is not None:  # `len (Seq.map (fn r => nth 0 r) g)`
                        return sx.App(pos, new_fn,
                                      typed_first(arg, lift(arg, depth + 1), declared), infix)
                    return sx.App(pos, new_fn, lift(arg, depth + 1), infix)
                case sx.Tuple(pos, items):
                    return sx.Tuple(pos, tuple(lift(i, depth + 1) for i in items))
                case sx.ListExp(pos, items):
                    return sx.ListExp(pos, tuple(lift(i, depth + 1) for i in items))
                case sx.Typed(pos, inner, ty):
                    typed = sx.Typed(pos, lift(inner, depth), ty)
                    if _has_empty(inner) and not _has_tyvar(ty):  # `fromList [] : int seq`
                        return typed_first(x, typed, self.ty(ty, scope))
                    return typed
                case sx.AndAlso(pos, left, right):
                    return sx.AndAlso(pos, lift(left, depth + 1), right)
                case sx.OrElse(pos, left, right):
                    return sx.OrElse(pos, lift(left, depth + 1), right)
            return x

        new = lift(e, 0)
        try:
            text = self.exp(new, scope.bind(names))
            pending, self._pending = self._pending, []
            return pre + pending, text
        except _NeedStatements as need:
            raise PortError(f"{need.exp.pos}: a `{_form(need.exp)}` where SML may not evaluate "
                            "it (a branch, an andalso/orelse operand, a fn body) is not ported; "
                            "bind it with a `val` first") from None

    def _match(self, subject: str, rules: tuple[sx.Rule, ...], scope: Scope, target: Target,
               what: str) -> list[str]:
        out = [f"match {subject}:"]
        total = False
        before, after = set(self._taken), set(self._taken)
        for r in rules:
            self._taken = set(before)  # one arm runs: the arms may reuse each other's names
            py, bound = self.pat(r.pat, scope)
            out.append(f"{_IND}case {py}:")
            inner = attrs.evolve(scope.bind(bound),
                                 captured=scope.captured | frozenset(bound.values()))
            out += [_IND * 2 + s for s in self.stmts(r.body, inner, target)]
            after |= self._taken
            if _irrefutable(r.pat, scope):
                total = True
                break
        self._taken = after
        if not total:
            out += [f"{_IND}case _:",
                    f"{_IND * 2}raise ValueError('Match: {what}: no rule matches')"]
        return out

    def _try(self, body: sx.Exp, rules: tuple[sx.Rule, ...], scope: Scope,
             target: Target) -> list[str]:
        out = ["try:", *self._indent(self.stmts(body, scope, target))]
        for r in rules:
            p = _untyped(r.pat)
            match p:
                case sx.PWild():
                    out.append("except Exception:")
                    inner = scope
                case sx.PVar(_, name) if _is_con_name(name, scope) or self._is_exn(name, scope):
                    out.append(f"except {self._exn_class(name, p, scope)}:")
                    inner = scope
                case sx.PVar(_, name):
                    py = self._local(snake(name), scope)
                    out.append(f"except Exception as {py}:")
                    inner = scope.bind({name: py})
                case sx.PCon(_, name, sx.PWild()):
                    out.append(f"except {self._exn_class(name, p, scope)}:")
                    inner = scope
                case sx.PCon(_, name, sx.PVar(_, var) as arg):
                    tmp = f"_e{next(self._fresh)}"
                    py = self._local(snake(var), scope, annotated=True)
                    t = (self.annotator.inferred.of_pat(arg) if self.annotator is not None
                         else None)
                    ty = None if t is None or self.annotator is None else self.annotator.spell(
                        t, self._type_names(scope))
                    if ty is not None:  # the exception's argument, typed as SML types it
                        self._annotated()
                    out += [f"except {self._exn_class(name, p, scope)} as {tmp}:",
                            f"{_IND}{py}{': ' + ty if ty else ''} = {tmp}.args[0]"]
                    inner = scope.bind({var: py})
                case _:
                    raise PortError(f"{r.pos}: this handler's pattern is not ported")
            out += self._indent(self.stmts(r.body, inner, target))
        return out

    def _exn_class(self, name: str, node: sx.Pat | sx.Exp, scope: Scope) -> str:
        if name in scope.exns:
            return scope.exns[name]
        short = name.rsplit(".", maxsplit=1)[-1]
        if _own_member(name, scope) and short in scope.exns:  # `S.E` of the file's own S
            return scope.exns[short]
        for key in (name, short):
            if key in LIB_EXNS:
                py, imp = LIB_EXNS[key]
                if imp:
                    self.imports.add(imp)
                return py
        raise PortError(f"{node.pos}: unknown exception {name}")

    def _is_exn(self, name: str, scope: Scope) -> bool:
        short = name.rsplit(".", maxsplit=1)[-1]
        return name in scope.exns or name in LIB_EXNS or (
            "." in name and short in LIB_EXNS) or (_own_member(name, scope)
                                                 and short in scope.exns)

    # ---------------------------------------------------------------- declarations
    def decs(self, decs: tuple[sx.Dec, ...], scope: Scope) -> tuple[list[str], Scope]:
        """Statements for a ``let``'s declarations, and the scope after them."""
        out: list[str] = []
        for d in decs:
            match d:
                case sx.Val(_, False, binds):
                    for p, e in binds:
                        lines, bound = self.val(p, e, scope)
                        out += lines
                        scope = scope.bind(bound)
                        if _ref_init(e) is not None:
                            scope = attrs.evolve(scope, refs={
                                **scope.refs, **dict.fromkeys(bound, len(self._nonlocals))})
                case sx.Fun(_, fbs):
                    sigs = {fb.name: FunSig(self._local(snake(fb.name), scope), arity(fb),
                                            groups_of(fb)) for fb in fbs}
                    scope = scope.with_funs(sigs)
                    for fb in fbs:
                        out += self.function(fb, scope, sigs[fb.name].py)
                case sx.Local(_, hidden, body):
                    lines, scope = self.decs(hidden + body, scope)
                    out += lines
                case sx.Open():  # its members' uses are written long already (opens.py)
                    pass
                case _:
                    raise PortError(f"{d.pos}: a `{type(d).__name__.lower()}` declaration inside "
                                    "a function is not ported")
        return out, scope

    def val(self, p: sx.Pat, e: sx.Exp, scope: Scope) -> tuple[list[str], dict[str, str]]:
        """``val p = e`` as statements, and the variables it binds."""
        core = _untyped(p)
        if isinstance(core, sx.PVar) and not _is_con_name(core.name, scope):
            name = self._local(snake(core.name), scope, annotated=True)  # it may carry a type
            init = _ref_init(e)
            if init is not None:  # `val r = ref e`: r a plain local (see Scope.refs)
                pre, x = self._hoisted(init, scope)
                return [*pre, f"{name} = {x}"], {core.name: name}
            ann = self._pat_type(p, scope) or (  # mypy types its lambdas against it
                self.monomorphic_type(e, scope) if holds_fn(e) else None)
            if isinstance(e, (*_STATEMENT_FORMS, sx.If)):
                ann = ann or (self._exp_type(e, scope) if isinstance(e, (sx.Case, sx.If))
                              else None)  # branches assign it: mypy takes the type declared
                return [*([f"{name}: {ann}"] if ann else []),
                        *self.stmts(e, scope, Target("assign", name))], {core.name: name}
            pre, x = self._hoisted(e, scope)
            return [*pre, f"{name}: {ann} = {x}" if ann else f"{name} = {x}"], {core.name: name}
        if isinstance(core, sx.PWild):
            return self.stmts(e, scope, Target("drop")), {}
        if isinstance(core, sx.PCon) and core.name == "SOME":
            tmp = f"_v{next(self._fresh)}"
            inner_binds = _simple_binds(core.arg, tmp, scope)
            if inner_binds is not None:
                inner_binds = self._fresh_binds(inner_binds, scope)
                pre, x = self._hoisted(e, scope)
                lines = [*pre, f"{tmp} = {x}.unwrap()"]
                for py, path in inner_binds.values():
                    lines.append(f"{py} = {path}")
                return lines, {k: v[0] for k, v in inner_binds.items()}
        record = self._record_of(e, scope) if isinstance(core, sx.PTuple) else None
        if record is not None:  # `val (b, p) = s` with s a TTTState: its fields
            p = _as_record_pat(p, record, scope)
            core = _untyped(p)
        binds = _simple_binds(p, "", scope)
        if binds is not None and isinstance(core, sx.PTuple) and _only_tuples(core):
            pre, x = self._hoisted(e, scope)
            py, bound = self.pat(p, scope)
            return [*pre, f"{_bare_tuple(py)} = {x}"], bound
        tmp = f"_v{next(self._fresh)}"
        if _simple_binds(p, tmp, scope) is not None:  # a record's fields: each from its path
            pre, x = self._hoisted(e, scope)
            first = [] if x.isidentifier() else [f"{tmp} = {x}"]
            paths = self._fresh_binds(_simple_binds(p, x if x.isidentifier() else tmp, scope)
                                      or {}, scope)
            return [*pre, *first, *self._field_lines(paths.values())], {
                k: v[0] for k, v in paths.items()}
        pre, x = self._hoisted(e, scope)
        py, bound = self.pat(p, scope)
        return [*pre, f"match {x}:", f"{_IND}case {py}:", f"{_IND * 2}pass", f"{_IND}case _other:",
                f"{_IND * 2}raise ValueError(f'Bind: {{_other!r}}')"], bound

    # ---------------------------------------------------------------- expressions
    def exp(self, e: sx.Exp, scope: Scope) -> str:
        """``e`` as one Python expression (``_NeedStatements`` if it needs statements)."""
        match e:
            case sx.Const(_, value, kind):
                return repr(value) if kind != "real" else repr(float(value))
            case sx.Var():
                return self._value(e, scope)
            case sx.Tuple(_, items):
                if not items:
                    return "None"
                parts = [self.exp(i, scope) for i in items]
                return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
            case sx.ListExp(_, items):
                return f"[{', '.join(self.exp(i, scope) for i in items)}]"
            case sx.App():
                return self._app(e, scope)
            case sx.If(_, cond, then, orelse):
                return (f"({self.exp(then, scope)} if {self.exp(cond, scope)} "
                        f"else {self.exp(orelse, scope)})")
            case sx.AndAlso(_, left, right):
                return f"({self.exp(left, scope)} and {self.exp(right, scope)})"
            case sx.OrElse(_, left, right):
                return f"({self.exp(left, scope)} or {self.exp(right, scope)})"
            case sx.Typed(_, inner, ty):
                record = self._record(ty, scope)
                built = self._as_record(inner, record[0], scope) if record else None
                return built or self.exp(inner, scope)
            case sx.Fn():
                return self._fn(e, scope)
            case sx.Selector(_, label):  # `#a` as a function
                x = f"_r{next(self._fresh)}"
                return f"(lambda {x}: {_select(x, label)})"
            case sx.Record(pos, fields):
                if any(k.isdigit() for k, _ in fields):
                    raise PortError(f"{pos}: a record with numbered labels (a tuple written "
                                    "{1 = a, 2 = b}) is not ported")
                cls = self.record_class(tuple(k for k, _ in fields), scope)
                return f"{cls}({', '.join(f'{snake(k)}={self.exp(v, scope)}' for k, v in fields)})"
            case _:
                raise _NeedStatements(e)

    def _value(self, v: sx.Var, scope: Scope) -> str:
        name = v.name
        if name in scope.refs:
            raise PortError(f"{v.pos}: the ref {name} used as a value (only `!{name}` and "
                            f"`{name} := e` are ported)")
        if name in scope.locals:
            return scope.locals[name]
        fun = _fun(name, scope)
        if fun is not None:
            return self._program_value(fun, scope, v)
        con = self._con(name, scope)
        if con is not None:
            return con.py
        if name in BINOPS or name == "::":
            return self._op_function(name, v)
        if name in BASIS_CALLS:
            template, arity, imp = BASIS_CALLS[name]
            if imp:
                self.imports.add(imp)
            args = [f"a{i}" for i in range(arity)]
            return f"(lambda {', '.join(args)}: {template.format(*args)})"
        if "." in name:
            prefix, _, member = name.rpartition(".")
            base = self._struct(prefix, scope)
            if base is not None:
                return f"{base}.{snake(member)}"
        raise PortError(f"{v.pos}: unknown name {name}")

    def _struct(self, prefix: str, scope: Scope) -> str | None:
        if prefix in _LIBRARY_IMPORTS:
            self.imports.add(_LIBRARY_IMPORTS[prefix])
        found = scope.structs.get(prefix)
        head, _, rest = prefix.partition(".")
        if found is None and head in scope.structs and rest:
            found = f"{scope.structs[head]}.{rest}"
        if found in ("Est", "Est10"):  # a game's estimates: the homework's one structure
            self.imports.add(f"from sml150.lib.est import {found}")
        return found

    def _con(self, name: str, scope: Scope) -> Con | None:
        if name in scope.cons:
            return scope.cons[name]
        con: Con | None
        if name in LIB_CONS:
            con = LIB_CONS[name]
        else:
            short = name.rsplit(".", maxsplit=1)[-1]
            if "." in name and short in scope.cons:
                return scope.cons[short]
            con = LIB_CONS.get(short) if "." in name and not name.startswith("Seq.") else None
        if con is not None:
            self.imports.update(con.imports)
            if con.py.startswith("Seq."):
                self.imports.add(_LIBRARY_IMPORTS["Seq"])
        return con

    def _op_function(self, name: str, node: sx.Exp) -> str:
        self.imports.add("import operator")
        table = {"+": "operator.add", "-": "operator.sub", "*": "operator.mul",
                 "div": "operator.floordiv", "mod": "operator.mod", "<": "operator.lt",
                 "<=": "operator.le", ">": "operator.gt", ">=": "operator.ge",
                 "=": "operator.eq", "<>": "operator.ne", "^": "operator.add",
                 "@": "operator.add", "/": "operator.truediv"}
        if name in table:
            return table[name]
        if name == "::":
            return "(lambda x, xs: [x, *xs])"
        raise PortError(f"{node.pos}: operator {name} as a value is not ported")

    def _selected(self, label: str, arg: sx.Exp, scope: Scope) -> str:
        """``#label arg``: a tuple's item, a record's field (``#1 s`` of a TTTState too)."""
        record = self._record_of(arg, scope) if label.isdigit() else None
        fields = scope.records.get(record or "", ())
        if fields and 0 < int(label) <= len(fields):
            return f"{self._atom(arg, scope)}.{fields[int(label) - 1]}"
        return _select(self._atom(arg, scope), label)

    def _deref(self, e: sx.App, scope: Scope) -> str:
        """``!r`` of a local ref ``r`` (``r := e`` is a statement: ``_assign``)."""
        if isinstance(e.fn, sx.Var) and e.fn.name == ":=":
            raise _NeedStatements(e)
        if isinstance(e.arg, sx.Var) and e.arg.name in scope.refs:
            return scope.locals[e.arg.name]
        raise PortError(f"{e.pos}: `!` of what is not a local `val r = ref ...` (a ref "
                        "passed around or kept is not ported)")

    def _app(self, e: sx.App, scope: Scope) -> str:
        if isinstance(e.fn, sx.Var) and (e.fn.name == ":=" or (e.fn.name == "!"
                                                                and not e.infix)):
            return self._deref(e, scope)
        if e.infix and isinstance(e.fn, sx.Var) and isinstance(e.arg, sx.Tuple):
            left, right = e.arg.items
            return self._binop(e.fn, left, right, scope)
        fn, args = _spine(e)
        if isinstance(fn, sx.Var) and e.infix and len(args) == 1 and isinstance(args[0], sx.Tuple):
            left, right = args[0].items
            return self._binop(fn, left, right, scope)
        composed = _composition(fn)
        if composed is not None and args:  # `(f o g) x` is `f (g x)`
            f, g = composed
            made = sx.App(e.pos, g, args[0])
            self._made.add(id(made))
            inner: sx.Exp = sx.App(e.pos, f, made)
            for more in args[1:]:
                self._made.add(id(inner))
                inner = sx.App(e.pos, inner, more)
            self._made.add(id(inner))
            return self.exp(inner, scope)
        if isinstance(fn, sx.Selector):
            return self._selected(fn.label, args[0], scope) + self._more(args[1:], scope)
        if isinstance(fn, sx.Fn):
            return f"({self._fn(fn, scope)})" + self._call_args(args, scope)
        if not isinstance(fn, sx.Var):
            return f"{self._atom(fn, scope)}" + self._call_args(args, scope)
        name = fn.name
        if name not in scope.locals and _fun(name, scope) is None:
            con = self._con(name, scope)
            if con is not None:
                if con.nullary:
                    raise PortError(f"{fn.pos}: nullary constructor {name} applied to an argument")
                arg = args[0]
                con_args = (arg.items if isinstance(arg, sx.Tuple) and con.fields > 1
                            and len(arg.items) == con.fields else (arg,))
                return (f"{con.py}({', '.join(self.exp(a, scope) for a in con_args)})"
                        + self._more(args[1:], scope))
            if name in BASIS_CALLS:
                return self._basis_call(fn, args, scope)
            if name in BINOPS and len(args) == 1 and isinstance(args[0], sx.Tuple):
                left, right = args[0].items
                return self._binop(fn, left, right, scope)
        fun = self._callee(fn, scope)
        if fun is None:
            return f"{self._value(fn, scope)}{self._call_args(args, scope)}"
        py, least, most = fun
        parts: list[sx.Exp | _Star]
        grouped = _grouped_parts(_fun(name, scope), args)
        if grouped is not None:
            parts, rest_args = grouped
            if sum(p.size if isinstance(p, _Star) else 1 for p in parts) < least:
                return self._partial(py, parts, least, scope)  # a program function
            recs = self._records_of(_fun(name, scope), len(parts))
            texts = [self._part(p, scope, r) for p, r in zip(parts, recs, strict=True)]
            return f"{py}({', '.join(texts)})" + self._more(rest_args, scope)
        parts = list(_spread_args(args, most) if most > 1 else args)
        if len(parts) == 1 and isinstance(parts[0], sx.Tuple) and not parts[0].items and most == 0:
            parts = []
        library = py.startswith(("Seq.", "SeqUtils."))
        if len(parts) < least:
            return self._partial(py, parts, least, scope, library=library)
        first, rest = parts[:most], [p for p in parts[most:] if not isinstance(p, _Star)]
        combiners = _COMBINERS.get(py, ())
        recs = self._records_of(_fun(name, scope), len(first))
        texts = [self._fn(a, scope, spread=True) if i in combiners and isinstance(a, sx.Fn)
                 else (library and not isinstance(a, _Star) and (
                     self._fun_value(a, scope, i in combiners)
                     or self._library_arg(a, scope, template=False)))
                 or self._part(a, scope, recs[i]) for i, a in enumerate(first)]
        return f"{py}({', '.join(texts)})" + self._more(rest, scope)

    def _basis_call(self, fn: sx.Var, args: list[sx.Exp], scope: Scope) -> str:
        """A call of a Basis function with a Python spelling (``BASIS_CALLS``)."""
        name = fn.name
        template, arity, imp = BASIS_CALLS[name]
        if imp:
            self.imports.add(imp)
        given = _spread_args(args, arity)
        if len(given) < arity:
            return self._partial(self._value(fn, scope), list(given), arity, scope,
                                 library=True)
        combiners = _COMBINERS.get(name, ())
        texts = [self._combiner(name, a, scope) if i in combiners
                 and isinstance(a, sx.Fn) else self._fun_value(a, scope, i in combiners)
                 or self._library_arg(a, scope) for i, a in enumerate(given[:arity])]
        return template.format(*texts) + self._more(given[arity:], scope)

    def _library_arg(self, a: sx.Exp, scope: Scope, *, template: bool = True) -> str:
        """An argument of a library function: a ``fn`` there takes one parameter.

        The library calls it with one argument, a tuple too (a combiner's two are
        ``_combiner``'s). ``template``: the text goes into a Basis template, which may call
        it (a lambda in parentheses).
        """
        if isinstance(a, sx.Fn):
            text = self._fn(a, scope, spread=False)
            if not template or _enclosed(text) or not text.startswith("lambda"):
                return text
            return f"({text})"
        return self._atom(a, scope) if template else self.exp(a, scope)

    def _program_value(self, sig: FunSig, scope: Scope, v: sx.Var | None = None) -> str:
        """A program's function used as a value, called as SML calls a function value.

        Each SML argument one call, a tuple argument spread over that call's parameters
        (``Callable[[A, B], R]`` for ``a * b -> r``): a curried ``fun f x (a, b)``, whose
        Python takes ``f(x, a, b)``, is ``lambda _c1: lambda _c2, _c3: f(_c1, _c2, _c3)``.
        """
        groups = sig.groups or ((1,) * sig.arity if sig.arity > 1 else ())
        if len(groups) < 2:  # one argument: the function itself
            return sig.py
        sizes = self._curried(v, scope) if v is not None else []
        if len(sizes) != len(groups):
            if not sig.groups:
                return sig.py  # the starter's parameters, the SML's type unknown: as they are
            sizes = list(groups)
        lambdas: list[str] = []
        passed: list[str] = []
        for group, size in zip(groups, sizes, strict=True):
            names = [f"_c{next(self._fresh)}" for _ in range(max(size, 1))] if group else []
            lambdas.append(f"lambda {', '.join(names)}: ")
            if group > 1 or len(names) < 2:
                passed += names  # spread over the function's parameters too
            else:  # one parameter that takes the tuple
                passed.append(f"({', '.join(names)})")
        return "(" + "".join(lambdas) + f"{sig.py}({', '.join(passed)}))"

    def _fun_value(self, a: sx.Exp | _Star, scope: Scope, combined: bool) -> str | None:
        """A program's function passed to a library function, called as the library calls.

        The library calls a function with one argument (a tuple is one), a combiner with two;
        a function whose tupled or curried arguments are spread over its parameters gets an
        adapter: ``one`` of ``fun one (u, v)`` is ``lambda _t: one(*_t)``, and so is a
        function value whose argument is a tuple (``p : 'a * 'a -> bool``). None otherwise.
        """
        if not isinstance(a, sx.Var):
            return None
        if a.name in scope.locals:  # a function value: spread when its argument is a tuple
            sizes = self._curried(a, scope)
            if sizes and sizes[0] > 1 and not combined:
                t = f"_t{next(self._fresh)}"
                return f"(lambda {t}: {scope.locals[a.name]}(*{t}))"
            return None
        sig = _fun(a.name, scope)
        if sig is None or not sig.groups or (combined and sig.groups == (2,)):
            return None
        if len(sig.groups) == 1 and sig.groups[0] > 1:
            t = f"_t{next(self._fresh)}"
            return f"(lambda {t}: {sig.py}(*{t}))"
        if len(sig.groups) > 1 and not combined:
            names = [f"_c{next(self._fresh)}" for _ in sig.groups]
            call = ", ".join(f"*{n}" if size > 1 else n
                             for n, size in zip(names, sig.groups, strict=True))
            return "(" + "".join(f"lambda {n}: " for n in names) + f"{sig.py}({call}))"
        return None

    def _part(self, p: sx.Exp | _Star, scope: Scope, record: str | None = None) -> str:
        """One argument of a call.

        ``*t`` for a tuple spread over several parameters; a tuple literal where a record class
        is taken (``record``) built as that class.
        """
        if isinstance(p, _Star):
            return "*" + self._atom(p.exp, scope)
        if record is not None:
            built = self._as_record(p, record, scope)
            if built is not None:
                return built
        return self.exp(p, scope)

    @staticmethod
    def _records_of(sig: FunSig | None, n: int) -> list[str | None]:
        have = list(sig.records) if sig is not None else []
        return (have + [None] * n)[:n]

    def _callee(self, fn: sx.Var, scope: Scope) -> tuple[str, int, int] | None:
        """How to call ``fn``: its Python spelling and its fewest and most parameters."""
        name = fn.name
        if name in scope.locals:
            return None
        sig = _fun(name, scope)
        if sig is not None:
            return sig.py, sig.arity, sig.arity
        if "." in name:
            prefix, _, member = name.rpartition(".")
            if prefix in ("Seq", "SeqUtils"):
                self.imports.add(_LIBRARY_IMPORTS[prefix])
                arity = library_arity(prefix, member)
                if arity is None:
                    raise PortError(f"{fn.pos}: {name} is not in this library's {prefix}")
                return f"{prefix}.{snake(member)}", arity[0], arity[1]
            base = self._struct(prefix, scope)
            if base is not None and member in MEMBERS and base.startswith("self.Game"):
                py, imp = MEMBERS[member]
                self.imports.add(imp)
                return py, 1, 1
            if base is not None:
                return f"{base}.{snake(member)}", 0, 99
        raise PortError(f"{fn.pos}: unknown function {name}")

    def _partial(self, py: str, given: Sequence[sx.Exp | _Star], arity: int,
                 scope: Scope, *, library: bool = False) -> str:
        count = sum(p.size if isinstance(p, _Star) else 1 for p in given)
        rest = [f"_a{i}" for i in range(count, arity)]
        have = [self._library_arg(a, scope) if library and not isinstance(a, _Star)
                else self._part(a, scope) for a in given]
        return f"(lambda {', '.join(rest)}: {py}({', '.join(have + rest)}))"

    def _call_args(self, args: list[sx.Exp], scope: Scope) -> str:
        return "".join(f"({self._arg(a, scope)})" for a in args)

    def _arg(self, a: sx.Exp, scope: Scope) -> str:
        """One argument of a function value's call: a tuple spread over its parameters."""
        if isinstance(a, sx.Tuple):
            return ", ".join(self.exp(i, scope) for i in a.items)
        if self._is_tuple(a, scope):  # a tuple that is no literal: `f(*ab)`
            return "*" + self._atom(a, scope)
        return self.exp(a, scope)

    def _widened(self, e: sx.Exp, scope: Scope) -> bool:
        """Whether ``e`` is a constructor's value whose datatype mypy must be told.

        ``Step (m, v)`` passed to a generic library function makes mypy solve its type
        variable as ``Step``, not the datatype ``value`` the function's other arguments
        return; declared with the type inference gives, it is ``value``.
        """
        if not isinstance(e, sx.App) or e.infix or not isinstance(e.fn, sx.Var):
            return False
        con = self._con(e.fn.name, scope) if e.fn.name not in scope.locals else None
        if con is None or con.nullary or con.py in ("Some", "Guess"):
            return False
        declared = self._exp_type(e, scope)
        return declared is not None and declared.split("[", 1)[0] != con.py

    def _inferred(self, e: sx.Exp) -> Any:
        """The type inference gave the SML expression ``e``.

        None if none, or if ``e`` is the port's own (a temporary, a rewritten application),
        which stands at another node's position.
        """
        if self.annotator is None or id(e) in self._made or (
                isinstance(e, sx.Var) and e.name.startswith("_")):
            return None
        return self.annotator.inferred.of_exp(e)

    def _curried(self, e: sx.Exp, scope: Scope) -> list[int]:
        """The sizes of the curried arguments inference gives the function ``e``.

        A tuple's items, else 1 each; empty when not known.
        """
        t: Any = self._inferred(e)
        out: list[int] = []
        while getattr(t, "name", None) == "->" and len(getattr(t, "args", ())) == 2:
            out.append(_tuple_size(t.args[0], scope) or 1)
            t = t.args[1]
        return out

    def _is_tuple(self, e: sx.Exp, scope: Scope) -> bool:
        """Whether inference types ``e`` as a tuple (one a record class stands for is not)."""
        if self.annotator is None:
            return False
        return _tuple_size(self._inferred(e), scope) > 1

    def _more(self, args: list[sx.Exp], scope: Scope) -> str:
        return self._call_args(args, scope)

    def _atom(self, e: sx.Exp, scope: Scope) -> str:
        text = self.exp(e, scope)
        if isinstance(e, sx.App) and e.infix:
            return f"({text})"
        if isinstance(e, (sx.If, sx.Fn)):
            return text if _enclosed(text) else f"({text})"
        return text

    def _binop(self, fn: sx.Var, left: sx.Exp, right: sx.Exp, scope: Scope) -> str:
        name = fn.name
        if name == "::":
            tail = self.exp(right, scope)
            return f"[{self.exp(left, scope)}, *{tail}]"
        if name == "o":  # `f o g` as a value: `fn x => f (g x)`, x a fresh name
            x = f"_x{next(self._fresh)}"
            return self._fn(sx.Fn(fn.pos, (sx.Rule(fn.pos, sx.PVar(fn.pos, x), sx.App(
                fn.pos, left, sx.App(fn.pos, right, sx.Var(fn.pos, x)))),)), scope)
        if name not in BINOPS:
            fun = self._callee(fn, scope)
            py = fun[0] if fun else self._value(fn, scope)
            return f"{py}({self.exp(left, scope)}, {self.exp(right, scope)})"
        return f"{self._operand(left, scope)} {BINOPS[name]} {self._operand(right, scope)}"

    def _operand(self, e: sx.Exp, scope: Scope) -> str:
        text = self.exp(e, scope)
        if (isinstance(e, sx.App) and e.infix) or isinstance(e, (sx.If, sx.AndAlso, sx.OrElse)):
            return text if _enclosed(text) else f"({text})"
        if text.startswith(("not ", "-")):
            return f"({text})"
        return text

    def _fn(self, e: sx.Fn, scope: Scope, spread: bool = True) -> str:
        """A ``fn`` as a lambda.

        ``spread``: a tupled pattern takes one parameter per component, as a function value is
        called (``Callable[[A, B], R]`` for ``a * b -> r``; a function Seq.reduce combines
        with); not spread, one parameter, the tuple (what the library calls with one
        argument: ``Seq.map``'s function).

        A ``fn`` a lambda cannot hold (several rules, a refutable pattern, a body that needs
        statements, or one holding such a ``fn``, which must see this one's parameters)
        becomes a nested ``def`` before the statement, typed ``Any`` with a ``# port:`` note
        (the SML names no types there).
        """
        core = _untyped(e.rules[0].pat)
        spread = spread and isinstance(core, sx.PTuple) and bool(core.items)
        if len(e.rules) == 1:
            mark = len(self._pending)
            try:
                params, binds = self._fn_params(e.rules[0].pat, scope, spread)
                if binds is not None:
                    body = self.exp(e.rules[0].body, scope.bind(binds))
                    if len(self._pending) == mark:
                        if isinstance(core, sx.PWild):
                            params = ["_"]
                        callee = _eta(params, body)
                        if callee is not None:  # `fn x => f x` is `f` (mypy types it there)
                            return callee
                        return f"lambda {', '.join(params)}: {body}".replace("lambda :",
                                                                              "lambda:")
            except _NeedStatements:
                pass
            del self._pending[mark:]  # the defs its body needed go inside its own def
        return self._fn_def(e, scope, spread)

    def _fn_params(self, pat: sx.Pat, scope: Scope,
                   spread: bool) -> tuple[list[str], dict[str, str] | None]:
        """A one-rule ``fn``'s parameters and what its pattern binds (SML → Python path).

        None for the binds when the pattern is refutable (the fn is then a ``match``).
        """
        core = _untyped(pat)
        if spread and isinstance(core, sx.PTuple):
            params: list[str] = []
            binds: dict[str, str] = {}
            for i, item in enumerate(core.items):
                it = _untyped(item)
                name = (self._local(snake(it.name), scope)
                        if isinstance(it, sx.PVar) and not _is_con_name(it.name, scope)
                        else f"_p{i}")
                simple = _simple_binds(item, name, scope)
                if simple is None:
                    return params, None
                params.append(name)
                binds.update({k: v[1] for k, v in simple.items()})
            return params, binds
        if isinstance(core, sx.PTuple) and not core.items:  # `fn () => e`: called as `f()`
            return [], {}
        param = "_p"
        if isinstance(core, sx.PVar) and not _is_con_name(core.name, scope):
            param = self._local(snake(core.name), scope)
        simple = _simple_binds(pat, param, scope)
        return [param], (None if simple is None else {k: v[1] for k, v in simple.items()})

    def _combiner(self, name: str, e: sx.Fn, scope: Scope) -> str:
        """A ``fn`` a Basis function calls with two arguments.

        A named ``def`` where the template calls it twice (``ListMergeSort.sort``: mypy cannot
        type a lambda there).
        """
        if name == "ListMergeSort.sort":  # typed, mypy refuses the template's untyped lambda
            return self._fn_def(e, scope, True, typed=False)
        return f"({self._fn(e, scope, spread=True)})"

    def _fn_def(self, e: sx.Fn, scope: Scope, spread: bool, typed: bool = True) -> str:
        name = f"_fn{next(self._fresh)}"
        self.imports.add("from typing import Any")
        core = _untyped(e.rules[0].pat)
        n = len(core.items) if spread and isinstance(core, sx.PTuple) else 1
        saved, self._pending = self._pending, []
        self._nonlocals.append(set())
        params, binds = (self._fn_params(e.rules[0].pat, scope, spread) if len(e.rules) == 1
                         else ([], None))
        if binds is None:
            params = [f"_p{i}" for i in range(n)]
        types: list[str | None] = [None] * len(params)
        result: str | None = None
        got = (self.annotator.fn(e, self._type_names(scope), len(params))
               if self.annotator is not None and typed else None)
        if got is not None and len(got[0]) == len(params):
            types, result = got
            self._annotated()
        target = Target("return", result=result)
        if binds is not None:  # one irrefutable rule: its body, no match
            body = self.stmts(e.rules[0].body, scope.bind(binds), target)
        else:
            subject = params[0] if n == 1 else f"({', '.join(params)})"
            body = self._match(subject, e.rules, scope, target, "fn")
        assigned = self._nonlocals.pop()
        if assigned:  # the refs of an enclosing def it assigns
            body = [f"nonlocal {', '.join(sorted(assigned))}", *body]
        inner_pending, self._pending = self._pending, saved
        sig = ", ".join(f"{p}: {t or 'Any'}" for p, t in zip(params, types, strict=True))
        note = ("" if result is not None and all(types)
                else "  # port: a fn the SML leaves untyped")
        self._pending += [f"def {name}({sig}) -> {result or 'Any'}:{note}",
                          *(_IND + line for line in inner_pending + body)]
        return name

    # ---------------------------------------------------------------- patterns
    def pat(self, p: sx.Pat, scope: Scope) -> tuple[str, dict[str, str]]:
        """``p`` as a ``case`` pattern, and the variables it binds (SML → Python)."""
        bound: dict[str, str] = {}

        def bind(name: str) -> str:
            bound[name] = self._local(snake(name), scope)
            return bound[name]

        def go(q: sx.Pat) -> str:
            match q:
                case sx.PWild():
                    return "_"
                case sx.PConst(_, value):
                    return repr(value)
                case sx.PVar(pos, name):
                    con = self._con(name, scope)
                    if con is not None:
                        if not con.nullary:
                            raise PortError(f"{pos}: constructor {name} without its argument")
                        return con.pattern
                    if "." in name:
                        raise PortError(f"{pos}: unknown constructor {name}")
                    return bind(name)
                case sx.PTuple(_, items):
                    if not items:
                        return "None"
                    inner = ", ".join(go(i) for i in items)
                    return f"({inner}{',' if len(items) == 1 else ''})"
                case sx.PList(_, items):
                    return f"[{', '.join(go(i) for i in items)}]"
                case sx.PCon(pos, "::", sx.PTuple(_, (head, tail))):
                    rest = _untyped(tail)
                    if isinstance(rest, sx.PWild):
                        return f"[{go(head)}, *_]"
                    if isinstance(rest, sx.PVar) and self._con(rest.name, scope) is None:
                        first = go(head)
                        return f"[{first}, *{bind(rest.name)}]"
                    raise PortError(f"{pos}: a `::` pattern whose tail is not a variable")
                case sx.PCon(pos, name, arg):
                    con = self._con(name, scope)
                    if con is None or con.nullary:
                        raise PortError(f"{pos}: unknown constructor {name}")
                    arg_core = _untyped(arg)
                    parts = (arg_core.items if isinstance(arg_core, sx.PTuple) and con.fields > 1
                             and len(arg_core.items) == con.fields else (arg,))
                    return f"{con.pattern}({', '.join(go(a) for a in parts)})"
                case sx.PAs(_, name, inner):
                    whole = go(inner)
                    return f"({whole}) as {bind(name)}"
                case sx.PTyped(_, sx.PTuple(_, items) as inner, ty):
                    fields = self._record(ty, scope)
                    if fields is None or len(fields[1]) != len(items):
                        return go(inner)
                    named = [f"{f}={go(i)}" for f, i in zip(fields[1], items, strict=True)]
                    return f"{fields[0]}({', '.join(named)})"
                case sx.PTyped(_, inner, _):
                    return go(inner)
                case sx.PRecord(pos, fields, flexible):
                    cls = self.record_class(tuple(k for k, _ in fields), scope, flexible, pos)
                    return f"{cls}({', '.join(f'{snake(k)}={go(v)}' for k, v in fields)})"
            raise PortError(f"{q.pos}: pattern not ported")  # pragma: no cover

        return go(p), bound

    def _record(self, ty: sx.Ty, scope: Scope) -> tuple[str, tuple[str, ...]] | None:
        """The record class standing for the SML tuple type ``ty``, with its fields."""
        if not isinstance(ty, sx.TCon) or ty.args:
            return None
        try:
            py = self.ty(ty, scope)
        except PortError:
            return None
        return (py, scope.records[py]) if py in scope.records else None

    def _as_record(self, e: sx.Exp, py_type: str | None, scope: Scope) -> str | None:
        """``e`` built as the record ``py_type`` when it is a tuple literal of its fields.

        ``(b, p)`` of a state's own ``b`` and ``p`` (``val (b, p) = s``) is ``s`` itself: no
        new state is made (HW10's estimator must make none).
        """
        if py_type in scope.records and isinstance(e, sx.Tuple) and len(e.items) == len(
                scope.records[py_type]):
            fields = scope.records[py_type]
            got = [self._fields.get(scope.locals.get(i.name, "")) if isinstance(i, sx.Var)
                   else None for i in e.items]
            bases = {g[0] for g in got if g is not None}
            if len(bases) == 1 and all(g is not None and g[1] == f
                                       for g, f in zip(got, fields, strict=True)):
                return bases.pop()
            return f"{py_type}({', '.join(self.exp(i, scope) for i in e.items)})"
        return None

    def _field_lines(self, pairs: Iterable[tuple[str, str]]) -> list[str]:
        """``py = path`` lines, each local a field of a value (``b = s.board``) remembered."""
        out: list[str] = []
        for py, path in pairs:
            base, dot, field = path.rpartition(".")
            if dot and base.isidentifier() and field.isidentifier():
                self._fields[py] = (base, field)
            out.append(f"{py} = {path}")
        return out

    # ---------------------------------------------------------------- types
    def ty(self, t: sx.Ty, scope: Scope) -> str:
        """An SML type as a Python annotation (``'a Seq.seq`` → ``Seq[A]``)."""
        match t:
            case sx.TVar(_, name):
                var = name.strip("'").upper() or "A"
                self.tyvars.add(var)
                return var
            case sx.TTuple(_, items):
                return f"tuple[{', '.join(self.ty(i, scope) for i in items)}]"
            case sx.TArrow(_, arg, result):
                params = arg.items if isinstance(arg, sx.TTuple) else (arg,)
                self.imports.add("from collections.abc import Callable")
                return (f"Callable[[{', '.join(self.ty(p, scope) for p in params)}], "
                        f"{self.ty(result, scope)}]")
            case sx.TCon(pos, name, args):
                py_args = [self.ty(a, scope) for a in args]
                short = name.split(".")[-1]
                base = {"int": "int", "bool": "bool", "string": "str", "real": "float",
                        "char": "str", "unit": "None", "list": "list", "option": "Maybe",
                        "seq": "Seq", "order": "Order", "exn": "Exception", "lview": "LView",
                        "tview": "TView"}.get(short)
                if base in ("LView", "TView"):
                    self.imports.add(f"from sml150.lib.seq import {base}")
                if base == "Maybe":
                    self.imports.add("from returns.maybe import Maybe, Nothing, Some")
                if base == "Order":
                    self.imports.add("from sml150.lib.basis import Order")
                owner = name.rpartition(".")[0]
                if base is None and owner in scope.structs and owner not in _LIBRARY_IMPORTS \
                        and not scope.structs[owner].startswith(("self", "Est")):
                    self.imports.add("from typing import Any")  # a type of a structure the
                    base = "Any"  # program applies a functor for (a test's R.state)
                if base is None:
                    base = scope.types.get(name) or scope.types.get(short)
                if base is None:
                    raise PortError(f"{pos}: unknown type {name}")
                return f"{base}[{', '.join(py_args)}]" if py_args else base
            case sx.TRecord(_, fields):
                return self.record_class(tuple(k for k, _ in fields), scope)
        raise PortError(f"{t.pos}: type not ported")  # pragma: no cover

    def record_class(self, labels: tuple[str, ...], scope: Scope, flexible: bool = False,
                     pos: sx.Pos | None = None) -> str:
        """The class of the record type with ``labels`` (``flexible``: at least those).

        The program's own record type with exactly those labels, else one made for them
        (``anonymous_records``); a flexible pattern's (``{os, ...}``) must name exactly one
        of the program's record types.
        """
        key = tuple(sorted(labels))
        if not flexible:
            if key in scope.labelled:
                return _generic_base(scope.labelled[key])
            for cls, fields in scope.records.items():  # a starter's class (TTTState)
                if tuple(sorted(fields)) == key:
                    return cls
            if key not in self.anonymous:
                self.anonymous[key] = "Record_" + "_".join(snake(k) for k in key)
            return self.anonymous[key]
        found = {c for k, c in [*scope.labelled.items(), *self.anonymous.items()]
                 if set(labels) <= set(k)}
        if len(found) != 1:
            raise PortError(f"{pos}: a record pattern with `...` whose record type is not one "
                            f"known type (labels {', '.join(labels)})")
        return _generic_base(found.pop())

    def anonymous_records(self) -> list[str]:
        """The classes of the record types the program wrote without naming them."""
        if not self.anonymous:
            return []
        self.imports.update({"import attrs", "from typing import Any"})
        out: list[str] = []
        known = self.annotator.record_fields if self.annotator is not None else {}
        for labels, cls in sorted(self.anonymous.items()):
            types = known.get(labels, {})  # what inference found (a type variable's: Any)
            out += ["", "", "@attrs.frozen", f"class {cls}:",
                    f'    """An SML record {{{", ".join(labels)}}} (no type names it)."""',
                    *(f"    {snake(k)}: {types.get(k) or 'Any'}" for k in labels)]
        return out


# -------------------------------------------------------------------- helpers


def _vague(annotation: str | None) -> bool:
    """Whether an annotation says less than SML knows: none, or ``Any`` in it.

    >>> _vague(None), _vague("list[Any]"), _vague("AnyOf")
    (True, True, False)
    """
    return annotation is None or re.search(r"\bAny\b", annotation) is not None


def _form(e: sx.Exp) -> str:
    return {"Case": "case", "Let": "let", "Handle": "handle", "Raise": "raise",
            "SeqExp": "(e1; e2)", "If": "if"}.get(type(e).__name__, type(e).__name__)


def _needs(e: sx.Exp, scope: Scope) -> bool:
    try:
        Emitter().exp(e, scope)
    except _NeedStatements:
        return True
    except PortError:
        return False
    return False


_LIBRARY_IMPORTS: dict[str, str] = {
    "Seq": "from sml150.lib.seq import Seq",
    "SeqUtils": "from sml150.lib.sequtils import SeqUtils",
}

_COMBINERS: dict[str, tuple[int, ...]] = {
    "Seq.reduce": (0,), "Seq.mapreduce": (2,), "Seq.reduce1": (0,), "SeqUtils.reduce1": (0,),
    "Seq.map_idx": (0,), "ListMergeSort.sort": (0,), "List.foldl": (0,), "List.foldr": (0,),
    "foldl": (0,), "foldr": (0,),
}
"""Library functions whose function argument (by position) is called with two arguments."""


def _fun(name: str, scope: Scope) -> FunSig | None:
    """The program's function ``name`` (an SML name, or its snake_case spelling)."""
    return scope.funs.get(name) or (scope.funs.get(snake(name)) if name not in scope.locals
                                    else None)


def _own_member(name: str, scope: Scope) -> bool:
    """Whether ``name`` is ``S.x`` for a structure ``S`` the program itself declares."""
    prefix = name.rpartition(".")[0]
    return bool(prefix) and prefix in scope.structs and prefix not in _LIBRARY_IMPORTS


def _is_con_name(name: str, scope: Scope) -> bool:
    """Whether ``name`` is a constructor (a long name always is: variables are short)."""
    return "." in name or name in scope.cons or name in LIB_CONS


def _eta(params: list[str], body: str) -> str | None:
    """The function ``f`` when a lambda is ``lambda x: f(x)``, ``f`` a name not reading ``x``.

    Not a class (a constructor's value keeps its lambda, as the port types it there).

    >>> _eta(["x"], "graphseq.to_list(x)"), _eta(["x"], "f(x, x)"), _eta(["x"], "Some(x)")
    ('graphseq.to_list', None, None)
    """
    if len(params) != 1:
        return None
    found = re.fullmatch(r"([A-Za-z_][\w.]*)\((\w+)\)", body)
    if found is None or found[2] != params[0]:
        return None
    parts = found[1].split(".")
    if params[0] in parts or not parts[-1].lstrip("_")[:1].islower():
        return None
    return found[1]


def holds_fn(e: sx.Exp) -> bool:
    """Whether ``e`` passes a ``fn`` in its arguments (``to_list (map (fn x => ...) s)``).

    >>> from sml150.port.parser import parse
    >>> holds_fn(parse("val x = f (g (fn y => y), 1)")[0].binds[0][1])
    True
    """
    match e:
        case sx.Fn():
            return True
        case sx.App(_, fn, arg):
            return holds_fn(fn) or holds_fn(arg)
        case sx.Tuple(_, items) | sx.ListExp(_, items):
            return any(holds_fn(i) for i in items)
        case sx.Typed(_, inner, _):
            return holds_fn(inner)
    return False


def _maps_a_call(e: sx.Exp) -> bool:
    """Whether ``e`` calls the library with a ``fn`` whose body is a call (mypy needs the type).

    Passed on to a function, ``Seq.map(lambda r: Seq.nth(0, r), g)`` makes mypy solve the
    lambda's result as ``Never``; held in a temporary declared with its type, it does not.

    >>> from sml150.port.parser import parse
    >>> [_maps_a_call(parse(f"val x = {e}")[0].binds[0][1])
    ...  for e in ("Seq.map (fn r => f r) g", "Seq.map (fn r => r + 1) g", "f (fn r => g r)")]
    [True, False, False]
    """
    if not isinstance(e, sx.App) or e.infix:
        return False
    head, args = _spine(e)
    if not (isinstance(head, sx.Var) and head.name.startswith(("Seq.", "SeqUtils."))):
        return False
    flat = [i for a in args for i in (a.items if isinstance(a, sx.Tuple) else (a,))]
    for given in flat:
        a = given
        while isinstance(a, sx.Typed):
            a = a.exp
        if isinstance(a, sx.Fn) and len(a.rules) == 1:
            body = a.rules[0].body
            while isinstance(body, sx.Typed):
                body = body.exp
            if isinstance(body, sx.App) and not body.infix:
                return True
    return False


def _has_empty(e: sx.Exp) -> bool:
    """Whether ``e`` builds an empty list or sequence in its arguments (mypy types it ``Never``).

    >>> from sml150.port.parser import parse
    >>> [_has_empty(parse(f"val x = {e}")[0].binds[0][1]) for e in ("f ([], 1)", "f [1]")]
    [True, False]
    """
    match e:
        case sx.ListExp(_, items):
            return not items or any(_has_empty(i) for i in items)
        case sx.Var(_, name):
            return name in ("nil", "Seq.empty")
        case sx.App(_, fn, arg):
            return _has_empty(fn) or _has_empty(arg)
        case sx.Tuple(_, items):
            return any(_has_empty(i) for i in items)
        case sx.Typed(_, inner, _):
            return _has_empty(inner)
    return False


def _has_tyvar(t: sx.Ty) -> bool:
    """Whether the SML type ``t`` names a type variable (``'a list``)."""
    match t:
        case sx.TVar():
            return True
        case sx.TTuple(_, items):
            return any(_has_tyvar(i) for i in items)
        case sx.TArrow(_, arg, result):
            return _has_tyvar(arg) or _has_tyvar(result)
        case sx.TCon(_, _, args):
            return any(_has_tyvar(a) for a in args)
        case sx.TRecord(_, fields):
            return any(_has_tyvar(f) for _, f in fields)
    return False


def _untyped(p: sx.Pat) -> sx.Pat:
    while isinstance(p, sx.PTyped):
        p = p.pat
    return p


def _irrefutable(p: sx.Pat, scope: Scope) -> bool:
    core = _untyped(p)
    match core:
        case sx.PWild():
            return True
        case sx.PVar(_, name):
            return not _is_con_name(name, scope)
        case sx.PTuple(_, items):
            return all(_irrefutable(i, scope) for i in items)
        case sx.PRecord(_, fields, _):
            return all(_irrefutable(q, scope) for _, q in fields)
        case sx.PAs(_, _, inner):
            return _irrefutable(inner, scope)
    return False


def _simple_binds(p: sx.Pat, path: str, scope: Scope) -> dict[str, tuple[str, str]] | None:
    """Variables of an irrefutable tuple-of-variables pattern: SML → (Python, access path)."""
    if isinstance(p, sx.PTyped) and isinstance(p.pat, sx.PTuple) and isinstance(p.ty, sx.TCon):
        fields = next((f for cls, f in scope.records.items()
                       if scope.types.get(p.ty.name) == cls), None)
        if fields is not None and len(fields) == len(p.pat.items):
            out: dict[str, tuple[str, str]] = {}
            for f, item in zip(fields, p.pat.items, strict=True):
                sub = _simple_binds(item, f"{path}.{f}", scope)
                if sub is None:
                    return None
                out.update(sub)
            return out
    core = _untyped(p)
    match core:
        case sx.PWild():
            return {}
        case sx.PVar(_, name) if not _is_con_name(name, scope):
            return {name: (snake(name), path or snake(name))}
        case sx.PAs(_, name, inner):
            rest = _simple_binds(inner, path or snake(name), scope)
            return None if rest is None else {**rest, name: (snake(name), path or snake(name))}
        case sx.PTuple(_, items) if items:
            out = {}
            for i, item in enumerate(items):
                sub = _simple_binds(item, f"{path}[{i}]", scope)
                if sub is None:
                    return None
                out.update(sub)
            return out
        case sx.PRecord(_, rows, _) if path:
            out = {}
            for label, row in rows:
                sub = _simple_binds(row, f"{path}.{snake(label)}", scope)
                if sub is None:
                    return None
                out.update(sub)
            return out
    return None


def _param_groups(c: sx.Clause) -> list[list[sx.Pat]]:
    """A clause's curried arguments, each a tupled group (spread) or one pattern."""
    groups: list[list[sx.Pat]] = []
    for p in c.pats:
        core = _untyped(p)
        if isinstance(core, sx.PTuple) and not core.items:  # `f ()`: no parameter
            groups.append([])
        elif isinstance(core, sx.PTuple) and len(core.items) > 1 and not isinstance(p, sx.PTyped):
            groups.append(list(core.items))
        else:
            groups.append([p])
    return groups


def _tuple_of(group: list[sx.Pat]) -> sx.Pat:
    return group[0] if len(group) == 1 else sx.PTuple(group[0].pos, tuple(group))


def _spread(c: sx.Clause, n: int) -> list[sx.Pat]:
    flat = [p for g in _param_groups(c) for p in g]
    if len(flat) == n:
        return flat
    if len(c.pats) == n:
        return list(c.pats)
    if len(c.pats) == 1 and isinstance(_untyped(c.pats[0]), (sx.PWild, sx.PVar)):
        return [c.pats[0]]
    raise PortError(f"{c.pos}: this clause takes {len(flat)} arguments, the function {n}")


def _paren(expr: str) -> str:
    """``expr`` in parentheses unless it is one name, call or enclosed group already.

    >>> _paren("a and b"), _paren("f(x)"), _paren("(a or b)")
    ('(a and b)', 'f(x)', '(a or b)')
    """
    if _enclosed(expr) or expr.replace(".", "").replace("_", "").isalnum():
        return expr
    if expr.endswith(")") and expr[:expr.index("(")].replace(".", "_").isidentifier() and \
            _enclosed(expr[expr.index("("):]):
        return expr
    return f"({expr})"


def _as_record_pat(p: sx.Pat, cls: str, scope: Scope) -> sx.Pat:
    """A tuple pattern on a value of the record class ``cls`` as a pattern of its fields.

    ``(b, p)`` on a ``TTTState`` is ``{board = b, player = p}``; another pattern is kept.
    """
    core = _untyped(p)
    fields = scope.records.get(cls, ())
    if isinstance(core, sx.PAs):
        return sx.PAs(core.pos, core.name, _as_record_pat(core.pat, cls, scope))
    if isinstance(core, sx.PTuple) and len(core.items) == len(fields):
        return sx.PRecord(core.pos, tuple(zip(fields, core.items, strict=True)), False)
    return p


def _tuple_size(t: Any, scope: Scope) -> int:
    """How many items the inferred type ``t`` is a tuple of.

    0 when it is no tuple, or one a record class stands for (HW10's ``state``).
    """
    alias = getattr(t, "alias", None)
    if alias is not None and scope.types.get(alias.name) in scope.records:
        return 0
    if getattr(t, "name", None) == "*" and len(getattr(t, "args", ())) > 1:
        return len(t.args)
    return 0


def _ref_init(e: sx.Exp) -> sx.Exp | None:
    """``x`` when ``e`` is ``ref x`` (a new reference cell)."""
    while isinstance(e, sx.Typed):
        e = e.exp
    if isinstance(e, sx.App) and not e.infix and isinstance(e.fn, sx.Var) and e.fn.name == "ref":
        return e.arg
    return None


def _with_nonlocals(lines: list[str], names: set[str]) -> list[str]:
    """A ``def``'s lines with ``nonlocal`` for the outer refs its body assigns."""
    if not names:
        return lines
    at = next(i for i, line in enumerate(lines) if line.startswith("def "))
    return [*lines[:at + 1], f"{_IND}nonlocal {', '.join(sorted(names))}", *lines[at + 1:]]


def _only_tuples(p: sx.Pat) -> bool:
    """Whether ``p`` is variables and wildcards in (nested) tuples: a Python assignment target."""
    core = _untyped(p)
    if isinstance(core, sx.PTuple):
        return all(_only_tuples(i) for i in core.items)
    return isinstance(core, (sx.PVar, sx.PWild))


def _select(x: str, label: str) -> str:
    """SML ``#label x`` in Python: a tuple's item, or a record's field.

    >>> _select("p", "2"), _select("r", "maxDepth")
    ('p[1]', 'r.max_depth')
    """
    return f"{x}[{int(label) - 1}]" if label.isdigit() else f"{x}.{snake(label)}"


def _generic_base(cls: str) -> str:
    """A class as a constructor or pattern: ``run`` for the alias ``run[A]``."""
    return cls.split("[", 1)[0]


def _bare_tuple(py: str) -> str:
    """A tuple pattern without its outer parentheses, as an assignment's target.

    >>> _bare_tuple("(p, (r, c))"), _bare_tuple("(x,)"), _bare_tuple("y")
    ('p, (r, c)', 'x,', 'y')
    """
    return py[1:-1] if _enclosed(py) else py


def _enclosed(expr: str) -> bool:
    """Whether one pair of parentheses encloses all of ``expr`` (string literals skipped).

    ``(2 * n) + 2`` starts with one but is not enclosed: it needs its own pair as an operand.

    >>> _enclosed("(a + b)"), _enclosed("(2 * n) + 2"), _enclosed("(a)(b)"), _enclosed("x")
    (True, False, False, False)
    """
    if not (expr.startswith("(") and expr.endswith(")")):
        return False
    depth, i = 0, 0
    while i < len(expr):
        ch = expr[i]
        if ch in "'\"":  # a string literal: to its closing quote
            i += 1
            while i < len(expr) and expr[i] != ch:
                i += 2 if expr[i] == "\\" else 1
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0 and i < len(expr) - 1:
                return False  # the first parenthesis closes before the end
        i += 1
    return True


def _unwrap(expr: str) -> str:
    """``expr`` without one pair of parentheses around all of it (``(a and b)`` → ``a and b``).

    A tuple, a lambda and ``(a)(b)`` keep theirs. String literals are skipped while counting.

    >>> _unwrap("(a and b)"), _unwrap("(a)(b)"), _unwrap("(a, b)"), _unwrap("('(' + x) + f(')')")
    ('a and b', '(a)(b)', '(a, b)', "('(' + x) + f(')')")
    """
    if not (expr.startswith("(") and expr.endswith(")")) or expr.startswith("(lambda"):
        return expr
    depth, i, comma = 0, 0, False
    while i < len(expr):
        ch = expr[i]
        if ch in "'\"":  # a string literal: to its closing quote
            i += 1
            while i < len(expr) and expr[i] != ch:
                i += 2 if expr[i] == "\\" else 1
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0 and i < len(expr) - 1:
                return expr  # the first parenthesis closes before the end
        elif ch == "," and depth == 1:
            comma = True
        i += 1
    return expr if comma else expr[1:-1]


def _head(e: sx.App) -> str | None:
    f, _ = _spine(e)
    return f.name if isinstance(f, sx.Var) else None


def _calls(node: Any, name: str) -> int:
    """How many applications of ``name`` ``node`` holds (anywhere)."""
    if isinstance(node, sx.App):
        here = 1 if not node.infix and _head(node) == name and node is not None else 0
        f, args = _spine(node)
        if f is node:
            return _calls(node.fn, name) + _calls(node.arg, name)
        return here + _calls(f, name) + sum(_calls(a, name) for a in args)
    if isinstance(node, tuple | list):
        return sum(_calls(x, name) for x in node)
    if attrs.has(type(node)):
        return sum(_calls(getattr(node, f.name), name) for f in attrs.fields(type(node)))
    return 0


def _tail_calls(e: Any, name: str) -> int:
    """How many applications of ``name`` are in tail position in ``e``."""
    match e:
        case sx.If(_, _, then, orelse):
            return _tail_calls(then, name) + _tail_calls(orelse, name)
        case sx.Case(_, _, rules):
            return sum(_tail_calls(r.body, name) for r in rules)
        case sx.Let(_, _, body) | sx.SeqExp(_, body):
            return _tail_calls(body[-1], name)
        case sx.Typed(_, inner, _):
            return _tail_calls(inner, name)
        case sx.App() if _head(e) == name and not e.infix:
            return 1
    return 0


def _is_tail_recursive(fb: sx.FunBind) -> bool:
    """Whether ``fb`` is a loop in disguise.

    Every call of ``fb`` to itself is a tail call, and no ``fn`` or local ``fun`` could capture
    its parameters (a loop rebinds them).
    """
    calls = _calls(fb.clauses, fb.name)
    tails = sum(_tail_calls(c.body, fb.name) for c in fb.clauses)
    return calls > 0 and calls == tails and not _has(fb.clauses, (sx.Fn, sx.Fun))


def _has(node: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(node, kinds):
        return True
    if isinstance(node, tuple | list):
        return any(_has(x, kinds) for x in node)
    if attrs.has(type(node)):
        return any(_has(getattr(node, f.name), kinds) for f in attrs.fields(type(node)))
    return False


def _walks_input(fb: sx.FunBind) -> bool:
    """Whether ``fb`` walks a sequence or list element by element (``showl``, ``x :: xs``).

    Its recursion is then as deep as the input is long.
    """
    def walks(node: Any) -> bool:
        match node:
            case sx.Var(_, name):
                return name == "Seq.showl"
            case sx.PCon(_, "::", _):
                return True
        if isinstance(node, tuple | list):
            return any(walks(x) for x in node)
        if attrs.has(type(node)):
            return any(walks(getattr(node, f.name)) for f in attrs.fields(type(node)))
        return False
    return walks(fb.clauses)


def groups_of(fb: sx.FunBind) -> tuple[int, ...]:
    """The sizes of ``fb``'s curried arguments as spread (see ``FunSig.groups``)."""
    return tuple(len(g) for g in _param_groups(fb.clauses[0]))


def arity(fb: sx.FunBind) -> int:
    """How many Python parameters ``fb`` takes (each tupled argument spread)."""
    return sum(len(g) for g in _param_groups(fb.clauses[0]))


def _spine(e: sx.App) -> tuple[sx.Exp, list[sx.Exp]]:
    args: list[sx.Exp] = []
    f: sx.Exp = e
    while isinstance(f, sx.App) and not f.infix:
        args.append(f.arg)
        f = f.fn
    return f, list(reversed(args))  # the head may be an infix application: `(f o g) x`


@attrs.frozen
class _Star:
    """An argument spread over ``size`` parameters (``*ab``): a tuple that is no literal."""

    exp: sx.Exp
    "The tuple."
    size: int
    "How many parameters it fills."


def _grouped_parts(sig: FunSig | None, args: list[sx.Exp],
                   ) -> tuple[list[sx.Exp | _Star], list[sx.Exp]] | None:
    """A call's arguments as the parameters of a function whose tupled arguments are spread.

    ``f (a, b) v`` to ``fun f (a, b) v`` is ``f(a, b, v)``; ``f ab v`` is ``f(*ab, v)``. None
    when ``sig`` spreads no tuple (each SML argument one parameter); the arguments past the
    function's own are returned apart (applied to its result).
    """
    if sig is None or not sig.groups or max(sig.groups) < 2 or len(args) > len(sig.groups):
        return None
    parts: list[sx.Exp | _Star] = []
    for a, size in zip(args, sig.groups, strict=False):
        if size > 1 and isinstance(a, sx.Tuple) and len(a.items) == size:
            parts.extend(a.items)
        elif size > 1:
            parts.append(_Star(a, size))
        else:
            parts.append(a)
    return parts, list(args[len(sig.groups):])


def _distribute(e: sx.Exp) -> sx.Exp:
    """``(case c of p => f | q => g) x y`` as ``case c of p => f x y | q => g x y``.

    The same in SML (the function is chosen, then the arguments evaluated, on each path), and
    each arm then calls a named function as the SML calls it (its curried and tupled
    arguments spread over its Python parameters); ``if`` likewise.
    """
    if not isinstance(e, sx.App) or e.infix:
        return e
    head, args = _spine(e)
    while isinstance(head, sx.Typed):
        head = head.exp
    if not isinstance(head, (sx.Case, sx.If)) or not args:
        return e

    def applied(body: sx.Exp) -> sx.Exp:
        for a in args:
            body = sx.App(e.pos, body, a)
        return body

    if isinstance(head, sx.Case):
        return sx.Case(head.pos, head.scrutinee, tuple(
            sx.Rule(r.pos, r.pat, applied(r.body)) for r in head.rules))
    return sx.If(head.pos, head.cond, applied(head.then), applied(head.orelse))


def _composition(e: sx.Exp) -> tuple[sx.Exp, sx.Exp] | None:
    """``(f, g)`` when ``e`` is ``f o g``."""
    if (isinstance(e, sx.App) and e.infix and isinstance(e.fn, sx.Var) and e.fn.name == "o"
            and isinstance(e.arg, sx.Tuple) and len(e.arg.items) == 2):
        return e.arg.items[0], e.arg.items[1]
    return None


def _spread_args(args: list[sx.Exp], most: int) -> list[sx.Exp]:
    if len(args) == 1 and isinstance(args[0], sx.Tuple) and (
            len(args[0].items) == most or (most > 1 and len(args[0].items) > 1)):
        return list(args[0].items)
    if len(args) == 1 and isinstance(args[0], sx.Tuple) and not args[0].items:
        return []
    return args
