(* Homework 10, Tic-Tac-Toe. Moves are listed column by column. *)
functor TicTacToe (Settings : TTTCONSTS) : ESTGAME =
struct
  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play

  datatype entry = O | X
  type tile = entry option
  type board = tile Seq.seq Seq.seq
  type state = board * player
  type location = int * int
  type move = entry * location

  structure Est : EST = Estimate
  type est = Est.est

  exception OffBoard

  infix 5 ++
  fun s ++ t = Seq.append (s, t)

  val size = Settings.board_size

  (* mark : player -> entry *)
  fun mark Maxie = O
    | mark Minnie = X

  fun opponent Maxie = Minnie
    | opponent Minnie = Maxie

  (* tileAt : board -> location -> tile
   * ENSURES: the tile at (r, c); raises OffBoard if (r, c) is not on the board *)
  fun tileAt (b : board) ((r, c) : location) : tile =
      if r < 0 orelse c < 0 orelse r >= size orelse c >= size then raise OffBoard
      else Seq.nth c (Seq.nth r b)

  val start : state = (Seq.tabulate (fn _ => Seq.repeat size NONE) size, Maxie)
  fun data_to_start_state (_ : string list) : state = start

  fun player ((_, p) : state) : player = p

  (* is_valid_move : state * move -> bool
   * ENSURES: the mover's entry on an empty tile of the board *)
  fun is_valid_move ((b, p) : state, (e, loc) : move) : bool =
      (e = mark p andalso not (isSome (tileAt b loc))) handle OffBoard => false

  (* make_move : state * move -> state
   * REQUIRES: is_valid_move (s, m) *)
  fun make_move ((b, p) : state, (e, (r, c)) : move) : state =
      (Seq.update (b, r, Seq.update (Seq.nth r b, c, SOME e)), opponent p)

  (* every line of the board: rows, columns, the diagonal and the anti-diagonal *)
  val lines : location Seq.seq Seq.seq =
      Seq.tabulate (fn r => Seq.tabulate (fn c => (r, c)) size) size
      ++ Seq.tabulate (fn c => Seq.tabulate (fn r => (r, c)) size) size
      ++ Seq.singleton (Seq.tabulate (fn i => (i, i)) size)
      ++ Seq.singleton (Seq.tabulate (fn i => (i, size - 1 - i)) size)

  type tally = {os : int, xs : int}

  (* tally : board -> location Seq.seq -> tally
   * ENSURES: how many O's and X's the line holds *)
  fun tally (b : board) (line : location Seq.seq) : tally =
      Seq.mapreduce (fn loc => case tileAt b loc of
                                   SOME O => {os = 1, xs = 0}
                                 | SOME X => {os = 0, xs = 1}
                                 | NONE => {os = 0, xs = 0})
                    {os = 0, xs = 0}
                    (fn ({os = a, xs = b}, {os = c, xs = d}) => {os = a + c, xs = b + d})
                    line

  (* moves : state -> move Seq.seq
   * ENSURES: the mover's entry on every empty tile, column by column *)
  fun moves ((b, p) : state) : move Seq.seq =
      Seq.map (fn loc => (mark p, loc))
              (Seq.filter (fn loc => not (isSome (tileAt b loc)))
                          (Seq.flatten (Seq.tabulate (fn c => Seq.tabulate (fn r => (r, c)) size) size)))

  (* status : state -> status
   * ENSURES: Over (Winner Maxie) when a line is all O, Over (Winner Minnie) when a line is
   *          all X or the board is full, In_play otherwise *)
  fun status ((b, _) : state) : status =
      let
        val counts = Seq.map (tally b) lines
        val full = (Seq.length o Seq.filter (fn t => #os t + #xs t = size)) counts
        val oLine = Seq.length (Seq.filter (fn {os, ...} => os = size) counts) > 0
        val xLine = Seq.length (Seq.filter (fn {xs, ...} => xs = size) counts) > 0
        val empties = Seq.mapreduce (Seq.length o Seq.filter (not o isSome)) 0 op+ b
      in
        if oLine then Over (Winner Maxie)
        else if xLine orelse empties = 0 then Over (Winner Minnie)
        else In_play
      end

  fun outcome_to_est (Winner Maxie) = Est.MaxieWins
    | outcome_to_est (Winner Minnie) = Est.MinnieWins

  fun player_to_string Maxie = "Maxie"
    | player_to_string Minnie = "Minnie"

  fun outcome_to_string (Winner p) = player_to_string p ^ " wins!"

  (* estimate : state -> est
   * Each line still open for one player only (the other has no entry on it) is worth
   * 1 + 10 * k * k to that player, k being their entries on it. Threats (an open line
   * missing one entry) decide more: the player to move with a threat wins next move; the
   * player waiting with two threats on different tiles wins too, since only one can be
   * blocked. Dead lines (both entries) are worth nothing. *)
  fun estimate (s as (b, p) : state) : est =
      case status s of
          Over oc => outcome_to_est oc
        | In_play =>
            let
              val counts = Seq.map (fn line => (line, tally b line)) lines
              fun openFor (e : entry) ({os, xs} : tally) = if e = O then xs = 0 else os = 0
              fun mine (e : entry) ({os, xs} : tally) = if e = O then os else xs
              fun worth (e : entry) : int =
                  Seq.mapreduce (fn (_, t) => if openFor e t then 1 + 10 * mine e t * mine e t else 0)
                                0 op+ counts
              (* the empty tiles that would complete a line of e *)
              fun threats (e : entry) : location Seq.seq =
                  Seq.flatten
                    (Seq.map (fn (line, t) =>
                                 if openFor e t andalso mine e t = size - 1
                                 then Seq.filter (fn loc => not (isSome (tileAt b loc))) line
                                 else Seq.empty ())
                             counts)
              fun distinct (ls : location Seq.seq) : int =
                  Seq.length (Seq.filter (fn (i, loc) =>
                                             Seq.length (Seq.filter (fn loc' => loc' = loc) (Seq.take i ls)) = 0)
                                         (Seq.zip (Seq.tabulate (fn i => i) (Seq.length ls), ls)))
              val big = 100 * size * size * (2 * size + 2)
              val me = mark p
              val them = mark (opponent p)
              val sign = if p = Maxie then 1 else ~1
            in
              if Seq.length (threats me) > 0 then Est.Guess (sign * big)
              else if distinct (threats them) >= 2 then Est.Guess (~ sign * big)
              else Est.Guess (worth O - worth X)
            end

  fun entryString O = "O"
    | entryString X = "X"

  fun move_to_string ((e, (r, c)) : move) : string =
      "Placed " ^ entryString e ^ " on location (" ^ Int.toString r ^ ", " ^ Int.toString c ^ ")"

  fun detailed_move_to_string ((_, p) : state, (e, (r, c)) : move) : string =
      player_to_string p ^ " placed an " ^ entryString e ^ " onto row " ^ Int.toString r
      ^ " and column " ^ Int.toString c

  fun move_to_descriptor ((_, (r, c)) : move) : string = Int.toString r ^ " " ^ Int.toString c

  fun move_eq (m1 : move, m2 : move) : bool = m1 = m2

  (* repeatString : string * int -> string *)
  fun repeatString (piece : string, k : int) : string =
      let
        val acc = ref ""
        val i = ref 0
      in
        while !i < k do (acc := !acc ^ piece; i := !i + 1);
        !acc
      end

  fun state_to_string ((b, p) : state) : string =
      let
        val divider = repeatString ("-", 4 * size + 1)
        fun cell NONE = " - "
          | cell (SOME e) = " " ^ entryString e ^ " "
        fun row r = "|" ^ String.concatWith "|" (Seq.toList (Seq.map cell r)) ^ "|"
      in
        player_to_string p ^ " to move. Board State:\n\n" ^ divider ^ "\n"
        ^ String.concatWith ("\n" ^ divider ^ "\n") (Seq.toList (Seq.map row b))
        ^ "\n" ^ divider ^ "\n"
      end

  fun parse_move ((b, p) : state) (text : string) : move option =
      case List.map Int.fromString (String.tokens Char.isSpace text) of
          [SOME r, SOME c] => if is_valid_move ((b, p), (mark p, (r, c))) then SOME (mark p, (r, c)) else NONE
        | _ => NONE
end
