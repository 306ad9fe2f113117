"""Fit the expert's knock or draw rule on decision data (``decision_data.py``).

Each record holds what the player could see at a decision (``ginrummy.agents.fitted.
knock_features`` or ``draw_features``) and the points of its two branches (``a``: knock /
take the upcard, ``b``: play on / draw), both played out by ``strong``. A ridge least-squares
line predicts the gain of ``a`` over ``b`` (points) from the features; the rule chooses ``a``
when the prediction is positive. With 5-fold cross-validation (each record judged by a line
fitted without its fold) the script reports points per decision of the fitted rule, of the
``strong`` rule the data was played with, of always ``b`` and of an oracle that knows both
outcomes, and the paired difference fitted minus ``strong`` with its standard error; then
the line fitted on all the data, as the literal ``KNOCK_WEIGHTS`` / ``DRAW_WEIGHTS`` of
``ginrummy.agents.fitted`` takes.

Usage: ``python bench/fit_rule.py knock|draw FILE [FILE ...]``
"""

from __future__ import annotations

import json
import math
import sys

import numpy as np

from ginrummy.agents.fitted import DRAW_FEATURES, KNOCK_FEATURES


def load(
    features: tuple[str, ...], paths: list[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(features with a bias column, gain of ``a`` over ``b``, points of ``b``, strong chose ``a``)."""
    rows = []
    for p in paths:
        with open(p) as f:
            rows += [json.loads(line) for line in f]
    x = np.array([[1.0] + [r[f] for f in features] for r in rows])
    a = np.array([r["a"] for r in rows], dtype=float)
    b = np.array([r["b"] for r in rows], dtype=float)
    strong = np.array([r["strong_a"] for r in rows], dtype=bool)
    return x, a - b, b, strong


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Ridge least squares (the bias not penalised)."""
    pen = ridge * np.eye(x.shape[1])
    pen[0, 0] = 0.0
    w: np.ndarray = np.linalg.solve(x.T @ x + pen, x.T @ y)
    return w


def main(argv: list[str]) -> None:
    kind, paths = argv[0], argv[1:]
    features = KNOCK_FEATURES if kind == "knock" else DRAW_FEATURES
    x, gain, b, strong = load(features, paths)
    n = len(gain)
    folds = np.arange(n) % 5
    chosen = np.zeros(n, dtype=bool)
    for k in range(5):
        w = fit(x[folds != k], gain[folds != k])
        chosen[folds == k] = x[folds == k] @ w > 0

    def value(pick_a: np.ndarray) -> float:
        return float((b + gain * pick_a).mean())

    diff = gain * (chosen.astype(float) - strong.astype(float))
    se = float(diff.std(ddof=1) / math.sqrt(n))
    a_name = "knock" if kind == "knock" else "take"
    print(f"{n} decisions; points per decision (for the player deciding):")
    print(f"  never {a_name} {b.mean():+.3f}, always {a_name} {value(np.ones(n, dtype=bool)):+.3f}")
    print(f"  strong rule  {value(strong):+.3f}  ({a_name}s {strong.mean():.1%})")
    print(f"  fitted rule  {value(chosen):+.3f}  ({a_name}s {chosen.mean():.1%}, cross-validated)")
    print(f"  oracle       {value(gain > 0):+.3f}")
    print(f"  fitted - strong: {diff.mean():+.3f} +- {se:.3f} (1 SE)")
    w = fit(x, gain)
    names = ["bias", *features]
    print("{" + ", ".join(f'"{k}": {v:.4g}' for k, v in zip(names, w, strict=True)) + "}")


if __name__ == "__main__":
    main(sys.argv[1:])
