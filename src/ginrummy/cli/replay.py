"""``ginrummy replay``: print a saved record step by step.

Records are :class:`ginrummy.records.HandRecord`, ``GameRecord``, ``MatchRecord`` and
``TeamRecord`` JSON files (as written by ``ginrummy play --save``) of any variant: the
standard game and discard-pile pickup (002). A replay shows everything the players held:
both hands at the deal, every action with the card drawn, each player's hand after their
discard, the hand laid down at the end (the cards never drawn from the stock stay hidden),
for a game the score sheet, for a match each game and the match sheet, for a team match
each pairing and the team sheet. Each hand is worded by its variant's table screen
(:mod:`ginrummy.cli.table`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from ginrummy.cli import render
from ginrummy.cli.table import screen_class
from ginrummy.errors import RecordError
from ginrummy.hand.actions import Discard, DrawStock
from ginrummy.hand.results import agree
from ginrummy.records import AnyRecord, GameRecord, HandRecord, MatchRecord, TeamRecord, load_any
from ginrummy.records.replay import replay_steps
from ginrummy.scoring.sheet import SheetLayout
from ginrummy.variants import deal_from

__all__ = ["hand_lines", "load_record", "record_lines"]


def load_record(path: Path) -> AnyRecord:
    """Read a hand, game, match or team record file. Raises :class:`RecordError` (with the
    reason) for a file that is not JSON or not a record."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from None
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt not in ("ginrummy-game", "ginrummy-hand", "ginrummy-match", "ginrummy-team-match"):
        raise RecordError(
            f"{path} is not a ginrummy record (format {fmt!r}; expected ginrummy-game, "
            "ginrummy-hand, ginrummy-match or ginrummy-team-match)"
        )
    return load_any(text)


def hand_lines(rec: HandRecord, names: Sequence[str], glyphs: bool, number: int = 1) -> list[Text]:
    """Hand ``number`` of a record (any variant), step by step, worded by its table screen
    (:func:`ginrummy.cli.table.screen_class`): both hands at the deal, every action with the card
    drawn from the stock, the hand of the player who discarded after each discard, and the end.
    Cards never drawn from the stock are never shown. Raises :class:`RecordError` if it does not
    replay."""
    final = rec.replay()  # checks the deck against the seed and every action; names the bad one
    screen = screen_class(rec.rules)
    who = (names[0], names[1])
    state = deal_from(rec.rules, rec.dealer, rec.deck, rec.knock_card)
    seed = f" (deck from seed {rec.seed})" if rec.seed is not None else ""
    lines = [Text(f"Hand {number}: {agree(names[rec.dealer], 'deal', 'deals')}{seed}.", style="bold")]
    if state.upcard is not None:
        lines.append(Text("   Upcard ") + render.card_text(state.upcard, glyphs, "bold"))

    def hand_line(player: int) -> Text:
        return Text(f"      {names[player]}: ") + screen.hand_line(state.hand(player), glyphs, rec.rules)

    lines.extend(hand_line(p) for p in (1 - rec.dealer, rec.dealer))
    for i, player, action in replay_steps(state, rec.actions):
        drawn = state.view(player).drawn if isinstance(action, DrawStock) else None
        event = state.events()[-1]
        text = screen.event_text(event, who, glyphs, drawn=drawn, result=final.result)
        lines.append(Text(f"{i + 1:>4}. ") + text + screen.replay_note(action, glyphs))
        if isinstance(action, Discard):
            lines.append(hand_line(player))
    if final.result is None:
        lines.append(Text("   (the hand was not finished)", style="italic"))
    else:
        lines.extend(screen.result_lines(final.result, who, glyphs, rec.rules))
    return lines


