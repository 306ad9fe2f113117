"""Rules as data: one frozen, validated :class:`Rules` object and named presets.

Every setting of ``RULES.md`` sections 2-5 is a field. Presets reproduce each
rule source (ids 000-004, explained in docs/sources.md; 000's file holds two texts, "000 part 1"
and "000 part 2", each with its own preset). A preset named for a source follows that one source
where it speaks and the standard settings (the defaults of :class:`Rules`) where it is silent, so
the presets of one source agree unless the source says otherwise; conventions from outside the
sources are settings, used by presets named for them (``oklahoma-150``). ``default`` is this
project's choice, and ``Rules()`` is the ``default`` preset.

>>> Rules().knock_limit, Rules.preset("pagat").gin_bonus
(10, 20)
>>> Rules() == Rules.preset("default")
True
>>> Rules.preset("pagat").replace(gin_bonus=25).gin_bonus
25
>>> Rules.preset("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ginrummy.errors.UnknownPresetError: unknown rules preset 'nope'; known presets: bicycle, classic, default, eaai, ...
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ginrummy.checks import check_instance, check_str, shown
from ginrummy.errors import ArgumentTypeError, RulesError, UnknownPresetError, quoted

__all__ = [
    "PRESETS",
    "Aces",
    "DealerRule",
    "GameWinner",
    "KnockCard",
    "Opening",
    "Preset",
    "Rules",
    "Scoring",
    "Shutout",
]


class Opening(StrEnum):
    """How a hand starts (RULES.md section 2)."""

    UPCARD = "upcard"
    """10 cards each, the 21st card turned up and offered first to the non-dealer (all sources)."""
    ELEVEN_CARDS = "eleven-cards"
    """Non-dealer gets 11 cards, dealer 10, no upcard; the non-dealer starts by discarding (000 variation)."""


class DealerRule(StrEnum):
    """Who deals the next hand after a hand with a winner. After a dead hand the same dealer deals again."""

    LOSER = "loser"
    """The loser of the previous hand deals (000 part 1)."""
    WINNER = "winner"
    """The winner of the previous hand deals (000 part 1 variation, "many books")."""
    ALTERNATE = "alternate"
    """The deal alternates (000 part 1 variation, 002, 003)."""


class Shutout(StrEnum):
    """What happens when the loser of a game scored nothing in it (RULES.md section 4)."""

    NONE = "none"
    """No shutout bonus."""
    DOUBLE_GAME_BONUS = "double-game-bonus"
    """The game bonus is doubled: 200 instead of 100 (000 part 1)."""
    DOUBLE_SCORE = "double-score"
    """The winner's whole score is doubled (000 part 1 variation)."""
    DOUBLE_HANDS = "double-hands"
    """Each hand's points are doubled before the box bonus is added: blitz/schneider (000 part 2)."""


class GameWinner(StrEnum):
    """Who wins a game once a player has reached the target (RULES.md section 4). The two
    differ only when bonuses (box bonuses, mostly) lift the other player's final total above
    the total of the player who reached the target; the player who reached the target always
    gets the game bonus."""

    TARGET = "target"
    """The player who reaches the target wins, whatever the bonuses add (000 part 2: "Game ends
    as Ed's score has crossed 100 ... Ed has won the game"; 001: "Beat your opponent by being the
    first to score 100 or more points"; 002: "This player wins the match")."""
    HIGHER_TOTAL = "higher-total"
    """The player with the higher final total after every bonus wins; equal totals are a
    drawn game (000 part 1: the lower score pays the higher; 004: "The hand with the highest
    combined score wins the game")."""


class KnockCard(StrEnum):
    """Where the knock limit of a hand comes from (RULES.md section 5)."""

    FIXED = "fixed"
    """The ``knock_limit`` setting (all sources)."""
    UPCARD = "upcard"
    """Oklahoma: the first upcard's value: its points, face cards 10 (001, 002); an ace its points
    (``ace_points``) unless ``ace_means_gin``."""
    SECOND_DECK = "second-deck"
    """Oklahoma variant: a card dealt from the bottom of a second deck sets the value (002)."""


