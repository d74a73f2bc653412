"""A Tic-Tac-Toe match: the reference ``lines_estimator`` against the handout's baseline.

The baseline (Task 5.6) is ``baseline_estimator``: the longest chain of O's minus the longest chain
of X's. Both sides search with the HW10 ``AlphaBeta`` at the same depth; only the estimator
differs. Every game is deterministic: the first two moves (O's and X's) are forced, every pair of
distinct tiles in turn (72 openings on 3×3, 240 on 4×4), and each opening is played twice, once
with each estimator as Maxie (O): 624 games per depth, at depths 2 and 3. The games use the
standard rule (a full board with no line is a draw); ``--rule handout`` plays the handout's rule
(it is Minnie's win) instead. A win scores 1, a draw 1/2. The course ``Referee`` plays the games
(silently). 48 of the 72 3×3 openings are won for O with best play (24 are draws), so X's
losses are expected there; playing each opening with both colours keeps the comparison fair.

The script prints a table per depth and exits non-zero unless the lines estimator scores more
than the baseline at every depth. It takes about 45 s.

Run: ``.venv/bin/python benchmarks/ttt_estimate_match.py [--depths 2 3] [--plies 2]
[--rule standard|handout] [--sizes 3 4]``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence

import attrs

from sml150.handouts.hw10.alphabeta import AlphaBeta, Settings
from sml150.handouts.hw10.tictactoe import (
    Estimator,
    Location,
    TicTacToe,
    TTTConsts,
    baseline_estimator,
    entry_of,
    lines_estimator,
)
from sml150.lib.referee import Referee, RefereeSettings
from sml150.lib.signatures import Draw, Maxie, Minnie, Player, Winner


@attrs.frozen
class GameResult:
    size: int
    opening: tuple[Location, ...]
    lines_plays: Player
    winner: Player | None  # None: a draw
    plies: int


def openings(n: int, plies: int) -> list[tuple[Location, ...]]:
    """Every sequence of ``plies`` distinct tiles, in row-major order: the forced openings."""
    tiles = [(r, c) for r in range(n) for c in range(n)]
    return list(itertools.permutations(tiles, plies))


def play(
    n: int, full_board_draw: bool, *, maxie: Estimator, minnie: Estimator, depth: int,
    opening: tuple[Location, ...],
) -> tuple[Player | None, int]:
    """One game: the first moves are ``opening`` (O, X, ...), every later move is searched."""
    gmax = TicTacToe(TTTConsts(n, full_board_draw=full_board_draw, estimator=maxie))
    gmin = TicTacToe(TTTConsts(n, full_board_draw=full_board_draw, estimator=minnie))
    referee = Referee(
        RefereeSettings(
            Maxie=AlphaBeta(Settings(G=gmax, search_depth=depth)),
            Minnie=AlphaBeta(Settings(G=gmin, search_depth=depth)),
            show=False,
        )
    )
    start = gmax.start
    for loc in opening:
        start = gmax.make_move(start, (entry_of(gmax.player(start)), loc))
    record = referee.go(start)
    match record.outcome:
        case Winner(p):
            return p, record.plies + len(opening)
        case Draw():
            return None, record.plies + len(opening)
    raise AssertionError(record.outcome)


def match(
    sizes: Sequence[int], full_board_draw: bool, depth: int, plies: int
) -> list[GameResult]:
    results = []
    for n in sizes:
        for opening in openings(n, plies):
            for lines_plays in (Maxie, Minnie):
                maxie, minnie = (
                    (lines_estimator, baseline_estimator)
                    if lines_plays is Maxie
                    else (baseline_estimator, lines_estimator)
                )
                winner, length = play(
                    n, full_board_draw, maxie=maxie, minnie=minnie, depth=depth, opening=opening
                )
                results.append(GameResult(n, opening, lines_plays, winner, length))
    return results


def tally(results: Sequence[GameResult]) -> tuple[int, int, int, float]:
    """(lines wins, draws, lines losses, lines points) over ``results``."""
    wins = sum(r.winner is r.lines_plays for r in results)
    draws = sum(r.winner is None for r in results)
    losses = len(results) - wins - draws
    return wins, draws, losses, wins + draws / 2


def report(results: Sequence[GameResult], sizes: Sequence[int]) -> float:
    """Print one depth's table; return the lines estimator's points minus the baseline's."""
    print(f"{'board':<6} {'lines as':<13} {'games':>5} {'won':>4} {'drawn':>6} {'lost':>5}"
          f" {'lines pts':>10} {'baseline pts':>13}")
    for n in sizes:
        for side in (Maxie, Minnie):
            rs = [r for r in results if r.size == n and r.lines_plays is side]
            w, d, lo, pts = tally(rs)
            label = f"{side.name} ({entry_of(side).value})"
            print(f"{n}x{n:<4} {label:<13} {len(rs):>5} {w:>4} {d:>6} {lo:>5} {pts:>10.1f}"
                  f" {len(rs) - pts:>13.1f}")
    w, d, lo, pts = tally(results)
    print(f"{'total':<6} {'both':<13} {len(results):>5} {w:>4} {d:>6} {lo:>5} {pts:>10.1f}"
          f" {len(results) - pts:>13.1f}")
    return pts - (len(results) - pts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[2, 3],
                        help="AlphaBeta search depths (the same for both sides in a game)")
    parser.add_argument("--rule", choices=["standard", "handout"], default="standard",
                        help="full board with no line: a draw (standard) or Minnie's (handout)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4], help="board sizes")
    parser.add_argument("--plies", type=int, default=2,
                        help="forced opening plies: every sequence of this many tiles is played")
    args = parser.parse_args(argv)

    failed = []
    for depth in args.depths:
        began = time.perf_counter()
        results = match(args.sizes, args.rule == "standard", depth, args.plies)
        seconds = time.perf_counter() - began
        print(f"Tic-Tac-Toe: lines_estimator vs baseline_estimator (longest chain), AlphaBeta"
              f" depth {depth} for both, {args.rule} rule, every opening of {args.plies} forced"
              " plies x 2 colours")
        margin = report(results, args.sizes)
        print(f"lines - baseline: {margin:+.1f} points ({seconds:.1f} s)\n")
        if margin <= 0:
            failed.append(depth)
    if failed:
        print(f"FAIL: the lines estimator does not score more than the baseline at depth(s)"
              f" {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
