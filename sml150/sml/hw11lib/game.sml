(* HW11 game signatures (signatures/GAME.sig, PLAYER.sig): GAME has Draw and an int-based EST.
 * GameBase holds the datatypes every HW11 game shares, so that the given Riskless types
 * (riskless-given.sml) and ExplicitGame can name the same player. A GAME structure writes
 * `open GameBase` (or replicates the datatypes) to provide them. *)
structure GameBase =
struct
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player | Draw
  datatype status = Over of outcome | In_play
end

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
  val make_move : state * move -> state   (* assumes a valid move *)

  type est = Est.est
  val estimate : state -> est             (* absolute: negative is good for Minnie *)

  val move_to_string : move -> string
  val state_to_string : state -> string
  val parse_move : state -> string -> move option   (* only valid moves parse *)
end

signature PLAYER =
sig
  structure Game : GAME
  val next_move : Game.state -> Game.move   (* REQUIRES: the state is In_play *)
end

(* HW11 Tasks 2-3 (signatures/GRAPHPROBLEMS.sig). *)
signature GRAPHPROBLEMS =
sig
  type vertex = int
  type graph = vertex Seq.seq Seq.seq

  val to_list : 'a Seq.seq -> 'a list
  val get_neighbors : graph -> vertex -> vertex Seq.seq
  val from_edge_seq : (vertex * vertex) Seq.seq -> int -> graph
  val is_undirected : graph -> bool
end
