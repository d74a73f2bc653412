"""Law: the handouts' Jamboree gives the same result on every executor (HW10 and HW11).

"The same result" is the whole ``Analysis`` (move, value, terminals, nodes, work, span) and
everything printed (the estimated leaves, and HW11's trace), which the parallel run replays
in the sequential order.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sml150.handouts.hw10 import jamboree as j10
from sml150.handouts.hw11 import jamboree as j11
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.explicit import ExplicitGame, GameTree, HandoutBig
from sml150.lib.signatures import Analysis, JamboreeSettings
from sml150.parallel import executor

from ..handouts.hw11.helpers import minimax_value, uniform_trees

PRUNES = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0])


@pytest.fixture(scope="module")
def procs() -> Iterator[Executor]:
    with executor("processes:2") as ex:
        yield ex


def run(hw: int, game: Any, depth: int, p: float, ex: Executor | None, *,
        grain: int = 2, coarse: int | None = None) -> tuple[Analysis[Any], str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if hw == 10:
            a = j10.Jamboree(JamboreeSettings(G=game, search_depth=depth, prune_percentage=p),
                             executor=ex, grain=grain, coarse=coarse).analyze(game.start)
        else:
            a = j11.Jamboree(JamboreeSettings(G=game, search_depth=depth, prune_percentage=p,
                                              trace=True),
                             executor=ex, grain=grain, coarse=coarse).analyze(game.start)
    return a, out.getvalue()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=uniform_trees(), p=PRUNES, grain=st.integers(1, 3), coarse=st.integers(0, 3),
       hw=st.sampled_from([10, 11]))
def test_same_search_same_result_on_every_executor(  # noqa: PLR0917 -- hypothesis draws
    procs: Executor, tree: tuple[GameTree, int], p: float, grain: int, coarse: int, hw: int
) -> None:
    """Whatever is split and whatever runs whole (coarse..grain), on every executor."""
    t, depth = tree
    game = ExplicitGame(t)
    coarse = min(coarse, grain)
    sequential = run(hw, game, depth, p, None)
    with executor("serial") as serial:
        assert run(hw, game, depth, p, serial, grain=grain, coarse=coarse) == sequential
    with ThreadPoolExecutor(2) as threads:
        assert run(hw, game, depth, p, threads, grain=grain, coarse=coarse) == sequential
    assert run(hw, game, depth, p, procs, grain=grain, coarse=coarse) == sequential
    assert sequential[0].value.n == minimax_value(t)  # type: ignore[union-attr]  # an explicit tree's value is a Guess here


@settings(max_examples=25, deadline=None)
@given(tree=uniform_trees(), hw=st.sampled_from([10, 11]))
def test_work_and_span_laws(tree: tuple[GameTree, int], hw: int) -> None:
    """span <= work; AlphaBeta (1.0) is all sequential (span = work); MiniMax (0.0) visits every
    leaf, all in parallel (span = 1 on a tree with its leaves at one depth)."""
    t, depth = tree
    game = ExplicitGame(t)
    leaves = _leaves(t)
    for p in (0.0, 0.5, 1.0):
        a, _ = run(hw, game, depth, p, None)
        assert 1 <= a.span <= a.work == a.terminals
        if p == 1.0:
            assert a.span == a.work
        if p == 0.0:
            assert (a.work, a.span) == (leaves, 1)


def _leaves(t: GameTree) -> int:
    children = getattr(t, "children", None)
    return 1 if children is None else sum(_leaves(c) for c in children)


@pytest.mark.parametrize("hw", [10, 11])
def test_handout_big_on_processes(procs: Executor, hw: int) -> None:
    for p in (0.0, 0.5, 1.0):
        assert run(hw, HandoutBig, 4, p, procs, grain=1) == run(hw, HandoutBig, 4, p, None)


def test_riskless_on_processes(procs: Executor) -> None:
    game = Riskless(M1)
    sequential = run(11, game, 5, 0.5, None)
    assert sequential[0].span < sequential[0].work
    assert run(11, game, 5, 0.5, procs) == sequential


def test_grain_must_be_positive_and_coarse_within_it() -> None:
    settings_ = JamboreeSettings(G=HandoutBig, search_depth=4, prune_percentage=0.5)
    for make in (j10.Jamboree, j11.Jamboree):
        with pytest.raises(ValueError, match="grain >= 1"):
            make(settings_, grain=0)
        with pytest.raises(ValueError, match="0 <= coarse <= grain"):
            make(settings_, grain=2, coarse=3)
        with pytest.raises(ValueError, match="0 <= coarse <= grain"):
            make(settings_, grain=2, coarse=-1)


def test_the_default_grain_leaves_two_plies_per_task() -> None:
    for make in (j10.Jamboree, j11.Jamboree):
        grains = [make(JamboreeSettings(G=HandoutBig, search_depth=d, prune_percentage=0.5)).grain
                  for d in (1, 2, 3, 7)]
        assert grains == [1, 1, 1, 5]


@pytest.mark.parametrize("hw", [10, 11])
def test_a_watcher_sees_what_the_workers_searched(procs: Executor, hw: int) -> None:
    """A live status (``watch_searches``) counts the workers' positions as their tasks end."""
    from sml150.lib.searchcount import watch_searches

    game = Riskless(M1)
    with watch_searches() as seen:
        a, _ = run(hw, game, 4, 0.5, procs)
    # every terminal is searched in a task; the nodes split here are not tasks' positions
    assert sum(c.terminals for c in seen) == a.terminals > 0
    assert a.terminals <= sum(c.nodes for c in seen) < a.nodes


