"""One hand played in OpenSpiel and in ours in lockstep (:class:`Mirror`), and a run of many
(:func:`run_hands`), for ``tests/test_differential_openspiel.py`` (its docstring describes what
is compared and the known categories of disagreement). Needs ``pyspiel``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")

from ginrummy.agents import SimpleAgent
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.layoff import layoff_options
from ginrummy.melds import Meld, best_arrangement, least_deadwood_after_discard
from ginrummy.variants.standard.actions import Action, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.state import HandState, Phase
from helpers.hands import until_over
from helpers.openspiel import (
    CHAIN,
    DEADWOOD11,
    DRAW_STOCK,
    DRAW_UPCARD,
    GR,
    KNOCK,
    OS_PARAMS,
    PASS,
    REPETITION,
    RULES,
    SEED,
    SHARED,
    TIE,
    UPCARD_LIMIT,
    UTILS,
    EndedInOpenSpielOnly,
    Summary,
    Unexplained,
    bf_best_defence,
    bf_cards,
    bf_fits,
    bf_is_run,
    bf_least,
    bf_least_after_discard,
    bf_points,
    bf_reachable_layoffs,
    make_style,
    meld_actions,
    os_card,
    os_cards,
    os_expected_returns,
    our_card,
    pyspiel,
    text,
)

# --------------------------------------------------------------------------- one hand


class Mirror:
    """One hand played in both engines in lockstep."""

    def __init__(self, initial: Any, index: int, summary: Summary) -> None:
        self.index = index
        self.summary = summary
        rng = random.Random(SEED * 7919 + index)
        self.rng = rng
        self.dealer = index % 2
        deck = list(range(52))
        rng.shuffle(deck)
        self.s = HandState(RULES, self.dealer, deck)
        self.agents = (SimpleAgent(random.Random(rng.random())), SimpleAgent(random.Random(rng.random())))
        self.styles = (make_style(rng), make_style(rng))
        self.os = initial.clone()  # new_initial_state() costs ~4 ms, a clone ~0.1 ms
        for c in [*deck[0:20:2], *deck[1:20:2], deck[20]]:
            self.apply_os(os_card(c))
        self.cats: Counter[str] = Counter()
        self.defence_greedy = False
        self.refused = 0  # our layoffs OpenSpiel refused (as a CardSet)
        self.draw_takes = 0

    # -- helpers ----------------------------------------------------------------

    def where(self) -> str:
        return f"hand {self.index} (dealer {self.dealer}) at stock {self.s.stock_size}, phase {self.s.phase.name}"

    def fail(self, what: str) -> Unexplained:
        return Unexplained(f"{self.where()}: {what}")

    def note(self, cat: str, example: str) -> None:
        self.cats[cat] += 1
        self.summary.events[cat] += 1
        ex = self.summary.examples.setdefault(cat, [])
        if len(ex) < 3:
            ex.append(f"hand {self.index}: {example}")

    def os_player(self, ours: int) -> int:
        return 0 if ours == 1 - self.dealer else 1

    def apply_os(self, action: int) -> None:
        """Apply an OpenSpiel action; a player's action must be among its legal actions."""
        if not self.os.is_chance_node() and action not in self.os.legal_actions():
            raise self.fail(
                f"OpenSpiel refuses {self.os.action_to_string(self.os.current_player(), action)} "
                f"(legal: {self.os.legal_actions()})"
            )
        self.os.apply_action(action)
        self.summary.os_actions += 1

    def draw_os_stock(self) -> None:
        nxt = self.s.stock[0]
        self.apply_os(DRAW_STOCK)
        if not self.os.is_chance_node():
            raise self.fail("OpenSpiel drew from stock without a chance node")
        self.apply_os(os_card(nxt))

    # -- main loop --------------------------------------------------------------

    def play(self) -> None:
        s = self.s
        for _ in until_over(s):
            if self.os.is_terminal():
                raise self.fail("OpenSpiel ended the hand, ours goes on")
            p = s.to_act
            if self.os.current_player() != self.os_player(p):
                raise self.fail(f"player to act: ours {p}, OpenSpiel {self.os.current_player()}")
            os_hand = sorted(self.os.hands()[self.os_player(p)])
            if os_hand != os_cards(s.hand(p)):
                raise self.fail(f"hands differ: ours {text(s.hand(p))}")
            if self.os.stock_size() != s.stock_size:
                raise self.fail(f"stock sizes differ: OpenSpiel {self.os.stock_size()}")
            phase = s.phase
            legal = list(s.legal_actions)
            self.summary.decisions += 1
            if phase in (Phase.OFFER, Phase.DRAW):
                self.step_draw(p, legal)
            elif phase is Phase.DISCARD:
                self.step_discard(p, legal)
            elif phase is Phase.LAST_CHANCE:
                self.step_wall(p, legal)
            elif phase is Phase.LAYOFF:
                self.step_layoff(p)
            else:  # pragma: no cover
                raise self.fail(f"unexpected phase {phase}")
        self.finish()

    # -- draws ------------------------------------------------------------------

    def step_draw(self, p: int, legal: list[Action]) -> None:
        s, os_state = self.s, self.os
        want_phase = GR.Phase.FIRST_UPCARD if s.phase is Phase.OFFER else GR.Phase.DRAW
        os_phase = os_state.current_phase()
        os_legal = set(os_state.legal_actions())
        if os_phase != want_phase and not (os_phase == GR.Phase.FIRST_UPCARD and os_legal == {DRAW_STOCK}):
            raise self.fail(f"phases differ: OpenSpiel {os_phase}")
        if os_state.upcard() is None or our_card(os_state.upcard()) != s.upcard:
            raise self.fail(f"upcards differ: ours {s.upcard}, OpenSpiel {os_state.upcard()}")
        mapping = {TakeDiscard: DRAW_UPCARD, DrawStock: DRAW_STOCK, Pass: PASS}
        ours = {mapping[type(a)] for a in legal}
        if ours != os_legal:
            raise self.fail(f"legal draws differ: ours {sorted(ours)}, OpenSpiel {sorted(os_legal)}")
        style = self.styles[p]
        if len(legal) > 1 and self.rng.random() < style.eps:
            action = self.rng.choice(legal)
        else:
            action = self.agents[p].act(s.view(p))
        if s.phase is Phase.DRAW and isinstance(action, TakeDiscard):
            self.draw_takes += 1  # OpenSpiel counts these, not takes of the first upcard
        if isinstance(action, DrawStock):
            self.draw_os_stock()
        else:
            self.apply_os(mapping[type(action)])
        s.push(action, player=p)
        if os_state.is_terminal() and not s.is_over:
            limit = int(GR.MAX_NUM_DRAW_UPCARD_ACTIONS)
            if list(os_state.returns()) == [0.0, 0.0] and self.draw_takes == limit:
                self.note(UPCARD_LIMIT, f"OpenSpiel ends the hand at our {limit}th take of the discard")
                self.check_goes_on()
                raise EndedInOpenSpielOnly
            raise self.fail("OpenSpiel ended the hand on a draw")

    def check_goes_on(self) -> None:
        """For d/e: our hand must simply go on, as every rule source says."""
        if self.s.is_over or not list(self.s.legal_actions):
            raise self.fail("ours ended too, yet OpenSpiel's draw rule is in no source")

    # -- discards and knocks -----------------------------------------------------

    def step_discard(self, p: int, legal: list[Action]) -> None:
        s, os_state = self.s, self.os
        os_phase = os_state.current_phase()
        os_legal = set(os_state.legal_actions())
        hand = s.hand(p)
        knocks = [a for a in legal if isinstance(a, Knock)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if os_phase == GR.Phase.KNOCK:  # after a take at the wall: only knocks
            if discards:
                raise self.fail("ours allows plain discards after a take at the wall")
            ours_k = {os_card(a.card) for a in knocks}
            if ours_k != os_legal:
                raise self.fail(f"knock discards differ: ours {sorted(ours_k)}, OpenSpiel {sorted(os_legal)}")
            self.knock(p, self.choose_knock(p, knocks), os_knocked=True)
            return
        if os_phase != GR.Phase.DISCARD:
            raise self.fail(f"phases differ: OpenSpiel {os_phase}")
        ours_d = {os_card(a.card) for a in discards}
        os_d = {a for a in os_legal if a < 52}
        if ours_d != os_d:
            raise self.fail(f"legal discards differ: ours {sorted(ours_d)}, OpenSpiel {sorted(os_d)}")
        os_can_knock = KNOCK in os_legal
        if knocks and os_can_knock:
            ours_k = {os_card(a.card) for a in knocks}
            os_k = set(UTILS.legal_discards(os_cards(hand), 10))
            if ours_k != os_k:
                raise self.fail(f"knock discards differ: ours {sorted(ours_k)}, OpenSpiel {sorted(os_k)}")
        elif knocks:
            self.explain_short_deadwood(hand, "after the draw")
            knocks = []  # play on with a discard, as OpenSpiel must
        elif os_can_knock:
            raise self.fail(f"OpenSpiel allows a knock, ours does not: {text(hand)}")
        style = self.styles[p]
        best = min((self.knock_count(p, a) for a in knocks), default=99)
        if knocks and best <= style.knock_at:
            self.knock(p, self.choose_knock(p, knocks), os_knocked=False)
            return
        if self.rng.random() < style.eps:
            card = self.rng.choice(discards).card
        else:
            simple = self.agents[p].act(s.view(p))
            if not isinstance(simple, Discard | Knock):
                raise self.fail(f"SimpleAgent chose {simple}")
            card = simple.card  # Simple's knock card, as a plain discard, when we do not knock
        self.apply_os(os_card(card))
        s.push(Discard(card), player=p)
        if os_state.is_terminal() and not s.is_over:
            n = len(s.log)
            if list(os_state.returns()) == [0.0, 0.0] and self.threw_back(n - 1) and self.threw_back(n - 3):
                self.note(REPETITION, f"both players took and threw back the upcard ({text(1 << card)} last)")
                self.check_goes_on()
                raise EndedInOpenSpielOnly
            raise self.fail("OpenSpiel ended the hand on a discard")

    def threw_back(self, i: int) -> bool:
        """Whether log entry ``i`` discards the card its player took just before."""
        log = self.s.log
        thrown = log[i][1] if i >= 1 else None
        if not isinstance(thrown, Discard) or not isinstance(log[i - 1][1], TakeDiscard):
            return False
        pile = [self.s.deck[20]]  # replay the discard pile up to the take
        for _, a in log[: i - 1]:
            if isinstance(a, TakeDiscard):
                pile.pop()
            elif isinstance(a, Discard):
                pile.append(a.card)
        return pile[-1] == thrown.card

    def explain_short_deadwood(self, hand11: int, where: str) -> None:
        """Category b: ours allows a knock OpenSpiel does not; check ours is exact."""
        ours = least_deadwood_after_discard(hand11)
        theirs = int(UTILS.min_deadwood(os_cards(hand11)))
        truth = bf_least_after_discard(hand11)
        if not (ours == truth <= 10 < theirs):
            raise self.fail(
                f"knock legality differs {where} for {text(hand11)}: ours {ours}, "
                f"OpenSpiel {theirs}, brute force {truth}"
            )
        self.note(
            DEADWOOD11,
            f"{text(hand11)} {where}: least after discard {ours} (brute force {truth}), OpenSpiel {theirs}",
        )

    def knock_count(self, p: int, k: Knock) -> int:
        """The knocker's count if ``p`` knocks with ``k``."""
        rest = self.s.hand(p) & ~(1 << k.card)
        for m in k.melds or ():
            rest &= ~m.mask
        return bf_points(rest)

    def choose_knock(self, p: int, knocks: list[Knock]) -> Knock:
        """Simple's knock, or (with the style's eps) a random legal one."""
        if self.rng.random() < self.styles[p].eps:
            return self.rng.choice(knocks)
        simple = self.agents[p].act(self.s.view(p))
        if isinstance(simple, Knock) and simple in knocks:
            return simple
        low = min(self.knock_count(p, k) for k in knocks)
        return self.rng.choice([k for k in knocks if self.knock_count(p, k) == low])

    def knock(self, p: int, action: Knock, os_knocked: bool) -> None:
        s = self.s
        if not os_knocked:
            self.apply_os(KNOCK)
            os_k = set(self.os.legal_actions())
            ours_k = {os_card(a.card) for a in s.legal_actions if isinstance(a, Knock)}
            if ours_k != os_k:
                raise self.fail(f"knock discards differ: ours {sorted(ours_k)}, OpenSpiel {sorted(os_k)}")
        self.apply_os(os_card(action.card))
        assert action.melds is not None
        for a in meld_actions(action.melds):
            self.apply_os(a)
        self.apply_os(PASS)
        s.push(action, player=p)

    # -- the wall ------------------------------------------------------------------

    def step_wall(self, p: int, legal: list[Action]) -> None:
        s, os_state = self.s, self.os
        if os_state.current_phase() != GR.Phase.WALL:
            raise self.fail(f"phases differ: OpenSpiel {os_state.current_phase()}")
        os_legal = set(os_state.legal_actions())
        ours_take = any(isinstance(a, TakeDiscard) for a in legal)
        os_take = KNOCK in os_legal
        assert s.upcard is not None
        hand11 = s.hand(p) | 1 << s.upcard
        if ours_take and not os_take:
            self.explain_short_deadwood(hand11, "at the wall")
        elif os_take and not ours_take:
            raise self.fail(f"OpenSpiel may knock at the wall, ours may not: {text(hand11)}")
        if ours_take and os_take and self.styles[p].knock_at >= 0:
            self.apply_os(KNOCK)
            s.push(TakeDiscard(), player=p)
        else:
            self.apply_os(PASS)
            s.push(Pass(), player=p)

    # -- layoffs ----------------------------------------------------------------------

    def step_layoff(self, p: int) -> None:
        s, os_state = self.s, self.os
        if os_state.current_phase() != GR.Phase.LAYOFF or os_state.finished_layoffs():
            raise self.fail(f"phases differ: OpenSpiel {os_state.current_phase()}")
        hand = s.hand(p)
        kmelds = list(s.knocker_melds)
        if self.styles[p].greedy_defence:
            action = self.greedy_defence(kmelds, hand)
            self.defence_greedy = True
        else:
            action = LayOff()
        s.push(action, player=p)
        plan = s.result.defense if s.result is not None else None
        if plan is None:
            raise self.fail("no defence recorded")
        current = [m.mask for m in kmelds]
        original = list(current)
        laid: list[tuple[int, int]] = []
        rest = hand
        for card, i in plan.layoffs:
            self.compare_layoff_offers(current, original, rest, laid)
            if os_card(card) in self.os.legal_actions():
                self.apply_os(os_card(card))
            else:
                self.refused |= 1 << card
            current[i] |= 1 << card
            laid.append((card, i))
            rest &= ~(1 << card)
        self.compare_layoff_offers(current, original, rest, laid)
        self.apply_os(PASS)
        for a in meld_actions(plan.melds):
            self.apply_os(a)
        self.apply_os(PASS)

    def compare_layoff_offers(
        self, current: list[int], original: list[int], rest: int, laid: list[tuple[int, int]]
    ) -> None:
        """OpenSpiel's offered layoff cards against ours, as the melds stand now (``laid``:
        our layoffs so far as (card, knocker's meld number))."""
        self.summary.decisions += 1
        # A card OpenSpiel refused earlier is laid off in our model, still held in OpenSpiel's.
        os_offer = {our_card(a) for a in self.os.legal_actions() if a < 52} - set(bf_cards(self.refused))
        ours = {c for c in bf_cards(rest) if any(bf_fits(m, c) for m in current)}
        for c in sorted(os_offer - ours):
            if not self.is_shared_layoff(c, original, laid):
                raise self.fail(f"OpenSpiel offers a layoff ours does not: {text(1 << c)}")
            self.note(
                SHARED,
                f"{text(1 << c)} offered after {text(sum(1 << card for card, _ in laid))} went on other melds",
            )
        for c in sorted(ours - os_offer):
            if not self.is_long_chain(c, current, original):
                raise self.fail(f"OpenSpiel does not offer the layoff {text(1 << c)}")
            self.note(CHAIN, f"{text(1 << c)} would be the 3rd+ card laid off at one end of a run")

    @staticmethod
    def is_shared_layoff(c: int, original: list[int], laid: list[tuple[int, int]]) -> bool:
        """Category f: some card ``l`` that our plan laid on knocker's meld ``j`` also fits
        an end of another knocker's run ``k``, and ``c`` would extend ``k`` plus ``l``.
        OpenSpiel's ``AllLayoffs`` does not record which meld a laid-off card joined, so
        it extends every run the card touches."""
        return any(
            k != j and bf_is_run(o) and bf_fits(o, card) and bf_fits(o | 1 << card, c)
            for card, j in laid
            for k, o in enumerate(original)
        )

    @staticmethod
    def is_long_chain(c: int, current: list[int], original: list[int]) -> bool:
        """``c`` fits only runs at an end already extended by 2+ laid-off cards."""
        ok = False
        for m, o in zip(current, original, strict=True):
            if not bf_fits(m, c):
                continue
            if not bf_is_run(m):
                return False
            lo, hi = bf_cards(m)[0], bf_cards(m)[-1]
            olo, ohi = bf_cards(o)[0], bf_cards(o)[-1]
            if (c == lo - 1 and olo - lo >= 2) or (c == hi + 1 and hi - ohi >= 2):
                ok = True
            else:
                return False
        return ok

    def greedy_defence(self, kmelds: list[Meld], hand: int) -> LayOff:
        """Lay off as many cards as possible (longest option per knocker meld, in order),
        meld the rest in the best way: a legal but not always best defence."""
        used = 0
        layoffs: list[tuple[Any, int]] = []
        for i, m in enumerate(kmelds):
            options = [o for o in layoff_options(m, hand & ~used) if not any(used >> c & 1 for c in o)]
            longest = max(len(o) for o in options)
            pick = self.rng.choice([o for o in options if len(o) == longest])
            for c in pick:
                layoffs.append((c, i))
                used |= 1 << c
        arr = best_arrangement(hand & ~used)
        return LayOff(arr.melds, tuple(layoffs))

    # -- the end --------------------------------------------------------------------------

    def finish(self) -> None:
        s, os_state = self.s, self.os
        result = s.result
        assert result is not None
        if result.outcome is Outcome.GIN and not os_state.is_terminal():
            # OpenSpiel: no layoffs against gin; the defender lays its melds then passes.
            d = 1 - (result.knocker or 0)
            self.summary.decisions += 1
            if os_state.current_player() != self.os_player(d) or os_state.current_phase() != GR.Phase.LAYOFF:
                raise self.fail("OpenSpiel is not at the defender's melds after gin")
            if any(a < 52 for a in os_state.legal_actions()):
                raise self.fail("OpenSpiel offers layoffs against gin")
            assert result.defense is not None
            for a in meld_actions(result.defense.melds):
                self.apply_os(a)
            self.apply_os(PASS)
        if not os_state.is_terminal():
            raise self.fail("ours ended, OpenSpiel goes on")
        returns = [float(x) for x in os_state.returns()]
        ours = [0.0, 0.0]
        if result.winner is not None:
            ours[self.os_player(result.winner)] = float(result.points)
            ours[1 - self.os_player(result.winner)] = -float(result.points)
        if result.outcome is Outcome.DEAD:
            if returns != [0.0, 0.0] or any(os_state.knocked()):
                raise self.fail(f"dead hand: OpenSpiel returns {returns}")
            return
        assert result.knocker is not None
        k = self.os_player(result.knocker)
        dw = list(os_state.deadwood())
        if not os_state.knocked()[k]:
            raise self.fail("OpenSpiel has another knocker")
        if dw[k] != result.knocker_count:
            raise self.fail(f"knocker's count: ours {result.knocker_count}, OpenSpiel {dw[k]}")
        refused_pts = bf_points(self.refused)
        if dw[1 - k] != result.defender_count + refused_pts:
            raise self.fail(
                f"defender's count: ours {result.defender_count}, OpenSpiel {dw[1 - k]}, refused layoffs {refused_pts}"
            )
        if returns != os_expected_returns(k, dw[k], dw[1 - k]):
            raise self.fail(f"OpenSpiel's returns {returns} do not follow its own counts {dw}")
        self.check_counts_exact(result)
        if returns == ours or self.refused:
            return  # equal, or different because of the refused layoffs (category c, counted)
        tie = result.knocker_count == result.defender_count and result.outcome is not Outcome.GIN
        if (
            tie
            and returns == [0.0, 0.0]
            and result.outcome is Outcome.UNDERCUT
            and result.winner == 1 - result.knocker
            and result.points == RULES.undercut_bonus
        ):
            self.note(
                TIE, f"both counts {result.knocker_count}: ours undercut {result.points}, OpenSpiel 0-0"
            )
            return
        raise self.fail(f"scores differ: ours {ours} ({result.outcome}), OpenSpiel {returns}")

    def check_counts_exact(self, result: HandResult) -> None:
        """Brute-force check of both counts of a knock (with the defence actually played)."""
        assert result.knocker is not None and result.defense is not None
        k, d = result.knocker, 1 - result.knocker
        khand, dhand = result.hands[k], result.hands[d]
        if result.knocker_count != bf_least(khand):
            raise self.fail(f"knocker's count {result.knocker_count} is not the least of {text(khand)}")
        if result.outcome is Outcome.GIN:
            want = bf_least(dhand)
        elif self.defence_greedy:
            laid = result.defense.laid_off
            if laid not in bf_reachable_layoffs([m.mask for m in result.knocker_melds], dhand):
                raise self.fail(f"our layoffs {text(laid)} are not playable")
            want = bf_least(dhand & ~laid)
        else:
            want = bf_best_defence([m.mask for m in result.knocker_melds], dhand)
        if result.defender_count != want:
            raise self.fail(f"defender's count {result.defender_count}, brute force {want}")


# --------------------------------------------------------------------------- the run


def run_hands(n_hands: int) -> Summary:
    initial = pyspiel.load_game("gin_rummy", OS_PARAMS).new_initial_state()
    summary = Summary()
    t0 = time.perf_counter()
    for i in range(n_hands):
        m = Mirror(initial, i, summary)
        summary.hands += 1
        try:
            m.play()
        except EndedInOpenSpielOnly:
            pass
        except Unexplained as exc:
            summary.unknown.append(str(exc))
            continue
        if m.s.is_over:
            assert m.s.result is not None
            summary.outcomes[str(m.s.result.outcome)] += 1
        else:
            summary.outcomes["ended by OpenSpiel only"] += 1
        for cat in m.cats:
            summary.hands_with[cat] += 1
        if not m.cats:
            summary.exact += 1
    summary.seconds = time.perf_counter() - t0
    return summary
