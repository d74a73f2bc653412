(* Tic-Tac-Toe settings (HW10). Python: Protocol sml150.lib.signatures.TTTCONSTS. *)
signature TTTCONSTS =
sig
  val board_size : int
end
