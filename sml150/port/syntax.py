"""The abstract syntax of the SML that ``sml150 port`` reads: frozen records, one per construct.

Every node carries its source position (``Pos``), so that a construct the emitter cannot
translate is named with its line and column. Infix expressions and patterns are already
resolved by the parser's fixity pass (``sml150.port.parser``): ``a + b * c`` is
``App(Var('+'), Tuple((a, App(...))))``, as the Definition has it. (Over 400 lines: one
short record per construct, nothing else.)

>>> Var(Pos(1, 1), "Seq.nth").name
'Seq.nth'
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

__all__ = [
    "AndAlso", "App", "Case", "Clause", "Const", "DatBind", "Datatype", "Dec", "Exception",
    "Exp", "Fn", "Fun", "FunBind", "Functor", "Handle", "If", "Let", "ListExp", "Local", "Open",
    "OrElse", "PAs", "PCon", "PConst", "PList", "PRecord", "PTuple", "PTyped", "PVar", "PWild",
    "Pat", "Pos", "Raise", "Record", "Rule", "Selector", "SeqExp", "SigBody", "SigExp",
    "SigName", "SigWhere", "Signature", "Spec", "SpecInclude",
    "SpecStructure", "SpecType", "SpecVal", "StrApp", "StrBody", "StrExp", "StrName",
    "Structure", "TArrow", "TCon", "TRecord", "TTuple", "TVar", "Tuple", "Ty", "TypeDec",
    "Typed", "Val", "Var",
]


@attrs.frozen
class Pos:
    """A source position: 1-based line and column."""

    line: int
    "The line, from 1."
    column: int
    "The column, from 1."

    def __str__(self) -> str:
        """``line:column``.

        >>> str(Pos(3, 7))
        '3:7'
        """
        return f"{self.line}:{self.column}"


# ---- types


@attrs.frozen
class TVar:
    """A type variable ``'a``."""

    pos: Pos
    "Where it is."
    name: str
    "Its name with the quote(s)."


@attrs.frozen
class TCon:
    """A type constructor applied to arguments: ``int``, ``'a Seq.seq``, ``(a, b) t``."""

    pos: Pos
    "Where it is."
    name: str
    "The (long) constructor name."
    args: tuple[Ty, ...]
    "Its arguments, in order."


@attrs.frozen
class TTuple:
    """A product type ``a * b``."""

    pos: Pos
    "Where it is."
    items: tuple[Ty, ...]
    "The components."


@attrs.frozen
class TArrow:
    """A function type ``a -> b``."""

    pos: Pos
    "Where it is."
    arg: Ty
    "The argument type."
    result: Ty
    "The result type."


@attrs.frozen
class TRecord:
    """A record type ``{a : int, b : string}``."""

    pos: Pos
    "Where it is."
    fields: tuple[tuple[str, Ty], ...]
    "The labels and their types."


Ty: TypeAlias = TVar | TCon | TTuple | TArrow | TRecord
"An SML type."

# ---- patterns


@attrs.frozen
class PWild:
    """The wildcard ``_``."""

    pos: Pos
    "Where it is."


@attrs.frozen
class PConst:
    """A constant pattern: an int, string or char."""

    pos: Pos
    "Where it is."
    value: int | str
    "The constant's value (a char is a one-letter string)."
    char: bool = False
    "Whether it is a char (``#\"a\"``), not a string."


@attrs.frozen
class PVar:
    """A variable, or a nullary constructor (told apart by the emitter's scope)."""

    pos: Pos
    "Where it is."
    name: str
    "The (long) name."


@attrs.frozen
class PCon:
    """A constructor applied to a pattern: ``SOME x``, ``Seq.Cons (x, xs)``, ``x :: xs``."""

    pos: Pos
    "Where it is."
    name: str
    "The (long) constructor name; ``::`` for a list cons."
    arg: Pat
    "The argument pattern."


@attrs.frozen
class PTuple:
    """A tuple pattern ``(p1, p2)``; ``()`` is the empty tuple."""

    pos: Pos
    "Where it is."
    items: tuple[Pat, ...]
    "The components."


