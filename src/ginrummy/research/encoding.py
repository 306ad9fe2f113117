"""The one action and observation encoding of the research interfaces (OpenSpiel, PettingZoo, Gymnasium).

Everything here reads a seat's :class:`~ginrummy.variants.standard.view.PlayerView` only, never the hidden
state, and needs nothing outside the standard library (the environments wrap the lists in numpy).

Actions: a fixed integer space of :data:`NUM_ACTIONS` ids
==========  ======================================================================
id          action (:mod:`ginrummy.hand.actions` notation)
==========  ======================================================================
0           ``pass``: decline the upcard (first turn), or the last discard (50th-card rule)
1           ``take``: the upcard / top card of the discard pile
2           ``draw``: the top card of the stock
3 + c       ``discard C`` for card ``c`` (0-51, :mod:`ginrummy.cards` order: ``suit*13 + rank``,
            suits ``c d h s``, ranks ``A..K``), so 3..54
55 + c      ``knock C``: discard ``c`` face down and lay down the engine's first least-deadwood
            arrangement (gin when no deadwood is left), so 55..106
107         ``big-gin``: all 11 cards melded, no discard (when the rules allow big gin)
108         ``layoff``: the defender's melds and layoffs, the engine's exact best plan
==========  ======================================================================

Why one layoff id: the defender's score depends only on its deadwood after laying off, and
:func:`ginrummy.layoff.best_layoff` minimises it exactly (chained layoffs on both ends of a run,
the fourth card of a set, any order), so every other plan is weakly dominated and a learner loses
nothing by not choosing. A knock lays down the engine's first least-deadwood arrangement: the
choice between equally good arrangements only changes what the defender can lay off; the text
harness (:mod:`ginrummy.research.text`) and the engine accept explicit melds for that.
Every knock the rules allow is in the space (any discard that leaves deadwood within the hand's
knock limit, Oklahoma's included), as are both 50th-card-rule choices.

Discard-pile pickup gin (``rules.discard_pickup``, 002) takes several cards at once and melds on
the table: it has no encoding here, and :func:`check_rules` raises
:class:`UnsupportedVariantError`. The text harness plays it.

Observation: a flat list of :data:`OBS_SIZE` floats in ``[0, 1]``: :data:`PLANES` (52 floats
each, one per card, in card order) then :data:`SCALARS`, laid out as :func:`layout` says.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> view = HandState.deal(Rules(), dealer=1, rng=7).view(0)
>>> [action_name(i) for i in legal_ids(view)], NUM_ACTIONS, OBS_SIZE
(['pass', 'take'], 109, 542)
>>> decode(view, 1)
TakeDiscard()
>>> obs = encode(view)
>>> sum(obs[:52]), obs[52 + 21] == 1.0  # ten cards in hand; the upcard is 9d (card 13 + 8)
(10.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ginrummy.cards import CARDS, cards_of, deadwood_points
from ginrummy.errors import IllegalActionError, RulesError
from ginrummy.hand.phase import Event, Phase
from ginrummy.melds import discard_deadwoods, least_deadwood, least_deadwood_after_discard
from ginrummy.rules import Aces, Rules
from ginrummy.variants import variant_of
from ginrummy.variants.standard.actions import (
    Action,
    BigGin,
    Discard,
    DrawStock,
    Knock,
    LayOff,
    Pass,
    TakeDiscard,
)
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "BIG_GIN",
    "DISCARD",
    "DRAW",
    "KNOCK",
    "LAYOFF",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "PASS",
    "PLANES",
    "SCALARS",
    "SCALAR_START",
    "TAKE",
    "UnsupportedVariantError",
    "action_id",
    "action_name",
    "check_rules",
    "decode",
    "discards_of",
    "encode",
    "encode_into",
    "layout",
    "legal_ids",
    "observation_parts",
    "public_cards_of",
    "resolve_rules",
    "to_action",
]

PASS, TAKE, DRAW, DISCARD, KNOCK, BIG_GIN, LAYOFF = 0, 1, 2, 3, 55, 107, 108
NUM_ACTIONS = 109
"""Size of the action space: ids 0..108 (the table in the module docstring)."""

PLANES: tuple[tuple[str, str], ...] = (
    ("hand", "the cards this player holds"),
    ("upcard", "the top card of the discard pile (the upcard)"),
    ("pile", "the other cards of the discard pile, all seen face up"),
    ("opponent_known", "cards the opponent took from the discard pile and still holds"),
    ("opponent_discarded", "cards the opponent discarded face up this hand"),
    ("my_discarded", "cards this player discarded face up this hand"),
    ("knocker_melds", "the cards of the knocker's melds, once laid down (layoff phase, end)"),
    ("drawn", "the card this player just drew from the stock (own turn only)"),
    (
        "taken",
        "the card this player just took from the pile (not to be discarded this turn unless the rules allow)",
    ),
    ("knock_card", "the card that sets the knock limit (Oklahoma), if any"),
)
"""The 52-float planes, in order: ``(name, meaning)``; a plane holds 1.0 at each card it names."""

SCALARS: tuple[tuple[str, str], ...] = (
    *((f"phase_{p.value}", f"1 in phase {p.name}") for p in Phase),
    ("my_turn", "1 when this player is to act"),
    ("dealer", "1 when this player dealt"),
    ("stock", "cards left in the stock / 32"),
    ("opponent_cards", "cards the opponent holds / 11"),
    ("knock_limit", "this hand's knock limit / 10 (0: gin only)"),
    ("doubled", "1 when the hand's points are doubled (Oklahoma's spade)"),
    ("may_take", "1 when the top discard may be taken now"),
    ("must_knock", "1 when only a knock is allowed (50th-card rule)"),
    ("knocker_deadwood", "the knocker's deadwood points / 10 (layoff phase, end)"),
    ("i_knocked", "1 when this player knocked"),
    ("rule_big_gin", "1 when big gin is allowed"),
    ("rule_rediscard", "1 when a taken card may be discarded the same turn"),
    ("rule_50th_card", "1 when the 50th-card rule is in force"),
    ("rule_dead_at", "stock cards left at which the hand is dead / 10"),
    ("rule_round_corner", "1 when aces are high or low and runs turn the corner (ace 15)"),
    ("rule_tie_undercuts", "1 when equal counts are an undercut"),
)
"""The scalar features after the planes, in order: ``(name, meaning)``, each in ``[0, 1]``."""

OBS_SIZE = 52 * len(PLANES) + len(SCALARS)
"""Length of the observation vector."""

SCALAR_START = 52 * len(PLANES)
"""Index of the first scalar feature (after the planes)."""

_PHASES = tuple(Phase)
_OFFER, _DRAW, _DISCARD, _LAST_CHANCE, _LAYOFF, _END = (
    Phase.OFFER,
    Phase.DRAW,
    Phase.DISCARD,
    Phase.LAST_CHANCE,
    Phase.LAYOFF,
    Phase.END,
)
"""The phases as module names: reading an ``Enum`` member from its class is slow in CPython 3.11."""
_BIT = tuple(1 << c for c in range(52))
_SUIT_CARDS = tuple(
    tuple(tuple(13 * suit + r for r in range(13) if bits >> r & 1) for bits in range(1 << 13))
    for suit in range(4)
)
"""``_SUIT_CARDS[suit][bits]``: the card numbers of a suit's 13-bit part of a ``CardSet``, ascending."""
_SUIT_IDS = tuple(tuple(tuple(DISCARD + c for c in cards) for cards in suit) for suit in _SUIT_CARDS)
"""``_SUIT_IDS[suit][bits]``: the discard ids of those cards."""


