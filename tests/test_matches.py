"""Matches of games (best of N, to a total with SLAMs), settlement and team play.

The golden matches are worked out by hand from the rule texts: 002's tournament ("best of
five with 250 points per game") and multi-game match ("game scores accumulate until a
predetermined winning score is reached, perhaps 500"), 004's SLAM ("A SLAM is achieving 500
total points in successive games"; the difference of each game's totals "accrued to the
winner's SLAM points"; SLAMs won/lost tallied), 000's settlement ("the player with the lower
score pays the player with the higher score an amount proportional to the difference") and
002's Hollywood team play ("Three-person teams play to 300, 25 points extra if all three
teammates win. 50 points for four-person team").
"""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import make_agent
from ginrummy.errors import RecordError, RulesError
from ginrummy.hand.results import HandResult, Outcome, hand_points
from ginrummy.records import MatchRecord, TeamRecord, load_any
from ginrummy.rules import PRESETS, Rules, Shutout
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch, settle, slam_tally
from ginrummy.seeds import game_seed
from ginrummy.variants import hand_type
from ginrummy.variants.standard.state import HandState
from helpers.sheets import check_hollywood_sheet_adds_up

Hand = tuple[int, int, int] | tuple[int, int, int, str]
"""(knocker, knocker's count, defender's count[, 'gin' or 'big'])."""


def result(rules: Rules, knocker: int, kc: int, dc: int, kind: str = "knock") -> HandResult:
    outcome, points = hand_points(
        rules, knocker_count=kc, defender_count=dc, gin=kind == "gin", big_gin=kind == "big"
    )
    winner = 1 - knocker if outcome is Outcome.UNDERCUT else knocker
    return HandResult(outcome, winner, points, knocker=knocker, knocker_count=kc, defender_count=dc)


def play_games(match: Match, games: list[list[Hand]]) -> None:
    for hands in games:
        game = match.new_game()
        for h in hands:
            assert not game.is_over
            game.enter(result(match.rules, *h))
        assert game.is_over


# -- best of five (002 tournament: games to 250) -------------------------------------------------

# Ed = 0, Jim = 1; the tournament preset: gin 25, undercut 25, big gin 31, game bonus 100, box 25,
# the standard shutout (a shut-out winner's game bonus doubled: 200).
TOURNAMENT: list[list[Hand]] = [
    # Ed 100 (gin, 75), Jim 20, Ed 105, Ed 75 -> Ed 280; 280 + 100 + 3 x 25 = 455, Jim 20 + 25 = 45
    [(0, 0, 75, "gin"), (1, 2, 22), (0, 0, 80, "gin"), (0, 0, 50, "gin")],
    # Jim 115, 110, 65 -> 290, Ed nothing: shutout, 290 + 200 + 75 = 565
    [(1, 0, 90, "gin"), (1, 0, 85, "gin"), (1, 0, 40, "gin")],
    # Ed 100, undercut Jim 3 + 25 = 28, Ed 105, Ed 60 -> Ed 265 + 100 + 75 = 440, Jim 28 + 25 = 53
    [(0, 0, 75, "gin"), (0, 8, 5), (0, 0, 80, "gin"), (0, 0, 35, "gin")],
    # Ed gin 123, big gin 96 + 31 = 127 -> 250, shutout: 250 + 200 + 50 = 500. Ed's 3rd game won.
    [(0, 0, 98, "gin"), (0, 0, 96, "big")],
]

TOURNAMENT_SHEET = """\
Match: best of 5 games, each to 250 (3 wins needed)
        final scores               totals
  Game      Ed    Jim  Winner       Ed    Jim
     1     455     45  Ed          455     45
     2       0    565  Jim         455    610
     3     440     53  Ed          895    663
     4     500      0  Ed         1395    663
Games won: Ed 3, Jim 1.
Ed wins the match, 3 games to 1."""


def test_best_of_five_by_hand() -> None:
    match = Match(Rules.preset("tournament"), seed=7, names=("Ed", "Jim"))
    assert (match.kind, match.wins_needed) == ("best-of", 3)
    play_games(match, TOURNAMENT)
    assert match.game_totals() == [(455, 45), (0, 565), (440, 53), (500, 0)]
    assert match.games_won == (3, 1)
    assert match.is_over and match.winner == 0
    assert match.totals == (1395, 663)
    assert match.sheet() == TOURNAMENT_SHEET
    with pytest.raises(ValueError, match="match is over"):
        match.new_game()


