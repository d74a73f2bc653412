"""Fit the weights of Connect Four's evaluation (``sml150.games.connect4_eval``) to exact outcomes.

Each position of Pons' six test sets (``tests/data/connect4/Test_L*_R*``: 6,000 positions from
4 to 41 plies with their exact scores) gives the evaluation's terms (``connect4_eval.terms``,
after the forced blocks; positions those decide are left out) and its outcome for the mover
(1 won, ½ drawn, 0 lost). A logistic regression of the outcome on the terms (Newton's method,
a small ridge), scaled so that a live threat of the right parity weighs 40, gives the weights
in ``Weights``' terms (``window_k``: a line holding k stones). The intercept is the mover's
advantage in these sets, which random play made (their movers win 70% of them): it is shown,
not used (``tempo`` stays small, and only matters where forced blocks change who is to move).

    nice .venv/bin/python benchmarks/connect4_eval_fit.py [--sets L1_R1,L2_R1,...]

``DEFAULT_WEIGHTS`` took the threat and centre weights of a first fit of these sets that had one
more term (whether the mover moved first; since dropped): 40, 8, 4 and 1, where this fit now
gives 40, 9, 5 and 1. Their window weights (2, 6, 2) are half the fitted ones (about 4, 12, 5
then, 3, 11, 3 now): at equal depth the halved windows scored 0.55, 0.54 and 0.49 against the
fitted ones (depths 3, 4, 6; 120 games each), and a depth-3 search did better against a
depth-6 one (0.285 against 0.240 of 100 games), where odd depths had fallen behind the even
depth below them in a first ladder (``benchmarks/connect4_ladder.py``).
The one-stone lookahead (``lookahead``) is not fitted: it averages these terms with their value
after the mover's best next stone.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import numpy.typing as npt

from sml150.games.connect4 import ConnectFour7x6
from sml150.games.connect4_eval import DEFAULT_WEIGHTS, Terms, geometry, terms

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "connect4"
SETS = ("L1_R1", "L1_R2", "L1_R3", "L2_R1", "L2_R2", "L3_R1")

Matrix = npt.NDArray[np.float64]


def load(names: list[str]) -> tuple[Matrix, Matrix]:
    """The terms (and a column of ones) and the mover's outcome of every undecided position."""
    g = geometry(7, 6)
    rows: list[list[float]] = []
    outcome: list[float] = []
    for name in names:
        for line in (DATA / f"Test_{name}").read_text().splitlines():
            moves, score = line.split()
            s = ConnectFour7x6.parse_moves(moves)
            found = terms(s.position, s.mask, s.moves, g, DEFAULT_WEIGHTS.forced_plies)
            if found is None:
                continue
            sign, t = found
            v = int(score) * sign  # the exact score, seen by the quiet position's mover
            rows.append([*map(float, t), 1.0])
            outcome.append(1.0 if v > 0 else 0.0 if v < 0 else 0.5)
    return np.array(rows), np.array(outcome)


def fit(x: Matrix, y: Matrix, ridge: float = 1e-3, steps: int = 50) -> Matrix:
    """Logistic regression of ``y`` (in [0, 1]) on ``x`` by Newton's method (intercept last,
    not penalised).

    >>> x = np.array([[1.0, 1.0], [-1.0, 1.0]])     # wins 3 of 4 with the term, 1 of 4 without
    >>> [round(float(v), 2) for v in fit(x, np.array([0.75, 0.25]), ridge=0.0)]   # ln 3, 0
    [1.1, 0.0]
    """
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) / len(y) + penalty * w
        hess = (x.T * (p * (1.0 - p))) @ x / len(y) + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return w


def as_weights(w: Matrix) -> dict[str, int]:
    """The coefficients in ``Weights``' terms, scaled so that ``threat_good`` is 40.

    >>> as_weights(np.array([2.0, 1.0, 0.5, 0.25, 0.25, -0.25, 0.1, 1.0]))["window_3"]
    5
    """
    k = 40.0 / float(w[0])
    c = [float(v) * k for v in w]
    names = list(Terms._fields)
    out = {n: round(c[i]) for i, n in enumerate(names) if not n.startswith("windows")}
    w1 = c[names.index("windows_1")]
    w2 = w1 + c[names.index("windows_2")]
    out |= {"window_1": round(w1), "window_2": round(w2),
            "window_3": round(w2 + c[names.index("windows_3")]), "intercept": round(c[-1])}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--sets", default=",".join(SETS), help="Pons' sets, e.g. L1_R1,L2_R1")
    args = ap.parse_args(argv)
    names = args.sets.split(",")
    x, y = load(names)
    w = fit(x, y)
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    loss = -float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    print(f"{len(y)} positions of {', '.join(names)} (movers' mean outcome {y.mean():.3f});"
          f" log loss {loss:.4f}")
    print("coefficients:", ", ".join(f"{n} {v:+.3f}" for n, v in
                                      zip([*Terms._fields, "intercept"], w, strict=True)))
    print("as weights (threat_good = 40):", as_weights(w))
    print("DEFAULT_WEIGHTS:", DEFAULT_WEIGHTS._asdict())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
