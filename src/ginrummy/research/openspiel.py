"""An OpenSpiel game over this engine: ``python_ginrummy`` (needs ``open-spiel`` and numpy).

Importing this module registers the game with ``pyspiel``::

    import pyspiel, ginrummy.research.openspiel
    game = pyspiel.load_game("python_ginrummy", {"preset": "oklahoma", "returns": "game"})

Parameters: ``preset`` (a :data:`~ginrummy.rules.PRESETS` name, default ``default``); every
:class:`~ginrummy.rules.Rules` setting under its own name and type (``knock_limit=5``,
``big_gin=False``, ``aces="round-the-corner"``): a typed setting whose value differs from
``Rules()``'s default overrides the preset; ``settings`` (``"key=value;key=value"``, applied last,
as on the command line) sets anything, a setting back to ``Rules()``'s default included;
``returns``: ``"hand"`` (one hand; the winner gets +points, the loser -points; a dead hand 0) or
``"game"`` (hands dealt until the game is over under the rules' scoring, Hollywood's three games
included; returns are the final scores' difference, bonuses included); ``first_dealer`` (1, so
player 0 acts first as in OpenSpiel's ``gin_rummy``; -1: a chance node with two outcomes);
``max_actions`` (2000): a hand still going after that many actions is scored as a dead hand (two
players can pass a card back and forth for ever where the rules let a taken card go back);
``max_hands`` (200): a game cut off after that many hands returns its hand points' difference.
Discard-pile pickup rules raise :class:`~ginrummy.research.encoding.UnsupportedVariantError`.

Chance nodes: the first dealer (when ``first_dealer=-1``), the 21 cards of each deal (10 to the
non-dealer and 10 to the dealer alternately, then the upcard, or the non-dealer's 11th card with
the 11-card opening), Oklahoma's second-deck knock card (52 outcomes), and each stock draw (the
card drawn, uniform over the cards still in the stock): the stock's order is never fixed before a
card is drawn. Actions are :mod:`ginrummy.research.encoding`'s 109 ids.

What each player is shown: the observation tensor is the encoding's :data:`OBS_SIZE` floats of
that player's view (:func:`~ginrummy.research.encoding.layout` names the pieces), then in
whole-game mode the score, :data:`GAME_SIZE` floats (:data:`GAME_SCALARS`); the information-state
tensor adds :data:`HISTORY_PLANES` (52 floats each) and the number of actions so far /
``max_actions``; the information-state string is the exact, perfect-recall record of what the
player saw of the current hand (its deal, its own stock draws, every public action), after, in
whole-game mode, the score sheet: the hands played and won, each game's points and hands won.
Earlier hands' play is left out (every deal is independent of it; what is left decides the rest of
the game), so the string never grows with the game: it is at most about 150 characters (Hollywood's
three games) plus the current hand's record, under 60 characters an action and ``max_actions``
actions at most. The observation string is the view in words (with the score in whole-game mode). :meth:`GinRummyState.view` gives a player's
:class:`~ginrummy.variants.standard.view.PlayerView`, for this engine's agents. ``str(state)`` is the whole
state (both hands), for debugging, as OpenSpiel's own games do.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ginrummy.cards import CARDS, Card, format_cards
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.research.encoding import (
    BIG_GIN,
    DRAW,
    KNOCK,
    NUM_ACTIONS,
    OBS_SIZE,
    action_name,
    check_rules,
    to_action,
)
from ginrummy.research.encoding import encode_into as _encode_into
from ginrummy.research.encoding import layout as _layout
from ginrummy.research.encoding import legal_ids as _legal_ids
from ginrummy.research.game_sheet import GAME_COLUMNS, GAME_SCALARS, GAME_SIZE, sheet_copy, sheet_facts
from ginrummy.research.resample import permutation, unknown_cards
from ginrummy.rules import KnockCard, Opening, Rules
from ginrummy.scoring.game import Game
from ginrummy.variants.standard.actions import DrawStock, Knock, TakeDiscard
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "GAME_NAME",
    "GAME_SCALARS",
    "GAME_SIZE",
    "HISTORY_PLANES",
    "GinRummyGame",
    "GinRummyState",
    "rules_from_params",
]

GAME_NAME = "python_ginrummy"

HISTORY_PLANES: tuple[tuple[str, str], ...] = (
    ("my_dealt", "the cards this player was dealt"),
    ("my_stock_draws", "the cards this player drew from the stock"),
    ("my_takes", "the cards this player took from the discard pile"),
    ("opponent_takes", "the cards the opponent took from the discard pile"),
    ("opponent_declined", "the cards the opponent passed on (the upcard offer, or drew over)"),
)
"""The information-state tensor's planes after the observation, in order (one hand's history)."""
INFO_SIZE = OBS_SIZE + 52 * len(HISTORY_PLANES) + 1
"""The information-state tensor's size in one-hand mode (whole-game mode adds :data:`GAME_SIZE`)."""

