"""The ``sml150`` command: play games between players, print the handouts' traces, grade.

(Over 400 lines: the commands still registered here (match, play, trace, handout, grade) and the
parser that assembles them; each is to move to a cli/_*.py of its own.)

``sml150`` alone plays a default match end to end. Subcommands::

    sml150 match GAME --maxie PLAYER --minnie PLAYER [--move-limit N] [--repetitions N]
                 [--quiet] [--json] [--executor SPEC]
    sml150 play GAME [--human maxie|minnie] [--ai PLAYER] [--executor SPEC]
    sml150 trace SEARCH handout-small|handout-big|GAME [--depth D] [--prune P]
                 [--executor SPEC] [--svg FILE] [--html FILE]
    sml150 handout hw10|hw11|gametree DIR [--force]
    sml150 grade hw10|hw11|gametree SUBMISSION_DIR [--autolab] [--gradescope FILE] [--quiet]
                 [--reveal]

GAME is ``tictactoe[:n][:draw]`` (``draw``: the standard rule, a full board is a draw),
``riskless:m1|m2|earth``, ``explicit:small|big`` (played down to a leaf) or
``MODULE:ATTRIBUTE`` (your own GAME); PLAYER is ``minimax:d``, ``alphabeta:d``,
``jamboree:d:p``, an engine player (``pvs:d``, ``engine:jamboree:d``, ...) or ``human``. Bad
arguments get a one-line error and exit status 2.

``--executor SPEC`` (``serial``, ``processes[:N]``, ``dask[:N]``, ``dask:ADDRESS``; see
``sml150.parallel``) is opened once around a whole match or trace; the players that search in
parallel (``jamboree:d:p``, ``engine:jamboree:d``, ``engine:ybw:d``) run their subtrees on it,
with the same moves and output as in this process. When no player can use it, one line on
stderr says which players search in this process.

>>> main(["match", "explicit:small", "--maxie", "alphabeta:2", "--minnie", "minimax:1",
...       "--move-limit", "1", "--fixed-clock"])
Explicit game HandoutSmall (2 moves deep): Maxie is alphabeta:2, Minnie is minimax:1
(Maxie,a)
Estimating state c[3]
...
Maxie decides to make the move 1 in 0.000 seconds.
(Minnie,f)
Game over! It's a draw! (move limit of 1 reached)
0
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

from sml150.cli._executor import EXECUTOR_USERS, check_executor, not_used, open_executor
from sml150.cli._games import GAME_SYNTAX, GameChoice, build_game
from sml150.cli._live import Report, Watched
from sml150.cli._players import PLAYER_SYNTAX, build_player, check_seat, seat
from sml150.cli._usage import UsageError, whole_number
from sml150.lib.referee import GameRecord, Referee, RefereeSettings, Writer
from sml150.lib.signatures import GAME, PLAYER, JamboreeSettings, Maxie, Minnie, Settings

__all__ = ["GameChoice", "UsageError", "build_game", "build_player", "main"]

# The CLI handles games and players of every state/move type uniformly.
AnyGame = GAME[Any, Any]
AnyPlayer = PLAYER[Any, Any]

DEFAULT_REPETITIONS = 3
"""A match ends as a draw when a position occurs for the third time (the Referee's rule, not a
handout's: Riskless players may otherwise shuffle armies until the move limit)."""


class _Painter:
    """A Referee writer that colours O and X (Maxie and Minnie) on a terminal, via rich."""

    def __init__(self) -> None:
        from rich.console import Console

        self._console = Console(highlight=False, soft_wrap=True)

    def write(self, text: str, /) -> int:
        from rich.text import Text

        shown = Text(text)
        shown.highlight_regex(r"\bO\b|\bO\(\d+\)", "bold blue")
        shown.highlight_regex(r"\bX\b|\bX\(\d+\)", "bold red")
        shown.highlight_regex(r"Game over!.*", "bold green")
        self._console.print(shown, end="")
        return len(text)


def _status_console(quiet: bool) -> Any:
    """A rich console on standard error if it is a terminal and not ``--quiet``; else None."""
    if quiet or not sys.stderr.isatty():
        return None
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _readable_stdin() -> None:
    """Standard input never raises on invalid UTF-8 (it reads as U+FFFD)."""
    stdin = sys.stdin
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")


def _play(game_spec: str, maxie_spec: str, minnie_spec: str, move_limit: int, *,
          out: Writer | None, fixed_clock: bool, quiet: bool = False, as_json: bool = False,
          friendly: bool = False, executor_spec: str = "serial",
          repetitions: int = DEFAULT_REPETITIONS) -> int:
    """Play one match; a person (``human``) always gets the friendly prompt and the legend.

    The executor is checked first, then the game and both players, and only then opened, once
    around the whole match.
    """
    parallel = check_executor(executor_spec)
    friendly = friendly or "human" in (maxie_spec.lower(), minnie_spec.lower())
    choice = build_game(game_spec)
    sides = ((maxie_spec, Maxie), (minnie_spec, Minnie))
    specs = [check_seat(spec, choice, who) for spec, who in sides]
    if parallel and not any(p.uses_executor for p in specs):
        not_used(
            executor_spec,
            [f"{spec} ({who.name})" for (spec, who), p in zip(sides, specs, strict=True)
             if not p.uses_executor and spec.lower() != "human"],
            f"only {EXECUTOR_USERS} use an executor")
    clock: Callable[[], float] = (lambda: 0.0) if fixed_clock else _default_clock()
    json_out: IO[str] | None = sys.stdout if as_json else None
    report = Report(console=None if as_json else _status_console(quiet), json_out=json_out,
                    clock=clock)
    human_out = sys.stderr if as_json else None
    with open_executor(executor_spec) as ex:
        players = [
            Watched(choice.game, seat(spec, choice, who, executor=ex, human_out=human_out,
                                      friendly=friendly),
                    spec, report, quiet_stdout=sys.stderr if as_json else None,
                    person=spec.lower() == "human")
            for spec, who in sides
        ]
        if "human" in (maxie_spec.lower(), minnie_spec.lower()):
            _readable_stdin()
        if not as_json:
            print(f"{choice.title}: Maxie is {maxie_spec}, Minnie is {minnie_spec}",
                  file=out or sys.stdout)
            if friendly:
                print(choice.legend, file=out or sys.stdout)
        settings: RefereeSettings[Any, Any] = RefereeSettings(
            Maxie=players[0], Minnie=players[1], move_limit=move_limit, out=out, clock=clock,
            show=not as_json, repetition_limit=repetitions or None)
        record: GameRecord[Any, Any] = Referee(settings).go()
    report.finished(choice.game, record)
    return 0


def _default_clock() -> Callable[[], float]:
    import time

    return time.perf_counter


def _trace(which: str, tree: str, prune: float, executor_spec: str = "serial", *,
           depth: int | None = None, svg: Path | None = None, html: Path | None = None) -> int:
    """Print a search's trace; HW11 Jamboree's subtrees run on the executor (the same trace).

    With ``--svg``/``--html`` (or a search other than HW11's) the search runs in this process,
    recorded, and is drawn (``sml150.draw``); the trace printed is the same.
    """
    from sml150.draw import TraceError, draw_files, trace_game

    try:
        game, depth, title = trace_game(which, tree, depth)
    except TraceError as e:
        raise UsageError(str(e)) from None
    parallel = check_executor(executor_spec)
    if svg is not None or html is not None or not which.startswith("hw11-"):
        if parallel:
            not_used(executor_spec, [which], "a drawn or recorded search runs in this process")
        try:
            draw_files(which, game, depth, prune=prune, title=title, svg=svg, html=html)
        except TraceError as e:
            raise UsageError(str(e)) from None
        return 0
    if depth is None:  # (only the lazy-tree evaluators search without a depth)
        raise UsageError(f"{which} needs --depth D")
    from sml150.lib.explicit import ExplicitGameError

    try:
        _trace_hw11(which, game, depth, prune, executor_spec, parallel=parallel)
    except ExplicitGameError as e:  # a --depth below an explicit tree's leaves
        raise UsageError(f"{e} (give a --depth that fits the tree)") from None
    return 0


def _trace_hw11(which: str, game: AnyGame, depth: int, prune: float, executor_spec: str, *,
                parallel: bool) -> None:
    """HW11's AlphaBeta or Jamboree with its trace (Jamboree's subtrees on the executor)."""
    if which == "hw11-alphabeta":
        from sml150.handouts.hw11.alphabeta import AlphaBeta

        if parallel:
            not_used(executor_spec, [which], "AlphaBeta is sequential")
        AlphaBeta(Settings(G=game, search_depth=depth, trace=True)).next_move(game.start)
        return
    from sml150.handouts.hw11.jamboree import Jamboree

    settings = JamboreeSettings(G=game, search_depth=depth, prune_percentage=prune, trace=True)
    with open_executor(executor_spec) as ex:
        Jamboree(settings, executor=ex).next_move(game.start)


COMMAND_MODULES: tuple[str, ...] = (
    "sml150.cli._solve",
    "sml150.cli._workspan",
    "sml150.cli._tournament",
    "sml150.cli._autograder",
    "sml150.cli._crosscheck",
    "sml150.port.cli",
)
"""Subcommands that live in modules of their own (``sml150/cli/_NAME.py``).

Each such module defines ``register(sub) -> None``, which adds its subparser(s) to ``sub`` (the
``argparse`` subparsers object) and sets ``run=<function(args) -> int>`` as the parser default;
``_run`` dispatches to ``args.run`` when a parser set one.
"""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("sml150")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


def _move_limit(text: str) -> int:
    n = whole_number(text, "--move-limit")
    if n < 1:
        raise UsageError(f"--move-limit must be >= 1, not {n}")
    return n


_REPETITIONS_HELP = (
    "end an unfinished game as a draw when a position (board and player to move) occurs for the"
    f" N-th time (default {DEFAULT_REPETITIONS}; 0: never)")


def _depth(text: str) -> int:
    return whole_number(text, "--depth", least=1)


def _repetitions(text: str) -> int:
    n = whole_number(text, "--repetitions")
    if n == 1:
        raise UsageError("--repetitions must be 0 (never) or >= 2, not 1")
    return n


_SYNTAX = f"{GAME_SYNTAX}\n\n{PLAYER_SYNTAX}"

_EXAMPLES = """\
examples:
  sml150 match riskless:m2 --maxie alphabeta:4 --minnie minimax:2
  sml150 match connect4 --maxie engine:jamboree:6 --minnie pvs:6 --executor processes:2
  sml150 match explicit:big --maxie minimax:4 --minnie alphabeta:3
  sml150 match examples.nim:Nim --maxie alphabeta:6 --minnie jamboree:4:0.5 --json
  sml150 play tictactoe:4 --human minnie --ai jamboree:4:0.5"""


_EXECUTOR_HELP = (
    "serial (default), processes[:N], dask[:N] or dask:ADDRESS: opened once for the match;"
    f" {EXECUTOR_USERS} search on it (the same moves), the other players in this process")


def _trace_parser(sub: Any, raw: type[argparse.HelpFormatter]) -> None:
    """The ``trace`` subcommand's arguments (``sub``: the subparsers object)."""
    from sml150.draw import SEARCHES

    trace = sub.add_parser(
        "trace", help="print a search's trace (HW11's handout traces); draw it (--svg, --html)",
        formatter_class=raw, epilog="searches:\n" + "\n".join(
            f"  {k:<22}{v}" for k, v in SEARCHES.items()))
    trace.add_argument("which", choices=list(SEARCHES), metavar="SEARCH",
                       help="the search (see below)")
    trace.add_argument("tree", metavar="TREE",
                       help="handout-small (depth 2), handout-big (depth 4), or a GAME")
    trace.add_argument("--depth", type=_depth, default=None,
                       help="plies to search (default: an explicit tree's depth)")
    trace.add_argument("--prune", type=float, default=0.5, help="Jamboree's prune_percentage")
    trace.add_argument("--svg", type=Path, default=None, metavar="FILE",
                       help="draw the search as SVG: the tree as searched, windows, values,"
                       " leaves numbered in order, pruned moves greyed, the chosen line")
    trace.add_argument("--html", type=Path, default=None, metavar="FILE",
                       help="the same as one self-contained HTML page: step through the search,"
                       " fold and unfold subtrees")
    trace.add_argument("--executor", default="serial", metavar="SPEC",
                       help="serial (default), processes[:N], dask[:N] or dask:ADDRESS: where"
                       " hw11-jamboree's subtrees run (the same trace, byte for byte);"
                       " the other searches, and any search drawn, run in this process")


def _parser() -> argparse.ArgumentParser:
    raw = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="sml150", description="15-150 game search: matches, traces, grading.",
                     epilog=f"{_SYNTAX}\n\n{_EXAMPLES}", formatter_class=raw)
    parser.add_argument("--version", action="version", version=f"sml150 {_version()}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    match = sub.add_parser("match", help="play a game between two players", epilog=_SYNTAX,
                           formatter_class=raw)
    match.add_argument("game", nargs="?", default="tictactoe:3", help="the GAME (see below)")
    # The defaults think for a time, not to a depth: every game's moves come in about a second
    # (pvs:9 and jamboree:4:0.5 made no move on tictactoe:8 in a minute).
    match.add_argument("--maxie", default="id:1",
                       help="Maxie's PLAYER (moves first; default id:1, the engine's iterative"
                            " deepening, 1 s a move)")
    match.add_argument("--minnie", default="id:0.5",
                       help="Minnie's PLAYER (default id:0.5: the same, half a second a move)")
    match.add_argument("--move-limit", type=_move_limit, default=1000,
                       help="end an unfinished game as a draw after N moves (default 1000)")
    match.add_argument("--repetitions", type=_repetitions, default=DEFAULT_REPETITIONS,
                       metavar="N", help=_REPETITIONS_HELP)
    match.add_argument("--fixed-clock", action="store_true",
                       help="report every move as taking 0 seconds (reproducible output)")
    match.add_argument("--quiet", action="store_true",
                       help="no live status or per-move costs (shown only on a terminal)")
    match.add_argument("--json", action="store_true",
                       help="stdout holds one JSON object per move, then one for the result")
    match.add_argument("--executor", default="serial", metavar="SPEC", help=_EXECUTOR_HELP)

    play = sub.add_parser("play", help="play against an AI, reading your moves from the terminal",
                          epilog=_SYNTAX, formatter_class=raw)
    play.add_argument("game", nargs="?", default="tictactoe:3", help="the GAME (see below)")
    play.add_argument("--human", choices=["maxie", "minnie"], default="maxie",
                      help="your side (Maxie moves first)")
    play.add_argument("--ai", default="id:2", help="your opponent's PLAYER")
    play.add_argument("--move-limit", type=_move_limit, default=1000,
                      help="end an unfinished game as a draw after N moves (default 1000)")
    play.add_argument("--repetitions", type=_repetitions, default=DEFAULT_REPETITIONS,
                      metavar="N", help=_REPETITIONS_HELP)
    play.add_argument("--quiet", action="store_true", help="no live status or per-move costs")
    play.add_argument("--executor", default="serial", metavar="SPEC", help=_EXECUTOR_HELP)

    _trace_parser(sub, raw)

    handout = sub.add_parser("handout", help="write the student starter files")
    handout.add_argument("hw", choices=["hw10", "hw11", "gametree"])
    handout.add_argument("directory", help="where to write them (created if needed)")
    handout.add_argument("--force", action="store_true",
                         help="overwrite starter files that already exist")

    grade = sub.add_parser("grade", help="grade a submission directory")
    grade.add_argument("hw", choices=["hw10", "hw11", "gametree"])
    grade.add_argument("submission", type=Path)
    grade.add_argument("--autolab", action="store_true",
                       help="end stdout with Autolab's JSON scores line")
    grade.add_argument("--gradescope", type=Path, default=None,
                       help="also write Gradescope's results.json here")
    grade.add_argument("--quiet", action="store_true", help="no text report")
    grade.add_argument("--verbose", action="store_true",
                       help="list every failed test (default: one example a task)")
    grade.add_argument("--reveal", action="store_true",
                       help="staff: show hidden tests whole (students see only their kind)")
    grade.add_argument("--no-sandbox", action="store_true",
                       help="run without bubblewrap (the result is not tamper-proof)")
    grade.add_argument("--batch", action="store_true",
                       help="SUBMISSION is a class: grade every subdirectory (one student each)")
    grade.add_argument("--executor", default="serial",
                       help="with --batch: serial, processes[:N], dask[:N] or dask:ADDRESS")
    grade.add_argument("--out", type=Path, default=None,
                       help="with --batch: reports and grades.csv here (default SUBMISSION-grades)")
    grade.add_argument("--regrade", action="store_true",
                       help="with --batch: grade every student again (default: only those "
                            "whose files changed since their last grade)")
    grade.add_argument("--task", action="append", dest="tasks", metavar="ID",
                       help="grade only this task (repeatable; e.g. --task 5.7)")
    for name in COMMAND_MODULES:
        import importlib

        importlib.import_module(name).register(sub)
    return parser