def test_best_of_five_needs_a_majority_and_a_game_at_a_time() -> None:
    match = Match(Rules.preset("tournament"), seed=7, names=("Ed", "Jim"))
    play_games(match, TOURNAMENT[:3])
    assert not match.is_over and match.winner is None
    assert "Ed wins" not in match.sheet()
    game = match.new_game()
    game.enter(result(match.rules, 0, 0, 98, "gin"))
    with pytest.raises(ValueError, match="not over"):
        match.new_game()
    assert "(being played)" in match.sheet()


def test_games_are_dealt_from_seeds_derived_from_the_match_seed() -> None:
    match = Match(Rules.preset("tournament"), seed=7)
    play_games(match, TOURNAMENT[:2])
    assert [g.seed for g in match.games] == [7, game_seed(7, 1)]
    assert game_seed(7, 1) == game_seed(7, 1) != game_seed(7, 2) != game_seed(8, 1)
    lone = Game(match.rules, seed=7)
    assert lone.first_dealer == match.games[0].first_dealer


# -- a match to 500 with SLAMs (004) ---------------------------------------------------------------

# The slam preset: gin 25, big gin 25, undercut 25, game bonus 100, box 25, no shutout rule, games
# to 100 accumulating to 500, 1 unit a point.
SLAM_GAMES: list[list[Hand]] = [
    # Ed 55, Jim 16, Ed 75 -> Ed 130 + 100 + 50 = 280, Jim 16 + 25 = 41: Ed +239 SLAM points
    [(0, 0, 30, "gin"), (1, 4, 20), (0, 0, 50, "gin")],
    # Jim 85, Jim 29 -> 114 + 100 + 50 = 264 (no shutout rule), Ed 0: Jim +264
    [(1, 0, 60, "gin"), (1, 1, 30)],
    # Ed big gin 40 + 25 = 65, Ed 38 -> 103 + 100 + 50 = 253: Ed +253. Ed's total 533 >= 500: a SLAM
    [(0, 0, 40, "big"), (0, 2, 40)],
]

SLAM_SHEET = """\
Match: games to 100, final scores accumulating to 500 (a SLAM)
        final scores               totals
  Game      Ed    Jim  Winner       Ed    Jim   SLAM      Ed    Jim
     1     280     41  Ed          280     41            239      0
     2       0    264  Jim         280    305            239    264
     3     253      0  Ed          533    305            492    264
Games won: Ed 2, Jim 1.
SLAM points: Ed 492, Jim 264.
Ed reaches 500 and wins the match (a SLAM), 533 to 305.
SLAMs won/lost: Ed 1/0, Jim 0/1.
Settlement: Jim pays Ed 228 (228 points at 1 a point)."""


def test_match_to_500_with_slam_points_by_hand() -> None:
    rules = Rules.preset("slam")
    assert (rules.match_target, rules.target, rules.stake) == (500, 100, 1)
    match = Match(rules, seed=11, names=("Ed", "Jim"))
    play_games(match, SLAM_GAMES[:2])
    assert not match.is_over and match.totals == (280, 305) and match.slam_points == (239, 264)
    assert match.slams == (0, 0)
    play_games(match, SLAM_GAMES[2:])
    assert match.is_over and match.winner == 0
    assert match.totals == (533, 305)
    assert match.slam_points == (492, 264)
    assert match.slams == (1, 0)
    # the net SLAM points are the difference of the totals: what settles the debt
    assert match.settlement().amount == 492 - 264 == 533 - 305 == 228
    assert match.sheet() == SLAM_SHEET


def test_slam_tally_over_successive_matches() -> None:
    rules = Rules.preset("slam")
    first = Match(rules, seed=11, names=("Ed", "Jim"))
    play_games(first, SLAM_GAMES)
    second = Match(rules, seed=12, names=("Ed", "Jim"))
    # Jim: 85 + 29 = 114 -> 264 three times: 792 >= 500 after the second game already (528)
    play_games(second, [SLAM_GAMES[1], SLAM_GAMES[1]])
    assert second.is_over and second.winner == 1 and second.totals == (0, 528)
    assert slam_tally([first, second]) == (1, 1)
    assert slam_tally([first, first]) == (2, 0)


def test_match_500_preset_is_002_multi_game() -> None:
    rules = Rules.preset("match-500")
    assert (rules.match_target, rules.target, rules.match_games) == (500, 100, 1)
    match = Match(rules, seed=1)
    assert match.kind == "to-target"


# -- settlement (000, 004) ---------------------------------------------------------------------------

GAME_1: list[Hand] = [(0, 0, 26, "gin"), (0, 3, 10), (1, 2, 19), (1, 0, 16, "gin"), (1, 6, 3), (0, 2, 41)]


