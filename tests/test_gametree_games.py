"""The exercise's three questions about Tic-Tac-Toe, answered with code, and ``from_game`` on
the library's real games.

The exercise names the first player X; in this port's Tic-Tac-Toe the first player is Maxie,
who plays O. The standard rules (a full board with no line is a draw) come from
``TTTConsts(board_size=3, full_board_draw=True)``. ``win_loss_draw`` unfolds the game exactly
(leaves +1/0/-1 for the player up), and ``assured_win`` answers with a null-window alpha-beta.
"""

from __future__ import annotations

import pytest

from sml150.gametree import (
    Stats,
    TNonLeaf,
    assured_win,
    bmove,
    bottom,
    bval,
    bval_stats,
    decode_move,
    from_game,
    move,
    ntval,
    ntval_stats,
    nval,
    to_list,
    top,
    tree,
    value,
    win_loss_draw,
)
from sml150.handouts.hw10.tictactoe import O, TicTacToe, TTTConsts, TTTState, X
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import In_play, Maxie, Settings

G = TicTacToe(TTTConsts(board_size=3, full_board_draw=True))
CORNERS = [(0, 0), (0, 2), (2, 0), (2, 2)]
CENTRE = (1, 1)


def children(t: tree) -> list[tuple[move, tree]]:
    assert isinstance(t, TNonLeaf)
    return to_list(t.offspring)


def exact(t: tree) -> value:
    """The win/draw/loss value (-1, 0 or 1) by alpha-beta: the window (-2, 2) holds them all."""
    return bval(-2, 2, t)


def test_question_1_the_first_player_is_not_assured_to_win() -> None:
    t = win_loss_draw(G)
    assert not assured_win(t)
    assert exact(t) == 0  # perfect play on both sides: a draw


def test_question_2_no_opening_move_loses() -> None:
    openings = children(win_loss_draw(G))
    assert len(openings) == 9
    for m, after in openings:
        # Minnie is up after the opening: she is never assured to win, and it is a draw
        assert not assured_win(after), decode_move(G, G.start, m)
        assert exact(after) == 0


@pytest.mark.parametrize("corner", CORNERS)
def test_question_3_after_a_corner_only_the_centre_holds_the_draw(
    corner: tuple[int, int],
) -> None:
    opening = (O, corner)
    (m,) = [m for m, _ in children(win_loss_draw(G)) if decode_move(G, G.start, m) == opening]
    s: TTTState = G.make_move(G.start, opening)
    replies = children(win_loss_draw(G, s))
    assert len(replies) == 8
    holding = []
    for r, after in replies:
        reply = decode_move(G, s, r)
        assert reply[0] is X
        # Maxie is up after the reply: a reply loses exactly when she is assured to win
        if assured_win(after):
            continue
        assert exact(after) == 0
        holding.append(reply[1])
    assert holding == [CENTRE]
    assert m == [0, 2, 6, 8][CORNERS.index(corner)]  # moves are indexes of empty cells


def test_the_best_first_move_and_its_decoding() -> None:
    t = win_loss_draw(G)
    m = bmove(bottom, top, t).unwrap()
    assert decode_move(G, G.start, m) == (O, (0, 0))  # every opening draws: the first one


@pytest.mark.parametrize("opening", [[(O, (0, 0)), (X, (1, 1))], [(O, (1, 1)), (X, (0, 1))]])
def test_alpha_beta_against_minimax_after_an_opening(opening: list[tuple[object, object]]) -> None:
    """The same law as on the whole game (below, exhaustive), on the exact subtrees after two
    opening moves: ntval sees every complete game (counted here independently), bval agrees
    on the value with far fewer leaves."""
    s = G.start
    for m in opening:
        s = G.make_move(s, m)  # type: ignore[arg-type]  # the opening's moves are the game's, typed loosely in the table

    def count(s: TTTState) -> tuple[int, int]:
        if not isinstance(G.status(s), In_play):
            return 1, 1
        kids = [count(G.make_move(s, m)) for m in G.moves(s)]
        return 1 + sum(n for n, _ in kids), sum(g for _, g in kids)

    nodes, games = count(s)
    v, full = ntval_stats(win_loss_draw(G, s))
    assert full == Stats(leaves=games, nodes=nodes)
    w, pruned = bval_stats(bottom, top, win_loss_draw(G, s))
    assert w == v
    assert pruned.leaves * 4 < full.leaves


@pytest.mark.exhaustive
def test_alpha_beta_against_minimax_on_the_whole_game() -> None:
    """The full game tree: 549,946 nodes, 255,168 complete games (the perft oracle counts)."""
    v, full = ntval_stats(win_loss_draw(G))
    assert (v, full) == (0, Stats(leaves=255_168, nodes=549_946))
    w, pruned = bval_stats(bottom, top, win_loss_draw(G))
    assert w == 0
    assert pruned.leaves * 20 < full.leaves  # measured: 7,330 leaves (34 times fewer)


def value_of(e: est) -> value:
    """An absolute estimate as a tree value (what ``from_game`` does before the sign)."""
    match e:
        case MaxieWins():
            return top
        case MinnieWins():
            return bottom
        case Guess(n):
            return min(max(n, bottom + 1), top - 1)
    raise AssertionError(e)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_from_game_tictactoe_agrees_with_minimax(depth: int) -> None:
    analysis = MiniMax(Settings(G=G, search_depth=depth)).analyze(G.start)
    t = from_game(G, depth)
    assert nval(t) == ntval(t) == bval(bottom, top, t) == value_of(analysis.value)
    assert ntval_stats(t)[1].leaves == analysis.terminals
    assert decode_move(G, G.start, bmove(bottom, top, t).unwrap()) == analysis.move


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_from_game_riskless_agrees_with_minimax(depth: int) -> None:
    R = Riskless(M1)
    analysis = MiniMax(Settings(G=R, search_depth=depth)).analyze(R.start)
    t = from_game(R, depth)
    assert R.player(R.start) is Maxie  # so the tree's value is the absolute one
    assert ntval(t) == bval(bottom, top, t) == value_of(analysis.value)
    assert decode_move(R, R.start, bmove(bottom, top, t).unwrap()) == analysis.move
    # one move later Minnie is up: the tree's values are negated
    s = R.make_move(R.start, analysis.move)
    after = MiniMax(Settings(G=R, search_depth=depth)).analyze(s)
    assert ntval(from_game(R, depth, s)) == -value_of(after.value)
