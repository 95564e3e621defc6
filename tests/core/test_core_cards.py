"""Cards in lists: `makao.cards.remove_card` takes a card out by identity, as
``list.remove`` would by equality (the engine's way to take a played card from a hand)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao.cards import ALL_CARDS, Card, parse_cards, remove_card

CARDS = st.sampled_from(ALL_CARDS)


@given(st.lists(CARDS, min_size=1, max_size=20), st.data())
def test_remove_card_does_what_list_remove_does(cards: list[Card], data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(cards))
    ours, theirs = cards.copy(), cards.copy()
    remove_card(ours, card)
    theirs.remove(card)
    assert ours == theirs


def test_remove_card_takes_the_first_of_two_copies_and_keeps_the_order() -> None:
    hand = list(parse_cards("7h 5c 7h 9d"))
    remove_card(hand, Card.parse("7h"))
    assert hand == list(parse_cards("5c 7h 9d"))


def test_remove_card_refuses_a_card_that_is_not_there() -> None:
    hand = list(parse_cards("7h 5c"))
    with pytest.raises(ValueError, match="9d is not in the list"):
        remove_card(hand, Card.parse("9d"))
    assert hand == list(parse_cards("7h 5c"))
