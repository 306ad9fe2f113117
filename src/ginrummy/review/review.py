"""The review of a finished hand or game for one seat: every decision of that seat rated.

:func:`review_record` takes a hand or game record (:mod:`ginrummy.records`) and a seat (0 or
1), replays each hand and, before each action of that seat, rates the decision from the
:class:`~ginrummy.variants.standard.view.PlayerView` the seat had then
(:func:`rate_decision`: every option valued by :mod:`ginrummy.review.values`, the class, loss and
accuracy of :mod:`ginrummy.review.rating`). A decision with one option (a forced move) is not
rated. The randomness is one seed: decision ``i`` of hand ``h`` draws its worlds from
``random.Random(derive_seed(seed, "review", h, i))``, so a review is the same every time, and
equal views give equal values whatever the hidden cards were.

**Who may see a review (the two-person rule).** A review is refused
(:class:`ReviewRefusedError`) while the game (or a hand record's hand) is still going, for
*either* seat, the reviewed player's own included: a rating shows what a seat might have done
with the cards it could not see, and the values show what the sampled worlds thought of them,
which would tell the other player something while play goes on. Once the game is over, either
seat may be reviewed, whoever asks: every card is then public in the record (both hands are
shown at each hand's end, and the record holds the deck). So in a two-person game one player's
review never shows the other seat's rating before the end, and after it both are open
("for both once finished"). A *finished hand* of a game still going is a finished hand record:
the front ends offer its review to the player's own seat only (its cards were shown at its end,
and the next hand is a new deal), never the other seat's before the game is over; the browser
also withholds a dead hand's hindsight (its cards are never shown) until then
(:mod:`ginrummy.web.reviews`).
Only the standard game (knock and draw) is reviewed; discard-pile pickup is refused.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from ginrummy.agents.hints import explain, notation
from ginrummy.errors import GinRummyError
from ginrummy.hand.phase import Phase
from ginrummy.records import AnyRecord, GameRecord, HandRecord
from ginrummy.review.rating import DecisionReview, Figures, Hindsight, OptionReview, classify, figures
from ginrummy.review.values import Estimate, World, decision_options, option_values, world_values
from ginrummy.seeds import derive_seed
from ginrummy.variants import deal_from, variant_of
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "ENGINE_VERSION",
    "QUICK_SAMPLES",
    "SAMPLES",
    "GameReview",
    "HandReview",
    "Progress",
    "ReviewRefusedError",
    "cross_fitted_loss",
    "rate_decision",
    "review_hand",
    "review_record",
]

ENGINE_VERSION = 2
"""The review engine's version: bumped whenever a review's values or classes change (the values'
search, the thresholds, the accuracy), so that the reviews kept in a store by an older engine are
not shown again (:mod:`ginrummy.storage.reviews`); every review's JSON names it (``"engine"``)."""

SAMPLES = 48
"""Worlds per decision of a full review."""

QUICK_SAMPLES = 12
"""Worlds per decision of ``--quick``."""

REVIEWED = (Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.LAST_CHANCE, Phase.LAYOFF)

Progress = Callable[[int, int], None]
"""Told ``(done, total)``: the seat's actions looked at so far and in all."""


class ReviewRefusedError(GinRummyError):
    """A review that may not be given: a game or hand still going (hidden cards), a record of
    another kind or variant, a seat that is not 0 or 1."""


