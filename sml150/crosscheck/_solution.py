"""A student's SML solution as crosscheck loads it: its files, roles, library and pieces.

The handout names the structures and functors a solution writes (HW10's ``LookAndSay``,
``TicTacToe``, ``AlphaBeta``, ``Jamboree``; HW11's ``GraphSeq``, ``Riskless``, ...), but
students name them as they like (``structure Graphs``) and put them in files of their own
choosing. So a role is found by what a module defines (``Role.marks``: a structure with
``look_and_say``; a functor with ``splitMoves``), preferring, among modules that fit as well,
the handout's name, then the handout's file, then the first. Values a file defines at its
top level, outside any structure, stand in for a structure role when no structure has them
(a wrapper structure is declared for them).

The files: every ``.sml`` file under the solution's folder (not under ``lib*``, ``fair``,
hidden or test folders) that holds a role, and the files they need (a structure, functor or
signature they use that the course library does not define), in an order where each comes
after what it uses (the handout's order otherwise). Each role module's own signature
constraint is blanked (``_smltext.unseal``), and each file is cut into its top-level
declarations (``_driver.Piece``), at their own lines and columns.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Final, final

import attrs

from sml150.crosscheck._driver import Piece
from sml150.crosscheck._library import LibraryChoice, choose_library, library_names
from sml150.crosscheck._smltext import Module, Scan, scan, tokens, unseal

__all__ = ["ROLES", "Role", "Solution", "read_solution"]


@final
@attrs.frozen
class Role:
    """A structure or functor the handout asks for."""

    name: str
    """The handout's name (what the cases call it)."""
    kind: str
    """``structure`` or ``functor``."""
    file: str
    """The handout's file for it."""
    marks: frozenset[str]
    """Values that tell it: a module is a candidate when it defines at least one."""
    values: frozenset[str]
    """The values the cases use (a candidate defining more of them is preferred)."""


def _role(name: str, kind: str, file: str, marks: str, values: str) -> Role:
    return Role(name, kind, file, frozenset(marks.split()), frozenset((marks + " " +
                                                                       values).split()))


def _searches(marks: str, values: str) -> tuple[Role, Role]:
    """Jamboree, then AlphaBeta (its ``marks`` and ``values``): Jamboree adds ``splitMoves``.

    Jamboree's ``next_move`` is AlphaBeta's, so it defines all AlphaBeta does.
    """
    return (_role("Jamboree", "functor", "jamboree.sml", "splitMoves", f"{marks} {values}"),
            _role("AlphaBeta", "functor", "alphabeta.sml", marks, values))


ROLES: Final = {
    "hw10": (
        _role("LookAndSay", "structure", "las.sml", "look_and_say las_wrap", ""),
        _role("TicTacToe", "functor", "tictactoe.sml", "make_move moves",
              "start is_valid_move status estimate O X data_to_start_state"),
        *_searches("next_move", "search evaluate compareAB Bound NEGINF POSINF"),
    ),
    "hw11": (
        _role("GraphSeq", "structure", "graphseq.sml",
              "to_list get_neighbors from_edge_seq is_undirected", ""),
        _role("Riskless", "functor", "riskless.sml", "make_move moves",
              "start status estimate B T"),
        *_searches("next_move F G", "initialAB Step Leaf"),
    ),
}
"""Per homework, the roles in the order they are assigned (Jamboree, which also defines
``next_move``, before AlphaBeta)."""

HANDOUT_FILES: Final = {
    "hw10": ("las.sml", "tictactoe.sml", "alphabeta.sml", "jamboree.sml"),
    "hw11": ("graphseq.sml", "riskless.sml", "alphabeta.sml", "jamboree.sml"),
}
"""The handouts' file names, in their load order."""

_SKIPPED_DIRS: Final = ("lib", "fair", "test", ".")


@final
@attrs.frozen
class SmlFile:
    """One of the student's files."""

    path: Path
    """Where it is."""
    shown: str
    """How reports name it (as the user named the folder, then the file)."""
    text: str
    """Its text."""
    scan: Scan
    """What it declares and uses."""


