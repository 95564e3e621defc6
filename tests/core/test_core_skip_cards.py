"""The library's skip cards (makao.rules.wait.SkipCards) composed into other variants:
the next player misses a turn (MM-4, SW-4); a skip nobody can receive lapses (PL-19)."""

from __future__ import annotations

from makao import Game, variants
from makao.events import PlayerFinished, TurnSkipped
from makao.rules import SkipCards


def test_mm_4_pl_19_a_skip_that_reaches_nobody_lapses_and_turn_order_goes_on() -> None:
    """MM-4, PL-19: every other player is waiting, so the skip lapses; the player goes
    out with it (Mao plays the last card's effect) and the turn passes over them in turn
    order, the waiting players using up their waits -- it never comes back to them."""
    variant = variants.mao(play_for_places=True).with_rules(SkipCards("5h"))
    game = Game.from_position(
        variant,
        hands=["5h", "5d 6c 7c", "6h 7h"],
        pile="9h",
        stock="Kd Kc Kh 8d 8c 8h",
        waits=[0, 1, 1],
    )
    events = game.play("5h +mau-mau")
    assert events[-3:] == (PlayerFinished(0, 1), TurnSkipped(1), TurnSkipped(2))
    assert not game.is_over and game.finished == (0,)
    assert game.to_move == 1 and game.waits == (0, 0, 0)
