"""What a search's tasks carry: states packed against the first one come back equal, smaller.

``sml150.parallel.tasks.Packer`` pickles a task's child so that the parts its state shares
with the first child's (a Riskless board's names and neighbour lists) travel once per worker.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

from sml150.handouts.hw11.maps import Earth
from sml150.handouts.hw11.riskless import B, Riskless
from sml150.lib.forkjoin import Child
from sml150.parallel.tasks import Packed, Packer


def playout(seed: int, plies: int) -> list[B]:
    """The states of a seeded random game of Riskless Earth, from the start."""
    g, rng = Riskless(Earth), random.Random(seed)
    states = [g.start]
    for _ in range(plies):
        moves = list(g.moves(states[-1]))
        if not moves:
            break
        states.append(g.make_move(states[-1], rng.choice(moves)))
    return states


def sent(p: Packed[Any]) -> Any:
    """``p`` as a worker gets it (pickled, unpickled), unpacked."""
    got: Packed[Any] = pickle.loads(pickle.dumps(p))
    return got.unpack()


def test_packed_states_come_back_equal_and_carry_what_differs() -> None:
    states = playout(0, 12)
    p = Packer()
    first = p.pack(Child(3, states[0], None))
    assert sent(first) == Child(3, states[0], None)
    for s in states[1:]:
        packed = p.pack(Child(2, s, None))
        assert sent(packed) == Child(2, s, None)
        assert packed.table is first.table  # one table per search
        assert len(packed.blob) < len(pickle.dumps(Child(2, s, None))) / 2


def test_an_equal_but_distinct_part_is_carried_not_shared() -> None:
    s = playout(1, 3)[-1]
    p = Packer()
    p.pack(s)
    copy = pickle.loads(pickle.dumps(s))  # equal, made of other objects
    packed = p.pack(copy)
    assert sent(packed) == s
    assert len(packed.blob) >= len(pickle.dumps(copy)) * 0.9


def test_what_the_c_pickler_cannot_pickle_travels_by_cloudpickle() -> None:
    p = Packer()
    packed = p.pack((1, lambda: 2))
    assert packed.table is None
    assert sent(packed)[1]() == 2
    assert p.pack((3, "x")).table is None  # and so does everything after it
