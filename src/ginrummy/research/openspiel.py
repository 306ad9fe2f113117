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

from ginrummy.cards import CARDS
from ginrummy.research.encoding import NAMES, NUM_ACTIONS, OBS_SIZE, action_name, check_rules
from ginrummy.research.encoding import layout as _layout
from ginrummy.research.game_sheet import GAME_COLUMNS, GAME_SCALARS, GAME_SIZE, sheet_facts
from ginrummy.research.resample import permutation, unknown_cards
from ginrummy.research.spiel_core import CHANCE, HISTORY_SIZE, Core
from ginrummy.rules import Rules
from ginrummy.scoring.game import Game
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
        # the empty score sheet every state starts from (copied before it is written: see spiel_core.Core)
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
        self.first_core = Core(self).__dict__  # every new state's core is a copy of it

    def __reduce__(self) -> tuple[type[GinRummyGame], tuple[dict[str, Any]]]:
        """Pickled as its class and parameters, made again by ``__init__``: pyspiel's own pickling
        restores the C++ game but none of the attributes set here (a state read back from a pickle
        could not apply an action: ``max_actions`` missing)."""
        return type(self), (dict(self.get_parameters()),)

    def new_initial_state(self) -> GinRummyState:
        return GinRummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, info_state=bool(recall))


class GinRummyState(pyspiel.State):
    """A state of ``python_ginrummy``: the hidden state lives in one private attribute
    (:class:`~ginrummy.research.spiel_core.Core`)."""

    def __init__(self, game: GinRummyGame) -> None:
        super().__init__(game)
        self._core = Core.fresh(game)

    def current_player(self) -> int:
        return self._core.player

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.outcomes()

    def _apply_action(self, action: int) -> None:
        core = self._core
        core.moves += 1
        if core.player == CHANCE:
            core.apply_chance(int(action))
        else:
            core.apply(int(action))
        core.moved(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            core = self._core
            if core.dealer < 0:
                return f"player {action} deals"
            if core.hand is None:
                return (_KNOCK_CARD_TEXT if len(core.dealt) == 21 else _DEAL_TEXT)[action]
            return _STOCK_TEXT[action]
        return NAMES[action] if 0 <= action < NUM_ACTIONS else action_name(int(action))

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
        return self._core.text()


_DEAL_TEXT = tuple(f"deal {c}" for c in CARDS)
_KNOCK_CARD_TEXT = tuple(f"knock card {c}" for c in CARDS)
_STOCK_TEXT = tuple(f"stock {c}" for c in CARDS)


class _Observer:
    """OpenSpiel's Python observer: the observation (the encoding, then in whole-game mode
    :data:`GAME_SCALARS`) or information-state tensor (the observation, then :data:`HISTORY_PLANES`
    and the action count)."""

    def __init__(self, game: GinRummyGame, info_state: bool) -> None:
        self.info_state = info_state
        self.obs_size = OBS_SIZE + (GAME_SIZE if game.per_game else 0)
        size = self.obs_size + (HISTORY_SIZE if info_state else 0)
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
        self.tensor[:] = state._core.tensor(player, self.info_state)

    def string_from(self, state: GinRummyState, player: int) -> str:
        core = state._core
        return core.info_string(player) if self.info_state else core.obs_string(player)


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
