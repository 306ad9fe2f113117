"""The result of one hand and its points (RULES.md section 3).

============================  ==============================  =========
outcome                       winner scores                   sources
============================  ==============================  =========
knock, knocker's count lower  difference of counts            all
undercut (equal or higher)    difference + undercut bonus     all
gin                           gin bonus + defender's count    all
big gin                       big gin bonus + defender's      002, 004, 001
dead hand                     nothing                         000-003
============================  ==============================  =========

>>> hand_points(Rules(), knocker_count=3, defender_count=10, gin=False, big_gin=False)
(Outcome.KNOCK, 7)
>>> hand_points(Rules(), knocker_count=6, defender_count=3, gin=False, big_gin=False)
(Outcome.UNDERCUT, 28)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from ginrummy.cards import CardSet
from ginrummy.checks import check_cardset, check_instance, check_int, check_seat, shown
from ginrummy.errors import ArgumentError, ArgumentTypeError
from ginrummy.layoff import LayoffPlan
from ginrummy.melds import Meld
from ginrummy.rules import Rules

__all__ = ["SECOND_PERSON", "HandResult", "Outcome", "agree", "hand_points", "verb_for"]

SECOND_PERSON = "You"
"""The name worded in the second person (the terminal's default name for the human)."""


def agree(name: str, base: str, third: str) -> str:
    """``name`` and the verb form that agrees with it: ``base`` after ``You``
    (:data:`SECOND_PERSON`), else ``third``.

    >>> agree("You", "score", "scores"), agree("Ed", "score", "scores")
    ('You score', 'Ed scores')
    """
    return f"{name} {verb_for(name, base, third)}"


def verb_for(name: str, base: str, third: str) -> str:
    """The verb form alone that agrees with ``name`` (see :func:`agree`).

    >>> verb_for("You", "win", "wins"), verb_for("Ed", "win", "wins")
    ('win', 'wins')
    """
    return base if name == SECOND_PERSON else third


class Outcome(StrEnum):
    """How a hand ended."""

    KNOCK = "knock"
    """The knocker's count was lower; the knocker scores the difference."""
    UNDERCUT = "undercut"
    """The defender's count was equal or lower; the defender scores the difference plus the undercut bonus."""
    TIE = "tie"
    """Equal counts scored as no points (only with ``undercut_on_tie=False``)."""
    GIN = "gin"
    """The knocker had no deadwood; gin bonus plus the defender's count, no layoffs."""
    BIG_GIN = "big-gin"
    """All 11 cards melded after the draw; big gin bonus plus the defender's count."""
    DEAD = "dead"
    """The stock ran down to the dead-hand limit with no knock; no score."""

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Outcome:
        """``Outcome(value)`` of a value that is none: :class:`~ginrummy.errors.ArgumentError`."""
        raise ArgumentError(f"outcome must be one of {', '.join(o.value for o in cls)}, got {shown(value)}")

    @property
    def label(self) -> str:
        """The outcome's name as shown to players (every front end).

        >>> Outcome.BIG_GIN.label, Outcome.DEAD.label
        ('Big gin', 'Dead hand')
        """
        return "Dead hand" if self is Outcome.DEAD else self.name.replace("_", " ").capitalize()


def hand_points(
    rules: Rules, *, knocker_count: int, defender_count: int, gin: bool, big_gin: bool
) -> tuple[Outcome, int]:
    """The outcome of a knock and the points (>= 0) its winner scores.

    ``knocker_count`` and ``defender_count`` are deadwood counts in points, the
    defender's after layoffs. The knocker wins KNOCK, GIN and BIG_GIN; the
    defender wins UNDERCUT; nobody wins TIE.
    """
    if big_gin:
        return Outcome.BIG_GIN, rules.big_gin_bonus + defender_count
    if gin:
        return Outcome.GIN, rules.gin_bonus + defender_count
    if knocker_count < defender_count:
        return Outcome.KNOCK, defender_count - knocker_count
    if knocker_count == defender_count and not rules.undercut_on_tie:
        return Outcome.TIE, 0
    return Outcome.UNDERCUT, knocker_count - defender_count + rules.undercut_bonus


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand ended, with everything laid down.

    ``winner`` is the player (0 or 1) who scores ``points`` (points, >= 0), or
    ``None`` for a dead hand or a tie. ``knocker`` is ``None`` for a dead hand.
    Counts are deadwood points; ``defender_count`` is after layoffs. ``hands``
    are both players' final cards (``CardSet``; the knocker's without the discard);
    they are empty for a dead hand, whose cards are not shown.

    Checked on creation (what every hand the engine plays comes to, so a result entered by hand
    cannot put a sheet out of step): ``points`` and the counts are ints of at least 0,
    ``multiplier`` at least 1, ``winner`` and ``knocker`` 0, 1 or ``None`` as the outcome
    says (a knock, gin or big gin is won by the knocker with a lower count, or no deadwood for
    gin; an undercut by the defender with an equal or lower count; a tie and a dead hand by
    nobody, for 0 points; a dead hand has no knocker). Raises
    :class:`~ginrummy.errors.ArgumentError` naming the field
    (:class:`~ginrummy.errors.ArgumentTypeError` for a field of another kind); a numpy
    integer is taken as an int (:mod:`ginrummy.checks`), an outcome's value (``"knock"``) as
    the :class:`Outcome`.
    """

    outcome: Outcome
    winner: int | None
    points: int
    knocker: int | None = None
    knocker_count: int = 0
    defender_count: int = 0
    knocker_melds: tuple[Meld, ...] = ()
    knocker_deadwood: CardSet = 0
    defense: LayoffPlan | None = None
    hands: tuple[CardSet, CardSet] = (0, 0)
    multiplier: int = 1
    """The hand's points were multiplied by this (Oklahoma: 2 for a spade knock card); ``points``
    already includes it."""

    def __post_init__(self) -> None:
        put = object.__setattr__
        if not isinstance(self.outcome, Outcome):
            put(self, "outcome", Outcome(check_instance("outcome", self.outcome, str, "an Outcome")))
        for name in ("winner", "knocker"):
            value = getattr(self, name)
            if value is not None:
                put(self, name, check_seat(name, value))
        put(self, "points", check_int("points", self.points, lo=0))
        put(self, "multiplier", check_int("multiplier", self.multiplier, lo=1))
        put(self, "knocker_count", check_int("knocker_count", self.knocker_count, lo=0))
        put(self, "defender_count", check_int("defender_count", self.defender_count))
        put(self, "knocker_deadwood", check_cardset("knocker_deadwood", self.knocker_deadwood))
        melds = self.knocker_melds
        if not isinstance(melds, tuple | list) or not all(isinstance(m, Meld) for m in melds):
            raise ArgumentTypeError(f"knocker_melds must be a tuple of Meld, got {shown(melds)}")
        put(self, "knocker_melds", tuple(melds))
        if self.defense is not None:
            check_instance("defense", self.defense, LayoffPlan, "a LayoffPlan or None")
        hands = self.hands
        if not isinstance(hands, tuple | list) or len(hands) != 2:
            raise ArgumentTypeError(f"hands must be a pair of CardSets, got {shown(hands)}")
        put(self, "hands", (check_cardset("hands[0]", hands[0]), check_cardset("hands[1]", hands[1])))
        self._check_outcome()

    @classmethod
    def _made(
        cls,
        outcome: Outcome,
        winner: int | None,
        points: int,
        knocker: int,
        knocker_count: int,
        defender_count: int,
        knocker_melds: tuple[Meld, ...],
        knocker_deadwood: CardSet,
        defense: LayoffPlan,
        hands: tuple[CardSet, CardSet],
        multiplier: int,
    ) -> HandResult:
        """The result of a hand the engine played, from the values it computed: built without
        the checks of ``__post_init__`` (every field is already of its kind; the checks cost
        about 4% of a compiled simple-v-simple hand's instructions). For the engine's
        own use (``variants/standard/state.py``); ``tests/test_api_boundary.py`` checks that every
        result it makes passes the checks."""
        result = object.__new__(cls)
        put = object.__setattr__
        put(result, "outcome", outcome)
        put(result, "winner", winner)
        put(result, "points", points)
        put(result, "knocker", knocker)
        put(result, "knocker_count", knocker_count)
        put(result, "defender_count", defender_count)
        put(result, "knocker_melds", knocker_melds)
        put(result, "knocker_deadwood", knocker_deadwood)
        put(result, "defense", defense)
        put(result, "hands", hands)
        put(result, "multiplier", multiplier)
        return result

    def _checked_dead(self) -> bool:
        """Whether the result is a dead hand, after raising
        :class:`~ginrummy.errors.ArgumentError` if one has a winner, a knocker or points."""
        if self.outcome is not Outcome.DEAD:
            return False
        if self.winner is not None or self.knocker is not None or self.points:
            raise ArgumentError(
                f"a dead hand has no winner, no knocker and 0 points, got winner={self.winner!r}, "
                f"knocker={self.knocker!r}, points={self.points}"
            )
        return True

    def _check_outcome(self) -> None:
        """Raise :class:`~ginrummy.errors.ArgumentError` unless the winner, knocker, points and
        counts are those the outcome can have (a standard hand's; pickup overrides)."""
        outcome, winner, knocker = self.outcome, self.winner, self.knocker
        if self._checked_dead():
            return
        if knocker is None:
            raise ArgumentError(f"a {outcome.value} result needs the knocker (0 or 1), got None")
        if self.defender_count < 0:
            raise ArgumentError(f"defender_count must be an int of at least 0, got {self.defender_count}")
        kc, dc = self.knocker_count, self.defender_count
        want: int | None = {
            Outcome.KNOCK: knocker,
            Outcome.GIN: knocker,
            Outcome.BIG_GIN: knocker,
            Outcome.UNDERCUT: 1 - knocker,
        }.get(outcome)
        if winner != want:
            who = "nobody (None)" if want is None else f"player {want}"
            raise ArgumentError(
                f"a {outcome.value} by player {knocker} is won by {who}, got winner={winner!r}"
            )
        if outcome is Outcome.TIE and self.points:
            raise ArgumentError(f"a tie scores 0 points, got points={self.points}")
        counts_fit = {
            Outcome.KNOCK: kc < dc,
            Outcome.UNDERCUT: kc >= dc,
            Outcome.TIE: kc == dc,
            Outcome.GIN: kc == 0,
            Outcome.BIG_GIN: kc == 0,
        }[outcome]
        if not counts_fit:
            raise ArgumentError(
                f"the counts do not fit a {outcome.value}: knocker_count={kc}, defender_count={dc} "
                "(a knock needs the lower count, an undercut an equal or higher one, gin no deadwood)"
            )

    def describe(self, names: tuple[str, str] = ("Player 0", "Player 1")) -> str:
        """One line such as ``'Ed knocks with 3 against 10: Ed scores 7'``."""
        if self.outcome is Outcome.DEAD:
            return "Dead hand: no score"
        if self.multiplier != 1:
            plain = dataclasses.replace(self, multiplier=1, points=self.points // self.multiplier)
            return f"{plain.describe(names)}, doubled: {self.points}"
        assert self.knocker is not None
        k, d = names[self.knocker], names[1 - self.knocker]
        scores = f"{agree(k, 'score', 'scores')} {self.points}"
        if self.outcome is Outcome.GIN:
            return f"{agree(k, 'go', 'goes')} gin against {self.defender_count}: {scores}"
        if self.outcome is Outcome.BIG_GIN:
            return f"{agree(k, 'go', 'goes')} big gin against {self.defender_count}: {scores}"
        head = f"{agree(k, 'knock', 'knocks')} with {self.knocker_count} against {self.defender_count}"
        if self.outcome is Outcome.KNOCK:
            return f"{head}: {scores}"
        if self.outcome is Outcome.TIE:
            return f"{head}: a tie, no score"
        return f"{head}: undercut, {agree(d, 'score', 'scores')} {self.points}"
