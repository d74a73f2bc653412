"""Parallel scaling at 1, 2, 4, ... workers, with a work/span model's prediction beside each.

Run (as root on a shared machine, first ``echo -20 > /proc/self/autogroup``; see
``parallel_jamboree.py``)::

    .venv/bin/python benchmarks/scaling.py --workers 1,2,4,8,16 [--rounds 3] [--quick]
        [--only NAME ...] [--no-dask] [--time-limit SECONDS] > scaling.jsonl
    .venv/bin/python benchmarks/scaling.py --summarise scaling.jsonl   # medians, model, table

(A little over 400 lines: one measurement, read top to bottom: its workloads, the checks, the
model and the summaries that a run cut short can be re-read with.)

Workloads (``--quick`` shrinks each so that the whole script runs in well under a minute on two
cores; the names stay the same):

- ``engine-jamboree``: the engine's Kuszmaul Jamboree (``sml150.search.jamboree``) on Connect
  Four 7x6 from the start, depth 12 (quick: 7), its default grain (``depth // 3``); the
  best-sequential baseline is ``pvs`` of the same depth with one shared table;
- ``engine-ybw``: the engine's young-brothers-wait, the same search and baseline;
- ``engine-smp``: the engine's shared-table search (``sml150.search.smp.lazy_smp``: a PVS on
  every worker, one lock-free table in shared memory, ABDADA's deferral), the same search and
  baseline; its result is checked for ``pvs``'s value and a move among ``pvs``'s best moves
  (which of the equal moves may depend on the timing); its model is not work/span but
  ``smp.replay``: the same workers simulated in turn on one core, whose winner's node count
  at ``N`` workers against one worker's is the predicted speed-up;
- ``hw11-earth``: the HW11 handout's Jamboree(0.25) on Riskless Earth after 4 seeded moves,
  depth 5 (quick: 3), its default grain (``depth - 2``);
- ``hw11-earth-coarse``: the same search with tasks one ply taller (grain ``depth - 3``): fewer,
  larger tasks, so that the orchestrating process stops being the limit (issue 21);
- ``tournament``: 64 games of ``alphabeta:4`` vs ``jamboree:4:0.5`` on 4x4 Tic-Tac-Toe with
  the draw rule, one task per game (quick: 4 games of ``alphabeta:3`` vs ``jamboree:3:0.5`` on
  3x3).

Before each timed run the script waits until the workers are idle (an engine search's
abandoned subtrees run on after it returns; ``settle_s`` says how long it waited). Every pool
is opened once (``processes:N`` for each ``N`` of ``--workers``, and ``dask:N`` at the
largest ``N`` where dask is installed, unless ``--no-dask``) and warmed (every worker imports the
library) before anything is timed. Then ``--rounds`` rounds, each running every workload in
order (``executor=None``), its best-sequential baseline, and on every pool in turn, so that a
slow spell of the machine hits all of them. Every parallel result is checked against the
sequential one (the engine: value, move, work and span; the HW11 Jamboree: the whole
``Analysis``; the tournament: every game and the standings), else the script stops with exit
status 1. ``--time-limit`` stops starting new runs past that many seconds (the summaries of
what was measured are still written).

Output: JSON lines on stdout (``machine``, ``dispatch`` per pool, ``run`` per timed run,
``summary`` per workload and executor after every round, the last ones standing for the whole
run); a readable table on stderr.

The model. From the sequential run: its wall time ``T1``, the search's work ``W`` and span
``S`` (the engine and the HW11 Jamboree count them in leaves; a tournament's are the sum and
the largest of its games' seconds), so ``c = T1 / W`` seconds per unit of work. From each pool:
``d``, the round trip of one no-op task (submit to result, measured here on the warm pool).
With ``k`` tasks at ``N`` workers, the greedy scheduler's bound (Brent, Graham) with a dispatch
cost per task::

    T_N ~ (c (W - S) + k d) / N + c S         predicted speed-up T1 / T_N

and the work/span bound ``min(N, W / S)`` that no scheduler of this search can pass. The
orchestrating process (the asyncio thread that splits nodes above the grain and pickles each
task) is one more limit no worker shares: its CPU seconds per task, ``o``, are measured on the
smallest pool (``main_cpu_s`` of each run: this process's CPU time), and the second prediction
is ``T1 / max(T_N, k o)`` (``predicted_with_orchestrator``, column ``+orch``). The model
knows neither the machine's shared caches and memory bandwidth (``parallel_jamboree.py``
measures that ceiling on two cores) nor that a task is indivisible (the span counts leaves, a
task is a whole subtree): where the measurement falls below it, those are the suspects.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, Final, final

import attrs

from benchmarks._machine import autogroup, children_cpu, cpu_model
from benchmarks.parallel_jamboree import Counting, hw11
from sml150.games.connect4 import ConnectFour
from sml150.handouts.hw11.maps import Earth
from sml150.parallel import executor
from sml150.search import pvs, smp
from sml150.search.jamboree import jamboree, young_brothers_wait
from sml150.tournament import Tournament, run_tournament

TOURNAMENT_GAME: Final = "tictactoe:4:draw"
TOURNAMENT_PLAYERS: Final = ("alphabeta:4", "jamboree:4:0.5")
QUICK_GAME: Final = "tictactoe:3"
QUICK_PLAYERS: Final = ("alphabeta:3", "jamboree:3:0.5")
SEQUENTIAL: Final = "sequential"
BEST: Final = "best-sequential"


@final
@attrs.frozen
class Cost:
    """What the model needs of one sequential run: its work and span in one unit."""

    work: float
    """Work (leaves, or seconds for a tournament)."""
    span: float
    """Span, in the same unit."""


@final
@attrs.frozen
class Workload:
    """One thing to time: how to run it, what must agree, its cost, its best baseline."""

    name: str
    title: str
    run: Callable[[Executor | None], Any]
    """Run once; ``None``: sequentially, in this process."""
    key: Callable[[Any], Any]
    """What of a result must equal the sequential run's."""
    cost: Callable[[Any], Cost]
    """Work and span of a result."""
    best: Callable[[], Any] | None = None
    """The best sequential search of the same depth, timed beside it (engine only)."""
    replay: Callable[[int], float] | None = None
    """The predicted speed-up at ``N`` workers, where not the work/span model's."""
    detail: Callable[[Any], dict[str, Any]] | None = None
    """More of a result to record with each run (the shared-table search's node counts)."""


