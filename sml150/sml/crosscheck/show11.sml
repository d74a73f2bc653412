(* HW11's printers for `sml150 crosscheck` (load after ../hw11lib and show.sml): a game's
 * player, status and estimates, in show.sml's canonical form (a Riskless state's printer is written per structure by
 * sml150.crosscheck._bridge: the 2013 solutions declare its datatypes in their functor). The course's
 * Estimate is abstract: an estimate is told apart by compare and read back from toString. *)
functor ShowGame11 (G : GAME) =
struct
  fun player G.Maxie = "Maxie"
    | player G.Minnie = "Minnie"

  fun status G.In_play = "In_play"
    | status (G.Over G.Draw) = Show.con "Over" "Draw"
    | status (G.Over (G.Winner p)) = Show.con "Over" (Show.con "Winner" (player p))

  fun is (a : G.est) (b : G.est) : bool = G.Est.compare (a, b) = EQUAL

  (* est : G.est -> string
   * ENSURES: MinnieWins, MaxieWins, or Guess n (the draw is Guess 0) *)
  fun est (e : G.est) : string =
      if is e G.Est.minnie_wins then "MinnieWins"
      else if is e G.Est.maxie_wins then "MaxieWins"
      else if is e G.Est.draw then Show.con "Guess" "0"
      else
        let
          val text = G.Est.toString e
          val digits = String.extract (text, String.size "Guess: ", NONE)
        in
          case Int.fromString digits of
              SOME n => Show.con "Guess" (Show.int n)
            | NONE => Show.con "Unreadable" (Show.string text)
        end
end
