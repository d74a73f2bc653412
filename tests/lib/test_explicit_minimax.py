from __future__ import annotations

import pytest

from sml150.lib.est import Guess
from sml150.lib.explicit import (
    Esti,
    ExplicitGame,
    ExplicitGameError,
    HandoutBig,
    HandoutSmall,
    Node,
)
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import GAME, In_play, Maxie, Minnie, Settings


def estimated(out: str) -> list[str]:
    return [line.removeprefix("Estimating state ") for line in out.splitlines()]


def test_minimax_handout_small(capsys: pytest.CaptureFixture[str]) -> None:
    player = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    assert player.next_move(HandoutSmall.start) == 1
    assert estimated(capsys.readouterr().out) == [
        "c[3]", "d[6]", "e[~2]", "g[6]", "h[4]", "i[10]", "k[1]", "l[30]", "m[9]",
    ]


def test_minimax_handout_big(capsys: pytest.CaptureFixture[str]) -> None:
    player = MiniMax(Settings(G=HandoutBig, search_depth=4))
    analysis = player.analyze(HandoutBig.start)
    assert analysis.move == 0
    assert analysis.value == Guess(3)
    assert analysis.terminals == 12
    assert len(estimated(capsys.readouterr().out)) == 12


def test_ties_go_to_the_earliest_move(capsys: pytest.CaptureFixture[str]) -> None:
    g = ExplicitGame(Node("a", [Node("b", [Esti("c", 5)]), Node("d", [Esti("e", 5)])]))
    assert MiniMax(Settings(G=g, search_depth=2)).next_move(g.start) == 0
    g2 = ExplicitGame(Node("a", [Node("b", [Esti("c", 1), Esti("x", 1)])]))
    # Minnie at b: both children 1, the first is chosen
    assert MiniMax(Settings(G=g2, search_depth=1)).search(1, g2.make_move(g2.start, 0)) == (
        0,
        Guess(1),
    )
    capsys.readouterr()


def test_explicit_game_shape() -> None:
    g = HandoutSmall
    assert isinstance(g, GAME)
    s = g.start
    assert g.player(s) is Maxie and g.state_to_string(s) == "(Maxie,a)"
    b = g.make_move(s, 0)
    assert g.player(b) is Minnie and g.state_to_string(b) == "(Minnie,b)"
    assert g.status(b) == In_play()
    assert g.move_to_string(2) == "2"
    assert g.parse_move(s, "2").unwrap() == 2
    assert not g.parse_move(s, "3").value_or(None)


def test_explicit_game_errors() -> None:
    g = HandoutSmall
    leaf = g.make_move(g.make_move(g.start, 0), 0)
    with pytest.raises(ExplicitGameError, match=r"below the leaf c\[3\]"):
        g.moves(leaf)
    with pytest.raises(ExplicitGameError, match="inner node a"):
        g.estimate(g.start)
    with pytest.raises(ExplicitGameError, match="move 5 is not a child index"):
        g.make_move(g.start, 5)
    with pytest.raises(ValueError, match="at least one child"):
        Node("z", [])
    with pytest.raises(TypeError, match="needs a GameTree"):
        ExplicitGame("a")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_searching_below_a_leaf_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ExplicitGameError, match="below the leaf"):
        MiniMax(Settings(G=HandoutSmall, search_depth=3)).next_move(HandoutSmall.start)
    capsys.readouterr()


def test_settings_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="search_depth must be >= 0, not -1"):
        Settings(G=HandoutSmall, search_depth=-1)
    with pytest.raises(TypeError, match="must be a GAME structure"):
        Settings(G="tictactoe", search_depth=2)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    with pytest.raises(TypeError, match="search_depth must be an int"):
        Settings(G=HandoutSmall, search_depth=True)
    with pytest.raises(ValueError, match="search_depth >= 1"):
        MiniMax(Settings(G=HandoutSmall, search_depth=0))
