(* Estimated values of game states (HW10): a datatype, ordered MinnieWins < Guess n < MaxieWins.
 * Python: structure sml150.lib.est.Est10 over the classes MinnieWins, Guess, MaxieWins. *)
signature EST10 =
sig
  datatype est = MinnieWins | Guess of int | MaxieWins
  val compare : est * est -> order
  val toString : est -> string   (* "Guess:3", "Guess:~2" *)
end
