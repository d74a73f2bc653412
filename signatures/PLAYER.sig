(* A game player. Python: Protocol sml150.lib.signatures.PLAYER[State, Move]. *)
signature PLAYER =
sig
  structure Game : GAME
  val next_move : Game.state -> Game.move   (* REQUIRES: the state is In_play *)
end
