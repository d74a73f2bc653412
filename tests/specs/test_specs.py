"""``sml150.specs``: one parser per grammar, one meaning everywhere, own games checked at load,
and the ``solve`` player on every listed game."""

from __future__ import annotations

import ast
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sml150.specs.build as specs_build
from sml150.cli import main
from sml150.handouts.hw11.riskless import M1, Riskless
from sml150.lib.signatures import Maxie
from sml150.search.budget import Budget
from sml150.search.player import engine_player
from sml150.specs import (
    LISTED_GAMES,
    LISTED_PLAYERS,
    Algorithm,
    AlphaBetaSpec,
    ConnectFourSpec,
    EngineSpec,
    ExplicitSpec,
    GameSpec,
    JamboreeSpec,
    KInARowSpec,
    MiniMaxSpec,
    ModuleSpec,
    PlayerSpec,
    RisklessSpec,
    SpecError,
    TicTacToeSpec,
    build_game,
    engine_spec,
    parse_game,
    parse_player,
    seat,
    spec_text,
)
from sml150.specs.solve import SolvePlayer

REPO = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[GameSpec | PlayerSpec]:
    """Every record the builders read from text, whichever command asked."""
    records: list[GameSpec | PlayerSpec] = []

    def game(text: str) -> GameSpec:
        record = parse_game(text)
        records.append(record)
        return record

    def player(text: str) -> PlayerSpec:
        record = parse_player(text)
        records.append(record)
        return record

    monkeypatch.setattr(specs_build, "parse_game", game)
    monkeypatch.setattr(specs_build, "parse_player", player)
    monkeypatch.chdir(REPO)
    return records


def quietly(argv: list[str]) -> int:
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        return main(argv)
    finally:
        sys.stdout = old


@pytest.mark.parametrize("game", LISTED_GAMES)
def test_each_listed_game_is_one_record_under_every_command(
        game: str, seen: list[GameSpec | PlayerSpec]) -> None:
    expected = parse_game(game)
    depth = {"explicit:big": "4", "explicit:small": "2"}.get(game, "1")
    commands = [
        ["match", game, "--maxie", f"alphabeta:{depth}", "--minnie", f"alphabeta:{depth}",
         "--move-limit", "1", "--fixed-clock"],
        ["tournament", game, "--players", f"minimax:{depth}", f"alphabeta:{depth}", "--games",
         "1", "--move-limit", "1"],
        ["workspan", game, "--player", f"jamboree:{depth}", "--prune", "1"],
    ]
    if game.startswith(("kinarow", "explicit", "examples")):  # solved at once (the others: in
        # tests/test_solve.py, or within the budget only)
        commands.append(["solve", game, "--score-only", "--json"])
    for argv in commands:
        seen.clear()
        assert quietly(argv) in (0, 1), argv
        games = [r for r in seen if isinstance(r, type(expected))]
        assert games and all(r == expected for r in games), argv
    assert build_game(game).spec == expected


@pytest.mark.parametrize("player", [p for p in LISTED_PLAYERS if p != "human"])
def test_each_listed_player_is_one_record_under_match_and_tournament(
        player: str, seen: list[GameSpec | PlayerSpec]) -> None:
    expected = parse_player(player)
    # the shared-table search needs int table keys (the course's TicTacToe has none)
    game = "connect4:5x4" if "smp" in player else "tictactoe:3"
    for argv in (["match", game, "--maxie", player, "--minnie", "minimax:1",
                  "--move-limit", "1", "--fixed-clock"],
                 ["tournament", game, "--players", player, "minimax:1", "--games", "1",
                  "--move-limit", "1"]):
        seen.clear()
        assert quietly(argv) == 0, argv
        assert expected in seen, argv


