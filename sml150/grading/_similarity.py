"""How close a submission's code is to the reference's: a flag for a person to review.

The reference solutions ship in the package students install (``sml150.handouts``: its public
API), and so do Task 4.2's own tests (``hw11.REFERENCE_TESTS``); a student can copy them. The
grader cannot forbid that, and a score must never depend on a guess: it flags, in the staff's
report (``--reveal``) and the batch table, what looks copied, and a person decides.

**The whole submission is read**, not only the graded modules: every file in it that parses as
Python (any name, any folder: private modules behind a two-line re-export or a star import are
read like the rest), and in each, the code its string literals hold (a string, a concatenation
of strings, or their base64, base85 or hex text, compressed or not, that parses as Python: code
``exec``-ed from a string), and the code a data file holds so encoded. Every function found, at
any depth, is normalized (docstrings and comments dropped, every local name and argument renamed
by order of appearance, the code re-printed from its syntax tree) and each function the students
write in a reference module is matched with the most similar one of the submission, wherever it
is and whatever its name; a module is flagged when its functions, weighted by their size, are
``THRESHOLD`` alike. Renaming, reformatting, re-commenting, moving or hiding a copy in a string
does not hide it; a faithful port of another SML solution is far from it. Code the submission
builds at run time beyond that (``exec`` of computed text, ``marshal``, code objects) is not
read: its use is flagged instead.

(About 410 lines, over the house's 400: the walk of a submission, the decoders of its strings and
the matcher, all for one flag and read together.)
"""

from __future__ import annotations

import ast
import base64
import binascii
import bz2
import copy
import difflib
import functools
import lzma
import os
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

__all__ = ["THRESHOLD", "normalized", "similarity", "similarity_flags", "submission_functions"]

THRESHOLD: Final = 0.85
"""A module at or above this ratio of normalized similarity is flagged."""
MIN_TOKENS: Final = 60
"""Matches with fewer normalized tokens in all (stubs, one-liners) are never flagged."""
MAX_FILES: Final = 2000
"""Files of a submission read at most (the copy's own limit)."""
MAX_FILE_BYTES: Final = 2_000_000
"""Larger files are not read."""
MAX_TOTAL_BYTES: Final = 64 * 1024 * 1024
"""Bytes of a submission read at most, in all (the copy's own limit)."""
MAX_FUNCTIONS: Final = 5000
"""Functions compared at most."""
MIN_STRING: Final = 40
"""Shorter string literals are never taken for code."""
_SHINGLE: Final = 4


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


