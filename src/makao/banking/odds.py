"""Exact odds of a coup by enumeration over the cards still in the shoe (MB-11).

Cards are counted by point value (ten values 0…9), so a 104-card shoe is the tuple
``(32, 8, 8, 8, 8, 8, 8, 8, 8, 8)``. Every probability is a :class:`fractions.Fraction`,
and the outcomes are weighed with the engine's own :func:`~makao.banking.scoring.payoff`.
A punter's drawing policy is a function of their hand and the number of buys made; the
string ``"optimal"`` picks, at every decision, whatever has the higher exact expectation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Literal, TypeAlias

import attrs

from makao.banking.options import BankingOptions
from makao.banking.scoring import HandResult, add_points, card_points, payoff, result_of
from makao.cards import ALL_CARDS, Card

__all__ = [
    "FULL_SHOE",
    "CoupOdds",
    "Policy",
    "coup_odds",
    "decision_values",
    "draw_below",
    "hand_distribution",
    "shoe_counts",
]

Counts = tuple[int, ...]
#: A drawing policy: given the hand and the buys made so far, draw (True) or stand.
Policy = Callable[[HandResult, int], bool]
PolicyArg: TypeAlias = Policy | Literal["optimal"]
_State = tuple[Counts, int, int, int]  # shoe counts, running total, cards, buys made


def shoe_counts(cards: Iterable[Card] | None = None, *, without: Iterable[Card] = ()) -> Counts:
    """Count ``cards`` (default: two full decks) by point value, minus the ``without`` cards."""
    counts = [0] * 10
    for card in ALL_CARDS * 2 if cards is None else cards:
        counts[card_points(card)] += 1
    for card in without:
        counts[card_points(card)] -= 1
    if min(counts) < 0:
        raise ValueError("cannot remove cards that are not in the shoe")
    return tuple(counts)


#: The full 104-card shoe by point value.
FULL_SHOE: Counts = shoe_counts()


def draw_below(n: int) -> Policy:
    """The policy "buy while the hand is worth less than ``n`` points"."""

    def policy(hand: HandResult, draws: int) -> bool:
        return hand.points < n

    return policy


def _deal(frontier: dict[_State, Fraction], cards: int, over_nine: str) -> dict[_State, Fraction]:
    """Deal ``cards`` more cards to every state of ``frontier``."""
    for _ in range(cards):
        nxt: dict[_State, Fraction] = defaultdict(Fraction)
        for (counts, total, held, buys), p in frontier.items():
            size = sum(counts)
            for value, count in enumerate(counts):
                if count:
                    rest = (*counts[:value], count - 1, *counts[value + 1 :])
                    key = (rest, add_points(total, value, over_nine), held + 1, buys)
                    nxt[key] += p * Fraction(count, size)
        frontier = nxt
    return frontier


def hand_distribution(
    cards: int, shoe: Counts = FULL_SHOE, over_nine: str = "mod10"
) -> dict[int, Fraction]:
    """The exact distribution of the points of ``cards`` cards dealt from ``shoe``."""
    frontier: dict[tuple[Counts, int], int] = {(shoe, 0): 1}  # integer weights: fast
    for _ in range(cards):
        nxt: dict[tuple[Counts, int], int] = defaultdict(int)
        for (counts, total), weight in frontier.items():
            for value, count in enumerate(counts):
                if count:
                    rest = (*counts[:value], count - 1, *counts[value + 1 :])
                    nxt[rest, add_points(total, value, over_nine)] += weight * count
        frontier = nxt
    size, sequences = sum(shoe), 1
    for taken in range(cards):
        sequences *= size - taken
    highest = 9 if over_nine == "mod10" else 9 * cards
    result: dict[int, int] = dict.fromkeys(range(highest + 1), 0)
    for (_, total), weight in frontier.items():
        result[total] += weight
    return {total: Fraction(weight, sequences) for total, weight in sorted(result.items())}


@attrs.frozen
class CoupOdds:
    """The exact outcome of one punter's stake against the banker, per unit of stake."""

    punter_points: dict[int, Fraction]
    banker_points: dict[int, Fraction]
    win: Fraction
    tie: Fraction
    lose: Fraction
    punter_return: Fraction
    variance: Fraction

    @property
    def banker_return(self) -> Fraction:
        """The banker's expected gain per unit of this punter's stake."""
        return -self.punter_return


