"""Polish makao: "makao", "stop makao" and "po makale" (PL-29 … PL-31)."""

from __future__ import annotations

import pytest

from makao import Game, IllegalMoveError, SetupError, Variant, variants
from makao.events import CallMade, CardsDrawn, CardsPlayed, Penalised, PlayerFinished
from makao.moves import Say, Stop
from makao.rules import LastCardCall

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d"


def position(variant: Variant = PL) -> Game:
    """Seat 0 holds two hearts and is to move on 9♥; three players."""
    return Game.from_position(
        variant,
        hands=["5h 6d", "6h 7s 8d", "7h 8s 9s"],
        pile="9h",
        stock=STOCK,
    )


def out_of_turn(game: Game) -> list[str]:
    """The out-of-turn actions open now ("say makao", "stop makao")."""
    return [text for text in game.legal_moves_text() if ":" in text and text[0].isdigit()]


def test_pl_29_makao_said_with_the_move() -> None:
    game = position()
    assert {"5h", "5h +makao"} <= set(game.legal_moves_text(0))
    assert game.play("5h +makao")[-1] == CallMade(0, "makao")
    assert out_of_turn(game) == []  # nothing owed: nobody may call stop


def test_pl_29_makao_said_late_before_the_next_move() -> None:
    game = position()
    game.play("5h")
    assert out_of_turn(game) == ["0: say makao", "1: stop 0", "2: stop 0"]
    assert game.play("0: say makao") == (CallMade(0, "makao"),)
    assert out_of_turn(game) == []  # no stop any more


def test_pl_29_makao_with_move_only_refuses_a_late_call() -> None:
    game = position(variants.polish(makao_with_move_only=True))
    game.play("5h")
    assert "0: say makao" not in game.legal_moves_text(0)
    with pytest.raises(IllegalMoveError):
        game.play("0: say makao")
    assert "1: stop 0" in game.legal_moves_text(1)


def test_pl_29_the_call_is_owed_only_with_one_card_left() -> None:
    game = Game.from_position(PL, hands=["5h 6d 7d", "6h 7s"], pile="9h", stock=STOCK)
    assert "5h +makao" not in game.legal_moves_text(0)
    game.play("5h")
    assert game.legal_moves_text(0) == []


@pytest.mark.parametrize("caller", [1, 2])
def test_pl_30_any_other_player_may_call_stop_makao(caller: int) -> None:
    game = position()
    game.play("5h")
    assert "0: stop 0" not in game.legal_moves_text(0)
    events = game.play(f"{caller}: stop 0")
    drawn = game.hand(0)[1:]
    assert events == (
        CallMade(caller, "stop-makao"),
        Penalised(0, "PL-30", f"stop makao called by seat {caller}", 5),
        CardsDrawn(0, drawn, "penalty", 5),
    )
    assert len(game.hand(0)) == 6
    assert game.to_move == 1  # the turn order is unchanged


def test_pl_30_a_seat_that_has_finished_may_still_call_stop_makao() -> None:
    """PL-30 says "any other player": the library reads it as any other seat at the
    table, one that has finished too (docs/rules/polish.md, Readings)."""
    game = Game.from_position(PL, hands=["6h", "6c 7c", "6d 6s 9c"], pile="9h", stock=STOCK)
    game.play("6h +po-makale")
    game.play("6c")
    assert game.finished == (0,) and out_of_turn(game) == ["1: say makao", "0: stop 1", "2: stop 1"]
    assert game.play("0: stop 1")[:2] == (
        CallMade(0, "stop-makao"),
        Penalised(1, "PL-30", "stop makao called by seat 0", 5),
    )


def test_pl_30_once_the_next_move_is_made_the_chance_is_gone() -> None:
    game = position()
    game.play("5h")
    game.play("6h")  # seat 1 moves on
    assert out_of_turn(game) == []
    with pytest.raises(IllegalMoveError):
        game.play("2: stop 0")


def test_pl_31_po_makale_said_with_the_last_card() -> None:
    game = Game.from_position(PL, hands=["5h", "6h 7s", "7h 8s"], pile="9h", stock=STOCK)
    events = game.play("5h +po-makale")
    assert events[1:] == (CallMade(0, "po-makale"), PlayerFinished(0, 1))


def test_pl_31_forgetting_po_makale_is_recorded_without_penalty() -> None:
    game = Game.from_position(PL, hands=["5h", "6h 7s", "7h 8s"], pile="9h", stock=STOCK)
    events = game.play("5h")
    assert events[1:] == (Penalised(0, "PL-31", "did not say po-makale", 0), PlayerFinished(0, 1))
    assert game.finished == (0,)


def test_pl_31_po_makale_penalty_option() -> None:
    variant = variants.polish(po_makale_penalty=2)
    game = Game.from_position(variant, hands=["5h", "6h 7s", "7h 8s"], pile="9h", stock=STOCK)
    events = game.play("5h")
    assert Penalised(0, "PL-31", "did not say po-makale", 2) in events
    assert len(game.hand(0)) == 2
    assert game.finished == ()
    assert game.to_move == 1


