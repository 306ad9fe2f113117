"""Rich rendering shared by every variant: cards, hands, melds, score sheets, game and match
summaries, the rules. How a variant words its events and results is its table screen's
(:mod:`ginrummy.cli.table`); how a hand is ordered is :mod:`ginrummy.hand.order`.

Everything here builds :class:`rich.text.Text` objects (never markup strings, so
names and cards are printed literally). Hearts and diamonds are red. Cards are
written ``7♥`` when the console can print suit symbols, else ``7h``.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence

from rich.console import Console
from rich.text import Text

from ginrummy.cards import Card, CardSet
from ginrummy.hand.order import hand_layout
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import agree
from ginrummy.melds import STANDARD, Meld, MeldRules, best_discards, least_deadwood
from ginrummy.rules import PRESETS, Rules, Shutout
from ginrummy.scoring.columns import GameSummary
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.scoring.match import settle as settle_totals
from ginrummy.scoring.sheet import SheetLayout, winner_text
from ginrummy.variants.standard.view import PlayerView

__all__ = [
    "card_text",
    "cards",
    "cards_text",
    "hand_block",
    "match_lines",
    "meld_text",
    "melds_text",
    "rules_lines",
    "score_line",
    "sheet_text",
    "summary_lines",
    "table_words",
    "team_lines",
    "use_glyphs",
]

_RED_SUITS = (1, 2)  # diamonds, hearts


def cards(n: int) -> str:
    """``1 card``, ``0 cards``, ``7 cards``.

    >>> cards(1), cards(0)
    ('1 card', '0 cards')
    """
    return f"{n} card{'s' * (n != 1)}"


def use_glyphs(console: Console) -> bool:
    """Whether ``console`` can print the suit symbols (a UTF encoding)."""
    return console.encoding.lower().replace("-", "").startswith("utf")


def card_text(card: int, glyphs: bool, style: str = "") -> Text:
    """One card, red for hearts and diamonds (``style`` is added, e.g. ``"bold"``)."""
    c = Card(card)
    colour = "red" if c.suit in _RED_SUITS else ""
    return Text(c.text(glyphs), style=" ".join(s for s in (colour, style) if s))


_SUITS = "cdhs"
_CARD_WORD = re.compile(r"(?<![\w♣♦♥♠])(10|[A2-9TJQK])([cdhs♣♦♥♠])(?![\w♣♦♥♠])")
_PHASE_WORD = re.compile(r"\bin phase ([A-Z_]+)")


def table_words(message: str, glyphs: bool) -> str:
    """A message of the engine or of the commands worded as the table shows cards: each card
    written ``7h`` or ``7♥`` becomes ``7♥`` with ``glyphs``, else ``7h``; ``in phase DISCARD``
    becomes ``during the discard`` and ``legal now:`` ``you can now:``.

    >>> table_words("cannot take the discard in phase DISCARD; legal now: discard Ac 7♥", False)
    'cannot take the discard during the discard; you can now: discard Ac 7h'
    """

    def card(m: re.Match[str]) -> str:
        suit = m.group(2)
        index = _SUITS.index(suit) if suit in _SUITS else "♣♦♥♠".index(suit)
        return m.group(1) + ("♣♦♥♠"[index] if glyphs else _SUITS[index])

    text = _CARD_WORD.sub(card, message)
    text = _PHASE_WORD.sub(lambda m: "during the " + m.group(1).lower().replace("_", " "), text)
    return text.replace("legal now:", "you can now:")


def cards_text(cards: Iterable[int], glyphs: bool, empty: str = "none") -> Text:
    """Cards separated by spaces, in the given order; ``empty`` when there are none."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(c, glyphs))
    return out if out.plain else Text(empty)


def meld_text(meld: Meld, glyphs: bool) -> Text:
    """A meld in brackets, e.g. ``[7♣ 7♦ 7♠]``."""
    return Text("[") + cards_text(meld.cards, glyphs) + Text("]")