class Aces(StrEnum):
    """How aces rank in runs."""

    LOW = "low"
    """Ace low only: A-2-3 is a run, Q-K-A and K-A-2 are not (000, 002)."""
    ROUND_THE_CORNER = "round-the-corner"
    """Aces high or low, and runs may turn the corner (K-A-2): Hollywood (002)."""


class Scoring(StrEnum):
    """How hand points are entered on the score sheet."""

    STANDARD = "standard"
    """One game to the target."""
    HOLLYWOOD = "hollywood"
    """Three games at once: a player's 1st win goes to game 1, the 2nd to games 1-2, later ones to
    all three still open; each game closes at the target with its own bonuses (002)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule setting of a hand and a game. Frozen; validated on creation.

    Points are in deadwood points. Raises :class:`RulesError` (a ``ValueError``)
    for a value out of range, naming the field and its allowed values.
    """

    knock_limit: int = 10
    """Highest deadwood count (points, 0-10) with which a player may knock; 0 means gin only."""
    gin_bonus: int = 25
    """Bonus (points) for gin, added to the defender's count: 20 (000 part 1, 003) or 25 (000 part 1
    variation, 000 part 2, 001, 002, 004)."""
    undercut_bonus: int = 25
    """Bonus (points) for an undercut, added to the difference: 10 (000 part 1, 003), 20 (000 part 1
    variation) or 25 (000 part 2, 001, 002, 004)."""
    undercut_on_tie: bool = True
    """Equal counts are an undercut (all sources). False scores a tie as no points, like OpenSpiel."""
    big_gin: bool = True
    """Whether 11 melded cards after a draw may go big gin without a discard (000 part 2, 002, 004,
    001 house rule)."""
    big_gin_bonus: int = 31
    """Bonus (points) for big gin: 31 = gin + 6 (000 part 2, 002), 50 (002), 25 (001 house rule, 004)."""
    rediscard_taken_card: bool = False
    """Whether the card just taken from the discard pile may be discarded the same turn (000: GRA rules allow it)."""
    action_on_50th_card: bool = False
    """After the discard that leaves 2 stock cards, the other player may take it only to knock or go gin (000, Game Colony)."""
    opening: Opening = Opening.UPCARD
    """How a hand starts: the upcard offer, or the 11-card opening (000 variation)."""
    dealer_rule: DealerRule = DealerRule.LOSER
    """Who deals after a hand with a winner."""
    stock_left_dead: int = 2
    """The hand is dead when a discard without a knock leaves this many stock cards (all sources: 2)."""
    target: int = 100
    """Points (before bonuses) that end a game: 100 (all), agreed (003), 250 (002 tournament)."""
    game_bonus: int = 100
    """Bonus (points) to the player who reaches the target (000, 001, 002, 004)."""
    box_bonus: int = 25
    """Bonus (points) per hand won, added when the game ends, not counted toward the target: 20
    (000 part 1, 001 house rule), 25 (000 part 2, 004)."""
    shutout: Shutout = Shutout.DOUBLE_GAME_BONUS
    """The shutout rule when the loser scored nothing."""
    game_winner: GameWinner = GameWinner.HIGHER_TOTAL
    """Who wins a game: the player who reaches the target, or the higher total after bonuses
    (:class:`GameWinner`)."""
    margin_bonus: int = 0
    """Margin bonus (points) to the player who reached the target, when their game points before
    any bonus (the hand points toward the target) exceed the other player's by at least
    ``margin_bonus_at`` (001 house rule: "50 points for winning the game by a margin of 50 or
    more"). 001 calls it the "line bonus", a name other texts give the box bonus, so this project
    says margin bonus for it and box bonus for the per-hand bonus."""
    margin_bonus_at: int = 50
    """Margin (points of the game before bonuses) that earns ``margin_bonus``."""
    forfeit_on_exact_margin: int = 0
    """If non-zero, a winner whose margin is exactly this (002 variation: 50) forfeits the game."""
    knock_card: KnockCard = KnockCard.FIXED
    """Where each hand's knock limit comes from: the setting, or Oklahoma's upcard / second-deck card."""
    spade_doubles: bool = False
    """Oklahoma: when the card that sets the knock limit is a spade, every point of the hand is doubled,
    bonuses included (001, 002)."""
    ace_means_gin: bool = False
    """Oklahoma: an ace as the card that sets the knock limit means gin only (ext Bicycle's Oklahoma
    Gin page); off, an ace sets the limit at its points, ``ace_points``, like any card ("the value of
    the first upcard", 001, 002, which name no exception)."""
    aces: Aces = Aces.LOW
    """Ace low only, or high or low with runs round the corner (Hollywood, 002)."""
    ace_points: int = 1
    """Points of an unmelded ace: 1 (all), 15 in Hollywood with aces high and low (002)."""
    scoring: Scoring = Scoring.STANDARD
    """One game, or Hollywood's three games at once (002)."""
    match_games: int = 1
    """Games in a match, won by the majority: 1 (a single game), 5 (002 tournament: best of five)."""
    match_target: int = 0
    """If non-zero, a match of successive games whose final scores accumulate until a player
    reaches this total (002: e.g. 500; 004: a SLAM at 500)."""
    stake: int = 0
    """Settlement: the loser pays this many units (e.g. cents) per point of difference (000, 004)."""
    team_size: int = 1
    """Team play (002, Hollywood): teams of this many play pairs of head-to-head games whose
    results sum per team; 1 means no teams."""
    team_bonus: int = 0
    """Team play: points to a team all of whose members won their games (002: 25 for 3, 50 for 4)."""
    discard_pickup: bool = False
    """Discard-pile pickup gin (002): no knocking; several cards may be taken from the top of the
    discard pile (the lowest taken melded at once on the table); melds are laid on the table and
    either player may add to them; at gin, table cards count for and hand cards against
    (2-9 = 5, 10-K = 10, A = 15), gin bonus 25. Played by :mod:`ginrummy.variants.pickup.state`."""

    @property
    def variant(self) -> str:
        """The name of the variant these rules play (:func:`ginrummy.variants.find_variant`):
        ``"pickup"`` (discard-pile pickup, ``discard_pickup``) or ``"standard"`` (knock-and-draw
        gin, with every other setting). The one place the settings name the variant: records, the
        bot protocol and stored games keep the ``discard_pickup`` setting, unchanged.

        >>> Rules().variant, Rules.preset("pickup").variant
        ('standard', 'pickup')
        """
        return "pickup" if self.discard_pickup else "standard"

    def __post_init__(self) -> None:
        enums: dict[str, type[StrEnum]] = {
            "opening": Opening,
            "dealer_rule": DealerRule,
            "shutout": Shutout,
            "knock_card": KnockCard,
            "aces": Aces,
            "scoring": Scoring,
            "game_winner": GameWinner,
        }
        for name, enum_type in enums.items():
            value = getattr(self, name)
            if not isinstance(value, enum_type):
                try:
                    object.__setattr__(self, name, enum_type(value))
                except ValueError:
                    allowed = ", ".join(e.value for e in enum_type)
                    raise RulesError(f"{name} must be one of {allowed}; got {value!r}") from None
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type in ("int", int) and type(value) is not int:
                # the one rule for ints (ginrummy.checks): no bool; numpy integers become plain ints
                if isinstance(value, bool) or not hasattr(type(value), "__index__"):
                    raise RulesError(f"{f.name} must be an int; got {shown(value)}")
                object.__setattr__(self, f.name, operator.index(value))
            if f.type in ("bool", bool) and not isinstance(value, bool):
                raise RulesError(f"{f.name} must be true or false; got {value!r}")
        _check_range("knock_limit", self.knock_limit, 0, 10)
        _check_range("stock_left_dead", self.stock_left_dead, 0, 10)
        _check_range("target", self.target, 1, 100_000)
        for name in (
            "gin_bonus",
            "undercut_bonus",
            "big_gin_bonus",
            "game_bonus",
            "box_bonus",
            "margin_bonus",
            "margin_bonus_at",
            "forfeit_on_exact_margin",
            "match_target",
            "stake",
            "team_bonus",
        ):
            _check_range(name, getattr(self, name), 0, 10_000)
        _check_range("ace_points", self.ace_points, 1, 15)
        _check_range("match_games", self.match_games, 1, 99)
        _check_range("team_size", self.team_size, 1, 10)
        if self.match_games > 1 and self.match_games % 2 == 0:
            raise RulesError(f"match_games must be odd (best of N); got {self.match_games}")
        if self.match_games > 1 and self.match_target:
            raise RulesError("a match is either best of match_games or to match_target, not both")
        if self.knock_card is KnockCard.UPCARD and self.opening is Opening.ELEVEN_CARDS:
            raise RulesError("knock_card=upcard needs the upcard opening (the 11-card opening has no upcard)")
        if self.spade_doubles and self.knock_card is KnockCard.FIXED:
            raise RulesError("spade_doubles needs knock_card=upcard or second-deck (Oklahoma)")
        if self.ace_means_gin and self.knock_card is KnockCard.FIXED:
            raise RulesError("ace_means_gin needs knock_card=upcard or second-deck (Oklahoma)")

    # -- presets and settings -------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named preset (see :data:`PRESETS`). Raises :class:`UnknownPresetError`
        (:class:`~ginrummy.errors.ArgumentTypeError` for a ``name`` that is not a ``str``)."""
        check_str("name", name, "a preset name (a str)")
        try:
            return PRESETS[name.lower()].rules
        except KeyError:
            known = ", ".join(sorted(PRESETS))
            raise UnknownPresetError(f"unknown rules preset {name!r}; known presets: {known}") from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some settings changed; validated. Raises :class:`RulesError` for an unknown setting."""
        names = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in names:
                raise RulesError(f"unknown rules setting {key!r}; settings: {', '.join(sorted(names))}")
        return dataclasses.replace(self, **changes)

    def with_setting(self, assignment: str) -> Rules:
        """A copy with one ``"key=value"`` setting applied (as typed on a command line).

        Keys may use ``-`` or ``_``; booleans read ``true/false/yes/no/on/off/1/0``.

        >>> Rules().with_setting("gin-bonus=20").gin_bonus
        20
        """
        key, sep, raw = check_str("assignment", assignment, "a setting key=value (a str)").partition("=")
        if not sep:
            raise RulesError(f"a setting is written key=value; got {quoted(assignment)}")
        key = key.strip().replace("-", "_")
        raw = raw.strip()
        fields = {f.name: f for f in dataclasses.fields(self)}
        if key not in fields:
            raise RulesError(f"unknown rules setting {quoted(key)}; settings: {', '.join(sorted(fields))}")
        current = getattr(self, key)
        value: Any
        if isinstance(current, bool):
            low = raw.lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
            else:
                raise RulesError(f"{key} must be true or false; got {quoted(raw)}")
        elif isinstance(current, int) and not isinstance(current, StrEnum):
            try:
                value = int(raw)
            except ValueError:
                raise RulesError(f"{key} must be a whole number; got {quoted(raw)}") from None
        else:
            value = raw
        return self.replace(**{key: value})

    def settings(self) -> dict[str, Any]:
        """All settings as a JSON-ready dict (enum values as strings)."""
        return {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_settings(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict as made by :meth:`settings`; unknown keys raise :class:`RulesError`
        (:class:`~ginrummy.errors.ArgumentTypeError` for ``data`` that is not a dict with str keys)."""
        check_instance("data", data, dict, "a dict of settings")
        if not all(isinstance(k, str) for k in data):
            raise ArgumentTypeError(f"data must be a dict of settings (str keys), got {shown(data)}")
        return cls().replace(**data)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RulesError(f"{name} must be between {low} and {high}; got {value}")


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rules preset: the ``rules``, the one ``source`` it follows (an id 000-004 as in
    docs/sources.md, ``000 part 1`` or ``000 part 2`` for the two texts of 000's file, ``this
    project``, or a description marked ``ext`` for outside texts), and a one-line ``summary``."""

    name: str
    rules: Rules
    source: str
    summary: str


_SOURCE_002 = Rules(dealer_rule=DealerRule.ALTERNATE, game_winner=GameWinner.TARGET)
"""002's standard game, the base of every 002 preset: gin 25, undercut 25, big gin 31, the deal
alternates, a game to 100 won by the player who reaches it; where 002 is silent (the game and box
bonuses, the shutout) the standard settings of :class:`Rules`."""

_OKLAHOMA = _SOURCE_002.replace(knock_card=KnockCard.UPCARD, spade_doubles=True)
"""Oklahoma as 002 gives it (001 sketches the same): the first upcard's value is the knock limit,
a spade upcard doubles the hand."""

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in [
        Preset(
            "default",
            Rules(),
            "this project",
            "Knock 10, gin 25, undercut 25, big gin 31, game to 100 with game bonus 100, "
            "box 25, shutout doubles the game bonus, the higher total after bonuses wins; loser deals.",
        ),
        Preset(
            "pagat",
            Rules(
                gin_bonus=20,
                undercut_bonus=10,
                big_gin=False,
                box_bonus=20,
                shutout=Shutout.DOUBLE_GAME_BONUS,
                game_winner=GameWinner.HIGHER_TOTAL,
                dealer_rule=DealerRule.LOSER,
                stake=1,
            ),
            "000 part 1",
            "Gin 20, undercut 10, no big gin, game bonus 100 (200 on a shutout), box 20, loser deals; "
            "the loser (lower total after bonuses) pays 1 unit per point of difference.",
        ),
        Preset(
            "pagat-scoring",
            Rules(shutout=Shutout.DOUBLE_HANDS, game_winner=GameWinner.TARGET),
            "000 part 2",
            "The scoring guide after 000's rules: gin 25, undercut 25, big gin 31 (gin + 6); the "
            "player who reaches 100 wins, with a game bonus of 100; box 25, a shutout doubles every "
            "hand (blitz). Reproduces its 'Game 1' score sheet. Loser deals (not in the text).",
        ),
        Preset(
            "bicycle",
            Rules(
                box_bonus=20,
                margin_bonus=50,
                big_gin=True,
                big_gin_bonus=25,
                shutout=Shutout.NONE,
                game_winner=GameWinner.TARGET,
                dealer_rule=DealerRule.ALTERNATE,
            ),
            "001",
            "Gin 25, undercut 25, the first to 100 wins; house rules: game bonus 100, box 20, margin "
            "bonus 50 for a margin of 50 before bonuses (001's line bonus), big gin 25.",
        ),
        Preset(
            "wikipedia",
            _SOURCE_002,
            "002",
            "Gin 25, undercut 25, big gin 31, the deal alternates, game to 100 won by the player who "
            "reaches it; game bonus 100, box 25 and the shutout (doubled game bonus) are the standard "
            "settings (002's copy lacks its list of bonuses).",
        ),
        Preset(
            "classic",
            Rules(
                gin_bonus=20,
                undercut_bonus=10,
                big_gin=False,
                game_bonus=0,
                box_bonus=0,
                shutout=Shutout.NONE,
                dealer_rule=DealerRule.ALTERNATE,
            ),
            "003",
            "Gin 20, undercut 10, no game or box bonus named; the deal alternates.",
        ),
        Preset(
            "slam",
            Rules(
                big_gin=True,
                big_gin_bonus=25,
                shutout=Shutout.NONE,
                game_winner=GameWinner.HIGHER_TOTAL,
                dealer_rule=DealerRule.ALTERNATE,
                match_target=500,
                stake=1,
            ),
            "004",
            "Gin 25 with or without a discard (big gin 25), undercut 25 on equal or lower, "
            "box 25 and game bonus 100 when a player reaches 100, the highest combined score wins; "
            "games until a player's final scores reach 500 (a SLAM), the winner of each game accruing "
            "the difference as SLAM points; settled at 1 unit a point.",
        ),
        Preset(
            "eaai",
            Rules(
                big_gin=False,
                game_bonus=0,
                box_bonus=0,
                shutout=Shutout.NONE,
                dealer_rule=DealerRule.ALTERNATE,
            ),
            "2021 EAAI Gin Rummy challenge (ext)",
            "Games to 100, gin 25, undercut 25 including ties, no big gin, no game or box bonus.",
        ),
        Preset(
            "oklahoma",
            _OKLAHOMA,
            "002",
            "Oklahoma (002; 001 sketches it too): the first upcard's value is the knock limit (face "
            "cards 10, an ace 1); a spade upcard doubles every point of the hand; otherwise 002's game "
            "(as the wikipedia preset: games to 100).",
        ),
        Preset(
            "oklahoma-150",
            _OKLAHOMA.replace(target=150, ace_means_gin=True),
            "ext (Oklahoma as often played: Bicycle's Oklahoma Gin page, rule books)",
            "The oklahoma preset with two outside conventions: an ace upcard means gin only, and games to 150.",
        ),
        Preset(
            "oklahoma-second-deck",
            _OKLAHOMA.replace(knock_card=KnockCard.SECOND_DECK, dealer_rule=DealerRule.LOSER),
            "002",
            "Oklahoma with the knock value set by a card from the bottom of a second deck; the last "
            "hand's winner picks first, so the loser deals (002).",
        ),
        Preset(
            "straight",
            _SOURCE_002.replace(knock_limit=0),
            "002",
            "Straight gin: no knocking; only gin (or big gin) ends a hand; scoring as standard gin "
            "(as the wikipedia preset).",
        ),
        # -- discard-pile pickup gin (ginrummy.variants.pickup.state); the text names no target: 250 (see the summary)
        Preset(
            "pickup",
            _SOURCE_002.replace(discard_pickup=True, knock_limit=0, target=250),
            "002",
            "Discard-pile pickup: no knocking; several cards may be taken from the top of the discard "
            "pile (the deepest melded at once); melds on the table, either player adds to them; at gin "
            "table cards count for, hand cards against (A 15, 2-9 5, 10-K 10), gin 25; the difference "
            "is entered; game to 250 (not in the text), game bonus 100, box 25.",
        ),
        Preset(
            "hollywood",
            _SOURCE_002.replace(scoring=Scoring.HOLLYWOOD),
            "002",
            "Hollywood scoring of standard gin (as the wikipedia preset): three games to 100 kept at once, a "
            "player's 1st win entered in game 1, the 2nd in games 1-2, later ones in all three still "
            "open; each game has its own game bonus 100 and box 25.",
        ),
        Preset(
            "hollywood-teams",
            _SOURCE_002.replace(scoring=Scoring.HOLLYWOOD, target=300, team_size=3, team_bonus=25),
            "002",
            "Hollywood team play: teams of three, each member playing a Hollywood set to 300 head to "
            "head; the team totals are summed, 25 extra to a team whose three members all win.",
        ),
        Preset(
            "hollywood-aces",
            _OKLAHOMA.replace(
                aces=Aces.ROUND_THE_CORNER,
                ace_points=15,
                scoring=Scoring.HOLLYWOOD,
                target=200,
            ),
            "002",
            "Hollywood, aces high and low (002): like the oklahoma preset (the first upcard's value is the knock "
            "limit, a spade upcard doubles the hand), but aces are high or low, runs may turn the "
            "corner (K-A-2) and an unmelded ace counts 15 (so does an ace upcard as the knock limit); "
            "Hollywood scoring of three games to 200.",
        ),
        Preset(
            "tournament",
            _SOURCE_002.replace(target=250, match_games=5),
            "002",
            "Tournament rules (002): best of five games, each to 250, with 002's gin 25, undercut 25, "
            "big gin 31, game bonus 100, box 25 (as the wikipedia preset).",
        ),
        Preset(
            "match-500",
            _SOURCE_002.replace(match_target=500),
            "002",
            "Multi-game match (002): games to 100 whose final scores, bonuses included, accumulate "
            "until a player reaches 500.",
        ),
        Preset(
            "openspiel",
            Rules(
                big_gin=False,
                rediscard_taken_card=True,
                game_bonus=0,
                box_bonus=0,
                shutout=Shutout.NONE,
            ),
            "OpenSpiel gin_rummy (ext, GRA rules)",
            "Knock 10, gin 25, undercut 25, the taken card may be discarded again; for "
            "comparison with OpenSpiel (which, unlike this engine, scores a tie 0-0).",
        ),
    ]
}
