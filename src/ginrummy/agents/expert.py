"""The ``expert`` level: the ``strong`` heuristics, a fitted knock rule, and search by
sampling and simulation.

The expert decides to knock or play on by a rule fitted on simulated play
(:mod:`ginrummy.agents.fitted`: features of the knock over 64 opponent hands sampled from the card
tracking, weights fitted on ``strong`` v ``strong`` hands played out both ways at each knock chance);
its other choices start from the ``strong`` ones. It then searches the closest discards, and checks each
take-or-draw choice by the race to gin (:func:`ginrummy.agents.straight_play.straight_action`: the
chance of reaching gin first, in hands that such opponents mostly end by gin). That is how it plays an
opponent who waits for a low count; a gin-seeker the same way, its knocks also searched against worlds
where the opponent knocks only with gin. An opponent it knows nothing of yet is played as a gin-seeker
(``ExpertParams.prior_gin``). It plays an opponent as one who knocks as soon as it can (the model its
rollouts play: it also searches take or draw when the upcard is near a meld and knock or play on, and
judges knocks as ``strong`` does, waiting for undercuts) once a finished hand, where the cards are shown
(:meth:`ExpertAgent.hand_over`), shows it knocking short of gin, until one shows it passing up a knock
or going gin (see :class:`ExpertParams` and :mod:`ginrummy.agents.opponent`).

The search samples ``samples`` *worlds* consistent with its view: an opponent hand drawn from the card
tracking and weighed by how well it explains the opponent's latest discard
(:func:`ginrummy.agents.strong.infer_opponent_hand`) and the rest of the unseen cards as the stock in a
random order. Each option is played out to the end of the hand in every world (the same worlds for every
option) by :func:`rollout`, a light simulator on card sets with a fast policy for both players: take the
discard when it melds, discard the least deadwood, knock when allowed (the expert itself only when the
knock scores against the world's opponent hand, as a player waiting for an undercut would; the opponent
the same way in a share ``opp_wait`` of the worlds once it has been seen to wait, at once in the others
and in every world while it is seen to knock at once, only with gin against a gin-seeker); the defender
lays off with the exact best plan. A knock is scored exactly against each world's opponent hand, and a
take of the upcard that leaves a knock is valued as that knock.

Where only the game's winner counts (``eaai``), an outcome is worth the chance of winning the
game from the score it leaves (:mod:`ginrummy.agents.gamewin`), not its points, and near the
end of a game knock or play on is searched too (``ExpertParams.score_aware``, ``endgame``).

The ``strong`` choice stands unless another option scores better by more than ``z``
standard errors of the per-world differences (a paired test): with a few dozen worlds
the rollouts are noisy, and a search that followed every small difference played worse
than the heuristics it started from (bench/README.md, section Strength).

The search is bounded by ``samples`` (so play is reproducible for a seed) and by a time
cap ``max_seconds`` per decision (default 5 s) that stops it early on a slow machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TypeVar

from ginrummy.agents import fitted
from ginrummy.agents.expert_params import ExpertParams
from ginrummy.agents.gamewin import AT_ONCE_ODDS, counts_games, win_chance
from ginrummy.agents.opponent import OpponentRecord
from ginrummy.agents.probing import ProbeSearch
from ginrummy.agents.reading import AT_ONCE, HandReading, ReadingModel, read_hand
from ginrummy.agents.rollout import (
    AT_ONCE_POTENTIAL,
    GIN_ONLY,
    SAFE_DANGER,
    OwnPlay,
    clearly_better,
    knock_or_play_on,
    policy_discard,
    rollout,
)
from ginrummy.agents.straight_play import straight_action
from ginrummy.agents.strong import StrongAgent, StrongParams, knock_points
from ginrummy.agents.tracking import Tracking, track
from ginrummy.agents.variant_play import variant_action
from ginrummy.agents.worlds import draw_world, read_opponent_hand
from ginrummy.cards import CardSet
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    fits_meld,
)
from ginrummy.rules import Scoring
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import Action, Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = ["ExpertAgent", "ExpertParams", "draw_world", "rollout", "untimed", "with_search"]


EXPERT_PARAMS = StrongParams(knock_samples=64)
"""The ``strong`` heuristics the expert starts from: the same, judging knocks on 64 sampled
opponent hands instead of 24."""

_A = TypeVar("_A")


def with_search(agent: _A, search: ExpertParams | None = None) -> _A:
    """``agent`` (a level from :func:`ginrummy.agents.make_agent`, or an :class:`ExpertAgent`)
    with its expert search replaced by ``search`` (``None``: its own search untimed,
    :meth:`ExpertParams.untimed`); any other agent unchanged. Returns the same object.

    >>> from ginrummy.agents import make_agent
    >>> with_search(make_agent("expert", 1), ExpertParams(samples=4, max_samples=4)).inner.search.samples
    4
    >>> with_search(make_agent("simple", 1)).name
    'simple'
    """
    expert = getattr(agent, "inner", agent)
    if isinstance(expert, ExpertAgent):
        expert.search = expert.search.untimed() if search is None else search
    return agent


def untimed(agent: _A) -> _A:
    """``agent`` with its expert search untimed: :func:`with_search` with its own search."""
    return with_search(agent)


class ExpertAgent(StrongAgent):
    """``strong`` plus search (see the module docstring); ``seed``: an int or ``random.Random``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> ExpertAgent(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "expert"

    def __init__(
        self,
        seed: int | random.Random | None = 0,
        params: StrongParams | None = None,
        search: ExpertParams | None = None,
    ) -> None:
        super().__init__(seed, params or EXPERT_PARAMS)
        self.search = search or ExpertParams()
        self.seen = OpponentRecord()  # what this game's finished hands showed of the opponent
        self.totals = [0, 0]  # this game's score so far: mine, the opponent's (points)
        self.spent = 0.0  # seconds of decisions in this game
        self._view: PlayerView | None = None  # the decision's view (read_play's chain reads it)
        self._chain: HandReading | None = None  # that decision's chain over the opponent's play
        self._chain_view: PlayerView | None = None
        self._groups: list[int] = []  # the chain's hand for each world of the search (read_play)

    # -- the opponent across hands ---------------------------------------------------

    def hand_over(self, view: PlayerView) -> None:
        """Learn from a finished hand (``view.result`` shows both hands) whether the opponent
        waits rather than knocking at once (:meth:`ginrummy.agents.opponent.OpponentRecord.see`)."""
        if not variant_of(view.rules).knock_and_draw:
            return  # another game: nothing to learn about this one
        self._keep_score(view)
        self.seen.see(view, self.search.weigh_gins)

    def _keep_score(self, view: PlayerView) -> None:
        """Add the finished hand's points to :attr:`totals`; a new game starts from 0-0 once a
        total has reached the target."""
        if max(self.totals) >= view.rules.target:
            self.totals = [0, 0]
        r = view.result
        if r is not None and r.winner is not None:
            self.totals[r.winner != view.player] += r.points
        if max(self.totals) >= view.rules.target:
            self.spent = 0.0  # the game is over: the next one has its own time budget

    def points_to_win(self, view: PlayerView) -> int | None:
        """The points this player still needs to reach the game's target (``None`` under
        Hollywood scoring, where three games are open at once)."""
        if view.rules.scoring is not Scoring.STANDARD:
            return None
        mine = 0 if max(self.totals) >= view.rules.target else self.totals[0]
        return view.rules.target - mine

    def score(self, view: PlayerView) -> tuple[int, int]:
        """This game's score before the hand in ``view`` (mine, the opponent's; points), from the
        finished hands: 0-0 once a game has been won."""
        mine, theirs = self.totals
        return (0, 0) if max(mine, theirs) >= view.rules.target else (mine, theirs)

    def outcome_value(self, view: PlayerView) -> Callable[[float], float]:
        """What the search counts a hand's outcome as worth: a function of the points for this
        player (negative: for the opponent; 0: a dead hand; rounded to whole points). With
        ``score_aware`` under rules where only the game's winner counts
        (:func:`~ginrummy.agents.gamewin.counts_games`), the chance of winning the game (0-1)
        from the score that outcome leaves (:func:`~ginrummy.agents.gamewin.win_chance`, the
        hand's multiplier applied; between unequal players with ``ExpertParams.hand_odds``);
        else the points themselves."""
        rules = view.rules
        if not self.search.score_aware or not counts_games(rules):
            return float
        mine, theirs = self.score(view)
        target, mult = rules.target, view.multiplier
        odds = AT_ONCE_ODDS if self._setting(self.search.hand_odds, True) else None

        known: dict[int, float] = {}  # points to worth: a decision's outcomes take few values

        def value(points: float) -> float:
            p = round(points * mult)
            v = known.get(p)
            if v is None:
                v = known[p] = win_chance(mine + max(p, 0), theirs + max(-p, 0), target, odds)
            return v

        return value

    def in_endgame(self, view: PlayerView) -> bool:
        """Whether either player needs at most ``endgame`` points to reach the target (with
        ``score_aware``, under rules that count games): knock or play on is then searched."""
        e = self.search.endgame
        if not e or not self.search.score_aware or not counts_games(view.rules):
            return False
        return view.rules.target - max(self.score(view)) <= e

    def finishes(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        """Whether ``knock`` (``dw`` > 0 points of deadwood) reaches the game's target against
        at least a share ``finish`` of ``knock_samples`` opponent hands sampled from the tracking
        (and so wins the game, whatever it risks in points)."""
        need = self.points_to_win(view)
        share = self.search.finish
        if need is None or share <= 0 or dw == 0 or need > 60:
            return False
        n = self.params.knock_samples
        melds = knock.melds or ()
        reach = 0
        for _ in range(n):
            pts = knock_points(view.rules, dw, best_layoff(melds, self.sample_opponent(tr)).points)
            reach += pts * view.multiplier >= need
        return reach >= share * n

    def opponent_seeks_gin(self) -> bool:
        """Whether to play the opponent as a gin-seeker (with ``adapt``): it has gone gin, and
        more than four times as often as it knocked short of gin after its first
        :data:`~ginrummy.agents.opponent.LATE_TURN` turns (``strong`` knocks short of gin about
        half as often as it goes gin; a gin-seeker only in its first turns). With ``prior_gin`` one gin is counted
        before any is seen: until a late knock short of gin, the opponent is a gin-seeker."""
        gins = self.seen.gins + (self.search.prior_gin and not self._shown_fast())
        return self.search.adapt and gins > 4 * self.seen.late_knocks

    def _setting(self, value: bool | None, against_fast_knocker: bool) -> bool:
        """A search setting: ``value``, or for ``None`` by the opponent seen so far."""
        if value is not None:
            return value
        return against_fast_knocker if self.opponent_knocks_at_once() else not against_fast_knocker

    def own_play(self) -> OwnPlay:
        """How the rollouts play my discards (``ExpertParams.keep_layoffs``, ``safe_discards``,
        ``own_potential``)."""
        danger = SAFE_DANGER if self._setting(self.search.safe_discards, True) else 0
        potential = self.search.own_potential
        if potential is None:
            potential = AT_ONCE_POTENTIAL if self.opponent_knocks_at_once() else 0
        return OwnPlay(self._setting(self.search.keep_layoffs, True), danger, potential)

    def own_limit(self) -> int | None:
        """The most deadwood (points) at which the rollouts' own side knocks short of gin
        (``ExpertParams.own_knock``, while the opponent is played as one who knocks at once;
        ``None``: the knock limit)."""
        return self.search.own_knock if self.opponent_knocks_at_once() else None

    def tie_seed(self) -> int:
        """A seed for one world's random tie-breaks of the opponent's discards in the rollouts
        (``ExpertParams.opp_ties``; 0: off, ties go to the highest card)."""
        return self.rng.getrandbits(64) | 1 if self._setting(self.search.opp_ties, True) else 0

    def racing(self) -> bool:
        """Whether the race to gin checks this hand's takes and discards (``ExpertParams.race``;
        ``None``: against an opponent seen to wait)."""
        return self._setting(self.search.race, False)

    def racing_draws(self) -> bool:
        """Whether the race to gin checks this hand's take-or-draw choices: with :meth:`racing`,
        or by ``ExpertParams.race_draw`` (``None``: against an opponent seen to wait)."""
        return self.racing() or self._setting(self.search.race_draw, False)

    def opponent_knocks_at_once(self) -> bool:
        """Whether to play the opponent as one who knocks as soon as it can: until a finished
        hand (told by :meth:`hand_over`) shows it passing up a knock or going gin. Against
        ``strong``, who waits for a low count, that comes after the first hand in most games;
        ``simple`` never passes up a knock and goes gin in about one hand in 50. With
        ``prior_gin``, only once a finished hand has shown it knocking short of gin: before
        that it is played as one who waits (and, with ``adapt``, as a gin-seeker), unless
        ``no_wait_hands`` of its hands were shown late without a knock passed up."""
        if self.seen.waits:
            return False
        return not self.search.prior_gin or self.seen.knocks > 0 or self._shown_fast()

    def _shown_fast(self) -> bool:
        """Whether ``no_wait_hands`` of the opponent's hands were shown late in a hand it lost to
        this player without a knock passed up (:class:`~ginrummy.agents.opponent.OpponentRecord`'s
        ``shown``): then no longer played as a gin-seeker on the prior alone."""
        n = self.search.no_wait_hands
        return n > 0 and self.seen.shown >= n

    # -- worlds ------------------------------------------------------------------

    def _worlds(
        self, tr: Tracking, count: int | None = None, read: bool = True
    ) -> list[tuple[CardSet, list[int], bool | int]]:
        """``count`` worlds (default ``samples``): (opponent hand, stock top first, whether the
        opponent waits for an undercut in that world: a share ``opp_wait`` of the worlds, none
        with ``fit_wait`` while it is seen to knock at once; :data:`GIN_ONLY` in every world
        against a gin-seeker, but for a share ``prior_mix`` of them, where it knocks at once, while
        none of its gins has been seen); ``read`` False: never from ``read_play``'s chain)."""
        worlds: list[tuple[CardSet, list[int], bool | int]] = []
        gin_only = self.opponent_seeks_gin()
        knocks_at_once = self.opponent_knocks_at_once()
        at_once = self.search.fit_wait and knocks_at_once
        reads = self.search.infer_at_once and knocks_at_once
        chain = self._reading(tr, knocks_at_once) if read else None
        draws = self.search.at_once_draws if knocks_at_once else None
        mix = self.search.prior_mix if self.seen.gins == 0 and self.search.prior_gin else 0.0
        for _ in range(self.search.samples if count is None else count):
            drawn = None if chain is None else chain.sample()
            if chain is not None:
                self._groups.append(chain.last)
            opp, stock, wait = draw_world(tr, self.rng, self.search, reads, drawn, draws)
            if gin_only and mix and self.rng.random() < mix:
                # ExpertParams.prior_mix: this world's opponent knocks at once
                worlds.append((opp, stock, False))
                continue
            worlds.append((opp, stock, GIN_ONLY if gin_only else wait and not at_once))
        return worlds

    def _reading(self, tr: Tracking, knocks_at_once: bool) -> HandReading | None:
        """With ``read_play``, the chain over the opponent's play this hand (:func:`~ginrummy.agents.reading.read_hand`,
        one a decision, from a hand as :func:`draw_world` draws it; :data:`~ginrummy.agents.reading.AT_ONCE`'s
        model while it is played as one who knocks at once); ``None`` where it is off or does not apply."""
        view = self._view
        if not self._setting(self.search.read_play, True) or view is None:
            return None
        if self._chain_view is not view:
            start = read_opponent_hand(tr, self.rng, self.search)
            s = self.search
            model = replace(AT_ONCE if knocks_at_once else ReadingModel(), beta=s.read_beta)
            self._chain = read_hand(view, tr, self.rng, start, model, steps=s.read_steps, hands=s.read_hands)
            self._chain_view = view
        return self._chain

    def sample_opponent(self, tr: Tracking) -> CardSet:
        """One opponent hand for the knock judgements: as the search's worlds draw it
        (:func:`draw_world`) while the opponent is played as one who knocks at once and
        ``infer_at_once`` is on, else as ``strong`` draws it."""
        if self.search.infer_at_once and self.opponent_knocks_at_once():
            return read_opponent_hand(tr, self.rng, self.search, at_once=True)
        return super().sample_opponent(tr)

    # -- the fitted rules --------------------------------------------------------

    def judge_knock(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        """Whether to make ``knock``: gin and forced knocks always; otherwise by the fitted
        rule (:func:`~ginrummy.agents.fitted.knock_weights` of ``knock_fit``), or as ``strong`` without it;
        always when it wins the game (:meth:`finishes`)."""
        return bool(dw and self.finishes(view, tr, knock, dw)) or self._judge_points(view, tr, knock, dw)

    def _judge_points(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        """:meth:`judge_knock` on the hand's points alone (the game's score aside)."""
        if dw == 0 or view.must_knock or not self._setting(self.search.knock_rule, False):
            return super().judge_knock(view, tr, knock, dw)
        weights = fitted.knock_weights(self.search.knock_fit)
        return fitted.predict(weights, fitted.knock_features(self, view, tr, knock, dw)) > 0

    def wants_upcard(self, view: PlayerView, tr: Tracking) -> bool:
        """Whether to take the upcard: by the fitted rule
        (:data:`~ginrummy.agents.fitted.DRAW_WEIGHTS`) when it fits a meld or lowers the
        deadwood, else as ``strong``."""
        up = view.upcard
        if up is None or not self.search.draw_rule:
            return super().wants_upcard(view, tr)
        if not fitted.upcard_is_close(view.hand, up, tr.mr):
            return super().wants_upcard(view, tr)
        return fitted.predict(fitted.DRAW_WEIGHTS, fitted.draw_features(self, view, tr)) > 0

    # -- draws -------------------------------------------------------------------

    def hurried(self) -> bool:
        """Whether this game's decisions have used up ``game_seconds``: no more search."""
        budget = self.search.game_seconds
        return budget > 0 and self.spent > budget

    def act(self, view: PlayerView) -> Action:
        """Choose a legal action for ``view.player`` from the view alone (its time counted in
        :attr:`spent`)."""
        start = time.perf_counter()
        self._view = view
        try:
            return self._act(view)
        finally:
            self.spent += time.perf_counter() - start

    def _act(self, view: PlayerView) -> Action:
        if not variant_of(view.rules).knock_and_draw:
            return self._simple.act(view)  # another game: played as the simple level
        if (variant := variant_action(self, view)) is not None:
            return variant  # a rule set's own policy (gin only: agents/variant_play.py)
        drawing = view.phase in (Phase.OFFER, Phase.DRAW)
        if (self.racing_draws() if drawing else self.racing()) and (
            raced := straight_action(self, view)
        ) is not None:
            return raced  # the race to gin's check (ExpertParams.race, race_draw; none once hurried)
        if (
            not self.hurried()
            and self._setting(self.search.draw_search, True)
            and drawing
            and view.upcard is not None
        ):
            tr = track(view)
            legal = view.legal_actions
            if len(legal) > 1 and TakeDiscard() in legal:
                return self._search_draw(view, tr, Pass() if view.phase is Phase.OFFER else DrawStock())
        return super().act(view)

    def _search_draw(self, view: PlayerView, tr: Tracking, other: Action) -> Action:
        up = view.upcard
        assert up is not None
        hand = view.hand
        strong_take = self.wants_upcard(view, tr)
        near = fits_meld(up, hand, mr=tr.mr) or strong_take or self._setting(self.search.wide_draw, True)
        if not near:
            return TakeDiscard() if strong_take else other
        rules = view.rules
        lim = view.knock_limit  # variants: this hand's knock limit (Oklahoma), agents/variant_play.py
        w = self.search.wait
        kl = self.own_play()
        ol = self.own_limit()
        play_on = partial(rollout, rules, wait=w, knock_limit=lim, own=kl, own_limit=ol)
        knock_or_on = partial(knock_or_play_on, rules, wait=w, limit=lim, own=kl, own_limit=ol)
        take_hand = hand | (1 << up)
        knock_card, knock_dw = policy_discard(take_hand, up, tr.mr)
        can_knock = self.search.take_knock and knock_dw <= lim  # valued as knocking at once
        take_card = (
            knock_card
            if can_knock
            else self.choose_discard(take_hand, tr, [c for c in range(52) if take_hand >> c & 1], up)
        )
        diffs: list[float] = []  # per world: the worth after taking minus the worth after drawing
        offer = view.phase is Phase.OFFER
        worth = self.outcome_value(view)

        def play(world: tuple[CardSet, list[int], bool | int]) -> None:
            opp, stock, ow = world
            kept = take_hand & ~(1 << take_card)
            ties = self.tie_seed()
            if can_knock:
                take = knock_or_on(kept, knock_dw, opp, list(stock), take_card, opp_wait=ow, ties=ties)
            else:
                take = play_on(kept, opp, list(stock), take_card, True, opp_wait=ow, ties=ties)
            if offer:
                # passing: the opponent may take the upcard; approximate by the opponent drawing next
                draw = play_on(hand, opp, list(stock), up, True, opp_wait=ow, ties=ties)
            else:
                drawn = stock[0]
                h11 = hand | (1 << drawn)
                card, dw = policy_discard(h11, None, tr.mr)
                draw = knock_or_on(h11 & ~(1 << card), dw, opp, stock[1:], card, opp_wait=ow, ties=ties)
            diffs.append(worth(take) - worth(draw))

        self._search(
            tr,
            play,
            lambda: self._close([-d for d in diffs] if strong_take else diffs),
            self.search.read_draws,
        )
        if self._clearly_better([-d for d in diffs] if strong_take else diffs):
            return other if strong_take else TakeDiscard()
        return TakeDiscard() if strong_take else other

    def _search(
        self,
        tr: Tracking,
        play: Callable[[tuple[CardSet, list[int], bool | int]], None],
        close: Callable[[], bool],
        read: bool = True,
    ) -> None:
        """Play ``samples`` worlds (``play`` each, until ``max_seconds`` have passed), then
        more while ``close()`` says the decision is close (the time manager:
        :class:`ExpertParams` ``max_samples``, ``extend_share``); ``read``: as :meth:`_worlds`."""
        s = self.search
        self._groups = []
        start = time.perf_counter()
        deadline = start + s.max_seconds
        for world in self._worlds(tr, read=read):
            play(world)
            if time.perf_counter() > deadline:
                return
        done = s.samples
        if s.max_samples <= done:
            return
        left = s.game_seconds - self.spent if s.game_seconds > 0 else s.max_seconds
        extend_until = min(deadline, start + s.extend_share * left)
        while done < s.max_samples and time.perf_counter() < extend_until and close():
            for world in self._worlds(tr, min(s.samples, s.max_samples - done), read):
                play(world)
                done += 1
                if time.perf_counter() > extend_until:
                    return

    def _close(self, diffs: list[float]) -> bool:
        """Whether per-world gains ``diffs`` of a move over the ``strong`` choice are positive
        but not clearly so (:meth:`_clearly_better`): more worlds could tell."""
        return len(diffs) > 1 and sum(diffs) > 0 and not self._clearly_better(diffs)

    def _clearly_better(self, diffs: list[float]) -> bool:
        """Whether per-world gains ``diffs`` (points) of a move over the ``strong`` choice are
        positive beyond ``z`` standard errors (the same worlds for both: a paired test). With
        ``read_groups``, worlds that share one of ``read_play``'s capped hands count as one (their
        mean): the hand's share of the spread is not cut by dealing it out again."""
        groups = self._groups[: len(diffs)] if self.search.read_groups else None  # played as drawn
        return clearly_better(diffs, self.search.z, groups)

    # -- discards ------------------------------------------------------------------

    def discard(self, view: PlayerView, tr: Tracking) -> Action:
        """Discard or knock from 11 cards: the ``strong`` choice unless search finds a clearly
        better one among the close discards (and, with ``knock_search``, the knock)."""
        legal = view.legal_actions
        knocks = [a for a in legal if isinstance(a, Knock)]
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if (
            not discards
            or view.must_knock
            or view.stock_size <= view.rules.stock_left_dead + 1
            or self.hurried()
            or (not knocks and not self.search.race_search and self.racing())
        ):
            return super().discard(view, tr)
        hand = view.hand
        scored = sorted((self.discard_value(hand, c, tr), c) for c in discards if c != view.taken)
        if not scored:
            return super().discard(view, tr)
        if self._setting(self.search.wide, True):
            cands = [c for _, c in scored]  # every discard (ExpertParams.wide)
        else:
            cands = [c for v, c in scored[: self.search.candidates] if v <= scored[0][0] + self.search.margin]
        knock: Knock | None = None
        strong_knocks = False
        dw = 0
        if knocks:
            knock, dw = self.best_knock(tr, knocks)
            if dw and self.finishes(view, tr, knock, dw):
                return knock  # wins the game: no search
            strong_knocks = self._judge_points(view, tr, knock, dw)
            knock_search = (
                self._setting(self.search.knock_search, True)
                or self.opponent_seeks_gin()
                or self.in_endgame(view)
            )
            if dw == 0 or (strong_knocks and not knock_search):
                return knock
            if not knock_search:
                knock = None
        if len(cands) == 1 and knock is None:
            return Discard(cands[0])
        rules = view.rules
        lim = view.knock_limit  # variants: this hand's knock limit (Oklahoma), agents/variant_play.py
        w = self.search.wait
        kl = self.own_play()
        ol = self.own_limit()
        play_on = partial(rollout, rules, wait=w, knock_limit=lim, own=kl, own_limit=ol)
        worth = self.outcome_value(view)
        if not knocks and self.search.probe and self.opponent_knocks_at_once():  # agents/probing.py
            q = ProbeSearch(
                hand, cands, self.search.probe, play_on, worth, tr.mr, self.tie_seed, self._clearly_better
            )
            self._search(tr, q.play, q.close)
            return Discard(q.choice())
        vals: dict[int, list[float]] = {c: [] for c in cands}
        knock_vals: list[float] = []

        def play(world: tuple[CardSet, list[int], bool | int]) -> None:
            opp, stock, ow = world
            ties = self.tie_seed()
            if knock is not None:
                knock_vals.append(
                    worth(knock_points(rules, dw, best_layoff(knock.melds or (), opp, tr.mr).points))
                )
            for c in cands:
                vals[c].append(
                    worth(play_on(hand & ~(1 << c), opp, list(stock), c, True, opp_wait=ow, ties=ties))
                )

        # the strong level's choice stands unless another is clearly better
        default: Action = Discard(cands[0])
        default_vals = vals[cands[0]]
        if strong_knocks and knock is not None:
            default, default_vals = knock, knock_vals
        options: list[tuple[Action, list[float]]] = [(Discard(c), vals[c]) for c in cands]
        if knock is not None:
            options.append((knock, knock_vals))

        def close() -> bool:
            _, lead = max(options, key=lambda o: sum(o[1]))
            return self._close([a - b for a, b in zip(lead, default_vals, strict=True)])

        self._search(tr, play, close, knock is None or self.search.read_knocks)
        best, best_vals = max(options, key=lambda o: sum(o[1]))
        if best != default and self._clearly_better(
            [a - b for a, b in zip(best_vals, default_vals, strict=True)]
        ):
            return best
        return default
