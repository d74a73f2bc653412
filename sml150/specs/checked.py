"""Your own GAME, checked on every call while it is played (``CheckedGame``).

``load_game`` tries each member once, on the start state; a game can still go wrong later: an
``estimate`` that raises three moves in, a ``move_to_string`` that returns a number for some
move, a position ``status`` calls ``In_play`` whose ``moves`` are empty. Each such call would
end deep inside a search or the referee, as a traceback about something else. ``CheckedGame``
stands in for the loaded game: every GAME member's result is checked against the Protocol
and every failure of a member becomes ``GameBroke``, one line naming the game, the member,
the state it was called on, and what went wrong. Everything else (the engine's hooks,
``move_hint``) is the game's own, read through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from returns.maybe import Maybe

from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.seq import Seq
from sml150.lib.signatures import In_play, Over, Player
from sml150.specs._error import SpecError

__all__ = ["EST_MEMBERS", "CheckedGame", "GameBroke"]

EST_MEMBERS: Final = ("minnie_wins", "maxie_wins", "draw", "guess", "compare", "to_string")
"""What a GAME's ``Est`` must have (``sml150.lib.signatures.EST``)."""

T = TypeVar("T")


class GameBroke(SpecError):
    """An own GAME's member failed or returned what the Protocol does not allow, in play.

    >>> str(GameBroke("'m:G': estimate(x) returned None, not an estimate"))
    "'m:G': estimate(x) returned None, not an estimate"
    """


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


class CheckedGame:
    """``game`` (loaded from ``text``, a ``MODULE:ATTRIBUTE``), each member checked per call.

    >>> from examples.nim import Nim
    >>> g = CheckedGame(Nim((1,)), "examples.nim:Nim")
    >>> g.move_to_string((0, 1)), g.heaps
    ('take 1 from heap 0', (1,))
    >>> g.make_move(g.start, (0, 5))
    Traceback (most recent call last):
    ...
    sml150.specs.checked.GameBroke: 'examples.nim:Nim': make_move(heaps 1, Maxie to move, ...) \
failed: ValueError: Nim: (0, 5) is not a legal move in heaps 1, Maxie to move
    """

    def __init__(self, game: Any, text: str) -> None:
        self._game = game
        self._text = text

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_game", "_text"):  # pickling, copying
            raise AttributeError(name)
        return getattr(self._game, name)

    def __repr__(self) -> str:
        return f"CheckedGame({self._game!r})"

    def _state(self, s: Any) -> str:
        try:
            return _short(str(self._game.state_to_string(s)))
        except Exception:  # the state cannot even be printed: its type will do
            return f"a {type(s).__name__}"

    def _call(self, member: str, on: str, f: Callable[[], T]) -> T:
        try:
            return f()
        except GameBroke:
            raise
        except Exception as e:
            raise GameBroke(f"{self._text!r}: {member}({on}) failed: {type(e).__name__}:"
                            f" {_short(str(e), 200)}") from None

    def _wrong(self, member: str, on: str, value: object, want: str) -> GameBroke:
        return GameBroke(f"{self._text!r}: {member}({on}) returned {_short(repr(value))},"
                         f" not {want}")

    @property
    def Est(self) -> Any:
        """The game's ``Est``, which must be an EST."""
        est = self._call("Est", "", lambda: self._game.Est)
        missing = [m for m in EST_MEMBERS if not hasattr(est, m)]
        if missing:
            raise GameBroke(f"{self._text!r}: Est is {_short(repr(est))}, not an EST (it lacks"
                            f" {', '.join(missing)})")
        return est

    @property
    def start(self) -> Any:
        """The game's start state."""
        return self._call("start", "", lambda: self._game.start)

    def moves(self, s: Any) -> Any:
        """A ``Seq`` of moves; empty only where ``status`` is ``Over``."""
        on = self._state(s)
        found = self._call("moves", on, lambda: self._game.moves(s))
        if not isinstance(found, Seq):
            raise self._wrong("moves", on, found, "a Seq")
        if Seq.length(found) == 0 and isinstance(self.status(s), In_play):
            raise GameBroke(f"{self._text!r}: moves({on}) is empty, but status says In_play"
                            " (a position in play needs a move)")
        return found

    def status(self, s: Any) -> Any:
        """``In_play()`` or ``Over(...)``."""
        on = self._state(s)
        found = self._call("status", on, lambda: self._game.status(s))
        if not isinstance(found, In_play | Over):
            raise self._wrong("status", on, found, "In_play() or Over(...)")
        return found

    def player(self, s: Any) -> Any:
        """``Maxie`` or ``Minnie``."""
        on = self._state(s)
        found = self._call("player", on, lambda: self._game.player(s))
        if not isinstance(found, Player):
            raise self._wrong("player", on, found, "Maxie or Minnie")
        return found

    def make_move(self, s: Any, m: Any) -> Any:
        """The state after ``m``."""
        on = f"{self._state(s)}, {_short(repr(m), 30)}"
        return self._call("make_move", on, lambda: self._game.make_move(s, m))

    def estimate(self, s: Any) -> Any:
        """An estimate: ``Guess(n)``, ``MaxieWins()`` or ``MinnieWins()``."""
        on = self._state(s)
        found = self._call("estimate", on, lambda: self._game.estimate(s))
        if not isinstance(found, Guess | MaxieWins | MinnieWins):
            raise self._wrong("estimate", on, found,
                              "an estimate (Guess(n), MaxieWins() or MinnieWins())")
        return found

    def move_to_string(self, m: Any) -> str:
        """A ``str``."""
        on = _short(repr(m), 30)
        found = self._call("move_to_string", on, lambda: self._game.move_to_string(m))
        if not isinstance(found, str):
            raise self._wrong("move_to_string", on, found, "a str")
        return found

    def state_to_string(self, s: Any) -> str:
        """A ``str``."""
        found = self._call("state_to_string", f"a {type(s).__name__}",
                           lambda: self._game.state_to_string(s))
        if not isinstance(found, str):
            raise self._wrong("state_to_string", f"a {type(s).__name__}", found, "a str")
        return found

    def parse_move(self, s: Any, line: str) -> Any:
        """A ``Maybe``."""
        on = f"{self._state(s)}, {_short(repr(line), 30)}"
        found = self._call("parse_move", on, lambda: self._game.parse_move(s, line))
        if not isinstance(found, Maybe):
            raise self._wrong("parse_move", on, found, "a Maybe")
        return found
