"""Russian scoring makao (``../shared/rules/russian.md``, RU-1…RU-18) as a composition of
the same rule objects as Polish makao, parameterised where the variants differ.

The point table (RU-2, RU-16) is
[`makao.variants.russian.scoring`][makao.variants.russian.scoring]; match play (RU-3,
RU-18) is [`makao.match.Match`][makao.match.Match].
"""

from __future__ import annotations

from makao._text import shown
from makao.cards import Card, Rank
from makao.errors import SetupError
from makao.rules import (
    BattleCards,
    DrawRule,
    LastCardCall,
    PlayRule,
    StartRule,
    SuitDemandCards,
    Wild,
)
from makao.rules._util import cards_of_ranks
from makao.variant import Variant
from makao.variants._options import checked_options
from makao.variants.russian.rules import (
    DEFAULT_MATCH_LIMIT,
    ClosingAnswer,
    DealEnd,
    checked_match_limit,
)

__all__ = ["DEFAULT_MATCH_LIMIT", "russian", "russian_battle_cards"]

_KING_OF_HEARTS = Card.parse("Kh")


def russian_battle_cards(*, any_king_answers_king: bool = False) -> BattleCards:
    """Every 2 (2), every 3 (3) and K♥ (5), answered by the same rank only (RU-10…RU-13);
    with ``any_king_answers_king`` any king answers a K♥, adding nothing (RU-11)."""
    penalties = dict.fromkeys(cards_of_ranks(Rank.TWO), 2)
    penalties |= dict.fromkeys(cards_of_ranks(Rank.THREE), 3)
    penalties[_KING_OF_HEARTS] = 5
    kings = cards_of_ranks(Rank.KING) - {_KING_OF_HEARTS}
    return BattleCards(
        penalties,
        answer="same_rank",
        extra_answers=kings if any_king_answers_king else frozenset(),
        ids=("RU-10", "RU-11", "RU-12", "RU-13"),
    )


@checked_options
def russian(
    *,
    start_card_effect: bool = False,
    changers_only_when_stuck: bool = True,
    any_king_answers_king: bool = False,
    match_limit: int | float = DEFAULT_MATCH_LIMIT,
    dealer: int = -1,
) -> Variant:
    """Russian scoring makao. Options (house rules of the spec, defaults as there):

    - ``start_card_effect``: the starting card acts on the first player (RU-4).
    - ``changers_only_when_stuck``: a 9 or ace that does not match may be played only by a
      player holding no matching card (RU-7, the literal reading).
    - ``any_king_answers_king``: any king answers a K♥ and passes the penalty on (RU-11).
    - ``match_limit``: the loss total that ends a match (RU-18): the
      [`DealEnd`][makao.variants.russian.rules.DealEnd] rule holds it, and
      [`makao.match.Match`][makao.match.Match] reads it from there.
    - ``dealer``: the first deal's dealer; the seat after them leads (RU-3, RU-5).
    """
    match_limit = _check(match_limit, dealer)  # as a save writes it
    options = dict(locals())
    changers = cards_of_ranks(Rank.NINE, Rank.ACE)
    battle = russian_battle_cards(any_king_answers_king=any_king_answers_king)
    rules = (
        StartRule(
            hand_size=5,
            decks=2,
            start_card="effect" if start_card_effect else "inert",
            min_players=2,
            max_players=5,
            dealer=dealer,
            ids=("RU-1", "RU-3", "RU-4", "RU-5"),
        ),
        PlayRule(multi_card=False, ids=("RU-5", "RU-6")),
        DrawRule(play_drawn=True, must_play_drawn_when_stuck=True, ids=("RU-9", "RU-17")),
        Wild(changers, only_when_stuck=changers_only_when_stuck, ids=("RU-7",)),
        SuitDemandCards(
            cards_of_ranks(Rank.ACE),
            binds="until_covered",
            may_decline=True,
            wilds_under_demand=True,
            ids=("RU-7", "RU-8"),
        ),
        battle,
        LastCardCall(
            call="makao",
            penalty=2,
            enforcement="automatic",
            cards_left=1,
            rule_id="RU-14",
            ids=("RU-14",),
        ),
        DealEnd(match_limit=match_limit, ids=("RU-2", "RU-15", "RU-16", "RU-18")),
        ClosingAnswer(battle, ids=("RU-15",)),
    )
    return Variant("russian", rules, tuple(options.items()), "Russian scoring makao")


def _check(match_limit: object, dealer: object) -> int | float:
    """The match limit, checked (`checked_match_limit`), once ``dealer`` is checked too."""
    limit = checked_match_limit(match_limit)
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise SetupError(f"dealer must be a seat number, not {shown(dealer, 200)}")
    return limit
