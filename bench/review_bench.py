"""The game review's speed and its ladder of levels (ginrummy.review, issue 30).

Run from the repository root::

    PYTHONPATH=src .venv/bin/python bench/review_bench.py                 # timing only
    PYTHONPATH=src .venv/bin/python bench/review_bench.py --ladder 20     # and 20 hands per level

1. **Timing**: a 6-hand game (``beginner`` in seat 0 against ``expert``, the first game seed from
   ``--seed`` whose game lasts exactly six hands) reviewed for seat 0 with the full sample count
   (:data:`ginrummy.review.SAMPLES`) and with ``--quick``'s (:data:`ginrummy.review.QUICK_SAMPLES`):
   wall-clock seconds, decisions rated. The target is 60 s for the full review on the project's
   machine. With ``--web``, the same game through the browser's path (a spawned worker process of
   :class:`ginrummy.web.reviews.ReviewJobs`, the review kept in a store) and its second look.
2. **Ladder** (``--ladder N``): each level (random, beginner, simple, strong, expert) plays ``N``
   hands in seat 0 against ``strong``; each hand is reviewed for seat 0 with ``--samples`` worlds;
   printed per level: decisions, mean loss per decision (points) with a 95% interval (over hands:
   each hand's loss per decision, so the decisions of one hand are not taken as independent),
   the same for the lead (every measured lead of the best option, the ones within the noise
   included: :attr:`ginrummy.review.DecisionReview.lead`) and the mean accuracy. The issue asks for 100 games per level; what is printed is what was
   measured, with its interval.
3. **Loss and losing** (``--correlate N``): ``N`` games of ``simple`` against ``strong`` (seats
   alternating), both seats reviewed with ``--samples`` worlds; printed: the correlation between
   seat 0's expected loss minus seat 1's (points) and seat 0 losing the game (1) or not (0), and how
   often the seat with the larger loss lost the game.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from ginrummy.agents import make_agent
from ginrummy.play import play_hand
from ginrummy.records import GameRecord, HandRecord
from ginrummy.review import QUICK_SAMPLES, SAMPLES, review_record
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.state import HandState

LEVELS = ("random", "beginner", "simple", "strong", "expert")


class Hands(list[HandState]):
    """The hands of a game as it is played (``Game.play``'s ``on_hand``)."""

    def add(self, game: Game, state: object) -> None:
        assert isinstance(state, HandState)
        self.append(state)


def six_hand_game(seed: int) -> GameRecord:
    """The first game from ``seed`` upward (beginner v expert) that lasts exactly six hands."""
    while True:
        states = Hands()
        game = Game(Rules(), seed=seed, names=("beginner", "expert"))
        game.play([make_agent("beginner", seed), make_agent("expert", seed + 1)], states.add)
        if len(states) == 6:
            return GameRecord.from_game(game, states)
        seed += 1


def timing(seed: int) -> dict[str, object]:
    record = six_hand_game(seed)
    out: dict[str, object] = {"game_seed": record.seed, "hands": len(record.hands)}
    for label, samples in (("full", SAMPLES), ("quick", QUICK_SAMPLES)):
        start = time.perf_counter()
        review = review_record(record, 0, samples=samples, seed=0)
        out[label] = {
            "samples": samples,
            "seconds": round(time.perf_counter() - start, 2),
            "decisions": review.figures.decisions,
            "accuracy": round(review.figures.accuracy or 0.0, 1),
            "loss": round(review.figures.loss, 1),
        }
    return out


def web_timing(seed: int) -> dict[str, object]:
    """The browser's path for the same game: :class:`ginrummy.web.reviews.ReviewJobs` with one
    worker process (spawned, as ``ginrummy serve`` runs it) and the full sample count, from the
    start of the job to the kept review; then a second look (read from the store)."""
    import tempfile

    from ginrummy.storage.store import Store
    from ginrummy.web.reviews import ReviewJobs

    record = six_hand_game(seed)
    with tempfile.TemporaryDirectory() as folder:
        jobs = ReviewJobs(Store(f"{folder}/games.sqlite"), workers=1, samples=SAMPLES)
        key = ("bench", 0, 0)
        start = time.perf_counter()
        jobs.start(key, lambda: (record, True))
        jobs.wait(key)
        first = time.perf_counter() - start
        state = jobs.status(key)
        start = time.perf_counter()
        again = jobs.status(key)
        second = time.perf_counter() - start
        jobs.close()
    assert state["state"] == again["state"] == "done", state
    return {
        "web": {
            "samples": SAMPLES,
            "seconds": round(first, 2),
            "second_look_seconds": round(second, 4),
            "decisions": state["review"]["figures"]["decisions"],
        }
    }


def _mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, half


def ladder(
    hands: int, samples: int, seed: int, levels: tuple[str, ...] = LEVELS, hands_out: str | None = None
) -> list[dict[str, object]]:
    rows = []
    for level in levels:
        per_hand: list[float] = []
        leads: list[float] = []
        accs: list[float] = []
        decisions = 0
        for i in range(hands):
            state = HandState.deal(Rules(), dealer=i % 2, rng=seed + i)
            play_hand(state, [make_agent(level, seed + i), make_agent("strong", seed + 1000 + i)])
            review = review_record(HandRecord.from_state(state, seed=seed + i), 0, samples=samples, seed=i)
            f = review.figures
            if f.decisions:
                per_hand.append(f.loss / f.decisions)
                leads.append(sum(d.lead for h in review.hands for d in h.decisions) / f.decisions)
                if hands_out:  # per hand, for paired comparisons of levels over the same deals
                    with open(hands_out, "a", encoding="utf-8") as out:
                        line = {"level": level, "hand": i, "samples": samples, "seed": seed}
                        print(json.dumps(line | {"loss": per_hand[-1], "lead": leads[-1]}), file=out)
                accs.append(f.accuracy or 0.0)
                decisions += f.decisions
        mean, half = _mean_interval(per_hand)
        lead, lead_half = _mean_interval(leads)
        rows.append(
            {
                "level": level,
                "hands": len(per_hand),
                "decisions": decisions,
                "loss_per_decision": round(mean, 2),
                "interval": [round(mean - half, 2), round(mean + half, 2)],
                "lead_per_decision": round(lead, 2),
                "lead_interval": [round(lead - lead_half, 2), round(lead + lead_half, 2)],
                "accuracy": round(statistics.fmean(accs), 1),
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    return rows


def correlate(games: int, samples: int, seed: int) -> dict[str, object]:
    diffs: list[float] = []
    lost: list[float] = []
    for i in range(games):
        names = ("simple", "strong") if i % 2 == 0 else ("strong", "simple")
        states = Hands()
        game = Game(Rules(), seed=seed + i, names=names)
        game.play([make_agent(names[0], seed + i), make_agent(names[1], seed + 500 + i)], states.add)
        record = GameRecord.from_game(game, states)
        loss = [review_record(record, seat, samples=samples, seed=i).figures.loss for seat in (0, 1)]
        diffs.append(loss[0] - loss[1])
        lost.append(float(record.winner == 1))
    r = statistics.correlation(diffs, lost) if len(set(lost)) > 1 else float("nan")
    agree = sum((d > 0) == (x == 1.0) for d, x in zip(diffs, lost, strict=True)) / len(diffs)
    out = {
        "games": games,
        "samples": samples,
        "correlation": round(r, 3),
        "larger_loss_lost": round(agree, 3),
    }
    print(json.dumps(out), flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", type=int, default=0, help="hands per level (0: no ladder)")
    parser.add_argument(
        "--samples", type=int, default=QUICK_SAMPLES, help="worlds per decision in the ladder"
    )
    parser.add_argument(
        "--levels", nargs="+", choices=LEVELS, default=list(LEVELS), help="the ladder's levels"
    )
    parser.add_argument("--hands-out", help="a JSON lines file to append each hand's figures to")
    parser.add_argument("--correlate", type=int, default=0, help="games for loss against losing (0: none)")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--web", action="store_true", help="time the browser's review path too")
    args = parser.parse_args()
    if not args.no_timing:
        print(json.dumps(timing(args.seed)), flush=True)
    if args.web:
        print(json.dumps(web_timing(args.seed)), flush=True)
    if args.ladder:
        ladder(args.ladder, args.samples, args.seed, tuple(args.levels), args.hands_out)
    if args.correlate:
        correlate(args.correlate, args.samples, args.seed)


if __name__ == "__main__":
    main()
