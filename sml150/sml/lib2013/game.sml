(* The 2013 HW11 signatures: GAME (with Draw and an EST), PLAYER, GRAPHPROBLEMS (with
 * type edge), MAP, and the Printer the handout's maps (given in riskless.sml) label and pad
 * their territories with, as  functor M1 (P : Printer)  and  Riskless (M1 (P)). *)
signature GAME =
sig
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player | Draw
  datatype status = Over of outcome | In_play

  structure Est : EST

  type state
  type move

  val moves : state -> move Seq.seq       (* non-empty exactly while In_play *)
  val status : state -> status
  val player : state -> player
  val start : state
  val make_move : state * move -> state   (* REQUIRES: a valid move *)

  type est = Est.est                      (* absolute: negative is good for Minnie *)
  val estimate : state -> est

  val move_to_string : move -> string
  val state_to_string : state -> string
  val parse_move : state -> string -> move option   (* only valid moves parse *)
end

signature PLAYER =
sig
  structure Game : GAME
  val next_move : Game.state -> Game.move   (* REQUIRES: the state is In_play *)
end

signature GRAPHPROBLEMS =
sig
  type vertex = int
  type edge = vertex * vertex
  type graph = vertex Seq.seq Seq.seq

  val to_list : 'a Seq.seq -> 'a list
  val get_neighbors : graph -> vertex -> vertex Seq.seq
  val from_edge_seq : edge Seq.seq -> int -> vertex Seq.seq Seq.seq
  val is_undirected : graph -> bool
end

(* board: each territory's name and its neighbours' indexes *)
signature MAP =
sig
  val board : (string * int Seq.seq) Seq.seq
  val board_to_string : string Seq.seq -> string
  val min_start : int
  val max_start : int
  val max_units : int
  val max_terri : int
end

(* nDups c n = n copies of c; pad n s = s right-padded with spaces to size n (s if longer);
 * padAll pads every string to the longest one's size;
 * labelAll <s0, s1, ...> = <"(0) s0", "(1) s1", ...> *)
signature Printer =
sig
  val nDups : char -> int -> string
  val pad : int -> string -> string
  val padAll : string Seq.seq -> string Seq.seq
  val labelAll : string Seq.seq -> string Seq.seq
end

structure P : Printer =
struct
  fun nDups (c : char) (n : int) : string = CharVector.tabulate (Int.max (n, 0), fn _ => c)
  fun pad (n : int) (s : string) : string = s ^ nDups #" " (n - String.size s)
  fun padAll (ss : string Seq.seq) : string Seq.seq =
      let val width = Seq.reduce Int.max 0 (Seq.map String.size ss)
      in Seq.map (pad width) ss end
  fun labelAll (ss : string Seq.seq) : string Seq.seq =
      Seq.tabulate (fn i => "(" ^ Int.toString i ^ ") " ^ Seq.nth i ss) (Seq.length ss)
end
