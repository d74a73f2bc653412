"""What a position costs the handouts' AlphaBeta on 3×3 Tic-Tac-Toe, next to aima3's.

Issue 11 asks that "the handouts' AlphaBeta on 3×3 Tic-Tac-Toe costs no more per position than
aima3's". Both solve standard 3×3 Tic-Tac-Toe (a full board is a draw) from the empty board with
plain alpha-beta to the end of the game, trying the tiles in row-major order; on this game both
enter the same 18,297 positions, so positions per second compare like with like.

Printed, each the best of ``--repeat`` runs in this process (ours and the peer's alternate):

- ``search``: HW10 ``AlphaBeta(Settings(G, 9)).analyze(start)`` against aima3's
  ``alphabeta_search(initial, TicTacToe())``, positions entered and positions per second;
- ``game only``: the same positions walked without a search (HW10 ``moves`` / ``make_move`` /
  ``status`` against aima3's ``actions`` / ``result`` / ``terminal_test``), so the game's share
  and the search's share of the cost can be told apart.

Positions are counted once, in an untimed pass (aima3's through a counting subclass, which would
slow the timed runs); the timed runs are the plain searches. The machine heads the output, the
load average is printed beside every figure.

If aima3 cannot be imported, an equivalent plain-Python alpha-beta over tuple boards (written
below, the same move order and pruning) is the baseline instead, and the script says so loudly,
on the first line and on every row (``pip install 'sml150[bench]'`` installs aima3).

    .venv/bin/python benchmarks/handout_ttt_cost.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

from benchmarks._context import load, machine, missing
from sml150.handouts.hw10.alphabeta import AlphaBeta
from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts, TTTState
from sml150.lib.signatures import In_play, Settings

GAME = TicTacToe(TTTConsts(board_size=3, full_board_draw=True))


Work = tuple[Callable[[], object], Callable[[], int]]
"""A piece of work: the run to time, and an untimed run that returns the positions it entered."""


def timed(run: Callable[[], object]) -> float:
    """CPU seconds of one run of ``run``.

    CPU time of this process, not wall time: on a machine shared with other jobs the wall clock
    also counts the time spent waiting for a core (all of the work here is single-threaded).
    """
    t0 = time.process_time()
    run()
    return time.process_time() - t0


def best_of_interleaved(repeat: int, ours: Work, theirs: Work
                        ) -> tuple[tuple[int, float], tuple[int, float]]:
    """(positions, best CPU seconds) of each: the best of ``repeat`` timed runs, alternating
    ours and theirs so that a change in the machine's load falls on both; then the positions,
    from one counted run each (untimed)."""
    best = [math.inf, math.inf]
    for _ in range(repeat):
        for i, (run, _count) in enumerate((ours, theirs)):
            best[i] = min(best[i], timed(run))
    return (ours[1](), best[0]), (theirs[1](), best[1])


# -- the handout ------------------------------------------------------------------------------


def handout_search() -> int:
    a = AlphaBeta(Settings(G=GAME, search_depth=9)).analyze(GAME.start)
    return a.nodes


def handout_walk() -> int:
    """Every position of the game tree, by moves/make_move/status (no search)."""
    g = GAME
    count = 0
    stack: list[TTTState] = [g.start]
    while stack:
        s = stack.pop()
        count += 1
        if isinstance(g.status(s), In_play):
            stack.extend(g.make_move(s, m) for m in g.moves(s))
    return count


# -- aima3 ------------------------------------------------------------------------------------


def aima3_runs() -> tuple[Work, Work] | None:
    try:
        import aima3.games as aima  # type: ignore[import-untyped, import-not-found, unused-ignore]  # an optional peer, without type information
    except Exception as exc:  # any failure to import means: no aima3 here
        print(f"{missing('aima3')} ({type(exc).__name__}: {exc});"
              " THE BASELINE BELOW IS THE PLAIN-PYTHON ALPHA-BETA OF THIS SCRIPT, NOT AIMA3")
        return None

    class Counted(aima.TicTacToe):  # type: ignore[misc]  # the peer's class is untyped (Any)
        """aima3's game, counting the positions a search enters (one per ``result``)."""

        positions = 0

        def result(self, state: Any, move: Any) -> Any:
            Counted.positions += 1
            return super().result(state, move)

    def search() -> object:
        game = aima.TicTacToe()
        return aima.alphabeta_search(game.initial, game)

    def search_positions() -> int:
        game = Counted()
        Counted.positions = 1  # the root
        aima.alphabeta_search(game.initial, game)
        return Counted.positions

    def walk() -> int:
        game = aima.TicTacToe()
        count = 0
        stack = [game.initial]
        while stack:
            s = stack.pop()
            count += 1
            if not game.terminal_test(s):
                stack.extend(game.result(s, a) for a in game.actions(s))
        return count

    return (search, search_positions), (walk, walk)


# -- the plain-Python baseline (used only without aima3) --------------------------------------

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def plain_runs() -> tuple[Work, Work]:
    """Alpha-beta on a tuple of 9 cells, as aima3 does it: utility computed with each move."""
    count = [0]

    def won(board: tuple[str, ...], e: str) -> bool:
        return any(board[a] == board[b] == board[c] == e for a, b, c in LINES)

    def value(board: tuple[str, ...], mover: str, alpha: float, beta: float) -> float:
        count[0] += 1  # an integer add per position: the same in the timed and counted run
        last = "X" if mover == "O" else "O"
        if won(board, last):
            return 1 if last == "O" else -1
        if "." not in board:
            return 0
        best = -math.inf if mover == "O" else math.inf
        for k in range(9):
            if board[k] != ".":
                continue
            child = (*board[:k], mover, *board[k + 1 :])
            v = value(child, last, alpha, beta)
            if mover == "O":
                best = max(best, v)
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                if best <= alpha:
                    return best
                beta = min(beta, best)
        return best

    def search() -> int:
        count[0] = 0
        value((".",) * 9, "O", -math.inf, math.inf)
        return count[0]

    def walk() -> int:
        n = 0
        stack: list[tuple[tuple[str, ...], str]] = [((".",) * 9, "O")]
        while stack:
            board, mover = stack.pop()
            n += 1
            last = "X" if mover == "O" else "O"
            if won(board, last) or "." not in board:
                continue
            stack.extend(((*board[:k], mover, *board[k + 1 :]), last)
                         for k in range(9) if board[k] == ".")
        return n

    return (search, search), (walk, walk)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the best counts")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    peer = aima3_runs()
    name = "aima3"
    if peer is None:
        peer, name = plain_runs(), "PLAIN (no aima3)"
    ours_search: Work = (handout_search, handout_search)
    ours_walk: Work = (handout_walk, handout_walk)
    rows = [("search", ours_search, peer[0]), ("game only", ours_walk, peer[1])]
    print(f"3x3 Tic-Tac-Toe from the empty board, CPU time, best of {args.repeat} runs"
          " (positions from one more, untimed, run)")
    print(f"{'work':<10} {'who':<16} {'positions':>10} {'CPU s':>9} {'positions/s':>12}  load")
    for work, ours, theirs in rows:
        (n1, t1), (n2, t2) = best_of_interleaved(args.repeat, ours, theirs)
        print(f"{work:<10} {'HW10 handout':<16} {n1:>10,} {t1:>9.3f} {n1 / t1:>12,.0f}  {load()}")
        print(f"{work:<10} {name:<16} {n2:>10,} {t2:>9.3f} {n2 / t2:>12,.0f}  {load()}")
        print(f"{work:<10} cost per position, handout / {name}: {(t1 / n1) / (t2 / n2):.2f}")


if __name__ == "__main__":
    main()
