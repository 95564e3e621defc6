"""Deck specifications and the seeded shuffle.

All chance in a game comes from one `random.Random` per game, seeded by the user, so
the same seed gives the same deal on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

from makao._random import shuffle_as_random
from makao._text import shown
from makao.cards import ALL_CARDS, Card
from makao.errors import SetupError

__all__ = ["MAX_DECKS", "deck_cards", "shuffled_deck"]

MAX_DECKS: Final = 8
"""The most 52-card decks a table shuffles together (a start rule's ``decks``; the
variants' ``decks`` option; `deck_cards`): the deck is built whole, so its size is bounded."""


def check_rank(rank: object) -> int:
    """Return ``rank`` if it is a deck's rank, a whole number 2…14 (2 to ace; a `Rank`
    will do); anything else is a `SetupError`."""
    if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= 14:
        raise SetupError(f"ranks must be ranks 2…14 (2 to ace), not {shown(rank, 40)}")
    return rank


def deck_cards(decks: int = 1, ranks: Collection[int] | None = None) -> list[Card]:
    """Return ``decks`` decks (1…`MAX_DECKS`) as one list in index order (unshuffled): full
    52-card decks, or with ``ranks`` only the cards of those ranks 2…14 (a 32-card piquet
    deck: 7…A); anything else is a `SetupError`."""
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise SetupError(
            f"decks must be a positive whole number, at most {MAX_DECKS}, not {shown(decks, 200)}"
        )
    if ranks is not None and (isinstance(ranks, (str, bytes)) or not isinstance(ranks, Collection)):
        raise SetupError(f"ranks must be a collection of ranks, not {shown(ranks, 60)}")
    for rank in ranks or ():
        check_rank(rank)
    cards = ALL_CARDS if ranks is None else [c for c in ALL_CARDS if c.rank in ranks]
    return list(cards) * decks


def shuffled_deck(
    decks: int, rng: random.Random, ranks: Collection[int] | None = None
) -> list[Card]:
    """Return ``decks`` decks shuffled with ``rng`` (the game's only source of chance):
    ``rng.shuffle``'s permutation, its steps written out (compiled in the compiled build).
    An ``rng`` that is no `random.Random` is a `SetupError`."""
    cards = deck_cards(decks, ranks)
    if not isinstance(rng, random.Random):
        raise SetupError(f"rng must be a random.Random, not {shown(rng, 60)}")
    shuffle_as_random(cards, rng)
    return cards
