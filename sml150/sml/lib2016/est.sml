(* The 2016 estimates are the HW10 datatype of ../lib/est10.sml (signature EST:
 * MinnieWins < Guess n (by n) < MaxieWins; toString "Minnie wins!", "Guess:3",
 * "Maxie wins!"), under the name the 2016 starter files use: a game writes
 *   structure Est : EST = Estimate *)
structure Estimate : EST = Est
