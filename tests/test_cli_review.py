"""``ginrummy review``: a finished record reviewed (text and ``--json``), a hand still going refused
in one line, and a file and ``--stored`` not both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ginrummy.agents import make_agent
from ginrummy.cli.main import main
from ginrummy.hand.actions import Pass
from ginrummy.play import play_hand
from ginrummy.records import HandRecord
from ginrummy.review import ENGINE_VERSION
from ginrummy.rules import Rules
from ginrummy.storage import Store
from ginrummy.storage.store import owner_of
from ginrummy.variants.standard.state import HandState
from helpers.terminal import bot_answer, run_session


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def finished_hand(tmp_path: Path) -> Path:
    state = HandState.deal(Rules(), dealer=0, rng=8)
    play_hand(state, [make_agent("beginner", 1), make_agent("expert", 2)])
    path = tmp_path / "hand.json"
    path.write_text(HandRecord.from_state(state, seed=8, names=("Ann", "expert")).dump(), encoding="utf-8")
    return path


def test_review_of_a_finished_hand_as_json_and_text(tmp_path: Path) -> None:
    path = finished_hand(tmp_path)
    result = run("review", str(path), "--quick", "--json", "--seat", "0")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "ginrummy-review" and data["name"] == "Ann" and data["samples"] == 12
    assert data["figures"]["decisions"] == len(data["hands"][0]["decisions"])
    text = run("review", str(path), "--quick", "--seat", "1")
    assert text.exit_code == 0, text.output
    assert "Review of expert (seat 1)" in text.stdout and "accuracy" in text.stdout
    assert "Hindsight (all cards known; not part of the rating)" in text.stdout


def test_a_hand_still_going_is_refused_in_one_line(tmp_path: Path) -> None:
    state = HandState.deal(Rules(), dealer=0, rng=8)
    state.push(Pass())
    path = tmp_path / "going.json"
    path.write_text(HandRecord.from_state(state, seed=8).dump(), encoding="utf-8")
    result = run("review", str(path), "--seat", "1")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("ginrummy review: error: ") and "still going" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_file_or_a_stored_game(tmp_path: Path) -> None:
    result = run("review")
    assert result.exit_code == 2 and "FILE or --stored" in result.stderr


def test_a_stored_game_still_going_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    runner = CliRunner()
    played = runner.invoke(
        main,
        ["play", "--seed", "3", "--db", str(db), "--practice"],
        input="p\nd\nq\ny\n",
        catch_exceptions=False,
    )
    assert played.exit_code == 0
    store = Store(db)
    rows = store.list_games(owner_of(store.local_token()))
    store.close()
    for seat in ("0", "1"):
        result = run("review", "--stored", rows[0].id, "--db", str(db), "--seat", seat)
        assert result.exit_code == 1 and "still going" in result.stderr, result.output


def test_a_stored_game_is_reviewed_once_kept_and_counted_in_stats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    run_session(bot_answer(5), seed=6, store=Store(db))
    store = Store(db)
    row = store.list_games(owner_of(store.local_token()))[0]
    store.close()
    assert row.status == "over"
    first = run("review", "--stored", row.id, "--db", str(db), "--samples", "2", "--json")
    assert first.exit_code == 0, first.output
    store = Store(db)
    kept = store.load_review((row.id, 0, 0, 2, 0), ENGINE_VERSION)
    store.close()
    assert kept is not None and json.loads(kept) == json.loads(first.stdout)

    def no_second_review(*args: object, **kwargs: object) -> None:
        raise AssertionError("the kept review was made again")

    monkeypatch.setattr("ginrummy.cli.review.review_record", no_second_review)
    again = run("review", "--stored", row.id, "--db", str(db), "--samples", "2", "--json")
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout  # read from the store, not made again
    counted = run("stats", "--db", str(db))
    assert "Review accuracy, rated:" in counted.stdout and "over 1 reviewed games" in counted.stdout