def test_help_is_generated_from_the_records(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    for kind in ("tictactoe[:N][:draw]", "connect4[:WxH]", "MODULE:ATTRIBUTE", "solve[:S]",
                 "ybw:D", "engine:jamboree:D", "id:S", "jamboree:D:P"):
        assert kind in shown


def test_connect_four_sizes_are_checked_once() -> None:
    assert parse_game("connect4:16x16").text == "connect4:16x16"
    for bad in ("connect4:3x6", "connect4:17x6", "connect4:10x3"):
        with pytest.raises(SpecError, match=r"4\.\.16 by 4\.\.16"):
            parse_game(bad)


def test_the_solve_player_on_riskless_does_not_overflow_the_stack() -> None:
    """It recursed a ply a frame to the end of a game whose lines never end (RecursionError
    inside attrs' ``__hash__`` of a deep Seq): now it stops at the depth the stack allows."""
    g = Riskless(M1)
    p = engine_player(engine_spec("solve:0.3"), g)
    assert p.next_move(g.start) in list(g.moves(g.start))
    said: list[str] = []
    assert SolvePlayer(g, "Riskless", Budget(seconds=0.3), said.append).next_move(
        g.start) in list(g.moves(g.start))
    assert said[-1].startswith("solve: not solved within 0.3 s: playing the depth-")


def test_the_solve_player_moves_on_connect_four_and_says_what_it_does() -> None:
    said: list[str] = []
    choice = build_game("connect4")
    p = seat("solve:0.4", choice, Maxie, note=said.append)
    s = choice.game.parse_moves("4455")  # type: ignore[attr-defined]  # a Connect Four game behind the GAME type
    assert p.next_move(s) in (2, 5)  # Pons' best columns 3 and 6 (0-based here)
    assert said[0] == "solve: solving Connect Four 7x6 (at most 0.4 s a move)"
    assert said[1].startswith("solve: solved by Pons' solver: score 18")
    p.next_move(choice.game.start)  # too hard for 0.4 s: the deepest search's move
    assert said[-1].startswith("solve: not solved within 0.2 s")


@pytest.mark.parametrize("spec", ["sys:exit", "builtins:breakpoint", "os:abort", "os:getcwd",
                                  "builtins:object", "builtins:print"])
def test_a_callable_that_is_not_a_game_is_refused_without_being_called(
        spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", spec, "--move-limit", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a GAME" in err


def test_a_game_class_and_a_game_factory_are_loaded(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "owngame_ok.py").write_text(
        "from examples.nim import Nim\nfrom sml150.lib.signatures import GAME\n"
        "def make() -> GAME:\n    return Nim((2, 2))\nInstance = Nim((1,))\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(REPO))
    games: list[Any] = [build_game(f"owngame_ok:{a}").game for a in ("make", "Instance")]
    assert [g.start.heaps for g in games] == [(2, 2), (1,)]


def test_workspan_refuses_a_depth_that_does_not_reach_an_explicit_trees_leaves(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["workspan", "explicit:big", "--player", "jamboree:2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'jamboree:2' searches 2 moves ahead, but HandoutBig is 4 moves deep" in err


@pytest.mark.parametrize(
    ("attribute", "message"),
    [
        ("ListMoves", "is not a GAME: moves(start) returned a list, not a Seq"),
        ("StringStatus", "is not a GAME: status(start) returned a str, not In_play() or Over"),
        ("StringPlayer", "is not a GAME: player(start) returned a str, not Maxie or Minnie"),
        ("NumberEstimate", "is not a GAME: estimate(start) returned a int, not an estimate"),
        ("BrokenStart", "start failed: RuntimeError: no start"),
        ("NeedsArguments", "is a GAME class, but it needs arguments"),
        ("exits", "is not a GAME: a function not annotated to return one"),
        ("exits_annotated", "is not a GAME: a function not annotated to return one"),
        ("GAME", "is not a GAME: a Protocol"),
        ("attrs", "is not a GAME (it lacks Est, start"),
    ],
)
def test_a_wrong_own_game_is_refused_at_load_naming_the_member(
        attribute: str, message: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["match", f"tests.specs.owngames:{attribute}", "--move-limit", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_an_annotated_factory_is_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert build_game("tests.specs.owngames:make_nim").game.start.heaps == (2, 3)


@settings(max_examples=40)
@given(st.one_of(
    st.builds(TicTacToeSpec, st.integers(1, 8), st.booleans()),
    st.sampled_from([RisklessSpec("m1"), RisklessSpec("m2"), RisklessSpec("earth"),
                     ExplicitSpec("small"), ExplicitSpec("big"), ModuleSpec("a.b", "C")]),
    st.integers(1, 8).flatmap(lambda n: st.builds(KInARowSpec, st.just(n),
                                                  st.integers(1, n))),
    st.builds(ConnectFourSpec, st.integers(4, 16), st.integers(4, 16)),
))
def test_a_game_record_written_out_reads_back_as_itself(record: GameSpec) -> None:
    assert parse_game(record.text) == record


@settings(max_examples=40)
@given(st.one_of(
    st.builds(MiniMaxSpec, st.integers(1, 99)),
    st.builds(AlphaBetaSpec, st.integers(1, 99)),
    st.builds(JamboreeSpec, st.integers(1, 99), st.sampled_from([0.0, 0.25, 0.5, 1.0, None])),
    st.builds(EngineSpec, st.sampled_from([a for a in Algorithm
                                           if a not in (Algorithm.ID, Algorithm.SOLVE)]),
              st.builds(Budget, depth=st.integers(1, 99))),
    st.builds(EngineSpec, st.sampled_from([Algorithm.ID, Algorithm.SOLVE]),
              st.builds(Budget, seconds=st.sampled_from([0.5, 1.0, 2.0, 60.0]))),
))
def test_a_player_record_written_out_reads_back_as_itself(record: PlayerSpec) -> None:
    assert parse_player(spec_text(record)) == record


def test_the_specs_and_the_tournament_import_nothing_from_the_cli() -> None:
    sources = [REPO / "sml150" / "tournament.py", REPO / "sml150" / "workspan.py",
               *(REPO / "sml150" / "specs").glob("*.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.startswith("sml150.cli") for n in names), path


def test_a_tournament_seats_players_as_a_match_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "explicit:big", "--players", "minimax:2", "alphabeta:4"]) == 2
    assert "'minimax:2' searches 2 moves ahead, but HandoutBig" in capsys.readouterr().err
    assert quietly(["tournament", "explicit:big", "--players", "minimax:4", "alphabeta:9",
                    "--games", "2"]) == 0


def test_the_engine_refuses_states_that_do_not_hash_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    game = "tests.specs.owngames:UnhashableStates"
    for argv in (["match", game, "--maxie", "pvs:2", "--move-limit", "1"], ["solve", game]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "states do not hash (ListState" in err
    assert quietly(["match", game, "--maxie", "alphabeta:2", "--minnie", "minimax:2"]) == 0
