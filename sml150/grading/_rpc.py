"""A module served from another process: how Task 4.2 keeps the Riskless under test out of reach.

HW11 Task 4.2 grades a student's tests by running them on the reference Riskless and on buggy
versions of it. Were the implementation imported into the tests' process, a test could read
its source or bytecode and tell the runs apart without playing the game. So the tests' worker
imports a *proxy* instead (``proxy_source``: the reference module's datatypes, constants and
docstrings, with every public function and method forwarding its call), byte for byte the same
in every run; the implementation runs in a second worker, in a sandbox of its own, that serves
the calls (``serve``). The two talk over a pair of pipes the grader creates for the run.

The wire format is plain data, one JSON object per line each way (``encode``/``decode``): a
request ``{"g": GAME, "m": NAME, "a": [ARGS]}`` (``g`` is null for a module-level function),
an answer ``{"v": VALUE}`` or ``{"x": EXCEPTION_CLASS, "msg": TEXT}``. Only data crosses:
numbers, strings, tuples, lists, sequences, the modules' attrs records and enums (by class
name, fields in order), and objects both sides know by name (the maps, their layouts, the
estimators, ``Est``). A function, or any other object, is refused with ``TypeError``. The
server calls only public functions defined in the served module and public members of the
records it holds; every bound (line length, nesting, nodes) is checked before use.

This file runs in three places: the grader (``proxy_source``, tests), and, copied into the
worker bundle as ``_sml150_rpc.py``, both workers. So it imports only the standard library at
the top level.

>>> codec = Codec([], {})
>>> codec.decode(codec.encode((1, ["a", None], True)))
(1, ['a', None], True)

(About 490 lines, over the house's 400: one file on purpose, copied alone into the bundle for
both workers: the codec, the client, the server and the proxy's generator.)
"""

from __future__ import annotations

import ast
import builtins
import enum
import importlib
import json
import os
import sys
import threading
import types
from collections.abc import Iterable, Mapping
from typing import Any, Final

__all__ = [
    "MAX_DEPTH",
    "MAX_LINE",
    "MAX_NODES",
    "Codec",
    "RemoteError",
    "call",
    "connect",
    "proxy_source",
    "serve",
]

Json = Any
"""Plain data as ``json`` reads and writes it."""

MAX_LINE: Final = 8 * 1024 * 1024
"""The longest request or answer line, in bytes."""
MAX_DEPTH: Final = 64
"""The deepest nesting of a value on the wire."""
MAX_NODES: Final = 1_000_000
"""The most values one request or answer holds."""
MAX_MESSAGE: Final = 500
"""Characters of an exception's message that cross."""

DATA_MODULES: Final = ("sml150.lib.signatures", "sml150.lib.est")
"""Course-library modules whose records and enums cross, besides the served module's."""


class RemoteError(Exception):
    """An exception the other side raised whose class this side does not have."""


def _has_fields(cls: type) -> bool:
    return hasattr(cls, "__attrs_attrs__")