def _engine(name: str, search: Callable[..., Any], depth: int) -> Workload:
    c4 = ConnectFour(7, 6)
    return Workload(
        name, f"engine {name.removeprefix('engine-')}, Connect Four 7x6, depth {depth}",
        lambda ex: search(c4, c4.start, depth, executor=ex),
        lambda r: (r.value, r.move, r.work, r.span),
        lambda r: Cost(r.work, r.span),
        lambda: pvs(c4, c4.start, depth))


@functools.cache
def replay_speedup(depth: int, workers: int) -> float:
    """``smp.replay``'s prediction for ``lazy_smp`` on Connect Four 7x6 from the start.

    One worker's nodes over the winner's nodes at ``workers`` (equal-speed workers, the
    table shared at a grain of 64 nodes); deterministic, so computed once.

    >>> replay_speedup(5, 1)
    1.0
    """
    c4 = ConnectFour(7, 6)
    one = smp.replay(c4, c4.start, depth, 1)
    many = smp.replay(c4, c4.start, depth, workers)
    return one.workers[0].nodes / many.workers[many.winner].nodes


def _engine_smp(depth: int) -> Workload:
    c4 = ConnectFour(7, 6)
    best = functools.cache(lambda: frozenset(pvs(c4, c4.start, depth, all_best=True).best_moves))
    return Workload(
        "engine-smp", f"engine shared-table search (ABDADA), Connect Four 7x6, depth {depth}",
        lambda ex: smp.lazy_smp(c4, c4.start, depth, executor=ex),
        lambda r: (r.value, r.move in best()),
        lambda r: Cost(r.analysis().work, r.analysis().span),
        lambda: pvs(c4, c4.start, depth),
        functools.partial(replay_speedup, depth),
        lambda r: {"winner_nodes": r.workers[r.winner].nodes, "all_nodes": r.nodes})


