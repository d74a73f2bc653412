"""The environment type inference starts from: the Basis and one offering's course library.

The Basis is the primitive types, ``bool``/``list``/``option``/``order``/``ref`` with their
constructors, the overloaded operators (``+ - * ~ abs`` over int and real, ``div mod`` over
int, ``< > <= >=`` over numbers, strings and chars: each defaults to ``int``), and the
signature ``sml150.port.basis_sig.BASIS`` opened. The course library is read from its SML
(``sml150/sml/<library>/load.sml``, in its load order): its signatures, its structures as
their signatures show them (``Seq.seq`` stays abstract), its functors; then the signatures of
``signatures/`` that the library does not define. Each homework has its offerings' libraries
(HW10: Summer 2016, and the project's own; HW11: 2013, and the project's own); a program is
typed with each and keeps the one under which the fewest declarations fail (``infer_best``).

>>> env = seed_env("hw10")
>>> from sml150.port.infer import show
>>> show(env.value("Seq.nth").scheme.ty)
"int -> 'a Seq.seq -> 'a"
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from sml150.port import syntax as sx
from sml150.port.basis_sig import BASIS
from sml150.port.infer import Env, Inferred, TyFun, ValInfo, infer_program
from sml150.port.parser import SmlSyntaxError, parse, strip_comments
from sml150.port.smltypes import (
    BOOL,
    REAL,
    STRING,
    UNIT,
    Scheme,
    TCon,
    TVar,
    Type,
    arrow,
    fresh_id,
    tuple_of,
)

__all__ = ["LIBRARIES", "infer_best", "seed_env"]

LIBRARIES: dict[str | None, tuple[str, ...]] = {
    "hw10": ("lib2016", "lib"),
    "hw11": ("lib2013", "hw11lib"),
    None: ("lib", "lib2016", "hw11lib"),
}
"""Each homework's course libraries (folders of ``sml150/sml``), the likeliest first."""


def _primitives() -> Env:
    """The Basis' types and values that are not SML a signature can state."""
    a = TVar(fresh_id())

    def poly(t: Type, cls: str | None = None) -> ValInfo:
        return ValInfo(Scheme((a.id,), t, ((a.id, cls),) if cls else ()))

    def mono(t: Type, kind: str = "var") -> ValInfo:
        return ValInfo(Scheme((), t), kind)

    lst, opt, ref = TCon("list", (a,)), TCon("option", (a,)), TCon("ref", (a,))
    order = TCon("order")
    b, c = TVar(fresh_id()), TVar(fresh_id())
    types = {n: TyFun((), TCon(n)) for n in ("int", "real", "string", "char", "word", "unit",
                                              "exn")}
    types |= {"bool": TyFun((), BOOL, cons=("true", "false")),
              "order": TyFun((), order, cons=("LESS", "EQUAL", "GREATER")),
              "list": TyFun((a.id,), lst, cons=("nil", "::")),
              "option": TyFun((a.id,), opt, cons=("NONE", "SOME")),
              "ref": TyFun((a.id,), ref, cons=("ref",))}
    pair = tuple_of(a, a)
    values = {
        "true": mono(BOOL, "con"), "false": mono(BOOL, "con"),
        "LESS": mono(order, "con"), "EQUAL": mono(order, "con"),
        "GREATER": mono(order, "con"),
        "nil": ValInfo(Scheme((a.id,), lst), "con"),
        "::": ValInfo(Scheme((a.id,), arrow(tuple_of(a, lst), lst)), "con"),
        "NONE": ValInfo(Scheme((a.id,), opt), "con"),
        "SOME": ValInfo(Scheme((a.id,), arrow(a, opt)), "con"),
        "ref": ValInfo(Scheme((a.id,), arrow(a, ref)), "con"),
        **{op: poly(arrow(pair, a), "num") for op in ("+", "-", "*")},
        **{op: poly(arrow(pair, a), "intword") for op in ("div", "mod")},
        **{op: poly(arrow(pair, BOOL), "numtxt") for op in ("<", ">", "<=", ">=")},
        **{op: poly(arrow(a, a), "num") for op in ("~", "abs")},
        "/": mono(arrow(tuple_of(REAL, REAL), REAL)),
        "=": poly(arrow(pair, BOOL)), "<>": poly(arrow(pair, BOOL)),
        "^": mono(arrow(tuple_of(STRING, STRING), STRING)),
        "@": poly(arrow(tuple_of(lst, lst), lst)),
        "o": ValInfo(Scheme((a.id, b.id, c.id),
                            arrow(tuple_of(arrow(b, c), arrow(a, b)), arrow(a, c)))),
        ":=": poly(arrow(tuple_of(ref, a), UNIT)),
        "!": poly(arrow(ref, a)),
        "before": poly(arrow(tuple_of(a, UNIT), a)),
    }
    return Env(values, types)


