"""The orchestrating process of a parallel Earth search: its CPU per task, and 16 cores predicted.

Run (one heavy run at a time on a shared machine; about a minute a round on two cores)::

    .venv/bin/python benchmarks/orchestration.py [--workers 1,2,4,8,16] [--rounds 2]
        [--no-dask] [--quick] [--label NAME] > orchestration.jsonl
    .venv/bin/python benchmarks/orchestration.py --profile processes:2   # where its CPU goes
    .venv/bin/python benchmarks/orchestration.py --summarise a.jsonl ...  # a table per label

The search is ``scaling.py``'s ``hw11-earth`` (the HW11 handout's Jamboree(0.25) on Riskless
Earth after 4 seeded moves, depth 5, the player's default grain; ``--quick``: depth 3), built by
that script's own ``workloads``. Per round: the sequential search, then the same search on each
pool in turn (``processes:N`` for each ``N`` of ``--workers``; past this machine's
``MAX_LOCAL_WORKERS`` the pool is made directly, oversubscribed). Then, with those pools
closed, as many rounds on ``dask:2``, a LocalCluster, and on the same cluster *claiming* 16
workers, so that the search splits as it would for 16 and its orchestrator's cost per task is
measured at that split. (Apart because an open LocalCluster ticks in the background: its
``IO loop`` thread in this process, about 0.3 s of CPU in a process pool's search here, and its
worker processes would count as the orchestrator's and the workers' CPU, and in the
scheduler's own estimate of it.) Every parallel ``Analysis`` must equal the sequential one
(else exit status 1).

Per run (a ``run`` JSON line): ``tasks``; ``orchestrator_cpu_s``, this process's CPU time
(``time.process_time``: the asyncio thread that splits nodes and the executor's own threads,
which pickle the tasks and read the results; under Dask also the scheduler); ``threads``, the
same by thread (from ``/proc/self/task``); ``workers_cpu_s``, the CPU time of every descendant
process (loky's workers; Dask's nannies and workers); and the wall time.

The prediction for the lent 16-core machine of ``scaling-16core.jsonl`` (its sequential time
``T1``, its pools' no-op round trips ``d``) by ``scaling.predict``, the README's model::

    T1 / max((c (W - S) + k d) / N + c S, k o)

with this run's work ``W``, span ``S`` and tasks ``k`` at ``N`` workers, and ``o`` this run's
orchestrator CPU per task scaled by the ratio of the sequential times (``T1`` there over the
sequential search's CPU time here, the median: the same code on a faster or slower core; the
CPU time, since a loaded machine stretches the wall time far more). ``dask:16`` takes ``k``
and ``o`` from the run claiming 16 workers. Beside it (column ``(model)`` after ``task
span``), the same model with the span of the tasks as they were cut (``Part.task_span``: a
task's leaves all count, since a task is indivisible) in place of the leaf span ``S``: what
the split leaves on the critical path, which the leaf span does not see. Output: JSON lines
on stdout (``machine``, ``run``, ``summary``), a table on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import json
import os
import platform
import pstats
import statistics
import subprocess
import sys
import threading
import time
import unittest.mock
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Final

from benchmarks._machine import TICK, autogroup, cpu_model
from benchmarks.parallel_jamboree import Counting
from benchmarks.scaling import SEQUENTIAL, Cost, Workload, predict, read_log, workloads
from sml150.handouts.hw11 import jamboree as hw11_jamboree
from sml150.lib.forkjoin import Part
from sml150.parallel import MAX_LOCAL_WORKERS, executor

SIXTEEN: Final = Path(__file__).parent / "results" / "scaling-16core.jsonl"
"""The 16-core machine's run: its sequential Earth time and its pools' round trips."""
CLAIMED: Final = "dask:2 as 16"
"""The Dask pool that tells the search it has 16 workers (it splits as for 16)."""


def earth(quick: bool) -> Workload:
    """``scaling.py``'s Earth search (depth 5; quick: 3).

    >>> earth(True).name
    'hw11-earth'
    """
    return next(w for w in workloads(quick) if w.name == "hw11-earth")


def threads_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process so far, by thread name (``other``: unnamed).

    >>> "MainThread" in threads_cpu()
    True
    """
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: dict[str, float] = {}
    for tid in os.listdir("/proc/self/task"):
        with contextlib.suppress(OSError), open(f"/proc/self/task/{tid}/stat",
                                                encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            name = names.get(int(tid), "other")
            out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / TICK
    return out


def descendants_cpu() -> float:
    """CPU seconds (user + system) of every live process descended from this one.

    >>> descendants_cpu() >= 0
    True
    """
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError), open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            parent[int(pid)] = int(fields[1])
            cpu[int(pid)] = (int(fields[11]) + int(fields[12])) / TICK
    mine = {os.getpid()}
    grew = True
    while grew:  # Inv: mine holds this process and descendants found so far
        new = {p for p, pp in parent.items() if pp in mine and p not in mine}
        mine |= new
        grew = bool(new)
    return sum(cpu[p] for p in mine - {os.getpid()})


def _warm(seconds: float) -> None:
    """A task that imports what the Earth search runs, then sleeps (so every worker gets one)."""
    earth(True)
    time.sleep(seconds)


