"""The README's patterns for SML options type-check under ``mypy --strict`` without noise.

Nothing here runs; ``mypy --strict`` checks it. The negative lines show the noise the README
warns about (``case Some(x)`` binds ``x: Any``) and go red if it ever vanishes.
"""

from __future__ import annotations

from returns import maybe
from returns.maybe import Maybe, Nothing, Some

from sml150.handouts.hw10.tictactoe import Board, Entry, Location, O, Tile, TTTState
from sml150.lib.seq import Seq
from sml150.lib.signatures import Player


def tile_at(s: TTTState, loc: Location) -> Tile:
    """``Seq.nth c (Seq.nth r board)``: the board is the handout's ``tile seq seq``."""
    r, c = loc
    board: Board = s.board
    return Seq.nth(c, Seq.nth(r, board))


def entry_or_none(t: Tile) -> Entry | None:
    """A class pattern names the type: no ``Any``."""
    match t:
        case Some(Entry() as e):
            return e
        case maybe.Nothing:
            return None
    return None


def sum_of_pair(t: Maybe[tuple[int, int]]) -> int:
    match t:
        case Some((int() as a, int() as b)):
            return a + b
        case _:
            return 0


def count_row(e: Entry, row: Seq[Tile]) -> int:
    """The README's board function, written as in SML."""

    def one(t: Tile) -> int:
        match t:
            case Some(Entry() as e2):
                return 1 if e2 is e else 0
            case _:
                return 0

    return Seq.mapreduce(one, 0, lambda a, b: a + b, row)


def typed_methods(t: Tile) -> Entry:
    """``getOpt``, ``Option.map``, ``valOf``, ``isSome`` through the container's own methods."""
    first: Entry = t.value_or(O)
    shown: Maybe[str] = t.map(lambda e: e.value)
    del shown
    if t == Nothing:
        return first
    return t.unwrap()


def isinstance_loses_the_type(t: Tile) -> Entry:
    if isinstance(t, Some):
        return t.unwrap()  # type: ignore[no-any-return]
    return O


def player_patterns(p: Player) -> str:
    """Dotted names are value patterns; a bare name would capture."""
    match p:
        case Player.Maxie:
            return "O"
        case Player.Minnie:
            return "X"


def the_noise_the_readme_warns_about(t: Tile) -> Entry:
    match t:
        case Some(e):
            return e  # type: ignore[no-any-return]
    return O


def a_tile_is_no_entry(s: TTTState) -> Entry:
    return tile_at(s, (0, 0))  # type: ignore[return-value]
