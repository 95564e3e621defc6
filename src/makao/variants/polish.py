"""Polish makao (``../shared/rules/polish.md``, PL-1…PL-36) as a composition of rules."""

from __future__ import annotations

from makao._text import shown
from makao.cards import Card, Rank
from makao.rules import (
    BattleCards,
    DrawRule,
    FinishCall,
    FinishRule,
    LastCardCall,
    PlayRule,
    RankDemandCards,
    StartRule,
    SuitDemandCards,
    WaitCards,
    Wild,
)
from makao.rules._util import card_set, cards_of_ranks
from makao.variant import Variant
from makao.variants._options import checked_options

__all__ = ["polish", "polish_battle_cards"]


def polish_battle_cards() -> BattleCards:
    """Every 2 (2), every 3 (3), K♥ and K♠ (5); K♠ attacks backwards (PL-10, PL-14)."""
    penalties = dict.fromkeys(cards_of_ranks(Rank.TWO), 2)
    penalties |= dict.fromkeys(cards_of_ranks(Rank.THREE), 3)
    penalties |= {Card.parse("Kh"): 5, Card.parse("Ks"): 5}
    return BattleCards(
        penalties,
        backwards=card_set("Ks"),
        answer="match",
        ids=("PL-10", "PL-11", "PL-12", "PL-13", "PL-14", "PL-15", "PL-16"),
    )


@checked_options
def polish(
    *,
    decks: int | None = None,
    last_card_effect_applies: bool = False,
    po_makale_penalty: int = 0,
    dealer: int = -1,
    play_for_places: bool = True,
    may_decline_demands: bool = False,
    makao_with_move_only: bool = False,
) -> Variant:
    """Polish makao. Options (all house rules of the spec, defaults as there):

    - ``decks``: 1 or 2; by default one deck for 2–4 players, two for 5+ (PL-1).
    - ``last_card_effect_applies``: a finishing function card acts (PL-33).
    - ``po_makale_penalty``: cards drawn for finishing without "po makale" (PL-31).
    - ``dealer``: the dealer's seat; the next seat starts (PL-5; default last seat).
    - ``play_for_places``: play on after the winner for the places (PL-32).
    - ``may_decline_demands``: a player able to follow a demand may draw instead (PL-24).
    - ``makao_with_move_only``: "makao" counts only when said with the move (PL-29).
    """
    _check(decks)
    options = dict(locals())
    rules = (
        StartRule(
            hand_size=5,
            start_card="redraw",
            decks=decks,
            dealer=dealer,
            ids=("PL-1", "PL-2", "PL-3", "PL-4", "PL-5"),
        ),
        PlayRule(multi_card=True, ids=("PL-6", "PL-7")),
        DrawRule(play_drawn=True, ids=("PL-8",)),
        Wild(cards_of_ranks(Rank.QUEEN), ids=("PL-9",)),
        polish_battle_cards(),
        WaitCards(ids=("PL-17", "PL-18", "PL-19", "PL-20")),
        RankDemandCards(
            may_decline=may_decline_demands, ids=("PL-21", "PL-22", "PL-23", "PL-24", "PL-25")
        ),
        SuitDemandCards(
            binds="next", may_decline=may_decline_demands, ids=("PL-26", "PL-27", "PL-28")
        ),
        LastCardCall(with_move_only=makao_with_move_only, ids=("PL-29", "PL-30")),
        FinishCall(penalty=po_makale_penalty, ids=("PL-31",)),
        FinishRule(
            play_for_places=play_for_places,
            last_card_effect_applies=last_card_effect_applies,
            ids=("PL-32", "PL-33", "PL-34", "PL-35", "PL-36"),
        ),
    )
    return Variant("polish", rules, tuple(options.items()), "Polish makao")


def _check(decks: int | None) -> None:
    """Polish makao deals one deck or two (PL-1): a narrower range than the options
    checker's (`checked_options`), which checks every other option, ``po_makale_penalty``
    included, before the factory runs."""
    from makao.errors import SetupError

    if decks not in (None, 1, 2):
        raise SetupError(f"decks must be 1 or 2, not {shown(decks, 200)}")