class _Solver:
    """Enumerates one punter's buys and the banker's hand for one set of options."""

    def __init__(self, options: BankingOptions, policy: PolicyArg) -> None:
        self.options = options
        self.policy = policy
        self.banker_memo: dict[Counts, dict[int, Fraction]] = {}
        self.value_memo: dict[_State, Fraction] = {}

    def banker(self, counts: Counts) -> dict[int, Fraction]:
        if counts not in self.banker_memo:
            cards = self.options.cards_dealt
            self.banker_memo[counts] = hand_distribution(cards, counts, self.options.over_nine)
        return self.banker_memo[counts]

    def hand(self, state: _State) -> HandResult:
        return result_of(state[1], state[2], state[3] == 0)

    def stand_value(self, state: _State) -> Fraction:
        mine, cards = self.hand(state), self.options.cards_dealt
        return sum(
            (p * payoff(mine, result_of(t, cards, True), self.options))
            for t, p in self.banker(state[0]).items()
        ) or Fraction(0)

    def can_buy(self, state: _State) -> bool:
        counts, total, held, buys = state
        needed = self.options.cards_dealt + (held if self.options.redraw and buys else 1)
        return buys < self.options.max_draws and total <= 9 and sum(counts) >= needed

    def after_buy(self, state: _State) -> dict[_State, Fraction]:
        counts, total, held, buys = state
        if self.options.redraw and buys:
            return _deal({(counts, 0, 0, buys + 1): Fraction(1)}, held, self.options.over_nine)
        return _deal({(counts, total, held, buys + 1): Fraction(1)}, 1, self.options.over_nine)

    def draw_value(self, state: _State) -> Fraction:
        return sum((p * self.value(s) for s, p in self.after_buy(state).items()), start=Fraction(0))

    def decide(self, state: _State) -> bool:
        if not self.can_buy(state):
            return False
        must = self.options.must_draw_below
        if must is not None and state[1] < must:
            return True
        if self.policy == "optimal":
            return self.draw_value(state) > self.stand_value(state)
        return self.policy(self.hand(state), state[3])

    def value(self, state: _State) -> Fraction:
        if state not in self.value_memo:
            draw = self.decide(state)
            self.value_memo[state] = self.draw_value(state) if draw else self.stand_value(state)
        return self.value_memo[state]

    def finals(self, frontier: dict[_State, Fraction]) -> dict[_State, Fraction]:
        finals: dict[_State, Fraction] = defaultdict(Fraction)
        while frontier:
            nxt: dict[_State, Fraction] = defaultdict(Fraction)
            for state, p in frontier.items():
                if self.decide(state):
                    for after, q in self.after_buy(state).items():
                        nxt[after] += p * q
                else:
                    finals[state] += p
            frontier = nxt
        return finals


def _start(options: BankingOptions, shoe: Counts, hand: Sequence[Card], draws: int) -> _State:
    total = 0
    for card in hand:
        total = add_points(total, card_points(card), options.over_nine)
    return (shoe, total, len(hand), draws)


def coup_odds(
    options: BankingOptions | None = None,
    policy: PolicyArg = "optimal",
    *,
    shoe: Counts = FULL_SHOE,
    hand: Sequence[Card] = (),
    draws: int = 0,
) -> CoupOdds:
    """The exact odds of one punter's coup against the banker (MB-11).

    ``shoe`` counts the cards the punter has not seen; ``hand`` (with ``draws`` buys made) is
    the punter's hand so far, or empty to deal it from the shoe too.
    """
    options = options or BankingOptions()
    solver = _Solver(options, policy)
    frontier = {_start(options, shoe, hand, draws): Fraction(1)}
    if not hand:
        frontier = _deal(frontier, options.cards_dealt, options.over_nine)
    punter: dict[int, Fraction] = defaultdict(Fraction)
    banker: dict[int, Fraction] = defaultdict(Fraction)
    by_payoff: dict[int, Fraction] = defaultdict(Fraction)
    for state, p in solver.finals(frontier).items():
        mine = solver.hand(state)
        punter[mine.points] += p
        for total, q in solver.banker(state[0]).items():
            banker[total] += p * q
            by_payoff[payoff(mine, result_of(total, options.cards_dealt, True), options)] += p * q
    mean = sum((k * p for k, p in by_payoff.items()), start=Fraction(0))
    square = sum((k * k * p for k, p in by_payoff.items()), start=Fraction(0))
    return CoupOdds(
        punter_points=dict(sorted(punter.items())),
        banker_points=dict(sorted(banker.items())),
        win=sum((p for k, p in by_payoff.items() if k > 0), start=Fraction(0)),
        tie=by_payoff.get(0, Fraction(0)),
        lose=sum((p for k, p in by_payoff.items() if k < 0), start=Fraction(0)),
        punter_return=mean,
        variance=square - mean * mean,
    )


def decision_values(
    options: BankingOptions, hand: Sequence[Card], draws: int, shoe: Counts
) -> tuple[Fraction, Fraction]:
    """Exact expected return per unit stake of ``(standing, buying)`` now, playing optimally
    afterwards; ``shoe`` counts the cards unseen by the punter."""
    solver = _Solver(options, "optimal")
    state = _start(options, shoe, hand, draws)
    draw = solver.draw_value(state) if solver.can_buy(state) else Fraction(-100)
    return solver.stand_value(state), draw
