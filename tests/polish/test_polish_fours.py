"""Polish makao: the four (wait), effects passing over waiting and finished players, and the
top card after an accepted attack or wait (PL-17 … PL-20)."""

from __future__ import annotations

import pytest

from makao import Game, IllegalMoveError, Play, SetupError, Suit, variants
from makao.events import AttackRaised, SuitNamed, TurnSkipped, WaitAccepted, WaitRaised

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d 9d 10d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_17_a_four_makes_the_next_player_wait() -> None:
    game = Game.from_position(PL, hands=["4h 5d", "6d 6h", "7d"], pile="9h", stock=STOCK)
    assert game.play("4h")[-1] == WaitRaised(0, 1, 1)
    assert game.to_move == 1
    assert game.effect == PL.parse_effect("wait 1 by 0")


def test_pl_17_pl_19_a_four_makes_the_next_player_in_the_direction_of_play_wait() -> None:
    """PL-17, PL-19: with play going backwards the wait reaches the previous seat."""
    hands = ["5c 6c", "4h 6d 7s", "8s 9s"]
    game = Game.from_position(PL, hands=hands, pile="7h", stock=STOCK, to_move=1, direction=-1)
    assert game.play("4h")[-1] == WaitRaised(1, 0, 1)
    assert game.to_move == 0


def test_pl_17_a_four_of_any_suit_passes_the_wait_on_and_it_grows() -> None:
    hands = ["4h 5d", "4c 4s 6h", "7d 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("4h")
    assert plays(game) == {"4c", "4s", "4c 4s", "4s 4c"}
    assert game.play("4c 4s")[-1] == WaitRaised(1, 2, 3)
    assert game.to_move == 2


def test_pl_18_the_waiting_player_neither_plays_nor_draws() -> None:
    """PL-18: the waiting player neither plays nor draws."""
    game = Game.from_position(
        PL, hands=["5d", "9h 6d"], pile="4h", stock=STOCK, effect="wait 1 by 0", to_move=1
    )
    assert game.legal_moves_text(1) == ["pass"]
    with pytest.raises(IllegalMoveError, match="drawing is not allowed"):
        game.play("draw")


def test_pl_18_accepting_skips_as_many_own_turns_as_fours_played() -> None:
    """PL-18: accepting skips as many own turns as fours played."""
    hands = ["4h 4s 5h 6h 9h", "5c 6c 7c", "5s 7h 7s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("4h 4s")
    assert game.play("pass") == (WaitAccepted(1, 2),)  # this turn is the first skipped one
    assert game.to_move == 2
    game.play("5s")
    assert TurnSkipped(1) in game.play("5h")  # the second skipped turn
    assert game.to_move == 2
    game.play("7h")
    game.play("6h")
    assert game.to_move == 1  # the wait is over


@pytest.mark.parametrize(
    ("card", "raised"),
    [
        ("2h", AttackRaised(0, 2, 2)),
        ("4h", WaitRaised(0, 2, 1)),
        ("Ah:d", SuitNamed(0, Suit.DIAMONDS)),
    ],
)
def test_pl_19_effects_pass_over_a_waiting_player(card: str, raised: object) -> None:
    """PL-19: effects pass over a waiting player."""
    hands = ["2h 4h Ah 5d", "6h 6s", "7h 7d", "8h 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, waits=[0, 2, 0, 0])
    assert raised in game.play(card)
    assert game.to_move == 2
    assert game.waits == (0, 2, 0, 0)  # being passed over does not use up a skipped turn


def test_pl_19_a_backwards_attack_passes_over_a_waiting_player() -> None:
    """PL-19: a backwards attack passes over a waiting player."""
    hands = ["5d 6d", "6h 6s", "Ks 7d", "8h 8d"]
    game = Game.from_position(
        PL, hands=hands, pile="9s", stock=STOCK, to_move=2, waits=[0, 1, 0, 0]
    )
    assert game.play("Ks")[-1] == AttackRaised(2, 0, 5)


def test_pl_19_effects_pass_over_a_finished_player() -> None:
    """PL-19: effects pass over a finished player."""
    hands = ["2h 5d", "", "7h 7d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, finished=[1])
    assert game.play("2h")[-1] == AttackRaised(0, 2, 2)


def test_pl_19_only_the_normal_turn_order_uses_up_skipped_turns() -> None:
    """PL-19: only the normal turn order uses up skipped turns."""
    hands = ["2h 5h 5d", "6h 6s", "7h 7d", "8h 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, waits=[0, 1, 0, 0])
    game.play("2h")
    game.play("draw")  # seat 2 accepts; normal order goes on from seat 2
    assert game.to_move == 3
    game.play("8h")
    assert game.to_move == 0
    assert TurnSkipped(1) in game.play("5h")
    assert game.waits == (0, 0, 0, 0)
    assert game.to_move == 2


def test_pl_19_an_effect_nobody_can_receive_lapses() -> None:
    """PL-19: an effect nobody can receive lapses."""
    game = Game.from_position(PL, hands=["2h 5d 6d", "6h 6s"], pile="9h", stock=STOCK, waits=[0, 2])
    events = game.play("2h")
    assert not any(isinstance(event, AttackRaised) for event in events)
    assert game.effect is None
    assert TurnSkipped(1) in events  # seat 1's turn came round in the normal order
    assert game.waits == (0, 1)
    assert game.to_move == 0


def test_pl_20_after_an_accepted_attack_the_top_card_stops_acting() -> None:
    hands = ["5d", "9d 6d", "5h Qs 2c 9c"]
    game = Game.from_position(
        PL, hands=hands, pile="2h", stock=STOCK, effect="attack 2 by 0", to_move=1
    )
    game.play("draw")
    assert game.to_move == 2
    assert plays(game) == {"5h", "Qs", "2c"}  # by suit or rank; the queen on anything
    assert "draw" in game.legal_moves_text(2)


def test_pl_20_after_an_accepted_wait_the_top_card_stops_acting_at_once() -> None:
    hands = ["5d", "9d 6d", "5h Qs 4c 9c"]
    game = Game.from_position(
        PL, hands=hands, pile="4h", stock=STOCK, effect="wait 3 by 0", to_move=1
    )
    game.play("pass")
    assert game.waits[1] == 2  # still waiting two more turns
    assert game.effect is None
    assert plays(game) == {"5h", "Qs", "4c"}
    assert "draw" in game.legal_moves_text(2)


def test_pl_17_a_wait_of_no_turns_is_refused() -> None:
    """PL-17: every four adds a turn, so a wait text of 0 turns is a `SetupError`."""
    with pytest.raises(SetupError, match="1 turn or more"):
        PL.parse_effect("wait 0 by 1")