_SML = resources.files("sml150").joinpath("sml")
_SIGNATURES = Path(__file__).resolve().parents[2] / "signatures"


def _library_files(library: str) -> list[str]:
    """The SML texts of a course library folder, in its ``load.sml`` order."""
    folder = _SML.joinpath(library)
    try:
        load = folder.joinpath("load.sml").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return []
    texts: list[str] = []
    for name in re.findall(r'use\s+"([^"]+)"', strip_comments(load)):
        target = folder
        for part in name.split("/"):  # `../lib/seq.sml`: a sibling folder's file
            target = _SML if part == ".." else target.joinpath(part)
        try:
            texts.append(target.read_text(encoding="utf-8"))
        except (FileNotFoundError, NotADirectoryError):
            continue
    return texts


def _read(env: Env, texts: Iterable[str], *, new_sigs_only: bool = False) -> Env:
    for text in texts:
        try:
            decs = parse(text)
        except SmlSyntaxError:
            continue
        if new_sigs_only:
            decs = tuple(d for d in decs if isinstance(d, sx.Signature) and env.sig(d.name) is None)
        env = env.layer(infer_program(decs, env, library=True).env)
    return env


@functools.cache
def _basis() -> Env:
    prim = _primitives()
    text = BASIS + "\nstructure Basis_ : BASIS_TOP = struct end\nopen Basis_\n"
    return _read(prim, [text])


@functools.cache
def seed_env(hw: str | None, library: str | None = None) -> Env:
    """The Basis and the course library of ``hw`` (its likeliest offering, or ``library``).

    ``hw``: ``hw10``, ``hw11`` or None (any). ``library``: a folder of ``sml150/sml``.

    >>> from sml150.port.infer import show
    >>> show(seed_env("hw10", "lib").value("Seq.cons").scheme.ty)
    "'a * 'a Seq.seq -> 'a Seq.seq"
    >>> show(seed_env("hw10", "lib2016").value("Seq.cons").scheme.ty)
    "'a -> 'a Seq.seq -> 'a Seq.seq"
    """
    name = library or LIBRARIES.get(hw, LIBRARIES[None])[0]
    env = _read(_basis(), _library_files(name))
    sigs = sorted(_SIGNATURES.glob("*.sig")) if _SIGNATURES.is_dir() else []
    return _read(env, [s.read_text(encoding="utf-8") for s in sigs], new_sigs_only=True)


def infer_best(decs: tuple[sx.Dec, ...], hw: str | None) -> Inferred:
    """``decs`` typed with each course library of ``hw``: the run with the fewest failures.

    Between runs that fail alike, the one with the fewest doubtful calls (a tuple passed to
    a function that takes any one value: ``Seq.cons (x, s)`` with a curried ``cons``).

    >>> inf = infer_best(parse("fun f x s = Seq.cons x s"), "hw10")
    >>> inf.failures
    ()
    """
    best: Inferred | None = None
    for library in LIBRARIES.get(hw, LIBRARIES[None]):
        inf = infer_program(decs, seed_env(hw, library))
        if best is None or (len(inf.failures), inf.doubts) < (len(best.failures), best.doubts):
            best = inf
        if not best.failures and not best.doubts:
            break
    assert best is not None
    return best

