r"""The SML/NJ side of one run: the driver it loads, and the transcript read back as it comes.

The driver loads the course library and the printers, then the student's declarations one by
one (``Piece``: each a top-level declaration of a student's file, in a file of its own that
keeps the declaration at its own line and column, so SML/NJ's positions are the student's and
one failing declaration, a test that raises ``Bind`` say, costs only itself), then the
structures the cases need, then each case in a file of its own. Between them it prints
markers: ``\001`` + the run's nonce + a tag + a payload + ``\002``. The nonce is drawn for each
run, so text the student's code prints is never read as a marker unless it reads the run's
files to learn it; even then it can only forge its own answers, and every answer is bounded
and checked before it is read (``Transcript``, ``_canon``).

Tags: ``L`` library loaded; ``P k`` / ``Q k`` / ``X k exn`` a piece starts, loaded, failed;
``D k`` / ``d k`` a structure of the cases starts, failed; ``C key`` a case starts (the driver),
``B`` it began (``Show.run``), ``V text`` its value, ``E name`` its exception or ``O`` it printed
too much (``ShowOut``), ``F`` its file did not compile; ``Z`` the end.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Final, final

import attrs

__all__ = ["CaseOutput", "Piece", "PieceOutcome", "Transcript", "write_driver"]

ITEM_OUTPUT: Final = 4 * 1024 * 1024
"""The most bytes one piece or case may print (its value included) before the run stops."""
PIECE_SECONDS: Final = 30.0
"""How long one of the student's declarations may take to load."""
LIBRARY_SECONDS: Final = 90.0
"""How long the course library and the printers may take to load (SML/NJ's first
autoloading included)."""


@final
@attrs.frozen
class Piece:
    """One top-level declaration of a student's file, to be loaded alone."""

    name: str
    """Its file in the run's directory (``p3.sml``)."""
    text: str
    """The file's text: the declaration where it stands, everything else blank."""
    shown: str
    """The student's file, as the report names it."""
    line: int
    """Where the declaration starts (1-based line and column)."""
    column: int
    declares: tuple[str, ...] = ()
    """The structures, functors and signatures it declares."""


@final
@attrs.frozen
class PieceOutcome:
    """How one piece loaded."""

    ok: bool
    """It compiled and ran."""
    error: str = ""
    """Its first problem, one line, in the student's terms: ``FILE:LINE:COL: Error: ...``."""
    errors: int = 0
    """How many errors SML/NJ reported for it."""
    unbound: tuple[str, ...] = ()
    """The names its errors say are unbound (``unbound functor: AlphaBeta``)."""


@final
@attrs.frozen
class CaseOutput:
    """One case on the SML side, read from the transcript."""

    began: bool
    """Its file compiled and it started."""
    out: str
    """What it printed (if it did not start: what SML/NJ said, its compile errors)."""
    value: str | None = None
    """The canonical text of its result, if it returned."""
    exc: str | None = None
    """The name of the exception it raised, if it raised."""
    problem: str = ""
    """Why it has no answer though it began (past its time, printed too much), or ``""``."""


_ERROR: Final = re.compile(
    r"^(?P<file>[^\s:]+):(?P<line>\d+)\.(?P<col>\d+)(?:-\d+\.\d+)? (?P<kind>Error): (?P<msg>.*)$",
    re.MULTILINE)
_UNBOUND: Final = re.compile(r"unbound (?:structure|functor|signature|variable or constructor|"
                             r"type constructor): ([A-Za-z][A-Za-z0-9_'.]*)")


def piece_outcome(piece: Piece, text: str, exn: str) -> PieceOutcome:
    r"""A failed piece's outcome from what SML/NJ printed while loading it.

    >>> p = Piece("p0.sml", "", "hw/las.sml", 3, 1)
    >>> piece_outcome(p, "p0.sml:4.11 Error: unbound functor: AB\n", "Error").error
    'hw/las.sml:4:11: Error: unbound functor: AB'
    >>> piece_outcome(p, "", "ExnDuringExecution").error
    'hw/las.sml:3:1: an exception was raised while loading this declaration (skipped)'
    """
    errors = [m for m in _ERROR.finditer(text) if m.group("file").endswith(piece.name)]
    if errors:
        first = errors[0]
        unbound = tuple(u for m in errors for u in _UNBOUND.findall(m.group("msg")))
        return PieceOutcome(False, f"{piece.shown}:{first.group('line')}:{first.group('col')}: "
                                   f"Error: {first.group('msg').strip()}", len(errors), unbound)
    where = f"{piece.shown}:{piece.line}:{piece.column}"
    if exn == "ExnDuringExecution":
        return PieceOutcome(False, f"{where}: an exception was raised while loading this "
                                   "declaration (skipped)")
    if exn in ("Compile", "Error"):
        syntax = re.search(r"Error: (.*)", text)
        return PieceOutcome(False, f"{where}: Error: " + (syntax.group(1).strip() if syntax
                                                           else "SML/NJ did not compile it"), 1)
    return PieceOutcome(False, f"{where}: {exn}")


