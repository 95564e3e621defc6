"""Cards by identity: `makao.cards.without_card` takes a card out of a tuple as
``list.remove`` would by equality (the engine's way to take a played card from a hand), and
`makao.cards.count_card` counts a card as ``list.count`` would."""

from __future__ import annotations

import copy
import itertools
import operator
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from makao.cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    count_card,
    format_cards,
    parse_cards,
    without_card,
)
from makao.errors import CardParseError, SetupError

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


def test_cards_are_interned_immutable_and_hash_by_identity_on_both_builds() -> None:
    """`Card` is a mypyc native class in the compiled build (docs/builds.md): the same
    interned values, the same refusals and object's own identity hash as the pure build."""
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert seven is Card.parse("7h") is Card.from_index(22) is ALL_CARDS[22]
    assert hash(seven) == object.__hash__(seven)
    assert copy.copy(seven) is seven and copy.deepcopy(seven) is seven
    assert pickle.loads(pickle.dumps(seven)) is seven
    for name in ("index", "bit", "rank", "suit", "_text", "other"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(seven, name, 3)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(seven, name)
    assert seven.index == 22 and seven.rank is Rank.SEVEN and seven.suit is Suit.HEARTS


def test_a_cards_bit_is_its_own_bit_of_its_index_and_a_ranks_four_bits_stand_together() -> None:
    """`Card.bit` (a set of cards as an int, the move generator's hand bits): ``1 << index``,
    so a rank's cards are four bits side by side (rank-major indices)."""
    assert [card.bit for card in ALL_CARDS] == [1 << index for index in range(52)]
    for card in ALL_CARDS:
        rank_bits = sum(other.bit for other in ALL_CARDS if other.rank is card.rank)
        assert rank_bits == 15 << (4 * (card.rank - 2))


@pytest.mark.parametrize("rank, suit", [(1, Suit.HEARTS), (Rank.SEVEN, 4), ([], 0), ("7", "h")])
def test_a_card_of_no_rank_and_suit_is_refused_with_a_typed_error(rank: Any, suit: Any) -> None:
    with pytest.raises(CardParseError, match="not a card"):
        Card(rank, suit)


def test_a_cards_repr_builds_the_card_again() -> None:
    """``Card('7h')`` is how a card is shown (in events, rules, variants), so it is also how
    one is made from its text; it was a bare ``TypeError`` (no suit). A one-argument call
    that is no card's text is a typed error."""
    for card in ALL_CARDS:
        assert eval(repr(card), {"Card": Card}) is card
        assert Card(str(card)) is card and Card(card.symbol_text) is card
    with pytest.raises(CardParseError, match="unknown card '7x'"):
        Card("7x")
    for bad in (7, None, b"7h"):
        with pytest.raises(CardParseError, match="not a card"):
            Card(bad)


@pytest.mark.parametrize("bad", [None, 5, b"7h", ["7h"]])
def test_card_parse_refuses_a_non_string_with_a_typed_error(bad: Any) -> None:
    with pytest.raises(CardParseError, match="must be a string"):
        Card.parse(bad)


@pytest.mark.parametrize("bad", [None, "7", 52, -1, True, 2.0])
def test_card_from_index_refuses_what_is_no_index_with_a_typed_error(bad: Any) -> None:
    with pytest.raises(CardParseError, match="integer 0…51"):
        Card.from_index(bad)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7h", Rank.SEVEN, Suit.HEARTS),
        ("7H", Rank.SEVEN, Suit.HEARTS),
        ("7♥", Rank.SEVEN, Suit.HEARTS),
        (" 7h\n", Rank.SEVEN, Suit.HEARTS),
        ("10s", Rank.TEN, Suit.SPADES),
        ("Ts", Rank.TEN, Suit.SPADES),
        ("ts", Rank.TEN, Suit.SPADES),
        (" 10♠ ", Rank.TEN, Suit.SPADES),
        ("Kh", Rank.KING, Suit.HEARTS),
        ("kh", Rank.KING, Suit.HEARTS),
        ("q♠", Rank.QUEEN, Suit.SPADES),
        ("Ad", Rank.ACE, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        ("J♦", Rank.JACK, Suit.DIAMONDS),
    ],
)
def test_card_parse_reads_every_documented_form(text: str, rank: Rank, suit: Suit) -> None:
    """``Card.parse`` reads ``7h``, ``10s``, ``Ts``, either case, suit symbols and padding."""
    assert Card.parse(text) is Card(rank, suit)


