"""Typed errors: moves by the wrong seat, after the end, for seats that do not exist --
each refused with its own error type, and the game left exactly as it was."""

from __future__ import annotations

import pytest

from makao import (
    Card,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    MakaoError,
    Outcome,
    Say,
    SeatError,
    Stop,
    variants,
)
from makao.testing import snapshot

POLISH = variants.polish()


def after_a_forgotten_makao() -> Game:
    """Seat 0 plays 5h leaving one card and does not say "makao" (PL-29)."""
    game = Game.from_position(
        POLISH, hands=["5h 6h", "9c 9d", "Kd 2s"], pile="7h", stock="Kc 5s 6s 7s 8s 9s"
    )
    game.play("5h")
    return game


def refused(game: Game, move: object, error: type[MakaoError]) -> str:
    before, record, legal = snapshot(game), game.record, game.legal_moves()
    with pytest.raises(error) as caught:
        game.play(move)  # type: ignore[arg-type]
    assert snapshot(game) == before and game.record == record and game.legal_moves() == legal
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def test_pl_30_only_others_may_call_stop_and_only_the_liable_seat_say_makao() -> None:
    game = after_a_forgotten_makao()
    assert game.legal_moves_text() == ["draw", "0: say makao", "1: stop 0", "2: stop 0"]
    refused(game, "0: stop 0", IllegalMoveError)  # not on oneself
    refused(game, "1: stop 2", IllegalMoveError)  # seat 2 owes nothing
    refused(game, "1: say makao", IllegalMoveError)  # seat 1 has nothing to say
    message = refused(game, Say(2, "makao"), IllegalMoveError)
    assert "legal for seat 2 now: 2: stop 0" in message


def test_pl_30_the_window_closes_with_the_next_move() -> None:
    game = after_a_forgotten_makao()
    game.play("draw")
    refused(game, "1: stop 0", IllegalMoveError)
    refused(game, "0: say makao", IllegalMoveError)


def test_seats_that_do_not_exist_are_refused() -> None:
    game = after_a_forgotten_makao()
    refused(game, "3: stop 0", IllegalMoveError)
    refused(game, Stop(1, 7), IllegalMoveError)
    refused(game, "99: say makao", IllegalMoveError)
    refused(game, "1234567890: say makao", InvalidMoveError)
    for seat in (3, -1, True, "0"):
        with pytest.raises(SeatError, match="seats are 0…2"):
            game.view(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError, match="seats are 0…2"):
            game.hand(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError, match="seats are 0…2"):
            game.legal_moves_text(seat)  # type: ignore[arg-type]


def test_moves_with_a_negative_seat_cannot_be_made() -> None:
    with pytest.raises(InvalidMoveError, match="seat number"):
        Say(-1, "makao")
    with pytest.raises(InvalidMoveError, match="seat number"):
        Stop(0, -2)


def test_a_move_after_the_game_is_over_raises_game_over_error() -> None:
    game = Game.from_position(POLISH, hands=["5h", "9c 9d"], pile="7h", stock="Kc")
    game.play("5h +po-makale")
    assert game.is_over and game.outcome == Outcome((0, 1))
    assert game.legal_moves() == ()
    for move in ("draw", "pass", "9c", "1: say makao", "0: stop 1"):
        message = refused(game, move, GameOverError)
        assert "over" in message


def test_malformed_moves_are_invalid_and_well_formed_ones_illegal() -> None:
    game = after_a_forgotten_makao()
    for move in ("9x", "", "Jc:z", "draw now", "1: fly", 7, None):
        refused(game, move, InvalidMoveError)
    refused(game, "Ad", IllegalMoveError)  # not held
    message = refused(game, "6h", IllegalMoveError)  # held, but it is seat 1's turn
    assert "seat 1 does not hold 6h" in message


def test_a_drawn_card_is_the_only_card_that_may_follow_a_draw() -> None:
    game = Game.from_position(POLISH, hands=["5c 6d", "9d"], pile="7h", stock="8h")
    game.play("draw")
    assert game.hand(0)[-1] is Card.parse("8h")
    message = refused(game, "5c", IllegalMoveError)
    assert "PL-8" in message


def test_pl_7_pl_8_a_card_held_once_cannot_be_played_twice_nor_after_its_draw() -> None:
    """PL-7, PL-8: a card held once is not held twice; a drawn card is played alone."""
    game = Game.from_position(POLISH, hands=["5h 9c", "6d"], pile="9h", stock="2c 3c")
    assert "seat 0 does not hold 5h" in refused(game, "5h 5h", IllegalMoveError)
    game = Game.from_position(POLISH, hands=["5s 7c", "6d"], pile="9h", stock="5h 3c")
    game.play("draw")
    assert "only the drawn card 5h may be played (PL-8)" in refused(game, "5h 5s", IllegalMoveError)


def test_an_illegal_move_error_shows_twenty_legal_moves_and_marks_more() -> None:
    """The error lists at most 20 legal moves, with "…" only when more are legal."""
    hand = "5h 5s 5c 5d 9c 7h 8h 10h 6h 4h"
    game = Game.from_position(POLISH, hands=[hand, "6d"], pile="9h", stock="2c 3c")
    assert len(game.legal_moves()) == 20
    assert refused(game, "6d", IllegalMoveError).endswith(", 4h, draw")
    game = Game.from_position(POLISH, hands=[hand + " Kh", "6d"], pile="9h", stock="2c 3c")
    assert len(game.legal_moves()) == 21
    assert refused(game, "6d", IllegalMoveError).endswith(", 4h, Kh …")
