structure GraphsUnderTest = Graph;
use "../playout11.sml";
use "../check11.sml";
