"""Cards by identity: `makao.cards.without_card` takes a card out of a tuple as
``list.remove`` would by equality (the engine's way to take a played card from a hand), and
`makao.cards.count_card` counts a card as ``list.count`` would."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao.cards import ALL_CARDS, Card, count_card, parse_cards, without_card

CARDS = st.sampled_from(ALL_CARDS)


@given(st.lists(CARDS, min_size=1, max_size=20), st.data())
def test_without_card_does_what_list_remove_does(cards: list[Card], data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(cards))
    theirs = cards.copy()
    theirs.remove(card)
    assert without_card(tuple(cards), card) == tuple(theirs)


def test_without_card_takes_the_first_of_two_copies_and_keeps_the_order() -> None:
    hand = parse_cards("7h 5c 7h 9d")
    assert without_card(hand, Card.parse("7h")) == parse_cards("5c 7h 9d")
    assert hand == parse_cards("7h 5c 7h 9d")  # a new tuple; the old one is unchanged


def test_without_card_refuses_a_card_that_is_not_there() -> None:
    with pytest.raises(ValueError, match="9d is not in the cards"):
        without_card(parse_cards("7h 5c"), Card.parse("9d"))


@given(st.lists(CARDS, max_size=20), CARDS)
def test_count_card_counts_what_list_count_counts(cards: list[Card], card: Card) -> None:
    assert count_card(cards, card) == cards.count(card)
    assert count_card(tuple(cards), card) == cards.count(card)
