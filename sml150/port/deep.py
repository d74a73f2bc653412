"""Room for deep SML: the porter's recursive passes run on a thread with a large stack.

Valid SML can nest far deeper than Python's default 1,000 frames allow (SML/NJ takes a list
nested 3,000 deep), and the parser's post-pass, the ``open`` pass and the emitter follow the
syntax tree recursively. Rather than rewrite each pass as a loop, a port runs on a thread with
a 512 MiB stack and a recursion limit to match; what is still too deep for the Python the port
writes (its parser's limits on nested parentheses and indentation) is refused in one line by
the emitter (``Emitter.checked``).

>>> run_deep(lambda n: n + 1, 41)
42
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

__all__ = ["run_deep"]

P = ParamSpec("P")
R = TypeVar("R")

_STACK = 512 * 2**20
"The port thread's stack, in bytes (reserved, not touched, until used)."
_LIMIT = 150_000
"Python's recursion limit while a port runs."
_inside = threading.local()


def run_deep(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)``, run on a thread with a large stack; its exception re-raised.

    A call from inside such a run is direct (no thread of its own).
    """
    if getattr(_inside, "active", False):
        return fn(*args, **kwargs)
    results: list[R] = []
    errors: list[BaseException] = []

    def target() -> None:
        _inside.active = True
        try:
            results.append(fn(*args, **kwargs))
        except BaseException as e:  # handed to the caller's thread
            errors.append(e)

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size(_STACK)
    sys.setrecursionlimit(max(old_limit, _LIMIT))
    try:
        worker = threading.Thread(target=target, name="sml150-port")
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    if errors:
        raise errors[0]
    return results[0]
