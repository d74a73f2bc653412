"""What the parallel benchmarks report about the machine: the session's share, workers' CPU."""

from __future__ import annotations

import os

TICK = os.sysconf("SC_CLK_TCK")


def autogroup() -> str:
    """This session's autogroup and its nice (Linux), or ``unknown``.

    Autogroup scheduling gives each session one fair share whatever ``nice`` says, so a busy
    process of another session takes half of two cores; as root, ``echo -20 >
    /proc/self/autogroup`` gives this session the machine.
    """
    try:
        with open("/proc/self/autogroup", encoding="ascii") as f:
            return f.read().strip()
    except OSError:
        return "unknown"


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's live children, from /proc."""
    me, total = os.getpid(), 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # ppid
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def cpu_model() -> str:
    """The processor's model name (Linux ``/proc/cpuinfo``), or ``unknown``."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"
