(* Explicit game trees for testing searches (HW11 2013, Figures 3 and 5), as GAMEs whose
 * moves are child indexes (GAME where type move = int). The root is Maxie's and the players
 * alternate by level; status is always In_play, so a tree must be searched at exactly its
 * depth: searching below a leaf or estimating an inner node raises ExplicitGameError.
 * estimate prints "Estimating state NAME[V]" (~ for negatives) and returns V. *)
structure GameTree =
struct
  datatype player = Minnie | Maxie
  datatype tree = Esti of string * int
                | Node of string * tree list
end

exception ExplicitGameError of string

functor ExplicitGame (A : sig val tree : GameTree.tree end) : GAME where type move = int =
struct
  open GameTree

  datatype outcome = Winner of player | Draw
  datatype status = Over of outcome | In_play

  structure Est = Estimate
  type est = Est.est

  type move = int
  type state = tree * player

  fun name (Esti (l, _)) = l
    | name (Node (l, _)) = l

  fun children (Node (_, ts)) = ts
    | children (Esti (l, _)) = raise ExplicitGameError ("searched below the leaf " ^ l)

  fun opponent Maxie = Minnie
    | opponent Minnie = Maxie

  val start : state = (A.tree, Maxie)
  fun moves ((t, _) : state) : move Seq.seq = Seq.tabulate (fn i => i) (List.length (children t))
  fun make_move ((t, p) : state, i : move) : state = (List.nth (children t, i), opponent p)
  fun status (_ : state) : status = In_play
  fun player ((_, p) : state) : player = p

  fun estimate ((Esti (l, v), _) : state) : est =
        (print ("Estimating state " ^ l ^ "[" ^ Int.toString v ^ "]\n"); Est.guess v)
    | estimate (Node (l, _), _) = raise ExplicitGameError ("estimated the inner node " ^ l)

  fun player_to_string Maxie = "Maxie"
    | player_to_string Minnie = "Minnie"

  val move_to_string = Int.toString
  fun state_to_string ((t, p) : state) = "(" ^ player_to_string p ^ "," ^ name t ^ ")"

  fun parse_move ((t, _) : state) (text : string) : move option =
      case (t, Int.fromString text) of
          (Node (_, ts), SOME i) => if 0 <= i andalso i < List.length ts then SOME i else NONE
        | _ => NONE
end

(* Figure 5: search it at depth 2 *)
structure HandoutSmall : GAME =
  ExplicitGame (struct
    open GameTree
    val tree =
      Node ("a", [Node ("b", [Esti ("c", 3), Esti ("d", 6), Esti ("e", ~2)]),
                  Node ("f", [Esti ("g", 6), Esti ("h", 4), Esti ("i", 10)]),
                  Node ("j", [Esti ("k", 1), Esti ("l", 30), Esti ("m", 9)])])
  end)

(* Figure 3: search it at depth 4 *)
structure HandoutBig : GAME =
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
