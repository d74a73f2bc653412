"""Task 4.2's served Riskless (``_rpc``): the proxy plays exactly as the reference, only data
crosses, and the server answers nothing but the module's public functions and members."""

from __future__ import annotations

import ast
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest
from returns.maybe import Nothing, Some

from sml150.grading import _rpc
from sml150.grading._starter import reference_source, solution_source
from sml150.handouts.hw11 import maps, riskless
from sml150.lib.est import Guess, MaxieWins
from sml150.lib.seq import Seq
from sml150.lib.signatures import In_play, Maxie, Over, Winner

REFERENCE = solution_source(reference_source("hw11", "riskless"))
CODEC = _rpc._codec(riskless, maps)


def _playout(seed: int, plies: int = 40) -> list[riskless.B]:
    rng = random.Random(seed)
    game = riskless.Riskless(rng.choice([maps.M1, maps.M2]))
    s, seen = game.start, []
    for _ in range(plies):
        seen.append(s)
        moves = list(game.moves(s))
        if not moves or game.status(s) != In_play():
            break
        s = game.make_move(s, rng.choice(moves))
    return seen


@pytest.mark.parametrize("seed", range(5))
def test_states_cross_and_come_back_equal(seed: int) -> None:
    for s in _playout(seed):
        data = json.loads(json.dumps(CODEC.encode(s)))
        assert CODEC.decode(data) == s
    for value in [Over(Winner(Maxie)), Guess(3), MaxieWins(), Seq.from_list([(1, 2)]), maps.M1,
                  riskless.Riskless(maps.M2), Some((3, 4)), Nothing]:
        assert CODEC.decode(CODEC.encode(value)) == value


@pytest.mark.parametrize("value", [len, object(), {"a": 1}, 1.5j, b"bytes", {1, 2}])
def test_only_data_crosses(value: object) -> None:
    with pytest.raises(TypeError):
        CODEC.encode(value)