def _hw11_earth(depth: int, coarser: int = 0) -> Workload:
    """The Earth search; ``coarser``: its tasks that many plies taller than the default's."""
    grain = max(1, depth - 2 - coarser)
    run, key = hw11(0.25, depth, grain, Earth, 4)
    return Workload("hw11-earth" + ("-coarse" if coarser else ""),
                    f"HW11 Jamboree(0.25), Riskless Earth after 4 moves, depth {depth}, "
                    f"grain {grain}",
                    run, lambda a: repr(key(a)), lambda a: Cost(a.work, a.span))


def _games(t: Tournament) -> Any:
    return (tuple(attrs.evolve(r, seconds=0.0) for r in t.results), t.standings)


def _tournament(games: int, game: str, players: Sequence[str]) -> Workload:
    def run(ex: Executor | None) -> Tournament:
        with contextlib.ExitStack() as stack:
            pool = ex if ex is not None else stack.enter_context(executor("serial"))
            return run_tournament(game, list(players), games=games, seed=0, ex=pool,
                                  move_limit=100)

    return Workload("tournament", f"tournament, {games} games of {' vs '.join(players)} on "
                    f"{game}", run, _games,
                    lambda t: Cost(sum(r.seconds for r in t.results),
                                   max(r.seconds for r in t.results)))


def workloads(quick: bool) -> list[Workload]:
    """The issue's workloads, full size or shrunk (``quick``).

    >>> [w.name for w in workloads(True)]
    ['engine-jamboree', 'engine-ybw', 'engine-smp', 'hw11-earth', 'hw11-earth-coarse', 'tournament']
    """
    depth = 7 if quick else 12
    return [_engine("engine-jamboree", jamboree, depth),
            _engine("engine-ybw", young_brothers_wait, depth),
            _engine_smp(depth),
            _hw11_earth(3 if quick else 5),
            _hw11_earth(3 if quick else 5, coarser=1),
            _tournament(4, QUICK_GAME, QUICK_PLAYERS) if quick
            else _tournament(64, TOURNAMENT_GAME, TOURNAMENT_PLAYERS)]


def predict(t1: float, cost: Cost, tasks: int, dispatch: float, n: int, *,
            orchestrator: float = 0.0) -> float:
    """The model's speed-up at ``n`` workers: ``T1 / max((c (W - S) + k d) / n + c S, k o)``.

    ``c = T1 / W`` (seconds per unit of work), ``k`` tasks, ``d`` seconds of dispatch each (a
    worker's share), ``o`` seconds of the orchestrating process's CPU per task (0: not known),
    which no number of workers shares out.
    REQUIRES: ``t1 > 0``, ``cost.work >= cost.span > 0``, ``n >= 1``.
    ENSURES: at most ``min(n, W / S)``; 1 at ``n = 1`` without dispatch cost.

    >>> predict(10.0, Cost(100, 10), 0, 0.0, 1)
    1.0
    >>> predict(10.0, Cost(100, 10), 0, 0.0, 4)   # 10 / (9 / 4 + 1)
    3.076923076923077
    >>> round(predict(10.0, Cost(100, 10), 100, 0.01, 4), 3)   # 10 / (2.5 + 1)
    2.857
    >>> predict(10.0, Cost(100, 10), 100, 0.0, 16, orchestrator=0.05)   # 10 / max(1.56, 5)
    2.0
    """
    c = t1 / cost.work
    brent = (c * (cost.work - cost.span) + tasks * dispatch) / n + c * cost.span
    return t1 / max(brent, tasks * orchestrator)


