"""HW11 Task 4.1: the Riskless rules, maps, printing, parsing and estimators; Task 4.2's tests."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Nothing, Some

from sml150.handouts.hw11 import riskless
from sml150.handouts.hw11.maps import M1, M2, Earth, RisklessMap, board_from_names
from sml150.handouts.hw11.riskless import (
    B,
    Empty,
    InvalidMove,
    Max,
    Min,
    Riskless,
    RisklessSettings,
    RisklessWith,
    T,
    check_map,
    naive_estimate,
    position,
    tactical_estimate,
)
from sml150.lib.est import Guess, MaxieWins, MinnieWins
from sml150.lib.seq import Seq
from sml150.lib.signatures import GAME, MAP, Draw, In_play, Maxie, Minnie, Over, Player, Winner

from .helpers import playout

M1_START = ("(0) Land0: O(2)<-->(1) Land1:     <-->(2) Land2:     <-->(3) Land3: X(1)<-->"
            "(4) Land4:     <-->(5) Land5:     <-->")


def state(Map: RisklessMap, cells: dict[int, position], player: Player) -> B:
    """A state on ``Map`` holding ``cells`` (territory -> position), all else empty."""
    return B(Seq.tabulate(lambda i: (T(Seq.nth(i, Map.board)[0], cells.get(i, Empty())),
                                     Seq.nth(i, Map.board)[1]), Seq.length(Map.board)), player)


def positions(s: B) -> list[position]:
    return [t.pos for t, _ in s.board]


# -- the start, moves, printing ------------------------------------------------------------------


def test_start_states() -> None:
    G1, G2 = Riskless(M1), Riskless(M2)
    assert positions(G1.start) == [Min(2), Empty(), Empty(), Max(1), Empty(), Empty()]
    assert positions(G2.start) == [Min(2)] + [Empty()] * 14 + [Max(1)]
    assert G1.player(G1.start) is Maxie
    assert G1.status(G1.start) == In_play()
    assert G1.start == G1.start and hash(G1.start) == hash(G1.start)


def test_start_moves() -> None:
    assert list(Riskless(M1).moves(Riskless(M1).start)) == [(3, 4), (3, 2)]
    assert list(Riskless(M2).moves(Riskless(M2).start)) == [(15, 11), (15, 14)]


def test_moves_order_mover_territories_then_adjacency() -> None:
    s = state(M1, {0: Max(3), 2: Max(1), 4: Min(5)}, Maxie)
    assert list(Riskless(M1).moves(s)) == [(0, 1), (0, 5), (2, 3), (2, 1)]
    s2 = attrs.evolve(s, player=Minnie)
    assert list(Riskless(M1).moves(s2)) == [(4, 5), (4, 3)]


def test_state_to_string_m1_start_exactly() -> None:
    G = Riskless(M1)
    assert G.state_to_string(G.start) == M1_START


def test_state_to_string_m2_start_exactly() -> None:
    G = Riskless(M2)
    rows = [
        "(0) : O(2)  (1) :       (2) :       (3) :      ",
        "(4) :       (5) :       (6) :       (7) :      ",
        "(8) :       (9) :       (10) :      (11) :     ",
        "(12) :      (13) :      (14) :      (15) : X(1)",
    ]
    assert G.state_to_string(G.start) == "".join(row + "\n" for row in rows)


def test_state_to_string_pads_to_the_longest_label() -> None:
    G = Riskless(M1)
    s = state(M1, {0: Min(9), 1: Max(10)}, Maxie)
    labels = G.state_to_string(s).split("<-->")[:-1]
    assert labels[1] == "(1) Land1: X(10)"
    assert labels[0] == "(0) Land0: O(9) "
    assert {len(label) for label in labels} == {16}


def test_move_to_string_and_parse_move() -> None:
    G = Riskless(M1)
    assert G.move_to_string((3, 4)) == "(3,4)"
    assert G.parse_move(G.start, "3 4") == Some((3, 4))
    assert G.parse_move(G.start, "  3   2\n") == Some((3, 2))
    for bad in ["3 5", "0 1", "3", "3 4 5", "a b", "-3 4", "", "3,4", "9 4"]:
        assert G.parse_move(G.start, bad) == Nothing, bad


def test_riskless_is_a_game() -> None:
    G = Riskless(M1)
    assert isinstance(G, GAME)
    g: GAME[B, tuple[int, int]] = G
    assert g.Est.to_string(g.estimate(g.start)) == "Guess: ~1"


# -- make_move: occupy, reinforce, battle, train, cap ----------------------------------------------


def test_occupy_and_train() -> None:
    G = Riskless(M1)
    s = G.make_move(G.start, (3, 4))
    assert positions(s) == [Min(3), Empty(), Empty(), Max(1), Max(2), Empty()]
    assert G.player(s) is Minnie


def test_battle_tie_goes_to_the_attacker() -> None:
    G = Riskless(M1)
    s = state(M1, {3: Max(4), 4: Min(4), 0: Min(1)}, Maxie)
    assert positions(G.make_move(s, (3, 4))) == [Min(2), Empty(), Empty(), Max(1), Max(1), Empty()]


def test_battle_attacker_loses() -> None:
    G = Riskless(M1)
    s = state(M1, {3: Max(3), 4: Min(5), 0: Min(1)}, Maxie)
    assert positions(G.make_move(s, (3, 4)))[3:5] == [Max(1), Min(3)]


def test_battle_attacker_wins() -> None:
    G = Riskless(M1)
    s = state(M1, {3: Max(7), 2: Min(2), 0: Min(1)}, Maxie)
    assert positions(G.make_move(s, (3, 2)))[2:4] == [Max(6), Max(1)]


def test_minnie_attacks_on_m2() -> None:
    G = Riskless(M2)
    s = state(M2, {5: Min(3), 6: Max(3), 15: Max(1)}, Minnie)
    after = G.make_move(s, (5, 6))
    assert positions(after)[5:7] == [Min(1), Min(1)]
    assert after.player is Maxie


def test_reinforce_is_capped() -> None:
    G = Riskless(M1)
    s = state(M1, {1: Min(6), 2: Min(6), 4: Max(1)}, Minnie)
    assert positions(G.make_move(s, (1, 2)))[1:3] == [Min(1), Min(M1.max_terri)]


def test_training_is_capped_for_both_players() -> None:
    G = Riskless(M1)
    s = state(M1, {0: Min(9), 1: Min(8), 3: Max(9), 4: Max(2)}, Maxie)
    assert positions(G.make_move(s, (4, 5))) == [Min(9), Min(9), Empty(), Max(9), Max(1), Max(3)]


def test_make_move_does_not_change_the_state() -> None:
    G = Riskless(M1)
    s = state(M1, {3: Max(4), 4: Min(4), 0: Min(1)}, Maxie)
    before = positions(s)
    G.make_move(s, (3, 4))
    assert positions(s) == before and s.player is Maxie


@pytest.mark.parametrize(
    ("move", "why"),
    [((0, 1), "Land0 is not Maxie's"), ((3, 0), "0 is not a neighbour of Land3"),
     ((7, 0), "7 is not a territory"), ((-1, 0), "-1 is not a territory")],
)
def test_invalid_moves_are_named(move: tuple[int, int], why: str) -> None:
    G = Riskless(M1)
    shown = G.move_to_string(move).replace("(", r"\(").replace(")", r"\)")
    with pytest.raises(InvalidMove, match=rf"invalid move {shown} for Maxie: {why}"):
        G.make_move(G.start, move)


def test_no_move_in_a_finished_game() -> None:
    G = Riskless(M1)
    over = state(M1, {3: Max(2)}, Minnie)
    assert list(G.moves(over)) == []
    with pytest.raises(InvalidMove, match="the game is over"):
        G.make_move(over, (3, 4))
    assert G.parse_move(over, "3 4") == Nothing


# -- status and estimates --------------------------------------------------------------------------


def test_a_player_without_territory_loses() -> None:
    G = Riskless(M1)
    assert G.status(state(M1, {3: Max(2)}, Minnie)) == Over(Winner(Maxie))
    assert G.status(state(M1, {1: Min(1)}, Maxie)) == Over(Winner(Minnie))


def test_reaching_max_units_wins() -> None:
    G = Riskless(M1)
    cells: dict[int, position] = {i: Min(9) for i in range(5)}
    cells[5] = Max(1)
    assert G.status(state(M1, cells, Maxie)) == Over(Winner(Minnie))
    just: dict[int, position] = {0: Max(9), 1: Max(9), 2: Max(9), 3: Max(9), 4: Max(4),
                                 5: Min(1)}
    assert G.status(state(M1, just, Minnie)) == Over(Winner(Maxie))
    below = {**just, 4: Max(3)}
    assert G.status(state(M1, below, Minnie)) == In_play()


def test_both_reaching_max_units_is_a_draw() -> None:
    G = Riskless(M2)
    s = state(M2, {i: Max(10) if i < 8 else Min(10) for i in range(16)}, Maxie)
    assert G.status(s) == Over(Draw())
    assert list(G.moves(s)) == []
    assert G.estimate(s) == Guess(0)
    assert G.Est.to_string(G.estimate(s)) == "It's a draw!"


def test_finished_games_estimate_their_outcome() -> None:
    for G in (Riskless(M1), RisklessWith(RisklessSettings(M1, naive_estimate))):
        assert G.estimate(state(M1, {3: Max(2)}, Minnie)) == MaxieWins()
        assert G.estimate(state(M1, {1: Min(1)}, Maxie)) == MinnieWins()


def test_a_move_can_end_the_game() -> None:
    G = Riskless(M1)
    s = state(M1, {3: Max(5), 4: Min(2)}, Maxie)
    after = G.make_move(s, (3, 4))
    assert G.status(after) == Over(Winner(Maxie))
    assert list(G.moves(after)) == []


def test_naive_estimate_is_the_army_difference() -> None:
    s = state(M1, {0: Min(4), 1: Min(2), 3: Max(7)}, Maxie)
    assert naive_estimate(M1, s) == Guess(1)
    G = RisklessWith(RisklessSettings(M1, estimate=naive_estimate))
    assert G.estimate(G.start) == Guess(-1)
    assert G.estimator is naive_estimate


def test_default_estimator_is_tactical() -> None:
    assert Riskless(M1).estimator is tactical_estimate
    assert RisklessSettings(M1).estimate is tactical_estimate


def test_tactical_estimate_prefers_more_territories_with_equal_armies() -> None:
    spread = state(M2, {0: Min(4), 14: Max(2), 15: Max(2)}, Minnie)
    lumped = state(M2, {0: Min(4), 15: Max(4)}, Minnie)
    assert naive_estimate(M2, spread) == naive_estimate(M2, lumped)
    assert tactical_estimate(M2, spread) > tactical_estimate(M2, lumped)


def test_tactical_estimate_is_antisymmetric() -> None:
    a = state(M1, {0: Min(4), 1: Min(2), 3: Max(7), 4: Max(1)}, Maxie)
    mirrored = state(M1, {0: Max(4), 1: Max(2), 3: Min(7), 4: Min(1)}, Minnie)
    ea, em = tactical_estimate(M1, a), tactical_estimate(M1, mirrored)
    assert isinstance(ea, Guess) and isinstance(em, Guess)
    assert ea.n == -em.n


# -- maps and the functor-time check ---------------------------------------------------------------


def test_maps_satisfy_map() -> None:
    for Map in (M1, M2, Earth):
        m: MAP = Map
        assert isinstance(m, MAP)
        check_map(m)


def test_m1_and_m2_exactly() -> None:
    assert [(name, list(ns)) for name, ns in M1.board] == [
        ("Land0", [1, 5]), ("Land1", [2, 0]), ("Land2", [3, 1]), ("Land3", [4, 2]),
        ("Land4", [5, 3]), ("Land5", [0, 4])]
    assert (M1.min_start, M1.max_start, M1.max_terri, M1.max_units) == (0, 3, 9, 40)
    assert [list(ns) for _, ns in M2.board][:6] == [[1, 4], [0, 2, 5], [1, 3, 6], [2, 7],
                                                    [0, 5, 8], [1, 4, 6, 9]]
    assert {name for name, _ in M2.board} == {""}
    assert (M2.min_start, M2.max_start, M2.max_terri, M2.max_units) == (0, 15, 10, 80)


def test_earth_is_the_classic_risk_map() -> None:
    names = [name for name, _ in Earth.board]
    assert len(names) == 42 and len(set(names)) == 42
    assert sum(Seq.length(ns) for _, ns in Earth.board) == 2 * 83
    index = {name: i for i, name in enumerate(names)}

    def adjacent(a: str, b: str) -> bool:
        return index[b] in list(Seq.nth(index[a], Earth.board)[1])

    assert adjacent("Alaska", "Kamchatka") and adjacent("Brazil", "North Africa")
    assert adjacent("Siam", "Indonesia") and adjacent("Greenland", "Iceland")
    assert adjacent("East Africa", "Middle East") and not adjacent("Japan", "China")
    assert names[Earth.max_start] == "Eastern United States" and names[Earth.min_start] == "China"


def test_earth_is_playable_and_printable() -> None:
    G = Riskless(Earth)
    text = G.state_to_string(G.start)
    assert "Eastern United States: X(1)" in text and "China: O(2)" in text
    assert text.startswith("North America:\n") and "Australia:" in text
    assert all(name in text for name, _ in Earth.board)
    states = playout(Earth, 30, seed=7)
    assert len(states) == 31


def bad_map(**changes: Any) -> RisklessMap:
    return attrs.evolve(M1, **changes)


@pytest.mark.parametrize(
    ("board", "problem"),
    [
        ([("a", ["a", "b"]), ("b", ["a"])], "is its own neighbour"),
        ([("a", ["b", "b"]), ("b", ["a"])], "lists a neighbour twice"),
        ([("a", ["b"]), ("b", []), ("c", ["a"])], "not symmetric: 0 lists 1 but 1 does not"),
        ([("a", ["b"]), ("b", ["a"]), ("c", ["d"]), ("d", ["c"])], "not connected: territories"),
        ([("a", ["b"])], "needs at least 2 territories"),
    ],
)
def test_bad_boards_are_rejected(board: list[tuple[str, list[str]]], problem: str) -> None:
    names = [name for name, _ in board]
    rows = Seq.from_list([(name, Seq.from_list([names.index(n) if n in names else 9 for n in ns]))
                          for name, ns in board])
    Map = bad_map(board=rows, min_start=0, max_start=1 if len(board) > 1 else 0)
    with pytest.raises(ValueError, match=problem):
        Riskless(Map)


def test_neighbour_out_of_range_is_rejected() -> None:
    rows = Seq.from_list([("a", Seq.from_list([1])), ("b", Seq.from_list([0, 5]))])
    with pytest.raises(ValueError, match=r"lists neighbour 5, out of range 0\.\.1"):
        Riskless(bad_map(board=rows, min_start=0, max_start=1))


@pytest.mark.parametrize(
    ("changes", "problem"),
    [({"min_start": 3}, "min_start and max_start are both territory 3"),
     ({"max_start": 6}, "max_start 6 is not a territory"),
     ({"min_start": -1}, "min_start -1 is not a territory"),
     ({"max_terri": 1}, "max_terri must be >= 2"),
     ({"max_units": 0}, "max_units must be >= 1")],
)
def test_bad_limits_are_rejected(changes: dict[str, int], problem: str) -> None:
    with pytest.raises(ValueError, match=f"Riskless map M1: {problem}"):
        Riskless(bad_map(**changes))
    with pytest.raises(ValueError, match=problem):
        RisklessWith(RisklessSettings(bad_map(**changes), naive_estimate))


def test_board_from_names() -> None:
    with pytest.raises(ValueError, match="unknown neighbours"):
        board_from_names([("a", ["z"])])
    with pytest.raises(ValueError, match="share a name"):
        board_from_names([("a", []), ("a", [])])


def test_riskless_reexports_the_maps() -> None:
    assert riskless.M1 is M1 and riskless.M2 is M2 and riskless.Earth is Earth


# -- properties over random legal playouts ---------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([M1, M2]), st.integers(0, 10**6))
def test_playout_invariants(Map: RisklessMap, seed: int) -> None:
    G = Riskless(Map)
    states = playout(Map, 80, seed)
    for before, after in itertools.pairwise(states):
        assert after.player is not before.player
    for s in states:
        assert isinstance(G.estimate(s), Guess | MaxieWins | MinnieWins)
        assert G.estimate(s) == G.estimate(s)
        armies = [p.n for p in positions(s) if isinstance(p, Max | Min)]
        assert all(0 <= n <= Map.max_terri for n in armies)
        assert all(n >= 1 for n in armies)  # every move ends with training
        finished = not isinstance(G.status(s), In_play)
        assert (Seq.length(G.moves(s)) == 0) == finished
        for m in G.moves(s):
            snapshot = (positions(s), s.player)
            after = G.make_move(s, m)
            assert (positions(s), s.player) == snapshot
            assert G.parse_move(s, f"{m[0]} {m[1]}") == Some(m)
            assert after.player is not s.player


def test_make_move_is_a_function_of_the_state() -> None:
    G = Riskless(M2)
    for s in playout(M2, 30, seed=3)[:-1]:
        for m in G.moves(s):
            a, b = G.make_move(s, m), G.make_move(s, m)
            assert a == b and hash(a) == hash(b) and a is not b


def test_games_differing_only_in_estimator_can_meet_in_one_match() -> None:
    from sml150.handouts.hw11.alphabeta import AlphaBeta
    from sml150.handouts.hw11.riskless import (
        M1,
        M2,
        Riskless,
        RisklessSettings,
        RisklessWith,
        naive_estimate,
    )
    from sml150.lib.referee import Referee, RefereeSettings
    from sml150.lib.signatures import Settings

    tactical, naive = Riskless(M1), RisklessWith(RisklessSettings(M1, estimate=naive_estimate))
    assert tactical == naive
    assert Riskless(M1) != Riskless(M2)
    record = Referee(
        RefereeSettings(
            Maxie=AlphaBeta(Settings(G=tactical, search_depth=2)),
            Minnie=AlphaBeta(Settings(G=naive, search_depth=2)),
            move_limit=10,
            show=False,
        )
    ).go()
    assert record.plies == 10 or not record.by_limit


# -- malformed input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move", [None, (1.5, 2), ((0,), 1), (True, False), (3, True), (3.0, 4.0), [3, 4], (3, 4, 5),
             (3,), "3 4", (3, "4"), (10**30, 4)],
)
def test_malformed_moves_are_invalid_moves(move: object) -> None:
    G = Riskless(M1)
    s = G.start
    with pytest.raises(InvalidMove, match="invalid move"):
        G.make_move(s, move)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
    assert s == G.start


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"min_start": 0.5}, "min_start"), ({"max_start": True}, "max_start"),
     ({"max_terri": float("nan")}, "max_terri"), ({"max_terri": float("inf")}, "max_terri"),
     ({"max_units": 2.5}, "max_units"), ({"max_units": "40"}, "max_units"),
     ({"max_units": None}, "max_units"), ({"min_start": 0.0}, "min_start")],
)
def test_non_int_limits_are_rejected(changes: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=rf"Riskless map M1: {field} must be an int, not"):
        Riskless(bad_map(**changes))


def test_malformed_boards_are_rejected() -> None:
    with pytest.raises(ValueError, match="the board must be a Seq"):
        Riskless(bad_map(board=[("a", Seq.from_list([1])), ("b", Seq.from_list([0]))]))
    rows = Seq.from_list([("a", Seq.from_list([1.0])), ("b", Seq.from_list([0]))])
    with pytest.raises(ValueError, match=r"territory 0 must be a \(name, Seq of neighbour ints\)"):
        Riskless(bad_map(board=rows, min_start=0, max_start=1))


def test_parse_move_odd_lines_are_nothing() -> None:
    G = Riskless(M1)
    for bad in ["3 ²", "³ 4", "٣ ٤", "3 " + "4" * 5000, "3" * 4400 + " 4", " " * 100_000,
                "3" + " " * 100_000 + "x", "3\x004", "+3 4", "3_0 4"]:
        assert G.parse_move(G.start, bad) == Nothing, bad[:20]
    assert G.parse_move(G.start, "03 04") == Some((3, 4))
    assert G.parse_move(G.start, None) == Nothing  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is what is tested
