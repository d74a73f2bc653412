"""sml150: CMU 15-150's game-search homework, ported to typed, functional Python.

>>> from sml150.lib.explicit import HandoutBig
>>> from sml150.lib.minimax import MiniMax, Settings
>>> MiniMax(Settings(G=HandoutBig, search_depth=4)).next_move(HandoutBig.start)
Estimating state e[3]
...
0

**Which build runs.** An install with a C compiler compiles ``NATIVE_MODULES`` with mypyc
(``setup.py``); the package then runs them compiled, and runs every module as Python source
otherwise. ``build()`` says which, and why: the environment variable ``SML150_COMPILE`` forces
either (``0``: the pure modules; ``1``: the compiled ones, an ``ImportError`` naming what is
missing when there are none), and without it the compiled modules run exactly when the build
recorded in ``sml150/_native.json`` is complete and every one of their sources is unchanged since
(an edited module makes the whole build stale: a compiled module never shadows an edited one).
The choice is made once per process, at the first import of one of these modules, by a finder
that this package puts first on ``sys.meta_path``.

>>> build().compiled in (True, False), isinstance(build().why, str)
(True, True)
"""

from __future__ import annotations

import os
import sys
import threading
from typing import TYPE_CHECKING, Final, NamedTuple

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

__version__ = "0.1.0"

NATIVE_MODULES: Final[tuple[str, ...]] = (
    "sml150.games._common",
    "sml150.games.connect4",
    "sml150.games.connect4_eval",
    "sml150.games.connect4_solver",
    "sml150.games.tictactoe",
    "sml150.search._core",
    "sml150.search.adapter",
    "sml150.search.score",
    "sml150.search.table",
)
"""The modules ``setup.py`` compiles with mypyc (one group: all of them, or none, run compiled)."""

_HERE = os.path.dirname(os.path.abspath(__file__))
_MANIFEST = os.path.join(_HERE, "_native.json")
_RUNTIME = ("librt.vecs", "mypy_extensions")
"""What the compiled modules import when they start (mypyc's runtime library)."""


class Build(NamedTuple):
    """Which build runs in this process (``build()``).

    >>> Build(False, "SML150_COMPILE=0").describe()
    'pure Python (SML150_COMPILE=0)'
    """

    compiled: bool
    """Whether ``NATIVE_MODULES`` run compiled (mypyc)."""
    why: str
    """Why this build: what was asked, or what a compiled build lacks."""

    def describe(self) -> str:
        """The build in words, as ``sml150 --version`` prints it."""
        return f"{'compiled (mypyc)' if self.compiled else 'pure Python'} ({self.why})"


_chosen: list[Build] = []
"""The build, once decided (one element)."""
_lock = threading.RLock()


def build() -> Build:
    """The build this process runs.

    Decided at the first call, or at the first import of one of ``NATIVE_MODULES``; the same
    answer after.

    REQUIRES: ``SML150_COMPILE`` unset, ``0`` or ``1``; with ``1``, a compiled build that is
    complete and fresh (else ``ImportError`` saying what is wrong).

    >>> build() is build()
    True
    """
    with _lock:
        if not _chosen:
            _chosen.append(_decide(os.environ.get("SML150_COMPILE", "").strip()))
        return _chosen[0]


def _decide(want: str) -> Build:
    if want == "0":
        return Build(False, "SML150_COMPILE=0")
    if want not in ("", "1"):
        raise ImportError(f"SML150_COMPILE must be 0 or 1, not {want!r}")
    problem = _compiled_problem()
    if problem is None:
        return Build(True, f"{len(NATIVE_MODULES)} modules"
                     + (", SML150_COMPILE=1" if want == "1" else ""))
    if want == "1":
        raise ImportError(f"SML150_COMPILE=1, but {problem}")
    return Build(False, problem)


def _compiled_problem() -> str | None:
    """``None`` when a complete, fresh compiled build is here; else what is wrong with it."""
    import hashlib
    import importlib.util
    import json

    try:
        with open(_MANIFEST, encoding="utf-8") as f:
            held = json.load(f)
    except OSError:
        return "no compiled build: installed without a C compiler or with SML150_COMPILE=0"
    except ValueError:
        return "unreadable _native.json"
    if held.get("python") != sys.implementation.cache_tag:
        return f"the compiled build is for {held.get('python')}, not {sys.implementation.cache_tag}"
    modules = held.get("modules", {})
    suffix = held.get("suffix", "")
    for name in NATIVE_MODULES:
        source = _source(name)
        if name not in modules or not os.path.exists(source[:-3] + suffix):
            return f"the compiled build lacks {name} (rebuild: pip install -e .)"
        with open(source, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() != modules[name]:
                shown = os.path.relpath(source, os.path.dirname(_HERE))
                return (f"the compiled build is stale: {shown} changed since it was built"
                        " (rebuild: pip install -e .)")
    for runtime in _RUNTIME:
        if importlib.util.find_spec(runtime) is None:
            return f"the compiled build needs {runtime.partition('.')[0]}, which is not installed"
    return None


def _source(module: str) -> str:
    return os.path.join(_HERE, *module.split(".")[1:]) + ".py"


class _Gate:
    """Loads each of ``NATIVE_MODULES`` from its source when the pure build runs.

    A compiled module next to the source would be found first otherwise. The compiled build is
    left to the default finders, which take an extension module before a source file. (A meta
    path finder needs only ``find_spec``: importing ``importlib.abc`` would cost every process
    some 30 ms.)
    """

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The source's spec of a compiled module when the pure build runs; else ``None``."""
        if fullname not in NATIVE_MODULES or build().compiled:
            return None
        import importlib.util

        return importlib.util.spec_from_file_location(fullname, _source(fullname))


if not any(isinstance(f, _Gate) for f in sys.meta_path):
    sys.meta_path.insert(0, _Gate())
