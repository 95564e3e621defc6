"""Deck specifications and the seeded shuffle.

All chance in a game comes from one `random.Random` per game, seeded by the user, so
the same seed gives the same deal on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from makao._random import shuffle_as_random
from makao._text import shown
from makao.cards import ALL_CARDS, Card
from makao.errors import SetupError

__all__ = ["deck_cards", "shuffled_deck"]


def deck_cards(decks: int = 1, ranks: Collection[int] | None = None) -> list[Card]:
    """Return ``decks`` decks as one list in index order (unshuffled): full 52-card decks,
    or with ``ranks`` only the cards of those ranks (a 32-card piquet deck: 7…A)."""
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise SetupError(f"decks must be a positive whole number, not {shown(decks, 200)}")
    cards = ALL_CARDS if ranks is None else [c for c in ALL_CARDS if c.rank in ranks]
    return list(cards) * decks


def shuffled_deck(
    decks: int, rng: random.Random, ranks: Collection[int] | None = None
) -> list[Card]:
    """Return ``decks`` decks shuffled with ``rng`` (the game's only source of chance):
    ``rng.shuffle``'s permutation, its steps written out (compiled in the compiled build)."""
    cards = deck_cards(decks, ranks)
    shuffle_as_random(cards, rng)
    return cards
