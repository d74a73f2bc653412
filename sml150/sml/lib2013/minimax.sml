(* MiniMax (lecture, 2013 GAME): every child to search_depth; ties go to the earliest move;
 * a finished game is worth maxie_wins, minnie_wins or draw. *)
functor MiniMax (Settings : sig structure G : GAME val search_depth : int end) : PLAYER =
struct
  structure Game = Settings.G
  structure G = Settings.G

  fun better G.Maxie (v, w) = G.Est.compare (v, w) = GREATER
    | better G.Minnie (v, w) = G.Est.compare (v, w) = LESS

  fun search (d : int) (s : G.state) : G.move * G.est =
      SeqUtils.reduce1 (fn ((m, v), (m', v')) => if better (G.player s) (v', v) then (m', v') else (m, v))
                       (Seq.map (fn m => (m, evaluate (d - 1) (G.make_move (s, m)))) (G.moves s))

  and evaluate (d : int) (s : G.state) : G.est =
      case G.status s of
          G.Over (G.Winner G.Maxie) => G.Est.maxie_wins
        | G.Over (G.Winner G.Minnie) => G.Est.minnie_wins
        | G.Over G.Draw => G.Est.draw
        | G.In_play => if d = 0 then G.estimate s else #2 (search d s)

  fun next_move (s : G.state) : G.move = #1 (search Settings.search_depth s)
end
