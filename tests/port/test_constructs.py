"""The SML constructs real students write (issue 27): each ported and run, so the test checks
what the port computes, on small SML of our own."""

from __future__ import annotations

from returns.maybe import Nothing, Some

from sml150.lib.seq import Seq
from sml150.port.module import port_standalone

from .helpers import run


def seq(*xs: object) -> Seq[object]:
    return Seq.from_list(list(xs))


def test_nested_tuple_patterns_in_val_fun_fn_and_case() -> None:
    ns = run("fun a (m : int * (int * int)) : int =\n"
             "  let val (p, (r, c)) = m in p * 100 + r * 10 + c end\n"
             "fun b (p : int, (r : int, c : int)) : int = p * 100 + r * 10 + c\n"
             "val c = fn (p, (r, c)) => p * 100 + r * 10 + c\n"
             "fun d (m : int * (int * int)) : int = case m of (p, (r, c)) => p * 100 + r * 10 + c\n"
             "fun e (s : (int * (int * int)) Seq.seq) : int Seq.seq =\n"
             "  Seq.map (fn (p, (r, c)) => p * 100 + r * 10 + c) s")
    m = (1, (2, 3))
    assert ns["a"](m) == ns["b"](1, (2, 3)) == ns["c"](1, (2, 3)) == ns["d"](m) == 123
    assert Seq.to_list(ns["e"](seq(m, (4, (5, 6))))) == [123, 456]


def test_function_composition_applied_and_as_a_value() -> None:
    ns = run("fun f (x : int) : int = ((fn y => y + 1) o (fn y => y * 2)) x\n"
             "fun g (s : int Seq.seq) : int Seq.seq =\n"
             "  (Seq.map (fn x => x + 1) o Seq.filter (fn x => x > 0)) s\n"
             "fun h (f : int -> int, x : int) : int -> int = (fn y => y + x) o f")
    assert ns["f"](3) == 7
    assert Seq.to_list(ns["g"](seq(-1, 2, 3))) == [3, 4]
    assert ns["h"](lambda z: z * 10, 1)(2) == 21  # the composed fn's x is not the lambda's


def test_a_case_as_an_andalso_orelse_operand_or_a_branch() -> None:
    ns = run("fun f (x : int option, b : bool) : bool =\n"
             "  b andalso (case x of NONE => false | SOME y => y > 0)\n"
             "fun g (x : int option, b : bool) : bool =\n"
             "  b orelse (case x of NONE => false | SOME y => y > 0)\n"
             "fun h (x : int option, b : bool) : bool =\n"
             "  not (b andalso (case x of NONE => false | SOME y => y > 0))\n"
             "fun k (x : int option, b : bool) : int =\n"
             "  (if b then (case x of NONE => 0 | SOME y => y) else 1) + 1")
    assert [ns["f"](Some(1), True), ns["f"](Some(1), False), ns["f"](Some(0), True)] == [
        True, False, False]
    assert [ns["g"](Nothing, True), ns["g"](Some(0), False), ns["g"](Some(2), False)] == [
        True, False, True]
    assert ns["h"](Some(3), True) is False and ns["h"](Some(3), False) is True
    assert ns["k"](Some(5), True) == 6 and ns["k"](Some(5), False) == 2


def test_a_structures_own_exception_raised_and_handled() -> None:
    ns = run("structure S = struct\n"
             "  exception NotFound of int\n  exception Empty\n"
             "  fun find (x : int) : int = if x > 0 then raise NotFound x else raise Empty\n"
             "  fun safe (x : int) : int = find x handle NotFound n => n | Empty => 0\n"
             "end\n"
             "fun outer (x : int) : int = S.safe x + (S.find x handle S.NotFound n => n * 10)")
    assert ns["S"].safe(4) == 4 and ns["S"].safe(-1) == 0
    assert ns["outer"](3) == 33


