"""Lazy game trees of the library's games: ``from_game``, ``win_loss_draw``, ``decode_move``.

``from_game`` unfolds any ``GAME`` into a tree cut at a depth, with moves encoded as their index
in ``game.moves(s)`` (``decode_move`` maps them back); ``win_loss_draw`` unfolds a game exactly,
with leaves -1, 0, +1, so that ``assured_win`` answers "is the first player assured to win?".
"""

from __future__ import annotations

from typing import TypeVar

from sml150.gametree.alphabeta import assured_win, bval  # noqa: F401 -- the doctests' searches
from sml150.gametree.seq import init
from sml150.gametree.tree import TLeaf, TNonLeaf, bottom, move, top, tree, value
from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import GAME, Draw, In_play, Maxie, Outcome, Over, Player, Winner

__all__ = ["decode_move", "from_game", "win_loss_draw"]

State = TypeVar("State")
Move = TypeVar("Move")

# -- trees of real games --------------------------------------------------------------------


def _relative(p: Player, v: value) -> value:
    """An absolute value (positive favours Maxie) seen by ``p``."""
    return v if p is Maxie else -v


def _estimate_value(e: est) -> value:
    match e:
        case MaxieWins():
            return top
        case MinnieWins():
            return bottom
        case Guess(n):
            return min(max(n, bottom + 1), top - 1)
    raise TypeError(f"from_game: the game's estimate is not an est: {e!r}")


def _outcome_value(up: Player, o: Outcome, scale: value) -> value:
    match o:
        case Winner(p):
            return scale if p is up else -scale
        case Draw():
            return 0
    raise TypeError(f"from_game: not an outcome: {o!r}")


def _unfold_game(game: GAME[State, Move], depth: int | None, s: State, scale: value) -> tree:
    up = game.player(s)
    match game.status(s):
        case Over(outcome):
            return TLeaf(_outcome_value(up, outcome, scale))
        case In_play() if depth == 0:
            return TLeaf(_relative(up, _estimate_value(game.estimate(s))))
    moves = game.moves(s)
    n = Seq.length(moves)
    if n == 0:
        raise ValueError(f"from_game: {game.state_to_string(s)} is In_play but has no moves")
    below = None if depth is None else depth - 1

    def child(i: int) -> tuple[move, tree]:
        return i, _unfold_game(game, below, game.make_move(s, Seq.nth(i, moves)), scale)

    return TNonLeaf(init(n, child))


def from_game(
    game: GAME[State, Move],
    depth: int | None,
    s: State | None = None,
    *,
    outcome_scale: value = top,
) -> tree:
    """The lazy game tree of ``game`` from ``s`` (``None``: ``game.start``), cut at ``depth``.

    Values are for the player up at each node (Maxie's absolute value, negated where Minnie is
    up). A finished state (``Over``) is a leaf: ``+outcome_scale`` if the player up there won,
    ``-outcome_scale`` if they lost, 0 for a draw. At the cut (``depth`` plies below ``s``) an
    unfinished state is a leaf valued by ``game.estimate``: ``Guess n`` is ``n`` clamped into
    the open interval ``(bottom, top)``, ``MaxieWins``/``MinnieWins`` are ``top``/``bottom``
    (for Maxie). ``depth=None`` never cuts (the game must end on every path).

    Moves are encoded as the index of the move in ``game.moves(state)``: decode a path with
    ``decode_move``. Nodes are built when an evaluator forces them, so estimates (and
    ``ExplicitGame``'s ``Estimating ...`` lines) happen exactly for the leaves it examines.

    REQUIRES: ``depth`` None or an int ``>= 0``; ``1 <= outcome_scale <= top``; a state
    ``In_play`` has a move (else ``ValueError`` when reached).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> bval(bottom, top, from_game(HandoutSmall, 2))
    Estimating state c[3]
    Estimating state d[6]
    Estimating state e[~2]
    Estimating state g[6]
    Estimating state h[4]
    Estimating state i[10]
    Estimating state k[1]
    4
    """
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise TypeError(f"from_game: depth must be an int or None, not {depth!r}")
    if depth is not None and depth < 0:
        raise ValueError(f"from_game: depth must be >= 0 or None, not {depth}")
    if isinstance(outcome_scale, bool) or not isinstance(outcome_scale, int):
        raise TypeError(f"from_game: outcome_scale must be an int, not {outcome_scale!r}")
    if not 1 <= outcome_scale <= top:
        raise ValueError(f"from_game: outcome_scale must be in [1, top], not {outcome_scale}")
    return _unfold_game(game, depth, game.start if s is None else s, outcome_scale)


def win_loss_draw(game: GAME[State, Move], s: State | None = None) -> tree:
    """The exact tree of ``game`` from ``s`` (``None``: the start): leaves +1 win, 0, -1 loss.

    ``from_game(game, None, s, outcome_scale=1)``: no depth cut and no estimates, every leaf a
    finished game valued for the player up there, ready for ``assured_win``. REQUIRES: every
    path ends (a game that can go on forever makes the evaluators loop).

    Is the first player of Tic-Tac-Toe assured to win? No: perfect play draws.

    >>> from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
    >>> G = TicTacToe(TTTConsts(board_size=3, full_board_draw=True))
    >>> t = win_loss_draw(G)
    >>> assured_win(t), bval(-2, 2, t)
    (False, 0)
    """
    return from_game(game, None, s, outcome_scale=1)


def decode_move(game: GAME[State, Move], s: State, m: move) -> Move:
    """The game's move that ``from_game`` encoded as ``m`` in state ``s``: ``nth m (moves s)``.

    REQUIRES: ``0 <= m < length (moves s)`` (else ``sml150.lib.seq.Range``).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> decode_move(HandoutSmall, HandoutSmall.start, 2)
    2
    """
    return Seq.nth(m, game.moves(s))

