"""Sparring partners: players of distinct styles that the ``expert`` is measured against.

They are not levels (the front ends do not offer them) but agents that ``make_agent``, the
match runner (``ginrummy match``) and ``bench/strength.py`` / ``bench/pool.py`` know by name
(:data:`SPARRING`). Each is built on the ``strong`` level (its card tracking, hand value and
defence) and changes one thing, the thing that makes its style:

* ``gin-seeker``: knocks only in its first few turns (``knock_turns``, its own draws), then
  waits for gin (or a forced knock under the 50th-card rule); takes any upcard that makes or
  extends a meld with its hand. The style of the 2021 EAAI challenge's top bots (77-95% of
  their knocks were gins).
* ``early-knocker``: knocks the moment its count allows, laying down the melds that leave the
  fewest layoffs; draws and discards as ``strong`` does (keeps live melds, avoids throwing
  cards the opponent is likely to use).
* ``undercutter``: reads the cards shown at the end of each hand; once it has seen the
  opponent knock with a high count (``high`` points or more on average over the knocks seen),
  it keeps its own count as low as it can and waits to undercut, knocking only with ``low``
  points or less (or gin); until then it plays as ``strong``.
* ``expert-2026-11``: the ``expert`` as it was in November 2026 (its settings pinned in
  :data:`FROZEN_EXPERT_SEARCH`), for measuring later experts against.
* ``expert-close``: the ``expert`` searching only the discards close to the ``strong`` choice
  against every opponent (``ExpertParams.wide`` off): its play until 2026-12-04, for measuring
  against.
* ``expert-0.5s``, ``expert-2s``, ``expert-8s``, ``expert-20s``, ``expert-25s``: the ``expert``
  given that many seconds of decisions per game (:data:`BUDGETS`: fewer or more worlds, the time
  manager's extension of close decisions, more discards searched), for its strength against time
  (bench/README.md); ``expert-25s`` searches as the ``expert`` does, ``expert-20s`` as it did
  before 2026-11-28.

Under rules these players were not built for (aces round the corner or worth 15 points,
discard-pile pickup) each plays as ``simple``, as the standard-only levels do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from ginrummy.agents import _level  # the package imports this module lazily (make_agent)
from ginrummy.agents.base import Agent
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.agents.strong import StrongAgent, StrongParams
from ginrummy.agents.tracking import Tracking
from ginrummy.hand.results import Outcome
from ginrummy.melds import fits_meld
from ginrummy.variants.standard.actions import Action, Knock
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "BUDGETS",
    "CLOSE_SEARCH",
    "FROZEN_EXPERT_PARAMS",
    "FROZEN_EXPERT_SEARCH",
    "SPARRING",
    "SPARRING_DESCRIPTIONS",
    "EarlyKnocker",
    "GinSeeker",
    "Undercutter",
    "close_expert",
    "frozen_expert",
    "own_turns",
]


def own_turns(view: PlayerView) -> int:
    """How many times ``view.player`` has drawn or taken a card this hand (its turns so far,
    the one being played included once it has drawn)."""
    return sum(1 for ev in view.history if ev.player == view.player and ev.kind in ("draw", "take"))


class GinSeeker(StrongAgent):
    """Knocks only in its first ``knock_turns`` turns, then only gin (or a forced knock);
    takes every upcard that makes or extends a meld, else as ``strong`` (see the module
    docstring). ``seed``: an int or ``random.Random``.

    >>> from ginrummy.variants.standard.state import HandState
    >>> from ginrummy.rules import Rules
    >>> s = HandState.deal(Rules(), dealer=0, rng=1)
    >>> GinSeeker(seed=0).act(s.view(s.to_act)) in s.legal_actions
    True
    """

    name = "gin-seeker"

    def __init__(self, seed: int | random.Random | None = 0, knock_turns: int = 3) -> None:
        super().__init__(seed)
        self.knock_turns = knock_turns

    def wants_upcard(self, view: PlayerView, tr: Tracking) -> bool:
        up = view.upcard
        if up is not None and fits_meld(up, view.hand):
            return True
        return super().wants_upcard(view, tr)

    def judge_knock(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        if dw == 0 or view.must_knock:
            return True
        return own_turns(view) <= self.knock_turns


class EarlyKnocker(StrongAgent):
    """Knocks as soon as it can; draws and discards as ``strong`` (see the module docstring)."""

    name = "early-knocker"

    def judge_knock(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        return True


class Undercutter(StrongAgent):
    """Plays as ``strong`` until it has seen the opponent knock with ``high`` points or more on
    average; from then on it keeps its count low (``potential`` 0: the least deadwood first)
    and knocks only with ``low`` points or less, or gin, waiting to undercut
    (see the module docstring)."""

    name = "undercutter"

    def __init__(self, seed: int | random.Random | None = 0, high: float = 5.0, low: int = 2) -> None:
        super().__init__(seed)
        self.high = high
        self.low = low
        self.seen_knocks: list[int] = []  # the opponent's deadwood (points) at each knock seen
        self._strong_params = self.params
        self._wait_params = StrongParams(potential=0.0)

    def hand_over(self, view: PlayerView) -> None:
        """Note the opponent's count when it knocked short of gin in the finished hand."""
        r = view.result
        if r is not None and r.knocker == 1 - view.player and r.outcome in (Outcome.KNOCK, Outcome.UNDERCUT):
            self.seen_knocks.append(r.knocker_count)

    def waiting(self) -> bool:
        """Whether it has seen enough high knocks to wait for undercuts."""
        return bool(self.seen_knocks) and sum(self.seen_knocks) / len(self.seen_knocks) >= self.high

    def act(self, view: PlayerView) -> Action:
        self.params = self._wait_params if self.waiting() else self._strong_params
        return super().act(view)

    def judge_knock(self, view: PlayerView, tr: Tracking, knock: Knock, dw: int) -> bool:
        if not self.waiting() or dw == 0 or view.must_knock:
            return super().judge_knock(view, tr, knock, dw)
        return dw <= self.low


