#!/usr/bin/env bash
# Every check of the project, from a fresh clone: installs what it needs into .venv, then runs
# ruff, mypy --strict over sml150 and tests, and pytest (unit, property, doctests, README).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}

# The grader's sandbox is bubblewrap (Debian/Ubuntu package `bubblewrap`); its tests need it.
if ! command -v bwrap >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing bubblewrap (apt-get) for the grader's sandbox"
        apt-get update -qq >/dev/null && apt-get install -y -qq bubblewrap >/dev/null
    else
        echo "== bubblewrap (bwrap) is missing and cannot be installed here (not root with apt):"
        echo "   the grader's sandbox tests will be skipped; install it with your package manager"
        echo "   (apt install bubblewrap, dnf install bubblewrap, pacman -S bubblewrap)."
    fi
fi

# SML/NJ (Debian package `smlnj`) runs the faithful-port fixtures' SML solutions again; the
# tests that need it skip with a reason when it cannot be had.
if ! command -v sml >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing SML/NJ (apt-get smlnj) to rerun the SML solutions of the fixtures"
        { apt-get update -qq >/dev/null && apt-get install -y -qq smlnj >/dev/null; } \
            || echo "   (smlnj could not be installed: those tests will be skipped)"
    else
        echo "== SML/NJ (sml) is missing and cannot be installed here (not root with apt):"
        echo "   the tests that rerun the SML solutions will be skipped (apt install smlnj)."
    fi
fi

# Chromium (Debian package `chromium`) opens the drawn searches' HTML page headless in
# tests/draw/test_page_browser.py; that test skips with a reason when it cannot be had.
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing Chromium (apt-get chromium) to open the drawn searches' page"
        { apt-get update -qq >/dev/null \
            && apt-get install -y -qq --no-install-recommends chromium >/dev/null; } \
            || echo "   (chromium could not be installed: the page's browser test will be skipped)"
    else
        echo "== Chromium is missing and cannot be installed here (not root with apt):"
        echo "   the drawn page's browser test will be skipped (apt install chromium)."
    fi
fi

if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
# editable_mode=compat puts the checkout on sys.path through a .pth file, which mypy and other
# type checkers follow (the default editable mode uses an import hook that they cannot see).
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
    --config-settings editable_mode=compat --editable '.[dev]'
# The suite starts a few hundred Python processes (CLI commands, pool and sandbox workers); with
# bytecode caches they compile the library once instead of each time (about 20 s of the run on
# two cores), so a PYTHONDONTWRITEBYTECODE in the environment is not kept here. The caches go
# to __pycache__ folders, which git ignores.
unset PYTHONDONTWRITEBYTECODE
echo "== ruff check"
.venv/bin/ruff check .
# mypy (one core, ~20 s) runs alongside pytest, at a lower priority, to use the moments the
# test workers wait on sandboxes and subprocesses; its output is printed after the tests.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
nice -n 5 .venv/bin/mypy --strict sml150 tests > "$logs/mypy" 2>&1 &
mypy_pid=$!
echo "== pytest (mypy --strict runs alongside)"
set +e
.venv/bin/python -m pytest -n 2 --dist loadgroup "$@" | tee "$logs/pytest"
pytest_status=${PIPESTATUS[0]}
wait "$mypy_pid"
mypy_status=$?
set -e
echo "== mypy --strict sml150 tests"
cat "$logs/mypy"
echo "== pytest: $(tail -n 1 "$logs/pytest")"
[ "$mypy_status" = 0 ] || exit "$mypy_status"
exit "$pytest_status"
