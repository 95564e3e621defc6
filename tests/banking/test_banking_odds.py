"""MB-11: exact odds by enumeration, checked against known values and simulation."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from makao.banking import (
    BankingGame,
    BankingView,
    Draw,
    DrawBelow,
    HandResult,
    OptimalPunter,
    Settled,
    Stake,
    Stand,
    hand_result,
    macao,
    victoria,
)
from makao.banking.odds import (
    FULL_SHOE,
    coup_odds,
    decision_values,
    draw_below,
    hand_distribution,
    shoe_counts,
)
from makao.banking.options import BankingOptions
from makao.cards import ALL_CARDS, parse_cards

Z_999 = 3.2905  # two-sided 99.9 % normal quantile


def test_mb_11_one_card_from_104_is_a_natural_nine_with_probability_one_thirteenth() -> None:
    assert FULL_SHOE == (32, 8, 8, 8, 8, 8, 8, 8, 8, 8)
    assert hand_distribution(1)[9] == Fraction(1, 13)
    assert hand_distribution(1)[0] == Fraction(4, 13)


def test_mb_11_victoria_two_cards_total_nine_with_probability_128_of_1339() -> None:
    distribution = hand_distribution(2)
    assert distribution[9] == Fraction(128, 1339)
    assert sum(distribution.values()) == 1


def test_mb_11_distribution_depends_on_the_cards_left_in_the_shoe() -> None:
    shoe = shoe_counts(without=parse_cards("9h 9c 9d 9s 9h 9c 9d 9s"))
    assert hand_distribution(1, shoe)[9] == 0
    assert hand_distribution(1, shoe)[0] == Fraction(32, 96)


def test_mb_11_standing_always_in_even_payout_is_a_fair_game() -> None:
    odds = coup_odds(macao(payout="even"), draw_below(0))
    assert odds.punter_return == 0  # same distribution for both, equal points pay nobody
    assert odds.win == odds.lose
    assert odds.banker_return == -odds.punter_return


def test_mb_11_optimal_policy_is_at_least_as_good_as_any_threshold() -> None:
    options = macao()
    best = coup_odds(options, "optimal").punter_return
    for n in range(11):
        assert coup_odds(options, draw_below(n)).punter_return <= best


def test_mb_11_must_draw_below_overrides_the_policy() -> None:
    forced = coup_odds(macao(must_draw_below=7), draw_below(0))
    assert forced.punter_return == coup_odds(macao(), draw_below(7)).punter_return


def test_mb_11_decision_values_prefer_buying_on_fat_and_standing_on_nine() -> None:
    options = macao()
    stand, buy = decision_values(
        options, parse_cards("Kh"), 0, shoe_counts(without=parse_cards("Kh"))
    )
    assert buy > stand
    stand, buy = decision_values(
        options, parse_cards("9h"), 0, shoe_counts(without=parse_cards("9h"))
    )
    assert stand > buy


def _first_coup_returns(options: BankingOptions, bot: DrawBelow, games: int) -> list[int]:
    results = []
    for seed in range(games):
        game = BankingGame(2, options, seed=seed)
        while True:
            events = game.play(bot.choose(game.view(1)))
            amounts = [e.amount for e in events if isinstance(e, Settled)]
            if amounts:
                results.append(amounts[0] // options.fixed_stake)  # type: ignore[operator]
                break
    return results


@pytest.mark.parametrize(
    "options", [macao(fixed_stake=1), macao(fixed_stake=1, payout="even"), victoria(fixed_stake=1)]
)
def test_mb_11_simulation_lies_within_the_exact_confidence_interval(
    options: BankingOptions,
) -> None:
    games = 3000
    results = _first_coup_returns(options, DrawBelow(5), games)
    exact = coup_odds(options, draw_below(5))
    mean = sum(results) / games
    half_width = Z_999 * math.sqrt(exact.variance / games)
    assert abs(mean - exact.punter_return) <= half_width
    wins = sum(r > 0 for r in results) / games
    assert abs(wins - exact.win) <= Z_999 * math.sqrt(exact.win * (1 - exact.win) / games)


def test_mb_11_optimal_punter_bot_matches_the_optimal_policy() -> None:
    options = macao(fixed_stake=1)
    bot = OptimalPunter()
    exact = {9: False, 0: True}
    for seed in range(60):
        game = BankingGame(2, options, seed=seed)
        game.play(bot.choose(game.view(1)))
        hand = game.view(1).own_cards
        points = sum(c.rank if c.rank <= 9 else 0 for c in hand) % 10
        if points in exact and game.phase == "draw":
            assert (str(bot.choose(game.view(1))) == "draw") is exact[points]


def test_mb_11_unusual_options_still_sum_to_one() -> None:
    rng = random.Random(3)
    for options in [
        macao(over_nine="bust", cards_dealt=2, max_draws=1),
        macao(max_draws=2, redraw=True),
        victoria(payout="even"),
    ]:
        odds = coup_odds(options, draw_below(rng.randint(0, 9)))
        assert sum(odds.punter_points.values()) == 1
        assert sum(odds.banker_points.values()) == 1
        assert odds.win + odds.tie + odds.lose == 1


def test_mb_3_bots_stake_the_smallest_amount_unless_told_and_stay_within_the_limits() -> None:
    """MB-3: a bot stakes the table minimum by default; a wanted stake is kept within the
    stakes allowed now."""
    game = BankingGame(2, macao(min_stake=2, max_stake=20), seed=1)
    view = game.view(1)
    assert DrawBelow(5).choose(view) == Stake(2)
    assert OptimalPunter().choose(view) == Stake(2)
    assert DrawBelow(5, stake=7).choose(view) == Stake(7)
    assert DrawBelow(5, stake=50).choose(view) == Stake(20)
    assert OptimalPunter(stake=1).choose(view) == Stake(2)


@pytest.mark.parametrize(("card", "buys"), [("4h", True), ("5h", False), ("6h", False)])
def test_mb_6_draw_below_buys_only_strictly_below_its_threshold(card: str, buys: bool) -> None:
    """MB-6: ``DrawBelow(5)`` buys on 4 points and stands on 5 or more, like ``draw_below(5)``."""
    game = BankingGame(2, macao(fixed_stake=1), seed=1, stack=f"{card} 2c")
    game.play("stake 1")
    assert (DrawBelow(5).choose(game.view(1)) == Draw()) is buys
    assert draw_below(5)(hand_result(game.hand(1), game.options, first_hand=True), 0) is buys


TIE_SHOE = (0, 0, 0, 0, 0, 2, 0, 0, 0, 0)
"""Two fives unseen: a fat hand loses standing (0 against 5) and buying (5, equal: the
banker's), so buying and standing are worth exactly the same."""


def test_mb_11_the_optimal_policy_stands_when_buying_is_worth_no_more() -> None:
    """MB-11: "optimal" buys only when buying is worth strictly more; on a tie it stands."""
    hand = parse_cards("Kh")
    stand, buy = decision_values(macao(), hand, 0, TIE_SHOE)
    assert stand == buy == -1
    odds = coup_odds(macao(), "optimal", shoe=TIE_SHOE, hand=hand)
    assert odds.punter_points == {0: 1}
    assert odds.punter_return == -1


def test_mb_11_the_optimal_punter_bot_stands_on_a_tie() -> None:
    """MB-11: ``OptimalPunter`` stands when buying is worth no more than standing (a view in
    which every card but the punter's king and two fives has been shown)."""
    hand = parse_cards("Kh")
    unseen = list(parse_cards("Kh 5h 5c"))
    seen = []
    for card in ALL_CARDS * 2:
        if card in unseen:
            unseen.remove(card)
        else:
            seen.append(card)
    options = macao(fixed_stake=1)
    view = BankingView(
        seat=1,
        options=options,
        names=("P1", "P2"),
        banker=0,
        phase="draw",
        to_act=1,
        coup=1,
        balances=(999, 999),
        bank=1,
        stakes=(None, 1),
        hands=((None,), hand),
        draws=(0, 0),
        shoe_size=1,
        discard_size=len(seen),
        seen=tuple(seen),
        legal_moves=(Draw(), Stand()),
    )
    assert shoe_counts(without=(*view.seen, *view.own_cards)) == TIE_SHOE
    assert OptimalPunter().choose(view) == Stand()


def _never(hand: HandResult, draws: int) -> bool:
    return False


@pytest.mark.parametrize(
    ("options", "cards", "draws", "shoe"),
    [
        (macao(max_draws=2, redraw=True), "3h", 0, shoe_counts(without=parse_cards("3h"))),
        (macao(max_draws=2, redraw=True), "3h 4c", 1, shoe_counts(without=parse_cards("3h 4c"))),
        (macao(max_draws=3), "5h", 0, (0, 1, 1, 0, 0, 0, 0, 0, 0, 0)),
    ],
)
def test_mb_11_decision_values_agree_with_coup_odds(
    options: BankingOptions, cards: str, draws: int, shoe: tuple[int, ...]
) -> None:
    """MB-11: standing is worth the return of never buying, the better choice the optimal return."""
    hand = parse_cards(cards)
    stand, buy = decision_values(options, hand, draws, shoe)
    assert stand == coup_odds(options, _never, shoe=shoe, hand=hand, draws=draws).punter_return
    best = coup_odds(options, "optimal", shoe=shoe, hand=hand, draws=draws).punter_return
    assert max(stand, buy) == best


def test_mb_6_mb_11_the_first_buy_takes_one_card_even_with_redraw() -> None:
    """MB-6, MB-11: with ``redraw`` the first buy needs one card, so a three-card shoe allows it."""
    options, hand, shoe = (
        macao(cards_dealt=2, redraw=True),
        parse_cards("2h 3c"),
        (1, 1, 1) + (0,) * 7,
    )
    _, buy = decision_values(options, hand, 0, shoe)
    always = coup_odds(options, lambda hand, draws: True, shoe=shoe, hand=hand)
    assert buy == always.punter_return != -100
    assert always.punter_points == dict.fromkeys((5, 6, 7), Fraction(1, 3))


def test_mb_6_mb_11_a_punter_on_nine_may_still_buy() -> None:
    """MB-6, MB-11: nine points do not stop a buy; always buying keeps nine only on a fat card."""
    hand = parse_cards("9h")
    shoe = shoe_counts(without=hand)
    odds = coup_odds(macao(), lambda hand, draws: True, shoe=shoe, hand=hand)
    assert odds.punter_points[9] == Fraction(32, 103)
    forced = coup_odds(macao(must_draw_below=10), _never, shoe=shoe, hand=hand)
    assert forced.punter_points == odds.punter_points


def test_mb_6_mb_11_a_policy_is_told_the_buys_made() -> None:
    """MB-6, MB-11: a policy buying only while no buy is made buys once, even if two are allowed."""
    once = coup_odds(macao(max_draws=2), lambda hand, draws: draws == 0)
    assert once.punter_points == coup_odds(macao(), lambda hand, draws: True).punter_points
    assert once.punter_return == coup_odds(macao(), lambda hand, draws: True).punter_return


def test_mb_11_decision_values_rate_a_buy_past_max_draws_at_minus_one_hundred() -> None:
    """MB-11: when no buy is left, ``decision_values`` values buying at -100, as documented."""
    hand = parse_cards("3h 4c")
    stand, buy = decision_values(macao(), hand, 1, shoe_counts(without=hand))
    assert buy == -100 and -3 <= stand <= 3
