"""Wild cards: played on anything, under conditions (PL-9's queen, RU-7's changers)."""

from __future__ import annotations

import attrs

from makao.cards import Card, Rank
from makao.rules._util import card_set, cards_of_ranks
from makao.rules.base import Table, WildRule

__all__ = ["Wild"]


@attrs.frozen
class Wild(WildRule):
    """Wild cards match any top card when no effect is in force (the Polish queen,
    PL-9). With ``only_when_stuck`` a wild card that does not match by suit or rank may
    be played only by a player holding no matching card (RU-7)."""

    cards: frozenset[Card] = attrs.field(default=cards_of_ranks(Rank.QUEEN), converter=card_set)
    only_when_stuck: bool = False

    def covers(self, card: Card) -> bool:
        """Whether ``card`` is one of the wild cards."""
        return card in self.cards

    def allows(self, game: Table, seat: int, card: Card, has_match: bool) -> bool:
        """Wild unless restricted to players who cannot match."""
        return not (self.only_when_stuck and has_match)