def record_lines(
    record: AnyRecord,
    glyphs: bool,
    hand: int | None = None,
    game: int | None = None,
    sheet: SheetLayout = "hands",
) -> list[Text]:
    """Every hand of a record (or only hand ``hand``, from 1), then a game's score sheet;
    for a match record every game (or only game ``game``) then the match sheet; for a
    team record every pairing then the team sheet. ``sheet`` lays out each game's sheet
    (:meth:`ginrummy.scoring.game.Game.sheet`).

    Raises :class:`RecordError` if the record does not replay or ``hand`` or ``game`` is
    out of range or does not apply.
    """
    if isinstance(record, TeamRecord):
        if hand is not None or game is not None:
            raise RecordError("this is a team record: --hand and --game do not apply")
        return _team_lines(record, glyphs, sheet)
    if isinstance(record, MatchRecord):
        return _match_lines(record, glyphs, hand, game, sheet)
    if game not in (None, 1):
        raise RecordError(f"this is not a match record: there is no game {game}")
    if isinstance(record, HandRecord):
        if hand not in (None, 1):
            raise RecordError(f"this is a hand record: there is no hand {hand}")
        return hand_lines(record, record.names or ("Player 0", "Player 1"), glyphs)
    return _game_lines(record, glyphs, hand, sheet=sheet)


def _game_lines(
    record: GameRecord,
    glyphs: bool,
    hand: int | None,
    title: str | None = None,
    sheet: SheetLayout = "hands",
) -> list[Text]:
    game = record.replay()
    count = len(record.hands)
    if hand is not None and not 1 <= hand <= count:
        raise RecordError(f"no hand {hand}: the game record has {count} hand{'s' if count != 1 else ''}")
    lines = [
        Text(
            f"Game between {record.names[0]} and {record.names[1]}, seed {record.seed}, "
            f"{count} hand{'s' if count != 1 else ''} recorded.",
            style="bold",
        )
    ]
    for i, rec in enumerate(record.hands):
        if hand is None or hand == i + 1:
            lines.append(Text(""))
            lines.extend(hand_lines(rec, record.names, glyphs, i + 1))
    if hand is None:
        lines.append(Text(""))
        lines.append(render.sheet_text(game, title, sheet))
        lost = record.forfeit
        if lost is not None:
            loser, winner = record.names[lost.player], record.names[1 - lost.player]
            lines.append(
                Text(
                    f"{loser} forfeited the game ({lost.kind}: {lost.message}); {winner} wins by forfeit.",
                    style="bold",
                )
            )
        elif game.is_over:
            lines.extend(render.summary_lines(game))
    return lines


def _match_lines(
    record: MatchRecord, glyphs: bool, hand: int | None, game: int | None, sheet: SheetLayout = "hands"
) -> list[Text]:
    match = record.replay()
    count = len(record.games)
    if game is not None and not 1 <= game <= count:
        raise RecordError(f"no game {game}: the match record has {count} game{'s' if count != 1 else ''}")
    if hand is not None and game is None and count != 1:
        raise RecordError("this is a match record: say which game with --game")
    lines = [
        Text(
            f"Match between {record.names[0]} and {record.names[1]}: {match.describe()}; seed "
            f"{record.seed}, {count} game{'s' if count != 1 else ''} recorded.",
            style="bold",
        )
    ]
    for k, rec in enumerate(record.games):
        if game is None or game == k + 1:
            title = f"Hollywood set {k + 1}" if match.games[k].hollywood else f"Game {k + 1}"
            lines.append(Text(""))
            lines.append(Text(f"== {title} of the match ==", style="bold"))
            lines.extend(_game_lines(rec, glyphs, hand, title, sheet))
    if game is None:
        lines.append(Text(""))
        lines.extend(render.match_lines(match))
    return lines


def _team_lines(record: TeamRecord, glyphs: bool, sheet: SheetLayout = "hands") -> list[Text]:
    team = record.replay()
    lines = [
        Text(
            f"Team match: {record.team_names[0]} against {record.team_names[1]}, seed {record.seed}, "
            f"{len(record.pairings)} of {team.size} pairings recorded.",
            style="bold",
        )
    ]
    for i, rec in enumerate(record.pairings):
        lines.append(Text(""))
        lines.append(Text(f"== Pairing {i + 1}: {rec.names[0]} against {rec.names[1]} ==", style="bold"))
        lines.extend(_match_lines(rec, glyphs, None, None, sheet))
    lines.append(Text(""))
    lines.extend(render.team_lines(team))
    return lines
