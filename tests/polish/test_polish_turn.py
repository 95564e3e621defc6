"""Polish makao: a turn -- matching, multi-card plays, drawing (PL-6 … PL-8)."""

from __future__ import annotations

import pytest

from makao import Card, Game, IllegalMoveError, Play, SetupError, parse_cards, variants
from makao.events import CardsDrawn, CardsPlayed, Passed

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_6_a_card_matches_by_suit_or_rank() -> None:
    game = Game.from_position(PL, hands=["7c 9h 5d 8s", "5s"], pile="7h", stock=STOCK)
    assert plays(game) == {"7c", "9h"}


def test_pl_6_a_card_that_does_not_match_is_refused_and_nothing_changes() -> None:
    game = Game.from_position(PL, hands=["7c 9h 5d", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(IllegalMoveError, match="cannot be played on top card 7h"):
        game.play("5d")
    assert game.hand(0) == tuple(Card.parse(c) for c in ["7c", "9h", "5d"])
    assert game.top == Card.parse("7h")
    assert game.to_move == 0


def test_pl_6_pl_29_a_refused_play_of_a_matching_card_says_its_call_or_choice_is_wrong() -> None:
    """PL-6, PL-29: ``9h +makao`` holding three cards is refused for its call, not for the
    9♥, which matches; a jack demanding a queen (PL-21: 5 to 10 only), for its choice. Was:
    "9h (with that choice and those calls) cannot be played on top card 7h"."""
    game = Game.from_position(PL, hands=["7c 9h 5d", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(IllegalMoveError, match="'9h \\+makao': 9h may be played, but not with"):
        game.play("9h +makao")
    with pytest.raises(IllegalMoveError, match="'5d': 5d cannot be played on top card 7h;"):
        game.play("5d")
    jack = Game.from_position(PL, hands=["Jh 9h 5d", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(IllegalMoveError, match="'Jh:Q': Jh may be played, but not with the"):
        jack.play("Jh:Q")
    fives = Game.from_position(PL, hands=["5h 5d 9c Kc", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(
        IllegalMoveError,
        match="5d 5h cannot be played in that order on top card 7h \\(5h 5d may\\);",
    ):
        fives.play("5d 5h")  # PL-7: the first card must follow; the order of two matters


def test_pl_7_a_refused_play_names_all_its_cards_and_what_is_wrong_with_it() -> None:
    """PL-7, PL-29: the message names every card of a refused play; three 9s with a wrong
    call are refused for the call, and in an order whose first card does not follow for
    the order (only the middle cards may come in any order), whatever the call; an ace
    without a suit for its missing choice."""
    game = Game.from_position(PL, hands=["Ah 9h 9s 9c 5d 5c", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(IllegalMoveError, match="'5d 5c': 5d 5c cannot be played on top card 7h;"):
        game.play("5d 5c")
    message = "'9h 9s 9c \\+makao': 9h 9s 9c may be played, but not with \\+makao;"
    with pytest.raises(IllegalMoveError, match=message):
        game.play("9h 9s 9c +makao")
    for wrong in ("9s 9c 9h", "9s 9c 9h +makao"):
        message = "9s 9c 9h cannot be played in that order on top card 7h \\(9h 9s 9c may\\);"
        with pytest.raises(IllegalMoveError, match=message):
            game.play(wrong)
    with pytest.raises(IllegalMoveError, match="'Ah': Ah may be played, but not with no choice;"):
        game.play("Ah")


def test_pl_7_several_cards_of_one_rank_in_one_move() -> None:
    """PL-7: several cards of one rank in one move."""
    game = Game.from_position(PL, hands=["9h 9s 9c 5d", "5s"], pile="7h", stock=STOCK)
    assert {"9h", "9h 9s", "9h 9c", "9h 9s 9c", "9h 9c 9s"} <= plays(game)
    events = game.play("9h 9s 9c +makao")
    assert events[0] == CardsPlayed(0, tuple(Card.parse(c) for c in ["9h", "9s", "9c"]))
    assert game.pile[-3:] == [Card.parse(c) for c in ["9h", "9s", "9c"]]
    assert game.hand(0) == (Card.parse("5d"),)


def test_pl_7_the_first_card_must_be_legal_on_its_own() -> None:
    """PL-7: the first card must be legal on its own."""
    game = Game.from_position(PL, hands=["9h 9s 5d", "5s"], pile="7h", stock=STOCK)
    assert "9s 9h" not in plays(game)
    with pytest.raises(IllegalMoveError):
        game.play("9s 9h")
    game.play("9h 9s")
    assert game.top == Card.parse("9s")


def test_pl_7_the_rest_follow_in_the_order_the_player_gives() -> None:
    """PL-7: the rest follow in the order the player gives."""
    game = Game.from_position(PL, hands=["9h 9s 9c 9d 5d", "5s 6s"], pile="7h", stock=STOCK)
    game.play("9h 9d 9s 9c")
    assert game.pile == list(parse_cards("7h 9h 9d 9s 9c"))


def test_pl_7_the_last_card_is_the_new_top_whose_suit_counts_next() -> None:
    """PL-7: the last card is the new top whose suit counts next."""
    game = Game.from_position(PL, hands=["9h 9c 5d", "5c 6h 6s"], pile="7h", stock=STOCK)
    game.play("9h 9c")
    assert game.top == Card.parse("9c")
    assert plays(game) == {"5c"}


def test_pl_7_cards_of_different_ranks_cannot_be_played_together() -> None:
    """PL-7: cards of different ranks cannot be played together."""
    game = Game.from_position(PL, hands=["9h 10h 5d", "5s"], pile="7h", stock=STOCK)
    with pytest.raises(IllegalMoveError, match="share a rank"):
        game.play("9h 10h")


def test_pl_8_a_player_may_draw_even_when_able_to_play() -> None:
    game = Game.from_position(PL, hands=["9h 5d", "5s"], pile="7h", stock="Kc 8d")
    assert "draw" in game.legal_moves_text(0)
    events = game.play("draw")
    assert events == (CardsDrawn(0, (Card.parse("Kc"),), "draw", 1),)
    assert game.to_move == 1  # Kc does not fit 7h: the turn passes


def test_pl_8_a_drawn_card_that_fits_may_be_played_at_once_and_only_it() -> None:
    game = Game.from_position(PL, hands=["9h 5d", "5s"], pile="7h", stock="7s 8d")
    game.play("draw")
    assert game.to_move == 0
    assert game.legal_moves_text(0) == ["7s", "pass"]  # not 9h, though it fits too
    with pytest.raises(IllegalMoveError, match="only the drawn card"):
        game.play("9h")
    game.play("7s")
    assert game.top == Card.parse("7s")
    assert game.to_move == 1


@pytest.mark.parametrize(
    ("pile", "stock", "card"),
    [("7h", "8h 6c", "8h"), ("9h", "Qs 5s 6s", "Qs")],
    ids=["by suit", "a queen, wild (PL-9)"],
)
def test_pl_8_a_drawn_card_that_fits_by_suit_or_as_a_wild_card_may_be_played(
    pile: str, stock: str, card: str
) -> None:
    """PL-8 with PL-6 and PL-9: "if the drawn card is legal" -- by suit as well as by rank
    (the test above), and a queen, which matches anything with no effect in force."""
    game = Game.from_position(PL, hands=["9d 5d", "5s"], pile=pile, stock=stock)
    game.play("draw")
    assert game.to_move == 0
    assert game.legal_moves_text(0) == [card, "pass"]


def test_pl_8_a_position_whose_drawn_card_cannot_be_played_is_refused() -> None:
    """PL-8: a drawn card that is not legal ends the turn at once, so no position holds
    one (the engine lists only "pass" after it; `Game.from_position` says so)."""
    with pytest.raises(SetupError, match="the drawn card 5d cannot be played now"):
        Game.from_position(PL, hands=["9h 5d", "5s"], pile="7h", drawn="5d")
    game = Game.from_position(PL, hands=["9h 5d", "5s"], pile="7h", drawn="9h")
    assert game.legal_moves_text(0) == ["9h", "9h +makao", "pass"]


def test_pl_8_a_player_may_keep_a_drawn_card_that_fits() -> None:
    game = Game.from_position(PL, hands=["9h 5d", "5s"], pile="7h", stock="7s 8d")
    game.play("draw")
    assert game.play("pass") == (Passed(0),)
    assert game.to_move == 1
    assert Card.parse("7s") in game.hand(0)
    assert "draw" in game.legal_moves_text(1)  # seat 1 may draw again, not seat 0
