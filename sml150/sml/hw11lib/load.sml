(* Load the HW11 course library: from this folder,  sml load.sml  (or from elsewhere
 * OS.FileSys.chDir to this folder, then use "load.sml"). The sequences are the shared
 * ../lib/seq.sml; the HW10 files of ../lib are not loaded (EST, GAME, PLAYER and the explicit
 * games differ in HW11). *)
use "../lib/seq.sml";
use "est.sml";
use "game.sml";
use "map.sml";
use "riskless-given.sml";
use "alphabeta-given.sml";
use "explicit.sml";
