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
    type vertex = int
    datatype player = Minnie | Maxie
    datatype outcome = Winner of player | Draw
    datatype status = Over of outcome | In_play

    datatype position = Min of int | Max of int | Empty

    structure Est = Estimate

    (* The string is simply there to give every territory a name *)
    datatype territory = T of string * position

    datatype gstate = B of (territory * vertex Seq.seq) Seq.seq * player
    type state = gstate

    type move = vertex * vertex

    val start =
        B (Seq.tabulate (fn i =>
                            let
                              val (name, ns) = Seq.nth i Dim.board
                            in
                              (T (name, if i = Dim.min_start then Min 2
                                        else if i = Dim.max_start then Max 1
                                        else Empty), ns)
                            end) (Seq.length Dim.board),
           Maxie)

    (* ---- Task 4.1 ---- *)

    exception NotYours

    type side = {lands : int, armies : int}
    infix 6 ++
    fun ({lands = l1, armies = a1} : side) ++ ({lands = l2, armies = a2} : side) : side =
        {lands = l1 + l2, armies = a1 + a2}
    val nobody : side = {lands = 0, armies = 0}

    (* sides : state -> {maxie : side, minnie : side}
     * ENSURES: each player's territories and armies *)
    fun sides (B (board, _) : state) : {maxie : side, minnie : side} =
        Seq.mapreduce
          (fn (T (_, Max k), _) => {maxie = {lands = 1, armies = k}, minnie = nobody}
            | (T (_, Min k), _) => {maxie = nobody, minnie = {lands = 1, armies = k}}
            | (T (_, Empty), _) => {maxie = nobody, minnie = nobody})
          {maxie = nobody, minnie = nobody}
          (fn (x, y) => {maxie = #maxie x ++ #maxie y, minnie = #minnie x ++ #minnie y})
          board

    (* status : state -> status
     * ENSURES: a player without territory has lost; both players at max_units armies is a
     *          draw; one player at max_units wins; otherwise the game goes on *)
    fun status (s : state) : status =
        let
          val {maxie = {lands = xl, armies = xa}, minnie = {lands = ol, armies = oa}} = sides s
          val goal = Dim.max_units
        in
          if ol = 0 then Over (Winner Maxie)
          else if xl = 0 then Over (Winner Minnie)
          else if xa >= goal andalso oa >= goal then Over Draw
          else if xa >= goal then Over (Winner Maxie)
          else if oa >= goal then Over (Winner Minnie)
          else In_play
        end

    fun player (B (_, p) : state) : player = p

    (* armiesOf : player -> position -> int
     * ENSURES: the armies on pos if p holds it; raises NotYours otherwise *)
    fun armiesOf Maxie (Max k) = k
      | armiesOf Minnie (Min k) = k
      | armiesOf _ _ = raise NotYours

    (* moves : state -> move Seq.seq
     * ENSURES: <> once the game is over; else every (i, j), i a territory of the mover,
     *          j a neighbour of i *)
    fun moves (s as B (board, p) : state) : move Seq.seq =
        case status s of
            Over _ => Seq.empty ()
          | In_play =>
              Seq.flatten
                (Seq.tabulate
                   (fn i =>
                       let
                         val (T (_, pos), ns) = Seq.nth i board
                       in
                         (ignore (armiesOf p pos); Seq.map (fn j => (i, j)) ns)
                         handle NotYours => Seq.empty ()
                       end)
                   (Seq.length board))

    fun holding Maxie k = Max k
      | holding Minnie k = Min k

    fun rival Maxie = Minnie
      | rival Minnie = Maxie

    (* make_move : state * move -> state
     * REQUIRES: m is one of moves s *)
    fun make_move (B (board, p) : state, (src, dst) : move) : state =
        let
          val (T (_, from), _) = Seq.nth src board
          val army = armiesOf p from
          fun land (T (name, pos), ns) i =
              let
                val pos' =
                    if i = src then holding p 0
                    else if i <> dst then pos
                    else case pos of
                             Empty => holding p army
                           | _ => (holding p (armiesOf p pos + army)
                                   handle NotYours =>
                                     let val theirs = armiesOf (rival p) pos
                                     in if army >= theirs then holding p (army - theirs)
                                        else holding (rival p) (theirs - army)
                                     end)
                val trained = case pos' of
                                  Max k => Max (Int.min (k + 1, Dim.max_terri))
                                | Min k => Min (Int.min (k + 1, Dim.max_terri))
                                | Empty => Empty
              in
                (T (name, trained), ns)
              end
        in
          B (Seq.tabulate (fn i => land (Seq.nth i board) i) (Seq.length board), rival p)
        end

    type est = Est.est

    (* Please describe your implementation of estimate below:
     * a finished game is worth its outcome (maxie_wins, minnie_wins, draw); otherwise the
     * naive evaluation, Maxie's armies minus Minnie's armies. *)
    fun estimate (s : state) : est =
        case status s of
            Over (Winner Maxie) => Est.maxie_wins
          | Over (Winner Minnie) => Est.minnie_wins
          | Over Draw => Est.draw
          | In_play => let val {maxie, minnie} = sides s
                       in Est.guess (#armies maxie - #armies minnie) end

    (* Functions to help visualize the game (given) *)
    fun move_to_string ((i, j) : move) : string =
        "(" ^ Int.toString i ^ "," ^ Int.toString j ^ ")"

    fun pos_to_string (T (name, Empty)) = name ^ ":"
      | pos_to_string (T (name, Min k)) = name ^ ": O(" ^ Int.toString k ^ ")"
      | pos_to_string (T (name, Max k)) = name ^ ": X(" ^ Int.toString k ^ ")"

    fun state_to_string (B (board, _) : state) : string =
        Dim.board_to_string (Seq.map (fn (t, _) => pos_to_string t) board)

    fun parse_move (s : state) (text : string) : move option =
        case List.map Int.fromString (String.tokens Char.isSpace text) of
            [SOME i, SOME j] =>
              if Seq.length (Seq.filter (fn m => m = (i, j)) (moves s)) > 0 then SOME (i, j) else NONE
          | _ => NONE
end

structure TestRiskless =
struct
  structure R = Riskless (M1 (P))

  (* play : R.state -> R.move list -> R.state, by a while loop *)
  fun play (s : R.state) (ms : R.move list) : R.state =
      let
        val cur = ref s
        val left = ref ms
      in
        while not (List.null (!left)) do
          (cur := R.make_move (!cur, hd (!left));
           left := tl (!left));
        !cur
      end

  val [(3, 4), (3, 2)] = SeqUtils.seqToList (R.moves R.start)
  val R.In_play = R.status R.start
  val s1 = play R.start [(3, 4)]
  val R.Minnie = R.player s1
  val "(0) Land0: O(3)<-->(1) Land1:     <-->(2) Land2:     <-->(3) Land3: X(1)<-->(4) Land4: X(2)<-->(5) Land5:     <-->" =
      R.state_to_string s1
  (* a tie goes to the attacker *)
  val "(0) Land0: O(4)<-->(1) Land1:     <-->(2) Land2: X(5)<-->(3) Land3: X(1)<-->(4) Land4: X(1)<-->(5) Land5: O(2)<-->" =
      R.state_to_string (play R.start [(3, 4), (0, 5), (3, 2), (5, 4), (3, 4)])
  val 0 = R.estimate s1
  val SOME (0, 1) = R.parse_move s1 "0 1"
  val NONE = R.parse_move s1 "3 4"

  structure R2 = Riskless (M2)
  val [(15, 11), (15, 14)] = SeqUtils.seqToList (R2.moves R2.start)
end
