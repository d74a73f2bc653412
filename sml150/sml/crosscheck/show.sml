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
 * A case prints \001B\002 when it starts, then whatever the solution prints, then
 * \001V text\002 (its value) or \001E name\002 (the exception it raised). *)
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

  fun seq (show : 'a -> string) (s : 'a Seq.seq) : string =
      "<" ^ items show (Seq.toList s) ^ ">"

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
   * ENSURES: prints the case's begin marker, runs it, prints its value or its exception *)
  fun run (f : unit -> string) : unit =
      let
        val () = print "\001B\002"
        val text = (SOME (f ()), "") handle e => (NONE, exnName e)
      in
        case text of
            (SOME v, _) => print ("\001V" ^ v ^ "\002\n")
          | (NONE, name) => print ("\001E" ^ name ^ "\002\n")
      end
end

(* The explicit game trees of both libraries (GameTree.Node / GameTree.Esti). *)
structure ShowTree =
struct
  fun tree (GameTree.Node (l, ts)) = Show.con "Node" (Show.pair (Show.string, Show.list tree) (l, ts))
    | tree (GameTree.Esti (l, v)) = Show.con "Esti" (Show.pair (Show.string, Show.int) (l, v))
end
