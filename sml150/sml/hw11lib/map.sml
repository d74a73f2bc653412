(* Riskless maps (signatures/MAP.sig): M1 (a ring of six), M2 (a 4x4 grid), Earth (classic Risk).
 * board: each territory's name and its neighbours' indexes, in adjacency order. *)
signature MAP =
sig
  val board : (string * int Seq.seq) Seq.seq
  val board_to_string : string Seq.seq -> string
  val min_start : int
  val max_start : int
  val max_units : int
  val max_terri : int
end

(* Six territories Land0 .. Land5 in a ring; Land i lists Land i+1, then Land i-1. Each (padded)
 * label is followed by "<-->". *)
structure M1 : MAP =
struct
  val board = Seq.tabulate (fn i => ("Land" ^ Int.toString i,
                                     Seq.fromList [(i + 1) mod 6, (i + 5) mod 6])) 6
  fun board_to_string (labels : string Seq.seq) : string =
      String.concat (List.map (fn l => l ^ "<-->") (Seq.toList labels))
  val min_start = 0
  val max_start = 3
  val max_units = 40
  val max_terri = 9
end

(* A 4x4 grid of 16 unnamed territories; vertex r*4+c lists its grid neighbours in increasing
 * index order. Labels are followed by a space, every fourth by a newline. *)
structure M2 : MAP =
struct
  fun neighbours (v : int) : int Seq.seq =
      let
        val (r, c) = (v div 4, v mod 4)
        val cells = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
      in
        Seq.fromList (List.map (fn (rr, cc) => rr * 4 + cc)
                               (List.filter (fn (rr, cc) => 0 <= rr andalso rr < 4
                                                            andalso 0 <= cc andalso cc < 4) cells))
      end
  val board = Seq.tabulate (fn v => ("", neighbours v)) 16
  fun board_to_string (labels : string Seq.seq) : string =
      String.concat (List.tabulate (Seq.length labels,
                                    fn i => Seq.nth i labels ^ (if i mod 4 = 3 then "\n" else " ")))
  val min_start = 0
  val max_start = 15
  val max_units = 80
  val max_terri = 10
end

(* The classic Risk world: 42 territories on six continents. Maxie starts in Eastern United
 * States, Minnie in China; at most 10 armies a territory, 120 win. board_to_string lists the
 * territories by continent, two per line. *)
