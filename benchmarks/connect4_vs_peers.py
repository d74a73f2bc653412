"""Connect Four: the engine against the peers' players, at equal time per move.

The engine plays ``id:T`` (``sml150.search``'s iterative deepening with Connect Four's hooks and
its evaluation, ``sml150.games.connect4_eval``: the deepest search finished within T seconds).
Its opponents, each given the same T seconds a move:

- **easyAI's Negamax** (alpha-beta negamax with its transposition table) on easyAI's own
  ``ConnectFour``, with that game's own heuristic (``scoring``: -100 for a lost position, else
  0). easyAI has no clock of its own, so it is deepened the same way: depth 1, 2, ... with one
  table per move, each depth's search stopped at the deadline (the leaf scoring checks the
  clock) and the deepest finished one's move played.
- **OpenSpiel's MCTS bot** (``open_spiel.python.algorithms.mcts.MCTSBot``: UCT with ``uct_c =
  2``, one random rollout per leaf, MCTS-Solver's backing up of solved states, as OpenSpiel's
  example runs it) on ``pyspiel.load_game("connect_four")``. The bot counts simulations, not
  seconds: each move it gets as many as its own rate on its previous move fills T seconds
  (the first move's rate from a 200-simulation probe; a search that stops early because its
  root is solved does not count), so its mean time per move is about T (the table shows each
  side's).

Each pairing plays from ``--openings`` random 3-ply openings (seeded), both colours each;
our referee (``ConnectFour7x6``) keeps the game, and each peer's own state is rebuilt from the
moves so far. The engine's score is won + ½ drawn over games, with a 95% interval from the
spread of its game scores, and as an Elo difference (``sml150.tournament.elo``).

    nice .venv/bin/python benchmarks/connect4_vs_peers.py [--seconds 0.5] [--openings 20] \\
        [--jobs 2] [--peers easyai mcts] [--out benchmarks/results/connect4-vs-peers-2core.txt]

The clock is the wall clock for every player (on a machine shared with other jobs, each side
loses turns alike). A peer missing from the environment gets a loud ``MISSING`` line and no
figure (they come with the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from benchmarks._context import load, machine, missing
from sml150.games.connect4 import C4State, Column, ConnectFour7x6
from sml150.lib.signatures import In_play
from sml150.search.player import engine_player
from sml150.specs import engine_spec
from sml150.tournament import Z95, elo

G = ConnectFour7x6
OPENING_PLIES = 3


@attrs.frozen
class Game:
    """One game between the engine and a peer, as it ended."""

    peer: str
    """``easyai`` or ``mcts``."""
    opening: int
    """The opening's number."""
    engine_first: bool
    """Whether the engine moved first (X)."""
    score: float
    """The engine's score: 1 won, 0.5 drawn, 0 lost."""
    moves: str
    """The whole game as a Pons move string (1-based columns), the opening included."""
    engine_seconds: list[float]
    """Wall seconds of each of the engine's moves."""
    peer_seconds: list[float]
    """Wall seconds of each of the peer's moves."""
    engine_depths: list[int]
    """The depth of the search each engine move came from."""
    peer_effort: list[int]
    """Per peer move: easyAI's deepest finished depth, or MCTS's simulations."""


class _TimeUp(Exception):
    """easyAI's search ran past its deadline."""


def _opening(index: int, seed: int) -> list[Column]:
    rng = random.Random(f"connect4-vs-peers:{seed}:{index}")
    s, line = G.start, []
    for _ in range(OPENING_PLIES):
        m = rng.choice(list(G.moves(s)))
        line.append(m)
        s = G.make_move(s, m)
    return line


# -- easyAI ------------------------------------------------------------------------------------

_EASYAI: list[Any] = []
"""easyAI's ConnectFour with a table entry (its TranspositionTable needs ``ttentry``), made once."""


def _easyai_state(moves: Sequence[Column]) -> Any:
    from easyAI import AI_Player, Negamax  # type: ignore[import-untyped, unused-ignore]  # easyAI ships no type information

    if not _EASYAI:
        from easyAI.games.ConnectFour import ConnectFour  # type: ignore[import-untyped, unused-ignore]  # easyAI ships no type information

        class Peer(ConnectFour):  # type: ignore[misc]  # easyAI is untyped
            def ttentry(self) -> bytes:
                return bytes(self.board.tobytes()) + bytes([self.current_player])

        _EASYAI.append(Peer)
    game = _EASYAI[0]([AI_Player(Negamax(1)), AI_Player(Negamax(1))])
    for m in moves:
        game.make_move(m)
        game.switch_player()
    return game


