structure GraphsUnderTest = Graphs;
use "../playout11.sml";
use "../check11.sml";
