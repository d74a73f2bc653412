"""The house rules, checked on the source with plain ``ast`` (issue 32).

1. **Imports only go down**: each package of ``sml150`` sits on a layer (``LAYERS``), and a
   module imports only from its own package or from packages on lower layers.
2. **No cycles** between modules, counting every import (lazy ones inside functions too).
3. **No private import across packages**: ``sml150.x._y`` and ``_name`` from ``sml150.x.y`` are
   for ``sml150.x`` alone.
4. **A reason on every suppression**: ``# noqa: CODE -- why`` and
   ``# type: ignore[code]  # why`` (the negative lines of the type tests in ``tests/typing``
   are the tests themselves; their modules say so).
5. **A note on every module over 400 lines** saying why it is one module
   (``(Over 400 lines: ...)`` or ``(About N lines ...)`` in its docstring).

Each rule is a function from a tree of sources to its violations, so the tests below also show
each rule failing on a small tree that breaks it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sml150"

LAYERS: Mapping[str, int] = {
    # the bottom: no sml150 imports of their own (the root package holds only its version;
    # errors holds the one error for bad text from the user)
    "__init__": 0, "_toolz": 0, "errors": 0, "smlsource": 0,
    # executors by spec
    "parallel": 1,
    # the course library (its fork-join skeleton runs on parallel's executors)
    "lib": 2,
    # built on the course library alone, or on it and parallel
    "gametree": 3, "handouts": 3, "search": 3,
    # games carry the engine's hooks
    "games": 4,
    # specs name games and players; the grader runs the handouts; workspan measures them
    "grading": 5, "specs": 5, "workspan": 5,
    # crosscheck runs the grader's cases on SML/NJ; tournaments and pictures use the specs
    "crosscheck": 6, "draw": 6, "tournament": 6,
    # the porter checks each port it writes with crosscheck
    "port": 7,
    # the command and its entry point
    "cli": 8, "__main__": 9,
}
"""Each top-level package or module of ``sml150`` and its layer: imports go to lower layers."""


@attrs.frozen
class Source:
    """One Python module of the tree."""

    name: str
    """Dotted module name (``sml150.search.pvs``; a package is its ``__init__``'s name)."""
    path: Path
    """Its file."""
    text: str
    """Its source."""

    @property
    def package(self) -> str:
        """The top-level package (or module) of ``sml150`` it belongs to."""
        parts = self.name.split(".")
        return parts[1] if len(parts) > 1 else "__init__"


def sources(root: Path, top: str = "sml150") -> list[Source]:
    """Every ``.py`` module under ``root`` (the folder of package ``top``)."""
    found = []
    for f in sorted(root.rglob("*.py")):
        parts = (top, *f.relative_to(root).with_suffix("").parts)
        name = ".".join(parts).removesuffix(".__init__")
        found.append(Source(name, f, f.read_text(encoding="utf-8")))
    return found


@attrs.frozen
class Import:
    """One ``sml150`` name a module imports."""

    module: str
    """The importing module."""
    target: str
    """The dotted name imported (``sml150.search.pvs.pvs``)."""
    line: int
    """Where."""


def imports(src: Source, top: str = "sml150") -> Iterator[Import]:
    """Every absolute import of ``top`` in ``src``, at any depth (functions included)."""
    for node in ast.walk(ast.parse(src.text)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for a in node.names:
                if node.module == top or node.module.startswith(top + "."):
                    yield Import(src.name, f"{node.module}.{a.name}", node.lineno)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name == top or a.name.startswith(top + "."):
                    yield Import(src.name, a.name, node.lineno)


def _module_of(target: str, modules: set[str]) -> str | None:
    """The longest module name ``target`` starts with (``a.b.f`` → ``a.b``)."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or None


def layer_violations(srcs: list[Source]) -> list[str]:
    """Rule 1: imports that go up a layer or across the same layer to another package."""
    bad = []
    for src in srcs:
        mine = LAYERS.get(src.package)
        if mine is None:
            bad.append(f"{src.name}: package {src.package!r} has no layer in LAYERS")
            continue
        for imp in imports(src):
            parts = imp.target.split(".")
            theirs_pkg = parts[1] if len(parts) > 1 else "__init__"
            if theirs_pkg == src.package:
                continue
            theirs = LAYERS.get(theirs_pkg)
            if theirs is None or theirs >= mine:
                bad.append(f"{src.path.name}:{imp.line}: {src.package} (layer {mine}) imports"
                           f" {imp.target} ({theirs_pkg}, layer {theirs})")
    return bad


def cycles(srcs: list[Source]) -> list[list[str]]:
    """Rule 2: the module import cycles (strongly connected components of two or more)."""
    modules = {s.name for s in srcs}
    edges: dict[str, set[str]] = {s.name: set() for s in srcs}
    for src in srcs:
        for imp in imports(src):
            m = _module_of(imp.target, modules)
            # a package's own __init__ is imported with any of its modules: not an edge back
            if m is not None and m != src.name and not src.name.startswith(m + "."):
                edges[src.name].add(m)
    # Tarjan's algorithm, iteratively (no recursion limit on a deep chain)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root, out in edges.items():
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(out)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def private_imports(srcs: list[Source]) -> list[str]:
    """Rule 3: a private module or name of another top-level package imported."""
    bad = []
    for src in srcs:
        for imp in imports(src):
            parts = imp.target.split(".")
            other = parts[1] if len(parts) > 1 else "__init__"
            if other == src.package:
                continue
            if any(p.startswith("_") and not p.startswith("__") for p in parts[2:]):
                bad.append(f"{src.path.name}:{imp.line}: {src.name} imports {imp.target}")
    return bad


_NOQA = re.compile(r"#\s*noqa(?::\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?(?P<rest>.*)$")
_IGNORE = re.compile(r"#\s*type:\s*ignore(?:\[[^\]]*\])?(?P<rest>.*)$")


def _comments(text: str) -> Iterator[tuple[int, str]]:
    """Every comment token of a module (strings that merely mention ``noqa`` are not)."""
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string


def unexplained_suppressions(srcs: Iterable[Source]) -> list[str]:
    """Rule 4: ``noqa`` / ``type: ignore`` comments that give no reason after them."""
    bad = []
    for src in srcs:
        for line, comment in _comments(src.text):
            for pattern in (_NOQA, _IGNORE):
                m = pattern.search(comment)
                if m is None:
                    continue
                reason = m.group("rest").strip().lstrip("#-–—:").strip()
                if len(reason) < 4:
                    bad.append(f"{src.path}:{line}: {comment.strip()}")
    return bad


_NOTE = re.compile(r"\((?:over|about) [0-9,]+ lines|over 400 lines|over the house's 400", re.I)
LIMIT = 400


def long_modules_without_a_note(srcs: Iterable[Source]) -> list[str]:
    """Rule 5: modules over ``LIMIT`` lines whose docstring does not say why."""
    bad = []
    for src in srcs:
        n = src.text.count("\n")
        if n > LIMIT:
            doc = ast.get_docstring(ast.parse(src.text)) or ""
            if not _NOTE.search(doc):
                bad.append(f"{src.name}: {n} lines and no note in its docstring")
    return bad


# -- the project -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tree() -> list[Source]:
    return sources(PACKAGE)


def test_imports_only_go_down(tree: list[Source]) -> None:
    assert layer_violations(tree) == []


def test_no_import_cycles(tree: list[Source]) -> None:
    assert cycles(tree) == []


def test_no_private_import_across_packages(tree: list[Source]) -> None:
    assert private_imports(tree) == []


def test_every_suppression_says_why() -> None:
    checked = [s for d in ("sml150", "tests", "benchmarks", "examples", "scripts")
               for s in sources(ROOT / d, d) if "typing" not in s.path.relative_to(ROOT).parts]
    assert unexplained_suppressions(checked) == []


def test_every_long_module_says_why(tree: list[Source]) -> None:
    assert long_modules_without_a_note(tree) == []


def test_every_declared_marker_is_used() -> None:
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = [m.split(":")[0] for m in conf["tool"]["pytest"]["ini_options"]["markers"]]
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    assert [m for m in declared if f"mark.{m}" not in text] == []


# -- each rule fails on a tree that breaks it --------------------------------------------------

def _tree(tmp_path: Path, files: Mapping[str, str]) -> list[Source]:
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return sources(tmp_path)


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    long_body = "x = 1\n" * (LIMIT + 1)
    srcs = _tree(tmp_path, {
        "lib/__init__.py": "",
        "lib/a.py": "from sml150.search.pvs import pvs\n",           # up a layer
        "search/__init__.py": "",
        "search/pvs.py": "from sml150.lib.b import f\n",
        "lib/b.py": "def f():\n    from sml150.lib.a import x\n",     # a cycle a -> pvs -> b -> a
        "games/__init__.py": "",
        "games/g.py": "from sml150.search._core import K  # noqa: F401\n",  # private, no reason
        "games/long.py": '"""A long module."""\n' + long_body,
        "games/ok.py": '"""Long (over 400 lines: one table)."""\n' + long_body
                       + "y = 2  # type: ignore[misc]  # the table's row type\n",
    })
    assert layer_violations(srcs) == ["a.py:1: lib (layer 2) imports sml150.search.pvs.pvs"
                                      " (search, layer 3)"]
    assert cycles(srcs) == [["sml150.lib.a", "sml150.lib.b", "sml150.search.pvs"]]
    assert private_imports(srcs) == ["g.py:1: sml150.games.g imports sml150.search._core.K"]
    assert [b.split(": ", 1)[1] for b in unexplained_suppressions(srcs)] == ["# noqa: F401"]
    assert long_modules_without_a_note(srcs) == [
        f"sml150.games.long: {LIMIT + 2} lines and no note in its docstring"]
