"""Type inference for ``sml150 port`` (``sml150.port.infer``, issue 27): the SML's types, as
SML/NJ gives them, and the port's annotations that follow from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sml150.port import syntax as sx
from sml150.port.annotate import Annotator
from sml150.port.deep import run_deep
from sml150.port.infer import Inferred, infer_program, show
from sml150.port.module import port_standalone
from sml150.port.parser import parse
from sml150.port.seeds import infer_best, seed_env
from sml150.port.smltypes import TCon, TRecord, TVar, python_type, spell
from sml150.port.starter import port_module, starter_text

FAITHFUL = Path(__file__).parents[1] / "grading" / "fixtures" / "faithful"


def infer(text: str, hw: str | None = None) -> Inferred:
    return infer_best(parse(text), hw)


def fun(decs: tuple[sx.Dec, ...], i: int) -> sx.FunBind:
    """The first function of the ``i``-th declaration."""
    d = decs[i]
    assert isinstance(d, sx.Fun)
    return d.binds[0]


def types(text: str, hw: str | None = None) -> dict[str, str]:
    """Each function's and variable's type (the last binding of a name), as SML prints it."""
    inf = infer(text, hw)
    out = {n: show(s.ty) for (_, n), s in inf.vals.items()}
    out.update({n: show(s.ty) for (_, n), s in inf.funs.items()})
    return out


# ---------------------------------------------------------------- the core language


@pytest.mark.parametrize(("text", "name", "expected"), [
    ("fun id x = x", "id", "'a -> 'a"),
    ("val p = let fun id x = x in (id 1, id true) end", "p", "int * bool"),
    ("fun add (x, y) = x + y", "add", "int * int -> int"),
    ("fun addr (x, y) = x + y : real", "addr", "real * real -> real"),
    ("fun lt (a, b) = a < b", "lt", "int * int -> bool"),
    ("fun cat (a, b) = a ^ b", "cat", "string * string -> string"),
    ("fun len [] = 0 | len (_ :: xs) = 1 + len xs", "len", "'a list -> int"),
    ("fun comp f g = f o g", "comp", "('a -> 'b) -> ('c -> 'a) -> 'c -> 'b"),
    ("fun swap ((a, b), c) = (c, (b, a))", "swap", "('a * 'b) * 'c -> 'c * ('b * 'a)"),
    ("fun fst {a, b = _} = a", "fst", "{a : 'a, b : 'b} -> 'a"),
    ("fun getx (r : {x : int, y : int}) = #x r", "getx", "{x : int, y : int} -> int"),
    ("fun hd' xs = case xs of [] => raise Empty | x :: _ => x", "hd'", "'a list -> 'a"),
    ("fun safe f x = f x handle Fail _ => 0", "safe", "('a -> int) -> 'a -> int"),
    ("fun pick (SOME x) _ = x | pick NONE d = d", "pick", "'a option -> 'a -> 'a"),
    ("fun ann (x : 'a) (y : 'b) : 'a = x", "ann", "'a -> 'b -> 'a"),
    ("fun both p = p andalso not p", "both", "bool -> bool"),
    ("fun ch #\"a\" = 1 | ch _ = 0", "ch", "char -> int"),
    ("fun st \"a\" = 1 | st _ = 0", "st", "string -> int"),
    ("fun ch (c : char) = case c of #\"a\" => 1 | _ => 0", "ch", "char -> int"),
    ("local fun h x = x * 2 in fun g y = h y + 1 end", "g", "int -> int"),
    ("val rec f = fn 0 => 1 | n => n * f (n - 1)", "f", "int -> int"),
    ("fun f x = let val (a, (b, c)) = x in a + b + c end", "f", "int * (int * int) -> int"),
])
def test_core_types_are_smls(text: str, name: str, expected: str) -> None:
    assert types(text)[name] == expected


def test_let_polymorphism_and_the_value_restriction() -> None:
    inf = infer("val f = fn x => x\nval r = ref []\nval g = (fn x => x) (fn y => y)")
    schemes = inf.vals_by_name
    assert schemes["f"].vars  # a value: generalized
    assert not schemes["r"].vars and not schemes["g"].vars  # expansive: not, yet typed
    assert show(schemes["r"].ty) == "'a list ref"


def test_datatypes_parameterized_mutual_and_withtype() -> None:
    t = types("""
