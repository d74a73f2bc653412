"""``sml150 solve``: text and JSON output, position files, budgets, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sml150.cli import main
from sml150.cli._solve import solve_position
from sml150.specs import LISTED_GAMES

DATA = Path(__file__).resolve().parent / "data" / "connect4"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["solve", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "connect4", "4455")
    assert code == 0 and err == ""
    assert "score: 18 (the side to move wins with her 4th stone (ply 7))" in out
    assert "best moves: 3  6" in out
    assert "principal variation: 3  4  2" in out
    assert "positions explored:" in out


def test_json_is_all_of_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "connect4", "44455554221", "--json")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1
    obj = json.loads(lines[0])
    assert obj["moves"] == "44455554221" and obj["score"] == -15
    assert obj["best_moves"] and all(1 <= c <= 7 for c in obj["best_moves"])
    assert len(obj["pv"]) == 2 and obj["pv"][0] in obj["best_moves"]
    assert isinstance(obj["nodes"], int) and isinstance(obj["seconds"], float)


def test_positions_file_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = (DATA / "Test_L3_R1").read_text().splitlines()[:12]
    f = tmp_path / "set"
    f.write_text("\n".join(rows) + "\n\n" + rows[0].split()[0] + "\n")
    code, out, err = run(capsys, "connect4", "--positions", str(f), "--json")
    assert code == 0
    objs = [json.loads(line) for line in out.splitlines()]
    assert len(objs) == 13
    for row, obj in zip(rows, objs, strict=False):
        moves, score = row.split()
        assert obj["moves"] == moves and obj["score"] == int(score)
        assert obj["expected"] == int(score)
    assert objs[-1]["expected"] is None
    assert "accuracy: 12/12 exact scores right (100.0%)" in err
    assert "mean positions explored" in err


def test_positions_file_text_and_mismatch(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    f = tmp_path / "set"
    f.write_text("4455 18\n4455 17\n")
    code, out, _err = run(capsys, "connect4", "--positions", str(f))
    assert code == 1
    assert "line 2: 4455: score 18, expected 17" in out
    assert "accuracy: 1/2 exact scores right (50.0%)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["connect4", "448"], "move 3 of '448': '8' is not a column 1..7"),
        (["connect4", "1111111"], "move 7 of '1111111': column 1 is full"),
        (["connect4", "12121211"], "the game is already won"),
        (["connect4", "44", "--max-nodes", "-1"], "--max-nodes must be a whole number >= 1"),
        (["connect4", "44", "--max-seconds", "-2"], "--max-seconds must be a number >= 0"),
        (["connect4", "44", "--max-seconds", "nan"], "--max-seconds must be a number >= 0"),
        (["connect4:3y3"], "bad Connect Four size"),
        (["connect4:0x6"], "Connect Four board must be 4..16 by 4..16, not 0x6"),
        (["chess"], "unknown game 'chess'"),
        (["tictactoe:3:9:draw"], "bad Tic-Tac-Toe size"),
        (["kinarow:3:9"], "1 <= K <= N <= 8"),
        (["os:abort"], "'os:abort' is not a GAME"),
        (["tictactoe:3:draw", "1 1, 1 1"], "move 2 ('1 1') of '1 1, 1 1' is not a legal"),
    ],
)
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                               message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("sml150: error: ") and message in err


def test_bad_file_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "set"
    f.write_text("4455 18\n44x 3\n")
    code, out, err = run(capsys, "connect4", "--positions", str(f), "--json")
    assert code == 2 and out == "" and "line 2: expected '<moves> [<score>]'" in err
    f.write_text("4455 18\n1111111\n")  # a full column: refused before anything is solved
    code, out, err = run(capsys, "connect4", "--positions", str(f), "--json")
    assert code == 2 and out == "" and "line 2: illegal Connect Four moves" in err
    code, out, err = run(capsys, "connect4", "--positions", str(tmp_path / "missing"))
    assert code == 2 and "cannot read" in err
    code, out, err = run(capsys, "connect4", "44", "--positions", str(f))
    assert code == 2 and "not both" in err


def test_budget_exhausted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "connect4", "", "--max-nodes", "200", "--json")
    assert code == 1
    obj = json.loads(out)
    assert obj["score"] is None and obj["nodes"] == 201


def test_other_sizes_and_finished(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "connect4:4x4", "", "--json", "--score-only")
    assert code == 0 and json.loads(out)["score"] == 0
    code, out, _err = run(capsys, "connect4", "1212121", "--json")
    obj = json.loads(out)
    assert obj["score"] == -18 and obj["best_moves"] == [] and obj["pv"] == []


def test_tictactoe_by_the_engine() -> None:
    o = solve_position("kinarow:3", "")
    assert o.score == 0 and o.result == "draw or even (0)"
    assert len(o.best_moves) == 9  # every first move draws
    won = solve_position("kinarow:3", "0 0, 1 0, 0 1, 1 1")
    assert won.score == 1 and won.result == "win in 1" and won.best_moves == [[0, 2]]


@pytest.mark.exhaustive
def test_tictactoe_4x4_draw(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "tictactoe:4:draw", "--json", "--score-only")
    assert code == 0 and json.loads(out)["score"] == 0


def test_progress_bar_keeps_stdout_json_only(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    f = tmp_path / "set"
    f.write_text("4455 18\n44455554221 -15\n")
    monkeypatch.setattr(__import__("sys").stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "connect4", "--positions", str(f), "--json")
    assert code == 0
    assert [json.loads(line)["score"] for line in out.splitlines()] == [18, -15]
    assert "accuracy: 2/2" in err


@pytest.mark.parametrize("moves", ["1 1", "0 0", "1 1, 0 1", "0 0, 1 1, 2 2"])
def test_tictactoe_best_moves_and_pv_by_brute_force(moves: str) -> None:
    """Every best move (quickest win, slowest loss) and the PV, against plain negamax."""
    import functools

    from sml150.games.tictactoe import KInARow, KState
    from sml150.lib.signatures import Draw, Over
    from sml150.search.score import from_node, loss_in

    g = KInARow(3, 3)

    @functools.cache
    def value(s: KState) -> int:
        status = g.status(s)
        if isinstance(status, Over):
            return 0 if isinstance(status.outcome, Draw) else loss_in(0)
        return max(-from_node(value(g.make_move(s, m)), 1) for m in g.moves(s))

    s = g.play_line(moves)
    o = solve_position("kinarow:3", moves)
    v = value(s)
    expected = {m for m in g.moves(s) if -from_node(value(g.make_move(s, m)), 1) == v}
    assert {tuple(m) for m in o.best_moves} == expected
    assert o.score == (v > 0) - (v < 0)
    t = s
    for m in o.pv:
        assert -from_node(value(g.make_move(t, tuple(m))), 1) == value(t)
        t = g.make_move(t, tuple(m))
    assert isinstance(g.status(t), Over)


def test_the_same_spec_is_the_same_game_under_solve_and_match(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``tictactoe:3:draw`` is HW10's game with the draw rule under ``solve`` too (it was the
    engine's ``KInARow``); ``tictactoe:3`` keeps the handout's rule (full board: Minnie)."""
    scores = []
    for game in ("tictactoe:3:draw", "tictactoe:3"):
        assert main(["match", game, "--maxie", "minimax:1", "--minnie", "minimax:1",
                     "--move-limit", "1", "--fixed-clock"]) == 0
        title = capsys.readouterr().out.split(": Maxie is ")[0]
        code, out, _err = run(capsys, game, "1 1", "--score-only")
        assert code == 0 and out.startswith(f"{title}, moves 1 1\n")
        assert " O " in out.splitlines()[1 + 2]  # HW10: Maxie is O (the middle row)
        scores.append(next(ln for ln in out.splitlines() if ln.startswith("score: ")))
    # X to move: a draw with the standard rule, a win (a full board) with the handout's
    assert [s.split(" (")[0] for s in scores] == ["score: 0", "score: 1"]


