"""The host side (issue 19): moves arrive as text with their seat, a turn move from the wrong
seat is refused naming the seat to move, every seat gets its own redacted events."""

from __future__ import annotations

import enum
import math

import pytest

from makao import Game, GameOverError, InvalidMoveError, Match, variants, wire
from makao.errors import (
    IllegalMoveError,
    MakaoError,
    SeatError,
    SetupError,
    StaleMoveError,
    StateError,
    WrongSeatError,
)
from makao.events import CardsDrawn, Penalised
from makao.host import MAX_MOVE_TEXT, Host
from makao.moves import Move
from makao.rules import LastCardCall
from makao.variants.mao.rules import HeldJacks
from makao.variants.mao.talk import HostReports


def _polish() -> Host:
    return Host(Game.new(variants.polish(), players=3, seed=1))


def _mao() -> Host:
    return Host(Game.new(variants.mao(move_time_limit=2.5), players=4, seed=3))


def test_a_turn_move_from_the_wrong_seat_names_the_seat_to_move() -> None:
    host = _polish()
    to_move = host.game.to_move
    wrong = (to_move + 1) % 3
    with pytest.raises(WrongSeatError, match=f"it is seat {to_move}'s turn, not seat {wrong}'s"):
        host.submit(wrong, "draw")
    with pytest.raises(WrongSeatError) as caught:
        host.submit(wrong, host.moves(to_move)[0])
    assert caught.value.to_move == to_move
    assert isinstance(caught.value, IllegalMoveError)
    assert host.version == 0 and host.game.to_move == to_move


def test_um_2_um_4_a_joining_seat_receives_the_deal_announcements() -> None:
    """UM-2, UM-4: the update a seat gets on joining carries the dealer's announcements
    (`Game.opening`); before, a client never saw them."""
    host = _mao()
    joined = host.update(2)
    assert joined["move"] is None
    assert [event["kind"] for event in joined["events"]] == ["deal", "start"]
    assert joined["events"][0]["text"] == "Dealing begins, clockwise"
    assert joined["events"][1]["text"].startswith("The game of Ultimate Mao begins with player")


def test_um_22_the_host_decides_when_a_question_period_may_be_closed() -> None:
    """UM-22: "End of questions" only after ``question_time`` seconds (by the host's
    clock): before, it is not listed and is refused, the game unchanged; before, the host
    accepted a close at once."""
    now = [100.0]
    host = Host(Game.new(variants.mao(), players=3, seed=1), clock=lambda: now[0])
    host.submit(1, "1: say question")
    now[0] += 9.5
    assert "1: say end-of-questions" not in host.moves(1)
    with pytest.raises(IllegalMoveError, match="after 10 s"):
        host.submit(1, "1: say end-of-questions")
    assert host.version == 1
    now[0] += 0.5
    assert "1: say end-of-questions" in host.moves(1)
    host.submit(1, "1: say end-of-questions")
    assert "questions-closed" in dict(host.game.public_state())
    at_once = Host(Game.new(variants.mao(), players=3, seed=1), question_time=0)
    at_once.submit(0, "0: say question")
    at_once.submit(0, "0: say end-of-questions")
    with pytest.raises(SetupError, match="question_time must be a number of seconds"):
        Host(Game.new(variants.mao(), players=3, seed=1), question_time=-1)


def test_um_22_a_loaded_host_takes_its_question_time_and_a_clock_must_be_a_function() -> None:
    """UM-22: `Host.from_json` takes ``question_time`` and ``clock`` as `Host` does (it
    dropped them: a table saved with periods closing at once reloaded with 10 s); a
    ``clock`` that is no function is refused when the host is made (it failed later, as
    a `TypeError` from the first question)."""
    saved = Host(Game.new(variants.mao(), players=3, seed=1), question_time=0).to_json()
    loaded = Host.from_json(saved, question_time=0)
    loaded.submit(0, "0: say question")
    loaded.submit(0, "0: say end-of-questions")
    assert "questions-closed" in dict(loaded.game.public_state())
    with pytest.raises(SetupError, match="clock must be a function giving seconds, not 5"):
        Host(Game.new(variants.mao(), players=3, seed=1), clock=5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "question_time",
    [math.inf, math.nan, True, "10", 10**400, 10**5000],
    ids=["inf", "nan", "True", "text", "1e400", "5001-digits"],
)
def test_um_22_a_question_time_must_be_a_finite_number_of_seconds(question_time: object) -> None:
    """UM-22: ``question_time`` is a finite number of seconds ≥ 0, not a `bool`: infinity (a
    period never closed) and ``True`` are refused, and so is a whole number too large for a
    float (it was an `OverflowError`)."""
    with pytest.raises(SetupError, match="question_time must be a number of seconds"):
        Host(Game.new(variants.mao(), players=3, seed=1), question_time=question_time)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["polish", None, 3, "match"])
