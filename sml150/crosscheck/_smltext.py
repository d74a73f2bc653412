r"""Reading a student's SML as modules: its tokens, structures and functors, and their sealing.

Crosscheck needs three things from a solution's text, and none of them needs its expressions:
which structure or functor implements each handout role (found by the values it defines, not
by its name: ``structure Graphs`` is HW11's graph structure when it defines ``to_list``,
``get_neighbors``, ...), where each is sealed (``:> SIG``, ``: SIG where type t = ...``, a
functor's result signature, transparent or opaque: the span is blanked, so the datatypes'
constructors and the helpers the cases call are visible), and which course library names and
``Seq`` calling conventions it uses (``_library``). So this is a scan of tokens, not a parse:
it reads any core-language code (expressions are only skipped), never fails, and keeps every
line and column (comments and the spans it removes become spaces), so SML/NJ's positions in
the unsealed text are the student's own.

(About 520 lines, over the house's 400: one scanner of SML's module language, one method per
kind of declaration.)

>>> s = scan("structure Graphs : GRAPH where type v = int = struct fun to_list s = s end")
>>> [(m.kind, m.name, sorted(m.values)) for m in s.modules]
[('structure', 'Graphs', ['to_list'])]
>>> unseal("structure Graphs : GRAPH where type v = int = struct fun to_list s = s end")
'structure Graphs                            = struct fun to_list s = s end'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, final

import attrs

from sml150.smlsource import strip_comments

__all__ = ["Module", "Scan", "Token", "scan", "tokens", "unseal"]


@final
@attrs.frozen
class Token:
    """One SML token: its text and where it is in the source."""

    text: str
    start: int
    end: int


_TOKEN: Final = re.compile(r"""
    (?P<string>\#?"(?:[^"\\]|\\.)*"?)
  | (?P<word>[A-Za-z][A-Za-z0-9_']*(?:\.[A-Za-z][A-Za-z0-9_']*)*(?:\.[!%&$\#+\-/:<=>?@\\~`^|*]+)?)
  | (?P<tyvar>'[A-Za-z0-9_']*)
  | (?P<number>~?(?:0x[0-9A-Fa-f]+|0w[0-9]+|[0-9]+(?:\.[0-9]+)?(?:[eE]~?[0-9]+)?))
  | (?P<punct>[()\[\]{},;_])
  | (?P<symbol>[!%&$\#+\-/:<=>?@\\~`^|*]+)
""", re.VERBOSE | re.DOTALL)

_OPENERS: Final = frozenset({"struct", "sig", "let", "local"})
_LITERALS: Final = frozenset({"true", "false", "nil", "NONE", "SOME", "ref"})
"""Constructors a ``val`` pattern may start with (``val true = ...``): never a defined name."""
_TOP_WORDS: Final = frozenset({"val", "fun", "type", "datatype", "exception", "structure",
                               "functor", "signature", "open", "local", "infix", "infixr",
                               "nonfix", "abstype"})
_DECL_WORDS: Final = frozenset({"val", "fun", "type", "datatype", "exception", "structure",
                                "functor", "signature", "open", "local", "infix", "infixr",
                                "nonfix", "abstype", "eqtype", "include", "and", "in", "end",
                                "sharing"})


def tokens(text: str) -> list[Token]:
    """The tokens of ``text`` (comments dropped; anything unknown skipped).

    >>> [t.text for t in tokens('val x = Seq.nth 0 s (* c *) :> "a b"')]
    ['val', 'x', '=', 'Seq.nth', '0', 's', ':>', '"a b"']
    """
    return [Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(strip_comments(text))]


@final
@attrs.frozen
class Module:
    """A structure or functor the text declares."""

    kind: str
    """``structure`` or ``functor``."""
    name: str
    """Its name; a nested one is dotted (``Outer.Inner``)."""
    values: frozenset[str]
    """The values its body defines (``fun``/``val`` names, constructors, exceptions), and
    those of the structures it opens or applies (when the text declares them)."""
    line: int
    """The line of its keyword (1-based)."""
    depth: int
    """0 at the top level, 1 inside one structure or functor, ..."""
    sealed: tuple[tuple[int, int], ...] = ()
    """The character spans of its signature constraints (blanked by ``unseal``)."""
    applies: str = ""
    """The functor its body applies (``structure S = F (X)``), or ``""``."""
    opens: tuple[str, ...] = ()
    """The structures its body opens."""
    start: int = 0
    """Where its name is in the text (a character offset)."""


@final
@attrs.frozen
class Scan:
    """What one text declares and refers to."""

    modules: tuple[Module, ...]
    """Every structure and functor, in order (nested ones too)."""
    top_values: frozenset[str]
    """The values defined at the top level (outside any structure or functor)."""
    signatures: frozenset[str]
    """The signatures it declares."""
    refs: frozenset[str]
    """The long identifiers it uses (``Seq.nth``, ``BetterSeq``, ``Est.Guess``)."""
    calls: tuple[tuple[str, int], ...]
    """``Seq`` calls with an argument: (function, the size of the tuple it is applied to
    first, or 0 for any other argument)."""
    specs: tuple[tuple[str, str, str], ...]
    """``val`` specifications of its signatures: (signature, name, type text)."""
    starts: tuple[int, ...] = ()
    """Where each top-level declaration starts (character offsets, in order)."""
    signature_at: tuple[tuple[str, int], ...] = ()
    """Each signature it declares, with where its name is."""

    def module(self, name: str) -> Module | None:
        """The last module of this name (the one in scope at the end), or ``None``."""
        found = [m for m in self.modules if m.name == name]
        return found[-1] if found else None


@attrs.define
class _Scanner:
    toks: list[Token]
    text: str
    i: int = 0
    modules: list[Module] = attrs.field(factory=list)
    top: set[str] = attrs.field(factory=set)
    sigs: set[str] = attrs.field(factory=set)
    specs: list[tuple[str, str, str]] = attrs.field(factory=list)
    starts: list[int] = attrs.field(factory=list)
    signature_at: list[tuple[str, int]] = attrs.field(factory=list)

    def at(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j].text if j < len(self.toks) else ""

    def line(self, j: int) -> int:
        return self.text.count("\n", 0, self.toks[j].start) + 1 if j < len(self.toks) else 0

    # -- declarations -------------------------------------------------------------------

    def decs(self, values: set[str], prefix: str, depth: int, stop: frozenset[str],
             top: bool = False) -> None:
        """Declarations until a token of ``stop`` (not consumed) or the end.

        ``top``: the file's own declarations, whose starts are kept.
        """
        while self.i < len(self.toks) and self.at() not in stop:
            word = self.at()
            if top and word in _TOP_WORDS:
                self.starts.append(self.toks[self.i].start)
            if word == "structure":
                self.i += 1
                self.structure(values, prefix, depth)
            elif word == "functor":
                self.i += 1
                self.functor(prefix, depth)
            elif word == "signature":
                self.i += 1
                self.signature()
            elif word == "local":
                self.i += 1
                self.decs(set(), prefix, depth, frozenset({"in", "end"}))
                if self.at() == "in":
                    self.i += 1
                    self.decs(values, prefix, depth, frozenset({"end"}))
                self.skip("end")
            elif word in ("fun", "val"):
                self.i += 1
                self.value_names(values)
            elif word in ("datatype", "exception"):
                self.i += 1
                self.constructors(values, word)
            elif word in ("let", "struct", "sig"):
                self.i += 1
                self.skip_block()
            elif word == "(":
                self.i += 1
                self.skip_parens()
            elif word == "end":  # an unmatched end: the text is broken, keep going
                self.i += 1
            else:
                self.i += 1

    def skip(self, word: str) -> None:
        if self.at() == word:
            self.i += 1

    def skip_block(self) -> None:
        """Past the ``end`` that closes a block just opened."""
        depth = 1
        while self.i < len(self.toks) and depth:
            w = self.at()
            depth += (w in _OPENERS) - (w == "end")
            self.i += 1

    def skip_parens(self) -> None:
        """Past the ``)`` that closes a parenthesis just opened (blocks inside skipped)."""
        depth = 1
        while self.i < len(self.toks) and depth:
            w = self.at()
            if w in _OPENERS:
                self.i += 1
                self.skip_block()
                continue
            depth += (w == "(") - (w == ")")
            self.i += 1

    def value_names(self, values: set[str]) -> None:
        """``fun f ... and g ...`` / ``val [rec] x = ... and y = ...``: the names."""
        while True:
            while self.at() in ("rec", "op") or self.at().startswith("'"):
                self.i += 1
            if self.at() == "(" and self.at(1).startswith("'"):  # ('a, 'b) f
                self.i += 1
                self.skip_parens()
            name = self.at()
            if re.fullmatch(r"[A-Za-z][A-Za-z0-9_']*", name) and name not in _DECL_WORDS:
                values.add(name)
            # to the next `and` of this binding group, or the next declaration
            while self.i < len(self.toks):
                w = self.at()
                if w in ("let", "struct", "sig"):
                    self.i += 1
                    self.skip_block()
                elif w == "(":
                    self.i += 1
                    self.skip_parens()
                elif w == "and":
                    self.i += 1
                    break
                elif w in _DECL_WORDS or w in (";", ")"):
                    return
                else:
                    self.i += 1
            else:
                return

    def constructors(self, values: set[str], word: str) -> None:
        """A ``datatype``'s constructors or an ``exception``'s names."""
        expect = word == "exception"
        while self.i < len(self.toks):
            w = self.at()
            if (w == "=" and word == "datatype") or w == "|" or (
                    w == "and" and word == "exception"):
                expect = True
            elif w == "and":
                expect = False
            elif w == "(":
                self.i += 1
                self.skip_parens()
                continue
            elif (w in _DECL_WORDS and w != "and") or w in (";", ")") or w == "withtype":
                return
            elif expect and re.fullmatch(r"[A-Za-z][A-Za-z0-9_']*", w) and w not in ("op",
                                                                                    "of"):
                values.add(w)
                expect = False
            self.i += 1

    def signature(self) -> None:
        """``signature S = sig ... end`` (its ``val`` specifications kept) ``and ...``."""
        while True:
            name = self.at()
            self.sigs.add(name)
            if self.i < len(self.toks):
                self.signature_at.append((name, self.toks[self.i].start))
            self.i += 1
            self.skip("=")
            if self.at() == "sig":
                self.i += 1
                self.sig_specs(name)
            else:
                self.i += 1
            self.where_clauses()
            if self.at() != "and":
                return
            self.i += 1

    def sig_specs(self, sig: str) -> None:
        depth = 1
        while self.i < len(self.toks) and depth:
            w = self.at()
            if w == "val" and depth == 1:
                name, start = self.at(1), self.i + 3
                self.i = start
                while self.i < len(self.toks) and self.at() not in _DECL_WORDS | {"end"} \
                        and self.at() not in ("datatype", "type", "exception", "eqtype"):
                    if self.at() in _OPENERS:
                        break
                    self.i += 1
                text = " ".join(t.text for t in self.toks[start:self.i])
                self.specs.append((sig, name, text))
                continue
            depth += (w in _OPENERS) - (w == "end")
            self.i += 1

    def where_clauses(self) -> None:
        """Past ``where type ... = ty`` (``and type ...``) and ``where S = T`` clauses."""
        while self.at() == "where" or (self.at() == "and" and self.at(1) == "type"):
            self.i += 1
            self.skip("type")
            while self.i < len(self.toks) and self.at() != "=":  # the bound type's name
                self.i += 1
            self.i += 1
            self.type_expression()

    def type_expression(self) -> None:
        """Past a type: up to ``=``, ``where``, ``and`` or a declaration at depth 0."""
        depth = 0
        while self.i < len(self.toks):
            w = self.at()
            if depth == 0 and (w in ("=", "where", "and", ":>", ";") or w in _DECL_WORDS
                               or w in _OPENERS or w == ")"):
                return
            depth += (w in ("(", "{", "[")) - (w in (")", "}", "]"))
            self.i += 1

    def sig_expression(self) -> None:
        """Past a signature expression: a name or ``sig ... end``, then its ``where``s."""
        if self.at() == "sig":
            self.i += 1
            self.skip_block()
        else:
            self.i += 1
        self.where_clauses()

    def constraint(self) -> tuple[int, int] | None:
        """A ``: SIG`` or ``:> SIG`` at the cursor: its span, the cursor past it."""
        if self.at() not in (":", ":>"):
            return None
        start = self.toks[self.i].start
        self.i += 1
        self.sig_expression()
        end = self.toks[self.i - 1].end
        return start, end

    def structure(self, outer: set[str], prefix: str, depth: int) -> None:
        while True:
            line, name = self.line(self.i), self.at()
            start = self.toks[self.i].start if self.i < len(self.toks) else len(self.text)
            self.i += 1
            spans = [s for s in [self.constraint()] if s]
            self.skip("=")
            values, applies, opens = self.structure_expression(prefix + name + ".", depth, spans)
            self.modules.append(Module("structure", prefix + name,
                                       frozenset(values - _LITERALS), line,
                                       depth, tuple(spans), applies, tuple(opens), start))
            outer.add(name)
            if self.at() != "and":
                return
            self.i += 1

    def structure_expression(self, prefix: str, depth: int,
                             spans: list[tuple[int, int]]) -> tuple[set[str], str, list[str]]:
        """A structure's body: its values, the functor it applies, the structures it opens."""
        values: set[str] = set()
        applies = ""
        opens: list[str] = []
        if self.at() == "struct":
            self.i += 1
            start = self.i
            self.decs(values, prefix, depth + 1, frozenset({"end"}))
            self.skip("end")
            opens = self.opens_in(start, self.i)
        elif self.at() == "let":
            self.i += 1
            self.decs(set(), prefix, depth + 1, frozenset({"in"}))
            self.skip("in")
            values, applies, opens = self.structure_expression(prefix, depth, spans)
            self.skip("end")
        else:
            name = self.at()
            self.i += 1
            if self.at() == "(":
                applies = name
                self.i += 1
                self.skip_parens()
            else:
                opens = [name]
        span = self.constraint()
        if span:
            spans.append(span)
        return values, applies, opens

    def opens_in(self, start: int, end: int) -> list[str]:
        found = []
        for j in range(start, end - 1):
            if self.toks[j].text == "open":
                k = j + 1
                while k < end and re.fullmatch(r"[A-Z][A-Za-z0-9_'.]*", self.toks[k].text):
                    found.append(self.toks[k].text)
                    k += 1
        return found

    def functor(self, prefix: str, depth: int) -> None:
        while True:
            line, name = self.line(self.i), self.at()
            start = self.toks[self.i].start if self.i < len(self.toks) else len(self.text)
            self.i += 1
            if self.at() == "(":
                self.i += 1
                self.skip_parens()
            spans = [s for s in [self.constraint()] if s]
            self.skip("=")
            values, applies, opens = self.structure_expression(prefix + name + ".", depth, spans)
            self.modules.append(Module("functor", prefix + name,
                                       frozenset(values - _LITERALS), line,
                                       depth, tuple(spans), applies, tuple(opens), start))
            if self.at() != "and":
                return
            self.i += 1


def _calls(toks: list[Token]) -> Iterator[tuple[str, int]]:
    """``Seq.f`` applied to an argument: (``f``, its first argument's tuple size or 0)."""
    for j, t in enumerate(toks[:-1]):
        parts = t.text.split(".")
        if len(parts) < 2 or parts[-2] != "Seq" or not re.fullmatch(r"[a-z]\w*", parts[-1]):
            continue
        nxt = toks[j + 1].text
        if nxt == "(":
            depth, k, commas = 0, j + 1, 0
            while k < len(toks):
                w = toks[k].text
                depth += (w in ("(", "[", "{")) - (w in (")", "]", "}"))
                if w in _OPENERS:
                    depth += 1
                elif w == "end":
                    depth -= 1
                if depth == 1 and w == ",":
                    commas += 1
                if depth == 0:
                    break
                k += 1
            yield parts[-1], commas + 1 if commas else 0
        elif re.fullmatch(r"[a-z][A-Za-z0-9_']*|[0-9]+|\[|#?\".*", nxt) and nxt not in (
                _DECL_WORDS | {"andalso", "orelse", "then", "else", "of", "do", "handle", "o",
                               "before", "div", "mod"}):
            yield parts[-1], 0


def scan(text: str) -> Scan:
    """The structures, functors, signatures and references of an SML text (never raises).

    >>> s = scan('''functor AB (S : sig structure G : GAME end) :> PLAYER
    ...                 where type Game.move = int =
    ...             struct
    ...               structure Seq = BetterSeq (Seq)
    ...               fun next_move s = Seq.nth 0 (Seq.cons (1, s))
    ...               and F x = x
    ...               datatype v = Step of int | Leaf
    ...             end''')
    >>> [(m.name, sorted(m.values), m.applies) for m in s.modules]
    [('AB.Seq', [], 'BetterSeq'), ('AB', ['F', 'Leaf', 'Seq', 'Step', 'next_move'], '')]
    >>> s.calls
    (('nth', 0), ('cons', 2))
    """
    toks = tokens(text)
    sc = _Scanner(toks, text)
    sc.decs(sc.top, "", 0, frozenset(), top=True)
    refs = frozenset(t.text for t in toks if re.match(r"[A-Z]", t.text))
    return Scan(tuple(sc.modules), frozenset(sc.top - _LITERALS), frozenset(sc.sigs), refs,
                tuple(_calls(toks)), tuple(sc.specs), tuple(sc.starts),
                tuple(sc.signature_at))


def unseal(text: str, spans: list[tuple[int, int]] | None = None) -> str:
    """``text`` with every structure's and functor's signature constraint blanked.

    Line breaks stay (so do all positions); comments and strings are left as they are.

    >>> print(unseal('''functor Riskless (Dim : MAP) : GAME
    ...     where type move = int * int = (* a : comment *)
    ... struct val x = "a : b" end
    ... structure S :> T = struct end''').replace(" ", "_"))
    functor_Riskless_(Dim_:_MAP)_______
    ________________________________=_(*_a_:_comment_*)
    struct_val_x_=_"a_:_b"_end
    structure_S______=_struct_end
    """
    if spans is None:
        spans = [s for m in scan(text).modules for s in m.sealed]
    chars = list(text)
    for start, end in spans:
        for k in range(start, end):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)
