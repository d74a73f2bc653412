(* Explicit game trees for testing searches (HW11 Figures 3 and 5), as HW11 GAMEs.
 * The root is Maxie's, players alternate by level, a move is a child index, status is
 * always In_play (a tree is searched at exactly its depth), and estimate prints
 * "Estimating state NAME[V]" (Int.toString: ~ for negatives) and returns Est.guess V.
 * Searching below a leaf or estimating an inner node raises ExplicitGameError. *)
structure GameTree =
struct
  datatype tree = Node of string * tree list
                | Esti of string * int
end

exception ExplicitGameError of string

functor ExplicitGame (A : sig val tree : GameTree.tree end) : GAME =
struct
  open GameBase
  structure Est = Estimate

  type state = player * GameTree.tree
  type move = int
  type est = Est.est

  fun other Maxie = Minnie
    | other Minnie = Maxie

  fun label (GameTree.Node (l, _)) = l
    | label (GameTree.Esti (l, _)) = l

  val start = (Maxie, A.tree)

  fun moves (_, GameTree.Node (_, ts)) = Seq.tabulate (fn i => i) (List.length ts)
    | moves (_, GameTree.Esti (l, _)) =
        raise ExplicitGameError ("ExplicitGame: searched below the leaf " ^ l)

  fun status _ = In_play
  fun player (p, _) = p

  fun make_move ((p, GameTree.Node (_, ts)), i) = (other p, List.nth (ts, i))
    | make_move ((_, GameTree.Esti (l, _)), _) =
        raise ExplicitGameError ("ExplicitGame: move from the leaf " ^ l)

  fun estimate (_, GameTree.Esti (l, v)) =
        (print ("Estimating state " ^ l ^ "[" ^ Int.toString v ^ "]\n"); Est.guess v)
    | estimate (_, GameTree.Node (l, _)) =
        raise ExplicitGameError ("ExplicitGame: estimate called on the inner node " ^ l)

  fun player_to_string Maxie = "Maxie"
    | player_to_string Minnie = "Minnie"

  val move_to_string = Int.toString
  fun state_to_string (p, t) = "(" ^ player_to_string p ^ "," ^ label t ^ ")"
  fun parse_move (_, GameTree.Node (_, ts)) str =
        (case Int.fromString str of
             SOME i => if 0 <= i andalso i < List.length ts then SOME i else NONE
           | NONE => NONE)
    | parse_move (_, GameTree.Esti _) _ = NONE
end

structure HandoutSmall =
  ExplicitGame (struct
    open GameTree
    val tree =
      Node ("a", [Node ("b", [Esti ("c", 3), Esti ("d", 6), Esti ("e", ~2)]),
                  Node ("f", [Esti ("g", 6), Esti ("h", 4), Esti ("i", 10)]),
                  Node ("j", [Esti ("k", 1), Esti ("l", 30), Esti ("m", 9)])])
  end)

structure HandoutBig =
  ExplicitGame (struct
    open GameTree
    val tree =
      Node ("a",
            [Node ("b", [Node ("c", [Node ("d", [Esti ("e", 3), Esti ("f", 5)]),
                                     Node ("g", [Esti ("h", 2), Esti ("i", 7)])]),
                         Node ("j", [Node ("k", [Esti ("l", 10), Esti ("m", 4)])])]),
             Node ("n", [Node ("o", [Node ("p", [Esti ("q", 2), Esti ("r", 7)])]),
                         Node ("s", [Node ("t", [Esti ("u", 8), Esti ("v", 2)]),
                                     Node ("w", [Esti ("x", 4), Esti ("y", 6)])])])])
  end)
