"""From a recorded search to the tree drawn: nodes, their visits, the steps, what was pruned.

``picture(recording)`` reads a ``Recording`` (``sml150.draw.searches``) into a ``Picture``:

- the tree as searched: one ``Drawn`` node per position reached, its children in the order the
  search made them (a move made again, as PVS re-searches or a lazy cell forced twice, is the
  same node, visited again);
- each visit's window when entered and result when left, read for Maxie (as the handouts draw
  them), and whether the result passed the bound on the mover's side (a cut);
- the leaves numbered in the order they were reached: the estimates in the order estimated,
  finished games when entered;
- the moves a node did not search, drawn greyed with the bound that cut them (``pruned``), or,
  for the OCaml exercise's lazy trees, the cells never forced (``unforced``); their subtrees are
  filled in afterwards, quietly, up to ``EXTRA_NODES`` nodes in all;
- the chosen line (the root's move, then the engine's principal variation, or the first child
  of each chosen node that has the node's value), and, past ``FOLD_AT`` nodes, every subtree off
  that line folded (collapsed and counted);
- the steps: every entry, estimate and result in order, each with a caption.

>>> from sml150.draw.searches import record
>>> from sml150.lib.explicit import HandoutSmall
>>> p = picture(record("hw11-alphabeta", HandoutSmall, 2, quiet=True))
>>> [(c.label, c.status, c.visits[-1].value if c.visits else None) for c in p.root.children]
[('b', 'searched', '-2'), ('f', 'searched', '4'), ('j', 'searched', '1')]
>>> [g.label for g in p.root.children[2].children if g.status == "pruned"]
['l', 'm']
>>> p.root.children[2].children[1].note
'pruned: 1 ≤ α = 4'
>>> p.steps[0].caption
'(Maxie,a): entered with (α, β) = (-∞, +∞)'

(About 420 lines: the one reading of a recording into a tree, in the order it is built.)
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from typing import Any, Final, Literal, TypeAlias, final

import attrs

from sml150.draw.record import Entered, Estimated, Left
from sml150.draw.searches import Recording, bound_text, est_text
from sml150.lib.signatures import Draw, In_play, Maxie, Over, Player, Winner

__all__ = ["EXTRA_NODES", "FOLD_AT", "FOLD_WIDE", "Drawn", "Picture", "Step", "Visit", "picture"]

FOLD_AT: Final[int] = 120
"""A picture of more nodes than this starts folded to its chosen line."""

FOLD_WIDE: Final[int] = 40
"""... or more leaves than this (the picture would be too wide to read)."""

EXTRA_NODES: Final[int] = 200
"""The most nodes added below pruned or unforced moves (a picture stays drawable)."""

Status: TypeAlias = Literal["searched", "pruned", "unforced"]
"""``searched``: the search reached it; ``pruned``: a move it cut off (or left out);
``unforced``: a lazy tree's cell the evaluator never forced."""


@final
@attrs.frozen
class Visit:
    """One call of the search on a node: its window when entered, its result when left."""

    lo: str | None
    """Alpha, for Maxie (``None``: the search has no windows)."""
    hi: str | None
    """Beta, for Maxie."""
    value: str | None
    """The result, for Maxie (``None``: not known)."""
    window_text: str | None
    """The window as the search writes it."""
    value_text: str | None
    """The result as the search writes it."""
    cut: bool
    """The result passed the bound on the mover's side (the node stopped its scan there)."""
    parallel: bool
    """Searched side by side with its siblings (a Jamboree's parallel part)."""
    entered: int
    """The step it was entered at."""
    left: int | None
    """The step it was left at (``None``: never seen leaving)."""


