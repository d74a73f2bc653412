"""Every GAME the help lists, with every player kind; explicit depths; MODULE:ATTRIBUTE games;
``--json``, ``--help``, ``--version``, Ctrl-C, and the live status."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import sml150.cli
from sml150.cli import main
from sml150.cli._games import LISTED_GAMES, build_game, tree_depths
from sml150.cli._live import Report, Watched, _Thinking
from sml150.cli._players import LISTED_PLAYERS, parse_player
from sml150.lib.est import Guess
from sml150.lib.explicit import HandoutSmall
from sml150.lib.minimax import MiniMax
from sml150.lib.searchcount import SearchCount
from sml150.lib.signatures import Analysis, Settings
from sml150.specs import search_depth

REPO = Path(__file__).resolve().parent.parent


def fitting(spec: str, game: str) -> str:
    """``spec`` with a depth deep enough for an explicit tree (its height)."""
    tree = build_game(game).tree
    d = search_depth(parse_player(spec))
    if tree is None or d is None:
        return spec
    (height,) = tree_depths(tree)
    return spec.replace(f":{d}", f":{max(d, height)}", 1)


def _shares_a_table(game: str) -> bool:
    """Whether the game's table keys fit the shared-table search (``engine:smp``)."""
    from sml150.search.adapter import adapt
    from sml150.search.smp import shareable

    g = build_game(game).game
    try:
        shareable("here", adapt(g, True), g.start)
    except ValueError:
        return False
    return True


def test_the_help_lists_the_games_and_players_the_tests_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    for spec in (*LISTED_GAMES, *LISTED_PLAYERS):
        assert spec in shown
    assert "tictactoe[:N][:draw]" in shown
    assert "jamboree:D:P" in shown
    assert "MODULE:ATTRIBUTE" in shown


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata

    import sml150

    assert main(["--version"]) == 0
    # and which build runs (issue 31): pure Python here, under the tests' SML150_COMPILE=0
    assert capsys.readouterr().out == (f"sml150 {metadata.version('sml150')},"
                                       f" {sml150.build().describe()}\n")
    assert sml150.build().describe() == "pure Python (SML150_COMPILE=0)"


@pytest.mark.parametrize("game", LISTED_GAMES)
@pytest.mark.parametrize("player", [p for p in LISTED_PLAYERS if p != "human"])
def test_every_listed_game_with_every_search_player(
        game: str, player: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # examples.nim is found from the current directory
    # the clock players think for their whole budget: a shorter one tests the same kind
    spec = fitting(player, game).replace("id:0.2", "id:0.05").replace("solve:0.1", "solve:0.05")
    argv = ["match", game, "--maxie", spec, "--minnie", spec, "--move-limit", "4",
            "--fixed-clock"]
    if "smp" in spec and not _shares_a_table(game):
        assert main(argv) == 2  # refused before the match, in one line
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "are not ints below 2**63" in err
        return
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0].endswith(f"Maxie is {spec}, Minnie is {spec}")
    assert "Maxie decides to make the move " in out
    assert lines[-1].startswith("Game over! ")


