"""The port's last pass: imports nobody uses are dropped, locals nobody reads are marked.

(What ruff's F401 and F841 would say of the output otherwise.)

The starter's given code imports what its stubs needed; once the stubs are filled with the
SML's translation, some of those names are used no more (and the emitter imports what its own
translations need, some of it only on some paths). Written by hand on ``ast``: the pass needs
only "which imported names does the module use", and a formatter or linter is not a runtime
dependency of the package.
"""

from __future__ import annotations

import ast

__all__ = ["drop_unused_imports", "mark_handout_names", "mark_unused_locals"]


def _used_names(tree: ast.Module) -> set[str]:
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    exported: set[str] = set()
    for node in tree.body:  # names listed in __all__ are used
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exported |= {e.value for e in ast.walk(node.value)
                         if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    # a name inside a string annotation or a forward reference ("Seq[int]") counts too
    for c in ast.walk(tree):
        if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.isprintable():
            try:
                inner = ast.parse(c.value, mode="eval")
            except SyntaxError:
                continue
            used |= {n.id for n in ast.walk(inner) if isinstance(n, ast.Name)}
    return used | exported


def drop_unused_imports(text: str) -> str:
    r"""``text`` without the module-level imported names it never uses.

    ``from __future__`` imports stay; a statement left with no name goes; everything else is
    untouched (line for line).

    >>> print(drop_unused_imports("from a import b, c\nimport d\nimport e as f\nx = b + f"))
    from a import b
    import e as f
    x = b + f
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text  # not ours to fix: the caller reports it
    used = _used_names(tree)
    lines = text.split("\n")
    edits: list[tuple[int, int, str | None]] = []
    for node in tree.body:
        if not isinstance(node, ast.Import | ast.ImportFrom) or node.end_lineno is None:
            continue
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            continue
        keep = [a for a in node.names
                if (a.asname or a.name.split(".")[0]) in used or a.name == "*"]
        if len(keep) == len(node.names):
            continue
        if not keep:
            edits.append((node.lineno, node.end_lineno, None))
            continue
        node.names = keep
        edits.append((node.lineno, node.end_lineno, ast.unparse(node)))
    for start, end, new in reversed(edits):
        lines[start - 1:end] = [] if new is None else [new]
    return "\n".join(lines)


def mark_unused_locals(text: str) -> str:
    r"""``text`` with each function's assigned-but-never-read local named ``_name``.

    The SML evaluates every ``val`` of a test structure, so a ported test keeps the earlier
    ``val``s it does not read (they may raise, as in SML): they stay, marked unused.

    >>> print(mark_unused_locals("def t():\n    a = f()\n    b = g()\n    return b"))
    def t():
        _a = f()
        b = g()
        return b
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.split("\n")
    spots: list[tuple[int, int, str]] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        loads = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, ast.Load)}
        for stmt in fn.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                    and isinstance(stmt.targets[0], ast.Name):
                name = stmt.targets[0].id
                if name not in loads and not name.startswith("_"):
                    spots.append((stmt.lineno, stmt.targets[0].col_offset, name))
    for line, col, name in sorted(spots, reverse=True):
        row = lines[line - 1]
        if row[col:col + len(name)] == name:
            lines[line - 1] = row[:col] + "_" + row[col:]
    return "\n".join(lines)


def mark_handout_names(text: str) -> str:
    r"""``text`` with the handout's one-letter names (``O``, ``I``) said to be deliberate.

    The starter's given code defines the handout's constructors under their SML names
    (``datatype entry = X | O``); the port keeps them, with the reason ruff asks for.

    >>> print(mark_handout_names("class E:\n    O = 'O'\nO = E.O"))
    class E:
        O = 'O'  # noqa: E741 -- the handout's name
    O = E.O  # noqa: E741 -- the handout's name
    """
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.split("\n")
    scopes = [tree.body, *(c.body for c in tree.body if isinstance(c, ast.ClassDef))]
    for body in scopes:
        for stmt in body:
            if isinstance(stmt, ast.Assign) and stmt.lineno == stmt.end_lineno and any(
                    isinstance(t, ast.Name) and t.id in ("O", "I", "l") for t in stmt.targets):
                row = lines[stmt.lineno - 1]
                if "#" not in row:
                    lines[stmt.lineno - 1] = row + "  # noqa: E741 -- the handout's name"
    return "\n".join(lines)
