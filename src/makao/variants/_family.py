"""Building blocks the Mau-Mau family's variants share, made from the generic rules."""

from __future__ import annotations

from makao.cards import Rank
from makao.rules import BattleCards, SuitDemandCards, Wild
from makao.rules._util import cards_of_ranks

__all__ = ["PIQUET", "draw_two", "suit_changer"]


def suit_changer(rank: Rank, *ids: str) -> tuple[Wild, SuitDemandCards]:
    """Cards of ``rank`` are wild (not under an attack or a skip) and name a suit that
    binds until a card is played on it (the crazy eight, the Mau-Mau jack)."""
    cards = cards_of_ranks(rank)
    return (
        Wild(cards, ids=ids),
        SuitDemandCards(cards, binds="until_covered", wilds_under_demand=True, ids=ids),
    )


def draw_two(rank: Rank, *ids: str) -> BattleCards:
    """Cards of ``rank`` make the next player draw two unless they play one of the same
    rank, passing on the sum (the Mau-Mau seven, the Switch two)."""
    return BattleCards(dict.fromkeys(cards_of_ranks(rank), 2), answer="same_rank", ids=ids)


PIQUET = tuple(range(7, 15))
"""The ranks of a 32-card piquet pack (7 to ace), used by Mau-Mau and prší."""
