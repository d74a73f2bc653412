(* Homework 10, Tasks 6.1-6.4: alpha-beta pruning. *)
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

  exception NoMoves

  fun valueToString v = "Value(" ^ G.Est.toString v ^ ")"
  fun edgeToString (m, v) = "Edge(" ^ G.move_to_string m ^ ", " ^ G.Est.toString v ^ ")"
  fun boundToString NEGINF = "NEGINF"
    | boundToString POSINF = "POSINF"
    | boundToString (Bound v) = "Bound(" ^ G.Est.toString v ^ ")"
  fun abToString (a, b) = "(" ^ boundToString a ^ "," ^ boundToString b ^ ")"

  (* below : bound * G.est -> bool   (v <= the bound)
   * above : bound * G.est -> bool   (v >= the bound) *)
  fun below (NEGINF, _) = false
    | below (POSINF, _) = true
    | below (Bound x, v) = G.Est.compare (v, x) <> GREATER
  fun above (NEGINF, _) = true
    | above (POSINF, _) = false
    | above (Bound x, v) = G.Est.compare (v, x) <> LESS

  (* compareAB : alphabeta -> G.est -> orderAB
   * REQUIRES: alpha < beta
   * ENSURES: BELOW if v <= alpha, ABOVE if v >= beta, INTERIOR otherwise *)
  fun compareAB (alpha, beta) v =
      if below (alpha, v) then BELOW
      else if above (beta, v) then ABOVE
      else INTERIOR

  (* search : int -> alphabeta -> G.state -> edge option
   * REQUIRES: d > 0; G.moves s is not empty
   * ENSURES: SOME of the best edge out of s by depth-d alpha-beta search in (alpha, beta) *)
  fun search (d : int) ((alpha, beta) : alphabeta) (s : G.state) : edge option =
      case G.player s of
          G.Maxie => maxisearch {depth = d, state = s} (alpha, beta) NONE (G.moves s)
        | G.Minnie => minisearch {depth = d, state = s} (alpha, beta) NONE (G.moves s)

  (* maxisearch : {depth : int, state : G.state} -> alphabeta -> edge option
   *              -> G.move Seq.seq -> edge option
   * ENSURES: best improved by the moves in order; alpha grows with each value inside the
   *          window; the first value at or above beta ends the search *)
  and maxisearch {depth, state} (alpha, beta) best moves =
      case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (depth - 1) (alpha, beta) (G.make_move (state, m))
              val best' = case best of
                              NONE => SOME (m, v)
                            | SOME (_, bv) => if G.Est.compare (v, bv) = GREATER then SOME (m, v) else best
            in
              case compareAB (alpha, beta) v of
                  ABOVE => best'
                | INTERIOR => maxisearch {depth = depth, state = state} (Bound v, beta) best' rest
                | BELOW => maxisearch {depth = depth, state = state} (alpha, beta) best' rest
            end

  (* minisearch : dual of maxisearch *)
  and minisearch {depth, state} (alpha, beta) best moves =
      case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, rest) =>
            let
              val v = evaluate (depth - 1) (alpha, beta) (G.make_move (state, m))
              val best' = case best of
                              NONE => SOME (m, v)
                            | SOME (_, bv) => if G.Est.compare (v, bv) = LESS then SOME (m, v) else best
            in
              case compareAB (alpha, beta) v of
                  BELOW => best'
                | INTERIOR => minisearch {depth = depth, state = state} (alpha, Bound v) best' rest
                | ABOVE => minisearch {depth = depth, state = state} (alpha, beta) best' rest
            end

  (* evaluate : int -> alphabeta -> G.state -> G.est
   * REQUIRES: d >= 0
   * ENSURES: the value of s: its outcome when over, its estimate at depth 0, else the
   *          value of the best edge *)
  and evaluate (d : int) (ab : alphabeta) (s : G.state) : G.est =
      case G.status s of
          G.Over result => G.outcome_to_est result
        | G.In_play =>
            if d = 0 then G.estimate s
            else case search d ab s of
                     SOME (_, v) => v
                   | NONE => raise NoMoves

  (* next_move : G.state -> G.move
   * REQUIRES: s is In_play *)
  fun next_move (s : G.state) : G.move =
      (case search Settings.search_depth (NEGINF, POSINF) s of
           SOME (m, _) => m
         | NONE => raise NoMoves)
      handle NoMoves => raise Fail "AlphaBeta.next_move: a state in play without moves"
end
