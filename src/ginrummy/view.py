"""A player's view of a hand: everything that player may see, and nothing else.

Built by :meth:`ginrummy.state.HandState.view`. It holds the player's own cards,
the discard pile, the stock size (not its order), the opponent's card count and
the cards the opponent is known to hold (taken from the discard pile), the
public history, and, once the hand is laid down, what was shown on the table.
Two states that differ only in what ``player`` cannot see give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ginrummy.actions import Action
from ginrummy.cards import Card, CardSet
from ginrummy.melds import Meld
from ginrummy.results import HandResult
from ginrummy.rules import Rules

if TYPE_CHECKING:
    from ginrummy.state import Event, HandState, Phase

__all__ = ["PlayerView", "make_view"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``player`` (0 or 1) sees of a hand.

    ``hand``: own cards (``CardSet``); ``discard_pile``: bottom first, top last;
    ``stock_size``: cards left in the stock; ``opponent_known``: cards the opponent
    took from the discard pile and still holds (``CardSet``);
    ``opponent_hand_size``: number of cards the opponent holds; ``history``: public
    events; ``drawn``: the card this player just drew from the stock (else ``None``);
    ``taken``: the card this player just took from the discard pile (may not be
    discarded this turn unless the rules allow); ``may_take``: the top discard may be
    taken now; ``must_knock``: only a knock is allowed (50th-card rule);
    :attr:`legal_actions`: the player's canonical legal actions when it is their turn,
    else empty; ``knocker_melds`` and
    ``knocker_deadwood``: what the knocker laid down (after a knock);
    ``result``: the hand's result with both hands, once the hand is over.
    """

    player: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int
    hand: CardSet
    discard_pile: tuple[Card, ...]
    stock_size: int
    opponent_hand_size: int
    opponent_known: CardSet
    history: tuple[Event, ...]
    drawn: Card | None
    taken: Card | None
    knock_limit: int
    may_take: bool
    must_knock: bool
    knocker: int | None
    knocker_melds: tuple[Meld, ...]
    knocker_deadwood: CardSet
    result: HandResult | None

    @property
    def upcard(self) -> Card | None:
        """Top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def my_turn(self) -> bool:
        """True when this player is the one to act."""
        return self.to_act == self.player and self.phase.name != "END"

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """This player's canonical legal actions (empty when it is not their turn),
        computed from the view alone by the same function the state uses."""
        from ginrummy.state import legal_actions_of

        if not self.my_turn:
            return ()
        return tuple(
            legal_actions_of(
                self.phase,
                self.rules,
                self.knock_limit,
                self.hand,
                self.taken,
                self.stock_size,
                self.may_take,
                self.must_knock,
                self.knocker_melds,
            )
        )


def make_view(state: HandState, player: int) -> PlayerView:
    """Build ``player``'s view of ``state``. Raises ``ValueError`` unless player is 0 or 1."""
    from ginrummy.actions import TakeDiscard as TakeDiscardAction
    from ginrummy.state import Phase

    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, got {player!r}")
    mine = state.to_act == player and state.phase is not Phase.END
    opp = 1 - player
    laid_down = state.phase in (Phase.LAYOFF, Phase.END) and state.knocker is not None
    knock_dw = 0
    if laid_down:
        knock_dw = state.hand(state.knocker)  # type: ignore[arg-type]
        for m in state.knocker_melds:
            knock_dw &= ~m.mask
    return PlayerView(
        player=player,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hand(player),
        discard_pile=state.discard_pile,
        stock_size=state.stock_size,
        opponent_hand_size=state.hand(opp).bit_count(),
        opponent_known=state.known[opp],
        history=state.events(),
        drawn=state._drawn if mine else None,
        taken=state._taken if mine else None,
        knock_limit=state.knock_limit,
        may_take=mine and bool(state.discard_pile) and not state._draw_only,
        must_knock=mine and (state._must_knock or (state.phase is Phase.LAST_CHANCE and state.can(TakeDiscardAction()))),
        knocker=state.knocker if laid_down else None,
        knocker_melds=state.knocker_melds if laid_down else (),
        knocker_deadwood=knock_dw,
        result=state.result,
    )
