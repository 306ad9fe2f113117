"""One duplicate-dealt pair of games: the same deals played twice with the seats swapped.

Pair ``k`` of a tournament has the game seed :func:`pair_seed` (``seed``, ``k``); the hands of
a game are dealt from that seed alone (:class:`ginrummy.scoring.game.Game`), so both games of a
pair see the same sequence of decks and the same first dealer, with agent A in seat 0
in the first game and in seat 1 in the second. Agents get their own ``random.Random``
seeded from the game seed and which agent they are (:func:`ginrummy.seeds.derive_seed`), so a
pair replays exactly. Hands are played by the one hand loop (:func:`ginrummy.play.play_hand`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ginrummy.errors import IllegalActionError
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.play import MAX_ACTIONS, Agent, HandTooLongError, play_hand, show_hand_over
from ginrummy.protocol import BotError, close_agent, forfeit_of
from ginrummy.records import GameForfeit, GameRecord
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
from ginrummy.seeds import derive_seed
from ginrummy.variants import AnyAction, AnyHandState, AnyView

__all__ = ["AgentFactory", "Forfeit", "GameOutcome", "HandSummary", "pair_seed", "play_pair"]

AgentFactory = Callable[[str, random.Random], Agent]
"""Builds an agent from its name and a seeded ``random.Random``."""

MAX_ACTIONS_PER_HAND = MAX_ACTIONS
"""A hand still going after this many actions (the hand loop's cap, :data:`ginrummy.play.MAX_ACTIONS`)
is abandoned and scored as a dead hand (two agents can pass one card back and forth for ever
where the rules let a taken card be thrown back); the count of such hands is reported."""


def pair_seed(seed: int, index: int) -> int:
    """The game seed of pair ``index`` of a tournament with ``seed``:
    :func:`ginrummy.seeds.derive_seed` (``seed``, ``"pair"``, ``index``)."""
    return derive_seed(seed, "pair", index)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One hand from the match's point of view: agents are 0 (A) and 1 (B), not seats.

    ``winner``/``knocker``: agent index or ``None``; ``points``: the winner's points.
    """

    outcome: str
    winner: int | None
    knocker: int | None
    points: int


@dataclass(slots=True)
class GameOutcome:
    """One game of a pair. ``swapped``: agent A sat in seat 1. ``winner``: the agent (0 = A,
    1 = B) with the higher final total, ``None`` for equal totals; ``totals``: final totals
    with bonuses per agent; ``abandoned``: hands cut at :data:`MAX_ACTIONS_PER_HAND`;
    ``times``: seconds per decision, per agent; ``record``: the game record (JSON) if kept
    (not for a game with an abandoned hand; a forfeited game's record has its ``forfeit``);
    ``forfeit``: set when a bot (``cmd:``, :class:`ginrummy.protocol.SubprocessBot`) crashed,
    hung past its budget or answered with garbage or an illegal action: the game stops there,
    the other agent wins it, and ``totals``/``hands`` are those of the hands finished before."""

    pair: int
    swapped: bool
    seed: int
    winner: int | None
    totals: tuple[int, int]
    hands: list[HandSummary]
    abandoned: int = 0
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    record: str | None = None
    forfeit: Forfeit | None = None


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A game lost by a failing bot: ``agent`` (0 = A, 1 = B), ``kind`` (one of
    :data:`ginrummy.protocol.BOT_KINDS`), ``message`` (what happened), ``hand`` (0-based)."""

    agent: int
    kind: str
    message: str
    hand: int


class _Timed:
    """Wraps an agent, adding the seconds of each decision to a list."""

    def __init__(self, agent: Agent, sink: list[float]) -> None:
        self.agent = agent
        self.name = agent.name
        self.sink = sink

    def act(self, view: AnyView) -> AnyAction:
        t0 = time.perf_counter()
        action = self.agent.act(view)
        self.sink.append(time.perf_counter() - t0)
        return action

    def hand_over(self, view: AnyView) -> None:
        show_hand_over(self.agent, view)


def _play_game(
    rules: Rules,
    names: tuple[str, str],
    factory: AgentFactory,
    seed: int,
    pair: int,
    swapped: bool,
    keep_record: bool,
) -> GameOutcome:
    times: tuple[list[float], list[float]] = ([], [])
    # agent index a sits in seat (a ^ swapped)
    seat_agent = (1, 0) if swapped else (0, 1)
    agents = [
        _Timed(factory(names[a], random.Random(derive_seed(seed, "agent", a))), times[a]) for a in seat_agent
    ]
    game = Game(rules, seed=seed, names=(names[seat_agent[0]], names[seat_agent[1]]))
    states: list[AnyHandState] = []
    abandoned = 0
    forfeit: Forfeit | None = None
    try:
        while not game.is_over:
            state = game.new_hand()
            states.append(state)
            try:
                result = play_hand(state, agents, max_actions=MAX_ACTIONS_PER_HAND)
            except HandTooLongError:
                abandoned += 1
                result = HandResult(Outcome.DEAD, None, 0)
            except (BotError, IllegalActionError) as exc:
                error = forfeit_of(exc, agents[state.to_act].agent)
                if error is None:
                    raise
                agent = (
                    seat_agent[state.to_act]
                    if not isinstance(exc, BotError)
                    else _culprit(exc, agents, seat_agent, state.to_act)
                )
                forfeit = Forfeit(agent, error.kind, error.detail, len(states) - 1)
                break
            assert result is not None
            game.enter(result)
    finally:
        for timed in agents:
            close_agent(timed.agent)
    hands = [
        HandSummary(
            r.outcome.value,
            None if r.winner is None else seat_agent[r.winner],
            None if r.knocker is None else seat_agent[r.knocker],
            r.points,
        )
        for r in game.results
    ]
    if forfeit is not None:
        # a forfeited game stops where it is: the totals so far, the other agent wins
        seat_totals = game.totals
        winner: int | None = 1 - forfeit.agent
    else:
        s = game.summary()
        seat_totals = s.totals
        winner = None if s.winner is None else seat_agent[s.winner]
    totals = (seat_totals[seat_agent.index(0)], seat_totals[seat_agent.index(1)])
    record = None
    if keep_record and not abandoned:
        lost = (
            None
            if forfeit is None
            else GameForfeit(seat_agent.index(forfeit.agent), forfeit.kind, forfeit.message)
        )
        record = GameRecord.from_game(game, states, lost).dump()
    return GameOutcome(pair, swapped, seed, winner, totals, hands, abandoned, times, record, forfeit)


def _culprit(exc: BotError, agents: list[_Timed], seat_agent: tuple[int, int], to_act: int) -> int:
    """The agent whose bot raised ``exc``: the one to act, unless the error came from the other
    seat's bot (told that a hand is over)."""
    for seat, timed in enumerate(agents):
        if getattr(timed.agent, "failure", None) is exc:
            return seat_agent[seat]
    return seat_agent[to_act]


def play_pair(
    rules: Rules,
    names: tuple[str, str],
    factory: AgentFactory,
    match_seed: int,
    pair: int,
    keep_records: bool = False,
) -> tuple[GameOutcome, GameOutcome]:
    """Play pair ``pair`` of a match: agent A (``names[0]``) in seat 0, then in seat 1, on the
    same deals. Returns both games' outcomes."""
    seed = pair_seed(match_seed, pair)
    return (
        _play_game(rules, names, factory, seed, pair, False, keep_records),
        _play_game(rules, names, factory, seed, pair, True, keep_records),
    )
