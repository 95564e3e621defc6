"""Crazy Eights (CE-1…CE-5) composed of rule objects; rules taken from
https://www.britannica.com/topic/crazy-eights (deal; an 8 turned up first is buried in the
stock), https://webcasty.com/2013/how-to-play-crazy-eights-the-card-game/ (match suit or
rank; an 8 is wild and names a suit; a player who cannot play draws until they can) and
https://www.conservapedia.com/Crazy_eights (some play that a player draws only one card)."""

from __future__ import annotations

from makao.cards import Rank
from makao.rules import DrawRule, FinishRule, PlayRule, StartRule
from makao.variant import Variant
from makao.variants._family import suit_changer
from makao.variants._options import checked_options

__all__ = ["crazy_eights"]


@checked_options
def crazy_eights(
    *, hand_size: int = 5, decks: int | None = None, max_draws: int | None = None
) -> Variant:
    """Crazy Eights: eights are wild and name a suit; draw until you can play.

    Options: ``hand_size``: cards dealt (the sources deal 7 each to two players);
    ``decks``: 1…8 (default: two from five players); ``max_draws``: the most cards a
    player draws looking for a playable one (``None``: until they can play; 1 or 3 are
    common house rules)."""
    options = dict(locals())
    rules = (
        StartRule(hand_size=hand_size, decks=decks, start_card="redraw", ids=("CE-1",)),
        PlayRule(multi_card=False, ids=("CE-2",)),
        *suit_changer(Rank.EIGHT, "CE-3"),
        DrawRule(draw_until_playable=True, max_draws=max_draws, ids=("CE-4",)),
        FinishRule(play_for_places=False, ids=("CE-5",)),
    )
    return Variant("crazy-eights", rules, options, "Crazy Eights")
