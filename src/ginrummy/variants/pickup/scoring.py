"""Scoring of discard-pile pickup gin (002).

When a player goes gin (gets rid of every card), "points are added, with cards on the table
being added up and cards in hand being subtracted. The player who gins receives 25 additional
points, 2 through 9 = 5 points, 10 through K = 10 points, A = 15 points" (002). So each player
scores, for the hand, the cards they put on the table (their own melds and the cards they
added to any meld) for them and the cards left in their hand against them; the gin player adds
``rules.gin_bonus`` (25).

How a hand is entered on the score sheet (the text is silent; this engine's choice): the
**difference** of the two players' hand scores, credited to the player whose score is higher
(the gin player, unless the opponent put more on the table than the gin player's total). That
fits :class:`~ginrummy.hand.results.HandResult` (one winner, points >= 0) and the rest of the
engine's sheet, and it keeps every margin between the players exactly as if both hand scores
were entered in their own columns. A hand with equal scores has no winner (0 points).
:class:`PickupResult` keeps both players' for/against totals for display.

>>> from ginrummy.cards import parse_cards
>>> pickup_points(parse_cards("Ah 2c 9d Th Ks"))
45
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.cards import CardSet
from ginrummy.errors import ArgumentError
from ginrummy.hand.results import HandResult, Outcome, agree
from ginrummy.melds import Meld
from ginrummy.rules import Rules

__all__ = ["PICKUP_VALUES", "PickupResult", "card_value", "pickup_points", "pickup_result"]

PICKUP_VALUES: tuple[int, ...] = tuple(15 if r == 0 else 5 if r < 9 else 10 for r in range(13))
"""Value of each rank (ace first) in pickup scoring: A = 15, 2-9 = 5, 10-K = 10 (002)."""

_VALUE = tuple(PICKUP_VALUES[c % 13] for c in range(52))


def card_value(card: int) -> int:
    """A card's value in pickup scoring: A = 15, 2-9 = 5, 10-K = 10."""
    return _VALUE[card]


def pickup_points(mask: CardSet) -> int:
    """Total pickup value of the cards of a ``CardSet``."""
    total = 0
    while mask:
        low = mask & -mask
        total += _VALUE[low.bit_length() - 1]
        mask ^= low
    return total


@dataclass(frozen=True, slots=True)
class PickupResult(HandResult):
    """The result of a discard-pile pickup hand: a :class:`~ginrummy.hand.results.HandResult`
    (``outcome`` GIN or DEAD; ``knocker`` is the gin player; ``winner`` scores ``points``, the
    difference of the two hand scores; ``hands`` are the cards left in hand, empty for a dead
    hand as in standard gin) with each player's totals:

    ``table_points``: value of the cards each player put on the table (for them);
    ``held_points``: value of the cards left in each player's hand (against them);
    ``bonus``: the gin bonus of each player (25 for the gin player); ``net``: each player's
    hand score, ``table - held + bonus`` (may be negative); ``table_melds``: the melds on the
    table at the end; ``laid``: the cards each player put on the table (``CardSet``).

    ``defender_count`` is the scorer's points before the gin bonus (``points - gin_bonus`` when
    the gin player is ahead, which may be negative; ``points`` when the opponent is), so the
    standard sheet's "scores P: (X + B as Gin bonus)" line splits the bonus out correctly.

    Checked on creation as a :class:`~ginrummy.hand.results.HandResult` is, with pickup's
    outcomes: GIN (by ``knocker``; won by whoever has the higher hand score, by nobody for 0
    points on equal scores) or DEAD (no winner, no knocker, 0 points).
    """

    table_points: tuple[int, int] = (0, 0)
    held_points: tuple[int, int] = (0, 0)
    bonus: tuple[int, int] = (0, 0)
    net: tuple[int, int] = (0, 0)
    table_melds: tuple[Meld, ...] = ()
    laid: tuple[CardSet, CardSet] = (0, 0)

    def _check_outcome(self) -> None:
        outcome, winner, knocker = self.outcome, self.winner, self.knocker
        if self._checked_dead():
            return
        if outcome is not Outcome.GIN:
            raise ArgumentError(f"a discard-pile pickup hand ends in gin or a dead hand, got {outcome.value}")
        if knocker is None:
            raise ArgumentError("a gin result needs the gin player as knocker (0 or 1), got None")
        if (winner is None) != (self.points == 0):
            raise ArgumentError(
                f"a pickup gin scores 0 points exactly when nobody wins it, got winner={winner!r}, "
                f"points={self.points}"
            )

    def describe(self, names: tuple[str, str] = ("Player 0", "Player 1")) -> str:
        """One line, e.g. ``'Ed goes gin: Ed 40 on the table + 25 gin = 65; Jim 20 on the table
        - 15 in hand = 5: Ed scores 60'``."""
        if self.outcome is Outcome.DEAD or self.knocker is None:
            return "Dead hand: no score"
        g = self.knocker
        parts = []
        for p in (g, 1 - g):
            text = f"{names[p]} {self.table_points[p]} on the table"
            if self.held_points[p]:
                text += f" - {self.held_points[p]} in hand"
            if self.bonus[p]:
                text += f" + {self.bonus[p]} gin"
            parts.append(f"{text} = {self.net[p]}")
        tail = (
            "no score"
            if self.winner is None
            else f"{agree(names[self.winner], 'score', 'scores')} {self.points}"
        )
        return f"{agree(names[g], 'go', 'goes')} gin: {'; '.join(parts)}: {tail}"


def pickup_result(
    rules: Rules,
    gin_player: int,
    laid: tuple[CardSet, CardSet],
    hands: tuple[CardSet, CardSet],
    table_melds: tuple[Meld, ...],
) -> PickupResult:
    """Score a hand that ``gin_player`` ended by going gin: ``laid`` are the cards each player
    put on the table, ``hands`` the cards left in each hand (the gin player's is empty).

    >>> from ginrummy.cards import parse_cards
    >>> r = pickup_result(Rules(), 0, (parse_cards("7c 7d 7s 8h 9h Th Jh Qh Kh Ac Ad"),
    ...     parse_cards("2s 3s 4s")), (0, parse_cards("Ks Kd")), ())
    >>> r.net, r.winner, r.points
    ((120, -5), 0, 125)
    """
    table = (pickup_points(laid[0]), pickup_points(laid[1]))
    held = (pickup_points(hands[0]), pickup_points(hands[1]))
    bonus = (rules.gin_bonus if gin_player == 0 else 0, rules.gin_bonus if gin_player == 1 else 0)
    net = (table[0] - held[0] + bonus[0], table[1] - held[1] + bonus[1])
    diff = net[gin_player] - net[1 - gin_player]
    winner: int | None = gin_player if diff > 0 else (1 - gin_player if diff < 0 else None)
    points = abs(diff)
    defender_count = points - rules.gin_bonus if winner == gin_player else points
    return PickupResult(
        Outcome.GIN,
        winner,
        points,
        knocker=gin_player,
        knocker_count=0,
        defender_count=defender_count,
        hands=hands,
        table_points=table,
        held_points=held,
        bonus=bonus,
        net=net,
        table_melds=table_melds,
        laid=laid,
    )
