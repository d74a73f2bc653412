"""Building test expressions: small constructors, values as expressions, random inputs.

An expression names a homework module by its short name (``["mod", "alphabeta"]``), so the same
expression runs on the reference (in the grader) and on a submission (in a worker).

>>> call(get(mod("las"), "look_and_say"), fn("eq"), seq(lit(1), lit(1)))
['call', ['get', ['mod', 'las'], 'look_and_say'], ['fn', 'eq'], ['seq', ['lit', 1], ['lit', 1]]]
"""

from __future__ import annotations

import enum
import random
import string
from typing import Any

import attrs
from returns.maybe import Maybe

from sml150.lib.seq import Seq

__all__ = [
    "call",
    "callkw",
    "fn",
    "get",
    "lib",
    "lit",
    "mod",
    "random_tree",
    "seq",
    "to_expr",
    "tup",
]

Json = Any

EST = "sml150.lib.est"
SIG = "sml150.lib.signatures"
EXPLICIT = "sml150.lib.explicit"


def lit(v: Json) -> Json:
    """A literal (plain JSON data)."""
    return ["lit", v]


def mod(name: str) -> Json:
    """A homework module by short name (the reference's or the submission's)."""
    return ["mod", name]


def lib(name: str) -> Json:
    """A course-library module (the same on both sides)."""
    return ["lib", name]


def get(e: Json, attr: str) -> Json:
    """``e.attr``."""
    return ["get", e, attr]


def call(f: Json, *args: Json) -> Json:
    """``f(*args)``."""
    return ["call", f, *args]


def callkw(f: Json, args: list[Json], kwargs: dict[str, Json]) -> Json:
    """``f(*args, **kwargs)``."""
    return ["callkw", f, args, [[k, v] for k, v in kwargs.items()]]


def fn(name: str) -> Json:
    """A named helper function (``_worker._fn``)."""
    return ["fn", name]


def seq(*items: Json) -> Json:
    """``Seq.from_list([...])``."""
    return ["seq", *items]


def tup(*items: Json) -> Json:
    """A tuple."""
    return ["tuple", *items]


def _module_expr(module: str) -> Json:
    parts = module.split(".")
    if module.startswith("sml150.handouts.") and len(parts) == 4:
        return mod(parts[3])
    if module.startswith("sml150.lib."):
        return lib(module)
    raise ValueError(f"to_expr: values of module {module} cannot be rebuilt in a worker")


def to_expr(v: Any) -> Json:
    """An expression that rebuilds ``v`` from its classes' names (records by their fields).

    >>> from sml150.lib.est import Guess
    >>> from returns.maybe import Some
    >>> to_expr(Some(1))
    ['call', ['get', ['lib', 'sml150.lib.explicit'], 'Some'], ['lit', 1]]
    >>> to_expr((Guess(2), Seq.from_list([1])))
    ['tuple', ['callkw', ['get', ['lib', 'sml150.lib.est'], 'Guess'], [], [['n', ['lit', 2]]]], \
['seq', ['lit', 1]]]
    """
    if v is None or isinstance(v, bool | int | str | float):
        return lit(v)
    if isinstance(v, tuple):
        return tup(*(to_expr(x) for x in v))
    if isinstance(v, list):
        return ["list", *(to_expr(x) for x in v)]
    if isinstance(v, Seq):
        return seq(*(to_expr(x) for x in v))
    cls = type(v)
    if isinstance(v, Maybe):  # SML options; the course library re-exports the constructors
        sentinel = object()
        inner = v.value_or(sentinel)
        if inner is sentinel:
            return get(lib(EXPLICIT), "Nothing")
        return call(get(lib(EXPLICIT), "Some"), to_expr(inner))
    if isinstance(v, enum.Enum):
        return get(get(_module_expr(cls.__module__), cls.__name__), v.name)
    if attrs.has(cls):
        kwargs = {f.alias: to_expr(getattr(v, f.name))
                  for f in attrs.fields(cls) if f.init}
        return callkw(get(_module_expr(cls.__module__), cls.__name__), [], kwargs)
    raise ValueError(f"to_expr: cannot rebuild a {cls.__name__}")


def random_tree(rng: random.Random, depth: int, branch: tuple[int, int] = (1, 4),
                values: tuple[int, int] = (-4, 4)) -> Json:
    """A random game tree, all leaves at ``depth``, as ``_worker``'s tree data.

    Labels are unique (``a``, ``b``, ..., ``aa``, ...), so ``Estimating state`` lines show the
    order of the leaves; small values make ties common.

    >>> random_tree(random.Random(1), 1, (2, 2))
    ['N', 'a', [['E', 'b', -3], ['E', 'c', 0]]]
    """
    counter = [0]

    def label() -> str:
        n = counter[0]
        counter[0] += 1
        letters = string.ascii_lowercase
        out = ""
        while True:
            out = letters[n % 26] + out
            n = n // 26 - 1
            if n < 0:
                return out

    def build(d: int) -> Json:
        name = label()
        if d == 0:
            return ["E", name, rng.randint(*values)]
        return ["N", name, [build(d - 1) for _ in range(rng.randint(*branch))]]

    return build(depth)


def explicit_game(tree: Json) -> Json:
    """``ExplicitGame(tree)``."""
    return call(get(lib(EXPLICIT), "ExplicitGame"), ["tree", tree])


def child_state(game: Json, path: list[int]) -> Json:
    """The state reached from ``game.start`` by the child indexes ``path``."""
    s = get(game, "start")
    for i in path:
        s = call(get(game, "make_move"), s, lit(i))
    return s

