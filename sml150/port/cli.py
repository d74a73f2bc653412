"""``sml150 port FILE.sml ... --out DIR [--hw hw10|hw11] [--force]``: SML solutions as a port.

DIR gets the homework's whole starter (``sml150 handout``), each module the SML files name
(``las.sml`` → ``las.py``) filled with their translated functions, so ``sml150 grade HW DIR``
runs on it at once. One line per module says what was ported; each function left out is one
line ``FILE:LINE:COL: name: why`` on stderr. Then, where SML/NJ is installed, each graded
function ported is crosschecked against the SML (``sml150.crosscheck.self_check``), and each
that differs is marked in place (``# port: differs from the SML on ...``); without SML/NJ one
line says nothing was checked (``--no-check``: no check). Exit status: 0 when every function
was ported (and none differs from the SML), 1 when some were left out (their stubs keep a
``# port:`` line) or differ, 2 for bad arguments (one line, never a traceback).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "las.sml").write_text("structure LookAndSay = struct fun las_wrap eq s = s end")
>>> main([str(d / "las.sml"), "--out", str(d / "py"), "--no-check"])
las.py: 1 ported, 0 left out, 0 skipped (tests, given code)
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main", "register"]

_HELP = "translate 15-150 SML solution files into a typed Python port in the starter's layout"


def register(sub: Any) -> None:
    """Add ``port`` to the ``sml150`` command's subparsers (``sub``)."""
    parser = sub.add_parser("port", help=_HELP, description=__doc__.split("\n\n")[0])
    _arguments(parser)
    parser.set_defaults(run=_run)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE.sml",
                        help="SML files; each one's name picks its starter module")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR",
                        help="where the port goes (the homework's starter files, filled in)")
    parser.add_argument("--hw", choices=["hw10", "hw11"], default=None,
                        help="the homework (default: told by the files' names and signatures)")
    parser.add_argument("--force", action="store_true",
                        help="write into DIR even if it holds files")
    parser.add_argument("--no-check", action="store_true",
                        help="do not crosscheck the port against the SML (with SML/NJ)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``sml150 port`` with ``argv``; return the exit status.

    >>> main(["nowhere.sml", "--out", "x"])
    2
    """
    parser = argparse.ArgumentParser(prog="sml150 port", description=_HELP)
    _arguments(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    return _run(args)


def _error(message: str) -> int:
    print(f"sml150: error: {message}", file=sys.stderr)
    return 2


def _run(args: argparse.Namespace) -> int:
    from sml150 import grading
    from sml150.port.module import port_standalone
    from sml150.port.parser import SmlSyntaxError
    from sml150.port.starter import guess_homework, port_module, starter_text

    files: list[Path] = args.files
    for f in files:
        if f.suffix != ".sml":
            return _error(f"{f}: not an .sml file")
        if not f.is_file():
            return _error(f"{f}: no such file")
    texts = [f.read_text(encoding="utf-8", errors="replace") for f in files]
    hw = args.hw or guess_homework([f.stem for f in files], texts)
    out: Path = args.out
    if out.exists() and (not out.is_dir() or any(out.iterdir())) and not args.force:
        return _error(f"{out} already holds files (--force writes into it)")
    try:
        if hw is None:
            print("no homework told by these files (--hw picks one): each becomes a module of "
                  "its own", file=sys.stderr)
            out.mkdir(parents=True, exist_ok=True)
        else:
            grading.write_handout(hw, out, force=True)
    except OSError as e:
        return _error(f"{out}: {e.strerror or e}")
    status = 0
    ported: list[str] = []
    for f, text in zip(files, texts, strict=True):
        try:
            if hw is not None and starter_text(hw, f.stem) is not None:
                result = port_module(hw, f.stem, text)
            else:
                result = port_standalone(text)
        except SmlSyntaxError as e:
            print(f"{f}:{e}", file=sys.stderr)
            status = 1
            continue
        (out / f"{f.stem}.py").write_text(result.text, encoding="utf-8")
        ported += result.ported
        print(f"{f.stem}.py: {len(result.ported)} ported, {len(result.failures)} left out, "
              f"{len(result.skipped)} skipped (tests, given code)")
        if result.tests is not None:
            (out / f"test_{f.stem}.py").write_text(result.tests, encoding="utf-8")
            print(f"test_{f.stem}.py: {result.tests.count('def test_')} tests from the SML's "
                  "test structures")
        for failure in result.failures:
            name, _, where = failure.partition(": ")
            print(f"{f}:{where.split(': ', 1)[0]}: {name}: {where.split(': ', 1)[-1]}",
                  file=sys.stderr)
        status = max(status, 1 if result.failures else 0)
    if hw is not None and not args.no_check:
        from sml150.crosscheck import self_check

        check = self_check(hw, files, out, ported)
        print("\n".join(check.lines))
        status = max(status, 1 if check.differ else 0)
    return status
