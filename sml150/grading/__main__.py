"""``python -m sml150.grading``."""

import sys

from sml150.grading import main

sys.exit(main())
