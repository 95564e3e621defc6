"""MB-11 exact odds on hostile input (issue 14): a bound on the cards one coup may take,
shoes with negative counts or the wrong number of entries, and the fast banker's hand."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from makao.banking import BankingOptions, macao
from makao.banking.odds import (
    FULL_SHOE,
    MAX_PUNTER_CARDS,
    MAX_SHOE_COUNT,
    _Solver,
    coup_odds,
    decision_values,
    draw_below,
    hand_distribution,
    shoe_counts,
)
from makao.cards import parse_cards
from makao.errors import SetupError


def test_mb_11_options_beyond_the_documented_bound_are_refused() -> None:
    options = macao(cards_dealt=3, max_draws=3, redraw=True)  # twelve cards in one coup
    assert options.cards_dealt + options.draw_cards > MAX_PUNTER_CARDS
    with pytest.raises(SetupError, match=f"at most {MAX_PUNTER_CARDS} cards"):
        coup_odds(options)
    with pytest.raises(SetupError, match="at most"):
        decision_values(options, parse_cards("5h"), 0, FULL_SHOE)


def test_mb_11_the_largest_allowed_options_are_exact_and_sum_to_one() -> None:
    options = macao(cards_dealt=3, max_draws=2, redraw=True, over_nine="bust")
    assert options.cards_dealt + options.draw_cards == MAX_PUNTER_CARDS
    odds = coup_odds(options, "optimal")
    assert odds.win + odds.tie + odds.lose == 1
    assert sum(odds.punter_points.values()) == 1 == sum(odds.banker_points.values())


@pytest.mark.parametrize(
    "shoe",
    [
        (32, 8, 8),
        (32, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8),
        (33, 8, 8, 8, 8, 8, 8, 8, 8, -1),
        (32, 8, 8, 8, 8, 8, 8, 8, 8, 8.0),
        (32, 8, 8, 8, 8, 8, 8, 8, 8, True),
        "3288888888",
        (0,) * 10,  # no card to deal the banker
    ],
)
def test_mb_11_a_bad_shoe_is_refused(shoe: object) -> None:
    with pytest.raises(SetupError, match="shoe"):
        coup_odds(macao(), shoe=shoe)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="shoe"):
        decision_values(macao(), parse_cards("5h"), 0, shoe)  # type: ignore[arg-type]


def test_mb_11_bad_hand_draws_and_policy_are_refused() -> None:
    with pytest.raises(SetupError, match="draws"):
        coup_odds(macao(), hand=parse_cards("5h"), draws=2)
    with pytest.raises(SetupError, match="hand"):
        coup_odds(macao(), hand=["5h"])  # type: ignore[list-item]
    with pytest.raises(SetupError, match="policy"):
        coup_odds(macao(), "lucky")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "hand", "draws"),
    [
        (macao(), "5h 6h", 0),  # one card dealt, no buy yet
        (macao(), "5h", 1),  # one buy made: two cards
        (macao(cards_dealt=2, max_draws=0), "5h 6h 7h", 0),
        (macao(max_draws=2, redraw=True), "5h 6h 7h", 2),  # a redraw keeps two cards
        (macao(max_draws=3), "9h 9h 9h 9d", 3),  # a fourth 9h: two decks hold two
    ],
)
def test_mb_4_mb_6_a_hand_that_cannot_be_held_is_refused(
    options: BankingOptions, hand: str, draws: int
) -> None:
    """MB-1, MB-4, MB-6: the punter's hand given to the odds holds ``cards_dealt`` cards and
    one per buy (a redraw keeps its size), from two decks; any other hand is a
    `SetupError` (a hand of nine cards after no buy used to be valued)."""
    with pytest.raises(SetupError, match=r"a hand after|two decks hold at most two"):
        coup_odds(options, hand=parse_cards(hand), draws=draws)
    with pytest.raises(SetupError, match=r"a hand after|two decks hold at most two"):
        decision_values(options, parse_cards(hand), draws, FULL_SHOE)


def test_mb_6_a_hand_after_a_redraw_keeps_its_size() -> None:
    """MB-6: with ``redraw`` a second buy replaces the hand: two cards after two buys."""
    options = macao(max_draws=2, redraw=True)
    assert coup_odds(options, hand=parse_cards("5h 6h"), draws=2).win > 0
    assert coup_odds(macao(max_draws=2), hand=parse_cards("5h 6h 7h"), draws=2).win > 0


@pytest.mark.parametrize("cards", [1, 2, 3])
@pytest.mark.parametrize("over_nine", ["mod10", "bust"])
def test_mb_11_the_fast_banker_hand_matches_the_plain_enumeration(
    cards: int, over_nine: str
) -> None:
    solver = _Solver(macao(cards_dealt=cards, over_nine=over_nine), "optimal")
    rng = random.Random(cards)
    for _ in range(20):
        shoe = tuple(rng.randint(0, 9) for _ in range(10))
        if sum(shoe) < cards:
            continue
        sequences = 1
        for taken in range(cards):
            sequences *= sum(shoe) - taken
        fast = {t: Fraction(n, sequences) for t, n in enumerate(solver.banker(shoe))}
        assert fast == hand_distribution(cards, shoe, over_nine)


def test_mb_11_a_hand_given_as_text_is_refused() -> None:
    """MB-11: ``hand`` holds Card values; text, even empty, is refused, not dealt from the shoe."""
    for text in ("", "5h"):
        with pytest.raises(SetupError, match="hand"):
            coup_odds(macao(), hand=text)  # type: ignore[arg-type]


@pytest.mark.parametrize(("dealt", "cards"), [(1, 1), (2, 3)])
def test_mb_4_mb_11_a_shoe_too_small_to_deal_punter_and_banker_is_refused(
    dealt: int, cards: int
) -> None:
    """MB-4, MB-11: with no hand given, the shoe must deal ``cards_dealt`` to both sides."""
    shoe = (cards,) + (0,) * 9
    with pytest.raises(SetupError, match=f"at least {2 * dealt} cards"):
        coup_odds(macao(cards_dealt=dealt), shoe=shoe)
    assert coup_odds(macao(cards_dealt=dealt), shoe=(cards + 1,) + (0,) * 9).lose == 1


@pytest.mark.parametrize(
    ("cards", "shoe", "over_nine", "message"),
    [
        (MAX_PUNTER_CARDS + 1, FULL_SHOE, "mod10", f"cards must be 0…{MAX_PUNTER_CARDS}"),
        (10**6, FULL_SHOE, "mod10", "cards must be"),
        (-1, FULL_SHOE, "mod10", "cards must be"),
        (True, FULL_SHOE, "mod10", "cards must be"),
        (3, (1, 1) + (0,) * 8, "mod10", "at least 3 cards to deal, not 2"),
        (2, (1,) * 9, "mod10", "10 entries"),
        (2, FULL_SHOE, "modulo", "over_nine must be one of"),
    ],
)
def test_mb_5_mb_11_hand_distribution_refuses_what_it_cannot_enumerate(
    cards: int, shoe: tuple[int, ...], over_nine: str, message: str
) -> None:
    """MB-5, MB-11: at most `MAX_PUNTER_CARDS` cards, from a shoe that holds them (a short
    one divided by zero; a million cards ran for ever), read mod 10 or as a bust."""
    with pytest.raises(SetupError, match=message):
        hand_distribution(cards, shoe, over_nine)


def test_mb_5_hand_distribution_of_the_most_cards_from_a_shoe_that_holds_them_sums_to_one() -> None:
    """MB-5: the bound itself is allowed, and a shoe of exactly that many cards deals them."""
    shoe = (2, 2, 2, 2) + (0,) * 6
    assert sum(hand_distribution(MAX_PUNTER_CARDS, shoe).values()) == 1
    assert hand_distribution(0) == {0: Fraction(1)} | dict.fromkeys(range(1, 10), Fraction(0))


@pytest.mark.parametrize(
    ("cards", "without", "message"),
    [
        ("7h 8h", (), "cards must be a collection of Cards, not '7h 8h'"),
        ([1, 2], (), "cards must hold Card values"),
        (None, [None], "without must hold Card values"),
        (parse_cards("7h"), parse_cards("8h"), "cannot remove cards that are not in the shoe"),
    ],
)
def test_mb_1_shoe_counts_refuses_what_is_no_shoe(
    cards: object, without: object, message: str
) -> None:
    """MB-1: a shoe counts cards; text, other values or removing absent cards is a `SetupError`."""
    with pytest.raises(SetupError, match=message):
        shoe_counts(cards, without=without)  # type: ignore[arg-type]


def test_mb_5_mb_11_a_busted_hand_cannot_buy_even_with_redraw() -> None:
    """MB-5, MB-6: in the "bust" reading a hand over nine loses at once; like the engine,
    the exact odds allow no more buying (not even a redraw): buying is valued at -100."""
    options = macao(over_nine="bust", cards_dealt=2, max_draws=2, redraw=True)
    hand = parse_cards("9h 8h 5c")  # 22 points after one buy: bust
    stand, buy = decision_values(options, hand, 1, shoe_counts(without=hand))
    assert buy == -100 and stand < 0


def test_mb_6_mb_11_a_redraw_needs_the_whole_hand_and_the_bankers_card_in_the_shoe() -> None:
    """MB-6: a redraw takes as many new cards as the hand holds, and the banker's card must
    still come from the shoe; a shoe too small for both allows no redraw (-100)."""
    options = macao(max_draws=2, redraw=True)
    hand = parse_cards("2h 3h")  # one buy made: the next buy is a redraw of two cards
    shoe = shoe_counts(parse_cards("9c 9d"))
    assert decision_values(options, hand, 1, shoe)[1] == -100
    bigger = shoe_counts(parse_cards("9c 9d 9s"))
    assert decision_values(options, hand, 1, bigger)[1] != -100


@pytest.mark.parametrize(("dealt", "count"), [(1, 2**65), (2, 10**10), (3, 10**7)])
def test_mb_11_a_huge_shoe_still_gives_probabilities_that_sum_to_one(
    dealt: int, count: int
) -> None:
    """MB-11: the counts of the banker's hands used to be packed into 64-bit slots and
    overflowed for a shoe of more than about 2**(64 / cards_dealt) cards: the odds came out
    silently wrong. Ten equal counts give every total a tenth."""
    odds = coup_odds(macao(cards_dealt=dealt, max_draws=0), shoe=(count,) * 10)
    assert sum(odds.banker_points.values()) == 1
    assert odds.win + odds.tie + odds.lose == 1
    if dealt == 1:  # one card from ten equal counts: every total has a tenth
        assert set(odds.banker_points.values()) == {Fraction(1, 10)}


@pytest.mark.parametrize("count", [MAX_SHOE_COUNT + 1, 10**3000], ids=["bound+1", "3001-digits"])
def test_mb_11_a_shoe_count_past_the_bound_is_refused_at_once(count: int) -> None:
    """MB-11: a shoe given by its counts holds at most `MAX_SHOE_COUNT` cards of a value;
    ``hand_distribution(8, (10**3000,) * 10)`` took a minute on its huge integers."""
    shoe = (count,) * 10
    for call in (
        lambda: hand_distribution(MAX_PUNTER_CARDS, shoe),
        lambda: coup_odds(macao(), shoe=shoe),
        lambda: decision_values(macao(), parse_cards("5h"), 0, shoe),
    ):
        with pytest.raises(SetupError, match="at most MAX_SHOE_COUNT"):
            call()


def test_mb_11_a_shoe_of_the_largest_counts_is_taken_as_an_endless_shoe() -> None:
    """MB-11: the bound itself is taken; from ten equal counts one card has every point
    with a tenth, and eight cards have a distribution."""
    shoe = (MAX_SHOE_COUNT,) * 10
    assert set(hand_distribution(1, shoe).values()) == {Fraction(1, 10)}
    assert sum(hand_distribution(MAX_PUNTER_CARDS, shoe).values()) == 1
    assert set(coup_odds(macao(max_draws=0), shoe=shoe).banker_points.values()) == {Fraction(1, 10)}


@pytest.mark.parametrize("threshold", [None, "7", 7.5, True, [7]])
def test_mb_11_draw_below_refuses_what_is_no_whole_number(threshold: Any) -> None:
    """MB-11: ``draw_below`` needs a whole number of points; anything else is a
    `SetupError` at once (it was a TypeError deep inside `coup_odds`, or a bool taken as
    1)."""
    with pytest.raises(SetupError, match="n must be a whole number of points"):
        draw_below(threshold)


def test_mb_4_mb_11_an_empty_hand_is_refused_unless_coup_odds_deals_it() -> None:
    """MB-4, MB-11: an empty hand is dealt from the shoe by ``coup_odds`` before any buy;
    ``decision_values`` of no cards, or a fresh deal after a buy, is a `SetupError` (both
    used to be valued)."""
    with pytest.raises(SetupError, match="a hand after 0 buys holds 1 cards"):
        decision_values(macao(), (), 0, FULL_SHOE)
    with pytest.raises(SetupError, match="a hand after 1 buys holds 2 cards"):
        coup_odds(macao(), hand=(), draws=1)


def test_mb_11_one_count_past_the_bound_is_refused_and_the_bound_is_2_to_the_128() -> None:
    """MB-11: the bound is on each count, ``2**128`` cards of a value (as documented and
    said in the error): one count past it is refused though the others are small."""
    assert MAX_SHOE_COUNT == 2**128
    shoe = (2**128 + 1, *FULL_SHOE[1:])
    with pytest.raises(SetupError, match=r"at most MAX_SHOE_COUNT \(2\*\*128\)"):
        hand_distribution(1, shoe)
    assert sum(hand_distribution(1, (2**128, *FULL_SHOE[1:])).values()) == 1
