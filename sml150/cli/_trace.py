"""``sml150 trace``: a search's trace as the handouts print it, and drawn (``--svg``, ``--html``).

HW11's AlphaBeta and Jamboree print their handout traces (Jamboree's subtrees may run on
``--executor``: the same bytes); every search ``sml150.draw`` knows can be drawn.

>>> from sml150.cli import main
>>> main(["trace", "hw11-alphabeta", "nowhere"])
2
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sml150.cli._command import Subcommands
from sml150.cli._executor import add_executor_option, check_executor, not_used, open_executor
from sml150.cli._paths import check_output_file
from sml150.cli._usage import UsageError, whole_number
from sml150.lib.signatures import GAME, JamboreeSettings, Settings

__all__ = ["register"]

AnyGame = GAME[Any, Any]


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
        if which.startswith("engine-") and _compiled():
            return _trace_pure(which, tree, prune, depth=depth, svg=svg, html=html)
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


def _compiled() -> bool:
    """Whether the engine runs compiled (``sml150.build``): its kernel has no Python frames."""
    import sml150

    return sml150.build().compiled


def _trace_pure(which: str, tree: str, prune: float, *, depth: int | None, svg: Path | None,
                html: Path | None) -> int:
    """The same trace in a process on the pure-Python build (``SML150_COMPILE=0``).

    The engine's searches are recorded from the Python frames of its kernel, which the compiled
    build runs as C.
    """
    import os
    import subprocess
    import sys

    argv = ["trace", which, tree, "--prune", repr(prune)]
    argv += [] if depth is None else ["--depth", str(depth)]
    argv += [] if svg is None else ["--svg", str(svg)]
    argv += [] if html is None else ["--html", str(html)]
    sys.stdout.flush()
    env = {**os.environ, "SML150_COMPILE": "0"}
    return subprocess.run([sys.executable, "-m", "sml150", *argv], env=env, check=False).returncode


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


def _depth(text: str) -> int:
    return whole_number(text, "--depth", least=1)


def _run(args: argparse.Namespace) -> int:
    if not 0.0 <= args.prune <= 1.0:
        raise UsageError(f"--prune must be in [0, 1], not {args.prune}")
    # the drawings' files are checked before the search, not after it (a missing folder)
    svg = None if args.svg is None else check_output_file(str(args.svg), "--svg")
    html = None if args.html is None else check_output_file(str(args.html), "--html")
    return _trace(args.which, args.tree, args.prune, args.executor, depth=args.depth,
                  svg=svg, html=html)


def register(sub: Subcommands) -> None:
    """Add ``trace`` to ``sub``."""
    raw = argparse.RawDescriptionHelpFormatter
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
    add_executor_option(trace, "where hw11-jamboree's subtrees run (the same trace, byte for"
                               " byte); the other searches, and any search drawn, run in this"
                               " process")
    trace.set_defaults(run=_run)
