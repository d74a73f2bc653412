(* 15-150 HW 11: graphs as sequences *)
exception not_in_graph

structure GraphSeq :> GRAPHPROBLEMS =
struct
  type vertex = int
  type edge = vertex * vertex
  type graph = vertex Seq.seq Seq.seq

  infixr 5 :::
  fun x ::: s = Seq.cons x s

  (* to_list : 'a Seq.seq -> 'a list
   * REQUIRES: true
   * ENSURES: the elements of s in order; O(n) work and span: one showl per element,
   *          the list built back to front *)
  fun to_list (s : 'a Seq.seq) : 'a list =
      let
        fun walk (v : 'a Seq.lview, acc : 'a list) : 'a list =
            case v of
                Seq.Nil => List.rev acc
              | Seq.Cons (x, rest) => walk (Seq.showl rest, x :: acc)
      in
        walk (Seq.showl s, [])
      end

  (* get_neighbors : graph -> vertex -> vertex Seq.seq
   * REQUIRES: g is undirected and connected
   * ENSURES: the neighbours of v in g; raises not_in_graph if v is not a vertex *)
  fun get_neighbors (g : graph) (v : vertex) : vertex Seq.seq =
      Seq.nth v g handle Seq.Range _ => raise not_in_graph

  (* from_edge_seq : edge Seq.seq -> int -> graph
   * REQUIRES: the edges are edges of a graph on 0 .. n-1
   * ENSURES: vertex u's sequence lists v for every (u, v) of es, in the order of es.
   *          O(n |E|) work, O(n log |E|) span *)
  fun from_edge_seq (es : edge Seq.seq) (n : int) : vertex Seq.seq Seq.seq =
      let
        val none = Seq.tabulate (fn _ => Seq.empty ()) n
        fun one (u, v) = Seq.tabulate (fn w => if w = u then v ::: Seq.empty () else Seq.empty ()) n
        fun both (g1, g2) = Seq.tabulate (fn w => Seq.append (Seq.nth w g1) (Seq.nth w g2)) n
      in
        Seq.mapreduce one none both es
      end

  (* is_undirected : graph -> bool
   * REQUIRES: true
   * ENSURES: true iff every edge (u, v) of g has its reverse (v, u) in g; a neighbour that
   *          is not a vertex makes it false *)
  fun is_undirected (g : graph) : bool =
      let
        val edges = Seq.flatten (Seq.tabulate (fn u => Seq.map (fn v => (u, v)) (Seq.nth u g))
                                               (Seq.length g))
        fun has (u, v) = (Seq.length o Seq.filter (fn w => w = v)) (get_neighbors g u) > 0
                         handle not_in_graph => false
      in
        Seq.mapreduce (fn (u, v) => has (v, u)) true (fn (a, b) => a andalso b) edges
      end
end

structure TestGraphSeq =
struct
  val seqOfList = SeqUtils.seqFromList
  val g = seqOfList (List.map seqOfList [[1], [0, 3], [3], [1, 2]])
  val [0, 3] = GraphSeq.to_list (GraphSeq.get_neighbors g 1)
  val true = (GraphSeq.get_neighbors g 9; false) handle not_in_graph => true
  val [[1], [0, 2], [1]] =
      List.map GraphSeq.to_list
               (GraphSeq.to_list (GraphSeq.from_edge_seq (seqOfList [(0, 1), (1, 0), (1, 2), (2, 1)]) 3))
  val true = GraphSeq.is_undirected g
  val false = GraphSeq.is_undirected (seqOfList (List.map seqOfList [[1], [2], [1, 3], [1, 2]]))
end
