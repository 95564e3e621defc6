"""Plain card values for the independent reference models (`test_*_reference.py`).

The models are written from the specs without the library's own types: a card is a
``(rank 2…14, suit letter)`` pair read from and written as the library's text form.
"""

from __future__ import annotations

RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
RANK_TEXT = {v: k for k, v in RANKS.items()}
SUITS = "cdhs"

Card = tuple[int, str]  # (rank 2…14, suit letter)


def parse_card(text: str) -> Card:
    """Read ``7h``, ``10s``, ``Ts``, ``Kh``."""
    rank, suit = text[:-1].upper(), text[-1]
    return (RANKS[rank] if rank in RANKS else 10 if rank == "T" else int(rank), suit)


def card_text(card: Card) -> str:
    """Write a card as the library does: ``7h``, ``10s``, ``Kh``."""
    return RANK_TEXT.get(card[0], str(card[0])) + card[1]