@pytest.mark.parametrize("data", [
    {"c": "os", "f": []}, {"c": "_Census", "f": "x"}, {"k": "__builtins__"},
    {"e": ["Player", "Nobody"]}, {"t": "not a list"}, {"x": 1}, [1, 2], 1.5,
    {"c": "Min", "f": [1], "extra": 2},
])
def test_malformed_data_is_refused(data: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        CODEC.decode(data)


def test_depth_and_size_are_bounded() -> None:
    deep: object = 1
    for _ in range(_rpc.MAX_DEPTH + 5):
        deep = {"l": [deep]}
    with pytest.raises(ValueError, match="deep"):
        CODEC.decode(deep)
    nested: object = 1
    for _ in range(_rpc.MAX_DEPTH + 5):
        nested = [nested]
    with pytest.raises(ValueError, match="deep"):
        CODEC.encode(nested)


def test_the_proxy_keeps_the_datatypes_and_forwards_every_function() -> None:
    proxy = ast.parse(_rpc.proxy_source(REFERENCE))
    reference = ast.parse(REFERENCE)
    kept = {n.name for n in proxy.body if isinstance(n, ast.ClassDef)}
    assert {"Min", "Max", "Empty", "T", "B", "InvalidMove", "RisklessSettings"} <= kept
    public = {n.name for n in reference.body
              if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
    forwarded = {n.name for n in proxy.body if isinstance(n, ast.FunctionDef)}
    assert forwarded == public
    for fn in ast.walk(proxy):  # no function of the proxy computes anything itself
        if isinstance(fn, ast.FunctionDef):
            code = [s for s in fn.body if not isinstance(s, ast.Expr)]
            assert len(code) == 1 and "_rpc.call(" in ast.unparse(code[0]), fn.name
    # Nothing the mutants change survives in it: none of the reference's rules' code.
    assert "attackers >= defenders" not in _rpc.proxy_source(REFERENCE)


def _sides(tmp_path: Path) -> tuple[Path, Path]:
    """A proxy directory and a served directory, each with its own copy of ``_rpc``."""
    proxy, served = tmp_path / "proxy", tmp_path / "served"
    for d, text in ((proxy, _rpc.proxy_source(REFERENCE)), (served, REFERENCE)):
        d.mkdir()
        (d / "riskless.py").write_text(text)
        (d / "maps.py").write_text(solution_source(reference_source("hw11", "maps")))
        shutil.copyfile(_rpc.__file__, d / "_sml150_rpc.py")
    return proxy, served


PLAY = textwrap.dedent("""
    import random


    def play(riskless, maps):
        out = []
        for seed in range(2):
            rng = random.Random(seed)
            game = riskless.Riskless(rng.choice([maps.M1, maps.M2]))
            s = game.start
            for _ in range(25):
                out.append([repr(s), repr(game.status(s)), repr(game.estimate(s)),
                            game.state_to_string(s), repr(list(game.moves(s)))])
                moves = list(game.moves(s))
                if not moves or game.status(s) != riskless.In_play():
                    break
                s = game.make_move(s, rng.choice(moves))
        try:
            game.make_move(game.start, (0, 1))
        except riskless.InvalidMove as e:
            out.append(["InvalidMove", str(e)])
        return out
""")
"""Games played through a ``riskless`` module: run on the proxy there, on the reference here."""

CLIENT = PLAY + textwrap.dedent("""
    import json, sys
    sys.path[:0] = [sys.argv[1]]
    import _sml150_rpc
    _sml150_rpc.connect(int(sys.argv[2]), int(sys.argv[3]))
    import maps, riskless
    print(json.dumps(play(riskless, maps)))
""")


def test_the_proxy_plays_exactly_as_the_reference(tmp_path: Path) -> None:
    proxy, served = _sides(tmp_path)
    requests_r, requests_w = os.pipe()
    answers_r, answers_w = os.pipe()
    server = subprocess.Popen(
        [sys.executable, "-c", f"import sys; sys.path[:0] = [{str(served)!r}]; "
         "import _sml150_rpc; _sml150_rpc.serve(int(sys.argv[1]), int(sys.argv[2]))",
         str(requests_r), str(answers_w)], pass_fds=(requests_r, answers_w))
    client = subprocess.Popen(
        [sys.executable, "-c", CLIENT, str(proxy), str(answers_r), str(requests_w)],
        pass_fds=(answers_r, requests_w), stdout=subprocess.PIPE, text=True)
    for fd in (requests_r, requests_w, answers_r, answers_w):
        os.close(fd)
    got, _ = client.communicate(timeout=120)
    assert server.wait(timeout=30) == 0  # it ends when its client does
    namespace: dict[str, Any] = {}
    exec(PLAY, namespace)
    expected = namespace["play"](riskless, maps)
    assert expected[-1][0] == "InvalidMove"
    assert json.loads(got) == expected


def _ask(requests: list[bytes]) -> list[dict[str, object]]:
    """The server's answers (served in a thread of this process) to raw request lines."""
    requests_r, requests_w = os.pipe()
    answers_r, answers_w = os.pipe()
    sys.modules.setdefault("maps", maps)
    saved = sys.modules.get("riskless")
    sys.modules["riskless"] = riskless
    try:
        thread = threading.Thread(target=_rpc.serve, args=(requests_r, answers_w))
        thread.start()
        with os.fdopen(requests_w, "wb") as w:
            for request in requests:
                w.write(request + b"\n")
        thread.join(timeout=60)
        os.close(answers_w)
        with os.fdopen(answers_r, "rb") as a:
            lines = a.read().splitlines()
        os.close(requests_r)
    finally:
        if saved is None:
            del sys.modules["riskless"]
        else:
            sys.modules["riskless"] = saved
        if sys.modules.get("maps") is maps:
            del sys.modules["maps"]
    return [json.loads(line) for line in lines]


def test_the_server_answers_only_the_modules_public_functions_and_members() -> None:
    game = json.dumps(CODEC.encode(riskless.Riskless(maps.M1)))
    answers = _ask([
        b'{"g":null,"m":"Riskless","a":[{"k":"M1"}]}',
        f'{{"g":{game},"m":"moves","a":[{{"c":"B","f":[{{"s":[]}},{{"e":["Player","Maxie"]}}]}}]}}'
        .encode(),
        b'{"g":null,"m":"_holding","a":[]}',          # private
        b'{"g":null,"m":"__import__","a":["os"]}',    # not the module's
        b'{"g":null,"m":"Seq","a":[]}',               # imported, not defined there
        b'{"g":null,"m":"attrs","a":[]}',
        f'{{"g":{game},"m":"__class__","a":[]}}'.encode(),
        b'{"g":{"c":"Player","f":[]},"m":"x","a":[]}',  # not a record of the module
        b"not json",
        b"[" * 100_000,
        b'{"g":null,"m":"Riskless","a":[{"k":"M1"}]}',  # still serving
    ])
    assert answers[0]["v"] == json.loads(game)
    assert answers[1]["v"] == {"s": []}
    assert all("x" in a for a in answers[2:10]), answers
    assert answers[10]["v"] == json.loads(game)
    assert not any("def " in json.dumps(a) for a in answers)
