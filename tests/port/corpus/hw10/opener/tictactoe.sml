functor TicTacToe(Settings : TTTCONSTS) : ESTGAME =
struct

(* Make our sequences better! *)
structure Seq = BetterSeq(Seq)
open Seq

datatype player = Minnie | Maxie
datatype outcome = Winner of player
datatype status = Over of outcome | In_play

(* NONE means no entry yet, SOME(e) means a tile has entry e *)
exception IllegalMove
datatype entry = O | X
type tile = entry option
type board = tile seq seq
type state = board * player
type location = int * int
type move = entry * location

structure Est : EST = Estimate
type est = Est.est

val n = Settings.board_size

(* Task 5.1: an n x n board of empty tiles, Maxie to move *)
val start : state = (tabulate (fn _ => tabulate (fn _ => NONE) n) n, Maxie)

(* Don't worry about this one *)
fun data_to_start_state _ = start

val move_eq = (op =)

(* other_player : player -> player *)
fun other_player (p : player) =
    case p of
      Maxie => Minnie
    | Minnie => Maxie

(* piece_of : player -> entry
 * ENSURES: piece_of Maxie ==> O, piece_of Minnie ==> X *)
fun piece_of Maxie = O
  | piece_of Minnie = X

(* is_valid_move : state * move -> bool
 * REQUIRES: true
 * ENSURES: is_valid_move (s, m) ==> true iff m puts the mover's piece on an empty tile of
 *          the board *)
fun is_valid_move (s : state, m : move) : bool =
    let
      val (b, player) = s
      val (piece, (row, col)) = m
    in
      case (row < 0 orelse col < 0 orelse row >= n orelse col >= n,
            piece = piece_of player) of
        (true, _) => false
      | (_, false) => false
      | (false, true) => (case nth col (nth row b) of
                            NONE => true
                          | SOME _ => false)
    end

val true = is_valid_move (start, (O, (0, 0)))
val false = is_valid_move (start, (X, (0, 0)))
val false = is_valid_move (start, (O, (n, 0)))

(* make_move : state * move -> state
 * REQUIRES: is_valid_move (s, m)
 * ENSURES: make_move (s, m) ==> s with m's piece on m's tile, the other player to move *)
fun make_move (s : state, m : move) : state =
    let
      val (b, player) = s
      val (piece, (row, col)) = m
    in
      if is_valid_move (s, m)
      then (insert (insert (SOME piece) (nth row b) col) b row, other_player player)
      else raise IllegalMove
    end

(* moves : state -> move seq
 * REQUIRES: true
 * ENSURES: moves s ==> the mover's piece on every empty tile, row by row *)
fun moves (s : state) : move seq =
    let
      val (b, player) = s
      val located = flatten (mapIdx (fn (row, r) => mapIdx (fn (t, c) => (t, (r, c))) row) b)
      val free = filter (fn (t, _) => not (isSome t)) located
    in
      map (fn (_, loc) => (piece_of player, loc)) free
    end

val 9 = if n = 3 then length (moves start) else 9

(* lines : location seq seq
 * the rows, the columns and both diagonals of the board *)
val lines : location seq seq =
    append (tabulate (fn r => tabulate (fn c => (r, c)) n) n,
            append (tabulate (fn c => tabulate (fn r => (r, c)) n) n,
                    fromList [tabulate (fn i => (i, i)) n,
                              tabulate (fn i => (i, n - 1 - i)) n]))

(* tiles_of : board -> location seq -> tile seq *)
fun tiles_of (b : board) (line : location seq) : tile seq =
    map (fn (r, c) => nth c (nth r b)) line

(* count : entry -> tile seq -> int
 * ENSURES: count e ts ==> how many tiles of ts hold e *)
fun count (e : entry) (ts : tile seq) : int =
    length (filter (fn e' => e' = e) (extractSomes ts))

(* winner : board -> entry option
 * ENSURES: SOME e if some line is all e, NONE otherwise *)
fun winner (b : board) : entry option =
    let
      val full = filter (fn line => count O (tiles_of b line) = n
                                    orelse count X (tiles_of b line) = n) lines
    in
      case showl full of
        Nil => NONE
      | Cons (line, _) => (case nth 0 (tiles_of b line) of
                             SOME e => SOME e
                           | NONE => raise Fail "a full line has an empty tile")
    end

(* status : state -> status
 * REQUIRES: the state is valid
 * ENSURES: status s ==> Over (Winner Maxie) if O holds a line, Over (Winner Minnie) if X
 *          does or the board is full; In_play otherwise *)
fun status (s as (b, p) : state) : status =
    case winner b of
      SOME O => Over (Winner Maxie)
    | SOME X => Over (Winner Minnie)
    | NONE => (case length (extractSomes (flatten b)) = n * n of
                 true => Over (Winner Minnie)
               | false => In_play)

fun player ((_, p) : state) : player = p

fun outcome_to_est (Winner(Maxie)) = Est.MaxieWins
  | outcome_to_est (Winner(Minnie)) = Est.MinnieWins

fun outcome_to_string (Winner(Maxie)) = "Maxie wins!"
  | outcome_to_string (Winner(Minnie)) = "Minnie wins!"

fun player_to_string (Maxie : player) : string = "Maxie"
  | player_to_string Minnie = "Minnie"

(* Task 5.6
 * The estimate looks at every line (row, column, diagonal). A line holding both pieces
 * can never be won and counts 0. A line holding k pieces of only one player counts 4^k
 * for that player, so empty lines through a tile make it worth more (the centre and
 * corners) and nearly full lines far more. If the player to move already has a line with
 * n-1 of their pieces and an empty tile, they win on this move: that is worth more than any
 * sum of lines. A finished game is MaxieWins or MinnieWins. The baseline only sees the
 * longest chain; this sees whether a chain can still grow into a line.
 *
 * pow4 : int -> int *)
fun pow4 0 = 1
  | pow4 k = 4 * pow4 (k - 1)

(* line_value : board -> location seq -> int * bool * bool
 * ENSURES: (score, O can finish it next, X can finish it next) *)
fun line_value (b : board) (line : location seq) =
    let
      val ts = tiles_of b line
      val (os, xs) = (count O ts, count X ts)
    in
      case (os, xs) of
        (0, 0) => (2, false, false)
      | (_, 0) => (pow4 os, os = n - 1, false)
      | (0, _) => (~ (pow4 xs), false, xs = n - 1)
      | _ => (0, false, false)
    end

fun estimate ((b, p) : state) : est =
    case status (b, p) of
      Over oc => outcome_to_est oc
    | In_play =>
        let
          val (score, owin, xwin) =
              mapreduce (line_value b) (0, false, false)
                        (fn ((s1, o1, x1), (s2, o2, x2)) => (s1 + s2, o1 orelse o2, x1 orelse x2))
                        lines
          val big = (2 * n + 2) * pow4 n
        in
          case (p, owin, xwin) of
            (Maxie, true, _) => Est.Guess big
          | (Minnie, _, true) => Est.Guess (~ big)
          | _ => Est.Guess score
        end

(* The given functions below are for playing the game - no need to worry about these *)
(* Colors for to_string methods *)
val color_O = Ansi.bright_cyan
val color_X = Ansi.bright_magenta

fun entry_to_string (O : entry) : string = Ansi.colorStr "O" {bg = NONE, fg = SOME(color_O)}
  | entry_to_string X = Ansi.colorStr "X" {bg = NONE, fg = SOME(color_X)}

fun detailed_move_to_string ((b,p) : state, (e,(r,c)) : move) =
    (player_to_string p) ^ " placed an " ^ (entry_to_string e) ^ " onto row " ^
    Int.toString(r) ^ " and column " ^ Int.toString(c)

fun move_to_string ((e, (r,c)) : move) : string =
    "Placed " ^ (entry_to_string e) ^
    " on location (" ^ Int.toString(r) ^ ", " ^ Int.toString(c) ^ ")"

val turn_color = Ansi.bright_yellow
fun state_to_string ((b, p) : state) =
    let
      val divider = String.concat (List.tabulate (4 * n + 1, fn _ => "-"))
      fun eopt_to_string eo = case eo of SOME O => " O " | SOME X => " X " | NONE => " - "
      fun row_to_string (s : entry option seq) =
          "|" ^ String.concatWith "|" (toList (map eopt_to_string s)) ^ "|"
      val boardString = String.concatWith ("\n" ^ divider ^ "\n") (toList (map row_to_string b))
      val nextMoveString = Ansi.colorStr (player_to_string p ^ " to move. Board State:")
                                         {bg = NONE, fg = SOME turn_color}
    in
      nextMoveString ^ "\n\n" ^ divider ^ "\n" ^ boardString ^ "\n" ^ divider ^ "\n"
    end

fun move_to_descriptor ((_,(r,c)) : move) = Int.toString(r) ^ " " ^ Int.toString(c)

(* try_move : state -> move -> state option
 * ENSURES: SOME (make_move (s, m)) if m is valid at s, NONE otherwise *)
fun try_move (s : state) (m : move) : state option =
    SOME (make_move (s, m)) handle IllegalMove => NONE

fun parse_move ((b, p) : state) (str : string) : move option =
    case String.tokens (fn x => x = #" ") str of
      [r, c] => (case (Int.fromString r, Int.fromString c) of
                   (SOME row, SOME col) =>
                     (case try_move (b, p) (piece_of p, (row, col)) of
                        SOME _ => SOME (piece_of p, (row, col))
                      | NONE => NONE)
                 | _ => NONE)
    | _ => NONE

end

(* Test Cases *)
functor TestTTT (T : ESTGAME) =
struct
  open T
  val s0 = start
  val ms = moves s0
  val SOME m = parse_move s0 "1 1"
  val s1 = make_move (s0, m)
  val false = is_valid_move (s1, m)
  val true = Seq.length ms = Seq.length (moves s1) + 1
  val In_play = status s1
  val Minnie = player s1
  val true = move_eq (m, m)
end

structure TESTALL = TestTTT (TicTacToe (struct val board_size = 3 end))
