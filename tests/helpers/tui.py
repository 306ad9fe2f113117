"""Driving the full-screen table (:mod:`ginrummy.cli.tui`) in the tests with Textual's pilot: a
seeded agent chooses the person's moves from their view, and the driver plays each one with the
keys or with mouse clicks, checking what the table shows against the engine's state."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from rich.text import Text
from textual.errors import NoWidget
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from ginrummy.agents import make_agent
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.cards import Card
from ginrummy.cli.tui import TableApp, TableFlow, pickup_words
from ginrummy.cli.tui.screens import ChoiceScreen, ConfirmScreen, EndScreen, LayoffScreen
from ginrummy.cli.tui.widgets import CardRow, TextBox
from ginrummy.hand.order import display_order
from ginrummy.melds import STANDARD
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupState
from ginrummy.variants.pickup.actions import AddCard, LayMeld, Take
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard

HUMAN, COMPUTER = 0, 1


def new_app(seed: int = 7, opponent: str = "simple", rules: Rules | None = None, **kw: Any) -> TableApp:
    return TableApp(TableFlow(rules or Rules(), seed=seed, opponent=opponent, **kw))


def run(app: TableApp, size: tuple[int, int], script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    """Run ``app`` headless at ``size`` and ``script`` against it."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


#: How many times :func:`click` lets the app settle, at most, before it clicks anyway.
SETTLE_PAUSES = 50


async def click(pilot: Pilot[None], target: str | Widget, offset: tuple[int, int] = (0, 0)) -> bool:
    """``pilot.click(target, offset=offset)`` once the screen on top is laid out, so that the
    click lands on ``target``: Textual's pilot aims at the target's region as it is when called,
    and a dialog just pushed (the end of a hand, after the computer's last move) may not be laid
    out yet on a busy machine, its button then at (0, 0) and the click somewhere else. Before
    clicking it lets the app settle (a pause, which lays out what is pending) until the point
    aimed at shows ``target``, a bounded number of times rather than for a time."""
    for _ in range(SETTLE_PAUSES):
        await pilot.pause()
        widget = pilot.app.screen.query_one(target) if isinstance(target, str) else target
        x, y = widget.region.offset + offset
        try:
            if widget.region and pilot.app.get_widget_at(x, y)[0] is widget:
                break
        except NoWidget:
            pass
    return await pilot.click(target, offset=offset)


def shown(app: TableApp, selector: str) -> str:
    """The plain text a ``Static`` of the screen on top (or of the table) shows."""
    for screen in (app.screen, app.table):
        assert screen is not None
        found = screen.query(selector)
        if found:
            widget = found.first()
            if isinstance(widget, TextBox):
                return widget.text.plain
            assert isinstance(widget, Static)
            content = widget.render()
            return content.plain if isinstance(content, Text) else str(content)
    raise LookupError(selector)


def check_table(app: TableApp) -> None:
    """What the table shows is the engine's state as the person may see it: their hand in display
    order, the stock's size, the top discard, the computer's cards face down but for the ones it
    took from the pile (never a hidden card), the score."""
    flow = app.flow
    state = flow.state
    assert state is not None and app.table is not None
    table = app.table
    hand = table.query_one("#hand", CardRow)
    order = display_order(state.hand(HUMAN), flow.standard.meld_rules)
    assert [s.key for s in hand.spans] == order
    _check_piles(app)
    assert table.query_one("#piles", CardRow).spans[1].key == "pile"
    opponent = table.query_one("#opponent", CardRow)
    keys = [s.key for s in opponent.spans]
    if state.is_over:
        assert set(keys) == set(Card(c) for c in _cards(state.hand(COMPUTER)))
    else:
        known = state.view(HUMAN).opponent_known
        assert len(keys) == state.hand(COMPUTER).bit_count()
        assert {k for k in keys if k is not None} == set(Card(c) for c in _cards(known))
    totals = flow.game.totals
    assert f"{flow.names[0]} {totals[0]}, {flow.names[1]} {totals[1]}" in shown(app, "#header")


def _check_piles(app: TableApp) -> None:
    """The stock's size and the top discard are shown (beside the piles, or above them when big)."""
    state = app.flow.state
    assert state is not None and app.table is not None
    piles = app.table.query_one("#piles", CardRow)
    label = app.table.query_one("#piles-label", TextBox)
    cards = piles.render().plain
    assert f"Stock: {state.stock_size} cards" in cards + (label.text.plain if label.display else "")
    if state.discard_pile:
        assert Card(state.discard_pile[-1]).text(app.flow.glyphs) in cards.splitlines()[1]


