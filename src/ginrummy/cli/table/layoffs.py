"""The defender's layoffs at the terminal: the choices listed best first, Enter for the best.

After the computer knocks, the human sees the knocker's melds (numbered) and deadwood, their own
hand, and the ways to lay down and lay off (:func:`ginrummy.variants.standard.defense.layoff_choices`, best
first). Enter takes choice 1, a number another; a plan of one's own is typed as own melds in
brackets and ``card:meld-number`` pairs, e.g. ``[3c 4c 5c] Jh:2 Qh:2`` (``none`` lays down
nothing), and the engine checks it. The meta commands (help, sheet, hint, quit) work as at
every prompt.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from ginrummy.cli import render
from ginrummy.cli.commands import META_WORDS, CommandError, Meta, RefusedError
from ginrummy.cli.table.base import TableIO
from ginrummy.errors import InvalidLayoffError
from ginrummy.hand.order import display_order
from ginrummy.melds import Meld
from ginrummy.variants.standard.actions import LayOff, parse_action
from ginrummy.variants.standard.defense import LayoffChoice, custom_choice, layoff_choices
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "LAYOFF_HELP",
    "SHOWN",
    "LayoffCommand",
    "choice_line",
    "layoff_prompt",
    "parse_layoff",
    "show_layoff",
]

SHOWN = 9
"""How many choices are listed (any number may be typed; ``all`` lists every one)."""

LAYOFF_HELP = """\
Laying off (after the other player knocks):
  Enter          lay down choice 1, the least deadwood
  2, 3, ...      lay down that choice;  all   list every choice
  [3c 4c 5c] Jh:2 Qh:2   your own plan: your melds in brackets, then each card to lay off
                 and the number of the knocker's meld it goes on, in playing order
  none           lay down nothing (all your cards count)
  s  score sheet   h, hint  what the strongest computer player would do   ?  help   q  quit"""


def choice_line(n: int, choice: LayoffChoice, view: PlayerView, glyphs: bool) -> Text:
    """``2. lay off J♥ on meld 1 [8♥ 9♥ 10♥]; melds [..]; deadwood K♦ (10)``."""
    out = Text(f"  {n}. ")
    if choice.layoffs:
        out.append("lay off ")
        for k, (c, i, meld) in enumerate(choice.steps(view.knocker_melds)):
            if k:
                out.append(", ")
            out.append_text(render.card_text(c, glyphs, "bold"))
            out.append(f" on meld {i + 1} ")
            out.append_text(render.meld_text(Meld(meld, mr=view.meld_rules), glyphs))
        out.append("; ")
    else:
        out.append("lay off nothing; ")
    out.append("melds ")
    out.append_text(render.melds_text(choice.melds, glyphs))
    out.append("; deadwood ")
    out.append_text(render.cards_text(display_order(choice.deadwood, view.meld_rules), glyphs))
    out.append(f" ({choice.points})", style="bold")
    return out


def show_layoff(io: TableIO, view: PlayerView, names: tuple[str, str], every: bool = False) -> None:
    """The knocker's melds and deadwood, the human's hand and the choices (:data:`SHOWN` of
    them unless ``every``)."""
    knocker = names[view.knocker if view.knocker is not None else 1 - view.player]
    head = Text(f"{knocker} knocked, laying down ")
    head.append_text(render.melds_text(view.knocker_melds, io.glyphs, numbered=True))
    head.append(" with deadwood ")
    head.append_text(render.cards_text(display_order(view.knocker_deadwood, view.meld_rules), io.glyphs))
    head.append(f" ({view.meld_rules.points(view.knocker_deadwood)})")
    io.say(head)
    top, bottom = render.hand_block(view.hand, io.glyphs, mr=view.meld_rules)
    io.say(Text("Your hand:"))
    io.say(Text("  ") + top)
    io.say(Text("  ") + bottom)
    choices = layoff_choices(view)
    io.say(Text("Lay down and lay off (best first):"))
    for n, choice in enumerate(choices[: None if every else SHOWN], 1):
        io.say(choice_line(n, choice, view, io.glyphs))
    if not every and len(choices) > SHOWN:
        io.say(Text(f"  ... {len(choices) - SHOWN} more (type all to list them)", style="dim"))


def layoff_prompt(view: PlayerView) -> str:
    """The prompt at the defender's layoff."""
    count = len(layoff_choices(view))
    more = f", 2-{count} another" if count > 1 else ""
    return f"Enter for choice 1{more}, or your own plan like [3c 4c 5c] Jh:2; ? help > "


@dataclass(frozen=True, slots=True)
class LayoffCommand:
    """A line typed at the layoff prompt: the ``action`` to play, or ``None`` to list every choice."""

    action: LayOff | None


def parse_layoff(text: str, view: PlayerView) -> LayoffCommand | Meta:
    """One line typed at the layoff prompt: the action it plays (a listed choice, or the
    player's own plan, checked), ``LayoffCommand(None)`` for ``all``, or a
    :class:`~ginrummy.cli.commands.Meta` command.
    Raises :class:`~ginrummy.cli.commands.CommandError` for text that is not understood and
    :class:`~ginrummy.cli.commands.RefusedError` for a plan that does not fit."""
    t = " ".join(text.strip().split())
    low = t.lower()
    choices = layoff_choices(view)
    if not low:
        return LayoffCommand(choices[0].action())
    if low == "all":
        return LayoffCommand(None)
    if low in META_WORDS:
        return Meta(META_WORDS[low])
    if low.isdigit():
        n = int(low)
        if not 1 <= n <= len(choices):
            raise CommandError(f"no choice {n}: the choices are 1-{len(choices)}")
        return LayoffCommand(choices[n - 1].action())
    if not low.startswith("layoff"):
        t = "layoff " + t
    action = parse_action(t, mr=view.meld_rules)
    if not isinstance(action, LayOff):  # pragma: no cover - "layoff ..." parses to a LayOff
        raise CommandError("type a choice number or a plan like [3c 4c 5c] Jh:2")
    if action.melds is None and action.layoffs is None:
        return LayoffCommand(choices[0].action())
    try:
        return LayoffCommand(custom_choice(view, action.melds or (), action.layoffs or ()).action())
    except InvalidLayoffError as exc:
        raise RefusedError(str(exc)) from None