@final
@attrs.frozen
class Solution:
    """What crosscheck loads of a student's solution, and what it found."""

    hw: str
    library: LibraryChoice
    """The course library loaded first."""
    files: tuple[SmlFile, ...]
    """The student's files loaded, in order."""
    names: dict[str, str]
    """Handout name -> the student's module that plays it (as SML names it)."""
    found: dict[str, str]
    """Handout name -> where it was found (``GraphSeq``: ``structure Graphs in g.sml:1``)."""
    missing: tuple[str, ...]
    """Roles no file defines."""
    pieces: tuple[Piece, ...]
    """The files' top-level declarations, in load order."""
    wrappers: tuple[str, ...]
    """Structures declared for roles the files define at their top level."""
    owners: dict[str, str]
    """Handout name -> the piece (its file name) that declares its module."""


def _student_files(sml_dir: Path) -> list[Path]:
    found = []
    for p in sorted(sml_dir.rglob("*.sml")):
        rel = p.relative_to(sml_dir).parts
        if any(part.startswith(_SKIPPED_DIRS) for part in rel[:-1]):
            continue
        if p.is_file() and not p.is_symlink():
            found.append(p)
    return found


def _values(m: Module, modules: dict[str, Module]) -> frozenset[str]:
    """A module's values, with those of the modules it opens or applies (declared here)."""
    out, seen, todo = set(m.values), {m.name}, [*m.opens, m.applies]
    while todo:
        n = todo.pop()
        if n and n not in seen and n in modules:
            seen.add(n)
            out |= modules[n].values
            todo += [*modules[n].opens, modules[n].applies]
    return frozenset(out)


def _assign(hw: str, files: list[SmlFile]) -> tuple[dict[str, tuple[SmlFile, Module]],
                                                     dict[str, tuple[SmlFile, set[str]]]]:
    """Each role's module (or top-level values standing for a structure), by what it defines."""
    modules = {m.name: m for f in files for m in f.scan.modules}
    order = {f.path: i for i, f in enumerate(files)}
    taken: set[tuple[Path, str]] = set()
    chosen: dict[str, tuple[SmlFile, Module]] = {}
    top: dict[str, tuple[SmlFile, set[str]]] = {}
    for role in ROLES[hw]:
        best: tuple[tuple[int, ...], SmlFile, Module] | None = None
        for f in files:
            for m in f.scan.modules:
                if m.kind != role.kind or (f.path, m.name) in taken or m.depth > 1:
                    continue
                vals = _values(m, modules)
                if not vals & role.marks:
                    continue
                key = (-len(vals & role.values), m.name.rsplit(".", 1)[-1] != role.name,
                       f.path.name != role.file, m.depth, order[f.path], m.line)
                if best is None or key < best[0]:
                    best = (key, f, m)
        if best is not None:
            taken.add((best[1].path, best[2].name))
            chosen[role.name] = (best[1], best[2])
        elif role.kind == "structure":
            for f in files:
                has = set(f.scan.top_values & role.values)
                if has & role.marks and len(has) > len(top.get(role.name, (f, set()))[1]):
                    top[role.name] = (f, has)
    return chosen, top


def _needs(f: SmlFile, library: frozenset[str]) -> set[str]:
    """The modules and signatures a file uses that neither it nor the library declares."""
    own = {m.name for m in f.scan.modules} | f.scan.signatures
    used = {r.split(".")[0] for r in f.scan.refs} | {m.applies for m in f.scan.modules}
    return {n for n in used if n and n not in own and n not in library}


def _declared(f: SmlFile) -> set[str]:
    return {m.name for m in f.scan.modules if m.depth == 0} | f.scan.signatures


def _load_order(hw: str, roots: list[SmlFile], files: list[SmlFile],
                library: frozenset[str], roles: dict[Path, list[str]]) -> list[SmlFile]:
    """The role files and the files they need, each after the files it needs.

    Otherwise in the handout's order: a file ranks as the handout's file of the first role it
    holds (``graph.sml`` holding ``GraphSeq`` as ``graphseq.sml``), or by its own name.
    """
    by_name: dict[str, SmlFile] = {}
    for f in files:
        for n in _declared(f):
            by_name.setdefault(n, f)
    chosen: dict[Path, SmlFile] = {}
    todo = list(roots)
    while todo:
        f = todo.pop()
        if f.path in chosen:
            continue
        chosen[f.path] = f
        todo += [by_name[n] for n in _needs(f, library) if n in by_name]
    rank = {name: i for i, name in enumerate(HANDOUT_FILES[hw])}
    role_file = {r.name: r.file for r in ROLES[hw]}

    def key(f: SmlFile) -> tuple[int, str]:
        held = [rank[role_file[r]] for r in roles.get(f.path, [])]
        return min([*held, rank.get(f.path.name, len(rank))]), str(f.path)

    pending = sorted(chosen.values(), key=key)
    out: list[SmlFile] = []
    while pending:  # the first whose needs are loaded (or, in a cycle, the first)
        ready = next((f for f in pending
                      if all(by_name[n] in out or by_name[n] is f
                             for n in _needs(f, library) if n in by_name)), pending[0])
        out.append(ready)
        pending.remove(ready)
    return out