def rate_decision(
    view: PlayerView,
    action: Action,
    samples: int,
    rng: random.Random,
    hand: int = 1,
    index: int = 0,
    actual: tuple[int, tuple[int, ...]] | None = None,
) -> DecisionReview | None:
    """Rate ``action``, chosen in ``view`` (the seat to act), over ``samples`` worlds drawn with
    ``rng``; ``None`` when the decision had a single option. ``hand`` and ``index`` name it in
    the review. ``actual``: the opponent's real cards (``CardSet``) and the real stock (top
    first), for the :class:`~ginrummy.review.rating.Hindsight` only (never for the rating).
    Raises ``ValueError`` for a view of another variant."""
    options = decision_options(view)
    if action not in options:
        options.append(action)  # the same move written another way (a knock's own melds)
    if len(options) < 2:
        return None
    values = option_values(view, options, samples, rng)
    est = [Estimate.of(v) for v in values]
    rows = [OptionReview(str(a), e.mean, e.se) for a, e in zip(options, est, strict=True)]
    chosen_i = options.index(action)
    best_i = max(range(len(options)), key=lambda i: (est[i].mean, i == chosen_i))
    lead, loss_se = (0.0, 0.0) if best_i == chosen_i else cross_fitted_loss(values, chosen_i)
    klass = classify(lead, loss_se)
    loss = 0.0 if klass == "best" else lead  # not told from the best: nothing counted as lost
    order = sorted(range(len(options)), key=lambda i: -est[i].mean)
    reason = explain(options[best_i], view, "review", notation).why if best_i != chosen_i else ""
    return DecisionReview(
        hand=hand,
        index=index,
        phase=view.phase.value,
        chosen=rows[chosen_i],
        best=rows[best_i],
        loss=loss,
        loss_se=loss_se,
        klass=klass,
        lead=lead,
        options=tuple(rows[i] for i in order),
        reason=reason,
        hindsight=None if actual is None else _hindsight(view, options, chosen_i, actual),
    )


