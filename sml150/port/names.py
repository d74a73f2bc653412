"""What SML names mean on this library: the Basis' and the course library's, by the README's rules.

A table, not code: each SML name the porter knows, with its Python spelling and what the
emitter needs to call it right (how many parameters; whether it is a constructor). A name in
none of these tables and not bound by the program is refused with its position (never guessed).

>>> snake("compareAB"), snake("s'"), snake("toList")
('compare_ab', 's_', 'to_list')
"""

from __future__ import annotations

import inspect
import keyword
import re
from typing import Final

import attrs

from sml150.lib.seq import Seq
from sml150.lib.sequtils import SeqUtils

__all__ = ["BASIS_CALLS", "BINOPS", "LIB_CONS", "LIB_EXNS", "MEMBERS", "Con", "library_arity",
           "snake"]


def snake(name: str) -> str:
    """An SML identifier as a Python one: snake_case, primes as ``_``, keywords escaped.

    >>> snake("maxChildren"), snake("ms''"), snake("lambda"), snake("valueOf")
    ('max_children', 'ms__', 'lambda_', 'value_of')
    >>> snake("F"), snake("ABValue"), snake("l"), snake("++"), snake("<|>")
    ('F', 'ABValue', 'l_', 'op_plus_plus', 'op_lt_bar_gt')
    """
    if name == "l":  # a lone l reads as 1 (ruff's E741); O and I are constructors' names
        return "l_"
    if name and not (name[0].isalpha() or name[0] == "_"):  # a symbolic name: `++`, `<+>`
        return "op_" + "_".join(_SYMBOL_WORDS.get(c, f"u{ord(c):x}") for c in name)
    if name.isupper() or (name[:1].isupper() and not any(c.islower() for c in name[1:2])):
        return name.replace("'", "_")
    out = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    out = re.sub(r"(?<=[A-Z])([A-Z][a-z])", r"_\1", out)
    out = out.replace("'", "_").lower() if out[:1].islower() else out.replace("'", "_")
    return out + "_" if keyword.iskeyword(out) or out in {"match", "case", "type"} else out


_SYMBOL_WORDS: Final[dict[str, str]] = {
    "!": "bang", "%": "percent", "&": "amp", "$": "dollar", "#": "hash", "+": "plus",
    "-": "minus", "/": "slash", ":": "colon", "<": "lt", "=": "eq", ">": "gt", "?": "query",
    "@": "at", "\\": "backslash", "~": "tilde", "`": "backquote", "^": "caret", "|": "bar",
    "*": "star",
}
"""The words a symbolic SML identifier's characters become (``++`` → ``op_plus_plus``)."""


@attrs.frozen
class Con:
    """A constructor as Python writes it."""

    py: str
    "The Python name (a class, an enum member's module name, or a literal)."
    nullary: bool
    "Whether it takes no argument."
    pattern: str
    "How a ``case`` pattern writes it (``Player.Maxie``, ``Seq.Nil()``, ``Some``)."
    fields: int = 1
    "How many fields its record has (a tuple argument is spread over them)."
    imports: tuple[str, ...] = ()
    "Import lines it needs."


_SIG = "from sml150.lib.signatures import "
_BASIS = "from sml150.lib.basis import "
_EST = "from sml150.lib.est import "
_MAYBE = "from returns.maybe import Maybe, Nothing, Some"

LIB_CONS: Final[dict[str, Con]] = {
    "SOME": Con("Some", False, "Some", 1, (_MAYBE,)),
    "NONE": Con("Nothing", True, "Maybe.empty", 0, (_MAYBE,)),
    "true": Con("True", True, "True", 0),
    "false": Con("False", True, "False", 0),
    "nil": Con("[]", True, "[]", 0),
    "Maxie": Con("Maxie", True, "Player.Maxie", 0, (_SIG + "Maxie, Player",)),
    "Minnie": Con("Minnie", True, "Player.Minnie", 0, (_SIG + "Minnie, Player",)),
    "Over": Con("Over", False, "Over", 1, (_SIG + "Over",)),
    "Winner": Con("Winner", False, "Winner", 1, (_SIG + "Winner",)),
    "Draw": Con("Draw()", True, "Draw()", 0, (_SIG + "Draw",)),
    "In_play": Con("In_play()", True, "In_play()", 0, (_SIG + "In_play",)),
    "LESS": Con("LESS", True, "Order.LESS", 0, (_BASIS + "LESS, Order",)),
    "EQUAL": Con("EQUAL", True, "Order.EQUAL", 0, (_BASIS + "EQUAL, Order",)),
    "GREATER": Con("GREATER", True, "Order.GREATER", 0, (_BASIS + "GREATER, Order",)),
    "MinnieWins": Con("MinnieWins()", True, "MinnieWins()", 0, (_EST + "MinnieWins",)),
    "MaxieWins": Con("MaxieWins()", True, "MaxieWins()", 0, (_EST + "MaxieWins",)),
    "Guess": Con("Guess", False, "Guess", 1, (_EST + "Guess",)),
    "Seq.Nil": Con("Seq.Nil()", True, "Seq.Nil()", 0),
    "Seq.Cons": Con("Seq.Cons", False, "Seq.Cons", 2),
    "Seq.Empty": Con("Seq.Empty()", True, "Seq.Empty()", 0),
    "Seq.Leaf": Con("Seq.Leaf", False, "Seq.Leaf", 1),
    "Seq.Node": Con("Seq.Node", False, "Seq.Node", 2),
}
"""The library's constructors by their SML names (a game's own, ``G.Maxie``, reach these by
their last component)."""

