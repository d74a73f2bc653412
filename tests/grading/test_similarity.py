"""The similarity flag reads the whole submission: every file, the code in its strings and data.

(The faithful ports stay unflagged: ``test_deploy.py``; the hostile fixtures ``reexport`` and
``copied_tests`` are graded under the sandbox in ``test_hostile.py``.)
"""

from __future__ import annotations

import base64
import lzma
import time
import zlib
from pathlib import Path

from sml150.grading._bundle import write_library
from sml150.grading._similarity import similarity_flags
from sml150.grading._starter import reference_source, solution_source
from sml150.grading.hw11 import REFERENCE_TESTS, STARTER_TESTS

from .conftest import starter_modules


def _reference(hw: str, module: str) -> str:
    return solution_source(reference_source(hw, module))


def _flagged(flags: list[str]) -> set[str]:
    return {f.split(":", 1)[0] for f in flags}


def test_a_private_copy_behind_a_re_export_is_flagged(tmp_path: Path) -> None:
    sub = starter_modules("hw10", tmp_path / "sub")
    (sub / "_engine_core.py").write_text(_reference("hw10", "alphabeta"))
    (sub / "alphabeta.py").write_text("from _engine_core import *\n"
                                      "from _engine_core import _AlphaBeta\n")
    flags = similarity_flags("hw10", sub)
    assert _flagged(flags) == {"alphabeta.py"}
    assert "found in _engine_core.py" in flags[0]


def test_code_in_strings_and_data_files_is_read(tmp_path: Path) -> None:
    sub = starter_modules("hw10", tmp_path / "sub")
    las = _reference("hw10", "las").encode()
    packed = base64.b64encode(zlib.compress(las)).decode()
    (sub / "las.py").write_text("import base64, zlib\n"
                                f"exec(zlib.decompress(base64.b64decode({packed!r})))\n")
    (sub / "blob.bin").write_bytes(base64.b85encode(lzma.compress(
        _reference("hw10", "tictactoe").encode())))
    pieces = [_reference("hw10", "jamboree")[i:i + 500]
              for i in range(0, len(_reference("hw10", "jamboree")), 500)]
    (sub / "jamboree.py").write_text("SOURCE = (" + " +\n    ".join(map(repr, pieces)) + ")\n")
    flags = similarity_flags("hw10", sub)
    assert {"las.py", "tictactoe.py", "jamboree.py"} <= _flagged(flags), flags
    assert any("builds code at run time" in f for f in flags)
    assert any("blob.bin (its data)" in f for f in flags)


def test_task_4_2_tests_copied_from_the_package_are_flagged(tmp_path: Path) -> None:
    sub = starter_modules("hw11", tmp_path / "sub")
    renamed = REFERENCE_TESTS.replace("def test_", "def test_mine_").replace("G = ", "game = ")
    (sub / "test_riskless.py").write_text(renamed)
    assert _flagged(similarity_flags("hw11", sub)) == {"test_riskless.py"}


def test_the_starter_as_given_is_not_flagged(tmp_path: Path) -> None:
    for hw in ("hw10", "hw11", "gametree"):
        d = starter_modules(hw, tmp_path / hw)
        write_library(d)  # the course library, as the handout holds it
        if hw == "hw11":
            (d / "test_riskless.py").write_text(STARTER_TESTS)
        assert similarity_flags(hw, d) == [], hw


def test_a_compression_bomb_in_a_string_costs_little(tmp_path: Path) -> None:
    sub = starter_modules("hw10", tmp_path / "sub")
    squeeze = zlib.compressobj(9)
    bomb = b"".join(squeeze.compress(b"\0" * (1 << 24)) for _ in range(32)) + squeeze.flush()
    (sub / "las.py").write_text(f"X = {base64.b64encode(bomb).decode()!r}\n")  # 512 MiB inside
    started = time.monotonic()
    assert similarity_flags("hw10", sub) == []
    assert time.monotonic() - started < 10
