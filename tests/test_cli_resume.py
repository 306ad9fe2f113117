"""``ginrummy play --resume``: a game left unfinished (quit, end of input, a killed process, a
closed browser) goes on from the shared store exactly where it stopped; quitting a rated game may
resign it, and the statistics count it lost (the game core, :mod:`ginrummy.session`)."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

import ginrummy
from ginrummy.agents import make_agent
from ginrummy.cli.main import main
from ginrummy.cli.session import PlaySession
from ginrummy.rules import Rules
from ginrummy.session import GameSession, latest_resumable, load, new_row, resumable
from ginrummy.storage import Store, stats_json
from ginrummy.storage.store import owner_of
from ginrummy.variants.standard.actions import Action
from ginrummy.variants.standard.view import PlayerView
from helpers.terminal import answering, bot_answer, command_for, run_session

_MAIN = "import sys; from ginrummy.cli.main import main; sys.exit(main())"


class _Player:
    """``ginrummy play --plain`` in a subprocess (piped stdin and stdout), answered prompt by
    prompt: its moves are the simple agent's (made afresh for each move, so they depend on the
    position only) from the human's view of the stored game (every action is stored before the
    next prompt)."""

    def __init__(self, db: Path, *args: str) -> None:
        self.db = db
        source = str(Path(ginrummy.__file__).resolve().parents[1])  # this checkout's package first
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([source, os.environ.get("PYTHONPATH", "")]))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _MAIN, "play", "--plain", "--db", str(db), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.out = ""
        self._lock = threading.Lock()
        self._answered = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := os.read(self.proc.stdout.fileno(), 4096):
            with self._lock:
                self.out += chunk.decode()

    def prompt(self, timeout: float = 300.0) -> str:
        """Wait for the next prompt (a line ending in ``> `` after the last answer). The timeout
        only guards against a hang: on a loaded machine a fresh process may take a minute to
        print its first prompt (seen at 60 s with every core busy)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                text = self.out
            tail = text[self._answered :]
            if tail.endswith("> "):
                return tail[tail.rfind("\n") + 1 :]
            if self.proc.poll() is not None:
                raise AssertionError(f"the game ended:\n{text[-2000:]}")
            time.sleep(0.01)
        raise AssertionError(f"no prompt:\n{self.out[-2000:]}")

    def close(self) -> None:
        """Once the process has ended: the last of its output read, its pipes closed."""
        self.proc.wait(60)
        self._reader.join(60)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        self.proc.stdout.close()

    def answer(self, line: str) -> None:
        with self._lock:
            self._answered = len(self.out)
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def game(self) -> GameSession:
        store = Store(self.db)
        try:
            row = store.list_games(owner_of(store.local_token()))[0]
            return load(store, row.id)
        finally:
            store.close()

    def play(self, moves: int | None) -> int:
        """Answer prompts: ``moves`` of the human's moves (``None``: to the end of the game, then no
        to playing again). Returns how many moves were made."""
        made = 0
        while moves is None or made < moves:
            prompt = self.prompt()
            if prompt.startswith("Play again"):
                self.answer("n")
                break
            if "(y/n)" in prompt:
                self.answer("y")
                continue
            if prompt.startswith("Press Enter"):
                self.answer("")
                continue
            state = self.game().state
            assert state is not None and state.to_act == 0 and not state.is_over, prompt
            view = state.view(0)
            assert isinstance(view, PlayerView)
            action = make_agent("simple", 5).act(view)
            assert isinstance(action, Action)
            self.answer(command_for(action, view.hand))
            made += 1
        return made


