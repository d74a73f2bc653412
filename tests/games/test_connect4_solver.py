"""The Connect Four solver: Pons' sets, and laws against an independent brute-force solver."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sml150.games.connect4 import C4State, ConnectFour, ConnectFour7x6, ConnectFourGame
from sml150.games.connect4_solver import solve

DATA = Path(__file__).resolve().parent.parent / "data" / "connect4"


def pons_set(name: str) -> list[tuple[str, int]]:
    rows = []
    for line in (DATA / name).read_text().splitlines():
        moves, score = line.split()
        rows.append((moves, int(score)))
    return rows


# -- an independent reference: plain negamax over column lists, memoised ----------------------

Cols = tuple[tuple[int, ...], ...]  # bottom-up stones per column, 0 = first player, 1 = second


def four_at(cols: Cols, height: int, c: int, who: int) -> bool:
    """Whether the stone just dropped at the top of column ``c`` makes four for ``who``."""
    r = len(cols[c]) - 1

    def at(cc: int, rr: int) -> int:
        return cols[cc][rr] if 0 <= cc < len(cols) and 0 <= rr < len(cols[cc]) else -1

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while at(c + sign * k * dc, r + sign * k * dr) == who:
                run, k = run + 1, k + 1
        if run >= 4:
            return True
    return False


@functools.cache
def reference_score(cols: Cols, height: int) -> int:
    """Pons' score for the side to move, by plain negamax (no pruning) over every move.

    Memoised across tests: positions of one board size share their subtrees.
    """
    cells = len(cols) * height
    moves = sum(map(len, cols))
    if moves == cells:
        return 0
    who = moves % 2
    best = -cells
    for c in range(len(cols)):
        if len(cols[c]) < height:
            after = (*cols[:c], (*cols[c], who), *cols[c + 1 :])
            v = (cells + 1 - moves) // 2 if four_at(after, height, c, who) else -reference_score(
                after, height)
            best = max(best, v)
    return best


def to_cols(game: ConnectFourGame, columns: list[int]) -> Cols:
    cols: list[tuple[int, ...]] = [() for _ in range(game.width)]
    for i, c in enumerate(columns):
        cols[c] = (*cols[c], i % 2)
    return tuple(cols)


def random_line(game: ConnectFourGame, rng: random.Random, plies: int) -> list[int] | None:
    """A random game of ``plies`` moves that is not over (None if it ended earlier)."""
    s, line = game.start, []
    for _ in range(plies):
        legal = list(game.moves(s))
        if not legal:
            return None
        c = rng.choice(legal)
        s = game.make_move(s, c)
        line.append(c)
    return line if list(game.moves(s)) else None


def check_solution(game: ConnectFourGame, columns: list[int], mirror: bool = False) -> None:
    """The solver's score, best moves and PV agree with the reference."""
    s = game.start
    for c in columns:
        s = game.make_move(s, c)
    cols = to_cols(game, columns)
    r = solve(game, s, mirror=mirror)
    expected = reference_score(cols, game.height)
    assert r.score == expected, columns
    # law: the chosen moves have the returned value, every other move less
    cells = game.width * game.height
    for c in range(game.width):
        if len(cols[c]) >= game.height:
            continue
        after = (*cols[:c], (*cols[c], s.moves % 2), *cols[c + 1 :])
        if four_at(after, game.height, c, s.moves % 2):
            v = (cells + 1 - s.moves) // 2
        else:
            v = -reference_score(after, game.height)
        assert (v == r.score) == (c in r.best_moves), (columns, c)
    # the PV is a legal game to its end, each move keeping the score
    t, v = s, r.score
    for c in r.pv:
        assert c in set(game.moves(t))
        t = game.make_move(t, c)
        v = -v
    assert not list(game.moves(t))
    assert solve(game, t).score == v


# -- Pons' examples and sets ---------------------------------------------------------------------


def test_readme_examples() -> None:
    g = ConnectFour7x6
    assert solve(g, g.parse_moves("4455")).score == 18
    r = solve(g, g.parse_moves("44455554221"))
    assert r.score == -15
    assert r.stats.nodes > 0 and r.stats.tt_probes >= r.stats.tt_hits


def test_finished_positions() -> None:
    g = ConnectFour7x6
    won = solve(g, g.parse_moves("1212121"))
    assert (won.score, won.best_moves, won.pv) == (-18, (), ())
    full = ConnectFour(2, 1)
    done = full.make_move(full.make_move(full.start, 0), 1)
    assert solve(full, done).score == 0


def test_pons_l3_sample() -> None:
    """Every 4th position of Test_L3_R1 (End-Easy): the exact score, nodes near Pons' 51."""
    rows = pons_set("Test_L3_R1")[::4]
    nodes = 0
    for moves, score in rows:
        r = solve(ConnectFour7x6, ConnectFour7x6.parse_moves(moves), analyse=False)
        assert r.score == score, moves
        nodes += r.stats.nodes
    assert nodes / len(rows) <= 1.5 * 51.3


