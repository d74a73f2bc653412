"""Everything on a real Dask LocalCluster (2 worker processes on loopback), one for the module."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

import attrs
import pytest

from sml150.grading._batch import grade_batch
from sml150.handouts.hw10 import jamboree as j10
from sml150.handouts.hw11 import jamboree as j11
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.explicit import HandoutBig
from sml150.lib.signatures import JamboreeSettings
from sml150.parallel import executor, map_retrying
from sml150.tournament import GameResult, run_tournament

from .batch_fixtures import TASKS, check_class, check_rerun, make_class
from .test_jamboree_parallel import run

pytest.importorskip("distributed")

# One cluster for the module: with `pytest -n 2 --dist loadgroup` all these tests run in one
# xdist worker (with plain `--dist load` each worker that gets one starts its own cluster).
pytestmark = [pytest.mark.xdist_group("dask"), pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def cluster() -> Iterator[Executor]:
    with executor("dask:2") as ex:
        yield ex


def test_tasks_run_on_the_cluster(cluster: Executor) -> None:
    assert map_retrying(cluster, abs, [-3, 4, -5]) == [3, 4, 5]


@pytest.mark.parametrize("hw", [10, 11])
def test_jamboree_on_dask_is_the_sequential_search(cluster: Executor, hw: int) -> None:
    for p in (0.0, 0.5):
        assert run(hw, HandoutBig, 4, p, cluster, grain=1) == run(hw, HandoutBig, 4, p, None)
    game = Riskless(M1)
    assert run(hw, game, 4, 0.5, cluster) == run(hw, game, 4, 0.5, None)


def test_the_engine_jamboree_on_dask_is_the_sequential_search(cluster: Executor) -> None:
    from sml150.parallel.tree import parallelism
    from sml150.search.jamboree import jamboree

    assert parallelism(cluster) == 2  # the cluster's two single-threaded workers
    game = Riskless(M1)
    expected = jamboree(game, game.start, 5, grain=2, tt=False)
    r = jamboree(game, game.start, 5, executor=cluster, grain=2, coarse=0, tt=False)
    assert (r.value, r.move, r.work, r.span, r.nodes) == (
        expected.value, expected.move, expected.work, expected.span, expected.nodes)


def test_hw11_jamboree_player_on_dask(cluster: Executor) -> None:
    game = Riskless(M1)
    settings = JamboreeSettings(G=game, search_depth=4, prune_percentage=0.25)
    assert (j11.Jamboree(settings, executor=cluster).next_move(game.start)
            == j10.Jamboree(settings).next_move(game.start))


def test_tournament_on_dask_matches_serial(cluster: Executor) -> None:
    players = ["minimax:1", "alphabeta:2"]
    with executor("serial") as serial:
        expected = run_tournament("riskless:m1", players, games=2, seed=5, ex=serial,
                                  move_limit=30)
    t = run_tournament("riskless:m1", players, games=2, seed=5, ex=cluster, move_limit=30)
    assert t.standings == expected.standings
    assert [attrs.evolve(r, seconds=0.0) for r in t.results] == [
        attrs.evolve(r, seconds=0.0) for r in expected.results]



@pytest.fixture(scope="module")
def graded(cluster: Executor, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    subs = make_class(tmp_path_factory.mktemp("class"))
    grade_batch("hw10", subs, ex=cluster, tasks=TASKS)
    return subs, subs.with_name("submissions-grades")


@pytest.mark.exhaustive  # a class graded on the cluster (9 s); on processes in test_batch.py
def test_batch_grading_on_dask(graded: tuple[Path, Path]) -> None:
    check_class(*graded)


@pytest.mark.exhaustive
def test_batch_rerun_skips_finished_students(graded: tuple[Path, Path]) -> None:
    check_rerun(*graded)


def test_a_dask_worker_killed_mid_tournament_is_replaced(cluster: Executor) -> None:
    players = ["minimax:1", "alphabeta:2"]
    with executor("serial") as serial:
        expected = run_tournament("riskless:m1", players, games=4, seed=6, ex=serial,
                                  move_limit=30)
    victim = cluster.submit(os.getpid).result()
    killed: list[int] = []

    def kill_once(_r: GameResult) -> None:
        if not killed:
            killed.append(victim)
            os.kill(victim, signal.SIGKILL)

    t = run_tournament("riskless:m1", players, games=4, seed=6, ex=cluster, move_limit=30,
                       on_done=kill_once)
    assert killed
    assert t.standings == expected.standings
