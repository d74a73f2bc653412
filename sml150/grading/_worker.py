"""The grading worker: evaluates test expressions against a submission, in its own process.

This file runs in three places, and must stay importable in each:

* In a sandboxed worker process (``python -I -S -B _sml150_worker.py CONFIG``), copied into a
  bundle directory, where ``sml150.grading`` does not exist. There ``main`` hardens the process
  (audit hook, resource limits), then answers one request per line of stdin with one JSON line
  on a dedicated result pipe. So this module imports only the standard library at the top level.
* As crosscheck's launcher (``python -I -S -B _sml150_worker.py --launch CONFIG``, copied
  into the run's folder): ``launch`` puts SML/NJ behind the same limits and a seccomp filter.
* In the grader's own process, where ``evaluate`` computes the reference answers on the same
  expressions (with the module resolver pointed at ``sml150.handouts``) and ``encode`` turns both
  sides' values into the same plain data. Comparisons happen in the grader, never here.

An expression is JSON: a list whose first item names the operation.

>>> env = Env(lambda name: __import__(name))
>>> encode(evaluate(["tuple", ["lit", 1], ["list", ["lit", "a"]]], env))
{'t': [1, {'l': ['a']}]}
>>> encode(evaluate(["call", ["fn", "eq"], ["lit", 2], ["lit", 2]], env))
True

(About 750 lines, over the house's 400: the worker is one file on purpose, copied alone into
the sandbox's bundle and run with nothing of the grader beside it.)
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import json
import os
import sys
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = [
    "LIB_MODULES",
    "EncodeError",
    "Env",
    "EvalError",
    "encode",
    "evaluate",
    "run_big",
    "run_call",
]

T = TypeVar("T")

Json = Any
"""Plain data as ``json`` reads and writes it."""

LIB_MODULES: Final = frozenset({
    "sml150.lib.seq",
    "sml150.lib.est",
    "sml150.lib.basis",
    "sml150.lib.explicit",
    "sml150.lib.signatures",
    "sml150.lib.minimax",
    "sml150.lib.sequtils",
})
"""The course-library modules an expression may name with ``["lib", name]``."""

MAX_NODES: Final = 2_000_000
"""Most values ``encode`` walks before refusing a result as too large."""
MAX_DEPTH: Final = 48
"""Deepest nesting ``encode`` follows."""
MAX_OUT: Final = 65_536
"""Characters of captured stdout kept per call (the head)."""


class EvalError(ValueError):
    """A malformed expression (a bug in the grader's tests, never the student's fault)."""


class EncodeError(ValueError):
    """A result that is too large, too deep, or not plain data."""


class Env:
    """How an expression finds the homework's modules: by short name, e.g. ``"alphabeta"``.

    The worker resolves them by plain import from the submission directory; the grader resolves
    them in ``sml150.handouts.hwNN`` (or in a mutant's namespace).
    """

    def __init__(self, module: Callable[[str], Any]) -> None:
        self.module = module


def _fn(name: str) -> Callable[..., Any]:
    """The named helper functions expressions can pass as arguments."""
    table: dict[str, Callable[..., Any]] = {
        "eq": lambda a, b: a == b,
        "eq_mod3": lambda a, b: a % 3 == b % 3,
        "eq_len": lambda a, b: len(a) == len(b),
        "eq_ci": lambda a, b: a.lower() == b.lower(),
        "ident": lambda x: x,
    }
    try:
        return table[name]
    except KeyError:
        raise EvalError(f"unknown helper function {name!r}") from None


def _tree(data: Json) -> Any:
    """``["N", label, [children]]`` / ``["E", label, value]`` as a ``GameTree``."""
    explicit = importlib.import_module("sml150.lib.explicit")

    def build(node: Json) -> Any:
        if node[0] == "E":
            return explicit.Esti(str(node[1]), int(node[2]))
        return explicit.Node(str(node[1]), [build(c) for c in node[2]])

    return build(data)


def evaluate(expr: Json, env: Env) -> Any:
    """The value of ``expr``; see the module docstring for the operations.

    >>> env = Env(lambda name: __import__(name))
    >>> evaluate(["call", ["get", ["mod", "math"], "gcd"], ["lit", 12], ["lit", 18]], env)
    6
    """
    if not isinstance(expr, list) or not expr or not isinstance(expr[0], str):
        raise EvalError(f"not an expression: {expr!r:.80}")
    op, args = expr[0], expr[1:]
    match op:
        case "lit":
            return args[0]
        case "tuple":
            return tuple(evaluate(a, env) for a in args)
        case "list":
            return [evaluate(a, env) for a in args]
        case "seq":
            seq = importlib.import_module("sml150.lib.seq").Seq
            return seq.from_list([evaluate(a, env) for a in args])
        case "range":
            seq = importlib.import_module("sml150.lib.seq").Seq
            return seq.tabulate(lambda i: i, int(args[0]))
        case "mod":
            return env.module(str(args[0]))
        case "lib":
            if args[0] not in LIB_MODULES:
                raise EvalError(f"not a course-library module: {args[0]!r}")
            return importlib.import_module(str(args[0]))
        case "get":
            return getattr(evaluate(args[0], env), str(args[1]))
        case "call":
            f = evaluate(args[0], env)
            return f(*(evaluate(a, env) for a in args[1:]))
        case "callkw":
            f = evaluate(args[0], env)
            kwargs = {str(k): evaluate(v, env) for k, v in args[2]}
            return f(*(evaluate(a, env) for a in args[1]), **kwargs)
        case "fn":
            return _fn(str(args[0]))
        case "tree":
            return _tree(args[0])
        case "seqlist":  # a sequence's items as a Python list, for comparing order-free
            return list(evaluate(args[0], env))
        case "spy":
            return _spy(evaluate(args[0], env), str(args[1]), args[2], env)
        case "run_tests":
            return _run_tests(str(args[0]))
        case "forced":  # the gametree homework: a lazy tree of the module's classes, counted
            return _forced(evaluate(args[0], env), args[1], evaluate(args[2], env),
                           [evaluate(a, env) for a in args[3:]])
    raise EvalError(f"unknown operation {op!r}")


def _forced(types: Any, data: Json, f: Callable[..., Any],
            fargs: list[Any]) -> tuple[str, Any, int]:
    """``f(*fargs, tree)``: ``("forced", its value, the offspring cells it forced)``.

    ``data`` is the tree as plain data (an int leaf; a list of ``[move, subtree]`` pairs), built
    on demand with the classes of the module ``types`` (``TLeaf``, ``TNonLeaf``, ``Cons``,
    ``Nil``): a subtree is made when the cell holding it is forced, and each ``Cons`` returned
    counts one, as the exercise's own grader counts (a ``Nil`` does not; a cell forced twice
    counts twice).
    """
    count = [0]

    def build(node: Json) -> Any:
        if isinstance(node, int):
            return types.TLeaf(node)
        return types.TNonLeaf(at(node, 0))

    def at(pairs: list[Json], i: int) -> Callable[[], Any]:
        def force() -> Any:
            if i >= len(pairs):
                return types.Nil()
            count[0] += 1
            m, child = pairs[i]
            return types.Cons((m, build(child)), at(pairs, i + 1))

        return force

    value = f(*fargs, build(data))
    return ("forced", value, count[0])


MAX_TESTS: Final = 200
"""Task 4.2: the most ``test_*`` functions run (in name order)."""


def _run_tests(module_name: str) -> tuple[str, list[int]]:
    """Run the ``test_*`` functions of a module: ``("tests", bits)``, in name order.

    One bit per test function, 1 where it passed; nothing else comes back (the tests' output and
    exceptions stay here): the module may see code its author must not read.
    """
    module = importlib.import_module(module_name)
    bits: list[int] = []
    for name in sorted(vars(module))[:100_000]:
        test = getattr(module, name)
        if not name.startswith("test_") or not callable(test) or len(bits) >= MAX_TESTS:
            continue
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                test()
            bits.append(1)
        except BaseException:
            bits.append(0)
    return ("tests", bits)


def _spy(obj: Any, method: str, body: Json, env: Env) -> tuple[str, Any, int]:
    """Evaluate ``body`` while counting calls of ``obj``'s class's ``method``.

    Returns ``("spy", value, calls)`` (``value`` ``None`` when the body raised after a counted
    call: the states it made count, not how it ended; with no call counted it raises as it
    did); the class attribute is restored afterwards. A ``call``
    body's function and arguments are made before the count starts: what is counted is what
    the call does (``estimate``), never what making its operands does (applying the game, whose
    port may run the SML's own tests there, as SML runs them at each application).
    """
    cls = type(obj)
    original = getattr(cls, method)
    calls = [0]
    run: Callable[[], Any] = functools.partial(evaluate, body, env)
    if isinstance(body, list) and body and body[0] == "call":
        run = functools.partial(evaluate(body[1], env), *(evaluate(a, env) for a in body[2:]))

    def counting(*a: Any, **k: Any) -> Any:
        calls[0] += 1
        return original(*a, **k)

    setattr(cls, method, counting)
    try:
        value = run()
    except BaseException:
        if calls[0]:  # it created states, then raised: what the rule counts was done
            return ("spy", None, calls[0])
        raise
    finally:
        setattr(cls, method, original)
    return ("spy", value, calls[0])


def encode(value: Any) -> Json:
    """``value`` as plain JSON data that is equal on both sides exactly when the values match.

    Sequences, tuples and lists keep their kind; attrs records become their class name and
    fields; enum members their class and member names; ``Maybe`` ``some``/``nothing``.

    >>> from sml150.lib.seq import Seq
    >>> from sml150.lib.est import Guess
    >>> encode((Seq.from_list([1, 2]), Guess(-3)))
    {'t': [{'seq': [1, 2]}, {'rec': 'Guess', 'f': {'n': -3}}]}
    """
    budget = [MAX_NODES]
    return _encode(value, 0, budget)


def _encode(v: Any, depth: int, budget: list[int]) -> Json:
    budget[0] -= 1
    if budget[0] < 0:
        raise EncodeError(f"result has more than {MAX_NODES} parts")
    if depth > MAX_DEPTH:
        raise EncodeError(f"result nested deeper than {MAX_DEPTH}")
    if v is None or isinstance(v, bool | str) or type(v) is int:
        return v
    if isinstance(v, int):  # an int subclass (e.g. IntEnum) keeps only its value
        return int(v)
    if isinstance(v, float):
        import math

        return v if math.isfinite(v) else {"float": repr(v)}
    d = depth + 1
    if isinstance(v, tuple):
        return {"t": [_encode(x, d, budget) for x in v]}
    if isinstance(v, list):
        return {"l": [_encode(x, d, budget) for x in v]}
    seq_mod = sys.modules.get("sml150.lib.seq")
    if seq_mod is not None and isinstance(v, seq_mod.Seq):
        return {"seq": [_encode(x, d, budget) for x in v]}
    enum_mod = sys.modules.get("enum")
    if enum_mod is not None and isinstance(v, enum_mod.Enum):
        return {"enum": [type(v).__name__, v.name]}
    maybe_mod = sys.modules.get("returns.maybe")
    if maybe_mod is not None and isinstance(v, maybe_mod.Maybe):
        sentinel = object()
        inner = v.value_or(sentinel)
        return {"nothing": True} if inner is sentinel else {"some": _encode(inner, d, budget)}
    fields = getattr(type(v), "__attrs_attrs__", None)
    if fields is not None:
        return {"rec": type(v).__name__,
                "f": {a.name: _encode(getattr(v, a.name), d, budget) for a in fields}}
    if isinstance(v, BaseException):
        return {"exc": type(v).__name__}
    return {"obj": type(v).__name__}


def _bases(e: BaseException) -> list[str]:
    """The names of ``e``'s base classes, most derived first, without the universal ones.

    >>> class not_in_graph(LookupError): pass
    >>> _bases(not_in_graph())
    ['LookupError']
    """
    try:
        mro = type(e).__mro__[1:]
        return [str(c.__name__) for c in mro
                if c not in (BaseException, Exception, object)][:8]
    except Exception:  # a hostile class may break its own MRO's names: it gets no bases
        return []


def run_call(expr: Json, env: Env) -> dict[str, Json]:
    """Evaluate ``expr`` with its stdout captured; the outcome as a JSON-ready dict.

    ``{"ok": True, "v": value, "out": stdout}`` or ``{"ok": False, "exc": type name,
    "msg": message, "out": stdout}``.

    >>> run_call(["call", ["get", ["lib", "sml150.lib.seq"], "Seq", ], ["lit", 1]],
    ...          Env(lambda n: None))["exc"]
    'TypeError'
    """
    buf = io.StringIO()
    result: dict[str, Json]
    try:
        with contextlib.redirect_stdout(buf):
            value = evaluate(expr, env)
        result = {"ok": True, "v": encode(value)}
    except BaseException as e:
        # (SystemExit and KeyboardInterrupt included: a submission must not end the worker)
        try:
            msg = str(e)[:500]
        except BaseException:
            msg = "<unprintable>"
        result = {"ok": False, "exc": type(e).__name__, "msg": msg, "bases": _bases(e)}
    out = buf.getvalue()
    result["out"] = out[:MAX_OUT]
    return result


class _Raised:
    """How many ``run_big`` calls run now, and the recursion limit to restore after the last.

    (One process-wide setting, so a counter under a lock: overlapping calls from the grader's
    task threads restore it only when none is left.)
    """

    def __init__(self) -> None:
        import threading

        self._lock = threading.Lock()
        self.count = 0
        self.saved = sys.getrecursionlimit()

    def __enter__(self) -> None:
        self._lock.acquire()

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


_RAISED: Final = _Raised()


def run_big(fn: Callable[[], T]) -> T:
    """``fn()`` in a thread with a 256 MiB stack and a high recursion limit.

    Reference code written in SML style recurses once per element; the worker runs submissions
    the same way, so both sides can handle the same inputs. The process's recursion limit is
    back to what it was once no such call runs.

    >>> limit = sys.getrecursionlimit()
    >>> run_big(lambda: sys.getrecursionlimit() >= 60_000), sys.getrecursionlimit() == limit
    (True, True)
    """
    box: list[T] = []
    err: list[BaseException] = []

    def run() -> None:
        try:
            box.append(fn())
        except BaseException as e:
            err.append(e)

    import threading

    with _RAISED:  # the limit is process-wide: raised while a big call runs, then restored
        if _RAISED.count == 0:
            _RAISED.saved = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_RAISED.saved, 60_000))
        _RAISED.count += 1
    try:
        old_size = threading.stack_size(256 * 1024 * 1024)
        try:
            t = threading.Thread(target=run)
            t.start()
        finally:
            threading.stack_size(old_size)
        t.join()
    finally:
        with _RAISED:
            _RAISED.count -= 1
            if _RAISED.count == 0:
                sys.setrecursionlimit(_RAISED.saved)
    if err:
        raise err[0]
    return box[0]


# ---- the sandboxed process -----------------------------------------------------------------

_BLOCKED_IMPORTS: Final = (
    "sml150.handouts", "sml150.grading", "ctypes", "_ctypes", "_posixsubprocess",
    "multiprocessing", "_multiprocessing", "pty", "_socket", "_xxsubinterpreters",
    "_testcapi", "_testinternalcapi",
)
"""Refused by name. (Extension modules raise the ``import`` event however they are imported;
pure-Python modules only through the import statement, so the file checks below are the real
guard: the installed package's files cannot be opened at all.)"""

_BLOCKED_EVENTS: Final = frozenset({
    "os.fork", "os.forkpty", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
    "subprocess.Popen", "os.kill", "os.killpg", "signal.pthread_kill", "os.remove", "os.rename",
    "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.symlink", "os.link", "os.truncate",
    "os.utime", "os.chdir", "os.chroot", "os.chflags", "os.setxattr", "os.removexattr",
    "os.mkfifo", "os.mknod", "os.putenv", "os.unsetenv",
    "resource.setrlimit", "resource.prlimit", "ctypes.dlopen", "ctypes.dlsym",
    "ctypes.cdata", "socket.connect", "socket.bind", "socket.__new__", "sys.setprofile",
    "sys.settrace",
})
"""Audit events refused outright: processes, signals, file-system changes, limits, ctypes."""


def _identities(roots: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """``(st_dev, st_ino)`` of every file and directory under ``roots`` (and the roots)."""
    found: set[tuple[int, int]] = set()
    for root in roots:
        for top, dirs, files in os.walk(root):
            for name in (top, *(os.path.join(top, n) for n in (*dirs, *files))):
                with contextlib.suppress(OSError):
                    st = os.stat(name)
                    found.add((st.st_dev, st.st_ino))
    return frozenset(found)


def _make_hook(  # noqa: PLR0915 -- one flat hook, all its state in defaults (see below)
    ids: frozenset[tuple[int, int]],
    allowed: frozenset[tuple[int, int]] = frozenset(),
) -> Callable[[str, tuple[Any, ...]], None]:
    """The audit hook: refuses blocked events and imports, writes, and reads outside ``allowed``.

    Reading is default-deny: a path may be read only if, walking from the path up through its
    ancestors, the first one found in ``ids`` or ``allowed`` is in ``allowed`` (the submission,
    the bundle, the standard library, the library's packages). ``ids`` holds what is refused even
    inside an allowed root (the real package, every site-packages directory, ``/proc``); a
    blacklist alone cannot know every copy of the reference solution on the machine. Paths with
    ``..`` components are refused, so that walk cannot pass through an allowed directory on its
    way elsewhere; a path to nothing is let through (there is nothing to read, and nothing can be
    written).

    Tamper-proofing: the hook reads no global, closure cell or builtin at run time; all it uses
    is bound as positional defaults (an immutable tuple) when it is defined, and it refuses the
    audited ways to change a function (``__code__``, ``__defaults__``, ``__kwdefaults__``).
    Paths must be plain ``str``/``bytes`` (a path-like could name another file when ``open``
    asks again); a path is refused if it or any of its ancestors is one of ``ids``, compared by
    device and inode, so links and ``..`` do not help.
    """
    import types

    def hook(  # noqa: PLR0915 -- flat on purpose: no helper calls an attacker could patch
        event: str, args: tuple[Any, ...],
        _ids: frozenset[tuple[int, int]] = ids,
        _allowed: frozenset[tuple[int, int]] = allowed,
        _imports: tuple[str, ...] = _BLOCKED_IMPORTS,
        _events: frozenset[str] = _BLOCKED_EVENTS,
        _stat: Callable[..., Any] = os.stat,
        _getcwd: Callable[[], str] = os.getcwd,
        _type: type[type] = type,
        _str: type[str] = str,
        _bytes: type[bytes] = bytes,
        _int: type[int] = int,
        _eq: Callable[[str, str], bool] = str.__eq__,
        _startswith: Callable[[str, str], bool] = str.startswith,
        _endswith: Callable[[str, str], bool] = str.endswith,
        _rpartition: Callable[[str, str], tuple[str, str, str]] = str.rpartition,
        _decode: Callable[..., str] = bytes.decode,
        _isinstance: Callable[[object, type], bool] = isinstance,
        _fn: type = types.FunctionType,
        _self: Any = None,  # this hook's code object, bound below before it is installed
        _fn_attrs: frozenset[str] = frozenset({"__code__", "__defaults__", "__kwdefaults__"}),
        _write: int = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC,
        _denied: type[Exception] = PermissionError,
        _import_error: type[Exception] = ImportError,
        _os_error: tuple[type[Exception], ...] = (OSError, ValueError),
    ) -> None:
        path: Any = None
        if event == "import":
            name = args[0]
            if _type(name) is not _str:
                raise _import_error("the grader allows only plain module names")
            for b in _imports:
                if _eq(name, b) or _startswith(name, b + "."):
                    raise _import_error("the grader does not allow importing " + name)
            return
        if event == "open":
            path, mode, flags = args[0], args[1], args[2]
            if _type(mode) is _str:
                for ch in "wax+":
                    if ch in mode:
                        raise _denied("the grader does not allow writing files")
            if _type(flags) is _int and flags & _write:
                raise _denied("the grader does not allow writing files")
            if _type(path) is _int:
                return
        elif event in ("os.listdir", "os.scandir"):
            path = args[0] if args else None
            if path is None or _type(path) is _int:
                return
        elif event == "object.__setattr__":
            if _isinstance(args[0], _fn) and args[0].__code__ is _self and args[1] in _fn_attrs:
                raise _denied("the grader does not allow changing its audit hook")
            return
        else:
            if event in _events:
                raise _denied("the grader does not allow " + event)
            return
        if _type(path) is _bytes:
            path = _decode(path, "utf-8", "surrogateescape")
        elif _type(path) is not _str:
            raise _denied("the grader allows only str or bytes paths")
        if not _startswith(path, "/"):
            path = _getcwd() + "/" + path
        if "/../" in path or _endswith(path, "/.."):
            raise _denied("the grader does not allow '..' in paths: " + path)
        try:
            _stat(path)
        except _os_error:
            return  # nothing there to read
        p = path
        while p:
            try:
                st = _stat(p)
            except _os_error:
                st = None
            if st is not None:
                key = (st.st_dev, st.st_ino)
                if key in _ids:
                    raise _denied("the grader does not allow reading " + path)
                if key in _allowed:
                    return
            head = _rpartition(p, "/")[0]
            if _eq(head, p):
                break
            p = head
        raise _denied("the grader allows reading only the submission and the library: " + path)

    defaults = hook.__defaults__
    assert defaults is not None
    code = hook.__code__
    params = code.co_varnames[: code.co_argcount]
    i = params.index("_self") - (len(params) - len(defaults))
    hook.__defaults__ = (*defaults[:i], code, *defaults[i + 1 :])
    return hook


def _roots(paths: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """``(st_dev, st_ino)`` of each existing path itself (not what lies below it)."""
    found: set[tuple[int, int]] = set()
    for p in paths:
        with contextlib.suppress(OSError):
            st = os.stat(p)
            found.add((st.st_dev, st.st_ino))
    return frozenset(found)


def _install_audit_hook(blocked_roots: tuple[str, ...], denied: tuple[str, ...] = (),
                        allowed: tuple[str, ...] = ()) -> None:
    """Install the hook of ``_make_hook``.

    Refused: every file under ``blocked_roots`` (by identity, so hard links do not help), the
    directories ``denied`` and everything below them, ``/proc`` and ``/dev/tty``; readable:
    only what lies below ``allowed`` (see ``_make_hook``). Audit hooks cannot be removed, so
    this holds for the life of the process.
    """
    ids = _identities(blocked_roots) | _roots((*denied, "/proc", "/dev/tty"))
    sys.addaudithook(_make_hook(ids, _roots(allowed)))


def _set_limits(config: dict[str, Json]) -> None:
    """Resource limits of this process (inherited by all it starts); they cannot be raised.

    ``config``: ``memory`` (bytes of address space), ``cpu`` (seconds), ``fsize`` (bytes a
    file may grow to), ``nproc`` (tasks) and ``files`` (open descriptors; 256 without it).
    """
    import resource

    def both(which: int, value: int) -> None:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))

    both(resource.RLIMIT_AS, int(config["memory"]))
    cpu = int(config["cpu"])
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    both(resource.RLIMIT_FSIZE, int(config["fsize"]))
    both(resource.RLIMIT_CORE, 0)
    both(resource.RLIMIT_NOFILE, int(config.get("files", 256)))
    if hasattr(resource, "RLIMIT_NPROC"):
        # Counts every task (process or thread) of the user, so the grader sets it a little
        # above what the user runs now. Not enforced for root: the seccomp filter refuses new
        # processes instead.
        both(resource.RLIMIT_NPROC, int(config["nproc"]))


def _install_seccomp(program_hex: str) -> str:
    """Install the seccomp filter (``struct sock_filter`` bytes, hex); ``""`` or why not.

    Must run before the worker starts any thread: the filter holds for this thread and every
    thread or process it starts from now on, and cannot be removed.
    """
    if not program_hex:
        return "no filter for this machine"
    try:
        import ctypes
    except ImportError as e:
        return f"ctypes unavailable ({e})"
    data = bytes.fromhex(program_hex)

    class Program(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    code = ctypes.create_string_buffer(data, len(data))
    prog = Program(len(data) // 8, ctypes.addressof(code))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = (ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong,
                           ctypes.c_ulong)
    pr_set_no_new_privs, pr_set_seccomp, seccomp_mode_filter = 38, 22, 2
    if libc.prctl(pr_set_no_new_privs, 1, None, 0, 0) != 0:
        return f"PR_SET_NO_NEW_PRIVS failed (errno {ctypes.get_errno()})"
    if libc.prctl(pr_set_seccomp, seccomp_mode_filter, ctypes.addressof(prog), 0, 0) != 0:
        return f"PR_SET_SECCOMP failed (errno {ctypes.get_errno()})"
    for name in [m for m in sys.modules if m == "ctypes" or m.startswith(("ctypes.", "_ctypes"))]:
        del sys.modules[name]
    return ""


def _send(fd: int, obj: Json) -> None:
    data = (json.dumps(obj, separators=(",", ":")) + "\n").encode()
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def _serve(config: dict[str, Json], seccomp: str,
           server: Callable[[], None] | None = None) -> None:
    fd = int(config["fd"])
    # Homework modules are plain top-level modules of the submission directory.
    env = Env(importlib.import_module)
    stdin = sys.stdin
    real_stdout = sys.stdout
    _send(fd, {"ready": True, "seccomp": seccomp or "on"})
    if server is not None:  # this worker serves a module to another one, and nothing else
        server()
        return
    for line in stdin:
        try:
            request = json.loads(line)
            number, expr = int(request["id"]), request["expr"]
        except (ValueError, TypeError, KeyError):
            _send(fd, {"ok": False, "exc": "GraderError", "msg": "bad request", "out": ""})
            continue
        result = run_call(expr, env)
        sys.stdout = real_stdout
        result["id"] = number
        try:
            _send(fd, result)
        except (TypeError, ValueError) as e:  # a value json cannot write
            _send(fd, {"ok": False, "exc": "EncodeError", "msg": str(e)[:200], "out": "",
                       "id": number})


def _rpc_channel(rpc: dict[str, Json]) -> Callable[[], None] | None:
    """Task 4.2's channel to another worker (see the grader's ``_rpc``).

    A client connects at once (before any submission code runs); a server gets back the loop
    that answers its client until the client's end closes, run in place of the request loop.
    ``_sml150_rpc`` is the bundle's copy, which comes before the submission on the path.
    """
    import _sml150_rpc  # type: ignore[import-not-found]  # the bundle's own copy, on the worker's path only

    read_fd, write_fd = int(rpc["in"]), int(rpc["out"])
    if not rpc.get("serve"):
        _sml150_rpc.connect(read_fd, write_fd)
        return None
    for name in ("riskless", "maps"):  # before the greeting: the client's calls find it ready
        importlib.import_module(name)

    def serve() -> None:
        try:
            _sml150_rpc.serve(read_fd, write_fd)
        finally:
            os.close(write_fd)  # the client sees the end at once

    return serve


def launch(config: dict[str, Json]) -> int:
    """Become one program behind the worker's walls: crosscheck's launcher for SML/NJ.

    SML/NJ cannot install a filter or set limits itself, so this process does it for it: the
    limits of ``_set_limits``, then ``config["program"]`` opened as descriptor ``exec_fd``,
    the filter ``seccomp`` (hex: ``_seccomp.launcher_program``, the worker's refusals and no
    program started but through ``exec_fd``; none when ``""``), then the program in this
    process's place (``fexecve`` with ``argv`` and ``env``), under the filter and the limits,
    which it cannot remove. Returns only when it fails: 97, the filter would not install.
    """
    fd = os.open(str(config["program"]), os.O_RDONLY | os.O_CLOEXEC)
    exec_fd = int(config["exec_fd"])
    if fd != exec_fd:
        os.dup2(fd, exec_fd, inheritable=False)
        os.close(fd)
    _set_limits(config)
    if config["seccomp"]:
        why = _install_seccomp(str(config["seccomp"]))
        if why:
            sys.stderr.write(f"sml150 launcher: {why}\n")
            return 97
    os.execve(exec_fd, list(config["argv"]), dict(config["env"]))
    return 98  # pragma: no cover - execve does not return


def main(argv: list[str]) -> None:
    """Harden this process, then serve requests until stdin closes.

    Order matters: every module the worker uses is imported, the limits are set and the
    seccomp filter installed while ``sys.path`` holds the standard library only; the bundle and
    the submission are appended after it (so a submission's ``json.py`` or ``threading.py``
    neither runs early nor shadows what the worker uses). (``--launch CONFIG``: ``launch``.)
    """
    import math  # noqa: F401 -- imported now, so that encode never imports it later
    import resource  # noqa: F401 -- as math: imported before the hardening
    import threading
    import types  # noqa: F401 -- as math: imported before the hardening

    config: dict[str, Json] = json.loads(argv[1])
    _set_limits(config)
    seccomp = _install_seccomp(str(config.get("seccomp", "")))
    sys.dont_write_bytecode = True
    os.chdir(str(config["cwd"]))
    # Deep recursion (SML-style code on long sequences) needs a big C stack and a high limit.
    sys.setrecursionlimit(int(config["recursion"]))
    threading.stack_size(int(config["stack"]))
    if config.get("audit", True):
        _install_audit_hook(
            tuple(str(r) for r in config["blocked"]),
            tuple(str(r) for r in config.get("denied", [])),
            tuple(str(r) for r in config.get("allowed", [])),
        )
    sys.path.extend(str(p) for p in config["path"])
    rpc = config.get("rpc")
    server = _rpc_channel(dict(rpc)) if rpc else None
    failure: list[BaseException] = []

    def run() -> None:
        try:
            _serve(config, seccomp, server)
        except BaseException as e:
            failure.append(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join()
    os._exit(3 if failure else 0)


if __name__ == "__main__":
    if sys.argv[1] == "--launch":
        sys.exit(launch(json.loads(sys.argv[2])))
    main(sys.argv)
