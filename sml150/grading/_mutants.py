"""Deliberately wrong versions of the reference solutions, made by small checked text patches.

A ``Mutant`` replaces one exact snippet of one reference module (the snippet must occur exactly
``count`` times, and the result must still compile), so mutants follow the reference as it
changes and fail loudly when it changes under them. They serve two purposes: the grader's own
tests (each mutant loses points on exactly the tasks in ``breaks``), and HW11 Task 4.2 (a
student's tests must catch the Riskless mutants).

>>> m = Mutant("demo", "hw10", "las", "runs.append((1, x))", "runs.append((2, x))", {"5.7"})
>>> "runs.append((2, x))" in mutant_source(m)
True
"""

from __future__ import annotations

from typing import Final, final

import attrs

from sml150.grading._starter import reference_source

__all__ = ["HW10_MUTANTS", "Mutant", "mutant_source", "mutants"]


def _frozen(tasks: set[str] | frozenset[str]) -> frozenset[str]:
    return frozenset(tasks)


@final
@attrs.frozen
class Mutant:
    """One small, deliberate bug in one reference module."""

    name: str
    """What is wrong, in a few words."""
    hw: str
    """``hw10`` or ``hw11``."""
    module: str
    """The module patched, e.g. ``"jamboree"``."""
    find: str
    """The exact reference text replaced."""
    replace: str
    """What replaces it."""
    breaks: frozenset[str] = attrs.field(converter=_frozen)
    """The tasks this bug must cost points on (and no others)."""
    count: int = 1
    """How many times ``find`` occurs (all are replaced)."""


def mutant_source(m: Mutant) -> str:
    """The mutated module text; ``ValueError`` if the reference no longer fits the patch."""
    src = reference_source(m.hw, m.module)
    found = src.count(m.find)
    if found != m.count:
        raise ValueError(f"mutant {m.name!r}: {m.find!r} occurs {found} times in "
                         f"{m.hw}/{m.module}.py, expected {m.count}")
    out = src.replace(m.find, m.replace)
    compile(out, f"{m.module}.py", "exec")
    return out


HW10_MUTANTS: Final = (
    Mutant("Jamboree: off-by-one split (one abmove too many)", "hw10", "jamboree",
           "k = math.floor(self.prune_percentage * Seq.length(moves))",
           "k = min(Seq.length(moves), math.floor(self.prune_percentage * Seq.length(moves)) + 1)",
           {"7.2", "7.3", "7.4"}),
    Mutant("AlphaBeta: compare_ab prunes on > and < instead of >= and <=", "hw10", "alphabeta",
           "if isinstance(alpha, Bound) and v <= alpha.value:\n        return BELOW\n"
           "    if isinstance(beta, Bound) and v >= beta.value:",
           "if isinstance(alpha, Bound) and v < alpha.value:\n        return BELOW\n"
           "    if isinstance(beta, Bound) and v > beta.value:",
           {"6.1", "6.2", "6.3", "6.4", "7.3", "7.4"}),
    Mutant("TicTacToe: misses diagonals", "hw10", "tictactoe",
           "diags = [tuple((i, i) for i in range(n)), tuple((i, n - 1 - i) for i in range(n))]",
           "diags: list[tuple[tuple[int, int], ...]] = []",
           {"5.2", "5.4", "5.5"}),
    Mutant("TicTacToe: start with Minnie to move", "hw10", "tictactoe",
           "return TTTState(tuple((None,) * n for _ in range(n)), Maxie)",
           "return TTTState(tuple((None,) * n for _ in range(n)), Minnie)", {"5.1"}),
    Mutant("TicTacToe: is_valid_move ignores whose turn it is", "hw10", "tictactoe",
           "if e is not entry_of(s.player):", "if False:", {"5.2"}),
    Mutant("TicTacToe: make_move keeps the same player", "hw10", "tictactoe",
           "return TTTState(board, Minnie if s.player is Maxie else Maxie)",
           "return TTTState(board, s.player)", {"5.3"}),
    Mutant("TicTacToe: moves in column-major order", "hw10", "tictactoe",
           "(e, (r, c)) for r, row in enumerate(s.board) for c, t in enumerate(row) if t is None",
           "(e, (r, c)) for c in range(len(s.board)) for r, row in enumerate(s.board)"
           " if row[c] is None", {"5.4"}),
    Mutant("TicTacToe: constant estimate", "hw10", "tictactoe",
           "return Guess(self.consts.estimator(s, self.consts.full_board_draw))",
           "return Guess(0)", {"5.6"}),
    Mutant("TicTacToe: estimate looks one move ahead with make_move", "hw10", "tictactoe",
           "return Guess(self.consts.estimator(s, self.consts.full_board_draw))",
           "self.make_move(s, Seq.nth(0, self.moves(s)))\n"
           "        return Guess(self.consts.estimator(s, self.consts.full_board_draw))", {"5.6"}),
    Mutant("las_wrap: the wrapped run goes last", "hw10", "las",
           "return Seq.cons((n_last + n_first, x_first), middle)",
           "return Seq.append(middle, Seq.singleton((n_last + n_first, x_first)))", {"5.8"}),
    Mutant("look_and_say: counts from 0", "hw10", "las",
           "runs.append((1, x))", "runs.append((0, x))", {"5.7", "5.8"}),
    Mutant("AlphaBeta: ties go to the later move", "hw10", "alphabeta",
           "if best is None or (v > best[1] if maximize else v < best[1]):",
           "if best is None or (v >= best[1] if maximize else v <= best[1]):",
           {"6.2", "6.4"}),  # values (evaluate) and the leaves searched stay the same
    Mutant("Jamboree: mmmoves searched with the incoming window", "hw10", "jamboree",
           "for m in mmmoves:\n            v, child_span = self._evaluate(d - 1, (alpha, beta),",
           "for m in mmmoves:\n            v, child_span = self._evaluate(d - 1, ab,",
           {"7.3", "7.4"}),
)
"""HW10's mutants, each with the tasks it must lose points on."""


def mutants(hw: str) -> tuple[Mutant, ...]:
    """The mutants of ``hw`` used to test the grader.

    >>> len(mutants("hw10")) > 5
    True
    """
    if hw == "hw10":
        return HW10_MUTANTS
    from sml150.grading.hw11 import HW11_MUTANTS

    return HW11_MUTANTS
