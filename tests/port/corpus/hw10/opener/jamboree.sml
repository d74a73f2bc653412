functor Jamboree (Settings : sig
                                 structure G : ESTGAME
                                 val search_depth : int
                                 val prune_percentage : real
                             end) : PLAYER =
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

    fun less (x, y) = G.Est.compare (x, y) = LESS

    (* compareAB : copied from alphabeta.sml *)
    fun compareAB (a, b) v =
        case (a, b) of
          (Bound x, _) => if less (x, v) then (case b of
                                                  Bound y => if less (v, y) then INTERIOR else ABOVE
                                                | _ => INTERIOR)
                          else BELOW
        | (_, Bound y) => if less (v, y) then INTERIOR else ABOVE
        | (_, _) => INTERIOR

    fun maxEdge NONE e = SOME e
      | maxEdge (SOME (m1, v1)) (m2, v2) = if less (v1, v2) then SOME (m2, v2) else SOME (m1, v1)

    fun minEdge NONE e = SOME e
      | minEdge (SOME (m1, v1)) (m2, v2) = if less (v2, v1) then SOME (m2, v2) else SOME (m1, v1)

    (* splitMoves : G.state -> G.move Seq.seq * G.move Seq.seq
     * ENSURES: (abmoves, mmmoves): the first floor (prune_percentage * n) of the n moves
     *          of s and the rest *)
    fun splitMoves s =
        let
          val all_moves = G.moves s
          val k = Real.floor (Settings.prune_percentage * real (Seq.length all_moves))
        in
          Seq.split k all_moves
        end

    (* search : int -> alphabeta -> G.state -> edge option
     * REQUIRES: d > 0, (G.moves s) is nonempty.
     * ENSURES: the best edge from s: the abmoves by alpha-beta, then (if that did not prune)
     *          the mmmoves all with the same interval *)
    fun search d ab s =
        let
          val (abmoves, mmmoves) = splitMoves s
        in
          case G.player s of
            G.Maxie => maxisearch d ab s abmoves mmmoves NONE
          | G.Minnie => minisearch d ab s abmoves mmmoves NONE
        end

    and maxisearch d (ab as (a, b)) s abmoves mmmoves best =
        case Seq.showl abmoves of
          Seq.Nil =>
            Seq.reduce (fn (SOME e, acc) => maxEdge acc e | (NONE, acc) => acc) best
                       (Seq.map (fn m => SOME (m, evaluate (d - 1) ab (G.make_move (s, m))))
                                mmmoves)
        | Seq.Cons (m, abmoves') =>
            let
              val v = evaluate (d - 1) ab (G.make_move (s, m))
              val best' = maxEdge best (m, v)
            in
              case compareAB ab v of
                BELOW => maxisearch d ab s abmoves' mmmoves best'
              | INTERIOR => maxisearch d (Bound v, b) s abmoves' mmmoves best'
              | ABOVE => best'
            end

    and minisearch d (ab as (a, b)) s abmoves mmmoves best =
        case Seq.showl abmoves of
          Seq.Nil =>
            Seq.reduce (fn (SOME e, acc) => minEdge acc e | (NONE, acc) => acc) best
                       (Seq.map (fn m => SOME (m, evaluate (d - 1) ab (G.make_move (s, m))))
                                mmmoves)
        | Seq.Cons (m, abmoves') =>
            let
              val v = evaluate (d - 1) ab (G.make_move (s, m))
              val best' = minEdge best (m, v)
            in
              case compareAB ab v of
                BELOW => best'
              | INTERIOR => minisearch d (a, Bound v) s abmoves' mmmoves best'
              | ABOVE => minisearch d ab s abmoves' mmmoves best'
            end

    and evaluate d ab s =
        case (G.status s, d) of
          (G.Over oc, _) => G.outcome_to_est oc
        | (G.In_play, 0) => G.estimate s
        | (G.In_play, _) => let val SOME (_, v) = search d ab s in v end

    fun next_move s =
        let
          val SOME (m, _) = search Settings.search_depth (NEGINF, POSINF) s
        in
          m
        end

end (* Jamboree *)
