"""Rich rendering of cards, hands, melds, hand results and score sheets.

Everything here builds :class:`rich.text.Text` objects (never markup strings, so
names and cards are printed literally). Hearts and diamonds are red. Cards are
written ``7♥`` when the console can print suit symbols, else ``7h``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console
from rich.text import Text

from ginrummy.cards import Card, CardSet, cards_of, sort_key_rank
from ginrummy.hand.results import HandResult, Outcome
from ginrummy.hand.state import Event
from ginrummy.layoff import LayoffPlan
from ginrummy.melds import STANDARD, Meld, MeldRules, best_arrangement
from ginrummy.rules import PRESETS, Rules, Shutout
from ginrummy.scoring.columns import GameSummary
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.scoring.match import settle as settle_totals
from ginrummy.scoring.sheet import winner_text

__all__ = [
    "OUTCOME_LABELS",
    "card_text",
    "cards_text",
    "display_order",
    "event_text",
    "hand_block",
    "match_lines",
    "meld_text",
    "melds_text",
    "result_lines",
    "rules_lines",
    "score_line",
    "sheet_text",
    "summary_lines",
    "team_lines",
    "use_glyphs",
]

OUTCOME_LABELS = {
    Outcome.KNOCK: "Knock",
    Outcome.UNDERCUT: "Undercut",
    Outcome.TIE: "Tie",
    Outcome.GIN: "Gin",
    Outcome.BIG_GIN: "Big gin",
    Outcome.DEAD: "Dead hand",
}
"""The name of each outcome as shown at the end of a hand."""

_RED_SUITS = (1, 2)  # diamonds, hearts


def use_glyphs(console: Console) -> bool:
    """Whether ``console`` can print the suit symbols (a UTF encoding)."""
    return console.encoding.lower().replace("-", "").startswith("utf")


def card_text(card: int, glyphs: bool, style: str = "") -> Text:
    """One card, red for hearts and diamonds (``style`` is added, e.g. ``"bold"``)."""
    c = Card(card)
    colour = "red" if c.suit in _RED_SUITS else ""
    return Text(c.text(glyphs), style=" ".join(s for s in (colour, style) if s))


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


def _by_rank(cards: CardSet) -> list[Card]:
    return sorted(cards_of(cards), key=sort_key_rank)


def display_order(hand: CardSet, mr: MeldRules = STANDARD) -> list[Card]:
    """The cards of ``hand`` in display order: the melds of its best arrangement, then the
    deadwood by rank. Position numbers typed by the player refer to this order."""
    arr = best_arrangement(hand, mr=mr)
    order: list[Card] = []
    for m in arr.melds:
        order.extend(m.cards)
    order.extend(_by_rank(arr.deadwood))
    return order


def hand_block(
    hand: CardSet, glyphs: bool, highlight: int | None = None, mr: MeldRules = STANDARD
) -> tuple[Text, Text]:
    """Two lines: the hand with its melds in brackets then the deadwood, and under each
    card its position number (1-11). ``highlight`` (e.g. the card just drawn) is bold."""
    arr = best_arrangement(hand, mr=mr)
    groups: list[list[Card]] = [m.cards for m in arr.melds]
    groups += [[c] for c in _by_rank(arr.deadwood)]
    top, bottom = Text(), Text()
    pos = 0
    for gi, group in enumerate(groups):
        in_meld = gi < len(arr.melds)
        sep = "  " if gi and (in_meld or gi == len(arr.melds)) else (" " if gi else "")
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


def _subject(player: int, names: Sequence[str], you: int | None) -> tuple[str, bool]:
    """The name to use for ``player`` and whether it is the second person ("You")."""
    if player == you:
        return "You", True
    return names[player], False


def event_text(
    event: Event,
    names: Sequence[str],
    glyphs: bool,
    you: int | None = None,
    drawn: int | None = None,
    gin: bool = False,
) -> Text:
    """One public event as a sentence, e.g. ``Computer takes 7♥``. ``drawn`` names the
    card drawn from the stock (only for the player who drew it, or in a replay); ``gin``
    words a knock as going gin."""
    who, second = _subject(event.player, names, you)

    def verb(base: str, third: str) -> str:
        return base if second else third

    out = Text(who + " ")
    if event.kind == "pass":
        out.append(verb("pass", "passes"))
    elif event.kind == "take":
        out.append(verb("take ", "takes "))
        if event.card is not None:
            out.append_text(card_text(event.card, glyphs, "bold"))
    elif event.kind == "draw":
        out.append(verb("draw ", "draws "))
        if drawn is not None:
            out.append_text(card_text(drawn, glyphs, "bold"))
            out.append(" ")
        out.append("from the stock")
    elif event.kind == "discard":
        out.append(verb("discard ", "discards "))
        if event.card is not None:
            out.append_text(card_text(event.card, glyphs, "bold"))
    elif event.kind == "knock":
        out.append(verb("go gin", "goes gin") if gin else verb("knock", "knocks"))
    elif event.kind == "big-gin":
        out.append(verb("go big gin", "goes big gin"))
    elif event.kind == "layoff":
        out.append(verb("lay down (your best layoffs are made for you)", "lays down and lays off"))
    else:  # pragma: no cover - every event kind is handled above
        out.append(event.kind)
    return out


def _plan_lines(
    plan: LayoffPlan, knocker_melds: Sequence[Meld], glyphs: bool, gin: bool, mr: MeldRules
) -> list[Text]:
    lines = [Text("    melds: ") + melds_text(plan.melds, glyphs)]
    if gin:
        lines.append(Text("    lays off: nothing (no layoffs against gin)"))
    elif plan.layoffs:
        lay = Text("    lays off: ")
        current = [m.mask for m in knocker_melds]
        for n, (c, i) in enumerate(plan.layoffs):
            if n:
                lay.append(", ")
            lay.append_text(card_text(c, glyphs))
            lay.append(f" on meld {i + 1} ")
            lay.append_text(meld_text(Meld(current[i], mr=mr), glyphs))
            current[i] |= 1 << c
        lines.append(lay)
    else:
        lines.append(Text("    lays off: nothing"))
    lines.append(_deadwood_line(plan.deadwood, glyphs, mr))
    return lines


def _deadwood_line(deadwood: CardSet, glyphs: bool, mr: MeldRules = STANDARD) -> Text:
    return Text("    deadwood: ") + cards_text(_by_rank(deadwood), glyphs) + Text(f" ({mr.points(deadwood)})")


def result_lines(
    result: HandResult, names: Sequence[str], glyphs: bool, mr: MeldRules = STANDARD
) -> list[Text]:
    """Everything laid down at the end of a hand: both hands, the knocker's melds and
    deadwood, the defender's melds and each layoff, and the outcome with its points."""
    lines: list[Text] = []
    if result.outcome is Outcome.DEAD or result.knocker is None:
        lines.append(Text("Dead hand: the stock is down to its last cards and nobody knocked."))
        for p in (0, 1):
            if not result.hands[p]:
                continue  # a dead hand's cards are not shown
            arr = best_arrangement(result.hands[p], mr=mr)
            lines.append(Text(f"  {names[p]}: ") + melds_text(arr.melds, glyphs))
            lines.append(_deadwood_line(arr.deadwood, glyphs, mr))
        lines.append(Text("Dead hand: no score", style="bold"))
        return lines
    k = result.knocker
    d = 1 - k
    lines.append(Text(f"  {names[k]} (laid down by the knocker):"))
    lines.append(Text("    melds: ") + melds_text(result.knocker_melds, glyphs, numbered=True))
    lines.append(_deadwood_line(result.knocker_deadwood, glyphs, mr))
    lines.append(
        Text(f"  {names[d]} (defender), whole hand: ") + cards_text(_by_rank(result.hands[d]), glyphs)
    )
    if result.defense is not None:
        gin = result.outcome in (Outcome.GIN, Outcome.BIG_GIN)
        lines.extend(_plan_lines(result.defense, result.knocker_melds, glyphs, gin, mr))
    label = OUTCOME_LABELS[result.outcome]
    lines.append(Text(f"{label}: {result.describe((names[0], names[1]))}", style="bold"))
    return lines


