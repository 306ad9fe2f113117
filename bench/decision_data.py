"""Decision data: at every knock chance (or every close draw) in ``strong`` v ``strong``
hands, both branches played out.

``--kind knock``: at each decision where the player to discard may knock short of gin (not
forced), the branches are knocking now (the ``strong`` level's best knock) and playing on
(the ``strong`` discard instead). ``--kind draw``: at each draw or upcard offer where the
upcard fits a meld with the hand or lowers its deadwood, the branches are taking the upcard
and drawing from the stock (passing, at the offer). ``--kind discard``: at each discard where
no knock is allowed and at least two discards lie within the expert's margin (5 points) of ``strong``'s value of its
choice (the candidates the expert's search weighs), the branches are ``strong``'s discard and
one of the others drawn at random; the record holds the difference of their
:func:`discard_features` (``strong``'s minus the other's) and the stock
size, and both branches are played out by the same seeded players (common random numbers:
the deal's stock is the same in both, so the difference is the discard's alone, less noisy).

Each record holds what the player could see (``ginrummy.agents.fitted.knock_features`` or
``draw_features``, from its view only), ``strong``'s choice (``strong_a``: it took the first
branch) and the points the player scored (negative: the opponent scored) in each branch of
the *true* hand, both played out by ``strong`` from there on (``a``: knock / take, ``b``:
play on / draw). ``a - b`` is an unbiased sample of the first branch's gain at that
decision for a player who plays like ``strong`` afterwards: the data ``fit_rule.py`` fits
the expert's rules on (one step of policy improvement over ``strong``). ``--players``
says who plays the main line and the continuations: ``strong`` (both seats, the default);
``improved`` (the deciding seat plays the expert's rules without search as a fresh agent,
which judge knocks as ``strong`` until a hand shows the opponent waiting, against
``strong``); ``rules`` (self-play: both seats play ``strong`` with the expert's first fitted
knock rule, no search: how the frozen ``expert-2026-11`` plays from its second hand);
``simple`` (the deciding seat plays ``strong`` against ``simple``, the 2021 EAAI framework's
SimpleGinRummyPlayer, who knocks as soon as it can: data for a knock rule against such an
opponent; on 1,000 hands a refitted line gained +0.19 +- 0.12 points per chance over ``strong``'s
rule, so none is in play). Each knock record also holds ``fitted_a``: the
fitted rule in force (``KNOCK_WEIGHTS``) knocks there.

Usage: ``python bench/decision_data.py --kind knock --hands 400 --seed 1 --jobs 2 --out FILE``
(JSON lines, one per decision).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from ginrummy.agents import fitted
from ginrummy.agents.base import Agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.fitted import draw_features, knock_features, upcard_is_close
from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.strong import StrongAgent, StrongParams, expected_draw_deadwood
from ginrummy.agents.tracking import Tracking, track
from ginrummy.cards import Card, CardSet
from ginrummy.hand.phase import Phase
from ginrummy.melds import fits_meld, least_deadwood
from ginrummy.play import play_hand
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

Record = dict[str, float | int | bool]


PLAYERS = ("strong", "improved", "rules", "simple")

RULES_ONLY = ExpertParams(
    samples=0, knock_rule=True, draw_search=False, knock_search=False, knock_fit="strong"
)
"""``expert`` without search, its first fitted knock rule (the line, ``KNOCK_WEIGHTS``) on: how
it played an opponent who waits before the quadratic rule, which was fitted on these hands."""


def _agents(rng: random.Random, players: str) -> list[Agent]:
    """The two seats (see ``--players`` in the module docstring)."""
    first: Agent = StrongAgent(random.Random(rng.random()))
    second: Agent = StrongAgent(random.Random(rng.random()))
    if players == "improved":
        first = ExpertAgent(random.Random(rng.random()), search=ExpertParams(samples=0))
    elif players == "simple":
        second = SimpleAgent(random.Random(rng.random()))
    elif players == "rules":
        first = ExpertAgent(random.Random(rng.random()), search=RULES_ONLY)
        second = ExpertAgent(random.Random(rng.random()), search=RULES_ONLY)
    return [first, second]


def _signed(state: HandState, player: int, rng: random.Random, players: str) -> int:
    """Finish ``state`` (see :func:`_agents`); the points for ``player`` (signed)."""
    res = play_hand(state, _agents(rng, players))
    if res.winner is None:
        return 0
    return res.points if res.winner == player else -res.points


def _knock_chance(judge: StrongAgent, view: PlayerView) -> tuple[Record, Action, Action] | None:
    if view.phase is not Phase.DISCARD or view.must_knock:
        return None
    knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    if not knocks or not discards:
        return None
    tr = track(view)
    knock, dw = judge.best_knock(tr, knocks)
    if dw == 0:
        return None
    rec: Record = dict(knock_features(judge, view, tr, knock, dw))
    rec["strong_a"] = judge.judge_knock(view, tr, knock, dw)
    rec["fitted_a"] = fitted.predict(fitted.KNOCK_WEIGHTS, rec) > 0
    card = judge.choose_discard(view.hand, tr, [a.card for a in discards], view.taken)
    return rec, knock, Discard(card)


def _draw_chance(judge: StrongAgent, view: PlayerView) -> tuple[Record, Action, Action] | None:
    if view.phase not in (Phase.OFFER, Phase.DRAW) or view.upcard is None:
        return None
    legal = view.legal_actions
    other: Action = Pass() if view.phase is Phase.OFFER else DrawStock()
    if TakeDiscard() not in legal or other not in legal:
        return None
    up = view.upcard
    if not upcard_is_close(view.hand, up):
        return None
    tr = track(view)
    rec: Record = dict(draw_features(judge, view, tr))
    rec["strong_a"] = judge.wants_upcard(view, tr)
    return rec, TakeDiscard(), other


DISCARD_FEATURES = (
    "dw",
    "potential",
    "outs",
    "danger",
    "points",
    "dw_stock",
    "potential_stock",
    "danger_stock",
)
"""The names :func:`discard_features` returns, in the order of a discard rule's weights (``fit_rule.py discard``)."""


