"""Matches of successive games, SLAMs, settlement and team play (RULES.md sections 4-5).

A :class:`Match` plays successive :class:`~ginrummy.scoring.game.Game` s between the same two
players, game ``k`` dealt from :func:`game_seed` (``seed``, ``k``), as the rules say:

- ``match_games`` N > 1: best of N games (002 tournament: five games to 250); a drawn
  game (equal final totals, under ``game_winner=higher-total``) counts for nobody and
  another is played;
- ``match_target`` T > 0: the games' final scores (bonuses included) accumulate until a
  player's total reaches T (002 multi-game, e.g. 500). 004 calls reaching 500 over
  successive games a **SLAM**: each game's winner accrues the difference of the two
  final scores as SLAM points, and the SLAMs won and lost are tallied
  (:func:`slam_tally` over several matches);
- otherwise a single game.

A game's winner is always its summary's ``winner`` (``rules.game_winner``: the player who
reached the target, or the higher total after bonuses): the games won, a single game's
winner, the match sheet's Winner column, SLAM points and a team member's pairing all follow
it. Money follows points: the player with the lower total pays ``stake`` units per point of
difference between the players' totals (000 part 1: "an amount proportional to the
difference"; 004: SLAM points settle cash debts): :class:`Settlement`.

A :class:`TeamMatch` (002, Hollywood team play) pairs the members of two teams of
``team_size`` head to head; each pairing plays a match, the pairings' totals sum per team
(the higher sum wins, as a Hollywood set's), and a team all of whose members won their
pairing gets ``team_bonus`` (002: 25 for teams of three, 50 for four).

Players are :class:`~ginrummy.play.Agent` s (a ``name`` and ``act(view)``: the levels of
:mod:`ginrummy.agents`, or any other); :meth:`Match.play` and :meth:`TeamMatch.play` play them
through the hand loop (:func:`ginrummy.play.play_hand`), each seeing only its own view.

>>> m = Match(Rules(match_games=3), seed=4, names=("Ed", "Jim"))
>>> m.kind, m.wins_needed, m.is_over
('best-of', 2, False)
>>> settle((325, 108), stake=2)
Settlement(payer=1, points=217, stake=2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from ginrummy.checks import check_callable, check_instance, check_names, check_seed, shown
from ginrummy.errors import ArgumentError, ArgumentTypeError, GameFlowError
from ginrummy.hand.results import agree, verb_for
from ginrummy.play import Agent, check_players
from ginrummy.rules import Rules, Scoring
from ginrummy.scoring.columns import GameSummary
from ginrummy.scoring.game import Game, OnHand, fresh_seed
from ginrummy.scoring.sheet import winner_text
from ginrummy.seeds import derive_seed, game_seed
from ginrummy.variants import AnyHandState

__all__ = [
    "Match",
    "MatchKind",
    "Settlement",
    "TeamMatch",
    "settle",
    "slam_tally",
]

MatchKind = Literal["single", "best-of", "to-target"]


class Settlement(NamedTuple):
    """What the loser pays: ``points`` of difference at ``stake`` units a point.

    ``payer`` is the player (or team) with the lower total, ``None`` when they are equal.
    """

    payer: int | None
    points: int
    stake: int

    @property
    def amount(self) -> int:
        """Units paid: ``points * stake``."""
        return self.points * self.stake

    def text(self, names: Sequence[str]) -> str:
        """``'Jim pays Ed 217 (217 points at 1 a point)'``, or that nothing is owed."""
        if self.payer is None or not self.points:
            return "Settlement: the totals are equal; nothing is paid."
        p = self.payer
        return (
            f"Settlement: {agree(names[p], 'pay', 'pays')} {names[1 - p]} {self.amount} "
            f"({self.points} points at {self.stake} a point)."
        )


def settle(totals: tuple[int, int], stake: int) -> Settlement:
    """The settlement of final ``totals`` at ``stake`` units per point of difference (000, 004)."""
    if totals[0] == totals[1]:
        return Settlement(None, 0, stake)
    payer = 0 if totals[0] < totals[1] else 1
    return Settlement(payer, abs(totals[0] - totals[1]), stake)


@dataclass
class Match:
    """Successive games between the same two players (seat 0 and seat 1 throughout).

    ``games`` are the games dealt so far; the last may be unfinished. See the module
    docstring for how a match ends. ``seed=None`` draws a fresh seed as :class:`Game` does.
    Raises :class:`~ginrummy.errors.ArgumentTypeError` for arguments of another kind (as
    :class:`Game`), and :class:`~ginrummy.errors.GameFlowError` (a ``ValueError``) on a new
    game when the match is over or the current game is not.
    """

    rules: Rules
    seed: int = 0
    names: tuple[str, str] = ("Player 0", "Player 1")
    games: list[Game] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_instance("rules", self.rules, Rules, "a Rules")
        self.seed = fresh_seed() if self.seed is None else check_seed("seed", self.seed)
        self.names = check_names("names", self.names)
        check_instance("games", self.games, list, "a list of Game")

    @property
    def kind(self) -> MatchKind:
        if self.rules.match_target:
            return "to-target"
        return "best-of" if self.rules.match_games > 1 else "single"

    @property
    def wins_needed(self) -> int:
        """Games a player must win (a majority of ``match_games``); 1 for a single game."""
        return self.rules.match_games // 2 + 1

    # -- play ------------------------------------------------------------------

    def new_game(self) -> Game:
        """Start the next game, dealt from :func:`game_seed`."""
        if self.is_over:
            raise GameFlowError("the match is over")
        if self.games and not self.games[-1].is_over:
            raise GameFlowError(f"game {len(self.games)} is not over yet")
        game = Game(self.rules, seed=game_seed(self.seed, len(self.games)), names=self.names)
        self.games.append(game)
        return game

    def play(self, players: Sequence[Agent], on_hand: OnHand | None = None) -> Match:
        """Play the match to its end between ``players`` (seat 0, seat 1), each game by
        :meth:`Game.play`; returns ``self``. ``on_hand(game, state)`` is called after each
        hand is entered. Raises :class:`~ginrummy.errors.ArgumentTypeError` for players that
        are not two agents or an ``on_hand`` that is not callable."""
        players = check_players("players", players)
        check_callable("on_hand", on_hand, "a function (game, state)")
        while not self.is_over:
            game = self.current if self.current is not None and not self.current.is_over else self.new_game()
            game.play(players, on_hand)
        return self

    def play_kept(self, players: Sequence[Agent]) -> list[list[AnyHandState]]:
        """:meth:`play` the match to its end, keeping its hands: ``out[k]`` are game ``k``'s hands
        (what :class:`~ginrummy.records.MatchRecord` needs) of the games played here."""
        states: list[list[AnyHandState]] = []

        def keep(game: Game, state: AnyHandState) -> None:
            if len(states) < len(self.games):
                states.append([])
            states[-1].append(state)

        self.play(players, on_hand=keep)
        return states

    # -- scores ----------------------------------------------------------------

    @property
    def current(self) -> Game | None:
        """The last game dealt (finished or not), ``None`` before the first."""
        return self.games[-1] if self.games else None

    @property
    def finished(self) -> list[Game]:
        return [g for g in self.games if g.is_over]

    def game_totals(self) -> list[tuple[int, int]]:
        """Each finished game's final scores, bonuses included."""
        return [g.summary().totals for g in self.finished]

    @property
    def totals(self) -> tuple[int, int]:
        """The finished games' final scores added up."""
        t = self.game_totals()
        return sum(x[0] for x in t), sum(x[1] for x in t)

    @property
    def games_won(self) -> tuple[int, int]:
        """Finished games won by each player (a game's winner as its summary says)."""
        w = [0, 0]
        for g in self.finished:
            winner = g.summary().winner
            if winner is not None:
                w[winner] += 1
        return w[0], w[1]

    @property
    def slam_points(self) -> tuple[int, int]:
        """Each player's SLAM points (004): for each finished game they won (its summary's
        ``winner``, as ``rules.game_winner`` says; 004 gives the game to the higher combined
        score), the difference of the two final scores, added up."""
        s = [0, 0]
        for g in self.finished:
            credit = _slam_credit(g.summary())
            s = [s[0] + credit[0], s[1] + credit[1]]
        return s[0], s[1]

    @property
    def is_over(self) -> bool:
        if self.games and not self.games[-1].is_over:
            return False
        kind = self.kind
        if kind == "single":
            return bool(self.games)
        if kind == "best-of":
            return max(self.games_won) >= self.wins_needed
        t = self.totals
        return max(t) >= self.rules.match_target and t[0] != t[1]

    @property
    def winner(self) -> int | None:
        """The match's winner once it is over (``None`` before, or for a drawn single game)."""
        if not self.is_over:
            return None
        kind = self.kind
        if kind == "single":
            return self.games[0].summary().winner
        if kind == "best-of":
            w = self.games_won
            return 0 if w[0] > w[1] else 1
        t = self.totals
        return 0 if t[0] > t[1] else 1

    @property
    def slams(self) -> tuple[int, int]:
        """SLAMs won per player in this match: the winner of a match to ``match_target``."""
        if self.kind != "to-target" or self.winner is None:
            return 0, 0
        return (1, 0) if self.winner == 0 else (0, 1)

    def settlement(self) -> Settlement:
        """What the player with the lower total pays: ``stake`` per point of the difference
        between the finished games' totals."""
        return settle(self.totals, self.rules.stake)

    # -- the match sheet --------------------------------------------------------

    def describe(self) -> str:
        """One line on how this match is played, e.g. ``'best of 5 games, each to 250'``."""
        game = "a Hollywood set of three games" if self.rules.scoring is Scoring.HOLLYWOOD else "a game"
        if self.kind == "single":
            return f"{game} to {self.rules.target}"
        each = "Hollywood sets of three games" if game != "a game" else "games"
        if self.kind == "best-of":
            return (
                f"best of {self.rules.match_games} {each}, each to {self.rules.target} "
                f"({self.wins_needed} wins needed)"
            )
        return (
            f"{each} to {self.rules.target}, final scores accumulating to {self.rules.match_target} (a SLAM)"
        )

    def sheet(self) -> str:
        """The match sheet: each finished game's final scores and winner, the running
        totals, games won, SLAM points (matches to a total), the result and settlement."""
        a, b = self.names
        w = max(6, len(a), len(b)) + 1
        target = self.kind == "to-target"
        head = f"  Game {a:>{w}}{b:>{w}}  {'Winner':<{w}} {a:>{w}}{b:>{w}}"
        if target:
            head += f"   {'SLAM':<4} {a:>{w}}{b:>{w}}"
        lines = [
            f"Match: {self.describe()}",
            f"{'':>7}{'final scores':^{2 * w}}  {'':<{w}} {'totals':^{2 * w}}".rstrip(),
        ]
        lines.append(head.rstrip())
        acc = [0, 0]
        slam = [0, 0]
        for i, g in enumerate(self.finished):
            s = g.summary()
            t = s.totals
            acc = [acc[0] + t[0], acc[1] + t[1]]
            credit = _slam_credit(s)
            slam = [slam[0] + credit[0], slam[1] + credit[1]]
            who = self.names[s.winner] if s.winner is not None else "drawn"
            line = f"  {i + 1:>4} {t[0]:>{w}}{t[1]:>{w}}  {who:<{w}} {acc[0]:>{w}}{acc[1]:>{w}}"
            if target:
                line += f"   {'':4} {slam[0]:>{w}}{slam[1]:>{w}}"
            lines.append(line)
        current = self.current
        if current is not None and not current.is_over:
            lines.append(f"  {len(self.games):>4}  (being played)")
        won = self.games_won
        lines.append(f"Games won: {a} {won[0]}, {b} {won[1]}.")
        if target:
            lines.append(f"SLAM points: {a} {slam[0]}, {b} {slam[1]}.")
        if not self.is_over:
            if target:
                lines.append(f"Totals so far: {a} {acc[0]}, {b} {acc[1]} (to {self.rules.match_target}).")
            return "\n".join(lines)
        winner = self.winner
        if self.kind == "single":
            what = "the Hollywood set" if self.rules.scoring is Scoring.HOLLYWOOD else "the game"
            lines.append(winner_text(self.games[0].summary(), self.names, what))
        elif winner is None:
            lines.append("The match is drawn.")
        elif self.kind == "best-of":
            win = agree(self.names[winner], "win", "wins")
            lines.append(f"{win} the match, {won[winner]} games to {won[1 - winner]}.")
        else:
            lines.append(
                f"{agree(self.names[winner], 'reach', 'reaches')} {self.rules.match_target} and "
                f"{verb_for(self.names[winner], 'win', 'wins')} the match (a SLAM), "
                f"{acc[winner]} to {acc[1 - winner]}."
            )
            sl = self.slams
            lines.append(f"SLAMs won/lost: {a} {sl[0]}/{sl[1]}, {b} {sl[1]}/{sl[0]}.")
        if self.rules.stake:
            lines.append(self.settlement().text(self.names))
        return "\n".join(lines)


