"""Student starter files, generated from the reference solutions with ``ast``.

Each task's function keeps its signature; its docstring becomes the handout's sentences for its
task (the same quotes the grader's cases enforce, ``_quotes``) and its body ``raise
NotImplementedError``; private helpers that only the solutions used are then removed
(repeatedly, until none is left unreferenced), so the starter holds the given code and nothing
of the solutions. Imports of ``sml150.handouts.hwNN.X`` become imports of the top-level module
``X``: a student's directory holds the homework's modules side by side.

>>> src = '''
... def _helper(x):
...     return x + 1
... def task(x):
...     "Task 1.1. Add one."
...     return _helper(x)
... '''
>>> print(starter_source(src, ModuleSpec("m", docs=(("task", "Task 1.1", ("Add one.",)),))))
\"\"\"The homework: ``m``, starter file.
<BLANKLINE>
Each function to write quotes, in its docstring, the handout's sentences that the
grader checks; nothing else is graded. The given code is the course's.
\"\"\"
<BLANKLINE>
def task(x):
    \"\"\"Task 1.1. What the handout asks (the grader checks only this):
<BLANKLINE>
    > Add one.
<BLANKLINE>
    \"\"\"
    raise NotImplementedError
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Final, final

import attrs

import sml150

__all__ = [
    "HELPER_DOC",
    "Doc",
    "ModuleSpec",
    "handout_docstring",
    "quoted_docs",
    "reference_source",
    "solution_source",
    "starter_source",
]

_HEADER: Final = (
    "# Starter file for sml150 {hw}, generated from the course's reference solutions.\n"
    "# Replace each `raise NotImplementedError` with your code; keep the names and types.\n"
)


@final
@attrs.frozen
class ModuleSpec:
    """A homework module and the functions a starter file leaves to the student.

    ``stubs`` are qualified names (``"f"`` or ``"Class.method"``); ``brief`` are stubbed too
    with their docstring cut to its first paragraph (helpers whose full docstring would describe
    the reference's solution, e.g. its estimator's strategy).
    """

    name: str
    """The module's name, e.g. ``"alphabeta"``."""
    stubs: tuple[str, ...] = ()
    """The task functions (and solution helpers) whose bodies are removed."""
    brief: tuple[str, ...] = ()
    """Stubbed functions whose docstring is shortened."""
    docs: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    """(qualified name, task, handout quotes): each graded function's starter docstring is
    made of its task's quotes and nothing else (``handout_docstring``), so a starter never
    promises more than the handout. Stubs not listed are helpers the handout does not grade."""


Doc = tuple[str, str, tuple[str, ...]]
"""(function, task, quotes): one entry of a ``ModuleSpec``'s ``docs``."""


def quoted_docs(quotes: Mapping[str, str], *entries: Doc) -> tuple[Doc, ...]:
    """``docs`` for a ``ModuleSpec``: (function, task, quote keys) -> the quotes' text.

    >>> quoted_docs({"k": "Define next_move."}, ("next_move", "Task 7.4", ("k",)))
    (('next_move', 'Task 7.4', ('Define next_move.',)),)
    """
    return tuple((name, task, tuple(quotes[k] for k in keys)) for name, task, keys in entries)


def reference_source(hw: str, module: str) -> str:
    """The text of ``sml150/handouts/<hw>/<module>.py``."""
    path = Path(sml150.__file__).parent / "handouts" / hw / f"{module}.py"
    return path.read_text(encoding="utf-8")


_IMPORT_RE: Final = re.compile(r"\bsml150\.handouts\.hw\d+\.(\w+)")


def solution_source(src: str) -> str:
    """The reference source as a submission: imports of sibling modules made top-level.

    >>> solution_source("from sml150.handouts.hw10.alphabeta import compare_ab")
    'from alphabeta import compare_ab'
    """
    return _IMPORT_RE.sub(r"\1", src)


class _Imports(ast.NodeTransformer):
    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.ImportFrom:
        if node.module is not None:
            node.module = _IMPORT_RE.sub(r"\1", node.module)
        return node

    def visit_Import(self, node: ast.Import) -> ast.Import:
        for alias in node.names:
            alias.name = _IMPORT_RE.sub(r"\1", alias.name)
        return node


