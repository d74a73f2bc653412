"""``sml150 autograder gradescope|autolab hw10|hw11|gametree OUT``: the staff-only bundle."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sml150.cli._command import Subcommands
from sml150.errors import UsageError

__all__ = ["register"]


def register(sub: Subcommands) -> None:
    """Add the ``autograder`` subcommand to the ``argparse`` subparsers ``sub``."""
    from sml150.grading import PLATFORMS
    from sml150.grading import SECRET_ENV as ENV

    p = sub.add_parser(
        "autograder", help="staff: build the Gradescope or Autolab autograder bundle",
        description="Write the staff-only autograder bundle: the grader, the install script "
                    "for the grading image (Python >= 3.11, bubblewrap, the package's own "
                    "dependencies) and the course secret that draws the hidden cases (in "
                    "autograder.zip, or autograde.tar for Autolab: keep it private, since with "
                    "the secret the hidden cases can be rebuilt).")
    p.add_argument("platform", choices=PLATFORMS)
    p.add_argument("hw", choices=["hw10", "hw11", "gametree"])
    p.add_argument("out", type=Path, help="directory to write the bundle into")
    p.add_argument("--secret", default=None,
                   help=f"the course secret (>= 16 characters); default: ${ENV} or "
                        f"${ENV}_FILE")
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from sml150.grading import SECRET_ENV as ENV
    from sml150.grading import course_secret, write_bundle

    secret = args.secret if args.secret is not None else course_secret()
    if not secret:
        raise UsageError(f"autograder: a course secret is required (--secret or ${ENV})")
    try:  # a short secret: the one UsageError, printed by main
        written = write_bundle(args.platform, args.hw, args.out, secret)
    except OSError as e:
        print(f"sml150 autograder: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
        return 1
    for f in written:
        secret_note = ("staff only: it holds the course secret" if f.holds_secret
                       else "no secret in it")
        print(f"wrote {f.path} ({f.role}; {secret_note})")
    return 0
