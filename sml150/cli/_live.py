"""What a match shows besides the Referee's lines: live status, per-move costs, JSON.

While a player thinks, a live status (spinner, positions searched, positions per second,
elapsed); after each move, its positions, time and value; or one JSON object per move.

The status and the per-move lines go to standard error, and only on a terminal (``--quiet``
turns them off); the Referee's own output on standard output is never changed. ``--json``
replaces the Referee's output with one JSON object per move and one for the result.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from typing import IO, TYPE_CHECKING, Any, final

import attrs

from sml150.lib.referee import GameRecord, outcome_to_string
from sml150.lib.searchcount import SearchCount, watch_searches
from sml150.lib.signatures import GAME, PLAYER, Analysis, Player

if TYPE_CHECKING:
    from rich.spinner import Spinner

__all__ = ["Report", "Watched"]

AnyGame = GAME[Any, Any]
AnyPlayer = PLAYER[Any, Any]

STATUS_DELAY = 0.25
"""Seconds a search runs before the live status appears (quick moves show none)."""


def _nodes(seen: list[SearchCount]) -> int:
    return sum(c.nodes for c in list(seen))


class _Thinking:
    """The live status: a spinner, positions searched, positions per second, elapsed time."""

    def __init__(self, label: str, seen: list[SearchCount], began: float) -> None:
        from rich.spinner import Spinner

        self._label = label
        self._seen = seen
        self._began = began
        self._spinner = Spinner("dots", text=label)

    def line(self) -> str:
        """The status text now."""
        elapsed = max(time.perf_counter() - self._began, 1e-9)
        nodes = _nodes(self._seen)
        return (f"{self._label} thinking: {nodes:,} positions, {nodes / elapsed:,.0f}/s,"
                f" {elapsed:.1f} s")

    def __rich__(self) -> Spinner:
        self._spinner.update(text=self.line())
        return self._spinner


@final
@attrs.frozen
class Report:
    """Where a match's extras go: a rich console on a terminal (or ``None``), a JSON stream.

    >>> import io
    >>> from sml150.lib.explicit import HandoutSmall
    >>> from sml150.lib.minimax import MiniMax
    >>> from sml150.lib.signatures import Maxie, Settings
    >>> out = io.StringIO()
    >>> p = Watched(HandoutSmall, MiniMax(Settings(G=HandoutSmall, search_depth=2)),
    ...             "minimax:2", Report(json_out=out, clock=lambda: 0.0))
    >>> p.next_move(HandoutSmall.start)
    Estimating state c[3]
    ...
    1
    >>> import json
    >>> json.loads(out.getvalue())
    {'ply': 1, 'player': 'Maxie', 'spec': 'minimax:2', 'move': '1', 'seconds': 0.0, \
'value': 'Guess: 4', 'nodes': 13, 'terminals': 9}
    """

    console: Any = None
    """A ``rich.console.Console`` for the status and per-move lines (``None``: none shown)."""
    json_out: IO[str] | None = None
    """Where the JSON objects go (``None``: no JSON)."""
    clock: Callable[[], float] = time.perf_counter
    """Times each move."""
    plies: list[int] = attrs.field(factory=lambda: [0])
    """Moves reported so far (one shared cell)."""

    @contextmanager
    def thinking(self, label: str) -> Iterator[list[SearchCount]]:
        """Show the live status (after ``STATUS_DELAY``) until the block ends."""
        with watch_searches() as seen:
            if self.console is None:
                yield seen
                return
            done = threading.Event()
            status = _Thinking(label, seen, time.perf_counter())

            def show() -> None:
                from rich.live import Live

                if done.wait(STATUS_DELAY):
                    return
                with Live(status, console=self.console, refresh_per_second=8, transient=True,
                          redirect_stdout=False, redirect_stderr=False):
                    done.wait()

            shower = threading.Thread(target=show, name="sml150-status", daemon=True)
            shower.start()
            try:
                yield seen
            finally:
                done.set()
                shower.join()

    def moved(self, g: AnyGame, who: Player, spec: str, m: object, *, seconds: float,
              analysis: Any) -> None:
        """Report one move: a line on the console, an object on the JSON stream."""
        self.plies[0] += 1
        value = None if analysis is None else g.Est.to_string(analysis.value)
        if self.console is not None and analysis is not None:
            rate = analysis.nodes / seconds if seconds > 0 else 0.0
            self.console.print(
                f"  {who.name} ({spec}): {analysis.nodes:,} positions in {seconds:.2f} s"
                f" ({rate:,.0f}/s), value {value}", highlight=False, style="dim")
        if self.json_out is not None:
            record: dict[str, object] = {
                "ply": self.plies[0], "player": who.name, "spec": spec,
                "move": g.move_to_string(m), "seconds": round(seconds, 6), "value": value,
            }
            if analysis is not None:
                record |= {"nodes": analysis.nodes, "terminals": analysis.terminals}
            self.json_out.write(json.dumps(record) + "\n")
            self.json_out.flush()

    def finished(self, g: AnyGame, record: GameRecord[Any, Any]) -> None:
        """The result, as one JSON object (nothing without ``--json``)."""
        if self.json_out is None:
            return
        result = outcome_to_string(record.outcome)
        if record.by_limit or record.by_repetition:
            result += f" ({record.ending})"
        self.json_out.write(json.dumps({
            "result": result, "plies": record.plies, "by_limit": record.by_limit,
            "by_repetition": record.by_repetition,
            "final": g.state_to_string(record.final),
        }) + "\n")
        self.json_out.flush()


@final
@attrs.frozen
class Watched:
    """A player whose moves are reported: the same moves, with a status while it thinks."""

    Game: AnyGame
    """The game played."""
    inner: AnyPlayer
    """The player."""
    spec: str
    """Its PLAYER argument (shown in the status)."""
    report: Report
    """Where to report."""
    quiet_stdout: IO[str] | None = None
    """With ``--json``: where the search's own prints go instead of standard output."""
    person: bool = False
    """A person types the moves: no status over the prompt, no search costs."""

    def analyze(self, s: Any) -> Analysis[Any]:
        """The inner player's analysis, reported."""
        g = self.Game
        who = g.player(s)
        began = self.report.clock()
        if self.person:
            analysis = self.inner.analyze(s)
        else:
            with self.report.thinking(f"{who.name} ({self.spec})"), \
                    _maybe_redirect(self.quiet_stdout):
                analysis = self.inner.analyze(s)
        self.report.moved(g, who, self.spec, analysis.move,
                          seconds=self.report.clock() - began,
                          analysis=None if self.person else analysis)
        return analysis

    def next_move(self, s: Any) -> Any:
        """The inner player's move, reported."""
        return self.analyze(s).move


@contextmanager
def _maybe_redirect(target: IO[str] | None) -> Iterator[None]:
    if target is None:
        yield
        return
    with redirect_stdout(target):
        yield
