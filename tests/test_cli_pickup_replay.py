"""Discard-pile pickup in the terminal: ``ginrummy play --rules pickup --save`` writes records,
and ``ginrummy replay`` prints pickup hands, games and matches step by step without showing a
card before it was dealt or drawn."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console
from rich.text import Text

from ginrummy.agents import make_agent
from ginrummy.cards import CardSet, cards_of, parse_card
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.results import agree
from ginrummy.play import play_hand
from ginrummy.records import GameRecord, HandRecord, MatchRecord
from ginrummy.rules import Rules
from ginrummy.variants import AnyAction
from ginrummy.variants.pickup import AddCard, LayMeld, PickupState, Take
from helpers.terminal import pickup_answer, run_session

PICKUP = Rules.preset("pickup")
CARD = re.compile(r"(?<![\w])([A2-9TJQK][cdhs])(?![\w])")


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def play_session(rules: Rules, seed: int, save: Path, opponent: str = "simple") -> tuple[PlaySession, str]:
    """A whole session whose human seat is played by the pickup simple agent, saved to ``save``."""
    session, out, _ = run_session(
        pickup_answer(seed + 1),
        seed=seed,
        opponent=opponent,
        rules=rules,
        save=save,
        glyphs=False,
        max_prompts=20000,
    )
    return session, out.getvalue()


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlaySession, str]:
    path = tmp_path_factory.mktemp("pickup") / "game.json"
    session, text = play_session(PICKUP, seed=6, save=path)
    assert session.game.is_over
    return path, session, text


def test_a_pickup_game_is_saved_with_save(saved_game: tuple[Path, PlaySession, str]) -> None:
    path, session, text = saved_game
    assert "--save is ignored" not in text and "not written" not in text
    record = GameRecord.load(path.read_text())
    assert record.rules.discard_pickup
    assert len(record.hands) == len(session.states) >= 2
    assert [h.actions for h in record.hands] == [s.log for s in session.states]
    game = record.replay()
    assert game.totals == session.game.totals and game.is_over


def _expected_step(action: AnyAction, player: int, names: tuple[str, str], drawn: int | None) -> str:
    """What the replay's line for ``action`` must say (cards in ASCII)."""
    who = names[player]

    def says(base: str, third: str) -> str:  # "You take", "Computer takes"
        return agree(who, base, third)

    if isinstance(action, Pass):
        return says("pass", "passes")
    if isinstance(action, DrawStock):
        return (
            f"{says('draw', 'draws')} {cards_of(1 << drawn)[0] if drawn is not None else '?'} from the stock"
        )
    if isinstance(action, Take):
        return f"{says('take', 'takes')} " + (
            "" if action.count == 1 else f"{action.count} cards from the pile: "
        )
    if isinstance(action, LayMeld):
        return f"{says('lay', 'lays')} meld "
    if isinstance(action, AddCard):
        return f"{says('add', 'adds')} {action.card} to meld {action.meld + 1}"
    assert isinstance(action, Discard)
    return f"{says('discard', 'discards')} {action.card}"


def _segments(out: str, count: int) -> list[str]:
    """The replay's text of each hand, from its ``Hand N:`` line to the next hand's."""
    starts = [out.index(f"\nHand {i}: ") for i in range(1, count + 1)] + [len(out)]
    return [out[a:b] for a, b in itertools.pairwise(starts)]


def _steps(segment: str) -> dict[int, str]:
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^ {1,3}(\d+)\. (.*)$", segment, re.M)}


def test_replay_of_a_pickup_game_shows_every_action_and_the_result(
    saved_game: tuple[Path, PlaySession, str],
) -> None:
    path, session, _ = saved_game
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    names = session.game.names
    record = GameRecord.load(path.read_text())
    assert f"{len(record.hands)} hands recorded" in out
    for rec, segment, hand_result in zip(
        record.hands, _segments(out, len(record.hands)), session.game.results, strict=True
    ):
        steps = _steps(segment)
        assert sorted(steps) == list(range(1, len(rec.actions) + 1))  # every action, in order
        state = PickupState(rec.rules, rec.dealer, rec.deck)
        for k, (player, action) in enumerate(rec.actions, start=1):
            state.push(action, player=player)
            drawn = state.view(player).drawn if isinstance(action, DrawStock) else None
            assert steps[k].startswith(_expected_step(action, player, names, drawn)), steps[k]
        assert hand_result.describe(names) in segment
        assert ("went gin." in segment) != ("Dead hand: no score" in segment)
    assert session.game.sheet(layout="hands") in out and "Game over." in out