def test_a_host_holds_only_a_game(game: object) -> None:
    """A host of no `Game` is refused by name: text, ``None`` and numbers were an
    `AttributeError` (``'str' object has no attribute 'variant'``), and a `Match` was
    taken, to fail with an `AttributeError` at its first move."""
    if game == "match":
        game = Match(variants.russian(), 2, 1)
    with pytest.raises(SetupError, match="a host holds a Game, not"):
        Host(game)  # type: ignore[arg-type]


def test_um_22_the_question_time_counts_from_when_the_period_opened() -> None:
    """UM-22: talk during a period does not restart its time; a period closed and opened
    again counts from its own opening."""
    now = [100.0]
    host = Host(Game.new(variants.mao(), players=3, seed=1), clock=lambda: now[0])
    host.submit(1, "1: say question")
    now[0] += 5
    host.submit(2, "2: say remark")  # free in a period: the time runs on
    now[0] += 5
    host.submit(1, "1: say end-of-questions")
    now[0] += 100
    host.submit(2, "2: say question")  # a new period, counted from now
    now[0] += 1
    assert "2: say end-of-questions" not in host.moves(2)
    with pytest.raises(IllegalMoveError, match="after 10 s"):
        host.submit(2, "2: say end-of-questions")
    now[0] += 9
    host.submit(2, "2: say end-of-questions")
    assert "question" not in dict(host.game.public_state())


def test_um_22_a_period_open_in_a_loaded_game_counts_from_the_load_by_its_clock() -> None:
    """UM-22: a period open in a saved game counts from when the host loads it, by the
    ``clock`` given to `Host.from_json`."""
    saved = Host(Game.new(variants.mao(), players=3, seed=1), question_time=0)
    saved.submit(1, "1: say question")
    now = [500.0]
    loaded = Host.from_json(saved.to_json(), clock=lambda: now[0])
    with pytest.raises(IllegalMoveError, match="after 10 s"):
        loaded.submit(1, "1: say end-of-questions")
    now[0] += 10
    loaded.submit(1, "1: say end-of-questions")
    assert "question" not in dict(loaded.game.public_state())


def test_the_seat_to_move_plays_its_turn() -> None:
    host = _polish()
    seat = host.game.to_move
    per_seat = host.submit(seat, "draw")
    assert host.version == 1 and str(host.game.record[0]) == "draw"
    assert set(per_seat) == {0, 1, 2}


def test_um21_out_of_turn_talk_comes_from_its_own_seat_only() -> None:
    host = _mao()
    assert host.game.to_move == 0
    assert "1: say question" in host.moves(1)
    with pytest.raises(WrongSeatError, match="seat 2 cannot act for seat 1"):
        host.submit(2, "1: say question")
    assert host.version == 0
    host.submit(1, "1: say question")
    assert host.version == 1 and host.update(0, ())["by"] == 1


def test_um6_only_the_host_reports_a_timeout() -> None:
    host = _mao()
    with pytest.raises(WrongSeatError, match="only the host"):
        host.submit(1, "host: timeout 0")
    assert host.time_limit == 2.5
    per_seat = host.timeout()
    penalties = [event for event in per_seat[0] if isinstance(event, Penalised)]
    assert [(event.seat, event.rule) for event in penalties] == [(0, "UM-6")]
    assert host.game.to_move != 0  # timeout_ends_turn
    assert str(host.game.record[-1]) == "host: timeout 0"


def test_um6_seat_zero_cannot_send_a_host_report_either() -> None:
    """UM-6: seat 0 is a seat, not the host: its "host: …" report is refused as a seat's."""
    host = _mao()
    with pytest.raises(WrongSeatError, match="only the host reports host: timeout 1; seat 0"):
        host.submit(0, "host: timeout 1")
    assert host.version == 0


def test_um6_a_whole_number_time_limit_is_given_as_seconds_in_a_float() -> None:
    """UM-6: `Host.time_limit` is a float, as typed, for an option given as an integer."""
    limit = Host(Game.new(variants.mao(move_time_limit=30), players=3, seed=1)).time_limit
    assert limit == 30.0 and type(limit) is float


