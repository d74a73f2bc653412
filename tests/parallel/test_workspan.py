"""``sml150 workspan``: the table, the plot, the same points on every executor, bad arguments."""

from __future__ import annotations

from pathlib import Path

import pytest

from sml150.cli import main
from sml150.handouts.hw11.maps import M1
from sml150.handouts.hw11.riskless import Riskless
from sml150.parallel import executor
from sml150.workspan import measure


def test_workspan_prints_the_table_and_writes_a_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "plot.png"
    assert main(["workspan", "riskless:m1", "--player", "jamboree:3", "--prune", "0,0.5,1",
                 "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:5] == [
        "prune    work    span  parallelism",
        " 0.00      16       1        16.00",
        " 0.50      12       9         1.33",
        " 1.00      12      12         1.00",
    ]
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.exhaustive  # the Jamboree law covers processes in the default run
def test_points_are_the_same_on_processes() -> None:
    game = Riskless(M1)
    with executor("serial") as serial, executor("processes:2") as procs:
        assert measure(game, 4, [0, 0.25, 1], procs) == measure(game, 4, [0, 0.25, 1], serial)


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--player", "alphabeta:3"], "use --player jamboree:D"),
     (["--prune", "0,1.5"], "bad prune percentage '1.5'"),
     (["--executor", "threads"], "bad executor spec 'threads'")],
)
def test_bad_arguments_are_one_line_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["workspan", "riskless:m1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