def test_pl_31_finishing_with_several_cards_needs_no_makao_call() -> None:
    game = Game.from_position(PL, hands=["8h 8d", "6h 7s", "7h 8s"], pile="9h", stock=STOCK)
    assert game.legal_moves_text(0)[:3] == ["8h", "8h +makao", "8h 8d"]
    assert "8h 8d +makao" not in game.legal_moves_text(0)
    events = game.play("8h 8d +po-makale")
    assert PlayerFinished(0, 1) in events
    assert out_of_turn(game) == []


def test_pl_29_pl_30_the_late_moves_are_made_once_per_call_and_table() -> None:
    game = position()
    game.play("5h")
    late = [move for move in game.legal_moves() if isinstance(move, (Say, Stop))]
    again = position()
    again.play("5h")
    assert all(any(move is kept for move in again.legal_moves()) for kept in late)
    # the same seat owing another call (or at another table size) lists its own moves
    renamed = variants.polish().without(LastCardCall).with_rules(LastCardCall(call="uno"))
    other = position(renamed)
    other.play("5h")
    assert out_of_turn(other) == ["0: say uno", "1: stop 0", "2: stop 0"]
    assert not set(map(id, other.legal_moves())) & set(map(id, late[:1]))


def test_pl_29_pl_30_a_two_seat_table_lists_its_own_late_moves() -> None:
    """PL-29, PL-30: the late call and "stop" name only seats of the table, whatever
    table size listed them before."""
    three = position()
    three.play("5h")
    assert out_of_turn(three) == ["0: say makao", "1: stop 0", "2: stop 0"]
    two = Game.from_position(PL, hands=["5h 6d", "6h 7s"], pile="9h", stock=STOCK)
    two.play("5h")
    assert out_of_turn(two) == ["0: say makao", "1: stop 0"]


def test_pl_30_a_view_that_names_no_seat_owes_no_call() -> None:
    """PL-30: public state restores the seat owing "makao", and a flag is no seat."""
    rule = LastCardCall()
    assert rule.restore_state({"makao": 2}) == 2
    assert rule.restore_state({"makao": True}) is None
    assert rule.restore_state({}) is None


def test_pl_30_an_enforcement_other_than_challenge_or_automatic_is_refused() -> None:
    """PL-30, RU-14: the call is enforced by challenge or automatically, nothing else."""
    with pytest.raises(ValueError, match="enforcement"):
        LastCardCall(enforcement="never")
    assert LastCardCall(enforcement="automatic").enforcement == "automatic"


def test_pl_29_a_call_owed_with_more_than_four_cards_left_is_still_owed() -> None:
    """PL-29, PL-30: a call owed with five cards left (beyond the four the engine tells
    apart) is owed after such a play, and may be said late or stopped."""
    five = (
        variants.polish().without(LastCardCall).with_rules(LastCardCall(call="five", cards_left=5))
    )
    game = Game.from_position(
        five, hands=["5h 6d 7d 8d 9d 10d", "6h 7s", "7h 8s"], pile="9h", stock=STOCK
    )
    game.play("5h")
    assert out_of_turn(game) == ["0: say five", "1: stop 0", "2: stop 0"]


def test_pl_29_a_call_said_only_with_the_move_is_refused_beyond_four_cards_left() -> None:
    """PL-29: moves tell apart at most four cards left, so a call owed at five could never
    be said with the play; with ``makao_with_move_only`` nobody could make it at all, and
    every such play would be stopped. Refused when the rule is made; four is fine."""
    with pytest.raises(
        SetupError, match=r"cards_left must be at most 4 with with_move_only .* not 5"
    ):
        LastCardCall(call="five", cards_left=5, with_move_only=True)
    four = LastCardCall(call="four", cards_left=4, with_move_only=True)
    game = Game.from_position(
        variants.polish().without(LastCardCall).with_rules(four),
        hands=["5h 6d 7d 8d 9d", "6h 7s", "7h 8s"], pile="9h", stock=STOCK,
    )  # fmt: skip
    assert "5h +four" in [str(move) for move in game.legal_moves()]


