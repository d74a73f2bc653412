"""Searches a student can look at: a search drawn as the tree it searched, as SVG or HTML.

``sml150 trace SEARCH TREE --svg FILE --html FILE`` draws what a search did: the tree as
searched, each node's window when entered and the value it returned, the leaves numbered in the
order they were reached, the moves pruned greyed with the bound that cut them, a Jamboree's
parallel part told apart from its sequential part, the chosen line; for the OCaml exercise's
evaluators, the cells of the lazy tree they forced and the ones they never did. A large tree
starts folded to its chosen line, the rest collapsed and counted.

How, without changing any search (``record``: the searches, ``picture``: the tree):

- ``record``: the search runs on a ``RecordingGame`` (every state it is handed is numbered;
  ``make_move`` and ``estimate`` are logged in order), and a probe reads each node's window and
  result from the calls of the search's own node function (``sml150.draw.record``);
- ``picture``: the log read into a tree of ``Drawn`` nodes and captioned steps
  (``sml150.draw.tree``), laid out by a small layered layout (``sml150.draw.layout``);
- ``render`` (``sml150.draw.svg``) and ``html`` (``sml150.draw.page``, with ``page.js``).

>>> from sml150.lib.explicit import HandoutBig
>>> p = picture(record("hw11-alphabeta", HandoutBig, 4, quiet=True))
>>> p.lines[0], [n.label for n in p.root.walk() if n.status == "pruned" and n.note]
('move 0, value 3', ['i', 'r', 's'])
"""

from __future__ import annotations

from sml150.draw.command import TraceError, draw_files, trace_game
from sml150.draw.page import html
from sml150.draw.searches import SEARCHES, Recording, record
from sml150.draw.svg import render
from sml150.draw.tree import Drawn, Picture, Step, Visit, picture

__all__ = [
    "SEARCHES",
    "Drawn",
    "Picture",
    "Recording",
    "Step",
    "TraceError",
    "Visit",
    "draw_files",
    "html",
    "picture",
    "record",
    "render",
    "trace_game",
]