class FloatBuffer(Protocol):
    """Where :func:`encode_into` writes: a list of floats or a numpy array."""

    def __setitem__(self, index: Any, value: Any, /) -> None: ...


ENCODED: tuple[str, ...] = ("standard",)
"""The variants the fixed encoding covers (:attr:`Rules.variant <ginrummy.rules.Rules.variant>`)."""


class UnsupportedVariantError(RulesError):
    """Rules that the fixed encoding cannot express (discard-pile pickup gin)."""


def check_rules(rules: Rules) -> Rules:
    """Return ``rules`` if the encoding plays them; raise :class:`UnsupportedVariantError` for
    discard-pile pickup gin (002), whose multi-card takes and table melds have no ids here."""
    if rules.variant not in ENCODED:
        raise UnsupportedVariantError(
            f"{variant_of(rules).title} (the {rules.variant} variant): the fixed action encoding covers "
            f"{', '.join(ENCODED)} only; play it through ginrummy.research.text or the engine "
            f"(ginrummy.variants.{rules.variant})"
        )
    return rules


def layout() -> dict[str, tuple[int, int]]:
    """Each named piece of the observation as ``(start, length)``: the planes, then ``scalars``.

    >>> layout()["hand"], layout()["scalars"]
    ((0, 52), (520, 22))
    """
    out = {name: (52 * i, 52) for i, (name, _) in enumerate(PLANES)}
    out["scalars"] = (SCALAR_START, len(SCALARS))
    return out


