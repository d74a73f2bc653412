(* HW 10 -- n x n Tic-Tac-Toe *)
functor TicTacToe (Settings : TTTCONSTS) :> ESTGAME =
struct
  structure Seq = BetterSeq (Seq)
  open Seq

  infix 1 |>
  fun x |> f = f x

  datatype player = Minnie | Maxie
  datatype outcome = Winner of player
  datatype status = Over of outcome | In_play

  datatype entry = O | X
  type tile = entry option
  type board = tile seq seq
  type state = board * player
  type location = int * int
  type move = entry * location

  structure Est : EST = Estimate
  type est = Est.est

  val n = Settings.board_size

  fun entryOf Maxie = O
    | entryOf Minnie = X
  fun next Maxie = Minnie
    | next Minnie = Maxie

  val start : state = (tabulate (fn _ => tabulate (fn _ => NONE) n) n, Maxie)
  fun data_to_start_state _ = start

  fun player (_, p) = p

  (* onBoard : location -> bool *)
  fun onBoard (r, c) = 0 <= r andalso r < n andalso 0 <= c andalso c < n

  (* is_valid_move : state * move -> bool *)
  fun is_valid_move ((b, p), (e, (r, c))) =
      e = entryOf p andalso onBoard (r, c)
      andalso (case nth c (nth r b) of NONE => true | SOME _ => false)

  (* make_move : state * move -> state
   * REQUIRES: the move is valid *)
  fun make_move ((b, p), (e, (r, c))) =
      (mapIdx (fn (row, i) => if i = r then insert (SOME e) row c else row) b, next p)

  (* moves : state -> move seq   (row-major) *)
  fun moves (b, p) =
      extractSomes (flatten (mapIdx (fn (row, r) =>
                                        mapIdx (fn (NONE, c) => SOME (entryOf p, (r, c))
                                                 | (SOME _, _) => NONE) row) b))

  (* lines : location seq seq *)
  val lines =
      append (tabulate (fn r => tabulate (fn c => (r, c)) n) n,
              append (tabulate (fn c => tabulate (fn r => (r, c)) n) n,
                      fromList [tabulate (fn i => (i, i)) n,
                                tabulate (fn i => (n - 1 - i, i)) n]))

  fun at b (r, c) = nth c (nth r b)

  (* owner : board -> location seq -> entry option
   * ENSURES: SOME e iff every tile of the line holds e *)
  fun owner b line =
      case showl line of
          Nil => NONE
        | Cons (l, rest) =>
            case at b l of
                NONE => NONE
              | SOME e => if length (filter (fn l' => at b l' <> SOME e) rest) = 0
                          then SOME e else NONE

  (* status : state -> status *)
  fun status (b, p) =
      let
        val winners = map (fn O => Maxie | X => Minnie) (extractSomes (map (owner b) lines))
      in
        case showl winners of
            Cons (p, _) => Over (Winner p)
          | Nil => if (length o extractSomes o flatten) b = n * n then Over (Winner Minnie)
                   else In_play
      end

  fun outcome_to_est (Winner Maxie) = Est.MaxieWins
    | outcome_to_est (Winner Minnie) = Est.MinnieWins

  fun player_to_string Maxie = "Maxie"
    | player_to_string Minnie = "Minnie"
  fun outcome_to_string (Winner p) = player_to_string p ^ " wins!"

  (* estimate : state -> est
   * A line nobody can still win counts nothing; a line only O (X) can still win counts
   * k*k*k + 1 for Maxie (Minnie) with k her (his) entries on it. The player to move who
   * can complete a line now gets a value above every sum. Finished games get their
   * outcome. *)
  fun estimate (s as (b, p)) =
      case status s of
          Over w => outcome_to_est w
        | In_play =>
            let
              fun count e line = length (filter (fn l => at b l = SOME e) line)
              fun value line =
                  case (count O line, count X line) of
                      (k, 0) => k * k * k + 1
                    | (0, k) => ~ (k * k * k + 1)
                    | _ => 0
              fun canWin e =
                  length (filter (fn line => count e line = n - 1
                                             andalso count (case e of O => X | X => O) line = 0)
                                 lines) > 0
              val big = (2 * n + 2) * (n * n * n + 1) + 1
            in
              if canWin (entryOf p)
              then Est.Guess (case p of Maxie => big | Minnie => ~ big)
              else Est.Guess (reduce op+ 0 (map value lines))
            end

  fun e2s O = "O"
    | e2s X = "X"

  fun move_to_string (e, (r, c)) =
      "Placed " ^ e2s e ^ " on location (" ^ Int.toString r ^ ", " ^ Int.toString c ^ ")"
  fun detailed_move_to_string ((_, p), (e, (r, c))) =
      player_to_string p ^ " placed an " ^ e2s e ^ " onto row " ^ Int.toString r
      ^ " and column " ^ Int.toString c
  fun move_to_descriptor (_, (r, c)) = Int.toString r ^ " " ^ Int.toString c
  fun move_eq (m : move, m') = m = m'

  fun state_to_string (b, p) =
      let
        fun tileString NONE = " - "
          | tileString (SOME e) = " " ^ e2s e ^ " "
        val rows = map (fn row => "|" ^ reduce op^ "" (map (fn t => tileString t ^ "|") row)) b
      in
        player_to_string p ^ " to move. Board State:\n\n" ^ reduce (fn (x, y) => x ^ "\n" ^ y) "" rows
      end

  fun parse_move (s as (_, p)) str =
      case map Int.fromString (fromList (String.tokens Char.isSpace str)) |> toList of
          [SOME r, SOME c] =>
            let val m = (entryOf p, (r, c))
            in if is_valid_move (s, m) then SOME m else NONE end
        | _ => NONE
end
