"""Practice undo at the full-screen table (issue 29, point 10): after the person's discard the
computer's reply waits a moment, during which ``u`` takes the discard back. Nothing hidden is
shown by it: the computer has not moved, and the person's view after the undo is exactly their
view before the discard."""

from __future__ import annotations

from textual.pilot import Pilot

from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from helpers.tui import advance, new_app, run, shown


def _discarding(flow: object) -> bool:
    from ginrummy.cli.tui import TableFlow

    assert isinstance(flow, TableFlow)
    return flow.view.my_turn and flow.view.phase is Phase.DISCARD and len(flow.view.history) > 4


def test_undo_takes_a_discard_back_before_the_computer_replies() -> None:
    app = new_app(seed=11, practice=True)
    advance(app.flow, _discarding)

    async def script(pilot: Pilot[None]) -> None:
        flow = app.flow
        state = flow.state
        assert state is not None and app.table is not None
        app.table.hold = 24 * 3600.0  # no machine is slow enough to let the reply in before u
        before = flow.view
        log = list(state.log)
        computer = state.hand(1)
        await pilot.press("enter")  # the card the cursor sits on
        assert flow.waiting and "u takes your discard back" in shown(app, "#prompt")
        assert len(state.log) == len(log) + 1 and state.hand(1) == computer  # the computer waits
        await pilot.press("u")
        assert not flow.waiting and "taken back" in shown(app, "#prompt")
        assert flow.view == before  # exactly what the person saw before: nothing more
        assert list(state.log) == log and state.hand(1) == computer

    run(app, (80, 24), script)


def test_the_computer_replies_after_a_moment_or_at_the_next_key() -> None:
    app = new_app(seed=11, practice=True)
    advance(app.flow, _discarding)

    async def script(pilot: Pilot[None]) -> None:
        flow = app.flow
        assert app.table is not None
        app.table.hold = 0.05
        await pilot.press("enter")
        for _ in range(1000):  # the moment passes: wait for the reply, not for a time
            if not flow.waiting:
                break
            await pilot.pause(0.01)
        assert not flow.waiting and flow.view.my_turn
        await pilot.press("u")
        assert "Cannot undo" in shown(app, "#prompt")  # the computer has moved: too late
        view = flow.view
        if view.phase is Phase.DRAW:
            app.table.hold = 24 * 3600.0  # from here only keys end the wait, however slow the machine
            await pilot.press("d", "enter")
            assert flow.waiting
            await pilot.press("s")  # the sheet only shows: the reply still waits
            assert flow.waiting
            await pilot.press("escape", "v")
            await pilot.press("escape", "1")  # a key that acts: the computer replies first
            assert not flow.waiting

    run(app, (80, 24), script)


def test_rated_games_and_the_flow_alone_do_not_hold_the_reply() -> None:
    app = new_app(seed=11)
    advance(app.flow, _discarding)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert not app.flow.waiting and app.flow.view.my_turn

    run(app, (80, 24), script)
    flow = new_app(seed=11, rules=Rules(), practice=True).flow
    advance(flow, _discarding)
    card = flow.view.legal_actions[0]
    assert flow.act(card) and not flow.waiting  # the flow holds only at the table (its hold)