def test_a_killed_game_resumes_from_the_same_position_and_finishes(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = _Player(db, "--seed", "11")
    assert first.play(7) == 7
    first.prompt()  # at the human's next prompt, mid-hand: everything so far is stored
    before = first.game()
    os.kill(first.proc.pid, signal.SIGKILL)
    first.close()
    state = before.state
    assert state is not None and not state.is_over and before.row.status == "playing"

    listed = CliRunner().invoke(main, ["history", "--db", str(db)])
    assert "resumable" in listed.output and "ginrummy play --resume" in listed.output

    second = _Player(db, "--resume")
    second.prompt()
    again = second.game()
    assert again.row.id == before.row.id
    assert [s.log for s in again.states] == [s.log for s in before.states]  # same hand, same cards
    assert again.state is not None and again.state.deck == state.deck
    assert again.totals() == before.totals()
    assert f"Resuming stored game {before.row.id}: hand {len(before.states)}" in second.out
    this_hand = first.out[first.out.rfind(f"Hand {len(before.states)}: ") :]
    drawn = re.findall(r"You draw \S+ from the stock", this_hand)
    resumed = second.out[second.out.find("Resuming stored game") :]
    assert drawn and resumed.count("from the stock") >= len(drawn)
    assert all(line in resumed for line in drawn)  # the cards the human drew, shown again
    second.play(None)
    assert second.proc.wait(60) == 0
    second.close()
    done = second.game()
    assert done.row.status == "over" and done.match.is_over
    assert [s.log for s in done.states[: len(before.states) - 1]] == [s.log for s in before.states[:-1]]
    assert done.states[len(before.states) - 1].log[: len(state.log)] == state.log


def test_a_killed_game_resumed_plays_the_computer_moves_of_the_game_never_killed(tmp_path: Path) -> None:
    """Killed mid-hand and resumed (``ginrummy play --resume``), the game is played to the end with
    the same moves as the same game (same seed, same answers) played without a break."""
    db = tmp_path / "games.sqlite3"
    first = _Player(db, "--seed", "2", "--opponent", "beginner")
    assert first.play(20) == 20  # into the second hand or later
    first.prompt()
    left = first.game()
    os.kill(first.proc.pid, signal.SIGKILL)
    first.close()
    assert left.state is not None and not left.state.is_over and len(left.states) >= 2
    second = _Player(db, "--resume")
    second.play(None)
    assert second.proc.wait(60) == 0
    second.close()
    done = second.game()
    whole, _, _ = run_session(_fresh_human, seed=2, opponent="beginner")
    assert done.row.status == "over" and whole.is_over
    assert [s.log for s in done.states] == [s.log for s in whole.core.states]


def test_store_level_resume_in_process(tmp_path: Path) -> None:
    """A game stored as played and rebuilt mid-hand goes on where it stopped, here in process."""
    db = tmp_path / "games.sqlite3"
    inner = bot_answer(5)

    def answer(session: PlaySession, prompt: str) -> str:
        if len(session.states) == 2 and session.view is not None and session.view.my_turn:
            raise EOFError  # end of input mid-hand: the game is kept
        return inner(session, prompt)

    left, out, _ = run_session(answer, seed=4, store=Store(db))
    assert "ginrummy play --resume" in out.getvalue()
    store = Store(db)
    owner = owner_of(store.local_token())
    row = latest_resumable(store, owner)
    assert row is not None and [g.id for g in resumable(store, owner)] == [row.id]
    core = load(store, row.id)
    assert [s.log for s in core.states] == [s.log for s in left.states]
    session = PlaySession.resuming(core, store=store, input_fn=lambda p: inner(holder[0], p))
    holder = [session]
    assert session.state is not None and session.state.log == left.states[-1].log
    assert session.run() == 0
    assert session.is_over and latest_resumable(store, owner) is None
    store.close()


def test_resuming_a_browser_game_of_the_local_player(tmp_path: Path) -> None:
    """A game begun in the browser by the local player (a page that adopted the terminal's
    player: ``ginrummy history --link``) goes on in the terminal."""
    db = tmp_path / "games.sqlite3"
    store = Store(db)
    owner = owner_of(store.local_token())
    row = new_row(
        Rules(), 2**100 + 7, owner=owner, name="Ann", level="simple", mode="practice", preset="default"
    )
    browser = GameSession(row, stored=False)  # as the web server makes it
    browser.start()
    browser.sync(store)
    store.close()
    result = CliRunner().invoke(
        main, ["play", "--db", str(db), "--resume", row.id], input="\n".join(["q", "y"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert f"Resuming stored game {row.id}: hand 1" in result.output and "Ann" in result.output
    store = Store(db)
    again = load(store, row.id)
    store.close()
    assert [s.log for s in again.states] == [
        s.log for s in browser.states
    ]  # quit before a move: kept as it was
    assert again.row.status == "playing"


def test_quitting_a_rated_game_may_resign_it_and_it_counts_lost(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    played = CliRunner().invoke(main, ["play", "--seed", "3", "--db", str(db)], input="q\ny\nn\n")
    assert played.exit_code == 0, played.output
    assert "You resigned the game; it counts as lost." in played.output
    store = Store(db)
    owner = owner_of(store.local_token())
    [row] = store.list_games(owner)
    assert (row.status, row.ended, row.ended_by, row.final and row.final["winner"]) == (
        "over",
        "resigned",
        0,
        1,
    )
    stats = stats_json(store.list_games(owner), store.hand_rows(owner))["rated"][0]
    assert (stats["games"], stats["games_finished"], stats["games_won"], stats["resigned"]) == (1, 1, 0, 1)
    assert latest_resumable(store, owner) is None
    store.close()
    counted = CliRunner().invoke(main, ["stats", "--db", str(db)])
    assert "you resigned" in counted.output and "games won" in counted.output
    nothing = CliRunner().invoke(main, ["play", "--db", str(db), "--resume"])
    assert nothing.exit_code == 1 and "no unfinished game of yours" in nothing.output
    over = CliRunner().invoke(main, ["play", "--db", str(db), "--resume", row.id])
    assert over.exit_code == 1 and "is over" in over.output


def _fresh_human(session: PlaySession, prompt: str) -> str:
    """The human's answers as a function of the prompt and their view only (the simple agent made
    afresh for each move), so two runs of the same game give the same input at the same position."""

    def move(s: PlaySession) -> str:
        view = s.view
        assert view is not None and view.my_turn
        return command_for(make_agent("simple", 5).act(view), view.hand)

    return answering(move)(session, prompt)


def _logs(session: PlaySession) -> list[list[str]]:
    return [[f"{player}:{action}" for player, action in s.log] for s in session.core.states]


@pytest.mark.parametrize(("opponent", "seed"), [("beginner", 2), ("strong", 4)])
def test_a_resumed_game_plays_the_same_computer_moves_as_the_uninterrupted_one(
    tmp_path: Path, opponent: str, seed: int
) -> None:
    """Left mid-hand (the input ends, as a killed process leaves it: everything played is stored)
    and resumed, the game goes on with the moves the computer makes in the same game played
    without a break: the resumed computer player is made again from the seed and caught up on
    the decisions it had made (:meth:`ginrummy.session.GameSession.catch_up`)."""
    whole, _, _ = run_session(_fresh_human, seed=seed, opponent=opponent)
    uninterrupted = _logs(whole)
    assert whole.is_over and len(uninterrupted) >= 3

    def until_hand_3(session: PlaySession, prompt: str) -> str:
        state = session.state
        if len(session.core.states) == 3 and state is not None and len(state.log) >= 6:
            raise EOFError  # mid-hand, at the human's turn, the computer's moves of hand 3 to come
        return _fresh_human(session, prompt)

    db = tmp_path / "b.db"
    store = Store(db)
    left, out, _ = run_session(until_hand_3, seed=seed, opponent=opponent, store=store)
    store.close()
    assert "the game is left unfinished" in out.getvalue() and not left.is_over
    store = Store(db)
    core = load(store, left.core.row.id)
    session = PlaySession.resuming(
        core, store=store, input_fn=lambda p: _fresh_human(session, p), console=Console(file=io.StringIO())
    )
    assert session.run() == 0 and session.is_over
    resumed = _logs(session)
    store.close()
    assert resumed[:2] == uninterrupted[:2]
    assert resumed == uninterrupted  # the hand left and every hand after it: the same moves


def test_a_game_id_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--resume ID`` must read every id as a value: an id drawn with a leading ``-`` is drawn again."""
    from ginrummy.session import stored

    drawn = iter(["-leading-dash-id-xxxxxxx", "plain-id-xxxxxxxxxxxxxxx"])
    monkeypatch.setattr(stored.secrets, "token_urlsafe", lambda n: next(drawn))
    assert stored.new_game_id() == "plain-id-xxxxxxxxxxxxxxx"
