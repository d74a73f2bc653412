(* A two-player game of perfect information (HW11).
 * Python: Protocol sml150.lib.signatures.GAME[State, Move]. *)
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
