"""The staff bundles graded the way the platforms run them, in a clean environment.

``setup.sh`` (the bundle's own) builds a fresh virtual environment holding only what its pip
step installs: the package's dependency list, nothing from this checkout. Gradescope's layout
is simulated under a temporary root (``$AUTOGRADER_ROOT``: ``source/`` the unzipped bundle,
``submission/``, ``results/results.json``), and ``run_autograder`` is run there as the
platform runs it; its results are checked against Gradescope's documented schema
(https://gradescope-autograders.readthedocs.io/en/latest/specs/, "Output format"). Autolab's
is ``make`` in a folder holding ``autograde.tar``, the Makefile and the student's handin tar;
the last line is the autoresult (https://docs.autolabproject.com/lab/).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from sml150.grading import write_bundle, write_handout, write_solution
from sml150.grading._deploy import install_list

REPO = Path(__file__).resolve().parents[2]
SECRET = "a course secret of 32 characters"

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None,
                                reason="the bundles grade sandboxed")

# Gradescope's results.json, as its specification documents it.
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}
TOP: Mapping[str, Any] = {
    "score": (int, float), "execution_time": (int, float), "output": str,
    "output_format": FORMATS, "test_output_format": FORMATS, "test_name_format": FORMATS,
    "visibility": VISIBILITY, "stdout_visibility": VISIBILITY, "extra_data": dict,
    "tests": list, "leaderboard": list,
}
TEST: Mapping[str, Any] = {
    "score": (int, float), "max_score": (int, float), "status": {"passed", "failed"},
    "name": str, "name_format": FORMATS, "number": str, "output": str,
    "output_format": FORMATS, "tags": list, "visibility": VISIBILITY, "extra_data": dict,
}


def schema_problems(results: object) -> list[str]:
    """What in ``results`` breaks Gradescope's results.json format (empty: none)."""

    def check(obj: Mapping[str, Any], spec: Mapping[str, Any], where: str) -> list[str]:
        out = [f"{where}: unknown key {k!r}" for k in obj if k not in spec]
        for k, want in spec.items():
            if k not in obj:
                continue
            v = obj[k]
            if isinstance(want, set):
                ok = v in want
            else:
                ok = isinstance(v, want) and not isinstance(v, bool)
            if not ok:
                out.append(f"{where}.{k}: {v!r} is not {want}")
        return out

    if not isinstance(results, dict):
        return ["not a JSON object"]
    problems = check(results, TOP, "results")
    tests = results.get("tests", [])
    if "score" not in results and not all("score" in t for t in tests):
        problems.append("no score: neither the total nor every test's")
    for i, t in enumerate(tests):
        if not isinstance(t, dict):
            problems.append(f"tests[{i}] is not an object")
            continue
        problems += check(t, TEST, f"tests[{i}]")
        if "score" in t and "max_score" in t and not 0 <= t["score"] <= t["max_score"]:
            problems.append(f"tests[{i}]: score {t['score']} outside 0..{t['max_score']}")
        if not all(isinstance(tag, str) for tag in t.get("tags", [])):
            problems.append(f"tests[{i}].tags: not strings")
    return problems


def test_the_schema_check_catches_what_gradescope_rejects() -> None:
    assert schema_problems({"score": 1.0, "tests": []}) == []
    assert schema_problems({"tests": [{"name": "a"}]}) == [
        "no score: neither the total nor every test's"]
    assert schema_problems({"score": "1", "visibility": "secret", "colour": 1}) == [
        "results: unknown key 'colour'", "results.score: '1' is not (<class 'int'>, "
        "<class 'float'>)", "results.visibility: 'secret' is not " + str(VISIBILITY)]


def test_the_install_list_is_the_packages_own_dependency_list() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]

    def name(req: str) -> str:
        found = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", req)
        assert found is not None
        return found.group(0).lower()

    assert [name(r) for r in install_list()] == [name(r) for r in project["dependencies"]]
    assert "lark" in {name(r) for r in install_list()}