@final
@attrs.frozen
class Drawn:
    """A node of the picture."""

    id: int
    """Unique in the picture."""
    label: str
    """A short name (an explicit tree's letter), or ''."""
    state: str
    """The state as the game writes it."""
    side: Player
    """The player to move there."""
    move: str | None
    """The move from its parent (``None`` at the root)."""
    status: Status
    """Reached, pruned or unforced."""
    visits: tuple[Visit, ...]
    """Its visits, in order (none unless reached)."""
    leaf: str | None
    """A leaf's value (its estimate, or the game's outcome), for Maxie."""
    order: int | None
    """A reached leaf's number, in the order the leaves were reached (from 1)."""
    leaf_step: int | None
    """The step its leaf value became known."""
    chosen: bool
    """On the chosen line."""
    note: str | None
    """Why it is pruned, or what else to know."""
    children: tuple[Drawn, ...]
    """Its children, in the order drawn."""
    folded: bool
    """Drawn collapsed (its subtree counted, not shown)."""
    shown: int
    """The step from which it is drawn as reached or cut."""
    size: int
    """Nodes in its subtree, itself included."""

    def walk(self) -> Iterator[Drawn]:
        """Every node of the subtree, depth first, in order (the node first)."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(reversed(n.children))


@final
@attrs.frozen
class Step:
    """One moment of the search: a node entered, estimated, or left."""

    node: int
    """The node (its ``Drawn.id``)."""
    kind: Literal["enter", "estimate", "leave"]
    """What happened."""
    caption: str
    """What happened, in words."""


@final
@attrs.frozen
class Picture:
    """A drawn search: its title, its answer, its tree and its steps."""

    title: str
    """What was searched, by what."""
    lines: tuple[str, ...]
    """The answer and the counts, one line each."""
    root: Drawn
    """The tree."""
    steps: tuple[Step, ...]
    """Every moment, in order."""
    windows: bool
    """The search has windows (the OCaml exercise's evaluators do not show them)."""
    lazy: bool
    """A lazy tree (unforced cells rather than pruned moves)."""


_SHORT = re.compile(r"^\((?:Maxie|Minnie),([^,()\s]{1,6})\)$")


def _label(state_text: str) -> str:
    m = _SHORT.match(state_text)
    return m.group(1) if m else ""


def _quiet(f: Any, *args: Any) -> Any:
    """A call of the game whose printing (an explicit tree's ``Estimating ...``) is dropped."""
    with contextlib.redirect_stdout(io.StringIO()):
        return f(*args)


def _outcome_text(status: object) -> str | None:
    match status:
        case Over(Winner(p)):
            return "Max wins" if p is Maxie else "Min wins"
        case Over(Draw()):
            return "draw"
    return None


@attrs.define
class _Node:
    """A node while the picture is built (mutable); frozen into a ``Drawn`` at the end."""

    id: int
    state: Any
    move: Any
    ply: int
    status: Status = "searched"
    children: list[_Node] = attrs.Factory(list)
    visits: list[Visit] = attrs.Factory(list)
    open: list[tuple[int, Any, bool]] = attrs.Factory(list)
    leaf: str | None = None
    leaf_step: int | None = None
    order: int | None = None
    chosen: bool = False
    note: str | None = None
    folded: bool = False
    shown: int = 0
    last: int = 0
    results: list[Any] = attrs.Factory(list)
    text: str | None = None


@attrs.define
class _Builder:
    """Reads one recording (the steps are numbered as they are read)."""

    rec: Recording
    nodes: dict[int, _Node] = attrs.Factory(dict)
    alias: dict[int, int] = attrs.Factory(dict)
    steps: list[Step] = attrs.Factory(list)
    next_id: int = 0
    extra: int = EXTRA_NODES

    def text(self, n: _Node) -> str:
        if n.text is None:
            n.text = str(_quiet(self.rec.game.state_to_string, n.state))
        return n.text

    def name(self, n: _Node) -> str:
        t = self.text(n)
        if len(t) <= 24 and "\n" not in t:
            return t
        return "the root" if n.move is None else f"the position after {self.move_text(n)}"

    def move_text(self, n: _Node) -> str:
        return "" if n.move is None else str(self.rec.game.move_to_string(n.move))

    def player(self, n: _Node) -> Player:
        return self.rec.game.player(n.state)

    # -- 1. the nodes reached, merged by move -------------------------------------------------

    def read_nodes(self) -> None:
        log = self.rec.log
        reached = {e.node for e in log.events if isinstance(e, Entered | Estimated)}
        self.nodes[0] = _Node(0, log.nodes[0].state, None, 0)
        self.alias[0] = 0
        for i, info in enumerate(log.nodes):
            if i == 0 or i not in reached or info.parent not in self.alias:
                continue
            parent = self.nodes[self.alias[info.parent]]
            same = next((c for c in parent.children if c.move == info.move), None)
            if same is None:
                same = _Node(i, info.state, info.move, info.ply)
                self.nodes[i] = same
                parent.children.append(same)
            self.alias[i] = same.id
        self.next_id = len(log.nodes)

    # -- 2. the steps: visits, estimates --------------------------------------------------------

    def read_events(self) -> None:
        note = self.rec.notation
        for e in self.rec.log.events:
            if isinstance(e, Entered) and e.node in self.alias:
                n = self.nodes[self.alias[e.node]]
                step = len(self.steps)
                lo = hi = wtext = None
                if note is not None and e.window is not None:
                    a, b = note.window(e.window, self.player(n))
                    lo, hi, wtext = bound_text(a), bound_text(b), note.window_text(e.window)
                if not n.visits:
                    n.shown = step
                n.open.append((step, e.window, e.parallel))
                again = " (searched again)" if n.visits else ""
                par = ", in the parallel part" if e.parallel else ""
                what = (f"entered with (α, β) = ({lo}, {hi})" if lo is not None
                        else "forced" if self.rec.notation is None else "entered")
                self.steps.append(Step(n.id, "enter", f"{self.name(n)}: {what}{par}{again}"))
                n.visits.append(Visit(lo, hi, None, wtext, None, False, e.parallel, step, None))
            elif isinstance(e, Estimated) and e.node in self.alias:
                n = self.nodes[self.alias[e.node]]
                if n.leaf is None:
                    n.leaf, n.leaf_step = est_text(e.value), len(self.steps)
                    self.steps.append(Step(n.id, "estimate",
                                           f"{self.name(n)}: estimated {n.leaf}"))
            elif isinstance(e, Left) and e.node in self.alias:
                self.leave(self.nodes[self.alias[e.node]], e.result)

    def leave(self, n: _Node, result: Any) -> None:
        if not n.open:
            return
        step = len(self.steps)
        entered, window, _ = n.open.pop()
        i = next(k for k, v in enumerate(n.visits) if v.entered == entered)
        note = self.rec.notation
        value = vtext = None
        cut = False
        if note is not None and result is not None:
            value = est_text(note.value(result, self.player(n)))
            vtext = note.value_text(result)
            if window is not None:
                cut = note.cut(window, result, self.player(n))
        elif result is not None:
            value = str(result)
        n.visits[i] = attrs.evolve(n.visits[i], value=value, value_text=vtext, cut=cut,
                                   left=step)
        n.results.append(result)
        n.last = step
        said = f"result {value}" if value is not None else "done"
        self.steps.append(Step(n.id, "leave", f"{self.name(n)}: {said}"))

    # -- 3. leaves and their order ------------------------------------------------------------

    def read_leaves(self) -> None:
        leaves: list[_Node] = []
        for n in self.nodes.values():
            if n.children:
                continue
            status = self.rec.game.status(n.state)
            if n.leaf is None and isinstance(status, Over):
                n.leaf, n.leaf_step = _outcome_text(status), n.shown
            if n.leaf is not None:
                leaves.append(n)
        for k, n in enumerate(sorted(leaves, key=lambda n: n.leaf_step or 0), start=1):
            n.order = k

    # -- 4. the moves not searched (pruned, or unforced cells) ----------------------------------

    def missing(self) -> None:
        lazy = self.rec.notation is None
        depth = self.rec.depth
        for n in list(self.nodes.values()):
            if n.leaf is not None or (depth is not None and n.ply >= depth):
                continue
            if not isinstance(self.rec.game.status(n.state), In_play):
                continue
            if not n.children and not lazy:
                n.note = "decided without searching its moves (the table or a hook)"
                continue
            made = [c.move for c in n.children]
            rest = [m for m in self.rec.game.moves(n.state) if m not in made]
            if not rest:
                continue
            why = "unforced" if lazy else self.cut_note(n)
            shown = self.last_step() if lazy else n.last
            for m in rest:
                child = self.extend(self.rec.game.make_move(n.state, m), m, n.ply + 1,
                                    "unforced" if lazy else "pruned", shown, top=True)
                child.note = why
                n.children.append(child)

    def last_step(self) -> int:
        return max(len(self.steps) - 1, 0)

    def cut_note(self, n: _Node) -> str:
        if not n.visits or not n.visits[-1].cut:
            return "not searched"
        v = n.visits[-1]
        if self.player(n) is Maxie:
            return f"pruned: {v.value} ≥ β = {v.hi}"
        return f"pruned: {v.value} ≤ α = {v.lo}"

    def extend(self, state: Any, move: Any, ply: int, status: Status, shown: int, *,
               top: bool = False) -> _Node:
        """A node below a move not searched, filled in quietly while ``extra`` lasts."""
        n = _Node(self.next_id, state, move, ply, status=status, shown=shown)
        self.next_id += 1
        g = self.rec.game
        st = g.status(state)
        if isinstance(st, Over):
            n.leaf = _outcome_text(st)
            return n
        depth = self.rec.depth
        if depth is not None and ply >= depth:
            n.leaf = est_text(_quiet(g.estimate, state))
            return n
        moves = list(g.moves(state))
        if self.extra < len(moves) or (not top and self.extra <= 0):
            n.note = "more below (not drawn)"
            return n
        self.extra -= len(moves)
        n.children = [self.extend(g.make_move(state, m), m, ply + 1, status, shown)
                      for m in moves]
        return n

    # -- 5. the chosen line, 6. folding ---------------------------------------------------------

    def choose(self) -> None:
        root = self.nodes[0]
        root.chosen = True
        if self.rec.move is None:
            return
        line = self.rec.pv if self.rec.pv else (self.rec.move,)
        n = root
        for m in line:
            nxt = next((c for c in n.children if c.status == "searched" and c.move == m), None)
            if nxt is None:
                return
            nxt.chosen = True
            n = nxt
        if self.rec.pv or self.rec.notation is None:
            return
        while True:  # the first child whose value is the node's (an exact value on the line)
            if not n.results or n.results[-1] is None:
                return
            want = self.rec.notation.value(n.results[-1], self.player(n))
            nxt = next((c for c in n.children if c.status == "searched" and c.results
                        and c.results[-1] is not None
                        and self.rec.notation.value(c.results[-1], self.player(c)) == want),
                       None)
            if nxt is None:
                return
            nxt.chosen = True
            n = nxt

    def fold(self, root: _Node) -> None:
        every = list(_walk(root))
        if len(every) <= FOLD_AT and sum(1 for n in every if not n.children) <= FOLD_WIDE:
            return
        for n in _walk(root):
            if n.chosen or n is root:
                for c in n.children:
                    if not c.chosen and c.children:
                        c.folded = True

    def freeze(self, n: _Node) -> Drawn:
        kids = tuple(self.freeze(c) for c in n.children)
        text = self.text(n)
        return Drawn(n.id, _label(text), text, self.player(n), self.move_text(n) or None,
                     n.status, tuple(n.visits), n.leaf, n.order, n.leaf_step, n.chosen, n.note,
                     kids, n.folded, n.shown, 1 + sum(k.size for k in kids))


def _walk(n: _Node) -> Iterator[_Node]:
    stack = [n]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(reversed(x.children))


def picture(rec: Recording) -> Picture:
    """The picture of the search ``rec`` recorded (see the module docstring).

    ENSURES: every node the search reached is drawn once, its visits in order; the reached
    leaves are numbered 1, 2, ... in the order they were reached; ``steps`` hold every entry,
    estimate and result of the recording, in order.

    >>> from sml150.draw.searches import record
    >>> from sml150.lib.explicit import HandoutBig
    >>> p = picture(record("hw11-alphabeta", HandoutBig, 4, quiet=True))
    >>> [n.label for n in sorted((n for n in p.root.walk() if n.order), key=lambda n: n.order)]
    ['e', 'f', 'h', 'l', 'm', 'q']
    """
    b = _Builder(rec)
    b.read_nodes()
    b.read_events()
    b.read_leaves()
    b.missing()
    b.choose()
    root = b.nodes[0]
    b.fold(root)
    drawn = b.freeze(root)
    reached = sum(1 for n in drawn.walk() if n.status == "searched")
    leaves = sum(1 for n in drawn.walk() if n.order is not None)
    cut = sum(1 for n in drawn.walk() if n.status != "searched" and n.note is not None)
    missing = "cells never forced" if rec.notation is None else "moves pruned or not searched"
    lines = [rec.answer,
             f"{reached} positions reached, {leaves} leaves reached (numbered in that order),"
             f" {cut} {missing}"]
    depth = "to the end" if rec.depth is None else f"depth {rec.depth}"
    return Picture(f"{rec.title}, {depth}", tuple(lines), drawn, tuple(b.steps),
                   rec.notation is not None, rec.notation is None)
