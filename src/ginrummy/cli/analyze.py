"""``ginrummy analyze`` and ``ginrummy layoff``: exact deadwood, discards and layoffs of given hands.

Each function here turns input text into a JSON-ready dict (the ``--json`` line) and
the dict into text lines, so both outputs always agree. Cards in the output use the
engine's notation (``7h``, ``Th``).

>>> d = analyze_hand(parse_hand("2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"), Rules())
>>> d["discards"], d["deadwood"], d["gin"], d["big_gin"]
(['3d'], 0, True, False)
>>> plan = layoff_plan(parse_knocker_melds("7c 7s 7d | 8h 9h Th"), parse_hand("7h Jh Qh 2c 3c 4c 5s 6s Kd Ks"))
>>> plan["layoffs"], plan["melds"], plan["deadwood"]
([['7h', 2], ['Jh', 2], ['Qh', 2]], [['2c', '3c', '4c']], 31)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.text import Text

from ginrummy.cards import Card, CardSet, cardset, format_cards, parse_card
from ginrummy.cli.render import cards_text, melds_text
from ginrummy.errors import CardParseError, GinRummyError, InvalidMeldError, quoted
from ginrummy.hand.order import by_rank
from ginrummy.layoff import best_layoff
from ginrummy.melds import Arrangement, Meld, arrangements, best_discards, least_deadwood, meld_rules
from ginrummy.rules import Rules

__all__ = [
    "analysis_lines",
    "analyze_hand",
    "layoff_lines",
    "layoff_plan",
    "parse_hand",
    "parse_knocker_melds",
    "run_lines",
]


def parse_hand(text: str, sizes: tuple[int, ...] | None = (10, 11)) -> list[Card]:
    """The cards of ``text`` (separated by spaces or commas), in input order.

    Raises :class:`CardParseError` naming a bad or repeated token, or text that was not UTF-8
    (bytes read as surrogate escapes), or :class:`GinRummyError` when the number of cards is not
    one of ``sizes`` (``None``: any number but zero).
    """
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        raise CardParseError("not valid UTF-8 text")
    tokens = text.replace(",", " ").split()
    cards: list[Card] = []
    seen = 0
    for tok in tokens:
        card = parse_card(tok)
        if seen >> card & 1:
            raise CardParseError(f"card given twice: {quoted(tok)}")
        seen |= 1 << card
        cards.append(card)
    if sizes is None:
        if not cards:
            raise GinRummyError("no cards given")
    elif len(cards) not in sizes:
        want = " or ".join(str(n) for n in sizes)
        raise GinRummyError(f"a hand has {want} cards; got {len(cards)}")
    return cards


def _names(cards: Iterable[int]) -> list[str]:
    return [str(Card(c)) for c in cards]


def _deadwood_names(mask: CardSet) -> list[str]:
    return _names(by_rank(mask))


def _arrangement_json(arr: Arrangement) -> dict[str, Any]:
    return {"melds": [_names(m.cards) for m in arr.melds], "deadwood_cards": _deadwood_names(arr.deadwood)}


def analyze_hand(cards: Sequence[Card], rules: Rules, all_arrangements: bool = False) -> dict[str, Any]:
    """The analysis of a 10- or 11-card hand as a JSON-ready dict (see the README).

    10 cards: ``deadwood``, ``melds`` and ``deadwood_cards`` of a least-deadwood
    arrangement. 11 cards: the same for the 10 cards kept after the first best
    discard, plus ``discards`` (every best discard), ``can_knock`` (the deadwood left
    is within the rules' knock limit), ``gin`` (none left) and ``big_gin`` (all 11
    cards meld, whether or not the rules allow big gin). With ``all_arrangements``:
    ``arrangements``, every least-deadwood arrangement (with its ``discard`` for 11).
    Melds and points follow the rules' aces (runs round the corner, ace 15 in Hollywood).
    """
    mr = meld_rules(rules)
    mask = cardset(cards)
    data: dict[str, Any] = {"hand": _names(cards)}
    kept: list[tuple[Card | None, list[Arrangement]]]
    if len(cards) == 11:
        count, discards = best_discards(mask, mr=mr)
        kept = [(d, arrangements(mask & ~(1 << d), mr=mr)) for d in discards]
    else:
        count, kept = least_deadwood(mask, mr=mr), [(None, arrangements(mask, mr=mr))]
    first = kept[0][1][0]
    data["deadwood"] = count
    data.update(_arrangement_json(first))
    if len(cards) == 11:
        data["discards"] = _names(discards)
        data["can_knock"] = count <= rules.knock_limit
        data["gin"] = count == 0
        data["big_gin"] = least_deadwood(mask, mr=mr) == 0
    if all_arrangements:
        data["arrangements"] = [
            ({"discard": str(d)} if d is not None else {}) | _arrangement_json(a)
            for d, arrs in kept
            for a in arrs
        ]
    return data


def _melds_of(data: dict[str, Any], rules: Rules | None = None) -> list[Meld]:
    mr = meld_rules(rules)
    return [Meld(" ".join(m), mr=mr) for m in data["melds"]]


def _cards_of(names: Sequence[str]) -> list[Card]:
    return [parse_card(n) for n in names]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def analysis_lines(data: dict[str, Any], rules: Rules) -> list[Text]:
    """The text output of ``analyze`` for one hand's dict (from :func:`analyze_hand`)."""
    lines = [Text("Hand: ") + cards_text(_cards_of(data["hand"]), False)]
    if "discards" in data:
        lines.append(
            Text("Best discard: ")
            + cards_text(_cards_of(data["discards"]), False)
            + Text(f"  (deadwood left {data['deadwood']})")
        )
    lines.append(Text("Melds: ") + melds_text(_melds_of(data, rules), False))
    lines.append(
        Text("Deadwood: ")
        + cards_text(_cards_of(data["deadwood_cards"]), False)
        + Text(f" ({data['deadwood']})")
    )
    if "discards" in data:
        if data["big_gin"]:
            allowed = "allowed" if rules.big_gin else "but these rules do not allow big gin"
            big = f"yes (all 11 cards meld; {allowed})"
        else:
            big = "no"
        lines.append(
            Text(
                f"Knock: {_yes(data['can_knock'])} (limit {rules.knock_limit}) · "
                f"Gin: {_yes(data['gin'])} · Big gin: {big}"
            )
        )
    for i, arr in enumerate(data.get("arrangements", ())):
        line = Text(f"  {i + 1}. ")
        if "discard" in arr:
            line.append(f"discard {arr['discard']}: ")
        line.append_text(melds_text(_melds_of(arr, rules), False))
        line.append(" ; deadwood ")
        line.append_text(cards_text(_cards_of(arr["deadwood_cards"]), False))
        lines.append(line)
    return lines


