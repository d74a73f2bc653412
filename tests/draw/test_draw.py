"""Drawn searches (issue 33): the pictures say what the searches did, and change nothing.

The handout's figures are read back out of the SVG (the order of the estimates, and every
node's window when entered against the trace's ``F:``/``G:`` lines); every search that can be
drawn draws; recording leaves each search's answer and cost as they are; a large search starts
folded to its chosen line, the rest counted.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sml150.cli import main
from sml150.draw import SEARCHES, Picture, picture, record, render
from sml150.draw.tree import FOLD_AT
from sml150.lib.explicit import HandoutBig, HandoutSmall
from sml150.lib.signatures import GAME

TRACES = Path(__file__).resolve().parents[1] / "data" / "handout-traces"
SVG = "{http://www.w3.org/2000/svg}"

FIGURES = [
    ("hw11-fig4-alphabeta-handoutbig.txt", "hw11-alphabeta", HandoutBig, 4),
    ("hw11-fig5-alphabeta-handoutsmall.txt", "hw11-alphabeta", HandoutSmall, 2),
    ("hw11-fig5-jamboree0.5-handoutsmall.txt", "hw11-jamboree", HandoutSmall, 2),
]


def nodes_of(svg: str) -> list[ET.Element]:
    """The node groups of a drawn search's SVG."""
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if "node" in g.get("class", "").split()]


def trace_leaves(trace: str) -> list[str]:
    """The leaves of a handout trace, in order: the states whose result is a ``Leaf``."""
    return re.findall(r"^Result of \((?:Maxie|Minnie),(\w+)\) is Leaf", trace, re.M)


def trace_entries(trace: str) -> list[tuple[str, str]]:
    """Every ``F:``/``G:`` line of a handout trace: the state and its ``ab=...``."""
    return re.findall(r"^[FG]: state (\(\w+,\w+\)) with (ab=.*)$", trace, re.M)


@pytest.mark.parametrize(("name", "which", "game", "depth"), FIGURES)
def test_handout_figures_read_back_from_the_svg(name: str, which: str, game: GAME[Any, Any],
                                                depth: int) -> None:
    trace = (TRACES / name).read_text()
    svg = render(picture(record(which, game, depth, quiet=True)))
    groups = nodes_of(svg)
    numbered = sorted((int(g.get("data-order", "")), g.get("data-label")) for g in groups
                      if g.get("data-order"))
    assert [label for _, label in numbered] == trace_leaves(trace)
    # the disc shows the same number the attribute says
    for g in groups:
        if g.get("data-order"):
            disc = next(x for x in g.iter(f"{SVG}g") if "order" in x.get("class", ""))
            assert "".join(disc.itertext()) == g.get("data-order")
    # every node entered, in the order entered, with the window the trace printed
    entered = sorted((int(g.get("data-in", "")), g) for g in groups if g.get("data-in"))
    seen = []
    for _, g in entered:
        title = g.find(f"{SVG}title")
        assert title is not None and title.text is not None
        lines = title.text.split("\n")
        seen.append((lines[0], next(x for x in lines if x.startswith("entered with "))
                     .removeprefix("entered with ")))
    assert seen == trace_entries(trace)


def test_handout_big_shows_what_was_cut_and_why() -> None:
    p = picture(record("hw11-alphabeta", HandoutBig, 4, quiet=True))
    cut = {n.label: n.note for n in p.root.walk() if n.status == "pruned" and n.note}
    assert cut == {"i": "pruned: 2 ≤ α = 3", "r": "pruned: 2 ≤ α = 3",
                   "s": "pruned: 3 ≤ α = 3"}
    # the pruned subtree under s is drawn whole, greyed, with its leaves' values
    s = next(n for n in p.root.walk() if n.label == "s")
    assert [leaf.leaf for leaf in s.walk() if leaf.leaf] == ["8", "2", "4", "6"]
    assert all(n.status == "pruned" for n in s.walk())
    chosen = [n.label for n in p.root.walk() if n.chosen]
    assert chosen == ["a", "b", "c", "d", "e"]