class _Claiming(Counting):
    """Counts the tasks, and tells the search ``workers`` (more than the pool has, maybe)."""

    def __init__(self, inner: Executor, workers: int | None = None) -> None:
        super().__init__(inner)
        if workers is not None:
            self.workers = workers


@contextlib.contextmanager
def pools(counts: Sequence[int], dask: bool) -> Iterator[dict[str, _Claiming]]:
    """The pools of a run, warm, by label (see the module's doc)."""
    with contextlib.ExitStack() as stack:
        out: dict[str, _Claiming] = {}
        for n in counts:
            if n <= MAX_LOCAL_WORKERS:
                inner = stack.enter_context(executor(f"processes:{n}"))
            else:  # past the spec's limit for this machine: oversubscribed on purpose
                from sml150.parallel.executors import _Loky

                inner = _Loky(n)
                stack.callback(inner.shutdown, wait=False)
            out[f"processes:{n}"] = _Claiming(inner)
        if dask:
            inner = stack.enter_context(executor("dask:2"))
            out["dask:2"] = _Claiming(inner)
            out[CLAIMED] = _Claiming(inner, 16)
        for ex in out.values():  # every worker started, the search's modules imported
            list(ex.map(_warm, [0.05] * 4 * (ex.workers or 1)))
        yield out


@contextlib.contextmanager
def parts() -> Iterator[list[Part[Any]]]:
    """The ``Part`` of every HW11 Jamboree search run inside (for its task span)."""
    seen: list[Part[Any]] = []
    real: Callable[..., Part[Any]] = vars(hw11_jamboree)["run"]  # the name it calls

    def recording(*args: Any, **kwargs: Any) -> Part[Any]:
        seen.append(real(*args, **kwargs))
        return seen[-1]

    with unittest.mock.patch.object(hw11_jamboree, "run", recording):
        yield seen


def measure(w: Workload, label: str, ex: _Claiming | None, want: Any) -> dict[str, Any]:
    """One timed run of ``w`` (``ex`` ``None``: sequential); its record, checked."""
    tasks0 = ex.tasks if ex else 0
    th0, cpu0, kids0 = threads_cpu(), time.process_time(), descendants_cpu()
    t0 = time.perf_counter()
    with parts() as seen:
        got = w.run(ex)
    seconds = time.perf_counter() - t0
    cpu, kids, th = time.process_time() - cpu0, descendants_cpu() - kids0, threads_cpu()
    record: dict[str, Any] = {"kind": "run", "executor": label, "seconds": round(seconds, 4)}
    if ex is None:
        return record | {"cpu_s": round(cpu, 3), "work": got.work, "span": got.span,
                         "result": got}
    tasks = ex.tasks - tasks0
    same = want is None or w.key(got) == w.key(want)
    return record | {
        "workers": ex.workers, "tasks": tasks, "orchestrator_cpu_s": round(cpu, 3),
        "orchestrator_ms_per_task": round(1000 * cpu / max(1, tasks), 3),
        "threads": {k: round(v - th0.get(k, 0.0), 3) for k, v in th.items()
                    if v - th0.get(k, 0.0) > 0},
        "workers_cpu_s": round(kids, 2), "same_as_sequential": same,
        "task_span": getattr(seen[-1], "task_span", None) if seen else None}  # None: older


def sixteen_core() -> tuple[float, dict[str, float]]:
    """The 16-core machine's sequential Earth time (median) and its pools' round trips.

    >>> t1, d = sixteen_core()
    >>> 3 < t1 < 6, sorted(d)[:2]
    (True, ['dask:16', 'processes:1'])
    """
    with SIXTEEN.open(encoding="utf-8") as f:
        log, _, _ = read_log(f)
    return statistics.median(log.seconds("hw11-earth", SEQUENTIAL)), log.dispatch