def test_um6_a_time_limit_too_long_for_a_float_is_an_infinite_float() -> None:
    """UM-6: `Host.time_limit` of a whole number of seconds too long for a float (taken by
    the option) is ``inf``. Was: an ``OverflowError`` from the property."""
    limit = Host(Game.new(variants.mao(move_time_limit=10**400), players=3, seed=1)).time_limit
    assert limit == math.inf and type(limit) is float


def test_um6_a_composed_mao_keeps_the_time_limit_of_its_host_report_rule() -> None:
    """UM-6: the time limit is the host-report rule's: a variant composed from Mao's
    (``without``, ``replace``; it records no options) had none (``None``, no clock at
    all), and a replaced rule's own limit was not read."""
    mao = variants.mao(move_time_limit=2.5)
    composed = mao.without(HeldJacks, name="mao-no-held-jacks")
    assert Host(Game.new(composed, players=3, seed=1)).time_limit == 2.5
    quick = mao.replace(HostReports, HostReports(move_time_limit=0.5, ids=("UM-6",)))
    assert Host(Game.new(quick, players=3, seed=1)).time_limit == 0.5


def test_a_hosted_game_of_ones_own_variant_resumes_given_the_variant() -> None:
    """`Host.from_json` takes ``variant=`` as `Game.from_json` does: a hosted game of a
    variant of one's own could not be resumed by it (its refusal said "pass it as
    variant=", which it did not take)."""
    mine = variants.polish().without(LastCardCall, name="polish-no-makao")
    host = Host(Game.new(mine, players=3, seed=1))
    host.submit(host.game.to_move, "draw")
    with pytest.raises(StateError, match="custom variant named 'polish-no-makao'"):
        Host.from_json(host.to_json())
    again = Host.from_json(host.to_json(), variant=mine)
    assert again.game == host.game and again.version == 1


def test_a_move_text_of_two_hundred_characters_is_read() -> None:
    """The documented bound: 200 characters are read; one more is refused unread."""
    host = _polish()
    assert MAX_MOVE_TEXT == 200
    with pytest.raises(InvalidMoveError, match="at most 200 characters"):
        host.submit(host.game.to_move, "draw".ljust(201))
    host.submit(host.game.to_move, "draw".ljust(200))
    assert host.version == 1


def test_a_variant_without_a_clock_has_no_time_limit() -> None:
    assert _polish().time_limit is None


def test_a_drawn_card_is_visible_to_its_drawer_only() -> None:
    host = _polish()
    seat = host.game.to_move
    per_seat = host.submit(seat, "draw")
    drawn = [event for event in per_seat[seat] if isinstance(event, CardsDrawn)]
    assert drawn and drawn[0].cards and drawn[0].amount == len(drawn[0].cards)
    for other in set(range(3)) - {seat}:
        hidden = [event for event in per_seat[other] if isinstance(event, CardsDrawn)]
        assert hidden == [drawn[0]._replace(cards=())]
        update = host.update(other, per_seat[other])
        assert update["events"][0]["cards"] == [] and update["events"][0]["amount"] == 1
    assert host.update(seat, per_seat[seat])["events"][0]["cards"] == [
        str(card) for card in drawn[0].cards
    ]


def test_update_carries_view_moves_and_last_move() -> None:
    host = _polish()
    joined = host.update(1)
    assert joined["move"] is None and joined["events"] == [] and joined["version"] == 0
    seat = host.game.to_move
    update = host.updates(host.submit(seat, "draw"))[1]
    assert update["move"] == "draw" and update["by"] == seat and update["version"] == 1
    assert update["view"]["hand"] == [str(card) for card in host.game.hand(1)]
    assert [move["text"] for move in update["moves"]] == host.moves(1)
    assert joined["type"] == update["type"] == "Update"
    assert joined["schema"] == update["schema"] == wire.VERSION


