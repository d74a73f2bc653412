(* Homework 10, Tasks 7.1-7.4: Jamboree. *)
functor Jamboree (Settings : sig
                               structure G : ESTGAME
                               val search_depth : int
                               val prune_percentage : real
                             end)
        :> PLAYER where type Game.state = Settings.G.state
                  where type Game.move = Settings.G.move =
struct
  structure Game = Settings.G
  structure G = Game

  type edge = G.move * G.est

  datatype bound = NEGINF | Bound of G.est | POSINF
  type alphabeta = bound * bound

  datatype orderAB = BELOW | INTERIOR | ABOVE

  fun boundToString NEGINF = "NEGINF"
    | boundToString POSINF = "POSINF"
    | boundToString (Bound v) = "Bound(" ^ G.Est.toString v ^ ")"
  fun abToString (a, b) = "(" ^ boundToString a ^ "," ^ boundToString b ^ ")"

  fun below (NEGINF, _) = false
    | below (POSINF, _) = true
    | below (Bound x, v) = G.Est.compare (v, x) <> GREATER
  fun above (NEGINF, _) = true
    | above (POSINF, _) = false
    | above (Bound x, v) = G.Est.compare (v, x) <> LESS

  fun compareAB (alpha, beta) v =
      if below (alpha, v) then BELOW
      else if above (beta, v) then ABOVE
      else INTERIOR

  (* splitMoves : G.state -> G.move Seq.seq * G.move Seq.seq *)
  fun splitMoves (s : G.state) : G.move Seq.seq * G.move Seq.seq =
      let
        val all = G.moves s
        val k = Real.floor (Settings.prune_percentage * Real.fromInt (Seq.length all))
      in
        (Seq.take k all, Seq.drop k all)
      end

  (* better : G.player -> G.est * G.est -> bool   (strictly better for the player) *)
  fun better G.Maxie (v, w) = G.Est.compare (v, w) = GREATER
    | better G.Minnie (v, w) = G.Est.compare (v, w) = LESS

  (* keep : G.player -> edge option -> edge -> edge option   (earlier wins ties) *)
  fun keep p NONE e = SOME e
    | keep p (SOME (bm, bv)) (m, v) = if better p (v, bv) then SOME (m, v) else SOME (bm, bv)

  fun search (d : int) ((alpha, beta) : alphabeta) (s : G.state) : edge option =
      let
        val (abmoves, mmmoves) = splitMoves s
      in
        case G.player s of
            G.Maxie => maxisearch {depth = d, state = s} (alpha, beta) NONE abmoves mmmoves
          | G.Minnie => minisearch {depth = d, state = s} (alpha, beta) NONE abmoves mmmoves
      end

  (* parallel : {depth, state} -> alphabeta -> edge option -> G.move Seq.seq -> edge option
   * ENSURES: every move searched with the same window, the best kept (earlier on ties) *)
  and parallel {depth, state} (alpha, beta) best mmmoves =
      let
        val edges = Seq.map (fn m => (m, evaluate (depth - 1) (alpha, beta) (G.make_move (state, m))))
                            mmmoves
        fun fold acc (v : edge Seq.lview) =
            case v of
                Seq.Nil => acc
              | Seq.Cons (e, rest) => fold (keep (G.player state) acc e) (Seq.showl rest)
      in
        fold best (Seq.showl edges)
      end

  and maxisearch {depth, state} (alpha, beta) best abmoves mmmoves =
      case Seq.showl abmoves of
          Seq.Nil => parallel {depth = depth, state = state} (alpha, beta) best mmmoves
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (depth - 1) (alpha, beta) (G.make_move (state, m))
              val best' = keep G.Maxie best (m, v)
            in
              case compareAB (alpha, beta) v of
                  ABOVE => best'
                | INTERIOR => maxisearch {depth = depth, state = state} (Bound v, beta) best' rest mmmoves
                | BELOW => maxisearch {depth = depth, state = state} (alpha, beta) best' rest mmmoves
            end

  and minisearch {depth, state} (alpha, beta) best abmoves mmmoves =
      case Seq.showl abmoves of
          Seq.Nil => parallel {depth = depth, state = state} (alpha, beta) best mmmoves
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (depth - 1) (alpha, beta) (G.make_move (state, m))
              val best' = keep G.Minnie best (m, v)
            in
              case compareAB (alpha, beta) v of
                  BELOW => best'
                | INTERIOR => minisearch {depth = depth, state = state} (alpha, Bound v) best' rest mmmoves
                | ABOVE => minisearch {depth = depth, state = state} (alpha, beta) best' rest mmmoves
            end

  and evaluate (d : int) (ab : alphabeta) (s : G.state) : G.est =
      case G.status s of
          G.Over result => G.outcome_to_est result
        | G.In_play =>
            if d = 0 then G.estimate s
            else #2 (valOf (search d ab s))

  fun next_move (s : G.state) : G.move = #1 (valOf (search Settings.search_depth (NEGINF, POSINF) s))
end
