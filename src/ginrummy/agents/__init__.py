"""Computer players. Each sees only its player's view (:class:`ginrummy.variants.standard.view.PlayerView`).

``make_agent(name, seed)`` builds an agent by level name: ``random``, ``beginner``, ``simple``
(the EAAI baseline), ``strong`` (heuristics with card tracking) or ``expert`` (search).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ginrummy.agents.base import Agent, show_hand_over
from ginrummy.agents.beginner import BeginnerAgent
from ginrummy.agents.expert import ExpertAgent
from ginrummy.agents.pickup_simple import PickupBeginnerAgent, PickupSimpleAgent
from ginrummy.agents.pickup_strong import PickupExpertAgent, PickupStrongAgent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.strong import StrongAgent
from ginrummy.checks import check_int, check_rng, check_str
from ginrummy.errors import GinRummyError
from ginrummy.rules import Rules
from ginrummy.variants import AnyAction, AnyView

__all__ = [
    "AGENTS",
    "BY_STRENGTH",
    "DESCRIPTIONS",
    "Agent",
    "BeginnerAgent",
    "ExpertAgent",
    "Level",
    "RandomAgent",
    "SimpleAgent",
    "StrongAgent",
    "UnknownAgentError",
    "make_agent",
    "models",
    "plays_as",
    "show_hand_over",
    "strongest",
]


class UnknownAgentError(GinRummyError):
    """An agent (level) name that is not known; the message lists the known names."""


StandardLevel = BeginnerAgent | StrongAgent
"""The levels of knock-and-draw gin (``ExpertAgent`` is a ``StrongAgent``)."""

PickupLevel = PickupSimpleAgent
"""The levels of discard-pile pickup gin (each a ``PickupSimpleAgent``)."""


def models(rules: Rules) -> bool:
    """Whether ``beginner``, ``strong`` and ``expert`` play ``rules`` as themselves: every
    preset and setting (knock-and-draw gin with any knock limit, Oklahoma's knock card and
    doubled hands, straight gin, aces high and low; discard-pile pickup by their pickup
    policies). Kept for front ends that ask.

    >>> models(Rules.preset("eaai")), models(Rules.preset("pickup")), models(Rules.preset("hollywood-aces"))
    (True, True, True)
    """
    return isinstance(rules, Rules)


class Level:
    """A computer level for every variant: ``inner`` plays knock-and-draw hands (any knock
    limit, any aces: it reads them from the view), ``pickup`` plays discard-pile pickup hands
    (:class:`~ginrummy.variants.pickup.PickupView`). The view decides, not the front end.
    """

    def __init__(self, inner: StandardLevel, pickup: PickupLevel) -> None:
        self.inner = inner
        self.pickup = pickup
        self.name = inner.name
        self.policies: dict[str, Any] = {"standard": inner, "pickup": pickup}
        """The policy that plays each variant, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""

    def plays_as(self, rules: Rules) -> str:
        """The level that plays under ``rules``: this one, under every rule set.

        >>> make_agent("strong", 1).plays_as(Rules.preset("pickup"))
        'strong'
        """
        return self.name

    def act(self, view: AnyView) -> AnyAction:
        action: AnyAction = self.policies[view.rules.variant].act(view)
        return action

    def hand_over(self, view: AnyView) -> None:
        """Pass a finished hand's view on to the level playing it (see :func:`show_hand_over`)."""
        show_hand_over(self.policies[view.rules.variant], view)


def _level(
    cls: Callable[[int | random.Random | None], StandardLevel],
    pickup: Callable[[int | random.Random | None], PickupLevel],
) -> Callable[[int | random.Random | None], Agent]:
    def make(seed: int | random.Random | None) -> Agent:
        return Level(cls(seed), pickup(seed))

    return make


AGENTS: dict[str, Callable[[int | random.Random | None], Agent]] = {
    "random": RandomAgent,
    "simple": SimpleAgent,
    "beginner": _level(BeginnerAgent, PickupBeginnerAgent),
    "strong": _level(StrongAgent, PickupStrongAgent),
    "expert": _level(ExpertAgent, PickupExpertAgent),
}


