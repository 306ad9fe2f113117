"""The data of a ``python_ginrummy`` state (:mod:`ginrummy.research.openspiel`): chance, play, each
player's record of the hand, and what the state shows each player, made once a state.

OpenSpiel asks a state the same questions many times (``random_sim_test`` asks each state for its
string, tensors, legal actions and chance outcomes over and over, and clones it three times a move),
so a :class:`Core` keeps every answer in ``memo``, a dict shared with its clones until one of them
moves (every move starts a new one, or takes the one a clone made by the same move). A clone shares the current hand's :class:`HandState` too,
copied before either of them writes it (copy on write); everything else a core holds is immutable.
The information-state planes of the public history are read event by event, each event once.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from ginrummy.cards import CARDS, Card, format_cards
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.research.encoding import (
    BIG_GIN,
    DRAW,
    KNOCK,
    OBS_SIZE,
    SCALAR_START,
    observation_parts,
    to_action,
)
from ginrummy.research.encoding import legal_ids as _legal_ids
from ginrummy.research.game_sheet import GAME_SIZE, sheet_copy, sheet_facts
from ginrummy.rules import KnockCard, Opening, Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.actions import DrawStock, Knock, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

if TYPE_CHECKING:
    from ginrummy.research.openspiel import GinRummyGame

__all__ = ["CHANCE", "HISTORY_SIZE", "TERMINAL", "Core"]

CHANCE = -1  # pyspiel.PlayerId.CHANCE
TERMINAL = -4  # pyspiel.PlayerId.TERMINAL
HISTORY_SIZE = 52 * 5 + 1
"""The information-state tensor's part after the observation: five planes and the action count."""

# the keys of a core's memo: a kind of answer plus the player (0 or 1) where it has one
_VIEW, _LEGAL, _OBS, _INFO, _OBS_TEXT, _INFO_TEXT = 0, 2, 4, 6, 8, 10
_OUTCOMES, _TEXT = 12, 13
_BIT = tuple(1 << c for c in range(52))


class _Memo(dict[int, Any]):
    """A state's answers; ``after``: the last action applied to a state holding it and the memo
    of the state that action made (weakly held): a clone that applies the same action reaches
    the same state, so it takes that memo too (``random_sim_test`` applies each action to a state
    and to its clone, and asks both for their string)."""

    __slots__ = ("__weakref__", "after")

    def __init__(self) -> None:
        super().__init__()
        self.after: tuple[int, weakref.ref[_Memo]] | None = None