def _specs(counts: Sequence[int], dask: bool) -> list[str]:
    """The pools of a run: ``processes:N`` for each count, ``dask:max`` if asked.

    >>> _specs([1, 2], True)
    ['processes:1', 'processes:2', 'dask:2']
    """
    return [f"processes:{n}" for n in counts] + ([f"dask:{max(counts)}"] if dask else [])


def _workers(spec: str) -> int:
    return int(spec.rsplit(":", 1)[1])


def _dispatch(ex: Executor, trips: int = 30) -> float:
    """The median round trip of one no-op task on a warm pool, in seconds."""
    times = []
    for _ in range(trips):
        t0 = time.perf_counter()
        ex.submit(abs, -1).result()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _settle(limit: float = 10.0, step: float = 0.1) -> float:
    """Wait until the workers are idle (an engine search's abandoned tasks run on after it
    returns, and would slow the next run): until the children's CPU time grows by under a
    fifth of ``step`` in ``step`` seconds, at most ``limit`` seconds; the seconds waited."""
    t0 = last = time.perf_counter()
    cpu = children_cpu()
    while last - t0 < limit:
        time.sleep(step)
        now, last = children_cpu(), time.perf_counter()
        if now - cpu < step / 5:
            break
        cpu = now
    return last - t0


def _warm(ex: Executor, n: int, quick_loads: Sequence[Workload]) -> None:
    """Start every worker and have it import what the workloads run."""
    list(ex.map(time.sleep, [0.05] * (4 * n)))
    for w in quick_loads:
        w.run(ex)


def _emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@attrs.define
class _Log:
    """The timed runs so far, and what each workload's sequential run cost."""

    runs: list[dict[str, Any]] = attrs.Factory(list)
    costs: dict[str, Cost] = attrs.Factory(dict)
    dispatch: dict[str, float] = attrs.Factory(dict)

    def seconds(self, name: str, ex: str) -> list[float]:
        return [r["seconds"] for r in self.runs if r["workload"] == name and r["executor"] == ex]

    def summaries(self, name: str, specs: Sequence[str]) -> Iterator[dict[str, Any]]:
        seq, best = self.seconds(name, SEQUENTIAL), self.seconds(name, BEST)
        if not seq:
            return
        t1, cost = statistics.median(seq), self.costs[name]
        tb = statistics.median(best) if best else None
        by_round = {r["round"]: r["seconds"] for r in self.runs
                    if r["workload"] == name and r["executor"] == SEQUENTIAL}
        # the orchestrator's CPU per task, measured on the smallest pool (least contended)
        first = [r for r in self.runs if r["workload"] == name and specs
                 and r["executor"] == specs[0] and r.get("main_cpu_s") and r["tasks"]]
        o = statistics.median(r["main_cpu_s"] / r["tasks"] for r in first) if first else 0.0
        for ex in [SEQUENTIAL, *([BEST] if best else []), *specs]:
            mine = [r for r in self.runs if r["workload"] == name and r["executor"] == ex]
            if not mine:
                continue
            tn = statistics.median(r["seconds"] for r in mine)
            ratios = sorted(by_round[r["round"]] / r["seconds"] for r in mine
                            if r["round"] in by_round)
            record: dict[str, Any] = {
                "kind": "summary", "workload": name, "executor": ex, "runs": len(mine),
                "median_s": round(tn, 4), "speedup": round(t1 / tn, 3),
                "range": [round(ratios[0], 3), round(ratios[-1], 3)] if ratios else None,
                "speedup_vs_best": round(tb / tn, 3) if tb else None,
                "work": cost.work, "span": cost.span,
                "parallelism": round(cost.work / cost.span, 2)}
            if ex in specs:
                n, tasks = _workers(ex), int(statistics.median(r["tasks"] for r in mine))
                d = self.dispatch[ex]
                cpu = statistics.median(r["cpu_s"] for r in mine)
                replayed = [r["replay_speedup"] for r in mine if "replay_speedup" in r]
                record |= {"workers": n, "tasks": tasks, "dispatch_s": round(d, 5),
                           "predicted_speedup": round(predict(t1, cost, tasks, d, n), 3),
                           "bound": round(min(n, cost.work / cost.span), 2),
                           "task_cpu_mean_s": round(cpu / tasks, 5) if tasks and cpu else None,
                           "busy_cores": round(cpu / tn, 2) if cpu else None}
                if replayed:  # a shared-table search: the replay is its model, work/span none
                    record |= {"predicted_speedup": replayed[0], "bound": n,
                               "model": "replay"}
                elif o:
                    main = statistics.median(r["main_cpu_s"] for r in mine)
                    record |= {"orchestrator_cpu_s": round(main, 3),
                               "orchestrator_ms_per_task": round(1000 * main / tasks, 3),
                               "predicted_with_orchestrator": round(
                                   predict(t1, cost, tasks, d, n, orchestrator=o), 3)}
            yield record


