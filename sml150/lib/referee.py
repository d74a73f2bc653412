"""``Referee``: plays a game between two players, printing it as the course library does.

Before every move it prints the state, then ``Maxie decides to make the move <move> in <t>
seconds.``; at the end the final state and ``Game over! Maxie wins!`` (or ``Minnie wins!``, or
``It's a draw!``). Some games never end (two Riskless players can repeat the same pair of moves
forever), so the Referee has a move limit: a game that reaches it ends as a draw by limit; and
it may end a game as a draw by repetition when a position occurs for the ``repetition_limit``-th
time (off by default; the ``sml150`` command turns it on, at 3). Neither is a rule of any
handout's game: both are the Referee's, and it says which one ended the game.

>>> from sml150.lib.explicit import ExplicitGame, Esti, Node
>>> from sml150.lib.minimax import MiniMax
>>> from sml150.lib.signatures import Settings
>>> g = ExplicitGame(Node("a", [Esti("b", 1), Esti("c", 2)]))
>>> p = MiniMax(Settings(G=g, search_depth=1))
>>> record = Referee(RefereeSettings(Maxie=p, Minnie=p, move_limit=1, clock=lambda: 0.0)).go()
(Maxie,a)
Estimating state b[1]
Estimating state c[2]
Maxie decides to make the move 1 in 0.000 seconds.
(Minnie,c)
Game over! It's a draw! (move limit of 1 reached)
>>> record.moves, record.by_limit, record.ending
((1,), True, 'move limit of 1 reached')
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar, final

import attrs

from sml150.lib.signatures import (
    GAME,
    PLAYER,
    Draw,
    In_play,
    Maxie,
    Outcome,
    Over,
    Player,
    Winner,
)

__all__ = ["GameRecord", "Referee", "RefereeSettings", "Writer"]

State = TypeVar("State")
Move = TypeVar("Move")


class Writer(Protocol):
    """Where the Referee prints: anything with ``write(str)`` (a file, a terminal painter)."""

    def write(self, text: str, /) -> object:
        """Write ``text``."""
        ...


def _positive(instance: object, attribute: attrs.Attribute[int], value: int | None) -> None:
    if value is None and attribute.name == "repetition_limit":
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(
            f"{type(instance).__name__}.{attribute.name} must be an int >= 1, not {value!r}")


@attrs.frozen
class RefereeSettings(Generic[State, Move]):
    """The Referee functor's argument: two players of one game, and how to run the match.

    SML: ``structure Maxie : PLAYER structure Minnie : PLAYER sharing Maxie.Game = Minnie.Game``.

    REQUIRES: both players play the same game (checked: ``TypeError`` otherwise), ``move_limit
    >= 1`` (``ValueError``).
    """

    Maxie: PLAYER[State, Move]
    """The player who moves when ``Game.player s`` is Maxie."""
    Minnie: PLAYER[State, Move]
    """The player who moves when ``Game.player s`` is Minnie."""
    move_limit: int = attrs.field(default=1000, validator=_positive)
    """Moves after which an unfinished game ends as a draw by limit."""
    repetition_limit: int | None = attrs.field(default=None, validator=_positive)
    """End an unfinished game as a draw when a position (state and player to move) occurs for
    this many times (``None``: never; states that cannot be hashed are never compared)."""
    show: bool = True
    """Print the game as the SML Referee does; ``False`` plays silently."""
    out: Writer | None = None
    """Where to print (``None``: standard output at the time of the call)."""
    clock: Callable[[], float] = time.perf_counter
    """The clock timing each move (injectable for reproducible output)."""

    def __attrs_post_init__(self) -> None:
        if self.Maxie.Game != self.Minnie.Game:
            raise TypeError(
                "Referee: Maxie and Minnie must play the same game (sharing Maxie.Game ="
                f" Minnie.Game), got {self.Maxie.Game!r} and {self.Minnie.Game!r}"
            )


@final
@attrs.frozen
class GameRecord(Generic[State, Move]):
    """What happened in one game.

    ``outcome`` is ``Draw()`` when the move limit ended the game (then ``by_limit`` is true) or
    a repeated position did (then ``by_repetition`` is true).
    """

    outcome: Outcome
    """The result of the game."""
    by_limit: bool
    """Whether the move limit, not the rules, ended the game."""
    moves: tuple[Move, ...]
    """Every move played, in order."""
    final: State
    """The last state."""
    seconds: tuple[float, ...]
    """How long each move took to choose."""
    by_repetition: bool = False
    """Whether a repeated position (the Referee's repetition limit) ended the game."""
    repetition_limit: int | None = None
    """The repetition limit that was in force."""

    @property
    def ending(self) -> str:
        """Why the game ended, as the Referee says it after the outcome.

        >>> GameRecord(Draw(), False, (), None, (), True, 3).ending
        'position repeated 3 times'
        >>> GameRecord(Winner(Maxie), False, (), None, ()).ending
        'the rules'
        """
        if self.by_repetition:
            return f"position repeated {self.repetition_limit} times"
        if self.by_limit:
            return f"move limit of {self.plies} reached"
        return "the rules"

    @property
    def plies(self) -> int:
        """The number of moves played.

        >>> GameRecord(Draw(), True, (1, 2), None, (0.0, 0.0)).plies
        2
        """
        return len(self.moves)


def outcome_to_string(o: Outcome) -> str:
    """How the Referee announces an outcome.

    >>> outcome_to_string(Winner(Maxie)), outcome_to_string(Draw())
    ('Maxie wins!', "It's a draw!")
    """
    match o:
        case Winner(p):
            return f"{p.name} wins!"
        case Draw():
            return "It's a draw!"
    raise TypeError(f"not an outcome: {o!r}")


@final
@attrs.frozen
class _Referee(Generic[State, Move]):
    """The structure ``Referee`` returns: ``go`` plays one game."""

    settings: RefereeSettings[State, Move]
    """The players and the match settings."""

    @property
    def Game(self) -> GAME[State, Move]:
        """The game both players play."""
        return self.settings.Maxie.Game

    def _player(self, p: Player) -> PLAYER[State, Move]:
        return self.settings.Maxie if p is Maxie else self.settings.Minnie

    def go(self, start: State | None = None) -> GameRecord[State, Move]:
        """Play from ``start`` (default ``Game.start``) until the game is over or the limit.

        ENSURES: the record's moves were legal in turn, and ``final`` is the state they reach.
        """
        cfg = self.settings
        g = self.Game
        out = cfg.out if cfg.out is not None else sys.stdout

        def say(line: str) -> None:
            if cfg.show:
                print(line, file=out)

        s = g.start if start is None else start
        moves: list[Move] = []
        seconds: list[float] = []
        seen: Counter[object] = Counter()
        repeated = False
        # Inv: s is the state reached from the start by `moves`, each legal when played; `seen`
        # counts the hashable positions met so far, `repeated` says one reached the limit.
        while isinstance(g.status(s), In_play) and len(moves) < cfg.move_limit:
            if cfg.repetition_limit is not None and _hashable(s):
                seen[s] += 1
                if seen[s] >= cfg.repetition_limit:
                    repeated = True
                    break
            say(g.state_to_string(s))
            who = g.player(s)
            began = cfg.clock()
            m = self._player(who).next_move(s)
            took = cfg.clock() - began
            if m not in g.moves(s):
                raise ValueError(
                    f"Referee: {who.name} chose {g.move_to_string(m)}, which is not a legal move"
                    f" in {g.state_to_string(s)}"
                )
            say(f"{who.name} decides to make the move {g.move_to_string(m)} in {took:.3f} seconds.")
            s = g.make_move(s, m)
            moves.append(m)
            seconds.append(took)
        say(g.state_to_string(s))
        match g.status(s):
            case Over(outcome):
                say(f"Game over! {outcome_to_string(outcome)}")
                return GameRecord(outcome, False, tuple(moves), s, tuple(seconds))
        record: GameRecord[State, Move] = GameRecord(
            Draw(), not repeated, tuple(moves), s, tuple(seconds), by_repetition=repeated,
            repetition_limit=cfg.repetition_limit)
        say(f"Game over! It's a draw! ({record.ending})")
        return record


def _hashable(s: object) -> bool:
    """Whether ``s`` can be counted (frozen attrs states, tuples, ints: yes; lists: no).

    >>> _hashable((1, 2)), _hashable([1, 2])
    (True, False)
    """
    try:
        hash(s)
    except TypeError:
        return False
    return True


def Referee(settings: RefereeSettings[State, Move]) -> _Referee[State, Move]:
    """``functor Referee (structure Maxie : PLAYER structure Minnie : PLAYER)``.

    ENSURES: ``Referee(settings).go()`` plays one game and returns its ``GameRecord``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> from sml150.lib.minimax import MiniMax
    >>> from sml150.lib.signatures import Settings
    >>> p = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    >>> Referee(RefereeSettings(Maxie=p, Minnie=p, move_limit=1, show=False)).go().moves
    Estimating state c[3]
    ...
    (1,)
    """
    return _Referee(settings)
