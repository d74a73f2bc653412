"""A progress bar for commands that run many tasks (games, submissions) on an executor."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

__all__ = ["progress"]


@contextlib.contextmanager
def progress(total: int, label: str) -> Iterator[Callable[[], None]]:
    """A rich progress bar on a terminal's stderr (nothing elsewhere); yields ``advance()``.

    >>> with progress(2, "games") as advance:  # not a terminal here: a no-op
    ...     advance()
    """
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)
