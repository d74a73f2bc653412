r"""The starter module's layout, read with Python's ``ast``.

Its functions and stubs, its constructors, exceptions and type aliases, and where new code
and imports go.

>>> tree, defs = read_starter("def f(x: int) -> int:\n    raise NotImplementedError\n")
>>> defs[(None, "f")].stub_line, defs[(None, "f")].params
(2, [('x', 'int')])
"""

from __future__ import annotations

import ast
import re

import attrs

from sml150.port import syntax as sx
from sml150.port.names import Con

__all__ = ["StarterDef", "add_imports", "class_fields", "first_def_line", "functor_class",
           "helper_anchor", "init_fields", "module_names", "read_starter", "sibling_imports",
           "starter_scope"]


@attrs.frozen
class StarterDef:
    """A function of the starter module."""

    name: str
    "Its name."
    owner: str | None
    "Its class, or None at module level."
    params: list[tuple[str, str | None]]
    "Its parameters (``self`` left out) and their annotations."
    result: str | None
    "Its result annotation."
    stub_line: int | None
    "The 1-based line of its ``raise NotImplementedError`` when it is a stub."
    is_property: bool
    "Whether it is a ``@property``."
    node: ast.FunctionDef
    "Its syntax tree."


def read_starter(text: str) -> tuple[ast.Module, dict[tuple[str | None, str], StarterDef]]:
    """The starter's syntax tree and its functions by (class or None, name)."""
    tree = ast.parse(text)
    defs: dict[tuple[str | None, str], StarterDef] = {}

    def visit(body: list[ast.stmt], owner: str | None) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef):
                args = node.args.args[1:] if owner else node.args.args
                params = [(a.arg, ast.unparse(a.annotation) if a.annotation else None)
                          for a in args]
                stub = None
                last = node.body[-1]
                if (isinstance(last, ast.Raise) and last.exc is not None
                        and ast.unparse(last.exc) == "NotImplementedError"):
                    stub = last.lineno
                prop = any(ast.unparse(d) == "property" for d in node.decorator_list)
                result = ast.unparse(node.returns) if node.returns else None
                defs[(owner, node.name)] = StarterDef(node.name, owner, params, result, stub,
                                                       prop, node)
            elif isinstance(node, ast.ClassDef):
                visit(node.body, node.name)

    visit(tree.body, None)
    return tree, defs


def starter_scope(tree: ast.Module) -> tuple[dict[str, Con], dict[str, str], dict[str, str]]:
    """The starter's constructors, exceptions and types (by SML-ish name → Python)."""
    cons: dict[str, Con] = {}
    exns: dict[str, str] = {}
    types: dict[str, str] = {}
    generic = {"State", "Move"}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            bases = [ast.unparse(b) for b in node.bases]
            if any(b.endswith("Enum") for b in bases):
                for item in node.body:
                    if isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
                        member = item.targets[0].id
                        cons[member] = Con(member, True, f"{node.name}.{member}", 0)
                types[node.name] = node.name
                types[node.name[:1].lower() + node.name[1:]] = node.name
            elif any(b in ("Exception", "ValueError", "LookupError", "RuntimeError")
                     for b in bases):
                exns[node.name] = node.name
            elif not node.name.startswith("_"):
                fields = [i for i in node.body if isinstance(i, ast.AnnAssign)]
                params = [b for b in bases if b.startswith("Generic[")]
                arg = params[0][len("Generic"):] if params else ""
                cons[node.name] = (Con(f"{node.name}()", True, f"{node.name}()", 0) if not fields
                                   else Con(node.name, False, node.name, len(fields)))
                types[node.name] = node.name + arg
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and (
                node.annotation is not None and ast.unparse(node.annotation) == "TypeAlias"):
            rhs = ast.unparse(node.value) if node.value else ""
            used = sorted(g for g in generic if re.search(rf"\b{g}\b", rhs))
            name = node.target.id
            types[name] = name + (f"[{', '.join(used)}]" if used else "")
            types[name.lower()] = types[name]
    return cons, exns, types


def sibling_imports(tree: ast.Module) -> dict[str, set[str]]:
    """Names a starter module imports from another module of the homework.

    ``from alphabeta import Bound``.
    """
    out: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and "." not in node.module:
            out.setdefault(node.module, set()).update(a.asname or a.name for a in node.names)
    return out


def module_names(tree: ast.Module, cls: str | None) -> set[str]:
    """Names the starter binds where a helper would go: its module's and its class's."""
    out: set[str] = set()
    bodies: list[list[ast.stmt]] = [tree.body]
    bodies += [n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls]
    for body in bodies:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                out.add(node.name)
            elif isinstance(node, ast.Assign):
                out.update(t.id for t in node.targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                out.add(node.target.id)
    return out


def first_def_line(tree: ast.Module) -> int:
    """The 0-based line where the module's first ``def`` or ``class`` starts.

    Decorators included: module-level helpers go just before it.
    """
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            return min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
    return len(tree.body)


def helper_anchor(tree: ast.Module, cls: str | None, lines: list[str]) -> int:
    """The line after which helpers go.

    The end of the functor's class, else of the last module-level function before the first
    class.
    """
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls and node.end_lineno:
            return node.end_lineno
    last = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.end_lineno:
            last = node.end_lineno
    return last or len(lines)


def add_imports(text: str, needed: set[str]) -> str:
    """``text`` with the import lines of ``needed`` it lacks, after ``from __future__``."""
    tree = ast.parse(text)
    have: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.ImportFrom, ast.Import)):
            have.update(a.asname or a.name for a in node.names)
    new: list[str] = []
    for line in sorted(needed):
        if line.startswith("import "):
            if line.split()[1] not in have:
                new.append(line)
            continue
        mod, _, names = line.partition(" import ")
        missing = [n.strip() for n in names.split(",") if n.strip() not in have]
        if missing:
            new.append(f"{mod} import {', '.join(missing)}")
            have.update(missing)
    if not new:
        return text
    marker = "from __future__ import annotations\n"
    at = text.index(marker) + len(marker) if marker in text else 0
    return text[:at] + "".join(line + "\n" for line in new) + text[at:]


def init_fields(tree: ast.Module, cls: str) -> tuple[str, ...]:
    """The public fields of the starter's class ``cls`` (those its constructor takes)."""
    return tuple(f for f in class_fields(tree, cls) if not f.startswith("_"))


def class_fields(tree: ast.Module, cls: str | None) -> list[str]:
    """The annotated fields of the module's class ``cls``, in order."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return [i.target.id for i in node.body
                    if isinstance(i, ast.AnnAssign) and isinstance(i.target, ast.Name)]
    return []


def functor_class(tree: ast.Module, unit: sx.Functor | sx.Structure | None) -> str | None:
    """The starter's class for the SML functor ``unit`` (``_AlphaBeta``), if it has one."""
    if not isinstance(unit, sx.Functor):
        return None
    want = f"_{unit.name}"
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == want:
            return want
    return None
