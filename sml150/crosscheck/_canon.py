r"""The one text form values cross in from SML to Python, and its one parser (lark).

The SML side prints it (``sml150/sml/crosscheck/show.sml``, ``Show``); this module reads it
back into the Python values a port returns (``Seq``, tuples, lists, ``Maybe``, the
homework's records and enums), so the grader's own ``encode`` and checks judge both sides
alike::

    int -3 | string "a\"b" | bool true | real 0.5 | tuple (v, v) | list [v] | sequence <v>
    datatype NAME | NAME v          (an argument with a space in it is parenthesized)

A constructor name is looked up in a table the caller gives (``SOME``/``NONE`` always mean
``Maybe``); a tuple argument is spread over the constructor's parameters.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

import lark
from returns.maybe import Nothing, Some

from sml150.lib.seq import Seq

__all__ = ["GRAMMAR", "MAX_DEPTH", "MAX_VALUE", "CanonError", "parse_value", "refusal"]

MAX_VALUE: Final = 1024 * 1024
"""The longest value text read (characters); a longer one is refused unparsed."""
MAX_DEPTH: Final = 100
"""The deepest nesting of brackets read; a deeper value is refused unparsed."""

GRAMMAR: Final = r"""
?value: atom | con
con: NAME atom
?atom: INT -> integer
     | STRING -> string
     | REAL -> real
     | NAME -> name
     | "(" ")" -> unit
     | "(" value ("," value)+ ")" -> tup
     | "(" value ")"
     | "[" [value ("," value)*] "]" -> lst
     | "<" [value ("," value)*] ">" -> sq
INT: /-?[0-9]+/
REAL: /-?[0-9]+\.[0-9]*(E-?[0-9]+)?|-?[0-9]+E-?[0-9]+|-?inf|nan/
STRING: /"([^"\\]|\\.)*"/
NAME: /[A-Za-z_][A-Za-z0-9_']*/
%ignore " "
"""
"""The canonical form's grammar (``show.sml`` prints exactly this)."""

_PARSER: Final = lark.Lark(GRAMMAR, start="value", parser="lalr")


class CanonError(ValueError):
    """Text that is not a value of the canonical form, or names an unknown constructor."""


Constructors = Mapping[str, Callable[..., Any]]


class _Build(lark.Transformer[lark.Token, Any]):
    """The parse tree as Python values, constructors from the caller's table."""

    def __init__(self, table: Constructors) -> None:
        super().__init__()
        self.table = table

    def integer(self, items: list[lark.Token]) -> int:
        return int(items[0])

    def real(self, items: list[lark.Token]) -> float:
        return float(items[0])

    def string(self, items: list[lark.Token]) -> str:
        text: str = json.loads(str(items[0]))
        return text

    def unit(self, _items: list[Any]) -> tuple[()]:
        return ()

    def tup(self, items: list[Any]) -> tuple[Any, ...]:
        return tuple(items)

    def lst(self, items: list[Any]) -> list[Any]:
        return [] if items == [None] else items

    def sq(self, items: list[Any]) -> Seq[Any]:
        return Seq.from_list([] if items == [None] else items)

    def name(self, items: list[lark.Token]) -> Any:
        name = str(items[0])
        if name in ("true", "false"):
            return name == "true"
        if name == "NONE":
            return Nothing
        return self._lookup(name)()

    def con(self, items: list[Any]) -> Any:
        name, arg = str(items[0]), items[1]
        if name == "SOME":
            return Some(arg)
        make = self._lookup(name)
        return make(*arg) if isinstance(arg, tuple) and arg else make(arg)

    def _lookup(self, name: str) -> Callable[..., Any]:
        try:
            return self.table[name]
        except KeyError:
            raise CanonError(f"unknown constructor {name!r}") from None


def refusal(text: str) -> str:
    r"""Why ``text`` is refused before it is parsed (too long, too deep), or ``""``.

    One linear pass, no recursion, whatever ``text`` holds (brackets inside strings do not
    count): the parser and the value built from it recurse, so depth is bounded first.

    >>> refusal("[" * 5000 + "]" * 5000)
    'nested deeper than 100 levels'
    >>> refusal('("[[[", [1])'), refusal("x" * (MAX_VALUE + 1))
    ('', 'longer than 1048576 characters')
    """
    if len(text) > MAX_VALUE:
        return f"longer than {MAX_VALUE} characters"
    depth, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([<":
            depth += 1
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} levels"
        elif c in ")]>":
            depth -= 1
        i += 1
    return ""


def parse_value(text: str, table: Constructors) -> Any:
    r"""The value the canonical ``text`` stands for; ``CanonError`` if it is not one.

    REQUIRES: ``table`` maps each constructor name ``text`` may hold to a callable taking the
    constructor's arguments (an enum member: a function of no arguments returning it).
    ENSURES: tuples, lists, sequences and options are ``tuple``, ``list``, ``Seq``, ``Maybe``.

    >>> list(parse_value('<(-3, "a\\"b"), (2, "")>', {}))
    [(-3, 'a"b'), (2, '')]
    >>> parse_value("SOME (1, [true, false])", {})
    <Some: (1, [True, False])>
    >>> from sml150.lib.est import Guess
    >>> parse_value("(Guess -2, NONE)", {"Guess": Guess})
    (Guess(n=-2), <Nothing>)
    >>> parse_value("Nope 1", {})
    Traceback (most recent call last):
    ...
    sml150.crosscheck._canon.CanonError: unknown constructor 'Nope'
    >>> parse_value("[" * 5000 + "]" * 5000, {})
    Traceback (most recent call last):
    ...
    sml150.crosscheck._canon.CanonError: refused unread: nested deeper than 100 levels
    """
    why = refusal(text)
    if why:
        raise CanonError(f"refused unread: {why}")
    try:
        tree = _PARSER.parse(text)
    except lark.exceptions.LarkError as e:
        raise CanonError(f"not a canonical value: {text[:80]!r} ({type(e).__name__})") from None
    except RecursionError:  # pragma: no cover - depth is bounded above
        raise CanonError("refused: too deep") from None
    try:
        return _Build(table).transform(tree)
    except lark.exceptions.VisitError as e:
        if isinstance(e.orig_exc, CanonError):
            raise e.orig_exc from None
        raise CanonError(f"cannot build {text[:80]!r}: {e.orig_exc}") from None
