(* Load the 2013 HW11 course library: from this folder,  sml load.sml  (or from elsewhere
 * OS.FileSys.chDir to this folder, then use "load.sml"). *)
use "seq.sml";
use "ordered.sml";
use "est.sml";
use "game.sml";
use "explicit.sml";
use "minimax.sml";
