"""Czech prší (PR-1…PR-6) composed of rule objects; rules taken from
https://cs.wikipedia.org/wiki/Prší (four cards each; match colour or value, else draw one
card and the next player plays; a 7: draw two or add a 7, +2 each; an ace: stand a turn or
add an ace; a queen, "svršek", on any card names the colour) and
https://www.smejo.info/csvdetail.php?radek=30&soubor=vyuka-logika-pravidlaher-karetni.csv&pozadi=vyuka-data-karetni2
(32-card pack; the ace stands "one round"; the first to shed calls "prší" and wins)."""

from __future__ import annotations

from makao.cards import Rank
from makao.rules import DrawRule, FinishRule, PlayRule, StartRule, WaitCards
from makao.rules._util import cards_of_ranks
from makao.variant import Variant
from makao.variants._family import PIQUET, draw_two, suit_changer
from makao.variants._options import checked_options

__all__ = ["prsi"]


@checked_options
def prsi(*, hand_size: int = 4, play_for_places: bool = False) -> Variant:
    """Czech prší: 7 draws two, after an ace stand, queens change the suit.

    Options: ``hand_size``: cards dealt (4; some deal 5); ``play_for_places``: the
    others play on for the places after the winner."""
    options = dict(locals())
    rules = (
        StartRule(
            hand_size=hand_size,
            decks=1,
            ranks=PIQUET,
            start_card="inert",
            max_players=5,
            ids=("PR-1",),
        ),
        PlayRule(multi_card=False, ids=("PR-2",)),
        DrawRule(play_drawn=False, ids=("PR-2",)),
        draw_two(Rank.SEVEN, "PR-3"),
        WaitCards(cards_of_ranks(Rank.ACE), stacks=False, ids=("PR-4",)),
        *suit_changer(Rank.QUEEN, "PR-5"),
        # Playing on for places, a last 7, ace or queen acts like any other (PR-3…PR-5).
        FinishRule(
            play_for_places=play_for_places,
            last_card_effect_applies=play_for_places,
            ids=("PR-6",),
        ),
    )
    return Variant("prsi", rules, options, "Czech prší")
