"""HW10 Tic-Tac-Toe: perft oracle counts, rules, parsing and printing, estimators."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Maybe, Nothing, Some

from sml150.handouts.hw10 import tictactoe as ttt
from sml150.handouts.hw10.tictactoe import (
    Board,
    Entry,
    Move,
    O,
    TicTacToe,
    TTTConsts,
    TTTState,
    X,
    baseline_estimator,
    lines_estimator,
)
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    ESTGAME,
    TTTCONSTS,
    Draw,
    In_play,
    Maxie,
    Minnie,
    Over,
    Player,
    Winner,
)

STANDARD = TicTacToe(TTTConsts(3, full_board_draw=True))
HANDOUT = TicTacToe(TTTConsts(3))


# -- oracle counts (move generation only) ----------------------------------------------------


def tree_counts(g: ttt._TicTacToe) -> tuple[int, int, int]:
    """(nodes of the full game tree, complete games, distinct positions), by a recursion over
    positions memoised in a table private to this call (a subtree's counts depend only on its
    root position)."""
    table: dict[TTTState, tuple[int, int]] = {}

    def count(s: TTTState) -> tuple[int, int]:
        if s in table:
            return table[s]
        moves = g.moves(s)
        nodes, games = 1, 0 if len(moves) else 1
        for m in moves:
            n, k = count(g.make_move(s, m))
            nodes, games = nodes + n, games + k
        table[s] = (nodes, games)
        return nodes, games

    nodes, games = count(g.start)
    return nodes, games, len(table)


def test_oracle_counts_standard_rule() -> None:
    assert tree_counts(STANDARD) == (549_946, 255_168, 5_478)


def test_oracle_counts_handout_rule() -> None:
    # The rule decides who wins a full board, not when a game ends: the same tree.
    assert tree_counts(HANDOUT) == (549_946, 255_168, 5_478)


def test_perft_without_memo() -> None:
    """Plain recursion: 9, 72, 504, 3024, 15120 states at plies 1-5 (no game ends before ply
    5)."""
    g = STANDARD

    def perft(s: TTTState, d: int) -> int:
        return 1 if d == 0 else sum(perft(g.make_move(s, m), d - 1) for m in g.moves(s))

    assert [perft(g.start, d) for d in range(1, 6)] == [9, 72, 504, 3024, 15120]


@pytest.mark.exhaustive
def test_whole_tree_without_memo() -> None:
    """The whole tree again, iteratively, without the table: 549,946 nodes, 255,168 games
    (``tree_counts`` above checks the same counts through its table)."""
    g = STANDARD
    nodes = games = 0
    stack = [g.start]
    while stack:
        s = stack.pop()
        nodes += 1
        children = [g.make_move(s, m) for m in g.moves(s)]
        games += not children
        stack.extend(children)
    assert (nodes, games) == (549_946, 255_168)


def test_outcomes_of_all_games() -> None:
    """Of the 255,168 games, 131,184 are won by O, 77,904 by X and 46,080 drawn."""
    table: dict[TTTState, tuple[int, int, int]] = {}

    def count(s: TTTState) -> tuple[int, int, int]:
        if s in table:
            return table[s]
        match STANDARD.status(s):
            case Over(Winner(Player.Maxie)):
                r = (1, 0, 0)
            case Over(Winner(Player.Minnie)):
                r = (0, 1, 0)
            case Over(Draw()):
                r = (0, 0, 1)
            case _:
                parts = [count(STANDARD.make_move(s, m)) for m in STANDARD.moves(s)]
                r = (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))
        table[s] = r
        return r

    assert count(STANDARD.start) == (131_184, 77_904, 46_080)


# -- the structure and its rules -------------------------------------------------------------


def test_signature_and_consts() -> None:
    typed: ESTGAME[TTTState, Move] = HANDOUT  # mypy checks the structure statically
    assert isinstance(typed, ESTGAME)
    assert isinstance(TTTConsts(3), TTTCONSTS)
    with pytest.raises(ValueError, match="board_size must be >= 1, not 0"):
        TTTConsts(0)
    with pytest.raises(TypeError, match="must be an int"):
        TTTConsts("3")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested

    @attrs.frozen
    class Plain:
        board_size: int

    assert TicTacToe(Plain(3)) == HANDOUT
    with pytest.raises(ValueError, match=">= 1"):
        TicTacToe(Plain(-2))


def test_estimator_is_not_part_of_the_game() -> None:
    assert TicTacToe(TTTConsts(3, estimator=baseline_estimator)) == HANDOUT
    assert STANDARD != HANDOUT
    assert TicTacToe(TTTConsts(4)) != HANDOUT


def test_start_and_first_moves() -> None:
    s = HANDOUT.start
    assert s.board == Seq.repeat(3, Seq.repeat(3, Nothing)) and HANDOUT.player(s) is Maxie
    assert Seq.nth(2, Seq.nth(1, s.board)) == Nothing
    moves = list(HANDOUT.moves(s))
    assert moves[0] == (O, (0, 0)) and moves[-1] == (O, (2, 2)) and len(moves) == 9
    s1 = HANDOUT.make_move(s, (O, (1, 1)))
    assert HANDOUT.player(s1) is Minnie
    assert list(HANDOUT.moves(s1))[:2] == [(X, (0, 0)), (X, (0, 1))]
    assert (X, (1, 1)) not in list(HANDOUT.moves(s1))


def test_make_move_errors_name_the_move_and_state() -> None:
    s = HANDOUT.make_move(HANDOUT.start, (O, (1, 1)))
    before = s.board
    with pytest.raises(ValueError, match=r"\(X, \(1, 1\)\) is not valid \(\(1, 1\) is taken\)"):
        HANDOUT.make_move(s, (X, (1, 1)))
    with pytest.raises(ValueError, match=r"off the 3x3 board"):
        HANDOUT.make_move(s, (X, (3, 0)))
    with pytest.raises(ValueError, match=r"Minnie's turn") as info:
        HANDOUT.make_move(s, (O, (0, 0)))
    assert "1 . O ." in str(info.value)  # the state is printed
    with pytest.raises(ValueError, match="pair"):
        HANDOUT.make_move(s, "0 0")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    over = HANDOUT.data_to_start_state(["OOO", "XX.", "..."])
    with pytest.raises(ValueError, match="game is over"):
        HANDOUT.make_move(over, (X, (2, 2)))
    assert s.board == before


def test_status_rules() -> None:
    g = HANDOUT
    assert g.status(g.start) == In_play()
    assert g.status(g.data_to_start_state(["X..", "OXO", "O.X"])) == Over(Winner(Minnie))
    assert g.status(g.data_to_start_state(["O.X", ".OX", "..O"])) == Over(Winner(Maxie))
    assert g.status(g.data_to_start_state(["XXO", ".O.", "O.."])) == Over(Winner(Maxie))
    full = ["OXO", "OXX", "XOO"]
    assert HANDOUT.status(HANDOUT.data_to_start_state(full)) == Over(Winner(Minnie))
    assert STANDARD.status(STANDARD.data_to_start_state(full)) == Over(Draw())
    assert len(HANDOUT.moves(HANDOUT.data_to_start_state(full))) == 0
    # the move that fills the board completes a line: the line wins, under either rule
    before = ["OXO", "XXO", "XO."]
    for g in (HANDOUT, STANDARD):
        last = g.make_move(g.data_to_start_state(before), (O, (2, 2)))
        assert g.status(last) == Over(Winner(Maxie))


def test_estimate_of_finished_states() -> None:
    assert HANDOUT.estimate(HANDOUT.data_to_start_state(["OOO", "XX.", "..."])) == MaxieWins()
    assert HANDOUT.estimate(HANDOUT.data_to_start_state(["X..", "XOO", "X.O"])) == MinnieWins()
    full = ["OXO", "OXX", "XOO"]
    assert HANDOUT.estimate(HANDOUT.data_to_start_state(full)) == MinnieWins()
    assert STANDARD.estimate(STANDARD.data_to_start_state(full)) == Guess(0)
    assert STANDARD.outcome_to_est(Draw()) == Guess(0)
    assert HANDOUT.outcome_to_est(Winner(Maxie)) == MaxieWins()


def test_small_boards() -> None:
    one = TicTacToe(TTTConsts(1))
    s = one.make_move(one.start, (O, (0, 0)))
    assert one.status(s) == Over(Winner(Maxie))
    assert one.estimate(one.start) == Guess(lines_estimator(one.start, False))
    assert lines_estimator(one.start, False) > 0  # Maxie to move wins at once
    two = TicTacToe(TTTConsts(2))
    # on 2x2 any two tiles share a line: O always wins with her second entry
    for first in two.moves(two.start):
        s1 = two.make_move(two.start, first)
        for reply in two.moves(s1):
            s2 = two.make_move(s1, reply)
            for third in two.moves(s2):
                assert two.status(two.make_move(s2, third)) == Over(Winner(Maxie))


def test_printing_and_parsing() -> None:
    g = HANDOUT
    s = g.data_to_start_state(["O.X", ".O.", "..."])
    assert g.state_to_string(s) == "  0 1 2\n0 O . X\n1 . O .\n2 . . ."
    assert g.move_to_string((X, (2, 1))) == "Placed X on location (2, 1)"
    assert g.detailed_move_to_string(s, (X, (2, 1))) == "Minnie placed X on location (2, 1)"
    assert g.move_to_descriptor((X, (2, 1))) == "2 1"
    assert g.move_eq((X, (2, 1)), (X, (2, 1))) and not g.move_eq((X, (2, 1)), (X, (1, 2)))
    assert g.parse_move(s, "2 1") == Some((X, (2, 1)))
    assert g.parse_move(s, " (2, 1) ") == Some((X, (2, 1)))
    assert g.parse_move(s, "2,1") == Some((X, (2, 1)))
    for bad in ("0 0", "3 1", "-1 0", "21", "a b", "", "1 1 1"):
        assert g.parse_move(s, bad) == Nothing, bad
    assert g.outcome_to_string(Winner(Minnie)) == "Minnie wins!"
    assert g.outcome_to_string(Draw()) == "It's a draw!"
    assert g.player_to_string(Maxie) == "Maxie"
    big = TicTacToe(TTTConsts(11))
    lines = big.state_to_string(big.start).splitlines()
    assert lines[0].endswith(" 9 10") and lines[-1].startswith("10  .")


def test_data_to_start_state() -> None:
    g = HANDOUT
    assert g.data_to_start_state(["...", "...", "..."]) == g.start
    assert g.data_to_start_state(["O..", "...", "..."]).player is Minnie
    with pytest.raises(ValueError, match="need 3 rows, got 2"):
        g.data_to_start_state(["...", "..."])
    with pytest.raises(ValueError, match="row 1 must be 3 characters"):
        g.data_to_start_state(["...", "..", "..."])
    with pytest.raises(ValueError, match="row 0 must be"):
        g.data_to_start_state(["o..", "...", "..."])
    with pytest.raises(ValueError, match="2 O's and 0 X's"):
        g.data_to_start_state(["OO.", "...", "..."])
    with pytest.raises(ValueError, match="not reachable"):
        g.data_to_start_state(["OOO", "XXX", "..."])
    with pytest.raises(ValueError, match="not reachable"):
        g.data_to_start_state(["OOO", "XX.", "X.."])  # X moved after O's line


# -- properties over random playouts ---------------------------------------------------------


def snapshot(b: Board) -> list[list[Maybe[Entry]]]:
    return [list(row) for row in b]


def tile(s: TTTState, r: int, c: int) -> Maybe[Entry]:
    """The tile at ``(r, c)``, read as the handout's code reads it."""
    return Seq.nth(c, Seq.nth(r, s.board))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([1, 2, 3, 4, 5]), st.booleans(), st.randoms(use_true_random=False))
