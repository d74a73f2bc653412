(* HW 10 -- Jamboree: the mmmoves are split in halves by the tree view *)
functor Jamboree (Settings : sig
                               structure G : ESTGAME
                               val search_depth : int
                               val prune_percentage : real
                             end) : PLAYER =
struct
  structure Game = Settings.G
  structure G = Game

  type edge = G.move * G.est

  datatype bound = NEGINF | Bound of G.est | POSINF
  type alphabeta = bound * bound

  datatype orderAB = BELOW | INTERIOR | ABOVE

  fun cmp (NEGINF, _) = LESS
    | cmp (POSINF, _) = GREATER
    | cmp (Bound x, v) = G.Est.compare (x, v)

  fun compareAB (a, b) v =
      case cmp (a, v) of
          LESS => (case cmp (b, v) of GREATER => INTERIOR | _ => ABOVE)
        | _ => BELOW

  (* splitMoves : G.state -> G.move Seq.seq * G.move Seq.seq *)
  fun splitMoves s =
      let
        val ms = G.moves s
      in
        Seq.split (Real.floor (Settings.prune_percentage * real (Seq.length ms))) ms
      end

  (* pick : G.player -> edge option * edge option -> edge option
   * ENSURES: the better of the two for the player; the first on a tie *)
  fun pick p (NONE, e) = e
    | pick p (e, NONE) = e
    | pick p (SOME (m, v), SOME (m', v')) =
        let
          val better = case p of G.Maxie => G.Est.compare (v', v) = GREATER
                                | G.Minnie => G.Est.compare (v', v) = LESS
        in
          if better then SOME (m', v') else SOME (m, v)
        end

  fun search d ab s =
      let
        val (abmoves, mmmoves) = splitMoves s
      in
        case G.player s of
            G.Maxie => maxisearch d ab s abmoves mmmoves NONE
          | G.Minnie => minisearch d ab s abmoves mmmoves NONE
      end

  (* everyone : int -> alphabeta -> G.state -> G.move Seq.seq -> edge option
   * ENSURES: the best edge of the moves, each searched with ab; the tree view splits the
   *          moves in halves (searched left half first), the first wins ties *)
  and everyone d ab s ms =
      case Seq.showt ms of
          Seq.Empty => NONE
        | Seq.Leaf m => SOME (m, evaluate (d - 1) ab (G.make_move (s, m)))
        | Seq.Node (l, r) => pick (G.player s) (everyone d ab s l, everyone d ab s r)

  and maxisearch d (a, b) s abmoves mmmoves best =
      case Seq.showl abmoves of
          Seq.Nil => pick G.Maxie (best, everyone d (a, b) s mmmoves)
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (d - 1) (a, b) (G.make_move (s, m))
              val best' = pick G.Maxie (best, SOME (m, v))
            in
              case compareAB (a, b) v of
                  ABOVE => best'
                | INTERIOR => maxisearch d (Bound v, b) s rest mmmoves best'
                | BELOW => maxisearch d (a, b) s rest mmmoves best'
            end

  and minisearch d (a, b) s abmoves mmmoves best =
      case Seq.showl abmoves of
          Seq.Nil => pick G.Minnie (best, everyone d (a, b) s mmmoves)
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (d - 1) (a, b) (G.make_move (s, m))
              val best' = pick G.Minnie (best, SOME (m, v))
            in
              case compareAB (a, b) v of
                  BELOW => best'
                | INTERIOR => minisearch d (a, Bound v) s rest mmmoves best'
                | ABOVE => minisearch d (a, b) s rest mmmoves best'
            end

  and evaluate d ab s =
      case (G.status s, d) of
          (G.Over w, _) => G.outcome_to_est w
        | (G.In_play, 0) => G.estimate s
        | (G.In_play, _) => #2 (valOf (search d ab s))

  fun next_move s = #1 (valOf (search Settings.search_depth (NEGINF, POSINF) s))
end
