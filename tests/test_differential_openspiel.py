"""Differential test against OpenSpiel's ``gin_rummy`` (skipped when ``pyspiel`` is missing).

Thousands of seeded hands are played in OpenSpiel (knock_card=10, gin_bonus=25,
undercut_bonus=25) and in ginrummy with the same deck order and the same actions, under
``Rules.preset("openspiel")`` plus ``action_on_50th_card=True`` (OpenSpiel's "wall": after
the discard that leaves 2 stock cards the other player may take it only to knock).

Mapping: our deal gives ``deck[0], deck[2], ...`` to the non-dealer, who acts first;
OpenSpiel gives its first 10 chance outcomes to player 0, who acts first. So OpenSpiel
player 0 is our non-dealer: it is fed ``deck[0::2][:10]``, player 1 ``deck[1::2][:10]``,
then the upcard ``deck[20]``, and every stock draw the next card of our stock. Both
dealers are used.

A policy drives both engines: our ``SimpleAgent`` with per-hand, per-player styles
(knock threshold 10 / random / gin only / never, random draws and discards with a
seeded ``random.Random``, random knock discards and arrangements, and sometimes a
"lay off as much as possible" defence instead of the best one), restricted to actions
both engines allow. At every decision we compare the legal draws, the legal discards,
whether a knock is legal and the legal knock discards, the wall choice, and each layoff
step; the knocker's melds and the defender's melds and layoffs are fed to OpenSpiel
(long runs split into OpenSpiel's 3-5 card melds). At the end OpenSpiel's
``returns()`` and ``deadwood()`` are compared with our ``HandResult``, and both counts
of every knock are checked against the brute force (the defender's for the plan played).

Every disagreement must fall in a named category where OpenSpiel is known to differ
from the rules (RULES.md), and for each one the test checks with an independent brute
force (below) that OUR answer is the exact one:

* ``a-tie-scored-0-0``: equal counts after a knock. All sources score an undercut
  (difference 0 + undercut bonus 25 to the defender); OpenSpiel's ``Returns`` only
  subtracts the undercut bonus when the difference is negative, so it scores 0-0.
* ``b-11-card-deadwood-one-discard-short``: OpenSpiel's ``MinDeadwood`` of 11 cards
  melds all 11 with one best meld group and drops the highest-rank card left, which can
  be worse than the least deadwood after the best discard (e.g.
  ``2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h``: OpenSpiel 1, truly 0 by discarding 3d). That
  number decides whether knocking (action 55) is legal after a draw and at the wall,
  so OpenSpiel forbids some legal knocks. The hand then goes on with a discard.
* ``c-layoff-chain-longer-than-2``: OpenSpiel's ``AllLayoffs`` extends a run by at most
  two chained layoffs per end (after 4h 5h on Ah 2h 3h it does not offer 6h); the rules
  let every laid-off card be extended. The refused cards stay in OpenSpiel's deadwood.
  Our best plan never needs such a chain (3+ consecutive cards at one end could be
  melded as a run of their own, with fewer layoffs, which the plan prefers), so this
  shows up with the policy's "lay off as much as possible" defence.
* ``d-draw-by-repetition``: OpenSpiel ends the hand 0-0 when both players in turn take
  the upcard and discard it again (``repeated_move_``); no source has this rule, and
  our hand goes on.
* ``e-50th-upcard-draw``: OpenSpiel ends the hand 0-0 on the 50th take of the upcard in
  its draw phase (``kMaxNumDrawUpcardActions``); no source has this rule.
* ``f-layoff-extends-every-meld-it-touches``: OpenSpiel's ``AllLayoffs`` keeps only a
  list of laid-off cards, not the meld each joined, and extends every knocker's run a
  laid-off card touches. So after 8c is laid off as the 4th card of 8d 8h 8s, it also
  offers 9c as if 8c had gone on the knocker's 5c 6c 7c. By the rules a card joins one
  meld (RULES.md section 1), so after that placement 9c does not fit. Only offers
  differ: we never take such a layoff, and the plan we play is checked exactly.

Any other disagreement fails the test. Run with ``-s`` to see the per-category counts.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from ginrummy.agents import SimpleAgent  # noqa: E402
from ginrummy.cards import Card  # noqa: E402
from ginrummy.hand.actions import Action, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard  # noqa: E402
from ginrummy.hand.results import HandResult, Outcome  # noqa: E402
from ginrummy.hand.state import HandState, Phase  # noqa: E402
from ginrummy.layoff import layoff_options  # noqa: E402
from ginrummy.melds import Meld, best_arrangement, least_deadwood_after_discard  # noqa: E402
from ginrummy.rules import Rules  # noqa: E402

N_HANDS = 2000
SEED = 20240611
RULES = Rules.preset("openspiel").replace(action_on_50th_card=True)
OS_PARAMS = {"knock_card": 10, "gin_bonus": 25, "undercut_bonus": 25}

GR = pyspiel.gin_rummy
DRAW_UPCARD = int(GR.DRAW_UPCARD_ACTION)  # 52
DRAW_STOCK = int(GR.DRAW_STOCK_ACTION)  # 53
PASS = int(GR.PASS_ACTION)  # 54
KNOCK = int(GR.KNOCK_ACTION)  # 55
MELD_BASE = int(GR.MELD_ACTION_BASE)  # 56

TIE = "a-tie-scored-0-0"
DEADWOOD11 = "b-11-card-deadwood-one-discard-short"
CHAIN = "c-layoff-chain-longer-than-2"
REPETITION = "d-draw-by-repetition"
UPCARD_LIMIT = "e-50th-upcard-draw"
SHARED = "f-layoff-extends-every-meld-it-touches"
CATEGORIES = (TIE, DEADWOOD11, CHAIN, REPETITION, UPCARD_LIMIT, SHARED)


# --------------------------------------------------------------------------- brute force
# Independent of ginrummy.melds / ginrummy.layoff: enumerate everything, take the minimum.
# Cards: index = suit * 13 + rank (rank 0 = ace); a hand is an int bitmask.


def bf_cards(mask: int) -> list[int]:
    """The cards of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bf_points(mask: int) -> int:
    return sum(min(c % 13 + 1, 10) for c in bf_cards(mask))


