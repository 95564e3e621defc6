"""makao: a typed rules engine for the Makao / Mau-Mau family of card games."""

from makao.cards import ALL_CARDS, Card, Rank, Suit, format_cards, parse_cards
from makao.errors import (
    CardParseError,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MakaoError,
    SetupError,
    StateError,
)

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardParseError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MakaoError",
    "Rank",
    "SetupError",
    "StateError",
    "Suit",
    "format_cards",
    "parse_cards",
]
