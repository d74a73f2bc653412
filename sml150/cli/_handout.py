"""``sml150 handout hw10|hw11|gametree DIR``: write a homework's starter files for a student.

>>> import tempfile
>>> from sml150.cli import main
>>> d = tempfile.mkdtemp()
>>> main(["handout", "gametree", d])  # doctest: +ELLIPSIS
wrote the gametree starter files to ...
0
"""

from __future__ import annotations

import argparse

from sml150.cli._command import Subcommands, add_switches
from sml150.cli._usage import UsageError

__all__ = ["register"]


def _run(args: argparse.Namespace) -> int:
    from sml150 import grading
    from sml150.cli._paths import check_writable_directory

    directory = check_writable_directory(args.directory)
    try:
        grading.write_handout(args.hw, directory, force=args.force)
    except FileExistsError as e:
        raise UsageError(str(e)) from None
    except OSError as e:  # the disk filled, a file changed meanwhile: still one line
        raise UsageError(f"could not write the {args.hw} starter files to {directory}: {e}"
                         ) from None
    print(f"wrote the {args.hw} starter files to {args.directory}")
    return 0


def register(sub: Subcommands) -> None:
    """Add ``handout`` to ``sub``."""
    handout = sub.add_parser("handout", help="write the student starter files")
    handout.add_argument("hw", choices=["hw10", "hw11", "gametree"])
    handout.add_argument("directory", help="where to write them (created if needed)")
    add_switches(handout, force="overwrite starter files that already exist")
    handout.set_defaults(run=_run)
