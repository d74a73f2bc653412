"""The live status counts the positions of every player while it thinks (issue 22).

The engine's kernel publishes its counts every few thousand positions (``Kernel.live``); the
handouts' players count in their own ``SearchCount``. A probe game reads what a watcher sees
from inside the search itself, after a fixed number of moves made: no threads, no clocks.
"""

from __future__ import annotations

from typing import Any

import pytest

from sml150.cli._games import build_game
from sml150.cli._live import Report
from sml150.cli._players import build_player
from sml150.lib.searchcount import SearchCount


class Probe:
    """A GAME that is ``inner`` (hooks too), sampling the watched count every ``every`` moves."""

    def __init__(self, inner: Any, seen: list[SearchCount], every: int) -> None:
        self._inner = inner
        self._seen = seen
        self._every = every
        self._made = 0
        self.samples: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def make_move(self, s: Any, m: Any) -> Any:
        """``inner.make_move``, sampling what a live status would show."""
        self._made += 1
        if self._made % self._every == 0:
            self.samples.append(sum(c.nodes for c in list(self._seen)))
        return self._inner.make_move(s, m)


ENGINE_PLAYERS = ["pvs:5", "mtdf:5", "engine:jamboree:5", "id:0.5", "negamax:5"]
"""Every engine player kind whose status showed 0 positions (``id``, the AI of ``play``,
publishes with its deadline checks, every 1024 positions)."""


@pytest.mark.parametrize("spec", [*ENGINE_PLAYERS, "alphabeta:4", "minimax:3", "jamboree:4:0.5"])
def test_the_status_counts_while_the_player_thinks(spec: str) -> None:
    report = Report()
    choice = build_game("tictactoe:4")
    with report.thinking("Maxie") as seen:
        probe = Probe(choice.game, seen, every=1000)
        player = build_player(spec, probe)
        analysis = player.analyze(probe.start)
        after = sum(c.nodes for c in list(seen))
    assert len(probe.samples) >= 2, f"{spec}: the probe sampled too few moves"
    assert probe.samples[-1] > 0, f"{spec}: the status read {probe.samples} while searching"
    assert probe.samples == sorted(probe.samples)
    # The parallel players count the few split nodes above their tasks only at the end.
    assert after >= 0.9 * analysis.nodes > 0
