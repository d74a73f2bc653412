"""What ``sml150 trace`` asks of the drawing: the game named, and the search run, drawn, written.

>>> trace_game("hw11-alphabeta", "handout-big", None)[1:]
(4, 'HandoutBig (Figure 3)')
>>> trace_game("engine-pvs", "riskless:m1", None)
Traceback (most recent call last):
...
sml150.draw.command.TraceError: engine-pvs on riskless:m1 needs --depth D (plies to search)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from sml150.draw.page import html as page
from sml150.draw.record import TooLarge
from sml150.draw.searches import record
from sml150.draw.svg import render
from sml150.draw.tree import picture
from sml150.lib.explicit import ExplicitGameError, HandoutBig, HandoutSmall
from sml150.lib.signatures import GAME

__all__ = ["TraceError", "draw_files", "trace_game"]


class TraceError(ValueError):
    """A trace that cannot be made as asked (one line for the command to print)."""


def trace_game(which: str, tree: str, depth: int | None) -> tuple[GAME[Any, Any], int | None,
                                                                   str]:
    """The game ``tree`` names, the depth to search it to, and its title.

    ``handout-small`` and ``handout-big`` are HW11's trees (depths 2 and 4); anything else is a
    GAME spec (``sml150.specs``): an explicit tree is searched to its depth unless ``depth``
    says otherwise, any other game needs ``depth`` (``gametree-assured-win`` takes none: it
    searches the exact tree).

    >>> trace_game("gametree-assured-win", "tictactoe:3", None)[1:]
    (None, 'Tic-Tac-Toe 3x3 (full board: Minnie wins)')
    """
    from sml150.specs import SpecError, build_game, tree_depths

    game: GAME[Any, Any]
    natural: int | None
    if tree in ("handout-small", "handout-big"):
        game = HandoutSmall if tree == "handout-small" else HandoutBig
        title, natural = (("HandoutSmall (Figure 5)", 2) if tree == "handout-small"
                          else ("HandoutBig (Figure 3)", 4))
    else:
        try:
            choice = build_game(tree)
        except SpecError as e:
            raise TraceError(str(e)) from None
        game, title = choice.game, choice.title
        natural = max(tree_depths(choice.tree)) if choice.tree is not None else None
    if which == "gametree-assured-win":
        if depth is not None:
            raise TraceError("gametree-assured-win searches the game's exact tree: no --depth")
        return game, None, title
    depth = depth if depth is not None else natural
    if depth is None:
        raise TraceError(f"{which} on {tree} needs --depth D (plies to search)")
    return game, depth, title


def draw_files(which: str, game: GAME[Any, Any], depth: int | None, *, prune: float, title: str,
               svg: Path | None, html: Path | None) -> None:
    """Run ``which`` recorded (printing its trace and summary line), then draw it to files.

    The drawing goes to ``svg`` and ``html``, each if given; a line on stderr says where.

    Errors: ``TraceError`` for a search an explicit tree cannot answer (searched below a leaf),
    one too large to record, or a file that cannot be written.

    >>> import tempfile
    >>> from sml150.lib.explicit import HandoutSmall
    >>> with tempfile.TemporaryDirectory() as d:
    ...     draw_files("hw10-jamboree", HandoutSmall, 2, prune=1.0, title="Tree 2",
    ...                svg=Path(d, "t.svg"), html=None)
    ...     Path(d, "t.svg").read_text().count('class="node ')
    Estimating state c[3]
    ...
    Terminals visited: 7
    13
    """
    if which.startswith("engine-") and _compiled():
        raise TraceError(f"{which} is recorded from the Python frames of the engine's kernel,"
                         " which the compiled build runs as C: draw it with SML150_COMPILE=0")
    try:
        rec = record(which, game, depth, prune=prune, trace=which.startswith("hw11-"),
                     game_title=title)
    except ExplicitGameError as e:
        raise TraceError(f"{e} (give a --depth that fits the tree)") from None
    except TooLarge as e:
        raise TraceError(f"{e} (try a smaller --depth or game)") from None
    if rec.summary:
        print(rec.summary)
    if svg is None and html is None:
        return
    p = picture(rec)
    for path, text in ((svg, render), (html, page)):
        if path is None:
            continue
        try:
            path.write_text(text(p), encoding="utf-8")
        except OSError as e:
            raise TraceError(f"could not write {path}: {e.strerror or e}") from None
        print(f"drew the search in {path}", file=sys.stderr)


def _compiled() -> bool:
    """Whether the engine's kernel runs compiled (``sml150.build``): it has no Python frames."""
    import sml150

    return sml150.build().compiled
