"""Exact odds of a coup by enumeration over the cards still in the shoe (MB-11).

Cards are counted by point value (ten values 0…9), so a 104-card shoe is the tuple
``(32, 8, 8, 8, 8, 8, 8, 8, 8, 8)``. Every probability is a `fractions.Fraction`,
and the outcomes are weighed with the engine's own [`payoff`][makao.banking.scoring.payoff].
A punter's drawing policy is a function of their hand and the number of buys made; the
string ``"optimal"`` picks, at every decision, whatever has the higher exact expectation.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Literal, TypeAlias, get_args

import attrs

from makao._text import shown
from makao.banking.options import BankingOptions, OverNine
from makao.banking.scoring import HandResult, add_points, card_points, payoff, result_of
from makao.cards import ALL_CARDS, Card
from makao.errors import SetupError

__all__ = [
    "FULL_SHOE",
    "MAX_PUNTER_CARDS",
    "MAX_SHOE_CARDS",
    "MAX_SHOE_COUNT",
    "CoupOdds",
    "Policy",
    "coup_odds",
    "decision_values",
    "draw_below",
    "hand_distribution",
    "shoe_counts",
]

Counts = tuple[int, ...]
Policy = Callable[[HandResult, int], bool]
"""A drawing policy: given the hand and the buys made so far, draw (True) or stand."""
PolicyArg: TypeAlias = Policy | Literal["optimal"]
_State = tuple[Counts, int, int, int]  # shoe counts, running total, cards, buys made

MAX_PUNTER_CARDS = 8
"""The most cards one punter's coup may take (``cards_dealt`` plus every card bought) for
[`coup_odds`][makao.banking.odds.coup_odds] to enumerate it exactly; more are refused with a
SetupError."""


MAX_SHOE_CARDS = 52 * 1000
"""The most cards [`shoe_counts`][makao.banking.odds.shoe_counts] counts (a thousand decks):
more, or an endless iterable, is a SetupError in bounded time. A larger shoe is given by
its counts (each at most `MAX_SHOE_COUNT`), which the odds take whole."""


MAX_SHOE_COUNT = 2**128
"""The most cards of one point value a shoe given by its counts may hold (about 3.4 × 10**38):
a shoe of any size up to it is taken whole (its odds are those of an endless shoe to within
about 10**-37), while the exact integers of a larger one would grow without bound (ten
counts of 3,000 digits took a minute to deal eight cards from): a SetupError."""


def shoe_counts(cards: Iterable[Card] | None = None, *, without: Iterable[Card] = ()) -> Counts:
    """Count ``cards`` (default: two full decks; at most `MAX_SHOE_CARDS`) by point value,
    minus the ``without`` cards; anything but cards, too many, or removing cards the shoe
    lacks, is a [`SetupError`][makao.errors.SetupError]."""
    counts = [0] * 10
    for card in _cards(ALL_CARDS * 2 if cards is None else cards, "cards", MAX_SHOE_CARDS):
        counts[card_points(card)] += 1
    for card in _cards(without, "without", most=sum(counts)):  # never more than the shoe
        counts[card_points(card)] -= 1
    if min(counts) < 0:
        raise SetupError("cannot remove cards that are not in the shoe")
    return tuple(counts)


def _cards(cards: object, name: str, most: int | None = None) -> tuple[Card, ...]:
    """``cards`` as a tuple of cards (not text); else a `SetupError` naming ``name``. Each
    is checked as it comes, and past ``most`` cards the rest is not read: something else
    than cards, or too many of them, is refused in bounded time."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise SetupError(f"{name} must be a collection of Cards, not {shown(cards, 40)}")
    found: list[Card] = []
    for card in cards if most is None else itertools.islice(cards, most + 1):
        if not isinstance(card, Card):
            raise SetupError(f"{name} must hold Card values, not {shown(card, 60)}")
        found.append(card)
    if most is not None and len(found) > most:
        raise SetupError(f"{name} must hold at most {most} cards")
    return tuple(found)


FULL_SHOE: Counts = shoe_counts()
"""The full 104-card shoe by point value."""


