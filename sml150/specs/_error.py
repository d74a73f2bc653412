"""The one error of the spec grammar, and the careful number reader every spec goes through."""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "SpecError", "shown", "whole_number"]

MAX_DIGITS = 9
"""Longest whole number a spec may spell (larger ones are refused before ``int``)."""

_WHOLE = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)  # noqa: UP031 -- a regex, not a message


class SpecError(ValueError):
    """A GAME or PLAYER spec that cannot be read or built.

    Its message is one line naming the bad part (the command prints ``sml150: error: ...``).

    >>> str(SpecError("unknown game 'chess'"))
    "unknown game 'chess'"
    """


def shown(text: str) -> str:
    """``text`` as a message quotes it: at most 40 characters.

    >>> shown("x" * 50)
    'xxxxxxxxxxxxxxxxxxxx...(50 characters)'
    """
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


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
    sml150.specs._error.SpecError: bad depth '²' (a whole number >= 0)
    """
    if _WHOLE.fullmatch(text) is None or int(text) < least:
        raise SpecError(f"bad {what} {shown(text)!r}{where} (a whole number >= {least})")
    return int(text)
