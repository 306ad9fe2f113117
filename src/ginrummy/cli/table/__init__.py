"""The table screens of ``ginrummy play``: one per variant of hand, each with its command set.

:class:`~ginrummy.cli.table.standard.StandardScreen` plays the standard game (knock, gin, big gin,
layoffs) and :class:`~ginrummy.cli.table.pickup.PickupScreen` discard-pile pickup (002); what they
share and what they are given is in :mod:`ginrummy.cli.table.base`. :func:`screen_class` picks
the screen for a hand type (:func:`ginrummy.variants.hand_type`), so the session
(:mod:`ginrummy.cli.session`) and the replay (:mod:`ginrummy.cli.replay`) never ask which variant
they are playing.
"""

from __future__ import annotations

from typing import Any

from ginrummy.cli.table.base import COMPUTER, HUMAN, HandInfo, Quit, TableIO, TableScreen
from ginrummy.cli.table.pickup import PickupScreen
from ginrummy.cli.table.standard import StandardScreen
from ginrummy.rules import Rules
from ginrummy.variants import hand_type

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

SCREENS: dict[type[Any], type[TableScreen[Any]]] = {cls.STATE: cls for cls in (StandardScreen, PickupScreen)}
"""The table screen of each hand type (its ``STATE``)."""


def screen_class(rules: Rules) -> type[TableScreen[Any]]:
    """The table screen for hands dealt under ``rules`` (by :func:`ginrummy.variants.hand_type`).

    >>> screen_class(Rules.preset("pickup")).__name__, screen_class(Rules()).__name__
    ('PickupScreen', 'StandardScreen')
    """
    return SCREENS[hand_type(rules)]