def test_pons_l2_sample_with_analysis() -> None:
    """A few Test_L2_R1 (Middle-Easy) positions, with best moves and PV checked by replay."""
    g = ConnectFour7x6
    for moves, score in pons_set("Test_L2_R1")[::100]:
        s = g.parse_moves(moves)
        r = solve(g, s, mirror=True)
        assert r.score == score, moves
        assert r.best_moves and r.pv[0] in r.best_moves
        for c in r.best_moves:
            child = g.make_move(s, c)
            won = g.is_won(child)
            assert won or solve(g, child, analyse=False).score == -score


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"])
def test_pons_full_sets(name: str) -> None:
    for moves, score in pons_set(name):
        assert solve(ConnectFour7x6, ConnectFour7x6.parse_moves(moves),
                     analyse=False).score == score, moves


# -- laws against the reference on small boards --------------------------------------------------


@pytest.mark.exhaustive
def test_4x4_from_empty() -> None:
    check_solution(ConnectFour(4, 4), [])


@pytest.mark.parametrize("band", [(5, 7), (8, 10), (11, 13), (14, 16), (17, 19)])
def test_5x4_every_depth_band(band: tuple[int, int]) -> None:
    """Random 5x4 positions in each band of plies, solved as the reference solves them."""
    g = ConnectFour(5, 4)
    rng = random.Random(band[0])
    done = 0
    while done < (1 if band[0] < 8 else 3):
        line = random_line(g, rng, rng.randint(*band))
        if line is not None:
            check_solution(g, line)
            done += 1


@pytest.mark.parametrize("size", [(4, 5), (6, 4)])
def test_other_shapes(size: tuple[int, int]) -> None:
    g = ConnectFour(*size)
    rng = random.Random(sum(size))
    done = 0
    while done < 3:
        line = random_line(g, rng, g.width * g.height - 9)
        if line is not None:
            check_solution(g, line)
            done += 1


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 99), min_size=8, max_size=16), st.booleans())
def test_law_solver_equals_negamax(picks: list[int], mirror: bool) -> None:
    """Laws on random 4x4 positions, mirror or not: the score is plain negamax's; the best moves
    are exactly the moves of that value; the PV keeps it to the end."""
    g = ConnectFour(4, 4)
    s, line = g.start, list[int]()
    for p in picks:
        legal = list(g.moves(s))
        if not legal:
            break
        c = legal[p % len(legal)]
        s, line = g.make_move(s, c), [*line, c]
    assume(bool(list(g.moves(s))))  # the reference scores positions still in play
    check_solution(g, line, mirror)


def test_late_7x6_positions() -> None:
    """Held-out 7x6 positions of my own (random playouts, 34-36 plies) against the reference."""
    g = ConnectFour7x6
    rng = random.Random(7)
    done = 0
    while done < 4:
        line = random_line(g, rng, rng.randint(34, 36))
        if line is not None:
            s = g.start
            for c in line:
                s = g.make_move(s, c)
            assert solve(g, s, analyse=False).score == reference_score(to_cols(g, line), 6)
            done += 1


def test_state_unchanged_by_solve() -> None:
    g = ConnectFour7x6
    s = g.parse_moves("4455")
    before = C4State(s.position, s.mask, s.moves)
    solve(g, s)
    assert s == before


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 99), min_size=6, max_size=14), st.booleans())
def test_law_engine_with_hooks_agrees(picks: list[int], hooks: bool) -> None:
    """Law: the engine (MTD(f) / PVS to the end, hooks on or off) finds the solver's value."""
    from sml150.search import SearchOptions, mtdf, pvs

    g = ConnectFour(4, 4)
    s = g.start
    for p in picks:
        legal = list(g.moves(s))
        if not legal:
            break
        s = g.make_move(s, legal[p % len(legal)])
    assume(bool(list(g.moves(s))))
    expected = solve(g, s)
    search = mtdf if hooks else pvs
    r = search(g, s, options=SearchOptions(hooks=hooks), all_best=True)
    assert g.pons_score(r.value, s) == expected.score
    assert sorted(r.best_moves) == list(expected.best_moves)


def test_random_7x6_positions_agree_with_the_engine() -> None:
    """Held-out 7x6 positions of my own (random playouts, 24-30 plies): Pons' solver and the
    engine's MTD(f) (an independent search through the GAME and its hooks) agree."""
    from sml150.search import mtdf

    g = ConnectFour7x6
    rng = random.Random(11)
    done = 0
    while done < 10:
        line = random_line(g, rng, rng.randint(24, 30))
        if line is None:
            continue
        s = g.start
        for c in line:
            s = g.make_move(s, c)
        assert solve(g, s, analyse=False).score == g.pons_score(mtdf(g, s).value, s), line
        done += 1
