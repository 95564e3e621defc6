"""The `Card` class and the 52 interned cards (re-exported by [`makao.cards`][makao.cards]).

A module of its own so that the compiled build can make `Card` a mypyc native class: the
compiled hot path then reads ``card.index`` as a C struct member, where reading it from an
interpreted object is a generic attribute lookup (docs/builds.md). Every entry point here
takes ``object`` arguments and checks them itself, so that bad input raises the same
typed errors on both builds (compiled code would raise ``TypeError`` at a typed argument).
"""

from __future__ import annotations

from contextlib import suppress
from typing import NoReturn, final

from makao._ranks import Rank, Suit
from makao._text import shown
from makao.errors import CardParseError

__all__ = ["ALL_CARDS", "Card"]

_BY_PAIR: dict[tuple[object, object], Card] = {}
_SEALED: list[bool] = [False]  # True once the 52 cards are made: no other card can be


@final
class Card:
    """A playing card: an immutable, interned ``(rank, suit)`` value.

    ``Card(Rank.SEVEN, Suit.HEARTS)``, ``Card.parse("7h")`` and ``Card("7h")`` (as its
    repr writes it) return the same object.
    ``card.index`` is a stable number 0…51 (rank-major: ``(rank - 2) * 4 + suit``), used
    for action ids and compact encodings; ``card.bit`` is ``1 << card.index``, the card in
    a set of cards held as an int (a rank's four cards are four bits side by side).
    """

    __slots__ = ("_text", "bit", "index", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    bit: int
    _text: str

    def __new__(cls, rank: object, suit: object = None) -> Card:
        """Return the interned card of this rank and suit; given one text alone
        (``Card("7h")``, as the repr writes a card), the card it names (`parse`)."""
        try:
            card = _BY_PAIR.get((rank, suit))
        except TypeError:  # unhashable
            card = None
        if card is not None and card.rank is rank and card.suit is suit:
            return card  # the very enums: equal numbers (``Card(7, 2)``, swapped) are refused
        if suit is None and isinstance(rank, str):  # ``Card("7h")``: no suit, a card's text
            return Card.parse(rank)
        if _SEALED[0] or not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise CardParseError(f"not a card: rank {shown(rank, 200)}, suit {shown(suit, 200)}")
        card = super().__new__(cls)
        object.__setattr__(card, "rank", rank)  # past the immutable __setattr__
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 2) * 4 + suit)
        object.__setattr__(card, "bit", 1 << card.index)
        object.__setattr__(card, "_text", f"{rank.text}{suit.letter}")
        _BY_PAIR[(rank, suit)] = card
        return card

    @staticmethod
    def from_index(index: object) -> Card:
        """Return the card with this stable index (0…51)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise CardParseError(f"card index must be an integer 0…51, not {shown(index, 200)}")
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: object) -> Card:
        """Read a card: ``7h``, ``10s``, ``Ts``, ``Kh``, ``Ad``, ``7♥``, ``q♠``."""
        if not isinstance(text, str):
            raise CardParseError(f"a card's text must be a string, not {type(text).__name__}")
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        stripped = text.strip()
        if len(stripped) < 2:
            raise CardParseError(
                f"unknown card {shown(text)}: expected rank then suit, like 7h or 10s"
            )
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except CardParseError as error:
            raise CardParseError(f"unknown card {shown(text)}: {error}") from None
        return _BY_PAIR[(rank, suit)]

    @property
    def symbol_text(self) -> str:
        """The card with its suit symbol: ``7♥``."""
        return f"{self.rank.text}{self.suit.symbol}"

    def __hash__(self) -> int:
        # By identity, as object's: mypyc makes a native class that orders its instances
        # unhashable without one. Taken out again below, for object's own C-level hash.
        return id(self) >> 4

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
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


# A card hashes by identity with object's own C function: no Python (or glue) call a hash.
# A type whose namespace cannot change keeps its `__hash__`, which hashes the same.
with suppress(TypeError):
    delattr(Card, "__hash__")

ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""All 52 cards, in index order (``ALL_CARDS[card.index] is card``)."""
_SEALED[0] = True
_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text in {_card.rank.text, _card.rank.text.lower(), "T" if _card.rank == 10 else ""}:
        if _rank_text:
            for _suit_text in (_card.suit.letter, _card.suit.letter.upper(), _card.suit.symbol):
                _BY_TEXT[_rank_text + _suit_text] = _card
