"""``python -m sml150``: the ``sml150`` command."""

import sys

from sml150.cli import main

if __name__ == "__main__":
    sys.exit(main())