def summaries(runs: Sequence[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Medians per executor and the 16-core prediction (see the module's doc)."""
    seq = [r for r in runs if r["executor"] == SEQUENTIAL]
    t1_here = statistics.median(r["seconds"] for r in seq)
    # its CPU time where recorded: on a loaded machine the wall time grows, the CPU time less
    cpu_here = statistics.median(r.get("cpu_s", r["seconds"]) for r in seq)
    cost = Cost(seq[0]["work"], seq[0]["span"])
    t1, dispatch = sixteen_core()
    labels = dict.fromkeys(r["executor"] for r in runs if r["executor"] != SEQUENTIAL)
    for ex in labels:
        mine = [r for r in runs if r["executor"] == ex]
        tasks = int(statistics.median(r["tasks"] for r in mine))
        o_here = statistics.median(r["orchestrator_cpu_s"] / max(1, r["tasks"]) for r in mine)
        n = mine[0]["workers"]
        target = "dask:16" if ex == CLAIMED else ex
        record: dict[str, Any] = {
            "kind": "summary", "executor": ex, "runs": len(mine),
            "median_s": round(statistics.median(r["seconds"] for r in mine), 3),
            "speedup_here": round(t1_here / statistics.median(r["seconds"] for r in mine), 3),
            "tasks": tasks, "orchestrator_ms_per_task": round(1000 * o_here, 3),
            "orchestrator_cpu_s": round(statistics.median(
                r["orchestrator_cpu_s"] for r in mine), 3),
            "workers_cpu_s": round(statistics.median(r["workers_cpu_s"] for r in mine), 2),
            "all_same": all(r["same_as_sequential"] for r in mine)}
        spans = [r["task_span"] for r in mine if r.get("task_span")]
        if spans:
            record["task_span"] = int(statistics.median(spans))
        if target in dispatch:
            o16 = o_here * t1 / cpu_here
            record |= {"predicted_on": target, "o_16core_ms": round(1000 * o16, 3),
                       "predicted_16core": round(predict(t1, cost, tasks, dispatch[target], n,
                                                         orchestrator=o16), 2),
                       "without_orchestrator": round(predict(t1, cost, tasks,
                                                             dispatch[target], n), 2)}
            if spans:  # the same model, the span that of the tasks as cut
                cut = Cost(cost.work, record["task_span"])
                record["predicted_16core_task_span"] = round(predict(
                    t1, cut, tasks, dispatch[target], n, orchestrator=o16), 2)
        yield record


def table(title: str, rows: Iterable[dict[str, Any]]) -> None:
    """The summaries as a table on stderr."""
    _say(title)
    _say(f"{'executor':14} {'tasks':>6} {'orch ms/task':>12} {'orch CPU':>9} {'workers CPU':>11}"
         f" {'median':>8} {'16-core':>8} {'(no orch)':>9} {'task span':>9} {'(model)':>8}")
    for s in rows:
        pred = f"{s['predicted_16core']:.2f}x" if "predicted_16core" in s else ""
        free = f"{s['without_orchestrator']:.2f}x" if "without_orchestrator" in s else ""
        cut = (f"{s['predicted_16core_task_span']:.2f}x"
               if "predicted_16core_task_span" in s else "")
        _say(f"{s['executor']:14} {s['tasks']:6d} {s['orchestrator_ms_per_task']:12.3f} "
             f"{s['orchestrator_cpu_s']:8.2f}s {s['workers_cpu_s']:10.2f}s "
             f"{s['median_s']:7.2f}s {pred:>8} {free:>9} {s.get('task_span', ''):>9} {cut:>8}")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _emit(record: dict[str, Any]) -> None:
    print(json.dumps(record, default=repr), flush=True)


def profile(w: Workload, spec: str, top: int = 25) -> None:
    """One run on ``spec`` (after a warm one) with the orchestrating thread under cProfile
    (CPU time); the top functions by their own time, and the CPU of every thread."""
    with pools([int(spec.split(":")[1])], dask=False) as ps:
        ex = ps[spec]
        w.run(ex)
        prof = cProfile.Profile(time.thread_time)
        prof.enable()
        record = measure(w, spec, ex, None)
        prof.disable()
    _say(json.dumps(record))
    pstats.Stats(prof, stream=sys.stderr).sort_stats("tottime").print_stats(top)


def _label() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> None:
    """Measure, check and predict (see the module's doc)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--workers", default="1,2,4,8,16")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--quick", action="store_true", help="depth 3 (a smoke run)")
    ap.add_argument("--label", default=None, help="names this run (default: git HEAD)")
    ap.add_argument("--profile", metavar="SPEC", help="profile one run on processes:N")
    ap.add_argument("--summarise", nargs="+", metavar="FILE", help="tables of earlier runs")
    args = ap.parse_args(argv)
    w = earth(args.quick)
    if args.profile:
        profile(w, args.profile)
        return
    if args.summarise:
        for path in args.summarise:
            with open(path, encoding="utf-8") as f:
                earlier = [r for r in map(json.loads, f) if r["kind"] == "run"]
            for name in dict.fromkeys(r.get("label", path) for r in earlier):  # by run
                table(f"{path}: {name}",
                      summaries([r for r in earlier if r.get("label", path) == name]))
        return
    counts = sorted({int(n) for n in args.workers.split(",")})
    label = args.label or _label()
    _emit({"kind": "machine", "label": label, "cores": os.cpu_count(), "cpu": cpu_model(),
           "python": platform.python_version(), "load_before": os.getloadavg(),
           "autogroup": autogroup(), "quick": args.quick, "workers": counts})
    runs: list[dict[str, Any]] = []
    for phase in [(counts, False), ([], True)][:1 if args.no_dask else 2]:
        with pools(*phase) as ps:
            for r in range(args.rounds):
                seq = measure(w, SEQUENTIAL, None, None)
                want = seq.pop("result")
                got = [seq] + [measure(w, name, ex, want) for name, ex in ps.items()]
                for record in got:
                    record |= {"round": r, "label": label}
                    runs.append(record)
                    _emit(record)
                if not all(x.get("same_as_sequential", True) for x in got):
                    raise SystemExit("a parallel result differs from the sequential one")
    rows = list(summaries(runs))
    for s in rows:
        _emit(s | {"label": label})
    _emit({"kind": "end", "load_after": os.getloadavg()})
    table(label, rows)


if __name__ == "__main__":
    main()