def melds_text(melds: Sequence[Meld], glyphs: bool, numbered: bool = False) -> Text:
    """Melds side by side (``1 [..]  2 [..]`` when ``numbered``); ``(no melds)`` if none."""
    out = Text()
    for i, m in enumerate(melds):
        if i:
            out.append("  ")
        if numbered:
            out.append(f"{i + 1} ")
        out.append_text(meld_text(m, glyphs))
    return out if out.plain else Text("(no melds)")


def hand_block(
    hand: CardSet, glyphs: bool, highlight: int | None = None, mr: MeldRules = STANDARD
) -> tuple[Text, Text]:
    """Two lines: the hand in display order (:func:`ginrummy.hand.order.hand_layout`: its melds
    in brackets, then the deadwood) and under each card its position number (1-11), the number
    a player may type for it. ``highlight`` (e.g. the card just drawn) is bold."""
    layout = hand_layout(hand, mr)
    groups: list[list[Card]] = [m.cards for m in layout.melds]
    groups += [[c] for c in layout.deadwood]
    top, bottom = Text(), Text()
    pos = 0
    for gi, group in enumerate(groups):
        in_meld = gi < len(layout.melds)
        sep = "  " if gi and (in_meld or gi == len(layout.melds)) else (" " if gi else "")
        top.append(sep + ("[" if in_meld else ""))
        bottom.append(" " * (len(sep) + (1 if in_meld else 0)))
        for ci, c in enumerate(group):
            if ci:
                top.append(" ")
                bottom.append(" ")
            pos += 1
            top.append_text(card_text(c, glyphs, "bold underline" if c == highlight else ""))
            bottom.append(f"{pos:>2}", style="dim")
        if in_meld:
            top.append("]")
            bottom.append(" ")
    return top, bottom


def sheet_text(
    game: Game, title: str | None = None, layout: SheetLayout = "hands", width: int | None = None
) -> Text:
    """The game's score sheet (:meth:`ginrummy.scoring.game.Game.sheet`), by default one row per
    hand, its lines no wider than ``width`` (a console's width) where they can be."""
    return Text(game.sheet(title, layout, width))


def score_line(game: Game, short: bool = False) -> str:
    """The score toward the target in one line, e.g. ``Ed 51, Computer 17 (game to 100)``;
    under Hollywood scoring each game's score, ``(over)`` for a finished one (``short``, for a
    narrow header, a finished game's score left to the sheet: ``You-Computer 44-53, over, 0-0;
    each to 100``)."""
    n = game.names
    if not game.hollywood:
        t = game.totals
        return f"{n[0]} {t[0]}, {n[1]} {t[1]} (game to {game.rules.target})"
    if short:
        games = ", ".join("over" if c.is_over else f"{c.totals[0]}-{c.totals[1]}" for c in game.columns)
        return f"{n[0]}-{n[1]} {games}; each to {game.rules.target}"
    parts = [
        f"game {c.number} {c.totals[0]}-{c.totals[1]}{' (over)' if c.is_over else ''}" for c in game.columns
    ]
    return f"{n[0]}-{n[1]}: {', '.join(parts)}; each to {game.rules.target}"


def _summary_parts(s: GameSummary, p: int, rules: Rules) -> str:
    parts = [f"{s.hand_points[p]} in hands"]
    if s.game_bonus[p]:
        parts.append(f"game bonus {s.game_bonus[p]}")
    if s.box_bonus[p]:
        parts.append(f"box {s.hands_won[p]} x {rules.box_bonus} = {s.box_bonus[p]}")
    if s.margin_bonus[p]:
        parts.append(f"margin bonus {s.margin_bonus[p]}")
    return ", ".join(parts)


