(* hw11 graphs *)
structure Graph : GRAPHPROBLEMS =
struct
  open Seq

  type vertex = int
  type edge = vertex * vertex
  type graph = vertex seq seq

  exception not_in_graph

  (* to_list : 'a seq -> 'a list *)
  fun to_list s =
      case showl s of
          Nil => []
        | Cons (x, s) => x :: to_list s

  (* get_neighbors : graph -> vertex -> vertex seq
   * the vertices w with v in w's list (G undirected, so v's own neighbours) *)
  fun get_neighbors G v =
      if v < 0 orelse v >= length G then raise not_in_graph
      else map (fn (w, _) => w)
               (filter (fn (_, ns) => (not o null o filter (fn u => u = v)) ns)
                       (zip (tabulate (fn w => w) (length G), G)))
  and null s = length s = 0

  (* from_edge_seq : edge seq -> int -> graph *)
  fun from_edge_seq E n =
      tabulate (fn u => map (fn (_, v) => v) (filter (fn (u', _) => u' = u) E)) n

  (* is_undirected : graph -> bool *)
  fun is_undirected G =
      let
        val n = length G
        fun edge (u, v) = u >= 0 andalso u < n
                          andalso (case showl (filter (fn w => w = v) (nth u G)) of
                                       Nil => false
                                     | Cons _ => true)
        fun all p s = mapreduce p true (fn (a, b) => a andalso b) s
      in
        all (fn u => all (fn v => edge (v, u)) (nth u G)) (tabulate (fn u => u) n)
      end
end

structure GraphTests =
struct
  open Graph
  fun seq [] = Seq.empty ()
    | seq (x :: xs) = Seq.cons x (seq xs)
  val g = seq (List.map seq [[1], [0, 3], [3], [1, 2]])
  val [0, 3] = to_list (get_neighbors g 1)
  val [[1], [0, 2], [1]] = List.map to_list (to_list (from_edge_seq (seq [(0, 1), (1, 0), (1, 2), (2, 1)]) 3))
  val true = is_undirected g
  val false = is_undirected (seq (List.map seq [[1], [2], [1, 3], [1, 2]]))
end