_RULE_DEFAULTS = Rules()
_SPEC: dict[str, Any] = {
    "preset": "default",
    "settings": "",
    "returns": "hand",
    "first_dealer": 1,
    "max_actions": 2000,
    "max_hands": 200,
    **{k: v for k, v in _RULE_DEFAULTS.settings().items() if k != "discard_pickup"},
}


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The rules a parameter dict names (see the module docstring). Raises
    :class:`~ginrummy.errors.RulesError` for a bad preset or setting, and
    :class:`~ginrummy.research.encoding.UnsupportedVariantError` for pickup rules.

    >>> rules_from_params({"preset": "pagat", "knock_limit": 5}).knock_limit
    5
    >>> rules_from_params({"preset": "default", "settings": "big_gin=false"}).big_gin
    False
    """
    rules = Rules.preset(str(params.get("preset", "default")))
    defaults = _RULE_DEFAULTS.settings()
    changes = {k: v for k, v in params.items() if k in defaults and v != defaults[k]}
    rules = rules.replace(**changes) if changes else rules
    for item in str(params.get("settings", "")).replace(",", ";").split(";"):
        if item.strip():
            rules = rules.with_setting(item.strip().replace(":", "=", 1) if "=" not in item else item)
    return check_rules(rules)


def _hand_bound(rules: Rules) -> int:
    return 2 * (max(rules.gin_bonus, rules.big_gin_bonus, rules.undercut_bonus + 10) + 165)


class GinRummyGame(pyspiel.Game):
    """The registered game (see the module docstring for the parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = dict(_SPEC, **(params or {}))
        self.rules = rules_from_params(p)
        self.per_game = {"hand": False, "game": True}.get(str(p["returns"]))
        if self.per_game is None:
            raise ValueError(f"returns must be 'hand' or 'game'; got {p['returns']!r}")
        self.first_dealer = int(p["first_dealer"])
        if self.first_dealer not in (-1, 0, 1):
            raise ValueError(f"first_dealer must be -1 (chance), 0 or 1; got {self.first_dealer}")
        self.max_actions = int(p["max_actions"])
        self.max_hands = int(p["max_hands"]) if self.per_game else 1
        if self.max_actions < 1 or self.max_hands < 1:
            raise ValueError("max_actions and max_hands must be at least 1")
        # the empty score sheet every state starts from (copied before it is written: see _Core)
        self.blank_sheet = Game(self.rules, first_dealer=max(self.first_dealer, 0)) if self.per_game else None
        self.blank_facts = sheet_facts(self.blank_sheet, self.max_hands) if self.blank_sheet else None
        r = self.rules
        bound = _hand_bound(r)
        if self.per_game:
            bound = 12 * (self.max_hands * (bound + r.box_bonus) + r.game_bonus + r.margin_bonus)
        per_hand = self.max_actions + 24 + 32
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-float(bound),
            max_utility=float(bound),
            utility_sum=0.0,
            max_game_length=per_hand * self.max_hands + 1,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> GinRummyState:
        return GinRummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, info_state=bool(recall))


