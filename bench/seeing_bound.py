"""How much better the expert would play if it saw the opponent's hand: a bound on what better
inference could give (issue 27: the 85% target against the framework's Simple).

Two arms play the same duplicate deals (each deal twice, seats swapped) against one opponent
level under the ``eaai`` rules, games to the target:

* ``expert``: the expert level untimed (``ExpertParams.untimed``, so that both arms search the
  same worlds whatever the machine's load), with its own card tracking;
* ``seeing``: the same player, whose search and knock judgements use the opponent's true hand in
  every world (the stock's cards are known as a set, their order still drawn at random): what
  perfect inference of the hand gives the same search. It cheats, so it is a bench tool only.

Both arms call :func:`ginrummy.play.play_hand` for each hand of a :class:`ginrummy.scoring.game.Game`
(the tournament's loop cannot hand a player the true state). Per arm: games won, net points a
hand; and the paired difference by duplicate pair (games won and points).

Two more arms split what seeing gives: ``seeing-worlds``, shown the hand in the search's worlds
only, and ``seeing-knocks``, shown it in the knock judgements only (``--arms``; the first arm named
is the baseline of the paired differences). ``seeing-draws``, ``seeing-discards`` and
``seeing-knock-discards`` split ``seeing-worlds`` by decision: its worlds see the hand only at
take-or-draw, only at discards where no knock is legal, only at discards where one is.
``seeing-discards-25`` and ``seeing-discards-50`` are shown, at discards where no knock is legal,
each true card their drawn hand lacks with that chance (per cent): what a reading holding more of
the true cards would give. ``seeing-outs`` is shown there where the cards that meld with its own
hand lie (the rest drawn as the expert draws it). ``seeing-probes`` is told there which cards of
its own hand the opponent would take (as if it had probed each with a discard, for free) and keeps
only drawn hands that agree: at most what discards chosen to probe could learn. ``seeing-takes`` sees nothing in its worlds or knock judgements, but never throws a card the
opponent's true hand melds with where another discard is legal: what knowing its takes alone gives.

Arms that see nothing hidden measure a setting on the same deals: ``reading`` (the worlds read the
opponent's whole play, ``ExpertParams.read_play``), ``z1`` (the search leaves the ``strong`` choice
at one standard error, not two), ``z1-reading`` (both) and ``no-wait`` (our side's rollouts knock
at once, ``ExpertParams.wait`` off, not only when the knock scores against the world's hand),
``close`` (the discard search plays out only the discards close to the ``strong`` choice against
every opponent, ``ExpertParams.wide`` off: the expert until 2026-12-04) and ``wide`` (every discard
searched from the first hand of a game, before the opponent is seen knocking at once) and
``wide-draw`` (take-or-draw searched for every upcard while the opponent is played as one who
knocks at once, ``ExpertParams.wide_draw``) and ``samples-128`` (128 worlds a decision before
the extension on close ones, not 64) and ``odds`` (the game's win chance between unequal players
while the opponent is played as one who knocks at once, ``ExpertParams.hand_odds``) and
``prior-mix`` (half the worlds' opponents knocking at once while the gin-seeker model rests on the
prior alone, ``ExpertParams.prior_mix``) and ``keep-layoffs`` (the rollouts' discards keep back cards
that lay off on the opponent's melds, ``ExpertParams.keep_layoffs``) and ``safe-discards`` (they keep
back cards the opponent would take to meld, ``ExpertParams.safe_discards``) and ``own-knock-0``,
``own-knock-5`` (our side's rollouts knock short of gin with at most that deadwood while the
opponent is played as one who knocks at once, ``ExpertParams.own_knock``) and ``own-potential-2``,
``-4``, ``-6``, ``-8`` (our side's rollout discards count that many points against a card for
each card it would meld with given one more, ``ExpertParams.own_potential``, from the first hand)
and ``own-potential`` (4 while the opponent is played as one who knocks at once) and ``probe-2``,
``probe-4`` (plain discards valued one question deep, that many next discards tried besides the
fast policy's, ``ExpertParams.probe``). They
are plain ``ExpertAgent`` objects (``_tuned``), so they run under the compiled build too (the seeing
arms subclass it: pure Python only).

Usage::

    .venv/bin/python bench/seeing_bound.py --games 200 --seed 1 --jobs 2 [--opponent simple]
    .venv/bin/python bench/seeing_bound.py --arms expert,seeing-worlds,seeing-knocks
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import cast

from ginrummy.agents import Agent, make_agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.tracking import Tracking
from ginrummy.cards import CardSet
from ginrummy.hand.phase import Phase
from ginrummy.melds import fits_meld
from ginrummy.play import play_hand
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.actions import Action, Discard, Knock
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

SEARCH = replace(ExpertParams().untimed(), max_samples=256)
"""Both arms' search: the default, untimed, its extension on close decisions capped at 256 worlds
(pure Python: the default's 1,024 would take hours here)."""


class SeeingExpert(ExpertAgent):
    """The expert, shown the true state of each hand by the loop (:attr:`state`): in its search's
    worlds where :attr:`see_worlds`, in its knock judgements where :attr:`see_knocks`."""

    state: HandState | None = None
    see_worlds = True
    see_knocks = True
    _kind = "draw"  # this decision's kind, set by act
    see_kinds: frozenset[str] = frozenset({"draw", "discard", "knock"})
    """The decisions whose worlds are shown the hand: ``draw`` (take or draw), ``discard`` (no
    knock legal), ``knock`` (a discard where a knock is legal: knock or play on, and the discard)."""

    def act(self, view: PlayerView) -> Action:
        self._seat = view.player
        if view.phase in (Phase.OFFER, Phase.DRAW):
            self._kind = "draw"
        else:
            self._kind = "knock" if any(isinstance(a, Knock) for a in view.legal_actions) else "discard"
        return super().act(view)

    def _truth(self) -> tuple[CardSet, list[int]]:
        assert self.state is not None
        return self.state.hand(1 - self._seat), [int(c) for c in self.state.stock]

    def sample_opponent(self, tr: Tracking) -> CardSet:
        return self._truth()[0] if self.see_knocks else super().sample_opponent(tr)

    def _worlds(
        self, tr: Tracking, count: int | None = None, read: bool = True
    ) -> list[tuple[CardSet, list[int], bool | int]]:
        if not self.see_worlds or self._kind not in self.see_kinds:
            return super()._worlds(tr, count, read)
        opp, stock = self._truth()
        out: list[tuple[CardSet, list[int], bool | int]] = []
        for _, _, wait in super()._worlds(tr, count, read):
            order = list(stock)
            self.rng.shuffle(order)
            out.append((opp, order, wait))
        return out


class SeeingWorlds(SeeingExpert):
    """Shown the hand in the search's worlds only (its knock judgements read the tracking)."""

    see_knocks = False


class SeeingKnocks(SeeingExpert):
    """Shown the hand in the knock judgements only (the search's worlds read the tracking)."""

    see_worlds = False


class SeeingDraws(SeeingWorlds):
    """Shown the hand in the worlds of take-or-draw decisions only."""

    see_kinds = frozenset({"draw"})


class SeeingDiscards(SeeingWorlds):
    """Shown the hand in the worlds of discards where no knock is legal only."""

    see_kinds = frozenset({"discard"})


class SeeingKnockDiscards(SeeingWorlds):
    """Shown the hand in the worlds of discards where a knock is legal only."""

    see_kinds = frozenset({"knock"})


class PartlySeeing(SeeingDiscards):
    """Shown each of the opponent's cards that its drawn hand lacks with chance :attr:`share`, in
    the worlds of discards where no knock is legal only: each world's hand is drawn from the
    tracking as the expert's are, then each true card missing from it is swapped in (for a drawn
    card the true hand lacks, which goes to that card's place in the stock) with that chance.
    What a reading holding more of the true cards than the tracking would give."""

    share = 0.5

    def _worlds(
        self, tr: Tracking, count: int | None = None, read: bool = True
    ) -> list[tuple[CardSet, list[int], bool | int]]:
        worlds = ExpertAgent._worlds(self, tr, count, read)
        if self._kind not in self.see_kinds:
            return worlds
        true = self._truth()[0]
        out: list[tuple[CardSet, list[int], bool | int]] = []
        for opp, stock, wait in worlds:
            stock = list(stock)
            wrong = [c for c in range(52) if opp >> c & 1 and not true >> c & 1]
            self.rng.shuffle(wrong)
            for c in range(52):
                if true >> c & 1 and not opp >> c & 1 and wrong and self.rng.random() < self.share:
                    out_card = wrong.pop()
                    opp = (opp | (1 << c)) & ~(1 << out_card)
                    stock[stock.index(c)] = out_card
            out.append((opp, stock, wait))
        return out


class PartlySeeing25(PartlySeeing):
    """:class:`PartlySeeing` with a quarter of the missing true cards swapped in."""

    share = 0.25


class SeeingOuts(SeeingDiscards):
    """Shown, at discards where no knock is legal only, where the cards that would meld with its
    own hand are (the opponent's hand or the stock); the rest of each world's hand is drawn from
    the tracking as the expert's are: what knowing the fate of its own outs alone gives."""

    def _worlds(
        self, tr: Tracking, count: int | None = None, read: bool = True
    ) -> list[tuple[CardSet, list[int], bool | int]]:
        worlds = ExpertAgent._worlds(self, tr, count, read)
        if self._kind not in self.see_kinds or self._view is None:
            return worlds
        true = self._truth()[0]
        hand = self._view.hand
        out: list[tuple[CardSet, list[int], bool | int]] = []
        for opp, stock, wait in worlds:
            stock = list(stock)
            outs = {
                c for c in [*stock, *(c for c in range(52) if opp >> c & 1)] if fits_meld(c, hand, mr=tr.mr)
            }
            spare = [c for c in range(52) if opp >> c & 1 and c not in outs and not true >> c & 1]
            fill = [c for c in stock if c not in outs]
            self.rng.shuffle(spare)
            self.rng.shuffle(fill)
            for c in sorted(outs):
                held = bool(opp >> c & 1)
                if true >> c & 1 and not held and spare:
                    x = spare.pop()  # the out goes into the hand, a drawn non-out to its place
                    opp = (opp | (1 << c)) & ~(1 << x)
                    stock[stock.index(c)] = x
                elif held and not true >> c & 1 and fill:
                    x = fill.pop()  # the out goes to the stock, a non-out from there to the hand
                    opp = (opp | (1 << x)) & ~(1 << c)
                    stock[stock.index(x)] = c
            out.append((opp, stock, wait))
        return out


class SeeingProbes(SeeingDiscards):
    """Told, at discards where no knock is legal only, which cards of its own hand the opponent's
    true hand would meld (take from the discard pile), as if it had probed every one of them for
    free; each world's hand is drawn from the tracking as the expert's are, and only a hand that
    agrees on every such card is kept (up to :attr:`tries` draws a world, else the draw that
    disagrees on fewest). What discards chosen to probe the opponent's hand could at most learn."""

    tries = 40

    def _worlds(
        self, tr: Tracking, count: int | None = None, read: bool = True
    ) -> list[tuple[CardSet, list[int], bool | int]]:
        if self._kind not in self.see_kinds or self._view is None:
            return ExpertAgent._worlds(self, tr, count, read)
        true = self._truth()[0]
        mine = [c for c in range(52) if self._view.hand >> c & 1]
        told = [fits_meld(c, true, mr=tr.mr) for c in mine]
        out: list[tuple[CardSet, list[int], bool | int]] = []
        for _ in range(self.search.samples if count is None else count):
            best: tuple[int, tuple[CardSet, list[int], bool | int]] | None = None
            for _ in range(self.tries):
                world = ExpertAgent._worlds(self, tr, 1, read)[0]
                wrong = sum(fits_meld(c, world[0], mr=tr.mr) != t for c, t in zip(mine, told, strict=True))
                if best is None or wrong < best[0]:
                    best = (wrong, world)
                if not wrong:
                    break
            assert best is not None
            out.append(best[1])
        return out


class SeeingTakes(SeeingExpert):
    """The expert, which never throws a card that the opponent's true hand would meld (where
    another discard is legal): what knowing the opponent's takes alone gives at discards (its
    worlds and knock judgements read the tracking)."""

    see_worlds = False
    see_knocks = False

    def discard(self, view: PlayerView, tr: Tracking) -> Action:
        chosen = super().discard(view, tr)
        opp = self._truth()[0]
        if not isinstance(chosen, Discard) or not fits_meld(chosen.card, opp, mr=tr.mr):
            return chosen
        safe = [
            (self.discard_value(view.hand, a.card, tr), a.card)
            for a in view.legal_actions
            if isinstance(a, Discard) and a.card != view.taken and not fits_meld(a.card, opp, mr=tr.mr)
        ]
        return Discard(min(safe)[1]) if safe else chosen


def _tuned(**changes: object) -> Callable[..., ExpertAgent]:
    """An arm: the expert with these ``ExpertParams`` changed (it sees nothing hidden)."""

    def make(seed: random.Random, search: ExpertParams) -> ExpertAgent:
        return ExpertAgent(seed, search=replace(search, **changes))  # type: ignore[arg-type]

    return make


ARMS: dict[str, Callable[..., ExpertAgent]] = {
    "expert": ExpertAgent,
    "reading": _tuned(read_play=True),
    "z1": _tuned(z=1.0),
    "z1-reading": _tuned(z=1.0, read_play=True),
    "no-wait": _tuned(wait=False),
    "close": _tuned(wide=False),
    "wide": _tuned(candidates=11, margin=1000.0),
    "wide-draw": _tuned(wide_draw=None),
    "samples-128": _tuned(samples=128),
    "odds": _tuned(hand_odds=None),
    "prior-mix": _tuned(prior_mix=0.5),
    "keep-layoffs": _tuned(keep_layoffs=None),
    "safe-discards": _tuned(safe_discards=None),
    "own-knock-0": _tuned(own_knock=0),
    "own-knock-5": _tuned(own_knock=5),
    "own-potential-2": _tuned(own_potential=2),
    "own-potential-4": _tuned(own_potential=4),
    "own-potential-6": _tuned(own_potential=6),
    "own-potential-8": _tuned(own_potential=8),
    "own-potential": _tuned(own_potential=None),
    "reading-discards": _tuned(
        read_play=None, read_knocks=False, read_draws=False, read_hands=0, read_steps=30
    ),
    "probe-2": _tuned(probe=2),
    "probe-4": _tuned(probe=4),
    "seeing": SeeingExpert,
    "seeing-worlds": SeeingWorlds,
    "seeing-knocks": SeeingKnocks,
    "seeing-draws": SeeingDraws,
    "seeing-discards": SeeingDiscards,
    "seeing-knock-discards": SeeingKnockDiscards,
    "seeing-takes": SeeingTakes,
    "seeing-discards-50": PartlySeeing,
    "seeing-discards-25": PartlySeeing25,
    "seeing-outs": SeeingOuts,
    "seeing-probes": SeeingProbes,
}
"""Each arm's player."""


def play_game(arm: str, opponent: str, seed: int, swapped: bool) -> tuple[int, int, int, Counter[str]]:
    """One game of ``arm`` against ``opponent`` on the deals of ``seed``; (1 if ``arm`` won,
    its points less the opponent's, hands, how its hands ended: ``mine-knock``, ``theirs-gin``,
    ``dead``, ...: whose knock, then the outcome)."""
    rules = Rules.preset("eaai")
    rng = random.Random(seed * 7919 + 1)
    me: ExpertAgent = ARMS[arm](random.Random(rng.random()), search=SEARCH)
    opp = make_agent(opponent, random.Random(rng.random()))
    agents = cast(list[Agent], [opp, me] if swapped else [me, opp])  # the expert plays the standard views
    seat = 1 if swapped else 0
    game = Game(rules, seed=seed)
    hands = 0
    ends: Counter[str] = Counter()
    while not game.is_over:
        state = game.new_hand()
        assert isinstance(state, HandState)
        if isinstance(me, SeeingExpert):
            me.state = state
        result = play_hand(state, agents)
        assert result is not None
        game.enter(result)
        hands += 1
        whose = "dead" if result.knocker is None else "mine" if result.knocker == seat else "theirs"
        ends[whose if whose == "dead" else f"{whose}-{result.outcome}"] += 1
    s = game.summary()
    return int(s.winner == seat), s.totals[seat] - s.totals[1 - seat], hands, ends


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(len(xs) - 1, 1)
    return m, math.sqrt(var / len(xs))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per arm (whole duplicate pairs)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--opponent", default="simple")
    ap.add_argument(
        "--out", help="write each game (arm, pair, swapped, won, points, hands) to this JSON-lines file"
    )
    ap.add_argument(
        "--arms",
        default="expert,seeing",
        help=(
            f"the arms, comma-separated, the first the baseline of the paired differences (of {', '.join(ARMS)}); "
            "one arm alone is played for pairing later with --out"
        ),
    )
    a = ap.parse_args(argv)
    arms = a.arms.split(",")
    unknown = [x for x in arms if x not in ARMS]
    if unknown:
        ap.error(f"--arms: one or more of {', '.join(ARMS)}, not {a.arms!r}")
    pairs = (a.games + 1) // 2
    jobs = [
        (arm, a.opponent, a.seed * 100_003 + i, swapped)
        for i in range(pairs)
        for arm in arms
        for swapped in (False, True)
    ]
    with ProcessPoolExecutor(a.jobs) as ex:
        results = list(ex.map(play_game, *zip(*jobs, strict=True)))
    by = {(j[0], j[2], j[3]): r for j, r in zip(jobs, results, strict=True)}
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            for (arm, _, pair, swapped), r in zip(jobs, results, strict=True):
                row = {
                    "arm": arm,
                    "pair": pair,
                    "swapped": swapped,
                    "won": r[0],
                    "points": r[1],
                    "hands": r[2],
                }
                f.write(json.dumps(row) + "\n")
    for arm in arms:
        mine = [r for (name, _, _, _), r in zip(jobs, results, strict=True) if name == arm]
        won = [r[0] for r in mine]
        pts = sum(r[1] for r in mine)
        n_hands = sum(r[2] for r in mine)
        ends: Counter[str] = sum((r[3] for r in mine), Counter())
        print(
            f"{arm} v {a.opponent}: won {sum(won) / len(won):.1%} of {len(won)}, net {pts / n_hands:+.2f} points a hand"
        )
        print("  hands ended:", ", ".join(f"{k} {v / n_hands:.1%}" for k, v in sorted(ends.items())))
    seeds = sorted({j[2] for j in jobs})
    base = arms[0]
    for arm in arms[1:]:
        games = [sum(by[arm, s, w][0] - by[base, s, w][0] for w in (False, True)) / 2 for s in seeds]
        points = [sum(by[arm, s, w][1] - by[base, s, w][1] for w in (False, True)) for s in seeds]
        g, gse = _mean_se(games)
        p, pse = _mean_se(points)
        print(
            f"{arm} - {base}, by duplicate pair ({len(seeds)}): {g:+.3f} +- {gse:.3f} games a game, "
            f"{p:+.1f} +- {pse:.1f} points a pair"
        )


if __name__ == "__main__":
    main()