class Core:
    """A state's data, in one attribute so that OpenSpiel's clone deep-copies it fast (see the
    module docstring). The score sheet is shared between clones too and copied before it is
    written (once a hand)."""

    def __init__(self, game: GinRummyGame) -> None:
        self.rules = game.rules
        self.game = game
        self.sheet: Game | None = game.blank_sheet
        self.facts = game.blank_facts  # the sheet in words and in floats (for each player)
        self.totals = self.sheet.totals if self.sheet is not None else (0, 0)  # the sheet's hand points
        self.dealer = game.first_dealer
        self.dealt: tuple[int, ...] = ()
        self.hand: HandState | None = None
        self.owned = True  # whether ``hand`` is this core's alone (else copied before it is written)
        self.second: Card | None = None
        self.pending_draw = False
        self.draws: tuple[tuple[int, int, Card], ...] = ()  # (action count, player, card)
        self.last = ""  # the last hand's result, in words
        self.record: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # each player's record, in words
        self.returns = (0.0, 0.0)
        self.over = False
        self.moves = 0  # actions applied so far (chance ones too): the length of the history
        self.hand_start = 1 if game.first_dealer < 0 else 0  # where the current hand's deal began
        self.player = CHANCE
        self.memo = _Memo()
        # each player's dealt cards and stock draws (CardSets) in the current hand; ``public``: how
        # many of its events were read, the discard pile they give, the cards each player took
        # from the pile, and the cards each player passed on (the top discard at a pass or draw)
        self.dealt_masks = self.draw_masks = (0, 0)
        self.public: tuple[int, tuple[Card, ...], int, int, int, int, int, int] = (0, (), 0, 0, 0, 0, 0, 0)

    @staticmethod
    def fresh(game: GinRummyGame) -> Core:
        """A new game's core: a copy of ``game``'s first one (every new state is the same state,
        so they share its memo too)."""
        core = object.__new__(Core)
        core.__dict__.update(game.first_core)
        return core

    def __deepcopy__(self, memo: Any) -> Core:
        other = object.__new__(Core)
        other.__dict__.update(self.__dict__)
        if self.hand is not None:
            self.owned = other.owned = False
        return other

    def __getstate__(self) -> dict[str, Any]:
        """What OpenSpiel's serialization pickles: everything but the memo (answers, remade)."""
        state = dict(self.__dict__)
        del state["memo"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.memo = _Memo()
        self.owned = False  # a shallow copy (copy.copy) shares the hand: copied before it is written

    def _hand_to_write(self) -> HandState:
        hand = self.hand
        assert hand is not None
        if not self.owned:
            hand = self.hand = hand.clone()
            self.owned = True
        return hand

    def moved(self, action: int) -> None:
        """After ``action``: the new state's memo (see :class:`_Memo`), and the player to act."""
        after = self.memo.after
        memo = after[1]() if after is not None and after[0] == action else None
        if memo is None:
            memo = _Memo()
            self.memo.after = (action, weakref.ref(memo))
        self.memo = memo
        if self.over:
            self.player = TERMINAL
        elif self.dealer < 0 or self.hand is None or self.pending_draw:
            self.player = CHANCE
        else:
            self.player = self.hand.to_act

    # -- chance ----------------------------------------------------------------------------------

    def outcomes(self) -> list[tuple[int, float]]:
        out: list[tuple[int, float]] | None = self.memo.get(_OUTCOMES)
        if out is None:
            if self.dealer < 0:
                out = [(0, 0.5), (1, 0.5)]
            elif self.hand is None and len(self.dealt) == 21:  # the second deck's knock card
                out = [(c, 1 / 52) for c in range(52)]
            else:
                left = (
                    sorted(set(range(52)) - set(self.dealt)) if self.hand is None else sorted(self.hand.stock)
                )
                p = 1 / len(left)
                out = [(c, p) for c in left]
            self.memo[_OUTCOMES] = out
        return list(out)

    def apply_chance(self, outcome: int) -> None:
        if self.dealer < 0:
            self.dealer = outcome
            if self.sheet is not None:
                self.sheet = sheet_copy(self.sheet)
                self.sheet.dealer = outcome
            return
        if self.hand is None:
            if len(self.dealt) < 21:
                self.dealt = (*self.dealt, outcome)
            else:
                self.second = CARDS[outcome]
            if len(self.dealt) == 21 and (self.rules.knock_card is not KnockCard.SECOND_DECK or self.second):
                self._start_hand()
            return
        hand = self._hand_to_write()
        deck = list(hand.deck)
        top, at = 52 - hand.stock_size, deck.index(CARDS[outcome])
        deck[top], deck[at] = deck[at], deck[top]
        hand.deck = tuple(deck)
        p = hand.to_act
        self.draws = (*self.draws, (hand.action_count, p, CARDS[outcome]))
        masks = list(self.draw_masks)
        masks[p] |= _BIT[outcome]
        self.draw_masks = (masks[0], masks[1])
        self.pending_draw = False
        hand.push(DrawStock())
        self._add_words(p, f"me draw {CARDS[outcome]}", "opp draw")
        self._after_action()

    def _start_hand(self) -> None:
        rest = sorted(set(range(52)) - set(self.dealt))
        hand = self.hand = HandState(self.rules, self.dealer, [*self.dealt, *rest], self.second)
        self.owned = True
        dealt = [_dealt_to(hand, p) for p in (0, 1)]
        self.record = (
            (f"dealer {hand.dealer} dealt {format_cards(dealt[0])}",),
            (f"dealer {hand.dealer} dealt {format_cards(dealt[1])}",),
        )
        self.dealt_masks = (sum(_BIT[c] for c in dealt[0]), sum(_BIT[c] for c in dealt[1]))
        self.draw_masks = (0, 0)
        pile = (hand.deck[20],) if self.rules.opening is Opening.UPCARD else ()
        self.public = (0, pile, 0, 0, 0, 0, 0, 0)

    def resampled(self, action: int, swap: dict[Card, Card]) -> int:
        """``action`` (the next one) with the current hand's cards moved by ``swap``: the deal's
        cards and stock draws (not the second deck's knock card) and a knock's face-down discard."""
        if self.player == CHANCE:
            second_deck = self.hand is None and len(self.dealt) == 21
            return action if self.dealer < 0 or second_deck else swap.get(CARDS[action], CARDS[action])
        if KNOCK <= action < BIG_GIN:
            return KNOCK + swap.get(CARDS[action - KNOCK], CARDS[action - KNOCK])
        return action

    # -- play --------------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        if action == DRAW:
            assert self.hand is not None
            self.hand.verify(DrawStock())
            self.pending_draw = True
            return
        hand = self._hand_to_write()
        hand.push(to_action(action))
        last = hand.last_action
        assert last is not None
        p, act = last
        if isinstance(act, TakeDiscard):
            words = (f"take {hand.events()[-1].card}",) * 2
        elif isinstance(act, Knock):  # the discard is face down, the melds are laid down
            words = (str(act), "knock" + "".join(f" [{m}]" for m in act.melds or ()))
        else:
            words = (str(act),) * 2
        self._add_words(p, f"me {words[0]}", f"opp {words[1]}")
        self._after_action()

    def _add_words(self, player: int, mine: str, theirs: str) -> None:
        r0, r1 = self.record
        self.record = ((*r0, mine), (*r1, theirs)) if player == 0 else ((*r0, theirs), (*r1, mine))

    def _after_action(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.is_over:
            result = hand.result
            assert result is not None
            self._end_hand(result)
        elif hand.action_count >= self.game.max_actions:
            self._end_hand(HandResult(Outcome.DEAD, None, 0))

    def _end_hand(self, result: HandResult) -> None:
        self.last = result.describe(("P0", "P1"))
        if self.sheet is None:
            if result.winner is not None:
                points = float(result.points)
                self.returns = (points, -points) if result.winner == 0 else (-points, points)
            self.over = True
            return
        self.sheet = sheet_copy(self.sheet)
        self.sheet.enter(result)
        self.facts = sheet_facts(self.sheet, self.game.max_hands)
        self.totals = self.sheet.totals
        if self.sheet.is_over or len(self.sheet.results) >= self.game.max_hands:
            totals = self.sheet.summary().totals if self.sheet.is_over else self.sheet.totals
            self.returns = (float(totals[0] - totals[1]), float(totals[1] - totals[0]))
            self.over = True
            return
        self.dealer, self.dealt, self.hand, self.second, self.draws = self.sheet.dealer, (), None, None, ()
        self.record = ((), ())
        self.hand_start = self.moves

    # -- what a player is shown ----------------------------------------------------------------------

    def view(self, player: int) -> PlayerView | None:
        if self.hand is None:
            return None
        view: PlayerView | None = self.memo.get(_VIEW + player)
        if view is None:
            view = self.memo[_VIEW + player] = self.hand.view(player)
        return view

    def legal(self, player: int) -> list[int]:
        ids: list[int] | None = self.memo.get(_LEGAL + player)
        if ids is None:
            view = self.view(player)
            ids = self.memo[_LEGAL + player] = _legal_ids(view) if view is not None else []
        return list(ids)

    def tensor(self, player: int, info_state: bool) -> Any:
        """The observation tensor (``info_state``: the information-state tensor) of ``player``, a
        float32 array made once a state (the caller copies it)."""
        key = (_INFO if info_state else _OBS) + player
        out = self.memo.get(key)
        if out is not None:
            return out
        obs_size = OBS_SIZE + (GAME_SIZE if self.facts is not None else 0)
        out = np.zeros(obs_size + (HISTORY_SIZE if info_state else 0), np.float32)
        if info_state:  # the observation, then the history planes
            out[:obs_size] = self.tensor(player, False)
            if self.hand is not None:
                taken, declined, _ = self._public_planes()
                me = (self.dealt_masks[player], self.draw_masks[player], taken[player])
                planes = [*me, taken[1 - player], declined[1 - player]]
                out[obs_size:-1] = _card_bits(planes)
                out[-1] = min(1.0, self.hand.action_count / self.game.max_actions)
        else:
            if self.facts is not None:
                out[OBS_SIZE:obs_size] = self.facts[1][player]
            view = self.view(player)
            if view is not None:
                planes, scalars = observation_parts(view, self._public_planes()[2])
                out[:SCALAR_START] = _card_bits(planes)
                out[SCALAR_START:OBS_SIZE] = scalars
        self.memo[key] = out
        return out

    def _public_planes(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """The cards each player took from the pile, passed on (the top discard when each
        action was made) and discarded face up, from the hand's public events, each read once."""
        hand = self.hand
        assert hand is not None
        seen, pile, t0, t1, d0, d1, x0, x1 = self.public
        events = hand.events()
        if seen < len(events):
            taken, declined, discarded, stack = [t0, t1], [d0, d1], [x0, x1], list(pile)
            for e in events[seen:]:
                if e.kind == "take" and e.card is not None:
                    taken[e.player] |= _BIT[e.card]
                elif e.kind in ("pass", "draw") and stack:
                    declined[e.player] |= _BIT[stack[-1]]
                if e.kind == "discard" and e.card is not None:
                    stack.append(e.card)
                    discarded[e.player] |= _BIT[e.card]
                elif e.kind == "take" and stack:
                    stack.pop()
            t0, t1, d0, d1, x0, x1 = taken[0], taken[1], declined[0], declined[1], discarded[0], discarded[1]
            self.public = (len(events), tuple(stack), t0, t1, d0, d1, x0, x1)
        return (t0, t1), (d0, d1), (x0, x1)

    def obs_string(self, player: int) -> str:
        text: str | None = self.memo.get(_OBS_TEXT + player)
        if text is None:
            view = self.view(player)
            scores = self.totals if self.sheet is not None else None
            text = f"p{player} dealing" if view is None else _obs_string(view, scores)
            self.memo[_OBS_TEXT + player] = text
        return text

    def info_string(self, player: int) -> str:
        """The player's information state: the score sheet in whole-game mode, the current
        hand's perfect-recall record, and its result once the game is over."""
        text: str | None = self.memo.get(_INFO_TEXT + player)
        if text is None:
            words = [f"p{player}"]
            if self.facts is not None:
                words.append(self.facts[0])
            words.append(self.info_hand(player))
            if self.over:
                words.append(f"| {self.last}")
            text = self.memo[_INFO_TEXT + player] = " ".join(words)
        return text

    def info_hand(self, player: int) -> str:
        """The player's perfect-recall record of the current hand."""
        hand = self.hand
        if hand is None:
            mine = [c for i, c in enumerate(self.dealt) if _deal_seat(i, self.dealer, self.rules) == player]
            return f"dealer {self.dealer} dealt {format_cards(mine)}"
        words = "; ".join(self.record[player])
        if self.pending_draw:
            return words + ("; me draw ?" if hand.to_act == player else "; opp draw")
        return words

    def text(self) -> str:
        """The whole state in words (``str(state)``: both hands, for debugging)."""
        text: str | None = self.memo.get(_TEXT)
        if text is None:
            head = f"dealer {self.dealer}; returns {list(self.returns)}"
            if self.sheet is not None:
                head += f"; hand points {self.totals}"
            hand = self.hand
            text = f"{head}; {_hand_text(hand)}" if hand is not None else f"{head}; dealing {len(self.dealt)}"
            self.memo[_TEXT] = text
        return text


def _deal_seat(i: int, dealer: int, rules: Rules) -> int | None:
    if i < 20:
        return 1 - dealer if i % 2 == 0 else dealer
    return 1 - dealer if rules.opening is Opening.ELEVEN_CARDS else None


def _dealt_to(hand: HandState, player: int) -> list[Card]:
    return [c for i, c in enumerate(hand.deck[:21]) if _deal_seat(i, hand.dealer, hand.rules) == player]


def _card_bits(planes: list[int]) -> Any:
    """Card planes (``CardSet``s) as one array of 0/1 bytes, 52 a plane in card order."""
    words = np.array(planes, "<u8")
    return np.unpackbits(words.view(np.uint8), bitorder="little").reshape(-1, 64)[:, :52].ravel()


_TEXT_OF = tuple(str(c) for c in CARDS)
_BY_RANK = tuple(sorted(range(52), key=lambda c: (c % 13, c // 13)))  # the cards by rank, then suit
_PLACE = tuple(_BY_RANK.index(c) for c in range(52))  # each card's place in _BY_RANK
_RANKED_TEXT = tuple(_TEXT_OF[c] for c in _BY_RANK)


def _set_text(mask: int) -> str:
    """A card set as :func:`~ginrummy.cards.format_cards` writes it (by rank, then suit), faster."""
    places = []
    while mask:
        low = mask & -mask
        places.append(_PLACE[low.bit_length() - 1])
        mask ^= low
    places.sort()
    return " ".join([_RANKED_TEXT[i] for i in places])


def _hand_text(hand: HandState) -> str:
    """``repr(hand)``, faster (:func:`_set_text` for both hands)."""
    return (
        f"<HandState phase={hand.phase.name} to_act={hand.to_act} stock={hand.stock_size} "
        f"upcard={hand.upcard} hands=({_set_text(hand.hand(0))} / {_set_text(hand.hand(1))})>"
    )


def _obs_string(view: PlayerView, scores: tuple[int, int] | None) -> str:
    parts = [
        f"p{view.player} dealer {view.dealer} phase {view.phase.value} to_act {view.to_act}",
        f"hand {_set_text(view.hand)}",
        f"upcard {view.upcard}",
        f"pile {' '.join(_TEXT_OF[c] for c in view.discard_pile[:-1])}",
        f"stock {view.stock_size}",
        f"opp {view.opponent_hand_size} known {_set_text(view.opponent_known)}",
        f"knock {view.knock_limit}",
    ]
    if view.drawn is not None:
        parts.append(f"drawn {view.drawn}")
    if view.knocker is not None:
        parts.append(f"knocker {view.knocker} melds {' '.join(f'[{m}]' for m in view.knocker_melds)}")
    if scores is not None:
        parts.append(f"scores {scores[0]}-{scores[1]}")
    return "; ".join(parts)
