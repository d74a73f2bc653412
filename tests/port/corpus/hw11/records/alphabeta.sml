(* 15-150 HW 11: alpha-beta pruning. A cut-off is signalled by raising Cut. *)
functor AlphaBeta (Settings : sig
                                structure G : GAME
                                val search_depth : int
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

  (* Task 5.1 *)
  val initialAB : alphabeta = (Leaf Game.Est.minnie_wins, Leaf Game.Est.maxie_wins)

  (* leaf : int -> Game.state -> value option
   * ENSURES: SOME (Leaf (estimate s)) at depth 0 or when the game is over, else NONE *)
  fun leaf (d : int) (s : Game.state) : value option =
      case Game.status s of
          Game.Over _ => SOME (Leaf (Game.estimate s))
        | Game.In_play => if d = 0 then SOME (Leaf (Game.estimate s)) else NONE

  (* Task 5.2 *)
  (* F : int -> Game.state -> alphabeta -> value
   * REQUIRES: d >= 0, alpha < beta
   * ENSURES: Maxie's alpha-beta value of s: alpha raised by each child from left to right;
   *          as soon as it reaches beta, Cut stops the scan and its value is the result *)
  fun F (d : int) (s : Game.state) ((alpha, beta) : alphabeta) : value =
      case leaf d s of
          SOME v => v
        | NONE =>
            let
              fun child (a : value, m : Game.move) : value =
                  let
                    val a' = maxalpha (a, Step (m, valueOf (G (d - 1) (Game.make_move (s, m)) (a, beta))))
                  in
                    if valuecmp (a', beta) = LESS then a' else raise Cut a'
                  end
              fun scan (a : value) (ms : Game.move Seq.lview) : value =
                  case ms of
                      Seq.Nil => a
                    | Seq.Cons (m, rest) => scan (child (a, m)) (Seq.showl rest)
            in
              scan alpha (Seq.showl (Game.moves s)) handle Cut v => v
            end

  (* G : int -> Game.state -> alphabeta -> value   (Minnie's, lowering beta) *)
  and G (d : int) (s : Game.state) ((alpha, beta) : alphabeta) : value =
      case leaf d s of
          SOME v => v
        | NONE =>
            let
              fun child (b : value, m : Game.move) : value =
                  let
                    val b' = minbeta (b, Step (m, valueOf (F (d - 1) (Game.make_move (s, m)) (alpha, b))))
                  in
                    if valuecmp (alpha, b') = LESS then b' else raise Cut b'
                  end
              fun scan (b : value) (ms : Game.move Seq.lview) : value =
                  case ms of
                      Seq.Nil => b
                    | Seq.Cons (m, rest) => scan (child (b, m)) (Seq.showl rest)
            in
              scan beta (Seq.showl (Game.moves s)) handle Cut v => v
            end

  (* Task 5.3 *)
  fun next_move (s : Game.state) : Game.move =
      moveOf ((case Game.player s of Game.Maxie => F | Game.Minnie => G)
                Settings.search_depth s initialAB)
end
