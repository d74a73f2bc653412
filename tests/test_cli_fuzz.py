"""No input makes the command print a traceback or stall: random argv (in-process, tiny budgets)
and hostile standard input (through the real command)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sml150.cli import main

REPO = Path(__file__).resolve().parent.parent

ODD = ["0", "1", "2", "-1", "²", "٣", "1e9", "nan", "inf", "-inf", "1.5", "0.5", "", " ",
       "9" * 5000, " " * 2000, "\x00", "\ud800", "draw", "m1", "m2", "earth", "small", "big"]
"""Values where numbers are expected: huge, superscript, Arabic-Indic, signed, not numbers."""

# Free text without letters, so it never spells a real module name (MODULE:ATTRIBUTE imports).
free = st.text(alphabet=st.characters(blacklist_categories=("Lu", "Ll", "Lt", "Lm", "Lo")),
               max_size=10)
part = st.one_of(st.sampled_from(ODD), free)
game = st.one_of(
    st.builds(lambda kind, args: ":".join([kind, *args]),
              st.sampled_from(["tictactoe", "TicTacToe", "riskless", "explicit", "chess", ""]),
              st.lists(part, max_size=3)),
    st.sampled_from(["examples.nim:Nim", "examples.nim:NimState", "examples.nim:Move",
                     "examples.nim:nope", "nowhere_xyz:Game", "examples:Nim", "1:2", ":",
                     # callables that are not GAMEs: refused without being called
                     "sys:exit", "builtins:breakpoint", "os:abort", "builtins:input",
                     "os:getcwd", "builtins:object", "examples.nim:reduce",
                     # own games, right and wrong (tests/specs/owngames.py)
                     *(f"tests.specs.owngames:{a}" for a in (
                         "make_nim", "exits", "exits_annotated", "ListMoves", "StringStatus",
                         "StringPlayer", "NumberEstimate", "BrokenStart", "NeedsArguments",
                         "UnhashableStates"))]),
)
player = st.builds(lambda kind, args: ":".join([kind, *args]),
                   st.sampled_from(["minimax", "alphabeta", "jamboree", "human", "MiniMax", "",
                                    "engine:jamboree", "engine:ybw"]),
                   st.lists(part, max_size=3))
executor_spec = st.sampled_from(["serial", "processes:2", "processes:0", "threads", "dask:",
                                 "dask:x", "processes:²", "processes:99999", "dask:99999"])
"""``--executor`` values: good ones that start nothing slow (two loky workers, shared with the
other tests), and bad ones (never a real Dask cluster: that takes seconds to start; and never
99,999 worker processes: refused before anything starts)."""
token = st.one_of(
    st.sampled_from(["match", "play", "trace", "--maxie", "--minnie", "--ai", "--human",
                     "--move-limit", "--json", "--quiet", "--fixed-clock", "--prune", "--help",
                     "--version", "maxie", "minnie", "hw11-alphabeta", "hw11-jamboree",
                     "handout-small", "handout-big", "-", "--", "--executor"]),
    game, player, part, executor_spec,
)
DEEP = re.compile(r"(minimax|alphabeta|jamboree):0*([3-9]|[1-9][0-9])", re.IGNORECASE)
"""A search deeper than 2 could take long on a big board: not what this test is about."""


def run_in_process(argv: list[str], stdin: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                contextlib.chdir(REPO):
            status = main(argv)
    finally:
        sys.stdin = old_stdin
    return status, err.getvalue()


commands = st.sampled_from(["match", "play", "trace", "", "other"])
argvs = st.lists(token, max_size=6)
stdins = st.sampled_from(["", "?\n", "1 1\n0\n", "²\n"])
quick = settings(deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@settings(quick, max_examples=100)
@given(command=commands, rest=argvs, stdin=stdins)
def test_random_argv_gives_status_0_1_or_2_and_one_line_errors(
        command: str, rest: list[str], stdin: str) -> None:
    check_argv(command, rest, stdin)


@pytest.mark.exhaustive
@settings(quick, max_examples=3000)
@given(command=commands, rest=argvs, stdin=stdins)
def test_random_argv_many(command: str, rest: list[str], stdin: str) -> None:
    check_argv(command, rest, stdin)


def check_argv(command: str, rest: list[str], stdin: str) -> None:
    """Exit status 0, 1 or 2; a one-line error or stop message; never a traceback.

    At most one ``sml150: note:`` line (an executor nothing searches on) comes before it.
    """
    assume(not any(DEEP.search(t) for t in rest))
    head = [command] if command else []
    if command == "other":  # whatever the first token is
        head = rest[:1]
        rest = rest[1:]
    if not head:  # `sml150` alone plays the (long) default match: its test is elsewhere
        head = ["match"]
    # Small players and a move limit first; the random tokens after them may override both.
    budget = {"match": ["--maxie", "minimax:1", "--minnie", "minimax:1", "--move-limit", "2"],
              "play": ["--ai", "minimax:1", "--move-limit", "2"]}.get(head[0], [])
    status, err = run_in_process([*head, *budget, *rest], stdin)
    assert status in (0, 1, 2)
    assert "Traceback" not in err
    notes = [line for line in err.splitlines(keepends=True) if line.startswith("sml150: note: ")]
    assert len(notes) <= 1, err
    err = err.removeprefix("".join(notes))
    if status == 2:
        assert err.startswith("sml150: error: ")
        assert err.count("\n") == 1, err
    if status == 1:
        assert err.startswith("sml150: stopped: ")
        assert err.count("\n") == 1, err
        assert err.strip() != "sml150: stopped:"


HOSTILE = b"\n".join([
    b"\xff\xfe\xfd",  # invalid UTF-8
    b"\xc3(",
    "1 \u00b2".encode(),  # a superscript digit
    "\u0663 \u0661".encode(),  # Arabic-Indic digits
    b"9" * 5000 + b" 1",  # more digits than int() accepts
    b" " * 100_000,  # the quadratic-pattern case
    b"(1,",
    b"\x00\x01",
    b"?",
]) + b"\n"


@pytest.mark.parametrize("game", ["tictactoe:3", "riskless:m1", "explicit:small",
                                  "examples.nim:Nim"])
def test_hostile_stdin_to_play_is_refused_line_by_line(game: str) -> None:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    ai = "minimax:2" if game.startswith("explicit") else "minimax:1"
    done = subprocess.run(
        [sys.executable, "-m", "sml150", "play", game, "--ai", ai],
        input=HOSTILE, capture_output=True, timeout=120, env=env, cwd=REPO, check=False,
    )
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, err
    assert err == "sml150: stopped: HumanPlayer: the input ended before Maxie typed a move\n"
    assert out.count("Bad move for this state: ") == HOSTILE.count(b"\n") - 1
    assert "Legal moves: " in out
