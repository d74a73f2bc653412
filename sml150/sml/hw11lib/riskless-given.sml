(* The given parts of HW11's riskless.sml: the representation of Riskless states (handout 4.2)
 * and the printing and parsing the starter code provides. A Riskless functor writes
 * `open RisklessGiven` to get GameBase's player/outcome/status and these types. *)
structure RisklessGiven =
struct
  open GameBase

  datatype position = Min of int | Max of int | Empty
  datatype territory = T of string * position
  type vertex = int
  datatype gstate = B of (territory * vertex Seq.seq) Seq.seq * player

  fun player_to_string (Maxie : player) : string = "Maxie"
    | player_to_string Minnie = "Minnie"

  (* move_to_string : vertex * vertex -> string, as "(src,dst)" *)
  fun move_to_string ((src, dst) : vertex * vertex) : string =
      "(" ^ Int.toString src ^ "," ^ Int.toString dst ^ ")"

  (* state_to_string_with : (string Seq.seq -> string) -> gstate -> string
   * One label per territory: "(i) name:" if empty, "(i) name: O(n)" for Minnie,
   * "(i) name: X(n)" for Maxie, right-padded to the longest label, handed to the map's
   * board_to_string. *)
  fun state_to_string_with (board_to_string : string Seq.seq -> string) (B (board, _)) : string =
      let
        fun label (i : int) : string =
            let
              val (T (name, pos), _) = Seq.nth i board
              val text = case pos of
                             Empty => name ^ ":"
                           | Min n => name ^ ": O(" ^ Int.toString n ^ ")"
                           | Max n => name ^ ": X(" ^ Int.toString n ^ ")"
            in
              "(" ^ Int.toString i ^ ") " ^ text
            end
        val labels = Seq.tabulate label (Seq.length board)
        val width = Seq.reduce Int.max 0 (Seq.map String.size labels)
        fun pad (l : string) : string = l ^ CharVector.tabulate (width - String.size l, fn _ => #" ")
      in
        board_to_string (Seq.map pad labels)
      end

  (* parse_move_with : (gstate -> (vertex * vertex) Seq.seq) -> gstate -> string
   *                   -> (vertex * vertex) option
   * "src dst" (two integers) if it is one of the moves of the state. *)
  fun parse_move_with (moves : gstate -> (vertex * vertex) Seq.seq) (s : gstate) (str : string)
      : (vertex * vertex) option =
      case String.tokens Char.isSpace str of
          [a, b] =>
            (case (Int.fromString a, Int.fromString b) of
                 (SOME src, SOME dst) =>
                   if Seq.length (Seq.filter (fn m => m = (src, dst)) (moves s)) > 0
                   then SOME (src, dst) else NONE
               | _ => NONE)
        | _ => NONE
end
