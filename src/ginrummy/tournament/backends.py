"""Where a match's pairs are played: this process, a local process pool, or a Ray cluster.

Every backend runs the same work function, :func:`ginrummy.tournament.pairs.play_pair`, on the
same arguments (the rules, the two names, the agent factory, the match seed and the pair's
index) and hands the outcomes back in pair order; a pair's games depend only on those
arguments, so a match has the same results on every backend and any number of workers (only
the decision times differ). :data:`BACKENDS` names them: ``process`` (the default:
``jobs`` local processes, or this process for one job) and ``ray`` (:func:`ray_pairs`; the
``cluster`` extra, ``pip install -e '.[cluster]'``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ginrummy.rules import Rules
from ginrummy.tournament.pairs import AgentFactory, GameOutcome, play_pair

__all__ = ["BACKENDS", "MatchWork", "pool_pairs", "ray_pairs"]

BACKENDS = ("process", "ray")
"""The backends of :func:`ginrummy.tournament.run_match` (``backend=``)."""

Pairs = Iterator[tuple[GameOutcome, GameOutcome]]


@dataclass(frozen=True, slots=True)
class MatchWork:
    """The pairs ``0 .. pairs - 1`` of a match: :func:`play_pair`'s arguments but the index."""

    rules: Rules
    names: tuple[str, str]
    factory: AgentFactory
    seed: int
    pairs: int
    keep_records: bool

    def args(self, index: int) -> tuple[Any, ...]:
        """:func:`play_pair`'s arguments for pair ``index``."""
        return (self.rules, self.names, self.factory, self.seed, index, self.keep_records)


def pool_pairs(work: MatchWork, jobs: int) -> Pairs:
    """The pairs of ``work`` in order, over ``jobs`` local processes (this process for 1)."""
    if jobs == 1:
        for i in range(work.pairs):
            yield play_pair(*work.args(i))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_pair, *work.args(i)) for i in range(work.pairs)]
        for fut in futures:
            yield fut.result()


def ray_pairs(work: MatchWork, jobs: int, address: str | None = None) -> Pairs:
    """The pairs of ``work`` in order, each a Ray task (one CPU) on the cluster at
    ``address`` (``"auto"``: the one this machine belongs to; ``ray://HOST:10001``: a remote
    one), or, with no ``address``, on a local Ray started for the match with ``jobs`` CPUs.
    Ray already initialised in this process is used as it is. Every node needs ginrummy
    installed (the agents' factory is sent pickled). Raises :class:`ImportError` (``name``
    ``"ray"``) when Ray is not installed."""
    try:
        import ray
    except ImportError as exc:
        raise ImportError("the ray backend needs Ray: pip install -e '.[cluster]'", name="ray") from exc
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"address": address} if address else {"num_cpus": jobs}
        ray.init(include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING, **options)
    try:
        remote: Callable[..., Any] = ray.remote(num_cpus=1)(play_pair).remote
        refs = [remote(*work.args(i)) for i in range(work.pairs)]
        for ref in refs:
            pair: tuple[GameOutcome, GameOutcome] = ray.get(ref)
            yield pair
    finally:
        if started:
            ray.shutdown()
