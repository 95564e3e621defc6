"""British Switch (SW-1…SW-8) composed of rule objects; rules taken from
https://en.wikipedia.org/wiki/Switch_(card_game) (one deck, two for many players; seven
cards each; no trick card to start; match suit or rank, else draw one and play it if
able; 2s pick up two unless a 2 is played; 8s miss a turn; jacks reverse; aces change the
suit; "last card") and http://www.spinchat.com/help/4017 (a reverse with two players
lets the player play again)."""

from __future__ import annotations

from makao.cards import Rank
from makao.rules import (
    DrawRule,
    FinishRule,
    LastCardCall,
    PlayRule,
    ReverseCards,
    SkipCards,
    StartRule,
)
from makao.rules._util import cards_of_ranks
from makao.variant import Variant
from makao.variants._family import draw_two, suit_changer
from makao.variants._options import checked_options

__all__ = ["switch"]


@checked_options
def switch(*, hand_size: int = 7, penalty: int = 2, decks: int | None = None) -> Variant:
    """British Switch: 2 picks up two, 8 misses a turn, jack reverses, ace changes suit.

    Options: ``hand_size``: cards dealt; ``penalty``: cards drawn when caught without
    saying "last card"; ``decks``: 1…8 (default: two from six players)."""
    options = dict(locals())
    rules = (
        StartRule(hand_size=hand_size, decks=decks, two_decks_from=6, ids=("SW-1",)),
        PlayRule(multi_card=False, ids=("SW-2",)),
        DrawRule(play_drawn=True, ids=("SW-2",)),
        draw_two(Rank.TWO, "SW-3"),
        SkipCards(cards_of_ranks(Rank.EIGHT), ids=("SW-4",)),
        ReverseCards(cards_of_ranks(Rank.JACK), two_player_again=True, ids=("SW-5",)),
        *suit_changer(Rank.ACE, "SW-6"),
        LastCardCall(call="last-card", penalty=penalty, rule_id="SW-7", ids=("SW-7",)),
        FinishRule(play_for_places=False, ids=("SW-8",)),
    )
    return Variant("switch", rules, options, "British Switch")
