"""The CLI's one error type and the careful number reader every argument goes through."""

from __future__ import annotations

from sml150.specs import SpecError
from sml150.specs import whole_number as _whole_number

__all__ = ["UsageError", "whole_number"]


class UsageError(Exception):
    """A bad command line: reported as one line, exit status 2.

    >>> str(UsageError("unknown game 'chess'"))
    "unknown game 'chess'"
    """


def whole_number(text: str, what: str, *, least: int = 0, where: str = "") -> int:
    """``text`` read as a whole number ``>= least`` (``sml150.specs.whole_number``).

    REQUIRES: true. ENSURES: the number, or ``UsageError`` naming ``what``.

    >>> whole_number("12", "depth")
    12
    >>> whole_number("²", "depth")
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: bad depth '²' (a whole number >= 0)
    """
    try:
        return _whole_number(text, what, least=least, where=where)
    except SpecError as e:
        raise UsageError(str(e)) from None
