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

functor Riskless (Dim : MAP) : GAME where type move = int * int =
struct
    open Seq
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

    infix 1 |>
    fun x |> f = f x

    val start =
        B (tabulate (fn i => case nth i Dim.board of
                                 (name, ns) => (T (name, if i = Dim.max_start then Max 1
                                                         else if i = Dim.min_start then Min 2
                                                         else Empty), ns))
                    (length Dim.board),
           Maxie)

    (* Task 4.1 *)

    (* owner : position -> player option *)
    fun owner (Max _) = SOME Maxie
      | owner (Min _) = SOME Minnie
      | owner Empty = NONE

    fun size (Max k) = k
      | size (Min k) = k
      | size Empty = 0

    fun put (Maxie, k) = Max k
      | put (Minnie, k) = Min k

    fun foe Maxie = Minnie
      | foe Minnie = Maxie

    (* total : (territory * vertex seq) seq -> player -> int * int
     * (territories, armies) of p *)
    fun total board p =
        mapreduce (fn (T (_, pos), _) => if owner pos = SOME p then (1, size pos) else (0, 0))
                  (0, 0) (fn ((a, b), (c, d)) => (a + c, b + d)) board

    (* status : state -> status *)
    fun status (B (board, _)) =
        let
          val ((xt, xa), (ot, oa)) = (total board Maxie, total board Minnie)
          val (xgoal, ogoal) = (xa >= Dim.max_units, oa >= Dim.max_units)
        in
          if ot = 0 orelse xt = 0 then Over (Winner (if ot = 0 then Maxie else Minnie))
          else case (xgoal, ogoal) of
                   (true, true) => Over Draw
                 | (true, false) => Over (Winner Maxie)
                 | (false, true) => Over (Winner Minnie)
                 | (false, false) => In_play
        end

    fun player (B (_, p)) = p

    (* moves : state -> move seq *)
    fun moves (s as B (board, p)) =
        let
          (* from : int -> (territory * vertex seq) lview -> move seq   (territories i, i+1, ...) *)
          fun from i v =
              case v of
                  Nil => empty ()
                | Cons ((T (_, pos), ns), rest) =>
                    let val later = from (i + 1) (showl rest)
                    in if owner pos = SOME p then append (map (fn j => (i, j)) ns) later else later end
        in
          case status s of
              In_play => from 0 (showl board)
            | Over _ => empty ()
        end

    (* make_move : state * move -> state *)
    fun make_move (B (board, p), (x, y)) =
        let
          val ((T (_, xpos), _), (T (_, ypos), _)) = (nth x board, nth y board)
          val n = size xpos
          val arrived =
              case owner ypos of
                  NONE => put (p, n)
                | SOME q => if q = p then put (p, n + size ypos)
                            else if n >= size ypos then put (p, n - size ypos)
                            else put (q, size ypos - n)
          fun train pos = case owner pos of
                              NONE => pos
                            | SOME q => put (q, Int.min (size pos + 1, Dim.max_terri))
        in
          B (tabulate (fn i => case nth i board of
                                   (T (name, pos), ns) =>
                                     (T (name, train (if i = x then put (p, 0)
                                                      else if i = y then arrived else pos)), ns))
                      (length board),
             foe p)
        end

    type est = Est.est

    (* Please describe your implementation of estimate below:
     * naive: Maxie's armies minus Minnie's (finished games too). *)
    fun estimate (B (board, _)) =
        case (total board Maxie, total board Minnie) of
            ((_, mx), (_, mn)) => Est.guess (mx - mn)

    (* Functions to help visualize the game (given) *)
    fun move_to_string ((i, j) : move) : string =
        "(" ^ Int.toString i ^ "," ^ Int.toString j ^ ")"

    fun pos_to_string (T (name, Empty)) = name ^ ":"
      | pos_to_string (T (name, Min k)) = name ^ ": O(" ^ Int.toString k ^ ")"
      | pos_to_string (T (name, Max k)) = name ^ ": X(" ^ Int.toString k ^ ")"

    fun state_to_string (B (board, _)) = Dim.board_to_string (map (fn (t, _) => pos_to_string t) board)

    fun parse_move s str =
        case map Int.fromString (SeqUtils.seqFromList (String.tokens Char.isSpace str)) |> SeqUtils.seqToList of
            [SOME i, SOME j] =>
              (case showl (filter (fn (a, b) => a = i andalso b = j) (moves s)) of
                   Nil => NONE
                 | Cons (m, _) => SOME m)
          | _ => NONE
end

structure TestRiskless =
struct
  structure Ring = Riskless (M1 (P))
  structure Grid = Riskless (M2)
  open Ring

  val [(3, 4), (3, 2)] = SeqUtils.seqToList (moves start)
  val Maxie = player start
  val s = make_move (start, (3, 2))
  val [(0, 1), (0, 5)] = SeqUtils.seqToList (moves s)
  val In_play = status s
  val ~1 = estimate start
  val [(15, 11), (15, 14)] = SeqUtils.seqToList (Grid.moves Grid.start)
end
