(* The SML side of `sml150 crosscheck`: values printed in the one canonical text form that
 * sml150.crosscheck._canon parses (see its grammar), and the case driver's markers.
 *
 *   int      -3               (a minus sign, never SML's ~)
 *   string   "a\"b"           (JSON escapes; \u00XX for other control characters)
 *   bool     true | false
 *   real     0.5
 *   tuple    (v1, v2, ...)    list [v1, ...]    sequence <v1, ...>
 *   datatype NAME | NAME v    (option: SOME v | NONE; an argument tuple is parenthesized)
 *
 * A case prints \001 nonce B\002 when it starts, then whatever the solution prints, then
 * \001 nonce V text\002 (its value) or \001 nonce E name\002 (the exception it raised),
 * nonce being the run's own (sml150.crosscheck._driver). *)
(* The student's print, capped: a case (or a declaration) prints at most limit bytes through
 * print; past that, print raises Flood (Show.run reports it). Bound as the top-level print
 * below, after the course library and before the student's files. *)
structure ShowOut =
struct
  exception Flood
  val limit = 1048576
  val left = ref limit
  fun reset () : unit = left := limit
  fun print (s : string) : unit =
      if String.size s > !left then (left := 0; raise Flood)
      else (left := !left - String.size s; TextIO.print s)
end

structure Show =
struct
  fun minus (c : char) : char = if c = #"~" then #"-" else c

  fun int (n : int) : string = String.map minus (Int.toString n)

  fun bool (b : bool) : string = if b then "true" else "false"

  fun real (r : real) : string =
      String.map minus (Real.fmt (StringCvt.GEN (SOME 17)) r)

  fun hex2 (n : int) : string =
      let val digits = "0123456789abcdef"
      in String.str (String.sub (digits, n div 16)) ^ String.str (String.sub (digits, n mod 16))
      end

  fun char (c : char) : string =
      case c of
          #"\"" => "\\\""
        | #"\\" => "\\\\"
        | #"\n" => "\\n"
        | #"\t" => "\\t"
        | _ => if ord c < 32 orelse ord c = 127 then "\\u00" ^ hex2 (ord c) else String.str c

  fun string (s : string) : string = "\"" ^ String.translate char s ^ "\""

  fun items (show : 'a -> string) (xs : 'a list) : string =
      String.concatWith ", " (List.map show xs)

  fun list (show : 'a -> string) (xs : 'a list) : string = "[" ^ items show xs ^ "]"

  (* every course library's sequences have the list view (2013's have no toList) *)
  fun elements (s : 'a Seq.seq) : 'a list =
      case Seq.showl s of
          Seq.Nil => []
        | Seq.Cons (x, rest) => x :: elements rest

  (* fromList : 'a list -> 'a Seq.seq, in every course library (2013's has no fromList) *)
  fun fromList (xs : 'a list) : 'a Seq.seq =
      let val v = Vector.fromList xs
      in Seq.tabulate (fn i => Vector.sub (v, i)) (Vector.length v)
      end

  fun seq (show : 'a -> string) (s : 'a Seq.seq) : string =
      "<" ^ items show (elements s) ^ ">"

  fun pair (f : 'a -> string, g : 'b -> string) ((a, b) : 'a * 'b) : string =
      "(" ^ f a ^ ", " ^ g b ^ ")"

  fun triple (f : 'a -> string, g : 'b -> string, h : 'c -> string)
             ((a, b, c) : 'a * 'b * 'c) : string =
      "(" ^ f a ^ ", " ^ g b ^ ", " ^ h c ^ ")"

  fun option (show : 'a -> string) (x : 'a option) : string =
      case x of
          NONE => "NONE"
        | SOME v => "SOME " ^ arg (show v)

  (* a constructor's argument: atoms as they are, anything with a space in parentheses *)
  and arg (text : string) : string =
      if CharVector.exists (fn c => c = #" ") text
         andalso not (String.isPrefix "(" text andalso String.isSuffix ")" text)
         andalso not (String.isPrefix "\"" text)
      then "(" ^ text ^ ")"
      else text

  fun con (name : string) (text : string) : string = name ^ " " ^ arg text

  fun order (LESS : order) : string = "LESS"
    | order EQUAL = "EQUAL"
    | order GREATER = "GREATER"

  (* run : string -> (unit -> string) -> unit
   * ENSURES: run nonce f prints the case's begin marker, runs f, prints its value or its
   *          exception, each marker \001 nonce TAG payload \002 (the run's own nonce) *)
  fun run (nonce : string) (f : unit -> string) : unit =
      let
        fun mark (tag : string) (payload : string) : unit =
            print ("\001" ^ nonce ^ tag ^ payload ^ "\002\n")
        val () = print ("\001" ^ nonce ^ "B\002")
        val () = ShowOut.reset ()
        val text = (SOME (f ()), "") handle ShowOut.Flood => (NONE, "")
                                          | e => (NONE, exnName e)
      in
        case text of
            (SOME v, _) => mark "V" v
          | (NONE, "") => mark "O" ""
          | (NONE, name) => mark "E" name
      end
end

val print = ShowOut.print

(* The explicit game trees of both libraries (GameTree.Node / GameTree.Esti). *)
structure ShowTree =
struct
  fun tree (GameTree.Node (l, ts)) = Show.con "Node" (Show.pair (Show.string, Show.list tree) (l, ts))
    | tree (GameTree.Esti (l, v)) = Show.con "Esti" (Show.pair (Show.string, Show.int) (l, v))
end
