"""mypy must reject a game that does not fit GAME, and a player for the wrong game.

Nothing here runs (the functions are never called); ``mypy --strict`` checks it, and with
``warn_unused_ignores`` each ``# type: ignore[...]`` fails the check once the error vanishes.
"""

from __future__ import annotations

import attrs
from returns.maybe import Maybe, Nothing

from sml150._toolz import pipe
from sml150.lib.est import Est, Guess, est
from sml150.lib.explicit import ExplicitState, HandoutSmall
from sml150.lib.minimax import MiniMax
from sml150.lib.referee import Referee, RefereeSettings
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    EST,
    GAME,
    PLAYER,
    SEQUENCE,
    In_play,
    Maxie,
    Player,
    Settings,
    Status,
)


@attrs.frozen
class Counter:
    """A complete toy GAME over int states and str moves."""

    @property
    def Est(self) -> EST:
        return Est

    @property
    def start(self) -> int:
        return 0

    def moves(self, s: int) -> Seq[str]:
        return Seq.from_list(["+1"])

    def status(self, s: int) -> Status:
        return In_play()

    def player(self, s: int) -> Player:
        return Maxie

    def make_move(self, s: int, m: str) -> int:
        return s + 1

    def estimate(self, s: int) -> est:
        return Guess(s)

    def move_to_string(self, m: str) -> str:
        return m

    def state_to_string(self, s: int) -> str:
        return str(s)

    def parse_move(self, s: int, line: str) -> Maybe[str]:
        return Nothing


@attrs.frozen
class NoMakeMove:
    """Like Counter but missing make_move."""

    @property
    def Est(self) -> EST:
        return Est

    @property
    def start(self) -> int:
        return 0

    def moves(self, s: int) -> Seq[str]:
        return Seq.from_list(["+1"])

    def status(self, s: int) -> Status:
        return In_play()

    def player(self, s: int) -> Player:
        return Maxie

    def estimate(self, s: int) -> est:
        return Guess(s)

    def move_to_string(self, m: str) -> str:
        return m

    def state_to_string(self, s: int) -> str:
        return str(s)

    def parse_move(self, s: int, line: str) -> Maybe[str]:
        return Nothing


def games_that_fit() -> None:
    g: GAME[int, str] = Counter()
    h: GAME[ExplicitState, int] = HandoutSmall
    s: SEQUENCE = Seq
    p: PLAYER[int, str] = MiniMax(Settings(G=g, search_depth=1))
    q: PLAYER[ExplicitState, int] = MiniMax(Settings(G=h, search_depth=1))
    Referee(RefereeSettings(Maxie=p, Minnie=p))
    Referee(RefereeSettings(Maxie=q, Minnie=q))
    del s


def games_that_do_not_fit() -> None:
    # a game missing make_move is not a GAME
    bad: GAME[int, str] = NoMakeMove()  # type: ignore[assignment]
    # a GAME with the wrong move type
    wrong: GAME[int, int] = Counter()  # type: ignore[assignment]
    # Settings needs a GAME
    Settings(G=NoMakeMove(), search_depth=2)  # type: ignore[arg-type]
    del bad, wrong


def players_for_the_wrong_game() -> None:
    counter_player = MiniMax(Settings(G=Counter(), search_depth=1))
    explicit_player = MiniMax(Settings(G=HandoutSmall, search_depth=1))
    # a player for another game
    p: PLAYER[ExplicitState, int] = counter_player  # type: ignore[assignment]
    # the Referee's two players must play the same game
    mixed = RefereeSettings(Maxie=counter_player, Minnie=explicit_player)  # type: ignore[misc]
    # next_move takes the player's own game's states
    explicit_player.next_move(0)  # type: ignore[arg-type]
    del p, mixed


def sequences_are_typed() -> None:
    s = Seq.from_list([1, 2, 3])
    t: Seq[str] = Seq.map(str.upper, s)  # type: ignore[arg-type]
    Seq.nth("0", s)  # type: ignore[arg-type]
    # the curried forms keep their types through a pipeline
    def positive(x: int) -> bool:
        return x > 0

    def show(x: int) -> str:
        return str(x)

    u: Seq[str] = pipe(s, Seq.filter(positive), Seq.map(show))
    v: Seq[int] = pipe(s, Seq.map(show))  # type: ignore[arg-type]
    del t, u, v