def test_a_game_that_never_ends_is_refused_naming_the_budget(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "riskless:m1", "--max-seconds", "0.5")
    assert code == 1
    assert "not solved: no result within the budget: 0.5 s" in out


def test_progress_on_a_terminal_keeps_stdout_json_only(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(__import__("sys").stderr, "isatty", lambda: True)
    for game, moves in (("kinarow:3", ""), ("connect4", "4455")):
        code, out, _err = run(capsys, game, moves, "--json")
        assert code == 0 and json.loads(out)["score"] is not None


@pytest.mark.parametrize("game", LISTED_GAMES)
def test_every_listed_game_is_solved_or_refused_naming_the_budget(
        game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA.parent.parent.parent)
    code, out, err = run(capsys, game, "--json", "--max-seconds", "0.3", "--score-only")
    assert err == ""
    obj = json.loads(out)
    if code == 1:
        assert obj["score"] is None and "budget: 0.3 s" in obj["result"]
    else:
        assert code == 0 and isinstance(obj["score"], int)


@pytest.mark.parametrize(("n", "moves"), [(3, ""), (3, "1 1, 0 0"), (4, "")])
def test_a_board_that_fills_is_searched_to_its_horizon_at_once(n: int, moves: str) -> None:
    """The command's search is the engine's ``pvs`` to the empty cells: the same positions.

    (Deepening one ply at a time searched 245,167 positions on the empty 4x4 board, 13x the
    18,441 of one PVS to depth 16.)
    """
    from sml150.games.tictactoe import KInARow
    from sml150.search import pvs

    g = KInARow(n, n)
    s = g.play_line(moves) if moves else g.start
    o = solve_position(f"kinarow:{n}", moves, analyse=False)
    r = pvs(g, s, g.plies_left(s))
    assert (o.nodes, o.score) == (r.stats.nodes, 0)
    assert r.stats.estimates == 0


def test_a_game_without_a_horizon_is_still_deepened_to_its_end() -> None:
    """A game with no ``Horizon`` hook (HW10's Tic-Tac-Toe) is deepened one ply at a time."""
    from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
    from sml150.search.hooks import Horizon
    from sml150.search.iterative import to_the_end

    g = TicTacToe(TTTConsts(board_size=3))
    s = g.data_to_start_state(["O.X", "O..", "X.."])
    assert not isinstance(g, Horizon)
    results = list(to_the_end(g, s, 50))
    assert [r.depth for r in results] == list(range(1, len(results) + 1))
    assert len(results) > 1 and results[-1].stats.estimates == 0
