"""A ``Picture`` as SVG: the handouts' glyphs, each node's windows and value, leaves numbered.

Maxie's nodes are triangles pointing up, Minnie's pointing down, leaves squares holding their
value (as HW11's Figure 3 draws them). Beside a node: its name (left) and the value it
returned (right, ``= 4``); below it: its window when entered, ``(α, β)`` for Maxie, one line per
visit. A reached leaf carries its number in the order the leaves were reached (a green disc).
Pruned moves are grey and dashed, with the bound that cut them under the first; unforced
cells of a lazy tree grey and dotted; the children of a Jamboree's parallel part hang from
orange dashed edges; the chosen line is blue. A folded node shows ``+N``: the nodes under it.

Every node is a ``<g class="node ...">`` with ``data-*`` attributes (its label, its leaf
number, the steps at which it appears), so that a program can read the picture back and
``page.js`` can step through it.

>>> from sml150.draw.searches import record
>>> from sml150.draw.tree import picture
>>> from sml150.lib.explicit import HandoutSmall
>>> svg = render(picture(record("hw11-alphabeta", HandoutSmall, 2, quiet=True)))
>>> svg.startswith("<svg"), svg.count('class="order at"'), 'data-label="k" data-order="7"' in svg
(True, 7, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from sml150.draw.layout import place, shown_children
from sml150.draw.tree import Drawn, Picture
from sml150.lib.signatures import Maxie

__all__ = ["STYLE", "geometry", "render"]

FONT: Final = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
MARGIN: Final = 24.0
MOVE_CHARS: Final = 30
"""A move's text on its edge is cut to this many characters (the tooltip has it whole)."""

STYLE: Final = """
.edge line{stroke:#333;stroke-width:1.4}
.edge.par line{stroke:#d9822b;stroke-width:2;stroke-dasharray:7 3}
.edge.chosen line{stroke:#1f5fbf;stroke-width:3.4;stroke-dasharray:none}
.edge.pruned line{stroke:#aaa;stroke-dasharray:4 3}
.edge.unforced line{stroke:#aaa;stroke-dasharray:1.5 3}
.edge text{font-size:10px;fill:#555;paint-order:stroke;stroke:#fff;stroke-width:3px}
.glyph{fill:#fff;stroke:#222;stroke-width:1.6}
.node.chosen .glyph{stroke:#1f5fbf;stroke-width:3}
.node.pruned .glyph{stroke:#aaa;fill:#f3f3f3;stroke-dasharray:3 2}
.node.unforced .glyph{stroke:#aaa;fill:#f3f3f3;stroke-dasharray:1.5 2}
.node.pruned text,.node.unforced text{fill:#999}
.lbl{font-size:13px;font-style:italic}
.leafv{font-size:12px;font-weight:bold}
.val{font-size:12px;font-weight:bold;fill:#000}
.node.chosen .val{fill:#1f5fbf}
.win{font-size:10.5px;fill:#555}
.note{font-size:10px;fill:#b03a2e}
.node.pruned .note{fill:#b03a2e}
.node.unforced .note{fill:#888}
.order circle,.order rect{fill:#2e7d32}
.order text{fill:#fff;font-size:10px;font-weight:bold}
.badge rect{fill:#eef1fb;stroke:#8c9bd0}
.badge text{font-size:10px;fill:#334}
.node .badge{display:none}
.node.folded .badge{display:inline}
.head{font-size:12px;fill:#222}
.title{font-size:15px;font-weight:bold}
.legend{font-size:11px;fill:#333}
"""
"""The pictures' style sheet (the HTML page adds its own for stepping)."""


def _glyph(n: Drawn, leafy: bool) -> str:
    if leafy:
        return '<rect class="glyph" x="-16" y="-11" width="32" height="22" rx="2"/>'
    if n.side is Maxie:
        return '<polygon class="glyph" points="0,-14 14,10 -14,10"/>'
    return '<polygon class="glyph" points="0,14 14,-10 -14,-10"/>'


