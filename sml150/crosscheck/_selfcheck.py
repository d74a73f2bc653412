"""A port checked against the SML it was made from: what ``sml150 port`` runs after writing it.

Each graded function the porter wrote is crosschecked (``crosscheck``, the grader's public
cases and a few random ones) against the SML files it was ported from; every function whose
answers differ from the SML's is marked in place, on the line above its ``def``, with a
``# port: differs from the SML on ...`` line naming one differing case, so the porter's user
sees where to look. Without SML/NJ nothing is checked, and one line says so.
"""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final, final

import attrs

from sml150.crosscheck._bridge import SML_NAMES
from sml150.crosscheck._report import FunctionVerdict
from sml150.crosscheck._run import _function, _skip_reason, crosscheck, sml_missing
from sml150.grading.toolkit import clean_text

__all__ = ["MARK", "SelfCheck", "mark_differences", "self_check"]

MARK: Final = "# port: differs from the SML on "
"""How a marked function's comment line starts."""
LINE: Final = 99
"""The longest mark line (the port's lines stay within ruff's 100)."""


@final
@attrs.frozen
class SelfCheck:
    """What the self-check found and said."""

    lines: tuple[str, ...]
    """What to print, one line each (escaped)."""
    differ: tuple[str, ...] = ()
    """``module.function`` of each function that differs from the SML (marked in place)."""
    checked: bool = False
    """SML/NJ ran (``False``: nothing was checked, the first line says why)."""


_PORT_NAMES: Final = {sml: port for port, sml in SML_NAMES.items()}
"""SML names the porter may report (``compareAB``) -> the grader's (``compare_ab``)."""


@functools.cache
def graded_functions(hw: str) -> frozenset[str]:
    """The functions the grader's cases of ``hw`` call (crosscheck checks only those).

    >>> sorted(graded_functions("hw10"))[:4]
    ['compare_ab', 'estimate', 'evaluate', 'is_valid_move']
    """
    from sml150.grading.toolkit import homework

    return frozenset(_function(c.exprs[0]) for t in homework(hw)[1] for c in t.cases_for("")
                     if c.exprs and not _skip_reason(c))


def mark_differences(path: Path, function: str, verdict: FunctionVerdict) -> bool:
    r"""Mark ``function`` in the port module ``path`` (a comment line above its ``def``).

    A mark left by an earlier check is replaced. ENSURES: ``True`` if the ``def`` was found.

    >>> import tempfile
    >>> from sml150.crosscheck._report import CaseResult
    >>> p = Path(tempfile.mkdtemp()) / "las.py"
    >>> _ = p.write_text("class A:\n    def f(self):\n        return 1\n")
    >>> case = CaseResult("5.7", "f", "eq <1,1>", "<(2, 1)>", "<(1, 1)>", False, True, False, "")
    >>> mark_differences(p, "f", FunctionVerdict("f", "differ", 3, 1, 0, (case,)))
    True
    >>> print(p.read_text().splitlines()[1])
        # port: differs from the SML on 1 of 4 cases (eq <1,1>: SML <(2, 1)>, port <(1, 1...)
    """
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    pattern = re.compile(rf"^(\s*)def {re.escape(function)}\(")
    found = next(((i, m) for i, line in enumerate(lines) if (m := pattern.match(line))), None)
    if found is None:
        return False
    at, match = found
    indent = match.group(1)
    first = verdict.differences[0]
    mark = (f"{indent}{MARK}{len(verdict.differences)} of {verdict.agree + verdict.differ} "
            "cases (")
    example = clean_text(f"{first.name}: SML {first.sml}, port {first.port}", 1000, lines=False)
    room = LINE - len(mark) - 1
    mark += (example if len(example) <= room else example[:max(0, room - 3)] + "...") + ")"
    if at > 0 and lines[at - 1].strip().startswith(MARK):
        lines[at - 1] = mark
    else:
        lines.insert(at, mark)
    path.write_text("\n".join(lines) + ("\n" if text.endswith("\n") else ""), encoding="utf-8")
    return True


def self_check(hw: str, sml_files: Iterable[Path], port_dir: Path, functions: Iterable[str],
               *, cases: int = 2, seed: int = 0) -> SelfCheck:
    """Crosscheck ``functions`` of the port in ``port_dir`` against ``sml_files``.

    REQUIRES: ``hw`` is ``hw10`` or ``hw11``; ``port_dir`` holds the port's modules.
    ENSURES: each function that differs from the SML is marked in its module; never raises
    for what the SML or the port does.

    >>> import tempfile
    >>> out = self_check("hw10", [], Path(tempfile.mkdtemp()), [])
    >>> out.lines[0].startswith(("nothing checked against the SML", "checked against the SML"))
    True
    """
    missing = sml_missing()
    if missing:
        return SelfCheck((f"nothing checked against the SML: {missing}",))
    wanted = frozenset(_PORT_NAMES.get(f, f) for f in functions) & graded_functions(hw)
    if not wanted:
        return SelfCheck(("checked against the SML: no graded function was ported",), (), True)
    with tempfile.TemporaryDirectory(prefix="sml150-port-check-") as tmp:
        for f in sml_files:
            shutil.copyfile(f, Path(tmp) / f.name)
        report = crosscheck(hw, Path(tmp), port_dir, cases=cases, seed=seed, functions=wanted)
    verdicts = report.verdicts()
    lines: list[str] = []
    differ: list[str] = []
    for function, verdict in verdicts.items():
        if verdict.status != "differ":
            continue
        module = next((r.module for r in verdict.differences if r.module), "")
        where = port_dir / f"{module}.py"
        marked = where.is_file() and mark_differences(where, function, verdict)
        differ.append(f"{module}.{function}")
        lines.append(clean_text(f"{module}.py: {verdict.summary}"
                                + (" (marked # port: differs ...)" if marked else ""), 300,
                                lines=False))
    agree = sum(v.status == "agree" for v in verdicts.values())
    not_run = sorted(set(wanted) - {f for f, v in verdicts.items() if v.status != "not run"})
    head = (f"checked against the SML: {agree} function{'s' if agree != 1 else ''} agree, "
            f"{len(differ)} differ" + (f", {len(not_run)} not checked ({', '.join(not_run)})"
                                       if not_run else ""))
    lines = [head, *lines, *(clean_text(p, 300, lines=False) for p in report.problems)]
    return SelfCheck(tuple(lines), tuple(differ), True)
