(* 15-150 HW 11: Jamboree. *)
functor Jamboree (Settings : sig
                               structure G : GAME
                               val search_depth : int
                               val prune_percentage : real
                             end) : PLAYER =
struct
  structure Game = Settings.G

  type edge = Game.move * Game.est
  datatype value = Step of edge
                 | Leaf of Game.est

  fun valueToString (Step (m, e)) = "Step(" ^ Game.move_to_string m ^ ", " ^ Game.Est.toString e ^ ")"
    | valueToString (Leaf e) = "Leaf(" ^ Game.Est.toString e ^ ")"

  type alphabeta = value * value (* invariant : alpha < beta *)
  fun abToString (a, b) = "(" ^ valueToString a ^ "," ^ valueToString b ^ ")"

  (* valueOf : value -> Game.est   the estimate of a value *)
  fun valueOf (Step (_, e)) = e
    | valueOf (Leaf e) = e

  (* moveOf : value -> Game.move   the move of a Step *)
  fun moveOf (Step (m, _)) = m
    | moveOf (Leaf _) = raise Fail "moveOf: a Leaf has no move"

  (* valuecmp : value * value -> order   by their estimates *)
  fun valuecmp (x, y) = Game.Est.compare (valueOf x, valueOf y)

  (* maxalpha : value * value -> value
   *   the larger; of two equal values the first, unless only the second is a Step *)
  fun maxalpha (x, y) =
      case valuecmp (x, y) of
          GREATER => x
        | LESS => y
        | EQUAL => (case (x, y) of (Leaf _, Step _) => y | _ => x)

  (* minbeta : value * value -> value
   *   the smaller; of two equal values the first, unless only the second is a Step *)
  fun minbeta (x, y) =
      case valuecmp (x, y) of
          LESS => x
        | GREATER => y
        | EQUAL => (case (x, y) of (Leaf _, Step _) => y | _ => x)

  exception Cut of value

  (* Task 6.1 *)
  val initialAB : alphabeta = (Leaf Game.Est.minnie_wins, Leaf Game.Est.maxie_wins)

  (* Task 6.2 *)
  (* splitMoves : Game.state -> Game.move Seq.seq * Game.move Seq.seq *)
  fun splitMoves (s : Game.state) : Game.move Seq.seq * Game.move Seq.seq =
      let
        val all = Game.moves s
      in
        Seq.split (Real.floor (Settings.prune_percentage * Real.fromInt (Seq.length all))) all
      end

  fun leaf (d : int) (s : Game.state) : value option =
      case Game.status s of
          Game.Over _ => SOME (Leaf (Game.estimate s))
        | Game.In_play => if d = 0 then SOME (Leaf (Game.estimate s)) else NONE

  (* Task 6.3 *)
  (* F : int -> Game.state -> alphabeta -> value
   * ENSURES: the abmoves as in AlphaBeta (Cut when alpha reaches beta); then the mmmoves,
   *          all with the alpha reached, folded into it with maxalpha from left to right *)
  fun F (d : int) (s : Game.state) ((alpha, beta) : alphabeta) : value =
      case leaf d s of
          SOME v => v
        | NONE =>
            let
              val (abmoves, mmmoves) = splitMoves s
              fun value (a : value) (m : Game.move) : value =
                  Step (m, valueOf (G (d - 1) (Game.make_move (s, m)) (a, beta)))
              fun scan (a : value) (ms : Game.move Seq.lview) : value =
                  case ms of
                      Seq.Nil => a
                    | Seq.Cons (m, rest) =>
                        let val a' = maxalpha (a, value a m)
                        in if valuecmp (a', beta) = LESS then scan a' (Seq.showl rest) else raise Cut a' end
              fun fold (a : value) (vs : value Seq.lview) : value =
                  case vs of
                      Seq.Nil => a
                    | Seq.Cons (v, rest) => fold (maxalpha (a, v)) (Seq.showl rest)
            in
              let
                val a = scan alpha (Seq.showl abmoves)
              in
                fold a (Seq.showl (Seq.map (value a) mmmoves))
              end
              handle Cut v => v
            end

  and G (d : int) (s : Game.state) ((alpha, beta) : alphabeta) : value =
      case leaf d s of
          SOME v => v
        | NONE =>
            let
              val (abmoves, mmmoves) = splitMoves s
              fun value (b : value) (m : Game.move) : value =
                  Step (m, valueOf (F (d - 1) (Game.make_move (s, m)) (alpha, b)))
              fun scan (b : value) (ms : Game.move Seq.lview) : value =
                  case ms of
                      Seq.Nil => b
                    | Seq.Cons (m, rest) =>
                        let val b' = minbeta (b, value b m)
                        in if valuecmp (alpha, b') = LESS then scan b' (Seq.showl rest) else raise Cut b' end
              fun fold (b : value) (vs : value Seq.lview) : value =
                  case vs of
                      Seq.Nil => b
                    | Seq.Cons (v, rest) => fold (minbeta (b, v)) (Seq.showl rest)
            in
              let
                val b = scan beta (Seq.showl abmoves)
              in
                fold b (Seq.showl (Seq.map (value b) mmmoves))
              end
              handle Cut v => v
            end

  (* Task 6.4 *)
  fun next_move (s : Game.state) : Game.move =
      case Game.player s of
          Game.Maxie => moveOf (F Settings.search_depth s initialAB)
        | Game.Minnie => moveOf (G Settings.search_depth s initialAB)
end
