"""``benchmarks/scaling.py``: its model's laws, and a small run that checks and summarises."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.scaling import Cost, main, predict


@given(st.integers(1, 10**6), st.integers(1, 10**6), st.integers(1, 64),
       st.floats(0.1, 100.0))
def test_the_model_stays_under_the_work_span_bound(a: int, b: int, n: int, t1: float) -> None:
    work, span = max(a, b), min(a, b)
    s = predict(t1, Cost(work, span), 0, 0.0, n)
    assert s <= min(n, work / span) * (1 + 1e-9)
    assert predict(t1, Cost(work, span), 0, 0.0, 1) == pytest.approx(1.0)
    assert predict(t1, Cost(work, span), 100, 0.01, n) < s  # dispatch only costs


def _run(*argv: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(list(argv))
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_quick_run_checks_every_result_and_predicts_beside_it() -> None:
    lines = _run("--quick", "--workers", "1", "--rounds", "1", "--no-dask",
                 "--only", "engine-jamboree", "hw11-earth")
    kinds = [x["kind"] for x in lines]
    assert kinds[0] == "machine" and kinds[-1] == "end" and "error" not in kinds
    runs = {(x["workload"], x["executor"]) for x in lines if x["kind"] == "run"}
    assert runs == {("engine-jamboree", "sequential"), ("engine-jamboree", "best-sequential"),
                    ("engine-jamboree", "processes:1"), ("hw11-earth", "sequential"),
                    ("hw11-earth", "processes:1")}
    best = next(x for x in lines if x["kind"] == "run" and x["executor"] == "best-sequential")
    assert best["same_value"]  # pvs and the engine's Jamboree agree at depth 7
    summary = [x for x in lines if x["kind"] == "summary" and x["executor"] == "processes:1"]
    assert len(summary) == 2
    for x in summary:
        assert x["tasks"] > 0 and x["work"] >= x["span"] > 0
        assert 0 < x["predicted_speedup"] <= x["bound"] == 1
        assert 0 < x["predicted_with_orchestrator"] <= x["predicted_speedup"]
        assert x["orchestrator_cpu_s"] > 0  # this process's CPU while the workers searched


def test_a_run_cut_short_is_summarised_again(tmp_path: Any) -> None:
    lines = [
        {"kind": "dispatch", "executor": "processes:2", "round_trip_s": 0.001},
        *({"kind": "run", "round": r, "workload": "w", "executor": "sequential",
           "seconds": 4.0 + r, "work": 100, "span": 10} for r in range(2)),
        *({"kind": "run", "round": r, "workload": "w", "executor": "processes:2",
           "seconds": 2.0 + r, "tasks": 10, "cpu_s": 4.0, "main_cpu_s": 0.1}
          for r in range(2)),
    ]
    path = tmp_path / "cut.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = _run("--summarise", str(path))
    two = next(x for x in out if x["executor"] == "processes:2")
    assert two["runs"] == 2 and two["median_s"] == 2.5 and two["speedup"] == 1.8
    assert two["range"] == [1.667, 2.0] and two["orchestrator_ms_per_task"] == 10.0


def test_bad_worker_counts_are_one_line() -> None:
    with pytest.raises(SystemExit) as e, contextlib.redirect_stderr(io.StringIO()) as err:
        main(["--workers", "two"])
    assert e.value.code == 2 and "--workers" in err.getvalue()


@pytest.mark.exhaustive
def test_the_whole_quick_run_with_dask() -> None:
    lines = _run("--quick", "--workers", "1,2")
    assert "error" not in [x["kind"] for x in lines]
    assert {x["executor"] for x in lines if x["kind"] == "summary"} >= {
        "sequential", "processes:1", "processes:2"}
