"""German Mau-Mau (MM-1…MM-7) composed of rule objects; rules taken from
https://en.wikipedia.org/wiki/Mau-Mau_(card_game) (32-card pack, 2–5 players, "Mau" and
"Mau Mau"), https://www.cokogames.com/mau-mau-cards/play/ (a jack on any card names the
suit; a 7: play a 7 or draw 2; an 8: the next player skips) and
https://litegames.freshdesk.com/en/support/solutions/articles/60000701375-crazy-eights-rules-mau-mau
(five cards each; the first card counts as played by the dealer; sevens stack; "Mau"
with one card left, else draw two)."""

from __future__ import annotations

from makao.cards import Rank
from makao.rules import (
    DrawRule,
    FinishCall,
    FinishRule,
    LastCardCall,
    PlayRule,
    SkipCards,
    StartRule,
)
from makao.rules._util import cards_of_ranks
from makao.variant import Variant
from makao.variants._family import PIQUET, draw_two, suit_changer
from makao.variants._options import checked_options

__all__ = ["mau_mau"]


@checked_options
def mau_mau(*, hand_size: int = 5, penalty: int = 2, decks: int | None = None) -> Variant:
    """German Mau-Mau: 7 draws two, 8 skips, jacks wish a suit, say "Mau".

    Options: ``hand_size``: cards dealt; ``penalty``: cards drawn for a missing
    "Mau" or "Mau-Mau"; ``decks``: packs of 32 (default two from six players)."""
    options = dict(locals())
    rules = (
        StartRule(
            hand_size=hand_size,
            decks=decks,
            two_decks_from=6,
            ranks=PIQUET,
            start_card="effect",
            ids=("MM-1",),
        ),
        PlayRule(multi_card=False, ids=("MM-2",)),
        DrawRule(play_drawn=True, ids=("MM-2",)),
        draw_two(Rank.SEVEN, "MM-3"),
        SkipCards(cards_of_ranks(Rank.EIGHT), ids=("MM-4",)),
        *suit_changer(Rank.JACK, "MM-5"),
        LastCardCall(
            call="mau", penalty=penalty, enforcement="automatic", rule_id="MM-6", ids=("MM-6",)
        ),
        FinishCall(call="mau-mau", penalty=penalty, rule_id="MM-7", ids=("MM-7",)),
        # A last card acts like any other (MM-3…MM-5): forgetting "Mau-Mau" keeps the
        # player in the game, and a player who does go out ends it at once.
        FinishRule(play_for_places=False, last_card_effect_applies=True, ids=("MM-7",)),
    )
    return Variant("mau-mau", rules, options, "German Mau-Mau")
