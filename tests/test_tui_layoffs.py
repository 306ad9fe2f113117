"""Laying off at the full-screen table with a plan of one's own, typed as in the line mode and
checked by the engine as it is typed (chained layoffs included); an illegal plan is refused
with the reason and changes nothing."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from ginrummy.cli.tui.screens import EndScreen, LayoffScreen
from ginrummy.variants.standard.actions import LayOff
from helpers.tui import advance, new_app, run, shown


def test_typing_a_chained_layoff_plan_after_refused_ones() -> None:
    app = new_app(seed=5)  # seed 5: the best plan lays 6♠ then 5♠ off on the knocker's meld 2
    advance(app.flow, lambda f: f.choosing_layoffs)
    best = app.flow.layoff_choices()[0]
    assert [i for _, i in best.layoffs].count(1) == 2

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, LayoffScreen)
        await pilot.press("o")
        assert app.screen.query_one("#own", Input).has_focus
        await pilot.press(*"[8d 9d Td] Jh:1 5s:2 6s:2")  # 5♠ before 6♠: it does not fit yet
        said = shown(app, "#said")
        assert "5♠" in said and "Enter plays" not in said
        await pilot.press("enter")
        assert isinstance(app.screen, LayoffScreen)
        assert shown(app, "#said").startswith("Not allowed: ")
        state = app.flow.state
        assert state is not None and not state.is_over  # nothing played
        await pilot.press("ctrl+u", *"Zz:1")
        assert "not a card" in shown(app, "#said")
        await pilot.press("ctrl+u", *"[8d 9d Td] Jh:1 6s:2 5s:2")
        assert shown(app, "#said").startswith(
            "Enter plays: melds [8♦ 9♦ T♦]; lay off J♥ on 1, 6♠ on 2, 5♠ on 2"
        )
        assert f"deadwood {best.points}" in shown(app, "#said")
        await pilot.press("enter")
        assert isinstance(app.screen, EndScreen)
        result = app.flow.result
        assert result is not None and result.defense is not None
        assert list(result.defense.layoffs) == list(best.layoffs)
        assert isinstance(state.log[-1][1], LayOff)

    run(app, (80, 24), script)


def test_escape_leaves_the_plan_then_takes_the_best() -> None:
    app = new_app(seed=5)
    advance(app.flow, lambda f: f.choosing_layoffs)
    best = app.flow.layoff_choices()[0]

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("tab", *"none")  # typed letters go to the plan, "o" too
        assert app.screen.query_one("#own", Input).value == "none"
        assert "melds none; lay off nothing; deadwood" in shown(app, "#said")
        await pilot.press("ctrl+u", *"Jh:1", "escape")  # back to the list, nothing played
        assert isinstance(app.screen, LayoffScreen)
        await pilot.press("down", "e")  # the second plan, to edit
        plan = app.flow.layoff_choices()[1]
        assert app.screen.query_one("#own", Input).value == str(plan.action()).removeprefix("layoff ")
        assert f"deadwood {plan.points}" in shown(app, "#said")
        await pilot.press("escape", "up")
        await pilot.press("escape")  # from the list: the best plan
        state = app.flow.state
        assert state is not None and state.log[-1][1] == best.action()

    run(app, (120, 45), script)