def test_action_ids_play_the_listed_move_of_the_current_state() -> None:
    host = _polish()
    seat = host.game.to_move
    listed = host.update(seat)["moves"]
    host.submit_action(seat, listed[-1]["id"], 0)
    assert str(host.game.record[0]) == listed[-1]["text"]
    with pytest.raises(StaleMoveError, match="state 0 is stale: the state is now 1"):
        host.submit_action(host.game.to_move, 0, 0)
    with pytest.raises(StaleMoveError, match="state '1' is stale"):
        host.submit_action(host.game.to_move, 0, "1")  # type: ignore[arg-type]
    with pytest.raises(StaleMoveError, match="needs the version"):
        host.submit_action(host.game.to_move, 0, None)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="no action 999"):
        host.submit_action(host.game.to_move, 999, 1)

    class Version(enum.IntEnum):
        NOW = 1

    with pytest.raises(InvalidMoveError, match="no action 999"):  # an IntEnum's 1 is current
        host.submit_action(host.game.to_move, 999, Version.NOW)
    for odd in (1.5, True, "1"):  # a version of another type: stale, and the message says why
        with pytest.raises(StaleMoveError, match=f"a version is an int, not {type(odd).__name__};"):
            host.submit_action(host.game.to_move, 0, odd)  # type: ignore[arg-type]
    assert host.version == 1


