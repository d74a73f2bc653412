from __future__ import annotations

import io

import pytest

from sml150.handouts.hw10.tictactoe import O
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


def friendly(choice_spec: str, typed: str) -> tuple[object, str]:
    """A human with the CLI's hint and reasons for ``choice_spec``, typing ``typed``."""
    from sml150.cli._games import build_game

    choice = build_game(choice_spec)
    out = io.StringIO()
    human = HumanPlayer(HumanSettings(G=choice.game, input=io.StringIO(typed), output=out,
                                      hint=choice.hint, explain=choice.explain))
    try:
        move: object = human.next_move(choice.game.start)
    except EOFError:
        move = None
    return move, out.getvalue()


def test_the_friendly_prompt_says_what_to_type_and_lists_moves_on_help() -> None:
    move, shown = friendly("tictactoe:2", "help\n?\n1 1\n")
    lines = shown.split("\n")
    assert lines[0] == ("Maxie, type your move (row col, like 1 2; ? lists moves): "
                        "Legal moves: 0 0, 0 1, 1 0, 1 1")
    assert lines[1].endswith("Legal moves: 0 0, 0 1, 1 0, 1 1")
    assert move == (O, (1, 1))


@pytest.mark.parametrize(
    ("game", "typed", "reason"),
    [
        ("tictactoe:3", "3 1", "(3, 1) is off the 3x3 board (rows and columns are 0..2)"),
        ("tictactoe:3", "9" * 5000 + " 1", "the line is 5002 characters long (a move is at most"),
        ("tictactoe:3", "9" * 500 + " 1", "'999999999999...(500 digits)' is too large for a move"),
        ("tictactoe:3", "99999999999999999999 1",
         "'99999999999999999999' is too large for a move (at most 9 digits)"),
        ("tictactoe:3", "-1 2", "'-1' is negative: numbers in a move are 0 or more"),
        ("riskless:m1", "3 -4", "'-4' is negative: numbers in a move are 0 or more"),
        ("connect4", "-4", "'-4' is negative: numbers in a move are 0 or more"),
        ("tictactoe:3", "1 ²", "'²' is not a digit 0-9 (type moves with ASCII digits)"),
        ("tictactoe:3", "١ ١", "'١' is not a digit 0-9 (type moves with ASCII digits)"),
        ("connect4", "٤", "'٤' is not a digit 0-9 (type moves with ASCII digits)"),
        ("riskless:m1", "٣ ٤", "'٣' is not a digit 0-9 (type moves with ASCII digits)"),
        ("explicit:small", "١", "'١' is not a digit 0-9 (type moves with ASCII digits)"),
        ("tictactoe:3", "banana", "type a row and a column, like 1 2"),
        ("riskless:m1", "3 5", "5 is not adjacent to 3 (its neighbours are 4, 2)"),
        ("riskless:m1", "0 1", "territory 0 is not your territory (you are X)"),
        ("riskless:m1", "17 1", "there is no territory 17 (they are 0..5)"),
        ("explicit:small", "3", "type a child index from 0 to 2"),
        ("riskless:m1", " " * 100_000, "the line is 100000 characters long"),
        ("riskless:m1", " " * 999, "type two territory numbers"),
    ],
)
def test_a_bad_move_gets_its_reason(game: str, typed: str, reason: str) -> None:
    _, shown = friendly(game, typed + "\n")
    bad = [ln for ln in shown.split("\n") if "Bad move for this state: " in ln]
    assert len(bad) == 1
    assert bad[0].endswith(f" -- {reason}") or reason in bad[0]
    assert len(bad[0]) < 300  # a huge line is shown shortened


def test_an_occupied_tile_is_named() -> None:
    from sml150.cli._games import build_game

    choice = build_game("tictactoe:3")
    g = choice.game
    s = g.make_move(g.start, (O, (1, 1)))
    assert choice.explain(s, "1 1") == "(1, 1) is occupied"
    assert choice.explain(s, "(1,1)") == "(1, 1) is occupied"


@pytest.mark.parametrize(
    ("game", "typed", "move"),
    [
        ("riskless:m1", "(3,4)\n", (3, 4)),  # as the game prints a move
        ("riskless:m1", "3 4\n", (3, 4)),
        ("riskless:m1", "[3, 2]\n", (3, 2)),
        ("tictactoe:3", "(2,0)\n", (O, (2, 0))),
        ("tictactoe:3", "Placed O on location (0, 2)\n", (O, (0, 2))),
        ("tictactoe:3", "placed o on location (0,2)\n", (O, (0, 2))),
        ("explicit:small", "(2)\n", 2),
    ],
)
def test_a_move_may_be_typed_as_the_game_prints_it(game: str, typed: str, move: object) -> None:
    assert friendly(game, typed)[0] == move


