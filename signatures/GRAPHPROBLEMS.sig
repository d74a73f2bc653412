(* HW11 Tasks 2-3. Python: Protocol sml150.lib.signatures.GRAPHPROBLEMS. *)
signature GRAPHPROBLEMS =
sig
  type vertex = int
  type graph = vertex Seq.seq Seq.seq

  val to_list : 'a Seq.seq -> 'a list
  val get_neighbors : graph -> vertex -> vertex Seq.seq
  val from_edge_seq : (vertex * vertex) Seq.seq -> int -> graph
  val is_undirected : graph -> bool
end
