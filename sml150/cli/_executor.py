"""``--executor SPEC`` for the commands that search: checked first, opened once, honest notes.

``check_executor`` refuses a bad spec in one line before anything is built; ``open_executor``
opens it around a whole command (a Dask scheduler that cannot be reached is one line too, not a
traceback); ``not_used`` says on stderr, in one line, when an executor was asked for but what
runs does not use it (so nobody believes a search ran in parallel when it did not).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from typing import TextIO

from sml150.cli._usage import UsageError

__all__ = ["EXECUTOR_USERS", "check_executor", "not_used", "open_executor"]

EXECUTOR_USERS = "jamboree:D:P, engine:jamboree:D and engine:ybw:D"
"""The players that search on an executor, as help texts and notes name them."""


def check_executor(spec: str) -> bool:
    """Whether ``spec`` names workers beyond this process (``False`` for ``serial``).

    REQUIRES: ``spec`` as ``sml150.parallel.parse_spec`` accepts; else ``UsageError`` naming it
    and the accepted forms. ENSURES: nothing is started.

    >>> check_executor("serial"), check_executor("processes:2"), check_executor("dask:4")
    (False, True, True)
    >>> check_executor("threads:2")
    Traceback (most recent call last):
    ...
    sml150.cli._usage.UsageError: bad executor spec 'threads:2': use serial, processes[:N], \
dask[:N] or dask:ADDRESS
    """
    from sml150.parallel import parse_spec

    try:
        return parse_spec(spec).kind != "serial"
    except ValueError as e:
        raise UsageError(str(e)) from None


@contextlib.contextmanager
def open_executor(spec: str) -> Iterator[Executor]:
    """The executor ``spec`` names (``sml150.parallel.executor``), for a ``with`` block.

    REQUIRES: ``spec`` accepted by ``check_executor``. ENSURES: an executor that cannot be
    opened (dask not installed, no scheduler at ``dask:ADDRESS``) is a ``UsageError`` in one
    line; errors inside the block pass through unchanged; the executor is closed at exit.

    >>> with open_executor("serial") as ex:
    ...     ex.submit(max, 2, 3).result()
    3
    """
    from sml150.parallel import executor

    with contextlib.ExitStack() as stack:
        try:
            ex = stack.enter_context(executor(spec))
        except (ValueError, OSError) as e:  # OSError: TimeoutError, refused connections
            raise UsageError(f"could not open --executor {spec!r}: {e}") from None
        yield ex


def not_used(spec: str, searchers: Sequence[str], why: str, *,
             out: TextIO | None = None) -> None:
    """Say in one line (stderr by default) that ``--executor spec`` is not used, and why.

    ``searchers`` name what searches in this process instead (none: no player searches).

    >>> not_used("processes:2", ["minimax:2 (Maxie)", "pvs:4 (Minnie)"], "no parallel player",
    ...          out=sys.stdout)
    sml150: note: --executor processes:2 is not used: minimax:2 (Maxie) and pvs:4 (Minnie) \
search in this process (no parallel player)
    """
    stream = out if out is not None else sys.stderr
    if not searchers:
        print(f"sml150: note: --executor {spec} is not used: no player searches ({why})",
              file=stream)
        return
    verb = "searches" if len(searchers) == 1 else "search"
    print(f"sml150: note: --executor {spec} is not used: {' and '.join(searchers)} {verb} in"
          f" this process ({why})", file=stream)