def bf_is_run(mask: int) -> bool:
    cs = bf_cards(mask)
    if len(cs) < 3 or len({c // 13 for c in cs}) != 1:
        return False
    return cs[-1] - cs[0] == len(cs) - 1


def bf_is_set(mask: int) -> bool:
    cs = bf_cards(mask)
    return len(cs) in (3, 4) and len({c % 13 for c in cs}) == 1


def bf_melds(hand: int) -> list[int]:
    out: list[int] = []
    for r in range(13):
        same = [s * 13 + r for s in range(4) if hand >> (s * 13 + r) & 1]
        for k in (3, 4):
            out.extend(sum(1 << c for c in combo) for combo in combinations(same, k))
    for s in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                run = sum(1 << (s * 13 + r) for r in range(lo, hi + 1))
                if run & ~hand:
                    break
                out.append(run)
    return out


@lru_cache(maxsize=100_000)
def bf_least(hand: int) -> int:
    """Least deadwood over every collection of disjoint melds."""
    melds = bf_melds(hand)
    best = bf_points(hand)

    def rec(start: int, used: int) -> None:
        nonlocal best
        best = min(best, bf_points(hand & ~used))
        for j in range(start, len(melds)):
            if not melds[j] & used:
                rec(j + 1, used | melds[j])

    rec(0, 0)
    return best


def bf_least_after_discard(hand: int) -> int:
    return min(bf_least(hand & ~(1 << c)) for c in bf_cards(hand))


def bf_fits(meld: int, c: int) -> bool:
    """Card ``c`` may be laid off on ``meld`` (as extended so far): the 4th card of a set
    of three, or the card just below or above a run."""
    if meld >> c & 1:
        return False
    if bf_is_set(meld):
        return len(bf_cards(meld)) == 3 and c % 13 == bf_cards(meld)[0] % 13
    return bf_is_run(meld | 1 << c)


def bf_reachable_layoffs(knocker_melds: Sequence[int], defender: int) -> set[int]:
    """Every set of defender cards that can be laid off one at a time, in some order."""
    out: set[int] = set()
    seen: set[tuple[int, ...]] = set()

    def rec(current: tuple[int, ...], laid: int) -> None:
        if current in seen:
            return
        seen.add(current)
        out.add(laid)
        for c in bf_cards(defender & ~laid):
            for i, m in enumerate(current):
                if bf_fits(m, c):
                    rec((*current[:i], m | 1 << c, *current[i + 1 :]), laid | 1 << c)

    rec(tuple(knocker_melds), 0)
    return out


def bf_best_defence(knocker_melds: Sequence[int], defender: int) -> int:
    return min(bf_least(defender & ~laid) for laid in bf_reachable_layoffs(knocker_melds, defender))


# --------------------------------------------------------------------------- OpenSpiel glue


def os_card(c: int) -> int:
    """Our card -> OpenSpiel's (suits s c d h = 0..3; ours c d h s)."""
    return ((c // 13 + 1) % 4) * 13 + c % 13


def our_card(oc: int) -> int:
    return ((oc // 13 + 3) % 4) * 13 + oc % 13


def os_cards(mask: int) -> list[int]:
    return sorted(os_card(c) for c in bf_cards(mask))


def text(mask: int) -> str:
    return " ".join("A23456789TJQK"[c % 13] + "cdhs"[c // 13] for c in bf_cards(mask))


UTILS = GR.GinRummyUtils(13, 4, 10)


def meld_pieces(mask: int) -> list[int]:
    """A meld as OpenSpiel melds (3-5 cards): runs of 6+ split from the low end."""
    if not bf_is_run(mask) or mask.bit_count() <= 5:
        return [mask]
    cs = bf_cards(mask)
    pieces = []
    while len(cs) > 5:
        k = min(5, len(cs) - 3)
        pieces.append(sum(1 << c for c in cs[:k]))
        cs = cs[k:]
    pieces.append(sum(1 << c for c in cs))
    return pieces


def meld_actions(melds: Sequence[Meld]) -> list[int]:
    return [
        MELD_BASE + int(UTILS.meld_to_int(os_cards(piece))) for m in melds for piece in meld_pieces(m.mask)
    ]


def os_expected_returns(knocker: int, kd: int, dd: int) -> list[float]:
    """OpenSpiel's Returns() for OpenSpiel player ``knocker`` (tie: 0)."""
    r = dd - kd + (25 if kd == 0 else 0)
    if r < 0:
        r -= 25
    out = [0.0, 0.0]
    out[knocker], out[1 - knocker] = float(r), float(-r)
    return out


# --------------------------------------------------------------------------- bookkeeping


@dataclass
class Summary:
    hands: int = 0
    decisions: int = 0  # decision points whose legal actions were compared
    os_actions: int = 0  # OpenSpiel actions applied (chance outcomes included)
    exact: int = 0  # hands with no disagreement of any kind
    seconds: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)  # per category: disagreements
    hands_with: Counter[str] = field(default_factory=Counter)  # per category: hands
    examples: dict[str, list[str]] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)

    def report(self) -> str:
        lines = [
            f"differential vs OpenSpiel: {self.hands} hands, {self.decisions} decisions compared, "
            f"{self.os_actions} OpenSpiel actions, {self.seconds:.1f} s",
            f"  hands agreeing exactly: {self.exact}/{self.hands}",
            f"  our outcomes: {dict(sorted(self.outcomes.items()))}",
        ]
        for cat in CATEGORIES:
            lines.append(f"  {cat}: {self.events[cat]} disagreements in {self.hands_with[cat]} hands")
            lines.extend(f"      e.g. {ex}" for ex in self.examples.get(cat, [])[:2])
        lines.append(f"  unexplained: {len(self.unknown)}")
        lines.extend(f"      {u}" for u in self.unknown[:10])
        return "\n".join(lines)


class Unexplained(Exception):
    """A disagreement in no known category, or a category whose check failed."""


class EndedInOpenSpielOnly(Exception):
    """OpenSpiel ended the hand by one of its own draw rules (d, e): stop comparing."""


@dataclass
class Style:
    """How one player plays one hand."""

    knock_at: int  # knock only with deadwood <= this (-1: never)
    eps: float  # chance of a random draw / discard / knock choice
    greedy_defence: bool  # lay off as many cards as possible instead of the best plan


def make_style(rng: random.Random) -> Style:
    u = rng.random()
    knock_at = 10 if u < 0.45 else rng.randint(0, 9) if u < 0.75 else 0 if u < 0.9 else -1
    return Style(knock_at, rng.choice((0.0, 0.1, 0.3)), rng.random() < 0.35)


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
        while not s.is_over:
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


@pytest.fixture(scope="module")
def diff_run() -> Iterator[Summary]:
    summary = run_hands(N_HANDS)
    print("\n" + summary.report())
    yield summary


def test_every_disagreement_is_explained(diff_run: Summary) -> None:
    assert not diff_run.unknown, diff_run.report()


def test_bulk_of_hands_agree_exactly(diff_run: Summary) -> None:
    assert diff_run.hands == N_HANDS
    assert diff_run.exact >= 0.85 * diff_run.hands, diff_run.report()


def test_policy_reaches_every_ending(diff_run: Summary) -> None:
    """The policy must exercise knocks, gins, undercuts (ties included) and dead hands."""
    o = diff_run.outcomes
    assert o["knock"] >= 200 and o["gin"] >= 50 and o["undercut"] >= 50 and o["dead"] >= 50, diff_run.report()
    assert diff_run.hands_with[TIE] >= 5 and diff_run.hands_with[CHAIN] >= 5, diff_run.report()
    assert diff_run.decisions >= 30 * diff_run.hands, diff_run.report()


# --------------------------------------------------------------------------- known examples


def parse(cards: str) -> int:
    hand = 0
    for tok in cards.split():
        hand |= 1 << ("cdhs".index(tok[1]) * 13 + "A23456789TJQK".index(tok[0]))
    return hand


def test_category_b_example() -> None:
    """OpenSpiel's 11-card deadwood is one discard short; ours and the brute force agree."""
    hand = parse("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h")
    assert least_deadwood_after_discard(hand) == bf_least_after_discard(hand) == 0
    assert UTILS.min_deadwood(os_cards(hand)) == 1


def test_category_c_example() -> None:
    """OpenSpiel offers at most two chained layoffs per end of a run; the rules go on."""
    meld = [int(UTILS.meld_to_int(os_cards(parse("Ah 2h 3h"))))]
    four, five, six = (os_card(c) for c in bf_cards(parse("4h 5h 6h")))
    assert four in UTILS.all_layoffs(meld, [])
    assert five in UTILS.all_layoffs(meld, [four])
    assert six not in UTILS.all_layoffs(meld, [four, five])
    assert parse("4h 5h 6h") in bf_reachable_layoffs([parse("Ah 2h 3h")], parse("4h 5h 6h Kc"))


def test_category_a_example() -> None:
    """A knock with equal counts: OpenSpiel scores 0-0, the rules an undercut of 25."""
    assert os_expected_returns(0, 7, 7) == [0.0, 0.0]
    assert os_expected_returns(0, 7, 6) == [-26.0, 26.0]


def test_category_e_example() -> None:
    """Both players keep taking the upcard (and throwing another card): OpenSpiel ends the
    hand 0-0 at the 50th take in its draw phase; ours goes on, as every source says."""
    initial = pyspiel.load_game("gin_rummy", OS_PARAMS).new_initial_state()
    m = Mirror(initial, 0, Summary())
    s, os_state = m.s, m.os
    for _ in range(2):
        m.apply_os(PASS)
        s.push(Pass())
    m.draw_os_stock()
    s.push(DrawStock())
    takes = 0
    while not os_state.is_terminal():
        p = s.to_act
        if s.phase is Phase.DISCARD:
            taken = s.view(p).taken
            card = next(c for c in bf_cards(s.hand(p)) if c != taken)
            m.apply_os(os_card(card))
            s.push(Discard(Card(card)))
        else:
            assert set(os_state.legal_actions()) == {DRAW_UPCARD, DRAW_STOCK}
            assert {type(a) for a in s.legal_actions} == {TakeDiscard, DrawStock}
            m.apply_os(DRAW_UPCARD)
            s.push(TakeDiscard())
            takes += 1
    assert takes == int(GR.MAX_NUM_DRAW_UPCARD_ACTIONS) == 50
    assert list(os_state.returns()) == [0.0, 0.0]
    assert not s.is_over and s.phase is Phase.DISCARD


def test_category_d_example() -> None:
    """The dealer takes the first upcard and throws it back, the non-dealer does the same:
    OpenSpiel ends the hand 0-0 (repeated move); ours goes on, as every source says."""
    initial = pyspiel.load_game("gin_rummy", OS_PARAMS).new_initial_state()
    m = Mirror(initial, 1, Summary())
    s, os_state = m.s, m.os
    up = s.upcard
    assert up is not None
    m.apply_os(PASS)
    s.push(Pass())
    for _ in range(2):
        m.apply_os(DRAW_UPCARD)
        s.push(TakeDiscard())
        m.apply_os(os_card(up))
        s.push(Discard(up))
    assert os_state.is_terminal() and list(os_state.returns()) == [0.0, 0.0]
    assert (
        not s.is_over
        and s.phase is Phase.DRAW
        and m.threw_back(len(s.log) - 1)
        and m.threw_back(len(s.log) - 3)
    )