def _attr(name: str, value: object) -> str:
    return "" if value is None else f" {name}={quoteattr(str(value))}"


def _tooltip(n: Drawn) -> str:
    lines = [n.state if n.state else "(no name)"]
    if n.move is not None:
        lines.append(f"move {n.move}")
    for k, v in enumerate(n.visits, start=1):
        again = f"visit {k}: " if len(n.visits) > 1 else ""
        if v.window_text is not None:
            lines.append(f"{again}entered with {v.window_text}")
        if v.value_text is not None:
            lines.append(f"{again}returned {v.value_text}" + (" (a cut)" if v.cut else ""))
        if v.parallel:
            lines.append("searched in the parallel part")
    if n.order is not None:
        lines.append(f"leaf #{n.order}: {n.leaf}")
    elif n.leaf is not None:
        lines.append(f"leaf: {n.leaf}")
    if n.note:
        lines.append(n.note)
    if n.folded:
        lines.append(f"folded: {n.size - 1} nodes below (click to unfold)")
    return escape("\n".join(lines))


def _node(n: Drawn, x: float, y: float, first_pruned: bool, gone: bool) -> str:
    leafy = n.leaf is not None and not n.children
    classes = ["node", n.status, "max" if n.side is Maxie else "min"]
    classes += [c for c, on in (("leaf", leafy), ("chosen", n.chosen), ("folded", n.folded),
                                ("gone", gone)) if on]
    first_in = n.visits[0].entered if n.visits else None
    last_out = max((v.left for v in n.visits if v.left is not None), default=None)
    out = [f'<g class="{" ".join(classes)}" id="n{n.id}"{_attr("data-id", n.id)}'
           f'{_attr("data-label", n.label)}{_attr("data-order", n.order)}'
           f'{_attr("data-leaf", n.leaf)}{_attr("data-at", n.shown)}'
           f'{_attr("data-in", first_in)}{_attr("data-out", last_out)}'
           f' transform="translate({x:.1f},{y:.1f})">',
           f"<title>{_tooltip(n)}</title>", _glyph(n, leafy)]
    if leafy:
        known = n.leaf_step if n.leaf_step is not None else n.shown
        out.append(f'<text class="leafv at" data-at="{known}" text-anchor="middle" y="4">'
                   f'{escape(n.leaf or "")}</text>')
    if n.label:
        out.append(f'<text class="lbl" x="{-22 if leafy else -19}" y="5" text-anchor="end">'
                   f"{escape(n.label)}</text>")
    below = 27.0
    for v in n.visits[:3]:
        if v.lo is not None:
            out.append(f'<text class="win at" data-at="{v.entered}" text-anchor="middle"'
                       f' y="{below:.0f}">({escape(v.lo)}, {escape(v.hi or "")})</text>')
            below += 13
    if len(n.visits) > 3:
        out.append(f'<text class="win" text-anchor="middle" y="{below:.0f}">'
                   f"+{len(n.visits) - 3} more</text>")
        below += 13
    last = n.visits[-1] if n.visits else None
    if not leafy and last is not None and last.value is not None:
        out.append(f'<text class="val at" data-at="{last.left}" x="{19 if not leafy else 21}"'
                   f' y="5">= {escape(last.value)}</text>')
    if n.order is not None:
        half = max(8.5, 3.2 * len(str(n.order)) + 3)  # a disc, stretched for 3 digits or more
        out.append(f'<g class="order at" data-at="{n.leaf_step}"'
                   f' transform="translate({11 + half:.1f},-13)">'
                   f'<rect x="{-half:.1f}" y="-8.5" width="{2 * half:.1f}" height="17" rx="8.5"/>'
                   f'<text text-anchor="middle" y="3.5">{n.order}</text></g>')
    if n.note and (first_pruned or n.status == "searched"):
        out.append(f'<text class="note" text-anchor="middle" y="{below:.0f}">'
                   f"{escape(_short_note(n.note))}</text>")
        below += 12
    if n.children or n.folded:
        badge = f"+{n.size - 1} nodes"
        half = 3.1 * len(badge) + 6
        out.append(f'<g class="badge" transform="translate(0,{below + 2:.0f})">'
                   f'<rect x="{-half:.1f}" y="-10" width="{2 * half:.1f}" height="15" rx="7"/>'
                   f'<text text-anchor="middle" y="1">{badge}</text></g>')
    out.append("</g>")
    return "".join(out)