def summary_lines(game: Game, settle: bool = False) -> list[Text]:
    """The final summary of a finished game: hand points, game bonus, box, shutout, totals
    (each of Hollywood's three games, then their sum); with ``settle``, what the loser pays
    when the rules name a stake."""
    s = game.summary()
    n = game.names
    rules = game.rules
    lines = [Text("Game over.", style="bold")]
    if game.hollywood:
        for c in game.columns:
            cs = c.summary()
            lines.append(Text(f"  Game {c.number}:"))
            for p in (0, 1):
                lines.append(Text(f"    {n[p]}: {_summary_parts(cs, p, rules)}; total {cs.totals[p]}"))
            if cs.shutout and rules.shutout is not Shutout.NONE:
                lines.append(Text(f"    Shutout! ({rules.shutout.value})"))
            if cs.forfeit and cs.winner is not None:
                lines.append(
                    Text(
                        f"    {n[1 - cs.winner]} won by exactly {rules.forfeit_on_exact_margin} and forfeits."
                    )
                )
            lines.append(Text(f"    {winner_text(cs, n, f'game {c.number}')}"))
        if s.winner is None:
            lines.append(Text(f"The Hollywood set is drawn at {s.totals[0]} each.", style="bold"))
        else:
            w = s.winner
            lines.append(
                Text(
                    f"{agree(n[w], 'win', 'wins')} the Hollywood set, {s.totals[w]} to {s.totals[1 - w]} "
                    "over the three games.",
                    style="bold",
                )
            )
    else:
        for p in (0, 1):
            lines.append(Text(f"  {n[p]}: {_summary_parts(s, p, rules)}; total {s.totals[p]}"))
        if s.shutout:
            lines.append(Text(f"  Shutout! ({rules.shutout.value})"))
        if s.forfeit and s.winner is not None:
            lines.append(
                Text(f"  {n[1 - s.winner]} won by exactly {rules.forfeit_on_exact_margin} and forfeits.")
            )
        lines.append(Text(winner_text(s, n), style="bold"))
    if settle and rules.stake:
        lines.append(Text(settle_totals(s.totals, rules.stake).text(n)))
    return lines


def match_lines(match: Match) -> list[Text]:
    """The match sheet (:meth:`ginrummy.scoring.match.Match.sheet`), its result line in bold."""
    lines = [Text(line) for line in match.sheet().splitlines()]
    if match.is_over:
        for line in lines:
            if " wins" in line.plain or "drawn" in line.plain:
                line.stylize("bold")
    return lines


def team_lines(team: TeamMatch) -> list[Text]:
    """The team sheet (:meth:`ginrummy.scoring.match.TeamMatch.sheet`)."""
    return [Text(line) for line in team.sheet().splitlines()]


def _wrapped(text: str, indent: str = "  ", width: int = 80) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words (a setting
    ``key=value`` is never cut), the lines after the first indented."""
    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )


def rules_lines(rules: Rules, preset: str | None = None, changed: Sequence[str] = ()) -> list[Text]:
    """The rules in force: the preset and its summary, then every setting as ``key=value``
    (the ones changed by ``--set`` listed again)."""
    lines: list[Text] = []
    if preset is not None and preset in PRESETS:
        p = PRESETS[preset]
        lines.extend(Text(line) for line in _wrapped(f"Rules: {p.name} ({p.source}). {p.summary}"))
    settings = ", ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in rules.settings().items()
    )
    lines.extend(Text(line, style="dim") for line in _wrapped(f"Settings: {settings}", "          "))
    if changed:
        lines.append(Text(f"Changed with --set: {', '.join(changed)}"))
    return lines


def deadwood_words(view: PlayerView) -> str:
    """``deadwood 14`` (points), or while this seat discards the deadwood left after its best discard
    (``deadwood 6 after your best discard``): the count the knock limit is compared with (000).
    Shared by the line mode and the full-screen table."""
    mr = view.meld_rules
    if view.phase is Phase.DISCARD and view.to_act == view.player:
        exclude = 0 if view.taken is None or view.rules.rediscard_taken_card else 1 << view.taken
        try:
            count, _ = best_discards(view.hand, exclude, mr=mr)
        except ValueError:
            pass
        else:
            return f"deadwood {count} after your best discard"
    return f"deadwood {least_deadwood(view.hand, mr=mr)}"
