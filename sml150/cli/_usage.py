"""The CLI's one error type and the careful number readers every argument goes through."""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "UsageError", "whole_number"]

MAX_DIGITS = 9
"""Longest whole number an argument may spell (larger ones are refused before ``int``)."""

_WHOLE = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)  # noqa: UP031 -- a regex, not a message


class UsageError(Exception):
    """A bad command line: reported as one line, exit status 2.

    >>> str(UsageError("unknown game 'chess'"))
    "unknown game 'chess'"
    """


def whole_number(text: str, what: str, *, least: int = 0, where: str = "") -> int:
    """``text`` read as a whole number ``>= least`` (ASCII digits only, at most 9 of them).

    ``where`` is appended to the error's subject (e.g. `` in 'minimax:x'``).

    REQUIRES: true. ENSURES: the number, or ``UsageError`` naming ``what`` (never a
    ``ValueError`` from ``int``: superscript digits, signs, spaces and 5,000-digit strings are
    refused by the pattern first).

    >>> whole_number("12", "depth")
    12
    >>> whole_number("²", "depth")
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: bad depth '²' (a whole number >= 0)
    """
    if _WHOLE.fullmatch(text) is None or int(text) < least:
        shown = text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"
        raise UsageError(f"bad {what} {shown!r}{where} (a whole number >= {least})")
    return int(text)
