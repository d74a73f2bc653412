"""A whole homework whose every function stalls: the run ends within budget × tasks."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sml150.grading import SandboxLimits, grade, sandbox_problem, write_handout
from sml150.grading._handout import homework

STALL = '''
import functools as _functools
import time as _time

_time.sleep({pause})


def _stall(fn):
    @_functools.wraps(fn)
    def stalled(*a, **k):
        _time.sleep({pause})
        return fn(*a, **k)
    return stalled


for _name, _value in list(globals().items()):
    if _name.startswith("_") or getattr(_value, "__module__", "") != __name__:
        continue
    if isinstance(_value, type):
        for _m, _v in list(vars(_value).items()):
            if callable(_v) and not _m.startswith("__"):
                setattr(_value, _m, _stall(_v))
    elif callable(_value):
        globals()[_name] = _stall(_value)
'''


@pytest.mark.exhaustive
@pytest.mark.skipif(sandbox_problem() is not None, reason="no sandbox")
@pytest.mark.parametrize("hw", ["hw10", "hw11"])
def test_a_stalling_homework_ends_within_its_budgets(hw: str, tmp_path: Path) -> None:
    limits = SandboxLimits(call_timeout=2.0, group_budget=6.0)
    write_handout(hw, tmp_path)
    for spec in homework(hw)[0]:
        module = tmp_path / f"{spec.name}.py"
        module.write_text(module.read_text() + STALL.format(pause=limits.call_timeout - 0.2))
    started = time.monotonic()
    report = grade(hw, tmp_path, text=False, limits=limits, sandbox=True)
    seconds = time.monotonic() - started
    assert report.total == 0
    assert seconds <= limits.group_budget * len(report.tasks) + 15