@attrs.frozen
class PList:
    """A list pattern ``[p1, p2]``."""

    pos: Pos
    "Where it is."
    items: tuple[Pat, ...]
    "The elements."


@attrs.frozen
class PRecord:
    """A record pattern ``{a = p, b, ...}``."""

    pos: Pos
    "Where it is."
    fields: tuple[tuple[str, Pat], ...]
    "The labels and their patterns (a pun ``b`` is ``b = b``)."
    flexible: bool
    "Whether it ends with ``...``."


@attrs.frozen
class PAs:
    """A layered pattern ``x as p``."""

    pos: Pos
    "Where it is."
    name: str
    "The variable bound to the whole value."
    pat: Pat
    "The pattern the value must match."


@attrs.frozen
class PTyped:
    """A pattern with a type annotation ``p : t``."""

    pos: Pos
    "Where it is."
    pat: Pat
    "The pattern."
    ty: Ty
    "The type."


Pat: TypeAlias = PWild | PConst | PVar | PCon | PTuple | PList | PRecord | PAs | PTyped
"An SML pattern."

# ---- expressions


@attrs.frozen
class Const:
    """A constant: an int, a real, a string or a char."""

    pos: Pos
    "Where it is."
    value: int | float | str
    "Its value (a char is a one-letter string)."
    kind: str
    "``int``, ``real``, ``string`` or ``char``."


@attrs.frozen
class Var:
    """A (long) identifier: a variable, a constructor or a structure's member."""

    pos: Pos
    "Where it is."
    name: str
    "The name, dotted when long (``Seq.nth``); an operator's symbol for ``op +``."


@attrs.frozen
class App:
    """An application ``f x``; an infix ``a + b`` is ``App(Var('+'), Tuple((a, b)))``."""

    pos: Pos
    "Where it is."
    fn: Exp
    "The function."
    arg: Exp
    "The argument."
    infix: bool = False
    "Whether the source wrote it infix."


@attrs.frozen
class Tuple:
    """A tuple ``(e1, e2)``; ``()`` is the empty tuple."""

    pos: Pos
    "Where it is."
    items: tuple[Exp, ...]
    "The components."


@attrs.frozen
class ListExp:
    """A list ``[e1, e2]``."""

    pos: Pos
    "Where it is."
    items: tuple[Exp, ...]
    "The elements."


@attrs.frozen
class Record:
    """A record ``{a = e, b = e'}``."""

    pos: Pos
    "Where it is."
    fields: tuple[tuple[str, Exp], ...]
    "The labels and their expressions."


@attrs.frozen
class Selector:
    """A record selector ``#1`` or ``#label``."""

    pos: Pos
    "Where it is."
    label: str
    "The label."


@attrs.frozen
class Rule:
    """One rule ``p => e`` of a match."""

    pos: Pos
    "Where it is."
    pat: Pat
    "The pattern."
    body: Exp
    "The expression."


@attrs.frozen
class Fn:
    """An anonymous function ``fn p => e | ...``."""

    pos: Pos
    "Where it is."
    rules: tuple[Rule, ...]
    "The rules, in order."


@attrs.frozen
class Case:
    """``case e of p => e | ...``."""

    pos: Pos
    "Where it is."
    scrutinee: Exp
    "The expression examined."
    rules: tuple[Rule, ...]
    "The rules, in order."


@attrs.frozen
class If:
    """``if c then a else b``."""

    pos: Pos
    "Where it is."
    cond: Exp
    "The condition."
    then: Exp
    "The value when it holds."
    orelse: Exp
    "The value when it does not."


@attrs.frozen
class AndAlso:
    """``a andalso b``."""

    pos: Pos
    "Where it is."
    left: Exp
    "The first operand."
    right: Exp
    "The second operand, evaluated only when the first is true."


@attrs.frozen
class OrElse:
    """``a orelse b``."""

    pos: Pos
    "Where it is."
    left: Exp
    "The first operand."
    right: Exp
    "The second operand, evaluated only when the first is false."


@attrs.frozen
class Raise:
    """``raise e``."""

    pos: Pos
    "Where it is."
    exn: Exp
    "The exception raised."