def parse_knocker_melds(text: str, rules: Rules | None = None) -> list[Meld]:
    """Melds separated by ``|`` (e.g. ``"7c 7s 7d | 8h 9h Th"``); empty text means none.
    Runs may turn the corner (``"Qs Ks As 2s"``) when ``rules`` (default: standard) say so.

    Raises :class:`InvalidMeldError` for cards that are not a meld or melds that
    overlap, and :class:`CardParseError` for a bad card.
    """
    if not text.strip():
        return []
    mr = meld_rules(rules)
    melds: list[Meld] = []
    used = 0
    for i, part in enumerate(text.split("|")):
        if not part.strip():
            raise InvalidMeldError(f"meld {i + 1} is empty (separate melds with '|')")
        meld = Meld(part, mr=mr)
        if meld.mask & used:
            raise InvalidMeldError(
                f"meld {i + 1} ({meld}) overlaps another meld in {format_cards(meld.mask & used)}"
            )
        used |= meld.mask
        melds.append(meld)
    return melds


def layoff_plan(
    knocker_melds: Sequence[Meld], hand: Sequence[Card], rules: Rules | None = None
) -> dict[str, Any]:
    """The defender's best plan (:func:`ginrummy.layoff.best_layoff`) as a JSON-ready dict.

    Layoffs are ``[card, meld_number]`` with knocker's melds numbered from 1 in the
    given order; chains and points follow the aces of ``rules`` (default: standard).
    Raises :class:`InvalidMeldError` if a card of ``hand`` is in a knocker's meld, and
    :class:`GinRummyError` for a position that cannot arise: a defender's hand that is not 10
    cards, or knocker's melds of more than 10 cards (the knocker keeps 10 after the discard).
    """
    mr = meld_rules(rules)
    if len(hand) != 10:
        raise GinRummyError(f"the defender holds 10 cards after a knock; got {len(hand)}")
    mask = cardset(hand)
    on_table = 0
    for m in knocker_melds:
        on_table |= m.mask
    if on_table.bit_count() > 10:
        raise GinRummyError(
            f"the knocker's melds hold {on_table.bit_count()} cards; a knocker keeps 10 after the discard"
        )
    if mask & on_table:
        raise InvalidMeldError(
            f"cards both in the knocker's melds and the hand: {format_cards(mask & on_table)}"
        )
    plan = best_layoff(knocker_melds, mask, mr=mr)
    return {
        "hand": _names(hand),
        "melds": [_names(m.cards) for m in plan.melds],
        "layoffs": [[str(c), i + 1] for c, i in plan.layoffs],
        "laid_off": _names(c for c, _ in plan.layoffs),
        "deadwood_cards": _deadwood_names(plan.deadwood),
        "deadwood": plan.points,
    }


def layoff_lines(
    data: dict[str, Any], knocker_melds: Sequence[Meld], rules: Rules | None = None
) -> list[Text]:
    """The text output of ``layoff`` for one defender hand's dict (from :func:`layoff_plan`)."""
    lay = Text("Layoffs: ")
    for n, (card, i) in enumerate(data["layoffs"]):
        if n:
            lay.append(", ")
        lay.append_text(cards_text([parse_card(card)], False))
        lay.append(f" on meld {i}")
    if not data["layoffs"]:
        lay.append("none")
    return [
        Text("Knocker's melds: ") + melds_text(knocker_melds, False, numbered=True),
        Text("Defender's hand: ") + cards_text(_cards_of(data["hand"]), False),
        Text("Own melds: ") + melds_text(_melds_of(data, rules), False),
        lay,
        Text("Deadwood: ")
        + cards_text(_cards_of(data["deadwood_cards"]), False)
        + Text(f" ({data['deadwood']})"),
    ]


def run_lines(
    lines: Iterable[str], handle: Callable[[str], None], report: Callable[[str], None]
) -> int | None:
    """Apply ``handle`` to each non-blank line; a line whose handling raises
    :class:`GinRummyError` is reported as ``line N: message`` and skipped.
    Returns 1 if any line failed, else 0; ``None`` when there was no line but blank ones."""
    status: int | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        status = status or 0
        try:
            handle(line)
        except GinRummyError as exc:
            report(f"line {number}: {exc}")
            status = 1
    return status