def test_an_inner_fn_sees_the_variable_of_the_fn_around_it() -> None:
    ns = run("fun f (s : int option Seq.seq, t : int Seq.seq) : int Seq.seq Seq.seq =\n"
             "  Seq.map (fn x => Seq.map (fn SOME y => y + x | NONE => x) s) t")
    out = ns["f"](seq(Some(1), Nothing), seq(10, 20))
    assert [Seq.to_list(r) for r in out] == [[11, 10], [21, 20]]


def test_a_case_variable_that_shadows_an_outer_one_does_not_overwrite_it() -> None:
    ns = run("fun f (x : int, y : int option) : int = (case y of SOME x => x | NONE => 0) + x\n"
             "fun g (u : int) : int =\n"
             "  let val a = 1 in (let val a = 2 in let val a = 3 in a end end) + a end\n"
             "val h1 = let val a = 1 in fn x => x + a end\n"
             "val h2 = let val a = 2 in fn x => x + a end\n"
             "fun k (max : int, y : int) : int = Int.max (max, y)")
    assert ns["f"](1, Some(10)) == 11 and ns["f"](1, Nothing) == 1
    assert ns["g"](0) == 4
    assert ns["h1"](0) == 1 and ns["h2"](0) == 2  # each closure keeps its own a
    assert ns["k"](3, 5) == 5


def test_open_seq_and_the_2016_library_names() -> None:
    ns = run("structure Seq = BetterSeq (Seq)\nopen Seq\n"
             "fun ins (s : int seq) : int seq = insert 5 s 0\n"
             "fun idx (s : int seq) : int seq = mapIdx (fn (x, i) => x * 10 + i) s\n"
             "fun somes (s : int option seq) : int seq = extractSomes s\n"
             "fun push (x : int, s : int seq) : int seq = cons x s\n"
             "fun first (s : int seq) : int = case showl s of Nil => 0 | Cons (x, _) => x\n"
             "fun view (l : int lview) : int = case l of Nil => 0 | Cons (x, _) => x\n"
             "fun view2 (l : int Seq.lview) : int = case l of Seq.Nil => 0 | Seq.Cons (x, _) => x")
    s = seq(1, 2, 3)
    assert Seq.to_list(ns["ins"](s)) == [5, 2, 3]
    assert Seq.to_list(ns["idx"](s)) == [10, 21, 32]
    assert Seq.to_list(ns["somes"](seq(Some(1), Nothing, Some(3)))) == [1, 3]
    assert Seq.to_list(ns["push"](0, s)) == [0, 1, 2, 3]
    assert ns["first"](s) == 1 and ns["view"](Seq.showl(s)) == 1 == ns["view2"](Seq.showl(s))


def test_open_inside_a_let_and_of_the_files_own_structure_and_later_bindings_win() -> None:
    ns = run("structure U = struct fun double (x : int) : int = 2 * x  datatype t = A | B end\n"
             "fun f (s : int Seq.seq) : int = let open Seq in length s + nth 0 s end\n"
             "open U\n"
             "fun g (x : int) : int = double x\n"
             "fun h A = 1 | h B = 2\n"
             "fun double (x : int) : int = 3 * x\n"
             "fun k (x : int) : int = double x")
    assert ns["f"](seq(4, 5)) == 6
    assert ns["g"](5) == 10 and ns["k"](5) == 15
    assert ns["h"](ns["B"]) == 2


def test_infix_function_definitions() -> None:
    ns = run("infix 5 ++\n"
             "fun (a : int) ++ (b : int) : int = a + b * 10\n"
             "fun g (x : int) : int = x ++ 1 ++ 2\n"
             "infix mem\n"
             "fun x mem [] = false | x mem (y :: ys) = x = y orelse x mem ys\n"
             "fun h (x : int) : bool = x mem [1, 2, 3]\n"
             "fun op <+> (a : int, b : int) : int = a - b\n"
             "infixr 4 <+>\n"
             "val r = 10 <+> 4 <+> 1\n"
             "val s = Seq.reduce op++ 0 (Seq.fromList [1, 2])")
    assert ns["g"](1) == 1 + 10 + 20
    assert ns["h"](2) is True and ns["h"](5) is False
    assert ns["r"] == 10 - (4 - 1)
    assert ns["s"] == Seq.reduce(lambda a, b: a + b * 10, 0, Seq.from_list([1, 2]))


