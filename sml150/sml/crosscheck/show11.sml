(* HW11's printers for `sml150 crosscheck` (load after ../hw11lib and show.sml): a game's
 * player, status and estimates, and Riskless states, in show.sml's canonical form. The course's
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

structure ShowRiskless =
struct
  open RisklessGiven

  fun position (Min n) = Show.con "Min" (Show.int n)
    | position (Max n) = Show.con "Max" (Show.int n)
    | position Empty = "Empty"

  fun territory (T (name, pos)) = Show.con "T" (Show.pair (Show.string, position) (name, pos))

  fun player Maxie = "Maxie"
    | player Minnie = "Minnie"

  fun state (B (board, p)) =
      Show.con "B" (Show.pair (Show.seq (Show.pair (territory, Show.seq Show.int)), player)
                              (board, p))
end
