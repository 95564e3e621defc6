"""The library's reverse cards (makao.rules.direction.ReverseCards) composed into other
variants: one flip per reverse card played (SW-5)."""

from __future__ import annotations

from makao import Card, Game, variants
from makao.events import DirectionChanged
from makao.rules import ReverseCards

STOCK = "5d 6c 8c 9c 10c"
SEVEN_OF_HEARTS = frozenset({Card.parse("7h")})


def test_sw_5_only_the_reverse_cards_of_a_play_flip_the_direction() -> None:
    """SW-5: a play of 7♦ 7♥ where only 7♥ reverses turns play around once."""
    variant = variants.polish().with_rules(ReverseCards(SEVEN_OF_HEARTS))
    game = Game.from_position(variant, hands=["7d 7h 5c", "6h 7s", "7c 8s"], pile="9d", stock=STOCK)
    assert game.play("7d 7h")[-1] == DirectionChanged(-1)
    assert (game.direction, game.to_move) == (-1, 2)
