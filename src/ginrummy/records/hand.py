"""Hand records (``"format": "ginrummy-hand"``): a hand of any variant as JSON, replayed from
its seed or deck and its actions to its stored result (the format: :mod:`ginrummy.records`).

>>> HandRecord.from_json({"format": "ginrummy-hand", "version": 2, "rules": {}, "dealer": 0.5})
Traceback (most recent call last):
ginrummy.errors.RecordError: hand record: "dealer" must be 0 or 1, got 0.5
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any, cast

from ginrummy.cards import CARDS, Card, format_cards, parse_card
from ginrummy.checks import check_instance, check_int, check_names, check_seat, check_seed
from ginrummy.errors import ArgumentTypeError, GinRummyError, RecordError
from ginrummy.hand.base import check_deck, check_hand, shuffle_for
from ginrummy.records.claims import HandClaim, check
from ginrummy.records.replay import ReplayError, replay_actions
from ginrummy.records.validate import VERSION, Fields, shown
from ginrummy.rules import KnockCard, Rules
from ginrummy.variants import ACTION_TYPES, AnyAction, AnyHandState, deal_from, parse_any_action, variant_of
from ginrummy.variants.standard.actions import LayOff

__all__ = ["HandRecord", "parse_json"]

WHERE = "hand record"


def parse_json(text: str, where: str) -> Any:
    """``json.loads(text)`` of a ``str`` (or UTF-8 ``bytes``); raises :class:`RecordError`
    (``WHERE: not JSON: ...``, or ``WHERE: must be JSON text ...`` for another kind of ``text``)."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"{where}: must be JSON text (a str), got {shown(text)}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise RecordError(f"{where}: not JSON: {exc}") from None


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: ``rules``, ``dealer``, the ``deck`` (52 cards in dealing order) and/or the
    ``seed`` it was shuffled from, the second deck's ``knock_card`` (Oklahoma), the ``actions``
    as ``(player, action)``, optionally the players' ``names`` (seat 0, seat 1), and the
    ``claim``: the result the record says the hand came to (``None``: none claimed, as for a
    record built in code; :meth:`from_state` and :meth:`from_json` always set it).

    What it cannot write it refuses on creation: raises
    :class:`~ginrummy.errors.ArgumentTypeError` (``ArgumentError`` out of range) for fields of
    another kind (a dealer that is not 0 or 1, a deck that is not the 52 cards, actions that are
    not ``(player, action)`` pairs, a seed that is not an int, names that are not two strings);
    a numpy integer is taken as an int (:mod:`ginrummy.checks`)."""

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[tuple[int, AnyAction], ...]
    seed: int | None = None
    knock_card: Card | None = None
    names: tuple[str, str] | None = None
    claim: HandClaim | None = None

    def __post_init__(self) -> None:
        put = object.__setattr__
        check_instance("rules", self.rules, Rules, "a Rules")
        put(self, "dealer", check_seat("dealer", self.dealer))
        put(self, "deck", check_deck(self.deck))
        put(self, "actions", _checked_actions(self.actions))
        if self.seed is not None:
            put(self, "seed", check_seed("seed", self.seed))
        if self.knock_card is not None:
            put(
                self,
                "knock_card",
                CARDS[check_int("knock_card", self.knock_card, 0, 51, "a card (an int 0-51)")],
            )
        if self.names is not None:
            put(self, "names", check_names("names", self.names))
        if self.claim is not None:
            check_instance("claim", self.claim, HandClaim, "a HandClaim or None")

    @classmethod
    def from_state(
        cls, state: AnyHandState, seed: int | None = None, names: tuple[str, str] | None = None
    ) -> HandRecord:
        """The record of ``state`` (a hand of any variant) so far; ``seed`` is the one its deck
        was shuffled from. Raises :class:`~ginrummy.errors.ArgumentTypeError` for a ``state``
        that is not a hand (and what the constructor raises for ``seed`` and ``names``)."""
        check_hand("state", state)
        second = variant_of(state.rules).record_extras(state).get("knock_card")
        claim = HandClaim.of(state.result)
        return cls(state.rules, state.dealer, state.deck, state.log, seed, second, names, claim)

    # -- replay -----------------------------------------------------------------------------------

    def replay(self, where: str = WHERE) -> AnyHandState:
        """Deal the deck and apply every action; the state at the end. Raises
        :class:`RecordError` (its message starting with ``where``) if the seed does not give
        the deck or knock card, an action is illegal (naming its index, from 0), or the hand
        does not come to the claimed result."""
        state = self._played(where)
        check(where, self.claim, HandClaim.of(state.result))
        return state

    def _played(self, where: str) -> AnyHandState:
        """:meth:`replay` without the check of the claim."""
        if self.seed is not None:
            try:
                deck, second = shuffle_for(self.rules, random.Random(self.seed))
            except TypeError:  # a seed of another type, in a record built in code
                raise RecordError(f"{where}: the seed must be an integer, got {self.seed!r}") from None
            if tuple(deck) != self.deck:
                raise RecordError(f"{where}: the deck does not come from the seed")
            if second != self.knock_card:
                raise RecordError(f"{where}: the knock card does not come from the seed")
        try:
            state = deal_from(self.rules, self.dealer, self.deck, self.knock_card)
        except ValueError as exc:
            raise RecordError(f"{where}: cannot deal this record: {exc}") from None
        try:
            return replay_actions(state, self.actions)
        except ReplayError as exc:
            raise RecordError(f"{where}: {exc}") from None

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (format version 2; see :mod:`ginrummy.records`).
        Without a claim the hand is replayed for its result (raising :class:`RecordError` if
        it does not replay)."""
        data: dict[str, Any] = {
            "format": "ginrummy-hand",
            "version": VERSION,
            "rules": self.rules.settings(),
            "dealer": self.dealer,
            "seed": self.seed,
            "deck": format_cards(self.deck),
            "knock_card": None if self.knock_card is None else str(self.knock_card),
            "actions": [[p, str(a)] for p, a in self.actions],
        }
        if self.names is not None:
            data["names"] = list(self.names)
        claim = self.claim if self.claim is not None else HandClaim.of(self.replay().result)
        result = claim.to_json()
        if result is not None:
            data["result"] = result
        return data

    def dump(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_json())

    @classmethod
    def load(cls, text: str) -> HandRecord:
        """Parse a JSON string made by :meth:`dump`; raises :class:`RecordError` if malformed."""
        return cls.from_json(parse_json(text, WHERE))

    @classmethod
    def from_json(cls, data: Any, where: str = WHERE, version: int | None = None) -> HandRecord:
        """Read a hand record dict (format version 1 or 2); raises :class:`RecordError` naming
        ``where`` and the field for a malformed one. ``version``: the enclosing record's, which
        this one must have. Version 1 records are read as they were written (see
        :func:`_version_1_layoff`). Loading does not replay: :meth:`replay` does."""
        f = Fields.of(data, where, "ginrummy-hand")
        v = f.version(version)
        rules = f.rules()
        dealer = f.choice("dealer", (0, 1))
        seed = f.optional_integer("seed")
        second = f.card("knock_card")
        if f.data.get("deck") is not None:
            deck = _deck(f)
        elif seed is not None:
            shuffled, dealt = shuffle_for(rules, random.Random(seed))
            if "knock_card" in f.data and second != dealt:
                raise f.error("knock_card", "does not come from the seed")
            deck, second = tuple(shuffled), dealt
        else:
            raise RecordError(
                f'{where}: "seed" and "deck" are both missing or null (a hand record needs one)'
            )
        if (second is not None) != (rules.knock_card is KnockCard.SECOND_DECK):
            want = (
                "a card (the second deck's)" if second is None else "null (no second deck under these rules)"
            )
            raise f.error("knock_card", f"must be {want}, got {shown(f.data.get('knock_card'))}")
        actions = _actions(f, rules)
        names = f.optional_names("names")
        rec = cls(rules, dealer, deck, actions, seed, second, names, HandClaim.read(f))
        return _version_1_layoff(rec, where) if v == 1 else rec