class _Core:
    """The state's data, in one attribute so that OpenSpiel's clone deep-copies it fast. The
    score sheet is shared between clones and copied before it is written (once a hand)."""

    def __init__(self, game: GinRummyGame) -> None:
        self.rules = game.rules
        self.game = game
        self.sheet: Game | None = game.blank_sheet
        self.facts = game.blank_facts  # the sheet in words and in floats (for each player)
        self.dealer = game.first_dealer
        self.dealt: list[int] = []
        self.hand: HandState | None = None
        self.second: Card | None = None
        self.pending_draw = False
        self.draws: list[tuple[int, int, Card]] = []  # (action count, player, card)
        self.last = ""  # the last hand's result, in words
        self.record: list[list[str]] = [[], []]  # each player's record of the current hand, in words
        self.text = (-1, "")  # str(state) at ``moves``
        self.views: tuple[int, tuple[PlayerView | None, PlayerView | None]] = (-1, (None, None))
        self.encoded: tuple[int, tuple[Any, Any]] = (-1, (None, None))  # each player's encoding at ``moves``
        self.returns = [0.0, 0.0]
        self.over = False
        self.moves = 0  # actions applied so far (chance ones too): the length of the history
        self.hand_start = 1 if game.first_dealer < 0 else 0  # where the current hand's deal began

    def __deepcopy__(self, memo: Any) -> _Core:
        other = object.__new__(_Core)
        other.__dict__.update(self.__dict__)
        other.dealt = list(self.dealt)
        other.hand = self.hand.clone() if self.hand is not None else None
        other.draws = list(self.draws)
        other.record = [list(self.record[0]), list(self.record[1])]
        other.returns = list(self.returns)
        return other

    # -- chance ----------------------------------------------------------------------------------

    def chance(self) -> bool:
        return not self.over and (self.dealer < 0 or self.hand is None or self.pending_draw)

    def outcomes(self) -> list[tuple[int, float]]:
        if self.dealer < 0:
            return [(0, 0.5), (1, 0.5)]
        if self.hand is None:
            if len(self.dealt) == 21:  # the second deck's knock card: a deck of its own
                return [(c, 1 / 52) for c in range(52)]
            left = sorted(set(range(52)) - set(self.dealt))
        else:
            left = sorted(self.hand.stock)
        return [(c, 1 / len(left)) for c in left]

    def apply_chance(self, outcome: int) -> None:
        if self.dealer < 0:
            self.dealer = outcome
            if self.sheet is not None:
                self.sheet = sheet_copy(self.sheet)
                self.sheet.dealer = outcome
            return
        if self.hand is None:
            if len(self.dealt) < 21:
                self.dealt.append(outcome)
            else:
                self.second = CARDS[outcome]
            if len(self.dealt) == 21 and (self.rules.knock_card is not KnockCard.SECOND_DECK or self.second):
                rest = sorted(set(range(52)) - set(self.dealt))
                hand = self.hand = HandState(self.rules, self.dealer, self.dealt + rest, self.second)
                self.record = [
                    [f"dealer {hand.dealer} dealt {format_cards(_dealt_to(hand, p))}"] for p in (0, 1)
                ]
            return
        hand = self.hand
        deck = list(hand.deck)
        top, at = 52 - hand.stock_size, deck.index(CARDS[outcome])
        deck[top], deck[at] = deck[at], deck[top]
        hand.deck = tuple(deck)
        self.draws.append((hand.action_count, hand.to_act, CARDS[outcome]))
        self.pending_draw = False
        hand.push(DrawStock())
        p = hand.log[-1][0]
        self.record[p].append(f"me draw {CARDS[outcome]}")
        self.record[1 - p].append("opp draw")
        self._after_action()

    def resampled(self, action: int, swap: dict[Card, Card]) -> int:
        """``action`` (the next one) with the current hand's cards moved by ``swap``: the deal's
        cards and stock draws (not the second deck's knock card) and a knock's face-down discard."""
        if self.chance():
            second_deck = self.hand is None and len(self.dealt) == 21
            return action if self.dealer < 0 or second_deck else swap.get(CARDS[action], CARDS[action])
        if KNOCK <= action < BIG_GIN:
            return KNOCK + swap.get(CARDS[action - KNOCK], CARDS[action - KNOCK])
        return action

    # -- play --------------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        hand = self.hand
        assert hand is not None
        if action == DRAW:
            hand.verify(DrawStock())
            self.pending_draw = True
            return
        hand.push(to_action(action))
        p, act = hand.log[-1]
        if isinstance(act, TakeDiscard):
            words = (f"take {hand.events()[-1].card}",) * 2
        elif isinstance(act, Knock):  # the discard is face down, the melds are laid down
            words = (str(act), "knock" + "".join(f" [{m}]" for m in act.melds or ()))
        else:
            words = (str(act),) * 2
        self.record[p].append(f"me {words[0]}")
        self.record[1 - p].append(f"opp {words[1]}")
        self._after_action()

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
                self.returns[result.winner] = float(result.points)
                self.returns[1 - result.winner] = -float(result.points)
            self.over = True
            return
        self.sheet = sheet_copy(self.sheet)
        self.sheet.enter(result)
        self.facts = sheet_facts(self.sheet, self.game.max_hands)
        if self.sheet.is_over or len(self.sheet.results) >= self.game.max_hands:
            totals = self.sheet.summary().totals if self.sheet.is_over else self.sheet.totals
            self.returns = [float(totals[0] - totals[1]), float(totals[1] - totals[0])]
            self.over = True
            return
        self.dealer, self.dealt, self.hand, self.second, self.draws = self.sheet.dealer, [], None, None, []
        self.record = [[], []]
        self.hand_start = self.moves

    # -- what a player is shown ----------------------------------------------------------------------

    def view(self, player: int) -> PlayerView | None:
        if self.hand is None:
            return None
        moves, views = self.views  # a new tuple each time: clones share it
        if moves != self.moves:
            views = (None, None)
        view = views[player]
        if view is None:
            view = self.hand.view(player)
            self.views = (self.moves, (view, views[1]) if player == 0 else (views[0], view))
        return view

    def encoding(self, view: PlayerView) -> Any:
        """``view`` (this state's, for its player) encoded, once a state: both tensors use it."""
        moves, done = self.encoded
        if moves != self.moves:
            done = (None, None)
        p = view.player
        out = done[p]
        if out is None:
            out = np.zeros(OBS_SIZE, np.float32)
            _encode_into(view, out)
            self.encoded = (self.moves, (out, done[1]) if p == 0 else (done[0], out))
        return out

    def info_string(self, player: int) -> str:
        """The player's information state: the score sheet in whole-game mode, the current
        hand's perfect-recall record, and its result once the game is over."""
        words = [f"p{player}"]
        if self.facts is not None:
            words.append(self.facts[0])
        words.append(self.info_hand(player))
        if self.over:
            words.append(f"| {self.last}")
        return " ".join(words)

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


