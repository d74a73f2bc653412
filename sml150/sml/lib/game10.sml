(* HW10 game signatures: ESTGAME (GAME is the same signature), PLAYER, TTTCONSTS. *)
signature ESTGAME =
sig
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play

  structure Est : EST

  type state
  type move

  val start : state
  val data_to_start_state : string list -> state
  val moves : state -> move Seq.seq
  val status : state -> status
  val player : state -> player
  val make_move : state * move -> state
  val is_valid_move : state * move -> bool

  type est = Est.est
  val estimate : state -> est

  val move_to_string : move -> string
  val detailed_move_to_string : state * move -> string
  val move_to_descriptor : move -> string
  val move_eq : move * move -> bool
  val state_to_string : state -> string
  val parse_move : state -> string -> move option
  val outcome_to_est : outcome -> est
  val outcome_to_string : outcome -> string
  val player_to_string : player -> string
end

signature GAME = ESTGAME

signature PLAYER =
sig
  structure Game : ESTGAME
  val next_move : Game.state -> Game.move
end

signature TTTCONSTS =
sig
  val board_size : int
end