def draw_below(n: int) -> Policy:
    """The policy "buy while the hand is worth less than ``n`` points"; ``n`` is a whole
    number (a [`SetupError`][makao.errors.SetupError] otherwise)."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise SetupError(f"n must be a whole number of points, not {shown(n, 40)}")

    def policy(hand: HandResult, draws: int) -> bool:
        return hand.points < n

    return policy


def hand_distribution(
    cards: int, shoe: Counts = FULL_SHOE, over_nine: str = "mod10"
) -> dict[int, Fraction]:
    """The exact distribution of the points of ``cards`` cards dealt from ``shoe``: 0 to
    `MAX_PUNTER_CARDS` cards, from a shoe of 10 whole counts (each at most `MAX_SHOE_COUNT`)
    that holds them, read with ``over_nine`` ``"mod10"`` or ``"bust"``; else a
    [`SetupError`][makao.errors.SetupError]."""
    shoe = _checked_shoe(shoe)
    if not isinstance(cards, int) or isinstance(cards, bool) or not 0 <= cards <= MAX_PUNTER_CARDS:
        raise SetupError(f"cards must be 0…{MAX_PUNTER_CARDS}, not {shown(cards, 40)}")
    if sum(shoe) < cards:
        raise SetupError(f"the shoe must hold at least {cards} cards to deal, not {sum(shoe)}")
    if over_nine not in get_args(OverNine):
        raise SetupError(
            f"over_nine must be one of {get_args(OverNine)}, not {shown(over_nine, 40)}"
        )
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


#: The fewest bits per coefficient when polynomials are packed into one whole number: a
#: count of ordered three-card hands from at most a few hundred cards fits easily (a huge
#: shoe gets wider slots, see `_Solver.banker`).
_BITS = 64


@functools.cache
def _multisets(cards: int) -> tuple[tuple[Counts, tuple[tuple[int, int], ...], int, int], ...]:
    """Every multiset of ``cards`` point values: the count of each value, the values
    taken with their counts, the orders they can come in, and their points."""
    found = []
    for values in itertools.combinations_with_replacement(range(10), cards):
        taken = tuple(values.count(value) for value in range(10))
        orders = math.factorial(cards)
        sparse: list[tuple[int, int]] = []
        for value, count in enumerate(taken):
            orders //= math.factorial(count)
            if count:
                sparse.append((value, count))
        found.append((taken, tuple(sparse), orders, sum(values)))
    return tuple(found)


def _falling(n: int, k: int) -> int:
    """``n (n - 1) … (n - k + 1)``: the ordered ways to take ``k`` of ``n`` distinct cards."""
    product = 1
    for taken in range(k):
        product *= n - taken
    return product


class _Solver:
    """Exact values of one punter's coup against the banker, for one set of options.

    Every count is a whole number of ordered card sequences, never a fraction. A state
    ``(shoe, total, held, buys)`` is valued at ``W = V · (n)_D``: its expected return
    ``V`` times the ordered ways to take ``D`` cards from its ``n``-card shoe, where ``D``
    is the most cards still to come (the punter's future buys and the banker's hand), so
    that buying ``k`` cards leads to states of scale ``(n - k)_(D - k)`` and a buy's value
    is a plain weighted sum. Values are memoised by state; the value of a redraw, which
    discards the hand, by the shoe alone; the banker's hand and every deal by the shoe.
    """

    def __init__(self, options: BankingOptions, policy: PolicyArg) -> None:
        self.options = options
        self.policy = policy
        self.mod10 = options.over_nine == "mod10"
        self.dealt = options.cards_dealt
        self.banker_memo: dict[Counts, tuple[int, ...]] = {}
        self.draw_memo: dict[tuple[Counts, int], list[tuple[Counts, int, int]]] = {}
        self.pay_memo: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self.memo: dict[_State, tuple[bool, int]] = {}
        self.redraw_memo: dict[tuple[Counts, int, int], int] = {}

    # --- the banker's hand ------------------------------------------------------------

    def banker(self, counts: Counts) -> tuple[int, ...]:
        """Ordered ``cards_dealt``-card sequences from ``counts``, by total (index).

        Distinct cards, by inclusion and exclusion over the positions that name the same
        card: ``C³ − 3·C₂C + 2·C₃`` for three cards, ``C² − C₂`` for two, where ``Cₖ`` has
        each card's points taken ``k`` times. The polynomials are multiplied as packed
        whole numbers (Kronecker substitution); every coefficient is a count ≥ 0.
        """
        found = self.banker_memo.get(counts)
        if found is None:
            # every coefficient is at most n ** dealt (n cards): a huge shoe needs wider slots
            bits = max(_BITS, sum(counts).bit_length() * self.dealt + 1)
            one = sum(count << (bits * value) for value, count in enumerate(counts))
            if self.dealt == 1:
                packed = one
            else:
                two = sum(count << (bits * 2 * value) for value, count in enumerate(counts))
                if self.dealt == 2:
                    packed = one * one - two
                else:
                    three = sum(count << (bits * 3 * value) for value, count in enumerate(counts))
                    packed = one * one * one - 3 * two * one + 2 * three
            mask = (1 << bits) - 1
            sums = [(packed >> (bits * i)) & mask for i in range(9 * self.dealt + 1)]
            if self.mod10:
                sums = [sum(sums[t::10]) for t in range(10)]
            found = self.banker_memo[counts] = tuple(sums)
        return found

    def pays(self, state: _State) -> tuple[int, ...]:
        """What the hand of ``state`` wins per unit against each banker total."""
        key = (state[1], state[2], state[3] == 0)
        found = self.pay_memo.get(key)
        if found is None:
            size = 10 if self.mod10 else 9 * self.dealt + 1
            mine = result_of(*key)
            banker = [result_of(t, self.dealt, True) for t in range(size)]
            found = self.pay_memo[key] = tuple(payoff(mine, b, self.options) for b in banker)
        return found

    # --- the punter's cards -----------------------------------------------------------

    def draws(self, counts: Counts, cards: int) -> list[tuple[Counts, int, int]]:
        """Every way to take ``cards`` cards: (shoe left, their points, ordered ways)."""
        key = (counts, cards)
        found = self.draw_memo.get(key)
        if found is None:
            found = []
            for taken, sparse, orders, points in _multisets(cards):
                ways = orders
                for value, count in sparse:
                    ways *= counts[value] if count == 1 else _falling(counts[value], count)
                if ways:
                    rest = tuple(map(operator.sub, counts, taken))
                    found.append((rest, points % 10 if self.mod10 else points, ways))
            self.draw_memo[key] = found
        return found

    def hand(self, state: _State) -> HandResult:
        return result_of(state[1], state[2], state[3] == 0)

    def to_come(self, state: _State) -> int:
        """``D``: the most cards still to leave this state's shoe (see the class)."""
        counts, _, held, buys = state
        most = self.options.max_draws
        if buys >= most:
            future = 0
        elif not self.options.redraw:
            future = most - buys
        elif buys == 0:
            future = 1 + (most - 1) * (held + 1)
        else:
            future = (most - buys) * held
        return min(sum(counts), self.dealt + future)

    def bought(self, state: _State) -> int:
        """How many cards a buy takes now (a redraw: the whole hand)."""
        return state[2] if self.options.redraw and state[3] else 1

    def can_buy(self, state: _State) -> bool:
        counts, total, _, buys = state
        fits = sum(counts) >= self.dealt + self.bought(state)
        return buys < self.options.max_draws and total <= 9 and fits

    def after_buy(self, state: _State) -> list[tuple[_State, int]]:
        """The states a buy leads to, with their ordered ways."""
        counts, total, held, buys = state
        if self.options.redraw and buys:
            return [
                ((rest, added, held, buys + 1), w) for rest, added, w in self.draws(counts, held)
            ]
        out = []
        for rest, added, weight in self.draws(counts, 1):
            new = (total + added) % 10 if self.mod10 else total + added
            out.append(((rest, new, held + 1, buys + 1), weight))
        return out

    # --- values -----------------------------------------------------------------------

    def stand_value(self, state: _State) -> int:
        """``W`` of standing now (see the class)."""
        counts = state[0]
        scale = _falling(sum(counts) - self.dealt, self.to_come(state) - self.dealt)
        paid: int = sum(map(operator.mul, self.banker(counts), self.pays(state)))
        return scale * paid

    def draw_value(self, state: _State) -> int:
        """``W`` of buying now and playing on by the policy."""
        counts, _, held, buys = state
        redraw = self.options.redraw and buys > 0
        key = (counts, held, buys)
        if redraw and key in self.redraw_memo:
            return self.redraw_memo[key]
        value = sum(weight * self.value(after) for after, weight in self.after_buy(state))
        if redraw:
            self.redraw_memo[key] = value
        return value

    def solve(self, state: _State) -> tuple[bool, int]:
        """Whether the policy buys in ``state``, and the state's ``W`` (memoised)."""
        found = self.memo.get(state)
        if found is None:
            if not self.can_buy(state):
                found = (False, self.stand_value(state))
            elif self.options.must_draw_below is not None and (
                state[1] < self.options.must_draw_below
            ):
                found = (True, self.draw_value(state))
            elif self.policy == "optimal":
                draw, stand = self.draw_value(state), self.stand_value(state)
                found = (True, draw) if draw > stand else (False, stand)
            elif self.policy(self.hand(state), state[3]):
                found = (True, self.draw_value(state))
            else:
                found = (False, self.stand_value(state))
            self.memo[state] = found
        return found

    def decide(self, state: _State) -> bool:
        """Whether the policy buys in ``state``."""
        return self.solve(state)[0]

    def value(self, state: _State) -> int:
        """The ``W`` of ``state`` under the policy."""
        return self.solve(state)[1]

    def fraction(self, state: _State, value: int) -> Fraction:
        """``V`` from a state's ``W``."""
        return Fraction(value, _falling(sum(state[0]), self.to_come(state)))

    def finals(self, frontier: dict[_State, int]) -> dict[_State, int]:
        """Where play by the policy stops, with the ordered ways to get there."""
        finals: dict[_State, int] = defaultdict(int)
        while frontier:
            nxt: dict[_State, int] = defaultdict(int)
            for state, weight in frontier.items():
                if self.decide(state):
                    for after, ways in self.after_buy(state):
                        nxt[after] += weight * ways
                else:
                    finals[state] += weight
            frontier = nxt
        return finals


