"""Which SML course library a student's files were written against.

Each homework has two: the project's own (``sml150/sml/lib`` for HW10, ``hw11lib`` for HW11,
the library of the faithful fixtures) and the real offering's, rewritten in SML for this
project (``lib2016``: Summer 2016 HW10; ``lib2013``: Fall 2013 HW11). They differ in names
(``BetterSeq``, ``Ansi``, ``Printer`` exist in one only) and in how ``Seq`` is called
(``Seq.cons x s`` against ``Seq.cons (x, s)``). The choice is made from the text alone and is
deterministic: each name the files use that only one library defines is a vote for it, and so
is each ``Seq`` call whose shape (a tuple or curried) only one library's signature accepts;
the most votes win, and with none either way the project's own library is used. ``--library``
overrides it. The report says which was used and why.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from typing import Final, final

import attrs

from sml150.crosscheck._smlrun import SML_LIBRARY
from sml150.crosscheck._smltext import Scan, scan

__all__ = ["LIBRARIES", "LibraryChoice", "choose_library", "library_names"]

LIBRARIES: Final = {
    "hw10": {"project": "lib", "2016": "lib2016"},
    "hw11": {"project": "hw11lib", "2013": "lib2013"},
}
"""Per homework: offering -> the library's folder under ``sml150/sml`` (``load.sml`` in it)."""


@final
@attrs.frozen
class LibraryChoice:
    """The library a run loads, and why."""

    offering: str
    """``project``, ``2013`` or ``2016``."""
    folder: str
    """Its folder under ``sml150/sml``."""
    why: str
    """One line: what in the files decided it (or that it was asked for)."""

    @property
    def shown(self) -> str:
        """How the report names it.

        >>> LibraryChoice("2016", "lib2016", "asked for").shown
        '2016 (sml150/sml/lib2016: asked for)'
        """
        return f"{self.offering} (sml150/sml/{self.folder}: {self.why})"


@final
@attrs.frozen
class _Library:
    names: frozenset[str]
    """Its top-level structures, functors and signatures."""
    arity: dict[str, int]
    """``Seq`` functions of its ``SEQUENCE`` signature: the size of their first argument's
    tuple (0: not a tuple)."""


_USE: Final = re.compile(r'use\s+"([^"]+)"')


def _library_files(folder: str) -> list[str]:
    """The files ``folder/load.sml`` loads, in order (paths relative to the SML root)."""
    load = SML_LIBRARY / folder / "load.sml"
    if not load.is_file():
        return []
    out = []
    for name in _USE.findall(load.read_text(encoding="utf-8")):
        path = (SML_LIBRARY / folder / name).resolve()
        if path.is_file():
            out.append(str(path))
    return out


def _first_argument_arity(ty: str) -> int:
    """The size of a function type's first argument if it is a tuple, else 0.

    >>> _first_argument_arity("'a * 'a seq -> 'a seq"), _first_argument_arity("'a -> 'a seq")
    (2, 0)
    >>> _first_argument_arity("( 'a * 'a -> 'a ) -> 'a -> 'a seq -> 'a")
    0
    >>> _first_argument_arity("'a seq * int * 'a -> 'a seq")
    3
    """
    depth, stars = 0, 0
    words = ty.replace("(", " ( ").replace(")", " ) ").split()
    for w in words:
        depth += (w == "(") - (w == ")")
        if depth == 0 and w == "->":
            break
        if depth == 0 and w == "*":
            stars += 1
    return stars + 1 if stars else 0


@functools.cache
def library_names(folder: str) -> _Library:
    """What the library in ``folder`` defines (scanned once)."""
    names: set[str] = set()
    arity: dict[str, int] = {}
    for path in _library_files(folder):
        with open(path, encoding="utf-8") as f:
            s = scan(f.read())
        names |= {m.name for m in s.modules if m.depth == 0} | s.signatures
        for sig, name, ty in s.specs:
            if sig == "SEQUENCE":
                arity[name] = _first_argument_arity(ty)
    return _Library(frozenset(names), arity)


def _referenced(scans: Iterable[Scan]) -> set[str]:
    """The module names the files use (each long identifier's first part) or apply."""
    out: set[str] = set()
    for s in scans:
        out |= {r.split(".")[0] for r in s.refs}
        out |= {m.applies for m in s.modules if m.applies}
    return out


def choose_library(hw: str, scans: list[Scan], asked: str | None = None) -> LibraryChoice:
    """The library of ``hw`` the files (their scans) were written against.

    REQUIRES: ``asked`` is None or an offering of ``LIBRARIES[hw]``.

    >>> choose_library("hw10", [scan("structure Seq = BetterSeq (Seq) val x = Seq.cons 1 s")])
    LibraryChoice(offering='2016', folder='lib2016', why='the files use BetterSeq; \
Seq.cons a b (1 call)')
    >>> choose_library("hw10", [scan("val x = Seq.cons (1, s)")]).offering
    'project'
    >>> choose_library("hw11", [scan("val x = 1")], "2013").why
    'asked for (--library 2013)'
    """
    options = LIBRARIES[hw]
    if asked is not None:
        return LibraryChoice(asked, options[asked], f"asked for (--library {asked})")
    own = {n for s in scans for n in
           {m.name for m in s.modules if m.depth == 0} | s.signatures}
    used = _referenced(scans) - own
    libs = {o: library_names(f) for o, f in options.items()}
    votes: Counter[str] = Counter()
    reasons: dict[str, list[str]] = {o: [] for o in options}
    for o, lib in libs.items():
        only = sorted(n for n in used & lib.names
                      if not any(n in other.names for p, other in libs.items() if p != o))
        if only:
            votes[o] += len(only)
            reasons[o].append("the files use " + ", ".join(only))
    shapes = Counter((f, n) for s in scans for f, n in s.calls)
    for (f, n), count in sorted(shapes.items()):
        if not all(f in lib.arity for lib in libs.values()):
            continue  # a function some library lacks tells nothing of its shape
        fits = [o for o, lib in libs.items() if lib.arity[f] == n]
        if fits and len(fits) < len(libs):
            for o in fits:
                votes[o] += count
                shape = (f"Seq.{f} ({', '.join('abcdefgh'[:n])})" if n else f"Seq.{f} a b")
                reasons[o].append(f"{shape} ({count} call{'s' if count > 1 else ''})")
    ranked = sorted(options, key=lambda o: (-votes[o], o != "project"))
    top, second = votes[ranked[0]], votes[ranked[1]] if len(ranked) > 1 else 0
    if top in (0, second):
        why = ("nothing in the files tells the offerings apart" if top == 0 else
               "the files fit both offerings as well")
        return LibraryChoice("project", options["project"], why + ": the project's own library")
    return LibraryChoice(ranked[0], options[ranked[0]], "; ".join(reasons[ranked[0]]))
