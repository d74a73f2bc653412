(* Load the Summer 2016 HW10 course library: from this folder,  sml load.sml  (or from
 * elsewhere OS.FileSys.chDir to this folder, then use "load.sml"). The estimates are
 * ../lib/est10.sml's (the same datatype), renamed Estimate by est.sml. *)
use "seq.sml";
use "betterseq.sml";
use "../lib/est10.sml";
use "est.sml";
use "ansi.sml";
use "game.sml";
use "explicit.sml";
use "minimax.sml";
