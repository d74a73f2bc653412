"""The emitter: SML snippets ported as whole modules, then run, so each test checks behaviour
(not spelling); and the constructs the porter refuses, each named with its position."""

from __future__ import annotations

import sys

import pytest

from sml150.lib.seq import Seq
from sml150.port.module import port_standalone

from .helpers import run


def failures(sml: str) -> list[str]:
    return port_standalone(sml).failures


def test_clauses_become_one_match() -> None:
    ns = run("fun fact 0 = 1 | fact (n : int) = n * fact (n - 1)\n"
             "fun len [] = 0 | len (_ :: xs) = 1 + len xs\n"
             "fun get (SOME x) = x | get NONE = 0")
    assert ns["fact"](5) == 120
    assert ns["len"]([4, 5, 6]) == 3
    from returns.maybe import Nothing, Some
    assert ns["get"](Some(4)) == 4 and ns["get"](Nothing) == 0


def test_tail_recursion_is_a_loop_and_deep_inputs_work() -> None:
    ns = run("fun sum (acc : int, n : int) : int = if n = 0 then acc else sum (acc + n, n - 1)")
    n = 10 * sys.getrecursionlimit()
    assert ns["sum"](0, n) == n * (n + 1) // 2
    text = port_standalone("fun count (s : int Seq.seq) : int = case Seq.showl s of "
                           "Seq.Nil => 0 | Seq.Cons (_, t) => 1 + count t").text
    assert "# port: recursive as in the SML" in text


def test_datatypes_enums_records_and_union_alias() -> None:
    ns = run("datatype color = Red | Green\n"
             "fun next Red = Green | next Green = Red\n"
             "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree\n"
             "fun size Leaf = 0 | size (Node (l, _, r)) = size l + 1 + size r")
    assert ns["next"](ns["Red"]) is ns["Green"] and ns["Color"].Red is ns["Red"]
    leaf = ns["Leaf"]()
    assert ns["size"](ns["Node"](leaf, 1, ns["Node"](leaf, 2, leaf))) == 2
    assert "tree: TypeAlias = Union[Leaf, Node[A]]" in port_standalone(
        "datatype 'a tree = Leaf | Node of 'a tree * 'a * 'a tree").text


def test_let_vals_tuples_and_seq_combinators() -> None:
    ns = run("fun f (s : int Seq.seq) : int =\n"
             "  let val (a, b) = (Seq.length s, Seq.reduce (fn (x, y) => x + y) 0 s)\n"
             "      val pairs = Seq.zip (s, s)\n"
             "  in a + b + Seq.mapreduce (fn (x, y) => x * y) 0 op+ pairs end")
    assert ns["f"](Seq.from_list([1, 2, 3])) == 3 + 6 + 14


def test_partial_application_composition_and_operators_as_values() -> None:
    ns = run("fun firsts (rows : int Seq.seq Seq.seq) : int Seq.seq = Seq.map (Seq.nth 0) rows\n"
             "fun twice (f : int -> int) : int -> int = f o f\n"
             "fun total (s : int Seq.seq) : int = Seq.reduce op+ 0 s\n"
             "fun join (a : string, b : string) : string = a ^ \"-\" ^ b\n"
             "fun cat (xs : int list, ys : int list) : int list = xs @ 0 :: ys")
    rows = Seq.from_list([Seq.from_list([1, 2]), Seq.from_list([3])])
    assert list(Seq.to_list(ns["firsts"](rows))) == [1, 3]
    assert ns["twice"](lambda x: x * 3)(2) == 18
    assert ns["total"](Seq.from_list([4, 5])) == 9
    assert ns["join"]("a", "b") == "a-b" and ns["cat"]([1], [2]) == [1, 0, 2]


def test_andalso_orelse_short_circuit_and_if() -> None:
    ns = run("fun safe (x : int) : bool = x <> 0 andalso 10 div x > 1 orelse x = 0\n"
             "fun sign (x : int) : int = if x < 0 then ~1 else if x = 0 then 0 else 1")
    assert ns["safe"](0) is True and ns["safe"](20) is False and ns["safe"](3) is True
    assert [ns["sign"](v) for v in (-5, 0, 9)] == [-1, 0, 1]


def test_exceptions_raise_and_handle() -> None:
    ns = run("exception Bad of string\nexception Odd\n"
             "fun at (s : int Seq.seq, i : int) : int = Seq.nth i s handle Seq.Range => ~1\n"
             "fun check (x : int) : string =\n"
             "  (if x mod 2 = 1 then raise Odd else raise Bad \"even\")\n"
             "  handle Odd => \"odd\" | Bad m => m")
    s = Seq.from_list([7])
    assert ns["at"](s, 0) == 7 and ns["at"](s, 5) == -1
    assert ns["check"](3) == "odd" and ns["check"](4) == "even"


def test_a_case_where_sml_evaluates_it_anyway_is_computed_first() -> None:
    ns = run("fun g (x : int option) : int = 1 + (case x of SOME y => y | NONE => 0)")
    from returns.maybe import Nothing, Some
    assert ns["g"](Some(4)) == 5 and ns["g"](Nothing) == 1


def test_a_fn_with_patterns_becomes_a_nested_def() -> None:
    ns = run("fun f (s : int option Seq.seq) : int Seq.seq =\n"
             "  Seq.map (fn SOME x => x | NONE => 0) s")
    from returns.maybe import Nothing, Some
    assert list(Seq.to_list(ns["f"](Seq.from_list([Some(2), Nothing])))) == [2, 0]


def test_structures_and_functors() -> None:
    ns = run("structure S = struct fun twice (x : int) : int = x + x end\n"
             "functor F (P : sig val k : int end) = struct\n"
             "  fun addk (x : int) : int = x + P.k\n"
             "  fun both (x : int) : int = addk (S.twice x)\nend")
    assert ns["S"].twice(4) == 8

    class P:
        k = 10

    assert ns["F"](P).both(1) == 12


def test_selectors_strings_chars_and_unit() -> None:
    ns = run("fun first (p : int * string) : int = #1 p\n"
             "fun second (p : int * string) : string = #2 p\n"
             "fun e () = Seq.empty ()")
    assert ns["first"]((3, "x")) == 3 and ns["second"]((3, "x")) == "x"
    assert Seq.length(ns["e"]()) == 0


@pytest.mark.parametrize(("sml", "says"), [
    ("fun f (x : int) = let val r = ref x in r end", "1:40: the ref r used as a value"),
    ("fun f (x : int) = nosuch x", "1:19: unknown function nosuch"),
    ("fun f (x : mystery) = x", "1:12: unknown type mystery"),
    ("fun f (x : int) = {1 = x, 2 = x}", "1:19: a record with numbered labels"),
])
def test_what_it_cannot_port_is_named_with_its_position(sml: str, says: str) -> None:
    found = failures(sml)
    assert len(found) == 1 and says in found[0], found


def test_nested_operands_keep_their_grouping() -> None:
    # (2 * n + 2) once came out as (2 * n) + 2 * ...: an operand that merely starts with a
    # parenthesis is not enclosed by one (found by crosscheck on an estimator).
    ns = run("fun f (n : int) : int = (2 * n + 2) * n * n * n + 1\n"
             "fun g (a : int, b : int) : int = (a - b) - (a - (b - 1)) * (a div (b + 1))")
    assert ns["f"](3) == (2 * 3 + 2) * 3 * 3 * 3 + 1
    assert ns["g"](7, 2) == (7 - 2) - (7 - (2 - 1)) * (7 // (2 + 1))