def _slam_credit(summary: GameSummary) -> tuple[int, int]:
    """The SLAM points one game adds per player: the difference of its final scores, to its winner."""
    t = summary.totals
    credit = [0, 0]
    if summary.winner is not None:
        credit[summary.winner] = abs(t[0] - t[1])
    return credit[0], credit[1]


def slam_tally(matches: Iterable[Match]) -> tuple[int, int]:
    """SLAMs won by each seat over several matches to a total (004's won/lost tally)."""
    won = [0, 0]
    for m in matches:
        s = m.slams
        won[0] += s[0]
        won[1] += s[1]
    return won[0], won[1]


def _member_name(member: object) -> str:
    if isinstance(member, str):
        return member
    name = getattr(member, "name", None)
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a team member must be a name or a player with a name, got {shown(member)}")
    return name


@dataclass
class TeamMatch:
    """Two teams of ``rules.team_size`` (002, Hollywood team play): member ``i`` of team A
    plays member ``i`` of team B a :class:`Match` (pairing ``i``, dealt from
    :func:`derive_seed` (``seed``, ``"pairing"``, ``i``)). A team's total is its members'
    match totals plus ``team_bonus`` when every member won their pairing.

    ``teams`` hold names or players (anything with a ``name``); names that repeat are told
    apart by their team and seat (``simple A1``). ``seed=None`` draws a fresh seed as
    :class:`Game` does. Raises :class:`~ginrummy.errors.ArgumentError` for a team of another
    size than ``rules.team_size`` (:class:`~ginrummy.errors.ArgumentTypeError` for arguments
    of another kind), and :class:`~ginrummy.errors.GameFlowError` on a new pairing when all are
    dealt or the current one is not over.
    """

    rules: Rules
    teams: tuple[Sequence[object], Sequence[object]]
    seed: int = 0
    team_names: tuple[str, str] = ("Team A", "Team B")
    pairings: list[Match] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_instance("rules", self.rules, Rules, "a Rules")
        self.seed = fresh_seed() if self.seed is None else check_seed("seed", self.seed)
        self.team_names = check_names("team_names", self.team_names)
        check_instance("pairings", self.pairings, list, "a list of Match")
        teams = self.teams
        if not (
            isinstance(teams, tuple | list)
            and len(teams) == 2
            and all(isinstance(t, tuple | list) for t in teams)
        ):
            raise ArgumentTypeError(
                f"teams must be two lists of members (names or players), got {shown(teams)}"
            )
        self.teams = (teams[0], teams[1])
        size = self.rules.team_size
        for t, members in enumerate(self.teams):
            if len(members) != size:
                raise ArgumentError(f"{self.team_names[t]} has {len(members)} members; the rules say {size}")
        raw = [[_member_name(m) for m in members] for members in self.teams]
        flat = [n for team in raw for n in team]
        a, b = (
            tuple(n if flat.count(n) == 1 else f"{n} {'AB'[t]}{i + 1}" for i, n in enumerate(raw[t]))
            for t in (0, 1)
        )
        self.names: tuple[tuple[str, ...], tuple[str, ...]] = (a, b)
        """Each team's member names, made unique."""

    @property
    def size(self) -> int:
        return self.rules.team_size

    def new_pairing(self) -> Match:
        """Start the next pairing's match. Raises :class:`~ginrummy.errors.GameFlowError` (a
        ``ValueError``) when all are dealt or the current one is not over."""
        i = len(self.pairings)
        if i >= self.size:
            raise GameFlowError("every pairing has been played")
        if self.pairings and not self.pairings[-1].is_over:
            raise GameFlowError(f"pairing {i} is not over yet")
        match = Match(self.rules, seed=derive_seed(self.seed, "pairing", i), names=self.pairing_names(i))
        self.pairings.append(match)
        return match

    def pairing_names(self, i: int) -> tuple[str, str]:
        return self.names[0][i], self.names[1][i]

    def play(self, on_hand: Callable[[Match, Game, AnyHandState], None] | None = None) -> TeamMatch:
        """Play every pairing left between the members, who must be players; returns ``self``.

        ``on_hand(pairing, game, state)`` is called after each hand is recorded. Raises
        :class:`~ginrummy.errors.ArgumentTypeError` for a member that is a name, not a player,
        or an ``on_hand`` that is not callable."""
        check_callable("on_hand", on_hand, "a function (pairing, game, state)")
        while not self.is_over:
            i = len(self.pairings) - 1
            if not self.pairings or self.pairings[-1].is_over:
                self.new_pairing()
                i += 1
            players: list[Agent] = []
            for p in (self.teams[0][i], self.teams[1][i]):
                if not isinstance(p, Agent):
                    raise ArgumentTypeError(
                        f"pairing {i + 1}: {p!r} is a name, not a player; play it yourself"
                    )
                players.append(p)
            match = self.pairings[i]
            hook: OnHand | None = None
            if on_hand is not None:

                def hook(game: Game, state: AnyHandState, match: Match = match) -> None:
                    on_hand(match, game, state)

            match.play(players, hook)
        return self

    @property
    def is_over(self) -> bool:
        return len(self.pairings) == self.size and all(m.is_over for m in self.pairings)

    @property
    def finished(self) -> list[Match]:
        return [m for m in self.pairings if m.is_over]

    @property
    def pairings_won(self) -> tuple[int, int]:
        w = [0, 0]
        for m in self.finished:
            if m.winner is not None:
                w[m.winner] += 1
        return w[0], w[1]

    @property
    def team_bonus(self) -> tuple[int, int]:
        """``rules.team_bonus`` to a team whose members all won their pairings (once all are over)."""
        if not self.is_over:
            return 0, 0
        won = self.pairings_won
        bonus = self.rules.team_bonus
        return (bonus if won[0] == self.size else 0, bonus if won[1] == self.size else 0)

    @property
    def member_totals(self) -> tuple[int, int]:
        """The finished pairings' totals summed per team, without the team bonus."""
        t = [m.totals for m in self.finished]
        return sum(x[0] for x in t), sum(x[1] for x in t)

    @property
    def totals(self) -> tuple[int, int]:
        """Team totals: the members' totals plus the team bonus."""
        m, b = self.member_totals, self.team_bonus
        return m[0] + b[0], m[1] + b[1]

    @property
    def winner(self) -> int | None:
        """The team (0 = A, 1 = B) with the higher total once every pairing is over."""
        if not self.is_over:
            return None
        t = self.totals
        return None if t[0] == t[1] else (0 if t[0] > t[1] else 1)

    def settlement(self) -> Settlement:
        """What the team with the lower total pays, at ``stake`` per point of difference."""
        return settle(self.totals, self.rules.stake)

    def sheet(self) -> str:
        """The team sheet: each pairing's players, totals and winner; the team bonus; the sums."""
        na, nb = self.team_names
        w = max([10, *(len(n) for team in self.names for n in team)]) + 1
        pw = max(7, len(na), len(nb)) + 1
        lines = [
            f"Team match: {na} ({', '.join(self.names[0])}) against {nb} ({', '.join(self.names[1])}), "
            f"each pairing {self.pairings[0].describe() if self.pairings else 'a match'}",
            f"  Pairing  {na:<{w}}{nb:<{w}}{na:>{pw}}{nb:>{pw}}  Winner",
        ]
        for i in range(self.size):
            a, b = self.pairing_names(i)
            m = self.pairings[i] if i < len(self.pairings) else None
            if m is None or not m.is_over:
                state = "being played" if m is not None else "to play"
                lines.append(f"  {i + 1:>7}  {a:<{w}}{b:<{w}}{'':>{pw}}{'':>{pw}}  ({state})")
                continue
            t = m.totals
            who = m.names[m.winner] if m.winner is not None else "drawn"
            lines.append(f"  {i + 1:>7}  {a:<{w}}{b:<{w}}{t[0]:>{pw}}{t[1]:>{pw}}  {who}")
        bonus = self.team_bonus
        if any(bonus):
            v = [str(x) if x else "" for x in bonus]
            lines.append(f"  {'Team bonus (every member won)':<{9 + 2 * w}}{v[0]:>{pw}}{v[1]:>{pw}}".rstrip())
        t = self.totals
        lines.append(f"  {'Team totals':<{9 + 2 * w}}{t[0]:>{pw}}{t[1]:>{pw}}")
        if self.is_over:
            winner = self.winner
            if winner is None:
                lines.append("The team match is drawn.")
            else:
                lines.append(
                    f"{self.team_names[winner]} wins the team match, {t[winner]} to {t[1 - winner]}."
                )
            if self.rules.stake:
                lines.append(self.settlement().text(self.team_names))
        return "\n".join(lines)