def _checked_actions(actions: Any) -> tuple[tuple[int, AnyAction], ...]:
    """``actions`` as a tuple of ``(player, action)`` pairs: a player 0 or 1, an action of
    any variant. Raises :class:`~ginrummy.errors.ArgumentTypeError` naming the pair."""
    if isinstance(actions, str | bytes | bytearray | dict) or not hasattr(actions, "__iter__"):
        raise ArgumentTypeError(f"actions must be a sequence of (player, action) pairs, got {shown(actions)}")
    out: list[tuple[int, AnyAction]] = []
    for i, item in enumerate(actions):
        if not (isinstance(item, tuple | list) and len(item) == 2 and isinstance(item[1], ACTION_TYPES)):
            raise ArgumentTypeError(f"actions[{i}] must be a (player, action) pair, got {shown(item)}")
        action = cast(AnyAction, item[1])  # an instance of ACTION_TYPES: checked above
        out.append((check_seat(f"actions[{i}] player", item[0]), action))
    return tuple(out)


def _deck(f: Fields) -> tuple[Card, ...]:
    """The ``"deck"``: 52 distinct cards separated by spaces."""
    text = f.text("deck")
    try:
        deck = tuple(parse_card(t) for t in text.split())
    except GinRummyError as exc:
        raise f.error("deck", f"must be the 52 cards in dealing order: {exc}") from None
    if len(deck) != 52 or len(set(deck)) != 52:
        raise f.error(
            "deck", f"must be the 52 cards in dealing order, got {len(deck)} ({len(set(deck))} different)"
        )
    return deck


def _actions(f: Fields, rules: Rules) -> tuple[tuple[int, AnyAction], ...]:
    """The ``"actions"``: ``[player, "action"]`` pairs in the notation of the variant ``rules`` name."""
    out = []
    for i, item in enumerate(f.array("actions")):
        name = f"actions[{i}]"
        if not (isinstance(item, list) and len(item) == 2):
            raise f.error(name, f'must be a pair [player, "action"], got {shown(item)}')
        player, text = item
        if type(player) is not int or player not in (0, 1):
            raise f.error(name, f"must start with the player, 0 or 1, got {shown(player)}")
        if not isinstance(text, str):
            raise f.error(name, f'must end with an action such as "discard 7h", got {shown(text)}')
        try:
            out.append((player, parse_any_action(text, rules)))
        except GinRummyError as exc:
            raise f.error(name, f"is not an action of these rules: {exc}") from None
    return tuple(out)


def _version_1_layoff(rec: HandRecord, where: str) -> HandRecord:
    """A version 1 hand record as it was played. Version 1 wrote a defender who laid down
    nothing as ``layoff``, which reads as the engine's best plan; it is read so (as before) when
    that replays to the stored result, and as laying down nothing (``layoff none``) when only
    that does. Any other record is returned as it is (its replay reports what is wrong)."""
    bare = [i for i, (_, a) in enumerate(rec.actions) if a == LayOff()]
    if not bare or rec.claim is None or rec.claim.outcome is None:
        return rec
    actions = list(rec.actions)
    actions[bare[-1]] = (actions[bare[-1]][0], LayOff((), ()))
    nothing = dataclasses.replace(rec, actions=tuple(actions))
    for reading in (rec, nothing):
        try:
            if HandClaim.of(reading._played(where).result) == rec.claim:
                return reading
        except RecordError:
            pass
    return rec
