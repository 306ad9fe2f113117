"""A language model against a level, through the text harness (``ginrummy llm-play``).

The model is a command (:func:`command_model`): for each move it is started with the prompt
(:func:`~ginrummy.research.text.render` of its seat's view: nothing hidden) on standard input, and its
standard output is the reply, read by :func:`~ginrummy.research.text.parse_reply`. A refused reply
is asked again with the reason (``retries`` times); a model that is still refused forfeits the hand
(or the game). A command that fails (exit status not 0, no answer within ``timeout`` seconds) gives a
refused, empty reply. :func:`llm_play` plays hands or whole games, the model's seat alternating and
every deal drawn from ``seed``, and returns an :class:`LlmReport`: win rate, points and the rates
of refused replies, retries, failed commands and forfeits.

>>> report = llm_play(first_offered, "random", hands=2, seed=1)
>>> report.played, report.replies == report.decisions, report.refused
(2, True, 0)
"""

from __future__ import annotations

import random
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.errors import ArgumentError
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.play import HandTooLongError, play_hand
from ginrummy.research.reply import ReplyError
from ginrummy.research.text import ModelAgent
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game

__all__ = ["LlmReport", "ModelCommand", "command_model", "first_offered", "llm_play"]

Model = Callable[[str], str]


def first_offered(prompt: str) -> str:
    """A scripted model: the first move the prompt offers (``- <move>: <words>`` lines)."""
    moves = [line[2:].split(":", 1)[0] for line in prompt.splitlines() if line.startswith("- ")]
    return f"Final answer: {moves[0]}" if moves else "no move is offered"


@dataclass
class ModelCommand:
    """A model run as ``command`` (split as a shell would, run without one) once a prompt: the
    prompt on standard input, the reply on standard output. ``failed`` counts the runs that
    exited with a status other than 0 or took longer than ``timeout`` seconds (their reply is
    empty). Raises :class:`~ginrummy.errors.ArgumentError` for a command that is not found."""

    command: str
    timeout: float = 60.0
    failed: int = 0
    argv: list[str] = field(init=False)

    def __post_init__(self) -> None:
        try:
            self.argv = shlex.split(self.command)
        except ValueError as exc:
            raise ArgumentError(f"the model command {self.command!r} does not parse: {exc}") from None
        if not self.argv or shutil.which(self.argv[0]) is None:
            raise ArgumentError(f"the model command {self.command!r} is not found")

    def __call__(self, prompt: str) -> str:
        try:
            done = subprocess.run(
                self.argv, input=prompt, capture_output=True, text=True, timeout=self.timeout, check=False
            )
        except (subprocess.TimeoutExpired, OSError):
            self.failed += 1
            return ""
        if done.returncode != 0:
            self.failed += 1
            return ""
        return done.stdout


def command_model(spec: str, timeout: float = 60.0) -> ModelCommand:
    """The model ``cmd:COMMAND`` names (see :class:`ModelCommand`). Raises
    :class:`~ginrummy.errors.ArgumentError` for another form or a command not found."""
    if not spec.startswith("cmd:"):
        raise ArgumentError(f"a model is cmd:COMMAND (prompt on stdin, reply on stdout); got {spec!r}")
    return ModelCommand(spec[4:].strip(), timeout)


@dataclass
class LlmReport:
    """What :func:`llm_play` measured. ``unit`` is ``hand`` or ``game``; ``played`` of them, the
    model won ``model_wins`` (a forfeit is a loss), ``points``: the model's net points (hand points
    in hands, final scores' difference in games); ``decisions`` the model's moves asked for,
    ``replies`` all its replies (retries included), ``refused`` those not taken, ``failed``
    the command's failures (counted in ``refused`` too), ``forfeits`` the hands or games lost
    by a model still refused after its retries."""

    model: str
    opponent: str
    rules: str
    unit: str
    played: int = 0
    model_wins: int = 0
    opponent_wins: int = 0
    points: int = 0
    decisions: int = 0
    replies: int = 0
    refused: int = 0
    failed: int = 0
    forfeits: int = 0

    def summary(self) -> dict[str, Any]:
        """The report as a JSON-ready dict, with the rates (``None`` when nothing was counted)."""
        out: dict[str, Any] = asdict(self)
        out["win_rate"] = _rate(self.model_wins, self.played)
        out["points_per_" + self.unit] = _rate(self.points, self.played)
        out["refused_rate"] = _rate(self.refused, self.replies)
        out["retry_rate"] = _rate(self.replies - self.decisions, self.decisions)
        out["forfeit_rate"] = _rate(self.forfeits, self.played)
        return out

    def lines(self) -> list[str]:
        """The report in words."""
        s = self.summary()
        pct = {k: "-" if s[k] is None else f"{100 * s[k]:.1f}%" for k in s if k.endswith("rate")}
        return [
            f"{self.model} against {self.opponent} ({self.rules} rules), {self.played} {self.unit}s",
            f"won {self.model_wins}, lost {self.opponent_wins} (win rate {pct['win_rate']}); "
            f"points {self.points:+d} ({_per(s['points_per_' + self.unit])} a {self.unit})",
            f"replies {self.replies} for {self.decisions} moves: refused {self.refused} "
            f"({pct['refused_rate']}), retries {pct['retry_rate']} of moves, failed commands {self.failed}",
            f"forfeits {self.forfeits} ({pct['forfeit_rate']} of {self.unit}s)",
        ]