def test_settlement_of_the_sources_game_1() -> None:
    # 000 part 2's "Game 1": Ed 325, Jim 108; the loser pays per point of the difference (217).
    match = Match(Rules.preset("pagat-scoring").replace(stake=5), seed=3, names=("Ed", "Jim"))
    play_games(match, [GAME_1])
    assert match.kind == "single" and match.is_over and match.winner == 0
    s = match.settlement()
    assert (s.payer, s.points, s.stake, s.amount) == (1, 217, 5, 1085)
    assert s.text(match.names) == "Settlement: Jim pays Ed 1085 (217 points at 5 a point)."
    assert "Settlement: Jim pays Ed 1085" in match.sheet()


def test_settle() -> None:
    assert settle((325, 108), 1).amount == 217
    assert settle((100, 300), 3) == (0, 200, 3)
    assert settle((50, 50), 2).payer is None and settle((50, 50), 2).amount == 0
    assert "nothing is paid" in settle((50, 50), 2).text(("A", "B"))
    assert Rules.preset("pagat").stake == 1  # 000: proportional to the difference


# -- team play (002 Hollywood teams) ----------------------------------------------------------------

# hollywood-teams with a small target (50) so that each Hollywood set is a few hands; the sums
# and the all-win bonus are what is tested.
PAIRINGS: list[list[Hand]] = [
    # Ann v Dee: three gins of 55; Ann's 1st win closes game 1, the 2nd game 2, the 3rd game 3;
    # each game a shutout (game bonus doubled): 55 + 200 + 25 = 280; Ann 840, Dee 0.
    [(0, 0, 30, "gin")] * 3,
    # Bob v Eve: Eve 20 (game 1); Bob 60 (game 1, over: 60 + 100 + 25 = 185, Eve 20 + 25 = 45);
    # Bob 30 (game 2); Bob 50 (games 2, 3): game 2 80 shut out -> 80 + 200 + 50 = 330; game 3
    # 50 shut out -> 50 + 200 + 25 = 275. Bob 790, Eve 45.
    [(1, 2, 22), (0, 0, 35, "gin"), (0, 1, 31), (0, 0, 25, "gin")],
    # Cy v Flo: Cy 52 (game 1, over); Flo 45 (1st win: game 1 is over, nowhere); Flo 30 (game 2);
    # Cy 20 (game 2); Cy 65 (games 2, 3). Game 1: 52 + 200 + 25 = 277; game 2: Cy 85 + 100
    # + 50 = 235, Flo 30 + 25 = 55; game 3: 65 + 200 + 25 = 290. Cy 802, Flo 55.
    [(0, 0, 27, "gin"), (1, 0, 20, "gin"), (1, 3, 33), (0, 5, 25), (0, 0, 40, "gin")],
]


def team_match(pairings: list[list[Hand]], rules: Rules | None = None) -> TeamMatch:
    rules = rules or Rules.preset("hollywood-teams").replace(target=50)
    team = TeamMatch(rules, (("Ann", "Bob", "Cy"), ("Dee", "Eve", "Flo")), seed=3)
    for hands in pairings:
        play_games(team.new_pairing(), [hands])
    return team


def test_team_sums_with_the_all_win_bonus_by_hand() -> None:
    team = team_match(PAIRINGS)
    assert [m.totals for m in team.pairings] == [(840, 0), (790, 45), (802, 55)]
    assert team.pairings_won == (3, 0)
    assert team.team_bonus == (25, 0)
    assert team.member_totals == (2432, 100)
    assert team.totals == (2457, 100) and team.winner == 0
    sheet = team.sheet()
    assert sheet.splitlines()[-3:] == [
        "  Team bonus (every member won)        25",
        "  Team totals                        2457     100",
        "Team A wins the team match, 2457 to 100.",
    ]
    assert team.settlement() == (1, 2357, 0)


def test_no_team_bonus_unless_every_member_wins() -> None:
    # pairing 3 with the seats' results swapped: Flo wins it (802 to 55)
    flipped: list[Hand] = [(1 - h[0], *h[1:]) for h in PAIRINGS[2]]
    team = team_match([*PAIRINGS[:2], flipped])
    assert team.pairings[2].totals == (55, 802)
    assert team.pairings_won == (2, 1)
    assert team.team_bonus == (0, 0)
    assert team.totals == (840 + 790 + 55, 0 + 45 + 802)


