"""The machine and its load, printed beside every figure a benchmark reports.

A figure measured on a shared machine means little without the machine (processor, cores, this
session's scheduling share) and how busy it was while the figure was taken (the load average,
read again for every row).
"""

from __future__ import annotations

import os
import platform

from benchmarks._machine import autogroup, cpu_model


def machine() -> str:
    """One line: processor, cores, Python, this session's autogroup.

    >>> "cores" in machine() and "Python" in machine()
    True
    """
    return (f"{cpu_model()}, {os.cpu_count() or 1} cores, Python {platform.python_version()},"
            f" autogroup {autogroup()}")


def load() -> str:
    """The 1-minute load average now, e.g. ``load 3.2`` (``load ?`` where it is unknown).

    >>> load().startswith("load ")
    True
    """
    try:
        return f"load {os.getloadavg()[0]:.1f}"
    except OSError:
        return "load ?"


def missing(peer: str, extra: str = "bench") -> str:
    """The loud line for a peer that is not installed: no figure is printed for it.

    >>> missing("aima3")
    "MISSING: aima3 is not installed (pip install 'sml150[bench]'): no figure for it"
    """
    return f"MISSING: {peer} is not installed (pip install 'sml150[{extra}]'): no figure for it"