datatype 'a tree = Leaf | Node of 'a forest * 'a
and 'a forest = Nil | Cons of 'a tree * 'a forest
fun size Leaf = 0
  | size (Node (f, _)) = 1 + fsize f
and fsize Nil = 0
  | fsize (Cons (t, f)) = size t + fsize f
datatype shape = Circle of real | Poly of points
withtype points = (real * real) list
fun corners (Poly ps) = length ps | corners (Circle _) = 0
exception Bad of string
fun check x = if x < 0 then raise Bad "negative" else x
fun safe x = check x handle Bad _ => 0
""")
    assert t["size"] == "'a tree -> int" and t["fsize"] == "'a forest -> int"
    assert t["corners"] == "shape -> int"
    assert t["safe"] == "int -> int"


def test_structures_open_and_signatures() -> None:
    t = types("""
signature STACK = sig type 'a t val empty : 'a t val push : 'a * 'a t -> 'a t end
structure S : STACK = struct type 'a t = 'a list val empty = [] fun push (x, s) = x :: s end
structure U = struct open S fun two x = push (x, push (x, empty)) end
val n = U.two 3
""")
    assert t["two"] == "'a -> 'a list" and t["n"] == "int list"


def test_a_functor_types_its_body_with_its_argument_signature_and_applies() -> None:
    inf = infer("""
signature ORD = sig type t val le : t * t -> bool end
functor Sort (O : ORD) = struct
  fun insert (x, []) = [x]
    | insert (x, y :: ys) = if O.le (x, y) then x :: y :: ys else y :: insert (x, ys)
end
structure IntOrd = struct type t = int fun le (a : int, b) = a <= b end
structure S = Sort (IntOrd)
val xs = S.insert (3, [1, 5])
""")
    assert not inf.failures
    assert show(inf.funs[next(k for k in inf.funs if k[1] == "insert")].ty) == (
        "O.t * O.t list -> O.t list")
    assert show(inf.vals_by_name["xs"].ty) == "int list"


def test_the_course_library_of_each_offering() -> None:
    # HW10 2016: curried cons, BetterSeq's names; its Seq is still the library's Seq.seq.
    t = types("structure Seq = BetterSeq (Seq)\n"
              "fun f x s = Seq.cons x (Seq.mapIdx (fn (y, _) => y) s)\n"
              "fun g s = Seq.extractSomes s", "hw10")
    assert t["f"] == "'a -> 'a Seq.seq -> 'a Seq.seq"
    assert t["g"] == "'a option Seq.seq -> 'a Seq.seq"
    # the project's own HW10 library: tupled cons (the fixtures' library)
    assert types("fun f x s = Seq.cons (x, s)", "hw10")["f"] == "'a -> 'a Seq.seq -> 'a Seq.seq"
    # HW11: a GAME functor's estimates are the abstract Est.est
    t = types("functor P (G : GAME) = struct fun e s = G.estimate s end", "hw11")
    assert t["e"] == "G.state -> G.Est.est"


def test_errors_never_raise_and_name_the_binding() -> None:
    inf = infer("fun f x = x + \"a\"\nfun g y = f y\nfun h z = z")
    assert [f.split(":")[0] for f in inf.failures] == ["f", "g"]
    assert "g: 2:1: f was not typed" in inf.failures
    assert show(next(s for (_, n), s in inf.funs.items() if n == "h").ty) == "'a -> 'a"
    assert not any(n == "f" for _, n in inf.funs)  # a failed binding has no type at all
    assert "unknown name nope" in infer("val x = nope 1").failures[0]


def test_deep_programs_are_typed_or_refused_in_one_line() -> None:
    text = "val x = " + "[" * 3000 + "1" + "]" * 3000 + "\nfun f y = y + 1"
    decs = run_deep(parse, text)
    inf = infer_program(decs, seed_env(None))  # the default stack: refused, never raised
    assert inf.failures == ("val x: 1:1: nested too deeply to type",)
    assert [n for _, n in inf.funs] == ["f"]
    assert not run_deep(infer_program, decs, seed_env(None)).failures  # the port's stack: typed


def test_types_at_patterns_and_expressions() -> None:
    decs = parse("fun f (a, b) = map (fn x => x + a) b")
    inf = infer_best(decs, None)
    clause = fun(decs, 0).clauses[0]
    pat = clause.pats[0]
    assert isinstance(pat, sx.PTuple)
    assert [show(inf.of_pat(p) or TRecord(())) for p in pat.items] == ["int", "int list"]
    assert isinstance(clause.body, sx.App) and isinstance(clause.body.fn, sx.App)
    fn = clause.body.fn.arg
    assert isinstance(fn, sx.Fn) and show(inf.of_exp(fn) or TRecord(())) == "int -> int"


# ---------------------------------------------------------------- the Python spelling


def test_python_spelling_follows_the_readme() -> None:
    a = TVar(1)
    seq = TCon("Seq.seq", (a,), -1)
    assert python_type(TCon("->", (TCon("*", (a, seq)), TCon("option", (a,)))), {}, {1: "A"}) \
        == "Callable[[A, Seq[A]], Maybe[A]]"
    assert python_type(TCon("->", (TCon("unit"), TCon("list", (TCon("int"),)))), {}) == \
        "Callable[[], list[int]]"
    assert python_type(TCon("G.state", (), -7), {"state": "State"}) == "State"
    assert python_type(TRecord((("a", TCon("int")),)), {}) is None  # records: no spelling
    assert python_type(TCon("mine", (), 9), {}) is None  # a type the port has no name for
    s = spell(TCon("option", (TCon("order"),)), {})
    assert s is not None and "from sml150.lib.basis import Order" in s.imports


def test_an_annotator_spells_a_function_and_a_never_returning_result() -> None:
    decs = parse("fun fail msg = raise Fail msg\nfun pair x y = (x, y)")
    a = Annotator(infer_best(decs, None))
    assert a.function(fun(decs, 0), {}, (1,)) == (["str"], "NoReturn")
    a.reset()
    assert a.function(fun(decs, 1), {}, (1, 1)) == (["A", "B"], "tuple[A, B]")


def test_the_annotations_keep_the_smls_type_variable_names() -> None:
    decs = parse("fun f (x : 'b) y = (x, y)")
    assert Annotator(infer_best(decs, None)).function(fun(decs, 0), {}, (1, 1)) == (
        ["B", "A"], "tuple[B, A]")


# ---------------------------------------------------------------- the ports


def test_a_standalone_port_is_typed_where_the_sml_writes_no_type() -> None:
    r = port_standalone("""
datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
fun size Leaf = 0
  | size (Node (l, _, r)) = size l + 1 + size r
fun sum xs = foldl (fn (x, acc) => x + acc) 0 xs
fun go f = fn x => f (f x)""")
    assert "def size(arg0: tree[A]) -> int:" in r.text
    assert "def sum(xs: list[int]) -> int:" in r.text
    assert "Any" not in r.text


def _port_any(text: str) -> int:
    """``Any`` in what the port wrote (the starter's own docstrings and annotations aside)."""
    return len(re.findall(r"\bAny\b", "\n".join(
        line for line in text.splitlines() if "import" not in line)))


@pytest.mark.parametrize("name", ["hw10_a", "hw10_b", "hw11_a", "hw11_b"])
def test_the_faithful_ports_write_no_any_where_sml_knows_the_type(name: str) -> None:
    hw = name.split("_", maxsplit=1)[0]
    for f in sorted((FAITHFUL / name).glob("*.sml")):
        if f.stem == "load":
            continue
        r = port_module(hw, f.stem, f.read_text(encoding="utf-8"))
        assert not r.failures
        assert "the SML gives no types here" not in r.text, f.name
        assert _port_any(r.text) == _port_any(starter_text(hw, f.stem) or ""), f.name
        if r.tests is not None:  # only the template mypy cannot type keeps an untyped fn
            assert _port_any(r.tests) <= 3 * r.tests.count("ListMergeSort") + 3 * r.tests.count(
                "cmp_to_key"), f.name


def test_a_library_structure_sealed_or_only_ascribed() -> None:
    # 2013's `structure Estimate : EST = struct type est = int ... end`: its est is an int;
    # `structure Seq :> SEQUENCE`: Seq.seq stays abstract (never the list behind it).
    assert types("val e = Estimate.draw + 1\nfun f (s : int Seq.seq) = s", "hw11") == {
        "e": "int", "f": "int Seq.seq -> int Seq.seq"}
    d = parse("structure S :> SIG = struct end\nstructure T : SIG = struct end")
    assert [s.opaque for s in d if isinstance(s, sx.Structure)] == [True, False]


def test_while_loops_and_references() -> None:
    t = types("fun count n = let val i = ref 0 in while !i < n do i := !i + 1; !i end")
    assert t["count"] == "int -> int"
