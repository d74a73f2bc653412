"""Any valid SML gets a port or one line (issue 27, part 3): deep nesting, and random programs
whose values the port must compute as SML does (scoping and shadowing included)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sml150.port.module import port_standalone
from sml150.port.parser import SmlSyntaxError

from .helpers import run


def test_a_list_nested_3000_deep_ports_and_runs() -> None:
    n = 3000
    x = run("val x = " + "[" * n + "1" + "]" * n)["x"]
    depth = 0
    while isinstance(x, list):
        x, depth = x[0], depth + 1
    assert (depth, x) == (n, 1)


def test_forty_nested_fn_and_let_levelsrun() -> None:
    # SML/NJ 110.79 accepts this and gives g 5 = 5.
    body = "".join(f"(fn x{i} => let val y{i} = case x{i} of 0 => 1 | _ => 2 in "
                   for i in range(40))
    ns = run(f"fun g (z : int) : int = {body}z" + " end) 1" * 40)
    assert ns["g"](5) == 5
    fns = "val f = " + "".join(f"fn x{i} => " for i in range(40)) + "x0"
    f = run(fns)["f"]
    for i in range(40):
        f = f(i + 7)
    assert f == 7


@pytest.mark.parametrize("sml", [
    "fun f (x : int) : int = " + "case x of 0 => (" * 80 + "1" + ") | _ => 2" * 80,
    "val f = fn (x : int) => " + "(case x of 0 => " * 120 + "1" + " | _ => 2)" * 120,
])
def test_nesting_deeper_than_python_is_one_line_with_a_position(sml: str) -> None:
    result = port_standalone(sml)
    if result.failures:  # refused: one line naming where
        assert len(result.failures) == 1 and "\n" not in result.failures[0]
        assert "1:" in result.failures[0] and "nested deeper" in result.failures[0]
    else:
        compile(result.text, "<port>", "exec")


class _Gen:
    """Random int-valued SML expressions with their values, over few names (so they shadow)."""

    NAMES = ("a", "b", "c")

    def __init__(self, seed: int, lean: bool = False) -> None:
        self.rng = random.Random(seed)
        self.lean = lean
        "Deep along one branch only (the others one level deep): a long spine."

    def exp(self, env: dict[str, int], depth: int) -> tuple[str, int]:
        if self.lean and depth > 2:
            return self._exp(env, depth, self.rng.randint(0, 3))
        return self._exp(env, depth, None)

    def _exp(self, env: dict[str, int], depth: int, spine: int | None) -> tuple[str, int]:
        r = self.rng
        calls = iter(range(4))

        def sub(env: dict[str, int]) -> tuple[str, int]:
            i = next(calls)
            return self.exp(env, depth - 1 if spine is None or i == spine else 1)

        if depth <= 0 or r.random() < 0.15:
            if env and r.random() < 0.6:
                name = r.choice(sorted(env))
                return name, env[name]
            k = r.randint(0, 9)
            return str(k), k
        kind = r.choice(["op", "if", "let", "case", "fn", "tuple", "andalso", "letfun", "opt"])
        if kind == "op":
            (a, x), (b, y) = sub(env), sub(env)
            op = r.choice("+-*")
            return f"({a} {op} {b})", {"+": x + y, "-": x - y, "*": x * y}[op]
        if kind == "if":
            (c, v), (a, x), (b, y) = (sub(env) for _ in range(3))
            return f"(if {c} > 3 then {a} else {b})", x if v > 3 else y
        if kind in ("let", "fn"):  # two spellings of one binding: NAME is a's value in b
            name = r.choice(self.NAMES)
            a, x = sub(env)
            b, y = sub({**env, name: x})
            return (f"(let val {name} = {a} in {b} end)" if kind == "let"
                    else f"((fn {name} => {b}) {a})"), y
        if kind == "case":
            name = r.choice(self.NAMES)
            s, v = sub(env)
            a, x = sub(env)
            b, y = sub({**env, name: v})
            return f"(case {s} of 0 => {a} | {name} => {b})", x if v == 0 else y
        if kind == "tuple":
            name, other = r.sample(self.NAMES, 2)
            a, x = sub(env)
            b, y = sub(env)
            c, z = sub({**env, name: x, other: y})
            return f"(let val ({name}, {other}) = ({a}, {b}) in {c} end)", z
        if kind == "andalso":
            (a, x), (b, y), (c, z), (d, w) = (sub(env) for _ in range(4))
            return (f"(if {a} > 2 andalso (case {b} of 0 => false | _ => true) then {c} "
                    f"else {d})", z if x > 2 and y != 0 else w)
        if kind == "letfun":  # a closure over a name later shadowed
            name = r.choice(self.NAMES)
            a, x = sub(env)
            b, y = sub({**env, name: x})
            c, z = sub({**env, name: y})
            return (f"(let val {name} = {a} val f = fn u => u + {name} val {name} = {b} "
                    f"in f {c} end)", z + x)
        s, v = sub(env)  # opt: a SOME pattern binding a name
        name = r.choice(self.NAMES)
        a, x = sub({**env, name: v})
        b, y = sub(env)
        src = f"(case (if {s} > 4 then SOME {s} else NONE) of SOME {name} => {a} | NONE => {b})"
        return src, x if v > 4 else y


@pytest.mark.parametrize("seed", range(3))
def test_random_programs_port_to_their_sml_values(seed: int) -> None:
    gen = _Gen(seed)
    vals: list[tuple[str, int]] = []
    for i in range(40):
        src, value = gen.exp({}, gen.rng.randint(1, 6))
        vals.append((f"val v{i} = {src}", value))
    ns = run("\n".join(src for src, _ in vals))
    got = [ns[f"v{i}"] for i in range(len(vals))]
    assert got == [v for _, v in vals]


@pytest.mark.parametrize("seed", range(4))
def test_random_deep_programs_port_or_are_refused_in_one_line(seed: int) -> None:
    gen = _Gen(100 + seed, lean=True)
    src, value = gen.exp({}, 60)
    try:
        result = port_standalone(f"val v = {src}")
    except SmlSyntaxError as e:  # pragma: no cover - the generator writes valid SML
        pytest.fail(f"valid SML read as a syntax error: {e}")
    if result.failures:
        assert all("\n" not in f for f in result.failures)
        return
    ns: dict[str, Any] = {}
    exec(compile(result.text, "<port>", "exec"), ns)
    assert ns["v"] == value
