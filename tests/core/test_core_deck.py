"""Decks (`makao.deck`): whole 52-card decks or only some ranks (a 32-card piquet pack),
counts checked with a typed error, and the seeded shuffle of one `random.Random`
(PL-1)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from typing import Any

import pytest

from makao.cards import ALL_CARDS
from makao.deck import MAX_DECKS, deck_cards, shuffled_deck
from makao.errors import SetupError

PIQUET = range(7, 15)


@pytest.mark.parametrize("decks", [0, -1, True, False, "2", 2.0, None])
def test_deck_cards_refuses_a_count_that_is_not_a_positive_whole_number(decks: Any) -> None:
    """A deck count of 0, a negative, a bool or a non-integer is a `SetupError`."""
    with pytest.raises(SetupError, match="decks must be a positive whole number"):
        deck_cards(decks)


def test_pl_1_two_decks_hold_every_card_twice() -> None:
    """PL-1: two decks are 104 cards, each of the 52 cards twice."""
    cards = deck_cards(2)
    assert len(cards) == 104
    assert all(cards.count(card) == 2 for card in ALL_CARDS)


def test_a_piquet_deck_holds_the_32_cards_of_the_ranks_seven_to_ace() -> None:
    """With ``ranks`` a deck holds only the cards of those ranks, in index order."""
    cards = deck_cards(1, PIQUET)
    assert cards == [card for card in ALL_CARDS if 7 <= card.rank <= 14]
    assert len(cards) == 32


def test_an_empty_rank_set_gives_no_cards_not_a_whole_deck() -> None:
    """``ranks=()`` keeps the cards of no rank: an empty deck, not all 52 cards."""
    assert deck_cards(1, ()) == []


def test_a_shuffled_piquet_deck_keeps_only_its_ranks() -> None:
    """The shuffle keeps ``ranks``: two shuffled piquet decks are 64 cards of 7…A."""
    cards = shuffled_deck(2, random.Random(3), PIQUET)
    assert sorted(cards) == sorted(deck_cards(2, PIQUET))


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_the_shuffle_is_random_shuffles_permutation_of_the_seeded_generator(seed: int) -> None:
    """The deck's order is what ``random.Random(seed).shuffle`` makes of the sorted deck."""
    expected = deck_cards(1)
    random.Random(seed).shuffle(expected)
    assert shuffled_deck(1, random.Random(seed)) == expected


@pytest.mark.parametrize("decks", range(1, 9))
@pytest.mark.parametrize("ranks", [None, PIQUET, (2, 14), (10,)])
def test_pl_1_every_deck_count_holds_every_card_of_its_ranks_that_many_times(
    decks: int, ranks: tuple[int, ...] | range | None
) -> None:
    """PL-1: ``decks`` decks (1…8), whole or of some ranks, shuffled or not, hold every card
    of those ranks exactly ``decks`` times and no other card."""
    kept = [card for card in ALL_CARDS if ranks is None or card.rank in ranks]
    for cards in (deck_cards(decks, ranks), shuffled_deck(decks, random.Random(decks), ranks)):
        assert len(cards) == decks * len(kept)
        assert Counter(cards) == dict.fromkeys(kept, decks)


@pytest.mark.parametrize(
    ("decks", "ranks", "message"),
    [
        (0, None, "decks must be a positive whole number, at most 8, not 0"),
        (MAX_DECKS + 1, None, "decks must be a positive whole number, at most 8, not 9"),
        (1, 5, "ranks must be a collection of ranks, not 5"),
        (1, "789", "ranks must be a collection of ranks, not '789'"),
    ],
)
def test_pl_1_a_deck_is_1_to_max_decks_decks_of_given_ranks(
    decks: int, ranks: object, message: str
) -> None:
    """PL-1: `deck_cards` builds 1…`MAX_DECKS` whole decks (built whole, so bounded) of a
    collection of ranks; anything else is a `SetupError` (ranks ``5`` raised a bare
    `TypeError`, and any number of decks was built)."""
    with pytest.raises(SetupError, match=message):
        deck_cards(decks, ranks)  # type: ignore[arg-type]
    assert len(deck_cards(MAX_DECKS, range(7, 15))) == 32 * MAX_DECKS


@pytest.mark.parametrize("ranks", [(7, 15), [1], (0,), ["7"], [True], (14.0,)])
def test_pl_1_a_decks_ranks_are_ranks_2_to_14(ranks: object) -> None:
    """PL-1: `deck_cards` takes ranks 2…14 only, as a start rule does; a rank outside them
    (15, 1, text, a bool, a float) is a `SetupError` (it used to keep no card of it: a
    deck of ``(7, 15)`` was the four sevens)."""
    with pytest.raises(SetupError, match=r"ranks must be ranks 2…14 \(2 to ace\), not "):
        deck_cards(1, ranks)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"ranks must be ranks 2…14"):
        shuffled_deck(1, random.Random(1), ranks)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", [None, 3, "seed", random])
def test_shuffled_deck_refuses_what_is_no_random_generator(rng: Any) -> None:
    """The shuffle draws from a `random.Random` (a subclass will do); anything else was an
    AttributeError."""
    with pytest.raises(SetupError, match=r"rng must be a random\.Random"):
        shuffled_deck(1, rng)
    assert sorted(shuffled_deck(1, random.SystemRandom())) == list(ALL_CARDS)


def test_pl_3_a_subclass_of_random_is_asked_to_shuffle_the_deck_itself() -> None:
    """PL-3: the deck is shuffled by the generator's own ``shuffle`` when it is a subclass
    of `random.Random` (only `random.Random` itself has its steps written out)."""

    class Reversing(random.Random):
        def shuffle(self, x: MutableSequence[Any]) -> None:
            x.reverse()

    assert shuffled_deck(1, Reversing(5)) == deck_cards(1)[::-1]
    assert shuffled_deck(2, Reversing(5), PIQUET) == deck_cards(2, PIQUET)[::-1]
