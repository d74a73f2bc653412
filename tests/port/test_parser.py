"""The SML parser: every construct 15-150 solutions use, fixity, and errors with positions."""

from __future__ import annotations

import pytest

from sml150.port import syntax as sx
from sml150.port.parser import SmlSyntaxError, parse, strip_comments


def _exp(text: str) -> sx.Exp:
    dec = parse(f"val it = {text}")[0]
    assert isinstance(dec, sx.Val)
    return dec.binds[0][1]


def _shape(e: object) -> object:
    """An expression as nested tuples of operator names and leaves (positions dropped)."""
    match e:
        case sx.App(_, sx.Var(_, op), sx.Tuple(_, (a, b)), True):
            return (op, _shape(a), _shape(b))
        case sx.App(_, f, a, False):
            return ("app", _shape(f), _shape(a))
        case sx.Var(_, name):
            return name
        case sx.Const(_, value, _):
            return value
        case sx.AndAlso(_, a, b):
            return ("andalso", _shape(a), _shape(b))
        case sx.OrElse(_, a, b):
            return ("orelse", _shape(a), _shape(b))
    return type(e).__name__


def test_basis_fixities_and_application_binding_tightest() -> None:
    assert _shape(_exp("1 + 2 * 3 - 4")) == ("-", ("+", 1, ("*", 2, 3)), 4)
    assert _shape(_exp("x :: y :: zs @ ws")) == ("::", "x", ("::", "y", ("@", "zs", "ws")))
    assert _shape(_exp("f x + g y = 3")) == ("=", ("+", ("app", "f", "x"), ("app", "g", "y")), 3)
    assert _shape(_exp("a div b mod c")) == ("mod", ("div", "a", "b"), "c")
    assert _shape(_exp("~3 + ~ x")) == ("+", -3, ("app", "~", "x"))


def test_infix_declarations_set_fixity_from_there_on() -> None:
    decs = parse("fun op++ (a, b) = a @ b\ninfixr 5 ++\nval it = [1] ++ [2] ++ [3]")
    val = decs[-1]
    assert isinstance(val, sx.Val)
    assert _shape(val.binds[0][1]) == ("++", "ListExp", ("++", "ListExp", "ListExp"))
    left = parse("infix 6 --\nval it = a -- b -- c")[-1]
    assert isinstance(left, sx.Val)
    assert _shape(left.binds[0][1]) == ("--", ("--", "a", "b"), "c")
    bare = parse("nonfix +\nval it = + (1, 2)")[-1]
    assert isinstance(bare, sx.Val)
    assert _shape(bare.binds[0][1]) == ("app", "+", "Tuple")


def test_andalso_binds_tighter_than_orelse_and_op_makes_a_value() -> None:
    assert _shape(_exp("a orelse b andalso c")) == ("orelse", "a", ("andalso", "b", "c"))
    assert _shape(_exp("Seq.reduce op+ 0 s")) == (
        "app", ("app", ("app", "Seq.reduce", "+"), 0), "s")


def test_fun_clauses_val_rec_and_fn() -> None:
    fun, rec = parse("fun f 0 = 1 | f n = n * f (n - 1)\n"
                     "val rec g = fn 0 => 1 | n => n * g (n - 1)")
    assert isinstance(fun, sx.Fun) and len(fun.binds[0].clauses) == 2
    assert fun.binds[0].clauses[0].pats == (sx.PConst(sx.Pos(1, 7), 0),)
    assert isinstance(rec, sx.Val) and rec.rec
    assert isinstance(rec.binds[0][1], sx.Fn) and len(rec.binds[0][1].rules) == 2


def test_a_nested_case_takes_the_rules_after_it() -> None:
    e = _exp("case a of 1 => case b of 2 => x | _ => y")
    assert isinstance(e, sx.Case) and len(e.rules) == 1
    inner = e.rules[0].body
    assert isinstance(inner, sx.Case) and len(inner.rules) == 2


def test_let_local_if_tuples_records_lists() -> None:
    e = _exp("let val (a, b) = (1, 2) fun h x = x in if a < b then h a else b end")
    assert isinstance(e, sx.Let) and len(e.decs) == 2 and isinstance(e.body[0], sx.If)
    local = parse("local val k = 3 in fun f x = x + k end")[0]
    assert isinstance(local, sx.Local) and len(local.hidden) == 1 and len(local.body) == 1
    assert isinstance(_exp("{a = 1, b = 2}"), sx.Record)
    assert isinstance(_exp("#1 (x, y)"), sx.App)
    assert _exp("[]") == sx.ListExp(sx.Pos(1, 10), ())
    assert isinstance(_exp("(print \"a\"; 3)"), sx.SeqExp)