def _run(args: argparse.Namespace) -> int:
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
    if run is not None:
        return run(args)
    command = args.command or "match"
    if command == "match":
        if args.command is None:  # `sml150` alone: the default match
            args = _parser().parse_args(["match"])
        return _play(args.game, args.maxie, args.minnie, args.move_limit, out=None,
                     fixed_clock=args.fixed_clock, quiet=args.quiet, as_json=args.json,
                     executor_spec=args.executor, repetitions=args.repetitions)
    if command == "play":
        human, ai = "human", args.ai
        maxie, minnie = (human, ai) if args.human == "maxie" else (ai, human)
        return _play(args.game, maxie, minnie, args.move_limit, out=_Painter(), fixed_clock=False,
                     quiet=args.quiet, friendly=True, executor_spec=args.executor,
                     repetitions=args.repetitions)
    if command == "trace":
        if not 0.0 <= args.prune <= 1.0:
            raise UsageError(f"--prune must be in [0, 1], not {args.prune}")
        return _trace(args.which, args.tree, args.prune, args.executor, depth=args.depth,
                      svg=args.svg, html=args.html)
    if command == "handout":
        from sml150 import grading
        from sml150.cli._paths import check_writable_directory

        directory = check_writable_directory(args.directory)
        try:
            grading.write_handout(args.hw, directory, force=args.force)
        except FileExistsError as e:
            raise UsageError(str(e)) from None
        except OSError as e:  # the disk filled, a file changed meanwhile: still one line
            raise UsageError(f"could not write the {args.hw} starter files to {directory}: {e}"
                             ) from None
        print(f"wrote the {args.hw} starter files to {args.directory}")
        return 0
    if command == "grade":
        from sml150 import grading
        from sml150.cli._paths import (
            check_output_directory,
            check_output_file,
            check_submission_directory,
        )

        check_submission_directory(str(args.submission))
        if args.gradescope is not None:  # before the grading, never a folder made for it
            check_output_file(str(args.gradescope), "--gradescope")
        if args.batch and args.out is not None:
            check_output_directory(str(args.out), "--out")
        if args.batch:
            from sml150.cli._executor import check_executor, connect_timeout, reach_scheduler
            from sml150.parallel import parse_spec

            check_executor(args.executor)  # a bad spec: one line
            wait = connect_timeout()
            address = parse_spec(args.executor).address
            if address is not None:  # nobody there: one line within the wait, not 30 s
                reach_scheduler(address, wait)
            return grading.batch_command(args.hw, args.submission, executor_spec=args.executor,
                                         out=args.out, no_sandbox=args.no_sandbox,
                                         tasks=args.tasks, connect_timeout=wait,
                                         regrade=args.regrade)
        return grading.grade_command(args.hw, args.submission, quiet=args.quiet,
                                     autolab=args.autolab, gradescope=args.gradescope,
                                     no_sandbox=args.no_sandbox, reveal=args.reveal,
                                     tasks=args.tasks, verbose=args.verbose)
    raise UsageError(f"unknown command {command!r}")  # pragma: no cover - argparse refuses first


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
        if e.errno not in _OUTPUT_ERRNOS:
            raise
        _silence_stdout()
        print(f"sml150: error: could not write the output: {e.strerror}", file=sys.stderr)
        return 1
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
        from sml150.parallel import WorkerLost
        from sml150.search.sharedtable import SharedTableError
        from sml150.specs.checked import GameBroke

        # a parallel search that cannot go on: a worker lost more often than the retries
        # allow, or a shared-table search given workers on another machine
        if isinstance(e, WorkerLost | SharedTableError):
            print(f"sml150: error: {_one_line(str(e))}", file=sys.stderr)
            return 1
        if isinstance(e, GameBroke):  # your own GAME went wrong in play: which member, how
            print(f"sml150: error: {_one_line(str(e))}", file=sys.stderr)
            return 2
        raise


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
