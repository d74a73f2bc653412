"""A worker killed in the middle of a parallel search: the same result, or a clear error.

The game below is Riskless M1 whose ``estimate`` kills the worker process it runs in, once (a
marker file remembers it), never the orchestrating process; the search must still give the
sequential result (the lost task runs again on a fresh worker). A game that always kills its
worker ends in ``WorkerLost`` after the retries, never a hang.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
from pathlib import Path
from typing import Any

import attrs
import pytest

from sml150.handouts.hw11 import jamboree as j11
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.signatures import JamboreeSettings
from sml150.parallel import WorkerLost, executor
from sml150.search.jamboree import jamboree

pytestmark = pytest.mark.timeout(180)  # a lost worker must never hang a search

RISKLESS = Riskless(M1)


@attrs.frozen
class Killer:
    """Riskless M1, except that ``estimate`` kills a worker process (once, or ``always``)."""

    marker: Path
    home: int
    always: bool = False

    def __getattr__(self, name: str) -> Any:
        return getattr(RISKLESS, name)

    def estimate(self, s: Any) -> Any:
        if os.getpid() != self.home and (self.always or not self.marker.exists()):
            self.marker.write_text("killed")
            os.kill(os.getpid(), signal.SIGKILL)
        return RISKLESS.estimate(s)


def hw11(game: Any, ex: Any) -> Any:
    settings = JamboreeSettings(G=game, search_depth=4, prune_percentage=0.25)
    with contextlib.redirect_stdout(io.StringIO()):
        return j11.Jamboree(settings, executor=ex, grain=2).analyze(RISKLESS.start)


def test_the_handout_jamboree_survives_a_killed_worker(tmp_path: Path) -> None:
    game = Killer(tmp_path / "killed", os.getpid())
    expected = hw11(RISKLESS, None)
    with executor("processes:2") as ex:
        assert hw11(game, ex) == expected
    assert (tmp_path / "killed").exists()  # a worker really died


def test_the_engine_jamboree_survives_a_killed_worker(tmp_path: Path) -> None:
    game = Killer(tmp_path / "killed", os.getpid())
    expected = jamboree(RISKLESS, RISKLESS.start, 4, grain=2, tt=False)
    with executor("processes:2") as ex:
        r = jamboree(game, RISKLESS.start, 4, executor=ex, grain=2, tt=False)
    assert (r.value, r.move, r.work, r.span) == (expected.value, expected.move, expected.work,
                                                 expected.span)
    assert (tmp_path / "killed").exists()


def test_a_search_whose_workers_always_die_is_a_clear_error(tmp_path: Path) -> None:
    game = Killer(tmp_path / "killed", os.getpid(), always=True)
    with executor("processes:2") as ex, pytest.raises(WorkerLost, match="lost its worker"):
        hw11(game, ex)
