"""Work and span of the HW11 Jamboree as ``prune_percentage`` goes from MiniMax to AlphaBeta.

Work counts every terminal a search visits; span counts the terminals on its critical path (the
alpha-beta part of a node runs its children one after another, the parallel part's span is the
largest of its children's). Both are properties of the search, not of the hardware; their ratio,
the parallelism, is how many processors the search could keep busy.

>>> from sml150.handouts.hw11.maps import M1
>>> from sml150.handouts.hw11.riskless import Riskless
>>> from sml150.parallel import SerialExecutor
>>> for p in measure(Riskless(M1), 4, [0.0, 0.5, 1.0], SerialExecutor()):
...     print(p.prune_percentage, p.work, p.span)
0.0 64 1
0.5 34 23
1.0 32 32
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, final

import attrs

from sml150.errors import UsageError
from sml150.lib.est import est
from sml150.lib.signatures import GAME, JamboreeSettings

__all__ = ["WorkSpan", "measure", "parse_prunes", "plot", "table"]


@final
@attrs.frozen
class WorkSpan:
    """One Jamboree search's cost at one ``prune_percentage``."""

    prune_percentage: float
    """The fraction of each node's moves searched sequentially."""
    work: int
    """Terminals visited in all."""
    span: int
    """Terminals on the critical path."""
    move: Any
    """The move chosen (the same for every percentage)."""
    value: est
    """Its value."""

    @property
    def parallelism(self) -> float:
        """``work / span``: the speed-up with unboundedly many processors.

        >>> from sml150.lib.est import Guess
        >>> WorkSpan(0.5, 9, 4, 1, Guess(4)).parallelism
        2.25
        """
        return self.work / self.span


def parse_prunes(text: str) -> list[float]:
    """The prune percentages of a comma-separated list.

    REQUIRES: numbers in [0, 1], comma-separated (else ``ValueError`` naming the bad one).

    >>> parse_prunes("0,0.25, 1")
    [0.0, 0.25, 1.0]
    >>> parse_prunes("0,2")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad prune percentage '2' (a number in [0, 1])
    """
    found: list[float] = []
    for part in text.split(","):
        try:
            p = float(part)
        except ValueError:
            p = math.nan
        if not 0.0 <= p <= 1.0:
            raise UsageError(f"bad prune percentage {part.strip()!r} (a number in [0, 1])",
                             text=part, accepted="numbers in [0, 1], separated by commas")
        found.append(p)
    return found


def _one(game: GAME[Any, Any], depth: int, p: float) -> WorkSpan:
    """A task: Jamboree(p) from the start, its printing (e.g. estimates) discarded."""
    from sml150.handouts.hw11.jamboree import Jamboree
    from sml150.parallel import captured_call

    j = Jamboree(JamboreeSettings(G=game, search_depth=depth, prune_percentage=p))
    a = captured_call(j.analyze, game.start).result
    return WorkSpan(p, a.work, a.span, a.move, a.value)


def measure(
    game: GAME[Any, Any], depth: int, prunes: Sequence[float], ex: Executor
) -> list[WorkSpan]:
    """Work and span of ``Jamboree`` at each percentage, from ``game.start``, one task each.

    REQUIRES: ``depth >= 1``; percentages in [0, 1]; ``game.start`` In_play.
    ENSURES: one ``WorkSpan`` per percentage, in order; the same on every executor.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> from sml150.parallel import SerialExecutor
    >>> [(w.work, w.span) for w in measure(HandoutSmall, 2, [0, 0.5, 1], SerialExecutor())]
    [(9, 1), (9, 4), (7, 7)]
    """
    from sml150.parallel import map_retrying

    return map_retrying(ex, lambda p: _one(game, depth, p), list(prunes))


def table(points: Sequence[WorkSpan]) -> str:
    """The points as a text table.

    >>> from sml150.lib.est import Guess
    >>> print(table([WorkSpan(0.5, 9, 4, 1, Guess(4))]))
    prune    work    span  parallelism
     0.50       9       4         2.25
    """
    lines = [f"{'prune':>5} {'work':>7} {'span':>7} {'parallelism':>12}"]
    lines += [f"{p.prune_percentage:5.2f} {p.work:7d} {p.span:7d} {p.parallelism:12.2f}"
              for p in points]
    return "\n".join(lines)


def plot(points: Sequence[WorkSpan], out: Path, title: str) -> None:
    """Draw work and span (log scale) and parallelism against ``prune_percentage`` to ``out``.

    REQUIRES: matplotlib (the ``plot`` extra; else ``ValueError`` saying so); ``out``'s
    directory exists. ENSURES: a PNG (or any format matplotlib infers from the suffix).
    """
    try:
        import matplotlib as mpl
    except ImportError:  # pragma: no cover - matplotlib is an extra
        raise ValueError("plotting needs matplotlib: pip install 'sml150[plot]'") from None
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p.prune_percentage for p in points]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6), layout="constrained")
    left.plot(xs, [p.work for p in points], "o-", label="work (terminals)")
    left.plot(xs, [p.span for p in points], "s-", label="span (critical path)")
    left.set_yscale("log")
    left.set_xlabel("prune_percentage (0 = MiniMax, 1 = AlphaBeta)")
    left.set_ylabel("terminals")
    left.legend()
    left.grid(visible=True, which="both", alpha=0.3)
    right.plot(xs, [p.parallelism for p in points], "^-", color="tab:green")
    right.set_yscale("log")
    right.set_xlabel("prune_percentage")
    right.set_ylabel("parallelism = work / span")
    right.grid(visible=True, which="both", alpha=0.3)
    fig.suptitle(title)
    fig.savefig(out, dpi=80)
    plt.close(fig)
