"""Ultimate Mao: calls, talk, host reports and infractions (UM-3, UM-6, UM-7, UM-15,
UM-18, UM-19, UM-21…UM-25, UM-27) and the phrasebook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import pytest

from makao import (
    Card,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Say,
    SetupError,
    StateError,
    parse_move,
    variants,
)
from makao.actions import ActionSpace
from makao.events import (
    Announced,
    AttackAccepted,
    CallMade,
    CardsDrawn,
    GameOver,
    Penalised,
)
from makao.moves import Move
from makao.rules.base import Events, Table, TurnRule
from makao.rules.wait import WaitCards, WaitEffect
from makao.testing import snapshot
from makao.variants.mao.moves import HostReport, Misplay, Release
from makao.variants.mao.phrasebook import normalise, speech, to_call, to_calls
from makao.variants.mao.rules import FreeSuit, pending_penalty
from makao.variants.mao.talk import (
    HostReports,
    Misplays,
    QuestionPeriods,
    number_word,
    spade_call,
)

MAO = variants.mao()
STOCK = "Kd Kc Kh 8d 8c 8h 5d 5c 5h Qd"


def position(hands: list[str], pile: str, variant: object = MAO, **kw: object) -> Game:
    return Game.from_position(variant, hands=hands, pile=pile, stock=STOCK, **kw)  # type: ignore[arg-type]


def penalties(events: tuple[object, ...]) -> list[tuple[int, str]]:
    return [(e.seat, e.rule) for e in events if isinstance(e, Penalised)]


# ---------------------------------------------------------------- calls with a play


def test_um_15_a_ten_is_played_saying_good_day() -> None:
    game = position(["10h 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert "10h +good-day" in game.legal_moves_text(0)
    assert CallMade(0, "good-day") in game.clone().play("10h +good-day")
    events = game.play("10h")
    assert penalties(events) == [(0, "UM-15")]
    assert len(game.hands[0]) == 3 and str(game.top) == "10h"  # the card stays played


def test_um_18_every_spade_is_named_with_rank_and_suit() -> None:
    game = position(["5s Qs 6d", "5d 6c 7c", "5h 6h 7h"], "9s")
    assert {"5s +five-of-spades", "Qs +queen-of-spades"} <= set(game.legal_moves_text(0))
    assert penalties(game.play("5s")) == [(0, "UM-18")]


def test_um_19_a_card_that_needs_several_calls_needs_all_of_them() -> None:
    game = position(["10s 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9s")
    assert "10s +good-day +ten-of-spades" in game.legal_moves_text(0)
    assert penalties(game.play("10s +good-day")) == [(0, "UM-18")]


def test_um_20_each_multiplex_play_says_the_next_number() -> None:
    game = position(["8h 5c 6d", "8c 6c 7c", "5h 9h 7h"], "8h")
    game.play("8h +two")
    events = game.play("8c +two")  # should have said "three"
    assert penalties(events) == [(1, "UM-20")]  # one wrong number is one infraction (UM-25)
    assert Penalised(1, "UM-20", "said two, not three", 1) in events


def test_um_18_a_wrong_spade_name_is_one_infraction() -> None:
    """UM-18, UM-25: naming the spade wrongly costs one card, not two (missing + wrong)."""
    game = position(["5s 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9s")
    events = game.play("5s +six-of-spades")
    assert penalties(events) == [(0, "UM-18")]
    assert Penalised(0, "UM-18", "said six-of-spades, not five-of-spades", 1) in events


_SPADE_NAMES = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


@pytest.mark.parametrize(("rank", "word"), sorted(_SPADE_NAMES.items()))
def test_um_18_each_spade_is_named_as_the_phrasebook_names_it(rank: str, word: str) -> None:
    """UM-18: the call a spade needs is its English name (``jack-of-spades``), the same
    call the phrasebook reads from what the player says: the two must never drift apart
    (a ``knave-of-spades`` the player cannot say)."""
    card = Card.parse(f"{rank}s")
    assert spade_call(card) == f"{word}-of-spades"
    assert to_call(f"{word} of spades") == spade_call(card)
    game = position([f"{rank}s 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9s")
    play = next(m for m in game.legal_moves_text(0) if m.startswith(f"{rank}s"))
    assert f"+{word}-of-spades" in play.split()


def test_um_20_every_count_to_twenty_has_an_action_id() -> None:
    """UM-20: the action space numbers every multiplex call up to ``twenty``: a multiplex
    at nineteen offers its next play's ``+twenty`` as an action (it was a KeyError)."""
    space = ActionSpace(MAO, 3)
    assert {number_word(count) for count in range(2, 21)} <= set(space.calls)
    game = position(["5h 6c 7d", "5d 6d 7c", "9h 9c 9d"], "5c", effect="multiplex 5 19 by 2")
    assert game.legal_moves_text(0)[0] == "5h +twenty"
    twenty = space.first_call + space.calls.index("twenty")
    assert space.legal_actions(game, (Card.parse("5h"),)) == [twenty]
    assert space.encode(game.legal_moves()[0]) == (Card.parse("5h").index, twenty, 54)


