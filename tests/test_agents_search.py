"""The expert's simulator (``rollout``) and the opponent-hand sampler, on constructed positions;
its draw and knock searches with the simulator's results set by the test."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ginrummy.agents import expert as expert_module
from ginrummy.agents.expert import ExpertAgent, ExpertParams, rollout
from ginrummy.agents.rollout import (
    GIN_ONLY,
    PLAIN,
    OwnPlay,
    guarded_discard,
    layoff_targets,
    policy_discard,
)
from ginrummy.agents.strong import StrongAgent, sample_opponent_hand
from ginrummy.agents.tracking import track
from ginrummy.cards import Card, CardSet, parse_cards
from ginrummy.errors import ArgumentError
from ginrummy.hand.phase import Phase
from ginrummy.layoff import best_layoff
from ginrummy.melds import (
    best_arrangement,
    fits_meld,
    least_deadwood,
)
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import Discard, DrawStock, Knock, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView
from helpers.build import pure_only
from helpers.hands import play_out
from helpers.strategies import build_deck, knock_chance, plain_discard, strong_views

EAAI = Rules.preset("eaai")
# I hold three runs and a 9: drawing the king of spades and throwing it back knocks with 9 points
ME = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s")
OPP = parse_cards("Qs Qh Qd Js Jh Jd 2s 2h As Ah")  # 6 points of deadwood: an undercut of a 9-point knock
STOCK = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]  # one draw, then 2 cards left: the hand is dead


def knock_points_now() -> int:
    melds = best_arrangement(ME).melds
    od = best_layoff(melds, OPP).points
    assert od <= 9  # the position is what the test says it is
    return -(9 - od + EAAI.undercut_bonus)


def test_rollout_knocks_at_once_by_default() -> None:
    assert rollout(EAAI, ME, OPP, list(STOCK), None, False) == knock_points_now()


def test_rollout_waits_for_a_knock_that_scores() -> None:
    # waiting, I throw the king and play on; the stock then runs out: a dead hand (0)
    assert rollout(EAAI, ME, OPP, list(STOCK), None, False, wait=True) == 0


def test_layoff_targets_are_the_cards_that_extend_the_opponents_melds() -> None:
    opp = parse_cards("5h 6h 7h Ks Kh Kd 2c 9s Jd 3s")
    assert layoff_targets(opp) == parse_cards("4h 8h Kc")
    assert layoff_targets(parse_cards("2c 9s Jd 3s 5h 7h Ks Qd 4c 8d")) == 0  # no meld, nothing to lay off on


# unmelded: the nine of spades and the ten of clubs
HAND11 = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s Tc")
# 16 points of deadwood, none to lay off on my melds; the ten of clubs lays off on its run and melds with it
OPP_RUN = parse_cards("Jc Qc Kc Qs Qh Qd 2s 3h 5s 6s")
TEN, NINE = int(Card.parse("Tc")), int(Card.parse("9s"))


def test_guarded_discard_keeps_a_card_that_lays_off() -> None:
    assert policy_discard(HAND11, None) == (TEN, 9)
    assert guarded_discard(HAND11, None, OPP_RUN, PLAIN, False) == policy_discard(HAND11, None)
    # keep the ten and throw the nine (10 points left, none once laid off)
    assert guarded_discard(HAND11, None, OPP_RUN, OwnPlay(keep_layoffs=True), False) == (NINE, 10)
    assert guarded_discard(HAND11, NINE, OPP_RUN, OwnPlay(keep_layoffs=True), False) == (TEN, 9)
    # a gin-seeker lays nothing off on: the fast policy's discard
    assert guarded_discard(HAND11, None, OPP_RUN, OwnPlay(keep_layoffs=True), True) == (TEN, 9)


def test_guarded_discard_keeps_a_card_the_opponent_would_take() -> None:
    assert guarded_discard(HAND11, None, OPP_RUN, OwnPlay(danger=5), False) == (NINE, 10)
    assert guarded_discard(HAND11, None, OPP_RUN, OwnPlay(danger=5), True) == (NINE, 10)
    # a danger of 1 point ties the two cards (10 points each): the higher card goes
    assert guarded_discard(HAND11, None, OPP_RUN, OwnPlay(danger=1), False) == (TEN, 9)
    assert not PLAIN and OwnPlay(danger=1) and OwnPlay(keep_layoffs=True)


@pytest.mark.parametrize(
    ("own", "points"), [(PLAIN, 16 - 9), (OwnPlay(keep_layoffs=True), 16 - 10), (OwnPlay(danger=5), 16 - 10)]
)
def test_rollout_plays_my_discards_as_own_says(own: OwnPlay, points: int) -> None:
    # I draw the ten of clubs: thrown, I knock with 9; kept, with 10
    mine = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th 9s")
    stock = [int(Card.parse(c)) for c in ("Tc", "Ks", "Kh", "Kd", "Kc")]
    assert rollout(EAAI, mine, OPP_RUN, list(stock), None, False, own=own) == points


@pytest.mark.parametrize("seed", range(12))
def test_keeping_layoffs_changes_nothing_against_a_gin_seeker(seed: int) -> None:
    # a gin leaves nothing to lay off on: the rollouts play as without keep_layoffs
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    me, opp = sum(1 << c for c in deck[:10]), sum(1 << c for c in deck[10:20])
    stock = deck[21:]
    plain = rollout(EAAI, me, opp, list(stock), deck[20], True, opp_wait=GIN_ONLY)
    own = OwnPlay(keep_layoffs=True)
    assert rollout(EAAI, me, opp, list(stock), deck[20], True, opp_wait=GIN_ONLY, own=own) == plain


def test_rollout_opponent_waits_only_when_asked() -> None:
    # the same position from the opponent's seat: OPP to move knocks into my undercut unless waiting
    opp_me = parse_cards("Qs Qh Qd Js Jh Jd Tc 9c 8c 9s")  # 9 points after the melds
    mine = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th As")  # 1 point
    stock = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]
    assert least_deadwood(opp_me) == 9
    at_once = rollout(EAAI, mine, opp_me, list(stock), None, True)
    assert at_once > EAAI.undercut_bonus  # my undercut
    assert rollout(EAAI, mine, opp_me, list(stock), None, True, wait=True, opp_wait=True) == 0


def test_rollout_from_a_stock_already_at_the_dead_hand_is_a_dead_hand() -> None:
    # after my discard the stock holds the dead hand's 2 cards: the hand is over, even though the
    # opponent could take my 5 of clubs into its run and go gin (the simulator let it, and a
    # review so rated an expert's last discard of a hand a blunder of 18 points)
    opp_me = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th As")
    mine = parse_cards("Qs Qh Qd Js Jh Jd Tc 9c 8c 9d")
    dead = [int(Card.parse(c)) for c in ("Kh", "Kd")]
    assert EAAI.stock_left_dead == len(dead)
    assert rollout(EAAI, mine, opp_me, list(dead), int(Card.parse("5c")), True) == 0
    one_more = [int(Card.parse("Kc")), *dead]  # one card to draw: the opponent still knocks
    assert rollout(EAAI, mine, opp_me, one_more, int(Card.parse("5c")), True) < -EAAI.gin_bonus


def test_rollout_gin_seeking_opponent_knocks_only_with_gin() -> None:
    # the opponent to move can knock with 1 point (a scoring knock: I hold 9): a waiting
    # opponent knocks, one who plays only for gin throws on, and the hand dies
    opp_me = parse_cards("2c 3c 4c 5d 6d 7d 8h 9h Th As")
    mine = parse_cards("Qs Qh Qd Js Jh Jd Tc 9c 8c 9s")
    stock = [int(Card.parse(c)) for c in ("Ks", "Kh", "Kd")]
    assert least_deadwood(opp_me) == 1 and least_deadwood(mine) == 9
    assert rollout(EAAI, mine, opp_me, list(stock), None, True, opp_wait=True) < 0  # its knock
    assert rollout(EAAI, mine, opp_me, list(stock), None, True, opp_wait=expert_module.GIN_ONLY) == 0
    # gin it still goes: the 2 of spades gives it no gin, the ace of clubs does
    gin_stock = [int(Card.parse(c)) for c in ("Ac", "Kh", "Kd", "Ks")]
    assert (
        rollout(EAAI, mine, opp_me, gin_stock, None, True, opp_wait=expert_module.GIN_ONLY) < -EAAI.gin_bonus
    )


def test_sampled_opponent_hands_are_consistent_with_the_view() -> None:
    state = HandState.deal(EAAI, dealer=1, rng=random.Random(5))
    for _ in range(12):  # a few turns of plain play
        state.push(next(iter(state.legal_actions)))
    view = state.view(state.to_act)
    tr = track(view)
    rng = random.Random(3)
    counts = [0] * 52
    n = 400
    for _ in range(n):
        hand = sample_opponent_hand(tr, rng, extra=3)
        assert hand.bit_count() == tr.opp_known.bit_count() + tr.opp_unknown
        assert hand & tr.opp_known == tr.opp_known
        assert hand & ~(tr.opp_known | tr.unseen) == 0  # never my cards or dead cards
        for c in range(52):
            counts[c] += hand >> c & 1
    # plain samples (no improvement draws) follow the tracking's probabilities
    plain = [0] * 52
    for _ in range(n):
        hand = sample_opponent_hand(tr, rng)
        for c in range(52):
            plain[c] += hand >> c & 1
    for c in range(52):
        assert abs(plain[c] / n - tr.prob[c]) < 0.12, (c, plain[c] / n, tr.prob[c])


def test_expert_leaves_the_strong_choice_only_for_a_clear_gain() -> None:
    agent = ExpertAgent(seed=0)
    assert agent._clearly_better([3.0, 2.0, 4.0, 3.0, 2.5, 3.5])  # every world gains
    assert not agent._clearly_better([25.0, -25.0, 25.0, -25.0, 1.0, 0.0])  # noise around zero
    assert not agent._clearly_better([-1.0, -2.0, -1.5, -1.0])  # a loss
    assert not agent._clearly_better([5.0])  # one world proves nothing


# -- the searches, with the simulator replaced by one whose outcome the test sets -----------------


def _views(wanted: str, count: int) -> list[PlayerView]:
    """Seeded strong v strong views: ``'offer'`` (the upcard fits a meld of the hand) or
    ``'knock'`` (a knock short of gin is legal and not forced, with stock to play on)."""

    def accept(view: PlayerView) -> bool:
        if wanted == "offer":
            up = view.upcard
            return view.phase is Phase.OFFER and up is not None and fits_meld(up, view.hand)
        return knock_chance(view)

    return strong_views(accept, count, EAAI)


def _fake_rollout(value: Callable[[CardSet], float]) -> Callable[..., float]:
    """A simulator whose result is ``value(hand the expert keeps)``, plus a little noise per world."""
    noise = random.Random(0)

    def fake(rules: Rules, mine: CardSet, *args: object, **kwargs: object) -> float:
        return value(mine) + noise.uniform(-0.5, 0.5)

    return fake


FAST = ExpertParams(samples=12, draw_search=True, knock_search=True, knock_rule=False, prior_gin=False)


@pure_only
@pytest.mark.parametrize("take_pays", [True, False])
def test_the_draw_search_follows_the_simulated_points(
    monkeypatch: pytest.MonkeyPatch, take_pays: bool
) -> None:
    gain = 10.0 if take_pays else -10.0  # keeping the upcard scores 10 points more (or less) in every world
    for view in _views("offer", 6):
        up = view.upcard
        assert up is not None
        value = _fake_rollout(lambda mine, up=up: gain * (mine >> up & 1))
        monkeypatch.setattr(expert_module, "rollout", value)
        action = ExpertAgent(seed=1, search=FAST).act(view)
        assert action == (TakeDiscard() if take_pays else Pass())


@pure_only
@pytest.mark.parametrize("knock_pays", [True, False])
def test_the_knock_search_follows_the_simulated_points(
    monkeypatch: pytest.MonkeyPatch, knock_pays: bool
) -> None:
    for view in _views("knock", 6):
        # playing on scores 100 points less (or more) than any knock can lose (or win)
        monkeypatch.setattr(
            expert_module, "rollout", _fake_rollout(lambda mine: -100.0 if knock_pays else 100.0)
        )
        action = ExpertAgent(seed=1, search=FAST).act(view)
        assert isinstance(action, Knock) == knock_pays, action
        assert action in view.legal_actions


@pure_only
def test_the_time_manager_searches_close_decisions_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    # two simulations a world in the draw search (take, then pass); 12 worlds at first, up to 48
    managed = ExpertParams(
        samples=12, max_samples=48, draw_search=True, knock_rule=False, prior_gin=False
    ).untimed()
    noise = random.Random(0)
    for gain, close in ((0.0, True), (100.0, False)):
        worlds = []
        for view in _views("offer", 6):
            up = view.upcard
            assert up is not None
            calls = [0]

            def fake(
                rules: Rules,
                mine: CardSet,
                *args: object,
                up: int = up,
                gain: float = gain,
                calls: list[int] = calls,
                **kwargs: object,
            ) -> float:
                calls[0] += 1
                return gain * (mine >> up & 1) + noise.uniform(-20.0, 20.0)

            monkeypatch.setattr(expert_module, "rollout", fake)
            assert ExpertAgent(seed=1, search=managed).act(view) in view.legal_actions
            worlds.append(calls[0] // 2)
        assert all(n in (12, 24, 36, 48) for n in worlds), worlds
        # a gain of 100 points a world is clear at once; pure noise leaves some decisions close
        assert (max(worlds) == 48) if close else worlds == [12] * 6, worlds


def test_time_manager_settings_out_of_range_raise() -> None:
    with pytest.raises(ArgumentError, match="max_samples"):
        ExpertParams(samples=32, max_samples=8)
    with pytest.raises(ArgumentError, match="extend_share"):
        ExpertParams(extend_share=1.5)


def test_the_expert_knocks_whenever_the_knock_wins_the_game() -> None:
    # I (the non-dealer) take the 9 of spades: a knock with 9 points after throwing the king
    deck = build_deck("2c 3c 4c 5d 6d 7d 8h 9h Th Kc", "Qs Qh Qd Js Jh Jd 2s 2h As Ah", upcard="9s")
    state = HandState(EAAI, 1, deck)
    state.push(TakeDiscard())
    view = state.view(0)
    tr = track(view)
    knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
    expert = ExpertAgent(seed=1, search=ExpertParams(samples=4))
    knock, dw = expert.best_knock(tr, knocks)
    assert dw == 9
    expert.totals = [99, 0]  # any scoring knock wins the game
    assert expert.points_to_win(view) == 1
    assert expert.finishes(view, tr, knock, dw) and expert.judge_knock(view, tr, knock, dw)
    expert.totals = [20, 60]  # it would need 80 points from this knock
    assert not expert.finishes(view, tr, knock, dw)
    off = ExpertAgent(seed=1, search=ExpertParams(samples=4, finish=0.0))
    off.totals = [99, 0]
    assert not off.finishes(view, tr, knock, dw)


@pure_only
def test_the_expert_stops_searching_once_its_game_time_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_rollout(*args: object, **kwargs: object) -> int:
        raise AssertionError("searched after the game's time budget was spent")

    monkeypatch.setattr(expert_module, "rollout", no_rollout)
    expert = ExpertAgent(seed=2, search=ExpertParams(samples=4, game_seconds=5.0))
    expert.spent = 6.0
    assert expert.hurried()
    for seed in range(6):
        state = HandState.deal(EAAI, seed % 2, random.Random(seed))
        play_out(state, [expert, StrongAgent(seed)])
    assert expert.spent > 6.0  # its decisions were counted (no hand here reached the target)
    searching = ExpertAgent(seed=2, search=ExpertParams(samples=4, game_seconds=0.0))
    searching.spent = 1e9
    assert not searching.hurried()  # 0: no budget


def _discard_views(count: int) -> list[PlayerView]:
    """Seeded strong v strong views of a discard with no knock legal and stock to play on."""
    return strong_views(plain_discard, count, EAAI)


@pure_only
@pytest.mark.parametrize(
    ("race", "waits", "consulted"),
    [(False, True, False), (True, False, True), (None, False, False), (None, True, True)],
)
def test_the_race_to_gin_checks_discards_when_asked(
    monkeypatch: pytest.MonkeyPatch, race: bool | None, waits: bool, consulted: bool
) -> None:
    # ExpertParams.race: on, off, or by the opponent (on against one seen to wait)
    calls: list[PlayerView] = []

    def fake_race(agent: StrongAgent, view: PlayerView) -> Discard:
        calls.append(view)
        return Discard(max(a.card for a in view.legal_actions if isinstance(a, Discard)))

    monkeypatch.setattr(expert_module, "straight_action", fake_race)
    for view in _discard_views(4):
        expert = ExpertAgent(seed=1, search=ExpertParams(samples=4, race=race))
        _tell(expert, waits)
        action = expert.act(view)
        assert action in view.legal_actions
        if consulted:
            assert action == fake_race(expert, view)
    assert bool(calls) == consulted


def test_the_race_to_gin_check_plays_legally_in_knock_hands() -> None:
    # the real race (agents/straight_play.py) in a hand where knocks are allowed
    for view in _discard_views(3):
        expert = ExpertAgent(seed=3, search=ExpertParams(samples=4, race=True))
        assert expert.act(view) in view.legal_actions


@pure_only
@pytest.mark.parametrize("race_search", [True, False])
def test_the_race_checks_the_strong_choice_without_the_search_when_asked(
    monkeypatch: pytest.MonkeyPatch, race_search: bool
) -> None:
    # ExpertParams.race_search False: where no knock is legal, the race starts from strong's discard
    searched: list[int] = []

    def counting_rollout(*args: object, **kwargs: object) -> int:
        searched.append(1)
        return 0

    monkeypatch.setattr(expert_module, "rollout", counting_rollout)
    for view in _discard_views(6):
        expert = ExpertAgent(seed=1, search=ExpertParams(samples=4, race=True, race_search=race_search))
        assert expert.act(view) in view.legal_actions
    assert bool(searched) == race_search


@pure_only
@pytest.mark.parametrize(
    ("race_draw", "waits", "consulted"),
    [(False, True, False), (True, False, True), (None, False, False), (None, True, True)],
)
def test_the_race_to_gin_checks_take_or_draw_alone_when_asked(
    monkeypatch: pytest.MonkeyPatch, race_draw: bool | None, waits: bool, consulted: bool
) -> None:
    # ExpertParams.race_draw: the race checks take-or-draw, never the discards
    calls: list[PlayerView] = []

    def fake_race(agent: StrongAgent, view: PlayerView) -> Pass:
        calls.append(view)
        return Pass()

    monkeypatch.setattr(expert_module, "straight_action", fake_race)
    for view in _views("offer", 4):
        expert = ExpertAgent(seed=1, search=ExpertParams(samples=4, race_draw=race_draw))
        _tell(expert, waits)
        action = expert.act(view)
        assert action in view.legal_actions
        if consulted:
            assert action == Pass()
    assert bool(calls) == consulted
    calls.clear()
    for view in _discard_views(3):
        expert = ExpertAgent(seed=1, search=ExpertParams(samples=4, race_draw=race_draw))
        _tell(expert, waits)
        assert expert.act(view) in view.legal_actions
    assert not calls  # discards stay the expert's own


def test_the_race_to_gin_check_of_take_or_draw_plays_legally() -> None:
    # the real race (agents/straight_play.py) on upcard offers in a hand where knocks are allowed
    for view in _views("offer", 4):
        expert = ExpertAgent(seed=3, search=ExpertParams(samples=4, race_draw=True))
        assert expert.act(view) in view.legal_actions


def _draw_view() -> PlayerView:
    """I (the non-dealer) to draw, the opponent having drawn and thrown the 4 of spades, which gives
    me gin (throwing the king of diamonds); the stock's top card, the 4 of diamonds, gives the
    opponent gin, or me a knock with 4 points."""
    deck = build_deck(
        "As 2s 3s 5h 6h 7h 9c 9d 9h Kd", "Ts Js Qs 8d 8s 8c 5d 6d 7d Qh", upcard="2c", stock="Kc 4s 4d"
    )
    state = HandState(Rules(), 1, deck)
    for action in (Pass(), Pass(), DrawStock(), Discard(Card.parse("Kc")), DrawStock()):
        state.push(action)
    state.push(Discard(Card.parse("4s")))
    return state.view(0)


@pure_only
@pytest.mark.parametrize("take_knock", [True, False])
def test_the_draw_search_values_a_take_that_knocks_as_the_knock(
    monkeypatch: pytest.MonkeyPatch, take_knock: bool
) -> None:
    view = _draw_view()
    opp = parse_cards("Ts Js Qs 8d 8s 8c 5d 6d 7d Qh")
    rest = track(view).unseen & ~opp
    first = int(Card.parse("4d"))
    stock = [first] + [c for c in range(52) if (rest >> c) & 1 and c != first]
    expert = ExpertAgent(seed=1, search=ExpertParams(samples=8, take_knock=take_knock, prior_gin=False))
    monkeypatch.setattr(expert, "_worlds", lambda tr, count=None, read=True: [(opp, stock, False)] * 8)
    action = expert.act(view)
    # valued as gin at once, the take wins; valued as playing on with the opponent to draw, it
    # loses to the opponent's gin and drawing (a 4-point knock) looks better
    assert action == (TakeDiscard() if take_knock else DrawStock())


def _tell(expert: ExpertAgent, waits: bool) -> None:
    """As if a finished hand had shown the opponent knocking short of gin late in its hand (no
    gin-seeker), and another (``waits``) passing up a knock."""
    expert.seen.knocks = expert.seen.late_knocks = 1
    expert.seen.waits = waits


def test_the_worlds_follow_an_opponent_seen_to_knock_at_once() -> None:
    view = _draw_view()
    tr = track(view)
    fitted_ = ExpertAgent(seed=3, search=ExpertParams(opp_wait=0.5))
    assert not fitted_.opponent_knocks_at_once()  # nothing seen yet: a gin-seeker (prior_gin)
    assert all(w == GIN_ONLY for _, _, w in fitted_._worlds(tr, 16))
    _tell(fitted_, waits=False)
    assert fitted_.opponent_knocks_at_once()
    assert not any(w for _, _, w in fitted_._worlds(tr, 64))  # knocks at once in every world
    plain = ExpertAgent(seed=3, search=ExpertParams(opp_wait=0.5, fit_wait=False, prior_gin=False))
    assert 0 < sum(bool(w) for _, _, w in plain._worlds(tr, 64)) < 64
    fitted_.seen.waits = True  # a finished hand showed it waiting
    assert 0 < sum(bool(w) for _, _, w in fitted_._worlds(tr, 64)) < 64


def test_prior_mix_lets_some_worlds_knock_at_once_until_a_gin_is_seen() -> None:
    tr = track(_draw_view())
    mixed = ExpertAgent(seed=3, search=ExpertParams(prior_mix=0.5))
    assert mixed.opponent_seeks_gin()  # on the prior alone
    kinds = [w for _, _, w in mixed._worlds(tr, 64)]
    assert set(kinds) == {GIN_ONLY, False} and 16 < kinds.count(False) < 48
    assert all(
        w is False for _, _, w in ExpertAgent(seed=3, search=ExpertParams(prior_mix=1.0))._worlds(tr, 16)
    )
    mixed.seen.gins = 1  # a finished hand showed it going gin: a gin-seeker in every world
    assert all(w == GIN_ONLY for _, _, w in mixed._worlds(tr, 32))
    with pytest.raises(ArgumentError, match="prior_mix"):
        ExpertParams(prior_mix=1.5)


@pure_only
def test_every_discard_is_searched_against_an_opponent_who_knocks_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    search = ExpertParams(samples=4, knock_rule=False)
    for view in strong_views(plain_discard, 4, EAAI):
        discards = {a.card for a in view.legal_actions if isinstance(a, Discard)} - {view.taken}
        for waits, wide in ((False, True), (True, False)):
            searched: set[int] = set()

            def fake(
                rules: Rules,
                mine: CardSet,
                *args: object,
                searched: set[int] = searched,
                discards: set[int] = discards,
                **kwargs: object,
            ) -> float:
                searched.add(next(c for c in discards if not mine >> c & 1))
                return 0.0

            monkeypatch.setattr(expert_module, "rollout", fake)
            expert = ExpertAgent(seed=1, search=search)
            _tell(expert, waits)  # knocks at once (wide by default) or waits (the close discards only)
            assert expert.act(view) in view.legal_actions
            if wide:
                assert searched == discards
            else:
                assert len(searched) <= search.candidates < len(discards)


@pure_only
def test_every_upcard_is_searched_with_wide_draw_against_an_opponent_who_knocks_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def far_upcard(view: PlayerView) -> bool:
        up = view.upcard
        if view.phase is not Phase.DRAW or up is None or fits_meld(up, view.hand):
            return False
        return not StrongAgent(0).wants_upcard(view, track(view))

    search = ExpertParams(samples=4, knock_rule=False, wide_draw=None)
    for view in strong_views(far_upcard, 3, EAAI):
        for waits, wide in ((False, True), (True, False)):
            calls: list[int] = []

            def fake(*args: object, calls: list[int] = calls, **kwargs: object) -> float:
                calls.append(1)
                return 0.0

            monkeypatch.setattr(expert_module, "rollout", fake)
            monkeypatch.setattr(expert_module, "knock_or_play_on", fake)
            expert = ExpertAgent(seed=1, search=search)
            _tell(expert, waits)  # knocks at once (every upcard searched) or waits (not searched)
            assert expert.act(view) == DrawStock()  # no take clearly better when every rollout ties
            assert bool(calls) is wide
