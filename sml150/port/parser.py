"""Parse SML source into ``sml150.port.syntax``: lark (LALR) on ``sml.lark``, then fixity.

The grammar reads expressions and patterns as flat sequences of atoms; this module resolves
them with the fixities in scope: the Basis' defaults (``infix 7 * / div mod``, ``infix 6 + -
^``, ``infixr 5 :: @``, ``infix 4 = <> < > <= >=``, ``infix 3 := o``) and the file's own
``infix``/``infixr``/``nonfix`` declarations, from the declaration on (a declaration inside a
``let`` or ``local`` also lasts to the file's end: 15-150 code declares none there).

>>> decs = parse("val x = 1 + 2 * 3")
>>> decs[0].binds[0][1].fn
Var(pos=Pos(line=1, column=11), name='+')

(About 830 lines, over the house's 400: one transformer from lark's tree to the records, one
method per grammar rule.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
import lark
from lark import Token, v_args

from sml150.port import syntax as sx
from sml150.smlsource import strip_comments

__all__ = ["SmlSyntaxError", "parse", "strip_comments"]


class SmlSyntaxError(ValueError):
    """SML the parser cannot read: the message is one line with the source position."""


@attrs.frozen
class _Fixity:
    precedence: int
    right: bool


_BASIS_FIXITY: dict[str, _Fixity] = {
    **{op: _Fixity(7, False) for op in ("*", "/", "div", "mod")},
    **{op: _Fixity(6, False) for op in ("+", "-", "^")},
    **{op: _Fixity(5, True) for op in ("::", "@")},
    **{op: _Fixity(4, False) for op in ("=", "<>", "<", ">", "<=", ">=")},
    **{op: _Fixity(3, False) for op in (":=", "o")},
    "before": _Fixity(0, False),
}


@functools.cache
def _lark() -> lark.Lark:
    grammar = resources.files("sml150.port").joinpath("sml.lark").read_text(encoding="utf-8")
    return lark.Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def parse(text: str) -> tuple[sx.Dec, ...]:
    """The top-level declarations of an SML file.

    REQUIRES: nothing. ENSURES: the declarations, infix resolved; raises ``SmlSyntaxError``
    (one line, ``line:column``) on text the grammar does not read.

    >>> [type(d).__name__ for d in parse("fun f 0 = 1 | f n = n * f (n - 1); datatype t = A | B")]
    ['Fun', 'Datatype']
    >>> parse("val x = )")
    Traceback (most recent call last):
    ...
    sml150.port.parser.SmlSyntaxError: 1:9: unexpected ')'
    """
    try:
        tree = _lark().parse(strip_comments(text))
    except lark.exceptions.UnexpectedToken as e:
        if e.token.type == "$END":
            raise SmlSyntaxError(f"{e.line}:{e.column}: end of file in the middle of a "
                                 "construct") from None
        raise SmlSyntaxError(f"{e.line}:{e.column}: unexpected {str(e.token)!r}") from None
    except lark.exceptions.UnexpectedCharacters as e:
        raise SmlSyntaxError(f"{e.line}:{e.column}: unexpected character "
                             f"{text.splitlines()[e.line - 1][e.column - 1]!r}") from None
    except lark.exceptions.UnexpectedEOF:
        raise SmlSyntaxError("end of file: the text stops in the middle of a construct") from None
    try:
        decs = _transform(_ToAst(), tree)
    except lark.exceptions.VisitError as e:  # a check of the transformer (fixity, clauses)
        if isinstance(e.orig_exc, SmlSyntaxError):
            raise e.orig_exc from None
        raise
    assert isinstance(decs, tuple)
    return decs


def _transform(t: _ToAst, tree: lark.Tree[Token]) -> Any:
    """``t.transform(tree)`` without recursion: a list nested 3,000 deep is valid SML.

    Post-order with an explicit stack, children left to right (so an ``infix`` declaration
    is seen before the code after it), each node through lark's own call of the rule's
    method (``v_args`` included).
    """
    values: list[Any] = []
    todo: list[tuple[Any, bool]] = [(tree, False)]
    while todo:
        node, ready = todo.pop()
        if not isinstance(node, lark.Tree):
            values.append(node)
        elif ready:
            n = len(node.children)
            kids = values[len(values) - n:]
            del values[len(values) - n:]
            call: Callable[[Any, list[Any]], Any] = t._call_userfunc  # lark's own (untyped)
            result = call(node, [k for k in kids if k is not lark.Discard])
            values.append(result)
        else:
            todo.append((node, True))
            todo.extend((c, False) for c in reversed(node.children))
    return values[0]


@attrs.frozen
class _OpItem:
    """An operator symbol in a flat sequence, before fixity resolution."""

    pos: sx.Pos
    name: str


def _pos(meta: Any) -> sx.Pos:
    return sx.Pos(getattr(meta, "line", 0), getattr(meta, "column", 0))


def _tpos(tok: Token) -> sx.Pos:
    return sx.Pos(tok.line or 0, tok.column or 0)


def _string(tok: str) -> str:
    """An SML string or char literal's value (escapes and gaps decoded)."""
    body = tok[2:-1] if tok.startswith("#") else tok[1:-1]
    out: list[str] = []
    i = 0
    simple = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "v": "\v",
              "f": "\f", "r": "\r"}
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in simple:
            out.append(simple[nxt])
            i += 2
        elif nxt.isdigit():
            out.append(chr(int(body[i + 1:i + 4])))
            i += 4
        elif nxt == "^":
            out.append(chr(ord(body[i + 2]) - 64))
            i += 3
        elif nxt == "u":
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        else:  # a gap: \ whitespace \
            j = body.index("\\", i + 1)
            i = j + 1
    return "".join(out)


