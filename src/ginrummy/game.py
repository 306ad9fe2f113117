"""A game to the target: hands, dealer rotation, bonuses and the score sheet (RULES.md section 4).

Hands are dealt until a player's total of hand points reaches ``rules.target``.
Then the game bonus, the box (line) bonus per hand won, the shutout rule and
the margin bonus are applied (:meth:`Game.summary`). The score sheet is printed
like the "Game 1" sheet of the rule sources (:meth:`Game.sheet`).

>>> g = Game(Rules.preset("wikipedia"), seed=1, names=("Ed", "Jim"))
>>> g.record(HandResult(Outcome.GIN, 0, 51, knocker=0, defender_count=26))
>>> g.totals, g.is_over
((51, 0), False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ginrummy.errors import RulesError
from ginrummy.results import HandResult, Outcome
from ginrummy.rules import DealerRule, Rules, Scoring, Shutout
from ginrummy.state import HandState

__all__ = ["Game", "GameSummary", "choose_first_dealer"]


def choose_first_dealer(rng: random.Random) -> int:
    """Both players draw a card from a shuffled deck; the lower rank deals (000). Ties draw again."""
    while True:
        a, b = rng.sample(range(52), 2)
        if a % 13 != b % 13:
            return 0 if a % 13 < b % 13 else 1


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The end of a game: points per player (index 0 and 1), all in points.

    ``hand_points``: sum of hand scores; ``game_bonus``, ``box_bonus``,
    ``margin_bonus``: the bonuses; ``shutout``: whether the loser scored nothing;
    ``totals``: final scores with every bonus; ``winner``: the player with the higher
    total (``None`` on equal totals); ``forfeit``: the winner forfeited by winning by
    exactly ``rules.forfeit_on_exact_margin`` (002 variation), so ``winner`` is the other.
    """

    hand_points: tuple[int, int]
    hands_won: tuple[int, int]
    game_bonus: tuple[int, int]
    box_bonus: tuple[int, int]
    margin_bonus: tuple[int, int]
    shutout: bool
    totals: tuple[int, int]
    winner: int | None
    forfeit: bool = False


