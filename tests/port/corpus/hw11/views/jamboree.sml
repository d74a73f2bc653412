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

  (* Task 6.1 *)
  val initialAB : alphabeta = (Leaf Game.Est.minnie_wins, Leaf Game.Est.maxie_wins)

  (* Task 6.2 *)
  fun splitMoves s =
      let
        val ms = Game.moves s
        val k = Real.floor (Settings.prune_percentage * real (Seq.length ms))
      in
        (Seq.take k ms, Seq.drop k ms)
      end

  (* best : (value * value -> value) -> value -> value Seq.seq -> value
   * the values of the parallel moves by the tree view: each half's best, then the two
   * combined (the left half first, so the earlier of equal values stays) *)
  fun best pick acc vs =
      case Seq.showt vs of
          Seq.Empty => acc
        | Seq.Leaf v => pick (acc, v)
        | Seq.Node (l, r) => best pick (best pick acc l) r

  (* Task 6.3 *)
  fun F d s (alpha, beta) =
      case (d, Game.status s) of
          (0, _) => Leaf (Game.estimate s)
        | (_, Game.Over _) => Leaf (Game.estimate s)
        | (_, Game.In_play) =>
            let
              val (abmoves, mmmoves) = splitMoves s
              fun child alpha m = Step (m, valueOf (G (d - 1) (Game.make_move (s, m)) (alpha, beta)))
              fun go alpha ms =
                  case Seq.showl ms of
                      Seq.Nil => best maxalpha alpha (Seq.map (child alpha) mmmoves)
                    | Seq.Cons (m, ms) =>
                        let val alpha = maxalpha (alpha, child alpha m)
                        in if valuecmp (alpha, beta) = LESS then go alpha ms else alpha end
            in
              go alpha abmoves
            end

  and G d s (alpha, beta) =
      case (d, Game.status s) of
          (0, _) => Leaf (Game.estimate s)
        | (_, Game.Over _) => Leaf (Game.estimate s)
        | (_, Game.In_play) =>
            let
              val (abmoves, mmmoves) = splitMoves s
              fun child beta m = Step (m, valueOf (F (d - 1) (Game.make_move (s, m)) (alpha, beta)))
              fun go beta ms =
                  case Seq.showl ms of
                      Seq.Nil => best minbeta beta (Seq.map (child beta) mmmoves)
                    | Seq.Cons (m, ms) =>
                        let val beta = minbeta (beta, child beta m)
                        in if valuecmp (alpha, beta) = LESS then go beta ms else beta end
            in
              go beta abmoves
            end

  (* Task 6.4 *)
  fun next_move s =
      case Game.player s of
          Game.Maxie => moveOf (F Settings.search_depth s initialAB)
        | Game.Minnie => moveOf (G Settings.search_depth s initialAB)
end
