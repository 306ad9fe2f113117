"""OpenSpiel's ``gin_rummy`` beside ours, for ``tests/test_differential_openspiel.py`` (whose
docstring describes the differential test and the categories of known disagreement): the
settings both engines play under, OpenSpiel's action numbers, the categories, an independent
brute force of melds and layoffs, the card mapping between the engines, and the bookkeeping of
a run. Importing it needs ``pyspiel`` (the test modules skip without it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")

from ginrummy.melds import Meld  # noqa: E402
from ginrummy.rules import Rules  # noqa: E402

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