def test_a_watcher_counts_tasks_run_here_once() -> None:
    from sml150.lib.searchcount import watch_searches

    game = Riskless(M1)
    with watch_searches() as seen, executor("serial") as serial:
        a, _ = run(11, game, 4, 0.5, serial)
    assert sum(c.terminals for c in seen) == a.terminals


def _first_then_rest(g: Any) -> Any:
    """A fork-join routine on ``g``: the first child alone, then the others side by side."""
    from sml150.lib.forkjoin import Child, Together

    def node(d: int, s: Any, w: None, count: Any) -> Any:
        if count.enter(g, d, s) is not None:
            return 1
        moves = list(g.moves(s))
        first = yield Child(d - 1, g.make_move(s, moves[0]), None)
        rest = yield Together(tuple(Child(d - 1, g.make_move(s, m), None) for m in moves[1:]))
        return first + sum(rest)

    return node


@settings(max_examples=15, deadline=None)
@given(tree=uniform_trees(), grain=st.integers(1, 3), coarse=st.integers(0, 3))
def test_the_task_span_lies_between_the_span_and_the_work(
        tree: tuple[GameTree, int], grain: int, coarse: int) -> None:
    """Tasks are indivisible: their critical path is at least the span, at most the work;
    split down to the leaves, it is the span."""
    from sml150.lib.forkjoin import run as forkjoin_run

    t, depth = tree
    game = ExplicitGame(t)
    node = _first_then_rest(game)
    with contextlib.redirect_stdout(io.StringIO()), ThreadPoolExecutor(1) as one:
        here = forkjoin_run(node, lambda c: node(depth, game.start, None, c), game=game,
                            executor=None, grain=grain, coarse=0)
        part = forkjoin_run(node, lambda c: node(depth, game.start, None, c), game=game,
                            executor=one, grain=grain, coarse=min(coarse, grain))
        leaves = forkjoin_run(node, lambda c: node(depth, game.start, None, c), game=game,
                              executor=one, grain=depth, coarse=depth)
    assert (part.result, part.span, part.terminals) == (here.result, here.span, here.terminals)
    assert here.task_span == here.terminals  # run here: one task
    assert part.span <= part.task_span <= part.terminals
    assert leaves.task_span == leaves.span
