"""Bots: the heuristic policy's documented preferences and what its `Situation` reads."""

from __future__ import annotations

from makao import Game, variants
from makao.bots import HeuristicBot, Situation, prefer_calls, score_move
from makao.bots.policy import prefer_choices
from makao.cards import parse_cards
from makao.moves import Draw, Move, parse_move

POLISH = variants.polish()


def test_situation_closest_is_the_smallest_other_hand_of_a_player_still_in() -> None:
    """`closest` counts neither the player's own hand nor a player who went out."""
    game = Game.from_position(
        POLISH, hands=["5c", "6c 7c 8c", "", "9d 9h 9s 4c"], pile="Kd", finished=[2], to_move=1
    )
    assert Situation.of_view(game.view(0)).closest == 3
    assert Situation.of_game(game, 0).closest == 3
    assert Situation.of_view(game.view(3)).closest == 1
    assert Situation.of_game(game, 3).closest == 1


def test_situation_is_that_of_the_seat_asked_for_not_of_the_seat_to_move() -> None:
    """Built for a seat that is not to move, a situation has that seat's hand, and its
    `closest` leaves out that seat (not the seat to move)."""
    game = Game.from_position(POLISH, hands=["5c", "6c 7c 8c", "9d 9h 9s 4c 5d"], pile="Kd")
    assert game.to_move == 0
    for situation in (Situation.of_game(game, 1), Situation.of_view(game.view(1))):
        assert tuple(situation.hand) == parse_cards("6c 7c 8c")
        assert situation.closest == 1


def test_situation_with_no_other_player_holding_cards_counts_99() -> None:
    """With every other player gone out, `closest` is 99: no rival is close."""
    game = Game.from_position(POLISH, hands=["5c 6c", "", ""], pile="Kd", finished=[1, 2])
    assert Situation.of_game(game, 0).closest == 99


def test_heuristic_attacks_with_a_battle_card_only_when_an_opponent_is_close() -> None:
    """A two (a battle card, PL-12) is kept for defence while the opponent holds many
    cards, and played at once when the opponent is down to one card."""
    hand, pile = "2h 7h 9c 8d", "5h"
    far = Game.from_position(POLISH, hands=[hand, "6c 6d 6s 4d 4s"], pile=pile)
    close = Game.from_position(POLISH, hands=[hand, "6c"], pile=pile)
    assert str(HeuristicBot().choose(far.view(0), far.legal_moves())) == "7h"
    assert str(HeuristicBot().choose(close.view(0), close.legal_moves())) == "2h"


def test_prefer_calls_keeps_each_play_with_the_most_calls() -> None:
    """Of a play listed with and without a call (PL-29), only the one with the call is
    kept; other moves stay in order, and a listing with no calls is returned as it is."""
    plain, called = parse_move("5h"), parse_move("5h +makao")
    other = parse_move("6h")
    assert list(prefer_calls([plain, called, other, Draw()])) == [called, other, Draw()]
    assert list(prefer_calls([called, plain])) == [called]
    moves: list[Move] = [plain, other]
    assert prefer_calls(moves) is moves  # no call listed: the moves themselves


def test_prefer_choices_keeps_the_demand_and_the_suit_the_hand_holds_most() -> None:
    """A jack demands the rank the hand holds most of (PL-21; sevens and nines tie here,
    and the first listed stays), an ace names the suit the hand holds most of (PL-26);
    moves without a choice stay."""
    hand = parse_cards("Jh 7c 7d 9s Ah 5c 9c Kc")
    demands = [parse_move(f"Jh:{rank}") for rank in ("5", "6", "7", "8", "9", "10")]
    assert list(prefer_choices(demands, hand)) == [parse_move("Jh:7")]
    suits = [parse_move(f"Ah:{suit}") for suit in "hdsc"]
    assert list(prefer_choices([*suits, Draw()], hand)) == [parse_move("Ah:c"), Draw()]


def test_a_seat_named_by_a_house_rule_changes_no_score() -> None:
    """A play naming a seat (a house rule's choice) scores as the same play without one:
    no preference, unlike a demanded rank or a named suit."""
    game = Game.from_position(POLISH, hands=["7d 2c 5c", "6s"], pile="9d", to_move=0)
    situation = Situation.of_game(game, 0)
    assert score_move(parse_move("7d:@1"), situation) == score_move(parse_move("7d"), situation)


def test_pl_26_a_named_suit_counts_the_hand_as_it_is_when_the_ace_is_not_in_it() -> None:
    """PL-26: naming clubs is worth two points a club left in hand; an ace the hand does
    not hold leaves none of its clubs."""
    game = Game.from_position(POLISH, hands=["5c 6c 7d", "6s"], pile="9d", to_move=0)
    situation = Situation.of_game(game, 0)
    clubs, diamonds = parse_move("Ac:c"), parse_move("Ac:d")
    assert score_move(clubs, situation) - score_move(diamonds, situation) == 2.0
