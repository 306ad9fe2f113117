"""A game to the target: hands, dealer rotation, bonuses and the score sheet (RULES.md sections 4-5).

Hands are dealt until a player's total of hand points reaches ``rules.target``.
Then the game bonus, the box bonus per hand won, the shutout rule and
the margin bonus are applied and the winner decided as ``rules.game_winner`` says
(:meth:`Game.summary`). The score sheet is printed like the "Game 1" sheet of the rule
sources (000 part 2; :meth:`Game.sheet`).

Under Hollywood scoring (``scoring=hollywood``, 002) the sheet keeps three games at
once (:attr:`Game.columns`): a player's first hand won is entered in game 1, the second
in games 1 and 2, the third and later ones in all three games still open. Each game
ends when a player reaches the target in it, with its own bonuses; the hands go on
until all three are over, and :meth:`Game.summary` adds the three games up.

>>> g = Game(Rules.preset("pagat-scoring"), seed=1, names=("Ed", "Jim"))
>>> g.enter(HandResult(Outcome.GIN, 0, 51, knocker=0, defender_count=26))
>>> g.totals, g.is_over
((51, 0), False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ginrummy.checks import (
    check_callable,
    check_instance,
    check_int,
    check_names,
    check_seat,
    check_seed,
    check_str,
)
from ginrummy.errors import ArgumentError, GameFlowError
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.play import Agent, check_players, play_hand
from ginrummy.rules import DealerRule, Rules, Scoring
from ginrummy.scoring.columns import GameSummary, ScoreColumn, column_count, combine, hollywood_columns
from ginrummy.scoring.sheet import SHEET_LAYOUTS, SheetLayout, hands_sheet, hollywood_sheet, standard_sheet
from ginrummy.variants import AnyHandState, deal_hand

__all__ = ["Game", "GameSummary", "OnHand", "ScoreColumn", "choose_first_dealer", "fresh_seed", "play_game"]

OnHand = Callable[["Game", AnyHandState], None]
"""``on_hand(game, state)``: called after each hand is entered on the sheet."""


def fresh_seed() -> int:
    """A new 63-bit seed from the operating system (``random.SystemRandom``), for a game, match
    or team match made with ``seed=None``: kept as its seed, so its record replays."""
    return random.SystemRandom().getrandbits(63)


def choose_first_dealer(rng: random.Random) -> int:
    """Both players draw a card from a shuffled deck; the lower rank deals (000). Ties draw again."""
    while True:
        a, b = rng.sample(range(52), 2)
        if a % 13 != b % 13:
            return 0 if a % 13 < b % 13 else 1


@dataclass
class Game:
    """A game of hands to ``rules.target`` (three at once under Hollywood scoring).

    ``seed`` (an int) makes every hand's deck replayable: hand ``i`` is dealt from
    ``random.Random(hand_seeds[i])``; ``seed=None`` draws a fresh 63-bit seed from
    ``random.SystemRandom`` and keeps it in ``seed``, so the game's record replays like any
    other. ``first_dealer`` (0 or 1) is drawn as in 000 unless given; ``names`` are two
    strings (a list is kept as a tuple). ``columns`` are the games on the sheet (one, or
    Hollywood's three); ``entered[i]`` are the games (0-based) hand ``i`` was entered in.

    What it cannot record it refuses: raises :class:`~ginrummy.errors.ArgumentTypeError` for
    ``rules`` that are not a :class:`~ginrummy.rules.Rules`, a seed that is not an int (a
    ``str``, a ``float``, a ``bool``), names that are not two strings, a ``first_dealer`` of
    another kind, and :class:`~ginrummy.errors.ArgumentError` for a ``first_dealer`` out of range
    (a numpy integer is taken as an int: :mod:`ginrummy.checks`).
    """

    rules: Rules
    seed: int = 0
    names: tuple[str, str] = ("Player 0", "Player 1")
    first_dealer: int | None = None
    results: list[HandResult] = field(default_factory=list)
    hand_seeds: list[int] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)
    columns: list[ScoreColumn] = field(init=False, default_factory=list)
    entered: list[tuple[int, ...]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        check_instance("rules", self.rules, Rules, "a Rules")
        self.seed = fresh_seed() if self.seed is None else check_seed("seed", self.seed)
        self.names = check_names("names", self.names)
        if self.first_dealer is not None:
            self.first_dealer = check_seat("first_dealer", self.first_dealer)
        for name in ("results", "hand_seeds", "dealers"):
            check_instance(name, getattr(self, name), list, "a list")
        self.columns = [ScoreColumn(self.rules, n + 1) for n in range(column_count(self.rules))]
        self._rng = random.Random(self.seed)
        drawn = choose_first_dealer(self._rng)  # always drawn, so hand seeds depend on the seed alone
        if self.first_dealer is None:
            self.first_dealer = drawn
        self.dealer = self.first_dealer

    # -- play ------------------------------------------------------------------

    def new_hand(self) -> AnyHandState:
        """Deal the next hand (with the dealer in turn) of the variant the rules name
        (:func:`ginrummy.variants.deal_hand`). Raises :class:`~ginrummy.errors.GameFlowError`
        (a ``ValueError``) if the game is over."""
        if self.is_over:
            raise GameFlowError("the game is over")
        seed = self._rng.getrandbits(64)
        self.hand_seeds.append(seed)
        return deal_hand(self.rules, self.dealer, random.Random(seed))

    def play(self, players: Sequence[Agent], on_hand: OnHand | None = None) -> Game:
        """Play the game to its end between ``players`` (seat 0, seat 1), each hand through the
        hand loop (:func:`ginrummy.play.play_hand`, each player seeing only its own view);
        returns ``self``. ``on_hand(game, state)`` is called after each hand is entered.
        Raises what :func:`~ginrummy.play.play_hand` raises (a hand cut off at the action cap,
        an illegal action), and :class:`~ginrummy.errors.ArgumentTypeError` for players that are
        not two agents or an ``on_hand`` that is not callable."""
        players = check_players("players", players)
        check_callable("on_hand", on_hand, "a function (game, state)")
        while not self.is_over:
            state = self.new_hand()
            result = play_hand(state, players)
            assert result is not None
            self.enter(result)
            if on_hand is not None:
                on_hand(self, state)
        return self

    def enter(self, result: HandResult) -> None:
        """Enter a finished hand's result on the sheet and choose the next dealer.

        After a dead hand the same dealer deals again (000, 003). Raises
        :class:`~ginrummy.errors.GameFlowError` (a ``ValueError``) if the game is already over,
        and :class:`~ginrummy.errors.ArgumentTypeError` for a ``result`` that is not a
        :class:`~ginrummy.hand.results.HandResult` (whose fields are checked when it is made).
        """
        check_instance("result", result, HandResult, "a HandResult")
        if self.is_over:
            raise GameFlowError("the game is over")
        index = len(self.results)
        self.results.append(result)
        self.dealers.append(self.dealer)
        games: tuple[int, ...] = ()
        if result.winner is not None:
            if self.hollywood:
                wins = self.hands_won[result.winner]
                games = tuple(j for j in hollywood_columns(wins) if not self.columns[j].is_over)
            else:
                games = (0,)
            for j in games:
                self.columns[j].enter(index, result)
        self.entered.append(games)
        if result.winner is not None:
            rule = self.rules.dealer_rule
            if rule is DealerRule.LOSER:
                self.dealer = 1 - result.winner
            elif rule is DealerRule.WINNER:
                self.dealer = result.winner
            else:
                self.dealer = 1 - self.dealer
        elif result.outcome is not Outcome.DEAD:
            self.dealer = 1 - self.dealer if self.rules.dealer_rule is DealerRule.ALTERNATE else self.dealer

    # -- totals ----------------------------------------------------------------

    @property
    def hollywood(self) -> bool:
        """Whether the sheet keeps Hollywood's three games."""
        return self.rules.scoring is Scoring.HOLLYWOOD

    @property
    def totals(self) -> tuple[int, int]:
        """Hand points entered so far per player (no bonuses): the score toward the target;
        under Hollywood scoring, the sum over the three games."""
        cols = [c.totals for c in self.columns]
        return sum(t[0] for t in cols), sum(t[1] for t in cols)

    @property
    def hands_won(self) -> tuple[int, int]:
        """Hands won by each player (under Hollywood scoring, whether or not entered anywhere)."""
        w = [0, 0]
        for r in self.results:
            if r.winner is not None:
                w[r.winner] += 1
        return w[0], w[1]

    @property
    def is_over(self) -> bool:
        """Whether every game on the sheet is over."""
        return all(c.is_over for c in self.columns)

    @property
    def leader(self) -> int | None:
        """The player who reached the target (under Hollywood scoring: with the higher total
        of hand points over the three games), or ``None`` while the game goes on or on equal points.
        Not always the winner: that is ``summary().winner`` (``rules.game_winner``)."""
        if len(self.columns) == 1:
            return self.columns[0].leader
        t = self.totals
        if not self.is_over or t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    def summary(self) -> GameSummary:
        """Final scores with the game, box, shutout and margin bonuses; under Hollywood
        scoring, the three games' summaries added up (see :meth:`summaries` for each).

        Raises :class:`~ginrummy.errors.GameFlowError` (a ``ValueError``) before the game is over.
        """
        if not self.is_over:
            raise GameFlowError("the game is not over yet")
        if len(self.columns) == 1:
            return self.columns[0].summary()
        return combine(self.summaries())

    def summaries(self) -> list[GameSummary]:
        """The summary of each game on the sheet that is over, in order."""
        return [c.summary() for c in self.columns if c.is_over]

    # -- the score sheet -------------------------------------------------------

    def sheet(self, title: str | None = None, layout: SheetLayout = "paper", width: int | None = None) -> str:
        """The score sheet as text (:mod:`ginrummy.scoring.sheet`; ``title`` defaults to ``Game 1``):
        with ``layout="paper"`` (the default, kept by records and the golden games) the "Game 1"
        layout of the sources (000 part 2), with ``layout="hands"`` one row per hand with both
        players' points and running totals and each bonus on its own row, no line wider than
        ``width`` characters where it can (:func:`~ginrummy.scoring.sheet.hands_sheet`). Under
        Hollywood scoring either layout is the three games side by side (``title`` defaults to
        ``Hollywood``), or one under the other when that is wider than ``width``. Raises
        :class:`~ginrummy.errors.ArgumentError` for another layout (``ArgumentTypeError`` for a
        ``title``, ``layout`` or ``width`` of another kind)."""
        if title is not None:
            check_str("title", title)
        if width is not None:
            width = check_int("width", width, lo=1)
        if check_str("layout", layout) not in SHEET_LAYOUTS:
            raise ArgumentError(f"unknown sheet layout {layout!r}; choose from {', '.join(SHEET_LAYOUTS)}")
        if self.hollywood:
            return hollywood_sheet(
                self.rules, self.names, self.columns, self.results, self.entered, title or "Hollywood", width
            )
        if layout == "hands":
            return hands_sheet(
                self.rules, self.names, self.columns[0], self.results, title or "Game 1", width
            )
        return standard_sheet(self.rules, self.names, self.columns[0], self.results, title or "Game 1")


def play_game(
    rules: Rules,
    agents: Sequence[Agent],
    seed: int = 0,
    names: tuple[str, str] | None = None,
    on_hand: OnHand | None = None,
) -> Game:
    """Play a whole game to ``rules.target`` between two agents (seat 0, seat 1), named after
    them unless ``names`` are given; returns the finished :class:`Game` (see :meth:`Game.play`;
    the arguments are checked as :class:`Game` and :meth:`Game.play` check them).

    >>> from ginrummy.agents import make_agent
    >>> play_game(Rules(), [make_agent("simple", 1), make_agent("random", 2)], seed=3).is_over
    True
    """
    players = check_players("agents", agents)
    if names is None:
        names = (getattr(players[0], "name", "Player 0"), getattr(players[1], "name", "Player 1"))
    game = Game(rules, seed=seed, names=names)
    return game.play(players, on_hand)
