"""Deck specifications and the seeded shuffle.

All chance in a game comes from one :class:`random.Random` per game, seeded by the user, so
the same seed gives the same deal on any machine.
"""

from __future__ import annotations

import random

from makao.cards import ALL_CARDS, Card
from makao.errors import SetupError

__all__ = ["deck_cards", "shuffled_deck"]


def deck_cards(decks: int = 1) -> list[Card]:
    """Return ``decks`` full 52-card decks as one list in index order (unshuffled)."""
    if not isinstance(decks, int) or isinstance(decks, bool) or decks < 1:
        raise SetupError(f"decks must be a positive whole number, not {decks!r}")
    return [card for _ in range(decks) for card in ALL_CARDS]


def shuffled_deck(decks: int, rng: random.Random) -> list[Card]:
    """Return ``decks`` decks shuffled with ``rng`` (the game's only source of chance)."""
    cards = deck_cards(decks)
    rng.shuffle(cards)
    return cards
