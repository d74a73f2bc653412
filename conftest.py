"""pytest's setup for the whole tree: which build the tests run (issue 31).

The tests run the pure-Python modules unless ``SML150_COMPILE=1`` is set: ``scripts/check.sh``
runs the engine's, the games' and the parallel tests a second time so, against the compiled
build. The doctests of the compiled modules (``sml150.NATIVE_MODULES``) run on their sources,
in the pure run; a compiled run does not collect them (a compiled module has no source for
pytest to read them from).
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SML150_COMPILE", "0")  # before any test imports a compiled module

_NATIVE_SOURCES: frozenset[Path] = frozenset()
if os.environ["SML150_COMPILE"] == "1":
    from sml150 import NATIVE_MODULES

    _root = Path(__file__).resolve().parent
    _NATIVE_SOURCES = frozenset(_root.joinpath(*m.split(".")).with_suffix(".py")
                                for m in NATIVE_MODULES)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """In a compiled run, the compiled modules' sources are not collected (their doctests)."""
    return True if collection_path.resolve() in _NATIVE_SOURCES else None
