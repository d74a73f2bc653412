"""Deliberately wrong versions of the reference solutions, made by small checked text patches.

A ``Mutant`` replaces one exact snippet of one reference module (the snippet must occur exactly
``count`` times, and the result must still compile), so mutants follow the reference as it
changes and fail loudly when it changes under them. They serve two purposes: the grader's own
tests (each mutant loses points on exactly the tasks in ``breaks``), and HW11 Task 4.2 (a
student's tests must catch the Riskless mutants).

>>> m = Mutant("demo", "hw10", "las", "runs.append((1, x))", "runs.append((2, x))", {"5.7"})
>>> "runs.append((2, x))" in mutant_source(m)
True
"""

from __future__ import annotations

import ast
from typing import Final, Protocol, final

import attrs

from sml150.grading._starter import ModuleSpec, reference_source, starter_source

__all__ = [
    "OPERATORS",
    "AstMutant",
    "Modules",
    "Mutant",
    "any_mutant_source",
    "ast_mutant_source",
    "function_nodes",
    "generate",
    "mutant_source",
    "student_functions",
]


def _frozen(tasks: set[str] | frozenset[str]) -> frozenset[str]:
    return frozenset(tasks)


# (AstMutant is defined below; the registries at the end of the module use it.)


@final
@attrs.frozen
class Mutant:
    """One small, deliberate bug in one reference module."""

    name: str
    """What is wrong, in a few words."""
    hw: str
    """``hw10`` or ``hw11``."""
    module: str
    """The module patched, e.g. ``"jamboree"``."""
    find: str
    """The exact reference text replaced."""
    replace: str
    """What replaces it."""
    breaks: frozenset[str] = attrs.field(converter=_frozen)
    """The tasks this bug must cost points on (and no others)."""
    count: int = 1
    """How many times ``find`` occurs (all are replaced)."""


def mutant_source(m: Mutant | AstMutant) -> str:
    """The mutated module text; ``ValueError`` if the reference no longer fits the patch."""
    if isinstance(m, AstMutant):
        return ast_mutant_source(m)
    src = reference_source(m.hw, m.module)
    found = src.count(m.find)
    if found != m.count:
        raise ValueError(f"mutant {m.name!r}: {m.find!r} occurs {found} times in "
                         f"{m.hw}/{m.module}.py, expected {m.count}")
    out = src.replace(m.find, m.replace)
    compile(out, f"{m.module}.py", "exec")
    return out





# -- AST mutants: the power of the grader -------------------------------------------------------

OPERATORS: Final = ("cmp", "const", "binop", "boolop", "not", "if", "swap", "drop", "return",
                    "minmax")
"""The mutation operators: comparison flips (``<``/``<=``, ``==``/``!=``, ``is``/``is not``,
``in``/``not in``), integer constants off by one and ``True``/``False`` swapped, arithmetic
(``+``/``-``, ``*``/``//``), ``and``/``or``, dropped ``not``, negated ``if``/``while`` tests,
the first two arguments of a call swapped, a statement dropped (``pass``), a returned value
replaced by ``None``, ``min``/``max`` swapped."""

