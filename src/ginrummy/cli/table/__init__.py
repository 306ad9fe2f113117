"""The table screens of ``ginrummy play``: one per variant of hand, each with its command set.

:class:`~ginrummy.cli.table.standard.StandardScreen` plays the standard game (knock, gin, big gin,
layoffs) and :class:`~ginrummy.cli.table.pickup.PickupScreen` discard-pile pickup (002); what they
share and what they are given is in :mod:`ginrummy.cli.table.base`. :func:`screen_class` picks
the screen for the variant the rules name (:data:`SCREENS`), so the session
(:mod:`ginrummy.cli.session`) and the replay (:mod:`ginrummy.cli.replay`) never ask which variant
they are playing.
"""

from __future__ import annotations

from typing import Any

from ginrummy.cli.table.base import COMPUTER, HUMAN, HandInfo, Quit, TableIO, TableScreen
from ginrummy.cli.table.pickup import PickupScreen
from ginrummy.cli.table.standard import StandardScreen
from ginrummy.rules import Rules

__all__ = [
    "COMPUTER",
    "HUMAN",
    "SCREENS",
    "HandInfo",
    "PickupScreen",
    "Quit",
    "StandardScreen",
    "TableIO",
    "TableScreen",
    "screen_class",
]

SCREENS: dict[str, type[TableScreen[Any]]] = {"standard": StandardScreen, "pickup": PickupScreen}
"""The table screen of each variant, by :attr:`Rules.variant <ginrummy.rules.Rules.variant>`."""


def screen_class(rules: Rules) -> type[TableScreen[Any]]:
    """The table screen for hands dealt under ``rules`` (:data:`SCREENS` of ``rules.variant``).

    >>> screen_class(Rules.preset("pickup")).__name__, screen_class(Rules()).__name__
    ('PickupScreen', 'StandardScreen')
    """
    return SCREENS[rules.variant]
