structure Graphs : GRAPHPROBLEMS =
struct
  open Seq

  (* Note: complete methodology for all functions you write. *)
  type vertex = int
  type edge = vertex * vertex
  type graph = vertex seq seq

  exception not_in_graph

  (* Task 2.1 *)
  (* to_list : 'a seq -> 'a list
   * REQUIRES: true
   * ENSURES: to_list S ==> the elements of S in order, as a list *)
  fun to_list (S : 'a seq) : 'a list =
      case showl S of
          Nil => []
        | Cons (x, S') => x :: to_list S'

  (* Task 3.1 *)
  (* get_neighbors : vertex seq seq -> vertex -> vertex seq
   * REQUIRES: G is an undirected, connected graph
   * ENSURES: get_neighbors G u ==> the neighbours of u; raises not_in_graph if u is not a
   *          vertex of G *)
  fun get_neighbors (G : graph) (u : vertex) : vertex seq =
      if u < 0 orelse u >= length G then raise not_in_graph
      else nth u G

  (* Task 3.2 *)
  (* from_edge_seq : (vertex * vertex) seq -> int -> vertex seq seq
   * REQUIRES: E are valid edges of a graph of n vertices
   * ENSURES: the adjacency sequences of that graph, each in the order of E *)
  fun from_edge_seq (E : edge seq) (n : int) : vertex seq seq =
      tabulate (fn u => map (fn (_, v) => v) (filter (fn (x, _) => x = u) E)) n

  (* Task 3.3 *)
  (* is_undirected : vertex seq seq -> bool
   * REQUIRES: every neighbour in G is a vertex of G
   * ENSURES: true iff (v, u) is an edge of G for every edge (u, v) of G *)
  fun is_undirected (G : graph) : bool =
      let
        (* has u v ==> true iff v is a neighbour of u (false if u is not a vertex) *)
        fun has (u : vertex) (v : vertex) : bool =
            mapreduce (fn w => w = v) false (fn (a, b) => a orelse b)
                      (get_neighbors G u handle not_in_graph => empty ())
      in
        mapreduce (fn u => mapreduce (fn v => has v u) true (fn (a, b) => a andalso b) (nth u G))
                  true (fn (a, b) => a andalso b)
                  (tabulate (fn u => u) (length G))
      end
end

structure TestGraphs =
struct
  open Seq
  open Graphs

  fun fromList ([] : 'a list) : 'a seq = empty ()
    | fromList (x :: xs) = cons x (fromList xs)

  (* Tests for to_list *)
  val [1, 2, 3] = to_list (fromList [1, 2, 3])
  val [] = to_list (fromList [] : int seq)

  (* Tests for get_neighbors *)
  val G = fromList [fromList [1], fromList [0, 3], fromList [3], fromList [1, 2]]
  val [0, 3] = to_list (get_neighbors G 1)
  val [1, 2] = to_list (get_neighbors G 3)
  val true = (ignore (get_neighbors G 7); false) handle _ => true

  (* Tests for from_edge_seq *)
  val [[1], [0, 2], [1]] = List.map to_list (to_list (from_edge_seq (fromList [(0, 1), (1, 0), (1, 2), (2, 1)]) 3))

  (* Tests for is_undirected *)
  val true = is_undirected G
  val false = is_undirected (fromList [fromList [1], fromList [2], fromList [1, 3], fromList [1, 2]])
  val false = is_undirected (fromList [fromList [5]])
end
