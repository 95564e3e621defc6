"""Scoring hands left at the end of a deal: the Russian point table (RU-2, RU-16).

>>> from makao.variants.russian.scoring import hand_points
>>> hand_points("Ah Kh 9c 3d 2s 10h 5c")
205
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, final

from makao._text import shown
from makao.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from makao.deck import check_rank
from makao.errors import SetupError

if TYPE_CHECKING:
    from makao.rules.base import Table

__all__ = [
    "RUSSIAN_POINTS",
    "PointTable",
    "Points",
    "deal_scores",
    "hand_points",
    "point_table",
]

PointTable = Mapping[Card, int]
"""Points per card: every card of the 52 maps to what it costs a player holding it."""


@final
class Points(Mapping[Card, int]):
    """A read-only [`PointTable`][makao.variants.russian.scoring.PointTable] holding one
    value per card of the 52: a value, hashable and picklable (a rule holds it, and
    variants are pickled). Built from a mapping of cards (or their texts, ``"Kh"``) to
    whole numbers, a card it leaves out scoring 0; anything else is a `SetupError`."""

    __slots__ = ("_values",)

    def __init__(self, table: PointTable | Mapping[str, int]) -> None:
        if not isinstance(table, Mapping):
            raise SetupError(f"a point table maps cards to points, not {shown(table, 60)}")
        values = [0] * len(ALL_CARDS)
        for key, points in table.items():
            card = Card.parse(key) if isinstance(key, str) else key  # a card's text is read
            if not isinstance(card, Card):
                raise SetupError(f"a point table maps cards to points, not {shown(key, 40)}")
            if isinstance(points, bool) or not isinstance(points, int):
                raise SetupError(
                    f"the points of {card} must be a whole number, not {shown(points, 40)}"
                )
            values[card.index] = int(points)
        self._values = tuple(values)

    def __getitem__(self, card: Card) -> int:
        if not isinstance(card, Card):
            raise KeyError(card)
        return self._values[card.index]

    def __iter__(self) -> Iterator[Card]:
        return iter(ALL_CARDS)

    def __len__(self) -> int:
        return len(ALL_CARDS)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Points):
            return self._values == other._values
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash(self._values)

    def __reduce__(self) -> tuple[object, tuple[dict[Card, int]]]:
        return (Points, (dict(self),))

    def __repr__(self) -> str:
        return f"Points({ {str(card): points for card, points in self.items()} })"


def point_table(ranks: Mapping[Rank, int], cards: Mapping[str, int] | None = None) -> Points:
    """Build a read-only point table from points per rank and per-card exceptions
    (``{"Kh": 50}``); a rank missing from ``ranks`` scores 0. Anything but mappings, or a
    key of ``ranks`` that is no rank 2…14 (``Rank`` or its number), is a `SetupError`."""
    if not isinstance(ranks, Mapping):
        raise SetupError(f"ranks must map ranks to points, not {shown(ranks, 60)}")
    for rank in ranks:
        check_rank(rank)  # not silently ignored
    if cards is not None and not isinstance(cards, Mapping):
        raise SetupError(f"cards must map cards to points, not {shown(cards, 60)}")
    table = {card: ranks.get(card.rank, 0) for card in ALL_CARDS}
    for text, points in (cards or {}).items():
        table[Card.parse(text)] = points
    return Points(table)


_LOW = dict.fromkeys((Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT), 5)
_HIGH = dict.fromkeys((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), 10)

RUSSIAN_POINTS: Points = point_table(
    {**_LOW, **_HIGH, Rank.ACE: 50, Rank.NINE: 40, Rank.THREE: 30, Rank.TWO: 20},
    {str(Card(Rank.KING, Suit.HEARTS)): 50},
)
"""RU-2: A = 50, K♥ = 50, 9 = 40, 3 = 30, 2 = 20, 10/J/Q and the other kings = 10,
4…8 = 5."""


def hand_points(cards: str | Iterable[Card | str], table: PointTable = RUSSIAN_POINTS) -> int:
    """The points of a hand (``"Ah 9c"`` or cards) under ``table`` (RU-2)."""
    return sum(table[card] for card in parse_cards(cards))


def deal_scores(game: Table, table: PointTable = RUSSIAN_POINTS) -> tuple[int, ...]:
    """Each seat's points for the cards left in hand (RU-16): the player who went out
    holds none and scores 0."""
    return tuple(hand_points(hand, table) for hand in game.hands)
