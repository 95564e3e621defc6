"""Scoring hands left at the end of a deal: the Russian point table (RU-2, RU-16).

>>> from makao.variants.russian.scoring import hand_points
>>> hand_points("Ah Kh 9c 3d 2s 10h 5c")
205
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from makao.cards import ALL_CARDS, Card, Rank, Suit, parse_cards

if TYPE_CHECKING:
    from makao.rules.base import Table

__all__ = ["RUSSIAN_POINTS", "PointTable", "deal_scores", "hand_points", "point_table"]

#: Points per card: every card of the 52 maps to what it costs a player holding it.
PointTable = Mapping[Card, int]


def point_table(ranks: Mapping[Rank, int], cards: Mapping[str, int] | None = None) -> PointTable:
    """Build a read-only point table from points per rank and per-card exceptions
    (``{"Kh": 50}``); a rank missing from ``ranks`` scores 0."""
    table = {card: ranks.get(card.rank, 0) for card in ALL_CARDS}
    for text, points in (cards or {}).items():
        table[Card.parse(text)] = points
    return MappingProxyType(table)


_LOW = dict.fromkeys((Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT), 5)
_HIGH = dict.fromkeys((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), 10)

#: RU-2: A = 50, K♥ = 50, 9 = 40, 3 = 30, 2 = 20, 10/J/Q and the other kings = 10,
#: 4…8 = 5.
RUSSIAN_POINTS: PointTable = point_table(
    {**_LOW, **_HIGH, Rank.ACE: 50, Rank.NINE: 40, Rank.THREE: 30, Rank.TWO: 20},
    {str(Card(Rank.KING, Suit.HEARTS)): 50},
)


def hand_points(cards: str | Iterable[Card | str], table: PointTable = RUSSIAN_POINTS) -> int:
    """The points of a hand (``"Ah 9c"`` or cards) under ``table`` (RU-2)."""
    return sum(table[card] for card in parse_cards(cards))


def deal_scores(game: Table, table: PointTable = RUSSIAN_POINTS) -> tuple[int, ...]:
    """Each seat's points for the cards left in hand (RU-16): the player who went out
    holds none and scores 0."""
    return tuple(hand_points(hand, table) for hand in game.hands)