def discard_features(hand: CardSet, card: int, tr: Tracking) -> dict[str, float]:
    """What the player can see about discarding ``card`` from the 11-card ``hand`` (``CardSet``),
    from the tracking ``tr`` only:

    ``dw`` the least deadwood of the 10 cards kept (points), ``potential`` the expected deadwood saved by the next
    stock draw (points: ``dw`` less :func:`ginrummy.agents.strong.expected_draw_deadwood`),
    ``outs`` the unseen cards that fit a meld with the kept cards, each counted by the chance
    that it lies in the stock, ``danger`` the probability that the opponent melds ``card``,
    ``points`` the card's own points, and ``dw``, ``potential`` and ``danger`` again scaled by
    the stock's size over 30 (``*_stock``: how much the rest of the hand leaves time for).
    """
    mr = tr.mr
    kept = hand & ~(1 << card)
    dw = least_deadwood(kept, mr=mr)
    potential = dw - expected_draw_deadwood(kept, tr) if tr.stock_size else 0.0
    outs = 0.0
    x = tr.unseen
    while x:
        low = x & -x
        x ^= low
        u = low.bit_length() - 1
        if fits_meld(u, kept, mr=mr):
            outs += 1.0 - tr.prob[u]
    danger = tr.p_opp_melds(card)
    share = tr.stock_size / 30.0
    return {
        "dw": float(dw),
        "potential": potential,
        "outs": outs,
        "danger": danger,
        "points": float(mr.rank_points[card % 13]),
        "dw_stock": dw * share,
        "potential_stock": potential * share,
        "danger_stock": danger * share,
    }


DISCARD_MARGIN = ExpertParams().margin
"""Points of ``strong`` value within which a discard is a candidate: the expert search's margin."""


def _discard_chance(judge: StrongAgent, view: PlayerView) -> tuple[Record, Action, Action] | None:
    if view.phase is not Phase.DISCARD or view.must_knock:
        return None
    if any(isinstance(a, Knock) for a in view.legal_actions):
        return None  # knock chances are the knock data's
    cards = [a.card for a in view.legal_actions if isinstance(a, Discard)]
    tr = track(view)
    hand = view.hand
    choice = judge.choose_discard(hand, tr, cards, view.taken)
    best = judge.discard_value(hand, choice, tr)
    others = [
        c
        for c in cards
        if c not in (choice, view.taken) and judge.discard_value(hand, c, tr) <= best + DISCARD_MARGIN
    ]
    if not others:
        return None
    other = judge.rng.choice(sorted(others))
    fa = discard_features(hand, choice, tr)
    fb = discard_features(hand, other, tr)
    rec: Record = {k: fa[k] - fb[k] for k in DISCARD_FEATURES}
    rec["stock"] = float(tr.stock_size)
    rec["strong_a"] = True
    return rec, Discard(Card(choice)), Discard(Card(other))


CHANCES = {"knock": _knock_chance, "draw": _draw_chance, "discard": _discard_chance}


def hands(
    kind: str, rules_name: str, seed: int, n: int, samples: int = 64, players: str = "strong"
) -> list[Record]:
    """Play ``n`` hands from ``seed``; one record per decision of ``kind`` (knock features
    over ``samples`` sampled opponent hands). ``players``: see the module docstring; unless
    both seats play alike (``strong``, ``rules``) only seat 0's decisions are recorded."""
    alike = players not in ("improved", "simple")
    rules = Rules.preset(rules_name)
    rng = random.Random(seed)
    judge = StrongAgent(random.Random(seed + 1), StrongParams(knock_samples=samples))
    chance = CHANCES[kind]
    out: list[Record] = []
    for i in range(n):
        state = HandState.deal(rules, dealer=i % 2, rng=rng)
        agents = _agents(rng, players)
        while not state.is_over:
            p = state.to_act
            view = state.view(p)
            found = chance(judge, view) if p == 0 or alike else None
            if found is not None:
                rec, a, b = found
                a_state = state.clone()
                a_state.push(a, player=p)
                b_state = state.clone()
                b_state.push(b, player=p)
                if kind == "discard":  # the same players in both branches
                    same = rng.random()
                    rec["a"] = _signed(a_state, p, random.Random(same), players)
                    rec["b"] = _signed(b_state, p, random.Random(same), players)
                else:
                    rec["a"] = _signed(a_state, p, rng, players)
                    rec["b"] = _signed(b_state, p, rng, players)
                out.append(rec)
            state.push(agents[p].act(view), player=p)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--kind", choices=tuple(CHANCES), default="knock")
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--rules", default="eaai")
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--players", choices=PLAYERS, default="strong", help="who plays (module docstring)")
    ap.add_argument("--out", default="-")
    a = ap.parse_args(argv)
    chunk = 20
    jobs = [
        (a.kind, a.rules, a.seed * 100_003 + k, min(chunk, a.hands - k * chunk), a.samples, a.players)
        for k in range(-(-a.hands // chunk))
    ]
    with ProcessPoolExecutor(a.jobs) as ex:
        results = list(ex.map(hands, *zip(*jobs, strict=True)))
    f = sys.stdout if a.out == "-" else open(a.out, "w")  # noqa: SIM115
    for recs in results:
        for r in recs:
            f.write(json.dumps(r) + "\n")
    if f is not sys.stdout:
        f.close()


if __name__ == "__main__":
    main()
