"""``--executor SPEC`` on match, play, trace and solve, and the engine's parallel players.

The output of every command is the same on ``processes:2`` as on ``serial`` (the players and
the searches are deterministic); a bad spec is one line and status 2, checked first; a note
says when an executor was asked for but everything searches in this process.
"""

from __future__ import annotations

import io
import json
import random
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from sml150.cli import build_player, main
from sml150.games.tictactoe import KInARow
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.lib.explicit import HandoutBig
from sml150.lib.signatures import GAME, Draw, In_play, Over
from sml150.parallel import executor
from sml150.search import ParallelEnginePlayer, engine_player, pvs
from sml150.search.jamboree import ParallelResult
from sml150.search.score import Score, est_to_score, from_node, loss_in, win_in
from sml150.specs import engine_spec

DATA = Path(__file__).resolve().parent / "data" / "connect4"
NOTE = "sml150: note: --executor processes:2 is not used: "


@pytest.fixture(scope="module")
def ex() -> Iterator[Executor]:
    """Two loky workers, shared by this module's library calls (and reused by the CLI's)."""
    with executor("processes:2") as pool:
        yield pool


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``sml150 ARGV`` in this process: status, stdout, stderr."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def both(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """stdout of ``sml150 ARGV`` on ``serial`` and on ``processes:2`` (each exits 0, no stderr)."""
    outs = []
    for spec in ("serial", "processes:2"):
        code, out, err = cli(capsys, *argv, "--executor", spec)
        assert (code, err) == (0, ""), (spec, err)
        outs.append(out)
    return outs[0], outs[1]


# -- the engine's parallel players -------------------------------------------------------------


def move_value(g: GAME[Any, Any], s: Any, m: Any, depth: int) -> Score:
    """The engine value, for the mover at ``s``, of playing ``m`` and searching to ``depth``."""
    child = g.make_move(s, m)
    status = g.status(child)
    if isinstance(status, Over):
        if isinstance(status.outcome, Draw):
            return 0
        return win_in(1) if status.outcome.player is g.player(s) else loss_in(1)
    if depth == 1:
        return -from_node(est_to_score(g.estimate(child), g.player(child)), 1)
    return -from_node(pvs(g, child, depth - 1, tt=False).value, 1)


def positions(g: GAME[Any, Any], n: int, seed: int) -> list[Any]:
    """The start and ``n - 1`` positions a few random plies in (all In_play)."""
    rng = random.Random(seed)
    out = [g.start]
    while len(out) < n:
        s = g.start
        for _ in range(rng.randrange(1, 5)):
            t = g.make_move(s, rng.choice(list(g.moves(s))))
            if not isinstance(g.status(t), In_play):
                break
            s = t
        out.append(s)
    return out


GAMES: dict[str, GAME[Any, Any]] = {"tictactoe": KInARow(3, 3), "riskless:m1": Riskless(M1)}


@pytest.mark.parametrize("kind", ["jamboree", "ybw"])
@pytest.mark.parametrize("name", list(GAMES))
def test_parallel_engine_players_choose_a_move_of_the_pvs_value(
        kind: str, name: str, ex: Executor) -> None:
    g = GAMES[name]
    for depth in (1, 2, 3):
        here = engine_player(engine_spec(f"engine:{kind}:{depth}"), g)
        there = engine_player(engine_spec(f"engine:{kind}:{depth}"), g, executor=ex)
        assert isinstance(here, ParallelEnginePlayer) and here.executor is None
        assert isinstance(there, ParallelEnginePlayer) and there.executor is ex
        for s in positions(g, 4, seed=depth):
            expected = pvs(g, s, depth, tt=False).value
            r = here.search(s)
            assert isinstance(r, ParallelResult)
            assert r.value == expected, (name, kind, depth, g.state_to_string(s))
            assert move_value(g, s, r.move, depth) == expected
            far = there.search(s)  # the same search, its subtrees on two workers
            assert isinstance(far, ParallelResult)
            assert (far.move, far.value, far.work, far.span) == (r.move, r.value, r.work, r.span)
            assert there.analyze(s) == here.analyze(s)


def test_the_shared_table_player_chooses_a_move_of_the_pvs_value(ex: Executor) -> None:
    """``engine:smp:D`` on two workers: its value, and a move of that value (which one of the
    equal moves may depend on the timing)."""
    g = GAMES["tictactoe"]
    for depth in (1, 3):
        there = engine_player(engine_spec(f"engine:smp:{depth}"), g, executor=ex)
        for s in positions(g, 3, seed=depth):
            expected = pvs(g, s, depth, tt=False).value
            r = there.search(s)
            assert r.value == expected and move_value(g, s, r.move, depth) == expected


def test_build_player_passes_the_executor_to_the_players_that_can_use_it(ex: Executor) -> None:
    g = Riskless(M1)
    for spec in ("jamboree:3:0.5", "engine:jamboree:3", "engine:ybw:3"):
        far = build_player(spec, g, executor=ex)
        assert getattr(far, "executor", None) is ex, spec
        assert far.analyze(g.start) == build_player(spec, g).analyze(g.start), spec
    for spec in ("alphabeta:3", "pvs:3", "minimax:2"):  # they search here, whatever is given
        assert getattr(build_player(spec, g, executor=ex), "executor", None) is None


def test_the_cli_knows_the_engines_parallel_players() -> None:
    from sml150.cli._players import _PARALLEL_ENGINES, parse_player
    from sml150.search.player import PARALLEL_KINDS

    assert _PARALLEL_ENGINES == PARALLEL_KINDS
    assert all(parse_player(f"engine:{k}:2").uses_executor for k in PARALLEL_KINDS)


def test_a_serial_executor_is_no_executor() -> None:
    with executor("serial") as serial:
        for spec in ("jamboree:2:0.5", "engine:jamboree:2"):
            assert getattr(build_player(spec, KInARow(3, 3), executor=serial),
                           "executor", "missing") is None


def test_an_explicit_tree_passes_the_executor_through(ex: Executor,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from sml150.cli._games import build_game
    from sml150.cli._players import seat
    from sml150.lib.signatures import Maxie

    fitted = seat("jamboree:4:0.5", build_game("explicit:big"), Maxie, executor=ex)
    assert getattr(fitted, "executor", None) is ex
    serial = seat("jamboree:4:0.5", build_game("explicit:big"), Maxie)
    assert fitted.analyze(HandoutBig.start) == serial.analyze(HandoutBig.start)
    out = capsys.readouterr().out
    half = len(out) // 2
    assert out[:half] == out[half:]  # the same estimates, printed in the same order


# -- match and play ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["tictactoe:3", "--maxie", "engine:jamboree:3", "--minnie", "jamboree:2:0.5"],
        ["riskless:m1", "--maxie", "jamboree:3:0.5", "--minnie", "engine:ybw:3",
         "--move-limit", "6"],
        ["explicit:big", "--maxie", "engine:ybw:4", "--minnie", "jamboree:3:0.5"],
        ["tictactoe:3:draw", "--maxie", "engine:jamboree:2", "--minnie", "alphabeta:2",
         "--json"],
    ],
)
def test_a_match_is_the_same_on_any_executor(argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    serial, parallel = both(capsys, "match", *argv, "--fixed-clock")
    assert serial == parallel
    last = serial.splitlines()[-1]
    assert last.startswith("Game over!") or json.loads(last)["result"]


def test_play_takes_an_executor(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    outs = []
    for spec in ("serial", "processes:2"):
        monkeypatch.setattr(sys, "stdin", io.StringIO("1 1\n"))
        code, out, err = cli(capsys, "play", "tictactoe:3", "--ai", "engine:jamboree:2",
                             "--move-limit", "2", "--executor", spec)
        assert (code, err) == (0, "")
        outs.append([ln.split(" in ")[0] for ln in out.splitlines()])  # moves, not times
    assert outs[0] == outs[1]
    assert "Minnie decides to make the move Placed X on location" in "\n".join(outs[1])


# -- trace and solve ---------------------------------------------------------------------------


@pytest.mark.parametrize("tree", ["handout-small", "handout-big"])
@pytest.mark.parametrize("prune", ["0", "0.5"])
def test_the_jamboree_trace_is_byte_identical(tree: str, prune: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    serial, parallel = both(capsys, "trace", "hw11-jamboree", tree, "--prune", prune)
    assert serial == parallel
    assert serial.splitlines()[-1].startswith("Terminals visited: ")


def positions_file(tmp_path: Path, rows: int) -> Path:
    lines = (DATA / "Test_L3_R1").read_text().splitlines()[:rows]
    f = tmp_path / "set"
    f.write_text("\n".join([*lines[:-1], lines[-1].split()[0] + " 0"]) + "\n")  # one wrong
    return f


def test_solve_positions_is_the_same_on_any_executor(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    f = positions_file(tmp_path, 12)
    outs = []
    for spec in ("serial", "processes:2"):
        code, out, err = cli(capsys, "solve", "connect4", "--positions", str(f), "--json",
                             "--executor", spec)
        assert code == 1  # the last line's score is wrong on purpose
        records = [json.loads(line) for line in out.splitlines()]
        for r in records:  # times differ from run to run; everything else must not
            del r["seconds"], r["analysis_seconds"]
        outs.append((records, err.splitlines()[:2]))
    assert outs[0] == outs[1]
    records, summary = outs[0]
    assert [r["moves"] for r in records] == [
        line.split()[0] for line in f.read_text().splitlines()]
    assert summary[1] == "accuracy: 11/12 exact scores right (91.7%)"


def test_solve_positions_text_is_the_same_on_any_executor(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    f = positions_file(tmp_path, 12)
    outs = []
    for spec in ("serial", "processes:2"):
        code, out, err = cli(capsys, "solve", "connect4", "--positions", str(f), "--executor",
                             spec)
        assert (code, err) == (1, "")
        outs.append([ln.split("; mean time")[0] for ln in out.splitlines()])
    assert outs[0] == outs[1]
    assert outs[0][0].startswith("line 12: ")


# -- bad specs and notes -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "chess", "--maxie", "nobody"],  # the executor is checked before the rest
        ["play", "tictactoe:3", "--ai", "minimax:2"],
        ["trace", "hw11-jamboree", "handout-small"],
        ["trace", "hw11-alphabeta", "handout-big"],
        ["solve", "connect4", "--positions", "/nonexistent/file"],
        ["solve", "connect4", "44"],
    ],
)
@pytest.mark.parametrize("spec", ["threads", "processes:0", "dask:", "processes:two"])
def test_a_bad_executor_is_one_line_and_status_2(argv: list[str], spec: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, *argv, "--executor", spec)
    assert (code, out) == (2, "")
    assert err == (f"sml150: error: bad executor spec {spec!r}: use serial, processes[:N],"
                   " dask[:N] or dask:ADDRESS\n")


@pytest.mark.parametrize(
    ("argv", "note"),
    [
        (["match", "tictactoe:3", "--maxie", "minimax:1", "--minnie", "pvs:2"],
         "minimax:1 (Maxie) and pvs:2 (Minnie) search in this process (only jamboree:D:P,"
         " engine:jamboree:D and engine:ybw:D use an executor)"),
        (["match", "explicit:small", "--maxie", "alphabeta:2", "--minnie", "id:1"],
         "alphabeta:2 (Maxie) and id:1 (Minnie) search in this process"),
        (["trace", "hw11-alphabeta", "handout-small"],
         "hw11-alphabeta searches in this process (AlphaBeta is sequential)"),
        (["solve", "tictactoe:3:draw", "1 1, 0 0", "--score-only"],
         "solve tictactoe:3:draw searches in this process (one position is one search;"
         " --executor applies to --positions FILE)"),
    ],
)
def test_a_note_when_nothing_searches_on_the_executor(argv: list[str], note: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = cli(capsys, *argv, "--executor", "processes:2")
    assert code == 0
    assert err.count("\n") == 1
    assert err.startswith(NOTE)
    assert note in err


def test_a_note_names_only_the_searching_side_of_play(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1 1\n"))
    code, _out, err = cli(capsys, "play", "tictactoe:3", "--ai", "minimax:2", "--move-limit",
                          "2", "--executor", "processes:2")
    assert code == 0
    assert err == NOTE + "minimax:2 (Minnie) searches in this process (only jamboree:D:P," \
        " engine:jamboree:D and engine:ybw:D use an executor)\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "tictactoe:3", "--maxie", "minimax:1", "--minnie", "pvs:2"],  # serial
        ["match", "tictactoe:3", "--maxie", "jamboree:2:0.5", "--minnie", "minimax:1",
         "--executor", "processes:2"],
        ["match", "tictactoe:3", "--maxie", "minimax:1", "--minnie", "engine:ybw:2",
         "--executor", "processes:2"],
        ["trace", "hw11-jamboree", "handout-small", "--executor", "processes:2"],
        ["trace", "hw11-alphabeta", "handout-small", "--executor", "serial"],
        ["solve", "tictactoe:3:draw", "1 1, 0 0", "--score-only"],
    ],
)
def test_no_note_otherwise(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = cli(capsys, *argv, *(["--move-limit", "2"] if argv[0] == "match" else []))
    assert (code, err) == (0, "")


def test_no_note_when_solving_a_file_on_an_executor(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    f = tmp_path / "set"
    f.write_text("4455 18\n")
    code, _out, err = cli(capsys, "solve", "connect4", "--positions", str(f), "--executor",
                          "processes:2")
    assert (code, err) == (0, "")


def test_the_help_says_where_the_executor_applies(capsys: pytest.CaptureFixture[str]) -> None:
    for command, phrase in (("match", "opened once for the match"),
                            ("play", "opened once for the match"),
                            ("trace", "any search drawn, run in this process"),
                            ("solve", "a single position is solved in this process")):
        assert main([command, "--help"]) == 0
        shown = " ".join(capsys.readouterr().out.split())
        assert "--executor SPEC" in shown, command
        assert phrase in shown, command


@pytest.fixture
def silent_peer() -> Iterator[str]:
    """A TCP port that accepts connections and never answers (no Dask scheduler)."""
    import socket

    with socket.create_server(("127.0.0.1", 0)) as server:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "tictactoe:3", "--maxie", "engine:jamboree:2", "--minnie", "minimax:1"],
        ["trace", "hw11-jamboree", "handout-small"],
    ],
)
def test_an_unreachable_scheduler_is_one_line_at_once(argv: list[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    # Nobody listens on `port` now: refused at once (not after distributed's 30 s of retries).
    code, out, err = cli(capsys, *argv, "--executor", f"dask:127.0.0.1:{port}")
    assert (code, out) == (2, "")
    assert err == (f"sml150: error: could not reach the Dask scheduler at 127.0.0.1:{port}"
                   " within 5 s (Connection refused); is it running?"
                   " (SML150_CONNECT_TIMEOUT=SECONDS waits longer)\n")


def test_a_peer_that_is_no_scheduler_fails_within_the_timeout(
        silent_peer: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SML150_CONNECT_TIMEOUT", "0.5")
    code, out, err = cli(capsys, "trace", "hw11-jamboree", "handout-small",
                         "--executor", f"dask:{silent_peer}")
    assert (code, out) == (2, "")
    assert err == (f"sml150: error: could not reach the Dask scheduler at {silent_peer} within"
                   " 0.5 s (something accepts connections there but sent no Dask handshake); is"
                   " it running? (SML150_CONNECT_TIMEOUT=SECONDS waits longer)\n")


@pytest.mark.parametrize("wait", ["0", "-1", "soon", "1e9"])
def test_a_bad_wait_is_one_line(wait: str, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SML150_CONNECT_TIMEOUT", wait)
    code, out, err = cli(capsys, "trace", "hw11-jamboree", "handout-small",
                         "--executor", "dask:127.0.0.1:1")
    assert (code, out) == (2, "")
    assert err == (f"sml150: error: SML150_CONNECT_TIMEOUT must be a number of seconds > 0,"
                   f" not {wait!r}\n")


def test_a_tournament_on_an_unreachable_scheduler_is_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = cli(capsys, "tournament", "tictactoe:3", "--players", "minimax:1",
                          "minimax:2", "--games", "1", "--executor", "dask:127.0.0.1:1")
    assert code == 2
    assert err == ("sml150: error: could not reach the Dask scheduler at 127.0.0.1:1 within 5 s"
                   " (Connection refused); is it running? (SML150_CONNECT_TIMEOUT=SECONDS"
                   " waits longer)\n")
