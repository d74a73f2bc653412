"""What a search's tasks carry: a child pickled ahead by the C pickler comes back equal.

``sml150.lib.forkjoin`` sends each task's child as ``sml150.parallel.tasks.Pickled`` (the C
pickler, not the executors' cloudpickle); the Jamboree laws in ``test_jamboree_parallel``
check whole searches on processes.
"""

from __future__ import annotations

import pickle
import random

from sml150.handouts.hw11.maps import Earth
from sml150.handouts.hw11.riskless import B, Riskless
from sml150.lib.forkjoin import Child
from sml150.parallel.tasks import Pickled


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


def test_children_come_back_equal_pickled_by_the_c_pickler() -> None:
    for s in playout(0, 12):
        c = Child(2, s, None)
        sent: Pickled[Child[B, None]] = pickle.loads(pickle.dumps(Pickled.of(c)))
        assert sent.load() == c
        assert Pickled.of(c).blob == pickle.dumps(c, protocol=pickle.HIGHEST_PROTOCOL)


def test_what_the_c_pickler_cannot_pickle_goes_by_cloudpickle() -> None:
    def local(x: int) -> int:
        return x + 1

    sent: Pickled[tuple[int, object]] = pickle.loads(pickle.dumps(Pickled.of((1, local))))
    one, f = sent.load()
    assert one == 1
    assert callable(f)
    assert f(1) == 2
