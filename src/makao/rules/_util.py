"""Small helpers shared by rule modules: card sets given as text, effect text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from makao.cards import ALL_CARDS, Card, Rank, parse_cards

__all__ = ["card_set", "cards_of_ranks", "seat_after_by"]


def card_set(value: str | Iterable[Card | str]) -> frozenset[Card]:
    """Read a set of cards: ``"Kh Ks"`` or an iterable of cards or texts."""
    return frozenset(parse_cards(value))


def cards_of_ranks(*ranks: Rank) -> frozenset[Card]:
    """Every card of the given ranks."""
    return frozenset(card for card in ALL_CARDS if card.rank in ranks)


def seat_after_by(words: Sequence[str], keyword: str) -> int:
    """Read the seat after ``by`` in an effect's text (``"attack 5 by 2"``); 0 if absent."""
    if "by" in words:
        position = list(words).index("by")
        if position + 1 < len(words) and words[position + 1].isdigit():
            return int(words[position + 1])
    return 0
