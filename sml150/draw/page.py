"""A ``Picture`` as one self-contained HTML page: the SVG inline, a little script to step and fold.

The page needs no network and no other file: the SVG (every node, the folded-away ones hidden),
the tree and the steps as JSON, the style sheet and ``page.js`` are all inside it. It opens at
the last step (the whole search, as the SVG shows it); the buttons, the slider or the arrow
keys step through the search in order, each step captioned; a click on a node folds or unfolds
its subtree, and stepping into a folded subtree unfolds the way down to it.

>>> from sml150.draw.searches import record
>>> from sml150.draw.tree import picture
>>> from sml150.lib.explicit import HandoutSmall
>>> page = html(picture(record("hw11-jamboree", HandoutSmall, 2, quiet=True)))
>>> page.startswith("<!doctype html>"), "http" in page.replace("http://www.w3.org/2000/svg", "")
(True, False)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final
from xml.sax.saxutils import escape

import attrs

from sml150.draw.svg import render
from sml150.draw.tree import Drawn, Picture

__all__ = ["html"]

PAGE_STYLE: Final = """
body{font-family:DejaVu Sans,Liberation Sans,Arial,sans-serif;margin:0;color:#222}
header{position:sticky;top:0;background:#f7f7f9;border-bottom:1px solid #ddd;padding:8px 16px}
header h1{font-size:16px;margin:0 0 6px}
#controls button{font-size:14px;min-width:34px;margin-right:2px}
#controls input{width:260px;vertical-align:middle}
#count{font-size:12px;color:#555;margin:0 10px}
#caption{font-size:14px;margin:6px 0 0;min-height:1.3em}
main{padding:8px 16px;overflow:auto}
#walk{font-size:11px}
#picture .node{cursor:pointer}
#picture .node.gone,#picture .edge.gone{display:none}
#picture .node.later,#picture .edge.later{opacity:.18}
#picture text.later,#picture .order.later{visibility:hidden}
#picture .node.open .glyph{fill:#fff3c4}
#picture .node.current .glyph{fill:#ffca28;stroke-width:3}
#picture:not(.done) .edge.chosen line{stroke:#333;stroke-width:1.4}
#picture:not(.done) .edge.chosen.par line{stroke:#d9822b;stroke-width:2;stroke-dasharray:7 3}
#picture:not(.done) .node.chosen .glyph{stroke:#222;stroke-width:1.6}
#picture:not(.done) .node.chosen .val{fill:#000}
"""


HTML_NODES: Final = 3000
"""The most nodes a page holds: past them (breadth first), a folded subtree stays folded."""


def _kept(root: Drawn, budget: int) -> Drawn:
    """``root`` with only its first ``budget`` nodes, breadth first.

    A node that lost children is folded (its badge still counts them all).

    >>> from sml150.draw.searches import record
    >>> from sml150.draw.tree import picture
    >>> from sml150.lib.explicit import HandoutSmall
    >>> t = _kept(picture(record("hw11-alphabeta", HandoutSmall, 2, quiet=True)).root, 4)
    >>> [c.folded for c in t.children], t.size
    ([True, True, True], 13)
    """
    keep: set[int] = set()
    queue = [root]
    while queue and len(keep) < budget:
        nxt: list[Drawn] = []
        for n in queue:
            if len(keep) < budget:
                keep.add(n.id)
                nxt.extend(n.children)
        queue = nxt

    def cut(n: Drawn) -> Drawn:
        kids = tuple(cut(c) for c in n.children if c.id in keep)
        if len(kids) == len(n.children):
            return attrs.evolve(n, children=kids)
        return attrs.evolve(n, children=kids, folded=True)

    return cut(root)


def _data(p: Picture) -> dict[str, Any]:
    nodes: dict[int, dict[str, Any]] = {}
    stack: list[tuple[Drawn, int | None]] = [(p.root, None)]
    while stack:
        n, parent = stack.pop()
        outs = [v.left for v in n.visits if v.left is not None]
        nodes[n.id] = {"parent": parent, "kids": [c.id for c in n.children],
                       "folded": n.folded, "chosen": n.chosen,
                       "more": n.folded and not n.children and n.size > 1,
                       "in": n.visits[0].entered if n.visits else None,
                       "out": max(outs) if outs else None}
        stack.extend((c, n.id) for c in n.children)
    return {"root": p.root.id, "nodes": nodes,
            "steps": [{"node": s.node, "kind": s.kind, "caption": s.caption} for s in p.steps]}


def html(p: Picture) -> str:
    """The page of ``p`` (see the module docstring): one HTML document, nothing to fetch.

    ENSURES: the SVG inside is ``render(p, everything=True)`` (of its first ``HTML_NODES``
    nodes); the script reads the tree, the steps and the SVG's geometry from the JSON.

    >>> from sml150.draw.searches import record
    >>> from sml150.draw.tree import picture
    >>> from sml150.lib.explicit import HandoutSmall
    >>> p = picture(record("engine-pvs", HandoutSmall, 2, quiet=True))
    >>> page = html(p)
    >>> page.count('<g class="node '), f'"caption": "{p.steps[-1].caption}"' in page
    (13, True)
    """
    if p.root.size > HTML_NODES:
        p = attrs.evolve(p, root=_kept(p.root, HTML_NODES))
    svg = render(p, everything=True)
    data = _data(p)
    head = svg[:svg.index(">")]
    for key in ("slot", "row", "top", "margin"):
        data[key] = float(head.split(f'data-{key}="', 1)[1].split('"', 1)[0])
    # "</" cannot appear inside a <script> element: JSON writes it "<\/" (the same string).
    blob = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    script = resources.files("sml150.draw").joinpath("page.js").read_text(encoding="utf-8")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(p.title)}</title>
<style>{PAGE_STYLE}</style></head>
<body>
<header><h1>{escape(p.title)}</h1>
<div id="controls">
<button id="first" title="first step (Home)">|&#x25C0;</button>
<button id="back" title="step back (&#x2190;)">&#x25C0;</button>
<button id="next" title="step on (&#x2192;)">&#x25B6;</button>
<button id="last" title="last step (End)">&#x25B6;|</button>
<input type="range" id="slider" min="0" value="0" aria-label="step">
<span id="count"></span>
<button id="foldline" title="fold every subtree off the chosen line">fold to the line</button>
<button id="unfold">unfold all</button>
</div>
<p id="caption"></p></header>
<main>{svg}</main>
<pre id="walk" hidden></pre>
<script id="data" type="application/json">{blob}</script>
<script>{script}</script>
</body></html>
"""