def test_four_member_teams_get_50() -> None:
    rules = Rules.preset("wikipedia").replace(team_size=4, team_bonus=50, target=50)
    team = TeamMatch(rules, (("A1", "A2", "A3", "A4"), ("B1", "B2", "B3", "B4")), seed=1)
    for _ in range(4):
        play_games(team.new_pairing(), [[(1, 0, 30, "gin")]])  # B wins 55: 55 + 200 + 25 = 280
    assert team.totals == (0, 4 * 280 + 50)
    with pytest.raises(ValueError, match="every pairing"):
        team.new_pairing()


def test_team_members_are_checked_and_named_apart() -> None:
    rules = Rules.preset("hollywood-teams")
    with pytest.raises(ValueError, match="the rules say 3"):
        TeamMatch(rules, (("A", "B"), ("C", "D", "E")))
    agents = [make_agent("simple", i) for i in range(6)]
    team = TeamMatch(rules, (agents[:3], agents[3:]))
    assert team.names == (("simple A1", "simple A2", "simple A3"), ("simple B1", "simple B2", "simple B3"))
    by_name = TeamMatch(rules, (("Ann", "Bob", "Cy"), ("Dee", "Eve", "Flo")))
    by_name.new_pairing()
    with pytest.raises(TypeError, match="is a name, not a player"):
        by_name.play()


def test_team_match_played_by_agents() -> None:
    rules = Rules.preset("hollywood-teams").replace(target=30)
    teams = (
        [make_agent("simple", 1), make_agent("random", 2)],
        [make_agent("random", 3), make_agent("simple", 4)],
    )
    rules = rules.replace(team_size=2)
    hands: list[int] = []
    team = TeamMatch(rules, teams, seed=5).play(on_hand=lambda m, g, s: hands.append(len(g.results)))
    assert team.is_over and len(team.pairings) == 2
    assert sum(len(g.results) for m in team.pairings for g in m.games) == len(hands)
    assert team.totals == (
        sum(m.totals[0] for m in team.pairings) + team.team_bonus[0],
        sum(m.totals[1] for m in team.pairings) + team.team_bonus[1],
    )
    teams2 = (
        [make_agent("simple", 1), make_agent("random", 2)],
        [make_agent("random", 3), make_agent("simple", 4)],
    )
    again = TeamMatch(rules, teams2, seed=5).play()
    assert again.is_over and again.totals == team.totals


# -- records --------------------------------------------------------------------------------------


def _match_with_states(rules: Rules, seed: int) -> tuple[Match, list[list[HandState]]]:
    states: list[list[HandState]] = []
    match = Match(rules, seed=seed, names=("Ann", "Bob"))

    def keep(game: Game, state: HandState) -> None:
        if len(states) < len(match.games):
            states.append([])
        states[-1].append(state)

    match.play([make_agent("simple", seed), make_agent("random", seed + 1)], on_hand=keep)
    assert match.is_over
    return match, states


def test_match_record_round_trip_and_tampering() -> None:
    rules = Rules.preset("tournament").replace(target=30, match_games=3)
    match, states = _match_with_states(rules, 4)
    rec = MatchRecord.from_match(match, states)
    again = MatchRecord.load(rec.dump()).replay()
    assert again.game_totals() == match.game_totals() and again.winner == match.winner
    assert isinstance(load_any(rec.dump()), MatchRecord)
    data = rec.to_json()
    data["games"][1]["seed"] += 1
    with pytest.raises(RecordError, match="game 2"):
        MatchRecord.from_json(data).replay()
    data = rec.to_json()
    data["games"].append(data["games"][0])
    with pytest.raises(RecordError, match="cannot follow"):
        MatchRecord.from_json(data).replay()
    with pytest.raises(RecordError):
        MatchRecord.load("[]")


def test_team_record_round_trip() -> None:
    rules = Rules.preset("hollywood-teams").replace(target=30, team_size=2)
    teams = (
        [make_agent("simple", 1), make_agent("random", 2)],
        [make_agent("random", 3), make_agent("simple", 4)],
    )
    states: list[list[list[HandState]]] = []
    seen: list[Match] = []

    def keep(m: Match, g: Game, s: HandState) -> None:
        if not seen or seen[-1] is not m:
            seen.append(m)
            states.append([])
        if len(states[-1]) < len(m.games):
            states[-1].append([])
        states[-1][-1].append(s)

    team = TeamMatch(rules, teams, seed=9).play(on_hand=keep)
    assert team.is_over
    rec = TeamRecord.from_team(team, states)
    loaded = load_any(rec.dump())
    assert isinstance(loaded, TeamRecord)
    again = loaded.replay()
    assert again.totals == team.totals and again.names == team.names


# -- every preset, played by agents ---------------------------------------------------------------