def test_random_playouts(n: int, rule: bool, rng: random.Random) -> None:
    """Properties: moves are all valid and exactly the empty tiles; make_move never mutates;
    every playout ends within n*n moves; parse_move reads move_to_descriptor back."""
    g = TicTacToe(TTTConsts(n, full_board_draw=rule))
    s = g.start
    plies = 0
    while isinstance(g.status(s), In_play):
        moves = list(g.moves(s))
        empty = [(r, c) for r in range(n) for c in range(n) if tile(s, r, c) == Nothing]
        assert [loc for _e, loc in moves] == empty
        assert all(g.is_valid_move(s, m) for m in moves)
        m = rng.choice(moves)
        assert g.parse_move(s, g.move_to_descriptor(m)) == Some(m)
        before = snapshot(s.board)
        s2 = g.make_move(s, m)
        assert snapshot(s.board) == before
        assert tile(s2, *m[1]) == Some(m[0])
        # the status worked out incrementally equals a full rescan of a rebuilt state
        rebuilt = TTTState(s2.board, s2.player)
        assert rebuilt == s2 and hash(rebuilt) == hash(s2)
        assert g.status(rebuilt) == g.status(s2)
        assert g.player(s2) is not g.player(s)
        s, plies = s2, plies + 1
    assert plies <= n * n
    assert Seq.length(g.moves(s)) == 0
    assert not any(g.is_valid_move(s, (e, (0, 0))) for e in (O, X))
    assert g.estimate(s) in (MaxieWins(), MinnieWins(), Guess(0))


