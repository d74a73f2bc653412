functor AlphaBeta (Settings : sig
                                 structure G : GAME
                                 val search_depth : int
                             end)
        : PLAYER where type Game.move = Settings.G.move
                 where type Game.state = Settings.G.state =
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
  val initialAB : alphabeta = (Leaf (Game.Est.minnie_wins), Leaf (Game.Est.maxie_wins))

  (* Task 5.2 *)
  (* F : int -> Game.state -> alphabeta -> value
   * REQUIRES: d >= 0, alpha < beta
   * ENSURES: the alpha-beta result of s for Maxie: a Leaf at depth 0 or when the game is
   *          over; otherwise alpha raised by each child in turn (pruned once it reaches
   *          beta) *)
  fun F (d : int) (s : Game.state) ((a, b) : alphabeta) : value =
      case (Game.status s, d) of
          (Game.Over _, _) => Leaf (Game.estimate s)
        | (Game.In_play, 0) => Leaf (Game.estimate s)
        | (Game.In_play, _) => updateA d (Seq.showl (Game.moves s)) s (a, b)

  (* G : int -> Game.state -> alphabeta -> value   (as F, for Minnie) *)
  and G (d : int) (s : Game.state) ((a, b) : alphabeta) : value =
      case (Game.status s, d) of
          (Game.Over _, _) => Leaf (Game.estimate s)
        | (Game.In_play, 0) => Leaf (Game.estimate s)
        | (Game.In_play, _) => updateB d (Seq.showl (Game.moves s)) s (a, b)

  (* updateA : int -> Game.move Seq.lview -> Game.state -> alphabeta -> value
   * REQUIRES: d > 0; s is Maxie's; the moves are moves of s
   * ENSURES: alpha once the moves run out, or as soon as it reaches beta *)
  and updateA (d : int) (move_view : Game.move Seq.lview) (s : Game.state)
              ((a, b) : alphabeta) : value =
      case move_view of
          Seq.Nil => a
        | Seq.Cons (x, xs) =>
            let
              val a' = maxalpha (a, Step (x, valueOf (G (d - 1) (Game.make_move (s, x)) (a, b))))
            in
              case valuecmp (a', b) of
                  LESS => updateA d (Seq.showl xs) s (a', b)
                | _ => a'
            end

  (* updateB : int -> Game.move Seq.lview -> Game.state -> alphabeta -> value
   * ENSURES: beta once the moves run out, or as soon as it reaches alpha *)
  and updateB (d : int) (move_view : Game.move Seq.lview) (s : Game.state)
              ((a, b) : alphabeta) : value =
      case move_view of
          Seq.Nil => b
        | Seq.Cons (x, xs) =>
            let
              val b' = minbeta (b, Step (x, valueOf (F (d - 1) (Game.make_move (s, x)) (a, b))))
            in
              case valuecmp (a, b') of
                  LESS => updateB d (Seq.showl xs) s (a, b')
                | _ => b'
            end

  (* Task 5.3 *)
  (* next_move : Game.state -> Game.move
   * REQUIRES: s is In_play
   * ENSURES: the best move of the current player *)
  fun next_move (s : Game.state) : Game.move =
      let
        val best = case Game.player s of
                       Game.Minnie => G Settings.search_depth s initialAB
                     | Game.Maxie => F Settings.search_depth s initialAB
      in
        case best of
            Step (move, _) => move
          | Leaf _ => raise Fail "next_move: no move"
      end
end
