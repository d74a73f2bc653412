"""Executor specs: the strings ``--executor`` takes, parsed into ``ExecutorSpec`` records.

>>> parse_spec("processes:3")
ExecutorSpec(kind='processes', workers=3, address=None)
>>> parse_spec("threads")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sml150.errors.UsageError: bad executor spec 'threads': use serial, processes[:N], ...
"""

from __future__ import annotations

import os
import re
from typing import Final, Literal, final

import attrs

from sml150.errors import UsageError

__all__ = ["ACCEPTED", "MAX_LOCAL_WORKERS", "ExecutorSpec", "Kind", "parse_spec"]

ACCEPTED: Final = "serial, processes[:N], dask[:N] or dask:ADDRESS"
"""The spec forms, as error messages list them."""

Kind = Literal["serial", "processes", "dask"]

MAX_LOCAL_WORKERS: Final = max(8, 4 * (os.cpu_count() or 1))
"""The most worker processes ``processes:N`` and ``dask:N`` start on this machine."""


@final
@attrs.frozen
class ExecutorSpec:
    """A parsed executor spec (see ``parse_spec``)."""

    kind: Kind
    """``serial``, ``processes`` or ``dask``."""
    workers: int | None = None
    """How many workers (``None``: the kind's default)."""
    address: str | None = None
    """An existing Dask scheduler's address (``dask:ADDRESS`` only)."""


def parse_spec(spec: str) -> ExecutorSpec:
    """Parse an executor spec string.

    REQUIRES: ``spec`` is ``serial``, ``processes``, ``processes:N``, ``dask``, ``dask:N`` (N a
    whole number >= 1) or ``dask:ADDRESS`` (``host:port`` or ``scheme://host:port``); else
    ``UsageError`` (``sml150.errors``, a ``ValueError``) naming the spec and the accepted forms.
    ENSURES: the parsed record.

    >>> parse_spec("serial")
    ExecutorSpec(kind='serial', workers=None, address=None)
    >>> parse_spec("dask:tcp://127.0.0.1:8786").address
    'tcp://127.0.0.1:8786'
    >>> parse_spec("dask:4").workers
    4
    >>> parse_spec("processes:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad executor spec 'processes:0': use serial, processes[:N], ...
    >>> parse_spec(f"processes:{MAX_LOCAL_WORKERS + 1}")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: bad executor spec 'processes:...': at most ... worker processes ...

    (``N`` worker processes start on this machine, so ``N`` is at most ``MAX_LOCAL_WORKERS``.)
    """
    bad = UsageError(f"bad executor spec {spec!r}: use {ACCEPTED}", text=spec, accepted=ACCEPTED)
    kind, colon, rest = spec.strip().partition(":")
    kind = kind.lower()
    if colon and not rest:
        raise bad
    if kind == "serial" and not rest:
        return ExecutorSpec("serial")
    if kind in ("processes", "dask") and re.fullmatch(r"[0-9]+", rest):
        digits = rest.lstrip("0") or "0"  # a huge N is never converted
        n = int(digits) if len(digits) <= 6 else MAX_LOCAL_WORKERS + 1
        if n < 1:
            raise bad
        if n > MAX_LOCAL_WORKERS:
            raise UsageError(
                f"bad executor spec {spec!r}: at most {MAX_LOCAL_WORKERS} worker processes on"
                f" this machine ({os.cpu_count() or 1} cores; more only compete for them); use"
                " dask:ADDRESS to scale out")
        return ExecutorSpec("processes" if kind == "processes" else "dask", n)
    if kind == "processes":
        if not rest:
            return ExecutorSpec("processes", os.cpu_count() or 1)
        raise bad
    if kind == "dask":
        if not rest:
            return ExecutorSpec("dask", 2)
        if re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:[0-9]+", rest):
            return ExecutorSpec("dask", address=rest)
    raise bad
