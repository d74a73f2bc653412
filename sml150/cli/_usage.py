"""The CLI's one error type (``sml150.errors.UsageError``) and its careful number reader.

Every reader below the command raises the same ``UsageError`` (the specs' ``SpecError`` is that
class), so ``sml150.cli.main`` catches it once, with no wrapper translating one error into
another on the way.

>>> whole_number("12", "depth")
12
>>> whole_number("²", "depth")
Traceback (most recent call last):
...
sml150.errors.UsageError: bad depth '²' (a whole number >= 0)
"""

from __future__ import annotations

from sml150.errors import UsageError
from sml150.specs import whole_number

__all__ = ["UsageError", "whole_number"]