FROZEN_EXPERT_PARAMS = StrongParams(
    potential=1.5,
    danger=2.0,
    take_margin=2.0,
    take_margin_meld=-3.0,
    knock_samples=64,
    max_undercut_early=0.1,
    max_undercut_late=0.25,
    late_stock=12,
    improve_draws=6,
)
"""The ``strong`` settings of the November 2026 ``expert``, written out so that a change of
the defaults does not change it."""

FROZEN_EXPERT_SEARCH = ExpertParams(
    samples=32,
    candidates=3,
    margin=3.0,
    max_seconds=1.5,
    draw_search=None,
    knock_search=None,
    wait=True,
    opp_wait=0.5,
    z=2.0,
    knock_rule=None,
    draw_rule=False,
    adapt=False,
    finish=0.0,
    game_seconds=0.0,
    score_aware=False,
    endgame=0,
    knock_fit="strong",
    race=False,
    race_draw=False,
    infer_pool=1,
    infer_draws=6,
    max_samples=32,
    extend_share=0.1,
    take_knock=False,
    fit_wait=False,
    prior_gin=False,
    wide=False,
)
"""The search settings of the November 2026 ``expert``. A setting added to
:class:`~ginrummy.agents.expert.ExpertParams` later must be set here to the value that
keeps this play (``tests/golden`` has a game of it)."""


def _search(
    worlds: tuple[int, int], discards: tuple[int, float], seconds: tuple[float, float, float]
) -> ExpertParams:
    """The expert's settings with its search written out, so that a change of the defaults does
    not change a named budget: ``worlds`` (``samples``, ``max_samples``), ``discards``
    (``candidates``, ``margin`` in points), ``seconds`` (``max_seconds``, ``game_seconds``,
    ``extend_share``)."""
    (samples, max_samples), (candidates, margin), (max_seconds, game_seconds, share) = (
        worlds,
        discards,
        seconds,
    )
    return replace(
        ExpertParams(),
        samples=samples,
        max_samples=max_samples,
        candidates=candidates,
        margin=margin,
        max_seconds=max_seconds,
        game_seconds=game_seconds,
        extend_share=share,
    )