def test_replay_never_shows_a_card_before_it_is_dealt_or_drawn(
    saved_game: tuple[Path, PlaySession, str],
) -> None:
    path, _, _ = saved_game
    out = run("replay", "--ascii", str(path)).output
    record = GameRecord.load(path.read_text())
    hidden_checked = 0
    for rec, segment in zip(record.hands, _segments(out, len(record.hands)), strict=True):
        state = PickupState(rec.rules, rec.dealer, rec.deck)
        dealt: CardSet = state.hand(0) | state.hand(1) | 1 << state.discard_pile[-1]
        drawn_at: dict[int, int] = {}
        for k, (player, action) in enumerate(rec.actions, start=1):
            state.push(action, player=player)
            card = state.view(player).drawn if isinstance(action, DrawStock) else None
            if card is not None:
                drawn_at[k] = card
        never_seen = state.stock  # still in the stock at the end: never shown
        hidden_checked += len(never_seen)
        allowed = dealt
        step = 0
        for line in segment.splitlines():
            m = re.match(r"^ {1,3}(\d+)\. ", line)
            if m:
                step = int(m.group(1))
                allowed |= 1 << drawn_at[step] if step in drawn_at else 0
            shown = {parse_card(t) for t in CARD.findall(line)}
            assert all(allowed >> c & 1 for c in shown), (step, line)
            assert not shown & set(never_seen), line
    assert hidden_checked > 0


def test_replay_of_a_pickup_hand_record(tmp_path: Path) -> None:
    state = PickupState.deal(PICKUP, dealer=1, rng=random.Random(42))
    play_hand(state, [make_agent("simple", 1), make_agent("random", 2)])
    assert state.is_over and state.result is not None
    path = tmp_path / "hand.json"
    path.write_text(HandRecord.from_state(state, seed=42, names=("Ann", "Bob")).dump())
    result = run("replay", "--ascii", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Hand 1: Bob deals (deck from seed 42)." in out
    assert f"   Upcard {state.deck[20]}" in out
    assert re.search(r"^      Ann: .*\(counts \d+\)$", out, re.M)
    assert re.search(r"^      Bob: .*\(counts \d+\)$", out, re.M)
    assert len(_steps(out)) == len(state.log)
    assert state.result.describe(("Ann", "Bob")) in out
    assert "Player 0" not in out


def test_an_unfinished_pickup_game_is_saved_on_quitting_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = run(
        "play",
        "--rules",
        "pickup",
        "--seed",
        "3",
        "--opponent",
        "strong",
        "--save",
        str(save),
        input="p\nd\n",
    )
    assert result.exit_code == 0, result.output
    assert "plays discard-pile pickup as" not in result.output  # strong plays pickup as itself
    assert "End of input" in result.output and f"Saved to {save}." in result.output
    record = GameRecord.load(save.read_text())
    assert len(record.hands) == 1 and record.hands[0].actions
    replayed = run("replay", "--ascii", str(save))
    assert replayed.exit_code == 0, replayed.output
    assert "(the hand was not finished)" in replayed.output


def test_a_pickup_match_is_saved_and_replayed_game_by_game(tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    session, _ = play_session(PICKUP.replace(target=50, match_games=3), seed=4, save=save)
    assert session.match.is_over and len(session.match.games) >= 2
    record = MatchRecord.load(save.read_text())
    assert record.replay().game_totals() == session.match.game_totals()
    out = run("replay", "--ascii", str(save))
    assert out.exit_code == 0, out.output
    assert "== Game 2 of the match ==" in out.output and session.match.sheet() in out.output
    one = run("replay", "--ascii", str(save), "--game", "2", "--hand", "1")
    assert one.exit_code == 0 and "Hand 1: " in one.output and "Hand 2: " not in one.output


def test_replay_refuses_a_tampered_pickup_record(
    saved_game: tuple[Path, PlaySession, str], tmp_path: Path
) -> None:
    path, _, _ = saved_game
    data = json.loads(path.read_text())
    data["hands"][0]["actions"].insert(1, [data["hands"][0]["actions"][0][0], "take 5"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("replay", str(bad))
    assert result.exit_code == 1 and "does not replay" in result.output
    assert "Traceback" not in result.output


def test_each_variant_has_its_table_screen() -> None:
    from ginrummy.cli.table import HandInfo, PickupScreen, StandardScreen, TableIO, screen_class
    from ginrummy.variants import deal_hand

    assert screen_class(PICKUP) is PickupScreen and screen_class(Rules()) is StandardScreen
    io_ = TableIO(Console(file=io.StringIO()), lambda prompt: "", glyphs=False)
    info = HandInfo(("A", "B"), "", lambda: Text(""))
    with pytest.raises(TypeError, match="StandardScreen shows HandState hands, not PickupState"):
        StandardScreen(io_, info, deal_hand(PICKUP, 0, 1))
    assert PickupScreen(io_, info, deal_hand(PICKUP, 0, 1)).state.rules is PICKUP