@pytest.mark.parametrize("game", LISTED_GAMES)
def test_every_listed_game_with_a_human(
        game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    g = build_game(game).game
    first = list(g.moves(g.start))[-1]
    # The human types the move exactly as the game prints it, after asking for help.
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"?\n{g.move_to_string(first)}\n"))
    ai = fitting("alphabeta:2", game)
    assert main(["play", game, "--human", "maxie", "--ai", ai, "--move-limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "Maxie, type your move (" in out
    assert "Legal moves: " in out
    assert f"Maxie decides to make the move {g.move_to_string(first)} in" in out


def test_explicit_trees_play_to_a_leaf_and_the_leaf_decides(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "explicit:big", "--maxie", "minimax:4", "--minnie", "alphabeta:9",
                 "--fixed-clock"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # The handout's value of HandoutBig is 3 (leaf e): Maxie 0, Minnie 0, Maxie 0, Minnie 0.
    moves = [ln for ln in lines if " decides to make the move " in ln]
    assert [ln.split(" move ")[1].split()[0] for ln in moves] == ["0", "0", "0", "0"]
    assert lines[-2:] == ["(Maxie,e)", "Game over! Maxie wins!"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "explicit:big", "--maxie", "alphabeta:3"],
         "'alphabeta:3' searches 3 moves ahead, but HandoutBig is 4 moves deep at Maxie's"),
        (["match", "explicit:small", "--minnie", "minimax:1", "--maxie", "minimax:1"],
         "'minimax:1' searches 1 move ahead, but HandoutSmall is 2 moves deep"),
        (["play", "explicit:big", "--human", "maxie", "--ai", "jamboree:2:0.5"],
         "HandoutBig is 3 moves deep at Minnie's first turn: use a depth >= 3"),
    ],
)
def test_explicit_depths_that_cannot_reach_the_leaves_are_refused_in_one_line(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert message in err


def test_a_module_game(capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["match", "examples.nim:Nim", "--maxie", "alphabeta:6", "--minnie",
                 "jamboree:4:0.5", "--fixed-clock"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Nim from examples.nim: Maxie is alphabeta:6, Minnie is jamboree:4:0.5"
    assert lines[1] == "heaps 1 3 5, Maxie to move"
    assert lines[-1] == "Game over! Maxie wins!"  # 1 ^ 3 ^ 5 != 0: the first player wins


@pytest.mark.parametrize(
    "case",
    [
        ("", "nowhere_at_all:Game", "cannot import 'nowhere_at_all'"),
        ("X = 1\n", "{m}:Y", "has no attribute 'Y'"),
        ("X = 1\n", "{m}:X", "is not a GAME (it lacks Est, start, moves"),
        ("def X():\n    raise RuntimeError('boom')\n", "{m}:X", "is not a GAME: a function not"
         " annotated to return one"),
        ("from sml150.lib.signatures import GAME\ndef X() -> GAME:\n    raise RuntimeError('boom')"
         "\n", "{m}:X", "making the GAME failed: RuntimeError: boom"),
        ("import examples.nim as n\nclass X(n.Nim):\n    def moves(self, s):\n"
         "        return list(super().moves(s))\n", "{m}:X",
         "is not a GAME: moves(start) returned a list, not a Seq"),
        ("import sys\nX = sys.exit\n", "{m}:X", "is not a GAME: a function not annotated"),
        ("X = object\n", "{m}:X", "is not a GAME: a class without Est, start"),
        ("import nonexistent_module_xyz\n", "{m}:X", "failed: ModuleNotFoundError"),
        ("x = (\n", "{m}:X", "failed: SyntaxError"),
        ("", "{m}:1bad", "a module game is MODULE:ATTRIBUTE"),
    ],
)
def test_module_games_that_are_not_games_get_one_line(
        case: tuple[str, str, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    source, spec, message = case
    name = f"usergame_{tmp_path.name.replace('-', '_')}"  # unique per test: no import cache hit
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.chdir(tmp_path)
    before = list(sys.path)
    assert main(["match", spec.format(m=name), "--move-limit", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("sml150: error: ")
    assert message in err
    assert sys.path == before


def test_json_writes_one_object_per_move_and_the_result(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "explicit:small", "--maxie", "minimax:2", "--minnie", "minimax:1",
                 "--json", "--fixed-clock"]) == 0
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]  # stdout holds only JSON
    records[-1].pop("by_repetition", None)  # the repetition rule's own field, tested with it
    assert records == [
        {"ply": 1, "player": "Maxie", "spec": "minimax:2", "move": "1", "seconds": 0.0,
         "value": "Guess: 4", "nodes": 13, "terminals": 9},
        {"ply": 2, "player": "Minnie", "spec": "minimax:1", "move": "1", "seconds": 0.0,
         "value": "Guess: 4", "nodes": 4, "terminals": 3},
        {"result": "Maxie wins!", "plies": 2, "by_limit": False, "final": "(Maxie,h)"},
    ]
    assert "Estimating state" in err  # the explicit game's own prints moved off stdout


def test_ctrl_c_names_the_reason(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(_args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(sml150.cli, "_run", interrupted)
    assert main(["match"]) == 1
    assert capsys.readouterr().err == "sml150: stopped: interrupted\n"


def test_ctrl_c_during_a_long_search_through_the_real_command() -> None:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sml150", "match", "tictactoe:4", "--maxie", "minimax:6"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    proc.stdout.readline()  # the header: the search has started
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert err == "sml150: stopped: interrupted\n"


def test_status_line_reads_the_searches_counts() -> None:
    seen = [SearchCount(nodes=1000), SearchCount(nodes=234)]
    line = _Thinking("Maxie (minimax:6)", seen, began=0.0).line()
    assert line.startswith("Maxie (minimax:6) thinking: 1,234 positions, ")
    assert "/s, " in line


def test_live_status_and_move_costs_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    import sml150.cli._live as live

    monkeypatch.setattr(live, "STATUS_DELAY", 0.0)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120, color_system=None)
    shown = threading.Event()

    class SlowPlayer:
        """Searches until the status has shown its count (no sleeping on a clock)."""

        Game = HandoutSmall

        def analyze(self, s: object) -> Analysis[int]:
            SearchCount(nodes=4321)
            for _ in range(2000):
                if "4,321 positions" in screen.getvalue():
                    shown.set()
                    break
                threading.Event().wait(0.005)
            return Analysis(move=1, value=Guess(4), terminals=7, nodes=4321, work=7, span=7)

        def next_move(self, s: object) -> int:
            return self.analyze(s).move

    p = Watched(HandoutSmall, SlowPlayer(), "slow:1", Report(console=console))
    assert p.next_move(HandoutSmall.start) == 1
    assert shown.is_set()
    assert "Maxie (slow:1) thinking: 4,321 positions" in screen.getvalue()
    assert "Maxie (slow:1): 4,321 positions in " in screen.getvalue()
    assert screen.getvalue().rstrip().endswith("value Guess: 4")


def test_no_status_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "tictactoe:3", "--maxie", "minimax:2", "--minnie", "minimax:2",
                 "--move-limit", "2"]) == 0
    assert capsys.readouterr().err == ""


def test_watched_player_keeps_the_referees_output() -> None:
    p = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    watched = Watched(HandoutSmall, p, "minimax:2", Report())
    assert watched.next_move(HandoutSmall.start) == p.next_move(HandoutSmall.start)


@pytest.mark.parametrize(
    "case",
    [
        ("tictactoe:3", "minnie", "Minnie, type your move (you are X; row col, like 1 2;",
         "Maxie is O, Minnie is X"),
        ("riskless:m1", "maxie", "Maxie, type your move (you are X; from to, like 3 4; ?",
         "Maxie is X, Minnie is O"),
        ("explicit:small", "maxie", "Maxie, type your move (a child index, like 0;",
         "Maxie moves at the root"),
    ],
)
def test_play_says_who_is_who_and_what_to_type(
        case: tuple[str, str, str, str],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    game, side, prompt, legend = case
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", game, "--human", side, "--ai", "minimax:2"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith(legend)
    assert prompt in out


def test_quiet_or_not_a_terminal_means_no_status(monkeypatch: pytest.MonkeyPatch) -> None:
    from sml150.cli._match import _status_console

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert _status_console(quiet=True) is None
    assert _status_console(quiet=False) is not None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert _status_console(quiet=False) is None


def test_play_against_solve_moves_and_says_what_it_does(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["play", "connect4:4x4", "--human", "minnie", "--ai", "solve:4",
                 "--move-limit", "1", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "Maxie decides to make the move " in out
    assert "solve: solving Connect Four 4x4 (at most 4 s a move)" in err
    assert "solve: solved by Pons' solver: score " in err
