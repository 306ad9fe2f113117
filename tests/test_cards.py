"""Cards: parsing, formatting, CardSet helpers and the shuffled deck."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cards import (
    CARDS,
    FULL_DECK,
    NUM_CARDS,
    Card,
    Rank,
    Suit,
    card_points,
    cards_of,
    cardset,
    deadwood_points,
    format_cards,
    iter_cards,
    parse_card,
    parse_cards,
    popcount,
    shuffled_deck,
)
from ginrummy.errors import CardParseError, GinRummyError

card_indices = st.integers(0, 51)
cardsets = st.integers(0, FULL_DECK)


# -- parsing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "index"),
    [
        ("7h", 2 * 13 + 6),
        ("Th", 2 * 13 + 9),
        ("10h", 2 * 13 + 9),
        ("7♥", 2 * 13 + 6),
        ("7H", 2 * 13 + 6),
        ("tH", 2 * 13 + 9),
        ("10H", 2 * 13 + 9),
        ("ac", 0),
        ("AC", 0),
        ("Kc", 12),
        ("2d", 13 + 1),
        ("10♦", 13 + 9),
        ("Q♠", 3 * 13 + 11),
        ("qs", 3 * 13 + 11),
        ("J♣", 10),
        ("Ks", 51),
        (" 7h ", 2 * 13 + 6),
    ],
)
def test_parse_card(token: str, index: int) -> None:
    c = parse_card(token)
    assert type(c) is Card
    assert int(c) == index
    assert Card(token) == Card.parse(token) == c


def test_parse_card_rank_and_suit() -> None:
    c = Card("10♦")
    assert c.rank is Rank.TEN
    assert c.suit is Suit.DIAMONDS
    assert Card("As").rank is Rank.ACE and Card("As").suit is Suit.SPADES
    assert Card("Kc").rank is Rank.KING and Card("Kc").suit is Suit.CLUBS


@pytest.mark.parametrize(
    "token", ["1h", "11h", "0h", "7x", "", "h", "7", "10", "7hh", "♥7", "zz", "Xh", "7 h"]
)
def test_parse_card_error_names_token(token: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, GinRummyError)


def test_parse_cards_error_names_bad_token() -> None:
    with pytest.raises(CardParseError, match="'zz'"):
        parse_cards("7h zz 8h")
    with pytest.raises(CardParseError, match="'1s'"):
        parse_cards(["7h", "1s"])


@pytest.mark.parametrize("text", ["7h 8h 7h", "7h 8h 7H", "7h,Th,10h", "7♥ 7h"])
def test_parse_cards_rejects_duplicates(text: str) -> None:
    with pytest.raises(CardParseError, match="twice"):
        parse_cards(text)


def test_parse_cards_separators_and_iterables() -> None:
    expected = (1 << Card("7h")) | (1 << Card("8h")) | (1 << Card("9h"))
    assert parse_cards("7h 8h 9h") == expected
    assert parse_cards("7h,8h,9h") == expected
    assert parse_cards(" 7h ,  8h\t9h\n") == expected
    assert parse_cards(["7h", "8h", "9h"]) == expected
    assert parse_cards("") == 0
    assert parse_cards([]) == 0


@pytest.mark.parametrize("value", [52, -1, 100, 3.0, "7", None, True, False])
def test_card_rejects_bad_index(value: object) -> None:
    # bool is an int subclass but not a card index (shuffled_deck rejects bools too).
    with pytest.raises(CardParseError):
        Card(value)  # type: ignore[arg-type]


def test_card_of() -> None:
    assert Card.of(6, 2) == Card("7h")
    assert Card.of(Rank.KING, Suit.SPADES) == Card("Ks")
    for bad in [(13, 0), (-1, 0), (0, 4), (0, -1)]:
        with pytest.raises(CardParseError):
            Card.of(*bad)


# -- round trips ----------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(card_indices)
def test_card_round_trips(i: int) -> None:
    c = Card(i)
    assert c is CARDS[i]
    assert int(c) == i
    assert c.rank == i % 13 and c.suit == i // 13
    assert Card.of(c.rank, c.suit) == c
    assert parse_card(str(c)) == c
    assert parse_card(c.text(glyphs=True)) == c
    assert parse_card(str(c).lower()) == c == parse_card(str(c).upper())
    assert eval(repr(c), {"Card": Card}) == c
    assert c.bit == 1 << i
    assert len(str(c)) == 2


@settings(max_examples=200, deadline=None)
@given(cardsets)
def test_cardset_round_trips(mask: int) -> None:
    cs = cards_of(mask)
    assert cs == sorted(cs)
    assert all(type(c) is Card for c in cs)
    assert list(iter_cards(mask)) == cs
    assert cardset(cs) == mask
    assert popcount(mask) == len(cs) == bin(mask).count("1")
    text = format_cards(mask)
    assert parse_cards(text) == mask
    assert parse_cards(format_cards(mask, glyphs=True)) == mask
    assert deadwood_points(mask) == sum(min(c % 13 + 1, 10) for c in cs)
    assert deadwood_points(mask, ace_points=15) == sum(15 if c % 13 == 0 else min(c % 13 + 1, 10) for c in cs)


@pytest.mark.parametrize(
    ("mask", "ace_points"),
    [(-1, 1), (1 << 52, 1), (1 << 60, 15), ("Ah", 1), (True, 1), (1.0, 1), (3, 0), (3, "15")],
)
def test_deadwood_points_refuses_what_is_not_a_cardset(mask: object, ace_points: object) -> None:
    with pytest.raises(GinRummyError):
        deadwood_points(mask, ace_points)  # type: ignore[arg-type]


def test_format_cards_orders() -> None:
    mask = parse_cards("Ks 2c ac 2h")
    assert format_cards(mask) == "Ac 2c 2h Ks"
    assert format_cards(mask, glyphs=True) == "A♣ 2♣ 2♥ K♠"
    seq = [Card("Ks"), Card("2c"), Card("Ac")]
    assert format_cards(seq) == "Ks 2c Ac"
    assert format_cards(seq, by_rank=True) == "Ac 2c Ks"
    assert format_cards(0) == ""


def test_points() -> None:
    expected = {"A": 1, "2": 2, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10}
    for r, p in expected.items():
        for s in "cdhs":
            c = Card(r + s)
            assert c.points == card_points(c) == c.rank.points == p
    assert deadwood_points(FULL_DECK) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30)
    assert deadwood_points(0) == 0
    assert NUM_CARDS == 52 and FULL_DECK == (1 << 52) - 1


def test_symbols() -> None:
    assert "".join(r.symbol for r in Rank) == "A23456789TJQK"
    assert "".join(s.symbol for s in Suit) == "cdhs"
    assert "".join(s.glyph for s in Suit) == "♣♦♥♠"


# -- the deck -------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**64))
def test_shuffled_deck_deterministic(seed: int) -> None:
    deck = shuffled_deck(seed)
    assert sorted(deck) == list(range(52))
    assert all(type(c) is Card for c in deck)
    assert shuffled_deck(seed) == deck
    assert shuffled_deck(random.Random(seed)) == deck


def test_shuffled_deck_differs_between_seeds_and_keeps_global_rng() -> None:
    decks = {tuple(shuffled_deck(s)) for s in range(20)}
    assert len(decks) == 20
    state = random.getstate()
    shuffled_deck(1)
    assert random.getstate() == state


def test_shuffled_deck_golden() -> None:
    # Pinned so that a seed gives the same deck on every run and platform.
    deck = shuffled_deck(7)
    assert format_cards(deck[:5], by_rank=False) == "5d As 6h Jc 2s"
    assert deck[20] == Card("9d")  # the upcard of HandState.deal(rules, dealer, 7)
    rng = random.Random(3)
    first = shuffled_deck(rng)
    second = shuffled_deck(rng)  # the generator advances
    assert first != second


@pytest.mark.parametrize("bad", [None, 1.5, "7", True, False, [1, 2], object()])
def test_shuffled_deck_rejects_non_rng(bad: object) -> None:
    with pytest.raises(TypeError, match=r"rng must be a random\.Random or an int seed"):
        shuffled_deck(bad)  # type: ignore[arg-type]
