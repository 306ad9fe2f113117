"""Storing a game as it is played, and rebuilding a stored game: for every front end.

A :class:`GameRecorder` keeps one game's rows in the :class:`~ginrummy.storage.store.Store` up to
date with the hands being played: call :meth:`GameRecorder.sync` with the game's hands whenever they
may have changed (after the computer's moves, after the player's, after a hand is entered); it
appends the new actions (as logged, engine choices filled in), deletes those taken back by an undo,
writes each finished hand and the game's progress, one transaction each time. :func:`rebuild`
replays a stored game from its seed and actions to the same :class:`~ginrummy.scoring.game.Game`
and hands (what ``ginrummy replay --stored`` and the browser's replay show).

>>> from ginrummy.agents import make_agent
>>> from ginrummy.play import play_hand
>>> from ginrummy.rules import Rules
>>> from ginrummy.scoring.game import Game
>>> store = Store(":memory:")
>>> game = Game(Rules(), seed=4, names=("You", "Computer"))
>>> rec = GameRecorder(store, game, owner="o" * 64, preset="default", level="simple", mode="rated")
>>> state = game.new_hand()
>>> _ = play_hand(state, [make_agent("simple", 1), make_agent("simple", 2)])
>>> game.enter(state.result); rec.sync([state])
>>> row, actions = store.load_game(rec.game_id)
>>> again, states = rebuild(row, actions)
>>> states[0].log == state.log, again.totals == game.totals, row.status
(True, True, 'playing')
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace

from ginrummy.errors import GinRummyError, RecordError
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.storage.store import ActionRow, GameRow, HandRow, Store
from ginrummy.variants import AnyHandState, parse_any_action

__all__ = ["GameRecorder", "hand_row", "progress_of", "rebuild"]


def hand_row(index: int, state: AnyHandState) -> HandRow:
    """The stored result of finished hand number ``index`` (from 0)."""
    result = state.result
    assert result is not None
    return HandRow(index, result.outcome.value, result.winner, result.knocker, result.points)


def progress_of(game: Game, hands_dealt: int) -> tuple[int, str, dict[str, object] | None]:
    """What the store keeps of a game's progress: hands dealt, status (``playing``/``over``) and
    the final score (``{"totals": [points, points], "winner": seat}``) once over."""
    if not game.is_over:
        return hands_dealt, "playing", None
    summary = game.summary()
    return hands_dealt, "over", {"totals": list(summary.totals), "winner": summary.winner}


class GameRecorder:
    """One game's rows in ``store``, kept up to date by :meth:`sync` (see the module docstring).

    ``game``: the game being played (its seed, first dealer, names and rules are stored);
    ``owner``: whose game it is (:func:`~ginrummy.storage.store.owner_of` of a token);
    ``preset``: the rules' name; ``level``: the computer player; ``mode``: ``rated`` or
    ``practice``. The row is created at the first :meth:`sync` with a dealt hand;
    :attr:`game_id` names it. Raises ``sqlite3.Error`` when the store cannot be written.
    """

    def __init__(self, store: Store, game: Game, *, owner: str, preset: str, level: str, mode: str) -> None:
        assert game.first_dealer is not None
        self.store = store
        self.game = game
        self.row = GameRow(
            id=secrets.token_urlsafe(18),
            owner=owner,
            preset=preset,
            rules=game.rules.settings(),
            level=level,
            mode=mode,
            name=game.names[0],
            seed=game.seed,
            secret=secrets.token_hex(32),
            first_dealer=game.first_dealer,
        )
        self.created = False
        self.stored: list[list[str]] = []
        """The actions stored, hand by hand (notation)."""
        self.finished = 0
        """How many hands' results are stored."""

    @property
    def game_id(self) -> str:
        return self.row.id

    def sync(self, states: Sequence[AnyHandState]) -> None:
        """Store what changed in the game's hands (``states``, in order) since the last call:
        new actions, actions undone, finished hands and the game's progress."""
        if not states:
            return
        actions: list[ActionRow] = []
        truncate: int | None = None
        seq = 0
        for h, state in enumerate(states):
            logged = [str(a) for _, a in state.log]
            old = self.stored[h] if h < len(self.stored) else []
            same = 0
            while same < min(len(old), len(logged)) and old[same] == logged[same]:
                same += 1
            if same < len(old) and truncate is None:
                truncate = seq + same
            for i in range(same, len(logged)):
                actions.append(ActionRow(seq + i, h, state.log[i][0], logged[i]))
            if h < len(self.stored):
                self.stored[h] = logged
            else:
                self.stored.append(logged)
            seq += len(logged)
        hands = [hand_row(h, s) for h, s in enumerate(states) if h >= self.finished and s.is_over]
        dealt, status, final = progress_of(self.game, len(states))
        changed = (dealt, status, final) != (self.row.hands_dealt, self.row.status, self.row.final)
        if not actions and not hands and truncate is None and not changed and self.created:
            return
        self.row = replace(self.row, hands_dealt=dealt, status=status, final=final)
        if not self.created:
            self.store.create_game(self.row, actions, hands)
            self.created = True
        else:
            self.store.save_progress(self.row.id, actions, hands, dealt, status, final, truncate)
        self.finished += len(hands)


def rebuild(row: GameRow, actions: Sequence[ActionRow]) -> tuple[Game, list[AnyHandState]]:
    """Replay a stored game: the :class:`~ginrummy.scoring.game.Game` (finished hands entered) and
    its hands, dealt from the stored seed. Raises :class:`~ginrummy.errors.RecordError` when the
    stored rows do not replay (an unknown setting, an illegal action)."""
    try:
        rules = Rules.from_settings(row.rules)
        game = Game(rules, seed=row.seed, names=(row.name, "Computer"), first_dealer=row.first_dealer)
        by_hand: dict[int, list[ActionRow]] = {}
        for a in actions:
            by_hand.setdefault(a.hand, []).append(a)
        states: list[AnyHandState] = []
        for h in range(row.hands_dealt):
            state = game.new_hand()
            states.append(state)
            for a in by_hand.get(h, []):
                state.push(parse_any_action(a.action, rules), player=a.player)
            if state.is_over:
                assert state.result is not None
                game.enter(state.result)
    except GinRummyError as exc:
        raise RecordError(f"stored game {row.id} does not replay: {exc}") from None
    return game, states
