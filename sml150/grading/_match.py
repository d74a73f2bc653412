"""Matches of a submission's ``estimate`` against a handout's baseline estimator.

Both homeworks grade their estimator the way their handout states it: HW10 Task 5.6 "performs
better than an estimator that returns the maximum length of a chain", HW11 Task 4.1 "performs no
worse than the naïve version". Both players are the course's ``MiniMax`` at the same depth on the
reference game; only the estimate of states in play differs. Every opening is played twice with
the colours swapped, so a game is deterministic and neither side gains from the colour it plays:
the baseline against itself scores exactly half. The submission's estimate runs in its worker,
one batch of children per ply; everything else runs here, in the grader's process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, final

import attrs

from sml150.grading._model import Call, Json, Reply, Verdict

__all__ = ["EstimateMatch", "decode_est"]


class _StudentFailed(Exception):
    """The submission's estimate failed during a match: the test fails with this reason."""


def decode_est(v: Json) -> Any:
    """An encoded estimate as the library's value; ``_StudentFailed`` if it is none.

    >>> decode_est({"rec": "Guess", "f": {"n": 3}})
    Guess(n=3)
    """
    from sml150.lib.est import Guess, MaxieWins, MinnieWins

    if isinstance(v, dict):
        match v.get("rec"):
            case "MinnieWins":
                return MinnieWins()
            case "MaxieWins":
                return MaxieWins()
            case "Guess":
                n = v.get("f", {}).get("n")
                if isinstance(n, int) and not isinstance(n, bool):
                    return Guess(n)
    raise _StudentFailed(f"estimate returned a non-estimate: {str(v)[:80]}")


class _EstimatedBy:
    """The reference game with another ``estimate``; everything else delegated."""

    def __init__(self, game: Any, estimate: Callable[[Any], Any]) -> None:
        self._game = game
        self._estimate = estimate

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def estimate(self, s: Any) -> Any:
        return self._estimate(s)


Prefetch = Callable[[list[Any], Callable[[], list[Any]]], None]
"""``prefetch(states, ahead)``: fetch the estimates of ``states`` (and of ``ahead()``, built
only when a call is needed) before a move."""


class _StudentEstimate:
    """The submission's ``estimate``, fetched from its worker a ply at a time, cached.

    Private to one match (the cache is this match's table, never shared).
    """

    def __init__(self, call_worker: Call, expr: Callable[[Any], Json]) -> None:
        self.call_worker = call_worker
        self.expr = expr
        self.cache: dict[Any, Any] = {}

    def prefetch(self, states: Sequence[Any],
                 ahead: Callable[[], Sequence[Any]] = lambda: ()) -> None:
        """Fetch the estimates of ``states`` not cached yet, with those of ``ahead()``.

        ``ahead()`` (states needed later) is built and fetched in the same call, and only when
        some of ``states`` is missing; nothing happens when every one of them is cached.
        """
        if all(s in self.cache for s in states):
            return
        todo = [s for s in dict.fromkeys([*states, *ahead()]) if s not in self.cache]
        reply: Reply = self.call_worker(["list", *(self.expr(s) for s in todo)])
        if not reply.ok:
            raise _StudentFailed(f"estimate raised {reply.exc}: {reply.msg[:80]}")
        values = reply.value.get("l") if isinstance(reply.value, dict) else None
        if not isinstance(values, list) or len(values) != len(todo):
            raise _StudentFailed("malformed reply")
        for s, v in zip(todo, values, strict=True):
            self.cache[s] = decode_est(v)

    def __call__(self, s: Any) -> Any:
        if s not in self.cache:
            self.prefetch([s])
        return self.cache[s]