def test_records_declared_anonymous_selected_and_matched() -> None:
    ns = run("type tally = {os : int, xs : int}\n"
             "type 'a run = {count : int, elem : 'a}\n"
             "fun add ({os = a, xs = b} : tally, {os = c, xs = d} : tally) : tally =\n"
             "  {os = a + c, xs = b + d}\n"
             "fun total (s : tally Seq.seq) : tally = Seq.reduce add {os = 0, xs = 0} s\n"
             "fun oss (s : tally Seq.seq) : int Seq.seq = Seq.map (fn {os, ...} => os) s\n"
             "fun sel (t : tally) : int = #os t * 10 + #xs t\n"
             "fun walk ({count, elem} : int run) : int = count * elem\n"
             "fun anon {depth, state} = depth - state\n"
             "fun use (d : int) : int = anon {state = 2, depth = d}\n"
             "fun pick (t : tally) : int = case t of {os = 0, xs} => xs | {os, ...} => os\n"
             "fun nest (s : tally) : int = let val {os, xs = y} = s in os - y end")
    tally = ns["tally"]
    assert ns["total"](seq(tally(os=1, xs=2), tally(os=3, xs=4))) == tally(os=4, xs=6)
    assert Seq.to_list(ns["oss"](seq(tally(os=7, xs=0)))) == [7]
    assert ns["sel"](tally(os=1, xs=5)) == 15 and ns["walk"](ns["run"](count=2, elem=3)) == 6
    assert ns["use"](5) == 3
    assert ns["pick"](tally(os=0, xs=7)) == 7 and ns["pick"](tally(os=4, xs=7)) == 4
    assert ns["nest"](tally(os=5, xs=1)) == 4


def test_refs_and_while_loops_as_locals() -> None:
    ns = run("fun sum (n : int) : int =\n"
             "  let val r = ref 0 val i = ref 0\n"
             "  in (while !i < n do (r := !r + !i; i := !i + 1); !r) end\n"
             "fun twice (n : int) : int =\n"
             "  let val c = ref 0 val bump = fn () => c := !c + n in (bump (); bump (); !c) end\n"
             "fun total (s : int list) : int =\n"
             "  let val acc = ref 0 fun add x = acc := !acc + x in (List.app add s; !acc) end")
    assert ns["sum"](5) == 10 and ns["twice"](3) == 6 and ns["total"]([1, 2, 3]) == 6
    bad = port_standalone("fun leak (n : int) = let val r = ref n in r end").failures
    assert len(bad) == 1 and "the ref r used as a value" in bad[0]


def test_a_tupled_argument_that_is_no_literal_is_spread() -> None:
    ns = run("fun cmp (a : int, b : int) (v : int) : int =\n"
             "  if v < a then ~1 else if v > b then 1 else 0\n"
             "fun use (ab : int * int) (v : int) : int = cmp ab v\n"
             "fun diff (p : int * int) : int = let fun f (x, y) = x - y in f p end\n"
             "fun loop (n : int) (a : int, b : int) (acc : int) : int =\n"
             "  if n = 0 then acc * 100 + a * 10 + b else loop (n - 1) (b, a) (acc + 1)\n"
             "val part = cmp (1, 5)")
    assert ns["use"]((1, 5), 7) == 1 and ns["diff"]((5, 2)) == 3
    assert ns["loop"](3, 1, 2, 0) == 321 and ns["part"](0) == -1


