"""Every key at the full-screen table does something or says why it cannot (as the line mode
does), and the card that looks chosen is the one Enter discards (issue 29, point 9)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from ginrummy.cli.tui.screens import ChoiceScreen, ConfirmScreen
from ginrummy.cli.tui.widgets import CardRow
from ginrummy.hand.order import by_rank
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.variants.standard.actions import TakeDiscard
from helpers.tui import advance, new_app, run, shown

DRAWING = {
    # key: what the prompt then says (rated game, the person to draw)
    "k": "Not allowed: cannot knock during the draw",
    "g": "Not allowed: cannot go gin during the draw",
    "b": "Not allowed: cannot go big gin during the draw",
    "h": "Not allowed: hints are for practice games",
    "u": "Not allowed: undo is for practice games",
    "enter": "Not allowed: cannot discard during the draw",
    "3": "Not allowed: cannot discard during the draw",
    "right": "Not allowed: cannot discard during the draw",
    "p": "Not allowed: cannot pass during the draw",
}


@pytest.mark.parametrize(("key", "said"), DRAWING.items())
def test_a_key_that_cannot_act_now_says_why(key: str, said: str) -> None:
    app = new_app(seed=11)
    advance(app.flow, lambda f: f.view.phase is Phase.DRAW and f.view.my_turn)

    async def script(pilot: Pilot[None]) -> None:
        hand = app.flow.view.hand
        await pilot.press(key)
        assert said in shown(app, "#prompt")
        assert app.flow.view.hand == hand and app.flow.view.phase is Phase.DRAW  # nothing played

    run(app, (80, 24), script)


def test_knock_gin_and_big_gin_over_the_limit_say_why() -> None:
    app = new_app(seed=11)
    advance(app.flow, lambda f: f.view.phase is Phase.DISCARD and f.view.my_turn and len(f.view.history) > 6)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("k")
        assert "Not allowed: cannot knock with" in shown(app, "#prompt")
        assert "the knock limit is 10" in shown(app, "#prompt")
        await pilot.press("g")
        assert "Not allowed: that is not gin: your best discard" in shown(app, "#prompt")
        await pilot.press("b")
        assert "Not allowed: big gin needs all 11 cards in melds" in shown(app, "#prompt")
        await pilot.press("d")
        assert "Not allowed: cannot draw during the discard" in shown(app, "#prompt")
        assert app.flow.view.phase is Phase.DISCARD

    run(app, (80, 24), script)


def test_after_taking_the_chosen_card_is_the_one_enter_discards() -> None:
    app = new_app(seed=3)
    advance(app.flow, lambda f: f.view.phase is Phase.DRAW and TakeDiscard() in f.view.legal_actions)

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        await pilot.press("t")
        view = app.flow.standard
        chosen = app.table.selected
        assert chosen is not None and chosen != view.taken  # the rules keep the card just taken
        await pilot.press("enter")
        assert app.flow.view.hand == view.hand & ~(1 << chosen)  # that card was discarded
        assert "Which card?" not in shown(app, "#prompt")

    run(app, (80, 24), script)


def test_choosing_a_card_clears_what_was_said_before() -> None:
    app = new_app(seed=11)
    advance(app.flow, lambda f: f.view.phase is Phase.DISCARD and f.view.my_turn)

    async def script(pilot: Pilot[None]) -> None:
        assert app.table is not None
        app.table.selected = None
        await pilot.press("enter")
        assert "Which card?: choose a card first" in shown(app, "#prompt")
        await pilot.press("2")
        assert "Which card?" not in shown(app, "#prompt")
        assert app.table.selected == app.table.order()[1]

    run(app, (80, 24), script)


def test_the_pickup_keys_list_even_one_choice_and_say_why_when_none() -> None:
    app = new_app(seed=1, rules=Rules.preset("pickup"))
    advance(app.flow, lambda f: f.view.my_turn and f.view.phase is Phase.DRAW)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("m")
        assert "Not allowed: you lay melds once you have drawn" in shown(app, "#prompt")
        await pilot.press("a")
        assert "Not allowed: you add once you have drawn" in shown(app, "#prompt")
        hand = app.flow.view.hand
        await pilot.press("t")  # listed, even when only the top card may be taken: nothing taken yet
        assert isinstance(app.screen, ChoiceScreen) and app.flow.view.hand == hand
        await pilot.press("escape")
        await pilot.press("d")
        view = app.flow.pickup
        if not any(a for a in view.legal_actions if type(a).__name__ == "AddCard"):
            await pilot.press("a")
            assert "Not allowed: no card fits a table meld" in shown(app, "#prompt")

    run(app, (80, 24), script)


def test_enter_does_not_quit() -> None:
    app = new_app(seed=11)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the highlighted answer is No: play on
        assert app.is_running and app.screen is app.table
        await pilot.press("q", "tab", "enter")  # Tab moves to Quit
        await pilot.pause()
        assert not app.is_running

    run(app, (80, 24), script)


def test_sorting_the_hand_by_suit_by_rank_and_in_ones_own_order() -> None:
    app = new_app(seed=11)
    advance(app.flow, lambda f: f.view.phase is Phase.DISCARD and f.view.my_turn)

    async def script(pilot: Pilot[None]) -> None:
        table = app.table
        assert table is not None
        hand = table.query_one("#hand", CardRow)
        cards = [s.key for s in hand.spans]
        await pilot.press("r")
        assert [s.key for s in hand.spans] == sorted(cards) == table.order()  # by suit
        assert "by suit" in shown(app, "#prompt")
        await pilot.press("r")
        assert [s.key for s in hand.spans] == by_rank(cards)
        await pilot.press("1", "shift+right")  # the first card moves one place right
        order = table.order()
        assert order[1] == by_rank(cards)[0] and order[0] == by_rank(cards)[1] and table.sort == "own"
        assert [s.key for s in hand.spans] == order
        await pilot.press("2", "enter")  # positions follow the order shown
        state = app.flow.state
        assert state is not None and not state.hand(0) >> order[1] & 1

    run(app, (80, 24), script)