def _start(options: BankingOptions, shoe: Counts, hand: Sequence[Card], draws: int) -> _State:
    total = 0
    for card in hand:
        total = add_points(total, card_points(card), options.over_nine)
    return (shoe, total, len(hand), draws)


def _checked_shoe(shoe: object) -> Counts:
    """``shoe`` as 10 whole counts 0…`MAX_SHOE_COUNT`, one per point value; else a
    `SetupError`."""
    if not isinstance(shoe, (tuple, list)) or len(shoe) != 10:
        raise SetupError(
            f"shoe must count the cards of each point value 0…9: 10 entries, not {shown(shoe, 60)}"
        )
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in shoe):
        raise SetupError(f"shoe counts must be whole numbers ≥ 0, not {shown(shoe, 60)}")
    if max(shoe) > MAX_SHOE_COUNT:
        raise SetupError(
            f"shoe counts must be at most MAX_SHOE_COUNT (2**{MAX_SHOE_COUNT.bit_length() - 1}) "
            "cards of a value, "
            f"not {shown(max(shoe), 60)}"
        )
    return tuple(shoe)


def _checked(
    options: BankingOptions | None, shoe: object, hand: object, draws: object, *, deal: bool
) -> tuple[BankingOptions, Counts, tuple[Card, ...], int]:
    """The arguments of [`coup_odds`][makao.banking.odds.coup_odds], checked;
    [`SetupError`][makao.errors.SetupError] says what is wrong. An empty ``hand`` before any
    buy is dealt from the shoe if ``deal``; any other hand must be one a punter can hold."""
    options = BankingOptions() if options is None else options
    if not isinstance(options, BankingOptions):
        raise SetupError(f"options must be BankingOptions, not {type(options).__name__}")
    most = options.cards_dealt + options.draw_cards
    if most > MAX_PUNTER_CARDS:
        raise SetupError(
            f"exact odds are computed for at most {MAX_PUNTER_CARDS} cards in one punter's "
            f"coup; these options allow {most} (cards_dealt, max_draws, redraw)"
        )
    shoe = _checked_shoe(shoe)
    cards = _cards(hand, "hand", most=MAX_PUNTER_CARDS)
    if not isinstance(draws, int) or isinstance(draws, bool) or not 0 <= draws <= options.max_draws:
        raise SetupError(f"draws must be 0…{options.max_draws} (max_draws), not {shown(draws, 40)}")
    if cards or draws or not deal:
        _check_hand(options, cards, draws)
    needed = options.cards_dealt * (1 if cards else 2)
    if sum(shoe) < needed:
        raise SetupError(f"the shoe must hold at least {needed} cards to deal, not {sum(shoe)}")
    return options, shoe, cards, draws


