"""Discard-pile pickup (002) at the full-screen table, driven by Textual's pilot: whole games with
the keys and with the mouse at 80x24 and 120x45 (taking several cards, laying melds, adding to
either player's table melds, the scoring at the end), checked against the engine's state."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from ginrummy.cli.tui import TableFlow, pickup_words
from ginrummy.cli.tui.screens import ChoiceScreen
from ginrummy.cli.tui.widgets import CardRow
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from ginrummy.variants.pickup.actions import AddCard, LayMeld, Take
from ginrummy.variants.pickup.legality import card_mask
from helpers.tui import advance, check_pickup_table, click, new_app, play_pickup_game, run, shown

PICKUP = Rules.preset("pickup").with_setting("target=60")


@pytest.mark.parametrize(("seed", "size", "mouse"), [(3, (80, 24), False), (4, (120, 45), True)])
def test_a_whole_pickup_game(seed: int, size: tuple[int, int], mouse: bool) -> None:
    app = new_app(seed=seed, rules=PICKUP)

    async def script(pilot: Pilot[None]) -> None:
        hands = await play_pickup_game(pilot, app, mouse=mouse)
        game = app.flow.game
        assert game.is_over and hands == len(game.results) >= 1
        text = shown(app, "#text")
        for p in (0, 1):
            assert f"total {game.summary().totals[p]}" in text
        await pilot.press("q")

    run(app, size, script)
    kinds = {type(action) for state in app.flow.session.states for _, action in state.log}
    assert {Take, LayMeld} <= kinds  # the game used the pile and the table
    assert not app.is_running


def _advance_to(app: object, until: Callable[[TableFlow], bool]) -> TableFlow:
    from ginrummy.cli.tui import TableApp

    assert isinstance(app, TableApp)
    advance(app.flow, until)
    return app.flow


def test_taking_several_cards_by_clicking_the_pile_then_laying_the_deepest() -> None:
    app = new_app(seed=1, rules=PICKUP)
    flow = _advance_to(
        app,
        lambda f: (
            f.view.my_turn
            and f.view.phase is Phase.DRAW
            and any(isinstance(a, Take) and a.count > 1 for a in f.view.legal_actions)
        ),
    )
    view = flow.pickup
    take = max((a for a in view.legal_actions if isinstance(a, Take)), key=lambda a: a.count)
    deepest = view.discard_pile[-take.count]

    async def script(pilot: Pilot[None]) -> None:
        table = app.table
        assert table is not None
        piles = table.query_one("#piles", CardRow)
        assert await click(pilot, piles, offset=piles.offset_of(deepest))
        after = flow.pickup
        assert after.must_meld == deepest and after.hand & ~view.hand == card_mask(
            view.discard_pile[-take.count :]
        )
        assert "on the table" in shown(app, "#prompt")
        check_pickup_table(app)
        await pilot.press("t")  # no more taking this turn: nothing happens
        assert flow.pickup == after
        hand = table.query_one("#hand", CardRow)
        assert await click(pilot, hand, offset=hand.offset_of(deepest))  # discard before laying it
        assert "Not allowed: " in shown(app, "#prompt") and flow.pickup == after
        await pilot.press("m")
        if isinstance(app.screen, ChoiceScreen):
            melds = pickup_words.meld_choices(flow)
            pick = next(i for i, c in enumerate(melds) if len(c.actions) == 1)
            await pilot.press(str(pick + 1))
        laid = flow.pickup
        assert laid.must_meld is None and any(deepest in m.cards for m in laid.table)
        check_pickup_table(app)

    run(app, (80, 24), script)


def test_adding_to_the_computers_meld() -> None:
    app = new_app(seed=1, rules=PICKUP)
    flow = _advance_to(
        app,
        lambda f: (
            f.view.my_turn
            and any(
                isinstance(a, AddCard) and f.pickup.table_owners[a.meld] == 1 for a in f.view.legal_actions
            )
        ),
    )
    view = flow.pickup
    add = next(a for a in view.legal_actions if isinstance(a, AddCard) and view.table_owners[a.meld] == 1)

    async def script(pilot: Pilot[None]) -> None:
        listed = pickup_words.add_choices(flow)
        assert any("Computer's" in c.text.plain for c in listed)
        await pilot.press("a")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press(str([c.actions for c in listed].index((add,)) + 1))
        after = flow.pickup
        assert add.card in after.table[add.meld].cards and not after.hand >> add.card & 1
        assert after.table_points[0] > view.table_points[0]
        text = shown(app, "#melds-text")
        assert f"{add.meld + 1} [" in text and "Computer's" in text
        check_pickup_table(app)

    run(app, (80, 24), script)


def test_pickup_practice_hint_and_undo() -> None:
    app = new_app(seed=1, rules=PICKUP, practice=True)
    flow = _advance_to(
        app, lambda f: f.view.my_turn and f.view.phase is Phase.DRAW and not f.pickup.draw_only
    )

    async def script(pilot: Pilot[None]) -> None:
        before = flow.pickup
        await pilot.press("h")
        assert "Hint (expert): " in shown(app, "#prompt")
        await pilot.press("t")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("1")  # the top card only
        assert flow.pickup.hand != before.hand
        await pilot.press("u")
        assert flow.pickup.hand == before.hand and flow.pickup.discard_pile == before.discard_pile
        assert "taken back" in shown(app, "#prompt")
        await pilot.press("question_mark")
        assert "lay a meld on the table" in shown(app, "#text")
        await pilot.press("escape", "s")
        assert "Game 1" in shown(app, "#text")  # the sheet, though no panel shows it at 80x24
        check_pickup_table(app)

    run(app, (80, 24), script)