BY_STRENGTH: tuple[str, ...] = ("random", "beginner", "simple", "strong", "expert")
"""The levels of :data:`AGENTS`, weakest first, as measured against each other (duplicate-dealt
games under the ``eaai`` rules: bench/README.md, section Strength)."""

DESCRIPTIONS: dict[str, str] = {
    "random": "Plays any legal move. Only useful for testing.",
    "beginner": (
        "Plays like someone who has just learned the game: it picks up the upcard only when it makes a "
        "meld (and overlooks one now and then), usually throws its worst card but sometimes a nearly as "
        "bad one, waits for a low count (4 or less) before knocking unless the stock is nearly gone, and "
        "sometimes forgets to lay off its cards on your melds. At discard-pile pickup it plays like "
        "`simple`, overlooking a good pickup now and then and sometimes throwing a careless card."
    ),
    "simple": (
        "The public baseline of the 2021 EAAI Gin Rummy challenge: it takes the upcard only when it makes "
        "a meld, always throws the card that leaves the least deadwood, and knocks the moment it can."
    ),
    "strong": (
        "Keeps track of the cards: what has been thrown, what you picked up, what you passed on, and from "
        "that how likely you are to hold each card. It keeps cards whose melds are still live, avoids "
        "throwing cards you are likely to use, takes the upcard when it is worth showing you, lays down "
        "the melds that leave you the fewest layoffs, and knocks only when, judging from your likely "
        "hand, an undercut is unlikely; otherwise it waits and keeps its count low to undercut you. It "
        "decides in about a millisecond. It plays every rule set as itself: Oklahoma's knock limit, "
        "straight gin's gin only and Hollywood's aces high and low (runs round the corner, 15-point "
        "aces) shape its counts, and at discard-pile pickup it weighs each possible pickup of the "
        "discard pile (the cards it would lay on the table now, and what the cards it keeps are "
        "likely to cost it) against a draw from the stock, and throws cards you are unlikely to use."
    ),
    "expert": (
        "Thinks like `strong`, but decides when to knock by a rule learned from thousands of simulated "
        "hands, each played out both ways at every chance to knock (hands of `strong` against itself and "
        "of the expert's own rules against themselves): it weighs the knock's likely points and undercut "
        "risk, how close you are to knocking, how much its next draws could still improve its hand and "
        "its chance of gin, and how far the hand has gone, each against the others (a small undercut "
        "risk matters more when you are close to knocking), and so knocks sooner than `strong` when "
        "waiting would not pay. It also checks its closest discards (up to five; every discard against a player who knocks as soon as it can) by imagining 64 ways your hand and "
        "the stock could be (hands that explain the card you last threw are imagined more often) and playing "
        "each one out to the end of the hand, changing its mind only when "
        "another card comes out clearly better. It also reads the cards shown at the end of each hand. "
        "It starts each game taking you for a gin-seeker, as the strongest players are: it imagines you "
        "waiting for gin and checks its knocks against that, and keeps doing so while you go gin and "
        "seldom knock after your first few turns. Once a hand shows you knocking short of gin, and until "
        "one shows you waiting (holding a hand you could have knocked with, or going gin), it takes you "
        "for a player who knocks as soon as you can, so it waits to undercut you instead of knocking "
        "early, and checks its take-or-draw choices and its knocks by the same imagined play, played to "
        "each hand's own knock limit and aces. While it takes you for a player who waits, it checks each "
        "choice between the upcard and the stock by the race to gin instead: it imagines a few dozen ways "
        "the stock could come and keeps the choice unless the other leaves it clearly likelier to go gin "
        "before you (gins decide most hands between players who wait). It keeps the game's score, and knocks "
        "whenever the knock is very likely to take it to the target; in a game where only the winner "
        "counts (no game or box bonus) it weighs each imagined outcome by its chance of winning the game "
        "from the score that outcome leaves rather than by its points, and once either of you is within 30 "
        "points of the target it checks its knocks that way too. Most moves take a few "
        "milliseconds; on a close choice it imagines more ways, up to about a thousand, taking up to a "
        "second or two (five at most); once its moves in a game have taken 25 seconds it stops imagining "
        "play for the rest of that game. In straight gin (gin only, no "
        "knocking) it also races to gin: it imagines a few dozen ways the stock could come and checks "
        "its discards and take-or-draw choices by how soon each leaves it likely to go gin (and how "
        "much it holds if you go gin first), changing its mind only when another choice comes out "
        "clearly better. At discard-pile pickup it plays as `strong` does, and also counts what the "
        "discard pile is worth to you: each take, draw and discard is charged for the best pickup it "
        "would leave you."
    ),
}
"""How each level of :data:`AGENTS` plays, in a player's words (Markdown). The README's table of
levels is made from it (:func:`ginrummy.cli.doc_tables.levels_table`); a new level needs its entry."""