_SEARCH_2026_11_27 = replace(_search((32, 32), (3, 3.0), (1.5, 20.0, 0.1)), wide=False)
"""The default search until 2026-11-28 (32 worlds, no extension, 20 s a game, the close discards
only: ``wide`` off), the base of the smaller budgets."""

BUDGETS: dict[str, ExpertParams] = {
    "expert-0.5s": replace(_SEARCH_2026_11_27, samples=8, max_samples=8, max_seconds=0.1, game_seconds=0.5),
    "expert-2s": replace(_SEARCH_2026_11_27, game_seconds=2.0),
    "expert-8s": replace(
        _SEARCH_2026_11_27, max_samples=256, max_seconds=2.0, game_seconds=8.0, extend_share=0.15
    ),
    "expert-20s": _SEARCH_2026_11_27,
    "expert-25s": _search((64, 1024), (5, 5.0), (5.0, 25.0, 0.2)),
}
"""The ``expert``'s search at a budget of seconds of decisions per game (wall-clock; once a
game's decisions have taken ``game_seconds`` it stops searching), by name. ``expert-25s`` is the
default ``expert``'s search (since 2026-11-28), ``expert-20s`` the one before it."""


def _budgeted(name: str) -> Callable[[int | random.Random | None], Agent]:
    def make(seed: int | random.Random | None = 0) -> ExpertAgent:
        agent = ExpertAgent(seed, search=BUDGETS[name])
        agent.name = name
        return agent

    return _level(make, PickupSimpleAgent)


def frozen_expert(seed: int | random.Random | None = 0) -> ExpertAgent:
    """The ``expert`` of November 2026 (:data:`FROZEN_EXPERT_PARAMS`, :data:`FROZEN_EXPERT_SEARCH`),
    named ``expert-2026-11``."""
    agent = ExpertAgent(seed, FROZEN_EXPERT_PARAMS, FROZEN_EXPERT_SEARCH)
    agent.name = "expert-2026-11"
    return agent


CLOSE_SEARCH = replace(ExpertParams(), wide=False)
"""``expert-close``'s search: the ``expert``'s, the close discards only (``wide`` off)."""


def close_expert(seed: int | random.Random | None = 0) -> ExpertAgent:
    """The ``expert`` searching only the close discards (:data:`CLOSE_SEARCH`), named
    ``expert-close``; ``seed``: an int or ``random.Random``.

    >>> close_expert(1).search.wide, close_expert(1).name
    (False, 'expert-close')
    """
    agent = ExpertAgent(seed, search=CLOSE_SEARCH)
    agent.name = "expert-close"
    return agent


SPARRING: dict[str, Callable[[int | random.Random | None], Agent]] = {
    "gin-seeker": _level(GinSeeker, PickupSimpleAgent),
    "early-knocker": _level(EarlyKnocker, PickupSimpleAgent),
    "undercutter": _level(Undercutter, PickupSimpleAgent),
    "expert-2026-11": _level(frozen_expert, PickupSimpleAgent),
    "expert-close": _level(close_expert, PickupSimpleAgent),
    **{name: _budgeted(name) for name in BUDGETS},
}
"""The sparring partners by name: factories from a seed, as :data:`ginrummy.agents.AGENTS`."""

SPARRING_DESCRIPTIONS: dict[str, str] = {
    "gin-seeker": (
        "Knocks only in its first three turns, then waits for gin; takes every upcard that makes or "
        "extends a meld. Otherwise `strong`."
    ),
    "early-knocker": "Knocks as soon as it can; draws and discards as `strong` (careful discards).",
    "undercutter": (
        "Plays as `strong` until it sees the opponent knock with 5 points or more on average, then "
        "keeps its count as low as it can and knocks only with 2 or less, waiting to undercut."
    ),
    "expert-2026-11": "The `expert` of November 2026, frozen.",
    "expert-close": "The `expert` searching only the discards close to its heuristics' choice (until 2026-12-04).",
    **{
        name: f"The `expert` with {name.removeprefix('expert-').removesuffix('s')} s of decisions a game."
        for name in BUDGETS
    },
}
"""How each sparring partner plays (Markdown), for bench/README.md."""