_CMP_FLIP: Final[dict[type, type]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BIN_FLIP: Final[dict[type, type]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}


@final
@attrs.frozen
class AstMutant:
    """One small bug at one site of one function of a reference module.

    ``site`` counts the function's nodes (``ast.walk`` order) where ``op`` applies, so the
    mutant follows the code it describes, not a line number; a refactor that moves the site
    makes the grader's own test (``breaks``) fail loudly.
    """

    hw: str
    """``hw10`` or ``hw11``."""
    module: str
    """The module mutated, e.g. ``"jamboree"``."""
    function: str
    """The qualified name of the function mutated (``"f"`` or ``"Class.method"``)."""
    op: str
    """One of ``OPERATORS``."""
    site: int
    """Which of the function's applicable nodes (0-based)."""
    name: str = ""
    """What is wrong, in a few words (for the grader's own tests)."""
    breaks: frozenset[str] = attrs.field(default=frozenset(), converter=_frozen)
    """The tasks this bug must cost points on (for the grader's own tests)."""

    @property
    def key(self) -> str:
        """A stable identifier: ``hw:module:function:op:site``."""
        return f"{self.hw}:{self.module}:{self.function}:{self.op}:{self.site}"


def _sites(fn: ast.AST, op: str) -> list[tuple[ast.AST, int]]:
    """(node, variant) where ``op`` applies inside ``fn`` (docstrings excluded)."""
    out: list[tuple[ast.AST, int]] = []
    for node in ast.walk(fn):
        match op:
            case "cmp" if isinstance(node, ast.Compare):
                out.extend((node, i) for i, o in enumerate(node.ops) if type(o) in _CMP_FLIP)
            case "const" if isinstance(node, ast.Constant):
                if isinstance(node.value, bool):
                    out.append((node, 0))
                elif isinstance(node.value, int):
                    out.extend([(node, 0), (node, 1)])
            case "binop" if isinstance(node, ast.BinOp) and type(node.op) in _BIN_FLIP:
                out.append((node, 0))
            case "boolop" if isinstance(node, ast.BoolOp):
                out.append((node, 0))
            case "not" if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                out.append((node, 0))
            case "if" if isinstance(node, ast.If | ast.While | ast.IfExp):
                out.append((node, 0))
            case "swap" if isinstance(node, ast.Call) and len(node.args) >= 2 \
                    and not any(isinstance(a, ast.Starred) for a in node.args[:2]):
                out.append((node, 0))
            case "drop" if isinstance(node, ast.FunctionDef | ast.For | ast.While | ast.If
                                      | ast.With | ast.Try):
                for field in ("body", "orelse"):
                    body = getattr(node, field, [])
                    if len(body) < 2:
                        continue
                    for i, stmt in enumerate(body):
                        if _is_docstring(stmt) or isinstance(stmt, ast.FunctionDef | ast.Pass):
                            continue
                        out.append((node, (i << 1) | (field == "orelse")))
            case "return" if isinstance(node, ast.Return) and node.value is not None \
                    and not (isinstance(node.value, ast.Constant) and node.value.value is None):
                out.append((node, 0))
            case "minmax" if isinstance(node, ast.Name) and node.id in ("min", "max"):
                out.append((node, 0))
    return out


def _is_docstring(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


def _apply(node: ast.AST, op: str, variant: int) -> None:
    match op:
        case "cmp":
            assert isinstance(node, ast.Compare)
            node.ops[variant] = _CMP_FLIP[type(node.ops[variant])]()
        case "const":
            assert isinstance(node, ast.Constant)
            if isinstance(node.value, bool):
                node.value = not node.value
            else:
                assert isinstance(node.value, int)
                node.value = node.value + (1 if variant == 0 else -1)
        case "binop":
            assert isinstance(node, ast.BinOp)
            node.op = _BIN_FLIP[type(node.op)]()
        case "boolop":
            assert isinstance(node, ast.BoolOp)
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        case "not":
            assert isinstance(node, ast.UnaryOp)
            node.operand = ast.UnaryOp(ast.Not(), node.operand)  # not not x: the bool of x
        case "if":
            assert isinstance(node, ast.If | ast.While | ast.IfExp)
            node.test = ast.UnaryOp(ast.Not(), node.test)
        case "swap":
            assert isinstance(node, ast.Call)
            node.args[0], node.args[1] = node.args[1], node.args[0]
        case "drop":
            body = getattr(node, "orelse" if variant & 1 else "body")
            body[variant >> 1] = ast.Pass()
        case "return":
            assert isinstance(node, ast.Return)
            node.value = ast.Constant(None)
        case "minmax":
            assert isinstance(node, ast.Name)
            node.id = "max" if node.id == "min" else "min"


def function_nodes(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    r"""The module's functions and its classes' methods, by name (``Class.method``).

    >>> sorted(function_nodes(ast.parse("class C:\n    def g(self): pass\ndef f(): pass")))
    ['C.g', 'f']
    """
    out: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out[node.name] = node
        elif isinstance(node, ast.ClassDef):
            out.update({f"{node.name}.{f.name}": f for f in node.body
                        if isinstance(f, ast.FunctionDef)})
    return out


def ast_mutant_source(m: AstMutant) -> str:
    """The module text of ``m``; ``ValueError`` if the reference no longer has its site.

    >>> src = ast_mutant_source(AstMutant("hw10", "las", "look_and_say", "const", 0))
    >>> src != reference_source("hw10", "las")
    True
    """
    tree = ast.parse(reference_source(m.hw, m.module))
    fns = function_nodes(tree)
    if m.function not in fns:
        raise ValueError(f"mutant {m.key}: no function {m.function} in {m.hw}/{m.module}.py")
    sites = _sites(fns[m.function], m.op)
    if m.site >= len(sites):
        raise ValueError(f"mutant {m.key}: {m.function} has only {len(sites)} {m.op} sites")
    node, variant = sites[m.site]
    _apply(node, m.op, variant)
    ast.fix_missing_locations(tree)
    out = ast.unparse(tree) + "\n"
    compile(out, f"{m.module}.py", "exec")
    return out


class Modules(Protocol):
    """What mutant generation needs of a homework (``_homework.Homework`` has it)."""

    @property
    def name(self) -> str:
        """The homework, e.g. ``hw10``."""
        ...

    @property
    def modules(self) -> tuple[ModuleSpec, ...]:
        """Its modules, with what their starter files leave out."""
        ...


def student_functions(hw: str, spec: ModuleSpec) -> list[str]:
    """The functions of a reference module that students write.

    Those are the starter's stubs and the private helpers the starter drops (the heuristics in
    ``brief`` excluded).

    >>> from sml150.grading.hw10 import HOMEWORK
    >>> spec = next(m for m in HOMEWORK.modules if m.name == "alphabeta")
    >>> "compare_ab" in student_functions("hw10", spec)
    True
    """
    ref = function_nodes(ast.parse(reference_source(hw, spec.name)))
    kept = function_nodes(ast.parse(starter_source(reference_source(hw, spec.name), spec)))
    dropped = [q for q in ref if q not in kept and q not in spec.brief]
    return [q for q in ref if q in spec.stubs or q in dropped]


def generate(homework: Modules, modules: tuple[str, ...] | None = None) -> list[AstMutant]:
    """Every AST mutant of the student-written functions of a homework, in a stable order.

    >>> from sml150.grading.hw10 import HOMEWORK
    >>> ms = generate(HOMEWORK, ("las",))
    >>> len(ms) > 20 and all(m.module == "las" for m in ms)
    True
    """
    hw = homework.name
    out: list[AstMutant] = []
    for spec in homework.modules:
        if modules is not None and spec.name not in modules:
            continue
        fns = function_nodes(ast.parse(reference_source(hw, spec.name)))
        for q in student_functions(hw, spec):
            for op in OPERATORS:
                sites = _sites(fns[q], op)
                out.extend(AstMutant(hw, spec.name, q, op, i) for i in range(len(sites)))
    return out


def any_mutant_source(m: Mutant | AstMutant) -> str:
    """The module text of a text-patch or an AST mutant."""
    return ast_mutant_source(m) if isinstance(m, AstMutant) else mutant_source(m)