class Codec:
    """Plain data to values and back, for a fixed set of record classes and known objects.

    ``classes``: the records (attrs classes) and enums that may cross, by class name (a name
    held by two different classes is refused). ``known``: objects that cross by name (by
    identity when sent). Sequences (``sml150.lib.seq.Seq``) and options
    (``returns.maybe``) cross when those modules can be imported.

    >>> import enum
    >>> class Colour(enum.Enum):
    ...     RED = 1
    >>> c = Codec([Colour], {"answer": 42})
    >>> c.encode([Colour.RED, 42])
    {'l': [{'e': ['Colour', 'RED']}, {'k': 'answer'}]}
    >>> c.decode({'l': [{'e': ['Colour', 'RED']}, {'k': 'answer'}]})
    [<Colour.RED: 1>, 42]
    >>> c.encode(len)
    Traceback (most recent call last):
    ...
    TypeError: cannot send a builtin_function_or_method
    """

    def __init__(self, classes: Iterable[type], known: Mapping[str, object]) -> None:
        self.classes: dict[str, type] = {}
        for cls in classes:
            seen = self.classes.setdefault(cls.__name__, cls)
            if seen is not cls:
                raise ValueError(f"two classes are named {cls.__name__}")
        self.known = dict(known)
        self._names = {id(v): k for k, v in self.known.items()}
        self._seq: Any = None
        self._maybe: Any = None
        try:
            from sml150.lib.seq import Seq

            self._seq = Seq
        except ImportError:  # pragma: no cover -- the bundle always holds the course library
            pass
        try:
            from returns import maybe

            self._maybe = maybe
        except ImportError:  # pragma: no cover
            pass

    def encode(self, value: object) -> Json:
        """``value`` as plain data.

        ``TypeError`` for what cannot cross, ``ValueError`` past a bound.
        """
        return self._encode(value, 0, [MAX_NODES])

    def _encode(self, v: object, depth: int, budget: list[int]) -> Json:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise ValueError("a value too large or too deep to send")
        name = self._names.get(id(v))
        if name is not None and self.known[name] is v:
            return {"k": name}
        if v is None or isinstance(v, bool | str):
            return v
        if isinstance(v, int) and not isinstance(v, enum.Enum):
            return v
        if isinstance(v, enum.Enum):
            return {"e": [self._class_name(type(v)), v.name]}
        if type(v) is tuple:
            return {"t": [self._encode(x, depth + 1, budget) for x in v]}
        if type(v) is list:
            return {"l": [self._encode(x, depth + 1, budget) for x in v]}
        if self._seq is not None and isinstance(v, self._seq):
            return {"s": [self._encode(x, depth + 1, budget) for x in v]}
        if self._maybe is not None and isinstance(v, self._maybe.Maybe):
            if v is self._maybe.Nothing:
                return {"n": None}
            return {"j": self._encode(v.unwrap(), depth + 1, budget)}
        if _has_fields(type(v)):
            cls = self._class_name(type(v))
            fields = [a.name for a in type(v).__attrs_attrs__]  # type: ignore[attr-defined]  # _has_fields checked it is an attrs class
            return {"c": cls, "f": [self._encode(getattr(v, f), depth + 1, budget)
                                    for f in fields]}
        raise TypeError(f"cannot send a {type(v).__name__}")

    def _class_name(self, cls: type) -> str:
        if self.classes.get(cls.__name__) is not cls:
            raise TypeError(f"cannot send a {cls.__name__}")
        return cls.__name__

    def decode(self, data: Json) -> Any:
        """The value ``data`` stands for.

        ``ValueError`` for anything malformed or past a bound.
        """
        return self._decode(data, 0, [MAX_NODES])

    def _decode(self, d: Json, depth: int, budget: list[int]) -> Any:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise ValueError("a value too large or too deep to receive")
        if d is None or isinstance(d, bool | int | str):
            return d
        if not isinstance(d, dict) or (len(d) != 1 and set(d) != {"c", "f"}):
            raise ValueError("malformed value")
        if "c" in d:
            cls = self.classes.get(d["c"]) if isinstance(d["c"], str) else None
            fields = d.get("f", [])
            if cls is None or not _has_fields(cls) or not isinstance(fields, list):
                raise ValueError("unknown record")
            return cls(*(self._decode(x, depth + 1, budget) for x in fields))
        ((tag, body),) = d.items()
        match tag:
            case "k":
                if not isinstance(body, str) or body not in self.known:
                    raise ValueError("unknown object")
                return self.known[body]
            case "e":
                cls = self.classes.get(body[0]) if isinstance(body, list) and len(body) == 2 \
                    and isinstance(body[0], str) else None
                if cls is None or not issubclass(cls, enum.Enum) or body[1] not in cls.__members__:
                    raise ValueError("unknown enum member")
                return cls[body[1]]
            case "t" | "l" | "s" if isinstance(body, list):
                items = [self._decode(x, depth + 1, budget) for x in body]
                if tag == "t":
                    return tuple(items)
                if tag == "s" and self._seq is not None:
                    return self._seq.from_list(items)
                if tag == "l":
                    return items
            case "j" if self._maybe is not None:
                return self._maybe.Some(self._decode(body, depth + 1, budget))
            case "n" if self._maybe is not None:
                return self._maybe.Nothing
        raise ValueError("malformed value")


def data_classes(modules: Iterable[types.ModuleType]) -> list[type]:
    """The records (attrs classes) and enums defined in ``modules``, in order."""
    return [v for module in modules for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == module.__name__
            and (_has_fields(v) or issubclass(v, enum.Enum))]


def known_objects(served: types.ModuleType, maps: types.ModuleType) -> dict[str, object]:
    """The objects both sides know by name.

    Each map and its layout, the served module's estimators and ``Est``.
    """
    out: dict[str, object] = {}
    for name in ("M1", "M2", "Earth"):
        m = getattr(maps, name, None)
        if m is not None:
            out[name] = m
            out[f"{name}.layout"] = m.layout
    for name in ("naive_estimate", "tactical_estimate", "Est"):
        if hasattr(served, name):
            out[name] = getattr(served, name)
    return out


