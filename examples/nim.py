"""Nim as a GAME: heaps of counters; a move takes counters from one heap; taking the last wins."""

from __future__ import annotations

import re
from functools import reduce

import attrs
from returns.maybe import Maybe, Nothing, Some

from sml150.lib.est import Est, Guess, est
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    EST,
    In_play,
    Maxie,
    Over,
    Player,
    Status,
    Winner,
    other_player,
    outcome_value,
)

Move = tuple[int, int]
"""A move ``(heap, count)``: take ``count >= 1`` counters from heap number ``heap``."""


@attrs.frozen
class NimState:
    """The heaps and the player to move (frozen, so a state is its own hash key)."""

    heaps: tuple[int, ...]
    """Counters left in each heap."""
    player: Player
    """Whose turn it is."""


@attrs.frozen
class Nim:
    """The GAME structure: Nim on ``heaps`` (default 1, 3, 5); Maxie moves first."""

    heaps: tuple[int, ...] = (1, 3, 5)
    """The heaps at the start."""
    move_hint = "heap count, like 2 3"
    """What ``sml150 play`` tells a person to type (optional; not part of GAME)."""

    @property
    def Est(self) -> EST:
        """Estimates: ``MinnieWins < Guess(n) < MaxieWins``, printed the HW11 way."""
        return Est

    @property
    def start(self) -> NimState:
        """The first state."""
        return NimState(self.heaps, Maxie)

    def moves(self, s: NimState) -> Seq[Move]:
        """Every ``(heap, count)``; none when the heaps are empty (the game is over)."""
        return Seq.from_list(
            [(i, k) for i, h in enumerate(s.heaps) for k in range(1, h + 1)]
        )

    def status(self, s: NimState) -> Status:
        """Over when no counter is left: whoever took the last one (not the mover) won."""
        if any(s.heaps):
            return In_play()
        return Over(Winner(other_player(s.player)))

    def player(self, s: NimState) -> Player:
        """Whose turn it is."""
        return s.player

    def make_move(self, s: NimState, m: Move) -> NimState:
        """Take the counters; a ``ValueError`` for a move not in ``moves s``."""
        if m not in list(self.moves(s)):
            raise ValueError(f"Nim: {m!r} is not a legal move in {self.state_to_string(s)}")
        i, k = m
        heaps = (*s.heaps[:i], s.heaps[i] - k, *s.heaps[i + 1 :])
        return NimState(heaps, other_player(s.player))

    def estimate(self, s: NimState) -> est:
        """Exact, by Bouton's theorem: the mover wins iff the heaps' xor is not 0."""
        match self.status(s):
            case Over(outcome):
                return outcome_value(outcome)
        mover_wins = reduce(lambda a, b: a ^ b, s.heaps, 0) != 0
        good_for_maxie = mover_wins == (s.player is Maxie)
        return Guess(1 if good_for_maxie else -1)

    def move_to_string(self, m: Move) -> str:
        """``take 2 from heap 1``."""
        i, k = m
        return f"take {k} from heap {i}"

    def state_to_string(self, s: NimState) -> str:
        """``heaps 1 3 5, Maxie to move``."""
        return f"heaps {' '.join(map(str, s.heaps))}, {s.player.name} to move"

    def parse_move(self, s: NimState, line: str) -> Maybe[Move]:
        """``heap count`` (two numbers), if that is a legal move; else ``Nothing``."""
        found = re.fullmatch(r"\s*([0-9]{1,6})\s+([0-9]{1,6})\s*", line)
        if found is None:
            return Nothing
        m = (int(found[1]), int(found[2]))
        return Some(m) if m in list(self.moves(s)) else Nothing
