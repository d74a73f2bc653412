"""The same measurement on each build, pure and compiled (issue 31), in one run.

A process runs one build (``sml150.build``, chosen by ``SML150_COMPILE``), so a benchmark that
shows both runs its measurement in a child process per build: ``measure(module, args,
compiled)`` runs ``python -m <module> <args>`` with ``SML150_COMPILE`` set and reads the JSON
lines the child prints. ``compiled_build()`` says whether a compiled build can run here, and if
not, why (the figures of that build are then left out, saying so).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

BUILDS = ("pure", "compiled")
"""The two builds, in the order the tables show them."""


def _env(compiled: bool) -> dict[str, str]:
    return {**os.environ, "SML150_COMPILE": "1" if compiled else "0"}


def compiled_build() -> tuple[bool, str]:
    """``(True, what)`` when a compiled build can run here, else ``(False, why not)``.

    >>> ok, words = compiled_build()
    >>> isinstance(ok, bool) and isinstance(words, str)
    True
    """
    code = "import sml150; print(sml150.build().describe())"
    p = subprocess.run([sys.executable, "-c", code], env=_env(True), capture_output=True,
                       text=True, cwd=ROOT, check=False)
    if p.returncode == 0:
        return True, p.stdout.strip()
    lines = p.stderr.strip().splitlines()
    return False, lines[-1] if lines else f"exit status {p.returncode}"


def measure(module: str, args: list[str], compiled: bool) -> list[dict[str, Any]]:
    """The JSON lines ``python -m module args`` prints on the build asked for.

    Its other output (stderr) passes through; a failed child raises ``RuntimeError``.
    """
    p = subprocess.run([sys.executable, "-m", module, *args], env=_env(compiled),
                       stdout=subprocess.PIPE, text=True, cwd=ROOT, check=False)
    if p.returncode != 0:
        raise RuntimeError(f"{module} {' '.join(args)} failed on the"
                           f" {BUILDS[compiled]} build (status {p.returncode})")
    return [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]


def emit(record: dict[str, Any]) -> None:
    """Print one JSON line for ``measure`` (a child's result)."""
    print(json.dumps(record), flush=True)
