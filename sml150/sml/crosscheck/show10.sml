(* HW10's printers for `sml150 crosscheck` (load after ../lib and show.sml): a game's player,
 * status and estimates, in show.sml's canonical form. *)
functor ShowGame10 (G : ESTGAME) =
struct
  fun player G.Maxie = "Maxie"
    | player G.Minnie = "Minnie"

  fun status G.In_play = "In_play"
    | status (G.Over (G.Winner p)) = Show.con "Over" (Show.con "Winner" (player p))

  fun est G.Est.MinnieWins = "MinnieWins"
    | est G.Est.MaxieWins = "MaxieWins"
    | est (G.Est.Guess n) = Show.con "Guess" (Show.int n)
end