def _table(log: _Log, names: Sequence[str], specs: Sequence[str]) -> None:
    _say(f"{'workload':16} {'executor':15} {'median':>8} {'speed-up':>9} {'vs best':>8} "
         f"{'model':>6} {'+orch':>6} {'bound':>6} {'tasks':>6}")
    for name in names:
        for s in log.summaries(name, specs):
            vb = f"{s['speedup_vs_best']:.2f}x" if s["speedup_vs_best"] else ""
            model = f"{s['predicted_speedup']:.2f}x" if "predicted_speedup" in s else ""
            orch = (f"{s['predicted_with_orchestrator']:.2f}x"
                    if "predicted_with_orchestrator" in s else "")
            bound = f"{s['bound']:.1f}" if "bound" in s else ""
            _say(f"{name:16} {s['executor']:15} {s['median_s']:7.2f}s {s['speedup']:8.2f}x "
                 f"{vb:>8} {model:>6} {orch:>6} {bound:>6} {s.get('tasks', ''):>6}")


def _check(w: Workload, ex: str, want: Any, got: Any) -> None:
    if w.key(got) != w.key(want):
        _emit({"kind": "error", "workload": w.name, "executor": ex,
               "message": "the parallel result differs from the sequential one"})
        raise SystemExit(f"{w.name} on {ex}: the result differs from the sequential run")


def _round(r: int, loads: Sequence[Workload], pools: dict[str, Executor], log: _Log,
           out_of_time: Callable[[], bool]) -> bool:
    """One round of every workload; ``False`` when the time limit stopped it."""
    for w in loads:
        if out_of_time():
            return False
        _settle()
        t0 = time.perf_counter()
        want = w.run(None)
        seconds = time.perf_counter() - t0
        cost = log.costs[w.name] = w.cost(want)
        runs: list[dict[str, Any]] = [{"executor": SEQUENTIAL, "seconds": seconds,
                                       "work": cost.work, "span": cost.span}]
        if w.best is not None:
            t0 = time.perf_counter()
            b = w.best()
            runs.append({"executor": BEST, "seconds": time.perf_counter() - t0,
                         "value": b.value, "move": b.move,
                         "same_value": b.value == want.value, "same_move": b.move == want.move})
        for spec, inner in pools.items():
            ex = Counting(inner)
            cpu0, main0, t0 = children_cpu(), time.process_time(), time.perf_counter()
            got = w.run(ex)
            seconds, main = time.perf_counter() - t0, time.process_time() - main0
            _check(w, spec, want, got)
            runs.append({"executor": spec, "seconds": seconds, "tasks": ex.tasks,
                         "cpu_s": round(children_cpu() - cpu0, 3), "main_cpu_s": round(main, 3),
                         "settle_s": round(_settle(), 2)}
                        | ({"replay_speedup": round(w.replay(_workers(spec)), 3)}
                           if w.replay is not None else {})
                        | (w.detail(got) if w.detail is not None else {}))
        for run in runs:
            record = {"kind": "run", "round": r, "workload": w.name, **run,
                      "seconds": round(run["seconds"], 4)}
            log.runs.append(record)
            _emit(record)
    return True