def rotate(b: Board) -> Board:
    """``b`` turned a quarter: the tile at ``(r, c)`` comes from ``(n-1-c, r)``."""
    n = Seq.length(b)
    return Seq.tabulate(lambda r: Seq.tabulate(lambda c: Seq.nth(r, Seq.nth(n - 1 - c, b)), n), n)


def mirror(b: Board) -> Board:
    n = Seq.length(b)
    return Seq.map(lambda row: Seq.tabulate(lambda c: Seq.nth(n - 1 - c, row), n), b)


def transforms(b: Board) -> list[Board]:
    """The 8 symmetries of the square applied to ``b``."""
    out: list[Board] = []
    cur = b
    for _ in range(4):
        cur = rotate(cur)
        out += [cur, mirror(cur)]
    return out


def swap(b: Board) -> Board:
    def other(t: Maybe[Entry]) -> Maybe[Entry]:
        return t.map(lambda e: X if e is O else O)

    return Seq.map(lambda row: Seq.map(other, row), b)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.randoms(use_true_random=False), st.integers(0, 12))
def test_estimators_are_symmetric(n: int, rng: random.Random, plies: int) -> None:
    """Laws: both estimators are invariant under the board's symmetries; under the standard
    rule the lines estimator negates when O and X (and the mover) swap; estimate never makes
    a move."""
    g = TicTacToe(TTTConsts(n, full_board_draw=True))
    s = g.start
    for _ in range(plies):
        nxt = g.make_move(s, rng.choice(list(g.moves(s))))
        if not isinstance(g.status(nxt), In_play):
            break
        s = nxt
    for est in (lines_estimator, baseline_estimator):
        v = est(s, True)
        assert v == est(s, True)
        for b in transforms(s.board):
            assert est(TTTState(b, s.player), True) == v
    flipped = TTTState(swap(s.board), Minnie if s.player is Maxie else Maxie)
    assert lines_estimator(flipped, True) == -lines_estimator(s, True)
    assert baseline_estimator(flipped, True) == -baseline_estimator(s, True)