def _rate(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def _per(x: float | None) -> str:
    return "-" if x is None else f"{x:+.1f}"


def llm_play(
    model: Model,
    opponent: str = "simple",
    hands: int = 10,
    *,
    games: int = 0,
    rules: Rules | str = "default",
    seed: int = 0,
    retries: int = 2,
    name: str = "model",
) -> LlmReport:
    """Play ``model`` (``prompt -> reply``) against the level ``opponent``: ``hands`` single
    hands, or ``games`` whole games when ``games`` is given; the model sits in seat 0 in even
    ones and seat 1 in odd ones, the deals drawn from ``seed``. Raises
    :class:`~ginrummy.errors.ArgumentError` for counts below 1 (or a level that does not exist,
    from :func:`~ginrummy.agents.make_agent`)."""
    label = rules if isinstance(rules, str) else "custom"
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    count = games or hands
    if count < 1 or retries < 0:
        raise ArgumentError("hands or games must be at least 1 and retries at least 0")
    report = LlmReport(name, opponent, label, "game" if games else "hand")
    for i in range(count):
        seat = i % 2
        agent = _CountingAgent(model, name, retries)
        other = make_agent(opponent, random.Random(seed * 7919 + i))
        players: list[Any] = [agent, other] if seat == 0 else [other, agent]
        sheet = Game(rules, seed=seed * 1_000_003 + i, first_dealer=i // 2 % 2)
        winner, points = _play(sheet, players, seat, single=not games)
        report.played += 1
        report.model_wins += winner == seat
        report.opponent_wins += winner == 1 - seat
        report.points += points if seat == 0 else -points
        report.replies += len(agent.transcript)
        report.refused += agent.refused
        report.decisions += agent.decisions
        report.forfeits += winner == 1 - seat and agent.forfeited
    report.failed = int(getattr(model, "failed", 0))
    return report


class _CountingAgent(ModelAgent):
    """A :class:`ModelAgent` that counts the moves asked of it and says whether it forfeited."""

    def __init__(self, model: Model, name: str, retries: int) -> None:
        super().__init__(model, name, retries)
        self.decisions = 0
        self.forfeited = False

    def act(self, view: Any) -> Any:
        self.decisions += 1
        try:
            return super().act(view)
        except ReplyError:
            self.forfeited = True
            raise


def _play(sheet: Game, players: list[Any], seat: int, single: bool) -> tuple[int | None, int]:
    """Play one hand (``single``) or the whole game on ``sheet``: the winner's seat (``None``: a
    dead hand, a tie) and seat 0's net points. A model still refused forfeits the hand or game
    (the other seat wins it; seat 0's points: 0 for a hand, the scores' difference so far for a
    game); a hand cut off at the action cap is dead."""
    agent = players[seat]
    while not sheet.is_over:
        state = sheet.new_hand()
        agent.scores = None if single else sheet.totals
        agent.target = None if single else sheet.rules.target
        try:
            result = play_hand(state, players)
        except ReplyError:
            t = sheet.totals
            return 1 - seat, 0 if single else t[0] - t[1]
        except HandTooLongError:
            result = HandResult(Outcome.DEAD, None, 0)
        assert result is not None
        if single:
            sign = 1 if result.winner == 0 else -1
            return result.winner, sign * result.points if result.winner is not None else 0
        sheet.enter(result)
    s = sheet.summary()
    return s.winner, s.totals[0] - s.totals[1]