def test_every_card_prints_and_reads_back_with_letters_and_with_symbols() -> None:
    """``str`` is rank then suit letter (``10s``), `symbol_text` has ``♣ ♦ ♥ ♠``; both read back."""
    assert [str(Card.parse(t)) for t in ("7h", "Ts", "qd", "A♣")] == ["7h", "10s", "Qd", "Ac"]
    symbols = [Card.parse(t).symbol_text for t in ("7h", "10s", "Qd", "Ac")]
    assert symbols == ["7♥", "10♠", "Q♦", "A♣"]
    for card in ALL_CARDS:
        assert Card.parse(str(card)) is card and Card.parse(card.symbol_text) is card
        assert repr(card) == f"Card('{card}')"


def test_parse_cards_splits_on_spaces_and_commas_and_keeps_cards_given_as_cards() -> None:
    """``parse_cards`` reads ``"2h 5c 10s"`` or ``"2h,5c, 10s"`` and an iterable of texts/cards."""
    expected = (Card.parse("2h"), Card.parse("5c"), Card.parse("10s"))
    assert parse_cards("2h 5c 10s") == parse_cards("2h,5c, 10s") == parse_cards("2h,5c,10s")
    assert parse_cards("2h 5c 10s") == expected
    assert parse_cards([expected[0], "5c", expected[2]]) == expected
    assert parse_cards(iter(expected)) == expected


def test_format_cards_writes_cards_as_text_separated_by_spaces() -> None:
    """``format_cards`` writes ``"2h 5c 10s"``: what ``parse_cards`` reads back."""
    assert format_cards(parse_cards("2h 5c Ts")) == "2h 5c 10s"
    assert format_cards([]) == ""
    assert parse_cards(format_cards(ALL_CARDS)) == ALL_CARDS


def test_format_cards_refuses_a_string_as_not_an_iterable_of_cards() -> None:
    """Text is not cards: ``format_cards("7h 8h")`` says it needs an iterable of cards."""
    with pytest.raises(CardParseError, match="needs an iterable of cards, not '7h 8h'"):
        format_cards("7h 8h")  # type: ignore[arg-type]


def test_cards_are_ordered_by_their_index_with_every_comparison() -> None:
    """``<``, ``<=``, ``>``, ``>=`` compare indices; a card is not below or above itself."""
    for one, other in itertools.product(ALL_CARDS, repeat=2):
        assert (one < other) == (one.index < other.index)
        assert (one <= other) == (one.index <= other.index)
        assert (one > other) == (one.index > other.index)
        assert (one >= other) == (one.index >= other.index)
    backwards = list(ALL_CARDS)
    backwards.reverse()
    assert sorted(backwards) == list(ALL_CARDS)


@pytest.mark.parametrize("compare", [operator.lt, operator.le, operator.gt, operator.ge])
def test_cards_refuse_every_order_comparison_with_a_non_card(
    compare: Callable[[object, object], bool],
) -> None:
    """A card is ordered only against cards: any order comparison with a number is a TypeError."""
    with pytest.raises(TypeError, match="not supported"):
        compare(Card.parse("7h"), 5)
    with pytest.raises(TypeError, match="not supported"):
        compare(5, Card.parse("7h"))


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(7, 2), (Rank.SEVEN, 2), (7, Suit.HEARTS), (7.0, 2.0), (Suit.HEARTS, Rank.THREE)],
)
def test_a_card_is_made_of_a_rank_and_a_suit_not_of_equal_numbers(rank: Any, suit: Any) -> None:
    """``Card(rank, suit)`` takes a `Rank` and a `Suit`: plain or swapped numbers are refused."""
    with pytest.raises(CardParseError, match="not a card"):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("h", Suit.HEARTS),
        ("H", Suit.HEARTS),
        (" h\n", Suit.HEARTS),
        ("♥", Suit.HEARTS),
        ("\u2661", Suit.HEARTS),
        ("\u2662", Suit.DIAMONDS),
        ("\u2664", Suit.SPADES),
        ("\u2667", Suit.CLUBS),
        ("hearts", Suit.HEARTS),
        ("Spades", Suit.SPADES),
        ("CLUBS", Suit.CLUBS),
        ("diamonds", Suit.DIAMONDS),
    ],
)
def test_pl_26_a_suit_reads_from_its_letter_symbol_or_name_in_either_case(
    text: str, suit: Suit
) -> None:
    """PL-26: the suit an ace names reads from its letter or English name (either case,
    padded or not) and from its symbol, black or white (``♥`` or ``♡``)."""
    assert Suit.parse(text) is suit


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("q", Rank.QUEEN),
        (" Q ", Rank.QUEEN),
        ("t", Rank.TEN),
        ("10", Rank.TEN),
        ("\t7\n", Rank.SEVEN),
    ],
)
def test_pl_21_a_rank_reads_in_either_case_and_with_padding(text: str, rank: Rank) -> None:
    """PL-21: the rank a jack demands reads in either case, ``T`` or ``10``, padded or not."""
    assert Rank.parse(text) is rank


