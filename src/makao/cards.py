"""Suits, ranks and cards, with their text forms.

A [`Card`][makao.cards.Card] prints as ``7h``, ``10s``, ``Kh``, ``Ad`` and reads those forms, plus
``Ts`` for the ten and the suit symbols ``♣ ♦ ♥ ♠``. There are exactly 52 card values: two decks
hold each value twice, and both copies are the same object, so cards compare by identity
(fast) and can be used as dictionary keys.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NoReturn, final

from makao.errors import CardParseError

__all__ = [
    "ALL_CARDS",
    "Card",
    "Rank",
    "Suit",
    "count_card",
    "format_cards",
    "parse_cards",
    "without_card",
]


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
                f"unknown suit {_shown(text)}: expected one of c d h s, ♣ ♦ ♥ ♠ or a suit name"
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
                f"unknown rank {_shown(text)}: expected one of 2 3 4 5 6 7 8 9 10 (or T) J Q K A"
            )
        return rank

    def __str__(self) -> str:
        return self.text


def _shown(text: object, limit: int = 24) -> str:
    """``repr(text)`` for an error message, cut short if ``text`` is long."""
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}… ({len(text)} characters)"
    return repr(text)


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


@final
class Card:
    """A playing card: an immutable, interned ``(rank, suit)`` value.

    ``Card(Rank.SEVEN, Suit.HEARTS)`` and ``Card.parse("7h")`` return the same object.
    ``card.index`` is a stable number 0…51 (rank-major: ``(rank - 2) * 4 + suit``), used
    for action ids and compact encodings.
    """

    __slots__ = ("_text", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    _text: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        """Return the interned card of this rank and suit."""
        try:
            return _BY_PAIR[(rank, suit)]
        except (KeyError, TypeError):
            raise CardParseError(f"not a card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _create(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 2) * 4 + suit)
        object.__setattr__(card, "_text", f"{rank.text}{suit.letter}")
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """Return the card with this stable index (0…51)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise CardParseError(f"card index must be an integer 0…51, not {index!r}")
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card: ``7h``, ``10s``, ``Ts``, ``Kh``, ``Ad``, ``7♥``, ``q♠``."""
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise CardParseError(f"a card's text must be a string, not {type(text).__name__}")
        stripped = text.strip()
        if len(stripped) < 2:
            raise CardParseError(
                f"unknown card {_shown(text)}: expected rank then suit, like 7h or 10s"
            )
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except CardParseError as error:
            raise CardParseError(f"unknown card {_shown(text)}: {error}") from None
        return _BY_PAIR[(rank, suit)]

    @property
    def symbol_text(self) -> str:
        """The card with its suit symbol: ``7♥``."""
        return f"{self.rank.text}{self.suit.symbol}"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __str__(self) -> str:
        return self._text


_BY_PAIR: dict[tuple[Rank, Suit], Card] = {}
for _rank in Rank:
    for _suit in Suit:
        _BY_PAIR[(_rank, _suit)] = Card._create(_rank, _suit)

#: All 52 cards, in index order (``ALL_CARDS[card.index] is card``).
ALL_CARDS: tuple[Card, ...] = tuple(sorted(_BY_PAIR.values(), key=lambda c: c.index))
_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text in {_card.rank.text, _card.rank.text.lower(), "T" if _card.rank == 10 else ""}:
        if _rank_text:
            for _suit_text in (_card.suit.letter, _card.suit.letter.upper(), _card.suit.symbol):
                _BY_TEXT[_rank_text + _suit_text] = _card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards: ``"2h 5c 10s"`` (spaces or commas) or an iterable of texts/cards."""
    if isinstance(text, str):
        parts: Iterable[str | Card] = text.replace(",", " ").split()
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raise CardParseError(f"cards are given as text (str), not {type(text).__name__}")
    elif isinstance(text, Iterable):
        parts = text
    else:
        raise CardParseError(f"cards are given as text or an iterable, not {text!r}")
    return tuple(part if isinstance(part, Card) else Card.parse(part) for part in parts)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as text separated by spaces: ``"2h 5c 10s"``."""
    if not isinstance(cards, Iterable) or isinstance(cards, str):
        raise CardParseError(f"format_cards needs an iterable of cards, not {_shown(cards)}")
    texts = []
    for card in cards:
        if not isinstance(card, Card):
            raise CardParseError(f"format_cards needs Card values, not {_shown(card)}")
        texts.append(card._text)
    return " ".join(texts)


def count_card(cards: Iterable[Card], card: Card) -> int:
    """How many times ``card`` is in ``cards``, counted by identity: ``cards.count(card)``
    would compare every other card with ``==`` (see `without_card`). An inline loop: on
    CPython 3.11 a comprehension is a function made and called each time."""
    count = 0
    for held in cards:
        if held is card:
            count += 1
    return count


def without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` without its first ``card``, as a new tuple: how the engine takes a played
    card from a hand. Raises ``ValueError`` if ``card`` is not there.

    The card is found by identity (cards are interned), with a counter loop: ``cards.index``
    would compare every card before it with ``==``, and `Card` defines its order in Python,
    so each such comparison is a Python-level call (some 1,500 instructions)."""
    index = 0
    for held in cards:
        if held is card:
            return cards[:index] + cards[index + 1 :]
        index += 1  # noqa: SIM113 -- a counter: cheaper than enumerate's pairs
    raise ValueError(f"{card} is not in the cards")
