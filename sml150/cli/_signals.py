"""``SIGTERM`` and ``SIGHUP`` end a command the way Ctrl-C does: by unwinding, workers first.

Python's default for ``SIGTERM`` ends the process at once, so no ``with`` block closes: a
``--executor processes:N`` pool's workers and its resource trackers were left running (for
minutes, holding the command's output open). Inside ``terminate_by_unwinding`` the signal
raises ``Terminated`` in the main thread instead; every executor, sandbox and scratch folder
is closed on the way out, and the command ends with one line and ``128 + signal`` (143 for
``SIGTERM``), as a shell reports a process the signal killed. A second signal during that
cleanup kills at once (the handler is the default again).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["Terminated", "terminate_by_unwinding"]

_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Terminated(BaseException):
    """The command received ``SIGTERM`` or ``SIGHUP``.

    Not an ``Exception``: nothing that records a student's or a game's failure may swallow it.

    >>> Terminated(15).signum, Terminated(15).name
    (15, 'SIGTERM')
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _raise(signum: int, _frame: FrameType | None) -> None:
    for s in _SIGNALS:  # a second signal while cleaning up: die at once
        signal.signal(s, signal.SIG_DFL)
    raise Terminated(signum)


@contextlib.contextmanager
def terminate_by_unwinding() -> Iterator[None]:
    """Within the block, ``SIGTERM``/``SIGHUP`` raise ``Terminated`` in this thread.

    Only where signals can be handled (the main thread); the earlier handlers are restored at
    exit (a test calling ``main`` leaves its process as it found it).

    >>> with terminate_by_unwinding():
    ...     signal.getsignal(signal.SIGTERM) is _raise
    True
    >>> signal.getsignal(signal.SIGTERM) is _raise
    False
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.getsignal(s) for s in _SIGNALS}
    for s in _SIGNALS:
        signal.signal(s, _raise)
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
