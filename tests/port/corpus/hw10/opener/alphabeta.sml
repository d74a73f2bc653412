signature SETTINGS =
sig
    structure G : ESTGAME
    val search_depth : int
end

functor AlphaBeta (Settings : SETTINGS)
        : PLAYER where type Game.state = Settings.G.state
                 where type Game.move = Settings.G.move =
struct

    structure Game = Settings.G

    (* abbreviate Game as G, to keep the notation simple below. *)
    structure G = Game

    type edge  = G.move * G.est

    (* Implicit ordering:   NEGINF < Bound(v) < POSINF for all v *)
    datatype bound = NEGINF | Bound of G.est | POSINF
    type alphabeta = bound * bound    (* invariant: alpha < beta *)

    datatype orderAB = BELOW | INTERIOR | ABOVE

    (* the following ToString functions my be helpful in testing *)
    fun valueToString v = "Value(" ^ G.Est.toString v ^ ")"

    fun edgeToString (m, v) = "Edge(" ^ G.move_to_string m ^ ", " ^ G.Est.toString v ^ ")"

    fun boundToString NEGINF = "NEGINF"
      | boundToString POSINF = "POSINF"
      | boundToString (Bound v) = "Bound(" ^ G.Est.toString v ^ ")"

    fun abToString (a,b) = "(" ^ boundToString a ^ "," ^ boundToString b ^ ")"

    (* less : G.est * G.est -> bool *)
    fun less (x, y) = G.Est.compare (x, y) = LESS

    (* compareAB : alphabeta -> G.est -> orderAB
     * compareAB (a,b) v  ==>  BELOW     if  v <= a
     *                         INTERIOR  if  a < v < b
     *                         ABOVE     if  v >= b      *)
    fun compareAB (a, b) v =
        case (a, b) of
          (Bound x, _) => if less (x, v) then (case b of
                                                  Bound y => if less (v, y) then INTERIOR else ABOVE
                                                | _ => INTERIOR)
                          else BELOW
        | (_, Bound y) => if less (v, y) then INTERIOR else ABOVE
        | (_, _) => INTERIOR

    (* maxEdge : edge option -> edge -> edge option
     * ENSURES: the edge with the larger value; on a tie the one already there *)
    fun maxEdge NONE e = SOME e
      | maxEdge (SOME (m1, v1)) (m2, v2) = if less (v1, v2) then SOME (m2, v2) else SOME (m1, v1)

    (* minEdge : edge option -> edge -> edge option *)
    fun minEdge NONE e = SOME e
      | minEdge (SOME (m1, v1)) (m2, v2) = if less (v2, v1) then SOME (m2, v2) else SOME (m1, v1)

    (* search : int -> alphabeta -> G.state -> edge option
     * REQUIRES: d > 0, (G.moves s) is nonempty.
     * ENSURES:  search d ab s ==> SOME(optimal outgoing edge from s),
     *           based on depth-d alpha-beta pruning, starting from the interval ab. *)
    fun search d ab s =
        case G.player s of
          G.Maxie => maxisearch d ab s (G.moves s) NONE
        | G.Minnie => minisearch d ab s (G.moves s) NONE

    (* maxisearch : int -> alphabeta -> G.state -> G.move Seq.seq -> edge option -> edge option
     * REQUIRES: d > 0; moves legal at s; s is a Maxie state
     * ENSURES: best improved by the moves from left to right, alpha raised as they are
     *          searched, stopping at the first value at or above beta *)
    and maxisearch d (ab as (a, b)) s moves best =
        case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, moves') =>
            let
              val v = evaluate (d - 1) ab (G.make_move (s, m))
              val best' = maxEdge best (m, v)
            in
              case compareAB ab v of
                BELOW => maxisearch d ab s moves' best'
              | INTERIOR => maxisearch d (Bound v, b) s moves' best'
              | ABOVE => best'
            end

    (* minisearch : as maxisearch, for a Minnie state, lowering beta *)
    and minisearch d (ab as (a, b)) s moves best =
        case Seq.showl moves of
          Seq.Nil => best
        | Seq.Cons (m, moves') =>
            let
              val v = evaluate (d - 1) ab (G.make_move (s, m))
              val best' = minEdge best (m, v)
            in
              case compareAB ab v of
                BELOW => best'
              | INTERIOR => minisearch d (a, Bound v) s moves' best'
              | ABOVE => minisearch d ab s moves' best'
            end

    (* evaluate : int -> alphabeta -> G.state -> G.est
     * REQUIRES: d >= 0
     * ENSURES:  evaluate d ab s ==> the value of s by a depth-d alpha-beta search *)
    and evaluate d ab s =
        case (G.status s, d) of
          (G.Over oc, _) => G.outcome_to_est oc
        | (G.In_play, 0) => G.estimate s
        | (G.In_play, _) => let val SOME (_, v) = search d ab s in v end

    (* next_move : G.state -> G.move
     * REQUIRES: s is In_play
     * ENSURES: the best move from s, searching to Settings.search_depth *)
    fun next_move s =
        let
          val SOME (m, _) = search Settings.search_depth (NEGINF, POSINF) s
        in
          m
        end

end (* AlphaBeta *)