def _short_note(note: str) -> str:
    if note.startswith("pruned: "):
        return "✂ " + note.removeprefix("pruned: ")
    if note.startswith("decided without"):
        return "no move searched (table or hook)"
    return note


def _edge(parent: Drawn, child: Drawn, a: tuple[float, float], b: tuple[float, float], *,
          show_move: bool, gone: bool) -> str:
    par = bool(child.visits) and any(v.parallel for v in child.visits)
    classes = ["edge", child.status]
    classes += [c for c, on in (("par", par), ("chosen", child.chosen and parent.chosen),
                                ("gone", gone)) if on]
    text = ""
    if show_move and child.move is not None:
        tx, ty = a[0] + (b[0] - a[0]) * 0.8, a[1] + (b[1] - a[1]) * 0.8 - 6
        move = child.move if len(child.move) <= MOVE_CHARS else child.move[:MOVE_CHARS - 1] + "…"
        text = (f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="middle">{escape(move)}</text>')
    return (f'<g class="{" ".join(classes)}" id="e{child.id}" data-at="{child.shown}">'
            f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}"/>{text}</g>')


def geometry(p: Picture) -> tuple[float, float]:
    """The slot width and the row height that fit the picture's texts.

    >>> from sml150.draw.searches import record
    >>> from sml150.draw.tree import picture
    >>> from sml150.lib.explicit import HandoutSmall
    >>> geometry(picture(record("hw11-alphabeta", HandoutSmall, 2, quiet=True)))
    (70.0, 84.0)
    """
    widest = moves = 0
    visits = 1
    for n in p.root.walk():
        for v in n.visits:
            if v.lo is not None:
                widest = max(widest, len(v.lo) + len(v.hi or "") + 4)
        widest = max(widest, len(n.leaf or ""))
        moves = max(moves, min(len(n.move or ""), MOVE_CHARS) if not n.label else 0)
        visits = max(visits, min(len(n.visits), 4))
    # A window's text fits under its node; a move's text (at 4/5 of its edge) beside the next.
    slot = min(max(70.0, 6.6 * widest + 14, 7.2 * moves + 8), 220.0)
    return slot, 71.0 + 13.0 * visits



def _legend(p: Picture, y: float, width: float) -> tuple[str, float]:
    """The legend from ``y`` down, in rows that fit ``width``; and its last row's ``y``."""
    items = [('<polygon class="glyph" points="0,-7 7,5 -7,5"/>', "Maxie"),
             ('<polygon class="glyph" points="0,7 7,-5 -7,-5"/>', "Minnie"),
             ('<rect class="glyph" x="-8" y="-6" width="16" height="12"/>', "leaf (its value)"),
             ('<g class="order"><circle r="7"/><text text-anchor="middle" y="3.5">1</text></g>',
              "order reached")]
    if p.windows:
        items.append(('<text class="win" x="-9" y="4">(α, β)</text>',
                      "\u2003\u2003window when entered, for Maxie; = value returned"))
    items.append(('<line x1="-10" y1="0" x2="10" y2="0" stroke="#1f5fbf" stroke-width="3.4"/>',
                  "chosen line"))
    if p.lazy:
        items.append(('<line x1="-10" y1="0" x2="10" y2="0" stroke="#aaa"'
                      ' stroke-dasharray="1.5 3"/>', "unforced"))
    else:
        items.append(('<line x1="-10" y1="0" x2="10" y2="0" stroke="#aaa"'
                      ' stroke-dasharray="4 3"/>', "pruned (✂ the bound that cut)"))
    if any(v.parallel for n in p.root.walk() for v in n.visits):
        items.append(('<line x1="-10" y1="0" x2="10" y2="0" stroke="#d9822b" stroke-width="2"'
                      ' stroke-dasharray="7 3"/>', "parallel part"))
    out = []
    x = MARGIN + 10
    for glyph, text in items:
        wide = 34 + 6.4 * len(text)
        if x + wide > width - MARGIN and x > MARGIN + 10:
            x, y = MARGIN + 10, y + 20
        out.append(f'<g transform="translate({x:.0f},{y:.0f})">{glyph}</g>'
                   f'<text class="legend" x="{x + 16:.0f}" y="{y + 4:.0f}">{escape(text)}</text>')
        x += wide
    return "".join(out), y


def _edges_and_nodes(p: Picture, at: dict[int, tuple[float, float]], everything: bool
                     ) -> Iterator[tuple[str, str]]:
    """Each edge's and node's SVG, parents first.

    With ``everything``, the folded-away nodes too: marked ``gone``, at their nearest shown
    ancestor.
    """
    show_moves = any(not n.label for n in p.root.walk() if n.status == "searched")
    stack: list[tuple[Drawn, bool]] = [(p.root, False)]
    while stack:
        n, gone = stack.pop()
        pos = at[n.id]
        kids = n.children if everything else shown_children(n)
        first = True
        for c in kids:
            c_gone = gone or n.folded
            at.setdefault(c.id, pos)
            first_pruned = first and c.status != "searched"
            if c.status != "searched":
                first = False
            yield (_edge(n, c, pos, at[c.id], show_move=show_moves, gone=c_gone),
                   _node(c, *at[c.id], first_pruned, c_gone))
        stack.extend((c, gone or n.folded) for c in reversed(kids))


def render(p: Picture, *, everything: bool = False) -> str:
    """The SVG of ``p``, as folded.

    With ``everything``: every node, the folded-away ones hidden, for the page to unfold.

    ENSURES: a standalone SVG document (no external resource) whose node groups carry
    ``data-label``, ``data-order`` (reached leaves: 1, 2, ... in order) and ``data-at``.

    >>> from sml150.draw.searches import record
    >>> from sml150.draw.tree import picture
    >>> from sml150.lib.explicit import HandoutBig
    >>> svg = render(picture(record("hw10-alphabeta", HandoutBig, 4, quiet=True)))
    >>> svg.count('class="node '), svg.count('class="note"')
    (25, 3)
    """
    slot, row = geometry(p)
    at, slots, rows = place(p.root, slot=slot, row=row)
    width = max(2 * MARGIN + slots * slot, 760.0)
    head = [f'<text class="title" x="{MARGIN}" y="26">{escape(p.title)}</text>']
    head += [f'<text class="head" x="{MARGIN}" y="{48 + 17 * i}">{escape(line)}</text>'
             for i, line in enumerate(p.lines)]
    legend, last = _legend(p, 48 + 17 * len(p.lines) + 10, width)
    top = last + 36  # the root's row, under the legend
    at = {k: (x + MARGIN, y + top) for k, (x, y) in at.items()}
    height = top + rows * row + row
    edges: list[str] = []
    nodes: list[str] = [_node(p.root, *at[p.root.id], False, False)]
    for e, n in _edges_and_nodes(p, at, everything):
        edges.append(e)
        nodes.append(n)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="picture" width="{width:.0f}"'
            f' height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}"'
            f' font-family="{FONT}" data-slot="{slot}" data-row="{row}" data-top="{top}"'
            f' data-margin="{MARGIN}" class="done">'
            f"<style>{STYLE}</style>"
            '<rect width="100%" height="100%" fill="#fff"/>'
            + "".join(head) + legend
            + '<g id="edges">' + "".join(edges) + "</g>"
            + '<g id="nodes">' + "".join(nodes) + "</g></svg>\n")
