"""Engine scores: plain integers from the side to move's view, with mate distances.

The engine works in negamax style on ``int`` scores: positive is good for the player to move.
A game's absolute ``Est`` (positive favours Maxie) is converted at the edges. A certain win or
loss is a score near ``WIN``: winning ``k`` plies from here is ``win_in(k) = WIN - k`` and losing
``k`` plies from here is ``loss_in(k) = -(WIN - k)``, so among wins the quickest scores highest and
among losses the slowest scores highest (the engine neither dawdles before a win in one nor
"gives up" once it sees a loss). Every heuristic guess lies strictly inside ``(-GUESS_LIMIT,
GUESS_LIMIT)``, far below every mate score:

>>> win_in(1) > win_in(3) > GUESS_LIMIT > 0 > -GUESS_LIMIT > loss_in(4) > loss_in(2)
True
>>> describe(win_in(3)), describe(loss_in(2)), describe(0), describe(-7)
('win in 3', 'loss in 2', 'draw or even (0)', 'guess -7')

Scores inside a search are *root-relative* (distance counted from the search's root); the
transposition table stores them *node-relative* (``to_node``/``from_node``), so an entry is right
wherever the position recurs. Hooks (``sml150.search.hooks``) always speak node-relative scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeAlias

from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.signatures import Maxie, Player

if TYPE_CHECKING:
    from mypy_extensions import i64  # machine integers in the compiled build (``narrow``)

__all__ = [
    "GUESS_LIMIT",
    "INF",
    "MATE_LIMIT",
    "MAX_PLY",
    "WIN",
    "Score",
    "describe",
    "est_to_score",
    "from_node",
    "is_loss",
    "is_mate",
    "is_win",
    "loss_in",
    "mate_plies",
    "narrow",
    "score_to_est",
    "to_node",
    "win_in",
]

Score: TypeAlias = int
"""An engine score: side to move's view; mate scores near ``±WIN``."""

WIN: Final[Score] = 1 << 61
"""The score of a won position with the win on the board (0 plies away).

Every score, mates included (``|v| <= WIN + MAX_PLY < 2**62``), is a machine integer for the
compiled build (mypyc keeps ints below ``2**62`` unboxed; a larger ``WIN`` made every mate
score a Python long there, and each comparison with one a call)."""
MAX_PLY: Final[int] = 1 << 30
"""More plies than any search goes deep; mate scores lie within ``MAX_PLY`` of ``±WIN``."""
MATE_LIMIT: Final[Score] = WIN - MAX_PLY
"""Scores ``> MATE_LIMIT`` are wins, ``< -MATE_LIMIT`` losses."""
GUESS_LIMIT: Final[Score] = 1 << 60
"""Guesses must satisfy ``|n| < GUESS_LIMIT`` (about 1.15e18; else ``ValueError``)."""
INF: Final[Score] = WIN + 1
"""Above every score: the open window is ``(-INF, INF)``."""

_NEG_MATE_LIMIT: Final[Score] = -MATE_LIMIT
"""``-MATE_LIMIT``, made once."""
_GUESS_BITS: Final = GUESS_LIMIT.bit_length() - 1
"""A score of fewer bits is a guess or a draw (``|v| < GUESS_LIMIT``), never a mate: so the
conversions decide most scores with one ``bit_length`` (in the pure build, a comparison with
``MATE_LIMIT`` and the negation of it cost more)."""


def win_in(plies: int) -> Score:
    """The score of winning ``plies`` plies from now (0: already won).

    REQUIRES: ``0 <= plies < MAX_PLY``. ENSURES: decreasing in ``plies``.

    >>> win_in(1) == WIN - 1
    True
    """
    return WIN - plies


def loss_in(plies: int) -> Score:
    """The score of losing ``plies`` plies from now (0: already lost).

    REQUIRES: ``0 <= plies < MAX_PLY``. ENSURES: increasing in ``plies``, ``== -win_in(plies)``.

    >>> loss_in(2) == -win_in(2)
    True
    """
    return plies - WIN


def is_win(v: Score) -> bool:
    """Whether ``v`` is a certain win for the side to move.

    >>> is_win(win_in(5)), is_win(GUESS_LIMIT - 1)
    (True, False)
    """
    return v > MATE_LIMIT


def is_loss(v: Score) -> bool:
    """Whether ``v`` is a certain loss for the side to move.

    >>> is_loss(loss_in(5)), is_loss(0)
    (True, False)
    """
    return v < -MATE_LIMIT


def is_mate(v: Score) -> bool:
    """Whether ``v`` is a certain result (win or loss), not a guess.

    >>> is_mate(win_in(2)), is_mate(loss_in(2)), is_mate(3)
    (True, True, False)
    """
    return v > MATE_LIMIT or v < -MATE_LIMIT


