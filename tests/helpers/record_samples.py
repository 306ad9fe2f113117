"""Records of games, matches and team matches played by agents under any preset, for the
records tests (round trip, corruption): the record, what was played, and every hand played."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.records import AnyRecord, GameRecord, MatchRecord, TeamRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.variants import AnyHandState
from helpers.agents import quick_agent


def shorter(rules: Rules, target: int) -> Rules:
    """``rules`` with games to at most ``target``, matches of at most 3 games (or to twice the
    target), teams of at most 2: the same kind of record, played quickly."""
    changes: dict[str, int] = {"target": min(rules.target, target)}
    if rules.match_games > 1:
        changes["match_games"] = 3
    if rules.match_target:
        changes["match_target"] = 2 * changes["target"]
    if rules.team_size > 1:
        changes["team_size"] = 2
    return rules.replace(**changes)


@dataclass
class Played:
    """A record, what was played (a game, match or team match) and every hand in playing order."""

    record: AnyRecord
    played: Game | Match | TeamMatch
    hands: list[AnyHandState]


def play_record(rules: Rules, levels: tuple[str, str], seed: int) -> Played:
    """Play ``rules`` between the ``levels`` (seat 0, seat 1; each member of a team) and record
    it: a team record under team rules, a match record under match rules, else a game record."""
    a, b = levels
    hands: list[AnyHandState] = []
    if rules.team_size > 1:
        size = rules.team_size
        teams = (
            [quick_agent(a, seed + i) for i in range(size)],
            [quick_agent(b, seed + 50 + i) for i in range(size)],
        )
        per_pairing: list[list[list[AnyHandState]]] = []
        team = TeamMatch(rules, teams, seed=seed)

        def keep_team(match: Match, game: Game, state: AnyHandState) -> None:
            i = team.pairings.index(match)
            per_pairing.extend([] for _ in range(i + 1 - len(per_pairing)))
            k = match.games.index(game)
            per_pairing[i].extend([] for _ in range(k + 1 - len(per_pairing[i])))
            per_pairing[i][k].append(state)
            hands.append(state)

        team.play(keep_team)
        return Played(TeamRecord.from_team(team, per_pairing), team, hands)
    agents = [quick_agent(a, seed), quick_agent(b, seed + 1)]
    if rules.match_games > 1 or rules.match_target:
        per_game: list[list[AnyHandState]] = []
        match = Match(rules, seed=seed, names=(a, b))

        def keep(game: Game, state: AnyHandState) -> None:
            k = match.games.index(game)
            per_game.extend([] for _ in range(k + 1 - len(per_game)))
            per_game[k].append(state)
            hands.append(state)

        match.play(agents, keep)
        return Played(MatchRecord.from_match(match, per_game), match, hands)
    game = Game(rules, seed=seed, names=(a, b)).play(agents, lambda g, s: hands.append(s))
    return Played(GameRecord.from_game(game, hands), game, hands)
