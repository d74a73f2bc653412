"""A newcomer's second hour (issue 22): default matches end and say why; the handout and grade
commands refuse places they cannot use in one line, before writing anything."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sml150.cli import main
from sml150.cli._paths import installed_package

REPO = Path(__file__).resolve().parent.parent


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``sml150 ARGV`` in this process: status, stdout, stderr."""
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


SHUFFLERS = ["riskless:m1", "--maxie", "minimax:1", "--minnie", "alphabeta:2", "--quiet"]
"""Two Riskless players that move armies back and forth forever (as the default ones did)."""


def test_a_shuffling_match_ends_by_repetition_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "match", *SHUFFLERS)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Game over! It's a draw! (position repeated 3 times)"
    assert out.count(" decides to make the move ") < 30


def test_the_repetition_rule_can_be_changed_or_turned_off(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "match", *SHUFFLERS, "--repetitions", "0", "--move-limit", "60")
    assert code == 0
    assert out.splitlines()[-1] == "Game over! It's a draw! (move limit of 60 reached)"
    code, out, _ = cli(capsys, "match", *SHUFFLERS, "--repetitions", "2", "--json")
    assert code == 0
    result = json.loads(out.splitlines()[-1])
    assert result["result"] == "It's a draw! (position repeated 2 times)"
    assert result["by_repetition"] and not result["by_limit"]


@pytest.mark.parametrize(("n", "error"), [
    ("1", "--repetitions must be 0 (never) or >= 2, not 1"),
    ("-1", "bad --repetitions '-1' (a whole number >= 0)"),
    ("٣", "bad --repetitions '٣' (a whole number >= 0)"),
])
def test_a_bad_repetition_limit_is_one_line(n: str, error: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "match", *SHUFFLERS, f"--repetitions={n}") == (
        2, "", f"sml150: error: {error}\n")


@pytest.mark.exhaustive
def test_the_default_riskless_match_ends_by_a_stated_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``sml150 match riskless:m1`` with the default players (about 20 s on a quiet machine)."""
    code, out, _ = cli(capsys, "match", "riskless:m1")
    assert code == 0
    assert out.splitlines()[-1] in {"Game over! It's a draw! (position repeated 3 times)",
                                    "Game over! Maxie wins!", "Game over! Minnie wins!",
                                    "Game over! It's a draw!"}
    assert out.count(" decides to make the move ") < 100


def _listing(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if ".git" not in p.parts)


@pytest.mark.parametrize("where", [".", "", "sml150", "sml150/lib"])
def test_handout_refuses_the_installed_package_before_writing(
        where: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    checkout = installed_package().parent
    monkeypatch.chdir(checkout)
    before = sorted(os.listdir(checkout))
    code, out, err = cli(capsys, "handout", "hw10", where, "--force")
    assert (code, out) == (2, "")
    assert err.startswith("sml150: error: ") and err.count("\n") == 1
    assert "choose another directory" in err or "the directory is empty" in err
    assert sorted(os.listdir(checkout)) == before


@pytest.mark.parametrize(("where", "why"), [
    ("README.md/sub", "is a file: cannot make the directory 'README.md/sub' there"),
    ("/proc", "cannot create files in /proc"),
    ("/proc/sml150-starter", "cannot create files in /proc"),
    ("/sys/kernel/sml150", "cannot create files in /sys/kernel"),
])
def test_handout_refuses_a_place_it_cannot_create(
        where: str, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    if where.startswith("/") and not os.path.isdir("/" + where.split("/")[1]):
        pytest.skip(f"no {where} here")
    (tmp_path / "README.md").write_text("a file\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "handout", "hw11", where)
    assert (code, out) == (2, "")
    assert why in err and err.startswith("sml150: error: ") and err.count("\n") == 1
    assert _listing(tmp_path) == ["README.md"]


def test_handout_still_writes_a_new_directory(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "deep" / "starter"
    code, out, _ = cli(capsys, "handout", "hw10", str(target))
    assert code == 0 and out == f"wrote the hw10 starter files to {target}\n"
    assert (target / "tictactoe.py").is_file()


@pytest.mark.parametrize("where", ["/proc", "/sys", "/proc/self", "/sys/fs/cgroup"])
def test_grade_refuses_a_pseudo_filesystem(where: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    if not os.path.isdir(where):
        pytest.skip(f"no {where} here")
    code, out, err = cli(capsys, "grade", "hw10", where, "--no-sandbox")
    assert (code, out) == (2, "")
    assert err.startswith(f"sml150: error: {where} is on a ") and err.count("\n") == 1
