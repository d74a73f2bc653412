(* Load the HW10 course library: sml < lib/load.sml, or use "sml150/sml/lib/load.sml" from the repo root
 * after OS.FileSys.chDir to this folder. *)
use "seq.sml";
use "est10.sml";
use "game10.sml";
use "explicit.sml";
use "minimax.sml";
