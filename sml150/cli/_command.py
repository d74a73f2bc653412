"""How a command joins ``sml150``: a module with a typed ``register``.

Every subcommand lives in a module of its own (``sml150/cli/_NAME.py``, and ``sml150.port.cli``
for ``port``) that provides ``register(sub)``: it adds its subparser(s) to ``sub`` and sets
``run=<function(args) -> int>`` as the parser's default. ``sml150.cli`` only assembles them
(``COMMANDS``), and ``main`` runs ``args.run``; mypy checks each module against ``Command``.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from typing import Any, NoReturn, Protocol, TypeAlias

from sml150.errors import UsageError

__all__ = ["Command", "Parser", "Subcommands", "add_switches"]


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (the one ``UsageError``: no usage dump) and exit status 2.

    An argument's ``type`` reader may raise ``UsageError`` (a ``ValueError``, which argparse
    would otherwise replace by "invalid ... value"): it comes out as raised, its message whole.

    >>> Parser(prog="x").parse_args(["--nope"])
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: unrecognized arguments: --nope
    >>> def even(text: str) -> int:
    ...     if int(text) % 2:
    ...         raise UsageError(f"--n must be even, not {text}")
    ...     return int(text)
    >>> p = Parser(prog="x")
    >>> _ = p.add_argument("--n", type=even)
    >>> p.parse_args(["--n", "3"])
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: --n must be even, not 3
    """

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """``ArgumentParser.add_argument``, its ``type`` reader's ``UsageError`` kept whole."""
        read = kwargs.get("type")
        if callable(read) and not isinstance(read, type):
            kwargs["type"] = _keeping_message(read)
        return super().add_argument(*args, **kwargs)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """``ArgumentParser.parse_known_args``, a reader's ``UsageError`` raised as it was."""
        try:
            return super().parse_known_args(args, namespace)
        except _Refused as e:
            raise e.error from None

    def error(self, message: str) -> NoReturn:
        """Refuse the command line in one line (``main`` prints it, exit status 2)."""
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Write ``--help``/``--version`` text, letting a failed write raise.

        argparse's own swallows ``OSError``, so ``sml150 --help > /dev/full`` said nothing
        and exited 0; raised, ``main`` turns it into one line and status 1.
        """
        if message:
            (file if file is not None else sys.stderr).write(message)


class _Refused(Exception):
    """A reader's ``UsageError`` carried past argparse (which catches every ``ValueError``)."""

    def __init__(self, error: UsageError) -> None:
        super().__init__(str(error))
        self.error = error


def _keeping_message(read: Callable[[str], Any]) -> Callable[[str], Any]:
    """``read``, its ``UsageError`` carried past argparse to ``Parser.parse_known_args``."""
    @functools.wraps(read)
    def reader(text: str) -> Any:
        try:
            return read(text)
        except UsageError as e:
            raise _Refused(e) from None

    return reader


# argparse names its subparsers object only privately; this alias is the one place it is named.
Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The object a command's ``register`` adds its parser to (``parser.add_subparsers()``)."""


class Command(Protocol):
    """A command module: ``register(sub)`` adds its subparser(s) with a ``run`` default."""

    def register(self, sub: Subcommands) -> None:
        """Add this command's parser(s) to ``sub``; each sets ``run`` (args -> exit status)."""
        ...


def add_switches(parser: argparse.ArgumentParser, **switches: str) -> None:
    """Add an on/off option ``--NAME`` for each keyword (``_`` spelled ``-``), its value the help.

    >>> p = argparse.ArgumentParser()
    >>> add_switches(p, quiet="no report", no_sandbox="run bare")
    >>> p.parse_args(["--no-sandbox"])
    Namespace(quiet=False, no_sandbox=True)
    """
    for name, text in switches.items():
        parser.add_argument(f"--{name.replace('_', '-')}", action="store_true", help=text)
