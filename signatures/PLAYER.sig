(* A game player. Python: Protocol sml150.lib.signatures.PLAYER[State, Move]. *)
signature PLAYER =
sig
  structure Game : GAME
  val next_move : Game.state -> Game.move   (* REQUIRES: the state is In_play *)

  (* Port extension, not in the course's PLAYER: what a search found and what it cost, so a
     typed caller (the CLI, a benchmark) can show it without knowing which player it holds.
     Python: sml150.lib.signatures.Analysis, a frozen record. A person's analysis is the
     move typed, with no search behind it (its counts are 0). *)
  type analysis = { move : Game.move, value : Game.est, terminals : int, nodes : int,
                    work : int, span : int }
  val analyze : Game.state -> analysis      (* REQUIRES: In_play; ENSURES: #move = next_move *)
end
