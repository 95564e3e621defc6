"""MB-11 exact odds on hostile input (issue 14): a bound on the cards one coup may take,
shoes with negative counts or the wrong number of entries, and the fast banker's hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from makao.banking import macao
from makao.banking.odds import (
    FULL_SHOE,
    MAX_PUNTER_CARDS,
    _Solver,
    coup_odds,
    decision_values,
    hand_distribution,
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
