"""Adapters for the two peer Gin Rummy engines: OpenSpiel (``pyspiel``) and RLCard.

Used by the benchmark and by differential tests. Both engines are optional
(``pip install -e .[peers]``); nothing is imported from them until one of the
functions below is called, so importing this module never fails.

Our card index: ``c = suit * 13 + rank``, rank 0=A, 1=2, ..., 9=T, 10=J, 11=Q, 12=K;
suit 0=clubs, 1=diamonds, 2=hearts, 3=spades. Text form ``"7h"``, ``"Tc"``, ``"As"``.

API
---
* ``parse_cards(text)`` -- ``"Ac 2c 3c"`` -> our indices.
* ``openspiel_card(c)`` / ``rlcard_card_id(c)`` / ``rlcard_card(c)`` -- card conversions.
* ``openspiel_min_deadwood_fn()`` / ``rlcard_min_deadwood_fn()`` -> ``(prepare, call)``;
  ``call(prepare(cards))`` is the engine's least deadwood for 10 or 11 of our cards.
* ``openspiel_simple_hands_per_second(n, seed)`` /
  ``rlcard_novice_hands_per_second(n, seed)`` -> ``(hands, seconds)`` of bot self-play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"  # our suit order: clubs, diamonds, hearts, spades

Prepare = Callable[[Sequence[int]], Any]
Call = Callable[[Any], int]


def parse_cards(text: str) -> list[int]:
    """Parse whitespace-separated card text such as ``"Ac 2c Th"`` into our indices."""
    out = []
    for tok in text.split():
        if len(tok) != 2:
            raise ValueError(f"bad card {tok!r}")
        out.append(SUIT_CHARS.index(tok[1].lower()) * 13 + RANK_CHARS.index(tok[0].upper()))
    return out


def card_text(c: int) -> str:
    return RANK_CHARS[c % 13] + SUIT_CHARS[c // 13]


# --------------------------------------------------------------------------- OpenSpiel
# OpenSpiel (open_spiel/games/gin_rummy/gin_rummy_utils.cc): card = suit * 13 + rank with
# the same ranks as ours (A=0 .. K=12) but suit order "scdh": spades=0, clubs=1,
# diamonds=2, hearts=3. So the OpenSpiel suit is (our suit + 1) % 4.
# Check: GinRummyUtils(13, 4, 10).card_string(i) for i = 0, 13, 26, 39 -> As Ac Ad Ah.


def openspiel_card(c: int) -> int:
    """Our card index -> OpenSpiel card int (also its discard/layoff action id)."""
    return ((c // 13 + 1) % 4) * 13 + c % 13


def from_openspiel_card(oc: int) -> int:
    """OpenSpiel card int -> our card index."""
    return ((oc // 13 + 3) % 4) * 13 + oc % 13


def openspiel_utils() -> Any:
    """A ``pyspiel.gin_rummy.GinRummyUtils`` for the standard game.

    Constructor order is (num_ranks, num_suits, hand_size); (4, 13, 10) gives garbage.
    """
    import pyspiel

    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def openspiel_min_deadwood_fn() -> tuple[Prepare, Call]:
    """``(prepare, call)`` for OpenSpiel's ``GinRummyUtils.min_deadwood``.

    For 10 cards this is the least deadwood. For 11 cards OpenSpiel does NOT minimise over
    discards: it takes one best meld group of all 11 cards and then drops the highest-rank
    card left in its deadwood. That can be worse than the true least after the best
    discard, e.g. ``2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h`` -> OpenSpiel 1, true 0 (discard 3d).
    """
    md = openspiel_utils().min_deadwood

    def prepare(cards: Sequence[int]) -> list[int]:
        return [openspiel_card(c) for c in cards]

    def call(hand: list[int]) -> int:
        return int(md(hand))

    return prepare, call


def openspiel_simple_hands_per_second(
    n_hands: int, seed: int, clock: Callable[[], float] = time.perf_counter, clone: bool = True
) -> tuple[int, float]:
    """Play ``n_hands`` whole hands of OpenSpiel gin_rummy, SimpleGinRummyBot on both seats.

    Chance nodes (deal and stock draws) take the next card of a deck shuffled by
    ``random.Random(seed)``; every remaining card is a legal chance outcome, so this is
    the same uniform distribution OpenSpiel's chance_outcomes() describes. The C++ bot is
    deterministic, so the run is fully reproducible; no global RNG is used. Returns
    ``(hands, seconds)`` (seconds covers play only, not game/bot construction), timed by
    ``clock`` (e.g. ``time.process_time`` for CPU time).

    With ``clone`` (the default, the fair figure) each hand starts from a clone of one fresh
    initial state built before the timed loop: ``game.new_initial_state()`` rebuilds
    OpenSpiel's meld tables (about 1 ms, most of a hand's time; :func:`openspiel_construction`
    measures it), and a clone of a fresh state plays byte-identical histories. ``clone=False``
    builds a new initial state per hand, as this benchmark did before issue 26.
    """
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    bots = [pyspiel.make_simple_gin_rummy_bot(params, p) for p in range(2)]
    fresh = game.new_initial_state().clone if clone else game.new_initial_state
    rng = random.Random(seed)
    deck = list(range(52))
    t0 = clock()
    for _ in range(n_hands):
        rng.shuffle(deck)
        k = 0
        for bot in bots:
            bot.restart()  # the bot keeps knock/meld plans between calls
        state = fresh()
        while not state.is_terminal():
            if state.is_chance_node():
                action = deck[k]
                k += 1
            else:
                action = bots[state.current_player()].step(state)
            state.apply_action(action)
    return n_hands, clock() - t0


def openspiel_construction(n: int = 200, clock: Callable[[], float] = time.process_time) -> dict[str, float]:
    """Seconds per call of OpenSpiel's ``game.new_initial_state()`` and of ``clone()`` of a
    fresh initial state (``{"new_initial_state": s, "clone": s}``), timed by ``clock`` over
    ``n`` calls of each, interleaved in 5 chunks."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    init = game.new_initial_state()
    makers = {"new_initial_state": game.new_initial_state, "clone": init.clone}
    spent = dict.fromkeys(makers, 0.0)
    per = max(1, n // 5)
    for _ in range(5):
        for name, make in makers.items():
            t0 = clock()
            for _ in range(per):
                make()
            spent[name] += clock() - t0
    return {name: s / (5 * per) for name, s in spent.items()}


# --------------------------------------------------------------------------- RLCard
# RLCard (rlcard/games/gin_rummy/utils/utils.py): cards are rlcard.games.base.Card objects
# (suit letter, rank letter); card_id = suit_id * 13 + rank_id with the same ranks as ours
# and suit order "SHDC": spades=0, hearts=1, diamonds=2, clubs=3. So the RLCard suit is
# 3 - our suit. utils.get_card(card_id) returns the shared Card for an id.


def rlcard_card_id(c: int) -> int:
    """Our card index -> RLCard card_id (0..51; also its discard action id minus 6)."""
    return (3 - c // 13) * 13 + c % 13


def rlcard_card(c: int) -> Any:
    """Our card index -> ``rlcard.games.base.Card``."""
    from rlcard.games.gin_rummy.utils import utils

    return utils.get_card(rlcard_card_id(c))


def rlcard_min_deadwood_fn() -> tuple[Prepare, Call]:
    """``(prepare, call)`` for RLCard's least deadwood.

    RLCard calls used: ``melding.get_best_meld_clusters(hand)`` (10 cards only; enumerates
    every set of up to 3 disjoint melds via get_meld_clusters and keeps those with least
    ``utils.get_deadwood_count``; returns [] when no meld exists) and
    ``utils.get_deadwood_count(hand, cluster)`` (sum of card values not in the cluster;
    10 cards only). For 11 cards we take the minimum over the 11 possible discards of
    the 10-card value, i.e. the least deadwood after the best discard -- the same meaning
    OpenSpiel intends, and what RLCard's novice agent computes when it chooses a discard.
    """
    from rlcard.games.gin_rummy.utils import melding, utils

    best_clusters = melding.get_best_meld_clusters
    deadwood_count = utils.get_deadwood_count

    def ten(hand: list[Any]) -> int:
        clusters = best_clusters(hand)
        return int(deadwood_count(hand, clusters[0] if clusters else []))

    def prepare(cards: Sequence[int]) -> list[Any]:
        if len(cards) not in (10, 11):
            raise ValueError("RLCard deadwood needs 10 or 11 cards")
        return [rlcard_card(c) for c in cards]

    def call(hand: list[Any]) -> int:
        if len(hand) == 10:
            return ten(hand)
        return min(ten(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))

    return prepare, call


def rlcard_novice_hands_per_second(
    n_hands: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, float]:
    """Play ``n_hands`` hands of RLCard gin-rummy, GinRummyNoviceRuleAgent on both seats.

    The env's own RandomState (dealer choice, shuffle) is seeded via ``config['seed']``.
    The agent breaks ties with ``np.random.choice`` on numpy's *global* state, which we
    cannot hand an RNG to; we seed it from ``seed`` for the run and restore the caller's
    global numpy state afterwards. Returns ``(hands, seconds)`` (play only, timed by ``clock``).
    """
    import numpy as np
    import rlcard
    from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent

    env = rlcard.make("gin-rummy", config={"seed": seed})
    agent = GinRummyNoviceRuleAgent()
    saved = np.random.get_state()
    np.random.seed(seed)
    try:
        t0 = clock()
        for _ in range(n_hands):
            state, _player = env.reset()
            while not env.is_over():
                state, _player = env.step(agent.step(state))
        elapsed = clock() - t0
    finally:
        np.random.set_state(saved)
    return n_hands, elapsed


# --------------------------------------------------------------------------- self-check


def _calls_per_second(pair: tuple[Prepare, Call], hands: Sequence[Sequence[int]]) -> float:
    prepare, call = pair
    prepared = [prepare(h) for h in hands]
    t0 = time.perf_counter()
    for h in prepared:
        call(h)
    return len(prepared) / (time.perf_counter() - t0)


def _main() -> None:
    examples = [
        "2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h",  # true least after best discard: 0 (drop 3d)
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc",  # 0
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Kd",  # 0
        "As Ks 2h 3h 4h 5h 6h Qd Qc Qh",  # 11
        "7c 7d 7h 8d 9d 8s 8h 2c 3s Kh",  # 7c7d7h + 8d8s8h: 24
    ]
    engines: dict[str, tuple[Prepare, Call]] = {}
    factories = (("openspiel", openspiel_min_deadwood_fn), ("rlcard", rlcard_min_deadwood_fn))
    for name, factory in factories:
        try:
            engines[name] = factory()
        except ImportError as exc:
            print(f"{name}: unavailable ({exc})")
    for text in examples:
        cards = parse_cards(text)
        got = {name: call(prep(cards)) for name, (prep, call) in engines.items()}
        print(f"{text:40s} {got}")

    rng = random.Random(0)
    hands10 = [rng.sample(range(52), 10) for _ in range(1000)]
    hands11 = [rng.sample(range(52), 11) for _ in range(1000)]
    for name, pair in engines.items():
        print(
            f"{name}: min deadwood, 10 cards {_calls_per_second(pair, hands10):,.0f} calls/s, "
            f"11 cards {_calls_per_second(pair, hands11):,.0f} calls/s"
        )
    if len(engines) == 2:
        (op, oc), (rp, rc) = engines["openspiel"], engines["rlcard"]
        for size, hands in ((10, hands10), (11, hands11)):
            diff = [h for h in hands if oc(op(h)) != rc(rp(h))]
            print(
                f"{size}-card hands where the engines differ: {len(diff)}/{len(hands)}"
                + (f", e.g. {' '.join(card_text(c) for c in diff[0])}" if diff else "")
            )

    for name, play in (
        ("openspiel simple bot", openspiel_simple_hands_per_second),
        ("rlcard novice agent", rlcard_novice_hands_per_second),
    ):
        try:
            n, secs = play(50, 1)
        except ImportError as exc:
            print(f"{name}: unavailable ({exc})")
            continue
        print(f"{name}: {n} hands in {secs:.3f}s = {n / secs:,.1f} hands/s")


if __name__ == "__main__":
    _main()