def test_jamboree_parts_are_told_apart() -> None:
    p = picture(record("hw11-jamboree", HandoutSmall, 2, prune=0.5, quiet=True))
    parallel = {n.label for n in p.root.walk() if any(v.parallel for v in n.visits)}
    # the first move of each node is searched alone (floor(0.5 * 3) = 1), the other two together
    assert parallel == {"d", "e", "f", "j", "h", "i", "l", "m"}
    svg = render(p)
    edges = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "edge" in g.get("class", "")]
    par = {g.get("id") for g in edges if "par" in g.get("class", "").split()}
    ids = {n.id: n.label for n in p.root.walk()}
    assert {ids[int(e.removeprefix("e"))] for e in par if e} == parallel


@pytest.mark.parametrize("which", sorted(SEARCHES))
def test_every_search_draws(which: str, tmp_path: Path) -> None:
    from sml150.specs import build_game

    game, depth = (build_game("tictactoe:2").game, None) if which.endswith("assured-win") \
        else (HandoutSmall, 2)
    rec = record(which, game, depth, quiet=True)
    p = picture(rec)
    groups = nodes_of(render(p))
    orders = sorted(int(g.get("data-order", "")) for g in groups if g.get("data-order"))
    assert orders == list(range(1, len(orders) + 1)) and orders
    reached = sum(1 for n in p.root.walk() if n.status == "searched")
    assert len(p.steps) >= (reached + 1 if p.lazy else 2 * reached)
    assert p.root.chosen and p.lines[0] == rec.answer


def _unrecorded(which: str, game: GAME[Any, Any], depth: int) -> tuple[object, ...]:
    from sml150.handouts import hw10
    from sml150.handouts.hw11.alphabeta import AlphaBeta
    from sml150.handouts.hw11.jamboree import Jamboree
    from sml150.lib.signatures import JamboreeSettings, Settings
    from sml150.search import pvs

    if which == "engine-pvs":
        r = pvs(game, game.start, depth)
        return r.move, r.est, r.stats.nodes, r.stats.leaves, r.pv
    player: Any
    if which == "hw11-alphabeta":
        player = AlphaBeta(Settings(game, depth))
    elif which == "hw10-alphabeta":
        player = hw10.AlphaBeta(Settings(game, depth))
    else:
        player = Jamboree(JamboreeSettings(game, depth, 0.5))
    a = player.analyze(game.start)
    return a.move, a.value, a.terminals, a.nodes, a.span


@pytest.mark.parametrize(("which", "spec", "depth"), [
    ("engine-pvs", "kinarow:3", 4), ("engine-pvs", "connect4:5x4", 5),
    ("hw11-alphabeta", "riskless:m1", 4), ("hw11-jamboree", "riskless:m2", 3),
    ("hw10-alphabeta", "tictactoe:3", 3)])
