"""The cut for seats and the first banker (MB-2), and the stacked shoe used by tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from makao._text import shown
from makao.banking.events import SeatsCut
from makao.cards import Card, Rank
from makao.deck import shuffled_deck
from makao.errors import SetupError

__all__ = ["cut_for_seats", "new_shoe"]

DECKS = 2  # MB-1: two 52-card decks, 104 cards
_SHOE_SIZE = 52 * DECKS  # the most players a Macao table seats (`BankingGame`'s bound)


def _cut_value(card: Card) -> int:
    """A cut card's value: its rank with the ace lowest (MB-2, a choice of this spec)."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def cut_for_seats(players: int, rng: random.Random) -> SeatsCut:
    """Every player cuts; lowest first, ties re-cut among themselves (MB-2). ``players``
    is 2…104, as at a `BankingGame`; anything else is a `SetupError`."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= _SHOE_SIZE:
        raise SetupError(f"players must be 2…{_SHOE_SIZE}, not {shown(players, 60)}")
    deck = shuffled_deck(DECKS, rng)
    cuts: list[list[Card]] = [[] for _ in range(players)]

    def order(group: list[int]) -> list[int]:
        if len(group) == 1:
            return group
        nonlocal deck
        if len(deck) < len(group):
            deck = shuffled_deck(DECKS, rng)
        drawn = {player: deck.pop() for player in group}
        for player, card in drawn.items():
            cuts[player].append(card)
        result: list[int] = []
        for value in sorted({_cut_value(card) for card in drawn.values()}):
            result += order([p for p in group if _cut_value(drawn[p]) == value])
        return result

    seating = order(list(range(players)))
    return SeatsCut(tuple(tuple(cut) for cut in cuts), tuple(seating))


def new_shoe(rng: random.Random, stack: Sequence[Card] = ()) -> list[Card]:
    """A freshly shuffled 104-card shoe, top card last; ``stack`` (top first) is put on top."""
    shoe = shuffled_deck(DECKS, rng)
    if isinstance(stack, (str, bytes, bytearray, memoryview)) or not isinstance(stack, Iterable):
        raise SetupError(f"stack must be a sequence of Cards, not {shown(stack, 60)}")
    stack = tuple(stack)
    for card in stack:
        if not isinstance(card, Card):
            raise SetupError(f"stack must hold Card values, not {shown(card, 60)}")
    if not stack:
        return shoe
    wanted = Counter(stack)
    too_many = [str(card) for card, count in wanted.items() if count > DECKS]
    if too_many:
        raise SetupError(f"a stacked shoe holds each card at most twice: {', '.join(too_many)}")
    rest: list[Card] = []
    for card in shoe:
        if wanted[card] > 0:
            wanted[card] -= 1
        else:
            rest.append(card)
    return rest + list(reversed(stack))
