"""Polish makao: the queen matches anything, but only with no effect in force (PL-9)."""

from __future__ import annotations

import pytest

from makao import Card, Game, IllegalMoveError, Play, variants

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d"


def first_cards(game: Game) -> set[str]:
    """The cards that may start a play for the seat to move."""
    return {str(m.cards[0]) for m in game.legal_moves() if isinstance(m, Play)}


@pytest.mark.parametrize("top", ["7h", "2c", "4d", "Js", "Ad", "Kh"])
def test_pl_9_queen_matches_anything_with_no_effect_in_force(top: str) -> None:
    game = Game.from_position(PL, hands=["Qs 5d 6d", "5s"], pile=top, stock=STOCK)
    assert "Qs" in first_cards(game)
    game.play("Qs")
    assert game.top == Card.parse("Qs")
    assert game.effect is None


def test_pl_9_a_queen_on_the_pile_is_matched_by_its_suit_or_rank() -> None:
    game = Game.from_position(PL, hands=["5d 6d", "5s Qd 5h"], pile="7h Qs", stock=STOCK, to_move=1)
    assert first_cards(game) == {"5s", "Qd"}


@pytest.mark.parametrize(
    ("pile", "effect"),
    [("2h", "attack 2 by 1"), ("4h", "wait 1 by 1"), ("Jh", "demand 7 by 1")],
)
def test_pl_9_queen_is_not_wild_against_attack_wait_or_jack_demand(pile: str, effect: str) -> None:
    game = Game.from_position(PL, hands=["Qh Qs 5d", "5s"], pile=pile, stock=STOCK, effect=effect)
    assert first_cards(game) == set()
    with pytest.raises(IllegalMoveError):
        game.play("Qh")


def test_pl_9_under_an_ace_a_queen_is_legal_only_of_the_named_suit() -> None:
    game = Game.from_position(PL, hands=["Qh Qs 5d", "5s"], pile="Ac", stock=STOCK, effect="suit h")
    assert first_cards(game) == {"Qh"}
    with pytest.raises(IllegalMoveError):
        game.play("Qs")


def test_pl_9_queen_is_wild_again_once_the_ace_demand_is_over() -> None:
    game = Game.from_position(PL, hands=["Ac Qd 9d", "Qs 6s"], pile="7c", stock=STOCK)
    game.play("Ac:h")
    assert first_cards(game) == set()  # seat 1: no heart, no ace, and Qs is not wild
    game.play("draw")  # 5c: not a heart, the turn and the demand end (PL-28)
    assert game.to_move == 0
    assert game.effect is None
    assert "Qd" in first_cards(game)


def test_pl_9_a_queen_drawn_under_an_ace_of_another_suit_is_not_playable() -> None:
    """PL-9, PL-27: under an ace's named suit a queen of another suit is not wild, so one
    drawn there cannot be played: the turn passes."""
    game = Game.from_position(PL, hands=["5d", "6d 7d"], pile="Ah", stock="Qh 2c", effect="suit s")
    game.play("draw")
    assert game.drawn is None and game.to_move == 1