def cross_fitted_loss(values: list[list[float]], chosen: int) -> tuple[float, float]:
    """The points option ``chosen`` loses to the best one, and its standard error, from each
    option's values in the same worlds (``values[option][world]``), without the winner's curse:
    the best option is picked on one half of the worlds and its lead over ``chosen`` measured on
    the other half, then the other way round; the loss is the mean of the two leads (not below 0),
    its error from the two halves' paired differences. The best of many options picked and
    measured on the same worlds would gain from their noise (several points over ten discards of
    equal worth at 32 worlds), so that even the expert's own choices would seem to lose points.
    Fewer than 4 worlds: picked and measured on all of them."""
    n = len(values[chosen])
    halves = [range(n)] * 2 if n < 4 else [range(n // 2), range(n // 2, n)]
    leads: list[Estimate] = []
    for pick, judge in (halves, halves[::-1]):
        best = max(range(len(values)), key=lambda i: (sum(values[i][w] for w in pick), i == chosen))
        leads.append(Estimate.of([values[best][w] - values[chosen][w] for w in judge]))
    mean = (leads[0].mean + leads[1].mean) / 2
    return max(0.0, mean), math.hypot(leads[0].se, leads[1].se) / 2


def _hindsight(
    view: PlayerView, options: list[Action], chosen_i: int, actual: tuple[int, tuple[int, ...]]
) -> Hindsight:
    opp, stock = actual
    worlds: list[World] = [(opp, stock, True), (opp, stock, False)]
    means = [sum(world_values(view, a, worlds)) / 2 for a in options]
    best_i = max(range(len(options)), key=lambda i: (means[i], i == chosen_i))
    rows = tuple(OptionReview(str(a), m, 0.0) for a, m in zip(options, means, strict=True))
    return Hindsight(rows, str(options[best_i]), means[best_i] - means[chosen_i])


@dataclass(frozen=True, slots=True)
class HandReview:
    """One hand of the review: ``number`` (from 1), the ``decisions`` rated, their ``figures``,
    the hand's real ``result`` (``{"outcome", "winner", "points"}``) and ``hindsight_gain``: the
    points the hindsight-best options would have added (shown apart, never a rating)."""

    number: int
    decisions: tuple[DecisionReview, ...]
    figures: Figures
    result: dict[str, Any]
    hindsight_gain: float

    def to_json(self) -> dict[str, Any]:
        """The hand as a JSON-ready dict."""
        return {
            "hand": self.number,
            "result": self.result,
            "figures": self.figures.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
            "hindsight": {"gain": round(self.hindsight_gain, 2)},
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a record for ``seat``: the player's ``name``, ``samples`` per decision,
    the ``seed``, the ``hands`` and the whole record's ``figures``."""

    seat: int
    name: str
    samples: int
    seed: int
    hands: tuple[HandReview, ...]
    figures: Figures

    def to_json(self) -> dict[str, Any]:
        """The review as a JSON-ready dict (``"format": "ginrummy-review"``)."""
        return {
            "format": "ginrummy-review",
            "engine": ENGINE_VERSION,
            "seat": self.seat,
            "name": self.name,
            "samples": self.samples,
            "seed": self.seed,
            "figures": self.figures.to_json(),
            "hands": [h.to_json() for h in self.hands],
        }


def _count(record: HandRecord, seat: int) -> int:
    return sum(p == seat for p, _ in record.actions)


def review_hand(
    record: HandRecord,
    seat: int,
    samples: int = SAMPLES,
    seed: int = 0,
    number: int = 1,
    progress: Callable[[], None] | None = None,
) -> HandReview:
    """Review hand ``number`` (from 1) of a record for ``seat``: replays it and rates each of the
    seat's decisions (:func:`rate_decision`); ``progress`` is called after each of the seat's
    actions. Raises :class:`ReviewRefusedError` for a hand still going or of another variant,
    :class:`~ginrummy.errors.RecordError` for a record that does not replay."""
    if not variant_of(record.rules).knock_and_draw:
        raise ReviewRefusedError("only the standard game (knock and draw) can be reviewed")
    record.replay(f"hand {number}")  # checks the deck, every action and the claimed result
    # the standard game's state: the variant was checked above
    state = cast(HandState, deal_from(record.rules, record.dealer, record.deck, record.knock_card))
    decisions: list[DecisionReview] = []
    for i, (player, any_action) in enumerate(record.actions):
        action = cast(Action, any_action)  # the standard game's: checked above
        if player == seat and state.phase in REVIEWED:
            view = state.view(seat)
            rng = random.Random(derive_seed(seed, "review", number, i))
            actual = (state.hand(1 - seat), tuple(int(c) for c in state.stock))
            rated = rate_decision(view, action, samples, rng, number, i, actual)
            if rated is not None:
                decisions.append(rated)
        state.push(action, player=player)
        if player == seat and progress is not None:
            progress()
    if not state.is_over:
        raise ReviewRefusedError(f"hand {number} is still going: its review would show hidden cards")
    res = state.result
    assert res is not None
    result = {"outcome": res.outcome.value, "winner": res.winner, "points": res.points}
    gain = sum(d.hindsight.gained for d in decisions if d.hindsight is not None)
    return HandReview(number, tuple(decisions), figures(decisions), result, gain)


def review_record(
    record: AnyRecord,
    seat: int,
    samples: int = SAMPLES,
    seed: int = 0,
    progress: Progress | None = None,
    finished: bool | None = None,
) -> GameReview:
    """Review a finished hand or game record for ``seat`` (0 or 1) with ``samples`` worlds per
    decision and ``seed``; ``progress(done, total)`` after each of the seat's actions.
    ``finished``: whether the game is over (``None``: as the record says, a forfeit included; a
    stored game ended early by a player passes ``True``); a game over reviews its finished hands
    (one cut off by a forfeit or a resignation is left out).

    Raises :class:`ReviewRefusedError` for a game or hand still going (the two-person rule in the
    module docstring), a match record, another variant or a bad seat;
    :class:`~ginrummy.errors.RecordError` for a record that does not replay."""
    if seat not in (0, 1) or isinstance(seat, bool):
        raise ReviewRefusedError(f"the seat must be 0 or 1, got {seat!r}")
    hands: tuple[HandRecord, ...]
    if isinstance(record, HandRecord):
        hands = (record,)
        names = record.names or ("player 0", "player 1")
        over = finished if finished is not None else record.replay().is_over
    elif isinstance(record, GameRecord):
        hands = record.hands
        names = record.names
        over = finished if finished is not None else record.forfeit is not None or record.replay().is_over
    else:
        raise ReviewRefusedError("a review takes a hand or game record (review each game of a match)")
    if not over:
        raise ReviewRefusedError(
            "the game is still going: a review would show hidden cards (finish it first)"
        )
    # a game over may end in a hand cut off (a forfeit, a resignation): its finished hands are reviewed
    hands = tuple(h for n, h in enumerate(hands, 1) if h.replay(f"hand {n}").is_over)
    total = sum(_count(h, seat) for h in hands)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    reviews = tuple(review_hand(h, seat, samples, seed, n, step) for n, h in enumerate(hands, 1))
    all_decisions = [d for h in reviews for d in h.decisions]
    return GameReview(seat, names[seat], samples, seed, reviews, figures(all_decisions))
