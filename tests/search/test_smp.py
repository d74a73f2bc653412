"""The shared table and the shared-table parallel search (``lazy_smp``, ``replay``)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.games.connect4 import C4State, ConnectFour
from sml150.lib.signatures import In_play
from sml150.parallel import executor
from sml150.search import pvs
from sml150.search._core import DEFAULT_OPTIONS, SOLVE_DEPTH, Aborted, Kernel, Limits
from sml150.search.adapter import adapt
from sml150.search.player import engine_player
from sml150.search.score import INF, WIN
from sml150.search.sharedtable import PREFIX, SharedTable, SharedTableError, table_dir
from sml150.search.smp import lazy_smp, replay
from sml150.search.table import EXACT, LOWER, UPPER, TranspositionTable
from sml150.specs import engine_spec

G = ConnectFour(5, 4)
FLAGS = st.sampled_from([EXACT, LOWER, UPPER])
VALUES = st.one_of(st.integers(-(1 << 30) + 1, (1 << 30) - 1),
                   st.integers(0, (1 << 30) - 3).map(lambda k: WIN - k),
                   st.integers(0, (1 << 30) - 3).map(lambda k: -WIN + k))
DEPTHS = st.one_of(st.integers(0, (1 << 15) - 1), st.integers(0, 1000).map(
    lambda k: SOLVE_DEPTH - k))


@given(st.integers(0, (1 << 63) - 1), DEPTHS, FLAGS, VALUES,
       st.one_of(st.none(), st.integers(0, 254)))
@settings(max_examples=60, deadline=None)
def test_an_entry_comes_back_as_stored(key: int, depth: int, flag: object, value: int,
                                       move: int | None) -> None:
    with SharedTable.create(16) as tt:
        tt.store(key, depth, flag, value, move)  # type: ignore[arg-type]  # hypothesis draws keys of every kind, not only ints
        e = tt.slot(key)
    assert e is not None
    assert (e.key, e.depth, e.flag, e.value, e.move) == (key, depth, flag, value, move)


OPS = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 6), FLAGS, st.integers(-50, 50),
                         st.one_of(st.none(), st.integers(0, 6))), max_size=40)


@given(OPS)
@settings(max_examples=60, deadline=None)
def test_in_one_process_it_is_the_transposition_table(ops: list[tuple]) -> None:  # type: ignore[type-arg]  # hypothesis draws mixed tuples
    """Same slots (the same mixed index), same depth-preferred policy: the same answers."""
    private = TranspositionTable(8)
    with SharedTable.create(8) as shared:
        for key, depth, flag, value, move in ops:
            private.store(key, depth, flag, value, move)
            shared.store(key, depth, flag, value, move)
        for key in range(41):
            assert shared.slot(key) == private.slot(key)


def test_what_does_not_fit_is_not_stored_or_is_stored_without_its_move() -> None:
    with SharedTable.create(8) as tt:
        tt.store("a string", 1, EXACT, 0, None)
        tt.store(1 << 63, 1, EXACT, 0, None)
        tt.store(5, 1, EXACT, 1 << 40, None)          # a heuristic score too big to pack
        tt.store(6, 1 << 20, EXACT, 0, None)           # a depth too big to pack
        tt.store(7, 1, EXACT, 3, (0, 1))               # a move that is not a small int
        assert tt.slot("a string") is None and tt.slot(1 << 63) is None
        assert tt.slot(5) is None and tt.slot(6) is None
        e = tt.slot(7)
        assert e is not None and e.value == 3 and e.move is None
        assert tt.used() == 1


def test_a_torn_pair_of_words_is_no_entry() -> None:
    """Two workers writing one slot at once: a reader seeing one word of each takes neither."""
    with SharedTable.create(1) as tt:
        tt.store(11, 3, EXACT, 7, 1)
        check_a, data_a = tt._words[-2], tt._words[-1]  # one slot: the last two words
        tt.store(12, 4, LOWER, -2, 2)
        assert tt.slot(12) is not None
        tt._words[-2] = check_a                        # 11's check with 12's data
        assert tt.slot(11) is None and tt.slot(12) is None
        tt._words[-1] = data_a                         # 11's own pair again
        assert tt.slot(11) is not None and tt.slot(12) is None


def test_attach_sees_the_same_table_and_only_the_owner_removes_it() -> None:
    tt = SharedTable.create(4)
    tt.store(3, 2, UPPER, -1, 4)
    other = SharedTable.attach(tt.path)
    assert other.slot(3) == tt.slot(3)
    other.stop()
    assert tt.stopped()
    other.close()
    assert os.path.exists(tt.path)
    tt.close()
    assert not os.path.exists(tt.path)
    with pytest.raises(SharedTableError, match="one machine's memory"):
        SharedTable.attach(tt.path)


def test_a_stop_aborts_the_kernel_within_a_poll() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    k = Kernel(adapt(G, True), None, DEFAULT_OPTIONS, Limits(stop=stop, poll=10), pvs=True)
    with pytest.raises(Aborted):
        k.root(G.start, 12, -INF, INF)
    assert len(calls) == 1 and k.stats(0).nodes <= 11


def positions() -> st.SearchStrategy[str]:
    return st.lists(st.integers(1, 5), max_size=8).map(lambda ms: "".join(map(str, ms)))


def _state(line: str) -> C4State:
    """The position after the longest prefix of ``line`` (columns 1-5) that can be played."""
    s = G.start
    for c in line:
        if not isinstance(G.status(s), In_play) or int(c) - 1 not in list(G.moves(s)):
            break
        s = G.make_move(s, int(c) - 1)
    return s


@given(positions(), st.integers(1, 4), st.integers(1, 7))
@settings(max_examples=25, deadline=None)
def test_replay_gives_pvs_value_and_a_best_move(line: str, workers: int, depth: int) -> None:
    s = _state(line)
    if not isinstance(G.status(s), In_play):
        return
    want = pvs(G, s, depth, all_best=True)
    got = replay(G, s, depth, workers, quantum=16)
    assert got.value == want.value
    assert got.move in want.best_moves
    assert len(got.workers) == workers and got.workers[got.winner].finished


def test_replay_is_deterministic_and_shares_work() -> None:
    a = replay(G, G.start, 9, 4)
    b = replay(G, G.start, 9, 4)
    assert a.workers == b.workers and a.move == b.move
    alone = replay(G, G.start, 9, 1).workers[0].nodes
    assert a.workers[a.winner].nodes < alone  # four workers finish in fewer nodes each


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files of the shared tables this test makes (other tests may make theirs meanwhile)."""
    paths: list[str] = []
    create = SharedTable.create

    def recorded(capacity: int = 1 << 20) -> SharedTable:
        tt = create(capacity)
        paths.append(tt.path)
        return tt

    monkeypatch.setattr(SharedTable, "create", recorded)
    return paths