def test_um_23_one_card_left_says_last_card_or_mau_for_a_jack() -> None:
    game = position(["5h 6d", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert game.legal_moves_text(0)[0] == "5h +last-card"
    assert penalties(game.clone().play("5h")) == [(0, "UM-23")]
    jack = position(["5h Jd", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert "5h +mau" in jack.legal_moves_text(0)
    for calls in ("+mau", "+last-card", "+last-card +mau"):
        assert penalties(jack.clone().play("5h " + calls)) == []


def test_um_24_the_last_card_is_played_saying_mau_mau_and_wins() -> None:
    game = position(["5h", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("5h +mau-mau")
    assert CallMade(0, "mau-mau") in events and GameOver((0, 1, 2)) in events


def test_um_24_option_mau_mau_only_for_a_last_jack() -> None:
    game = position(["5h", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(mau_mau_only_for_jack=True))
    assert game.legal_moves_text(0)[0] == "5h"
    jack = position(["Jh", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(mau_mau_only_for_jack=True))
    assert jack.legal_moves_text(0)[0] == "Jh:c +mau-mau"


def test_um_24_option_play_for_places_goes_on_after_the_winner() -> None:
    game = position(["5h", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(play_for_places=True))
    game.play("5h +mau-mau")
    assert not game.is_over and game.finished == (0,) and game.to_move == 1


def test_um_25_a_last_card_without_mau_mau_stays_played_but_does_not_win() -> None:
    game = position(["5h", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("5h")
    assert penalties(events) == [(0, "UM-24")]
    assert not game.is_over and len(game.hands[0]) == 1 and str(game.top) == "5h"


def test_um_25_a_wrong_call_is_an_infraction() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("5h +good-day")
    assert Penalised(0, "UM-25", "wrong call good-day", 1) in events
    assert CallMade(0, "good-day") not in events


def test_um_25_option_missing_call_penalty() -> None:
    game = position(
        ["10h 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(missing_call_penalty=2)
    )
    events = game.play("10h")
    assert [e.amount for e in events if isinstance(e, CardsDrawn)] == [2]


# ---------------------------------------------------------------- talk


def test_um_21_a_remark_outside_a_question_period_costs_a_card() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert "2: say remark" not in game.legal_moves_text(2)  # listed only when proper
    events = game.play("2: say remark")
    assert penalties(events) == [(2, "UM-21")] and len(game.hands[2]) == 4
    assert game.to_move == 0  # talk does not change the turn


def test_um_21_question_opens_a_period_in_which_anyone_may_talk() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert "1: say question" in game.legal_moves_text(1)
    assert game.play("1: say question") == (CallMade(1, "question"),)
    assert "2: say remark" in game.legal_moves_text(2)
    assert game.play("2: say remark") == (CallMade(2, "remark"),)
    game.play("5h")  # the game goes on meanwhile
    assert game.play(speech(0, "Koliko je sati?")) == (CallMade(0, "remark"),)


def test_um_21_a_question_said_in_an_open_period_does_not_take_it_over() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(oldest_player=0))
    game.play("1: say question")
    assert game.play("2: say question") == (CallMade(2, "question"),)  # talk, free
    assert "2: say end-of-questions" not in game.legal_moves_text(2)
    assert dict(game.public_state())["question"] == 1


def test_um_22_the_opener_or_the_oldest_closes_the_period_then_talk_costs_again() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(oldest_player=2))
    game.play("1: say question")
    assert "0: say end-of-questions" not in game.legal_moves_text(0)
    assert {"1: say end-of-questions", "2: say end-of-questions"} <= set(game.legal_moves_text())
    game.play("0: say end-of-questions")  # seat 0 may not close: a remark, free in a period
    assert dict(game.public_state())["question"] == 1
    game.play("2: say end-of-questions")
    assert "question" not in dict(game.public_state())
    assert penalties(game.play("0: say remark")) == [(0, "UM-22")]


def test_um_22_only_end_of_questions_closes_a_period() -> None:
    """UM-22: the opener's (or the oldest player's) other talk in a period is a free
    remark; only "End of questions" closes the period."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(oldest_player=2))
    game.play("1: say question")
    assert penalties(game.play("1: say remark")) == []
    assert penalties(game.play("2: say remark")) == []
    assert dict(game.public_state())["question"] == 1
    game.play("1: say end-of-questions")
    assert "question" not in dict(game.public_state())


def test_um_22_the_oldest_player_must_be_below_the_table_size() -> None:
    """UM-22: an ``oldest_player`` equal to the number of seats is refused."""
    with pytest.raises(SetupError, match="oldest_player 3"):
        Game.new(variants.mao(oldest_player=3), 3, seed=1)
    assert Game.new(variants.mao(oldest_player=2), 3, seed=1).players == 3


# ---------------------------------------------------------------- host reports


def test_um_3_touching_cards_during_the_deal_costs_a_card() -> None:
    game = Game.new(MAO, players=4, seed=2)
    events = game.play("host: touched-cards 3")
    assert penalties(events) == [(3, "UM-3")] and len(game.hands[3]) == 7
    game.play("draw")
    with pytest.raises(IllegalMoveError):
        game.play("host: touched-cards 1")  # play has started


@pytest.mark.parametrize("ends_turn", [True, False])
def test_um_3_um_6_a_time_out_ends_the_deal(ends_turn: bool) -> None:
    """UM-3, UM-4, UM-6: a turn can time out only once the start is announced, so touched
    cards are no longer charged after a time-out, whether or not it passed the turn (before,
    the deal lasted until the first turn move)."""
    game = Game.new(variants.mao(timeout_ends_turn=ends_turn), players=4, seed=2)
    assert game.view(1).public == (("dealing", True),)
    game.play(f"host: timeout {game.to_move}")
    assert game.view(1).public == ()
    with pytest.raises(IllegalMoveError):
        game.play("host: touched-cards 1")
    assert Game.replay(game.variant, game.origin, game.record) == game


def test_um_3_um_27_a_penalised_misplay_ends_the_deal() -> None:
    """UM-3, UM-4, UM-27: a misplay is the mover's own action, made once the start is
    announced, so touched cards are no longer charged after one (before, the deal lasted
    until the first play, draw or pass: a misplay left it on)."""
    game = Game.new(variants.mao(illegal_play="penalize"), players=4, seed=2)
    mover = game.to_move
    top = game.pile[-1]
    wrong = next(card for card in game.hands[mover] if not game.is_legal(str(card)))
    assert wrong.suit != top.suit and wrong.rank != top.rank
    events = game.play(f"misplay {wrong}")
    assert penalties(events) == [(mover, "UM-27")]
    assert game.view(1).public == ()
    with pytest.raises(IllegalMoveError):
        game.play("host: touched-cards 1")
    assert game.to_move == mover  # the player still makes their move
    assert Game.replay(game.variant, game.origin, game.record) == game


def test_um_6_a_time_out_costs_a_card_and_the_turn() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    with pytest.raises(IllegalMoveError):
        game.play("host: timeout 1")  # not seat 1's move
    events = game.play(HostReport("timeout", 0))
    assert penalties(events) == [(0, "UM-6")] and len(game.hands[0]) == 4
    assert game.to_move == 1
    keep = position(
        ["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(timeout_ends_turn=False)
    )
    keep.play("host: timeout 0")
    assert keep.to_move == 0


def test_um_6_a_time_out_facing_a_draw_penalty_draws_it_too() -> None:
    game = position(["3h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    game.play("3h")
    events = game.play("host: timeout 1")
    assert AttackAccepted(1, 3) in events and len(game.hands[1]) == 7
    assert game.to_move == 2 and game.effect is None


def test_um_6_a_time_out_uses_up_a_released_jacks_freedom() -> None:
    """UM-6, UM-16: a time-out of the freed player ends their turn, and with it the freedom
    to play any suit: the next player follows the jack again."""
    game = position(["Jc 5d 6d", "5h 6h 7h", "8c 8d 8h"], "9h")
    game.play("Jc:s")
    game.play("0: release")
    assert isinstance(game.effect, FreeSuit) and game.to_move == 1
    events = game.play(HostReport("timeout", 1))
    assert penalties(events) == [(1, "UM-6")] and game.to_move == 2
    assert game.effect is None and set(game.legal_moves_text(2)) >= {"8c", "draw"}
    assert "8d" not in game.legal_moves_text(2)


def test_um_6_the_move_time_limit_must_be_positive() -> None:
    """UM-6: a move time limit of 0 s is refused."""
    with pytest.raises(SetupError, match="move_time_limit"):
        variants.mao(move_time_limit=0)


def test_um_7_a_touched_stock_means_a_card_is_drawn() -> None:
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("host: touched-stock 2")
    assert penalties(events) == [(2, "UM-7")] and len(game.hands[2]) == 4
    assert game.to_move == 0


def test_um_7_a_touched_stock_is_not_the_move_of_the_player_to_move() -> None:
    """UM-7: the player to move who touches the stock draws that card and still makes their
    move: they may draw (UM-5) or play."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("host: touched-stock 0")
    assert penalties(events) == [(0, "UM-7")] and len(game.hands[0]) == 4
    assert game.to_move == 0 and game.drawn is None
    assert "draw" in game.legal_moves_text(0)


def test_um_25_um_18_an_unnamed_spade_costs_the_missing_call_penalty() -> None:
    """UM-18, UM-25: an unnamed spade is a missing call, charged ``missing_call_penalty``."""
    game = position(
        ["5s 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9s", variants.mao(missing_call_penalty=2)
    )
    events = game.play("5s")
    assert penalties(events) == [(0, "UM-18")]
    assert [e.amount for e in events if isinstance(e, CardsDrawn)] == [2]


# ---------------------------------------------------------------- illegal plays


def test_um_27_an_illegal_card_is_refused_and_nothing_changes() -> None:
    game = position(["5c 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.play("5c")
    assert snapshot(game) == before and game.record == ()


def test_um_27_option_penalize_takes_the_card_back_and_charges_a_card() -> None:
    game = position(
        ["5c 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(illegal_play="penalize")
    )
    events = game.play("5c")
    assert events[0] == Penalised(0, "UM-27", "illegal play 5c", 1)
    assert game.record == (Misplay("5c"),) and "5c" in map(str, game.hands[0])
    assert len(game.hands[0]) == 4 and game.to_move == 0  # still their move
    with pytest.raises(IllegalMoveError):
        game.play("misplay 9h")  # a card they do not hold


def test_um_27_a_misplay_needs_the_cards_in_the_hand_each_time() -> None:
    """UM-27: a penalised misplay of a card twice when it is held once is refused."""
    game = position(
        ["5c 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(illegal_play="penalize")
    )
    with pytest.raises(IllegalMoveError):
        game.play("5c 5c")
    with pytest.raises(IllegalMoveError):
        game.play(Misplay("5c 5c"))
    assert len(game.hands[0]) == 3 and game.record == ()


def test_um_27_a_misplay_names_at_least_one_card() -> None:
    """UM-27: a misplay of no cards is not a move."""
    with pytest.raises(InvalidMoveError):
        Misplay(())


# ---------------------------------------------------------------- notation and phrasebook


@pytest.mark.parametrize(
    "move", [Release(1), HostReport("timeout", 2), HostReport("touched-stock", 0), Misplay("5h")]
)
def test_mao_moves_read_back_from_their_text(move: object) -> None:
    assert parse_move(str(move)) == move


@pytest.mark.parametrize(
    "text",
    [
        "host: nap 2",
        "host: timeout",
        "3: host timeout 2",
        "release",
        "1: misplay 5h",
        "host: timeout \u0661",
        "host: timeout 2 3",
        "0: host timeout 2",
        "1: release 2",
    ],
)
def test_malformed_mao_moves_are_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(text)


def test_um_6_a_host_report_is_read_whatever_the_case_of_its_kind() -> None:
    """UM-6: ``host: Timeout 2`` is the time-out report ``host: timeout 2``, and so is
    ``HOST: timeout 2``: keywords ignore case, as ``DRAW`` and ``1: STOP 0`` do (before, an
    upper-case ``HOST:`` was read as a card with a choice and refused with that message)."""
    for text in ("host: Timeout 2", "HOST: timeout 2", "Host:TIMEOUT 2"):
        assert parse_move(text) == HostReport("timeout", 2)
    assert parse_move("MISPLAY 5h") == Misplay("5h")


def test_um_16_a_release_without_a_seat_says_how_it_is_written() -> None:
    """UM-16: ``release:`` (no seat) is refused with the release notation."""
    with pytest.raises(InvalidMoveError, match="release"):
        parse_move("release:")


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("Dobar dan", "good-day"),
        ("dobar dan!", "good-day"),
        ("Good day", "good-day"),
        ("Zadnja karta", "last-card"),
        ("Last card", "last-card"),
        ("Pitanje", "question"),
        ("Question", "question"),
        ("Kraj pitanja", "end-of-questions"),
        ("End of questions", "end-of-questions"),
        ("Mau Mau", "mau-mau"),
        ("Pet-pik", "five-of-spades"),
        ("Žandar pik", "jack-of-spades"),
        ("četiri", "four"),
        ("Four", "four"),
        ("Twelve", "twelve"),
        ("Dvanaest", "twelve"),
        ("Dečko pik", "jack-of-spades"),
        ("Queen of spades", "queen-of-spades"),
        ("nice weather", None),
    ],
)
def test_phrasebook_maps_serbian_and_english_to_calls(text: str, call: str | None) -> None:
    assert to_call(text) == call


def test_phrasebook_finds_every_call_in_a_sentence() -> None:
    assert to_calls("Desetka pik vam želi Dobar dan") == ("ten-of-spades", "good-day")
    assert speech(1, "Pitanje!") == Say(1, "question")


def test_um_24_the_phrasebook_reads_mau_mau_as_one_call() -> None:
    """UM-24: in a sentence the longest phrase wins: "Mau Mau" is one call."""
    assert to_calls("Mau Mau") == ("mau-mau",)
    assert to_calls("mau, then Mau Mau") == ("mau", "mau-mau")


def test_mao_is_found_by_its_aliases() -> None:
    assert variants.get("um", illegal_play="penalize").option_dict["illegal_play"] == "penalize"
    assert variants.get("ultimate-mao").name == "mao"


def test_um_25_a_wrong_call_of_another_kind_does_not_stand_for_the_due_one() -> None:
    """UM-18, UM-25: a number said instead of a spade's name is a missing name and a wrong call."""
    game = position(["5s 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9s")
    events = game.play("5s +two")
    assert Penalised(0, "UM-18", "did not say five-of-spades", 1) in events
    assert Penalised(0, "UM-25", "wrong call two", 1) in events
    assert len(game.hands[0]) == 4


def test_um_23_a_missing_call_for_a_last_jack_names_the_listed_call() -> None:
    """UM-23: the infraction for a silent last jack names the listed call, "mau"."""
    game = position(["5h Jd", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert Penalised(0, "UM-23", "did not say mau", 1) in game.play("5h")


def test_um_23_either_call_for_a_last_jack_leaves_the_same_position() -> None:
    """UM-23: the calls of a play leave no trace in the position once it is played."""
    game = position(["5h Jd", "5d 6c 7c", "5h 6h 7h"], "9h")
    other = game.clone()
    game.play("5h +mau")
    other.play("5h +last-card")
    assert game == other


def test_um_21_the_public_state_shows_an_open_and_a_closed_period() -> None:
    """UM-21, UM-22: views show the opener while a period is open, and a closed one after."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert game.public_state() == ()
    game.play("1: say question")
    assert game.public_state() == (("question", 1),)
    game.play("1: say end-of-questions")
    assert game.public_state() == (("questions-closed", True),)
    game.play("2: say question")
    assert game.public_state() == (("question", 2),)


def test_um_22_a_position_set_up_after_a_closed_period_charges_talk_under_um_22() -> None:
    """UM-22: a view showing a closed period restores it: a remark then breaks UM-22."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", public=[("questions-closed", True)])
    assert penalties(game.play("1: say remark")) == [(1, "UM-22")]


@pytest.mark.parametrize("opener", [True, 3, -1, "1"])
def test_um_21_a_position_naming_no_seat_as_opening_a_period_is_refused(opener: object) -> None:
    """UM-21: a ``question`` entry that is not a seat of the table (``True``, a seat the
    table lacks, a text) is a `SetupError` naming the pair and what it takes (it was read
    as no open period, or kept as an opener the table lacks); ``None`` is no period."""
    with pytest.raises(
        SetupError,
        match=r"^public: \('question', .*\): 'question' takes the seat that opened the "
        r"question period, a seat 0…2",
    ):
        position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", public=[("question", opener)])
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", public=[("question", None)])
    assert penalties(game.play("1: say remark")) == [(1, "UM-21")]


def test_um_21_a_period_set_up_from_a_view_is_the_one_opened_in_play() -> None:
    """UM-21: a position given an open period equals the position where it was opened."""
    given = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", public=[("question", 1)])
    played = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    played.play("1: say question")
    assert given == played


def test_um_21_a_remark_outside_a_period_is_charged_not_recorded_as_said() -> None:
    """UM-21: an out-of-place remark gives the penalty only, no call made."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("2: say remark")
    assert not any(isinstance(event, CallMade) for event in events)


def test_um_24_a_seat_that_went_out_neither_talks_nor_is_reported() -> None:
    """UM-21, UM-3…UM-7, UM-24: with play for places, a finished seat has no talk or reports."""
    game = position(
        ["5h 6d", "5d 6c 7c", ""], "9h", variants.mao(play_for_places=True), finished=[2]
    )
    assert not [text for text in game.legal_moves_text() if text.startswith("2:")]
    for text in ("2: say question", "host: touched-stock 2"):
        with pytest.raises(IllegalMoveError):
            game.play(text)
    game.play("0: say question")
    assert "2: say remark" not in game.legal_moves_text()
    with pytest.raises(IllegalMoveError):
        game.play("2: say remark")


def test_um_3_a_set_up_position_is_past_the_deal() -> None:
    """UM-3: a position set up for play is not in its deal: touched cards are not reported."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert "dealing" not in dict(game.public_state())
    with pytest.raises(IllegalMoveError):
        game.play("host: touched-cards 1")


def test_um_6_a_time_out_under_a_held_jack_keeps_the_jack_held() -> None:
    """UM-6, UM-16: a time-out facing no draw penalty draws one card; the jack stays held."""
    game = position(["Jc 5d 6d", "5h 6h 7h", "8c 8d 8s"], "9h")
    game.play("Jc:s")
    events = game.play("host: timeout 1")
    assert not any(isinstance(event, AttackAccepted) for event in events)
    assert penalties(events) == [(1, "UM-6")] and len(game.hands[1]) == 4
    assert game.to_move == 2 and game.legal_moves_text(2)[0] == "8s +eight-of-spades"
    assert "8c" not in game.legal_moves_text(2)


def test_um_27_a_legal_card_cannot_be_written_as_a_misplay() -> None:
    """UM-27: under ``penalize``, a legal card is played, never charged as a misplay."""
    game = position(
        ["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(illegal_play="penalize")
    )
    with pytest.raises(IllegalMoveError):
        game.play("misplay 5h")
    assert game.record == () and len(game.hands[0]) == 3


def test_phrasebook_normalise_writes_dj_and_keeps_digits() -> None:
    """``normalise`` spells ``đ`` as ``dj`` and keeps digits, dropping the punctuation."""
    assert normalise("Đak, 5 Ćevapa!") == "djak 5 cevapa"


def test_um_18_the_phrasebook_reads_an_english_spade_name_as_one_call() -> None:
    """UM-18, UM-22: three-word phrases are found whole in a sentence."""
    assert to_calls("Five of spades, good day") == ("five-of-spades", "good-day")
    assert to_calls("ok, end of questions") == ("end-of-questions",)


def test_um_6_um_20_a_time_out_in_a_multiplex_draws_the_last_number_said() -> None:
    """UM-6, UM-20: a player timed out facing a multiplex draws the last number said (3)
    besides the time-out's card, and the multiplex is over."""
    game = position(["8h 5c 6d", "8c 6c 7c", "5h 9h 7h"], "8h")
    game.play("8h +two")
    game.play("8c +three")
    events = game.play("host: timeout 2")
    assert AttackAccepted(2, 3) in events and len(game.hands[2]) == 3 + 1 + 3
    assert game.effect is None and game.to_move == 0


def test_um_6_pending_penalty_counts_only_cards_to_draw() -> None:
    """UM-6: ``pending_penalty`` is the cards an attack costs; a wait or a named suit costs
    none, so a time-out facing one draws only its own card."""
    waits = WaitCards()
    assert pending_penalty(WaitEffect(2, 0, waits)) == 0
    assert pending_penalty(MAO.parse_effect("seven by 0")) == 2
    assert pending_penalty(MAO.parse_effect("jack h by 1")) == 0
    assert pending_penalty(None) == 0


# ---------------------------------------------------------------- second mutation audit


def test_um_25_a_zero_missing_call_penalty_charges_and_draws_nothing() -> None:
    """UM-25: ``missing_call_penalty=0`` (a whole number ≥ 0) still reports the infraction,
    with no card drawn and no empty draw reported."""
    game = position(
        ["10h 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(missing_call_penalty=0)
    )
    events = game.play("10h")
    assert Penalised(0, "UM-15", "did not say good-day", 0) in events
    assert not any(isinstance(event, CardsDrawn) for event in events)
    assert len(game.hands[0]) == 2


def test_um_21_closing_a_period_that_is_not_open_is_talk_out_of_place() -> None:
    """UM-21, UM-22: "End of questions" with no period open is a remark outside a period,
    charged even to the oldest player, and it closes nothing."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(oldest_player=0))
    assert "0: say end-of-questions" not in game.legal_moves_text()
    events = game.play("0: say end-of-questions")
    assert Penalised(0, "UM-21", "spoke (end-of-questions) outside a question period", 1) in events
    assert len(game.hands[0]) == 4 and game.public_state() == ()


def test_um_21_talk_costs_one_card_whatever_the_missing_call_penalty() -> None:
    """UM-21, UM-25: talking out of turn costs the source's one card; the missing-call
    penalty is for the required calls only."""
    game = position(
        ["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(missing_call_penalty=3)
    )
    events = game.play("2: say remark")
    assert Penalised(2, "UM-21", "spoke (remark) outside a question period", 1) in events
    assert len(game.hands[2]) == 4


def test_um_21_a_question_periods_rule_charges_its_own_penalty() -> None:
    """UM-21, UM-22: the talk rule's ``penalty`` is what a remark out of place costs."""
    variant = MAO.replace(QuestionPeriods, QuestionPeriods(penalty=2, ids=("UM-21", "UM-22")))
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variant)
    events = game.play("1: say remark")
    assert Penalised(1, "UM-21", "spoke (remark) outside a question period", 2) in events
    assert len(game.hands[1]) == 5


def test_um_27_a_misplay_rule_charges_its_own_penalty() -> None:
    """UM-27: the misplay rule's ``penalty`` is what an illegal card costs."""
    variant = MAO.replace(Misplays, Misplays(illegal_play="penalize", penalty=2, ids=("UM-27",)))
    game = position(["5c 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variant)
    assert game.play("5c")[0] == Penalised(0, "UM-27", "illegal play 5c", 2)
    assert len(game.hands[0]) == 5 and game.to_move == 0


def test_um_27_a_legal_card_with_a_stray_choice_is_refused_not_misplayed() -> None:
    """UM-27: under ``penalize``, a legal card written with a suit it cannot name is refused
    (as under ``reject``); before, it was charged and recorded as ``misplay 5h``, a record
    that its own replay refused."""
    game = position(
        ["5h 5c 7c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(illegal_play="penalize")
    )
    with pytest.raises(IllegalMoveError):
        game.play("5h:s")
    assert game.record == () and len(game.hands[0]) == 3
    game.play("5c")  # a misplay still round-trips
    assert Game.replay(game.variant, game.origin, game.record) == game


@pytest.mark.parametrize("text", ["misplay 6s", "6s:h", "misplay 10s", "10s:h"])
def test_um_27_a_legal_card_listed_with_calls_is_not_misplayed(text: str) -> None:
    """UM-27: under ``penalize``, a legal card whose listed play carries calls (a spade's
    name, ``6s +six-of-spades``, UM-18; ``10s +good-day +ten-of-spades``, UM-19) is refused
    when written as a misplay or with a stray choice, as under ``reject``; before, it was
    charged as an illegal play of a legal card."""
    game = position(
        ["Jh 6s 10s 5c", "5d 6c 7c", "5h 6h 7h"], "9s", variants.mao(illegal_play="penalize")
    )
    assert "6s +six-of-spades" in game.legal_moves_text(0)
    with pytest.raises(IllegalMoveError):
        game.play(text)
    assert game.record == () and len(game.hands[0]) == 4


def test_um_3_a_position_set_up_from_a_view_of_the_deal_is_in_its_deal() -> None:
    """UM-3: a view showing the deal on restores it: touched cards are charged until the
    first turn move, and every seat's view shows the deal."""
    game = position(["5h 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9h", public=[("dealing", True)])
    assert game.view(2).public == (("dealing", True),)
    assert penalties(game.play("host: touched-cards 1")) == [(1, "UM-3")]
    game.play("5h")
    assert game.view(1).public == ()
    with pytest.raises(IllegalMoveError):
        game.play("host: touched-cards 1")


def test_um_6_the_move_time_limit_is_carried_for_the_host() -> None:
    """UM-6: the ``move_time_limit`` option is carried by the host-report rule."""
    variant = variants.mao(move_time_limit=4.5)
    reports = [rule for rule in variant.rules if isinstance(rule, HostReports)]
    assert [rule.move_time_limit for rule in reports] == [4.5]


def test_um_2_the_dealer_option_chooses_who_deals() -> None:
    """UM-2, UM-4: ``dealer`` names the dealing seat; play starts next to it."""
    game = Game.new(variants.mao(dealer=1), players=4, seed=3)
    assert game.opening[0] == Announced(1, "deal", 1, "Dealing begins, clockwise")
    assert game.to_move == 2


def test_um_18_the_phrasebook_knows_each_serbian_name_of_the_ace() -> None:
    """UM-18: "As pik" and "Kec pik" both name the ace of spades."""
    assert to_call("As pik") == to_call("Kec pik") == "ace-of-spades"


def test_um_21_speech_that_only_contains_a_call_is_a_remark() -> None:
    """UM-21: ``speech`` maps the whole text: a sentence with a call in it is a remark."""
    assert speech(2, "Pitanje, koliko je sati?") == Say(2, "remark")
    assert speech(2, "Dobar dan svima") == Say(2, "remark")


@pytest.mark.parametrize("count", [None, 2.5, "3", -1, True, pytest.param(10**5000, id="huge")])
def test_um_20_number_word_refuses_what_is_no_count(count: Any) -> None:
    """UM-20: the multiplex call says a count, a whole number ≥ 0; others were a
    TypeError, ``"-1"``, or (too long to write) a bare ValueError."""
    assert [number_word(n) for n in (0, 2, 20, 21)] == ["zero", "two", "twenty", "21"]
    with pytest.raises(SetupError, match="count") as caught:
        number_word(count)
    assert len(str(caught.value)) < 100


@pytest.mark.parametrize("card", [None, 5, "5s", Card.parse("5h")])
def test_um_18_spade_call_refuses_what_is_no_spade(card: Any) -> None:
    """UM-18: a spade's call names a spade: ``5h`` was called ``five-of-spades``, and what
    is no card was an AttributeError."""
    assert spade_call(Card.parse("5s")) == "five-of-spades"
    with pytest.raises(SetupError, match="spade_call needs a spade"):
        spade_call(card)


@pytest.mark.parametrize("text", [None, 5, b"dobar dan", ["mau"]])
@pytest.mark.parametrize("read", [normalise, to_call, to_calls, lambda text: speech(1, text)])
def test_the_phrasebook_refuses_what_is_no_text(read: Callable[[Any], object], text: Any) -> None:
    """The phrasebook reads text; anything else was an AttributeError or a TypeError."""
    with pytest.raises(InvalidMoveError, match="a call is said as text"):
        read(text)


# ---------------------------------------------------------------- third mutation audit


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("\U0001d40c\U0001d400\U0001d414 \U0001d40c\U0001d400\U0001d414", "mau-mau"),  # bold
        ("\u2133au", "mau"),  # script capital M
        ("\u1d39\u1d2c\u1d41", "mau"),  # modifier capitals MAU
    ],
)
def test_um_24_the_phrasebook_ignores_the_case_of_letters_that_unfold_to_capitals(
    text: str, call: str
) -> None:
    """UM-23, UM-24: matching ignores case, also for letters that NFKD unfolds to a capital
    (they were lower-cased before unfolding, then dropped as punctuation: ``"au"``)."""
    assert to_call(text) == call
    assert normalise(text) == normalise(text.lower()) == call.replace("-", " ")


def test_um_18_the_phrasebook_reads_destka_as_the_ten() -> None:
    """UM-18: the spoken short form "destka" names the ten as "desetka" does."""
    assert to_call("Destka pik") == to_call("Desetka pik") == "ten-of-spades"


def test_um_25_a_required_call_said_twice_is_no_infraction_and_is_told_each_time() -> None:
    """UM-18, UM-25: repeating a due call is neither missing nor wrong: no card is charged,
    and each saying is reported, in the order said."""
    game = position(["5s 6d 7c", "5d 6c 7c", "5h 6h 7h"], "9s")
    events = game.play("5s +five-of-spades +five-of-spades")
    assert penalties(events) == []
    assert [e for e in events if isinstance(e, CallMade)] == [CallMade(0, "five-of-spades")] * 2
    assert len(game.hands[0]) == 2 and game.to_move == 1


def test_um_19_um_25_each_fault_of_one_play_is_charged() -> None:
    """UM-19, UM-23, UM-25: a last-but-one ten of spades said with no call and a wrong
    one: three missing calls and one wrong call, a card each."""
    game = position(["10s 6d", "5d 6c 7c", "5h 6h 7h"], "9s")
    events = game.play("10s +mau-mau")
    assert penalties(events) == [(0, "UM-15"), (0, "UM-18"), (0, "UM-23"), (0, "UM-25")]
    assert len(game.hands[0]) == 5 and str(game.top) == "10s"


@attrs.frozen
class _HandSeen(TurnRule):
    """A house rule noting the size of the mover's hand before each misplay."""

    seen: ClassVar[list[int]] = []

    def before_move(self, game: Table, move: Move, events: Events) -> None:
        if isinstance(move, Misplay):
            self.seen.append(len(game.hands[game.to_move]))


def test_um_27_the_before_move_rules_see_a_misplay_before_its_penalty() -> None:
    """UM-27: a misplay is the mover's own action (`acts_in_turn`): the before-move rules
    are called for it first, before the penalty card is drawn."""
    _HandSeen.seen.clear()
    game = Game.new(variants.mao(illegal_play="penalize").with_rules(_HandSeen()), 4, seed=2)
    mover = game.to_move
    before = len(game.hands[mover])
    wrong = next(card for card in game.hands[mover] if not game.is_legal(str(card)))
    game.play(f"misplay {wrong}")
    assert _HandSeen.seen == [before] and len(game.hands[mover]) == before + 1


def test_um_3_every_touch_during_the_deal_costs_a_card() -> None:
    """UM-3: a host report is no move of the player to move: it leaves the deal on, so a
    second seat touching its cards before the first move is charged too."""
    game = Game.new(MAO, players=4, seed=2)
    assert penalties(game.play("host: touched-cards 3")) == [(3, "UM-3")]
    assert penalties(game.play("host: touched-cards 1")) == [(1, "UM-3")]
    assert game.view(0).public == (("dealing", True),)


def test_um_20_a_count_past_twenty_has_no_action_id_and_says_so() -> None:
    """UM-20: the action space numbers multiplex counts to twenty (`call_names`); a set-up
    multiplex at twenty lists ``5h +21``, whose count has no id: `legal_actions` raises a
    `StateError` naming the call (was: a bare ``KeyError: ('call', '21')``), and `encode`
    an `InvalidMoveError`."""
    space = ActionSpace(MAO, 3)
    game = Game.from_position(
        MAO,
        hands=["5h 6c 7d 8d", "5d 6d 7c 8c", "9h 9c 9d Kc"],
        pile="5c",
        stock="Kd Kh Qd",
        effect="multiplex 5 20 by 2",
    )
    assert game.legal_moves_text(0)[0] == "5h +21"
    with pytest.raises(
        StateError, match="5h \\+21 is legal now but has no action id: the call '21'"
    ):
        space.legal_actions(game, (Card.parse("5h"),))
    with pytest.raises(InvalidMoveError, match="a choice or call this variant never uses"):
        space.encode(game.legal_moves()[0])
