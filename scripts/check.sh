#!/usr/bin/env bash
# Every check of the project, from a fresh clone: installs what it needs into .venv, then runs
# ruff, mypy --strict over sml150 and tests, and pytest (unit, property, doctests, README).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --editable '.[dev]'
echo "== ruff check"
.venv/bin/ruff check .
echo "== mypy --strict sml150 tests"
.venv/bin/mypy --strict sml150 tests
echo "== pytest"
.venv/bin/python -m pytest "$@"
