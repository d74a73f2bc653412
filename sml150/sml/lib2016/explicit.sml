(* Explicit game trees for testing searches (HW10 2016, Figures 1 and 2), as ESTGAMEs whose
 * moves are child indexes (ESTGAME where type move = int). The root is Maxie's and the
 * players alternate by level; status is always In_play, so a tree must be searched at
 * exactly its depth: searching below a leaf or estimating an inner node raises
 * ExplicitGameError. estimate prints "Estimating state NAME[V]" (~ for negatives). *)
structure GameTree =
struct
  datatype player = Minnie | Maxie
  datatype tree = Esti of string * int
                | Node of string * tree list
end

exception ExplicitGameError of string

functor ExplicitGame (A : sig val tree : GameTree.tree end) : ESTGAME where type move = int =
struct
  open GameTree

  datatype outcome = Winner of player
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
  fun data_to_start_state (_ : string list) : state = start

  fun moves ((t, _) : state) : move Seq.seq = Seq.tabulate (fn i => i) (List.length (children t))
  fun make_move ((t, p) : state, i : move) : state = (List.nth (children t, i), opponent p)
  fun is_valid_move ((t, _) : state, i : move) : bool =
      case t of Node (_, ts) => 0 <= i andalso i < List.length ts | Esti _ => false
  fun move_eq (a : move, b : move) = a = b

  fun status (_ : state) : status = In_play
  fun player ((_, p) : state) : player = p

  fun estimate ((Esti (l, v), _) : state) : est =
        (print ("Estimating state " ^ l ^ "[" ^ Int.toString v ^ "]\n"); Est.Guess v)
    | estimate (Node (l, _), _) = raise ExplicitGameError ("estimated the inner node " ^ l)

  fun outcome_to_est (Winner Maxie) = Est.MaxieWins
    | outcome_to_est (Winner Minnie) = Est.MinnieWins

  fun player_to_string Maxie = "Maxie"
    | player_to_string Minnie = "Minnie"

  fun outcome_to_string (Winner p) = player_to_string p ^ " wins!"

  val move_to_string = Int.toString
  val move_to_descriptor = Int.toString
  fun detailed_move_to_string ((_, p) : state, i : move) =
      player_to_string p ^ " moves to child " ^ Int.toString i
  fun state_to_string ((t, p) : state) = "(" ^ player_to_string p ^ "," ^ name t ^ ")"

  fun parse_move (s : state) (text : string) : move option =
      case Int.fromString text of
          SOME i => if is_valid_move (s, i) then SOME i else NONE
        | NONE => NONE
end

(* Figure 2: search it at depth 2 *)
structure HandoutSmall : ESTGAME =
  ExplicitGame (struct
    open GameTree
    val tree =
      Node ("a", [Node ("b", [Esti ("c", 3), Esti ("d", 6), Esti ("e", ~2)]),
                  Node ("f", [Esti ("g", 6), Esti ("h", 4), Esti ("i", 10)]),
                  Node ("j", [Esti ("k", 1), Esti ("l", 30), Esti ("m", 9)])])
  end)

(* Figure 1: search it at depth 4 *)
structure HandoutBig : ESTGAME =
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
