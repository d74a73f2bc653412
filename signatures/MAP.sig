(* A Riskless board (HW11). Python: Protocol sml150.lib.signatures.MAP. *)
signature MAP =
sig
  val board : (string * int Seq.seq) Seq.seq        (* territory name, neighbours *)
  val board_to_string : string Seq.seq -> string
  val min_start : int
  val max_start : int
  val max_units : int
  val max_terri : int
end
