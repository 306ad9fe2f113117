"""Outside agents as opponents (imported lazily; the core never needs them).

``rlcard``: RLCard's ``GinRummyNoviceRuleAgent`` (``pip install rlcard``). It reads only
``state["legal_actions"]`` (RLCard action ids) and ``state["obs"][0]`` (its hand, RLCard's
52-card encoding), so each decision builds that state from our view: our legal actions
become RLCard ids (draw 2, take 3, pass at the 50th card = declare dead hand 4, gin 5,
discard 6 + card id, knock 58 + card id; the first-turn pass maps to "draw", RLCard having
no upcard offer), and its choice is mapped back. What RLCard's game does not have, our
engine decides: the knocker's melds are the engine's least-deadwood arrangement, and as
defender the agent lays off by the engine's exact best plan (RLCard has no layoffs). The
agent breaks ties with numpy's global generator; we seed it from our ``random.Random``
for each decision and restore it afterwards.

``openspiel``: OpenSpiel's ``SimpleGinRummyBot`` (``pip install open-spiel``). The bot reads
an OpenSpiel ``gin_rummy`` state (its observation: hand, upcard, discard pile, stock size,
melds laid; and the legal actions), so each decision rebuilds such a state by replaying
the hand in OpenSpiel from the view alone (:func:`openspiel_state`): OpenSpiel's player 0
is our non-dealer; the public history gives every action; cards nobody has seen (the
opponent's hidden cards, the face-down knock discard, the cards behind stock draws) are
given identities consistent with everything the view shows, which changes nothing the
bot can observe. Its knock (knock, discard, melds) and its defence (it never lays off;
its own melds) are mapped back to one ``Knock`` / ``LayOff``. Play it under the
``openspiel`` preset (OpenSpiel's rules: knock 10, gin 25, undercut 25, the taken card may
be thrown back); ties are scored by our rules as undercuts, which does not change the
bot's play. Where the replayed state cannot be built (OpenSpiel already ended the hand by
its repetition rule, see bench/openspiel_notes.md) the adapter plays as the ``simple``
level and counts it in ``fallbacks``.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, cast

from ginrummy.agents.base import Agent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.agents.tracking import replay_pile
from ginrummy.cards import CARDS
from ginrummy.errors import RulesError
from ginrummy.hand.phase import Phase
from ginrummy.melds import Meld, least_deadwood
from ginrummy.variants import AnyView
from ginrummy.variants.standard.actions import Action, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "PEERS",
    "OpenSpielSimpleAgent",
    "RLCardNoviceAgent",
    "openspiel_card",
    "openspiel_state",
    "rlcard_card_id",
    "standard_view",
]

DRAW, TAKE, DEAD, GIN, DISCARD, KNOCK = 2, 3, 4, 5, 6, 58


def rlcard_card_id(c: int) -> int:
    """Our card index (``suit * 13 + rank``, suits c d h s) -> RLCard card id (suits S H D C)."""
    return (3 - c // 13) * 13 + c % 13


PLAYS: tuple[str, ...] = ("standard",)
"""The variants the peer engines play (:attr:`Rules.variant <ginrummy.rules.Rules.variant>`)."""


def standard_view(view: AnyView, name: str) -> PlayerView:
    """``view`` if it is a standard hand's; else a :class:`~ginrummy.errors.RulesError` (the peer
    engines play the standard game only)."""
    if view.rules.variant not in PLAYS:
        raise RulesError(f"the {name} bot plays the standard game only, not the {view.rules.variant} variant")
    return cast(PlayerView, view)


class RLCardNoviceAgent:
    """RLCard's ``GinRummyNoviceRuleAgent`` playing from our view (see the module docstring).

    Raises ``ImportError`` on creation when ``rlcard`` is not installed.
    """

    name = "rlcard"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        import numpy as np
        from rlcard.games.gin_rummy.utils import utils
        from rlcard.models.gin_rummy_rule_models import GinRummyNoviceRuleAgent

        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._np = np
        self._utils = utils
        self._agent = GinRummyNoviceRuleAgent()

    def act(self, view: AnyView) -> Action:
        """Map the view to RLCard's state, ask the agent, map its action back. Raises
        :class:`~ginrummy.errors.RulesError` for a variant other than the standard game."""
        view = standard_view(view, self.name)
        if view.phase is Phase.LAYOFF:
            return LayOff()
        ids: dict[int, Action] = {}
        for a in view.legal_actions:
            if isinstance(a, DrawStock | Pass):
                ids[DEAD if view.phase is Phase.LAST_CHANCE else DRAW] = a
            elif isinstance(a, TakeDiscard):
                ids[TAKE] = a
            elif isinstance(a, Discard):
                ids[DISCARD + rlcard_card_id(a.card)] = a
            elif isinstance(a, Knock):
                if least_deadwood(view.hand & ~(1 << a.card)) == 0:
                    ids.setdefault(GIN, Knock(a.card))
                else:
                    ids.setdefault(KNOCK + rlcard_card_id(a.card), Knock(a.card))
        if GIN in ids:  # RLCard offers gin alone when the hand can go gin
            ids = {k: v for k, v in ids.items() if k == GIN or k < DISCARD}
        if len(ids) == 1:
            return next(iter(ids.values()))
        cards = [self._utils.get_card(rlcard_card_id(c)) for c in range(52) if view.hand >> c & 1]
        obs = self._np.zeros((5, 52), dtype=int)
        obs[0] = self._utils.encode_cards(cards)
        state: dict[str, Any] = {"obs": obs, "legal_actions": OrderedDict((k, None) for k in sorted(ids))}
        saved = self._np.random.get_state()
        self._np.random.seed(self.rng.getrandbits(32))
        try:
            choice = int(self._agent.step(state))
        finally:
            self._np.random.set_state(saved)
        return ids[choice]


# --------------------------------------------------------------------------- OpenSpiel

OS_DRAW_UPCARD, OS_DRAW_STOCK, OS_PASS, OS_KNOCK, OS_MELD_BASE = 52, 53, 54, 55, 56


def openspiel_card(c: int) -> int:
    """Our card index -> OpenSpiel card int (suits s c d h = 0..3; ours c d h s)."""
    return ((c // 13 + 1) % 4) * 13 + c % 13


def _our_card(oc: int) -> int:
    return ((oc // 13 + 3) % 4) * 13 + oc % 13


class _Slot:
    """A card of a player's hand whose identity is not known (yet)."""

    __slots__ = ("card",)

    def __init__(self) -> None:
        self.card: int | None = None


