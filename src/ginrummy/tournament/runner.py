"""The match runner: duplicate-dealt games between two agents, over several processes.

``run_match(["strong", "simple"], games=200, rules=Rules.preset("eaai"), seed=1, jobs=2)``
plays ``games`` games (rounded up to an even number: pairs of games on the same deals
with the seats swapped, see :mod:`ginrummy.tournament.pairs`) and returns a :class:`MatchResult`.
Pairs are independent and seeded from ``(seed, pair index)``, and results are gathered in
pair order, so every figure except the decision times is the same for any ``jobs``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.base import Agent
from ginrummy.protocol import is_cmd
from ginrummy.rules import Rules
from ginrummy.tournament.backends import BACKENDS, MatchWork, pool_pairs, ray_pairs
from ginrummy.tournament.pairs import AgentFactory, GameOutcome
from ginrummy.tournament.stats import elo, mean_ci, percentile, wilson

__all__ = ["MatchResult", "default_factory", "run_match"]


def default_factory(
    name: str, rng: random.Random, bot_time_ms: int | None = None, bot_game_ms: int | None = None
) -> Agent:
    """An agent by level name (:data:`ginrummy.agents.AGENTS`), peer name
    (:data:`ginrummy.agents.peers.PEERS`: ``openspiel``, ``rlcard``) or ``cmd:COMMAND`` (a bot
    over the protocol, :class:`ginrummy.protocol.SubprocessBot`, with ``bot_time_ms``
    milliseconds per decision, default the protocol's, and ``bot_game_ms`` for all its decisions in
    a game, default none), seeded by ``rng``. Bind ``bot_time_ms`` and ``bot_game_ms``
    with :func:`functools.partial` to pass it as a factory (it stays picklable)."""
    from ginrummy.agents.peers import PEERS

    if is_cmd(name):
        return make_agent(name, bot_time_ms=bot_time_ms, bot_game_ms=bot_game_ms)
    key = name.lower()
    if key in PEERS:
        return PEERS[key](rng)
    return make_agent(key, rng)


@dataclass(slots=True)
class MatchResult:
    """Every game of a match (pair order, agent A's seat 0 game first) and what it was played under."""

    names: tuple[str, str]
    rules: Rules
    seed: int
    games: list[GameOutcome]

    def summary(self, include_times: bool = True) -> dict[str, Any]:
        """The figures of the match as a JSON-ready dict (fractions in [0, 1], points, seconds).

        ``games``, ``wins`` (per agent), ``ties``, ``win_rate`` (agent A, ties half) with
        ``ci95`` (pair-clustered) and ``wilson95``, ``elo`` (A minus B) with ``elo_ci95``,
        ``hands``, ``points_per_hand`` (each agent's points scored per hand) and
        ``net_points_per_hand`` (A minus B), ``rates`` per hand (gin, undercut won,
        knock won per agent; dead hands), ``abandoned`` hands, ``forfeits`` (only when a game was
        forfeited: one object per game a ``cmd:`` bot forfeited: ``pair``, ``swapped``, ``agent``, ``kind``, ``hand``, ``message``),
        and with ``include_times``
        the decision ``times`` (mean, median, p99 in milliseconds, count) per agent.
        """
        games = self.games
        n = len(games)
        wins = [sum(g.winner == a for g in games) for a in (0, 1)]
        ties = n - wins[0] - wins[1]
        score = wins[0] + 0.5 * ties
        pairs: dict[int, list[float]] = {}
        for g in games:
            pairs.setdefault(g.pair, []).append(1.0 if g.winner == 0 else 0.5 if g.winner is None else 0.0)
        pair_scores = [sum(v) / len(v) for v in pairs.values()]
        _, lo, hi = mean_ci(pair_scores)
        hands = [h for g in games for h in g.hands]
        nh = len(hands) or 1
        pts = [sum(h.points for h in hands if h.winner == a) for a in (0, 1)]

        def count(outcome: str, agent: int | None) -> float:
            return sum(1 for h in hands if h.outcome == outcome and h.winner == agent) / nh

        out: dict[str, Any] = {
            "agents": list(self.names),
            "rules": self.rules.settings(),
            "seed": self.seed,
            "games": n,
            "pairs": len(pairs),
            "wins": wins,
            "ties": ties,
            "win_rate": score / n if n else 0.0,
            "ci95": [max(0.0, lo), min(1.0, hi)],
            "wilson95": list(wilson(score, n)),
            "elo": elo(score / n) if n else 0.0,
            "elo_ci95": [elo(max(lo, 0.0)), elo(min(hi, 1.0))],
            "hands": len(hands),
            "points_per_hand": [pts[0] / nh, pts[1] / nh],
            "net_points_per_hand": (pts[0] - pts[1]) / nh,
            "rates": {
                "gin": [count("gin", 0) + count("big-gin", 0), count("gin", 1) + count("big-gin", 1)],
                "undercut": [count("undercut", 0), count("undercut", 1)],
                "knock": [count("knock", 0), count("knock", 1)],
                "dead": sum(1 for h in hands if h.outcome == "dead") / nh,
            },
            "abandoned": sum(g.abandoned for g in games),
        }
        forfeits = [
            {
                "pair": g.pair,
                "swapped": g.swapped,
                "agent": g.forfeit.agent,
                "kind": g.forfeit.kind,
                "hand": g.forfeit.hand + 1,  # 1-based, as the report prints it
                "message": g.forfeit.message,
            }
            for g in games
            if g.forfeit is not None
        ]
        if forfeits:
            out["forfeits"] = forfeits
        if include_times:
            times = []
            for a in (0, 1):
                ts = sorted(t for g in games for t in g.times[a])
                times.append(
                    {
                        "decisions": len(ts),
                        "mean_ms": 1000 * sum(ts) / len(ts) if ts else 0.0,
                        "median_ms": 1000 * percentile(ts, 0.5),
                        "p99_ms": 1000 * percentile(ts, 0.99),
                        "max_ms": 1000 * ts[-1] if ts else 0.0,
                    }
                )
            out["times"] = times
        return out


def run_match(
    names: Sequence[str],
    games: int,
    rules: Rules,
    seed: int = 0,
    jobs: int = 1,
    keep_records: bool = False,
    factory: AgentFactory = default_factory,
    on_progress: Callable[[int, int], None] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> MatchResult:
    """Play ``games`` games (rounded up to pairs) between ``names[0]`` (A) and ``names[1]`` (B).

    ``jobs`` processes share the pairs (``backend="process"``), or, with ``backend="ray"``, Ray
    tasks on the cluster at ``address`` (a local Ray of ``jobs`` CPUs without one;
    :mod:`ginrummy.tournament.backends`): the results are the same either way. ``factory``
    (picklable: a top-level function or a :func:`functools.partial` of one) builds agents;
    ``on_progress(games_done, games_total)`` is called as pairs finish. Raises ``ValueError``
    for fewer than 1 game or job or an unknown backend, :class:`ImportError` for the ray
    backend without Ray, and whatever ``factory`` raises for an unknown name (checked before
    any game is played).
    """
    if games < 1 or jobs < 1:
        raise ValueError("a match needs at least 1 game and 1 job")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    a, b = names
    factory(a, random.Random(0))
    factory(b, random.Random(0))
    n_pairs = (games + 1) // 2
    total = 2 * n_pairs
    outcomes: list[GameOutcome] = []
    work = MatchWork(rules, (a, b), factory, seed, n_pairs, keep_records)
    pairs = ray_pairs(work, jobs, address) if backend == "ray" else pool_pairs(work, jobs)
    for pair in pairs:
        outcomes.extend(pair)
        if on_progress is not None:
            on_progress(len(outcomes), total)
    return MatchResult((a, b), rules, seed, outcomes)
