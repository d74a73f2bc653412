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

Every line goes through one reader (``read_move``), the same for every game: digits are ASCII
only (``٤`` is refused before the game's ``parse_move`` sees it), and with a hint a refused line
is quoted with its reason (a number too large to be a move, a negative number, or the game's own
``explain``). On a terminal, lines typed before the prompt (while an AI thought) are discarded.
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

__all__ = ["HumanPlayer", "HumanSettings", "Read", "Refused", "read_move"]

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


MAX_DIGITS = 9
"""The most digits a number in a typed move has (a larger one is refused, never clamped)."""


@final
@attrs.frozen
class Read(Generic[Move]):
    """A typed line that names a legal move."""

    move: Move
    """The move."""


@final
@attrs.frozen
class Refused:
    """A typed line that names no legal move."""

    reason: str | None
    """Why, quoting what was typed; ``None``: ask the game (its ``explain``), if anyone asks."""


def refusal(text: str) -> str | None:
    """Why ``text`` can be no move in any game, quoting it; ``None`` if it might be one.

    Checked before a game's ``parse_move``: a line longer than ``MAX_LINE``, or with a digit
    that is not ASCII (``int`` reads ``٤`` as 4, some games' parsers would too).

    >>> refusal("4"), refusal("٤")
    (None, "'٤' is not a digit 0-9 (type moves with ASCII digits)")
    """
    if len(text) > MAX_LINE:
        return f"the line is {len(text)} characters long (a move is at most {MAX_LINE})"
    odd = next((ch for ch in text if ch.isdigit() and not "0" <= ch <= "9"), None)
    if odd is not None:
        return f"{odd!r} is not a digit 0-9 (type moves with ASCII digits)"
    return None


def number_refusal(text: str) -> str | None:
    """Why the numbers in ``text`` can be in no move, quoting them; ``None`` if they can.

    Checked after the game found no move in ``text``, before its ``explain`` (which never sees
    a huge or negative number, so it need not clamp one).

    >>> number_refusal("99999999999999999999 1")
    "'99999999999999999999' is too large for a move (at most 9 digits)"
    >>> number_refusal("-1 2"), number_refusal("3 - 2"), number_refusal("1 2")
    ("'-1' is negative: numbers in a move are 0 or more", None, None)
    """
    huge = next((n for n in re.findall(r"[0-9]+", text) if len(n.lstrip("0")) > MAX_DIGITS),
                None)
    if huge is not None:
        shown = huge if len(huge) <= 30 else f"{huge[:12]}...({len(huge)} digits)"
        return f"{shown!r} is too large for a move (at most {MAX_DIGITS} digits)"
    negative = re.search(r"(?<![\w)\]])-[0-9]+", text)
    if negative is not None:
        return f"{negative[0]!r} is negative: numbers in a move are 0 or more"
    return None


def read_move(g: GAME[State, Move], s: State, text: str, *, friendly: bool
              ) -> Read[Move] | Refused:
    """The library's one reader of a typed move: the legal move of ``s`` that ``text`` names.

    REQUIRES: ``s`` In_play. ENSURES: ``Read(m)`` with ``m`` in ``moves(s)``, found by the
    game's ``parse_move`` (the SML structure's own reading), and with ``friendly`` also as the
    game prints or describes a move, or by its numbers alone (``(3,4)`` for ``3 4``); else
    ``Refused`` with the reason ``refusal`` or ``number_refusal`` gives (``None``: none of
    theirs). Never raises on any text.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> read_move(HandoutSmall, HandoutSmall.start, "(2)", friendly=True)
    Read(move=2)
    >>> read_move(HandoutSmall, HandoutSmall.start, "٢", friendly=True).reason
    "'٢' is not a digit 0-9 (type moves with ASCII digits)"
    """
    why = refusal(text)
    if why is not None:
        return Refused(why)
    legal = list(g.moves(s))
    found = _find(g, s, text, legal, friendly)
    if is_successful(found):
        return Read(found.unwrap())
    return Refused(number_refusal(text))


def _find(g: GAME[State, Move], s: State, text: str, legal: list[Move], friendly: bool
          ) -> Maybe[Move]:
    """The legal move ``text`` names, if any (see ``read_move``)."""
    try:
        parsed = g.parse_move(s, text)
    except _PARSE_ERRORS:
        parsed = Nothing
    if is_successful(parsed) and parsed.unwrap() in legal:
        return parsed
    if not friendly:
        return Nothing
    typed = _norm(text)
    same = [m for m in legal if typed in (_norm(g.move_to_string(m)), _norm(_typed(g, m)))]
    if len(same) == 1:
        return Some(same[0])
    numbers = _numbers(text)
    if numbers is None:
        return Nothing
    alike = [m for m in legal if _numbers_in(g.move_to_string(m)) == numbers]
    return Some(alike[0]) if len(alike) == 1 else Nothing


def _typed(g: GAME[State, Move], m: Move) -> str:
    """How a person types ``m``: the game's descriptor if it has one, else how it prints."""
    describe = getattr(g, "move_to_descriptor", None)
    return str(describe(m)) if callable(describe) else g.move_to_string(m)


def _discard_typed_ahead(inp: TextIO) -> None:
    """Drop what was typed on a terminal before the prompt (while an AI thought)."""
    try:
        if not inp.isatty():
            return
        import termios

        termios.tcflush(inp.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, AttributeError, ImportError):  # not a real terminal here
        return


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
            _discard_typed_ahead(inp)
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
                out.write(f"Legal moves: {', '.join(_typed(g, m) for m in legal)}\n")
                continue
            match read_move(g, s, text, friendly=hint is not None):
                case Read(move):
                    return move
                case Refused(reason):
                    out.write(self._bad(s, text, reason))

    def _bad(self, s: State, text: str, reason: str | None) -> str:
        """The line saying ``text`` is no move: the SML's own, or with its reason (a hint)."""
        if self.settings.hint is None:
            return f"Bad move for this state: {text}\n"
        shown = text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
        explain = self.settings.explain
        why = (reason if reason is not None
               else explain(s, text) if explain is not None else "not a legal move here")
        return f"Bad move for this state: {shown} -- {why}\n"


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