def test_odd_input_is_just_a_bad_move() -> None:
    odd = ["\ufffd", "1 \u00b2", "\x00", "9" * 5000, " " * 100_000, "()", "((("]
    for game in ("tictactoe:3", "riskless:m1", "explicit:small"):
        move, shown = friendly(game, "\n".join(odd) + "\n")
        assert move is None  # the input ended after every line was refused
        assert shown.count("Bad move for this state: ") == len(odd)


def test_the_default_player_keeps_the_sml_lines_for_odd_input() -> None:
    out = io.StringIO()
    human = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("\u00b2\n(1)\n1\n"),
                                      output=out))
    assert human.next_move(HandoutSmall.start) == 1
    assert out.getvalue() == (
        "Maxie, please type your move: Bad move for this state: \u00b2\n"
        "Maxie, please type your move: Bad move for this state: (1)\n"
        "Maxie, please type your move: "
    )


def riskless_referee(repetition_limit: int | None, move_limit: int = 200) -> object:
    """Two MiniMax players on Riskless M1, which shuffle armies back and forth (issue 22)."""
    from sml150.cli._games import build_game

    g = build_game("riskless:m1").game
    p, q = (MiniMax(Settings(G=g, search_depth=d)) for d in (1, 2))
    return Referee(RefereeSettings(Maxie=p, Minnie=q, move_limit=move_limit,
                                   repetition_limit=repetition_limit, show=False)).go()


def test_a_repeated_position_ends_the_game_as_a_draw_and_says_so() -> None:
    from sml150.lib.referee import GameRecord

    shuffled = riskless_referee(None)
    assert isinstance(shuffled, GameRecord)
    assert shuffled.by_limit and shuffled.plies == 200 and not shuffled.by_repetition
    assert shuffled.ending == "move limit of 200 reached"
    record = riskless_referee(3)
    assert isinstance(record, GameRecord)
    assert record.outcome == Draw() and record.by_repetition and not record.by_limit
    assert record.ending == "position repeated 3 times"
    assert record.plies < 30
    assert record.moves == shuffled.moves[:record.plies]  # the same game, ended sooner
    assert _replay(record.moves).count(record.final) == 3


def _replay(moves: tuple[object, ...]) -> list[object]:
    from sml150.cli._games import build_game

    g = build_game("riskless:m1").game
    s = g.start
    out = [s]
    for m in moves:
        s = g.make_move(s, m)
        out.append(s)
    return out


def test_the_repetition_limit_is_checked() -> None:
    p = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    with pytest.raises(ValueError, match="repetition_limit must be an int >= 1"):
        RefereeSettings(Maxie=p, Minnie=p, repetition_limit=0)


def test_the_referee_says_why_a_repeated_game_ended() -> None:
    from sml150.cli._games import build_game

    g = build_game("riskless:m1").game
    p = MiniMax(Settings(G=g, search_depth=1))
    out = io.StringIO()
    Referee(RefereeSettings(Maxie=p, Minnie=p, repetition_limit=2, out=out,
                            clock=lambda: 0.0)).go()
    assert out.getvalue().splitlines()[-1] == "Game over! It's a draw! (position repeated 2 times)"


def test_lines_typed_while_the_ai_thinks_are_discarded_on_a_terminal() -> None:
    import os

    master, slave = os.openpty()

    class Screen(io.StringIO):
        """The person sees the prompt, then types 2 (after typing 0 too early)."""

        def flush(self) -> None:
            os.write(master, b"2\n")

    os.write(master, b"0\n")  # typed before the prompt: must not be played
    try:
        with open(slave, encoding="utf-8", closefd=True) as tty:
            human = HumanPlayer(HumanSettings(G=HandoutSmall, input=tty, output=Screen()))
            assert human.next_move(HandoutSmall.start) == 2
    finally:
        os.close(master)


def test_a_pipe_keeps_every_line() -> None:
    human = HumanPlayer(HumanSettings(G=HandoutSmall, input=io.StringIO("0\n2\n"),
                                      output=io.StringIO()))
    assert human.next_move(HandoutSmall.start) == 0
