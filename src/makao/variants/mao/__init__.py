"""Ultimate Mao (``../shared/rules/ultimate-mao.md``, UM-1…UM-27) as a composition of rules."""

from __future__ import annotations

import math

from makao._text import is_too_long_to_write, shown
from makao.cards import Rank
from makao.errors import SetupError
from makao.rules import BattleCards, DrawRule, FinishRule, PlayRule, Wild
from makao.rules._util import cards_of_ranks
from makao.rules.direction import ReverseCards
from makao.variant import Variant
from makao.variants._options import checked_options
from makao.variants.mao.rules import (
    AgainCards,
    FourCards,
    HeldJacks,
    HitPrevious,
    JackRelease,
    Multiplex,
    NineCards,
    SevenCards,
)
from makao.variants.mao.talk import (
    HostReports,
    IllegalPlay,
    MaoCalls,
    MaoStart,
    Misplays,
    QuestionPeriods,
)

__all__ = ["mao"]


@checked_options
def mao(
    *,
    start_card_effect: bool = False,
    timeout_ends_turn: bool = True,
    move_time_limit: float = 6.0,
    four_penalty_ends_turn: bool = False,
    seven_penalty_ends_turn: bool = False,
    nine_player_draws_too: bool = False,
    jack_cancels_penalty: bool = True,
    multiplex_suspends_effects: bool = True,
    missing_call_penalty: int = 1,
    mau_mau_only_for_jack: bool = False,
    play_for_places: bool = False,
    illegal_play: IllegalPlay = "reject",
    deal_direction: int = 1,
    play_direction: int = 1,
    oldest_player: int = 0,
    dealer: int = -1,
) -> Variant:
    """Ultimate Mao. Options (defaults as in the spec):

    - ``start_card_effect``: the turned starting card acts, as if the dealer played it (UM-4).
    - ``timeout_ends_turn``: a reported time-out also passes the turn (UM-6).
    - ``move_time_limit``: seconds per move, carried for the host (UM-6).
    - ``four_penalty_ends_turn`` / ``seven_penalty_ends_turn``: drawing a four's or a
      seven's penalty ends the turn (UM-11, UM-13).
    - ``nine_player_draws_too``: the nine's player draws one as well (UM-14).
    - ``jack_cancels_penalty``: a jack may be played on a pending draw penalty and cancels
      it; if false, jacks cannot be played while one is pending (UM-16).
    - ``multiplex_suspends_effects``: cards' own effects do not act in a multiplex (UM-20).
    - ``missing_call_penalty``: cards per missing or wrong call (UM-25).
    - ``mau_mau_only_for_jack``: "Mau Mau" is required only for a last jack (UM-24).
    - ``play_for_places``: play on after the winner (UM-24; default: the game ends).
    - ``illegal_play``: ``"reject"`` or ``"penalize"`` (UM-27).
    - ``deal_direction`` / ``play_direction``: 1 clockwise (to the left), -1 counter (UM-2, UM-4).
    - ``oldest_player``: the seat that may always close a question period, 0…16 (UM-22).
    - ``dealer``: the dealer's seat (default the last seat).
    """
    move_time_limit = _check(missing_call_penalty, move_time_limit)
    options = dict(locals())
    jacks = cards_of_ranks(Rank.JACK)
    rules = (
        MaoStart(
            start_card="effect" if start_card_effect else "inert",
            deal_direction=deal_direction,
            play_direction=play_direction,
            dealer=dealer,
            ids=("UM-1", "UM-2", "UM-4"),
        ),
        PlayRule(multi_card=False, ids=("UM-5",)),
        DrawRule(play_drawn=True, play_any_after_draw=True, ids=("UM-5",)),
        ReverseCards(cards_of_ranks(Rank.ACE), ids=("UM-8",)),
        AgainCards(ids=("UM-9",)),
        BattleCards(
            dict.fromkeys(cards_of_ranks(Rank.THREE), 3), answer="same_rank", ids=("UM-10",)
        ),
        FourCards(accept_ends_turn=four_penalty_ends_turn, ids=("UM-11",)),
        HitPrevious(cards_of_ranks(Rank.SIX), 2, ids=("UM-12",)),
        SevenCards(accept_ends_turn=seven_penalty_ends_turn, ids=("UM-13",)),
        NineCards(player_draws_too=nine_player_draws_too, ids=("UM-14",)),
        Wild(jacks, under_effects=jack_cancels_penalty, ids=("UM-16",)),
        HeldJacks(jacks, ids=("UM-16",)),
        JackRelease(ids=("UM-16",)),
        HitPrevious(cards_of_ranks(Rank.QUEEN), 1, ids=("UM-17",)),
        Multiplex(suspends_effects=multiplex_suspends_effects, ids=("UM-20",)),
        MaoCalls(
            penalty=missing_call_penalty,
            mau_mau_only_for_jack=mau_mau_only_for_jack,
            ids=("UM-15", "UM-18", "UM-19", "UM-20", "UM-23", "UM-24", "UM-25"),
        ),
        QuestionPeriods(oldest=oldest_player, ids=("UM-21", "UM-22")),
        HostReports(
            timeout_ends_turn=timeout_ends_turn,
            move_time_limit=move_time_limit,
            ids=("UM-3", "UM-6", "UM-7"),
        ),
        Misplays(illegal_play=illegal_play, ids=("UM-27",)),
        FinishRule(
            play_for_places=play_for_places,
            last_card_effect_applies=True,
            ids=("UM-24", "UM-26"),
        ),
    )
    try:
        return Variant("mao", rules, tuple(options.items()), "Ultimate Mao")
    except ValueError as error:
        raise SetupError(str(error)) from None


def _check(missing_call_penalty: int, move_time_limit: float) -> float:
    """The move time limit, once both options are checked: a whole number too long to
    write as text (it would break the variant's repr, `describe` and saves) is infinite,
    as no move reaches it either (as a Russian ``match_limit`` is, RU-18)."""
    if not isinstance(missing_call_penalty, int) or missing_call_penalty < 0:
        raise SetupError(
            f"missing_call_penalty must be a whole number ≥ 0: {shown(missing_call_penalty, 200)}"
        )
    if move_time_limit <= 0:
        raise SetupError(  # its only range check (none in _options._RANGES: 0 is refused)
            "bad options for variant 'mao': move_time_limit must be more than 0, not "
            f"{shown(move_time_limit, 200)}"
        )
    if isinstance(move_time_limit, int) and is_too_long_to_write(move_time_limit):
        return math.inf
    return move_time_limit