def _meld_pieces(mask: int) -> list[int]:
    """A meld as OpenSpiel melds (3-5 cards): runs of 6+ split from the low end."""
    cards = [c for c in range(52) if mask >> c & 1]
    if len(cards) <= 5 or len({c % 13 for c in cards}) == 1:
        return [mask]
    pieces = []
    while len(cards) > 5:
        k = min(5, len(cards) - 3)
        pieces.append(sum(1 << c for c in cards[:k]))
        cards = cards[k:]
    pieces.append(sum(1 << c for c in cards))
    return pieces


_OS: dict[str, Any] = {}


def _os() -> dict[str, Any]:
    """The OpenSpiel game, a cached initial state, the meld tables and the two bots (lazily)."""
    if not _OS:
        import pyspiel

        game = pyspiel.load_game("gin_rummy")
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        _OS.update(
            game=game,
            initial=game.new_initial_state(),
            int_to_meld=dict(utils.int_to_meld),
            meld_to_int=utils.meld_to_int,
            bots=[pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)],
        )
    return _OS


def openspiel_state(view: PlayerView) -> Any:
    """An OpenSpiel ``gin_rummy`` state in which the view's player (OpenSpiel player 0 if it is
    our non-dealer, else 1) observes exactly what the view shows, built by replaying the
    public history with the hidden cards given consistent identities (module docstring).

    Raises ``ValueError`` if OpenSpiel refuses the replay (its own draw rules)."""
    os = _os()
    me = view.player
    dealer = view.dealer
    items: list[list[int | _Slot]] = [[_Slot() for _ in range(10)] for _ in (0, 1)]
    initial = [list(items[0]), list(items[1])]
    events = replay_pile(view)
    upcard = events[0][1] if events else view.upcard
    if upcard is None:
        raise ValueError("no upcard (the 11-card opening is not OpenSpiel's)")
    draws: list[_Slot] = []
    knock_slot: _Slot | None = None
    for ev, _top in events:
        hand = items[ev.player]
        if ev.kind == "draw":
            slot = _Slot()
            hand.append(slot)
            draws.append(slot)
        elif ev.kind == "take" and ev.card is not None:
            hand.append(int(ev.card))
        elif ev.kind in ("discard", "knock"):
            if ev.card is not None and int(ev.card) in hand:
                hand.remove(int(ev.card))
                continue
            slot = next(x for x in hand if isinstance(x, _Slot))
            hand.remove(slot)
            if ev.card is not None:
                slot.card = int(ev.card)
            else:
                knock_slot = slot
    known = view.hand | view.opponent_known
    for c in view.discard_pile:
        known |= 1 << c
    for ev, _top in events:
        if ev.card is not None:
            known |= 1 << ev.card
    known |= 1 << upcard
    finals = [0, 0]
    finals[me] = view.hand
    if view.knocker is not None and view.knocker != me:
        opp_final = view.knocker_deadwood
        for m in view.knocker_melds:
            opp_final |= m.mask
        finals[1 - me] = opp_final
        known |= opp_final
    pool = [c for c in range(52) if not (known >> c & 1)]
    for p in (0, 1):
        free = finals[p] & ~sum(1 << x for x in items[p] if isinstance(x, int))
        for x in items[p]:
            if isinstance(x, _Slot) and x.card is None and free:
                low = free & -free
                x.card = low.bit_length() - 1
                free ^= low
    for filler in [*initial[0], *initial[1], *draws] + ([knock_slot] if knock_slot else []):
        if isinstance(filler, _Slot) and filler.card is None:
            filler.card = pool.pop()
    state = os["initial"].clone()
    nd = 1 - dealer

    def apply(action: int) -> None:
        if state.is_terminal():
            raise ValueError("OpenSpiel ended the hand")
        if not state.is_chance_node() and action not in state.legal_actions():
            raise ValueError(f"OpenSpiel refuses action {action}")
        state.apply_action(action)

    for dealt in [*initial[nd], *initial[dealer]]:
        assert isinstance(dealt, _Slot) and dealt.card is not None
        apply(openspiel_card(dealt.card))
    apply(openspiel_card(upcard))
    draw_iter = iter(draws)
    for ev, _top in events:
        if ev.kind == "pass":
            apply(OS_PASS)
        elif ev.kind == "take":
            apply(OS_DRAW_UPCARD)
        elif ev.kind == "draw":
            apply(OS_DRAW_STOCK)
            card = next(draw_iter).card
            assert card is not None
            apply(openspiel_card(card))
        elif ev.kind == "discard" and ev.card is not None:
            apply(openspiel_card(ev.card))
        elif ev.kind == "knock":
            assert knock_slot is not None and knock_slot.card is not None
            apply(OS_KNOCK)
            apply(openspiel_card(knock_slot.card))
            for m in view.knocker_melds:
                for piece in _meld_pieces(m.mask):
                    ids = sorted(openspiel_card(c) for c in range(52) if piece >> c & 1)
                    apply(OS_MELD_BASE + int(os["meld_to_int"](ids)))
            apply(OS_PASS)
        else:
            raise ValueError(f"cannot replay {ev.kind} in OpenSpiel")
    if state.is_terminal() or state.current_player() != (0 if me == nd else 1):
        raise ValueError("OpenSpiel's state is not at this player's turn")
    return state