def small(rules: Rules) -> Rules:
    """The rules with small targets, so that a whole match is quick."""
    target = min(rules.target, 30)
    return rules.replace(target=target, match_target=3 * target if rules.match_target else 0)


def playable(rules: Rules) -> bool:
    try:
        hand_type(rules).deal(rules, 0, random.Random(0))
    except RulesError:
        return False
    return True


def check_standard_sheet_adds_up(game: Game) -> None:
    """The columns of the one-game sheet add up to its totals, and the totals, GB, BB (and LB)
    to the final scores."""
    lines = game.sheet().splitlines()
    width = max(5, *(len(n) for n in game.names)) + 1

    def cells(line: str) -> tuple[int, int]:
        a, b = line[4 : 4 + width].strip(), line[4 + width : 4 + 2 * width].strip()
        return int(a or 0), int(b or 0)

    end = next(i for i, line in enumerate(lines) if line.startswith("Game ends"))
    entries = [cells(line) for line in lines[2:end]]
    hand = cells(lines[end + 1])
    col = game.columns[0]
    assert (sum(e[0] for e in entries), sum(e[1] for e in entries)) == col.totals
    s = game.summary()
    rules = game.rules
    rows = {
        line[:4].strip(): cells(line)
        for line in lines[end + 2 : end + 6]
        if line[:4].strip() in ("GB", "BB", "LB")
    }
    final = cells(lines[end + 2 + len(rows)])
    assert final == s.totals
    for p in (0, 1):
        doubled = s.shutout and col.leader == p
        assert hand[p] == col.totals[p] * (2 if doubled and rules.shutout is Shutout.DOUBLE_HANDS else 1)
        base = hand[p] + rows["GB"][p] + rows["BB"][p]
        if doubled and rules.shutout is Shutout.DOUBLE_SCORE:
            base *= 2
        assert final[p] == base + rows.get("LB", (0, 0))[p]


def check_match(match: Match) -> None:
    assert match.is_over
    for game in match.games:
        assert game.is_over
        assert all(r.points >= 0 for r in game.results)
        for col in game.columns:
            assert min(col.totals) >= 0
            s = col.summary()
            assert min(s.totals + s.hand_points + s.game_bonus + s.box_bonus + s.margin_bonus) >= 0
        if not game.hollywood:
            check_standard_sheet_adds_up(game)
        else:
            check_hollywood_sheet_adds_up(game)
    finals = match.game_totals()
    assert match.totals == (sum(t[0] for t in finals), sum(t[1] for t in finals))
    # the match sheet's running totals are the finals added up
    w = max(6, *(len(n) for n in match.names)) + 1
    rows = [line for line in match.sheet().splitlines() if line[:6].strip().isdigit()]
    acc = [0, 0]
    for row, t in zip(rows, finals, strict=True):
        acc = [acc[0] + t[0], acc[1] + t[1]]
        assert [int(row[7 : 7 + w]), int(row[7 + w : 7 + 2 * w])] == list(t)
        assert [int(row[10 + 3 * w : 10 + 4 * w]), int(row[10 + 4 * w : 10 + 5 * w])] == acc
    if match.kind == "best-of":
        assert max(match.games_won) == match.wins_needed
    if match.kind == "to-target":
        assert max(match.totals) >= match.rules.match_target
        assert match.slam_points[0] - match.slam_points[1] == match.totals[0] - match.totals[1]
    settlement = match.settlement()
    assert settlement.amount == abs(match.totals[0] - match.totals[1]) * match.rules.stake


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", [0, 1])
def test_every_preset_plays_to_the_end_between_agents(name: str, seed: int) -> None:
    rules = small(PRESETS[name].rules)
    if not playable(rules):
        pytest.skip(f"{name}: HandState does not deal these rules (another variant's state machine)")
    agents = [make_agent("random", seed), make_agent("simple", seed + 10)]
    if seed % 2:
        agents.reverse()
    if rules.team_size > 1:
        size = rules.team_size
        members = (
            [make_agent("simple", 20 + i) for i in range(size)],
            [make_agent("random", 30 + i) for i in range(size)],
        )
        team = TeamMatch(rules, members, seed=seed).play()
        assert team.is_over
        for m in team.pairings:
            check_match(m)
        bonus = team.team_bonus
        assert team.totals == (
            sum(m.totals[0] for m in team.pairings) + bonus[0],
            sum(m.totals[1] for m in team.pairings) + bonus[1],
        )
        return
    match = Match(rules, seed=seed, names=("A", "B")).play(agents)
    check_match(match)
