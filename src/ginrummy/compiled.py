"""The optional compiled build: which modules mypyc compiles, and which build is running.

The pure-Python package is the reference, and what ``pip install`` builds by default;
``GINRUMMY_COMPILE=1 pip install .`` (``make compiled``) builds the modules of :data:`COMPILED`
with mypyc (``setup.py``), where a C compiler is found; without one it warns and installs the pure
package. Both builds give the same results, action for action (``bench/differential_build.py``,
``tests/test_compiled_build.py``). The compiled modules are one group, compiled together: every one
of them is compiled or none is (a module of the group left interpreted beside the others crashes
the process), so this tuple is the one list of them. This module is itself never compiled, and
imports only the standard library (``setup.py`` reads it before anything is built).

>>> build() in ("compiled: mypyc", "pure Python")
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

__all__ = ["COMPILED", "build", "compiled_modules"]

COMPILED: tuple[str, ...] = (
    # the foundation; cards.py stays interpreted (Card subclasses int, which mypyc cannot compile),
    # errors.py (errors that are also a TypeError or an IndexError: more than one built-in base), and
    # rules.py and hand/results.py: dataclasses whose __post_init__ takes what the JSON records hold
    # (a str for an enum), which mypyc refuses at the constructor, before __post_init__ runs; so
    # does variants/pickup/scoring.py, whose PickupResult subclasses HandResult. The actions
    # (hand/actions.py, variants/*/actions.py) stay interpreted too: frozen dataclasses built with
    # whatever a caller gives (the engine checks an action when it is pushed), which compiled
    # would refuse a value of another type with mypyc's own TypeError at the constructor
    "ginrummy.checks",
    "ginrummy.melds.tables",
    "ginrummy.melds.aces",
    "ginrummy.melds.meld",
    "ginrummy.melds.choices",
    "ginrummy.melds.deadwood",
    "ginrummy.melds.arrange",
    "ginrummy.melds.queries",
    "ginrummy.layoff",
    "ginrummy.seeds",
    # the hand
    "ginrummy.hand.phase",
    "ginrummy.hand.base",
    "ginrummy.hand.order",
    # the variants
    "ginrummy.variants.variant",
    "ginrummy.variants.standard.legality",
    "ginrummy.variants.standard.view",
    "ginrummy.variants.standard.state",
    "ginrummy.variants.standard.defense",
    "ginrummy.variants.standard.variant",
    "ginrummy.variants.pickup.legality",
    "ginrummy.variants.pickup.view",
    "ginrummy.variants.pickup.state",
    "ginrummy.variants.pickup.variant",
    # the hand loop
    "ginrummy.play",
    # the computer levels (each subclass with its base: an interpreted class cannot subclass a
    # compiled one, so sparring.py, whose partners are strong players, is compiled too)
    "ginrummy.agents.random_agent",
    "ginrummy.agents.simple",
    "ginrummy.agents.beginner",
    "ginrummy.agents.pickup_simple",
    "ginrummy.agents.tracking",
    "ginrummy.agents.strong",
    "ginrummy.agents.opponent",
    "ginrummy.agents.gamewin",
    "ginrummy.agents.variant_play",
    "ginrummy.agents.straight_play",
    "ginrummy.agents.fitted",
    "ginrummy.agents.rollout",
    "ginrummy.agents.worlds",
    "ginrummy.agents.reading",
    "ginrummy.agents.probing",
    "ginrummy.agents.expert",
    "ginrummy.agents.pickup_strong",
    "ginrummy.agents.sparring",
    # the research environments' encoding and the PettingZoo environment's observations (the
    # environments themselves subclass PettingZoo's and Gymnasium's classes and stay interpreted;
    # observer.py imports numpy, needed by the environments anyway)
    "ginrummy.research.encoding",
    "ginrummy.research.observer",
)
"""The modules mypyc compiles, as one group (``setup.py``); the rest stay interpreted."""


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED` that are running compiled: those found as extension
    modules (``.so``/``.pyd``) rather than Python source. Finding them imports their packages."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in COMPILED:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None and spec.origin.endswith(suffixes):
            found.append(name)
    return found


def build() -> str:
    """Which build is running: ``'compiled: mypyc'`` when every module of :data:`COMPILED` is an
    extension module, ``'pure Python'`` when none is, and ``'mixed: N of M modules compiled'``
    otherwise (a broken installation)."""
    n = len(compiled_modules())
    if n == len(COMPILED):
        return "compiled: mypyc"
    if n == 0:
        return "pure Python"
    return f"mixed: {n} of {len(COMPILED)} modules compiled"
