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

  (* Task 5.1 *)
  val initialAB : alphabeta = (Leaf Game.Est.minnie_wins, Leaf Game.Est.maxie_wins)

  (* Task 5.2 *)
  fun F d s (ab as (alpha, beta)) =
      case (d, Game.status s) of
          (0, _) => Leaf (Game.estimate s)
        | (_, Game.Over _) => Leaf (Game.estimate s)
        | (_, Game.In_play) =>
            let
              (* go : value -> Game.move Seq.seq -> value; alpha is the one of the fold *)
              fun go alpha ms =
                  case Seq.showl ms of
                      Seq.Nil => alpha
                    | Seq.Cons (m, ms) =>
                        case maxalpha (alpha, Step (m, valueOf (G (d - 1) (Game.make_move (s, m)) (alpha, beta)))) of
                            alpha => if valuecmp (alpha, beta) = LESS then go alpha ms else alpha
            in
              go alpha (Game.moves s)
            end

  and G d s (ab as (alpha, beta)) =
      case (d, Game.status s) of
          (0, _) => Leaf (Game.estimate s)
        | (_, Game.Over _) => Leaf (Game.estimate s)
        | (_, Game.In_play) =>
            let
              fun go beta ms =
                  case Seq.showl ms of
                      Seq.Nil => beta
                    | Seq.Cons (m, ms) =>
                        case minbeta (beta, Step (m, valueOf (F (d - 1) (Game.make_move (s, m)) (alpha, beta)))) of
                            beta => if valuecmp (alpha, beta) = LESS then go beta ms else beta
            in
              go beta (Game.moves s)
            end

  (* Task 5.3 *)
  fun next_move s =
      (moveOf o (fn f => f Settings.search_depth s initialAB))
        (case Game.player s of Game.Maxie => F | Game.Minnie => G)
end