class OpenSpielSimpleAgent:
    """OpenSpiel's ``SimpleGinRummyBot`` playing from our view (see the module docstring).

    ``fallbacks``: decisions made by the ``simple`` level because OpenSpiel could not
    follow. Raises ``ImportError`` on creation when ``pyspiel`` is not installed.
    """

    name = "openspiel"

    def __init__(self, seed: int | random.Random | None = 0) -> None:
        _os()
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self._fallback = SimpleAgent(self.rng)
        self.fallbacks = 0

    def act(self, view: AnyView) -> Action:
        """Rebuild the OpenSpiel state, step the bot, map its action(s) back. Raises
        :class:`~ginrummy.errors.RulesError` for a variant other than the standard game."""
        view = standard_view(view, self.name)
        if view.phase is Phase.LAST_CHANCE:
            return TakeDiscard() if view.must_knock else Pass()
        try:
            state = openspiel_state(view)
        except (ValueError, StopIteration):
            self.fallbacks += 1
            return self._fallback.act(view)
        player = state.current_player()
        bot = _os()["bots"][player]
        bot.restart()
        action = int(bot.step(state))
        if view.phase in (Phase.OFFER, Phase.DRAW):
            draw: dict[int, Action] = {
                OS_DRAW_UPCARD: TakeDiscard(),
                OS_PASS: Pass(),
                OS_DRAW_STOCK: DrawStock(),
            }
            return draw[action]
        if view.phase is Phase.DISCARD:
            if action < 52:
                return Discard(CARDS[_our_card(action)])
            state.apply_action(action)  # knock: then the discard and the melds
            card = CARDS[_our_card(int(bot.step(state)))]
            state.apply_action(openspiel_card(card))
            return Knock(card, self._melds(bot, state))
        if view.phase is Phase.LAYOFF:
            first = action
            state.apply_action(first)  # the bot never lays off: a pass, then its melds
            return LayOff(self._melds(bot, state), ())
        raise ValueError(f"no action in phase {view.phase.name}")

    @staticmethod
    def _melds(bot: Any, state: Any) -> tuple[Meld, ...]:
        """Step the bot through meld actions until it passes; the melds as ours (a long run
        laid as two OpenSpiel melds is joined back into one)."""
        int_to_meld = _os()["int_to_meld"]
        masks: list[int] = []
        while not state.is_terminal():
            a = int(bot.step(state))
            state.apply_action(a)
            if a == OS_PASS:
                break
            masks.append(sum(1 << _our_card(c) for c in int_to_meld[a - OS_MELD_BASE]))
        return tuple(Meld(m) for m in masks)


PEERS: dict[str, Callable[[random.Random], Agent]] = {
    "openspiel": OpenSpielSimpleAgent,
    "rlcard": RLCardNoviceAgent,
}
"""Outside agents by name, for the match runner."""
