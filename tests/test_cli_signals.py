"""SIGTERM ends a command and every worker it started; output that cannot be written is a line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SML150 = [sys.executable, "-m", "sml150"]


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sigterm_ends_every_worker_of_a_process_pool() -> None:
    proc = subprocess.Popen(
        [*SML150, "match", "connect4", "--maxie", "engine:jamboree:10", "--minnie", "pvs:8",
         "--executor", "processes:2", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        kids: set[int] = set()
        while len(kids) < 3 and time.monotonic() < deadline:  # two workers and a tracker
            time.sleep(0.2)
            kids = _children(proc.pid)
        assert len(kids) >= 3, kids
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)  # the output closes: no worker holds it
        assert proc.returncode == 128 + signal.SIGTERM, err
        assert err.strip().splitlines()[-1] == "sml150: stopped: SIGTERM (its workers were closed)"
        assert "Traceback" not in err
        time.sleep(1.0)
        assert not [k for k in kids if _alive(k)], kids
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("argv", [["match", "tictactoe:3", "--fixed-clock"],
                                  ["trace", "hw11-alphabeta", "handout-big"]])
def test_output_to_a_full_device_is_one_line(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*SML150, *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr == "sml150: error: could not write the output: No space left on device\n"
