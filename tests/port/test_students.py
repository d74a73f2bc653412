"""The shapes of real students' files (issue 27), in the starter's layout: each snippet is our
own SML, ported with ``port_module`` next to the homework's starter and run in a fresh Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sml150.grading.toolkit import homework
from sml150.port.starter import port_module, starter_text


def _port(hw: str, tmp: Path, files: dict[str, str]) -> dict[str, list[str]]:
    """Write ``hw``'s starter into ``tmp``, port ``files`` over it; each file's failures."""
    for spec in homework(hw)[0]:
        (tmp / f"{spec.name}.py").write_text(starter_text(hw, spec.name) or "", encoding="utf-8")
    failures: dict[str, list[str]] = {}
    for name, sml in files.items():
        result = port_module(hw, name, sml)
        failures[name] = result.failures
        (tmp / f"{name}.py").write_text(result.text, encoding="utf-8")
        if result.tests is not None:
            (tmp / f"test_{name}.py").write_text(result.tests, encoding="utf-8")
    return failures


def _run(tmp: Path, code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


_TTT = """
functor TicTacToe (Settings : TTTCONSTS) : ESTGAME =
struct
  structure Seq = BetterSeq (Seq)
  open Seq
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play
  structure Est : EST = Estimate
  datatype entry = O | X
  type tile = entry option
  type board = tile seq seq
  type state = board * player
  type location = int * int
  type move = entry * location
  exception OffBoard
  val n = Settings.board_size
  val start : state = (tabulate (fn _ => tabulate (fn _ => NONE) n) n, Maxie)
  fun at (b : board) (r, c) = if r < 0 orelse r >= n then raise OffBoard else nth c (nth r b)
  fun full (s : state) = let val (b, _) = s in
      reduce (fn (x, y) => x andalso y) true (map (fn row => reduce (fn (x, y) => x andalso y)
        true (map isSome row)) b) end
  fun status (s : state) : status = if full s then Over (Winner Minnie) else In_play
  fun is_valid_move (s : state, (e, (r, c)) : move) : bool =
      let val (b, p) = s
      in (at b (r, c) = NONE handle OffBoard => false)
         andalso (case p of Maxie => e = O | Minnie => e = X) end
  fun make_move (s : state, (e, (r, c)) : move) : state =
      case s of (b, p) =>
        (insert (insert (SOME e) (nth r b) c) b r, case p of Maxie => Minnie | Minnie => Maxie)
  fun moves (s : state) : move seq =
      let val (b, p) = s
          val e = case p of Maxie => O | Minnie => X
      in extractSomes (flatten (mapIdx (fn (row, r) =>
           mapIdx (fn (t, c) => case t of NONE => SOME (e, (r, c)) | SOME _ => NONE) row) b))
      end
  fun estimate (s : state) : Est.est = case status (#1 s, #2 s) of
      Over _ => Est.MinnieWins
    | In_play => Est.Guess (length (moves s))
end
"""


def test_a_2016_tictactoe_state_is_the_starters_record(tmp_path: Path) -> None:
    assert _port("hw10", tmp_path, {"tictactoe": _TTT}) == {"tictactoe": []}
    out = _run(tmp_path, "from tictactoe import TicTacToe, TTTConsts, O, X\n"
               "g = TicTacToe(TTTConsts(board_size=2))\n"
               "s = g.make_move(g.start, (O, (0, 1)))\n"
               "print(len(g.moves(s)), g.is_valid_move(s, (X, (0, 1))),"
               " g.is_valid_move(s, (X, (5, 5))), g.is_valid_move(s, (X, (1, 1))),"
               " g.estimate(s), g.status(s))")
    assert out == "3 False False True Guess(n=3) In_play()"


_AB = """
functor AlphaBeta (Settings : sig structure G : ESTGAME val search_depth : int end) : PLAYER =
struct
  exception NYI
  structure Game = Settings.G
  structure G = Game
  type edge = G.move * G.est
  datatype bound = NEGINF | Bound of G.est | POSINF
  type alphabeta = bound * bound
  datatype orderAB = BELOW | INTERIOR | ABOVE
  fun lesseq (x : G.est, y : G.est) : bool =
      x = y orelse case (x, y) of (G.Est.MinnieWins, _) => true
                                | (_, G.Est.MaxieWins) => true
                                | (G.Est.Guess a, G.Est.Guess b) => a <= b
                                | _ => false
  fun compareAB (a, b) v =
      case (a, b) of
          (NEGINF, POSINF) => INTERIOR
        | (Bound x, _) => if lesseq (v, x) then BELOW else INTERIOR
        | (_, Bound y) => if lesseq (y, v) then ABOVE else INTERIOR
        | _ => raise NYI
  fun maxisearch d s ab moves best =
      case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, rest) => maxisearch d s ab rest (SOME (m, G.estimate (G.make_move (s, m))))
  and search d ab s = maxisearch d s ab (G.moves s) NONE
  and evaluate (d : int) (ab : alphabeta) (s : G.state) : G.est = G.estimate s
  fun next_move s = case search Settings.search_depth (NEGINF, POSINF) s of
                        SOME (m, _) => m
                      | NONE => raise Fail "no move"
