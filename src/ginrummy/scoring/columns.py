"""Score columns: one game's entries, its end at the target, and its bonuses (RULES.md sections 4-5).

A :class:`ScoreColumn` is one game on the score sheet: the hands entered in it, each
player's total toward ``rules.target``, and, once a player reaches the target, the game
bonus, the box (line) bonus per hand entered and won, the shutout rule and the margin
bonus (:meth:`ScoreColumn.summary`). The summary's ``winner`` is the one every output
reports (sheets, matches, the front ends); ``rules.game_winner`` decides it: the player who
reached the target (:attr:`ScoreColumn.leader`), or the higher total after the bonuses.
A standard game has one column; Hollywood scoring (002) keeps three at once, and
:func:`hollywood_columns` says which of them a win is entered in.

>>> from ginrummy.hand.results import HandResult, Outcome
>>> col = ScoreColumn(Rules(target=50))
>>> col.enter(0, HandResult(Outcome.GIN, 1, 55, knocker=1, defender_count=30))
>>> col.totals, col.is_over, col.summary().totals
((0, 55), True, (0, 280))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ginrummy.errors import ArgumentError, GameFlowError
from ginrummy.hand.results import HandResult
from ginrummy.rules import GameWinner, Rules, Scoring, Shutout

__all__ = ["HOLLYWOOD_GAMES", "GameSummary", "ScoreColumn", "column_count", "combine", "hollywood_columns"]

HOLLYWOOD_GAMES = 3
"""Games kept at once under Hollywood scoring (002)."""


def column_count(rules: Rules) -> int:
    """Games on one score sheet: 3 for Hollywood scoring, else 1."""
    return HOLLYWOOD_GAMES if rules.scoring is Scoring.HOLLYWOOD else 1


def hollywood_columns(win_number: int) -> range:
    """The games (0-based) that a player's ``win_number``-th hand won (from 1) is entered in,
    if still open: the 1st win in game 1, the 2nd in games 1 and 2, the 3rd and later in all
    three (002).

    >>> [list(hollywood_columns(k)) for k in (1, 2, 3, 7)]
    [[0], [0, 1], [0, 1, 2], [0, 1, 2]]
    """
    if win_number < 1:
        raise ArgumentError(f"win_number counts from 1, got {win_number}")
    return range(min(win_number, HOLLYWOOD_GAMES))


@dataclass(frozen=True, slots=True)
class GameSummary:
    """The end of a game: points per player (index 0 and 1), all in points.

    ``hand_points``: sum of hand scores (doubled for a blitz shutout, 000 part 2); ``hands_won``:
    hands won in the game (entered in it, under Hollywood scoring); ``game_bonus``,
    ``box_bonus``, ``margin_bonus``: the bonuses; ``shutout``: whether the player who did not
    reach the target scored nothing; ``totals``: final scores with every bonus; ``winner``: the
    winner as ``rules.game_winner`` says (the player who reached the target, or the higher
    total, ``None`` on equal totals); ``forfeit``: that winner forfeited by beating the other's
    total by exactly ``rules.forfeit_on_exact_margin`` (002 variation), so ``winner`` is the other.
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


def combine(summaries: list[GameSummary]) -> GameSummary:
    """The sum of several games' summaries (a Hollywood set's three games): every field
    added up; ``shutout`` if the loser of the sum scored no hand points at all; ``winner``
    the player with the higher summed total, under either ``rules.game_winner`` (a set has
    no target of its own: each of its games is won as the rule says, and the set is settled
    on its summed totals; 002 names no winner of the set); ``forfeit`` is not carried over
    (each game's own summary says whether its winner forfeited)."""

    def add(name: str) -> tuple[int, int]:
        vals = [getattr(s, name) for s in summaries]
        return sum(v[0] for v in vals), sum(v[1] for v in vals)

    totals = add("totals")
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    hand_points = add("hand_points")
    return GameSummary(
        hand_points=hand_points,
        hands_won=add("hands_won"),
        game_bonus=add("game_bonus"),
        box_bonus=add("box_bonus"),
        margin_bonus=add("margin_bonus"),
        shutout=winner is not None and hand_points[1 - winner] == 0,
        totals=totals,
        winner=winner,
    )


@dataclass
class ScoreColumn:
    """One game on the score sheet: the hands entered in it, to ``rules.target``.

    ``entries`` are ``(hand_index, result)`` for each hand won and entered in this game
    (hand indexes count from 0 over the whole sheet); ``number`` is the game's number
    on the sheet (from 1).
    """

    rules: Rules
    number: int = 1
    entries: list[tuple[int, HandResult]] = field(default_factory=list)

    def enter(self, hand_index: int, result: HandResult) -> None:
        """Enter a won hand. Raises :class:`~ginrummy.errors.GameFlowError` if the game is over
        and :class:`~ginrummy.errors.ArgumentError` if nobody won the hand."""
        if self.is_over:
            raise GameFlowError(f"game {self.number} is over")
        if result.winner is None:
            raise ArgumentError("only a hand with a winner is entered on the sheet")
        self.entries.append((hand_index, result))

    def points(self, player: int) -> list[int]:
        """The points of each hand ``player`` won in this game, in order (the player's column)."""
        return [r.points for _, r in self.entries if r.winner == player]

    @property
    def totals(self) -> tuple[int, int]:
        """Hand points per player (no bonuses): the score toward the target."""
        return sum(self.points(0)), sum(self.points(1))

    @property
    def hands_won(self) -> tuple[int, int]:
        """Hands entered in this game won by each player."""
        return len(self.points(0)), len(self.points(1))

    @property
    def is_over(self) -> bool:
        return max(self.totals) >= self.rules.target

    @property
    def ended_at(self) -> int | None:
        """The index of the hand that ended this game, or ``None`` while it is open."""
        return self.entries[-1][0] if self.is_over else None

    @property
    def leader(self) -> int | None:
        """The player who reached the target (who gets the game bonus; not always the winner,
        see :meth:`summary`), or ``None`` while no one has."""
        t = self.totals
        if not self.is_over or t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    def summary(self) -> GameSummary:
        """Final scores with the game, box, shutout and margin bonuses, and the winner.

        The player who reached the target gets the game bonus (doubled, or their hands or
        score doubled, on a shutout) and the margin bonus when their points toward the target,
        before any bonus, exceed the other's by ``rules.margin_bonus_at`` or more (001). The
        winner is that player under ``game_winner=target``; under ``higher-total``, the higher
        final total (``None`` if equal). Raises :class:`~ginrummy.errors.GameFlowError` (a
        ``ValueError``) before the game is over.
        """
        if not self.is_over:
            raise GameFlowError("the game is not over yet")
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
        before_bonuses = self.totals
        if rules.margin_bonus and before_bonuses[w] - before_bonuses[loser] >= rules.margin_bonus_at:
            margin[w] = rules.margin_bonus
            totals[w] += rules.margin_bonus
        winner: int | None = w
        if rules.game_winner is GameWinner.HIGHER_TOTAL:
            winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
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
