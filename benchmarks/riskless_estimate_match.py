"""A Riskless match: the default ``tactical_estimate`` against the handout's naive army sum.

Both sides search with the HW11 ``AlphaBeta`` at the same depth; only the estimator differs. Each
opening (a few seeded random plies, so games differ) is played twice, once with each estimator as
Maxie, on M1 and on M2. Games can cycle forever, so a move limit ends them as draws. A win scores
1, a draw 1/2. The script prints a table and exits non-zero unless the tactical estimator scores
more than the naive one.

Run: ``.venv/bin/python benchmarks/riskless_estimate_match.py [--openings N] [--depth D]``.
Defaults: depth 2, 20 openings of 6 random plies per map, 80 games, move limit 200 (about 25 s).
Measured: depth 2, tactical 37 wins, naive 11, 32 draws by the limit (53 - 27); with ``--depth
3``, 25 wins, 5 losses, 50 draws (50 - 30, about 3.5 minutes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import attrs

from sml150.handouts.hw11.alphabeta import AlphaBeta, Settings
from sml150.handouts.hw11.riskless import (
    M1,
    M2,
    MAP,
    B,
    Estimator,
    Move,
    RisklessSettings,
    RisklessWith,
    naive_estimate,
    tactical_estimate,
)
from sml150.lib.signatures import Draw, Maxie, Minnie, Over, Player, Winner


@attrs.frozen
class GameResult:
    map_name: str
    opening: int
    tactical_plays: Player
    winner: Player | None  # None: a draw (by the rules or by the move limit)
    by_limit: bool
    plies: int


def play(  # noqa: PLR0917 -- one game's settings, called positionally by match()
    Map: MAP,
    maxie: Estimator,
    minnie: Estimator,
    depth: int,
    opening_seed: int,
    opening_plies: int,
    move_limit: int,
) -> tuple[Player | None, bool, int]:
    """One game; the first ``opening_plies`` moves are random (seeded), the rest searched."""
    rules = RisklessWith(RisklessSettings(Map, naive_estimate))
    players = {
        p: AlphaBeta(Settings(G=RisklessWith(RisklessSettings(Map, f)), search_depth=depth))
        for p, f in ((Maxie, maxie), (Minnie, minnie))
    }
    rng = random.Random(opening_seed)
    s: B = rules.start
    for ply in range(move_limit):
        match rules.status(s):
            case Over(Winner(p)):
                return p, False, ply
            case Over(Draw()):
                return None, False, ply
        m: Move
        if ply < opening_plies:
            m = rng.choice(list(rules.moves(s)))
        else:
            m = players[rules.player(s)].next_move(s)
        s = rules.make_move(s, m)
    match rules.status(s):
        case Over(Winner(p)):
            return p, False, move_limit
        case Over(Draw()):
            return None, False, move_limit
    return None, True, move_limit


def match(  # noqa: PLR0917 -- the match's settings, as the command line gives them
    maps: Sequence[MAP],
    mine: Estimator,
    theirs: Estimator,
    openings: int,
    depth: int,
    opening_plies: int,
    move_limit: int,
) -> list[GameResult]:
    results = []
    for Map in maps:
        for k in range(openings):
            for tactical_plays in (Maxie, Minnie):
                maxie, minnie = (mine, theirs) if tactical_plays is Maxie else (theirs, mine)
                winner, by_limit, plies = play(
                    Map, maxie, minnie, depth, 1000 + k, opening_plies, move_limit
                )
                results.append(
                    GameResult(getattr(Map, "name", "?"), k, tactical_plays, winner, by_limit,
                               plies)
                )
    return results


def score(results: Sequence[GameResult]) -> tuple[float, float, int, int, int, int]:
    """(tactical points, naive points, tactical wins, naive wins, draws, limit draws)."""
    mine = theirs = 0.0
    wins = losses = draws = limits = 0
    for r in results:
        if r.winner is None:
            mine += 0.5
            theirs += 0.5
            draws += 1
            limits += r.by_limit
        elif r.winner is r.tactical_plays:
            mine += 1
            wins += 1
        else:
            theirs += 1
            losses += 1
    return mine, theirs, wins, losses, draws, limits


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--openings", type=int, default=20, help="openings per map (x2 colours)")
    parser.add_argument("--depth", type=int, default=2, help="AlphaBeta search depth")
    parser.add_argument("--opening-plies", type=int, default=6, help="random plies per opening")
    parser.add_argument("--move-limit", type=int, default=200, help="plies before a draw")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    results = match([M1, M2], tactical_estimate, naive_estimate, args.openings, args.depth,
                    args.opening_plies, args.move_limit)
    seconds = time.perf_counter() - start

    print(f"Riskless: tactical_estimate vs naive_estimate, AlphaBeta depth {args.depth}, "
          f"{args.openings} openings x 2 colours per map, {args.opening_plies} random plies, "
          f"move limit {args.move_limit}")
    print(f"{'map':<5} {'tactical as':<12} {'games':>5} {'won':>4} {'lost':>5} {'drawn':>6} "
          f"{'(limit)':>8} {'avg plies':>10}")
    for Map in (M1, M2):
        for side in (Maxie, Minnie):
            rs = [r for r in results if r.map_name == Map.name and r.tactical_plays is side]
            _, _, w, lost, dr, lim = score(rs)
            avg = sum(r.plies for r in rs) / len(rs)
            print(f"{Map.name:<5} {side.name:<12} {len(rs):>5} {w:>4} {lost:>5} {dr:>6} "
                  f"{lim:>8} {avg:>10.1f}")
    mine, theirs, w, lost, dr, lim = score(results)
    print(f"total: {len(results)} games; tactical {w} wins, naive {lost} wins, {dr} draws "
          f"({lim} by the move limit)")
    print(f"score: tactical {mine:g} - naive {theirs:g}   ({seconds:.1f} s)")
    if mine > theirs:
        print("OK: the tactical estimator scores better")
        return 0
    print("FAIL: the tactical estimator does not score better than the naive army sum")
    return 1


if __name__ == "__main__":
    sys.exit(main())