# -- actions -----------------------------------------------------------------------------------


def action_id(action: Action) -> int:
    """The id of an action (a knock with any melds maps to its card's knock id; a layoff with
    any plan to :data:`LAYOFF`). Raises :class:`IllegalActionError` for anything else.

    >>> action_id(Discard(CARDS[20])), action_id(Knock(CARDS[0]))
    (23, 55)
    """
    if isinstance(action, Pass):
        return PASS
    if isinstance(action, TakeDiscard):
        return TAKE
    if isinstance(action, DrawStock):
        return DRAW
    if isinstance(action, Discard):
        return DISCARD + int(action.card)
    if isinstance(action, Knock):
        return KNOCK + int(action.card)
    if isinstance(action, BigGin):
        return BIG_GIN
    if isinstance(action, LayOff):
        return LAYOFF
    raise IllegalActionError(f"no action id for {action!r} (pickup actions have none)")


def action_name(i: int) -> str:
    """The action id ``i`` in the engine's notation (``'discard 9d'``, ``'knock Ac'``, ...).
    Raises :class:`IllegalActionError` for an id outside ``0..NUM_ACTIONS-1``."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < NUM_ACTIONS:
        raise IllegalActionError(f"action ids are 0..{NUM_ACTIONS - 1}; got {i!r}")
    if i < DISCARD:
        return ("pass", "take", "draw")[i]
    if i < KNOCK:
        return f"discard {CARDS[i - DISCARD]}"
    if i < BIG_GIN:
        return f"knock {CARDS[i - KNOCK]}"
    return "big-gin" if i == BIG_GIN else "layoff"


NAMES: tuple[str, ...] = ()
"""Every id's :func:`action_name`, by id (filled in below)."""


def legal_ids(view: PlayerView) -> list[int]:
    """The legal action ids of ``view``'s player, ascending (empty when it is not their turn):
    exactly the ids of the view's canonical legal actions (``view.legal_actions``), computed
    without building the actions (the discard phase in one pass over the discards; the
    layoff's plan is not needed to know that it is legal)."""
    phase = view.phase
    if view.to_act != view.player or phase is _END:
        return []
    # the other phases' lists as variants.standard.legality.legal_actions_of makes them, in id order
    if phase is _DRAW:
        return ([TAKE] if view.may_take else []) + ([DRAW] if view.stock_size else [])
    if phase is _OFFER:
        return [PASS, TAKE]
    if phase is _LAST_CHANCE:
        return [PASS, TAKE] if view.must_knock else [PASS]
    if phase is _LAYOFF:
        return [LAYOFF]
    if phase is not _DISCARD:  # pragma: no cover - a phase added later: the general way
        return sorted({action_id(a) for a in view.legal_actions})
    rules, hand, limit = view.rules, view.hand, view.knock_limit
    mr = view.meld_rules
    taken = view.taken
    blocked = taken is not None and not rules.rediscard_taken_card  # the card just taken stays
    hand_left = hand & ~_BIT[taken] if taken is not None and blocked else hand
    s0, s1, s2, s3 = (
        hand_left & 0x1FFF,
        (hand_left >> 13) & 0x1FFF,
        (hand_left >> 26) & 0x1FFF,
        hand_left >> 39,
    )
    ids = (
        []
        if view.must_knock
        else [*_SUIT_IDS[0][s0], *_SUIT_IDS[1][s1], *_SUIT_IDS[2][s2], *_SUIT_IDS[3][s3]]
    )
    best_after = least_deadwood_after_discard(hand, mr=mr)
    if best_after <= limit:
        after = discard_deadwoods(hand, mr=mr)
        cards = (*_SUIT_CARDS[0][s0], *_SUIT_CARDS[1][s1], *_SUIT_CARDS[2][s2], *_SUIT_CARDS[3][s3])
        ids.extend(KNOCK + c for c in cards if after[CARDS[c]] <= limit)
    # every meld arrangement of 11 cards has a meld of 4 or more, so big gin leaves a discard to
    # gin (least deadwood after discarding 0): only then is the hand's own least deadwood needed
    if rules.big_gin and hand.bit_count() == 11 and best_after == 0 and least_deadwood(hand, mr=mr) == 0:
        ids.append(BIG_GIN)
    return ids