def sheet_text(game: Game, title: str | None = None) -> Text:
    """The game's score sheet (:meth:`ginrummy.scoring.game.Game.sheet`)."""
    return Text(game.sheet(title))


def score_line(game: Game) -> str:
    """The score toward the target in one line, e.g. ``Ed 51, Computer 17 (game to 100)``;
    under Hollywood scoring each game's score, ``(over)`` for a finished one."""
    n = game.names
    if not game.hollywood:
        t = game.totals
        return f"{n[0]} {t[0]}, {n[1]} {t[1]} (game to {game.rules.target})"
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
                    f"{n[w]} wins the Hollywood set, {s.totals[w]} to {s.totals[1 - w]} over the three games.",
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


def rules_lines(rules: Rules, preset: str | None = None, changed: Sequence[str] = ()) -> list[Text]:
    """The rules in force: the preset and its summary, then every setting as ``key=value``
    (the ones changed by ``--set`` listed again)."""
    lines: list[Text] = []
    if preset is not None and preset in PRESETS:
        p = PRESETS[preset]
        lines.append(Text(f"Rules: {p.name} ({p.source}). {p.summary}"))
    settings = ", ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in rules.settings().items()
    )
    lines.append(Text(f"Settings: {settings}", style="dim"))
    if changed:
        lines.append(Text(f"Changed with --set: {', '.join(changed)}"))
    return lines
