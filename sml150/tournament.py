"""Round-robin tournaments: every pair of players, both colours, seeded openings, one game a task.

(Over 400 lines: a round robin, its Elo estimate with intervals and its tables are one report.)

Each pair of players meets in ``games`` games; game ``k`` starts from opening ``k // 2`` (a few
random legal moves from the start, drawn from a generator seeded by the seed, the pair and
``k // 2``) with the colours swapped between games ``2i`` and ``2i + 1``. The players are
deterministic, so the same seed gives the same games, hence the same table, on every executor
(unless a game hits the time limit, which depends on the machine).

A game ends when the game is over, after ``move_limit`` moves (a draw), or when it has run
longer than ``time_limit`` seconds: the side to move loses (a hard stop by ``SIGALRM`` where the
game runs in a main thread, as in the ``serial`` and ``processes`` executors; elsewhere checked
between moves). A player that raises loses the game. A game whose worker dies is played again
(``sml150.parallel.map_retrying``).

Standings rank by points (win 1, draw ½); Elo is each player's performance against the field
(``400 log10(p / (1 - p))`` for the score fraction ``p``), with a 95% interval from the spread
of its game scores.

>>> from sml150.parallel import SerialExecutor
>>> t = run_tournament("tictactoe:3", ["minimax:1", "alphabeta:2", "alphabeta:4"], games=4,
...                    seed=1, ex=SerialExecutor())
>>> print(standings_table(t.standings))
player        games  won  drawn  lost  points    Elo   95% interval
alphabeta:4       8    5      0     3     5.0    +89   [-156, +470]
alphabeta:2       8    4      0     4     4.0     +0   [-297, +297]
minimax:1         8    3      0     5     3.0    -89   [-470, +156]
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Final, Literal, final

import attrs

from sml150.lib.signatures import In_play, Maxie, Minnie, Over, Winner

__all__ = [
    "GameResult",
    "Pairing",
    "Standing",
    "Tournament",
    "elo",
    "pairings",
    "play_game",
    "run_tournament",
    "standings",
    "standings_table",
    "write_csv",
    "write_json",
]

Outcome = Literal["maxie", "minnie", "draw"]

Z95: Final = 1.959964
"""The two-sided 95% normal quantile."""


@final
@attrs.frozen
class Pairing:
    """One game to play: who plays which colour, from which opening."""

    index: int
    """The game's place in the schedule."""
    maxie: str
    """Maxie's PLAYER spec."""
    minnie: str
    """Minnie's PLAYER spec."""
    opening_seed: str
    """Seeds the opening's random moves (the same for both colours of a pair's opening)."""


@final
@attrs.frozen
class GameResult:
    """How one game ended."""

    index: int
    """The game's place in the schedule."""
    maxie: str
    """Maxie's PLAYER spec."""
    minnie: str
    """Minnie's PLAYER spec."""
    outcome: Outcome
    """Who won (``draw``: nobody)."""
    reason: str
    """``game over``, ``move limit``, ``time limit`` or ``error: ...`` (a player raised)."""
    moves: int
    """Moves played after the opening."""
    opening: tuple[str, ...]
    """The opening's moves, as the game prints them."""
    seconds: float
    """Wall time of the game (not part of the table)."""

    def score(self, player: str, as_maxie: bool) -> float:
        """The game's score for ``player`` on that side: 1, ½ or 0.

        >>> GameResult(0, "a", "b", "maxie", "game over", 5, (), 0.1).score("a", True)
        1.0
        """
        if self.outcome == "draw":
            return 0.5
        return 1.0 if (self.outcome == "maxie") == as_maxie else 0.0


@final
@attrs.frozen
class Standing:
    """One player's line of the table."""

    player: str
    """The PLAYER spec."""
    games: int
    """Games played."""
    won: int
    """Games won."""
    drawn: int
    """Games drawn."""
    lost: int
    """Games lost."""
    points: float
    """Won + ½ drawn."""
    elo: float
    """Performance Elo against the field."""
    elo_low: float
    """The 95% interval's low end."""
    elo_high: float
    """The 95% interval's high end."""


@final
@attrs.frozen
class Tournament:
    """A finished tournament: its settings, every game, the standings."""

    game: str
    """The GAME spec."""
    players: tuple[str, ...]
    """The PLAYER specs."""
    seed: int
    """The openings' seed."""
    results: tuple[GameResult, ...]
    """Every game, in schedule order."""
    standings: tuple[Standing, ...]
    """The table, best first."""