def _check_hand(options: BankingOptions, hand: tuple[Card, ...], draws: int) -> None:
    """A punter's hand after ``draws`` buys holds ``cards_dealt`` cards and one per buy (a
    redraw keeps its size, MB-6), at most two of a card (two decks, MB-1); else a
    [`SetupError`][makao.errors.SetupError]."""
    size = options.cards_dealt + (min(draws, 1) if options.redraw else draws)
    if len(hand) != size:
        raise SetupError(
            f"a hand after {draws} buys holds {size} cards (cards_dealt, redraw), not {len(hand)}"
        )
    if any(hand.count(card) > 2 for card in hand):
        raise SetupError(f"two decks hold at most two of a card, not the hand {shown(hand, 60)}")


def coup_odds(
    options: BankingOptions | None = None,
    policy: PolicyArg = "optimal",
    *,
    shoe: Counts = FULL_SHOE,
    hand: Sequence[Card] = (),
    draws: int = 0,
) -> CoupOdds:
    """The exact odds of one punter's coup against the banker (MB-11).

    ``shoe`` counts the cards the punter has not seen (10 counts 0…`MAX_SHOE_COUNT`, by
    point value); ``hand`` (with ``draws`` buys made) is the punter's hand so far, or empty
    (with no buys made) to deal it from the shoe too. Options that let one punter take more than
    `MAX_PUNTER_CARDS` cards are refused with [`SetupError`][makao.errors.SetupError].
    """
    options, shoe, hand, draws = _checked(options, shoe, hand, draws, deal=True)
    if policy != "optimal" and not callable(policy):
        raise SetupError(f"policy must be 'optimal' or a function, not {shown(policy, 40)}")
    solver = _Solver(options, policy)
    start = _start(options, shoe, hand, draws)
    frontier = {start: 1}
    if not hand:
        frontier = {
            (rest, total, options.cards_dealt, draws): weight
            for rest, total, weight in solver.draws(shoe, options.cards_dealt)
        }
    finals = solver.finals(frontier)
    size, dealt = sum(shoe), options.cards_dealt
    depth = max(size - sum(state[0]) for state in finals) + dealt
    punter: dict[int, int] = defaultdict(int)
    banker: dict[int, int] = defaultdict(int)
    by_payoff: dict[int, int] = defaultdict(int)
    for state, weight in finals.items():
        left = sum(state[0])
        scaled = weight * _falling(left - dealt, depth - (size - left) - dealt)
        punter[state[1]] += scaled * _falling(left, dealt)
        pays = solver.pays(state)
        for total, ways in enumerate(solver.banker(state[0])):
            banker[total] += scaled * ways
            by_payoff[pays[total]] += scaled * ways
    whole = _falling(size, depth)

    def p(count: int) -> Fraction:
        return Fraction(count, whole)

    mean = p(sum(k * n for k, n in by_payoff.items()))
    square = p(sum(k * k * n for k, n in by_payoff.items()))
    return CoupOdds(
        punter_points={k: p(n) for k, n in sorted(punter.items())},
        banker_points={k: p(n) for k, n in sorted(banker.items())},
        win=p(sum(n for k, n in by_payoff.items() if k > 0)),
        tie=p(by_payoff.get(0, 0)),
        lose=p(sum(n for k, n in by_payoff.items() if k < 0)),
        punter_return=mean,
        variance=square - mean * mean,
    )


def decision_values(
    options: BankingOptions, hand: Sequence[Card], draws: int, shoe: Counts
) -> tuple[Fraction, Fraction]:
    """Exact expected return per unit stake of ``(standing, buying)`` now, playing optimally
    afterwards; ``hand`` is the punter's hand after ``draws`` buys (never empty: a
    [`SetupError`][makao.errors.SetupError] otherwise, as for any hand a punter cannot hold),
    and ``shoe`` counts the cards unseen by the punter. Buying is valued at -100 when it is
    not allowed."""
    options, shoe, hand, draws = _checked(options, shoe, hand, draws, deal=False)
    solver = _Solver(options, "optimal")
    state = _start(options, shoe, hand, draws)
    stand = solver.fraction(state, solver.stand_value(state))
    if not solver.can_buy(state):
        return stand, Fraction(-100)
    return stand, solver.fraction(state, solver.draw_value(state))
