"""The course library's old name for ``searchcount`` (and ``forkjoin.split_plies``): deprecated.

A starter handed out before the library named this module ``searchcount`` imports
``SearchCount``, ``require_in_play``, ``require_player_depth``, ``watch_searches`` and
``split_plies`` from here; a solution written against it must keep grading. Every name is the
new one, reached through a module ``__getattr__`` that warns (``DeprecationWarning``) once per
name, so the old import keeps working for at least one release (``STUDENT_API`` in
``sml150.lib.api`` lists what a starter may import, and ``MOVED`` what moved from here).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter("always")
...     from sml150.lib._search import SearchCount
>>> SearchCount.__module__, w[0].category.__name__
('sml150.lib.searchcount', 'DeprecationWarning')
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from sml150.lib.api import MOVED

__all__: list[str] = []  # every name is served by __getattr__, with its warning


def __getattr__(name: str) -> Any:
    """The moved ``name`` from its new module, with a ``DeprecationWarning`` saying where."""
    new = MOVED[__name__].get(name)
    if new is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__}.{name} moved to {new}.{name}; import it from there",
                  DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(new), name)
