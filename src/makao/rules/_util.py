"""Small helpers shared by rule modules: card sets given as text, effect text."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, get_args

from makao.cards import ALL_CARDS, Card, Rank, parse_cards

__all__ = ["card_set", "cards_of_ranks", "one_of", "seat_after_by"]


def one_of(kind: object) -> Callable[[object, Any, object], None]:
    """An attrs validator for a field typed with the ``Literal`` type ``kind``: a value
    that is not one of its strings raises ``ValueError`` naming the field and the choices
    (a variant factory reports it as a [`SetupError`][makao.errors.SetupError])."""
    allowed = get_args(kind)

    def check(instance: object, attribute: Any, value: object) -> None:
        if not isinstance(value, str) or value not in allowed:
            choices = ", ".join(map(repr, allowed))
            raise ValueError(f"{attribute.name} must be one of {choices}, not {value!r:.40}")

    return check


def card_set(value: str | Iterable[Card | str]) -> frozenset[Card]:
    """Read a set of cards: ``"Kh Ks"`` or an iterable of cards or texts."""
    return frozenset(parse_cards(value))


def cards_of_ranks(*ranks: Rank) -> frozenset[Card]:
    """Every card of the given ranks."""
    return frozenset(card for card in ALL_CARDS if card.rank in ranks)


def seat_after_by(words: Sequence[str]) -> int:
    """Read the seat after ``by`` in an effect's text (``"attack 5 by 2"``); 0 if absent."""
    if "by" in words:
        position = list(words).index("by")
        if position + 1 < len(words) and words[position + 1].isdigit():
            return int(words[position + 1])
    return 0
