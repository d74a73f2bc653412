from __future__ import annotations

import io

import pytest

from sml150.lib.explicit import Esti, ExplicitGame, HandoutBig, HandoutSmall, Node
from sml150.lib.human import HumanPlayer, HumanSettings
from sml150.lib.minimax import MiniMax
from sml150.lib.referee import Referee, RefereeSettings
from sml150.lib.signatures import Draw, Settings


def test_referee_prints_like_the_sml_referee() -> None:
    g = ExplicitGame(
        Node("a", [Node("b", [Esti("c", 1), Esti("d", -4)]), Node("e", [Esti("f", 2)])])
    )
    p = MiniMax(Settings(G=g, search_depth=2))
    q = MiniMax(Settings(G=g, search_depth=1))
    out = io.StringIO()
    record = Referee(
        RefereeSettings(Maxie=p, Minnie=q, move_limit=2, out=out, clock=lambda: 1.0)
    ).go()
    lines = out.getvalue().splitlines()
    assert lines == [
        "(Maxie,a)",
        "Maxie decides to make the move 1 in 0.000 seconds.",
        "(Minnie,e)",
        "Minnie decides to make the move 0 in 0.000 seconds.",
        "(Maxie,f)",
        "Game over! It's a draw! (move limit of 2 reached)",
    ]
    assert record.moves == (1, 0)
    assert record.by_limit and record.outcome == Draw()
    assert record.plies == 2


def test_referee_rejects_players_of_different_games() -> None:
    p = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    q = MiniMax(Settings(G=HandoutBig, search_depth=4))
    with pytest.raises(TypeError, match="same game"):
        RefereeSettings(Maxie=p, Minnie=q)
    with pytest.raises(ValueError, match="move_limit must be an int >= 1"):
        RefereeSettings(Maxie=p, Minnie=p, move_limit=0)


def test_human_player_reprompts_until_a_legal_move() -> None:
    out = io.StringIO()
    human = HumanPlayer(
        HumanSettings(G=HandoutSmall, input=io.StringIO("banana\n9\n\n1\n"), output=out)
    )
    assert human.next_move(HandoutSmall.start) == 1
    assert out.getvalue() == (
        "Maxie, please type your move: Bad move for this state: banana\n"
        "Maxie, please type your move: Bad move for this state: 9\n"
        "Maxie, please type your move: Bad move for this state: \n"
        "Maxie, please type your move: "
    )


def test_human_player_names_the_player_and_fails_cleanly_at_eof() -> None:
    minnie_state = HandoutSmall.make_move(HandoutSmall.start, 2)
    out = io.StringIO()
    human = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO(""), output=out))
    with pytest.raises(EOFError, match="before Minnie typed a move"):
        human.next_move(minnie_state)
    assert out.getvalue() == "Minnie, please type your move: "


def test_human_vs_minimax_through_the_referee(capsys: pytest.CaptureFixture[str]) -> None:
    human = HumanPlayer(
        HumanSettings(G=HandoutSmall, input=io.StringIO("0\n"), output=io.StringIO())
    )
    ai = MiniMax(Settings(G=HandoutSmall, search_depth=1))
    record = Referee(RefereeSettings(Maxie=human, Minnie=ai, move_limit=2, show=False)).go()
    assert record.moves == (0, 2)  # Minnie answers b with its least child, e[~2]
    assert capsys.readouterr().out.splitlines() == [
        "Estimating state c[3]", "Estimating state d[6]", "Estimating state e[~2]",
    ]
