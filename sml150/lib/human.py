r"""``HumanPlayer``: a PLAYER that asks a person for each move.

It prompts ``Maxie, please type your move: `` and reads one line; a line that does not parse to a
legal move prints ``Bad move for this state: <line>`` and asks again. Input and output are
streams given in the settings, so the player can be driven by a test or a terminal.

>>> import io
>>> from sml150.lib.explicit import HandoutSmall
>>> out = io.StringIO()
>>> p = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("7\n2\n"), output=out))
>>> p.next_move(HandoutSmall.start)
2
>>> print(out.getvalue())
Maxie, please type your move: Bad move for this state: 7
Maxie, please type your move:
"""

from __future__ import annotations

import sys
from typing import Generic, TextIO, TypeVar, final

import attrs
from returns.pipeline import is_successful

from sml150.lib.signatures import GAME, In_play, _check_game

__all__ = ["HumanPlayer", "HumanSettings"]

State = TypeVar("State")
Move = TypeVar("Move")


@attrs.frozen
class HumanSettings(Generic[State, Move]):
    """The HumanPlayer functor's argument: the game and the person's terminal.

    ``input``/``output`` default to standard input/output at the time of each call.
    """

    G: GAME[State, Move] = attrs.field(validator=_check_game)
    """The game played."""
    input: TextIO | None = None
    """Where moves are read from (``None``: standard input)."""
    output: TextIO | None = None
    """Where prompts are written (``None``: standard output)."""


@final
@attrs.frozen
class _HumanPlayer(Generic[State, Move]):
    """The PLAYER structure ``HumanPlayer`` returns."""

    settings: HumanSettings[State, Move]
    """The game and the streams."""

    @property
    def Game(self) -> GAME[State, Move]:
        """The game played."""
        return self.settings.G

    def next_move(self, s: State) -> Move:
        """Ask until a line parses to one of ``Game.moves s``.

        REQUIRES: ``s`` In_play. Raises ``EOFError`` (naming the player) if the input ends first.
        """
        g = self.Game
        if not isinstance(g.status(s), In_play):
            raise ValueError(f"no move to choose: the game is over in {g.state_to_string(s)}")
        inp = self.settings.input if self.settings.input is not None else sys.stdin
        out = self.settings.output if self.settings.output is not None else sys.stdout
        who = g.player(s).name
        legal = g.moves(s)
        while True:
            out.write(f"{who}, please type your move: ")
            out.flush()
            line = inp.readline()
            if not line:
                raise EOFError(f"HumanPlayer: the input ended before {who} typed a move")
            text = line.rstrip("\r\n")
            parsed = g.parse_move(s, text)
            if is_successful(parsed):
                m = parsed.unwrap()
                if m in legal:
                    return m
            out.write(f"Bad move for this state: {text}\n")


def HumanPlayer(settings: HumanSettings[State, Move]) -> _HumanPlayer[State, Move]:
    r"""``functor HumanPlayer (structure G : GAME) : PLAYER``: moves typed by a person.

    ENSURES: ``next_move s`` is a legal move of ``s`` typed on ``settings.input``.

    >>> import io
    >>> from sml150.lib.explicit import HandoutSmall
    >>> HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("0\n"),
    ...                           output=io.StringIO())).next_move(HandoutSmall.start)
    0
    """
    return _HumanPlayer(settings)
