(* Our own SML in a student's style (issue 27): val tests inside the functor, which this file
   applies nowhere (the course's driver does). SML runs them at each application: they pass
   on a 3 x 3 board, and the last two assume a board of 2 or more, so applying the functor
   at board_size 1 raises Bind. Unfinished: only the functions the tests need, unsealed. *)
functor TicTacToe (Settings : TTTCONSTS) =
struct
  structure Seq = BetterSeq (Seq)

  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play

  exception IllegalMove
  datatype entry = O | X
  type tile = entry option
  type board = tile Seq.seq Seq.seq
  type state = board * player
  type location = int * int
  type move = entry * location

  structure Est : EST = Estimate
  type est = Est.est

  val size = Settings.board_size

  val start : state = (Seq.tabulate (fn _ => Seq.tabulate (fn _ => NONE) size) size, Maxie)

  fun mover Maxie = O
    | mover Minnie = X

  fun other Maxie = Minnie
    | other Minnie = Maxie

  (* in_bounds : location -> bool *)
  fun in_bounds (r : int, c : int) : bool =
      0 <= r andalso r < size andalso 0 <= c andalso c < size

  fun is_valid_move ((b, p) : state, (e, (r, c)) : move) : bool =
      e = mover p andalso in_bounds (r, c)
      andalso not (isSome (Seq.nth c (Seq.nth r b)))

  fun make_move ((b, p) : state, (e, (r, c)) : move) : state =
      if is_valid_move ((b, p), (e, (r, c)))
      then (Seq.insert (Seq.insert (SOME e) (Seq.nth r b) c) b r, other p)
      else raise IllegalMove

  (* empty_tiles : board -> int    (only the tests below use it) *)
  fun empty_tiles (b : board) : int =
      Seq.reduce op+ 0 (Seq.map (fn row => Seq.length (Seq.filter (fn t => not (isSome t)) row)) b)

  val true = is_valid_move (start, (O, (0, 0)))
  val false = is_valid_move (start, (X, (0, 0)))
  val true = empty_tiles (#1 start) = size * size
  val s1 = make_move (start, (O, (0, 0)))
  val SOME O = Seq.nth 0 (Seq.nth 0 (#1 s1))
  val Minnie = #2 s1
  (* these two assume a board of 2 x 2 or more *)
  val true = is_valid_move (s1, (X, (1, 1)))
  val 2 = size * size - empty_tiles (#1 (make_move (s1, (X, (1, 1)))))
end
