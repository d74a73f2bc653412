"""The canonical text form: SML/NJ prints each type that crosses, the one parser reads it back.

Sequences, trees, boards, estimates (HW10's datatype and HW11's abstract ``Estimate``), moves,
options, statuses, Riskless states, HW11 values and exceptions, each printed by
``sml150/sml/crosscheck/show*.sml`` from a real SML value and compared with the Python value
the port would return. One SML/NJ run per homework.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from returns.maybe import Nothing, Some

from sml150.crosscheck._bridge import Translator, constructors
from sml150.crosscheck._canon import CanonError, parse_value
from sml150.crosscheck._run import run_units, sml_missing
from sml150.grading._checks import estimating_lines
from sml150.grading._worker import _tree, encode
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.explicit import Esti, Node
from sml150.lib.seq import Seq
from sml150.lib.signatures import Draw, In_play, Maxie, Minnie, Over, Winner

FAITHFUL = Path(__file__).resolve().parent.parent / "grading" / "fixtures" / "faithful"
needs_sml = pytest.mark.skipif(bool(sml_missing()), reason=sml_missing() or "SML/NJ found")

TREE = ["N", "r\"1", [["N", "a", [["E", "b", -3]]], ["N", "c", [["E", "d", 0], ["E", "e", 7]]]]]


def _parsed(hw: str, got: object) -> Any:
    value = getattr(got, "value", None)
    assert value is not None, got
    return parse_value(value, {**constructors(hw), "Node": Node, "Esti": Esti})


@needs_sml
def test_hw10_values_cross() -> None:
    from sml150.handouts.hw10.tictactoe import O, TicTacToe, TTTConsts, X

    t = Translator("hw10")
    ttt = t.structure(["call", ["get", ["mod", "tictactoe"], "TicTacToe"],
                       ["call", ["get", ["mod", "tictactoe"], "TTTConsts"], ["lit", 2]]])
    rows = f'{ttt}.data_to_start_state ["O.", "X."]'
    units = {
        "ints": "Show.list Show.int [~3, 0, 42]",
        "string": 'Show.string "a\\"b\\\\c\\n\\001"',
        "real": "Show.real ~0.25",
        "seq": "Show.seq (Show.seq Show.bool) (Seq.fromList [Seq.fromList [true], Seq.empty ()])",
        "options": "Show.list (Show.option Show.int) [SOME ~1, NONE]",
        "tuple": 'Show.triple (Show.int, Show.string, Show.bool) (1, "x y", false)',
        "tree": "ShowTree.tree (" + _tree_sml(t) + ")",
        "est": f"Show.list {ttt}_show.est [Est.MinnieWins, Est.Guess ~2, Est.MaxieWins]",
        "board": f"{ttt}_ttt.state ({rows})",
        "move": f"Show.seq {ttt}_ttt.move ({ttt}.moves ({rows}))",
        "status": f'{ttt}_show.status ({ttt}.status ({ttt}.data_to_start_state ["OX", "O."]))',
        "raise": "Show.int (Seq.nth 3 (Seq.fromList [1]))",
    }
    got, notes = run_units("hw10", FAITHFUL / "hw10_a", t.decls, units, budget=60)
    assert set(got) == set(units), notes
    g = TicTacToe(TTTConsts(2))
    board = g.data_to_start_state(["O.", "X."])
    assert _parsed("hw10", got["ints"]) == [-3, 0, 42]
    assert _parsed("hw10", got["string"]) == 'a"b\\c\n\x01'
    assert _parsed("hw10", got["real"]) == -0.25
    assert encode(_parsed("hw10", got["seq"])) == encode(Seq.from_list([Seq.from_list([True]),
                                                                          Seq.from_list([])]))
    assert _parsed("hw10", got["options"]) == [Some(-1), Nothing]
    assert _parsed("hw10", got["tuple"]) == (1, "x y", False)
    assert encode(_parsed("hw10", got["tree"])) == encode(_tree(TREE))
    assert _parsed("hw10", got["est"]) == [MinnieWins(), Guess(-2), MaxieWins()]
    assert encode(_parsed("hw10", got["board"])) == encode(board)
    assert sorted(map(str, _parsed("hw10", got["move"]))) == sorted(map(str, g.moves(board)))
    assert {m[0] for m in _parsed("hw10", got["move"])} <= {O, X}
    assert _parsed("hw10", got["status"]) == Over(Winner(Maxie))
    assert got["raise"].exc == "Range"


def _tree_sml(t: Translator) -> str:
    from sml150.crosscheck._bridge import _tree as tree_sml

    return "let open GameTree in " + tree_sml(TREE) + " end"


@needs_sml
def test_hw11_values_cross() -> None:
    from sml150.handouts.hw11.alphabeta import Leaf, Step
    from sml150.handouts.hw11.maps import M1
    from sml150.handouts.hw11.riskless import Riskless

    t = Translator("hw11")
    rl = t.structure(["call", ["get", ["mod", "riskless"], "Riskless"],
                      ["get", ["mod", "maps"], "M1"]])
    small = ["get", ["lib", "sml150.lib.explicit"], "HandoutSmall"]
    ab = ["call", ["get", ["mod", "alphabeta"], "AlphaBeta"],
          ["call", ["get", ["lib", "sml150.lib.signatures"], "Settings"], small, ["lit", 2]]]
    leaf = ["get", ["mod", "alphabeta"], "Leaf"]
    est = ["get", ["lib", "sml150.lib.est"], "MinnieWins"]
    f = ["call", ["get", ab, "F"], ["lit", 2], ["get", small, "start"],
         ["tuple", ["call", leaf, ["call", est]],
          ["call", leaf, ["call", ["get", ["lib", "sml150.lib.est"], "MaxieWins"]]]]]
    ests = "[Estimate.minnie_wins, Estimate.guess ~2, Estimate.draw, Estimate.maxie_wins]"
    units = {
        "est": f"Show.list {rl}_show.est {ests}",
        "state": f"{rl}_rl.state {rl}.start",
        "moves": f"Show.seq (Show.pair (Show.int, Show.int)) ({rl}.moves {rl}.start)",
        "status": f"Show.list {rl}_show.status [{rl}.In_play, {rl}.Over {rl}.Draw, "
                  f"{rl}.Over ({rl}.Winner {rl}.Minnie)]",
        "values": t.case(["get", ab, "initial_ab"]),
        "step": t.case(f),
        "exception": "Show.seq Show.int (GraphSeq.get_neighbors (Seq.fromList []) 3)",
    }
    got, notes = run_units("hw11", FAITHFUL / "hw11_a", t.decls, units, budget=60)
    assert set(got) == set(units), notes
    assert _parsed("hw11", got["est"]) == [MinnieWins(), Guess(-2), Guess(0), MaxieWins()]
    r = Riskless(M1)
    assert encode(_parsed("hw11", got["state"])) == encode(r.start)
    assert sorted(_parsed("hw11", got["moves"])) == sorted(r.moves(r.start))
    assert _parsed("hw11", got["status"]) == [In_play(), Over(Draw()), Over(Winner(Minnie))]
    assert _parsed("hw11", got["values"]) == (Leaf(MinnieWins()), Leaf(MaxieWins()))
    assert _parsed("hw11", got["step"]) == Step(1, Guess(4))
    assert estimating_lines(got["step"].out) == [f"Estimating state {x}" for x in
                                                 ("c[3]", "d[6]", "e[~2]", "g[6]", "h[4]",
                                                  "i[10]", "k[1]")]
    assert got["exception"].exc == "not_in_graph"


def test_the_parser_refuses_what_is_not_a_value() -> None:
    for text in ("", "(1,", "<1 2>", "Guess", "SOME", "1 2"):
        with pytest.raises(CanonError):
            parse_value(text, {})