def pairings(players: Sequence[str], games: int, seed: int) -> list[Pairing]:
    """The schedule: each pair of players ``games`` times, colours alternating per opening.

    REQUIRES: at least two players, ``games >= 1`` (else ``ValueError``).

    >>> [(p.maxie, p.minnie, p.opening_seed) for p in pairings(["a", "b"], 2, 7)]
    [('a', 'b', '7:0:1:0'), ('b', 'a', '7:0:1:0')]
    """
    if len(players) < 2:
        raise ValueError(f"a tournament needs at least two players, not {len(players)}")
    if games < 1:
        raise ValueError(f"each pair must play at least one game, not {games}")
    schedule: list[Pairing] = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            for k in range(games):
                a, b = (players[i], players[j]) if k % 2 == 0 else (players[j], players[i])
                schedule.append(Pairing(len(schedule), a, b, f"{seed}:{i}:{j}:{k // 2}"))
    return schedule


class _TimeUp(Exception):
    """The game ran past its time limit."""


@contextlib.contextmanager
def _alarm(seconds: float | None) -> Iterator[None]:
    """Raise ``_TimeUp`` in this thread after ``seconds`` (main thread only; else nothing).

    An alarm already set (e.g. by a test runner's timeout) is put back, less the time spent.
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def up(_signum: int, _frame: object) -> None:
        raise _TimeUp

    start = time.monotonic()
    old_handler = signal.signal(signal.SIGALRM, up)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:
            left = max(old_delay - (time.monotonic() - start), 0.001)
            signal.setitimer(signal.ITIMER_REAL, left, old_interval)


def play_game(
    game_spec: str,
    pairing: Pairing,
    *,
    opening_plies: int = 2,
    move_limit: int = 200,
    time_limit: float | None = None,
) -> GameResult:
    """Play one game (a task): build the game and players, play the opening, then the game.

    REQUIRES: specs as ``sml150.specs.build_game`` / ``seat`` read them (not ``human``).
    ENSURES: the result; what the players print is discarded.

    >>> r = play_game("tictactoe:3", Pairing(0, "alphabeta:4", "minimax:1", "0:0:1:0"))
    >>> r.outcome, r.reason, r.opening
    ('maxie', 'game over', ('Placed O on location (1, 2)', 'Placed X on location (0, 1)'))
    """
    from sml150.specs import build_game, seat

    choice = build_game(game_spec)
    game = choice.game
    # Seated as in a match: on an explicit tree each search player gets the depth that fits.
    sides = {Maxie: seat(pairing.maxie, choice, Maxie), Minnie: seat(pairing.minnie, choice,
                                                                      Minnie)}
    rng = random.Random(pairing.opening_seed)
    s = game.start
    opening: list[str] = []
    for _ in range(opening_plies):
        if not isinstance(game.status(s), In_play):
            break
        m = rng.choice(list(game.moves(s)))
        opening.append(game.move_to_string(m))
        s = game.make_move(s, m)
    start = time.monotonic()
    played = 0
    outcome: Outcome = "draw"
    reason = "move limit"
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            with _alarm(time_limit):
                while played < move_limit:
                    status = game.status(s)
                    if isinstance(status, Over):
                        reason = "game over"
                        match status.outcome:
                            case Winner(p):
                                outcome = "maxie" if p is Maxie else "minnie"
                        break
                    mover = game.player(s)
                    try:
                        s = game.make_move(s, sides[mover].next_move(s))
                    except _TimeUp:
                        raise
                    except Exception as e:  # a broken player loses the game
                        outcome = "minnie" if mover is Maxie else "maxie"
                        reason = f"error: {type(e).__name__}: {e}"
                        break
                    played += 1
                    if time_limit is not None and time.monotonic() - start > time_limit:
                        raise _TimeUp
        except _TimeUp:
            outcome = "minnie" if game.player(s) is Maxie else "maxie"
            reason = "time limit"
    return GameResult(pairing.index, pairing.maxie, pairing.minnie, outcome, reason, played,
                      tuple(opening), time.monotonic() - start)


def elo(p: float) -> float:
    """The Elo difference that expects the score fraction ``p`` (0 < p < 1).

    >>> round(elo(0.75), 1), elo(0.5)
    (190.8, 0.0)
    """
    return 400.0 * math.log10(p / (1.0 - p))


def standings(players: Sequence[str], results: Sequence[GameResult]) -> list[Standing]:
    """The table: points, won/drawn/lost and performance Elo with its 95% interval.

    ENSURES: best first (points, then name). A player's score fraction is kept within
    ``[1/(2n), 1 - 1/(2n)]`` for ``n`` games so that Elo stays finite.

    >>> rs = [GameResult(0, "a", "b", "maxie", "game over", 3, (), 0.0),
    ...       GameResult(1, "b", "a", "draw", "move limit", 9, (), 0.0)]
    >>> [(s.player, s.points, s.won, s.drawn, s.lost) for s in standings(["a", "b"], rs)]
    [('a', 1.5, 1, 1, 0), ('b', 0.5, 0, 1, 1)]
    """
    table: list[Standing] = []
    for name in players:
        scores = [r.score(name, as_maxie=True) for r in results if r.maxie == name]
        scores += [r.score(name, as_maxie=False) for r in results if r.minnie == name]
        n = len(scores)
        if n == 0:
            table.append(Standing(name, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0))
            continue
        points = sum(scores)
        p = points / n
        var = sum((x - p) ** 2 for x in scores) / n
        half = Z95 * math.sqrt(var / n)
        lo_p, hi_p = 1 / (2 * n), 1 - 1 / (2 * n)

        def clamp(x: float, lo: float = lo_p, hi: float = hi_p) -> float:
            return min(max(x, lo), hi)

        table.append(Standing(
            name, n, scores.count(1.0), scores.count(0.5), scores.count(0.0), points,
            elo(clamp(p)), elo(clamp(p - half)), elo(clamp(p + half)),
        ))
    return sorted(table, key=lambda s: (-s.points, s.player))


def standings_table(rows: Sequence[Standing]) -> str:
    """The standings as a text table.

    >>> print(standings_table([Standing("a", 2, 1, 1, 0, 1.5, 190.8, -150.0, 531.6),
    ...                        Standing("b", 1, 0, 0, 1, 0.0, 0.0, 0.0, 0.0)]))
    player       games  won  drawn  lost  points    Elo   95% interval
    a                2    1      1     0     1.5   +191   [-150, +532]
    b                1    0      0     1     0.0      -   undefined: too few games (1)
    """
    width = max([len("player"), *(len(r.player) for r in rows)]) + 2
    lines = [f"{'player':<{width}} games  won  drawn  lost  points    Elo   95% interval"]
    lines += [
        f"{r.player:<{width}} {r.games:5d} {r.won:4d} {r.drawn:6d} {r.lost:5d} {r.points:7.1f}"
        + (f" {r.elo:+6.0f}   [{r.elo_low:+.0f}, {r.elo_high:+.0f}]" if r.games >= 2
           else f" {'-':>6}   undefined: too few games ({r.games})")
        for r in rows
    ]
    return "\n".join(lines)


def run_tournament(
    game: str,
    players: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    ex: Executor,
    opening_plies: int = 2,
    move_limit: int = 200,
    time_limit: float | None = None,
    retries: int = 2,
    on_done: Callable[[GameResult], None] | None = None,
) -> Tournament:
    """Play the round robin on ``ex`` (one game per task) and rank the players.

    REQUIRES: specs as ``play_game`` needs; ``games >= 1``; two or more players.
    ENSURES: every game's result in schedule order and the standings; a game whose worker died
    is played again (up to ``retries`` times, then ``sml150.parallel.WorkerLost``);
    ``on_done`` sees each result as it arrives (e.g. for a progress bar).
    """
    from sml150.parallel import map_retrying

    schedule = pairings(players, games, seed)

    def play(p: Pairing) -> GameResult:
        return play_game(game, p, opening_plies=opening_plies, move_limit=move_limit,
                         time_limit=time_limit)

    results = map_retrying(
        ex, play, schedule, retries=retries,
        on_done=None if on_done is None else (lambda _i, r: on_done(r)),
    )
    return Tournament(game, tuple(players), seed, tuple(results),
                      tuple(standings(players, results)))


def write_json(t: Tournament, out: Path | None) -> str:
    """The tournament as JSON (settings, standings, every game); written to ``out`` if given.

    >>> t = Tournament("g", ("a", "b"), 0, (), ())
    >>> json.loads(write_json(t, None))["players"]
    ['a', 'b']
    """
    def rounded(_inst: object, field: attrs.Attribute[Any] | None, value: Any) -> Any:
        return round(value, 3) if field is not None and field.name == "seconds" else value

    text = json.dumps(attrs.asdict(t, value_serializer=rounded), indent=2) + "\n"
    if out is not None:
        out.write_text(text, encoding="utf-8")
    return text


def write_csv(t: Tournament, out: Path | None) -> str:
    """The standings as CSV (one row per player); written to ``out`` if given.

    >>> s = Standing("a", 2, 1, 1, 0, 1.5, 190.85, -150.0, 531.6)
    >>> print(write_csv(Tournament("g", ("a",), 0, (), (s,)), None), end="")
    player,games,won,drawn,lost,points,elo,elo_low,elo_high
    a,2,1,1,0,1.5,190.8,-150.0,531.6
    """
    buf = io.StringIO()
    fields = [f.name for f in attrs.fields(Standing)]
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(fields)
    for s in t.standings:
        w.writerow([round(v, 1) if isinstance(v, float) else v
                    for v in (getattr(s, f) for f in fields)])
    if out is not None:
        out.write_text(buf.getvalue(), encoding="utf-8")
    return buf.getvalue()
