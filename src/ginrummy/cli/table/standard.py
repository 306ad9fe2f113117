"""The table screen of the standard game: the hand, the upcard and discard pile, and the
commands to take, draw, discard, knock, go gin and go big gin (:mod:`ginrummy.cli.commands`).

The human sees only their view (:class:`~ginrummy.variants.standard.view.PlayerView`); every command is checked
by the engine (:meth:`ginrummy.variants.standard.state.HandState.verify`) and a refused one is explained and
asked again, changing nothing. Knocking, gin and big gin are confirmed first, showing what will be
laid down. As the defender the human chooses their layoffs, the best plan offered first
(:mod:`ginrummy.cli.table.layoffs`).
The wording of events and of the end of a hand (both hands, melds, layoffs, the points) is also
what ``ginrummy replay`` prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from ginrummy.cards import CardSet
from ginrummy.cli import render
from ginrummy.cli.commands import HELP, Meta, Play, parse_command
from ginrummy.cli.table.base import COMPUTER, HUMAN, TableScreen, draw_words, sentence
from ginrummy.cli.table.layoffs import LAYOFF_HELP, layoff_prompt, parse_layoff, show_layoff
from ginrummy.errors import GinRummyError
from ginrummy.hand import order
from ginrummy.hand.phase import Event, Phase
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.layoff import LayoffPlan
from ginrummy.melds import Meld, MeldRules, best_arrangement, least_deadwood, meld_rules
from ginrummy.rules import KnockCard, Rules
from ginrummy.variants.standard.actions import Action, BigGin, Knock, LayOff
from ginrummy.variants.standard.defense import layoff_choices
from ginrummy.variants.standard.state import HandState
from ginrummy.variants.standard.view import PlayerView

__all__ = ["StandardScreen"]


def _options(view: PlayerView) -> tuple[bool, bool, bool]:
    """Whether the human may knock, go gin or go big gin now (from the view's legal actions)."""
    knock = gin = big = False
    for a in view.legal_actions:
        if isinstance(a, Knock):
            knock = True
            rest = view.hand & ~(1 << a.card)
            for m in a.melds or ():
                rest &= ~m.mask
            gin = gin or rest == 0
        elif isinstance(a, BigGin):
            big = True
    return knock, gin, big


class StandardScreen(TableScreen[HandState]):
    """One hand of the standard game at the terminal (see the module docstring)."""

    STATE: ClassVar[type[HandState]] = HandState
    HELP: ClassVar[str] = HELP
    VARIANT: ClassVar[str] = "these rules"

    # -- the human's turn ------------------------------------------------------------------

    def human_turn(self) -> None:
        state = self.state
        if state.phase is Phase.LAYOFF:
            self.lay_off()
            return
        view = state.view(HUMAN)
        self.show(view)
        while True:
            cmd = self.read_command(view, parse_command)
            try:
                state.verify(cmd.action, player=HUMAN)
            except GinRummyError as exc:
                self.io.error(str(exc))
                continue
            if cmd.confirm is not None and not self.confirm(cmd, view):
                self.io.say(Text("Not done; choose again."))
                continue
            self.push(cmd.action)
            return

    def lay_off(self) -> None:
        """The human lays down and lays off: a listed choice (Enter: the best) or their own plan."""
        view = self.state.view(HUMAN)
        self.show_events()
        show_layoff(self.io, view, self.names)
        while True:
            cmd = self.read_command(view, parse_layoff).action
            if cmd is None:
                show_layoff(self.io, view, self.names, every=True)
                continue
            try:
                self.state.verify(cmd, player=HUMAN)
            except GinRummyError as exc:
                self.io.error(str(exc))
                continue
            self.push(cmd)
            return

    def meta(self, cmd: Meta, view: Any) -> None:
        if cmd.kind == "help" and view.phase is Phase.LAYOFF:
            self.io.say(self.io.text(LAYOFF_HELP))
            return
        super().meta(cmd, view)

    def command_hint(self, action: Any, view: Any) -> str:
        if isinstance(action, Knock):
            rest = view.hand & ~(1 << action.card)
            word = "g" if least_deadwood(rest, mr=view.meld_rules) == 0 else "k"
            return f"{word} {action.card}"
        if isinstance(action, BigGin):
            return "bg"
        if isinstance(action, LayOff):
            return _layoff_command(action, view)
        return str(action)

    def confirm(self, cmd: Play, view: PlayerView) -> bool:
        """Show what a knock, gin or big gin lays down and ask y/n; returns the answer."""
        action, mr = cmd.action, view.meld_rules
        if isinstance(action, Knock):
            rest = view.hand & ~(1 << action.card)
            arr = best_arrangement(rest, mr=mr)
            text = Text("Go gin" if cmd.confirm == "gin" else "Knock")
            text.append(", discarding ")
            text.append_text(self.card(action.card))
            text.append(" face down, laying down ")
            text.append_text(render.melds_text(arr.melds, self.glyphs))
            if arr.deadwood:
                text.append(" with deadwood ")
                text.append_text(render.cards_text(order.display_order(arr.deadwood, mr), self.glyphs))
                text.append(f" ({arr.points})")
        else:
            text = Text("Go big gin, laying down ")
            text.append_text(render.melds_text(best_arrangement(view.hand, mr=mr).melds, self.glyphs))
        self.io.say(text)
        word = {"gin": "Gin", "knock": "Knock"}.get(cmd.confirm or "", "Big gin")
        return self.io.yes_no(f"{word}? (y/n) > ")

    def prompt(self, view: PlayerView) -> str:
        if view.phase is Phase.LAYOFF:
            return layoff_prompt(view)
        up = view.upcard.text(self.glyphs) if view.upcard is not None else "-"
        if view.phase is Phase.OFFER:
            return f"Take the upcard {up} (t) or pass (p)? > "
        if view.phase is Phase.LAST_CHANCE:
            return f"Take {up} only to knock (t), or pass (p)? > "
        if view.phase is Phase.DRAW:
            take = f" or take {up} (t)" if view.may_take else ""
            return f"Draw from the stock (d){take}? > "
        knock, gin, big = _options(view)
        if view.must_knock:
            return "You must knock: k CARD (or g CARD for gin) > "
        extra = "".join(
            f", {word}" for ok, word in ((knock, "k knock"), (gin, "g gin"), (big, "bg big gin")) if ok
        )
        return f"Discard (a card like 7h, or its number 1-{view.hand.bit_count()}){extra}; ? help > "

    # -- the screen ----------------------------------------------------------------------

    def show(self, view: PlayerView) -> None:
        """What the human sees before acting: recent events, the table, and the hand."""
        self.show_events()
        n = self.names
        self.io.say(
            Text(
                f"-- {self.info.status} · {_limit_words(view, self.glyphs)} · {n[view.dealer]} dealt",
                style="dim",
            )
        )
        first_turn = view.phase in (Phase.OFFER, Phase.LAST_CHANCE)
        if view.upcard is not None:
            table = Text("Upcard " if first_turn else "Top of the discard pile ")
            table.append_text(self.card(view.upcard, "bold"))
            table.append(f" (pile {len(view.discard_pile)})")
        else:
            table = Text("Discard pile: empty")
        table.append(
            f" · stock {view.stock_size} · {n[COMPUTER]} holds {render.cards(view.opponent_hand_size)}"
        )
        if view.opponent_known:
            table.append(", known: ")
            table.append_text(
                render.cards_text(order.display_order(view.opponent_known, view.meld_rules), self.glyphs)
            )
        self.io.say(table)
        top, bottom = render.hand_block(
            view.hand,
            self.glyphs,
            highlight=view.drawn if view.drawn is not None else view.taken,
            mr=view.meld_rules,
        )
        self.io.say(Text(f"Your hand, {render.deadwood_words(view)}:"))
        self.io.say(Text("  ") + top)
        self.io.say(Text("  ") + bottom)
        if view.phase is Phase.DISCARD:
            knock, gin, big = _options(view)
            if big:
                self.io.say(Text("All 11 cards meld: you can go big gin (bg).", style="bold green"))
            elif gin:
                self.io.say(Text("You can go gin (g).", style="bold green"))
            elif knock:
                self.io.say(Text("You can knock (k).", style="green"))

    # -- the wording of a hand (also for replays) -------------------------------------------

    @staticmethod
    def event_text(
        event: Event,
        names: tuple[str, str],
        glyphs: bool,
        *,
        you: int | None = None,
        drawn: int | None = None,
        result: HandResult | None = None,
    ) -> Text:
        """One public event as a sentence, e.g. ``Computer takes 7♥`` (a knock is worded as going
        gin when ``result`` is gin)."""
        gin = result is not None and result.outcome is Outcome.GIN
        out, verb = sentence(event.player, names, you)
        if event.kind == "pass":
            out.append(verb("pass", "passes"))
        elif event.kind in ("take", "discard"):
            out.append(verb(f"{event.kind} ", f"{event.kind}s "))
            if event.card is not None:
                out.append_text(render.card_text(event.card, glyphs, "bold"))
        elif event.kind == "draw":
            out.append_text(draw_words(verb, drawn, glyphs))
        elif event.kind == "knock":
            out.append(verb("go gin", "goes gin") if gin else verb("knock", "knocks"))
        elif event.kind == "big-gin":
            out.append(verb("go big gin", "goes big gin"))
        elif event.kind == "layoff":
            out.append(verb("lay down and lay off", "lays down and lays off"))
        else:  # pragma: no cover - every event kind is handled above
            out.append(event.kind)
        return out

    @staticmethod
    def replay_note(action: Action, glyphs: bool) -> Text:
        if isinstance(action, Knock):
            return Text(", discarding ") + render.card_text(action.card, glyphs) + Text(" face down")
        return Text()

    @staticmethod
    def hand_line(hand: CardSet, glyphs: bool, rules: Rules) -> Text:
        mr = meld_rules(rules)
        top, _ = render.hand_block(hand, glyphs, mr=mr)
        return top + Text(f"  (deadwood {least_deadwood(hand, mr=mr)})", style="dim")

    @staticmethod
    def result_lines(result: HandResult, names: tuple[str, str], glyphs: bool, rules: Rules) -> list[Text]:
        """Everything laid down at the end of a hand: both hands, the knocker's melds and
        deadwood, the defender's melds and each layoff, and the outcome with its points."""
        mr = meld_rules(rules)
        lines: list[Text] = []
        if result.outcome is Outcome.DEAD or result.knocker is None:
            lines.append(Text("Dead hand: the stock is down to its last cards and nobody knocked."))
            for p in (0, 1):
                if not result.hands[p]:
                    continue  # a dead hand's cards are not shown
                arr = best_arrangement(result.hands[p], mr=mr)
                lines.append(Text(f"  {names[p]}: ") + render.melds_text(arr.melds, glyphs))
                lines.append(_deadwood_line(arr.deadwood, glyphs, mr))
            lines.append(Text("Dead hand: no score", style="bold"))
            return lines
        k = result.knocker
        d = 1 - k
        how = {Outcome.GIN: "going gin", Outcome.BIG_GIN: "going big gin"}.get(result.outcome)
        lines.append(Text(f"  {names[k]} (laid down{' by the knocker' if how is None else ', ' + how}):"))
        lines.append(Text("    melds: ") + render.melds_text(result.knocker_melds, glyphs, numbered=True))
        lines.append(_deadwood_line(result.knocker_deadwood, glyphs, mr))
        lines.append(
            Text(f"  {names[d]} (defender), whole hand: ")
            + render.cards_text(order.by_rank(result.hands[d]), glyphs)
        )
        if result.defense is not None:
            gin = result.outcome in (Outcome.GIN, Outcome.BIG_GIN)
            lines.extend(_plan_lines(result.defense, result.knocker_melds, glyphs, gin, mr))
        label = result.outcome.label
        lines.append(Text(f"{label}: {result.describe((names[0], names[1]))}", style="bold"))
        return lines


def _limit_words(view: PlayerView, glyphs: bool) -> str:
    """``knock limit 10``; under Oklahoma (001-004) with the card that set it, and said before any
    scoring when a spade doubles every point of the hand: ``knock limit 7 (the upcard 7♠), points
    doubled this hand``."""
    words = f"knock limit {view.knock_limit}"
    if view.knock_card is not None:
        source = "the upcard" if view.rules.knock_card is KnockCard.UPCARD else "the second deck's card"
        words += f" ({source} {view.knock_card.text(glyphs)})"
        if view.knock_limit == 0:
            words += ", gin only"
    if view.multiplier != 1:
        words += (
            ", points doubled this hand" if view.multiplier == 2 else f", points x{view.multiplier} this hand"
        )
    return words


def _layoff_command(action: LayOff, view: PlayerView) -> str:
    """What to type at the layoff prompt for ``action``: Enter, a choice's number, or the plan."""
    choices = layoff_choices(view)
    if action.melds is None and action.layoffs is None:
        return "Enter (choice 1)"
    for n, choice in enumerate(choices, 1):
        if choice.action() == action:
            return "Enter (choice 1)" if n == 1 else f"choice {n}"
    return str(action).removeprefix("layoff ")


def _plan_lines(
    plan: LayoffPlan, knocker_melds: Sequence[Meld], glyphs: bool, gin: bool, mr: MeldRules
) -> list[Text]:
    lines = [Text("    melds: ") + render.melds_text(plan.melds, glyphs)]
    if gin:
        lines.append(Text("    lays off: nothing (no layoffs against gin)"))
    elif plan.layoffs:
        lay = Text("    lays off: ")
        current = [m.mask for m in knocker_melds]
        for n, (c, i) in enumerate(plan.layoffs):
            if n:
                lay.append(", ")
            lay.append_text(render.card_text(c, glyphs))
            lay.append(f" on meld {i + 1} ")
            lay.append_text(render.meld_text(Meld(current[i], mr=mr), glyphs))
            current[i] |= 1 << c
        lines.append(lay)
    else:
        lines.append(Text("    lays off: nothing"))
    lines.append(_deadwood_line(plan.deadwood, glyphs, mr))
    return lines


def _deadwood_line(deadwood: CardSet, glyphs: bool, mr: MeldRules) -> Text:
    return (
        Text("    deadwood: ")
        + render.cards_text(order.by_rank(deadwood), glyphs)
        + Text(f" ({mr.points(deadwood)})")
    )
