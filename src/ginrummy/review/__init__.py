"""The game review: every decision of one seat of a finished hand or game rated from what that
seat could see, with the points it cost, the better move, a class and an accuracy.

:func:`review_record` reviews a record (:mod:`ginrummy.review.review`, where the two-person rule
is); the values come from the expert's search machinery (:mod:`ginrummy.review.values`), the
classes, thresholds and accuracy from :mod:`ginrummy.review.rating`.
"""

from __future__ import annotations

from ginrummy.review.rating import (
    ACCURACY_SCALE,
    CLASSES,
    NOISE_Z,
    THRESHOLDS,
    DecisionReview,
    Figures,
    Hindsight,
    OptionReview,
    accuracy,
    classify,
    figures,
)
from ginrummy.review.review import (
    ENGINE_VERSION,
    QUICK_SAMPLES,
    SAMPLES,
    GameReview,
    HandReview,
    Progress,
    ReviewRefusedError,
    cross_fitted_loss,
    rate_decision,
    review_hand,
    review_record,
)

__all__ = [
    "ACCURACY_SCALE",
    "CLASSES",
    "ENGINE_VERSION",
    "NOISE_Z",
    "QUICK_SAMPLES",
    "SAMPLES",
    "THRESHOLDS",
    "DecisionReview",
    "Figures",
    "GameReview",
    "HandReview",
    "Hindsight",
    "OptionReview",
    "Progress",
    "ReviewRefusedError",
    "accuracy",
    "classify",
    "cross_fitted_loss",
    "figures",
    "rate_decision",
    "review_hand",
    "review_record",
]
