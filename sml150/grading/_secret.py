"""The course secret: what makes the hidden cases a course's own.

The public package builds its hidden cases from fixed seeds, so anyone holding the package can
build them too. A course deploying the grader sets a secret (``SML150_COURSE_SECRET``, or a
file named by ``SML150_COURSE_SECRET_FILE``; ``sml150 autograder`` writes it into the staff
bundle): the hidden cases, and the hidden Tic-Tac-Toe match's openings, are then drawn from it,
and the public package cannot regenerate them. Public cases never depend on it (students run
them themselves).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Final

__all__ = ["ENV", "ENV_FILE", "course_secret", "hidden_seed"]

ENV: Final = "SML150_COURSE_SECRET"
"""The environment variable holding the course secret."""
ENV_FILE: Final = "SML150_COURSE_SECRET_FILE"
"""The environment variable naming a file that holds it (first line)."""


def course_secret() -> str:
    """The course secret of this process (``""``: none; the package's own hidden cases).

    >>> import os
    >>> os.environ.pop(ENV, None) is None or True
    True
    """
    secret = os.environ.get(ENV, "")
    path = os.environ.get(ENV_FILE, "")
    if not secret and path:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except OSError:
            lines = []
        secret = lines[0].strip() if lines else ""
    return secret


def hidden_seed(k: int, secret: str | None = None) -> int:
    """The seed of hidden case family ``k``: ``5000 + k`` without a secret, else from it.

    >>> hidden_seed(3, "")
    5003
    >>> hidden_seed(3, "course") != hidden_seed(3, "other") != 5003
    True
    """
    secret = course_secret() if secret is None else secret
    if not secret:
        return 5000 + k
    digest = hashlib.sha256(f"sml150 hidden cases {k}\0{secret}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