def strongest() -> str:
    """The name of the strongest registered level (the last of :data:`BY_STRENGTH` in :data:`AGENTS`).

    >>> strongest()
    'expert'
    """
    return next((n for n in reversed(BY_STRENGTH) if n in AGENTS), next(iter(AGENTS)))


def plays_as(agent: Agent, rules: Rules) -> str:
    """The level that ``agent`` plays as under ``rules``: its own name (every level plays every
    rule set, :func:`models`). Front ends use it to tell the player.

    >>> plays_as(make_agent("expert"), Rules.preset("pickup")), plays_as(make_agent("expert"), Rules())
    ('expert', 'expert')
    """
    return agent.plays_as(rules) if isinstance(agent, Level) else agent.name


def make_agent(
    name: str,
    seed: int | random.Random | None = 0,
    *,
    bot_time_ms: int | None = None,
    bot_game_ms: int | None = None,
) -> Agent:
    """A new agent of the named level (or sparring partner, :data:`ginrummy.agents.sparring.SPARRING`),
    with its own random generator from ``seed``.

    A name ``cmd:COMMAND`` is a bot in any language run as a subprocess over the bot protocol
    (:class:`ginrummy.protocol.SubprocessBot`, ``docs/protocol.md``; ``seed`` unused), with
    ``bot_time_ms`` milliseconds per decision (default: the protocol's 5000) and ``bot_game_ms``
    for all its decisions in one game (default: no such budget). Raises
    :class:`UnknownAgentError` listing the known levels, or
    :class:`~ginrummy.errors.GinRummyError` for a command that is empty or not found, and
    :class:`~ginrummy.errors.ArgumentError` for arguments of another kind or out of range (a
    ``name`` that is not a ``str``, a ``seed`` that is not an int, a ``random.Random`` or
    ``None``, a time budget below 1 ms; a numpy integer is taken as an int: :mod:`ginrummy.checks`).
    """
    check_str("name", name, "a level name or cmd:COMMAND (a str)")
    if seed is not None:
        seed = check_rng("seed", seed)
    if bot_time_ms is not None:
        bot_time_ms = check_int("bot_time_ms", bot_time_ms, lo=1)
    if bot_game_ms is not None:
        bot_game_ms = check_int("bot_game_ms", bot_game_ms, lo=1)
    factory = AGENTS.get(name.lower())
    if factory is not None:  # a level: neither the protocol nor the sparring partners are loaded
        return factory(seed)
    # the bot protocol (subprocesses, threads) only for a ``cmd:`` name; it never names a level
    from ginrummy.protocol.bot import DEFAULT_TIME_MS, SubprocessBot, is_cmd

    if is_cmd(name):
        per_decision = DEFAULT_TIME_MS if bot_time_ms is None else bot_time_ms
        return SubprocessBot(name, time_ms=per_decision, game_ms=bot_game_ms)
    from ginrummy.agents.sparring import SPARRING  # built on the levels: imported when needed

    factory = SPARRING.get(name.lower())
    if factory is None:
        known = ", ".join([*AGENTS, *SPARRING])
        raise UnknownAgentError(f"unknown agent {name!r}; known: {known}")
    return factory(seed)
