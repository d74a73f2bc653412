"""Connect Four as a GAME: rules, bitboard, Pons' move strings, hooks; perft oracle counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Nothing, Some

from sml150.games.connect4 import (
    C4State,
    ConnectFour,
    ConnectFour7x6,
    ConnectFourGame,
    IllegalMove,
    IllegalMoveString,
    has_four,
)
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.signatures import GAME, Draw, In_play, Maxie, Minnie, Over, Winner

G = ConnectFour7x6


def grid(game: ConnectFourGame, s: C4State) -> list[list[str]]:
    """Columns bottom-up of 'X' (Maxie), 'O' (Minnie), from the printed board (independent)."""
    lines = game.state_to_string(s).splitlines()[1 : 1 + game.height]
    cells = [line.split() for line in reversed(lines)]
    return [[cells[r][c] for r in range(game.height) if cells[r][c] != "."]
            for c in range(game.width)]


def naive_four(cols: list[list[str]], height: int, who: str) -> bool:
    w = len(cols)

    def at(c: int, r: int) -> str:
        return cols[c][r] if 0 <= c < w and 0 <= r < len(cols[c]) else "."

    return any(
        all(at(c + i * dc, r + i * dr) == who for i in range(4))
        for c in range(w) for r in range(height)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
    )


def test_is_a_game() -> None:
    assert isinstance(G, GAME)
    assert G.player(G.start) is Maxie
    assert list(G.moves(G.start)) == [3, 2, 4, 1, 5, 0, 6]
    assert G.status(G.start) == In_play()


def test_pons_examples_parse() -> None:
    s = G.parse_moves("4455")
    assert s.moves == 4 and G.player(s) is Maxie
    assert grid(G, s)[3] == ["X", "O"] and grid(G, s)[4] == ["X", "O"]


@pytest.mark.parametrize(
    ("text", "index", "reason"),
    [
        ("44x5", 3, "'x' is not a column 1..7"),
        ("408", 2, "'0' is not a column 1..7"),
        ("48", 2, "'8' is not a column 1..7"),
        ("1111111", 7, "column 1 is full"),
        ("12121211", 8, "the game is already won"),
        ("4 4", 2, "' ' is not a column 1..7"),
    ],
)
def test_illegal_move_strings(text: str, index: int, reason: str) -> None:
    with pytest.raises(IllegalMoveString) as e:
        G.parse_moves(text)
    assert e.value.index == index and e.value.reason == reason and e.value.text == text
    assert isinstance(e.value, ValueError)


def test_last_move_may_win() -> None:
    s = G.parse_moves("1212121")
    assert G.status(s) == Over(Winner(Maxie))
    assert list(G.moves(s)) == []
    assert G.estimate(s) == MaxieWins()
    assert "Maxie (X) has won" in G.state_to_string(s)
    o = G.parse_moves("12121232")
    assert G.status(o) == Over(Winner(Minnie)) and G.estimate(o) == MinnieWins()


def test_make_move_errors() -> None:
    g = ConnectFour(2, 1)
    with pytest.raises(IllegalMove, match="column 3 is off the board"):
        g.make_move(g.start, 2)
    with pytest.raises(IllegalMove, match="0-based column int"):
        g.make_move(g.start, "1")  # a wrong type on purpose (make_move takes any object)
    full = g.make_move(g.make_move(g.start, 0), 1)
    assert g.status(full) == Over(Draw()) and g.estimate(full) == Guess(0)
    with pytest.raises(IllegalMove, match="full"):
        g.make_move(full, 0)
    won = G.parse_moves("1212121")
    with pytest.raises(IllegalMove, match="already won"):
        G.make_move(won, 3)


def test_parse_move() -> None:
    s = G.parse_moves("111111")
    assert G.parse_move(s, "1") == Nothing
    assert G.parse_move(s, " 2 ") == Some(1)
    assert G.parse_move(s, "0") == Nothing
    assert G.parse_move(s, "") == Nothing


@pytest.mark.parametrize("size", [(0, 6), (7, 0), (33, 2)])
def test_bad_sizes(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match=r"must be 1\.\.32"):
        ConnectFour(*size)


def test_bad_size_type() -> None:
    with pytest.raises(TypeError):
        ConnectFour(7.0, 6)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_state_is_immutable_and_hashable() -> None:
    s = G.parse_moves("44")
    with pytest.raises(AttributeError):
        s.moves = 3  # type: ignore[misc]  # a wrong type on purpose: its refusal is what is tested
    assert G.make_move(s, 0) != s and s.moves == 2
    assert hash(G.parse_moves("4415")) == hash(G.parse_moves("1544"))


def test_perft_distinct_positions() -> None:
    """OEIS A212693: distinct 7x6 positions after n plies (1, 7, 49, 238, 1120, 4263)."""
    expected = [1, 7, 49, 238, 1120, 4263]
    frontier = {G.start}
    for n in range(1, len(expected)):
        frontier = {G.make_move(s, c) for s in frontier for c in G.moves(s)}
        assert len(frontier) == expected[n]
    # the mirror key folds exactly the mirror pairs (symmetric positions fold onto themselves)
    keys = {G.key(s) for s in frontier}
    symmetric = sum(1 for s in frontier if G.mirror(s.mask) == s.mask
                    and G.mirror(s.position) == s.position)
    assert len(keys) == (len(frontier) + symmetric) // 2


def test_centre_order() -> None:
    assert ConnectFour(7, 6).column_order == (3, 2, 4, 1, 5, 0, 6)
    assert ConnectFour(4, 4).column_order == (2, 1, 3, 0)
    assert ConnectFour(1, 4).column_order == (0,)


def test_hooks_on_examples() -> None:
    s = G.parse_moves("12121")  # O must block X's column 1
    assert G.non_losing_moves(s) == [0]
    assert G.ordered_moves(s) == [0]
    assert G.winning_move(s) is None
    t = G.parse_moves("121212")
    assert G.winning_move(t) == 0 and G.ordered_moves(t) == [0] and G.can_win_next(t)
    # two threats (X on 2, 3, 4 of the bottom row): nothing saves O, all moves are kept
    dbl = G.parse_moves("27374")
    assert G.non_losing_moves(dbl) == []
    assert G.ordered_moves(dbl) == list(G.moves(dbl))
    # never play under the opponent's winning cell: X's cell is column 1, row 2
    under = G.parse_moves("2233441")  # X: 2,3,4 row 2 threat at 1 row 2 and 5 row 2...
    assert all(G.winning_columns(G.make_move(under, c)) == [] or c not in
               G.non_losing_moves(under) for c in G.moves(under))
    assert G.move_from_canonical(G.move_to_canonical(2, 1), 1) == 2


moves_lists = st.lists(st.integers(0, 6), max_size=42)


def playout(game: ConnectFourGame, picks: list[int]) -> C4State:
    s = game.start
    for p in picks:
        legal = list(game.moves(s))
        if not legal:
            break
        s = game.make_move(s, legal[p % len(legal)])
    return s


@settings(max_examples=40, deadline=None)
@given(moves_lists)
def test_bitboard_agrees_with_a_naive_board(picks: list[int]) -> None:
    s = playout(G, picks)
    cols = grid(G, s)
    assert sum(map(len, cols)) == s.moves
    x_four, o_four = naive_four(cols, 6, "X"), naive_four(cols, 6, "O")
    match G.status(s):
        case Over(Winner(p)):
            assert (x_four, o_four) == ((True, False) if p is Maxie else (False, True))
        case Over(Draw()):
            assert s.moves == 42 and not x_four and not o_four
        case In_play():
            assert not x_four and not o_four
            wins = G.winning_columns(s)
            me = "X" if G.player(s) is Maxie else "O"
            for c in range(7):
                if G.can_play(s, c):
                    after = [list(col) for col in cols]
                    after[c].append(me)
                    assert naive_four(after, 6, me) == (c in wins)
            for c in set(G.moves(s)) - set(G.non_losing_moves(s)) if not wins else ():
                # a dropped move lets the opponent win at once (unless all are dropped)
                assert G.winning_columns(G.make_move(s, c)) or not G.non_losing_moves(s)
            assert G.key(s) == G.key(C4State(G.mirror(s.position), G.mirror(s.mask), s.moves))


def test_has_four_directions() -> None:
    g = ConnectFour(7, 6)
    assert has_four(g.bottom_mask & (g.column_mask(0) | g.column_mask(1) | g.column_mask(2)
                                     | g.column_mask(3)), 6)
    diag = sum(1 << (c * 7 + c) for c in range(4))
    anti = sum(1 << (c * 7 + 3 - c) for c in range(4))
    assert has_four(diag, 6) and has_four(anti, 6)
    assert not has_four(sum(1 << (c * 7 + c) for c in range(3)), 6)


@settings(max_examples=40, deadline=None)
@given(moves_lists)
def test_parse_moves_equals_make_move(picks: list[int]) -> None:
    s, text = G.start, ""
    for p in picks:
        legal = list(G.moves(s))
        if not legal:
            break
        c = legal[p % len(legal)]
        s, text = G.make_move(s, c), text + str(c + 1)
    assert G.parse_moves(text) == s
    if G.is_won(s):
        with pytest.raises(IllegalMoveString, match="already won"):
            G.parse_moves(text + "1")