structure Earth : MAP =
struct
  val continents : (string * (string * string list) list) list =
      [
       ("North America",
        [("Alaska", ["Northwest Territory", "Alberta", "Kamchatka"]),
         ("Northwest Territory", ["Alaska", "Alberta", "Ontario", "Greenland"]),
         ("Greenland", ["Northwest Territory", "Ontario", "Quebec", "Iceland"]),
         ("Alberta", ["Alaska", "Northwest Territory", "Ontario", "Western United States"]),
         ("Ontario", ["Northwest Territory", "Alberta", "Western United States", "Eastern United States", "Quebec", "Greenland"]),
         ("Quebec", ["Ontario", "Eastern United States", "Greenland"]),
         ("Western United States", ["Alberta", "Ontario", "Eastern United States", "Central America"]),
         ("Eastern United States", ["Western United States", "Ontario", "Quebec", "Central America"]),
         ("Central America", ["Western United States", "Eastern United States", "Venezuela"])]),
       ("South America",
        [("Venezuela", ["Central America", "Peru", "Brazil"]),
         ("Peru", ["Venezuela", "Brazil", "Argentina"]),
         ("Brazil", ["Venezuela", "Peru", "Argentina", "North Africa"]),
         ("Argentina", ["Peru", "Brazil"])]),
       ("Europe",
        [("Iceland", ["Greenland", "Great Britain", "Scandinavia"]),
         ("Scandinavia", ["Iceland", "Great Britain", "Northern Europe", "Ukraine"]),
         ("Great Britain", ["Iceland", "Scandinavia", "Northern Europe", "Western Europe"]),
         ("Northern Europe", ["Great Britain", "Scandinavia", "Ukraine", "Southern Europe", "Western Europe"]),
         ("Western Europe", ["Great Britain", "Northern Europe", "Southern Europe", "North Africa"]),
         ("Southern Europe", ["Western Europe", "Northern Europe", "Ukraine", "Middle East", "Egypt", "North Africa"]),
         ("Ukraine", ["Scandinavia", "Northern Europe", "Southern Europe", "Middle East", "Afghanistan", "Ural"])]),
       ("Africa",
        [("North Africa", ["Brazil", "Western Europe", "Southern Europe", "Egypt", "East Africa", "Congo"]),
         ("Egypt", ["North Africa", "Southern Europe", "Middle East", "East Africa"]),
         ("East Africa", ["Egypt", "Middle East", "North Africa", "Congo", "South Africa", "Madagascar"]),
         ("Congo", ["North Africa", "East Africa", "South Africa"]),
         ("South Africa", ["Congo", "East Africa", "Madagascar"]),
         ("Madagascar", ["East Africa", "South Africa"])]),
       ("Asia",
        [("Ural", ["Ukraine", "Siberia", "China", "Afghanistan"]),
         ("Siberia", ["Ural", "Yakutsk", "Irkutsk", "Mongolia", "China"]),
         ("Yakutsk", ["Siberia", "Irkutsk", "Kamchatka"]),
         ("Kamchatka", ["Yakutsk", "Irkutsk", "Mongolia", "Japan", "Alaska"]),
         ("Irkutsk", ["Siberia", "Yakutsk", "Kamchatka", "Mongolia"]),
         ("Mongolia", ["Irkutsk", "Siberia", "China", "Japan", "Kamchatka"]),
         ("Japan", ["Kamchatka", "Mongolia"]),
         ("Afghanistan", ["Ukraine", "Ural", "China", "India", "Middle East"]),
         ("China", ["Afghanistan", "Ural", "Siberia", "Mongolia", "Siam", "India"]),
         ("Middle East", ["Southern Europe", "Ukraine", "Afghanistan", "India", "East Africa", "Egypt"]),
         ("India", ["Middle East", "Afghanistan", "China", "Siam"]),
         ("Siam", ["India", "China", "Indonesia"])]),
       ("Australia",
        [("Indonesia", ["Siam", "New Guinea", "Western Australia"]),
         ("New Guinea", ["Indonesia", "Western Australia", "Eastern Australia"]),
         ("Western Australia", ["Indonesia", "New Guinea", "Eastern Australia"]),
         ("Eastern Australia", ["Western Australia", "New Guinea"])])
      ]
  val rows = List.concat (List.map #2 continents)
  fun index (name : string) : int =
      let
        fun go (_, []) = raise Fail ("Earth: unknown territory " ^ name)
          | go (i, (n, _) :: rest) = if n = name then i else go (i + 1, rest)
      in go (0, rows) end
  val board = Seq.fromList (List.map (fn (n, ns) => (n, Seq.fromList (List.map index ns))) rows)
  fun rstrip (s : string) : string =
      String.implode (List.foldl (fn (c, []) => if c = #" " then [] else [c]
                                   | (c, acc) => c :: acc)
                                 [] (List.rev (String.explode s)))
  fun pairs ([] : string list) : string list = []
    | pairs [a] = [rstrip ("  " ^ a)]
    | pairs (a :: b :: rest) = rstrip ("  " ^ a ^ "  " ^ b) :: pairs rest
  fun board_to_string (labels : string Seq.seq) : string =
      let
        fun go ([], _) = []
          | go ((cont, rs) :: more, items) =
              (cont ^ ":") :: pairs (List.take (items, List.length rs))
              @ go (more, List.drop (items, List.length rs))
      in
        String.concatWith "\n" (go (continents, Seq.toList labels)) ^ "\n"
      end
  val min_start = index "China"
  val max_start = index "Eastern United States"
  val max_units = 120
  val max_terri = 10
end