def check_pickup_table(app: TableApp) -> None:
    """The pickup table shows the engine's state as the person may see it: their hand in display
    order, the stock and the pile (its newest cards spread, the top one last), the melds on the
    table with whose each is, the computer's known cards only (never a hidden one), the score."""
    flow = app.flow
    state = flow.state
    assert isinstance(state, PickupState) and app.table is not None
    table = app.table
    hand = table.query_one("#hand", CardRow)
    assert [s.key for s in hand.spans] == display_order(state.hand(HUMAN))
    _check_piles(app)
    piles = table.query_one("#piles", CardRow)
    spread = [s.key for s in piles.spans[1:]]
    if state.discard_pile:
        assert spread == list(state.discard_pile[len(state.discard_pile) - len(spread) :])
    melds = table.query_one("#melds", CardRow)
    if melds.display:
        assert [s.key for s in melds.spans] == [c for m in state.table for c in m.cards]
    else:
        text = shown(app, "#melds-text")
        for i, meld in enumerate(state.table):
            assert f"{i + 1} [{' '.join(c.text(flow.glyphs) for c in meld.cards)}]" in text
    said = shown(app, "#opponent-label")
    hidden = state.hand(COMPUTER) & ~state.view(HUMAN).opponent_known
    if not state.is_over:
        assert not any(Card(c).text(flow.glyphs) in said.split() for c in _cards(hidden))
        opponent = table.query_one("#opponent", CardRow)
        if opponent.display:
            assert {s.key for s in opponent.spans} - {None} == set(
                Card(c) for c in _cards(state.view(HUMAN).opponent_known)
            )
    totals = flow.game.totals
    assert f"{flow.names[0]} {totals[0]}, {flow.names[1]} {totals[1]}" in shown(app, "#header")


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _row(app: TableApp, selector: str) -> CardRow:
    """The table's row of cards ``selector``."""
    assert app.table is not None
    return app.table.query_one(selector, CardRow)


async def _take_from(pilot: Pilot[None], app: TableApp, key: str, mouse: bool) -> None:
    """Draw from the stock (``key`` ``"stock"``: d) or take the top discard (``"pile"``: t) with
    its key, or a click on it."""
    piles = _row(app, "#piles")
    if mouse:
        assert await click(pilot, piles, offset=piles.offset_of(key))
    else:
        await pilot.press("d" if key == "stock" else "t")


async def _bot_move(pilot: Pilot[None], app: TableApp, bot: Any, mouse: bool) -> Any:
    """Ask ``bot`` for the person's move and play it if it is one every table plays alike (pass
    the upcard, draw from the stock, discard a card) with keys or a click: returns ``None`` then,
    else the move, for the variant's driver to play."""
    action = bot.act(app.flow.view)
    if isinstance(action, Pass):
        await pilot.press("p")
    elif isinstance(action, DrawStock):
        await _take_from(pilot, app, "stock", mouse)
    elif isinstance(action, Discard):
        hand = _row(app, "#hand")
        if mouse:
            assert await click(pilot, hand, offset=hand.offset_of(action.card))
        else:
            await choose(pilot, app, action.card)
            await pilot.press("enter")
    else:
        return action
    return None


async def play_move(pilot: Pilot[None], app: TableApp, bot: Any, mouse: bool) -> None:
    """Play the bot's move for the person with keys, or with clicks where a click can do it."""
    action = await _bot_move(pilot, app, bot, mouse)
    if action is None:
        return
    if isinstance(action, TakeDiscard):
        await _take_from(pilot, app, "pile", mouse)
    elif isinstance(action, Knock):
        await choose(pilot, app, action.card)
        await pilot.press("k")
        assert isinstance(app.screen, ConfirmScreen)
        if mouse:
            assert await click(pilot, "#yes")
        else:
            await pilot.press("y")
    elif isinstance(action, BigGin):
        await pilot.press("b", "y")
    else:  # pragma: no cover - the person's other moves are made in dialogs
        raise AssertionError(action)


async def choose(pilot: Pilot[None], app: TableApp, card: Card) -> None:
    """Choose ``card`` with the number keys (and → for the 11th)."""
    view = app.flow.view
    position = display_order(view.hand, getattr(view, "meld_rules", STANDARD)).index(card) + 1
    if position <= 10:
        await pilot.press(str(position % 10))
    else:
        await pilot.press("0", "right")
    assert app.table is not None and app.table.selected == card


async def drive(
    pilot: Pilot[None],
    app: TableApp,
    turn: Callable[[], Awaitable[None]],
    at_hand_over: Callable[[], None],
    *,
    mouse: bool,
    limit: int,
    hands: int | None = None,
) -> int:
    """The loop that plays a game through the table, for every variant: until the game-over
    dialog (or until ``hands`` hands are over), ``turn()`` plays what the screen on top asks of the
    person; at each end of a hand ``at_hand_over()`` checks it, then Enter (or a click on the
    button) goes on to the next hand. Returns the hands played; raises ``AssertionError`` if the
    game is not over after ``limit`` turns."""
    played = 0
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, EndScreen) and screen.id == "game-over":
            return played
        if isinstance(screen, EndScreen) and screen.id == "hand-over":
            played += 1
            at_hand_over()
            if hands is not None and played >= hands:
                return played
            if mouse:
                assert await click(pilot, "#next")
            else:
                await pilot.press("enter")
            continue
        await turn()
    raise AssertionError("the game did not end")


