"""The README's shell commands run as written (after its two set-up commands), and a user's own
file outside the checkout type-checks against the installed package."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
VENV = Path(sys.prefix)
SETUP = [
    "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/sml150",
    "bash scripts/check.sh",
]
"""The Quick start: the two commands a newcomer runs first (not re-run here: this suite is the
second, and the first installs)."""

BUDGET = ["--move-limit", "2"]
"""Added to ``match``/``play``: the commands' full games are not what this test is about."""

needs_venv = pytest.mark.skipif(
    not (VENV / "bin" / "sml150").exists() or not (VENV / "bin" / "mypy").exists(),
    reason="run from the project's .venv (scripts/check.sh installs sml150 and mypy there)",
)


def readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL)
    joined = [block.replace("\\\n", " ") for block in blocks]  # continuation lines
    lines = [" ".join(ln.split()) for block in joined for ln in block.splitlines()]
    return [ln for ln in lines if ln and not ln.startswith("#")]


def without_comment(command: str) -> str:
    return re.sub(r"\s+#.*$", "", command).strip()


def test_the_readme_starts_with_the_two_setup_commands() -> None:
    commands = readme_commands()
    assert commands[:2] == SETUP
    assert all(c.startswith(".venv/bin/sml150 ") for c in COMMANDS)


COMMANDS = [without_comment(c) for c in readme_commands()[2:]]


def run_as_written(command: str, where: Path) -> subprocess.CompletedProcess[str]:
    words = shlex.split(command)
    playing = len(words) > 1 and words[1] in ("match", "play")
    line = command + (" " + " ".join(BUDGET) if playing else "")
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    return subprocess.run(line, shell=True, cwd=where, env=env, input="?\n",
                          capture_output=True, text=True, timeout=240, check=False)


@needs_venv
@pytest.mark.parametrize("command", COMMANDS)
def test_every_readme_command_runs_as_written(command: str, tmp_path: Path) -> None:
    # A fresh directory that looks like the checkout after the Quick start: .venv and examples/.
    (tmp_path / ".venv").symlink_to(VENV, target_is_directory=True)
    (tmp_path / "examples").symlink_to(REPO / "examples", target_is_directory=True)
    words = shlex.split(command)
    if words[1] == "grade":  # it grades what the README's `handout` command wrote
        for earlier in COMMANDS:
            if shlex.split(earlier)[1] == "handout":
                assert run_as_written(earlier, tmp_path).returncode == 0
    done = run_as_written(command, tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    if words[1] == "play":  # the human asks for help, then the input ends
        assert done.returncode == 1, done.stderr
        assert re.search(r"Legal moves: [0-3] [0-3], ", done.stdout), done.stdout
        assert done.stderr.startswith("sml150: stopped: HumanPlayer: the input ended")
        return
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr)
    if words[1] == "match" and "--json" not in words:
        assert done.stdout.splitlines()[-1].startswith("Game over!")
    if words[1] == "match" and "--json" in words:
        assert all(line.startswith("{") for line in done.stdout.splitlines())
    if words[1] == "handout":
        assert (tmp_path / "starter").is_dir()
    if words[1] == "grade":
        assert (tmp_path / "results.json").is_file()


def test_the_readme_commands_cover_the_command() -> None:
    used = {shlex.split(c)[1] for c in COMMANDS}
    assert {"--help", "match", "play", "trace", "handout", "grade"} <= used
    assert any("examples.nim:Nim" in c for c in COMMANDS)
    assert any("explicit:" in c for c in COMMANDS)


@needs_venv
def test_mypy_finds_the_installed_package_from_outside_the_checkout(tmp_path: Path) -> None:
    user = tmp_path / "my_port.py"
    user.write_text(
        "from sml150.lib.explicit import HandoutSmall\n"
        "from sml150.lib.minimax import MiniMax\n"
        "from sml150.lib.signatures import Settings\n"
        "\n"
        "p = MiniMax(Settings(G=HandoutSmall, search_depth=2))\n"
        "move: int = p.next_move(HandoutSmall.start)\n"
        "wrong: str = p.next_move(HandoutSmall.start)\n"
    )
    # One run: the user's file (outside the checkout) and examples/nim.py, checked as sources.
    done = subprocess.run(
        [str(VENV / "bin" / "mypy"), "--strict", "--no-error-summary", "--cache-dir",
         str(tmp_path / "mypy-cache"), str(user), str(REPO / "examples" / "nim.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=240, check=False,
    )
    errors = done.stdout.splitlines()
    assert "import-not-found" not in done.stdout
    assert "import-untyped" not in done.stdout
    # Exactly the planted error: so mypy saw sml150's types (an int move is not a str).
    assert len(errors) == 1, done.stdout
    assert errors[0].startswith("my_port.py:7: error: Incompatible types in assignment")


def test_the_quick_start_says_what_the_default_match_plays() -> None:
    from sml150.cli import _parser

    default = _parser().parse_args(["match"])
    text = (REPO / "README.md").read_text()
    quick = text[text.index("## Quick start"):text.index("```sh")]
    for spec in (default.game.partition(":")[0], default.maxie, default.minnie):
        assert spec in quick.lower().replace("-", "") or f"`{spec}`" in quick, (spec, quick)


def test_no_two_readme_commands_write_the_same_file() -> None:
    """A block run after another (the tournament's ``--json`` after the grader's Gradescope
    ``results.json``) must not overwrite what the one before wrote."""
    fenced, inside = [], False
    for line in (REPO / "README.md").read_text().splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            fenced.append(line)
    written: dict[str, str] = {}
    for line in "\n".join(fenced).replace("\\\n", " ").splitlines():
        for path in re.findall(r"--(?:json|gradescope|csv|out)\s+([^-#\s]\S*)", line):
            assert path not in written or written[path] == line, (path, written[path], line)
            written[path] = line
