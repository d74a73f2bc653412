(* Load the Summer 2016 library and this solution: run from this folder with  sml load.sml *)
OS.FileSys.chDir "../../../../../sml150/sml/lib2016";
use "load.sml";
OS.FileSys.chDir "../../../tests/port/corpus/hw10/views";
use "las.sml";
use "tictactoe.sml";
use "alphabeta.sml";
use "jamboree.sml";