def read_log(lines: Iterable[str]) -> tuple[_Log, list[str], list[str]]:
    """A run's log from its JSON lines (a run cut short too): the runs, costs and dispatch.

    The costs come from the sequential runs' records, or, in files written before those
    carried them, from the last summary of each workload. Returns the log, the workloads and
    the pools in the order met.

    >>> log, names, specs = read_log([
    ...     '{"kind": "dispatch", "executor": "processes:2", "round_trip_s": 0.001}',
    ...     '{"kind": "run", "round": 0, "workload": "w", "executor": "sequential",'
    ...     ' "seconds": 4.0, "work": 100, "span": 10}',
    ...     '{"kind": "run", "round": 0, "workload": "w", "executor": "processes:2",'
    ...     ' "seconds": 2.5, "tasks": 10, "cpu_s": 4.0}'])
    >>> [s["speedup"] for s in log.summaries("w", specs)], names
    ([1.0, 1.6], ['w'])
    """
    log, names, specs = _Log(), list[str](), list[str]()
    for line in lines:
        x = json.loads(line)
        if x["kind"] == "dispatch":
            log.dispatch[x["executor"]] = x["round_trip_s"]
            specs.append(x["executor"])
        elif x["kind"] == "run":
            log.runs.append(x)
            if x["workload"] not in names:
                names.append(x["workload"])
            if "work" in x:
                log.costs[x["workload"]] = Cost(x["work"], x["span"])
        elif x["kind"] == "summary" and x["executor"] == SEQUENTIAL:
            log.costs.setdefault(x["workload"], Cost(x["work"], x["span"]))
    return log, names, specs


def replay_table(depth: int, counts: Sequence[int]) -> None:
    """``--replay``: the engine-smp search simulated at each count, over one worker and pvs.

    Node counts only (deterministic); the prediction over ``pvs`` assumes a node costs what it
    costs ``pvs``, which ``seconds_per_node`` of both lets one check on this machine.
    """
    c4 = ConnectFour(7, 6)
    t0 = time.perf_counter()
    base = pvs(c4, c4.start, depth)
    pvs_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    one = smp.lazy_smp(c4, c4.start, depth)
    one_s = time.perf_counter() - t0
    _emit({"kind": "replay-baseline", "depth": depth, "pvs_nodes": base.stats.nodes,
           "pvs_s": round(pvs_s, 3), "smp1_nodes": one.nodes, "smp1_s": round(one_s, 3),
           "pvs_us_per_node": round(1e6 * pvs_s / base.stats.nodes, 2),
           "smp1_us_per_node": round(1e6 * one_s / one.nodes, 2)})
    _say(f"{'workers':>7} {'winner nodes':>12} {'all nodes':>10} {'over 1':>7} {'over pvs':>8}")
    for n in counts:
        r = smp.replay(c4, c4.start, depth, n)
        won = r.workers[r.winner].nodes
        rec = {"kind": "replay", "depth": depth, "workers": n, "winner_nodes": won,
               "all_nodes": r.nodes, "over_one": round(one.nodes / won, 3),
               "over_pvs_nodes": round(base.stats.nodes / won, 3),
               "same_value": r.value == base.value}
        _emit(rec)
        _say(f"{n:7} {won:12} {r.nodes:10} {rec['over_one']:6.2f}x {rec['over_pvs_nodes']:7.2f}x")