@pytest.mark.parametrize(
    ("seat", "text", "error", "message"),
    [
        (7, "draw", SeatError, "no seat 7 at a table of 3"),
        (-1, "draw", SeatError, "no seat -1"),
        (True, "draw", SeatError, "no seat True"),
        (0, 42, InvalidMoveError, "must be a string"),
        (0, "x" * (MAX_MOVE_TEXT + 1), InvalidMoveError, "at most"),
        (0, "", InvalidMoveError, "empty move"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    seat: object, text: object, error: type[MakaoError], message: str
) -> None:
    host = _polish()
    with pytest.raises(error, match=message):
        host.submit(seat, text)  # type: ignore[arg-type]
    assert host.version == 0


def test_an_illegal_move_keeps_the_library_message() -> None:
    host = _polish()
    seat = host.game.to_move
    card = next(c for c in host.game.hand((seat + 1) % 3) if c not in host.game.hand(seat))
    with pytest.raises(IllegalMoveError) as caught:
        host.submit(seat, str(card))
    with pytest.raises(IllegalMoveError) as direct:
        host.game.clone().play(str(card))
    assert str(caught.value) == str(direct.value)
    assert host.version == 0


def test_a_move_for_an_old_state_is_stale() -> None:
    host = _polish()
    seat = host.game.to_move
    host.submit(seat, "draw", version=0)
    with pytest.raises(StaleMoveError, match="state 0 is stale"):
        host.submit(host.game.to_move, "draw", version=0)
    assert host.version == 1


def test_a_finished_game_refuses_moves() -> None:
    game = Game.from_position(variants.polish(), hands=["5h", "9c 9d"], pile="5c", to_move=0)
    host = Host(game)
    host.submit(0, "5h")
    assert host.game.is_over
    with pytest.raises(GameOverError):
        host.submit(1, "9c")


def test_a_saved_host_resumes_the_same_game() -> None:
    host = _mao()
    host.submit(1, "1: say question")
    host.timeout()
    again = Host.from_json(host.to_json())
    assert again.version == host.version == 2
    assert again.update(2) == host.update(2)


def test_the_seat_one_past_the_table_is_not_a_seat() -> None:
    host = _polish()
    with pytest.raises(SeatError, match="no seat 3 at a table of 3"):
        host.submit(3, "draw")
    with pytest.raises(SeatError, match="no seat 3 at a table of 3"):
        host.submit_action(3, 0, 0)
    assert host.version == 0


def test_an_action_id_needs_a_seat_the_host_plays_by_text() -> None:
    """``submit_action(None, …)`` played the id-th move of the whole listing, with no seat
    check: ids number a seat's own list, so it needs a seat (the host plays by text)."""
    host = _polish()
    with pytest.raises(SeatError, match="needs the seat whose list it numbers"):
        host.submit_action(None, 0, 0)  # type: ignore[arg-type]
    assert host.version == 0 and host.game.record == ()


def test_a_version_must_be_a_whole_number_not_just_equal() -> None:
    host = _polish()
    host.submit(host.game.to_move, "draw")
    for version in (True, 1.0):
        with pytest.raises(StaleMoveError, match="is stale"):
            host.submit(host.game.to_move, "draw", version=version)  # type: ignore[arg-type]
    assert host.version == 1


def test_a_move_text_of_exactly_the_limit_is_read() -> None:
    host = _polish()
    seat = host.game.to_move
    host.submit(seat, "draw".ljust(MAX_MOVE_TEXT))
    assert host.version == 1 and str(host.game.record[0]) == "draw"


def test_action_ids_stop_at_the_end_of_the_list_and_are_not_booleans() -> None:
    host = _polish()
    seat = host.game.to_move
    listed = host.update(seat)["moves"]
    with pytest.raises(InvalidMoveError, match=f"no action {len(listed)} "):
        host.submit_action(seat, len(listed), 0)
    with pytest.raises(InvalidMoveError, match="no action True"):
        host.submit_action(seat, True, 0)
    assert host.version == 0


def test_a_refused_action_id_names_the_ids_the_seat_has() -> None:
    """The error named no range ("ids are 0…"); it names the last id, or that the seat has
    no move now."""
    host = _polish()
    seat = host.game.to_move
    last = len(host.moves(seat)) - 1
    with pytest.raises(InvalidMoveError, match=f"for seat {seat}: ids are 0…{last}$"):
        host.submit_action(seat, last + 1, 0)
    idle = Host(Game.from_position(variants.polish(), ["5h 6h", "7s 8s", "9c"], "9h", "Kc"))
    with pytest.raises(InvalidMoveError, match=r"no action 0 for seat 1: it has no move now$"):
        idle.submit_action(1, 0, 0)
    assert host.version == idle.version == 0


def test_seat_zero_cannot_play_another_seats_turn() -> None:
    host = _polish()
    host.submit(host.game.to_move, "draw")
    to_move = host.game.to_move
    assert to_move != 0
    with pytest.raises(WrongSeatError, match=f"it is seat {to_move}'s turn, not seat 0's"):
        host.submit(0, "draw")
    assert host.version == 1


def test_the_update_names_the_move_as_played_not_as_sent() -> None:
    host = _polish()
    seat = host.game.to_move
    update = host.updates(host.submit(seat, "  draw  "))[seat]
    assert update["move"] == "draw" and update["by"] == seat


def test_talk_for_a_seat_of_two_digits_comes_from_that_seat_only() -> None:
    host = Host(Game.new(variants.mao(), players=11, seed=1))
    assert "10: say question" in host.moves(10)
    with pytest.raises(WrongSeatError, match="seat 0 cannot act for seat 10"):
        host.submit(0, "10: say question")
    assert host.version == 0


@pytest.mark.parametrize("bad", [5, None, object(), [(0, ())], "01"])
def test_updates_refuses_per_seat_that_is_not_a_mapping(bad: object) -> None:
    host = _polish()
    with pytest.raises(StateError, match="per_seat must be a mapping of seats to events, not"):
        host.updates(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [5, 1.5, object()])
def test_update_and_per_seat_refuse_events_that_are_not_iterable(bad: object) -> None:
    host = _polish()
    with pytest.raises(StateError, match="events must be an iterable"):
        host.update(0, bad)  # type: ignore[arg-type]
    with pytest.raises(StateError, match="events must be an iterable"):
        host.per_seat(bad)  # type: ignore[arg-type]
    with pytest.raises(StateError, match="events must be an iterable"):
        host.updates({0: bad})  # type: ignore[dict-item]


class _RecordReadsCounted(Game):
    """A game that counts reads of its record (a copy of every move played)."""

    reads = 0

    @property
    def record(self) -> tuple[Move, ...]:
        type(self).reads += 1
        return super().record


def test_a_host_tells_the_version_and_the_last_move_without_copying_the_record() -> None:
    game = _RecordReadsCounted.new(variants.polish(), 3, seed=2)
    host = Host(game)
    for number in range(1, 41):
        seat = game.to_move
        moves = host.moves(seat)
        text = "draw" if "draw" in moves else moves[0]
        updates = host.updates(host.submit(seat, text, host.version))
        assert host.version == number
        assert all(update["version"] == number for update in updates.values())
        assert updates[seat]["move"] == text and updates[seat]["by"] == seat
        if number % 7 == 0:
            game.clone()  # the record frozen and shared: the version still counts it
    assert _RecordReadsCounted.reads == 0
    assert len(game.record) == host.version


def test_um_27_the_host_reports_a_misplay_as_it_was_listed() -> None:
    """UM-27: under ``illegal_play="penalize"`` an illegal card sent as a play is played as
    a misplay; every seat's update names the move as the game recorded it."""
    host = Host(Game.new(variants.mao(illegal_play="penalize"), players=4, seed=2))
    game = host.game
    mover = game.to_move
    wrong = next(card for card in game.hands[mover] if not game.is_legal(str(card)))
    updates = host.updates(host.submit(mover, str(wrong), host.version))
    assert game.last_move is not None and str(game.last_move) == f"misplay {wrong}"
    assert all(update["move"] == f"misplay {wrong}" for update in updates.values())
    assert updates[mover]["by"] == mover
