"""Reading a student's SML without running it: sealing, roles, the library, pieces, transcripts.

No SML/NJ needed: these are the parts of crosscheck that decide what SML/NJ is given and how
what it prints is read back.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sml150.crosscheck._canon import CanonError, parse_value
from sml150.crosscheck._driver import ITEM_OUTPUT, Transcript
from sml150.crosscheck._library import choose_library
from sml150.crosscheck._smltext import scan, tokens, unseal
from sml150.crosscheck._solution import read_solution

SEALS = [
    # (text, what the unsealed text must read, the rest unchanged)
    ("structure G :> GRAPH = struct fun to_list s = s end", "structure G = struct"),
    ("structure G : GRAPH where type t = int = struct end", "structure G = struct end"),
    ("structure G : GRAPH where type t = int * (int -> bool) and type u = string = struct end",
     "structure G = struct end"),
    ("structure G : sig val f : int -> int end where type t = int = struct end",
     "structure G = struct end"),
    ("functor F (S : sig structure G : GAME val d : int end) : PLAYER = struct end",
     "functor F (S : sig structure G : GAME val d : int end) = struct end"),
    ("functor F (S : SETTINGS) :> PLAYER where type Game.move = int * int\n= struct end",
     "functor F (S : SETTINGS)\n= struct end"),
    ("functor F (Dim : MAP) : GAME (* : NOT = *) where type move = int = struct end",
     "functor F (Dim : MAP) = struct end"),
    ('structure S = struct val x = "a : B = c" end :> T',
     'structure S = struct val x = "a : B = c" end'),
    ("functor F (X : A) : B where S = X.S = struct end", "functor F (X : A) = struct end"),
]


@pytest.mark.parametrize(("text", "want"), SEALS)
def test_every_sealing_is_blanked_in_place(text: str, want: str) -> None:
    out = unseal(text)
    assert len(out) == len(text) and out.count("\n") == text.count("\n")
    squeezed = " ".join(out.replace("(* : NOT = *)", "").split(" "))
    while "  " in squeezed:
        squeezed = squeezed.replace("  ", " ")
    assert squeezed.replace(" \n", "\n").startswith(want), squeezed


def test_a_scan_never_fails_on_broken_or_odd_text() -> None:
    for text in ("", "end end )", "structure", "functor F (", '"unterminated', "(* open",
                 "val x = #\"\\\"\" : char", "structure S = struct (* end *) val end = 1"):
        s = scan(text)
        assert unseal(text) is not None and isinstance(s.modules, tuple)


def test_structures_are_found_by_what_they_define(tmp_path: Path) -> None:
    sol = read_solution("hw11", _write(tmp_path, {
        "graph.sml": "structure Graphs : GRAPHPROBLEMS = struct fun to_list s = []\n"
                     "  fun get_neighbors g u = g fun from_edge_seq e n = e end",
        "game/risk.sml": "functor MyGame (Dim : MAP) : GAME where type move = int * int =\n"
                         "struct fun moves s = s fun make_move (s, m) = s val start = 0 end",
        "ab.sml": "functor Search (S : SETTINGS) : PLAYER = struct\n"
                  "  fun F d s ab = ab fun G d s ab = ab fun next_move s = s end",
        "jam.sml": "functor Parallel (S : SETTINGS) = struct\n"
                   "  fun splitMoves s = s fun F d s ab = ab fun next_move s = s end",
        "tests.sml": "structure T = struct val true = 1 = 1 end",
    }))
    assert sol.names == {"GraphSeq": "Graphs", "Riskless": "MyGame", "Jamboree": "Parallel",
                         "AlphaBeta": "Search"}
    assert not sol.missing
    assert [f.path.name for f in sol.files] == ["graph.sml", "risk.sml", "ab.sml", "jam.sml"]
    graphs = next(p for p in sol.pieces if "Graphs" in p.declares)
    assert ": GRAPHPROBLEMS" not in graphs.text and "where type" not in next(
        p for p in sol.pieces if "MyGame" in p.declares).text


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_top_level_functions_stand_in_for_a_structure(tmp_path: Path) -> None:
    sol = read_solution("hw10", _write(tmp_path, {
        "las.sml": "fun look_and_say eq s = s\nfun las_wrap eq s = s\n"}))
    assert sol.names["LookAndSay"] == "Crosscheck_LookAndSay"
    assert sol.wrappers == ("structure Crosscheck_LookAndSay = struct val las_wrap = las_wrap "
                            "val look_and_say = look_and_say end\n",)
    assert set(sol.missing) == {"TicTacToe", "AlphaBeta", "Jamboree"}


def test_pieces_keep_each_declaration_at_its_line_and_column(tmp_path: Path) -> None:
    text = ("(* header *)\nstructure A =\nstruct val x = 1 end\n\n  val true = A.x = 2\n"
            "structure LookAndSay = struct fun look_and_say e s = s end\n")
    sol = read_solution("hw10", _write(tmp_path, {"las.sml": text}))
    assert [(p.line, p.column, p.declares) for p in sol.pieces] == [
        (2, 1, ("A",)), (5, 3, ()), (6, 1, ("LookAndSay",))]
    for p in sol.pieces:  # the same text where it stands, blanks elsewhere
        lines = p.text.splitlines()
        assert lines[p.line - 1][p.column - 1:] == text.splitlines()[p.line - 1][p.column - 1:]
        assert not tokens("\n".join(lines[:p.line - 1]))  # comments at most


def test_the_library_is_chosen_from_the_files_and_can_be_forced() -> None:
    bs = scan("structure Seq = BetterSeq (Seq) val x = Ansi.reset")
    curried = scan("val s = Seq.cons 1 (Seq.append s t) val n = Seq.nth 0 s")
    tupled = scan("val s = Seq.cons (1, s)")
    plain = scan("fun f x = x")
    assert choose_library("hw10", [bs]).offering == "2016"
    assert choose_library("hw10", [tupled]).offering == "project"
    assert choose_library("hw11", [curried]).offering == "2013"
    assert choose_library("hw11", [plain]).why.startswith("nothing in the files tells")
    assert choose_library("hw10", [tupled], "2016").offering == "2016"
    # deterministic: the same files, the same choice and reasons
    assert {choose_library("hw10", [bs, tupled]) for _ in range(5)} == {
        choose_library("hw10", [bs, tupled])}


def _marker(nonce: str, tag: str, payload: str = "") -> bytes:
    return f"\x01{nonce}{tag}{payload}\x02".encode()


def test_the_transcript_reads_markers_in_any_chunks_and_ignores_forged_ones() -> None:
    nonce = "0123456789abcdef"
    data = (_marker(nonce, "L") + _marker(nonce, "C", "1.0") + _marker(nonce, "B")
            + b"Estimating state a[1]\n" + b"\x01E\x1b[2J\x02" + _marker("f" * 16, "V", "9")
            + _marker(nonce, "V", "<1, 2>") + _marker(nonce, "C", "2.0") + _marker(nonce, "F")
            + _marker(nonce, "Z"))
    for size in (1, 3, 7, len(data)):
        t = Transcript(nonce, [], 10.0)
        for i in range(0, len(data), size):
            assert t.feed(data[i:i + size]) == ""
        assert t.library and t.ended
        assert t.found["1.0"].value == "<1, 2>" and t.found["1.0"].began
        assert "Estimating state a[1]" in t.found["1.0"].out
        assert not t.found["2.0"].began


def test_the_transcript_stops_a_case_that_prints_too_much_in_bounded_memory() -> None:
    nonce = "0123456789abcdef"
    t = Transcript(nonce, [], 10.0)
    t.feed(_marker(nonce, "L") + _marker(nonce, "C", "1.0") + _marker(nonce, "B"))
    t.feed(_marker(nonce, "V", "<")[:-1])  # a value that never ends
    chunk = b"7" * (1 << 20)
    why = ""
    fed = 0
    while not why:
        why = t.feed(chunk)
        fed += len(chunk)
    assert why == "case 1.0: printed more than 4 MiB" and fed <= ITEM_OUTPUT + len(chunk)
    assert t.found["1.0"].problem == "printed more than 4 MiB"


def test_a_deep_or_huge_value_is_refused_before_it_is_parsed() -> None:
    for text, why in (("[" * 5000 + "]" * 5000, "nested deeper than 100 levels"),
                      ("<" + "(1, " * 5000 + "1" + ")" * 5000 + ">", "nested deeper"),
                      ('"' + "x" * (16 * 1024 * 1024) + '"', "longer than")):
        start = time.monotonic()
        with pytest.raises(CanonError, match=why):
            parse_value(text, {})
        assert time.monotonic() - start < 2
    assert parse_value("[" * 100 + "]" * 100, {}) is not None