def _tokens(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """A function's normalized tokens (the node is left as it was)."""
    try:
        return ast.unparse(_strip(copy.deepcopy(fn))).split()
    except (RecursionError, ValueError, AttributeError):
        return []


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
            tokens += _tokens(node)
    return tokens


def similarity(mine: Sequence[str], theirs: Sequence[str]) -> float:
    """The ratio (0 to 1) of two normalized token lists (``difflib``).

    >>> similarity(["a", "b"], ["a", "b"]), similarity(["a"], ["b"])
    (1.0, 0.0)
    """
    if not mine or not theirs:
        return 0.0
    return difflib.SequenceMatcher(None, mine, theirs, autojunk=False).ratio()


@attrs.frozen
class Found:
    """A function of the submission, normalized, and where it was found."""

    where: str
    """The file (relative), and ``(a string)`` if it came out of a string literal."""
    name: str
    """Its name as written."""
    tokens: tuple[str, ...]
    """Its normalized tokens."""
    shingles: frozenset[tuple[str, ...]] = attrs.field(eq=False)
    """Its runs of ``_SHINGLE`` tokens, to find candidates fast."""


def _shingles(tokens: Sequence[str]) -> frozenset[tuple[str, ...]]:
    n = _SHINGLE
    return frozenset(tuple(tokens[i:i + n]) for i in range(max(1, len(tokens) - n + 1)))


_Decoder = Callable[[bytes], bytes]


def _same(data: bytes) -> bytes:
    return data


_TEXT: Final[tuple[_Decoder, ...]] = (
    _same,
    lambda b: base64.b64decode(b, validate=True),
    base64.urlsafe_b64decode,
    base64.b85decode,
    lambda b: bytes.fromhex(b.decode("ascii")),
)
MAX_INFLATED: Final = 4 * 1024 * 1024
"""The most bytes a compressed string may inflate to (a bomb stops there: the grader's own
process reads these)."""
MAX_DECODED: Final = 64 * 1024 * 1024
"""The most bytes of decoded strings a submission's reading tries to parse, in all."""


def _inflater(make: Callable[[], object]) -> _Decoder:
    """Decompression with ``make()``'s decompressor, at most ``MAX_INFLATED`` bytes out."""
    def inflate(data: bytes) -> bytes:
        d: Any = make()
        return bytes(d.decompress(data, MAX_INFLATED))

    return inflate


_INFLATE: Final[tuple[_Decoder, ...]] = (
    _same,
    _inflater(zlib.decompressobj),
    _inflater(lambda: zlib.decompressobj(wbits=31)),  # gzip
    _inflater(bz2.BZ2Decompressor),
    _inflater(lzma.LZMADecompressor),
)


def _decoded(data: bytes) -> Iterator[str]:
    """Python source ``data`` may hold: itself, or its base64/base85/hex text, inflated."""
    compact = b"".join(data.split())
    for text in _TEXT:
        try:
            raw = text(data if text is _same else compact)
        except (ValueError, binascii.Error, UnicodeDecodeError):
            continue
        for inflate in _INFLATE:
            try:
                out = inflate(raw)
            except (ValueError, OSError, EOFError, zlib.error, lzma.LZMAError):
                continue
            try:
                yield out.decode("utf-8")
            except UnicodeDecodeError:
                continue


def _strings(tree: ast.AST) -> Iterator[bytes]:
    """The string and bytes literals of ``tree``, and the concatenations of literals only.

    (A concatenation once, whole: not each of the partial sums of a long ``a + b + ...``.)
    """
    inner = {id(side) for n in ast.walk(tree)
             if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add)
             for side in (n.left, n.right)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            value = node.value
            data = value.encode("utf-8", "surrogateescape") if isinstance(value, str) else value
            if len(data) >= MIN_STRING:
                yield data
        elif isinstance(node, ast.BinOp | ast.List | ast.Tuple | ast.JoinedStr):
            if id(node) in inner:
                continue
            parts = _literal_parts(node)
            if parts is not None and len(parts) > 1:
                joined = b"".join(parts)
                if len(joined) >= MIN_STRING:
                    yield joined


def _literal_parts(node: ast.AST) -> list[bytes] | None:
    """The literals ``node`` is made of (``a + b``, ``[a, b]``, an f-string), or ``None``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
        v = node.value
        return [v.encode("utf-8", "surrogateescape") if isinstance(v, str) else v]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal_parts(node.left), _literal_parts(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.List | ast.Tuple | ast.JoinedStr):
        out: list[bytes] = []
        for item in node.elts if isinstance(node, ast.List | ast.Tuple) else node.values:
            part = _literal_parts(item)
            if part is None:
                return None
            out += part
        return out
    return None


_RUNTIME_CODE: Final = frozenset({"exec", "compile", "eval"})
_RUNTIME_ATTRS: Final = frozenset({"loads", "CodeType", "FunctionType"})


def _builds_code(tree: ast.Module) -> bool:
    """``tree`` calls ``exec``/``compile``/``eval``, ``marshal.loads``, or makes code objects.

    (Not a function it defines itself by that name: the gametree exercise has an ``eval``.)
    """
    own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in _RUNTIME_CODE - own:
            return True
        if isinstance(f, ast.Attribute) and f.attr in _RUNTIME_ATTRS and isinstance(
                f.value, ast.Name) and f.value.id in ("marshal", "types"):
            return True
    return False


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _functions(tree: ast.AST, where: str) -> Iterator[Found]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            tokens = _tokens(node)
            if tokens:
                yield Found(where, node.name, tuple(tokens), _shingles(tokens))


def _files(submission: Path) -> Iterator[tuple[str, bytes]]:
    """``(relative path, bytes)`` of the submission's regular files, links not followed."""
    count, left = 0, MAX_TOTAL_BYTES
    for top, dirs, files in os.walk(submission, followlinks=False):
        dirs.sort()
        for name in sorted(files):
            count += 1
            if count > MAX_FILES or left <= 0:
                return
            path = Path(top) / name
            try:
                if path.is_symlink() or not path.is_file() or \
                        path.stat().st_size > MAX_FILE_BYTES:
                    continue
                with path.open("rb") as f:
                    data = f.read(min(MAX_FILE_BYTES, left))
            except OSError:
                continue
            left -= len(data)
            yield os.fsdecode(path.relative_to(submission)), data


def submission_functions(submission: Path) -> tuple[list[Found], list[str]]:
    r"""Every function of the submission, and the files that build code at run time.

    (See the module docstring: every file that parses, and the code in its strings.)

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     src = "def hidden(items):\n    return [x + 1 for x in items]\n"
    ...     _ = (Path(d) / "a.py").write_text(f"exec({src!r})\n")
    ...     found, runtime = submission_functions(Path(d))
    >>> [(f.where, f.name) for f in found], runtime
    ([('a.py (a string)', 'hidden')], ['a.py'])
    """
    found: list[Found] = []
    runtime: list[str] = []
    budget = [MAX_DECODED]

    def code_in(data: bytes, where: str, *, itself: bool = True) -> None:
        """The functions of the first decoding of ``data`` that parses (within ``budget``)."""
        for text in _decoded(data):
            if budget[0] <= 0:
                return
            budget[0] -= len(text)
            inner = _parse(text) if itself or text != data.decode("utf-8", "replace") else None
            if inner is not None:
                found.extend(_functions(inner, where))
                return

    for rel, data in _files(submission):
        tree = _parse(data.decode("utf-8", "replace"))
        if tree is None:  # a data file: the code it may hold (encoded, compressed)
            code_in(data, f"{rel} (its data)", itself=False)
            continue
        found.extend(_functions(tree, rel))
        if _builds_code(tree):
            runtime.append(rel)
        for literal in _strings(tree):
            code_in(literal, f"{rel} (a string)")
        if len(found) > MAX_FUNCTIONS:
            break
    return found[:MAX_FUNCTIONS], runtime


@functools.cache
def _reference_functions(hw: str, module: str, functions: tuple[str, ...],
                         ) -> tuple[tuple[str, ...], ...]:
    """The reference's written functions, normalized (the same in every grading)."""
    from sml150.grading._mutants import function_nodes
    from sml150.grading._starter import reference_source

    nodes = function_nodes(ast.parse(reference_source(hw, module)))
    return tuple(tuple(_tokens(nodes[f])) for f in functions if f in nodes)


@functools.cache
def _reference_tests() -> tuple[tuple[str, ...], ...]:
    """Task 4.2's own tests (``hw11.REFERENCE_TESTS``), normalized function by function."""
    from sml150.grading.hw11 import REFERENCE_TESTS

    tree = ast.parse(REFERENCE_TESTS)
    return tuple(tuple(_tokens(n)) for n in tree.body if isinstance(n, ast.FunctionDef))


def _best(reference: Sequence[str], found: Sequence[Found], home: str = "",
          ) -> tuple[float, Found | None]:
    """The submission's function most like ``reference``, and how alike.

    Candidates come first by the runs of tokens they share with it (those of the file
    ``home`` first among equals); the best few are then compared whole.
    """
    if not reference or not found:
        return 0.0, None
    mine = _shingles(reference)
    ranked = sorted(found, key=lambda f: (-len(mine & f.shingles), f.where != home))[:4]
    best, where = 0.0, None
    for f in ranked:
        m = difflib.SequenceMatcher(None, reference, f.tokens, autojunk=False)
        if m.real_quick_ratio() <= best or m.quick_ratio() <= best:
            continue
        r = m.ratio()
        if r > best:
            best, where = r, f
    return best, where


def _match(references: Sequence[Sequence[str]], found: Sequence[Found], home: str = "",
           ) -> tuple[float, int, list[str]]:
    """How alike (weighted by the references' sizes), the tokens matched, and where."""
    total = sum(len(r) for r in references)
    if not total:
        return 0.0, 0, []
    score, matched, places = 0.0, 0, []
    for r in references:
        ratio, f = _best(r, found, home)
        score += ratio * len(r)
        if f is not None:
            matched += len(f.tokens)
            if f.where not in places:
                places.append(f.where)
    return score / total, matched, places


def similarity_flags(hw: str, submission: Path) -> list[str]:
    """One line for each reference module (and Task 4.2's tests) the submission nearly copies.

    Only the functions students write are compared (the starter's stubs): the given code is
    the same for everyone. Never raises: an unreadable file is simply not compared.
    """
    from sml150.grading._handout import homework

    try:
        found, runtime = submission_functions(submission)
    except (OSError, ValueError, RecursionError):
        return []
    flags = []
    for spec in homework(hw)[0]:
        written = (*spec.stubs, *spec.brief)
        if not written:
            continue
        ratio, matched, places = _match(_reference_functions(hw, spec.name, written), found,
                                        f"{spec.name}.py")
        if ratio >= THRESHOLD and matched >= MIN_TOKENS:
            elsewhere = [p for p in places if p != f"{spec.name}.py"]
            where = f" (found in {', '.join(elsewhere[:4])})" if elsewhere else ""
            flags.append(f"{spec.name}.py: {ratio:.0%} like the reference solution's graded "
                         f"functions{where} (for a person to review; the score is unchanged)")
    if hw == "hw11":
        ratio, matched, places = _match(_reference_tests(), found, "test_riskless.py")
        if ratio >= THRESHOLD and matched >= MIN_TOKENS:
            flags.append(f"test_riskless.py: {ratio:.0%} like the package's own Task 4.2 tests "
                         f"(hw11.REFERENCE_TESTS; found in {', '.join(places[:4])}; for a "
                         "person to review; the score is unchanged)")
    flags.extend(f"{p}: builds code at run time (exec, compile, marshal): what it runs is not "
                 "compared (for a person to review; the score is unchanged)"
                 for p in runtime[:5])
    return flags