def _lit(s: str) -> str:
    r"""An SML string literal of ``s`` (control characters as ``\ddd``)."""
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\{ord(ch):03d}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def write_driver(work: Path, *, library: str, hw: str, pieces: list[Piece],
                 decls: list[str], units: Mapping[str, str], skip: set[str],
                 sandboxed: bool, library_root: Path) -> str:
    """Write the run's files into ``work``; the run's nonce (the driver is ``driver.sml``).

    ``library`` is the course library's folder under the SML library root; ``skip`` names
    pieces not to load (one that never finished in an earlier run).
    """
    nonce = secrets.token_hex(8)
    root = "/sandbox/sml" if sandboxed else str(library_root)
    here = "/sandbox/work" if sandboxed else str(work)

    def mark(tag: str, payload: str = "") -> str:
        return _lit(f"\x01{nonce}{tag}{payload}\x02")

    lines = ["Control.Print.printDepth := 0;", "Control.Print.printLength := 0;",
             "Control.Print.signatures := 0;",
             f"OS.FileSys.chDir {_lit(root + '/' + library)};", 'use "load.sml";',
             f"OS.FileSys.chDir {_lit(root + '/crosscheck')};", 'use "show.sml";',
             f'use "show{hw[2:]}.sml";', f"OS.FileSys.chDir {_lit(here)};",
             f"val () = print {mark('L')};"]
    for k, piece in enumerate(pieces):
        if piece.name in skip:
            continue
        (work / piece.name).write_text(piece.text, encoding="utf-8")
        failed = f"({_lit(chr(1) + nonce + 'X' + str(k) + ' ')} ^ exnName e ^ {_lit(chr(2))})"
        lines += [f"val () = (print {mark('P', str(k))}; ShowOut.reset ());",
                  f"val () = (use {_lit(piece.name)}; print {mark('Q', str(k))}) "
                  f"handle e => print {failed};"]
    for k, decl in enumerate(decls):
        (work / f"d{k}.sml").write_text(decl, encoding="utf-8")
        lines += [f"val () = print {mark('D', str(k))};",
                  f'val () = (use "d{k}.sml") handle _ => print {mark("d", str(k))};']
    for key, text in units.items():
        (work / f"c{key}.sml").write_text(
            f"val () = Show.run {_lit(nonce)} (fn () => {text});\n", encoding="utf-8")
        lines += [f"val () = print {mark('C', key)};",
                  f'val () = (use "c{key}.sml") handle _ => print {mark("F")};']
    lines += [f"val () = print {mark('Z')};", "val () = OS.Process.exit OS.Process.success;"]
    (work / "driver.sml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return nonce


@attrs.define
class Transcript:
    """Reads a run's output as it comes: the pieces' and cases' outcomes, and when to stop.

    ``feed`` takes each chunk of output and answers why the run must stop now (a case past
    ``case_seconds``, anything printing more than ``ITEM_OUTPUT``), or ``""``.
    """

    nonce: str
    pieces: list[Piece]
    case_seconds: float
    found: dict[str, CaseOutput] = attrs.field(factory=dict)
    loaded: dict[int, PieceOutcome] = attrs.field(factory=dict)
    failed_decls: dict[int, str] = attrs.field(factory=dict)
    """A structure of the cases that did not load -> what SML/NJ said."""
    library: bool = False
    ended: bool = False
    current: tuple[str, str] = ("library", "")
    """What is running now: (``library``/``piece``/``decl``/``case``, its key)."""
    began: bool = False
    started: float = attrs.field(factory=time.monotonic)
    _pending: bytearray = attrs.field(factory=bytearray)
    _item: bytearray = attrs.field(factory=bytearray)
    stopped: str = ""
    """Why the run was stopped, or ``""``."""

    _scanned: int = 0

    def feed(self, chunk: bytes) -> str:
        """Read ``chunk``; why the run must stop now, or ``""``.

        Linear in the output: each byte is searched for a marker's start or end once.
        """
        self._pending += chunk
        prefix = b"\x01" + self.nonce.encode()
        while True:
            start = self._pending.find(prefix)
            if start == -1:
                keep = len(prefix) - 1  # a marker's first bytes may end the chunk
                self._item += self._pending[:-keep] if len(self._pending) > keep else b""
                del self._pending[:max(0, len(self._pending) - keep)]
                self._scanned = 0
                break
            if start:
                self._item += self._pending[:start]
                del self._pending[:start]
                self._scanned = 0
            end = self._pending.find(b"\x02", max(self._scanned, len(prefix)))
            if end == -1:
                self._scanned = len(self._pending)
                break
            body = bytes(self._pending[len(prefix):end])
            del self._pending[:end + 1]
            self._scanned = 0
            if body[:1] and body[:1] in b"LPQXDdCBVEOFZ":
                self._event(body[:1].decode(), body[1:].decode("utf-8", "replace"))
        if len(self._item) + len(self._pending) > ITEM_OUTPUT:
            return self._stop(f"printed more than {ITEM_OUTPUT // (1024 * 1024)} MiB")
        limit = {"library": LIBRARY_SECONDS, "piece": PIECE_SECONDS, "decl": PIECE_SECONDS,
                 "case": self.case_seconds}[self.current[0]]
        if not self.ended and time.monotonic() - self.started > limit:
            return self._stop(f"ran past its time ({limit:g} s)")
        return ""

    def _stop(self, why: str) -> str:
        self.stopped = why
        kind, key = self.current
        if kind == "case" and key not in self.found:
            self.found[key] = CaseOutput(self.began, self._text(), problem=why)
        elif kind == "piece":
            k = int(key)
            p = self.pieces[k]
            self.loaded[k] = PieceOutcome(False, f"{p.shown}:{p.line}:{p.column}: {why} while "
                                                 "loading this declaration (skipped)")
        return f"{kind} {key}: {why}".strip()

    def _text(self) -> str:
        text = self._item.decode("utf-8", "replace")
        self._item.clear()
        return text

    def _start(self, kind: str, key: str) -> None:
        self.current = (kind, key)
        self.began = False
        self.started = time.monotonic()
        self._item.clear()

    def _event(self, tag: str, payload: str) -> None:
        kind, key = self.current
        if tag == "L":
            self.library = True
            self._text()
        elif tag == "P":
            self._start("piece", payload)
        elif tag == "Q" and kind == "piece":
            self.loaded[int(key)] = PieceOutcome(True)
            self._text()
        elif tag == "X" and kind == "piece":
            exn = payload.split(" ", 1)[-1]
            self.loaded[int(key)] = piece_outcome(self.pieces[int(key)], self._text(), exn)
        elif tag == "D":
            self._start("decl", payload)
        elif tag == "d" and kind == "decl":
            self.failed_decls[int(key)] = self._text()
        elif tag == "C":
            self._start("case", payload)
        elif tag == "B" and kind == "case":
            self.began = True
            self._text()
        elif tag in "VE" and kind == "case" and self.began and key not in self.found:
            self.found[key] = CaseOutput(True, self._text(), payload if tag == "V" else None,
                                         payload if tag == "E" else None)
        elif tag == "O" and kind == "case" and self.began and key not in self.found:
            self.found[key] = CaseOutput(True, self._text(),
                                         problem="printed more than 1 MiB (stopped)")
        elif tag == "F" and kind == "case" and key not in self.found:
            self.found[key] = CaseOutput(False, self._text())
        elif tag == "Z":
            self.ended = True
            self.current = ("library", "")

    def finish(self, problem: str) -> None:
        """The run ended (``problem``: why, if early): the case or piece it was in is lost."""
        if self.stopped or self.ended:
            return
        kind, key = self.current
        why = problem or "SML/NJ ended before it answered (OS.Process.exit in the SML?)"
        if kind == "case" and key not in self.found:
            self.found[key] = CaseOutput(self.began, self._text(), problem=why)
        elif kind == "piece" and int(key) not in self.loaded:
            self._stop(why)
        self.stopped = why
