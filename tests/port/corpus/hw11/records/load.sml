(* Load the Fall 2013 library and this solution: run from this folder with  sml load.sml *)
OS.FileSys.chDir "../../../../../sml150/sml/lib2013";
use "load.sml";
OS.FileSys.chDir "../../../tests/port/corpus/hw11/records";
use "graphseq.sml";
use "riskless.sml";
use "alphabeta.sml";
use "jamboree.sml";
