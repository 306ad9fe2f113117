"""The table screen of discard-pile pickup gin (``--rules pickup``, 002): the discard pile top
first, the melds on the table, the hand, and the commands to take one or several cards, draw,
lay melds, add to table melds and discard (:mod:`ginrummy.cli.table.pickup_commands`).

The human sees only their view (:class:`~ginrummy.variants.pickup.PickupView`); every action is
checked by the engine (:meth:`ginrummy.variants.pickup.state.PickupState.verify`) and a refused
one is explained (the actions of a bulk ``m`` or ``a`` before it stay played). The wording of
events and of the end of a hand is also what ``ginrummy replay`` prints for pickup records.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from ginrummy.cards import CardSet
from ginrummy.cli import render
from ginrummy.cli.table.base import COMPUTER, HUMAN, TableScreen, draw_words, sentence
from ginrummy.cli.table.pickup_commands import HELP, command_for, parse_pickup_command
from ginrummy.errors import GinRummyError
from ginrummy.hand import order
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.melds import Meld
from ginrummy.rules import Rules
from ginrummy.variants.pickup import PickupEvent, PickupState, PickupView
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points

__all__ = ["PickupScreen"]


def _table_text(melds: tuple[Meld, ...], glyphs: bool, owners: tuple[str, ...] = ()) -> Text:
    """``Table: 1 [..] (you)  2 [..] (Computer)``; the owners only when given."""
    out = Text("Table: ")
    if not melds:
        return out + Text("no melds yet")
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        out.append(f"{i + 1} ")
        out.append_text(render.meld_text(m, glyphs))
        if owners:
            out.append(f" ({owners[i]})")
    return out


class PickupScreen(TableScreen[PickupState]):
    """One hand of discard-pile pickup at the terminal (see the module docstring)."""

    STATE: ClassVar[type[PickupState]] = PickupState
    HELP: ClassVar[str] = HELP
    VARIANT: ClassVar[str] = "discard-pile pickup"

    # -- the human's turn ------------------------------------------------------------------

    def human_turn(self) -> None:
        """Show the table, then read commands until one changes the hand (a bulk ``m`` or
        ``a`` may play several actions)."""
        state = self.state
        view = state.view(HUMAN)
        self.show(view)
        while True:
            cmd = self.read_command(view, parse_pickup_command)
            if not cmd.actions:
                self.io.error(f"no {cmd.all_of}")
                continue
            done = 0
            for action in cmd.actions:
                try:
                    state.verify(action, player=HUMAN)
                except GinRummyError as exc:
                    self.io.error(f"{command_for(action)}: {exc}")
                    break
                self.push(action)
                done += 1
                if state.is_over:
                    break
            if done:
                return

    def command_hint(self, action: Any, view: Any) -> str:
        return command_for(action)

    def prompt(self, view: PickupView) -> str:
        up = view.upcard.text(self.glyphs) if view.upcard is not None else "-"
        if view.phase is Phase.OFFER:
            return f"Take the upcard {up} (t) or pass (p)? > "
        if view.phase is Phase.DRAW:
            if view.draw_only:
                return "Draw from the stock (d)? > "
            return f"Draw (d), or take {up} (t) or the top N cards of the pile (t N)? > "
        if view.must_meld is not None:
            return f"Lay {view.must_meld.text(self.glyphs)}: m CARDS, a CARD N; ? help > "
        return "Meld (m), add (a), or discard (x CARD, or its number); ? help > "

    # -- the screen ----------------------------------------------------------------------

    def show(self, view: PickupView) -> None:
        """What the human sees before acting: recent events, the pile, the table, the hand."""
        self.show_events()
        n = self.names
        self.io.say(Text(f"-- {self.info.status} · {n[view.dealer]} dealt", style="dim"))
        pile = Text("Discard pile, top first: ")
        if view.discard_pile:
            for depth, c in enumerate(reversed(view.discard_pile), start=1):
                if depth > 1:
                    pile.append("  ")
                pile.append(f"{depth}:", style="dim")
                pile.append_text(self.card(c, "bold" if depth == 1 else ""))
        else:
            pile.append("empty")
        self.io.say(pile)
        line = Text(f"Stock {view.stock_size} · {n[COMPUTER]} holds {render.cards(view.opponent_hand_size)}")
        if view.opponent_known:
            line.append(", known: ")
            line.append_text(render.cards_text(order.display_order(view.opponent_known), self.glyphs))
        self.io.say(line)
        owners = tuple("you" if p == HUMAN else n[p] for p in view.table_owners)
        self.io.say(_table_text(view.table, self.glyphs, owners))
        on = view.table_points
        self.io.say(
            Text(
                f"On the table: you {on[HUMAN]}, {n[COMPUTER]} {on[COMPUTER]} · "
                f"your hand counts {pickup_points(view.hand)} against you"
            )
        )
        highlight = view.must_meld if view.must_meld is not None else view.drawn
        top, bottom = render.hand_block(view.hand, self.glyphs, highlight=highlight)
        self.io.say(Text(f"Your hand ({render.cards(view.hand.bit_count())}):"))
        self.io.say(Text("  ") + top)
        self.io.say(Text("  ") + bottom)
        if view.must_meld is not None:
            self.io.say(
                Text("You must lay ", style="bold")
                + self.card(view.must_meld, "bold")
                + Text(" (the deepest card you took) on the table before you discard.", style="bold")
            )

    # -- the wording of a hand (also for replays) -------------------------------------------

    @staticmethod
    def event_text(
        event: PickupEvent,
        names: tuple[str, str],
        glyphs: bool,
        *,
        you: int | None = None,
        drawn: int | None = None,
        result: HandResult | None = None,
    ) -> Text:
        """One public event as a sentence, e.g. ``Computer takes 3 cards from the pile: ...``."""
        out, verb = sentence(event.player, names, you)
        if event.kind == "pass":
            out.append(verb("pass", "passes"))
        elif event.kind == "draw":
            out.append_text(draw_words(verb, drawn, glyphs))
        elif event.kind == "take":
            n = len(event.cards)
            out.append(verb("take ", "takes ") + ("" if n == 1 else f"{n} cards from the pile: "))
            out.append_text(render.cards_text(event.cards, glyphs))
        elif event.kind == "meld":
            out.append(verb("lay ", "lays ") + f"meld {(event.meld or 0) + 1} ")
            out.append_text(render.meld_text(Meld(event.cards), glyphs))
        elif event.kind == "add":
            out.append(verb("add ", "adds "))
            out.append_text(render.cards_text(event.cards, glyphs))
            out.append(f" to meld {(event.meld or 0) + 1}")
        else:
            out.append(verb("discard ", "discards "))
            out.append_text(render.card_text(event.cards[0], glyphs, "bold"))
        return out

    @staticmethod
    def hand_line(hand: CardSet, glyphs: bool, rules: Rules) -> Text:
        top = render.hand_block(hand, glyphs)[0] if hand else Text("no cards")
        return top + Text(f"  (counts {pickup_points(hand)})", style="dim")

    @staticmethod
    def result_lines(result: PickupResult, names: tuple[str, str], glyphs: bool, rules: Rules) -> list[Text]:
        """Who went gin, the melds on the table, each player's cards on the table and in hand,
        and the points; a dead hand shows no cards."""
        if result.outcome is Outcome.DEAD or result.knocker is None:
            return [
                Text("Dead hand: the stock is down to its last cards and nobody went gin."),
                Text("Dead hand: no score", style="bold"),
            ]
        g = result.knocker
        lines = [
            Text(f"{names[g]} went gin.", style="bold"),
            Text("  ") + _table_text(result.table_melds, glyphs),
        ]
        for p in (g, 1 - g):
            line = Text(f"  {names[p]}: on the table {result.table_points[p]}")
            if result.hands[p]:
                line.append(", in hand ")
                line.append_text(render.cards_text(order.display_order(result.hands[p]), glyphs))
                line.append(f" ({result.held_points[p]})")
            if result.bonus[p]:
                line.append(f", gin bonus {result.bonus[p]}")
            line.append(f": {result.net[p]} for the hand")
            lines.append(line)
        lines.append(Text(f"Gin: {result.describe(names)}", style="bold"))
        return lines