@attrs.frozen
class Handle:
    """``e handle p => e' | ...``."""

    pos: Pos
    "Where it is."
    body: Exp
    "The expression whose exceptions are handled."
    rules: tuple[Rule, ...]
    "The handlers, in order."


@attrs.frozen
class Typed:
    """``e : t``."""

    pos: Pos
    "Where it is."
    exp: Exp
    "The expression."
    ty: Ty
    "Its type."


@attrs.frozen
class Let:
    """``let decs in e1; ...; en end``."""

    pos: Pos
    "Where it is."
    decs: tuple[Dec, ...]
    "The local declarations."
    body: tuple[Exp, ...]
    "The expressions, evaluated in order; the last is the value."


@attrs.frozen
class SeqExp:
    """``(e1; ...; en)``: evaluated in order, the last is the value."""

    pos: Pos
    "Where it is."
    items: tuple[Exp, ...]
    "The expressions."


@attrs.frozen
class While:
    """``while c do e``: ``e`` evaluated while ``c`` holds; its value is ``()``."""

    pos: Pos
    "Where it is."
    cond: Exp
    "The condition."
    body: Exp
    "The body."


Exp: TypeAlias = (Const | Var | App | Tuple | ListExp | Record | Selector | Fn | Case | If
                  | AndAlso | OrElse | Raise | Handle | Typed | Let | SeqExp | While)
"An SML expression."

# ---- declarations


@attrs.frozen
class Val:
    """``val [rec] p = e and ...``."""

    pos: Pos
    "Where it is."
    rec: bool
    "Whether it is ``val rec``."
    binds: tuple[tuple[Pat, Exp], ...]
    "The patterns and their expressions."


@attrs.frozen
class Clause:
    """One clause ``f p1 ... pn [: t] = e`` of a ``fun``."""

    pos: Pos
    "Where it is."
    pats: tuple[Pat, ...]
    "The argument patterns (one per curried argument)."
    result: Ty | None
    "The annotated result type, if any."
    body: Exp
    "The body."


@attrs.frozen
class FunBind:
    """One function of a ``fun ... and ...``: its name and clauses."""

    pos: Pos
    "Where it is."
    name: str
    "The function's name."
    clauses: tuple[Clause, ...]
    "Its clauses, in order (all with the same number of arguments)."


@attrs.frozen
class Fun:
    """``fun f ... and g ...``: mutually recursive functions."""

    pos: Pos
    "Where it is."
    binds: tuple[FunBind, ...]
    "The functions."


@attrs.frozen
class TypeDec:
    """``type ('a) t = ty``."""

    pos: Pos
    "Where it is."
    tyvars: tuple[str, ...]
    "The type parameters."
    name: str
    "The name."
    ty: Ty
    "The type it abbreviates."


@attrs.frozen
class DatBind:
    """One datatype: ``('a) t = C1 | C2 of ty | ...``."""

    pos: Pos
    "Where it is."
    tyvars: tuple[str, ...]
    "The type parameters."
    name: str
    "The type's name."
    cons: tuple[tuple[str, Ty | None], ...]
    "Its constructors, with their argument types (``None`` when nullary)."


@attrs.frozen
class Datatype:
    """``datatype ... and ...``, declared or in a signature; a replication has ``copy_of``."""

    pos: Pos
    "Where it is."
    binds: tuple[DatBind, ...]
    "The datatypes."
    copy_of: str | None = None
    "The copied datatype's long name, for a datatype replication."


@attrs.frozen
class Exception:
    """``exception E [of ty] and ...`` (also in a signature)."""

    pos: Pos
    "Where it is."
    binds: tuple[tuple[str, Ty | None], ...]
    "The exceptions, with their argument types."


@attrs.frozen
class Local:
    """``local decs in decs end``."""

    pos: Pos
    "Where it is."
    hidden: tuple[Dec, ...]
    "The local declarations."
    body: tuple[Dec, ...]
    "The declarations it exports."


@attrs.frozen
class Open:
    """``open S1 S2``."""

    pos: Pos
    "Where it is."
    names: tuple[str, ...]
    "The structures opened."


