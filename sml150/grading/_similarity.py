"""How close a submission's code is to the reference solution's: a flag for a person to review.

The reference solutions ship in the package students install (``sml150.handouts``: its public
API), so a student can copy one. The grader cannot forbid that, and a score must never depend on
a guess; it flags, in the staff's report (``--reveal``) and the batch table, every homework
module whose graded functions are nearly the reference's once normalized: docstrings and
comments dropped, every local name and argument renamed by order of appearance, the code
re-printed from its syntax tree. Renaming, reformatting or re-commenting a copy does not hide
it; a faithful port of another SML solution is far from it (the faithful fixtures score
below 0.5).
"""

from __future__ import annotations

import ast
import difflib
import functools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

__all__ = ["THRESHOLD", "normalized", "similarity", "similarity_flags"]

THRESHOLD: Final = 0.85
"""A module at or above this ratio of normalized similarity is flagged."""
MIN_TOKENS: Final = 60
"""Modules with fewer normalized tokens (stubs, one-liners) are never flagged."""


class _Rename(ast.NodeTransformer):
    """Rename arguments and local names to ``v0``, ``v1``, ... by first appearance."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def _name(self, name: str) -> str:
        return self.names.setdefault(name, f"v{len(self.names)}")

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = self._name(node.arg)
        node.annotation = None
        return node

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if isinstance(node.ctx, ast.Store) or node.id in self.names:
            node.id = self._name(node.id)
        return node


def _strip(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
    body = list(fn.body)
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:] or [ast.Pass()]
    fn.body = body
    fn.returns = None
    fn.name = "f"
    fn.decorator_list = []
    renamed: ast.AST = _Rename().visit(fn)
    return renamed


def normalized(source: str, functions: Iterable[str]) -> list[str]:
    r"""The tokens of ``functions`` (qualified names) of ``source``, normalized, in order.

    >>> a = "def f(x):\n    'doc'\n    y = x + 1  # one\n    return y\n"
    >>> b = "def f(n):\n    m = n + 1\n    return m\n"
    >>> normalized(a, ["f"]) == normalized(b, ["f"])
    True
    """
    from sml150.grading._mutants import function_nodes

    try:
        nodes = function_nodes(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError):
        return []
    tokens: list[str] = []
    for name in functions:
        node = nodes.get(name)
        if node is not None:
            tokens += ast.unparse(_strip(node)).split()
    return tokens


def similarity(mine: Sequence[str], theirs: Sequence[str]) -> float:
    """The ratio (0 to 1) of two normalized token lists (``difflib``).

    >>> similarity(["a", "b"], ["a", "b"]), similarity(["a"], ["b"])
    (1.0, 0.0)
    """
    if not mine or not theirs:
        return 0.0
    return difflib.SequenceMatcher(None, mine, theirs, autojunk=False).ratio()


@functools.cache
def _reference_tokens(hw: str, module: str, functions: tuple[str, ...]) -> tuple[str, ...]:
    """The reference's normalized tokens (the same in every grading of a process)."""
    from sml150.grading._starter import reference_source

    return tuple(normalized(reference_source(hw, module), functions))


def similarity_flags(hw: str, submission: Path) -> list[str]:
    """One line per homework module of ``submission`` nearly the reference's (``THRESHOLD``).

    Only the functions students write are compared (the starter's stubs): the given code is
    the same for everyone. Never raises: an unreadable module is simply not compared.
    """
    from sml150.grading._handout import homework

    flags = []
    for spec in homework(hw)[0]:
        written = (*spec.stubs, *spec.brief)
        if not written:
            continue
        try:
            path = submission / f"{spec.name}.py"
            if path.is_symlink() or not path.is_file() or path.stat().st_size > 2_000_000:
                continue
            source = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        mine = normalized(source, written)
        if len(mine) < MIN_TOKENS:
            continue
        ratio = similarity(mine, _reference_tokens(hw, spec.name, written))
        if ratio >= THRESHOLD:
            flags.append(f"{spec.name}.py: {ratio:.0%} like the reference solution's graded "
                         "functions (for a person to review; the score is unchanged)")
    return flags
