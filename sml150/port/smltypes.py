"""SML types as type inference sees them, and their Python spelling by the README's rules.

A type is a frozen record: a variable ``TVar``, a constructor applied to arguments ``TCon``
(tuples are ``TCon("*", items)``, functions ``TCon("->", (arg, result))``, ``unit`` is
``TCon("unit")``) or a record ``TRecord``. A constructor keeps, beside its identity, the
abbreviation it was written with (``alias``: ``state`` for ``board * player``), which never
takes part in equality but lets the port name the starter's class for it.

>>> python_type(arrow(tuple_of(INT, INT), TCon("Seq.seq", (TVar(1),), -1)), {}, {1: "A"})
'Callable[[int, int], Seq[A]]'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, MutableMapping
from typing import TypeAlias

import attrs

__all__ = [
    "BOOL",
    "CHAR",
    "EXN",
    "INT",
    "REAL",
    "STRING",
    "UNIT",
    "Alias",
    "Scheme",
    "Spelling",
    "TCon",
    "TRecord",
    "TVar",
    "Type",
    "arrow",
    "con",
    "free_vars",
    "fresh_id",
    "python_type",
    "spell",
    "tuple_of",
    "tyvar_name",
]

_ids = itertools.count(1)


def fresh_id() -> int:
    """A number no other type variable or datatype of this process has.

    >>> fresh_id() != fresh_id()
    True
    """
    return next(_ids)


@attrs.frozen
class TVar:
    """A type variable (``'a``, or one inference made), by its number."""

    id: int
    "Its identity."


@attrs.frozen
class Alias:
    """The abbreviation a type was written with: ``state`` (long name ``TicTacToe.state``)."""

    name: str
    "The declared (short) name."
    path: str
    "Its long name: the structures it is declared in, then the name."
    args: tuple[Type, ...] = ()
    "The abbreviation's arguments."


@attrs.frozen
class TCon:
    """A type constructor applied to its arguments."""

    name: str
    """Its long name (``int``, ``list``, ``Seq.seq``, ``TicTacToe.entry``); ``*`` for a tuple,
    ``->`` for a function."""
    args: tuple[Type, ...] = ()
    "Its arguments, in order."
    stamp: int = 0
    """What tells apart two datatypes of one name: 0 for the Basis' own, negative for the
    course library's, positive for the program's."""
    alias: Alias | None = attrs.field(default=None, eq=False)
    "The abbreviation it was written with, if any (not part of its identity)."


@attrs.frozen
class TRecord:
    """A record type ``{a : t, b : u}`` (labels sorted; numbered ones make tuples instead)."""

    fields: tuple[tuple[str, Type], ...]
    "The labels and their types."


Type: TypeAlias = TVar | TCon | TRecord
"An SML type."


@attrs.frozen
class Scheme:
    """A type scheme: ``ty`` for every choice of the variables ``vars``.

    ``classes`` names the overloaded ones (``+`` is ``'a * 'a -> 'a`` for ``'a`` in ``num``).
    """

    vars: tuple[int, ...]
    "The quantified variables."
    ty: Type
    "The type."
    classes: tuple[tuple[int, str], ...] = ()
    "Overloaded variables and their class (``num``, ``numtxt``, ``intword``)."


INT = TCon("int")
REAL = TCon("real")
STRING = TCon("string")
CHAR = TCon("char")
BOOL = TCon("bool")
UNIT = TCon("unit")
EXN = TCon("exn")


def con(name: str, *args: Type) -> TCon:
    """The Basis type ``name`` applied to ``args`` (``con("list", INT)`` is ``int list``)."""
    return TCon(name, tuple(args))


def arrow(arg: Type, result: Type) -> TCon:
    """The function type ``arg -> result``."""
    return TCon("->", (arg, result))


def tuple_of(*items: Type) -> TCon:
    """The tuple type of ``items`` (``unit`` when there are none)."""
    return TCon("*", tuple(items)) if items else UNIT


def free_vars(t: Type) -> list[int]:
    """The variables of ``t``, each once, in order of appearance.

    >>> free_vars(arrow(TVar(2), tuple_of(TVar(1), TVar(2))))
    [2, 1]
    """
    out: list[int] = []

    def walk(u: Type) -> None:
        match u:
            case TVar(i):
                if i not in out:
                    out.append(i)
            case TCon(_, args):
                for a in args:
                    walk(a)
            case TRecord(fields):
                for _, f in fields:
                    walk(f)

    walk(t)
    return out


# ---------------------------------------------------------------- the Python spelling

_BASIC: dict[str, str] = {"int": "int", "real": "float", "string": "str", "char": "str",
                          "bool": "bool", "unit": "None", "exn": "Exception", "order": "Order",
                          "word": "int"}
_GENERIC: dict[str, str] = {"list": "list", "option": "Maybe", "ref": "list"}
_LIBRARY: dict[str, str] = {"seq": "Seq", "lview": "LView", "tview": "TView", "player": "Player",
                            "outcome": "Outcome", "status": "Status", "est": "est"}
"""The course library's types by their short name (the starter's names come first)."""

_IMPORTS: dict[str, str] = {
    "Maybe": "from returns.maybe import Maybe, Nothing, Some",
    "Callable": "from collections.abc import Callable",
    "Seq": "from sml150.lib.seq import Seq",
    "LView": "from sml150.lib.seq import LView",
    "TView": "from sml150.lib.seq import TView",
    "Order": "from sml150.lib.basis import Order",
    "Player": "from sml150.lib.signatures import Player",
    "Outcome": "from sml150.lib.signatures import Outcome",
    "Status": "from sml150.lib.signatures import Status",
    "est": "from sml150.lib.est import est",
    "NoReturn": "from typing import NoReturn",
}


@attrs.frozen
class Spelling:
    """A type as a Python annotation, and the imports and type variables it needs."""

    text: str
    "The annotation."
    imports: frozenset[str]
    "Import lines for the library names it uses."
    tyvars: frozenset[str]
    "The TypeVars it names."


def _apply(py: str, args: list[str]) -> str:
    return f"{py.split('[', maxsplit=1)[0]}[{', '.join(args)}]" if args else py


def spell(t: Type, names: Mapping[str, str], tyvars: MutableMapping[int, str] | None = None,
          *, avoid: frozenset[str] = frozenset(),
          records: Callable[[tuple[str, ...]], str | None] | None = None) -> Spelling | None:
    """``t`` as a Python annotation; None where a part of it has no Python name.

    ``names`` maps the program's type names (long or short: ``G.state``, ``state``) to their
    Python spelling (the starter's, ``Scope.types``); it comes before the library's. Type
    variables take their name from ``tyvars`` (SML ``'a`` is ``A``), new ones the next free
    capital letter not in ``avoid`` (recorded in ``tyvars``). A record type is the class
    ``records`` names for its labels (none without ``records``).

    >>> s = spell(con("option", con("list", TVar(7))), {}, {})
    >>> s.text, sorted(s.tyvars)
    ('Maybe[list[A]]', ['A'])
    >>> spell(TRecord((("a", INT),)), {}) is None
    True
    """
    imports: set[str] = set()
    used: set[str] = set()
    vars_ = {} if tyvars is None else tyvars

    def name_of(i: int) -> str:
        if i not in vars_:
            taken = set(vars_.values()) | avoid
            vars_[i] = next(c for c in _letters() if c not in taken)
        used.add(vars_[i])
        return vars_[i]

    def lookup(name: str, short: str) -> str | None:
        return names.get(name) or names.get(short)

    def go(u: Type) -> str | None:
        match u:
            case TVar(i):
                return name_of(i)
            case TRecord(fields):
                return records(tuple(k for k, _ in fields)) if records is not None else None
            case TCon(name, args, stamp, alias):
                if alias is not None:
                    found = lookup(alias.path, alias.name)
                    if found is not None:
                        parts = [go(a) for a in alias.args]
                        if any(p is None for p in parts):
                            return None
                        return _apply(found, [p for p in parts if p is not None])
                parts = [go(a) for a in args]
                if any(p is None for p in parts):
                    return None
                texts = [p for p in parts if p is not None]
                if name == "*":
                    return f"tuple[{', '.join(texts)}]"
                if name == "->":
                    imports.add(_IMPORTS["Callable"])
                    arg = args[0]
                    spread = (isinstance(arg, TCon) and arg.name == "*" and arg.alias is None
                              and texts[0].startswith("tuple["))
                    params = (texts[0][len("tuple["):-1] if spread
                              else "" if arg == UNIT else texts[0])
                    return f"Callable[[{params}], {texts[1]}]"
                short = name.rsplit(".", maxsplit=1)[-1]
                found = None if stamp == 0 else lookup(name, short)
                if found is not None:  # the program's own (the starter imports it)
                    return _apply(found, texts)
                py = (_BASIC.get(name) or _GENERIC.get(name) if stamp == 0
                      else _LIBRARY.get(short) if stamp < 0 else None)
                if py is None:
                    return None
                if py in _IMPORTS:
                    imports.add(_IMPORTS[py])
                return _apply(py, texts)
        return None  # pragma: no cover

    text = go(t)
    if text is None:
        return None
    return Spelling(text, frozenset(imports), frozenset(used))


def python_type(t: Type, names: Mapping[str, str],
                tyvars: MutableMapping[int, str] | None = None) -> str | None:
    """``t`` as a Python annotation (see ``spell``); None where it has no Python spelling.

    >>> python_type(con("list", tuple_of(STRING, REAL)), {})
    'list[tuple[str, float]]'
    >>> python_type(TCon("TicTacToe.board", (), 3), {"board": "Board"})
    'Board'
    >>> python_type(TCon("Seq.seq", (INT,), -4), {})
    'Seq[int]'
    """
    s = spell(t, names, tyvars)
    return None if s is None else s.text


def _letters() -> itertools.chain[str]:
    return itertools.chain((chr(c) for c in range(ord("A"), ord("Z") + 1)),
                           (f"T{i}" for i in itertools.count(1)))


def tyvar_name(sml: str) -> str:
    """The Python TypeVar for an SML type variable, as the emitter names it (``'a`` → ``A``).

    >>> tyvar_name("'a"), tyvar_name("''key")
    ('A', 'KEY')
    """
    return re.sub(r"^'+", "", sml).upper() or "A"
