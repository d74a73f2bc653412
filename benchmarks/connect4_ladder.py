"""Connect Four: does the engine get stronger with depth? A round robin of ``pvs:1`` .. ``pvs:8``.

It runs ``sml150 tournament connect4 --players pvs:1 ... pvs:8 --opening-plies 3`` (every pair
``--games`` times from seeded random 3-ply openings, colours alternating; the players are
deterministic, so the openings make the games differ) and reads its JSON back:

- the **Elo ladder**: each depth's performance Elo against the field with its 95% interval, as
  the tournament's table gives it, in order of depth, and whether it rises with every ply
  (**monotone**) or where it does not;
- each **deeper player against the next shallower one** (``pvs:d+1`` against ``pvs:d``): its
  score with a 95% interval, the pair's own games;
- the time the games took.

    nice .venv/bin/python benchmarks/connect4_ladder.py [--games 16] [--depths 1-8] \\
        [--executor processes:2] [--json /tmp/ladder.json] \\
        [--out benchmarks/results/connect4-ladder-2core.txt]

The evaluation at the leaves is ``sml150.games.connect4_eval`` (threats by the odd/even rule,
open windows, the centre, forced blocks played out).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks._context import load, machine
from sml150.tournament import Z95


def depths_of(text: str) -> list[int]:
    """``1-8`` or ``1,2,4``: the depths to seat.

    >>> depths_of("1-4"), depths_of("2,4,8")
    ([1, 2, 3, 4], [2, 4, 8])
    """
    if re.fullmatch(r"\d+-\d+", text):
        lo, hi = map(int, text.split("-"))
        return list(range(lo, hi + 1))
    return [int(x) for x in text.split(",")]


def monotone(elos: Sequence[float]) -> list[int]:
    """The places ``i`` where ``elos[i + 1]`` is not above ``elos[i]`` (empty: monotone).

    >>> monotone([-300, -100, 0, 250]), monotone([-300, 10, 0, 250])
    ([], [1])
    """
    return [i for i in range(len(elos) - 1) if not elos[i + 1] > elos[i]]


def pair_score(results: Sequence[dict[str, Any]], a: str, b: str) -> tuple[float, float, int]:
    """``a``'s mean score against ``b`` over their games, the 95% half-width and the count.

    >>> rs = [{"maxie": "x", "minnie": "y", "outcome": "maxie"},
    ...       {"maxie": "y", "minnie": "x", "outcome": "draw"}]
    >>> pair_score(rs, "x", "y")
    (0.75, 0.34648, 2)
    """
    scores = []
    for r in results:
        if {r["maxie"], r["minnie"]} != {a, b}:
            continue
        if r["outcome"] == "draw":
            scores.append(0.5)
        else:
            scores.append(1.0 if (r["outcome"] == "maxie") == (r["maxie"] == a) else 0.0)
    n = len(scores)
    p = sum(scores) / n
    half = Z95 * math.sqrt(sum((x - p) ** 2 for x in scores) / n / n)
    return p, round(half, 5), n


def report(t: dict[str, Any], depths: Sequence[int], wall: float, command: str) -> list[str]:
    """The ladder's lines from the tournament's JSON."""
    names = [f"pvs:{d}" for d in depths]
    rows = {s["player"]: s for s in t["standings"]}
    results = t["results"]
    games = len(results)
    seconds = sum(r["seconds"] for r in results)
    lines = [f"$ {command}",
             f"{games} games in {wall:.0f} s of wall time ({seconds:.0f} s of games summed),"
             f" {load()} at the end",
             "",
             "player   games  won drawn lost  points    Elo   95% interval"]
    for name in names:
        s = rows[name]
        lines.append(f"{name:<8} {s['games']:5d} {s['won']:4d} {s['drawn']:5d} {s['lost']:4d}"
                     f" {s['points']:7.1f} {s['elo']:+6.0f}   [{s['elo_low']:+.0f},"
                     f" {s['elo_high']:+.0f}]")
    dips = monotone([rows[n]["elo"] for n in names])
    lines.append("")
    lines.append("monotone: yes, the Elo rises with every ply" if not dips else
                 "monotone: no, " + "; ".join(
                     f"{names[i + 1]} ({rows[names[i + 1]]['elo']:+.0f}) is not above"
                     f" {names[i]} ({rows[names[i]]['elo']:+.0f})" for i in dips))
    lines.append("")
    lines.append("deeper against the next shallower (score of the deeper, its own games)")
    for a, b in zip(names[1:], names[:-1], strict=True):
        p, half, count = pair_score(results, a, b)
        lines.append(f"  {a} vs {b}: {p:.3f} ± {half:.3f} ({count} games)")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=16, help="games a pair (even: both colours)")
    ap.add_argument("--depths", type=depths_of, default=depths_of("1-8"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--executor", default="processes:2")
    ap.add_argument("--json", type=Path, default=Path("/tmp/sml150-connect4-ladder.json"),
                    help="the tournament's JSON (every game)")
    ap.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = ap.parse_args(argv)
    sml150 = str(Path(sys.executable).with_name("sml150"))
    players = [f"pvs:{d}" for d in args.depths]
    cmd = [sml150, "tournament", "connect4", "--players", *players, "--games",
           str(args.games), "--opening-plies", "3", "--seed", str(args.seed), "--executor",
           args.executor, "--json", str(args.json)]
    shown = " ".join(["sml150", *cmd[1:]])
    print(f"machine: {machine()}\n$ {shown}", flush=True)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    lines = [f"machine: {machine()}",
             *report(json.loads(args.json.read_text()), args.depths, wall, shown)]
    print("\n".join(lines[2:]))
    if args.out is not None:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