@final
@attrs.frozen
class EstimateMatch:
    """A match of the submission's estimator against ``baseline`` on ``game``.

    ``strict``: the submission must score strictly more than the baseline (HW10: "performs
    better"); otherwise at least as much (HW11: "no worse"). A game still running after
    ``max_plies`` plies is a draw (Riskless players can repeat moves forever).
    """

    game: Any
    """The reference game (its rules decide every move and result)."""
    baseline: Callable[[Any], Any] = attrs.field(eq=False)
    """The handout's baseline estimator, on the reference's states."""
    estimate_expr: Callable[[Any], Json] = attrs.field(eq=False)
    """A state -> the expression of the submission's ``estimate`` of it."""
    openings: tuple[tuple[Any, ...], ...]
    """Each played twice, the submission's estimate on each side once."""
    depth: int
    """Both players are ``MiniMax`` at this depth."""
    strict: bool
    """Strictly more points than the baseline (else: at least as many)."""
    max_plies: int | None = None
    """A game longer than this is a draw (``None``: no limit)."""

    @property
    def games(self) -> int:
        """The number of games: two per opening."""
        return 2 * len(self.openings)

    def play(self, opening: Sequence[Any], maxie: Callable[[Any], Any],
             minnie: Callable[[Any], Any],
             prefetch: Prefetch | None = None) -> float:
        """Maxie's points in one game from ``opening``: 1 a win, 0.5 a draw, 0 a loss.

        ``prefetch`` gets the children of each state in play before its move, and its
        grandchildren to fetch along (a call of the worker only when a child is missing: about
        one call every two plies).
        """
        from sml150.lib.minimax import MiniMax
        from sml150.lib.signatures import Draw, In_play, Maxie, Settings

        g = self.game
        s = g.start
        for m in opening:
            s = g.make_move(s, m)
        players = {side: MiniMax(Settings(G=_EstimatedBy(g, f), search_depth=self.depth))
                   for side, f in (("Maxie", maxie), ("Minnie", minnie))}
        plies = 0
        while isinstance(g.status(s), In_play):
            if self.max_plies is not None and plies >= self.max_plies:
                return 0.5
            if prefetch is not None:  # this ply's children and the next ply's: one batch
                children = [c for c in (g.make_move(s, m) for m in g.moves(s))
                            if isinstance(g.status(c), In_play)]
                prefetch(children, lambda children=children: [  # type: ignore[misc]  # a default argument binds this node's children (mypy: lambda defaults)
                    gc for c in children for gc in (g.make_move(c, m) for m in g.moves(c))
                    if isinstance(g.status(gc), In_play)])
            s = g.make_move(s, players[g.player(s).name].next_move(s))
            plies += 1
        outcome = g.status(s).outcome
        if isinstance(outcome, Draw):
            return 0.5
        return 1.0 if outcome.player is Maxie else 0.0

    def score(self, mine: Callable[[Any], Any],
              prefetch: Prefetch | None = None) -> tuple[float, float]:
        """(points of ``mine``, points of the baseline) over every game.

        >>> from sml150.handouts.hw11.maps import M1
        >>> from sml150.handouts.hw11.riskless import Riskless, naive_estimate
        >>> naive = lambda s: naive_estimate(M1, s)
        >>> m = EstimateMatch(Riskless(M1), naive, lambda s: s, ((),), 1, False, 20)
        >>> m.score(naive)
        (1.0, 1.0)
        """
        yours = theirs = 0.0
        for opening in self.openings:
            a = self.play(opening, mine, self.baseline, prefetch)
            b = self.play(opening, self.baseline, mine, prefetch)
            yours += a + (1 - b)
            theirs += (1 - a) + b
        return yours, theirs

    def passes(self, yours: float, theirs: float) -> bool:
        """Whether ``yours`` against ``theirs`` passes (see ``strict``)."""
        return yours > theirs if self.strict else yours >= theirs

    def driver(self) -> Callable[[Call], Verdict]:
        """The case driver: plays the match against the submission's worker."""

        def run(call_worker: Call) -> Verdict:
            mine = _StudentEstimate(call_worker, self.estimate_expr)
            try:
                yours, theirs = self.score(mine, mine.prefetch)
            except _StudentFailed as e:
                return Verdict(False, str(e))
            need = "must be more" if self.strict else "must be at least as many"
            return Verdict(self.passes(yours, theirs),
                           f"{self.games} games: your estimate {yours:g} : baseline "
                           f"{theirs:g} ({need})")

        return run

