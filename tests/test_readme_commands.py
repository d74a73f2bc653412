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

DEMO = "/tmp/sml150-demo"
"""Where the README's commands write their files (never the checkout, whose checks would read
them); the tests below put it in a fresh folder of their own instead."""

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
    """``command`` run in ``where``, its files written under ``where/sml150-demo``."""
    words = shlex.split(command)
    playing = len(words) > 1 and words[1] in ("match", "play")
    line = command.replace(DEMO, str(where / "sml150-demo"))
    line += " " + " ".join(BUDGET) if playing else ""
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
    demo = tmp_path / "sml150-demo"
    if words[1] != "handout":  # the README's handout line, run before, made it
        demo.mkdir()
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
        assert (demo / "starter").is_dir()
    if words[1] == "grade":
        assert (demo / "results.json").is_file()
    # nothing written beside the command, where the checkout would be
    assert sorted(p.name for p in tmp_path.iterdir()) == [".venv", "examples", "sml150-demo"]


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


def fenced_commands() -> list[str]:
    """Every command line of the README's shell blocks, fenced ``sh`` or plain (continuations
    joined, comments cut)."""
    shell, fence = [], None
    for line in (REPO / "README.md").read_text().splitlines():
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
        elif fence in ("", "sh"):
            shell.append(line)
    lines = [" ".join(ln.split()) for ln in "\n".join(shell).replace("\\\n", " ").splitlines()]
    return [without_comment(ln) for ln in lines if ln.startswith((".venv/", "nice "))]


def test_the_readme_commands_write_outside_the_checkout() -> None:
    """Files the commands write go under /tmp (``scripts/check.sh`` lints and tests the whole
    checkout: a ``handout`` there once made 626 ruff errors)."""
    commands = fenced_commands()
    writers = 0
    for command in commands:
        words = shlex.split(command)
        targets = [words[i + 1] for i, w in enumerate(words[:-1])
                   if w in ("--svg", "--html", "--json", "--csv", "--out", "--gradescope")]
        if len(words) > 3 and words[1] in ("handout", "grade"):
            targets.append(words[3])
        if len(words) > 4 and words[1] == "autograder":
            targets.append(words[4])
        for target in targets:
            assert target == "-" or target.startswith("/tmp/"), (command, target)
        writers += bool(targets)
    assert writers >= 12, commands
    first = next(c for c in commands if DEMO in c)
    assert shlex.split(first)[1] == "handout", first  # it makes the folder the others write in
