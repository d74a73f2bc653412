#!/usr/bin/env bash
# Every check of the project, from a fresh clone: installs what it needs into .venv (compiling
# the engine's hot paths with mypyc where a C compiler is), then runs ruff, mypy --strict over
# sml150 and tests, and pytest (unit, property, doctests, README) on the pure-Python build and
# the engine's tests again on the compiled one.
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
# The compiled build (issue 31): setup.py compiles the engine's hot paths with mypyc (the
# modules of sml150.NATIVE_MODULES), here whenever a C compiler is (then SML150_COMPILE=1: a
# failed compile fails the check; SML150_COMPILE=0 in the environment skips it), and not again
# while their sources are unchanged (sml150/_native.json). The build's own requirements go into
# the venv first (pyproject.toml's build-system), so that the editable install builds in it
# instead of in an isolated environment set up anew at every run.
if [ -z "${SML150_COMPILE+set}" ]; then
    if .venv/bin/python -c 'import shutil, sys, sysconfig
sys.exit(shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]) is None)'; then
        SML150_COMPILE=1
    else
        SML150_COMPILE=0
        echo "== no C compiler: the pure-Python build only (its tests are not run compiled)"
    fi
fi
build_mode=$SML150_COMPILE
unset SML150_COMPILE
mapfile -t build_requires < <(.venv/bin/python -c 'import tomllib
print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")')
.venv/bin/python -m pip install --quiet --disable-pip-version-check "${build_requires[@]}"
# editable_mode=compat puts the checkout on sys.path through a .pth file, which mypy and other
# type checkers follow (the default editable mode uses an import hook that they cannot see).
started=$SECONDS
SML150_COMPILE=$build_mode .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    --no-build-isolation --config-settings editable_mode=compat --editable '.[dev]'
echo "== installed in $((SECONDS - started)) s: $(.venv/bin/sml150 --version)"
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
echo "== pytest on the pure-Python build (mypy --strict runs alongside)"
set +e
SML150_COMPILE=0 .venv/bin/python -m pytest -n 2 --dist loadgroup "$@" | tee "$logs/pytest"
pytest_status=${PIPESTATUS[0]}
wait "$mypy_pid"
mypy_status=$?
# The tests of what is compiled run a second time on the compiled build (about 15 s on two
# cores): the engine's and the games' tests, `solve`'s, and the parallel searches on worker
# processes (the adapter and the games pickled to them; test_smp and test_search_jamboree).
# The compiled modules' doctests ran above, on their sources (conftest.py).
compiled_tests=(tests/search tests/games tests/test_solve.py tests/parallel/test_search_jamboree.py
                tests/parallel/test_jamboree_parallel.py)
compiled_status=0
if [ "$build_mode" = 1 ]; then
    echo "== pytest on the compiled build: ${compiled_tests[*]}"
    started=$SECONDS
    SML150_COMPILE=1 .venv/bin/python -m pytest -n 2 --dist loadgroup "${compiled_tests[@]}" \
        | tee "$logs/compiled"
    compiled_status=${PIPESTATUS[0]}
    echo "== the compiled build's tests took $((SECONDS - started)) s"
fi
set -e
echo "== mypy --strict sml150 tests"
cat "$logs/mypy"
echo "== pytest: $(tail -n 1 "$logs/pytest")"
[ "$build_mode" != 1 ] || echo "== pytest, compiled build: $(tail -n 1 "$logs/compiled")"
[ "$mypy_status" = 0 ] || exit "$mypy_status"
[ "$pytest_status" = 0 ] || exit "$pytest_status"
exit "$compiled_status"
