(* The given parts of HW11's alphabeta.sml (handout 5.4): values, bounds and their helpers.
 * AlphaBeta and Jamboree write `structure V = ABValue (Game)  open V`. *)
functor ABValue (Game : GAME) =
struct
  type edge = Game.move * Game.est

  datatype value = Step of edge
                 | Leaf of Game.est

  (* invariant: (alpha, beta) with alpha < beta *)
  type alphabeta = value * value

  fun valueOf (Step (_, e) : value) : Game.est = e
    | valueOf (Leaf e) = e

  fun moveOf (Step (m, _) : value) : Game.move = m
    | moveOf (Leaf _) = raise Fail "moveOf: a Leaf has no move"

  (* values compare by their candidate values; moves are ignored *)
  fun valuecmp (v1 : value, v2 : value) : order = Game.Est.compare (valueOf v1, valueOf v2)

  (* the larger; on equal values a Step beats a Leaf, otherwise the current alpha stays *)
  fun maxalpha (alpha : value, v : value) : value =
      case valuecmp (v, alpha) of
          GREATER => v
        | EQUAL => (case (alpha, v) of (Leaf _, Step _) => v | _ => alpha)
        | LESS => alpha

  (* the smaller; on equal values a Step beats a Leaf, otherwise the current beta stays *)
  fun minbeta (beta : value, v : value) : value =
      case valuecmp (v, beta) of
          LESS => v
        | EQUAL => (case (beta, v) of (Leaf _, Step _) => v | _ => beta)
        | GREATER => beta

  fun value_to_string (Step (m, e) : value) : string =
        "Step(" ^ Game.move_to_string m ^ ", " ^ Game.Est.toString e ^ ")"
    | value_to_string (Leaf e) = "Leaf(" ^ Game.Est.toString e ^ ")"

  fun ab_to_string ((alpha, beta) : alphabeta) : string =
      "(" ^ value_to_string alpha ^ "," ^ value_to_string beta ^ ")"
end
