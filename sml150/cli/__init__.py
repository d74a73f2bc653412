"""The ``sml150`` command: it assembles the commands and runs one.

Each command lives in a module of its own with a typed ``register`` (``_command.Command``);
this module only lists them (``COMMANDS``, in the order of ``--help``), builds the parser and
runs the chosen command, catching the one ``UsageError`` (``sml150.errors``) once::

    sml150 [match] GAME --maxie PLAYER --minnie PLAYER ...   a game between two players (_match)
    sml150 play GAME [--human maxie|minnie] [--ai PLAYER]    you against an AI (_match)
    sml150 trace SEARCH TREE [--svg FILE] [--html FILE]      a search's trace, drawn (_trace)
    sml150 solve GAME [MOVES]                                a position solved exactly (_solve)
    sml150 tournament GAME PLAYER PLAYER ...                 a round robin with Elo (_tournament)
    sml150 workspan GAME --player jamboree:D                 Jamboree's work and span (_workspan)
    sml150 handout hw10|hw11|gametree DIR                    the starter files (_handout)
    sml150 grade hw10|hw11|gametree SUBMISSION               the autograder (_grade)
    sml150 autograder gradescope|autolab HW OUT              a course's bundle (_autograder)
    sml150 crosscheck hw10|hw11 SML_DIR PY_DIR               a port against its SML (_crosscheck)
    sml150 port FILE.sml ... --out DIR                       SML solutions ported (port.cli)

``sml150`` alone plays the default match. Bad arguments get one line ``sml150: error: ...`` and
exit status 2 (``main`` says what else it turns into one line).

>>> sorted(_parser()._subparsers._group_actions[0].choices) == sorted(COMMAND_NAMES)
True
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from collections.abc import Sequence

from sml150.cli import (
    _autograder,
    _crosscheck,
    _grade,
    _handout,
    _match,
    _solve,
    _tournament,
    _trace,
    _workspan,
)
from sml150.cli._command import Command, Parser
from sml150.cli._games import GameChoice, build_game
from sml150.cli._players import build_player
from sml150.errors import UsageError
from sml150.port import cli as _port

__all__ = ["COMMANDS", "COMMAND_NAMES", "GameChoice", "UsageError", "build_game",
           "build_player", "main"]

COMMANDS: tuple[Command, ...] = (_match, _trace, _solve, _tournament, _workspan, _handout,
                                 _grade, _autograder, _crosscheck, _port)
"""Every command module, in the order ``--help`` lists them (mypy checks each is a Command)."""

COMMAND_NAMES: tuple[str, ...] = (
    "match", "play", "trace", "solve", "tournament", "workspan", "handout", "grade",
    "autograder", "crosscheck", "port")
"""The subcommands the modules register (the module docstring lists each)."""

_EXAMPLES = """\
examples:
  sml150 match riskless:m2 --maxie alphabeta:4 --minnie minimax:2
  sml150 match connect4 --maxie engine:jamboree:6 --minnie pvs:6 --executor processes:2
  sml150 match explicit:big --maxie minimax:4 --minnie alphabeta:3
  sml150 match examples.nim:Nim --maxie alphabeta:6 --minnie jamboree:4:0.5 --json
  sml150 play tictactoe:4 --human minnie --ai jamboree:4:0.5"""


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("sml150")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _build() -> str:
    """Which build runs (``sml150.build``): compiled by mypyc, or pure Python, and why."""
    import sml150

    try:
        return sml150.build().describe()
    except ImportError as e:  # SML150_COMPILE=1 without a compiled build
        return f"no build can run: {e}"


def _parser() -> argparse.ArgumentParser:
    """The command's parser: every command of ``COMMANDS`` registered."""
    parser = Parser(prog="sml150", description="15-150 game search: matches, traces, grading.",
                    epilog=f"{_match.SYNTAX}\n\n{_EXAMPLES}",
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version",
                        version=f"sml150 {_version()}, {_build()}")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    for command in COMMANDS:
        command.register(sub)
    return parser


def _run(args: argparse.Namespace) -> int:
    if args.command is None:  # `sml150` alone: the default match
        args = _parser().parse_args(["match"])
    status: int = args.run(args)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sml150`` command; return its exit status.

    ENSURES: bad arguments print one line ``sml150: error: ...`` to stderr and give 2 (1 for
    a parallel search that cannot go on: ``WorkerLost``, ``SharedTableError``); a human
    who ends the input, or Ctrl-C, prints one line ``sml150: stopped: <why>`` and gives 1; a
    closed output pipe ends quietly with 1; ``--help`` and ``--version`` give 0. Never a
    traceback for any of these.

    ``SIGTERM`` or ``SIGHUP`` stops the command as Ctrl-C does, closing its executor's
    workers first (``_signals``): one line, status ``128 + signal``. Output that cannot be
    written (``> /dev/full``) is one line on stderr and status 1.

    >>> main(["trace", "hw11-alphabeta", "nowhere"])
    2
    """
    from sml150.cli._signals import Terminated, terminate_by_unwinding

    try:
        with terminate_by_unwinding():
            status = _run(_parser().parse_args(argv))
            sys.stdout.flush()  # a full disk says so here, not in a traceback at exit
        return status
    except Terminated as e:
        print(f"sml150: stopped: {e.name} (its workers were closed)", file=sys.stderr)
        return 128 + e.signum
    except UsageError as e:
        print(f"sml150: error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt) as e:
        print(f"sml150: stopped: {_one_line(str(e)) or 'interrupted'}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `sml150 ... | head`: the reader left; say nothing more
        _silence_stdout()
        return 1
    except OSError as e:
        if e.errno in _OUTPUT_ERRNOS:
            _silence_stdout()
            print(f"sml150: error: could not write the output: {e.strerror}", file=sys.stderr)
            return 1
        known = _known_failure(e)  # a shared table out of a worker's reach is an OSError
        if known is None:
            raise
        return known
    except SystemExit as e:  # --help, --version
        try:
            sys.stdout.flush()
        except OSError as failed:
            _silence_stdout()
            print(f"sml150: error: could not write the output: {failed.strerror}",
                  file=sys.stderr)
            return 1
        return e.code if isinstance(e.code, int) else 0
    except Exception as e:
        known = _known_failure(e)
        if known is None:
            raise
        return known


def _known_failure(e: BaseException) -> int | None:
    """The exit status of a failure ``main`` reports in one line; ``None``: not one of them."""
    from sml150.parallel import WorkerLost
    from sml150.search.sharedtable import SharedTableError
    from sml150.specs.checked import GameBroke

    # a parallel search that cannot go on: a worker lost more often than the retries allow,
    # or a shared-table search given workers on another machine
    if isinstance(e, WorkerLost | SharedTableError):
        print(f"sml150: error: {_one_line(str(e))}", file=sys.stderr)
        return 1
    if isinstance(e, GameBroke):  # your own GAME went wrong in play: which member, how
        print(f"sml150: error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    return None


_OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})
"""Errors of writing the output itself (a full disk, a gone terminal): one line, not a
traceback."""


def _one_line(text: str, limit: int = 500) -> str:
    r"""``text`` on one printable line: control characters (and lone surrogates) escaped.

    >>> _one_line("unrecognized arguments: a\nb\udc80")
    'unrecognized arguments: a\\nb\\udc80'
    """
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= limit else f"{shown[:limit]}... ({len(shown)} characters)"


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the exit-time flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # not a real file (a test's capture)
        pass
