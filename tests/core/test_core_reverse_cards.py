"""The library's reverse cards (makao.rules.direction.ReverseCards) composed into other
variants: one flip per reverse card played (SW-5)."""

from __future__ import annotations

from makao import Card, Game, Rank, variants
from makao.events import CardsPlayed, DemandEnded, DirectionChanged
from makao.rules import ReverseCards

STOCK = "5d 6c 8c 9c 10c"
SEVEN_OF_HEARTS = frozenset({Card.parse("7h")})


def test_sw_5_only_the_reverse_cards_of_a_play_flip_the_direction() -> None:
    """SW-5: a play of 7♦ 7♥ where only 7♥ reverses turns play around once."""
    variant = variants.polish().with_rules(ReverseCards(SEVEN_OF_HEARTS))
    game = Game.from_position(variant, hands=["7d 7h 5c", "6h 7s", "7c 8s"], pile="9d", stock=STOCK)
    assert game.play("7d 7h")[-1] == DirectionChanged(-1)
    assert (game.direction, game.to_move) == (-1, 2)


def test_sw_5_um_25_a_last_reverse_card_gives_no_further_move() -> None:
    """SW-5: with two players left the reverser moves again -- but not when the reverse
    card was their last one: after a missing "Mau Mau" (UM-25) they hold a penalty card
    and are still in the game, and the turn goes on to the other player."""
    reverse = ReverseCards(SEVEN_OF_HEARTS, two_player_again=True)
    variant = variants.mao(play_for_places=True).with_rules(reverse)
    game = Game.from_position(
        variant, hands=["7h", "", "5d 6c"], pile="9h", stock="Kd Kc Kh 8d", finished=[1]
    )
    events = game.play("7h")
    assert DirectionChanged(-1) in events
    assert not game.is_over and len(game.hand(0)) == 1
    assert game.to_move == 2


def test_sw_5_a_reverse_card_gives_no_further_move_by_default() -> None:
    """SW-5's "plays again" with two players left is an option (``two_player_again``),
    off by default: heads-up, a reversal alone hands the turn to the other player."""
    variant = variants.polish().with_rules(ReverseCards(SEVEN_OF_HEARTS))
    game = Game.from_position(variant, hands=["7h 5c", "6h 7s"], pile="9h", stock=STOCK)
    assert game.play("7h")[-1] == DirectionChanged(-1)
    assert game.to_move == 1


def test_pl_23_a_demand_outlives_a_reverse_card_of_the_demanded_rank() -> None:
    """PL-23: a demand lasts its round whatever the demanded cards do. A reverse card of
    the demanded rank (the reversing nines of docs/tutorials/variant.md) turns play around
    and leaves the demand in force, as a plain nine does -- it used to end it silently
    (no ``DemandEnded``), so the next player could play any card."""
    nines = ReverseCards(frozenset(Card.parse(text) for text in ("9c", "9d", "9h", "9s")))
    variant = variants.polish().with_rules(nines)
    game = Game.from_position(
        variant, hands=["Jh 5c 6c", "9d 9s 4c", "8h 8s Kc", "5h 9h 7d"], pile="7h", stock=STOCK
    )
    game.play("Jh:9")
    assert game.play("9d")[-1] == DirectionChanged(-1)
    assert (game.to_move, game.pending.kind, game.pending.rank) == (0, "demand", Rank.NINE)
    assert game.legal_moves_text() == ["draw"]  # 5c 6c follow no demand for nines


def test_pl_28_a_reverse_card_on_a_named_suit_ends_it_once() -> None:
    """PL-28 (SW-5): a reverse card of the named suit is a plain card on it: the suit is
    over, with one `DemandEnded` (the engine's, not a second one from
    `leave_as_plain_card`)."""
    variant = variants.polish().with_rules(ReverseCards(SEVEN_OF_HEARTS))
    game = Game.from_position(
        variant, hands=["7h 5c", "6s 7s", "8d 9d"], pile="Ac", stock=STOCK, effect="suit h"
    )
    events = game.play("7h")
    assert [type(event) for event in events] == [CardsPlayed, DirectionChanged, DemandEnded]
    assert game.effect is None and (game.direction, game.to_move) == (-1, 2)


def test_sw_5_two_reverse_cards_in_one_play_cancel_out() -> None:
    """SW-5: each reverse card of a play flips the direction once, so two of them leave
    it as it was (no `DirectionChanged`)."""
    sevens = ReverseCards(frozenset(Card.parse(text) for text in ("7d", "7h")))
    variant = variants.polish().with_rules(sevens)
    game = Game.from_position(variant, hands=["7d 7h 5c", "6h 7s", "7c 8s"], pile="9d", stock=STOCK)
    assert not any(isinstance(event, DirectionChanged) for event in game.play("7d 7h"))
    assert (game.direction, game.to_move) == (1, 1)