def test_patterns_list_option_seq_records_layered_typed() -> None:
    fun = parse("fun f (SOME (x :: xs)) = x | f (s as Seq.Cons (y, _) : int Seq.lview) = y"
                " | f {a, b = [p, q], ...} = a")[0]
    assert isinstance(fun, sx.Fun)
    c1, c2, c3 = (c.pats[0] for c in fun.binds[0].clauses)
    assert isinstance(c1, sx.PCon) and c1.name == "SOME"
    assert isinstance(c1.arg, sx.PCon) and c1.arg.name == "::"
    assert isinstance(c2, sx.PAs) and isinstance(c2.pat, sx.PTyped)
    assert isinstance(c2.pat.pat, sx.PCon) and c2.pat.pat.name == "Seq.Cons"
    assert isinstance(c3, sx.PRecord) and c3.flexible and [n for n, _ in c3.fields] == ["a", "b"]


def test_datatypes_exceptions_raise_handle() -> None:
    dt, withtype, ex, fun = parse("datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree "
                        "withtype 'a forest = 'a tree list\n"
                        "exception Empty and Bad of string\n"
                        "fun f t = raise Bad \"x\" handle Bad s => s | _ => \"?\"")
    assert isinstance(dt, sx.Datatype) and dt.binds[0].tyvars == ("'a",)
    assert [c for c, _ in dt.binds[0].cons] == ["Leaf", "Node"]
    assert isinstance(withtype, sx.TypeDec) and withtype.name == "forest"
    assert isinstance(ex, sx.Exception) and [n for n, _ in ex.binds] == ["Empty", "Bad"]
    body = fun.binds[0].clauses[0].body if isinstance(fun, sx.Fun) else fun
    assert isinstance(body, sx.Raise) and isinstance(body.exn, sx.Handle)


def test_structures_functors_signatures_open() -> None:
    decs = parse("signature S = sig type t val f : t -> int end\n"
                 "structure A : S = struct type t = int fun f (x : t) : int = x end\n"
                 "functor F (P : S) : S = struct open P end\n"
                 "functor G (structure H : S val d : int) = struct val e = d end\n"
                 "structure B = F (A)\nstructure C = F (struct type t = int end)")
    kinds = [type(d).__name__ for d in decs]
    assert kinds == ["Signature", "Structure", "Functor", "Functor", "Structure", "Structure"]
    f, g = decs[2], decs[3]
    assert isinstance(f, sx.Functor) and f.param == "P" and f.sig == "S"
    assert isinstance(g, sx.Functor) and g.param is None
    b = decs[4]
    assert isinstance(b, sx.Structure) and isinstance(b.body, sx.StrApp)


def test_type_annotations() -> None:
    fun = parse("fun f (x : int list, g : 'a * 'a -> bool) : ('a, int) pair Seq.seq option ="
                " NONE")[0]
    assert isinstance(fun, sx.Fun)
    result = fun.binds[0].clauses[0].result
    assert isinstance(result, sx.TCon) and result.name == "option"
    assert isinstance(_exp("(x : int * string)"), sx.Typed)


def test_comments_strings_chars_reals() -> None:
    assert strip_comments("a (* b (* c *) d *) e").split() == ["a", "e"]
    assert _exp('"a\\n\\"b\\" \\065 \\\n   \\c"') == sx.Const(sx.Pos(1, 10), 'a\n"b" A c', "string")
    assert _exp('#"x"') == sx.Const(sx.Pos(1, 10), "x", "char")
    assert _exp("~1.5e2") == sx.Const(sx.Pos(1, 10), -150.0, "real")


@pytest.mark.parametrize(("text", "where"), [
    ("val x = )", "1:9"),
    ("fun f x =\n  x +", "2:5: infix '+' has no right operand"),
    ("val x = 3 +", "1:11"),
    ("val x = [1", "end of file"),
    ("fun f x = 1 | g y = 2", "1:5"),
    ("fun f x = 1 | f = 2", "1:15: this clause of f has no argument"),
    ("val x = 1 ]", "1:11"),
])
def test_errors_are_one_line_with_a_position(text: str, where: str) -> None:
    with pytest.raises(SmlSyntaxError) as info:
        parse(text)
    assert where in str(info.value) and "\n" not in str(info.value)