def _deal_seat(i: int, dealer: int, rules: Rules) -> int | None:
    if i < 20:
        return 1 - dealer if i % 2 == 0 else dealer
    return 1 - dealer if rules.opening is Opening.ELEVEN_CARDS else None


def _dealt_to(hand: HandState, player: int) -> list[Card]:
    return [c for i, c in enumerate(hand.deck[:21]) if _deal_seat(i, hand.dealer, hand.rules) == player]


class GinRummyState(pyspiel.State):
    """A state of ``python_ginrummy``: the hidden state lives in one private attribute."""

    def __init__(self, game: GinRummyGame) -> None:
        super().__init__(game)
        self._core = _Core(game)

    def current_player(self) -> int:
        core = self._core
        if core.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if core.chance():
            return int(pyspiel.PlayerId.CHANCE)
        assert core.hand is not None
        return core.hand.to_act

    def _legal_actions(self, player: int) -> list[int]:
        view = self._core.view(player)
        return _legal_ids(view) if view is not None else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.outcomes()

    def _apply_action(self, action: int) -> None:
        self._core.moves += 1
        if self._core.chance():
            self._core.apply_chance(int(action))
        else:
            self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            if core.dealer < 0:
                return f"player {action} deals"
            if core.hand is None:
                return f"{'knock card' if len(core.dealt) == 21 else 'deal'} {CARDS[action]}"
            return f"stock {CARDS[action]}"
        return action_name(int(action))

    def is_terminal(self) -> bool:
        return self._core.over

    def returns(self) -> list[float]:
        return list(self._core.returns)

    def view(self, player: int) -> PlayerView | None:
        """``player``'s view of the current hand (``None`` while it is being dealt)."""
        return self._core.view(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GinRummyState:
        """A state ``player_id`` cannot tell from this one, its hidden cards drawn afresh
        (:mod:`ginrummy.research.resample`): the history replayed with the cards ``player_id``
        cannot place permuted uniformly at random (``probability_sampler()``: uniform floats in
        ``[0, 1)``, as OpenSpiel's ``UniformProbabilitySampler``), every action checked again.
        OpenSpiel's ``ISMCTSBot`` searches with it."""
        core = self._core
        swap = permutation(unknown_cards(core, int(player_id)), probability_sampler)
        other = GinRummyState(core.game)
        for n, action in enumerate(self.history()):
            if n >= core.hand_start:
                action = other._core.resampled(action, swap)
            other.apply_action(action)
        return other

    def __str__(self) -> str:
        core = self._core
        if core.text[0] != core.moves:  # asked for more than once a state by random_sim_test
            core.text = (core.moves, self._text())
        return core.text[1]

    def _text(self) -> str:
        core = self._core
        head = f"dealer {core.dealer}; returns {core.returns}"
        if core.sheet is not None:
            head += f"; hand points {core.sheet.totals}"
        return f"{head}; {core.hand!r}" if core.hand is not None else f"{head}; dealing {len(core.dealt)}"


class _Observer:
    """OpenSpiel's Python observer: the observation (the encoding, then in whole-game mode
    :data:`GAME_SCALARS`) or information-state tensor (the observation, then :data:`HISTORY_PLANES`
    and the action count)."""

    def __init__(self, game: GinRummyGame, info_state: bool) -> None:
        self.info_state = info_state
        self.max_actions, self.max_hands = game.max_actions, game.max_hands
        self.obs_size = OBS_SIZE + (GAME_SIZE if game.per_game else 0)
        size = self.obs_size + (52 * len(HISTORY_PLANES) + 1 if info_state else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        pieces = list(_layout().items())
        if game.per_game:
            sizes = (2 * GAME_COLUMNS, 2 * GAME_COLUMNS, GAME_COLUMNS, 1)
            starts = (0, 6, 12, 15)
            pieces += [
                (n, (OBS_SIZE + a, k)) for (n, _), a, k in zip(GAME_SCALARS, starts, sizes, strict=True)
            ]
        if info_state:
            pieces += [(n, (self.obs_size + 52 * i, 52)) for i, (n, _) in enumerate(HISTORY_PLANES)]
            pieces.append(("actions", (size - 1, 1)))
        for name, (start, length) in pieces:
            self.dict[name] = self.tensor[start : start + length]

    def set_from(self, state: GinRummyState, player: int) -> None:
        self.tensor.fill(0)
        core = state._core
        if core.facts is not None:
            self.tensor[OBS_SIZE : OBS_SIZE + GAME_SIZE] = core.facts[1][player]
        view = core.view(player)
        if view is None:
            return
        self.tensor[:OBS_SIZE] = core.encoding(view)
        if not self.info_state:
            return
        hand = core.hand
        assert hand is not None
        t, base = self.tensor, self.obs_size
        for c in _dealt_to(hand, player):
            t[base + c] = 1
        for _, p, c in core.draws:
            if p == player:
                t[base + 52 + c] = 1
        pile = [hand.deck[20]] if hand.rules.opening is Opening.UPCARD else []
        for e in hand.events():  # the top discard when each action was made, from the public events
            if e.kind == "take" and e.card is not None:
                t[base + (104 if e.player == player else 156) + e.card] = 1
            elif e.player != player and e.kind in ("pass", "draw") and pile:
                t[base + 208 + pile[-1]] = 1
            if e.kind == "discard" and e.card is not None:
                pile.append(e.card)
            elif e.kind == "take" and pile:
                pile.pop()
        t[-1] = min(1.0, hand.action_count / self.max_actions)

    def string_from(self, state: GinRummyState, player: int) -> str:
        core = state._core
        if self.info_state:
            return core.info_string(player)
        view = core.view(player)
        if view is None:
            return f"p{player} dealing"
        return _obs_string(view, core.sheet)


_TEXT = tuple(str(c) for c in CARDS)
_BY_RANK = tuple((1 << c, _TEXT[c]) for c in sorted(range(52), key=lambda c: (c % 13, c // 13)))


def _set_text(mask: int) -> str:
    """A card set as :func:`~ginrummy.cards.format_cards` writes it (by rank, then suit), faster."""
    return " ".join([t for bit, t in _BY_RANK if mask & bit])


def _obs_string(view: PlayerView, sheet: Game | None) -> str:
    parts = [
        f"p{view.player} dealer {view.dealer} phase {view.phase.value} to_act {view.to_act}",
        f"hand {_set_text(view.hand)}",
        f"upcard {view.upcard}",
        f"pile {' '.join(_TEXT[c] for c in view.discard_pile[:-1])}",
        f"stock {view.stock_size}",
        f"opp {view.opponent_hand_size} known {_set_text(view.opponent_known)}",
        f"knock {view.knock_limit}",
    ]
    if view.drawn is not None:
        parts.append(f"drawn {view.drawn}")
    if view.knocker is not None:
        parts.append(f"knocker {view.knocker} melds {' '.join(f'[{m}]' for m in view.knocker_melds)}")
    if sheet is not None:
        parts.append(f"scores {sheet.totals[0]}-{sheet.totals[1]}")
    return "; ".join(parts)


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Gin Rummy (ginrummy engine, every variant but discard-pile pickup)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_SPEC,
)

pyspiel.register_game(_GAME_TYPE, GinRummyGame)