def summarise(path: str) -> None:
    """Summaries and the table of a JSON-lines file this script wrote (``--summarise``)."""
    with open(path, encoding="utf-8") as f:
        log, names, specs = read_log(f)
    for name in names:
        for s in log.summaries(name, specs):
            _emit(s)
    _table(log, names, specs)


def main(argv: Sequence[str] | None = None) -> None:
    """Measure, check and model the workloads; JSON lines on stdout (see the module's doc)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--workers", default="1,2,4,8,16",
                    help="comma-separated worker counts (default 1,2,4,8,16)")
    ap.add_argument("--rounds", type=int, default=None, help="default 3 (--quick: 1)")
    ap.add_argument("--quick", action="store_true", help="small workloads (a smoke run)")
    ap.add_argument("--only", nargs="*", default=None,
                    help="engine-jamboree, engine-ybw, engine-smp, hw11-earth, "
                         "hw11-earth-coarse, tournament")
    ap.add_argument("--replay", metavar="N,N,...",
                    help="measure nothing: smp.replay's predicted speed-ups of engine-smp at "
                         "these worker counts (at --depth), over one worker and over pvs")
    ap.add_argument("--depth", type=int, default=12, help="--replay's depth (default 12)")
    ap.add_argument("--no-dask", action="store_true", help="no dask:N pool")
    ap.add_argument("--time-limit", type=float, default=0.0,
                    help="start no run past this many seconds (0: none)")
    ap.add_argument("--summarise", metavar="FILE",
                    help="measure nothing: the summaries and table of FILE (this script's "
                         "output, a run cut short too)")
    args = ap.parse_args(argv)
    if args.rounds is None:
        args.rounds = 1 if args.quick else 3
    if args.summarise:
        summarise(args.summarise)
        return
    if args.replay:
        replay_table(args.depth, [int(n) for n in args.replay.split(",")])
        return
    started = time.perf_counter()
    try:
        counts = sorted({int(n) for n in args.workers.split(",")})
    except ValueError:
        ap.error(f"--workers: comma-separated counts, got {args.workers!r}")
    if not counts or counts[0] < 1:
        ap.error("--workers: counts of 1 or more")
    try:
        import distributed  # noqa: F401 -- only whether it is there
        dask = not args.no_dask
    except Exception:  # missing, or broken by mismatched versions: run without dask
        dask = False
    loads = [w for w in workloads(args.quick) if not args.only or w.name in args.only]
    specs = _specs(counts, dask)
    _emit({"kind": "machine", "cores": os.cpu_count(), "cpu": cpu_model(),
           "python": platform.python_version(), "load_before": os.getloadavg(),
           "autogroup": autogroup(), "quick": args.quick, "workers": counts,
           "rounds": args.rounds, "dask": dask})
    log = _Log()

    def out_of_time() -> bool:
        return bool(args.time_limit) and time.perf_counter() - started > args.time_limit

    with contextlib.ExitStack() as stack:
        pools: dict[str, Executor] = {}
        tiny = workloads(True)
        for spec in specs:
            t0 = time.perf_counter()
            pools[spec] = stack.enter_context(executor(spec))
            _warm(pools[spec], _workers(spec), [w for w in tiny if w.name in
                                                {x.name for x in loads}])
            log.dispatch[spec] = _dispatch(pools[spec])
            _emit({"kind": "dispatch", "executor": spec, "round_trip_s":
                   round(log.dispatch[spec], 6), "start_s": round(time.perf_counter() - t0, 2)})
        for r in range(args.rounds):
            finished = _round(r, loads, pools, log, out_of_time)
            for w in loads:
                for s in log.summaries(w.name, specs):
                    _emit({**s, "after_round": r})
            if not finished:
                _emit({"kind": "stopped", "round": r, "reason": "time limit"})
                break
    _emit({"kind": "end", "load_after": os.getloadavg(),
           "seconds": round(time.perf_counter() - started, 1)})
    _table(log, [w.name for w in loads], specs)


if __name__ == "__main__":
    main()
