"""One decision rated, and the figures of a hand and a game: classes, expected loss, accuracy.

Every figure is in points of the hand (the seat's expected points, :mod:`ginrummy.review.values`).

**Loss.** The chosen option's *lead* is what the best option scores more than it (0 when the
chosen option has the best value), with the standard error of the per-world differences (every
option is valued in the same worlds). Its **loss** is that lead where the review can tell the
two apart (the class below is not ``best``), else 0: a lead under :data:`NOISE_Z` standard
errors is the noise of the sampled worlds as often as a real difference, and counted as lost it
would make even the expert's own choices seem to lose points (0.40 points a decision, against
0.19 so, over 563 of its decisions at 48 worlds). The lead stays in the review (``lead``).
The best is picked on one half of the worlds and its lead
measured on the other, and the other way round
(:func:`ginrummy.review.review.cross_fitted_loss`): picked and measured on the same worlds, the
best of ten near-equal discards would seem ahead by the noise alone. **Classes** (:data:`CLASSES`, :func:`classify`), by the loss:

========== =====================================================================
best       0, or less than :data:`NOISE_Z` standard errors (not told from the best)
good       under 1 point
inaccuracy 1 to under 3 points
mistake    3 to under 8 points
blunder    8 points or more
========== =====================================================================

**Accuracy** (:func:`accuracy`): over the decisions that had a choice, the mean of
``100 * max(0, 1 - loss / 10)``: 100 for a decision without loss, 0 for one losing 10 points or
more (a typical knock's worth), linear in between. A hand's and a game's **expected loss** is the
sum of their decisions' losses, its standard error the root of the sum of the squares of the
counted decisions' errors (those not ``best``; each decision has its own worlds).

**Hindsight** (:class:`Hindsight`) is kept apart: what each option would have scored in the one
world that was really there (the opponent's real cards and the real stock, the same fast policy
playing on, the opponent waiting in one of two plays and knocking at once in the other). It
tells what would have won; it never enters a class, a loss or an accuracy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ACCURACY_SCALE",
    "CLASSES",
    "NOISE_Z",
    "THRESHOLDS",
    "DecisionReview",
    "Figures",
    "Hindsight",
    "OptionReview",
    "accuracy",
    "classify",
    "figures",
]

CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The classes of a decision, best first."""

THRESHOLDS = (1.0, 3.0, 8.0)
"""Losses (points) from which a decision is an inaccuracy, a mistake, a blunder; under the first
(and not ``best``) it is ``good``."""

NOISE_Z = 2.0
"""A loss under this many standard errors is not told from 0: the decision is ``best``."""

ACCURACY_SCALE = 10.0
"""The loss (points) at which a decision's accuracy reaches 0."""


def classify(loss: float, se: float) -> str:
    """The class of a decision losing ``loss`` points (>= 0) with standard error ``se``."""
    if loss <= 0 or loss < NOISE_Z * se:
        return "best"
    for name, limit in zip(CLASSES[1:], THRESHOLDS, strict=False):
        if loss < limit:
            return name
    return "blunder"


@dataclass(frozen=True, slots=True)
class OptionReview:
    """One option: ``action`` (its notation), ``value`` and ``se`` (points for the seat)."""

    action: str
    value: float
    se: float

    def to_json(self) -> dict[str, Any]:
        """``{"action", "value", "se"}``, values rounded to 0.01 points."""
        return {"action": self.action, "value": round(self.value, 2), "se": round(self.se, 2)}


@dataclass(frozen=True, slots=True)
class Hindsight:
    """What the real cards show (not a rating): each option's points in the real world, the
    ``best`` option there and how many points it would have ``gained`` over the chosen one."""

    values: tuple[OptionReview, ...]
    best: str
    gained: float

    def to_json(self) -> dict[str, Any]:
        """``{"best", "gained", "values"}`` (points)."""
        return {
            "best": self.best,
            "gained": round(self.gained, 2),
            "values": [o.to_json() for o in self.values],
        }


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of the reviewed seat: ``hand`` (from 1), ``index`` (the action's number in the
    hand, from 0), ``phase`` (``offer``, ``draw``, ``discard``, ``last-chance``, ``layoff``),
    ``chosen`` and ``best`` (options with their values, points), ``loss`` and ``loss_se``
    (points; the loss is 0 for a decision classed ``best``), ``klass`` (one of :data:`CLASSES`),
    ``options`` (every option, best first), ``reason`` (the hint's words for the best option, or
    ``""``), ``hindsight`` (or ``None``), ``lead`` (points: the best option's measured lead over
    the chosen one, counted in ``loss`` only when told from the noise)."""

    hand: int
    index: int
    phase: str
    chosen: OptionReview
    best: OptionReview
    loss: float
    loss_se: float
    klass: str
    options: tuple[OptionReview, ...]
    reason: str = ""
    hindsight: Hindsight | None = None
    lead: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict (points rounded to 0.01)."""
        data: dict[str, Any] = {
            "hand": self.hand,
            "index": self.index,
            "phase": self.phase,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "loss": round(self.loss, 2),
            "loss_se": round(self.loss_se, 2),
            "lead": round(self.lead, 2),
            "class": self.klass,
            "reason": self.reason,
            "options": [o.to_json() for o in self.options],
        }
        if self.hindsight is not None:
            data["hindsight"] = self.hindsight.to_json()
        return data


def accuracy(decisions: Sequence[DecisionReview]) -> float | None:
    """The accuracy (0-100) of ``decisions`` (see the module docstring); ``None`` for none."""
    if not decisions:
        return None
    return 100.0 * sum(max(0.0, 1.0 - d.loss / ACCURACY_SCALE) for d in decisions) / len(decisions)


@dataclass(frozen=True, slots=True)
class Figures:
    """A hand's or a game's figures: ``decisions`` rated, expected ``loss`` and its ``loss_se``
    (points), ``accuracy`` (0-100, ``None`` without decisions), the count of each class
    (``classes``), the three largest losses of decisions not ``best`` (``worst``, largest first)."""

    decisions: int
    loss: float
    loss_se: float
    accuracy: float | None
    classes: dict[str, int]
    worst: tuple[DecisionReview, ...]

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (``worst`` as ``[hand, index, class, loss]`` lists)."""
        return {
            "decisions": self.decisions,
            "loss": round(self.loss, 2),
            "loss_se": round(self.loss_se, 2),
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "classes": dict(self.classes),
            "worst": [
                {"hand": d.hand, "index": d.index, "class": d.klass, "loss": round(d.loss, 2)}
                for d in self.worst
            ],
        }


def figures(decisions: Sequence[DecisionReview]) -> Figures:
    """The :class:`Figures` of ``decisions``."""
    worst = sorted((d for d in decisions if d.klass != "best"), key=lambda d: (-d.loss, d.hand, d.index))[:3]
    return Figures(
        decisions=len(decisions),
        loss=sum(d.loss for d in decisions),
        loss_se=math.sqrt(sum(d.loss_se**2 for d in decisions if d.klass != "best")),
        accuracy=accuracy(decisions),
        classes={k: sum(d.klass == k for d in decisions) for k in CLASSES},
        worst=tuple(worst),
    )
