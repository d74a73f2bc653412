"""``sml150 tournament``: a round robin between players, both colours, on any executor.

::

    sml150 tournament GAME --players P1 P2 ... [--games N] [--seed S] [--executor SPEC]
                      [--opening-plies K] [--move-limit M] [--time-limit SECONDS]
                      [--json FILE] [--csv FILE]

Each pair plays ``N`` games (colours alternating, seeded openings of ``K`` random moves); the
standings (points, Elo with a 95% interval) go to stdout, a progress bar to a terminal's stderr.
``--json``/``--csv`` also write every game / the standings to FILE (``-``: stdout, instead of
the table). See ``sml150.tournament``.

>>> from sml150.cli import main
>>> main(["tournament", "tictactoe:3", "--players", "minimax:1", "alphabeta:4", "--games", "2"])
Tic-Tac-Toe 3x3 (full board: Minnie wins): 2 players, 2 games a pair, seed 0, 2 games
player        games  won  drawn  lost  points    Elo   95% interval
...
0
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from sml150.cli._command import Subcommands
from sml150.cli._executor import add_executor_option
from sml150.cli._games import build_game
from sml150.cli._paths import check_output_file
from sml150.cli._players import check_seat, parse_player
from sml150.cli._usage import UsageError
from sml150.lib.signatures import Maxie, Minnie
from sml150.specs import HumanSpec

__all__ = ["register"]


def _check(args: argparse.Namespace) -> str:
    """Refuse bad arguments before any game starts; the game's title."""
    choice = build_game(args.game)
    for p in args.players:
        if isinstance(parse_player(p), HumanSpec):
            raise UsageError("a tournament has no human players")
        for who in (Maxie, Minnie):  # each plays both colours, seated as in a match
            check_seat(p, choice, who)
    if len(args.players) < 2:
        raise UsageError(f"a tournament needs at least two players, not {len(args.players)}")
    if len(set(args.players)) != len(args.players):
        raise UsageError("each player may enter once (the table is by PLAYER spec)")
    for name, least in (("games", 1), ("opening_plies", 0), ("move_limit", 1)):
        if getattr(args, name) < least:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} must be >= {least}, not {getattr(args, name)}")
    if args.time_limit is not None and not 0 < args.time_limit < math.inf:
        raise UsageError(f"--time-limit must be a number of seconds > 0, not {args.time_limit}"
                         " (leave it off for no limit)")
    for flag, value in (("--json", args.json), ("--csv", args.csv)):
        if value is not None and value != "-":  # checked before the games, not after
            check_output_file(value, flag)
    return choice.title


def run(args: argparse.Namespace) -> int:
    """Play the tournament, print and write the results; the exit status."""
    from sml150 import tournament as tm
    from sml150.cli._executor import open_executor
    from sml150.parallel import WorkerLost, parse_spec, progress

    title = _check(args)
    parse_spec(args.executor)  # a bad spec: the one UsageError
    n_pairs = len(args.players) * (len(args.players) - 1) // 2
    total = n_pairs * args.games
    to_stdout = "-" in (args.json, args.csv)
    if not to_stdout:
        print(f"{title}: {len(args.players)} players, {args.games} games a pair, "
              f"seed {args.seed}, {total} games")
    with progress(total, "games") as advance:
        try:
            with open_executor(args.executor) as ex:  # a lost scheduler: one line, in 5 s
                t = tm.run_tournament(
                    args.game, args.players, games=args.games, seed=args.seed, ex=ex,
                    opening_plies=args.opening_plies, move_limit=args.move_limit,
                    time_limit=args.time_limit, on_done=lambda _r: advance(),
                )
        except WorkerLost as e:
            print(f"sml150: tournament stopped: {e}", file=sys.stderr)
            return 1
    if not to_stdout:
        print(tm.standings_table(t.standings))
    for flag, write in ((args.json, tm.write_json), (args.csv, tm.write_csv)):
        if flag == "-":
            sys.stdout.write(write(t, None))
        elif flag is not None:
            try:
                write(t, Path(flag))
            except OSError as e:
                raise UsageError(f"could not write {flag}: {e}") from None
    return 0


def register(sub: Subcommands) -> None:
    """Add the ``tournament`` subcommand to the CLI's subparsers.

    >>> p = argparse.ArgumentParser(); register(p.add_subparsers())
    >>> p.parse_args(["tournament", "riskless:m1", "--players", "alphabeta:2", "minimax:2"]).games
    2
    """
    p = sub.add_parser("tournament", help="a round robin between players, on any executor")
    p.add_argument("game", help="a GAME spec, e.g. tictactoe:3:draw or riskless:m2")
    p.add_argument("--players", nargs="+", required=True, metavar="PLAYER",
                   help="two or more PLAYER specs (minimax:d, alphabeta:d, jamboree:d:p)")
    p.add_argument("--games", type=int, default=2, help="games per pair (default 2)")
    p.add_argument("--seed", type=int, default=0, help="seeds the openings (default 0)")
    add_executor_option(p, "one game per task")
    p.add_argument("--opening-plies", type=int, default=2,
                   help="random moves before the players take over (default 2)")
    p.add_argument("--move-limit", type=int, default=200,
                   help="moves after which a game is a draw (default 200)")
    p.add_argument("--time-limit", type=float, default=None,
                   help="seconds per game; past it the side to move loses (default none)")
    p.add_argument("--json", default=None, metavar="FILE",
                   help="write every game and the standings as JSON (-: stdout)")
    p.add_argument("--csv", default=None, metavar="FILE",
                   help="write the standings as CSV (-: stdout)")
    p.set_defaults(run=run)
