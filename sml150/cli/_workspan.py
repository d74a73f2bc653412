"""``sml150 workspan``: Jamboree's work, span and parallelism against ``prune_percentage``.

::

    sml150 workspan GAME --player jamboree:D [--prune 0,0.25,0.5,0.75,1] [--out plot.png]
                    [--executor SPEC]

Each percentage is one search from the game's start (one task of the executor); the table goes
to stdout, the plot (matplotlib) to ``--out``.

>>> from sml150.cli import main
>>> main(["workspan", "explicit:small", "--player", "jamboree:2", "--prune", "0,1"])
Jamboree to depth 2 on Explicit game HandoutSmall...
prune    work    span  parallelism
 0.00       9       1         9.00
 1.00       6       6         1.00
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from sml150.cli._command import Subcommands
from sml150.cli._executor import add_executor_option
from sml150.cli._games import build_game
from sml150.cli._paths import check_output_file
from sml150.cli._players import parse_player
from sml150.cli._usage import UsageError
from sml150.lib.signatures import Maxie
from sml150.specs import JamboreeSpec, check_seat

__all__ = ["PLOT_SUFFIXES", "register"]

PLOT_SUFFIXES = (".png", ".svg", ".pdf", ".jpg", ".jpeg", ".webp", ".tif", ".tiff", ".eps",
                 ".ps")
"""The image formats ``--out`` may name (matplotlib's; a name without one became ``.png``)."""


def _depth(spec: str) -> int:
    """The depth of a Jamboree PLAYER spec (``jamboree:D``, or ``jamboree:D:P``: P varies here).

    >>> _depth("jamboree:3")
    3
    >>> _depth("alphabeta:3")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: workspan measures Jamboree: use --player jamboree:D, not ...
    """
    try:
        p = parse_player(spec)
    except UsageError:
        p = None
    if not isinstance(p, JamboreeSpec):
        raise UsageError(f"workspan measures Jamboree: use --player jamboree:D, not"
                         f" {spec[:40]!r}")
    return p.depth


def run(args: argparse.Namespace) -> int:
    """Measure, print the table, write the plot; the exit status."""
    from sml150 import workspan
    from sml150.cli._executor import check_executor, open_executor

    check_executor(args.executor)
    depth = _depth(args.player)
    prunes = workspan.parse_prunes(args.prune)
    choice = build_game(args.game)
    # An explicit tree is searched to its leaves: the depth must fit it, as under match.
    check_seat(JamboreeSpec(depth, None), choice, Maxie, prune_varies=True)
    if args.out is not None:  # say so before measuring (minutes), not after
        check_output_file(str(args.out), "--out", PLOT_SUFFIXES)
        try:
            import matplotlib  # noqa: F401 -- only to see that it is installed
        except ImportError:
            raise UsageError(f"--out {args.out} needs matplotlib to plot: pip install"
                             " 'sml150[plot]' (or leave --out off for the table alone)") from None
    with open_executor(args.executor) as ex:
        points = workspan.measure(choice.game, depth, prunes, ex)
    print(f"Jamboree to depth {depth} on {choice.title}")
    print(workspan.table(points))
    if args.out is not None:
        try:
            workspan.plot(points, args.out, f"Jamboree, depth {depth}, on {choice.title}")
        except (OSError, ValueError) as e:
            raise UsageError(f"could not write the plot {args.out}: {e}") from None
        print(f"wrote {args.out}")
    return 0


def register(sub: Subcommands) -> None:
    """Add the ``workspan`` subcommand to the CLI's subparsers.

    >>> p = argparse.ArgumentParser(); register(p.add_subparsers())
    >>> p.parse_args(["workspan", "tictactoe:3", "--player", "jamboree:4"]).prune
    '0,0.25,0.5,0.75,1'
    """
    p = sub.add_parser(
        "workspan", help="plot Jamboree's work, span and parallelism against prune_percentage"
    )
    p.add_argument("game", help="a GAME spec, e.g. tictactoe:3 or riskless:m2")
    p.add_argument("--player", default="jamboree:4", help="jamboree:D (D: the search depth)")
    p.add_argument("--prune", default="0,0.25,0.5,0.75,1",
                   help="comma-separated prune percentages (default 0,0.25,0.5,0.75,1)")
    p.add_argument("--out", type=Path, default=None, help="write the plot here (e.g. plot.png)")
    add_executor_option(p, "one search per task")
    p.set_defaults(run=run)