def test_estimate_never_makes_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    states = [HANDOUT.start, HANDOUT.data_to_start_state(["OX.", ".O.", "..X"])]

    def forbidden(*_args: object) -> TTTState:
        raise AssertionError("estimate created a future state")

    monkeypatch.setattr(ttt._TicTacToe, "make_move", forbidden)
    for s in states:
        HANDOUT.estimate(s)


def test_lines_estimator_recognises_certain_outcomes() -> None:
    g = STANDARD
    # Maxie to move with a line missing one tile: she wins next move
    win_next = g.data_to_start_state(["OO.", "XX.", "..."])
    # Maxie to move facing two different winning tiles of X, none of her own: lost
    fork = g.data_to_start_state(["XX.", "XOO", ".O."])
    # no open line for anyone: a certain draw
    dead = g.data_to_start_state(["OXO", "OXX", "XO."])
    assert lines_estimator(win_next, True) > 1000
    assert lines_estimator(fork, True) < -1000
    assert lines_estimator(dead, True) == 0
    # by the handout's rule, the same dead board is Minnie's
    assert lines_estimator(dead, False) < -1000
    # the centre beats a corner beats an edge for Maxie's first move
    centre, corner, edge = (
        lines_estimator(g.make_move(g.start, (O, loc)), True) for loc in ((1, 1), (0, 0), (0, 1))
    )
    assert centre > corner > edge