async def play_game(
    pilot: Pilot[None],
    app: TableApp,
    *,
    mouse: bool = False,
    seed: int = 5,
    hands: int | None = None,
    on_hand_over: Callable[[TableApp], None] | None = None,
) -> int:
    """Play the person's moves (the simple agent's, seeded) through the table, checking the table
    after each, until the game is over (or ``hands`` hands are over); returns the hands played.
    Stops at the game-over dialog."""
    bot = make_agent("simple", seed)

    async def turn() -> None:
        if isinstance(app.screen, LayoffScreen):
            if mouse:
                assert await click(pilot, "#plans", offset=(2, 1))
            else:
                await pilot.press("enter")
            assert app.flow.state is not None
            assert isinstance(app.flow.state.log[-1][1], LayOff)
            return
        check_table(app)
        await play_move(pilot, app, bot, mouse)

    def at_hand_over() -> None:
        check_table(app)
        if on_hand_over is not None:
            on_hand_over(app)

    return await drive(pilot, app, turn, at_hand_over, mouse=mouse, limit=2000, hands=hands)


def advance(flow: TableFlow, until: Callable[[TableFlow], bool], seed: int = 5, limit: int = 3000) -> None:
    """Play the person's moves (the simple agent's, seeded; the best layoffs) straight through the
    flow, without a screen, until ``until(flow)``; at the end of a hand go on to the next one.
    Raises ``AssertionError`` if the game ends first."""
    bot = make_agent("simple", seed)
    if flow.state is None:
        flow.deal()
    for _ in range(limit):
        if until(flow):
            return
        if flow.stage == "hand-over":
            flow.next()
        elif flow.stage != "play":
            raise AssertionError(f"stopped at {flow.stage}")
        elif flow.choosing_layoffs:
            assert flow.act(flow.layoff_choices()[0].action())
        else:
            assert flow.act(bot.act(flow.view))
    raise AssertionError("never reached")


def last_hand(flow: TableFlow) -> bool:
    """Whether the hand just over ended the game."""
    return flow.stage == "hand-over" and flow.game.is_over


async def choose_in_list(pilot: Pilot[None], app: TableApp, index: int, mouse: bool) -> None:
    """Choose line ``index`` of the chooser on top: its number key, or a click on it."""
    assert isinstance(app.screen, ChoiceScreen)
    if mouse and index == 0:
        assert await click(pilot, "#choices", offset=(4, 1))  # under the list's top border
    elif index < 9:
        await pilot.press(str(index + 1))
    else:
        await pilot.press(*["down"] * index, "enter")
    assert not isinstance(app.screen, ChoiceScreen)  # chosen


async def play_pickup_move(pilot: Pilot[None], app: TableApp, bot: Any, mouse: bool) -> None:
    """Play the bot's pickup move for the person: keys, the choosers' lists, or clicks (the
    stock, a card of the pile, a card of the hand, a line of a list)."""
    flow = app.flow
    view = flow.pickup  # as it was before the move
    action = await _bot_move(pilot, app, bot, mouse)
    if action is None:
        pass
    elif isinstance(action, Take):
        piles = _row(app, "#piles")
        card = view.discard_pile[-action.count]
        if mouse and any(s.key == card for s in piles.spans):
            assert await click(pilot, piles, offset=piles.offset_of(card))
        else:
            await pilot.press("t")
            takes = [a for a in view.legal_actions if isinstance(a, Take)]
            await choose_in_list(pilot, app, takes.index(action), mouse)  # listed, even one
    elif isinstance(action, LayMeld | AddCard):
        listed = (pickup_words.meld_choices if isinstance(action, LayMeld) else pickup_words.add_choices)(
            flow
        )
        await pilot.press("m" if isinstance(action, LayMeld) else "a")
        await choose_in_list(pilot, app, [c.actions for c in listed].index((action,)), mouse)
    else:  # pragma: no cover - every pickup action is handled above
        raise AssertionError(action)
    assert flow.message is None or "Not allowed" not in flow.message.plain, flow.message


async def play_pickup_game(pilot: Pilot[None], app: TableApp, *, mouse: bool = False, seed: int = 5) -> int:
    """Play a whole pickup game through the table (the person's moves the pickup simple agent's,
    seeded), checking the table before each move and at the end of each hand; returns the hands
    played. Stops at the game-over dialog."""
    bot = PickupSimpleAgent(seed)

    async def turn() -> None:
        check_pickup_table(app)
        await play_pickup_move(pilot, app, bot, mouse)

    def at_hand_over() -> None:
        check_pickup_table(app)
        result = app.flow.result
        assert result is not None and result.describe(app.flow.names) in shown(app, "#text")

    return await drive(pilot, app, turn, at_hand_over, mouse=mouse, limit=5000)
