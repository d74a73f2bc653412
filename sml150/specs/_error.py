"""The spec grammars' error (``sml150.errors.UsageError``), and the careful number reader.

``SpecError`` is the one error for bad text from the user under the name the specs have always
used: the same class, so the command catches it once.
"""

from __future__ import annotations

import re

from sml150.errors import UsageError, shown

__all__ = ["MAX_DIGITS", "SpecError", "shown", "whole_number"]

MAX_DIGITS = 9
"""Longest whole number a spec may spell (larger ones are refused before ``int``)."""

_WHOLE = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)  # noqa: UP031 -- a regex, not a message


SpecError = UsageError
"""A GAME or PLAYER spec that cannot be read or built: ``UsageError`` (one class, one line)."""


def whole_number(text: str, what: str, *, least: int = 0, where: str = "") -> int:
    """``text`` read as a whole number ``>= least`` (ASCII digits only, at most 9 of them).

    ``where`` is appended to the error's subject (e.g. `` in 'minimax:x'``).

    REQUIRES: true. ENSURES: the number, or ``SpecError`` naming ``what`` (never a
    ``ValueError`` from ``int``: superscript digits, signs, spaces and 5,000-digit strings are
    refused by the pattern first).

    >>> whole_number("12", "depth")
    12
    >>> whole_number("²", "depth")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad depth '²' (a whole number >= 0)
    """
    if _WHOLE.fullmatch(text) is None or int(text) < least:
        raise SpecError(f"bad {what} {shown(text)!r}{where} (a whole number >= {least})")
    return int(text)