def test_recording_changes_no_answer(which: str, spec: str, depth: int,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A recorded search returns and prints what the search returns and prints alone."""
    from sml150.draw.record import Entered, Log, probe, recording_game
    from sml150.specs import build_game

    game = build_game(spec).game
    alone = _unrecorded(which, game, depth)
    printed = capsys.readouterr().out
    rec = record(which, game, depth)
    assert capsys.readouterr().out == printed
    assert rec.move == alone[0]
    # the same search on the recording game, probed: the same move, value, counts (and PV)
    log = Log()
    with probe(log, []):
        assert _unrecorded(which, recording_game(game, log), depth) == alone
    entered = {e.node for e in rec.log.events if isinstance(e, Entered)}
    assert len(entered) > 1


def test_the_trace_command_prints_the_same_trace_when_drawing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "hw11-jamboree", "handout-small"]) == 0
    plain = capsys.readouterr().out
    svg, page = tmp_path / "j.svg", tmp_path / "j.html"
    assert main(["trace", "hw11-jamboree", "handout-small", "--svg", str(svg),
                 "--html", str(page)]) == 0
    out = capsys.readouterr()
    assert out.out == plain
    assert f"drew the search in {svg}" in out.err
    assert svg.read_text().startswith("<svg") and "<script" in page.read_text()


@pytest.mark.parametrize(("argv", "message"), [
    (["trace", "engine-pvs", "riskless:m1"], "needs --depth D"),
    (["trace", "hw11-alphabeta", "handout-small", "--depth", "3"], "searched below the leaf"),
    (["trace", "hw11-alphabeta", "handout-small", "--depth", "0"], "--depth"),
    (["trace", "gametree-assured-win", "tictactoe:2", "--depth", "2"], "no --depth"),
    (["trace", "hw11-alphabeta", "chess"], "unknown game"),
    (["trace", "hw11-alphabeta", "handout-small", "--svg", "/nonexistent/dir/x.svg"],
     "no folder /nonexistent/dir"),  # refused before the search
])
def test_trace_errors_are_one_line(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_other_searches_print_their_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "hw10-alphabeta", "handout-big"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"Estimating state {s}" for s in ("e[3]", "f[5]", "h[2]", "l[10]", "m[4]",
                                                      "q[2]")] + ["Terminals visited: 6"]
    assert main(["trace", "gametree-bval", "handout-small"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "bval bottom top t = 4 (7 leaves, 11 trees examined)")


def folded_view(p: Picture) -> tuple[int, int]:
    """The nodes a reader sees (folded subtrees count one) and the nodes folded under them."""
    shown = hidden = 0
    stack = [p.root]
    while stack:
        n = stack.pop()
        shown += 1
        if n.folded:
            hidden += n.size - 1
        else:
            stack.extend(n.children)
    return shown, hidden


def test_a_depth_6_riskless_search_is_folded_to_its_line() -> None:
    from sml150.specs import build_game

    game = build_game("riskless:m1").game
    rec = record("hw11-alphabeta", game, 6, quiet=True)
    p = picture(rec)
    total = p.root.size
    assert total > FOLD_AT
    shown, hidden = folded_view(p)
    assert shown + hidden == total and shown < 60
    line = [n for n in p.root.walk() if n.chosen]
    assert len(line) == 7 and line[-1].order is not None  # root to a leaf at depth 6
    assert line[1].move == game.move_to_string(rec.move)
    # every folded node is a child of the line, counted on its badge
    groups = nodes_of(render(p))
    badges = ["".join(b.itertext()) for g in groups if "folded" in g.get("class", "").split()
              for b in g.iter(f"{SVG}g") if b.get("class") == "badge"]
    assert sum(int(b.removeprefix("+").removesuffix(" nodes")) for b in badges) == hidden
    assert len(groups) == shown


def test_gametree_forced_cells_are_what_the_evaluator_examined() -> None:
    from sml150.gametree import bottom, bval_stats, from_game, top

    _, stats = bval_stats(bottom, top, from_game(HandoutSmall, 2))
    p = picture(record("gametree-bval", HandoutSmall, 2, quiet=True))
    forced = [n for n in p.root.walk() if n.status == "searched"]
    assert len(forced) == stats.nodes
    assert sum(1 for n in forced if n.order) == stats.leaves
    assert sorted(n.label for n in p.root.walk() if n.status == "unforced") == ["l", "m"]
    bmove = picture(record("gametree-bmove", HandoutSmall, 2, quiet=True))
    assert [n.label for n in bmove.root.walk() if n.chosen] == ["a", "f"]


def test_a_search_too_large_to_draw_stops_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sml150.draw.searches

    monkeypatch.setattr(sml150.draw.searches, "RECORD_LIMIT", 50)
    assert main(["trace", "gametree-assured-win", "tictactoe:3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sml150: error: the search made more than 50 positions")
    assert err.count("\n") == 1
