"""The standard game (knock-and-draw gin, with its settings): its actions and notation
(:mod:`~ginrummy.variants.standard.actions`), legality (:mod:`~ginrummy.variants.standard.legality`),
view (:mod:`~ginrummy.variants.standard.view`, :class:`PlayerView`), state machine
(:mod:`~ginrummy.variants.standard.state`, :class:`HandState`), the defender's layoff choices
(:mod:`~ginrummy.variants.standard.defense`) and its registration (:class:`Standard`)."""

from ginrummy.variants.standard.actions import Action, BigGin, Knock, LayOff, TakeDiscard, parse_action
from ginrummy.variants.standard.legality import legal_actions_of
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.variant import Standard
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "Action",
    "BigGin",
    "HandState",
    "Knock",
    "LayOff",
    "PlayerView",
    "Standard",
    "TakeDiscard",
    "legal_actions_of",
    "parse_action",
]
