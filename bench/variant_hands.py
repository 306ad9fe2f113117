"""Duplicate-dealt hands between two players under a preset: net points per hand with a 95% interval.

A cheap first measurement before whole games (bench/README.md, section "Every rule set"): each
deal is played twice, the players swapping seats, and the figure is player A's points minus
player B's per hand, averaged over the pair (so the luck of the deal cancels). The players keep
their memory across hands (``hand_over``), as in a game.

Usage::

    .venv/bin/python bench/variant_hands.py --preset straight --hands 300 expert simple
    .venv/bin/python bench/variant_hands.py --preset straight --hands 300 expert simple \
        --set straight=off   # A with its gin-race policy off

Players are level names (:func:`ginrummy.agents.make_agent`); ``--set NAME=VALUE`` changes one
setting of player A's gin-race policy (:class:`ginrummy.agents.straight_play.StraightParams`) or
pickup policy (:class:`ginrummy.agents.pickup_strong.PickupParams`) for an A/B run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.pickup_strong import PickupParams
from ginrummy.agents.straight_play import DEFAULT as STRAIGHT
from ginrummy.play import Agent, play_hand
from ginrummy.rules import Rules
from ginrummy.tournament.stats import mean_ci, percentile
from ginrummy.variants import deal_hand


def _timed(agent: Agent, sink: list[float]) -> Agent:
    act = agent.act

    def timed_act(view):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        try:
            return act(view)
        finally:
            sink.append(time.perf_counter() - t0)

    agent.act = timed_act  # type: ignore[method-assign]
    return agent


PICKUP = PickupParams()


def run(
    a: Callable[[int], Agent],
    b: Callable[[int], Agent],
    rules: Rules,
    hands: int,
    seed: int,
    seconds: float = 0.0,
) -> tuple[list[float], list[float]]:
    """Per-deal net points of A over B (mean of the two seatings) and A's decision times (s);
    with ``seconds`` > 0, stops after the deal that passes that much wall time."""
    deadline = time.perf_counter() + seconds
    times: list[float] = []
    seats = [[_timed(a(seed), times), b(seed + 1)], [b(seed + 2), _timed(a(seed + 3), [])]]
    seats[1][1] = _timed(seats[1][1], times)
    nets: list[float] = []
    for i in range(hands):
        net = 0.0
        for order, players in enumerate(seats):
            dealer = i % 2
            state = deal_hand(rules, dealer, random.Random(seed * 100_003 + i))
            result = play_hand(state, players)
            assert result is not None
            a_seat = order  # A sits in seat 0, then seat 1
            if result.winner is not None:
                net += result.points if result.winner == a_seat else -result.points
        nets.append(net / 2)
        if seconds > 0 and time.perf_counter() > deadline:
            break
    return nets, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--preset", default="straight")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--nets", help="write the per-deal nets (JSON list) here, for paired comparisons")
    ap.add_argument("--seconds", type=float, default=0.0, help="stop after this much wall time")
    ap.add_argument("--set", action="append", default=[], help="NAME=VALUE for A's variant settings")
    args = ap.parse_args()
    rules = Rules.preset(args.preset)
    settings = dict(kv.split("=", 1) for kv in args.set)

    def make_a(seed: int) -> Agent:
        agent = make_agent(args.a, seed)
        inner: Any = getattr(agent, "inner", agent)
        if settings.get("straight") == "off":
            inner.straight_params = None
        else:
            fields = {k: type(getattr(STRAIGHT, k))(v) for k, v in settings.items() if hasattr(STRAIGHT, k)}
            inner.straight_params = replace(STRAIGHT, **fields)
        if hasattr(agent, "pickup"):
            fields = {k: type(getattr(PICKUP, k))(v) for k, v in settings.items() if hasattr(PICKUP, k)}
            agent.pickup.params = replace(agent.pickup.params, **fields)
        return agent

    t0 = time.perf_counter()
    nets, times = run(make_a, lambda s: make_agent(args.b, s), rules, args.hands, args.seed, args.seconds)
    if args.nets:
        with open(args.nets, "w") as f:
            json.dump(nets, f)
    mean, lo, hi = mean_ci(nets)
    times.sort()
    print(
        f"{args.a} v {args.b} {args.preset} {settings} hands={len(nets)}: net {mean:+.2f} ({lo:+.2f} .. {hi:+.2f})"
        f" per hand; A decision median {1000 * statistics.median(times):.1f} ms,"
        f" p99 {1000 * percentile(times, 0.99):.0f} ms; {time.perf_counter() - t0:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    main()