def easyai_move(moves: Sequence[Column], seconds: float) -> tuple[Column, int]:
    """easyAI's Negamax deepened until ``seconds`` are spent: (its move, the depth it came from).

    Its own scoring at the leaves; the deadline is checked there, so a depth that cannot finish
    is abandoned and the deepest finished one's move is played.
    """
    from easyAI import Negamax, TranspositionTable  # type: ignore[import-untyped, unused-ignore]  # easyAI ships no type information

    game = _easyai_state(moves)
    deadline = time.perf_counter() + seconds

    def scoring(g: Any) -> float:
        if time.perf_counter() > deadline:
            raise _TimeUp
        return float(g.scoring())

    move: Column = int(game.possible_moves()[0])
    reached = 0
    table = TranspositionTable()
    for depth in range(1, 42 - len(moves) + 1):
        try:
            move = int(Negamax(depth, scoring=scoring, tt=table)(game))
        except _TimeUp:
            break
        reached = depth
    return move, reached


# -- OpenSpiel ---------------------------------------------------------------------------------

class _Mcts:
    """OpenSpiel's MCTS bot, its simulations a move set so that a move takes about T seconds."""

    def __init__(self, seconds: float, seed: int) -> None:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found, unused-ignore]  # an optional peer, without type information
        from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]  # an optional peer, without type information

        self.game = pyspiel.load_game("connect_four")
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self.bot = mcts.MCTSBot(self.game, uct_c=2.0, max_simulations=200,
                                evaluator=evaluator, solve=True, random_state=rng)
        self.seconds = seconds
        self.rate: float | None = None

    def _state(self, moves: Sequence[Column]) -> Any:
        state = self.game.new_initial_state()
        for m in moves:
            state.apply_action(m)
        return state

    def move(self, moves: Sequence[Column]) -> tuple[Column, int]:
        """The bot's move after ``moves`` and the simulations it ran."""
        state = self._state(moves)
        if self.rate is None:  # a probe of 200 simulations gives the first move's rate
            t0 = time.perf_counter()
            root = self.bot.mcts_search(state)
            self.rate = root.explore_count / max(time.perf_counter() - t0, 1e-6)
        sims = max(10, round(self.rate * self.seconds))
        self.bot.max_simulations = sims
        t0 = time.perf_counter()
        root = self.bot.mcts_search(state)  # what the bot's step does, keeping the root
        ran = int(root.explore_count)
        if ran >= sims:  # a root solved early says nothing of the rate
            self.rate = ran / max(time.perf_counter() - t0, 1e-6)
        return int(root.best_child().action), ran


# -- one game ------------------------------------------------------------------------------------

def play(peer: str, opening: int, engine_first: bool, seconds: float, seed: int) -> Game:
    """One game from opening ``opening``; the engine moves first if ``engine_first``."""
    engine = engine_player(engine_spec(f"id:{seconds}"), G)
    if peer == "easyai":
        _easyai_state([])  # its imports, before any clock runs
    mcts = _Mcts(seconds, seed * 1000 + opening * 2 + engine_first) if peer == "mcts" else None
    line = _opening(opening, seed)
    s: C4State = G.start
    for m in line:
        s = G.make_move(s, m)
    e_sec: list[float] = []
    p_sec: list[float] = []
    e_depth: list[int] = []
    p_effort: list[int] = []
    while isinstance(G.status(s), In_play):
        engine_to_move = (s.moves % 2 == 0) == engine_first
        t0 = time.perf_counter()
        if engine_to_move:
            r = engine.search(s)
            m = r.move
            e_sec.append(time.perf_counter() - t0)
            e_depth.append(r.depth)
        else:
            m, effort = (easyai_move(line, seconds) if mcts is None else mcts.move(line))
            p_sec.append(time.perf_counter() - t0)
            p_effort.append(effort)
        line.append(m)
        s = G.make_move(s, m)
    if G.is_won(s):
        first_won = s.moves % 2 == 1
        score = 1.0 if first_won == engine_first else 0.0
    else:
        score = 0.5
    return Game(peer, opening, engine_first, score, "".join(str(c + 1) for c in line),
                e_sec, p_sec, e_depth, p_effort)


