(* Deterministic random Riskless games, printed canonically (moves sorted), so that any two
 * Riskless implementations can be compared line by line: "PLY <k> <status> <moves> | <board>".
 * Uses only what the 2013 and the project's sequences share. Test code of this project. *)
functor Playout (R : sig
                   datatype player = Minnie | Maxie
                   datatype outcome = Winner of player | Draw
                   datatype status = Over of outcome | In_play
                   type state
                   val start : state
                   val moves : state -> (int * int) Seq.seq
                   val status : state -> status
                   val make_move : state * (int * int) -> state
                   val state_to_string : state -> string
                 end) =
struct
  val seed = ref 4242
  fun rand (k : int) : int = (seed := (!seed * 421 + 54773) mod 259200; (!seed div 16) mod k)
  fun sortedMoves (s : R.state) : (int * int) list =
      ListMergeSort.sort (fn ((a, b), (c, d)) => a > c orelse (a = c andalso b > d))
                         (List.tabulate (Seq.length (R.moves s), fn i => Seq.nth i (R.moves s)))
  fun statusName (s : R.state) : string =
      case R.status s of
          R.In_play => "In_play"
        | R.Over R.Draw => "Draw"
        | R.Over (R.Winner R.Maxie) => "Maxie"
        | R.Over (R.Winner R.Minnie) => "Minnie"
  fun show (k : int) (s : R.state) : unit =
      print ("PLY " ^ Int.toString k ^ " " ^ statusName s ^ " "
             ^ String.concatWith "" (List.map (fn (a, b) => "(" ^ Int.toString a ^ "," ^ Int.toString b ^ ")")
                                              (sortedMoves s))
             ^ " | " ^ String.translate (fn #"\n" => "/" | c => String.str c) (R.state_to_string s) ^ "\n")
  fun game (k : int) (limit : int) (s : R.state) : unit =
      (show k s;
       case (R.status s, sortedMoves s) of
           (R.In_play, ms as _ :: _) =>
             if k < limit then game (k + 1) limit (R.make_move (s, List.nth (ms, rand (List.length ms)))) else ()
         | _ => ())
  fun run (games : int) (limit : int) : unit =
      List.app (fn g => (print ("GAME " ^ Int.toString g ^ "\n"); game 0 limit R.start))
               (List.tabulate (games, fn g => g))
end
