"""Suits and ranks, with their text forms (re-exported by [`makao.cards`][makao.cards]).

A module of its own below the compiled `makao._card`, so that `Card` can be a mypyc native
class in the compiled build while these enums stay interpreted (docs/builds.md).
"""

from __future__ import annotations

import enum

from makao._text import shown
from makao.errors import CardParseError

__all__ = ["Rank", "Suit"]


class Suit(enum.IntEnum):
    """The four suits, in bridge order. ``str(suit)`` is its letter: ``c d h s``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self.value]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter (either case), symbol or English name."""
        if not isinstance(text, str):
            raise CardParseError(f"a suit's text must be a string, not {type(text).__name__}")
        suit = _SUIT_TEXT.get(text.strip().lower())
        if suit is None:
            raise CardParseError(
                f"unknown suit {shown(text)}: expected one of c d h s, ♣ ♦ ♥ ♠ or a suit name"
            )
        return suit

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (ace high). ``str(rank)`` is ``2``…``10``, ``J``…``A``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """The rank as printed in a card: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self.value]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``2``…``10``, ``T``, ``J``, ``Q``, ``K`` or ``A`` (either case)."""
        if not isinstance(text, str):
            raise CardParseError(f"a rank's text must be a string, not {type(text).__name__}")
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise CardParseError(
                f"unknown rank {shown(text)}: expected one of 2 3 4 5 6 7 8 9 10 (or T) J Q K A"
            )
        return rank

    def __str__(self) -> str:
        return self.text


_RANK_TEXT = {r: str(r) for r in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT = {text: Rank(value) for value, text in _RANK_TEXT.items()} | {"T": Rank.TEN}
_SUIT_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_TEXT[_suit.letter] = _suit
    _SUIT_TEXT[_suit.symbol] = _suit
    _SUIT_TEXT[_suit.name.lower()] = _suit
_SUIT_TEXT["\u2661"] = Suit.HEARTS  # white heart suit
_SUIT_TEXT["\u2662"] = Suit.DIAMONDS  # white diamond suit
_SUIT_TEXT["\u2664"] = Suit.SPADES  # white spade suit
_SUIT_TEXT["\u2667"] = Suit.CLUBS  # white club suit
