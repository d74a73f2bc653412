(* The 2016 game signatures. GAME is what any game provides (states, moves, printing and
 * parsing); ESTGAME adds the players, the outcomes, the status and an estimator, and is
 * what the players (MiniMax, AlphaBeta, Jamboree) search. TTTCONSTS configures TicTacToe. *)
signature GAME =
sig
  type state
  type move

  val data_to_start_state : string list -> state
  val start : state

  (* REQUIRES: m is one of moves s *)
  val make_move : state * move -> state

  (* REQUIRES: status s = In_play; ENSURES: a non-empty sequence of legal moves *)
  val moves : state -> move Seq.seq

  val detailed_move_to_string : state * move -> string
  val move_to_string : move -> string
  val state_to_string : state -> string
  val move_eq : move * move -> bool
  val is_valid_move : state * move -> bool

  (* parse_move s (move_to_descriptor m) = SOME m for a legal m *)
  val move_to_descriptor : move -> string
  val parse_move : state -> string -> move option
end

signature ESTGAME =
sig
  structure Est : EST
  type est = Est.est

  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play

  include GAME

  val estimate : state -> est
  val outcome_to_est : outcome -> est
  val status : state -> status
  val player : state -> player
  val outcome_to_string : outcome -> string
  val player_to_string : player -> string
end

signature PLAYER =
sig
  structure Game : ESTGAME
  val next_move : Game.state -> Game.move
end

signature TTTCONSTS =
sig
  val board_size : int
end