LIB_EXNS: Final[dict[str, tuple[str, str | None]]] = {
    "Seq.Range": ("Range", "from sml150.lib.seq import Range"),
    "Range": ("Range", "from sml150.lib.seq import Range"),
    "Fail": ("Fail", _BASIS + "Fail"),
    "Subscript": ("IndexError", None),
    "Div": ("ZeroDivisionError", None),
    "Empty": ("IndexError", None),
    "Option": ("UnwrapFailedError", "from returns.primitives.exceptions import UnwrapFailedError"),
}
"""The Basis' and the library's exceptions: Python class and import."""

BASIS_CALLS: Final[dict[str, tuple[str, int, str | None]]] = {
    # name: (template with {0}, {1}..., arity, import)
    "not": ("not {0}", 1, None),
    "~": ("-{0}", 1, None),
    "Int.max": ("max({0}, {1})", 2, None),
    "Int.min": ("min({0}, {1})", 2, None),
    "Int.abs": ("abs({0})", 1, None),
    "abs": ("abs({0})", 1, None),
    "Int.toString": ("int_to_string({0})", 1, _BASIS + "int_to_string"),
    "Int.compare": ("compare_ints({0}, {1})", 2, _BASIS + "compare_ints"),
    "Option.valOf": ("{0}.unwrap()", 1, None),
    "valOf": ("{0}.unwrap()", 1, None),
    "Option.isSome": ("({0} != Nothing)", 1, _MAYBE),
    "isSome": ("({0} != Nothing)", 1, _MAYBE),
    "Option.isNone": ("({0} == Nothing)", 1, _MAYBE),
    "Option.getOpt": ("{0}.value_or({1})", 2, None),
    "getOpt": ("{0}.value_or({1})", 2, None),
    "Option.map": ("{1}.map({0})", 2, None),
    "List.length": ("len({0})", 1, None),
    "length": ("len({0})", 1, None),
    "List.rev": ("list(reversed({0}))", 1, None),
    "rev": ("list(reversed({0}))", 1, None),
    "List.null": ("(not {0})", 1, None),
    "null": ("(not {0})", 1, None),
    "List.map": ("[{0}(_x) for _x in {1}]", 2, None),
    "map": ("[{0}(_x) for _x in {1}]", 2, None),
    "List.filter": ("[_x for _x in {1} if {0}(_x)]", 2, None),
    "ListMergeSort.sort": ("sorted({1}, key=functools.cmp_to_key(lambda _a, _b: 1 if {0}(_a, _b) "
                           "else -1 if {0}(_b, _a) else 0))", 2, "import functools"),
    "List.find": ("Maybe.from_optional(next((_x for _x in {1} if {0}(_x)), None))", 2, _MAYBE),
    "List.exists": ("any({0}(_x) for _x in {1})", 2, None),
    "List.all": ("all({0}(_x) for _x in {1})", 2, None),
    "List.tabulate": ("[{1}(_i) for _i in range({0})]", 2, None),
    "List.foldl": ("functools.reduce(lambda _acc, _x: {0}(_x, _acc), {2}, {1})", 3,
                   "import functools"),
    "foldl": ("functools.reduce(lambda _acc, _x: {0}(_x, _acc), {2}, {1})", 3, "import functools"),
    "List.foldr": ("functools.reduce(lambda _acc, _x: {0}(_x, _acc), list(reversed({2})), {1})", 3,
                   "import functools"),
    "foldr": ("functools.reduce(lambda _acc, _x: {0}(_x, _acc), list(reversed({2})), {1})", 3,
              "import functools"),
    "List.concat": ("[_x for _xs in {0} for _x in _xs]", 1, None),
    "hd": ("{0}[0]", 1, None),
    "List.hd": ("{0}[0]", 1, None),
    "tl": ("list_tl({0})", 1, _BASIS + "list_tl"),
    "List.tl": ("list_tl({0})", 1, _BASIS + "list_tl"),
    "List.nth": ("list_nth({0}, {1})", 2, _BASIS + "list_nth"),
    "List.take": ("list_take({0}, {1})", 2, _BASIS + "list_take"),
    "List.drop": ("list_drop({0}, {1})", 2, _BASIS + "list_drop"),
    "List.last": ("list_last({0})", 1, _BASIS + "list_last"),
    "List.getItem": ("list_get_item({0})", 1, _BASIS + "list_get_item"),
    "List.partition": ("list_partition({0}, {1})", 2, _BASIS + "list_partition"),
    "List.mapPartial": ("list_map_partial({0}, {1})", 2, _BASIS + "list_map_partial"),
    "List.revAppend": ("(list(reversed({0})) + {1})", 2, None),
    "ListPair.zip": ("list(zip({0}, {1}))", 2, None),
    "String.concatWith": ("{0}.join({1})", 2, None),
    "explode": ("list({0})", 1, None),
    "String.explode": ("list({0})", 1, None),
    "implode": ("''.join({0})", 1, None),
    "String.implode": ("''.join({0})", 1, None),
    "str": ("{0}", 1, None),
    "String.str": ("{0}", 1, None),
    "ord": ("ord({0})", 1, None),
    "Char.ord": ("ord({0})", 1, None),
    "trunc": ("int({0})", 1, None),
    "Real.trunc": ("int({0})", 1, None),
    "Seq.toList": ("Seq.to_list({0})", 1, "from sml150.lib.seq import Seq"),
    "Seq.fromList": ("Seq.from_list({0})", 1, "from sml150.lib.seq import Seq"),
    "Real.fromInt": ("float({0})", 1, None),
    "real": ("float({0})", 1, None),
    "Real.floor": ("math.floor({0})", 1, "import math"),
    "floor": ("math.floor({0})", 1, "import math"),
    "Real.ceil": ("math.ceil({0})", 1, "import math"),
    "ceil": ("math.ceil({0})", 1, "import math"),
    "Real.round": ("round({0})", 1, None),
    "round": ("round({0})", 1, None),
    "String.concat": ("''.join({0})", 1, None),
    "print": ("print({0}, end='')", 1, None),
    "ignore": ("(({0}), None)[1]", 1, None),
    "List.app": ("([{0}(_x) for _x in {1}], None)[1]", 2, None),
    "app": ("([{0}(_x) for _x in {1}], None)[1]", 2, None),
    "size": ("len({0})", 1, None),
    "String.size": ("len({0})", 1, None),
}
"""Basis functions with a Python spelling; ``{i}`` is the i-th SML argument."""

