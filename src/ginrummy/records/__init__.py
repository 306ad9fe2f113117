"""Records: save a hand, game, match or team match as JSON and replay it from its seeds and
actions to exactly the result it stores.

A hand record (``"format": "ginrummy-hand"``, ``"version": 2``)::

    {"format": "ginrummy-hand", "version": 2,
     "rules": {...every setting of Rules...},   # settings left out take their defaults
     "dealer": 1,                              # 0 or 1
     "seed": 1234,                             # deck = shuffled_deck(random.Random(seed)), or null
     "deck": "9d Qc ...",                      # the 52 cards in dealing order (checked against the seed)
     "knock_card": null,                       # Oklahoma with a second deck: the card setting the knock limit
     "actions": [[0, "pass"], [1, "take"], [1, "discard 7h"], ...],
     "names": ["Ann", "expert"],               # optional: the players in seat 0 and seat 1
     "result": {"outcome": "knock", "winner": 0, "points": 7}}   # absent while the hand goes on

``seed`` may be ``null`` when the deck was not shuffled from a seed; ``deck`` is then required
(and may be left out when ``seed`` is given). Actions use the notation of
:mod:`ginrummy.hand.actions`, with knocks and layoffs written out in full (a defender who lays
down nothing: ``layoff none``; a bare ``layoff`` asks for the engine's best plan); a
discard-pile pickup hand (002, ``"discard_pickup": true`` in the rules) uses that of
:mod:`ginrummy.variants.pickup.actions` (``take 3``, ``meld [7c 7d 7s]``, ``add 8h:2``) and has
no knock card. ``result`` is the outcome (an :class:`~ginrummy.hand.results.Outcome` value),
the ``winner`` (0, 1 or null) and the ``points`` the winner scores.

A game record (``"format": "ginrummy-game"``) holds the ``rules``, the game ``seed``, the two
``names``, the ``first_dealer`` (0 or 1), the ``hands`` (hand records, dealt from the game seed
in order, the last possibly unfinished; a Hollywood game's three columns are rebuilt from its
hands) and its ``result``: ``{"points": [p0, p1], "final": [f0, f1], "winner": 0}``, the hand
points entered (the score toward the target), the final scores with every bonus and the winner
(``final`` and ``winner`` null while the game goes on; ``winner`` null on equal scores), and
for a game a player forfeited (a bot that crashed, hung past its time budget, or answered with
garbage or an illegal action, :mod:`ginrummy.protocol`) its ``forfeit``:
``{"player": 1, "kind": "timeout", "message": "..."}`` (``kind`` one of :data:`FORFEIT_KINDS`;
the game stops there, the other player wins it; absent when no one forfeited, as in every
record written before forfeits were recorded). A match
record (``"format": "ginrummy-match"``) holds the ``rules``, the match ``seed``, the ``names``,
the ``games`` (game records whose seeds must be :func:`ginrummy.seeds.game_seed`'s) and its
``result``: ``{"over": true, "games": [[f0, f1], ...], "totals": [t0, t1], "winner": 0}`` (each
finished game's final scores, their sums, the winner). A team record (``"format":
"ginrummy-team-match"``) holds the ``rules``, the ``seed``, the ``team_names``, the ``members``
(two lists of ``team_size`` names, no name twice), the ``pairings`` (one match record per
pairing) and its ``result``: ``{"over": true, "totals": [t0, t1], "winner": 0}``. Records inside
another have its ``version``. Keys other than these are ignored (the web server adds
``fairness``).

Loading checks every field (:mod:`ginrummy.records.validate`) and raises a
:class:`~ginrummy.errors.RecordError` naming the record and the field, nested ones by their
place: ``game record: "first_dealer" must be 0 or 1, got 2``, ``match record: game 2: hand 3:
"dealer" must be 0 or 1, got 2``. Replaying checks each deck against its seed, every action
against the rules, and that each hand, game, match and team match comes to the ``result`` it
stores (:mod:`ginrummy.records.claims`), raising a :class:`~ginrummy.errors.RecordError`
otherwise: a record that replays has exactly its stored results.

Version 1 records are read too: their game, match and team records have no ``result`` (one
added is checked all the same), and
they wrote a defender who laid down nothing as a bare ``layoff``, read (as before) as the
engine's best plan when that replays to the stored hand result and as ``layoff none`` when only
that does. Records are written as version 2; other versions are refused.

>>> import random
>>> from ginrummy.hand.actions import Pass
>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> state = HandState.deal(Rules(), dealer=1, rng=random.Random(5))
>>> state.push(Pass())
>>> rec = HandRecord.from_state(state, seed=5)
>>> HandRecord.load(rec.dump()).replay().log == state.log
True
>>> GameRecord.load('{"format": "ginrummy-game", "version": 3}')
Traceback (most recent call last):
ginrummy.errors.RecordError: game record: "version" must be 1 or 2 (this program reads versions 1 or 2), got 3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ginrummy.errors import RecordError
from ginrummy.records.claims import GameClaim, HandClaim, MatchClaim, TeamClaim
from ginrummy.records.game import FORFEIT_KINDS, GameForfeit, GameRecord
from ginrummy.records.hand import HandRecord, parse_json
from ginrummy.records.match import MatchRecord, TeamRecord
from ginrummy.records.validate import VERSION, VERSIONS

__all__ = [
    "FORFEIT_KINDS",
    "VERSION",
    "VERSIONS",
    "AnyRecord",
    "GameClaim",
    "GameForfeit",
    "GameRecord",
    "HandClaim",
    "HandRecord",
    "MatchClaim",
    "MatchRecord",
    "TeamClaim",
    "TeamRecord",
    "load_any",
]

AnyRecord = HandRecord | GameRecord | MatchRecord | TeamRecord

_READERS: dict[str, Callable[[Any], AnyRecord]] = {
    "ginrummy-hand": HandRecord.from_json,
    "ginrummy-game": GameRecord.from_json,
    "ginrummy-match": MatchRecord.from_json,
    "ginrummy-team-match": TeamRecord.from_json,
}


def load_any(text: str) -> AnyRecord:
    """Read any record by its ``"format"``; raises :class:`RecordError` naming the formats."""
    data = parse_json(text, "record")
    fmt = data.get("format") if isinstance(data, dict) else None
    read = _READERS.get(fmt) if isinstance(fmt, str) else None
    if read is None:
        raise RecordError(
            f"not a ginrummy record (format {fmt!r}; expected ginrummy-hand, ginrummy-game, "
            "ginrummy-match or ginrummy-team-match)"
        )
    return read(data)