def test_baseline_is_the_longest_chain() -> None:
    g = TicTacToe(TTTConsts(4))
    s = g.data_to_start_state(["O...", ".O..", "X...", "X..."])
    # O's diagonal chain of 2; X's column chain of 2
    assert baseline_estimator(s, False) == 0
    s2 = g.data_to_start_state(["OOO.", "X...", "X...", "X..."])
    assert baseline_estimator(s2, False) == 0
    s3 = g.data_to_start_state(["OOO.", "X...", "....", "X..."])
    assert baseline_estimator(s3, False) == 2


# -- the board is the handout's tile seq seq; bad input ----------------------------------------


def test_board_is_a_seq_of_seqs_of_options() -> None:
    """Code written as in SML reads the board: ``Seq.nth``, ``Seq.map``, ``Some``/``Nothing``."""
    s = HANDOUT.data_to_start_state(["O.X", ".O.", "..."])

    def count_row(e: Entry, row: Seq[Maybe[Entry]]) -> int:
        return Seq.mapreduce(lambda t: 1 if t == Some(e) else 0, 0, lambda a, b: a + b, row)

    assert Seq.map(lambda row: count_row(O, row), s.board) == Seq.from_list([1, 1, 0])
    match tile(s, 0, 2):
        case Some(e):
            assert e is X
        case _:
            pytest.fail("(0, 2) holds X")
    assert s == TTTState(s.board, Minnie)
    assert s != TTTState(s.board, Maxie)


def test_state_constructor_checks_types() -> None:
    good = HANDOUT.start.board
    for bad_board in (((None,) * 3,) * 3, Seq.repeat(3, (Nothing,) * 3), "...",
                      Seq.repeat(3, Seq.repeat(2, Nothing)), Seq.repeat(3, Seq.repeat(3, O)),
                      Seq.repeat(3, Seq.repeat(3, Some("O")))):
        with pytest.raises(TypeError, match="TTTState"):
            TTTState(bad_board, Maxie)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    with pytest.raises(TypeError, match="Maxie or Minnie"):
        TTTState(good, "Maxie")  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested


def test_bools_and_floats_are_no_coordinates() -> None:
    g = HANDOUT
    s = g.start
    for m in [(O, (True, False)), (O, (1.0, 1)), (O, (0, None)), (O, [0, 0]), [O, (0, 0)],
              ("O", (0, 0)), (O, (0, 0, 0)), (O,), None, 3, "0 0", (O, (10**30, 0))]:
        assert not g.is_valid_move(s, m), m  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
        with pytest.raises(ValueError, match=r"TicTacToe\.make_move"):
            g.make_move(s, m)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    assert s == g.start


def test_parse_move_is_linear_and_ascii() -> None:
    g = HANDOUT
    s = g.start
    for bad in ("1 ²", "² 1", "١ ١", "1" * 5000 + " 1", "1 " + "9" * 4400, " " * 100_000,
                "1" + " " * 100_000 + "x", "(" * 50_000, "1,,2", "(1 2))", "1\x002",
                "-0 1", "+1 1", "1_0 1"):
        assert g.parse_move(s, bad) == Nothing, bad[:20]
    assert g.parse_move(s, "  ( 1 ,2 )  ") == Some((O, (1, 2)))
    assert g.parse_move(s, "(1 2") == g.parse_move(s, "1, 2)") == Some((O, (1, 2)))
    assert g.parse_move(s, "01 02") == Some((O, (1, 2)))
    assert g.parse_move(s, None) == Nothing  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
