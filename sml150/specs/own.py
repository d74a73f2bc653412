"""Your own GAME (``MODULE:ATTRIBUTE``): loaded only if it is one, checked before it is played.

What the attribute may be, checked *before anything is called*:

- a GAME itself (an object, or a module, with every member of the GAME Protocol);
- a class whose instances are GAMEs: it has every member of the Protocol, and can be called
  with no arguments;
- a function documented as making a GAME: its return annotation is ``GAME[...]`` (or a class as
  above), and it can be called with no arguments.

Anything else (``sys:exit``, ``builtins:breakpoint``, ``os:abort``, a plain class) is refused in
one line without being called. Then the game's members are tried once on its start state: each
must return what the Protocol says (``moves`` a ``Seq``, ``status`` an ``In_play`` or ``Over``,
``player`` a ``Player``, ``estimate`` an estimate, the strings strings, ``parse_move`` a
``Maybe``, ``Est`` an EST), so a wrong game is refused at load naming the member, not deep
inside a search. What is loaded is played as a ``CheckedGame`` (``checked``): a member that goes
wrong later, in play, ends the command in one line naming it (``GameBroke``).

A module that ends its import with ``GeneratorExit`` or ``SystemExit``, or closes standard
output or error while it loads, is refused in one line too (the streams are put back).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import os
import sys
import typing
from typing import Any, Final

from returns.maybe import Maybe

from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.seq import Seq
from sml150.lib.signatures import GAME, In_play, Over, Player
from sml150.specs._choice import explicit_tree
from sml150.specs._error import SpecError, shown
from sml150.specs.checked import EST_MEMBERS, CheckedGame
from sml150.specs.game import ModuleSpec

__all__ = ["GAME_MEMBERS", "check_game", "load_game"]

GAME_MEMBERS: Final = ("Est", "start", "moves", "status", "player", "make_move", "estimate",
                       "move_to_string", "state_to_string", "parse_move")
"""The members of the GAME Protocol (``sml150.lib.signatures.GAME``)."""


def _has(obj: object, name: str) -> bool:
    """Whether ``obj`` has ``name``, looked up without running anything.

    No property and no ``__getattr__`` runs: a member that raises is found by its check, named.
    """
    try:
        inspect.getattr_static(obj, name)
    except AttributeError:
        return False
    return True


def _missing(obj: object) -> list[str]:
    return [name for name in GAME_MEMBERS if not _has(obj, name)]


def _callable_without_arguments(f: Any) -> bool:
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):  # a builtin without a signature
        return False
    return all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in sig.parameters.values())


def _makes_a_game(f: Any) -> bool:
    """Whether ``f``'s return annotation says it returns a GAME (evaluated, never called)."""
    try:
        hints = typing.get_type_hints(f)
    except Exception:  # an annotation that does not evaluate documents nothing
        return False
    ret = hints.get("return")
    origin = typing.get_origin(ret) or ret
    if origin is GAME:
        return True
    return isinstance(origin, type) and not _missing(origin)


_USER_EXITS: Final = (Exception, GeneratorExit, SystemExit)
"""What a user's module, constructor or member may raise that still ends as one line (not
``KeyboardInterrupt``: that is the person at the keyboard)."""


def _import(spec: ModuleSpec) -> object:
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    text = shown(spec.text)
    streams = (sys.stdout, sys.stderr)
    try:
        module = importlib.import_module(spec.module)
    except ModuleNotFoundError as e:
        if e.name is not None and (spec.module + ".").startswith(e.name + "."):
            raise SpecError(f"cannot import {spec.module!r} for GAME {text!r}: {e}") from None
        raise SpecError(f"importing {spec.module!r} for GAME {text!r} failed:"
                        f" {type(e).__name__}: {e}") from None
    except _USER_EXITS as e:  # the user's module failed while loading: one line
        raise SpecError(f"importing {spec.module!r} for GAME {text!r} failed:"
                        f" {type(e).__name__}: {e}") from None
    finally:
        if added and here in sys.path:
            sys.path.remove(here)
        touched = _put_back_streams(streams)
    if touched:
        raise SpecError(f"importing {spec.module!r} for GAME {text!r} {touched}: a game's"
                        " module must leave the command's output alone")
    found: object = module
    for part in spec.attribute.split("."):
        if not hasattr(found, part):
            raise SpecError(f"module {spec.module!r} has no attribute {spec.attribute!r}")
        found = getattr(found, part)
    return found


def _put_back_streams(streams: tuple[Any, Any]) -> str:
    """Standard output and error as they were before an import; what the import did to them.

    A stream the import closed is opened again on its file descriptor where that is still
    open (else on ``/dev/null``), so the refusal can still be printed.
    """
    done = []
    for name, before in zip(("stdout", "stderr"), streams, strict=True):
        if getattr(sys, name) is not before:
            setattr(sys, name, before)
            done.append(f"replaced standard {name[3:]}")
        if getattr(before, "closed", False):
            done.append(f"closed standard {name[3:]}")
            fd = 1 if name == "stdout" else 2
            try:
                os.fstat(fd)
            except OSError:
                fd = os.open(os.devnull, os.O_WRONLY)
            setattr(sys, name, open(fd, "w", closefd=False))  # noqa: SIM115 -- the process's own stream, open until exit
    return " and ".join(done)


