"""The ``sml150`` command: play games between players, print the handouts' traces, grade.

``sml150`` alone plays a default match end to end. Subcommands::

    sml150 match GAME --maxie PLAYER --minnie PLAYER [--move-limit N]
    sml150 play GAME [--human maxie|minnie] [--ai PLAYER]
    sml150 trace hw11-alphabeta|hw11-jamboree handout-small|handout-big [--prune P]
    sml150 handout hw10|hw11 DIR
    sml150 grade hw10|hw11 SUBMISSION_DIR [--autolab] [--gradescope FILE] [--quiet]

GAME is ``tictactoe[:n][:draw]`` (``draw``: the standard rule, a full board is a draw),
``riskless:m1|m2|earth``, or ``explicit:small|big``; PLAYER is ``minimax:d``, ``alphabeta:d``,
``jamboree:d:p`` or ``human``. Bad arguments get a one-line error and exit status 2.

>>> main(["match", "explicit:small", "--maxie", "alphabeta:2", "--minnie", "minimax:1",
...       "--move-limit", "1", "--fixed-clock"])
Explicit game HandoutSmall: Maxie is alphabeta:2, Minnie is minimax:1
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
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from sml150.lib.human import HumanPlayer, HumanSettings
from sml150.lib.minimax import MiniMax
from sml150.lib.referee import Referee, RefereeSettings, Writer
from sml150.lib.signatures import GAME, PLAYER, JamboreeSettings, Settings

__all__ = ["UsageError", "build_game", "build_player", "main"]

# The CLI handles games and players of every state/move type uniformly.
AnyGame = GAME[Any, Any]
AnyPlayer = PLAYER[Any, Any]


class UsageError(Exception):
    """A bad command line: reported as one line, exit status 2."""


@attrs.frozen
class GameChoice:
    """A game built from a GAME argument, with a human-readable title."""

    game: AnyGame
    """The GAME structure."""
    title: str
    """How the match header names it."""


def build_game(spec: str) -> GameChoice:
    """Build the game a GAME argument names.

    REQUIRES: ``spec`` is ``tictactoe[:n][:draw]``, ``riskless:m1|m2|earth`` or
    ``explicit:small|big``; otherwise ``UsageError`` naming the bad part.

    >>> build_game("tictactoe:4").title
    'Tic-Tac-Toe 4x4 (full board: Minnie wins)'
    >>> build_game("chess")
    Traceback (most recent call last):
    ...
    sml150.cli.UsageError: unknown game 'chess' (use tictactoe[:n][:draw], ...)
    """
    parts = spec.lower().split(":")
    kind, args = parts[0], parts[1:]
    if kind == "tictactoe":
        from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts

        draw = "draw" in args
        sizes = [a for a in args if a != "draw"]
        if len(sizes) > 1 or (sizes and not re.fullmatch(r"[0-9]+", sizes[0])):
            raise UsageError(f"bad Tic-Tac-Toe size in {spec!r} (use tictactoe:3 or tictactoe:4)")
        n = int(sizes[0]) if sizes else 3
        if not 1 <= n <= 8:
            raise UsageError(f"Tic-Tac-Toe board size must be 1..8, not {n}")
        rule = "a draw" if draw else "Minnie wins"
        return GameChoice(
            TicTacToe(TTTConsts(board_size=n, full_board_draw=draw)),
            f"Tic-Tac-Toe {n}x{n} (full board: {rule})",
        )
    if kind == "riskless":
        from sml150.handouts.hw11 import riskless

        maps = {"m1": riskless.M1, "m2": riskless.M2, "earth": riskless.Earth}
        name = args[0] if len(args) == 1 else ""
        if name not in maps:
            raise UsageError(f"bad Riskless map in {spec!r} (use riskless:m1, riskless:m2 or "
                             "riskless:earth)")
        return GameChoice(riskless.Riskless(maps[name]), f"Riskless on map {name.upper()}")
    if kind == "explicit":
        from sml150.lib.explicit import HandoutBig, HandoutSmall

        trees = {"small": ("HandoutSmall", HandoutSmall), "big": ("HandoutBig", HandoutBig)}
        name = args[0] if len(args) == 1 else ""
        if name not in trees:
            raise UsageError(f"bad explicit game in {spec!r} (use explicit:small or explicit:big)")
        title, game = trees[name]
        return GameChoice(game, f"Explicit game {title}")
    raise UsageError(
        f"unknown game {spec!r} (use tictactoe[:n][:draw], riskless:m1|m2|earth,"
        " explicit:small|big)"
    )


def _depth(text: str, spec: str) -> int:
    if not re.fullmatch(r"[0-9]+", text) or int(text) < 1:
        raise UsageError(f"bad search depth {text!r} in {spec!r} (a whole number >= 1)")
    return int(text)


def build_player(spec: str, game: AnyGame) -> AnyPlayer:
    """Build the player a PLAYER argument names, for ``game``.

    REQUIRES: ``spec`` is ``minimax:d``, ``alphabeta:d``, ``jamboree:d:p`` (``0 <= p <= 1``) or
    ``human``, with ``d >= 1``; otherwise ``UsageError``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> build_player("jamboree:2:0.5", HandoutSmall).next_move(HandoutSmall.start)
    Estimating state c[3]
    ...
    1
    >>> build_player("alphabeta:x", HandoutSmall)
    Traceback (most recent call last):
    ...
    sml150.cli.UsageError: bad search depth 'x' in 'alphabeta:x' (a whole number >= 1)
    """
    parts = spec.lower().split(":")
    kind = parts[0]
    if kind == "human" and len(parts) == 1:
        return HumanPlayer(HumanSettings(G=game))
    if kind in ("minimax", "alphabeta") and len(parts) == 2:
        d = _depth(parts[1], spec)
        if kind == "minimax":
            return MiniMax(Settings(G=game, search_depth=d))
        from sml150.handouts.hw11.alphabeta import AlphaBeta

        return AlphaBeta(Settings(G=game, search_depth=d))
    if kind == "jamboree" and len(parts) == 3:
        from sml150.handouts.hw11.jamboree import Jamboree

        d = _depth(parts[1], spec)
        try:
            p = float(parts[2])
        except ValueError:
            raise UsageError(f"bad prune percentage {parts[2]!r} in {spec!r}") from None
        if not 0.0 <= p <= 1.0:
            raise UsageError(f"prune percentage must be in [0, 1], not {p} (in {spec!r})")
        return Jamboree(JamboreeSettings(G=game, search_depth=d, prune_percentage=p))
    raise UsageError(
        f"unknown player {spec!r} (use minimax:d, alphabeta:d, jamboree:d:p or human)"
    )


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


def _play(game_spec: str, maxie_spec: str, minnie_spec: str, move_limit: int, *,
          out: Writer | None, fixed_clock: bool) -> int:
    choice = build_game(game_spec)
    maxie = build_player(maxie_spec, choice.game)
    minnie = build_player(minnie_spec, choice.game)
    print(f"{choice.title}: Maxie is {maxie_spec}, Minnie is {minnie_spec}", file=out or sys.stdout)
    clock: Callable[[], float] = (lambda: 0.0) if fixed_clock else _default_clock()
    Referee(RefereeSettings(Maxie=maxie, Minnie=minnie, move_limit=move_limit, out=out,
                            clock=clock)).go()
    return 0


def _default_clock() -> Callable[[], float]:
    import time

    return time.perf_counter


def _trace(which: str, tree: str, prune: float) -> int:
    from sml150.lib.explicit import HandoutBig, HandoutSmall

    game, depth = (HandoutSmall, 2) if tree == "handout-small" else (HandoutBig, 4)
    if which == "hw11-alphabeta":
        from sml150.handouts.hw11.alphabeta import AlphaBeta

        AlphaBeta(Settings(G=game, search_depth=depth, trace=True)).next_move(game.start)
    else:
        from sml150.handouts.hw11.jamboree import Jamboree

        Jamboree(
            JamboreeSettings(G=game, search_depth=depth, prune_percentage=prune, trace=True)
        ).next_move(game.start)
    return 0


COMMAND_MODULES: tuple[str, ...] = ()
"""Subcommands that live in modules of their own (``sml150/cli/_NAME.py``).