def test_lazy_smp_on_two_processes(made: list[str]) -> None:
    s = _state("3322")
    want = pvs(G, s, 8, all_best=True)
    with executor("processes:2") as ex:
        got = lazy_smp(G, s, 8, executor=ex)
    assert got.value == want.value and got.move in want.best_moves
    assert len(got.workers) == 2 and got.workers[got.winner].finished
    assert len(made) == 1 and not os.path.exists(made[0])
    assert os.path.dirname(made[0]) == table_dir() and os.path.basename(made[0]).startswith(PREFIX)


def test_the_smp_player() -> None:
    p = engine_player(engine_spec("engine:smp:6"), G)
    a = p.analyze(G.start)
    assert a.value == pvs(G, G.start, 6).est
    assert p.next_move(G.start) in pvs(G, G.start, 6, all_best=True).best_moves


def test_a_worker_on_another_machine_is_a_clear_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        made: list[str]) -> None:
    """What a Dask worker on another machine meets: no table file there."""
    from sml150 import cli
    from sml150.parallel.tree import Shipped
    from sml150.search import smp

    me = Shipped(smp._Smp(adapt(G, True), DEFAULT_OPTIONS, True))
    with pytest.raises(SharedTableError, match="run the search's workers on this machine"):
        smp._work(me, "/dev/shm/sml150-table-elsewhere", 0, G.start, 4)

    class Elsewhere(ThreadPoolExecutor):  # its tasks see another path: another machine
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]  # the signature of Executor.submit, overridden as is
            return super().submit(fn, args[0], args[1] + "-elsewhere", *args[2:], **kwargs)

    with Elsewhere(2) as ex, pytest.raises(SharedTableError):
        lazy_smp(G, G.start, 6, executor=ex)
    assert len(made) == 1 and not os.path.exists(made[0])  # removed all the same

    def failing(*_: object) -> int:
        raise SharedTableError("SharedTable: cannot open x: run the search's workers here")

    monkeypatch.setattr(cli, "_run", failing)
    assert cli.main(["match"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("sml150: error: SharedTable: cannot open") and err.count("\n") == 1


def _hammer(path: str, seed: int, rounds: int) -> int:
    """Store entries whose value is a function of their key into a one-slot table, and read
    back whatever is there; how many reads gave an entry (each checked to be a stored one)."""
    tt = SharedTable.attach(path)
    seen = 0
    try:
        for i in range(rounds):
            key = (seed * 1_000_003 + i) % (1 << 40) + 1
            tt.store(key, 3, EXACT, key % 997 - 498, key % 7)  # one depth: every store lands
            for probe in (key, key - 1, key + 1):
                e = tt.slot(probe)
                if e is not None:
                    assert (e.depth, e.value, e.move) == (
                        3, probe % 997 - 498, probe % 7), (probe, e)
                    seen += 1
    finally:
        tt.close()
    return seen


def test_two_processes_writing_one_slot_never_read_a_wrong_entry() -> None:
    """Lock-free: two writers race on one slot (capacity 1); every entry read is one a
    writer stored for that key (a torn pair of words is a miss), in both processes."""
    from concurrent.futures import ProcessPoolExecutor

    with SharedTable.create(1) as tt, ProcessPoolExecutor(2) as pool:
        jobs = [pool.submit(_hammer, tt.path, seed, 100_000) for seed in (1, 2)]
        seen = [j.result() for j in jobs]
    assert all(n > 0 for n in seen)