@pytest.mark.parametrize("seat", [-1, 3, 7, True, "1", 1.0])
@pytest.mark.parametrize("name", ["polish", "russian"])
def test_pl_30_ru_14_a_position_naming_no_seat_of_the_table_as_owing_the_call_is_refused(
    name: str, seat: object
) -> None:
    """PL-30, RU-14: a call owed by a seat the table lacks (or by no seat: a flag, a text, a
    float) is a `SetupError` naming the pair and what it takes (a position set up with it
    showed ``('makao', 7)`` in its views at a two-seat table, and dropped the others)."""
    with pytest.raises(
        SetupError,
        match=r"^public: \('makao', .*\): 'makao' takes the seat that owes the call, a seat 0…2",
    ):
        Game.from_position(
            variants.get(name), hands=["5h 6d", "6h 7s 8d", "7h 8s 9s"], pile="9h", stock=STOCK,
            public=[("makao", seat)],
        )  # fmt: skip
    game = Game.from_position(
        variants.get(name), hands=["5h 6d", "6h 7s 8d", "7h 8s 9s"], pile="9h", stock=STOCK,
        public=[("makao", None)],
    )  # fmt: skip
    assert out_of_turn(game) == []
    assert [type(event) for event in game.play("5h")] == [CardsPlayed]


def test_pl_31_a_po_makale_penalty_of_zero_may_be_given_and_is_the_default() -> None:
    """PL-31: ``po_makale_penalty`` (default 0) takes 0 given explicitly; only a negative
    count is out of its range."""
    assert variants.polish(po_makale_penalty=0) == variants.polish()
    with pytest.raises(SetupError, match="po_makale_penalty must be at least 0, not -1"):
        variants.polish(po_makale_penalty=-1)


@pytest.mark.parametrize(
    "bad",
    [-1, True, "2", 1.0, None, 10**5000],
    ids=["negative", "flag", "text", "float", "none", "too-long"],
)
def test_pl_31_a_bad_po_makale_penalty_is_refused_by_the_options_checker(bad: object) -> None:
    """PL-31: every bad ``po_makale_penalty`` -- negative, a flag, text, a float, nothing,
    a count too long to write -- is refused by the options checker, naming the option,
    before the factory runs: the one home of the check (the factory's own, which said
    "must be a whole number ≥ 0", was never reached, and is gone)."""
    with pytest.raises(
        SetupError, match=r"^bad options for variant 'polish': po_makale_penalty must be "
    ):
        variants.polish(po_makale_penalty=bad)  # type: ignore[arg-type]


def test_pl_30_the_late_calls_kept_for_sharing_stay_bounded() -> None:
    """PL-30: the late "makao" and "stop makao" moves are made once per call, liable seat
    and table and shared, but at most `_KEPT_LATE_MOVES` such entries are kept: a full
    table is emptied before it grows (many calls, or tables of hundreds of seats with a
    "stop" per other seat, kept them all for ever). No public API shows the table."""
    from makao.rules import calls

    kept = dict(calls._LATE_MOVES)
    try:
        calls._LATE_MOVES.clear()
        for number in range(calls._KEPT_LATE_MOVES):
            calls._LATE_MOVES[(f"call{number}", False, True, 0, 2)] = ()
        game = Game.from_position(PL, hands=["5h 6h", "9c"], pile="7h", public=[("makao", 1)])
        late = [move for move in game.legal_moves() if isinstance(move, (Say, Stop))]
        assert late == [Say(1, "makao"), Stop(0, 1)]
        assert len(calls._LATE_MOVES) <= calls._KEPT_LATE_MOVES
    finally:
        calls._LATE_MOVES.clear()
        calls._LATE_MOVES.update(kept)


def test_pl_30_the_late_calls_made_when_the_table_is_full_are_kept_and_shared() -> None:
    """PL-30: a full table of late calls is emptied before it takes the new entry, which
    is then kept: the next game at the same point lists the very same moves."""
    from makao.rules import calls

    kept = dict(calls._LATE_MOVES)
    try:
        calls._LATE_MOVES.clear()
        for number in range(calls._KEPT_LATE_MOVES):
            calls._LATE_MOVES[(f"call{number}", False, True, 0, 2)] = ()
        first, again = (
            Game.from_position(
                PL, hands=["5h 6h", "9c"], pile="7h", public=[("makao", 1)]
            ).legal_moves()
            for _ in range(2)
        )
        late = [move for move in first if isinstance(move, (Say, Stop))]
        assert late == [Say(1, "makao"), Stop(0, 1)]
        assert all(any(move is other for other in again) for move in late)
    finally:
        calls._LATE_MOVES.clear()
        calls._LATE_MOVES.update(kept)


def test_pl_29_pl_30_a_view_naming_seat_0_as_owing_makao_keeps_the_call_open() -> None:
    """PL-29, PL-30: a set-up position whose view names seat 0 (the first seat, a valid
    one) as owing "makao" lets seat 0 say it late and the others call "stop" on it."""
    game = Game.from_position(
        PL, hands=["5h", "6h 7s 8d", "7h 8s 9s"], pile="9h", stock=STOCK,
        public=[("makao", 0)], to_move=1,
    )  # fmt: skip
    assert out_of_turn(game) == ["0: say makao", "1: stop 0", "2: stop 0"]
    events = game.play("2:stop 0")
    assert Penalised(0, "PL-30", "stop makao called by seat 2", 5) in events
    assert len(game.hands[0]) == 6
