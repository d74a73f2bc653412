"""Where expressions evaluated on the reference solutions find their modules.

(Its own module: the cases, the groups and the engine all evaluate on the reference, and the
engine builds on the other two.)
"""

from __future__ import annotations

import importlib

from sml150.grading._worker import Env

__all__ = ["reference_env"]


def reference_env(hw: str) -> Env:
    """Module resolution for expressions evaluated on the reference solutions of ``hw``.

    >>> reference_env("hw10").module("las").__name__
    'sml150.handouts.hw10.las'
    """
    return Env(lambda name: importlib.import_module(f"sml150.handouts.{hw}.{name}"))