Each such module defines ``register(sub) -> None``, which adds its subparser(s) to ``sub`` (the
``argparse`` subparsers object) and sets ``run=<function(args) -> int>`` as the parser default;
``_run`` dispatches to ``args.run`` when a parser set one.
"""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sml150", description="15-150 game search: matches, traces, grading.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    match = sub.add_parser("match", help="play a game between two players")
    match.add_argument("game", nargs="?", default="tictactoe:3")
    match.add_argument("--maxie", default="alphabeta:6")
    match.add_argument("--minnie", default="jamboree:4:0.5")
    match.add_argument("--move-limit", type=int, default=1000)
    match.add_argument("--fixed-clock", action="store_true",
                       help="report every move as taking 0 seconds (reproducible output)")

    play = sub.add_parser("play", help="play against an AI, reading your moves from the terminal")
    play.add_argument("game", nargs="?", default="tictactoe:3")
    play.add_argument("--human", choices=["maxie", "minnie"], default="maxie")
    play.add_argument("--ai", default="alphabeta:6")
    play.add_argument("--move-limit", type=int, default=1000)

    trace = sub.add_parser("trace", help="print an HW11 handout trace")
    trace.add_argument("which", choices=["hw11-alphabeta", "hw11-jamboree"])
    trace.add_argument("tree", choices=["handout-small", "handout-big"])
    trace.add_argument("--prune", type=float, default=0.5, help="Jamboree's prune_percentage")

    handout = sub.add_parser("handout", help="write the student starter files")
    handout.add_argument("hw", choices=["hw10", "hw11"])
    handout.add_argument("directory", type=Path)

    grade = sub.add_parser("grade", help="grade a submission directory")
    grade.add_argument("hw", choices=["hw10", "hw11"])
    grade.add_argument("submission", type=Path)
    grade.add_argument("--autolab", action="store_true",
                       help="end stdout with Autolab's JSON scores line")
    grade.add_argument("--gradescope", type=Path, default=None,
                       help="also write Gradescope's results.json here")
    grade.add_argument("--quiet", action="store_true", help="no text report")
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
        if args.move_limit < 1:
            raise UsageError(f"--move-limit must be >= 1, not {args.move_limit}")
        return _play(args.game, args.maxie, args.minnie, args.move_limit, out=None,
                     fixed_clock=args.fixed_clock)
    if command == "play":
        if args.move_limit < 1:
            raise UsageError(f"--move-limit must be >= 1, not {args.move_limit}")
        human, ai = "human", args.ai
        maxie, minnie = (human, ai) if args.human == "maxie" else (ai, human)
        return _play(args.game, maxie, minnie, args.move_limit, out=_Painter(), fixed_clock=False)
    if command == "trace":
        if not 0.0 <= args.prune <= 1.0:
            raise UsageError(f"--prune must be in [0, 1], not {args.prune}")
        return _trace(args.which, args.tree, args.prune)
    if command == "handout":
        from sml150 import grading

        grading.write_handout(args.hw, args.directory)
        print(f"wrote the {args.hw} starter files to {args.directory}")
        return 0
    if command == "grade":
        from sml150 import grading

        if not args.submission.is_dir():
            raise UsageError(f"submission directory not found: {args.submission}")
        grading.grade(args.hw, args.submission, text=not args.quiet, autolab=args.autolab,
                      gradescope=args.gradescope)
        return 0
    raise UsageError(f"unknown command {command!r}")  # pragma: no cover - argparse refuses first


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sml150`` command; return its exit status.

    ENSURES: bad arguments print one line ``sml150: error: ...`` to stderr and give 2; a human
    who ends the input gives 1; never a traceback for either.

    >>> main(["trace", "hw11-alphabeta", "nowhere"])
    2
    """
    try:
        return _run(_parser().parse_args(argv))
    except UsageError as e:
        print(f"sml150: error: {e}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt) as e:
        print(f"sml150: stopped: {e or 'interrupted'}", file=sys.stderr)
        return 1