def _play(args: tuple[str, int, bool, float, int]) -> Game:
    return play(*args)


# -- the report ----------------------------------------------------------------------------------

def interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean score and its 95% interval (normal, from the spread of the game scores).

    >>> interval([1.0, 0.0, 0.5, 0.5])
    (0.5, 0.15351, 0.84649)
    """
    n = len(scores)
    p = sum(scores) / n
    half = Z95 * math.sqrt(sum((x - p) ** 2 for x in scores) / n / n)
    return p, round(max(p - half, 0.0), 5), round(min(p + half, 1.0), 5)


def elo_text(p: float, n: int) -> str:
    """``p`` as an Elo difference, kept finite within ``[1/(2n), 1 - 1/(2n)]`` as the
    tournament's table does.

    >>> elo_text(1.0, 10), elo_text(0.5, 10)
    ('+512', '+0')
    """
    lo, hi = 1 / (2 * n), 1 - 1 / (2 * n)
    return f"{elo(min(max(p, lo), hi)):+.0f}"


def report(peer: str, games: Sequence[Game], seconds: float) -> list[str]:
    """The lines of one peer's match."""
    scores = [g.score for g in games]
    won, drawn, lost = scores.count(1.0), scores.count(0.5), scores.count(0.0)
    p, lo, hi = interval(scores)
    n = len(games)
    e_sec = [t for g in games for t in g.engine_seconds]
    p_sec = [t for g in games for t in g.peer_seconds]
    depths = [d for g in games for d in g.engine_depths]
    effort = [e for g in games for e in g.peer_effort]
    what = "deepest depth" if peer == "easyai" else "simulations"
    name = {"easyai": "easyAI Negamax + TT (its own scoring)",
            "mcts": "OpenSpiel MCTS (uct_c 2, random rollouts, solver)"}[peer]
    return [
        f"engine id:{seconds:g} vs {name}: {n} games ({n // 2} openings, both colours), {load()}",
        f"  engine won {won}, drew {drawn}, lost {lost}: score {p:.3f},"
        f" 95% interval [{lo:.3f}, {hi:.3f}]; Elo {elo_text(p, n)}"
        f" [{elo_text(lo, n)}, {elo_text(hi, n)}]",
        f"  seconds a move (mean, max): engine {statistics.mean(e_sec):.3f}, {max(e_sec):.3f};"
        f" peer {statistics.mean(p_sec):.3f}, {max(p_sec):.3f}",
        f"  engine depth (median, min, max): {statistics.median(depths):g}, {min(depths)},"
        f" {max(depths)}; peer {what} (median, min, max): {statistics.median(effort):g},"
        f" {min(effort)}, {max(effort)}",
    ]


def available(peer: str) -> bool:
    try:
        if peer == "easyai":
            import easyAI  # noqa: F401 -- only whether it is installed
        else:
            import pyspiel  # noqa: F401 -- only whether it is installed
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=0.5, help="seconds a move, each side")
    ap.add_argument("--openings", type=int, default=20, help="openings a peer (2 games each)")
    ap.add_argument("--jobs", type=int, default=2, help="games played at once (processes)")
    ap.add_argument("--seed", type=int, default=0, help="seeds the openings and MCTS")
    ap.add_argument("--peers", nargs="+", default=["easyai", "mcts"],
                    choices=["easyai", "mcts"])
    ap.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = ap.parse_args(argv)
    lines = [f"machine: {machine()}",
             f"Connect Four 7x6, random {OPENING_PLIES}-ply openings (seed {args.seed}),"
             f" {args.seconds:g} s a move each side, {args.jobs} games at once"]
    print("\n".join(lines), flush=True)
    started = time.perf_counter()
    for peer in args.peers:
        if not available(peer):
            lines.append(missing("easyAI" if peer == "easyai" else "open_spiel"))
            print(lines[-1], flush=True)
            continue
        tasks = [(peer, i, first, args.seconds, args.seed)
                 for i in range(args.openings) for first in (True, False)]
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(_play, tasks))
        part = report(peer, games, args.seconds)
        part += [f"  lost: {g.moves} (engine {'first' if g.engine_first else 'second'})"
                 for g in games if g.score == 0.0]
        print("\n".join(part), flush=True)
        lines += part
    lines.append(f"wall time {time.perf_counter() - started:.0f} s")
    print(lines[-1])
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
