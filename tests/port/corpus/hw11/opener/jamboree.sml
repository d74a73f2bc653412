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
  val initialAB : alphabeta = (Leaf (Game.Est.minnie_wins), Leaf (Game.Est.maxie_wins))

  (* Task 6.2 *)
  (* splitMoves : Game.state -> Game.move Seq.seq * Game.move Seq.seq
   * ENSURES: the first floor (prune_percentage * n) of the n moves of s, and the rest *)
  fun splitMoves (s : Game.state) =
      let
        val move_seq = Game.moves s
        val n = Seq.length move_seq
        val ab_num = Real.floor (Settings.prune_percentage * Real.fromInt n)
      in
        (Seq.tabulate (fn i => Seq.nth i move_seq) ab_num,
         Seq.tabulate (fn i => Seq.nth (i + ab_num) move_seq) (n - ab_num))
      end

  (* Task 6.3 *)
  (* F : int -> Game.state -> alphabeta -> value
   * ENSURES: as AlphaBeta's F, the abmoves one after another, then the mmmoves all with
   *          the alpha reached, their best combined with it *)
  fun F (d : int) (s : Game.state) ((a, b) : alphabeta) : value =
      case (Game.status s, d) of
          (Game.Over _, _) => Leaf (Game.estimate s)
        | (Game.In_play, 0) => Leaf (Game.estimate s)
        | (Game.In_play, _) =>
            let val (abmoves, mmmoves) = splitMoves s
            in updateA d (Seq.showl abmoves) mmmoves s (a, b) end

  and G (d : int) (s : Game.state) ((a, b) : alphabeta) : value =
      case (Game.status s, d) of
          (Game.Over _, _) => Leaf (Game.estimate s)
        | (Game.In_play, 0) => Leaf (Game.estimate s)
        | (Game.In_play, _) =>
            let val (abmoves, mmmoves) = splitMoves s
            in updateB d (Seq.showl abmoves) mmmoves s (a, b) end

  and updateA (d : int) (move_view : Game.move Seq.lview) (mmmoves : Game.move Seq.seq)
              (s : Game.state) ((a, b) : alphabeta) : value =
      case move_view of
          Seq.Nil =>
            Seq.reduce (fn (v, acc) => maxalpha (acc, v)) a
                       (Seq.map (fn x => Step (x, valueOf (G (d - 1) (Game.make_move (s, x)) (a, b))))
                                mmmoves)
        | Seq.Cons (x, xs) =>
            let
              val a' = maxalpha (a, Step (x, valueOf (G (d - 1) (Game.make_move (s, x)) (a, b))))
            in
              case valuecmp (a', b) of
                  LESS => updateA d (Seq.showl xs) mmmoves s (a', b)
                | _ => a'
            end

  and updateB (d : int) (move_view : Game.move Seq.lview) (mmmoves : Game.move Seq.seq)
              (s : Game.state) ((a, b) : alphabeta) : value =
      case move_view of
          Seq.Nil =>
            Seq.reduce (fn (v, acc) => minbeta (acc, v)) b
                       (Seq.map (fn x => Step (x, valueOf (F (d - 1) (Game.make_move (s, x)) (a, b))))
                                mmmoves)
        | Seq.Cons (x, xs) =>
            let
              val b' = minbeta (b, Step (x, valueOf (F (d - 1) (Game.make_move (s, x)) (a, b))))
            in
              case valuecmp (a, b') of
                  LESS => updateB d (Seq.showl xs) mmmoves s (a, b')
                | _ => b'
            end

  (* Task 6.4 *)
  fun next_move (s : Game.state) : Game.move =
      case Game.player s of
          Game.Minnie => moveOf (G Settings.search_depth s initialAB)
        | Game.Maxie => moveOf (F Settings.search_depth s initialAB)
end