@pytest.mark.parametrize(
    ("text", "card"),
    [(" 7H ", "7h"), ("\tqS\n", "Qs"), (" t\u2661 ", "10h"), ("7 h", "7h"), ("A\u2667 ", "Ac")],
)
def test_a_padded_card_reads_in_either_case_and_with_white_suit_symbols(
    text: str, card: str
) -> None:
    """Text that is no exact card form (padding around it) is read rank then suit, with the
    same forms as the exact ones: either case and the white symbols ``♡ ♢ ♤ ♧`` too."""
    assert Card.parse(text) is Card.parse(card)


@pytest.mark.parametrize("text", ["7", " h ", "", "   ", "\u2661"])
def test_a_card_text_of_less_than_two_characters_says_rank_then_suit(text: str) -> None:
    """A text too short to be a card is named as such, not as a bad rank or suit."""
    with pytest.raises(CardParseError, match="expected rank then suit"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["7\u0667h", "\u0667h", "\uff17h", "1\u0660h", "7h\u0301", "７h"])
def test_non_ascii_digits_and_marks_are_no_card(text: str) -> None:
    """Only ASCII digits write a rank: Arabic-Indic or full-width digits are no card."""
    with pytest.raises(CardParseError, match="unknown card"):
        Card.parse(text)


@pytest.mark.parametrize("bad", [bytearray(b"7h 8h"), memoryview(b"7h 8h")])
def test_parse_cards_refuses_every_kind_of_bytes_by_name(bad: Any) -> None:
    """Bytes are no text: ``bytearray`` and ``memoryview`` are refused by their type's name,
    not read one byte (an int) at a time."""
    with pytest.raises(CardParseError, match=f"not {type(bad).__name__}"):
        parse_cards(bad)


@pytest.mark.parametrize("card", [Card.parse("9d"), None, "7h", pytest.param(10**5000, id="huge")])
def test_without_card_refuses_a_card_that_is_not_there_with_a_typed_value_error(
    card: Any,
) -> None:
    """A card not in the cards is a `SetupError` (still a ``ValueError``), naming it
    shortly: ``10**5000`` was a bare ValueError while the message was being written."""
    with pytest.raises(SetupError, match="is not in the cards") as caught:
        without_card(parse_cards("7h 5c"), card)
    assert isinstance(caught.value, ValueError) and len(str(caught.value)) < 100


@pytest.mark.parametrize("cards", [5, None, {Card.parse("7h")}, iter(parse_cards("5c 7h"))])
def test_without_card_refuses_what_is_no_tuple_of_cards(cards: Any) -> None:
    """A number, ``None``, or an iterable that cannot be cut (a set) was a TypeError."""
    with pytest.raises(CardParseError, match="without_card needs a tuple of cards"):
        without_card(cards, Card.parse("7h"))


@pytest.mark.parametrize("cards", [5, None, 2.5])
def test_count_card_refuses_what_is_no_iterable(cards: Any) -> None:
    with pytest.raises(CardParseError, match="count_card needs an iterable of cards"):
        count_card(cards, Card.parse("7h"))