def mate_plies(v: Score) -> int:
    """The distance in plies of the win or loss ``v``.

    REQUIRES: ``is_mate(v)`` (else ``ValueError``).

    >>> mate_plies(win_in(3)), mate_plies(loss_in(4))
    (3, 4)
    """
    if v > MATE_LIMIT:
        return WIN - v
    if v < -MATE_LIMIT:
        return v + WIN
    raise ValueError(f"mate_plies: {v} is not a win or a loss")


def narrow(alpha: i64, beta: i64, lo: i64, hi: i64) -> tuple[i64, i64]:
    """The window ``(alpha, beta)`` narrowed to ``[lo, hi]``, the bounds of a node's value.

    REQUIRES: ``alpha < beta`` and ``lo <= hi``. ENSURES: the window within both; when the
    bounds decide a fail-soft search (nothing inside the window is reachable) the answer is
    empty, ``alpha >= beta``, and its ``alpha`` is the value to return: ``hi`` when it is
    ``<= alpha`` (an upper bound), else ``lo >= beta`` (a lower bound). Used by the engine's
    kernel (``score_bounds``) and by Pons' solver (the scores still reachable); on machine
    integers (``i64``) in the compiled build, which every score is.

    >>> narrow(-10, 10, -3, 5), narrow(-10, 10, 12, 20), narrow(-10, 10, -20, -15)
    ((-3, 5), (12, 10), (-15, -15))
    """
    if hi < beta:
        beta = hi
        if alpha >= beta:
            return hi, hi
    if lo > alpha:  # noqa: PLR1730 -- no max() call: a hot path of both kernels
        alpha = lo
    return alpha, beta


def to_node(v: Score, ply: int) -> Score:
    """Root-relative ``v`` seen at depth ``ply`` as node-relative (for storing in a TT).

    >>> to_node(win_in(5), 2) == win_in(3), to_node(loss_in(5), 2) == loss_in(3), to_node(4, 2)
    (True, True, 4)
    """
    if v.bit_length() < _GUESS_BITS:  # a guess or a draw: most scores, decided in one step
        return v
    if v > MATE_LIMIT:
        return v + ply
    if v < _NEG_MATE_LIMIT:
        return v - ply
    return v


def from_node(v: Score, ply: int) -> Score:
    """Node-relative ``v`` at depth ``ply`` as root-relative; inverse of ``to_node``.

    >>> from_node(win_in(3), 2) == win_in(5), from_node(to_node(loss_in(7), 3), 3) == loss_in(7)
    (True, True)
    """
    if v.bit_length() < _GUESS_BITS:  # as in ``to_node``
        return v
    if v > MATE_LIMIT:
        return v - ply
    if v < _NEG_MATE_LIMIT:
        return v + ply
    return v


def est_to_score(e: est, mover: Player) -> Score:
    """A game's absolute estimate as a node-relative score for ``mover`` (wins are 0 plies away).

    REQUIRES: a guess ``|n| < GUESS_LIMIT`` (else ``ValueError``).

    >>> from sml150.lib.signatures import Minnie
    >>> est_to_score(Guess(3), Minnie), est_to_score(MinnieWins(), Minnie) == WIN
    (-3, True)
    """
    match e:
        case Guess(n):
            if not -GUESS_LIMIT < n < GUESS_LIMIT:
                raise ValueError(f"estimate {e!r} is outside the engine's range (|n| < 2**60)")
            return n if mover is Maxie else -n
        case MaxieWins():
            return WIN if mover is Maxie else -WIN
        case MinnieWins():
            return -WIN if mover is Maxie else WIN
    raise TypeError(f"est_to_score: not an estimate: {e!r}")


def score_to_est(v: Score, mover: Player) -> est:
    """An engine score for ``mover`` as the game's absolute estimate (distances dropped).

    ENSURES: ``score_to_est(est_to_score(e, p), p) == e``; order-preserving for Maxie,
    order-reversing for Minnie.

    >>> from sml150.lib.signatures import Minnie
    >>> score_to_est(win_in(3), Minnie), score_to_est(-2, Minnie), score_to_est(loss_in(1), Maxie)
    (MinnieWins(), Guess(n=2), MinnieWins())
    """
    if v > MATE_LIMIT:
        return MaxieWins() if mover is Maxie else MinnieWins()
    if v < -MATE_LIMIT:
        return MinnieWins() if mover is Maxie else MaxieWins()
    return Guess(v if mover is Maxie else -v)


def describe(v: Score) -> str:
    """A score in words: ``win in 3``, ``loss in 2``, ``guess -7``, ``draw or even (0)``.

    >>> describe(win_in(0))
    'win in 0'
    """
    if v > MATE_LIMIT:
        return f"win in {WIN - v}"
    if v < -MATE_LIMIT:
        return f"loss in {v + WIN}"
    if v == 0:
        return "draw or even (0)"
    return f"guess {v}"
