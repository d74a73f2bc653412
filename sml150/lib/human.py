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

With a ``hint`` (as the ``sml150 play`` command gives one) the player is friendlier: the prompt
says what to type, ``?`` or ``help`` lists the legal moves, a move may also be typed as the game
prints it (``(3,4)`` for ``3 4``), and a bad move gets a reason (``explain``, if given):

>>> out = io.StringIO()
>>> p = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("?\n7\n(2)\n"), output=out,
...                               hint="a child index", explain=lambda s, line: "no such child"))
>>> p.next_move(HandoutSmall.start)
2
>>> print(out.getvalue())
Maxie, type your move (a child index; ? lists moves): Legal moves: 0, 1, 2
Maxie, type your move (a child index; ? lists moves): Bad move for this state: 7 --
no such child
Maxie, type your move (a child index; ? lists moves):
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Generic, TextIO, TypeVar, final

import attrs
from returns.maybe import Maybe, Nothing, Some
from returns.pipeline import is_successful

from sml150.lib.est import Guess
from sml150.lib.signatures import GAME, Analysis, In_play, Over, _check_game, outcome_value

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
    hint: str | None = None
    """What to type (e.g. ``row col, like 1 2``); given, the player is friendlier (see above)."""
    explain: Callable[[State, str], str] | None = None
    """Why a typed line is not a legal move (used with ``hint``)."""


MAX_LINE = 1000
"""Longest line read as a move; a longer one is a bad move without parsing it."""

_PARSE_ERRORS = (ValueError, TypeError, OverflowError, IndexError, KeyError, RecursionError)
"""What a game's ``parse_move`` might raise on odd text; the line is then simply a bad move."""


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


_NUMS = r"[0-9]+(?:\s*,\s*[0-9]+|\s+[0-9]+)*"
_NUMBERS_ONLY = re.compile(rf"\s*(?:\(\s*{_NUMS}\s*\)|\[\s*{_NUMS}\s*\]|{_NUMS})\s*")
"""Numbers separated by commas or spaces, alone or in one pair of brackets: ``3 4``, ``(3,4)``."""


def _numbers(text: str) -> tuple[str, ...] | None:
    """The ASCII numbers of ``text`` (leading zeros dropped) if it is just numbers, as above.

    REQUIRES: ``len(text) <= MAX_LINE`` (the pattern backtracks on long runs of spaces).
    """
    if _NUMBERS_ONLY.fullmatch(text) is None:
        return None
    return tuple(n.lstrip("0") or "0" for n in re.findall(r"[0-9]+", text))


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

    def analyze(self, s: State) -> Analysis[Move]:
        r"""``next_move`` as an ``Analysis``: a person searches nothing.

        ENSURES: the typed move; terminals, nodes, work and span are 0; the value is the
        outcome's if the move ends the game, else unknown, reported as the draw ``Guess(0)``.

        >>> import io
        >>> from sml150.lib.explicit import HandoutSmall
        >>> p = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("2\n"),
        ...                               output=io.StringIO()))
        >>> p.analyze(HandoutSmall.start)
        Analysis(move=2, value=Guess(n=0), terminals=0, nodes=0, work=0, span=0)
        """
        m = self.next_move(s)
        g = self.Game
        match g.status(g.make_move(s, m)):
            case Over(outcome):
                value = outcome_value(outcome)
            case _:
                value = Guess(0)
        return Analysis(move=m, value=value, terminals=0, nodes=0, work=0, span=0)

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
        if inp is None:  # the process was started with standard input closed
            raise EOFError(f"HumanPlayer: there is no input to read {who}'s move from")
        legal = list(g.moves(s))
        hint = self.settings.hint
        prompt = (f"{who}, please type your move: " if hint is None
                  else f"{who}, type your move ({hint}; ? lists moves): ")
        while True:
            out.write(prompt)
            out.flush()
            try:
                line = inp.readline()
            except UnicodeDecodeError:
                line = "\ufffd\n"
            if not line:
                raise EOFError(f"HumanPlayer: the input ended before {who} typed a move")
            text = line.rstrip("\r\n")
            if hint is not None and text.strip().lower() in ("?", "help"):
                out.write(f"Legal moves: {', '.join(self._typed(m) for m in legal)}\n")
                continue
            found = self._read(s, text, legal)
            if is_successful(found):
                return found.unwrap()
            if hint is None:
                out.write(f"Bad move for this state: {text}\n")
                continue
            shown = text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
            explain = self.settings.explain
            why = explain(s, text) if explain is not None else "not a legal move here"
            out.write(f"Bad move for this state: {shown} -- {why}\n")

    def _typed(self, m: Move) -> str:
        """How a person types ``m``: the game's descriptor if it has one, else how it prints."""
        describe = getattr(self.Game, "move_to_descriptor", None)
        return str(describe(m)) if callable(describe) else self.Game.move_to_string(m)

    def _read(self, s: State, text: str, legal: list[Move]) -> Maybe[Move]:
        """The legal move ``text`` names, if any.

        By the game's ``parse_move``; with a hint, also as the game prints or describes a move,
        or by its numbers alone (``(3,4)`` for ``3 4``).
        """
        if len(text) > MAX_LINE:
            return Nothing
        try:
            parsed = self.Game.parse_move(s, text)
        except _PARSE_ERRORS:
            parsed = Nothing
        if is_successful(parsed) and parsed.unwrap() in legal:
            return parsed
        if self.settings.hint is None:
            return Nothing
        typed = _norm(text)
        same = [m for m in legal
                if typed in (_norm(self.Game.move_to_string(m)), _norm(self._typed(m)))]
        if len(same) == 1:
            return Some(same[0])
        numbers = _numbers(text)
        if numbers is None:
            return Nothing
        alike = [m for m in legal if _numbers_in(self.Game.move_to_string(m)) == numbers]
        return Some(alike[0]) if len(alike) == 1 else Nothing


def _numbers_in(text: str) -> tuple[str, ...]:
    return tuple(n.lstrip("0") or "0" for n in re.findall(r"[0-9]+", text))


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