end
"""


def test_own_exceptions_helpers_and_another_parameter_order(tmp_path: Path) -> None:
    assert _port("hw10", tmp_path, {"alphabeta": _AB}) == {"alphabeta": []}
    out = _run(tmp_path, "from alphabeta import compare_ab, NEGINF, POSINF, Bound\n"
               "from sml150.lib.est import Guess\n"
               "print(compare_ab((NEGINF(), POSINF()), Guess(3)),"
               " compare_ab((Bound(Guess(5)), POSINF()), Guess(3)))\n"
               "try:\n    compare_ab((POSINF(), NEGINF()), Guess(1))\n"
               "except Exception as e:\n    print(type(e).__name__)")
    assert out == "OrderAB.INTERIOR OrderAB.BELOW\nNYI"


_RISKLESS = """
functor M1 (P : Printer) : MAP =
struct
  val board = Seq.empty ()
  fun board_to_string (s : string Seq.seq) : string = ""
  val min_start = 0 val max_start = 3 val max_terri = 9 val max_units = 40
end

functor Riskless (Dim : MAP) : GAME =
struct
  open Seq
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player | Draw
  datatype status = Over of outcome | In_play
  datatype position = Min of int | Max of int | Empty
  datatype territory = T of string * position
  datatype gstate = B of (territory * int seq) seq * player
  type state = gstate
  val start : state = B (Seq.empty (), Maxie)
  fun player (B (_, p) : state) : player = p
  fun status (B (b, p) : state) : status =
      if length b = 0 then Over (Winner Minnie) else In_play
end

structure RL1 = Riskless (M1 (P))

structure TestRiskless =
struct
  open Seq
  val In_play = RL1.status (RL1.start)
  val RL1.Maxie = RL1.player RL1.start
end
"""


def test_given_maps_are_skipped_and_the_tests_apply_the_functor(tmp_path: Path) -> None:
    result = port_module("hw11", "riskless", _RISKLESS)
    assert not result.failures and "status" in result.ported
    assert any("M1 (given code)" in s for s in result.skipped)
    assert result.tests is not None and "RL1 = Riskless(M1)" in result.tests
    _port("hw11", tmp_path, {"riskless": _RISKLESS})
    out = _run(tmp_path, "import test_riskless as t\n"
               "for name in dir(t):\n"
               "    if name.startswith('test_'):\n"
               "        getattr(t, name)()\n"
               "print('ok')")
    assert out == "ok"


_INT_EST = """
functor Riskless (Dim : MAP) : GAME =
struct
  datatype player = Minnie | Maxie
  datatype position = Min of int | Max of int | Empty
  datatype territory = T of string * position
  datatype gstate = B of (territory * int Seq.seq) Seq.seq * player
  type state = gstate
  fun estimate (B (b, _) : state) =
      Seq.reduce (fn (x, y) => x + y) 0
        (Seq.map (fn (T (_, Max k), _) => k | (T (_, Min k), _) => ~k | _ => 0) b)
end
"""


def test_an_hw11_estimate_written_as_an_int_is_a_guess(tmp_path: Path) -> None:
    # The 2013 library's Estimate is a transparent int; the port's estimates are Est values.
    assert _port("hw11", tmp_path, {"riskless": _INT_EST}) == {"riskless": []}
    out = _run(tmp_path, "from riskless import Riskless, M1, B, T, Max, Min\n"
               "from sml150.lib.seq import Seq\n"
               "from sml150.lib.signatures import Maxie\n"
               "s = B(Seq.from_list([(T('a', Max(3)), Seq.empty()), (T('b', Min(1)),"
               " Seq.empty())]), Maxie)\n"
               "print(Riskless(M1).estimate(s))")
    assert out == "Guess(n=2)"


def test_a_state_rebuilt_from_its_own_fields_is_the_state_itself() -> None:
    # HW10's estimator must make no state: `status (b, p)` of s's own b and p passes s.
    sml = _TTT.replace("""  fun estimate (s : state) : Est.est = case status (#1 s, #2 s) of""",
                       """  fun estimate (s : state) : Est.est = let val (b, p) = s in
      case status (b, p) of""").replace(
        "    | In_play => Est.Guess (length (moves s))\nend",
        "    | In_play => Est.Guess (length (moves s)) end\nend")
    result = port_module("hw10", "tictactoe", sml)
    assert not result.failures, result.failures
    assert "self.status(s)" in result.text and "TTTState(b, p)" not in result.text
