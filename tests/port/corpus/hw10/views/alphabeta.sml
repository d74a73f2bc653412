(* HW 10 -- alpha-beta pruning *)
signature SETTINGS =
sig
  structure G : ESTGAME
  val search_depth : int
end

functor AlphaBeta (Settings : SETTINGS) : PLAYER =
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

  (* cmp : bound * G.est -> order   (how the bound compares to v) *)
  fun cmp (NEGINF, _) = LESS
    | cmp (POSINF, _) = GREATER
    | cmp (Bound x, v) = G.Est.compare (x, v)

  (* compareAB : alphabeta -> G.est -> orderAB *)
  fun compareAB (a, b) v =
      case cmp (a, v) of
          LESS => (case cmp (b, v) of GREATER => INTERIOR | _ => ABOVE)
        | _ => BELOW

  fun maxEst (x, y) = case G.Est.compare (x, y) of LESS => y | _ => x

  (* maxisearch : int -> G.state -> alphabeta -> G.move Seq.seq -> edge option -> edge option
   * (a different argument order from the starter's: depth, state, window, moves, best) *)
  fun maxisearch d s (a, b) moves best =
      case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, moves) =>
            let
              val v = evaluate (d - 1) (a, b) (G.make_move (s, m))
              val best = case best of
                             SOME (_, w) => if G.Est.compare (v, w) = GREATER then SOME (m, v) else best
                           | NONE => SOME (m, v)
            in
              case compareAB (a, b) v of
                  ABOVE => best
                | BELOW => maxisearch d s (a, b) moves best
                | INTERIOR => maxisearch d s (Bound v, b) moves best
            end

  and minisearch d s (a, b) moves best =
      case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, moves) =>
            let
              val v = evaluate (d - 1) (a, b) (G.make_move (s, m))
              val best = case best of
                             SOME (_, w) => if G.Est.compare (v, w) = LESS then SOME (m, v) else best
                           | NONE => SOME (m, v)
            in
              case compareAB (a, b) v of
                  BELOW => best
                | ABOVE => minisearch d s (a, b) moves best
                | INTERIOR => minisearch d s (a, Bound v) moves best
            end

  (* search : int -> alphabeta -> G.state -> edge option *)
  and search d ab s =
      (case G.player s of G.Maxie => maxisearch | G.Minnie => minisearch) d s ab (G.moves s) NONE

  (* evaluate : int -> alphabeta -> G.state -> G.est *)
  and evaluate d ab s =
      case G.status s of
          G.Over w => G.outcome_to_est w
        | G.In_play => if d = 0 then G.estimate s
                       else case search d ab s of
                                SOME (_, v) => v
                              | NONE => G.estimate s

  fun next_move s = (#1 o valOf) (search Settings.search_depth (NEGINF, POSINF) s)
end
