"""``UsageError``: the one error for bad text from the user, whichever grammar reads it.

Every reader of what a person types (a GAME or PLAYER spec, an executor spec, a number, a path,
a command line) raises it; ``sml150.cli.main`` catches it once and prints it as one line, exit
status 2. It is a ``ValueError``, so a library caller that passes bad text can catch that. It
carries the offending text and what would have been accepted, where the reader knows them.

(At the bottom of the package: the executors' spec reader, ``sml150.parallel``, sits below
``sml150.specs`` and raises it too.)

>>> e = UsageError("unknown game 'chess'", text="chess", accepted="tictactoe[:n], connect4")
>>> str(e), e.text, isinstance(e, ValueError)
("unknown game 'chess'", 'chess', True)
"""

from __future__ import annotations

__all__ = ["UsageError", "shown"]


class UsageError(ValueError):
    """Text from the user that no reader of ``sml150`` accepts: one line saying what and why.

    ``text`` is the offending text and ``accepted`` what would have been read, where known
    (``None`` otherwise); the message already says both in words.
    """

    def __init__(self, message: str, *, text: str | None = None,
                 accepted: str | None = None) -> None:
        super().__init__(message)
        self.text = text
        """The text that was refused (``None``: not one piece of text)."""
        self.accepted = accepted
        """What would have been accepted there, in words (``None``: see the message)."""


def shown(text: str) -> str:
    """``text`` as a message quotes it: at most 40 characters.

    >>> shown("x" * 50)
    'xxxxxxxxxxxxxxxxxxxx...(50 characters)'
    """
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"