def _docstring(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.Expr | None:
    first = fn.body[0] if fn.body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return first
    return None


HELPER_DOC: Final = ("A helper of the starter code. The handout does not grade it: keep it, "
                     "change it, or leave it\n{indent}unused.\n{indent}")
"""The docstring of a stubbed function no task grades."""


def handout_docstring(task: str, quotes: tuple[str, ...], indent: str = "    ") -> str:
    """A starter function's docstring: its task and the handout's sentences, quoted.

    These are exactly the sentences the grader's cases for the task enforce; nothing else is
    promised or checked.

    >>> print(handout_docstring("Task 7.4", ("Define next_move.",), ""))
    Task 7.4. What the handout asks (the grader checks only this):
    <BLANKLINE>
    > Define next_move.
    <BLANKLINE>
    """
    lines = [f"{task}. What the handout asks (the grader checks only this):", ""]
    for q in quotes:
        lines += [f"{indent}> {line}".rstrip() for line in _wrap(q, 92 - len(indent))]
        lines.append("")
    return "\n".join(lines) + indent


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def _stub(fn: ast.FunctionDef | ast.AsyncFunctionDef, doc: str) -> None:
    fn.body = [ast.Expr(ast.Constant(doc)),
               ast.Raise(exc=ast.Name("NotImplementedError", ast.Load()), cause=None)]


def _find(tree: ast.Module, qualname: str) -> ast.FunctionDef | ast.AsyncFunctionDef:
    parts = qualname.split(".")
    scope: list[ast.stmt] = tree.body
    for i, part in enumerate(parts):
        for node in scope:
            if isinstance(node, ast.ClassDef) and node.name == part and i < len(parts) - 1:
                scope = node.body
                break
            if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == part
                    and i == len(parts) - 1):
                return node
        else:
            break
    raise LookupError(f"starter: no function {qualname} in the reference module")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _defined_name(node: ast.stmt) -> str | None:
    match node:
        case ast.FunctionDef(name=n) | ast.AsyncFunctionDef(name=n) | ast.ClassDef(name=n):
            return n
        case ast.Assign(targets=[ast.Name(id=n)]):
            return n
        case ast.AnnAssign(target=ast.Name(id=n)):
            return n
    return None


def _refs(node: ast.AST) -> Counter[str]:
    found: Counter[str] = Counter()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            found[sub.id] += 1
        elif isinstance(sub, ast.Attribute):
            found[sub.attr] += 1
    return found


def _prune(tree: ast.Module) -> None:
    """Remove the private definitions that public code does not reach (cycles included).

    Roots are everything outside private definitions; a private definition is live when a
    root or a live definition refers to its name.
    """
    scopes: list[list[ast.stmt]] = [tree.body]
    scopes += [n.body for n in tree.body if isinstance(n, ast.ClassDef)]
    candidates: list[tuple[list[ast.stmt], ast.stmt, str]] = []
    for scope in scopes:
        for node in scope:
            name = _defined_name(node)
            if name is None or not _private(name):
                continue
            if scope is not tree.body and not isinstance(
                    node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue  # class-level fields stay (they are the record's shape)
            candidates.append((scope, node, name))
    inside = {id(node) for _, node, _ in candidates}

    def refs(top: ast.AST) -> set[str]:
        """Names ``top`` refers to, not counting the private definitions nested in it."""
        found: set[str] = set()
        stack = [top]
        while stack:
            node = stack.pop()
            if node is not top and id(node) in inside:
                continue
            if isinstance(node, ast.Name):
                found.add(node.id)
            elif isinstance(node, ast.Attribute):
                found.add(node.attr)
            stack.extend(ast.iter_child_nodes(node))
        return found

    live = {name for name in refs(tree) if _private(name)}
    by_name: dict[str, list[ast.stmt]] = {}
    for _, node, name in candidates:
        by_name.setdefault(name, []).append(node)
    frontier = list(live)
    while frontier:
        for node in by_name.get(frontier.pop(), []):
            for ref in refs(node):
                if _private(ref) and ref not in live:
                    live.add(ref)
                    frontier.append(ref)
    for scope, node, name in candidates:
        if name not in live:
            scope.remove(node)
    for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)]:
        if not cls.body:
            cls.body.append(ast.Pass())


def starter_source(src: str, spec: ModuleSpec, hw: str = "") -> str:
    """The starter file for the module ``src`` (see the module docstring).

    REQUIRES: every name of ``spec.stubs``, ``spec.brief`` and ``spec.docs`` is a function of
    ``src`` (else ``LookupError``: the reference changed and the spec must follow).
    ENSURES: each stub's docstring is its task's handout quotes (``handout_docstring``) or, for a
    helper no task grades, ``HELPER_DOC``; the module docstring promises nothing of its own.
    """
    tree = ast.parse(src)
    docs = {name: (task, quotes) for name, task, quotes in spec.docs}
    for name in dict.fromkeys((*spec.stubs, *spec.brief, *docs)):
        fn = _find(tree, name)
        indent = "        " if "." in name else "    "
        if name in docs:
            task, quotes = docs[name]
            _stub(fn, handout_docstring(task, quotes, indent))
        else:
            _stub(fn, HELPER_DOC.format(indent=indent))
    _set_module_docstring(tree, f"{hw or 'The homework'}: ``{spec.name}``, starter file.\n\n"
                                "Each function to write quotes, in its docstring, the handout's "
                                "sentences that the\ngrader checks; nothing else is graded. "
                                "The given code is the course's.\n")
    _prune(tree)
    tree = _Imports().visit(tree)
    ast.fix_missing_locations(tree)
    text = _IMPORT_RE.sub(r"\1", ast.unparse(tree)) + "\n"  # docstrings name modules too
    return (_HEADER.format(hw=hw) + text) if hw else text


def _set_module_docstring(tree: ast.Module, text: str) -> None:
    first = tree.body[0] if tree.body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        first.value = ast.Constant(text)
    else:
        tree.body.insert(0, ast.Expr(ast.Constant(text)))
