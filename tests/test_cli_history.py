"""Games played in the terminal are stored in the SQLite store shared with the browser, action by
action, so they replay exactly; ``ginrummy history``, ``stats`` and ``replay --stored`` read them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.hand.phase import Phase
from ginrummy.session import GameSession
from ginrummy.storage import Store, stats_json
from ginrummy.storage.store import ActionRow, GameRow, owner_of
from ginrummy.variants.standard.view import PlayerView
from helpers.terminal import bot_answer, run_session


def _stored(path: Path) -> tuple[Store, GameRow, list[ActionRow]]:
    store = Store(path)
    rows = store.list_games(owner_of(store.local_token()))
    assert len(rows) == 1
    loaded = store.load_game(rows[0].id)
    assert loaded is not None
    return store, loaded[0], list(loaded[1])


def _same_as_stored(session: PlaySession, path: Path) -> GameRow:
    store, row, actions = _stored(path)
    core = GameSession(row, actions)
    game, states = core.game, core.states
    assert [s.log for s in states] == [s.log for s in session.states]
    assert game.totals == session.game.totals
    assert [r.points for r in game.results] == [r.points for r in session.game.results]
    hands = store.hand_rows(row.owner)
    assert [h.hand for _, _, h in hands] == list(range(len(session.game.results)))
    store.close()
    return row


def test_a_game_is_stored_as_played_and_replays_exactly(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    checked: list[int] = []

    inner = bot_answer(5)

    def answer(session: PlaySession, prompt: str) -> str:
        # At every prompt of the human's turn the stored game already holds every action so far.
        state = session.state
        if state is not None and session.view is not None and session.view.my_turn and len(checked) < 30:
            store = Store(db)
            row = store.list_games(owner_of(store.local_token()))[0]
            loaded = store.load_game(row.id)
            store.close()
            assert loaded is not None
            states = GameSession(*loaded).states
            assert states[-1].log == state.log
            checked.append(len(state.log))
        return inner(session, prompt)

    session, _, _ = run_session(answer, seed=6, store=Store(db))
    assert len(checked) == 30
    row = _same_as_stored(session, db)
    assert (row.mode, row.level, row.status, row.name) == ("rated", "simple", "over", "You")
    summary = session.game.summary()
    assert row.final == {"totals": list(summary.totals), "winner": summary.winner}


def test_an_undo_is_taken_out_of_the_store(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    inner = bot_answer(5)
    undone: list[int] = []

    def answer(session: PlaySession, prompt: str) -> str:
        view = session.view
        if (
            isinstance(view, PlayerView)
            and view.my_turn
            and view.phase is Phase.DISCARD
            and view.taken is not None
            and len(undone) < 3
            and not prompt.startswith("Press Enter")
        ):
            undone.append(1)
            return "u"
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=4, store=Store(db), practice=True)
    assert len(undone) == 3 and out.getvalue().count("Taken back: You take") == 3
    row = _same_as_stored(session, db)
    assert row.mode == "practice"


def test_quitting_leaves_the_game_playing_in_the_store(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    inner = bot_answer(5)

    def answer(session: PlaySession, prompt: str) -> str:
        if len(session.states) == 2 and session.view is not None and session.view.my_turn:
            return "q" if "(y/n)" not in prompt else "y"
        return inner(session, prompt)

    session, _, _ = run_session(answer, seed=4, store=Store(db))
    row = _same_as_stored(session, db)
    assert row.status == "playing" and row.hands_dealt == 2 and row.final is None


def test_history_stats_and_replay_commands(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    runner = CliRunner()
    empty = runner.invoke(main, ["history", "--db", str(db)])
    assert empty.exit_code == 0 and "No games stored" in empty.output and not db.exists()
    played = runner.invoke(
        main,
        ["play", "--seed", "3", "--db", str(db), "--practice"],
        input="p\nd\nq\ny\n",
        catch_exceptions=False,
    )
    assert played.exit_code == 0
    store, row, actions = _stored(db)
    store.close()
    assert row.mode == "practice" and row.status == "playing" and actions
    listed = runner.invoke(main, ["history", "--db", str(db)])
    assert listed.exit_code == 0, listed.output
    assert (
        row.id in listed.output
        and "unfinished (hand 1): resumable" in listed.output
        and "practice" in listed.output
    )
    counted = runner.invoke(main, ["stats", "--db", str(db)])
    assert counted.exit_code == 0
    assert (
        "Rated games: none yet." in counted.output
        and "Practice games, by computer level" in counted.output
        and "simple" in counted.output
    )
    shown = runner.invoke(main, ["replay", "--stored", row.id, "--db", str(db), "--ascii"])
    assert shown.exit_code == 0, shown.output
    assert "Hand 1" in shown.output
    missing = runner.invoke(main, ["replay", "--stored", "nope" * 5, "--db", str(db)])
    assert missing.exit_code == 1 and "no stored game" in missing.output
    token = runner.invoke(main, ["history", "--db", str(db), "--token"])
    assert token.output.split()[0] == Store(db).local_token()
    link = runner.invoke(main, ["history", "--db", str(db), "--link", "--url", "http://h:9/"])
    assert link.output.split()[0] == f"http://h:9/history#claim={Store(db).local_token()}"


def test_no_db_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--db", str(db), "--no-db"], input="q\ny\n")
    assert result.exit_code == 0 and not db.exists()


def test_an_older_database_opens_with_its_games_and_gets_a_local_player(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    old = sqlite3.connect(db)
    old.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, owner TEXT NOT NULL, created REAL NOT NULL,
            updated REAL NOT NULL, preset TEXT NOT NULL, rules TEXT NOT NULL, level TEXT NOT NULL,
            mode TEXT NOT NULL, name TEXT NOT NULL, seed TEXT NOT NULL, secret TEXT NOT NULL,
            first_dealer INTEGER NOT NULL, hands_dealt INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL DEFAULT 'playing', final TEXT);
        CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
            hand INTEGER NOT NULL, player INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game_id, seq));
        CREATE TABLE hands (game_id TEXT NOT NULL REFERENCES games(id), hand INTEGER NOT NULL,
            outcome TEXT NOT NULL, winner INTEGER, knocker INTEGER, points INTEGER NOT NULL,
            PRIMARY KEY (game_id, hand));
        INSERT INTO games VALUES ('g123456789abcdefgh', 'browser-owner', 1.0, 1.0, 'default', '{}',
            'simple', 'rated', 'Ann', '5', 'secret', 0, 1, 'playing', NULL);
        """
    )
    old.commit()
    old.close()
    store = Store(db)
    assert [g.id for g in store.list_games("browser-owner")] == ["g123456789abcdefgh"]
    token = store.local_token()
    assert token == store.local_token() and len(token) >= 32
    assert store.list_games(owner_of(token)) == []
    assert stats_json(store.list_games("browser-owner"), [])["rated"][0]["games"] == 1
    store.close()
