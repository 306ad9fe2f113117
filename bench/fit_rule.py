"""Fit the expert's knock, draw or discard rule on decision data (``decision_data.py``).

Each record holds what the player could see at a decision (``ginrummy.agents.fitted.
knock_features`` or ``draw_features``; for a discard the difference of the two discards'
``decision_data.discard_features``) and the points of its two branches (``a``: knock / take the upcard /
``strong``'s discard, ``b``: play on / draw / another close discard), both played out by
``strong``. A ridge least-squares
line predicts the gain of ``a`` over ``b`` (points) from the features; the rule chooses ``a``
when the prediction is positive. With 5-fold cross-validation (folds of consecutive records,
so of whole hands but at their edges; each record judged by a line
fitted without its fold) the script reports points per decision of the fitted rule, of the
``strong`` rule the data was played with, of always ``b`` and of an oracle that knows both
outcomes, and the paired difference fitted minus ``strong`` with its standard error; then
the line fitted on all the data, as the literal ``KNOCK_WEIGHTS`` / ``DRAW_WEIGHTS`` of
``ginrummy.agents.fitted`` takes.

Where the records hold ``fitted_a`` (the rule in force at the time knocked there:
``decision_data.py`` writes it), the paired difference fitted minus that rule is printed too.
``--products`` adds the products of each pair of features (and their squares) to the line,
named ``"f*g"`` (:func:`ginrummy.agents.fitted.predict` reads such names).

``--write NAME`` stores that line as entry ``NAME`` of the shipped data file
(``src/ginrummy/agents/fitted.json``, :mod:`ginrummy.agents.fitted_data`), with how it was made.

Usage: ``python bench/fit_rule.py knock|draw|discard [--products] [--write NAME] FILE [FILE ...]``
"""

from __future__ import annotations

import argparse
import json
import math

import numpy as np

from decision_data import DISCARD_FEATURES
from fitted_file import write_entry
from ginrummy.agents.fitted import DRAW_FEATURES, KNOCK_FEATURES

FEATURES = {"knock": KNOCK_FEATURES, "draw": DRAW_FEATURES, "discard": DISCARD_FEATURES}
FIRST = {"knock": "knock", "draw": "take", "discard": "keep"}
"""What the first branch (``a``) of each kind is, for the printout (``keep``: ``strong``'s discard)."""


def names(features: tuple[str, ...], products: bool) -> list[str]:
    """The line's terms: the features, then with ``products`` each pair's product ``"f*g"``."""
    out = list(features)
    if products:
        out += [f"{f}*{g}" for i, f in enumerate(features) for g in features[i:]]
    return out


def load(
    terms: list[str], paths: list[str]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """(terms with a bias column, gain of ``a`` over ``b``, points of ``b``, strong chose ``a``,
    the rule in force chose ``a`` or ``None`` where the records do not say)."""
    rows = []
    for p in paths:
        with open(p) as f:
            rows += [json.loads(line) for line in f]

    def term(r: dict[str, float], t: str) -> float:
        f, _, g = t.partition("*")
        return r[f] * r[g] if g else r[f]

    x = np.array([[1.0] + [term(r, t) for t in terms] for r in rows])
    a = np.array([r["a"] for r in rows], dtype=float)
    b = np.array([r["b"] for r in rows], dtype=float)
    strong = np.array([r["strong_a"] for r in rows], dtype=bool)
    in_force = (
        np.array([r["fitted_a"] for r in rows], dtype=bool) if all("fitted_a" in r for r in rows) else None
    )
    return x, a - b, b, strong, in_force


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Ridge least squares (the bias not penalised)."""
    pen = ridge * np.eye(x.shape[1])
    pen[0, 0] = 0.0
    w: np.ndarray = np.linalg.solve(x.T @ x + pen, x.T @ y)
    return w


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("kind", choices=tuple(FEATURES))
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--products", action="store_true", help="add each pair's product to the line")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", metavar="NAME", help="store the weights as this entry of agents/fitted.json")
    a = ap.parse_args(argv)
    kind = a.kind
    features = FEATURES[kind]
    terms = names(features, a.products)
    x, gain, b, strong, in_force = load(terms, a.paths)
    # the products span many orders of magnitude: scale each column for the ridge, fit, unscale
    scale = np.abs(x).max(axis=0)
    scale[scale == 0] = 1.0
    x = x / scale
    n = len(gain)
    # contiguous folds: a hand's records are consecutive in the file, so a fold holds whole hands
    # (nearly) and no hand's other chances help judge it
    folds = np.arange(n) * 5 // n
    chosen = np.zeros(n, dtype=bool)
    for k in range(5):
        w = fit(x[folds != k], gain[folds != k], a.ridge)
        chosen[folds == k] = x[folds == k] @ w > 0

    def value(pick_a: np.ndarray) -> float:
        return float((b + gain * pick_a).mean())

    diff = gain * (chosen.astype(float) - strong.astype(float))
    se = float(diff.std(ddof=1) / math.sqrt(n))
    a_name = FIRST[kind]
    print(f"{n} decisions; points per decision (for the player deciding):")
    print(f"  never {a_name} {b.mean():+.3f}, always {a_name} {value(np.ones(n, dtype=bool)):+.3f}")
    print(f"  strong rule  {value(strong):+.3f}  ({a_name}s {strong.mean():.1%})")
    print(f"  fitted rule  {value(chosen):+.3f}  ({a_name}s {chosen.mean():.1%}, cross-validated)")
    print(f"  oracle       {value(gain > 0):+.3f}")
    print(f"  fitted - strong: {diff.mean():+.3f} +- {se:.3f} (1 SE)")
    if in_force is not None:
        d2 = gain * (chosen.astype(float) - in_force.astype(float))
        se2 = float(d2.std(ddof=1) / math.sqrt(n))
        print(f"  rule in force {value(in_force):+.3f}  ({a_name}s {in_force.mean():.1%})")
        print(f"  fitted - rule in force: {d2.mean():+.3f} +- {se2:.3f} (1 SE)")
    w = fit(x, gain, a.ridge) / scale
    all_names = ["bias", *terms]
    weights = {k: float(f"{v:.4g}") for k, v in zip(all_names, w, strict=True)}
    print(json.dumps(weights))
    if a.write:
        about = (
            f"bench/fit_rule.py {kind}{' --products' if a.products else ''} on {n} decisions of "
            + ", ".join(p.rsplit("/", 1)[-1] for p in a.paths)
            + f"; cross-validated {diff.mean():+.3f} +- {se:.3f} points per decision over the strong rule"
        )
        write_entry(a.write, {"about": about, "weights": weights})


if __name__ == "__main__":
    main()
