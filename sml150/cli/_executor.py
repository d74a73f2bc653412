"""``--executor SPEC`` for the commands that search: checked first, opened once, honest notes.

``check_executor`` refuses a bad spec in one line before anything is built; ``open_executor``
opens it around a whole command (a Dask scheduler that cannot be reached is one line too, not a
traceback, within ``CONNECT_TIMEOUT`` seconds: ``SML150_CONNECT_TIMEOUT=SECONDS`` waits longer for
a slow network); ``not_used`` says on stderr, in one line, when an executor was asked for but what
runs does not use it (so nobody believes a search ran in parallel when it did not).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from typing import TextIO

from sml150.cli._usage import UsageError
from sml150.parallel.spec import ACCEPTED

__all__ = ["CONNECT_TIMEOUT", "EXECUTOR_USERS", "add_executor_option", "check_executor",
           "connect_timeout", "not_used", "open_executor", "reach_scheduler"]

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a ``dask:ADDRESS`` scheduler to accept a connection, by default."""

TIMEOUT_VARIABLE = "SML150_CONNECT_TIMEOUT"
"""The environment variable that sets another wait (seconds, a number > 0)."""

EXECUTOR_USERS = "jamboree:D:P, engine:jamboree:D and engine:ybw:D"
"""The players that search on an executor, as help texts and notes name them."""


def add_executor_option(parser: argparse.ArgumentParser, use: str) -> argparse.Action:
    """Add ``--executor SPEC`` (default ``serial``): its help is the accepted forms, then ``use``.

    >>> p = argparse.ArgumentParser()
    >>> add_executor_option(p, "one game per task").help
    'serial (default), processes[:N], dask[:N] or dask:ADDRESS: one game per task'
    >>> p.parse_args([]).executor
    'serial'
    """
    forms = ACCEPTED.replace("serial", "serial (default)", 1)
    return parser.add_argument("--executor", default="serial", metavar="SPEC",
                               help=f"{forms}: {use}")


def check_executor(spec: str) -> bool:
    """Whether ``spec`` names workers beyond this process (``False`` for ``serial``).

    REQUIRES: ``spec`` as ``sml150.parallel.parse_spec`` accepts; else ``UsageError`` naming it
    and the accepted forms. ENSURES: nothing is started.

    >>> check_executor("serial"), check_executor("processes:2"), check_executor("dask:4")
    (False, True, True)
    >>> check_executor("threads:2")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad executor spec 'threads:2': use serial, processes[:N], \
dask[:N] or dask:ADDRESS
    """
    from sml150.parallel import parse_spec

    return parse_spec(spec).kind != "serial"


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
    from sml150.parallel import executor, parse_spec

    wait = connect_timeout()
    address = parse_spec(spec).address
    if address is not None:
        reach_scheduler(address, wait)
    with contextlib.ExitStack() as stack:
        try:
            ex = stack.enter_context(executor(spec, connect_timeout=wait))
        except Exception as e:  # only the opening: refused, timed out, or a
            # peer that is no scheduler (distributed then fails anywhere, MemoryError included)
            why = f"{type(e).__name__}: {e}"
            if address is not None:
                why = f"no Dask scheduler answered at {address} within {wait:g} s ({why})"
            raise UsageError(f"could not open --executor {spec!r}: {why}") from None
        yield ex


def connect_timeout(environ: dict[str, str] | None = None) -> float:
    """The seconds to wait for a scheduler: ``SML150_CONNECT_TIMEOUT``, else ``CONNECT_TIMEOUT``.

    REQUIRES: the variable, if set, is a number > 0 (else ``UsageError`` naming it).

    >>> connect_timeout({}), connect_timeout({"SML150_CONNECT_TIMEOUT": "60"})
    (5.0, 60.0)
    >>> connect_timeout({"SML150_CONNECT_TIMEOUT": "soon"})
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: SML150_CONNECT_TIMEOUT must be a number of seconds > 0, not 'soon'
    """
    env = os.environ if environ is None else environ
    text = env.get(TIMEOUT_VARIABLE)
    if text is None:
        return CONNECT_TIMEOUT
    if re.fullmatch(r"[0-9]{1,6}(\.[0-9]{1,6})?", text.strip()) and float(text) > 0:
        return float(text)
    raise UsageError(f"{TIMEOUT_VARIABLE} must be a number of seconds > 0, not {text!r}")


def reach_scheduler(address: str, timeout: float) -> None:
    """Refuse in one line, within ``timeout`` seconds, a scheduler address nobody listens at.

    Opens (and closes) one TCP connection to ``host:port`` of ``address``
    (``[scheme://]host:port``); Dask's client would otherwise retry for 30 s.

    REQUIRES: ``address`` as ``sml150.parallel.parse_spec`` accepts after ``dask:``.
    ENSURES: returns when something accepts connections there; else ``UsageError`` saying what
    happened and how to wait longer.

    >>> reach_scheduler("tcp://127.0.0.1:1", 5.0)
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: could not reach the Dask scheduler at tcp://127.0.0.1:1 within \
5 s (Connection refused); is it running? (SML150_CONNECT_TIMEOUT=SECONDS waits longer)
    """
    scheme, sep, hostport = address.partition("://")
    if not sep:
        scheme, hostport = "tcp", address
    host, _, port = hostport.rpartition(":")
    host = host.strip("[]")
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as sock:
            if scheme != "tcp":  # tls, ws: the client speaks first
                return
            # A Dask server sends its handshake first; distributed's client waits for it with
            # no timeout at all, so a silent peer would hang the command.
            sock.settimeout(max(deadline - time.monotonic(), 0.01))
            if sock.recv(1, socket.MSG_PEEK):
                return
            why = "the peer closed the connection: no Dask scheduler"
    except (OSError, ValueError) as e:  # refused, unreachable, timed out, unknown host
        why = ("something accepts connections there but sent no Dask handshake"
               if isinstance(e, TimeoutError) else
               e.strerror if isinstance(e, OSError) and e.strerror else str(e) or type(e).__name__)
    raise UsageError(
        f"could not reach the Dask scheduler at {address} within {timeout:g} s ({why}); is it"
        f" running? ({TIMEOUT_VARIABLE}=SECONDS waits longer)")


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