def _int(tok: str) -> int:
    neg = tok.startswith("~")
    digits = tok.lstrip("~")
    value = int(digits, 16) if digits.startswith("0x") else int(digits)
    return -value if neg else value


class _ToAst(lark.Transformer[Token, Any]):
    """Tree → AST; holds the fixities seen so far (this parse's own, not global)."""

    def __init__(self) -> None:
        super().__init__()
        self.fixities: dict[str, _Fixity] = dict(_BASIS_FIXITY)

    # ---- names
    def longid(self, items: list[Token]) -> tuple[sx.Pos, str]:
        return _tpos(items[0]), ".".join(str(t) for t in items)

    def opname(self, items: list[Token]) -> _OpItem:
        return _OpItem(_tpos(items[0]), str(items[0]))

    def ident(self, items: list[Any]) -> str:
        it = items[0]
        return it.name if isinstance(it, _OpItem) else str(it)

    def tyvarseq(self, items: list[Token]) -> tuple[str, ...]:
        if not items:
            return ()
        text = str(items[0])
        return tuple(v.strip() for v in text.strip("()").split(",")) if text.startswith(
            "(") else (text,)

    # ---- types
    @v_args(meta=True)
    def ty_var(self, meta: Any, items: list[Token]) -> sx.Ty:
        return sx.TVar(_pos(meta), str(items[0]))

    @v_args(meta=True)
    def ty_con(self, meta: Any, items: list[Any]) -> sx.Ty:
        return sx.TCon(_pos(meta), items[0][1], ())

    @v_args(meta=True)
    def ty_app(self, meta: Any, items: list[Any]) -> sx.Ty:
        return sx.TCon(_pos(meta), items[1][1], (items[0],))

    @v_args(meta=True)
    def ty_app_many(self, meta: Any, items: list[Any]) -> sx.Ty:
        return sx.TCon(_pos(meta), items[-1][1], tuple(items[:-1]))

    @v_args(meta=True)
    def ty_app_tyvars(self, meta: Any, items: list[Any]) -> sx.Ty:
        names = self.tyvarseq([items[0]])
        return sx.TCon(_pos(meta), items[1][1], tuple(sx.TVar(_pos(meta), n) for n in names))

    @v_args(meta=True)
    def ty_tuple(self, meta: Any, items: list[sx.Ty]) -> sx.Ty:
        return sx.TTuple(_pos(meta), tuple(items))

    @v_args(meta=True)
    def ty_arrow(self, meta: Any, items: list[sx.Ty]) -> sx.Ty:
        return sx.TArrow(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def ty_record(self, meta: Any, items: list[tuple[str, sx.Ty]]) -> sx.Ty:
        return sx.TRecord(_pos(meta), tuple(items))

    def tyrow(self, items: list[Any]) -> tuple[str, sx.Ty]:
        return str(items[0]), items[1]

    # ---- patterns
    @v_args(meta=True)
    def pwild(self, meta: Any, _: list[Any]) -> sx.Pat:
        return sx.PWild(_pos(meta))

    @v_args(meta=True)
    def pint(self, meta: Any, items: list[Token]) -> sx.Pat:
        return sx.PConst(_pos(meta), _int(str(items[0])))

    @v_args(meta=True)
    def pstring(self, meta: Any, items: list[Token]) -> sx.Pat:
        return sx.PConst(_pos(meta), _string(str(items[0])))

    @v_args(meta=True)
    def pchar(self, meta: Any, items: list[Token]) -> sx.Pat:
        return sx.PConst(_pos(meta), _string(str(items[0])), char=True)

    @v_args(meta=True)
    def pvar(self, meta: Any, items: list[Any]) -> sx.Pat:
        return sx.PVar(_pos(meta), items[0][1])

    @v_args(meta=True)
    def pop_var(self, meta: Any, items: list[Any]) -> sx.Pat:
        it = items[-1]
        return _OpNamedP(_pos(meta), it.name if isinstance(it, _OpItem) else str(it))

    @v_args(meta=True)
    def punit(self, meta: Any, _: list[Any]) -> sx.Pat:
        return sx.PTuple(_pos(meta), ())

    def pparen(self, items: list[sx.Pat]) -> sx.Pat:
        return items[0]

    @v_args(meta=True)
    def ptuple(self, meta: Any, items: list[sx.Pat]) -> sx.Pat:
        return sx.PTuple(_pos(meta), tuple(items))

    @v_args(meta=True)
    def plist(self, meta: Any, items: list[sx.Pat]) -> sx.Pat:
        return sx.PList(_pos(meta), tuple(items))

    @v_args(meta=True)
    def precord(self, meta: Any, items: list[Any]) -> sx.Pat:
        fields = tuple(f for f in items if f is not None)
        return sx.PRecord(_pos(meta), fields, flexible=len(fields) < len(items))

    def prow(self, items: list[Any]) -> tuple[str, sx.Pat]:
        return str(items[0]), items[1]

    @v_args(meta=True)
    def prow_pun(self, meta: Any, items: list[Any]) -> tuple[str, sx.Pat]:
        var: sx.Pat = sx.PVar(_pos(meta), str(items[0]))
        if len(items) > 1:
            var = sx.PTyped(_pos(meta), var, items[1])
        return str(items[0]), var

    def prow_dots(self, _: list[Any]) -> None:
        return None

    @v_args(meta=True)
    def pat_typed(self, meta: Any, items: list[Any]) -> sx.Pat:
        return sx.PTyped(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def pat_as(self, meta: Any, items: list[Any]) -> sx.Pat:
        return sx.PAs(_pos(meta), str(items[0]), items[1])

    def popname_item(self, items: list[Token]) -> _OpItem:
        return _OpItem(_tpos(items[0]), str(items[0]))

    def atpat_seq(self, items: list[Any]) -> sx.Pat:
        pat: sx.Pat = self._resolve(items, self._pat_app, self._pat_infix)
        return pat

    @staticmethod
    def _pat_app(f: Any, arg: sx.Pat) -> sx.Pat:
        if not isinstance(f, sx.PVar):
            raise SmlSyntaxError(f"{f.pos}: a pattern applied to a pattern: only a constructor "
                                 "takes an argument")
        return sx.PCon(f.pos, f.name, arg)

    @staticmethod
    def _pat_infix(op: _OpItem, left: sx.Pat, right: sx.Pat) -> sx.Pat:
        return sx.PCon(op.pos, op.name, sx.PTuple(op.pos, (left, right)))

    # ---- expressions
    @v_args(meta=True)
    def int_(self, meta: Any, items: list[Token]) -> sx.Exp:
        return sx.Const(_pos(meta), _int(str(items[0])), "int")

    @v_args(meta=True)
    def real_(self, meta: Any, items: list[Token]) -> sx.Exp:
        return sx.Const(_pos(meta), float(str(items[0]).replace("~", "-")), "real")

    @v_args(meta=True)
    def string_(self, meta: Any, items: list[Token]) -> sx.Exp:
        return sx.Const(_pos(meta), _string(str(items[0])), "string")

    @v_args(meta=True)
    def char_(self, meta: Any, items: list[Token]) -> sx.Exp:
        return sx.Const(_pos(meta), _string(str(items[0])), "char")

    def var(self, items: list[Any]) -> sx.Exp:
        pos, name = items[0]
        return sx.Var(pos, name)

    @v_args(meta=True)
    def op_var(self, meta: Any, items: list[Any]) -> sx.Exp:
        it = items[-1]
        return _OpNamed(_pos(meta), it.name if isinstance(it, _OpItem) else it[1])

    @v_args(meta=True)
    def unit(self, meta: Any, _: list[Any]) -> sx.Exp:
        return sx.Tuple(_pos(meta), ())

    def paren(self, items: list[sx.Exp]) -> sx.Exp:
        return items[0]

    @v_args(meta=True)
    def tuple_exp(self, meta: Any, items: list[sx.Exp]) -> sx.Exp:
        return sx.Tuple(_pos(meta), tuple(items))

    @v_args(meta=True)
    def seq_exp(self, meta: Any, items: list[sx.Exp]) -> sx.Exp:
        return sx.SeqExp(_pos(meta), tuple(items))

    @v_args(meta=True)
    def list_(self, meta: Any, items: list[sx.Exp]) -> sx.Exp:
        return sx.ListExp(_pos(meta), tuple(items))

    @v_args(meta=True)
    def record(self, meta: Any, items: list[tuple[str, sx.Exp]]) -> sx.Exp:
        return sx.Record(_pos(meta), tuple(items))

    def exprow(self, items: list[Any]) -> tuple[str, sx.Exp]:
        return str(items[0]), items[1]

    @v_args(meta=True)
    def selector(self, meta: Any, items: list[Token]) -> sx.Exp:
        return sx.Selector(_pos(meta), str(items[0]))

    @v_args(meta=True)
    def let(self, meta: Any, items: list[Any]) -> sx.Exp:
        decs = tuple(d for d in items if not _is_exp(d) and d is not None)
        body = tuple(e for e in items if _is_exp(e))
        return sx.Let(_pos(meta), _flat(decs), body)

    @v_args(meta=True)
    def mrule(self, meta: Any, items: list[Any]) -> sx.Rule:
        return sx.Rule(_pos(meta), items[0], items[1])

    def match(self, items: list[sx.Rule]) -> tuple[sx.Rule, ...]:
        return tuple(items)

    @v_args(meta=True)
    def fn(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.Fn(_pos(meta), items[0])

    @v_args(meta=True)
    def case(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.Case(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def if_(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.If(_pos(meta), items[0], items[1], items[2])

    @v_args(meta=True)
    def raise_(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.Raise(_pos(meta), items[0])

    @v_args(meta=True)
    def while_(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.While(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def handle(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.Handle(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def orelse(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.OrElse(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def andalso(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.AndAlso(_pos(meta), items[0], items[1])

    @v_args(meta=True)
    def typed(self, meta: Any, items: list[Any]) -> sx.Exp:
        return sx.Typed(_pos(meta), items[0], items[1])

    def opname_item(self, items: list[Any]) -> Any:
        return items[0]

    def infexp(self, items: list[Any]) -> sx.Exp:
        exp: sx.Exp = self._resolve(items, self._app, self._infix)
        return exp

    @staticmethod
    def _app(f: Any, arg: sx.Exp) -> sx.Exp:
        return sx.App(f.pos, f, arg)

    @staticmethod
    def _infix(op: _OpItem, left: sx.Exp, right: sx.Exp) -> sx.Exp:
        return sx.App(op.pos, sx.Var(op.pos, op.name), sx.Tuple(op.pos, (left, right)), infix=True)

    def _resolve(self, items: list[Any], app: Callable[[Any, Any], Any],
                 infix: Callable[[_OpItem, Any, Any], Any]) -> Any:
        """A flat sequence → one tree: application binds tightest, then precedence climbing."""
        # A name with infix status written without `op` is an operator too.
        marked: list[Any] = []
        for it in items:
            name = it.name if isinstance(it, (sx.Var, sx.PVar)) else None
            if name is not None and name in self.fixities and _written_bare(it):
                marked.append(_OpItem(it.pos, name))
            elif isinstance(it, _OpItem) and it.name not in self.fixities:  # `~`, `!`: nonfix
                marked.append(sx.Var(it.pos, it.name) if app is self._app
                              else sx.PVar(it.pos, it.name))
            else:
                marked.append(it)
        # Juxtaposition: runs of operands become left-nested applications.
        operands: list[Any] = []
        ops: list[_OpItem] = []
        run: Any = None
        for it in marked:
            if isinstance(it, _OpItem):
                if run is None:
                    raise SmlSyntaxError(f"{it.pos}: infix {it.name!r} has no left operand")
                operands.append(run)
                ops.append(it)
                run = None
            else:
                run = it if run is None else app(run, it)
        if run is None:
            raise SmlSyntaxError(f"{ops[-1].pos}: infix {ops[-1].name!r} has no right operand")
        operands.append(run)
        return self._climb(operands, ops, infix)

    def _climb(self, operands: list[Any], ops: list[_OpItem],
               infix: Callable[[_OpItem, Any, Any], Any]) -> Any:
        # Shunting-yard over the alternating operand/operator list.
        out: list[Any] = [operands[0]]
        stack: list[_OpItem] = []

        def reduce_top() -> None:
            op = stack.pop()
            right = out.pop()
            left = out.pop()
            out.append(infix(op, left, right))

        for op, operand in zip(ops, operands[1:], strict=True):
            f = self.fixities[op.name]
            while stack:
                g = self.fixities[stack[-1].name]
                if g.precedence > f.precedence or (g.precedence == f.precedence and not f.right):
                    reduce_top()
                else:
                    break
            stack.append(op)
            out.append(operand)
        while stack:
            reduce_top()
        return out[0]

    # ---- declarations
    @v_args(meta=True)
    def val(self, meta: Any, items: list[Any]) -> sx.Dec:
        rec = bool(items) and isinstance(items[0], Token) and items[0].type == "REC"
        binds = tuple((b[0], b[1]) for b in items if isinstance(b, list))
        return sx.Val(_pos(meta), rec, binds)

    def valbind(self, items: list[Any]) -> list[Any]:
        return [items[0], items[1]]

    @v_args(meta=True)
    def fun(self, meta: Any, items: list[Any]) -> sx.Dec:
        return sx.Fun(_pos(meta), tuple(b for b in items if isinstance(b, sx.FunBind)))

    @v_args(meta=True)
    def fvalbind(self, meta: Any, items: list[tuple[str, sx.Clause]]) -> sx.FunBind:
        names = {n for n, _ in items}
        if len(names) != 1:
            raise SmlSyntaxError(f"{_pos(meta)}: the clauses of one `fun` name different "
                                 f"functions: {', '.join(sorted(names))}")
        arities = {len(c.pats) for _, c in items}
        if len(arities) != 1:
            raise SmlSyntaxError(f"{_pos(meta)}: the clauses of {items[0][0]} take different "
                                 "numbers of arguments")
        return sx.FunBind(_pos(meta), items[0][0], tuple(c for _, c in items))

    @v_args(meta=True)
    def clause(self, meta: Any, items: list[Any]) -> tuple[str, sx.Clause]:
        result = items[-2] if _is_ty(items[-2]) else None
        pitems = items[:-2] if result is not None else items[:-1]
        name, pats = self._clause_head(_pos(meta), pitems)
        return name, sx.Clause(_pos(meta), pats, result, items[-1])

    def _infix_name(self, it: Any) -> str | None:
        """The name of ``it`` when it is an operator here (infix status, written bare)."""
        if isinstance(it, _OpItem) or (isinstance(it, sx.PVar) and _written_bare(it)):
            return it.name if it.name in self.fixities else None
        return None

    def _clause_head(self, pos: sx.Pos, items: list[Any]) -> tuple[str, tuple[sx.Pat, ...]]:
        """A ``fun`` clause's name and argument patterns, prefix or infix.

        ``f p1 p2``, ``op ++ (a, b)``, ``a ++ b`` (``++`` infix here) and ``(a ++ b) p``.
        """
        if len(items) == 3 and self._infix_name(items[1]) is not None and not any(
                self._infix_name(i) for i in (items[0], items[2])):
            return items[1].name, (sx.PTuple(pos, (items[0], items[2])),)
        head = items[0]
        if (isinstance(head, sx.PCon) and head.name in self.fixities and head.name != "::"
                and isinstance(head.arg, sx.PTuple) and len(head.arg.items) == 2):
            return head.name, (head.arg, *items[1:])
        if isinstance(head, sx.PVar) and "." not in head.name and len(items) > 1 and not any(
                isinstance(i, _OpItem) for i in items[1:]):
            return head.name, tuple(items[1:])
        if len(items) == 1 and isinstance(head, sx.PVar):
            raise SmlSyntaxError(f"{pos}: this clause of {head.name} has no argument")
        raise SmlSyntaxError(f"{pos}: a `fun` clause must start with the function's name, "
                             "or be `a OP b` for an infix OP")

    @v_args(meta=True)
    def type_dec(self, meta: Any, items: list[sx.TypeDec]) -> tuple[sx.Dec, ...]:
        return tuple(items)

    @v_args(meta=True)
    def typbind(self, meta: Any, items: list[Any]) -> sx.TypeDec:
        return sx.TypeDec(_pos(meta), items[0], str(items[1]), items[2])

    @v_args(meta=True)
    def datatype(self, meta: Any, items: list[Any]) -> tuple[sx.Dec, ...]:
        binds = tuple(b for b in items if isinstance(b, sx.DatBind))
        withtypes = tuple(t for w in items if isinstance(w, tuple) for t in w)
        return (sx.Datatype(_pos(meta), binds), *withtypes)

    def withtype(self, items: list[sx.TypeDec]) -> tuple[sx.TypeDec, ...]:
        return tuple(items)

    @v_args(meta=True)
    def datatype_copy(self, meta: Any, items: list[Any]) -> sx.Dec:
        return sx.Datatype(_pos(meta), (sx.DatBind(_pos(meta), items[0], str(items[1]), ()),),
                          copy_of=items[2][1])

    @v_args(meta=True)
    def datbind(self, meta: Any, items: list[Any]) -> sx.DatBind:
        return sx.DatBind(_pos(meta), items[0], str(items[1]), tuple(items[2:]))

    def conbind(self, items: list[Any]) -> tuple[str, sx.Ty | None]:
        items = [i for i in items if not (isinstance(i, Token) and i.type == "OP")]
        return str(items[0]), (items[1] if len(items) > 1 else None)

    exbind = conbind

    @v_args(meta=True)
    def exception(self, meta: Any, items: list[Any]) -> sx.Dec:
        return sx.Exception(_pos(meta), tuple(items))

    @v_args(meta=True)
    def local(self, meta: Any, items: list[Any]) -> sx.Dec:
        return sx.Local(_pos(meta), items[0], items[1])

    def local_hidden(self, items: list[Any]) -> tuple[sx.Dec, ...]:
        return _flat(tuple(items))

    local_body = local_hidden

    @v_args(meta=True)
    def open(self, meta: Any, items: list[Any]) -> sx.Dec:
        return sx.Open(_pos(meta), tuple(name for _, name in items))

    def fixity(self, items: list[Any]) -> tuple[sx.Dec, ...]:
        right = str(items[0]) == "infixr"
        prec = int(str(items[1])) if isinstance(items[1], Token) and items[1].type == "INT" else 0
        for name in items[1:]:
            if isinstance(name, str) and not (isinstance(name, Token) and name.type == "INT"):
                self.fixities[str(name)] = _Fixity(prec, right)
        return ()

    def nonfix(self, items: list[Any]) -> tuple[sx.Dec, ...]:
        for name in items:
            self.fixities.pop(str(name), None)
        return ()

    def semi(self, _: list[Any]) -> tuple[sx.Dec, ...]:
        return ()

    # ---- modules
    @v_args(meta=True)
    def structure(self, meta: Any, items: list[Any]) -> tuple[sx.Dec, ...]:
        return tuple(items)

    @v_args(meta=True)
    def strbind(self, meta: Any, items: list[Any]) -> sx.Structure:
        sig, opaque = _unseal(items[1] if len(items) == 3 else None)
        return sx.Structure(_pos(meta), str(items[0]), _sig_name(sig), items[-1], sig, opaque)

    def sigcon(self, items: list[Any]) -> sx.SigExp | _Sealed:
        sig: sx.SigExp = items[-1]
        return _Sealed(sig) if isinstance(items[0], Token) else sig

    @v_args(meta=True)
    def signature(self, meta: Any, items: list[Any]) -> tuple[sx.Dec, ...]:
        return tuple(items)

    @v_args(meta=True)
    def sigbind(self, meta: Any, items: list[Any]) -> sx.Signature:
        return sx.Signature(_pos(meta), str(items[0]), items[1])

    @v_args(meta=True)
    def functor(self, meta: Any, items: list[Any]) -> tuple[sx.Dec, ...]:
        return tuple(items)

    @v_args(meta=True)
    def funbind_named(self, meta: Any, items: list[Any]) -> sx.Functor:
        sig, _ = _unseal(items[3] if len(items) == 5 else None)
        return sx.Functor(_pos(meta), str(items[0]), str(items[1]), _sig_name(sig), items[-1],
                          items[2])

    @v_args(meta=True)
    def funbind_opened(self, meta: Any, items: list[Any]) -> sx.Functor:
        specs = _flat(tuple(i for i in items[1:-1] if not isinstance(
            i, (sx.SigBody, sx.SigName, sx.SigWhere, _Sealed))))
        return sx.Functor(_pos(meta), str(items[0]), None, None, items[-1],
                          sx.SigBody(_pos(meta), specs))

    @v_args(meta=True)
    def struct_body(self, meta: Any, items: list[Any]) -> sx.StrExp:
        return sx.StrBody(_pos(meta), _flat(tuple(items)))

    def struct_name(self, items: list[Any]) -> sx.StrExp:
        pos, name = items[0]
        return sx.StrName(pos, name)

    @v_args(meta=True)
    def struct_app(self, meta: Any, items: list[Any]) -> sx.StrExp:
        return sx.StrApp(_pos(meta), str(items[0]), items[1])

    @v_args(meta=True)
    def struct_app_decs(self, meta: Any, items: list[Any]) -> sx.StrExp:
        return sx.StrApp(_pos(meta), str(items[0]),
                        sx.StrBody(_pos(meta), _flat(tuple(items[1:]))))

    def struct_constraint(self, items: list[Any]) -> sx.StrExp:
        body: sx.StrExp = items[0]
        return body

    @v_args(meta=True)
    def struct_let(self, meta: Any, _: list[Any]) -> sx.StrExp:
        raise SmlSyntaxError(f"{_pos(meta)}: a structure-level `let` is not ported")

    # Signatures: the emitter names them only; type inference reads their specifications.
    @v_args(meta=True)
    def sig_body(self, meta: Any, items: list[Any]) -> sx.SigExp:
        return sx.SigBody(_pos(meta), _flat(tuple(items)))

    @v_args(meta=True)
    def sig_name(self, meta: Any, items: list[Token]) -> sx.SigExp:
        return sx.SigName(_pos(meta), str(items[0]))

    @v_args(meta=True)
    def sig_where(self, meta: Any, items: list[Any]) -> sx.SigExp:
        return sx.SigWhere(_pos(meta), items[0], items[1], items[2][1], items[3])

    @v_args(meta=True)
    def spec_val(self, meta: Any, items: list[Any]) -> tuple[sx.Spec, ...]:
        return tuple(sx.SpecVal(_pos(meta), str(n), t) for n, t in zip(items[::2], items[1::2],
                                                                       strict=True))

    @v_args(meta=True)
    def spec_type(self, meta: Any, items: list[Any]) -> sx.Spec:
        return sx.SpecType(_pos(meta), items[0], str(items[1]),
                           items[2] if len(items) > 2 else None)

    @v_args(meta=True)
    def spec_datatype(self, meta: Any, items: list[Any]) -> sx.Spec:
        return sx.Datatype(_pos(meta), tuple(items))

    # a replicated datatype or an exception is specified as it is declared
    spec_datatype_copy = datatype_copy
    spec_exception = exception

    @v_args(meta=True)
    def spec_structure(self, meta: Any, items: list[Any]) -> sx.Spec:
        return sx.SpecStructure(_pos(meta), str(items[0]), items[1])

    @v_args(meta=True)
    def spec_include(self, meta: Any, items: list[Any]) -> sx.Spec:
        return sx.SpecInclude(_pos(meta), items[0])

    def spec_sharing(self, _: list[Any]) -> tuple[sx.Spec, ...]:
        return ()  # sharing constraints: read and dropped (15-150's signatures have none)

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        if data == "start":
            return _flat(tuple(children))
        raise SmlSyntaxError(f"{_pos(meta)}: internal: no rule for {data}")


def _written_bare(it: sx.Var | sx.PVar) -> bool:
    """Whether a name was written without ``op`` (so its infix status applies)."""
    return not isinstance(it, (_OpNamed, _OpNamedP))


class _OpNamed(sx.Var):
    """A ``Var`` written with ``op``: never an infix operator."""


class _OpNamedP(sx.PVar):
    """A ``PVar`` written with ``op``."""


def _is_exp(x: object) -> bool:
    return isinstance(x, (sx.Const, sx.Var, sx.App, sx.Tuple, sx.ListExp, sx.Record, sx.Selector,
                          sx.Fn, sx.Case, sx.If, sx.AndAlso, sx.OrElse, sx.Raise, sx.Handle,
                          sx.Typed, sx.While, sx.Let, sx.SeqExp))


def _is_ty(x: object) -> bool:
    return isinstance(x, (sx.TVar, sx.TCon, sx.TTuple, sx.TArrow, sx.TRecord))


@attrs.frozen
class _Sealed:
    """A signature ascribed with ``:>`` (before ``strbind`` reads it)."""

    sig: sx.SigExp


def _unseal(sig: sx.SigExp | _Sealed | None) -> tuple[sx.SigExp | None, bool]:
    """The signature of an ascription, and whether it seals (``:>``)."""
    return (sig.sig, True) if isinstance(sig, _Sealed) else (sig, False)


def _sig_name(sig: sx.SigExp | None) -> str | None:
    """The name of a signature expression (a ``where`` constraint's base), or None."""
    while isinstance(sig, sx.SigWhere):
        sig = sig.sig
    return sig.name if isinstance(sig, sx.SigName) else None


def _flat(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """Nested tuples of specs or of declarations, flat and in order, without the ``None``s."""
    out: list[Any] = []
    for it in items:
        if isinstance(it, tuple):
            out.extend(_flat(it))
        elif it is not None:
            out.append(it)
    return tuple(out)
