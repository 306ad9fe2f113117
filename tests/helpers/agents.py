"""Levels for tests that need legal, seed-determined play rather than the expert's full strength."""

from __future__ import annotations

from ginrummy.agents import Agent, make_agent
from ginrummy.agents.expert import ExpertParams, with_search

QUICK_SEARCH = ExpertParams(samples=4, max_samples=32).untimed()
"""The expert's search with 4 worlds a decision (32 on a close one) and no time caps: the level's
code and policies, about twenty times faster, and the same moves on a loaded machine."""


def quick_agent(name: str, seed: int) -> Agent:
    """``make_agent(name, seed)``, its expert search (if it has one) replaced by
    :data:`QUICK_SEARCH`; the levels without a search unchanged."""
    return with_search(make_agent(name, seed), QUICK_SEARCH)
