(* MiniMax (HW10 flavour): evaluates every child; ties go to the earliest move. *)
functor MiniMax (Settings : sig structure G : ESTGAME val search_depth : int end) : PLAYER =
struct
  structure Game = Settings.G
  structure G = Settings.G
  type edge = G.move * G.est

  fun better G.Maxie (v1, v2) = G.Est.compare (v1, v2) = GREATER
    | better G.Minnie (v1, v2) = G.Est.compare (v1, v2) = LESS

  fun search (d : int) (s : G.state) : edge =
      let
        val p = G.player s
        fun pick ((m1, v1), (m2, v2)) = if better p (v2, v1) then (m2, v2) else (m1, v1)
      in
        SeqUtils.reduce1 pick (Seq.map (fn m => (m, evaluate (d - 1) (G.make_move (s, m))))
                                       (G.moves s))
      end
  and evaluate (d : int) (s : G.state) : G.est =
      case (G.status s, d) of
          (G.Over oc, _) => G.outcome_to_est oc
        | (G.In_play, 0) => G.estimate s
        | (G.In_play, _) => #2 (search d s)

  fun next_move s = #1 (search Settings.search_depth s)
end
