(* We have provided two maps to test the game on. You may construct
 * your own if you wish to battle on more interesting graphs! *)
functor M1 (P : Printer) : MAP =
struct
    (* six lands in a ring; each lists the next land, then the previous one *)
    val lands = [("Land0", [1, 5]), ("Land1", [2, 0]), ("Land2", [3, 1]),
                 ("Land3", [4, 2]), ("Land4", [5, 3]), ("Land5", [0, 4])]

    fun seqOf (l : 'a list) : 'a Seq.seq = List.foldr (fn (x, s) => Seq.cons x s) (Seq.empty ()) l

    val board = seqOf (List.map (fn (name, ns) => (name, seqOf ns)) lands)

    fun board_to_string (labels : string Seq.seq) : string =
        Seq.reduce (fn (l, rest) => l ^ "<-->" ^ rest) "" (P.padAll (P.labelAll labels))

    val min_start = 0
    val max_start = 3
    val max_terri = 9
    val max_units = 40
end

structure M2 : MAP =
struct
    (*  0  1  2  3
     *  4  5  6  7
     *  8  9 10 11
     * 12 13 14 15   each square lists its neighbours in increasing order *)
    fun seqOf (l : 'a list) : 'a Seq.seq = List.foldr (fn (x, s) => Seq.cons x s) (Seq.empty ()) l

    fun around (v : int) : int list =
        List.filter (fn w => w >= 0 andalso w < 16)
                    [if v >= 4 then v - 4 else ~1,
                     if v mod 4 > 0 then v - 1 else ~1,
                     if v mod 4 < 3 then v + 1 else ~1,
                     if v < 12 then v + 4 else ~1]

    val board = seqOf (List.tabulate (16, fn v => ("", seqOf (around v))))

    fun board_to_string (labels : string Seq.seq) : string =
        let
          val ls = P.padAll (P.labelAll labels)
        in
          Seq.reduce op^ ""
            (Seq.tabulate (fn i => Seq.nth i ls ^ (if i mod 4 = 3 then "\n" else " "))
                          (Seq.length ls))
        end

    val min_start = 0
    val max_start = 15
    val max_terri = 10
    val max_units = 80
end

functor Riskless (Dim : MAP) : GAME
    where type move = int * int =
struct
    open Seq
    exception IllegalState
    type vertex = int
    datatype player = Minnie | Maxie
    datatype outcome = Winner of player | Draw
    datatype status = Over of outcome | In_play

    datatype position = Min of int | Max of int | Empty

    structure Est = Estimate

    (* The string is simply there to give every territory a name *)
    datatype territory = T of string * position

    datatype gstate = B of (territory * vertex seq) seq * player
    type state = gstate

    type move = int * int

    val start =
        let
          fun at i =
              if i = Dim.max_start then Max 1
              else if i = Dim.min_start then Min 2
              else Empty
        in
          B (tabulate (fn i => let val (name, ns) = nth i Dim.board
                               in (T (name, at i), ns) end)
                      (length Dim.board),
             Maxie)
        end

    (* Task 4.1 - Implement these functions below! *)

    (* census : (territory * vertex seq) seq -> (int * int) * (int * int)
     * REQUIRES: true
     * ENSURES: census b ==> ((Maxie's territories, Maxie's armies),
     *                        (Minnie's territories, Minnie's armies)) *)
    fun census b =
        mapreduce (fn (T (_, Max k), _) => ((1, k), (0, 0))
                    | (T (_, Min k), _) => ((0, 0), (1, k))
                    | (T (_, Empty), _) => ((0, 0), (0, 0)))
                  ((0, 0), (0, 0))
                  (fn (((a, b), (c, d)), ((e, f), (g, h))) => ((a + e, b + f), (c + g, d + h)))
                  b

    (* status : state -> status
     * REQUIRES: true
     * ENSURES: Over Draw if both players have max_units armies; otherwise the winner is
     *          the player whose opponent holds no territory, or who has max_units armies *)
    fun status (B (b, _)) =
        let
          val ((xt, xa), (ot, oa)) = census b
        in
          case (xt = 0, ot = 0, xa >= Dim.max_units, oa >= Dim.max_units) of
              (_, true, _, _) => Over (Winner Maxie)
            | (true, _, _, _) => Over (Winner Minnie)
            | (_, _, true, true) => Over Draw
            | (_, _, true, false) => Over (Winner Maxie)
            | (_, _, false, true) => Over (Winner Minnie)
            | _ => In_play
        end

    (* moves : state -> move seq
     * REQUIRES: true
     * ENSURES: empty if the game is over; else (i, j) for every territory i of the mover, in
     *          order, and every neighbour j of i, in the map's order *)
    fun moves (s as B (b, p)) =
        case status s of
            In_play =>
              flatten (tabulate (fn i =>
                                    case (nth i b, p) of
                                        ((T (_, Max _), ns), Maxie) => map (fn j => (i, j)) ns
                                      | ((T (_, Min _), ns), Minnie) => map (fn j => (i, j)) ns
                                      | _ => empty ())
                                (length b))
          | Over _ => empty ()

    (* player : state -> player *)
    fun player (B (_, p)) = p

    (* make_move : state * move -> state
     * REQUIRES: m is one of moves s
     * ENSURES: the armies of x all go to y (x keeps 0): they join the mover's own, take an
     *          empty territory, or fight, the larger army winning with the difference (the
     *          attacker on a tie); then every occupied territory trains one army, up to
     *          max_terri; the other player moves *)
    fun make_move (B (b, p), (x, y)) =
        let
          val other = case p of Maxie => Minnie | Minnie => Maxie
          fun mine k = case p of Maxie => Max k | Minnie => Min k
          fun theirs k = case p of Maxie => Min k | Minnie => Max k
          val (T (_, src), _) = nth x b
          val moving = case src of Max k => k | Min k => k | Empty => raise IllegalState
          fun arrive (Empty) = mine moving
            | arrive pos =
                case (p, pos) of
                    (Maxie, Max k) => Max (k + moving)
                  | (Minnie, Min k) => Min (k + moving)
                  | (_, Max k) => if moving >= k then mine (moving - k) else theirs (k - moving)
                  | (_, Min k) => if moving >= k then mine (moving - k) else theirs (k - moving)
                  | (_, Empty) => mine moving
          fun train (Max k) = Max (Int.min (k + 1, Dim.max_terri))
            | train (Min k) = Min (Int.min (k + 1, Dim.max_terri))
            | train Empty = Empty
          val b' = tabulate (fn i =>
                                let
                                  val (T (name, pos), ns) = nth i b
                                in
                                  (T (name, train (if i = x then mine 0
                                                   else if i = y then arrive pos
                                                   else pos)),
                                   ns)
                                end)
                            (length b)
        in
          B (b', other)
        end

    type est = Est.est

    (* Please describe your implementation of estimate below:
     * the naive count: Maxie's armies minus Minnie's armies. *)
    (* estimate : state -> Est.est *)
    fun estimate (B (b, _)) =
        let
          val ((_, xa), (_, oa)) = census b
        in
          xa - oa
        end

    (* Functions to help visualize the game (given) *)
    fun move_to_string ((i, j) : move) : string =
        "(" ^ Int.toString i ^ "," ^ Int.toString j ^ ")"

    fun pos_to_string (T (name, Empty)) = name ^ ":"
      | pos_to_string (T (name, Min k)) = name ^ ": O(" ^ Int.toString k ^ ")"
      | pos_to_string (T (name, Max k)) = name ^ ": X(" ^ Int.toString k ^ ")"

    fun state_to_string (B (b, _)) = Dim.board_to_string (map (fn (t, _) => pos_to_string t) b)

    fun parse_move (s : state) (str : string) : move option =
        case String.tokens Char.isSpace str of
            [a, c] =>
              (case (Int.fromString a, Int.fromString c) of
                   (SOME i, SOME j) =>
                     if length (filter (fn m => m = (i, j)) (moves s)) > 0 then SOME (i, j) else NONE
                 | _ => NONE)
          | _ => NONE
end

(* Build Riskless game for each map *)
structure RL1 = Riskless (M1 (P))
structure RL2 = Riskless (M2)

structure TestRiskless =
struct
  (* Generates a sequence from a list *)
  fun seqFromList (l : 'a list) : 'a Seq.seq =
      Seq.tabulate (fn i => List.nth (l, i)) (List.length l)

  (* plays the moves in order *)
  fun play1 s [] = s
    | play1 s (m :: ms) = play1 (RL1.make_move (s, m)) ms

  (* Tests for status *)
  val RL1.In_play = RL1.status RL1.start
  val RL2.In_play = RL2.status RL2.start

  (* Tests for moves *)
  val [(3, 4), (3, 2)] = SeqUtils.seqToList (RL1.moves RL1.start)
  val [(15, 11), (15, 14)] = SeqUtils.seqToList (RL2.moves RL2.start)

  (* Tests for player *)
  val RL1.Maxie = RL1.player RL1.start

  (* Tests for make_move *)
  val s1 = RL1.make_move (RL1.start, (3, 4))
  val RL1.Minnie = RL1.player s1
  val [(0, 1), (0, 5)] = SeqUtils.seqToList (RL1.moves s1)
  val "(0) Land0: O(3)<-->(1) Land1:     <-->(2) Land2:     <-->(3) Land3: X(1)<-->(4) Land4: X(2)<-->(5) Land5:     <-->" =
      RL1.state_to_string s1

  (* Maxie takes every territory of Minnie's *)
  val s4 = play1 RL1.start [(3, 2), (0, 5), (3, 4), (0, 5), (4, 3), (0, 5), (2, 1), (5, 0),
                            (1, 0), (5, 4), (0, 5)]
  val RL1.Over (RL1.Winner RL1.Maxie) = RL1.status s4

  (* Tests for estimate *)
  val ~1 = RL1.estimate RL1.start
  val 0 = RL1.estimate s1
end
