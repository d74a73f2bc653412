structure GraphsUnderTest = GraphSeq;
use "../playout11.sml";
use "../check11.sml";