def load_game(spec: ModuleSpec) -> GAME[Any, Any]:
    """The GAME ``spec`` names, checked as the module docstring says.

    REQUIRES: true. ENSURES: a GAME whose members gave the right types on its start state, or
    ``SpecError`` naming what is wrong; nothing but a GAME (or a documented maker of one) is
    called. The GAME comes as a ``CheckedGame``: in play, a member that fails or returns a
    wrong type raises ``GameBroke`` naming it.

    >>> load_game(ModuleSpec("os", "abort"))
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: 'os:abort' is not a GAME: a function not annotated to return ...
    """
    text = shown(spec.text)
    found = _import(spec)
    game: object = found
    if isinstance(found, type) and getattr(found, "_is_protocol", False):
        raise SpecError(f"{text!r} is not a GAME: a Protocol (it describes GAMEs; name one)")
    if isinstance(found, type):
        missing = _missing(found)
        if missing:
            raise SpecError(f"{text!r} is not a GAME: a class without {', '.join(missing)}")
        if not _callable_without_arguments(found):
            raise SpecError(f"{text!r} is a GAME class, but it needs arguments")
    elif callable(found) and _missing(found):
        if not _makes_a_game(found):
            raise SpecError(f"{text!r} is not a GAME: a function not annotated to return one"
                            " (give it a return annotation GAME[...] to load it)")
        if not _callable_without_arguments(found):
            raise SpecError(f"{text!r} makes a GAME, but it needs arguments")
    else:
        missing = _missing(found)
        if missing:
            raise SpecError(f"{text!r} is not a GAME (it lacks {', '.join(missing)})")
    if game is found and (isinstance(found, type) or _missing(found)):
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                game = found()  # type: ignore[operator]  # found was checked callable and annotated -> GAME above
        except _USER_EXITS as e:  # the user's constructor: one line
            raise SpecError(f"{text!r}: making the GAME failed: {type(e).__name__}: {e}"
                            ) from None
        missing = _missing(game)
        if missing:
            raise SpecError(f"{text!r} did not make a GAME (it lacks {', '.join(missing)})")
    return typing.cast(GAME[Any, Any], CheckedGame(check_game(game, text), text))


def _check(text: str, member: str, value: object, want: type | tuple[type, ...],
           what: str) -> None:
    if not isinstance(value, want):
        raise SpecError(f"{text!r} is not a GAME: {member} returned a {type(value).__name__},"
                        f" not {what}")


def check_game(game: Any, text: str) -> GAME[Any, Any]:
    """``game`` if its members give the Protocol's types on its start state; else ``SpecError``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> check_game(HandoutSmall, "HandoutSmall") is HandoutSmall
    True
    """
    member = "Est"
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # e.g. "Estimating state ..." lines
            est = game.Est
            lacks = [m for m in EST_MEMBERS if not hasattr(est, m)]
            if lacks:
                raise SpecError(f"{text!r} is not a GAME: its Est is {shown(repr(est))}, not an"
                                f" EST (it lacks {', '.join(lacks)})")
            member = "start"
            s = game.start
            member = "moves(start)"
            moves = game.moves(s)
            _check(text, member, moves, Seq, "a Seq (wrap a list with Seq.from_list)")
            member = "status(start)"
            _check(text, member, game.status(s), (In_play, Over), "In_play() or Over(...)")
            member = "player(start)"
            _check(text, member, game.player(s), Player, "Maxie or Minnie")
            member = "estimate(start)"
            if explicit_tree(game) is None:  # an explicit tree estimates its leaves only
                _check(text, member, game.estimate(s), (Guess, MaxieWins, MinnieWins),
                       "an estimate (Guess(n), MaxieWins() or MinnieWins())")
            member = "state_to_string(start)"
            _check(text, member, game.state_to_string(s), str, "a str")
            if Seq.length(moves) > 0:
                m = Seq.nth(0, moves)
                member = "move_to_string(a move)"
                typed = game.move_to_string(m)
                _check(text, member, typed, str, "a str")
                member = "parse_move(start, a move as printed)"
                _check(text, member, game.parse_move(s, typed), Maybe, "a Maybe")
                member = "make_move(start, a move)"
                game.make_move(s, m)
    except SpecError:
        raise
    except _USER_EXITS as e:  # the user's member failed: one line naming it
        raise SpecError(f"{text!r}: {member} failed: {type(e).__name__}: {e}") from None
    if not isinstance(game, GAME):
        raise SpecError(f"{text!r} is not a GAME (it lacks {', '.join(_missing(game))})")
    return game