def test_basis_templates_never_capture_the_callers_names() -> None:
    # List.exists was `any(f(x) for x in s)`: a fn reading the caller's own x read the loop's.
    ns = run("fun has (x : int, s : int list) : bool = List.exists (fn y => y = x) s\n"
             "fun keep (x : int, s : int list) : int list = List.filter (fn y => y > x) s\n"
             "fun sum (acc : int, s : int list) : int = foldl (fn (y, a) => a + y + acc) 0 s")
    assert ns["has"](3, [1, 2]) is False and ns["has"](2, [1, 2]) is True
    assert ns["keep"](1, [0, 1, 2]) == [2] and ns["sum"](10, [1, 2]) == 23


def test_a_fn_bound_by_val_is_called_as_a_function() -> None:
    ns = run("fun g (i : int, s : int list) : bool =\n"
             "  let val exists = fn (x, l) => List.exists (fn y => y = x) l\n"
             "  in exists (i, s) end\n"
             "val add = fn (x : int, y : int) => x + y\n"
             "val three = add (1, 2)")
    assert ns["g"](2, [1, 2]) is True and ns["g"](5, [1]) is False and ns["three"] == 3


def test_the_basis_list_and_string_functions_keep_their_edges() -> None:
    # SML/NJ 110.79: List.nth ([1,2,3], ~1) and List.take ([1], 2) raise Subscript, tl [] and
    # List.last [] raise Empty (the port's IndexError for both); Python's l[-1], l[:2] and
    # [][1:] would answer instead
    ns = run("fun nth (l : int list, i : int) : int = List.nth (l, i) handle Subscript => 0\n"
             "fun take (l : int list, n : int) : int list = List.take (l, n)\n"
             "  handle Subscript => [~1]\n"
             "fun drop (l : int list, n : int) : int list = List.drop (l, n)\n"
             "  handle Subscript => [~1]\n"
             "fun rest (l : int list) : int list = tl l handle Empty => [~1]\n"
             "fun last (l : int list) : int = List.last l handle Empty => ~1\n"
             "fun split (l : int list) : int list * int list =\n"
             "  List.partition (fn x => x mod 2 = 0) l\n"
             "fun halves (l : int list) : int list =\n"
             "  List.mapPartial (fn x => if x > 1 then SOME (x div 2) else NONE) l\n"
             "fun first (l : int list) : int =\n"
             "  case List.getItem l of NONE => 0 | SOME (x, _) => x\n"
             "fun back (a : int list, b : int list) : int = length (List.revAppend (a, b) @ [0])\n"
             "fun shout (s : string) : string =\n"
             "  String.concatWith \"-\" (map str (rev (explode s))) ^ implode [#\"!\"]\n"
             "fun code (s : string) : int = foldl (fn (c, n) => n * 256 + ord c) 0 (explode s)\n"
             "fun cut (x : real) : int = trunc x")
    assert [ns["nth"]([1, 2, 3], i) for i in (-1, 0, 2, 3)] == [0, 1, 3, 0]
    assert [ns["take"]([1, 2], n) for n in (-1, 0, 2, 3)] == [[-1], [], [1, 2], [-1]]
    assert [ns["drop"]([1, 2], n) for n in (-1, 0, 2, 3)] == [[-1], [1, 2], [], [-1]]
    assert [ns["rest"]([]), ns["rest"]([1, 2])] == [[-1], [2]]
    assert [ns["last"]([]), ns["last"]([4, 5])] == [-1, 5]
    assert ns["split"]([1, 2, 3, 4]) == ([2, 4], [1, 3])
    assert ns["halves"]([1, 2, 5]) == [1, 2]
    assert [ns["first"]([]), ns["first"]([7, 8])] == [0, 7]
    assert ns["back"]([1, 2], [3]) == 4
    assert ns["shout"]("abc") == "c-b-a!"
    assert ns["code"]("AB") == 65 * 256 + 66
    assert [ns["cut"](2.7), ns["cut"](-2.7)] == [2, -2]