@dataclass
class Game:
    """A game of hands to ``rules.target``. Deals come from a seeded random generator.

    ``seed`` (an int) makes every hand's deck replayable: hand ``i`` is dealt from
    ``random.Random(hand_seeds[i])``. ``first_dealer`` is drawn as in 000 unless given.
    """

    rules: Rules
    seed: int = 0
    names: tuple[str, str] = ("Player 0", "Player 1")
    first_dealer: int | None = None
    results: list[HandResult] = field(default_factory=list)
    hand_seeds: list[int] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.rules.scoring is not Scoring.STANDARD:
            raise RulesError("Hollywood scoring is not supported by this engine yet")
        self._rng = random.Random(self.seed)
        drawn = choose_first_dealer(self._rng)  # always drawn, so hand seeds depend on the seed alone
        if self.first_dealer is None:
            self.first_dealer = drawn
        elif self.first_dealer not in (0, 1):
            raise ValueError(f"first_dealer must be 0 or 1, got {self.first_dealer!r}")
        self.dealer = self.first_dealer

    # -- play ------------------------------------------------------------------

    def new_hand(self) -> HandState:
        """Deal the next hand (with the dealer in turn). Raises ``ValueError`` if the game is over."""
        if self.is_over:
            raise ValueError("the game is over")
        seed = self._rng.getrandbits(64)
        self.hand_seeds.append(seed)
        return HandState.deal(self.rules, self.dealer, random.Random(seed))

    def record(self, result: HandResult) -> None:
        """Enter a finished hand's result on the sheet and choose the next dealer.

        After a dead hand the same dealer deals again (000, 003). Raises ``ValueError``
        if the game is already over.
        """
        if self.is_over:
            raise ValueError("the game is over")
        self.results.append(result)
        self.dealers.append(self.dealer)
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
    def totals(self) -> tuple[int, int]:
        """Hand points so far per player (no bonuses), the score toward the target."""
        t = [0, 0]
        for r in self.results:
            if r.winner is not None:
                t[r.winner] += r.points
        return t[0], t[1]

    @property
    def hands_won(self) -> tuple[int, int]:
        w = [0, 0]
        for r in self.results:
            if r.winner is not None:
                w[r.winner] += 1
        return w[0], w[1]

    @property
    def is_over(self) -> bool:
        return max(self.totals) >= self.rules.target

    @property
    def leader(self) -> int | None:
        """The player who reached the target (higher total), or ``None`` while no one has."""
        t = self.totals
        if not self.is_over or t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    def summary(self) -> GameSummary:
        """Final scores with the game, box, shutout and margin bonuses.

        Raises ``ValueError`` before the game is over.
        """
        if not self.is_over:
            raise ValueError("the game is not over yet")
        rules = self.rules
        pts = list(self.totals)
        won = self.hands_won
        w = self.leader
        assert w is not None
        loser = 1 - w
        shutout = pts[loser] == 0
        game = [0, 0]
        game[w] = rules.game_bonus
        if shutout and rules.shutout is Shutout.DOUBLE_GAME_BONUS:
            game[w] *= 2
        if shutout and rules.shutout is Shutout.DOUBLE_HANDS:
            pts[w] *= 2
        box = [won[0] * rules.box_bonus, won[1] * rules.box_bonus]
        totals = [pts[i] + game[i] + box[i] for i in (0, 1)]
        if shutout and rules.shutout is Shutout.DOUBLE_SCORE:
            totals[w] *= 2
        margin = [0, 0]
        if rules.margin_bonus and totals[w] - totals[loser] >= rules.margin_bonus_at:
            margin[w] = rules.margin_bonus
            totals[w] += rules.margin_bonus
        winner: int | None = w if totals[w] != totals[loser] else None
        if totals[loser] > totals[w]:
            winner = loser
        forfeit = bool(
            rules.forfeit_on_exact_margin
            and winner is not None
            and totals[winner] - totals[1 - winner] == rules.forfeit_on_exact_margin
        )
        if forfeit:
            assert winner is not None
            winner = 1 - winner
        return GameSummary(
            hand_points=(pts[0], pts[1]),
            hands_won=won,
            game_bonus=(game[0], game[1]),
            box_bonus=(box[0], box[1]),
            margin_bonus=(margin[0], margin[1]),
            shutout=shutout,
            totals=(totals[0], totals[1]),
            winner=winner,
            forfeit=forfeit,
        )

    # -- the score sheet -------------------------------------------------------

    def sheet(self, title: str = "Game 1") -> str:
        """The score sheet as text, laid out like the "Game 1" sheet of the sources: each
        player's column lists the points of the hands they won, then the totals, ``GB``
        (game bonus), ``BB`` (box bonus) and the final scores, beside a hand-by-hand guide."""
        a, b = self.names
        cols: list[list[int]] = [[], []]
        for r in self.results:
            if r.winner is not None:
                cols[r.winner].append(r.points)
        guide = [
            (str(i + 1), _result_text(r, self.names), _score_text(r, self.names))
            for i, r in enumerate(self.results)
        ]
        width = max(5, len(a), len(b)) + 1
        rw = max([len(g[1]) for g in guide] + [6])
        lines = [title, f"    {a:>{width}}{b:>{width}}   Hand  {'Result':<{rw}}  Score"]
        for i in range(max(len(cols[0]), len(cols[1]), len(guide))):
            c0 = str(cols[0][i]) if i < len(cols[0]) else ""
            c1 = str(cols[1][i]) if i < len(cols[1]) else ""
            g = guide[i] if i < len(guide) else ("", "", "")
            lines.append(f"    {c0:>{width}}{c1:>{width}}   {g[0]:>4}  {g[1]:<{rw}}  {g[2]}".rstrip())
        t = self.totals
        if not self.is_over:
            lines.append(f"    {t[0]:>{width}}{t[1]:>{width}}   Running total (target {self.rules.target})")
            return "\n".join(lines)
        s = self.summary()
        w = self.leader
        assert w is not None
        lines.append(f"Game ends as {self.names[w]}'s score has crossed {self.rules.target}.")
        lines.append(f"    {s.hand_points[0]:>{width}}{s.hand_points[1]:>{width}}   Game Bonus")
        notes = [f"{self.names[w]} has won the game"]
        notes += [
            f"{self.names[i]} has won {s.hands_won[i]} hand{'s' if s.hands_won[i] != 1 else ''}"
            for i in (0, 1)
        ]
        notes += [
            f"{self.names[w]} scores {s.game_bonus[w]} as Game bonus",
            *(
                f"{self.names[i]} scores {s.box_bonus[i]}: ({self.rules.box_bonus} X {s.hands_won[i]})"
                for i in (0, 1)
                if s.box_bonus[i]
            ),
        ]
        rows = [("GB", s.game_bonus), ("BB", s.box_bonus)]
        if any(s.margin_bonus):
            rows.append(("LB", s.margin_bonus))
        rows.append(("", s.totals))
        for i, (label, vals) in enumerate(rows):
            v0 = str(vals[0]) if vals[0] or label == "" else ""
            v1 = str(vals[1]) if vals[1] or label == "" else ""
            note = notes[i] if i < len(notes) else ""
            lines.append(f"{label:<4}{v0:>{width}}{v1:>{width}}   {note}".rstrip())
        for note in notes[len(rows) :]:
            lines.append(f"{'':<4}{'':>{width}}{'':>{width}}   {note}")
        if s.shutout and self.rules.shutout is not Shutout.NONE:
            lines.append(f"Shutout ({self.rules.shutout.value}).")
        if s.forfeit:
            lines.append(
                f"{self.names[1 - (s.winner or 0)]} won by exactly {self.rules.forfeit_on_exact_margin} and forfeits."
            )
        return "\n".join(lines)


def _result_text(r: HandResult, names: tuple[str, str]) -> str:
    if r.outcome is Outcome.DEAD or r.knocker is None:
        return "Dead hand"
    k = names[r.knocker]
    if r.outcome is Outcome.GIN:
        return f"{k} goes gin"
    if r.outcome is Outcome.BIG_GIN:
        return f"{k} goes big gin"
    return f"{k} knocks with {r.knocker_count}"


def _score_text(r: HandResult, names: tuple[str, str]) -> str:
    if r.winner is None:
        return "No score"
    w = names[r.winner]
    if r.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        bonus = r.points - r.defender_count
        label = "Gin" if r.outcome is Outcome.GIN else "Big Gin"
        return f"{w} scores {r.points}: ({r.defender_count} + {bonus} as {label} bonus)"
    if r.outcome is Outcome.UNDERCUT:
        diff = r.knocker_count - r.defender_count
        return f"{w} scores {r.points}: ({diff} + {r.points - diff} as Undercut bonus)"
    return f"{w} scores {r.points}: ({r.defender_count} - {r.knocker_count})"
