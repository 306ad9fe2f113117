"""What the knocks the expert makes would have given had it played on (issue 27: is knock-or-wait
where the last points against a player who knocks at once are?).

The expert (default settings, timed as in play) plays games to the target against ``--opponent``
under the ``eaai`` rules in our engine, each seed's deals twice with the seats swapped. At every
knock short of gin it makes, the hand is copied and played on from the discard the ``strong``
heuristics rank first (``discard_value``) instead, by the same players to the hand's end; their
generators (and the expert's time spent) are then put back, so the real game goes on as if the
copy had not been played. One line per knock: the hand's points for the expert as played (the
knock) and as played on (``wait``), the knock's deadwood (points), the stock's size, and whether
the opponent was then played as one who knocks at once (``ExpertAgent.opponent_knocks_at_once``)
or still as a gin-seeker (the first hands of a game). The copy is one play-out, not an average:
the mean over many knocks is the figure. The thirty-fourth session measured the other side, the
knocks it passed up (bench/README.md, section Strength).

Usage::

    .venv-compiled/bin/python bench/knock_waits.py --games 240 --seed 20000 --jobs 2 --out /tmp/knocks.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import cast

from ginrummy.agents import Agent, make_agent
from ginrummy.agents.expert import ExpertAgent
from ginrummy.agents.tracking import track
from ginrummy.cards import Card
from ginrummy.hand.results import HandResult
from ginrummy.melds import least_deadwood
from ginrummy.play import play_hand
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.actions import Action, Discard, Knock
from ginrummy.variants.standard.state import HandState


def _points(result: HandResult | None, seat: int) -> int:
    """The hand's points for ``seat`` (negative when the other seat scored)."""
    if result is None or result.winner is None:
        return 0
    return result.points if result.winner == seat else -result.points


def _played_on(state: HandState, agents: list[Agent], me: ExpertAgent, card: int) -> int:
    """The hand copied, ``card`` discarded instead of the knock and played to its end by
    ``agents``; the expert's points. The players' generators and time are put back after."""
    other: random.Random | None = getattr(agents[1 - state.to_act], "rng", None)
    saved = (me.rng.getstate(), other.getstate() if other else None, me.spent)
    seat = state.to_act
    copy = state.clone()
    copy.push(Discard(Card(card)), player=seat)
    while not copy.is_over:
        p = copy.to_act
        copy.push(cast(Action, agents[p].act(copy.view(p))), player=p)
    me.rng.setstate(saved[0])
    if other is not None and saved[1] is not None:
        other.setstate(saved[1])
    me.spent = saved[2]
    return _points(copy.result, seat)


def play_game(seed: int, swapped: bool, opponent: str) -> list[dict[str, object]]:
    """One game on the deals of ``seed``; a line per knock short of gin the expert made."""
    rules = Rules.preset("eaai")
    rng = random.Random(seed * 7919 + int(swapped))
    me = ExpertAgent(random.Random(rng.random()))
    opp = make_agent(opponent, random.Random(rng.random()))
    seat = 1 if swapped else 0
    agents = cast(list[Agent], [opp, me] if swapped else [me, opp])
    game = Game(rules, seed=seed)
    lines: list[dict[str, object]] = []
    knocks: list[dict[str, object]] = []

    def before(state: HandState, p: int, action: Action) -> None:
        """At each knock short of gin of the expert's: the hand played on instead."""
        if p != seat or not isinstance(action, Knock) or not action.melds:
            return
        view = state.view(p)
        dw = least_deadwood(view.hand & ~(1 << action.card))
        tr = track(view)
        others = [a.card for a in view.legal_actions if isinstance(a, Discard) and a.card != view.taken]
        if dw > 0 and others:
            card = min((me.discard_value(view.hand, c, tr), c) for c in others)[1]
            knocks.append(
                {
                    "seed": seed,
                    "swapped": swapped,
                    "hand": hand,
                    "deadwood": dw,
                    "stock": view.stock_size,
                    "at_once": me.opponent_knocks_at_once(),
                    "wait": _played_on(state, agents, me, card),
                }
            )

    hand = 0
    while not game.is_over:
        state = game.new_hand()
        assert isinstance(state, HandState)
        knocks.clear()
        result = play_hand(state, agents, before_action=before)
        assert result is not None
        lines += [dict(k, knock=_points(result, seat)) for k in knocks]
        game.enter(result)
        hand += 1
    return lines


def _summary(rows: Sequence[dict[str, object]], name: str) -> str:
    gains = [cast(int, r["wait"]) - cast(int, r["knock"]) for r in rows]
    if len(gains) < 2:
        return f"{name}: {len(gains)} knocks"
    m = sum(gains) / len(gains)
    se = math.sqrt(sum((g - m) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
    knock = sum(cast(int, r["knock"]) for r in rows) / len(rows)
    return f"{name}: {len(rows)} knocks, {knock:+.1f} points a knock; playing on instead {m:+.2f} +- {1.96 * se:.2f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=240, help="games (whole duplicate pairs)")
    ap.add_argument("--seed", type=int, default=20000, help="the first pair's seed")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--opponent", default="simple")
    ap.add_argument("--out", help="JSON lines file for the knocks (none by default)")
    a = ap.parse_args(argv)
    jobs = [(a.seed + i, swapped, a.opponent) for i in range((a.games + 1) // 2) for swapped in (False, True)]
    with ProcessPoolExecutor(a.jobs) as ex:
        rows = [r for game in ex.map(play_game, *zip(*jobs, strict=True)) for r in game]
    if a.out:
        with open(a.out, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    print(_summary(rows, "all"))
    for at_once, name in ((True, "opponent played as knocking at once"), (False, "still a gin-seeker")):
        print(_summary([r for r in rows if r["at_once"] is at_once], name))
    for lo, hi in ((1, 3), (4, 6), (7, 8), (9, 10)):
        part = [r for r in rows if r["at_once"] and lo <= cast(int, r["deadwood"]) <= hi]
        print(_summary(part, f"  knocking at once, deadwood {lo}-{hi}"))


if __name__ == "__main__":
    main()
