"""Suits, ranks and cards, with their text forms.

A [`Card`][makao.cards.Card] prints as ``7h``, ``10s``, ``Kh``, ``Ad`` and reads those forms, plus
``Ts`` for the ten and the suit symbols ``♣ ♦ ♥ ♠``. There are exactly 52 card values: two decks
hold each value twice, and both copies are the same object, so cards compare by identity
(fast) and can be used as dictionary keys.

`Suit` and `Rank` live in `makao._ranks` and `Card` in `makao._card`, which the compiled
build compiles (docs/builds.md); this module is where they are imported from.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from makao._card import ALL_CARDS, Card
from makao._ranks import Rank, Suit
from makao._text import MAX_ITEMS, shown
from makao.errors import CardParseError, SetupError

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


_TOO_MANY = (
    f"at most {MAX_ITEMS:,} cards are read at once: more, or an endless iterable, is refused"
)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards: ``"2h 5c 10s"`` (spaces or commas) or an iterable of texts/cards;
    at most a million (`makao._text.MAX_ITEMS`): more, or an endless iterable, is a
    `CardParseError`."""
    if isinstance(text, str):
        parts: Iterable[str | Card] = text.replace(",", " ").split()
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raise CardParseError(f"cards are given as text (str), not {type(text).__name__}")
    elif isinstance(text, Iterable):
        parts = text
    else:
        raise CardParseError(f"cards are given as text or an iterable, not {shown(text, 200)}")
    cards: list[Card] = []
    for part in itertools.islice(parts, MAX_ITEMS + 1):  # each checked as it comes
        cards.append(part if isinstance(part, Card) else Card.parse(part))
    if len(cards) > MAX_ITEMS:
        raise CardParseError(_TOO_MANY)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as text separated by spaces: ``"2h 5c 10s"`` (at most a million cards: more,
    or an endless iterable, is a `CardParseError`)."""
    if not isinstance(cards, Iterable) or isinstance(cards, str):
        raise CardParseError(f"format_cards needs an iterable of cards, not {shown(cards)}")
    texts = []
    for card in itertools.islice(cards, MAX_ITEMS + 1):
        if not isinstance(card, Card):
            raise CardParseError(f"format_cards needs Card values, not {shown(card)}")
        texts.append(card._text)
    if len(texts) > MAX_ITEMS:
        raise CardParseError(_TOO_MANY)
    return " ".join(texts)


def count_card(cards: Iterable[Card], card: Card) -> int:
    """How many times ``card`` is in ``cards``, counted by identity: ``cards.count(card)``
    would compare every other card with ``==`` (see `without_card`). An inline loop: on
    CPython 3.11 a comprehension is a function made and called each time. ``cards`` that
    are no iterable are a `CardParseError`."""
    count = 0
    try:
        for held in cards:
            if held is card:
                count += 1
    except TypeError:  # no iterable: no cost otherwise
        raise CardParseError(
            f"count_card needs an iterable of cards, not {shown(cards, 60)}"
        ) from None
    return count


def without_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` without its first ``card``, as a new tuple: how the engine takes a played
    card from a hand. Raises `SetupError` (a ``ValueError``) if ``card`` is not there, and
    `CardParseError` if ``cards`` is no tuple (or other sequence) of cards.

    The card is found by identity (cards are interned), with a counter loop: ``cards.index``
    would compare every card before it with ``==``, and `Card` defines its order in Python,
    so each such comparison is a Python-level call (some 1,500 instructions)."""
    index = 0
    try:
        for held in cards:
            if held is card:
                return cards[:index] + cards[index + 1 :]
            index += 1  # a counter: cheaper than enumerate's pairs
    except TypeError:  # no iterable, or one that cannot be cut (a set): no cost otherwise
        raise CardParseError(
            f"without_card needs a tuple of cards, not {shown(cards, 60)}"
        ) from None
    raise SetupError(f"{card if isinstance(card, Card) else shown(card, 60)} is not in the cards")