def _pieces(files: Iterable[SmlFile], sealed: dict[Path, list[tuple[int, int]]]) -> list[Piece]:
    """Each file's top-level declarations, each in a text of its own at its own place."""
    pieces: list[Piece] = []
    for f in files:
        text = unseal(f.text, sealed.get(f.path, []))
        starts = list(f.scan.starts) or [0]
        bounds = [0, *starts[1:], len(text)]
        declared = [(m.name, m.start) for m in f.scan.modules if m.depth == 0] + list(
            f.scan.signature_at)
        for a, b in itertools.pairwise(bounds):
            toks = tokens(text[a:b])
            if not toks:
                continue
            at = a + toks[0].start
            body = "".join(c if c == "\n" else " " for c in text[:a]) + text[a:b]
            line = text.count("\n", 0, at) + 1
            column = at - (text.rfind("\n", 0, at) + 1) + 1
            pieces.append(Piece(f"p{len(pieces)}.sml", body + "\n", f.shown, line, column,
                                tuple(n for n, s in declared if a <= s < b)))
    return pieces


def read_solution(hw: str, sml_dir: Path, library: str | None = None,
                  shown_dir: str | None = None) -> Solution:
    """The solution in ``sml_dir`` as crosscheck loads it (reads the files; never runs them).

    ``shown_dir`` is how reports name the folder (default: ``sml_dir`` as given).
    REQUIRES: ``library`` is None or an offering of ``_library.LIBRARIES[hw]``.
    """
    shown_dir = str(sml_dir) if shown_dir is None else shown_dir
    files = []
    for p in _student_files(sml_dir):
        text = p.read_text(encoding="utf-8", errors="replace")
        rel = p.relative_to(sml_dir).as_posix()
        files.append(SmlFile(p, f"{shown_dir.rstrip('/')}/{rel}", text, scan(text)))
    chosen, top = _assign(hw, files)
    roots_by_path = {f.path: f for f, _ in chosen.values()} | {
        f.path: f for f, _ in top.values()}
    choice = choose_library(hw, [f.scan for f in roots_by_path.values()] or
                            [f.scan for f in files], library)
    lib = library_names(choice.folder).names
    held: dict[Path, list[str]] = {}
    for role, (f, _) in [*chosen.items(), *top.items()]:
        held.setdefault(f.path, []).append(role)
    ordered = _load_order(hw, list(roots_by_path.values()), files, lib, held)
    sealed: dict[Path, list[tuple[int, int]]] = {}
    for f, m in chosen.values():
        sealed.setdefault(f.path, []).extend(m.sealed)
    pieces = _pieces(ordered, sealed)
    names: dict[str, str] = {}
    found: dict[str, str] = {}
    owners: dict[str, str] = {}
    for role, (f, m) in chosen.items():
        names[role] = m.name
        found[role] = f"{m.kind} {m.name} in {f.shown}:{m.line}"
        owners[role] = next((p.name for p in pieces if p.shown == f.shown and
                             m.name.split(".")[0] in p.declares), "")
    wrappers = []
    for role, (f, has) in top.items():
        names[role] = f"Crosscheck_{role}"
        found[role] = f"top-level values {', '.join(sorted(has))} in {f.shown}"
        body = " ".join(f"val {v} = {v}" for v in sorted(has) if v[:1].islower())
        wrappers.append(f"structure Crosscheck_{role} = struct {body} end\n")
    missing = tuple(r.name for r in ROLES[hw] if r.name not in names)
    return Solution(hw, choice, tuple(ordered), names, found, missing, tuple(pieces),
                    tuple(wrappers), owners)