def _codec(served: types.ModuleType, maps: types.ModuleType) -> Codec:
    modules = [served, maps, *(importlib.import_module(m) for m in DATA_MODULES)]
    return Codec(data_classes(modules), known_objects(served, maps))


# -- the client: the proxy module's side ------------------------------------------------------

_CHANNEL: dict[str, Any] = {}
"""This worker's ends of the pipes (``connect``); private to the process, set once."""


def connect(read_fd: int, write_fd: int, served: str = "riskless", maps: str = "maps") -> None:
    """Make ``call`` use these pipes to the server of module ``served``.

    Called by the worker before any submission code runs.
    """
    _CHANNEL.update(read=read_fd, write=write_fd, served=served, maps=maps, lock=threading.Lock(),
                    buffer=bytearray())


def call(game: object, name: str, *args: object) -> Any:
    """Call ``name`` on the served module (``game`` None) or on the record ``game``, remotely.

    REQUIRES: ``connect`` was called. ENSURES: the remote result as a value of this side's
    classes; the remote exception re-raised as this side's class of that name (the served
    module's, or a built-in), else as ``RemoteError``; ``ConnectionError`` if the server is gone.
    """
    if not _CHANNEL:
        raise ConnectionError("this module is served from another process, and none is "
                              "connected")
    codec = _CHANNEL.get("codec")
    if codec is None:
        served = sys.modules[_CHANNEL["served"]]
        codec = _CHANNEL["codec"] = _codec(served, importlib.import_module(_CHANNEL["maps"]))
    request = {"g": None if game is None else codec.encode(game), "m": name,
               "a": [codec.encode(a) for a in args]}
    data = (json.dumps(request, separators=(",", ":")) + "\n").encode()
    with _CHANNEL["lock"]:
        _write_all(_CHANNEL["write"], data)
        line = _read_line(_CHANNEL["read"], _CHANNEL["buffer"])
    if line is None:
        raise ConnectionError("the served module's process is gone")
    answer = json.loads(line)
    if "x" in answer:
        raise _exception(str(answer["x"]), str(answer.get("msg", ""))[:MAX_MESSAGE])
    return codec.decode(answer.get("v"))


def _exception(name: str, msg: str) -> BaseException:
    served = sys.modules.get(_CHANNEL.get("served", ""))
    for where in (served, builtins):
        cls = getattr(where, name, None) if where is not None and _public(name) else None
        if isinstance(cls, type) and issubclass(cls, Exception):
            try:
                return cls(msg)
            except Exception:  # a constructor that wants more: use the name
                break
    return RemoteError(f"{name}: {msg}")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_line(fd: int, buffer: bytearray) -> bytes | None:
    """The next line from ``fd`` (``buffer`` holds what was read past the last one)."""
    while True:
        end = buffer.find(b"\n")
        if end >= 0:
            line = bytes(buffer[:end])
            del buffer[: end + 1]
            return line
        if len(buffer) > MAX_LINE:
            raise ValueError(f"a line longer than {MAX_LINE} bytes")
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        buffer += chunk


# -- the server: the implementation's side ----------------------------------------------------

def serve(read_fd: int, write_fd: int, served: str = "riskless", maps: str = "maps") -> None:
    """Answer the calls of one client until its end of the pipe closes.

    Runs in the implementation's worker. A request is decoded (bounded), checked (a public
    function defined in the served module, or a public member of a record of its classes),
    called, and its value or exception sent back; a malformed request gets ``ValueError``.
    """
    module = importlib.import_module(served)
    codec = _codec(module, importlib.import_module(maps))
    buffer = bytearray()
    while True:
        try:
            line = _read_line(read_fd, buffer)
        except ValueError as e:
            _write_all(write_fd, _answer_error(e))
            return
        if line is None:
            return
        try:
            answer = {"v": codec.encode(_dispatch(module, codec, json.loads(line)))}
            data = (json.dumps(answer, separators=(",", ":")) + "\n").encode()
        except Exception as e:  # every failure (RecursionError too) is the answer
            data = _answer_error(e)
        _write_all(write_fd, data)


def _answer_error(e: BaseException) -> bytes:
    answer = {"x": type(e).__name__, "msg": str(e)[:MAX_MESSAGE]}
    return (json.dumps(answer, separators=(",", ":")) + "\n").encode()


def _public(name: object) -> bool:
    return isinstance(name, str) and name.isidentifier() and not name.startswith("_")


