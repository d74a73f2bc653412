(* Estimated values of game states (HW11). The course's Estimate is an int: minnie_wins is the
 * least int, maxie_wins the greatest, draw is 0.
 * Python: Protocol sml150.lib.signatures.EST; structure sml150.lib.est.Est. *)
signature EST =
sig
  type est
  val minnie_wins : est
  val maxie_wins : est
  val draw : est
  val guess : int -> est
  val compare : est * est -> order
  val toString : est -> string   (* "Minnie wins!", "Maxie wins!", "It's a draw!", "Guess: ~3" *)
end
