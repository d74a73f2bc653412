"""Laws of the engine, checked with hypothesis against the library's MiniMax.

- every algorithm's value equals MiniMax's (random explicit trees; random legal positions of
  HW10 Tic-Tac-Toe, Riskless and KInARow);
- with a transposition table equals without one;
- the chosen move has the returned value; ``best_moves`` are exactly the moves of that value;
- move order never changes the value; symmetric keys (and every hook) never change the value.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sml150.games.tictactoe import KInARow
from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
from sml150.handouts.hw11.riskless import M1, Riskless
from sml150.lib.est import est
from sml150.lib.explicit import Esti, ExplicitGame, GameTree, Node
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import GAME, In_play, Settings
from sml150.search import (
    SearchOptions,
    alphabeta,
    aspiration,
    minimax,
    mtdf,
    pvs,
    scout,
)
from sml150.search.kernel import DEFAULT_OPTIONS, Kernel, Limits, adapt
from sml150.search.result import SearchResult
from sml150.search.score import INF
from sml150.search.table import TranspositionTable

LAWS = settings(max_examples=40, deadline=None)

Search = Callable[..., SearchResult[Any]]
ALGORITHMS: list[tuple[str, Search]] = [
    ("minimax", minimax),
    ("alphabeta", alphabeta),
    ("pvs", pvs),
    ("mtdf", mtdf),
    ("aspiration", lambda g, s, d, **kw: aspiration(g, s, d, delta=1, **kw)),
    ("scout", lambda g, s, d, tt=False, **kw: scout(g, s, d, **kw)),
]


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """ExplicitGame prints every estimate; the laws do not need to see them."""
    with contextlib.redirect_stdout(io.StringIO()):
        yield


def minimax_value(g: GAME[Any, Any], s: Any, d: int) -> est:
    with quiet():
        return MiniMax(Settings(G=g, search_depth=max(d, 1))).evaluate(d, s)


# -- random explicit trees ---------------------------------------------------------------------

@st.composite
def trees(draw: st.DrawFn, height: int) -> GameTree:
    """A tree whose leaves are all at ``height`` (an explicit game is searched to its height)."""
    if height == 0:
        return Esti("e", draw(st.integers(-4, 4)))
    kids = draw(st.lists(trees(height - 1), min_size=1, max_size=3))
    return Node("n", kids)


tree_cases = st.integers(1, 4).flatmap(lambda h: st.tuples(st.just(h), trees(h)))


@LAWS
@given(tree_cases)
def test_every_algorithm_equals_minimax_on_trees(case: tuple[int, GameTree]) -> None:
    h, tree = case
    g = ExplicitGame(tree)
    expected = minimax_value(g, g.start, h)
    with quiet():
        for name, search in ALGORITHMS:
            for tt in (True, False):
                r = search(g, g.start, h, tt=tt, all_best=True)
                assert r.est == expected, (name, tt)
                # The chosen move, and every reported best move, has the value; no other does.
                values = [minimax_value(g, g.make_move(g.start, m), h - 1)
                          for m in g.moves(g.start)]
                assert values[r.move] == expected, name
                assert sorted(r.best_moves) == [m for m, v in enumerate(values)
                                                if v == expected], name


@LAWS
@given(tree_cases, st.randoms(use_true_random=False))
def test_move_order_never_changes_the_value(case: tuple[int, GameTree],
                                            rnd: random.Random) -> None:
    h, tree = case

    def shuffled(t: GameTree) -> GameTree:
        if isinstance(t, Esti):
            return t
        kids = [shuffled(c) for c in t.children]
        rnd.shuffle(kids)
        return Node(t.label, kids)

    g, g2 = ExplicitGame(tree), ExplicitGame(shuffled(tree))
    with quiet():
        for _name, search in ALGORITHMS:
            assert search(g, g.start, h).est == search(g2, g2.start, h).est


@LAWS
@given(tree_cases, st.lists(st.tuples(st.integers(-6, 6), st.integers(1, 6)), min_size=1,
                            max_size=6))
def test_fail_soft_contract_with_a_shared_table(case: tuple[int, GameTree],
                                                windows: list[tuple[int, int]]) -> None:
    """The classic trap: a bound stored under one window is never an exact value under another.

    One table serves a sequence of root searches under different windows; each result must
    keep the fail-soft contract with respect to the true value.
    """
    h, tree = case
    g = ExplicitGame(tree)
    true = -INF
    with quiet():
        true = alphabeta(g, g.start, h, tt=False).value
        tt = TranspositionTable(capacity=64)
        for lo, width in windows:
            alpha, beta = lo, lo + width
            tt.new_search()
            k = Kernel(adapt(g), tt, SearchOptions(), Limits())
            v, _m = k.root(g.start, h, alpha, beta)
            if v <= alpha:
                assert true <= v
            elif v >= beta:
                assert true >= v
            else:
                assert v == true


def test_a_stored_lower_bound_is_not_an_exact_value() -> None:
    """A null-window search stores ``value >= 3``; a full-window search must still find 7."""
    tree = Node("a", [Node("b", [Esti("c", 7), Esti("d", 9)]),
                      Node("e", [Esti("f", 8), Esti("g", 7)])])
    g = ExplicitGame(tree)
    tt = TranspositionTable(capacity=64)
    with quiet():
        k = Kernel(adapt(g), tt, SearchOptions(), Limits())
        v, _ = k.root(g.start, 2, 2, 3)
        assert v >= 3
        entry = tt.probe(k.adapter.key(g.start))
        assert entry is not None
        assert entry.flag.name == "LOWER"
        tt.new_search()
        k2 = Kernel(adapt(g), tt, SearchOptions(), Limits())
        assert k2.root(g.start, 2, -INF, INF)[0] == 7


# -- random legal positions of the games ---------------------------------------------------------

def playout(g: GAME[Any, Any], rnd: random.Random, plies: int) -> Any:
    s = g.start
    for _ in range(plies):
        if not isinstance(g.status(s), In_play):
            break
        ms = list(g.moves(s))
        nxt = g.make_move(s, rnd.choice(ms))
        if not isinstance(g.status(nxt), In_play):
            break
        s = nxt
    return s


def check_position(g: GAME[Any, Any], s: Any, d: int,
                   options: SearchOptions = DEFAULT_OPTIONS) -> None:
    expected = minimax_value(g, s, d)
    for name, search in ALGORITHMS:
        for tt in (True, False):
            r = search(g, s, d, tt=tt, options=options)
            assert r.est == expected, (name, tt, g.state_to_string(s))
            assert minimax_value(g, g.make_move(s, r.move), d - 1) == expected, name


@LAWS
@given(st.randoms(use_true_random=False), st.integers(0, 8), st.integers(1, 3))
def test_kinarow_3x3_equals_minimax(rnd: random.Random, plies: int, d: int) -> None:
    g = KInARow(3, 3)
    s = playout(g, rnd, plies)
    check_position(g, s, d)
    check_position(g, s, d, SearchOptions(hooks=False))


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(4, 9))
def test_kinarow_solved_equals_minimax(rnd: random.Random, plies: int) -> None:
    """To the end (no estimates): hooks (symmetry, ordering, wins, bounds) never change it."""
    g = KInARow(3, 3)
    s = playout(g, rnd, plies)
    empties = 9 - (s.x | s.o).bit_count()
    expected = minimax_value(g, s, empties)
    for _name, search in ALGORITHMS:
        for hooks in (True, False):
            r = search(g, s, None, options=SearchOptions(hooks=hooks), all_best=True)
            assert r.est == expected
            # best_moves all have the value (with distances, so a subset of MiniMax's ties).
            for m in r.best_moves:
                assert minimax_value(g, g.make_move(s, m), empties - 1) == expected


@LAWS
@given(st.randoms(use_true_random=False), st.integers(0, 10), st.integers(1, 2),
       st.sampled_from([(4, 3), (4, 4), (5, 4)]))
def test_kinarow_larger_boards_equal_minimax(rnd: random.Random, plies: int, d: int,
                                             nk: tuple[int, int]) -> None:
    g = KInARow(*nk)
    s = playout(g, rnd, plies)
    expected = minimax_value(g, s, d)
    for _name, search in ALGORITHMS:
        assert search(g, s, d).est == expected


@LAWS
@given(st.randoms(use_true_random=False), st.integers(0, 7), st.integers(1, 3),
       st.booleans())
def test_hw10_tictactoe_equals_minimax(rnd: random.Random, plies: int, d: int,
                                       draw_rule: bool) -> None:
    g = TicTacToe(TTTConsts(board_size=3, full_board_draw=draw_rule))
    check_position(g, playout(g, rnd, plies), d)


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 6), st.integers(1, 2))
def test_riskless_equals_minimax(rnd: random.Random, plies: int, d: int) -> None:
    g = Riskless(M1)
    s = playout(g, rnd, plies)
    # Riskless positions may recur at different depths: ask for exact-depth table entries.
    check_position(g, s, d, SearchOptions(tt_exact_depth=True))
