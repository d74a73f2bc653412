"""The names a signature specifies: an ``open`` of a structure ascribed to it sees only those.

``functor TestOne (T : ESTGAME) = struct open T ... end`` applied to ``TicTacToe (...)`` sees
``start``, ``moves``, ``Minnie`` (the names of ``ESTGAME`` and of the ``GAME`` it includes),
never a helper the structure has beside them. A signature is the file's own (``signature
MYGAME = sig ... end``) or the course library's (every library under ``sml150/sml``: where
two define it, the names of either, so no name a student may use is lost).

>>> sorted(signature_names(sx.SigName(sx.Pos(1, 1), "TTTCONSTS"), {}) or ())
['board_size']
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources

from sml150.port import syntax as sx
from sml150.port.parser import SmlSyntaxError, parse

__all__ = ["signature_names"]


def signature_names(sig: sx.SigExp, own: Mapping[str, sx.SigExp]) -> frozenset[str] | None:
    """Every name ``sig`` specifies (values, constructors, exceptions, types, structures).

    ``own``: the file's signatures by name, before the library's. None when a signature it
    names is neither (nothing is known, so nothing may be hidden).

    >>> body = parse("signature S = sig datatype t = A | B of int val f : t -> int end")[0].body
    >>> sorted(signature_names(body, {}) or ())
    ['A', 'B', 'f', 't']
    """
    if isinstance(sig, sx.SigName) and sig.name not in own:  # each library's, read in it
        found = [_names(lib[sig.name], lib, frozenset({sig.name})) for lib in _library()
                 if sig.name in lib]
        if not found or any(n is None for n in found):
            return None
        return frozenset().union(*(n for n in found if n is not None))
    return _names(sig, own, frozenset())


def _names(sig: sx.SigExp, sigs: Mapping[str, sx.SigExp],
           seen: frozenset[str]) -> frozenset[str] | None:
    """What ``sig`` specifies, the signatures it names read in ``sigs`` (None: unknown)."""
    match sig:
        case sx.SigWhere(_, inner, _, _, _):
            return _names(inner, sigs, seen)
        case sx.SigName(_, name):
            if name in seen or name not in sigs:
                return None
            return _names(sigs[name], sigs, seen | {name})
        case sx.SigBody(_, specs):
            out: set[str] = set()
            for spec in specs:
                match spec:
                    case sx.SpecVal(_, name) | sx.SpecType(_, _, name) | sx.SpecStructure(
                            _, name):
                        out.add(name)
                    case sx.Datatype(_, binds, _):
                        out |= {b.name for b in binds} | {c for b in binds for c, _ in b.cons}
                    case sx.Exception(_, binds):
                        out |= {n for n, _ in binds}
                    case sx.SpecInclude(_, inner):
                        more = _names(inner, sigs, seen)
                        if more is None:
                            return None
                        out |= more
            return frozenset(out)
    return None


@functools.cache
def _library() -> tuple[dict[str, sx.SigExp], ...]:
    """Each course library's signatures by name (``sml150/sml/lib2016``, ...)."""
    out: list[dict[str, sx.SigExp]] = []
    root = resources.files("sml150").joinpath("sml")
    for folder in sorted(root.iterdir(), key=lambda f: f.name):
        if not folder.is_dir() or folder.name == "crosscheck":
            continue
        sigs: dict[str, sx.SigExp] = {}
        for file in sorted(folder.iterdir(), key=lambda f: f.name):
            if not file.name.endswith(".sml"):
                continue
            try:
                decs = parse(file.read_text(encoding="utf-8"))
            except SmlSyntaxError:
                continue
            sigs.update({d.name: d.body for d in decs
                         if isinstance(d, sx.Signature) and d.body is not None})
        out.append(sigs)
    return tuple(out)