def _dispatch(module: types.ModuleType, codec: Codec, request: Json) -> Any:
    if not isinstance(request, dict) or not _public(request.get("m")) \
            or not isinstance(request.get("a"), list):
        raise ValueError("malformed request")
    name = str(request["m"])
    args = [codec.decode(a) for a in request["a"]]
    if request.get("g") is None:
        fn = vars(module).get(name)
        if not isinstance(fn, types.FunctionType) or fn.__module__ != module.__name__:
            raise AttributeError(f"{module.__name__} has no function {name}")
        return fn(*args)
    game = codec.decode(request["g"])
    if not _has_fields(type(game)) or type(game).__module__ != module.__name__:
        raise TypeError("calls go to the served module's records only")
    if isinstance(getattr(type(game), name, None), property):
        return getattr(game, name)
    member = getattr(game, name)
    return member(*args) if callable(member) else member


# -- the proxy module ---------------------------------------------------------------------------

def _forward(fn: ast.FunctionDef, target: str) -> ast.FunctionDef:
    """``fn`` with its signature and docstring, its body forwarding to ``call``."""
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    if a.vararg is not None or a.kwonlyargs or a.kwarg is not None:
        raise ValueError(f"{fn.name}: only positional parameters can be forwarded")
    is_method = target != "None"
    forwarded = names[1:] if is_method else names
    body: list[ast.stmt] = []
    first = fn.body[0] if fn.body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        body.append(first)
    body.append(ast.parse(
        f"return _rpc.call({target}, {fn.name!r}{''.join(', ' + n for n in forwarded)})").body[0])
    fields: dict[str, Any] = {"name": fn.name, "args": fn.args, "body": body,
                              "decorator_list": fn.decorator_list, "returns": fn.returns}
    if sys.version_info >= (3, 12):  # a field ``ast.unparse`` needs there
        fields["type_params"] = []
    return ast.FunctionDef(**fields)


def proxy_source(reference: str) -> str:
    """The proxy of a module: its source ``reference`` with every function body forwarded.

    Kept as written: imports, assignments (type aliases, constants), the docstring, and every
    class without methods of its own (the datatypes, exceptions, settings records). Forwarded
    to the server: every public function, and every public method and property of the other
    classes. Dropped: private functions (only the forwarded code used them).

    >>> src = '''
    ... import attrs
    ... X = 1
    ... @attrs.frozen
    ... class P:
    ...     n: int
    ... def _helper(): return 2
    ... def f(a, b):
    ...     "Doc."
    ...     return _helper() + a + b
    ... @attrs.frozen
    ... class G:
    ...     n: int
    ...     @property
    ...     def start(self): return self.n
    ...     def move(self, s): return s + 1
    ... '''
    >>> print(proxy_source(src))  # doctest: +NORMALIZE_WHITESPACE
    import _sml150_rpc as _rpc
    import attrs
    X = 1
    <BLANKLINE>
    @attrs.frozen
    class P:
        n: int
    <BLANKLINE>
    def f(a, b):
        \"\"\"Doc.\"\"\"
        return _rpc.call(None, 'f', a, b)
    <BLANKLINE>
    @attrs.frozen
    class G:
        n: int
    <BLANKLINE>
        @property
        def start(self):
            return _rpc.call(self, 'start')
    <BLANKLINE>
        def move(self, s):
            return _rpc.call(self, 'move', s)
    """
    tree = ast.parse(reference)
    body: list[ast.stmt] = []
    head = 0  # the docstring and ``from __future__`` imports stay first
    while head < len(tree.body) and (
            (isinstance(tree.body[head], ast.ImportFrom)
             and getattr(tree.body[head], "module", "") == "__future__")
            or (head == 0 and isinstance(tree.body[0], ast.Expr))):
        body.append(tree.body[head])
        head += 1
    body.append(ast.parse("import _sml150_rpc as _rpc").body[0])
    for stmt in tree.body[head:]:
        match stmt:
            case ast.FunctionDef(name=name) if name.startswith("_"):
                continue
            case ast.FunctionDef():
                body.append(_forward(stmt, "None"))
            case ast.ClassDef() if any(isinstance(s, ast.FunctionDef) for s in stmt.body):
                kept: list[ast.stmt] = []
                for s in stmt.body:
                    if isinstance(s, ast.FunctionDef):
                        if not s.name.startswith("_"):
                            kept.append(_forward(s, "self"))
                    else:
                        kept.append(s)
                stmt.body = kept
                body.append(stmt)
            case ast.AsyncFunctionDef() | ast.AsyncFor() | ast.AsyncWith():
                raise ValueError("a served module has no async code")
            case _:
                body.append(stmt)
    module = ast.Module(body=body, type_ignores=[])
    ast.fix_missing_locations(module)
    return ast.unparse(module) + "\n"