MEMBERS: Final[dict[str, tuple[str, str]]] = {
    "outcome_to_est": ("outcome_value", _SIG + "outcome_value"),
}
"""A game's members with one meaning for every game, spelled as the library's function (HW10's
``G.outcome_to_est``: ``GAME`` does not declare it, ``outcome_value`` is its value)."""

BINOPS: Final[dict[str, str]] = {
    "+": "+", "-": "-", "*": "*", "/": "/", "div": "//", "mod": "%", "^": "+", "@": "+",
    "=": "==", "<>": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">=",
}
"""SML infix operators that are Python operators."""


def library_arity(struct: str, name: str) -> tuple[int, int] | None:
    """How many parameters ``Seq.name`` (or ``SeqUtils.name``) takes in Python.

    The fewest a call may pass (the rest make a curried function) and all of them; None if no
    such member.

    >>> library_arity("Seq", "nth"), library_arity("Seq", "filter"), library_arity("Seq", "zap")
    ((2, 2), (1, 2), None)
    """
    owner = {"Seq": Seq, "SeqUtils": SeqUtils}.get(struct)
    fn = getattr(owner, snake(name), None) if owner is not None else None
    if fn is None or not callable(fn):
        return None
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover - every library member has one
        return None
    required = sum(1 for p in params if p.default is inspect.Parameter.empty)
    return required, len(params)
