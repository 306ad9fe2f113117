"""Snapshots of the full-screen table's main screens (pytest-textual-snapshot): the table, the end
of a hand, the final sheet and the too-small notice. Seeded games, so each picture is always the
same; after a deliberate change of the screens, update them with ``pytest --snapshot-update``."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from ginrummy.cli.tui import pickup_words
from ginrummy.hand.phase import Phase
from ginrummy.rules import Rules
from helpers.tui import advance, last_hand, new_app

SHORT = Rules().with_setting("target=30")


def _discarding(flow: Any) -> bool:
    view = flow.view
    return view.phase is Phase.DISCARD and view.my_turn and len(view.history) > 6


def test_the_table(snap_compare: Any) -> None:
    app = new_app(seed=11)
    advance(app.flow, _discarding)
    assert snap_compare(app, press=["1"], terminal_size=(80, 24))


def test_the_table_wide(snap_compare: Any) -> None:
    app = new_app(seed=11, rules=Rules.preset("oklahoma"))
    advance(app.flow, _discarding)
    assert snap_compare(app, press=["right"], terminal_size=(120, 45))


def test_the_end_of_a_hand(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over")
    assert snap_compare(app, terminal_size=(80, 24))


def test_the_final_sheet(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, last_hand)

    async def to_the_end(pilot: Pilot[None]) -> None:
        await pilot.press("enter")

    assert snap_compare(app, run_before=to_the_end, terminal_size=(120, 45))


def test_too_small(snap_compare: Any) -> None:
    assert snap_compare(new_app(seed=3), terminal_size=(60, 20))


def _pickup_app(size: str) -> Any:
    """Discard-pile pickup, the person to draw or take, with several takes to choose from."""
    app = new_app(seed=1, rules=Rules.preset("pickup"))
    advance(
        app.flow,
        lambda f: (
            f.view.my_turn
            and f.view.phase is Phase.DRAW
            and len(pickup_words.take_choices(f)) > 2
            and len(f.pickup.table) >= 1
        ),
    )
    return app


def test_the_pickup_table(snap_compare: Any) -> None:
    assert snap_compare(_pickup_app("80x24"), terminal_size=(80, 24))


def test_the_pickup_take_choices_wide(snap_compare: Any) -> None:
    assert snap_compare(_pickup_app("120x45"), press=["t"], terminal_size=(120, 45))


def test_typing_a_layoff_plan(snap_compare: Any) -> None:
    app = new_app(seed=8)
    advance(app.flow, lambda f: f.choosing_layoffs)
    assert snap_compare(app, press=["o", *"[9d 9h 9s] [6s 7s 8s] 4h:2"], terminal_size=(80, 24))


# -- issue 29: the layout at 80x24, 120x45 and 200x50, and the terminal's wording -------------


def _hands_in(flow: Any, n: int) -> bool:
    """Hand ``n`` of the game under way, the person to discard."""
    return flow.hand_number >= n and flow.stage == "play" and _discarding(flow)


def test_the_sheet_one_row_per_hand_at_80x24(snap_compare: Any) -> None:
    app = new_app(seed=8)
    advance(app.flow, lambda f: _hands_in(f, 4))
    assert snap_compare(app, terminal_size=(80, 24))


def test_hollywood_at_80x24(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=Rules.preset("hollywood"))
    advance(app.flow, lambda f: _hands_in(f, 4))
    assert snap_compare(app, terminal_size=(80, 24))


def test_the_table_centred_at_200x50(snap_compare: Any) -> None:
    app = new_app(seed=8)
    advance(app.flow, lambda f: _hands_in(f, 3))
    assert snap_compare(app, terminal_size=(200, 50))


def test_the_end_of_a_hand_beside_the_sheet_at_120x45(snap_compare: Any) -> None:
    app = new_app(seed=8, rules=SHORT)
    advance(app.flow, lambda f: f.stage == "hand-over")
    assert snap_compare(app, terminal_size=(120, 45))


def test_the_layoff_chooser_shows_the_knockers_deadwood(snap_compare: Any) -> None:
    app = new_app(seed=8)
    advance(app.flow, lambda f: f.choosing_layoffs)
    assert snap_compare(app, terminal_size=(80, 24))


def test_ascii_at_80x24(snap_compare: Any) -> None:
    app = new_app(seed=11, glyphs=False)
    advance(app.flow, _discarding)
    assert snap_compare(app, terminal_size=(80, 24))


def test_the_keys_scroll_at_80x24(snap_compare: Any) -> None:
    app = new_app(seed=11)
    advance(app.flow, _discarding)
    assert snap_compare(app, press=["question_mark"], terminal_size=(80, 24))


def test_quit_asks_with_no_highlighted(snap_compare: Any) -> None:
    app = new_app(seed=11)
    advance(app.flow, _discarding)
    assert snap_compare(app, press=["k", "q"], terminal_size=(80, 24))


def test_a_long_hollywood_game_at_80x24(snap_compare: Any) -> None:
    """Hand 19: the oldest hands folded into one line, so that the panel's sheet fits."""
    app = new_app(seed=6, rules=Rules.preset("hollywood"))
    advance(app.flow, lambda f: _hands_in(f, 19))
    assert snap_compare(app, terminal_size=(80, 24))