@attrs.frozen
class StrBody:
    """``struct decs end``."""

    pos: Pos
    "Where it is."
    decs: tuple[Dec, ...]
    "The declarations."


@attrs.frozen
class StrName:
    """A structure named by a (long) identifier."""

    pos: Pos
    "Where it is."
    name: str
    "The name."


@attrs.frozen
class StrApp:
    """A functor application ``F (S)`` (or ``F (decs)``, as a ``StrBody``)."""

    pos: Pos
    "Where it is."
    functor: str
    "The functor's name."
    arg: StrExp
    "The argument structure."


StrExp: TypeAlias = StrBody | StrName | StrApp
"A structure expression."


# ---- signatures (what type inference reads; the emitter names them only)


@attrs.frozen
class SpecVal:
    """``val x : ty`` in a signature."""

    pos: Pos
    "Where it is."
    name: str
    "The value's name."
    ty: Ty
    "Its type."


@attrs.frozen
class SpecType:
    """``type ('a) t [= ty]`` (or ``eqtype``) in a signature: abstract without ``ty``."""

    pos: Pos
    "Where it is."
    tyvars: tuple[str, ...]
    "The type parameters."
    name: str
    "The name."
    ty: Ty | None
    "The type it abbreviates, if given."


@attrs.frozen
class SpecStructure:
    """``structure S : SIG`` in a signature."""

    pos: Pos
    "Where it is."
    name: str
    "The structure's name."
    sig: SigExp
    "Its signature."


@attrs.frozen
class SpecInclude:
    """``include SIG``."""

    pos: Pos
    "Where it is."
    sig: SigExp
    "The signature included."


Spec: TypeAlias = SpecVal | SpecType | Datatype | Exception | SpecStructure | SpecInclude
"""A specification of a signature (``sharing`` constraints are read and dropped); a datatype or
an exception is specified as it is declared, by the declaration's own record."""


@attrs.frozen
class SigBody:
    """``sig specs end``."""

    pos: Pos
    "Where it is."
    specs: tuple[Spec, ...]
    "The specifications, in order."


@attrs.frozen
class SigName:
    """A signature named by its identifier."""

    pos: Pos
    "Where it is."
    name: str
    "The name."


@attrs.frozen
class SigWhere:
    """``SIG where type ('a) t = ty``."""

    pos: Pos
    "Where it is."
    sig: SigExp
    "The signature constrained."
    tyvars: tuple[str, ...]
    "The type parameters."
    name: str
    "The (long) type name."
    ty: Ty
    "Its definition."


SigExp: TypeAlias = SigBody | SigName | SigWhere
"A signature expression."


@attrs.frozen
class Structure:
    """``structure S [: SIG] = strexp``."""

    pos: Pos
    "Where it is."
    name: str
    "The structure's name."
    sig: str | None
    "The signature it is ascribed, if named."
    body: StrExp
    "The structure."
    sig_exp: SigExp | None = None
    "The signature it is ascribed, whole (a ``where type`` or ``sig ... end`` kept)."
    opaque: bool = False
    "Whether the ascription seals it (``:>``: its abstract types stay abstract)."


@attrs.frozen
class Signature:
    """``signature S = sig ... end``: the emitter names it only; type inference reads ``body``."""

    pos: Pos
    "Where it is."
    name: str
    "The signature's name."
    body: SigExp | None = None
    "Its definition."


@attrs.frozen
class Functor:
    """``functor F (P : SIG) [: SIG] = strexp``.

    An opened parameter (``(val x : int)``) is named ``None``; its specifications are
    ``param_sig``.
    """

    pos: Pos
    "Where it is."
    name: str
    "The functor's name."
    param: str | None
    "The parameter structure's name, or ``None`` for an opened specification."
    sig: str | None
    "The result signature, if named."
    body: StrExp
    "The body."
    param_sig: SigExp | None = None
    "The parameter's signature (the opened specifications when ``param`` is ``None``)."


Dec: TypeAlias = (Val | Fun | TypeDec | Datatype | Exception | Local | Open | Structure
                  | Signature | Functor)
"A declaration."