def _clean_env(**extra: str) -> dict[str, str]:
    """An environment as a platform's shell has it: no PYTHONPATH, no virtual environment."""
    keep = ("HOME", "LANG", "TMPDIR", "PIP_FIND_LINKS", "PIP_CERT", "PIP_DEFAULT_TIMEOUT",
            "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    return {**env, "PATH": "/usr/local/bin:/usr/bin:/bin", **extra}


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A grading image's virtual environment, made by the bundle's own ``setup.sh``.

    Its PATH offers a ``python3`` too old to use (it fails the version test, as Ubuntu 22.04's
    3.10 does) and a ``python3.11``: the script takes the latter.
    """
    base = tmp_path_factory.mktemp("image")
    write_bundle("gradescope", "hw10", base / "bundle", SECRET)
    with zipfile.ZipFile(base / "bundle" / "autograder.zip") as z:
        setup = z.read("setup.sh").decode()
    (base / "setup.sh").write_text(setup)
    fake = base / "bin"
    fake.mkdir()
    (fake / "python3").write_text("#!/bin/sh\nexit 1\n")  # too old: fails the version test
    (fake / "python3").chmod(0o755)
    real = Path(getattr(sys, "_base_executable", sys.executable)).resolve()
    (fake / "python3.11").symlink_to(real)
    venv = base / "venv"
    env = _clean_env(SML150_VENV=str(venv))
    env["PATH"] = f"{fake}:{env['PATH']}"
    done = subprocess.run(["bash", str(base / "setup.sh")], env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "sml150 autograder: Python 3." in done.stdout
    # only what setup.sh installed: the dependency list and what they need, never sml150
    probe = subprocess.run([str(venv / "bin" / "python"), "-c", "import sml150"],
                           env=_clean_env(), cwd=venv, capture_output=True, text=True,
                           check=False)
    assert probe.returncode != 0 and "No module named 'sml150'" in probe.stderr
    return venv


def _gradescope(image: Path, tmp: Path, submission: Path, hw: str = "hw10",
                *args: str) -> tuple[dict[str, Any], str]:
    """Run the bundle as Gradescope does; results.json and run_autograder's output."""
    root = tmp / "autograder"
    write_bundle("gradescope", hw, tmp / "staff", SECRET)
    with zipfile.ZipFile(tmp / "staff" / "autograder.zip") as z:
        z.extractall(root / "source")
        for name in ("run_autograder", "setup.sh"):  # zipfile keeps no modes
            mode = (z.getinfo(name).external_attr >> 16) & 0o777
            (root / "source" / name).chmod(mode)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    shutil.copytree(submission, root / "submission")
    done = subprocess.run([str(root / "run_autograder"), *args], cwd=root,
                          env=_clean_env(AUTOGRADER_ROOT=str(root), SML150_VENV=str(image)),
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    results = json.loads((root / "results" / "results.json").read_text())
    return results, done.stdout


def test_gradescope_grades_the_reference_in_a_clean_image(image: Path, tmp_path: Path) -> None:
    write_solution("hw10", tmp_path / "sub")
    results, stdout = _gradescope(image, tmp_path, tmp_path / "sub")
    assert schema_problems(results) == []
    assert results["score"] == 150.0, stdout[-3000:]
    assert len(results["tests"]) > 100
    assert any(t["visibility"] == "hidden" for t in results["tests"])
    assert "not tamper-proof" not in results["output"]  # graded in the sandbox
    summary = results["output"].splitlines()[0]  # the summary a student reads first
    assert re.fullmatch(r"hw10: 150\.0 / 150 points, (\d+) of \1 tests passed", summary)
    assert summary in stdout.splitlines()[:3]  # the text report's, for staff


def test_gradescope_grades_a_starter_zero(image: Path, tmp_path: Path) -> None:
    write_handout("hw10", tmp_path / "sub")
    results, _ = _gradescope(image, tmp_path, tmp_path / "sub", "hw10", "--task", "5.1",
                             "--task", "5.7")
    assert schema_problems(results) == []
    assert results["score"] == 0.0
    assert {t["status"] for t in results["tests"]} == {"failed"}


def test_gradescope_gets_results_when_the_grader_cannot_run(tmp_path: Path) -> None:
    write_handout("hw10", tmp_path / "sub")
    results, stdout = _gradescope(tmp_path / "no-venv", tmp_path, tmp_path / "sub")
    assert schema_problems(results) == []
    assert results["output"].startswith("GRADER ERROR") and "exit status 127" in stdout


def _autolab(tmp: Path, submission: Path, image: Path, hw: str = "hw10") -> list[str]:
    """Run the bundle as Autolab does (make beside the handin); the output's lines."""
    write_bundle("autolab", hw, tmp / "staff", SECRET)
    work = tmp / "autolab"
    work.mkdir()
    shutil.copy(tmp / "staff" / "autograde.tar", work)
    shutil.copy(tmp / "staff" / "autograde-Makefile", work / "Makefile")
    with tarfile.open(work / "handin.tar", "w") as tar:
        for f in sorted(submission.glob("*.py")):
            tar.add(f, arcname=f.name)
    done = subprocess.run(["make", "-s"], cwd=work, env=_clean_env(SML150_VENV=str(image)),
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout.strip().splitlines()


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_autolab_grades_a_handin_in_a_clean_image(image: Path, tmp_path: Path) -> None:
    write_solution("hw10", tmp_path / "sub")
    lines = _autolab(tmp_path, tmp_path / "sub", image)
    autoresult = json.loads(lines[-1])
    assert set(autoresult) == {"scores", "scoreboard"}
    scores = autoresult["scores"]
    assert all(re.fullmatch(r"Task \d+\.\d+", k) for k in scores)
    assert all(isinstance(v, float) for v in scores.values())
    assert sum(scores.values()) == 150.0 == autoresult["scoreboard"][0]
    # the report Autolab shows starts with the summary Gradescope's output holds
    assert any(re.fullmatch(r"hw10: 150\.0 / 150 points, (\d+) of \1 tests passed", line)
               for line in lines[:3])


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_autolab_gets_an_autoresult_when_the_grader_cannot_run(tmp_path: Path) -> None:
    write_solution("hw10", tmp_path / "sub")
    lines = _autolab(tmp_path, tmp_path / "sub", tmp_path / "no-venv")
    # no venv there: python3 from PATH, which lacks the dependencies (or is too old)
    autoresult = json.loads(lines[-1])
    assert autoresult["scores"] == {} or "grader_error" in autoresult