def decode(view: PlayerView, i: int, legal: list[int] | None = None) -> Action:
    """The engine action for id ``i`` in ``view`` (knock and big gin with the engine's melds,
    layoff with the engine's best plan); ``legal``: ``legal_ids(view)`` if already known.
    Raises :class:`IllegalActionError` naming the legal ids when ``i`` is not legal now."""
    legal = legal_ids(view) if legal is None else legal
    if i not in legal:
        names = ", ".join(f"{j} ({action_name(j)})" for j in legal) or "none (not your turn)"
        what = action_name(i) if isinstance(i, int) and 0 <= i < NUM_ACTIONS else "out of range"
        raise IllegalActionError(f"action {i!r} ({what}) is not legal now; legal: {names}")
    if type(i) is int:  # a legal id: 0 <= i < NUM_ACTIONS (actions are frozen: shared)
        return _ACTIONS[i]
    return to_action(i)


def to_action(i: int) -> Action:
    """The engine action that id ``i`` names, without checking it is legal now (the engine's
    ``push`` does, with its own message). Raises :class:`IllegalActionError` for an id outside
    ``0..NUM_ACTIONS-1``."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < NUM_ACTIONS:
        raise IllegalActionError(f"action ids are 0..{NUM_ACTIONS - 1}; got {i!r}")
    if i == PASS:
        return Pass()
    if i == TAKE:
        return TakeDiscard()
    if i == DRAW:
        return DrawStock()
    if i < KNOCK:
        return Discard(CARDS[i - DISCARD])
    if i < BIG_GIN:
        return Knock(CARDS[i - KNOCK])
    return BigGin() if i == BIG_GIN else LayOff()


# -- observations --------------------------------------------------------------------------------


_PHASE_HOT = {p._value_: tuple(float(q is p) for q in _PHASES) for p in _PHASES}
"""Each phase's one-hot scalars, by the phase's value (an ``Enum``'s own hash is Python code)."""
_RULE_SCALARS: dict[int, tuple[Rules, tuple[float, ...]]] = {}


def _rule_scalars(rules: Rules) -> tuple[float, ...]:
    """The scalars that depend on the rules alone (the last six), kept per rules object. Raises
    :class:`UnsupportedVariantError` for rules the encoding does not play (checked once per rules
    object, before they are kept)."""
    entry = _RULE_SCALARS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    check_rules(rules)
    values = (
        float(rules.big_gin),
        float(rules.rediscard_taken_card),
        float(rules.action_on_50th_card),
        rules.stock_left_dead / 10,
        float(rules.aces is Aces.ROUND_THE_CORNER),
        float(rules.undercut_on_tie),
    )
    if len(_RULE_SCALARS) >= 64:
        _RULE_SCALARS.clear()
    _RULE_SCALARS[id(rules)] = (rules, values)
    return values


def discards_of(history: Sequence[Event], start: int = 0, masks: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Player 0's and player 1's face-up discards (``CardSet``) in ``history[start:]``, added to
    ``masks`` (what ``history[:start]`` gave): the ``opponent_discarded`` and ``my_discarded`` planes. An
    environment that steps a hand passes the events seen so far, so each event is read once.

    >>> from ginrummy.hand.phase import Event
    >>> discards_of([Event(0, "discard", 3), Event(1, "take", 3), Event(1, "discard", 7)])
    (8, 128)
    """
    first, second, _ = public_cards_of(history, start, (*masks, 0))
    return first, second


def public_cards_of(
    history: Sequence[Event], start: int, masks: tuple[int, int, int]
) -> tuple[int, int, int]:
    """:func:`discards_of` and the discard pile's cards (``CardSet``s) after ``history[start:]``:
    ``masks`` are player 0's and player 1's discards and the pile's cards before ``history[start]``
    (at the deal: ``(0, 0, the upcard's bit)``). Each face-up discard goes on the pile, each take
    comes off it; an environment passes the events seen so far, so each event is read once.

    >>> from ginrummy.hand.phase import Event
    >>> public_cards_of([Event(0, "discard", 3), Event(1, "take", 3), Event(1, "discard", 7)], 0, (0, 0, 2))
    (8, 128, 130)
    """
    first, second, pile = masks
    for i in range(start, len(history)):
        player, kind, card = history[i]
        if card is None:
            continue
        if kind == "discard":
            pile |= _BIT[card]
            if player:
                second |= _BIT[card]
            else:
                first |= _BIT[card]
        elif kind == "take":
            pile &= ~_BIT[card]
    return first, second, pile


def observation_parts(
    view: PlayerView, discarded: tuple[int, int] | None = None, pile_cards: int | None = None
) -> tuple[list[int], list[float]]:
    """``view``'s observation in two parts: each of :data:`PLANES` as a ``CardSet`` (a 52-bit
    int, bit ``c`` for card ``c``), and the :data:`SCALARS` values, in order. ``discarded``:
    :func:`discards_of` ``(view.history)`` if already known (players 0 and 1), and ``pile_cards``:
    the discard pile's cards as a ``CardSet`` (:func:`public_cards_of`), if known. Raises
    :class:`UnsupportedVariantError` for pickup rules."""
    rules = view.rules
    rule_values = _rule_scalars(rules)  # checks the rules (once per rules object)
    me = view.player
    pile = view.discard_pile
    if pile_cards is None:
        below = sum(map(_BIT.__getitem__, pile[:-1]))  # distinct cards: the sum is their union
    else:
        below = pile_cards & ~_BIT[pile[-1]] if pile else 0
    if discarded is None:
        discarded = discards_of(view.history)
    melded = 0
    for m in view.knocker_melds:
        melded |= m.mask
    drawn, taken, knock_card = view.drawn, view.taken, view.knock_card
    planes = [
        view.hand,
        _BIT[pile[-1]] if pile else 0,
        below,
        view.opponent_known,
        discarded[1 - me],
        discarded[me],
        melded,
        _BIT[drawn] if drawn is not None else 0,
        _BIT[taken] if taken is not None else 0,
        _BIT[knock_card] if knock_card is not None else 0,
    ]
    phase = view.phase
    knocker = view.knocker
    scalars = [
        *_PHASE_HOT[phase._value_],
        1.0 if view.to_act == me and phase is not _END else 0.0,
        1.0 if view.dealer == me else 0.0,
        view.stock_size / 32,
        view.opponent_hand_size / 11,
        view.knock_limit / 10,
        1.0 if view.multiplier > 1 else 0.0,
        1.0 if view.may_take else 0.0,
        1.0 if view.must_knock else 0.0,
        deadwood_points(view.knocker_deadwood, rules.ace_points) / 10 if knocker is not None else 0.0,
        1.0 if knocker == me else 0.0,
        *rule_values,
    ]
    return planes, scalars


def encode_into(view: PlayerView, out: FloatBuffer) -> None:
    """Write ``view``'s observation into ``out`` (a zeroed sequence of :data:`OBS_SIZE` floats:
    a list, or a numpy array). Raises :class:`UnsupportedVariantError` for pickup rules."""
    planes, scalars = observation_parts(view)
    for k, mask in enumerate(planes):
        for c in cards_of(mask):
            out[52 * k + c] = 1.0
    out[SCALAR_START:OBS_SIZE] = scalars


def encode(view: PlayerView) -> list[float]:
    """``view``'s observation as a new list of :data:`OBS_SIZE` floats (see :func:`encode_into`)."""
    out = [0.0] * OBS_SIZE
    encode_into(view, out)
    return out


def resolve_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the preset it names, checked by :func:`check_rules` (the environments'
    ``rules`` argument). Raises :class:`~ginrummy.errors.UnknownPresetError` and
    :class:`UnsupportedVariantError`."""
    return check_rules(Rules.preset(rules) if isinstance(rules, str) else rules)


NAMES = tuple(action_name(i) for i in range(NUM_ACTIONS))
_ACTIONS = tuple(to_action(i) for i in range(NUM_ACTIONS))
