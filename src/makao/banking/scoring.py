"""Points of a hand (MB-5), naturals (MB-6) and the settlement of one punter (MB-8).

The same [`payoff`][makao.banking.scoring.payoff] settles the engine's coups and weighs the outcomes
in [`makao.banking.odds`][makao.banking.odds], so the exact odds and the game can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from makao._text import shown
from makao.banking.options import BankingOptions
from makao.cards import Card, Rank
from makao.errors import CardParseError, SetupError

__all__ = [
    "HandResult",
    "card_points",
    "compare",
    "describe",
    "hand_result",
    "natural_multiplier",
    "payoff",
]

NATURALS = (7, 8, 9)


def card_points(card: Card) -> int:
    """A card's points (MB-5): ace 1, two to nine face value, ten and faces 0 ("fat")."""
    if not isinstance(card, Card):
        raise CardParseError(f"card_points needs a Card, not {shown(card, 40)}")
    rank = card.rank
    if rank == Rank.ACE:
        return 1
    return int(rank) if rank <= 9 else 0


def add_points(total: int, value: int, over_nine: str) -> int:
    """Add a card's points to a total: modulo 10, or the plain sum in the "bust" reading."""
    return (total + value) % 10 if over_nine == "mod10" else total + value


class HandResult(NamedTuple):
    """A finished hand: ``points`` (a busted hand keeps its sum), whether it is ``bust``,
    how many ``cards`` it holds, and whether it is a ``natural`` (an unchanged first hand of
    7, 8 or 9)."""

    points: int
    bust: bool
    cards: int
    natural: bool


def result_of(total: int, cards: int, first_hand: bool) -> HandResult:
    """The result of a hand with a running ``total`` (sum modulo 10 or plain sum)."""
    bust = total > 9
    return HandResult(total, bust, cards, bool(first_hand) and not bust and total in NATURALS)


def hand_result(cards: Iterable[Card], options: BankingOptions, *, first_hand: bool) -> HandResult:
    """Score ``cards`` under ``options.over_nine``; ``first_hand`` is true while untouched."""
    if not isinstance(cards, Iterable) or isinstance(cards, (str, bytes)):
        raise CardParseError(f"hand_result needs an iterable of Cards, not {shown(cards, 40)}")
    if not isinstance(options, BankingOptions):
        raise SetupError(f"options must be BankingOptions, not {type(options).__name__}")
    total = 0
    count = 0
    for card in cards:
        total = add_points(total, card_points(card), options.over_nine)
        count += 1
    return result_of(total, count, first_hand)


def natural_multiplier(points: int) -> int:
    """What a natural pays per unit of stake in the classic payout: 9 → 3, 8 → 2, 7 → 1;
    other points are a `SetupError`."""
    if not isinstance(points, int) or isinstance(points, bool) or points not in NATURALS:
        raise SetupError(f"a natural has 7, 8 or 9 points, not {shown(points, 60)}")
    return points - 6


def _check_hands(punter: object, banker: object, options: object) -> None:
    """A `SetupError` unless the hands are `HandResult` values a hand can have
    (`_hand_problem`), and ``options`` options."""
    for name, hand in (("punter", punter), ("banker", banker)):
        if not isinstance(hand, HandResult):
            raise SetupError(f"{name} must be a HandResult, not {shown(hand, 60)}")
        problem = _hand_problem(hand)
        if problem:
            raise SetupError(f"{name}'s hand {shown(hand, 80)}: {problem}")
    if not isinstance(options, BankingOptions):
        raise SetupError(f"options must be BankingOptions, not {type(options).__name__}")


def _hand_problem(hand: HandResult) -> str:
    """What makes ``hand`` one no hand can have (as `result_of` makes them), or ``""``."""
    for field in ("points", "cards"):
        value = getattr(hand, field)
        if not isinstance(value, int) or isinstance(value, bool):
            return f"its {field} must be a whole number, not {shown(value, 60)}"
    for field in ("bust", "natural"):
        if not isinstance(getattr(hand, field), bool):
            return f"its {field} must be True or False, not {shown(getattr(hand, field), 60)}"
    if hand.points < 0 or hand.cards < 1:
        return "it has points ≥ 0 and at least one card"
    if hand.bust != (hand.points > 9):
        return "a hand is bust exactly when it has more than 9 points"
    if hand.natural and (hand.bust or hand.points not in NATURALS):
        return "a natural has 7, 8 or 9 points"
    return ""


def _compare_bust(punter: HandResult, banker: HandResult) -> int:
    """+1, 0 or -1 as the punter's hand is above, equal to or below the banker's (bust)."""
    if punter.bust:
        return -1  # a punter over nine loses at once, whatever the banker holds
    if banker.bust:
        return 1
    mine = (punter.points, -punter.cards)  # on equal points, fewer cards win
    theirs = (banker.points, -banker.cards)
    return (mine > theirs) - (mine < theirs)


def compare(punter: HandResult, banker: HandResult, options: BankingOptions) -> int:
    """+1, 0 or -1 as the punter's hand is above, equal to or below the banker's (MB-5)."""
    _check_hands(punter, banker, options)
    if options.over_nine == "mod10":
        return (punter.points > banker.points) - (punter.points < banker.points)
    return _compare_bust(punter, banker)


def payoff(punter: HandResult, banker: HandResult, options: BankingOptions) -> int:
    """What the punter wins (positive) or pays (negative) per unit of stake (MB-8)."""
    _check_hands(punter, banker, options)
    order = compare(punter, banker, options)
    if options.payout == "even":
        return order
    if order > 0:
        return natural_multiplier(punter.points) if punter.natural else 1
    if order < 0 and banker.natural and options.banker_naturals_multiply:
        return -natural_multiplier(banker.points)
    return -1


def describe(punter: HandResult, banker: HandResult, options: BankingOptions) -> str:
    """Why a punter won or lost: ``"natural 9"``, ``"higher"``, ``"equal"``, ``"lower"``,
    ``"bust"`` or ``"banker's natural 8"``."""
    _check_hands(punter, banker, options)
    multiplier = payoff(punter, banker, options)
    if punter.bust:
        return "bust"
    if multiplier > 0:
        classic = options.payout == "classic"
        return f"natural {punter.points}" if classic and punter.natural else "higher"
    if compare(punter, banker, options) == 0:
        return "equal"
    multiplies = options.payout == "classic" and options.banker_naturals_multiply
    return f"banker's natural {banker.points}" if multiplies and banker.natural else "lower"
