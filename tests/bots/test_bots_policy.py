"""Bots: the heuristic policy's documented preferences and what its `Situation` reads."""

from __future__ import annotations

import random

import pytest

from makao import Game, variants
from makao.bots import HeuristicBot, Situation, prefer_calls, score_move
from makao.bots.policy import prefer_choices, random_chooser
from makao.cards import parse_cards
from makao.errors import SeatError, SetupError
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


def test_pl_29_prefer_calls_keeps_every_demand_of_a_jack_with_its_call() -> None:
    """PL-29, PL-21: a last-but-one jack is listed with each demand, with and without
    "makao"; `prefer_calls` drops only the plays without the call, never a demand."""
    game = Game.from_position(POLISH, hands=["Jh 7c", "6c 7s 8s"], pile="5h", to_move=0)
    moves = game.legal_moves()
    kept = list(prefer_calls(moves))
    assert kept == [move for move in moves if "makao" in str(move)]
    assert len(kept) == 7  # no demand, and the demands 5 to 10


def test_pl_29_prefer_choices_keeps_a_play_with_a_call_apart_from_one_without() -> None:
    """PL-29, PL-21: plays that differ in their calls are not plays that differ only in
    their choice: the best demand is kept for each of them."""
    hand = parse_cards("Jh 7c")
    moves = [parse_move(text) for text in ("Jh:5", "Jh:7", "Jh:5 +makao", "Jh:7 +makao")]
    assert list(prefer_choices(moves, hand)) == [parse_move("Jh:7"), parse_move("Jh:7 +makao")]


def test_pl_26_prefer_choices_counts_the_suit_left_after_the_ace_is_played() -> None:
    """PL-26: hearts are three of the hand but only two once the ace of hearts is played,
    as many as the clubs: a tie, and the first listed (clubs) stays."""
    hand = parse_cards("Ah Kh 5h 9c Qc 6d")
    suits = [parse_move("Ah:c"), parse_move("Ah:h")]
    assert list(prefer_choices(suits, hand)) == [parse_move("Ah:c")]
    assert list(prefer_choices(suits[::-1], hand)) == [parse_move("Ah:h")]


def test_pl_26_two_equal_aces_of_two_decks_both_leave_the_hand() -> None:
    """PL-1, PL-7, PL-26: at a table of five (two decks) a play of both aces of hearts
    leaves one heart, not two: naming clubs (two left) is worth two points more than
    naming hearts."""
    game = Game.from_position(
        POLISH,
        hands=["Ah Ah 5h 9c Kc 8d", "6c 7s", "6d", "7d", "8h"],
        pile="5s 9h",
        to_move=0,
    )
    situation = Situation.of_game(game, 0)
    clubs, hearts = parse_move("Ah Ah:c"), parse_move("Ah Ah:h")
    assert clubs in game.legal_moves() and hearts in game.legal_moves()
    assert score_move(clubs, situation) - score_move(hearts, situation) == 2.0


def test_pl_23_the_heuristic_answers_a_demand_with_a_jack_it_does_not_keep() -> None:
    """PL-21, PL-23: under a jack's demand (an effect in force) function cards are not
    kept for later, so the heuristic plays its own jack with a demand it holds rather
    than the demanded seven; `Situation.of_view` reads the effect from the view."""
    game = Game.from_position(
        POLISH,
        hands=["7c Jd 5s 9h 8d", "6c 6d 6s 4d 4s"],
        pile="5h Jh",
        to_move=0,
        effect="demand 7 by 1",
    )
    view = game.view(0)
    assert Situation.of_view(view).effect == game.effect is not None
    bot = HeuristicBot()
    bot.reset(0)
    assert str(bot.choose(view, game.legal_moves())).startswith("Jd:")


@pytest.mark.parametrize("name", variants.names())
def test_situation_of_a_view_is_the_situation_of_the_game(name: str) -> None:
    """Every field of `Situation.of_view` (hand, effect, closest, rule set) is what
    `Situation.of_game` reads for the same seat, at every seat of played positions."""
    variant = variants.get(name)
    start = variant.compiled.start
    for players in sorted({start.min_players, min(start.max_players or 8, 8)}):
        game = Game.new(variant, players, seed=players)
        rng = random.Random(players)
        for _ in range(40):
            if game.is_over:
                break
            for seat in range(players):
                ours, theirs = Situation.of_view(game.view(seat)), Situation.of_game(game, seat)
                assert tuple(ours.hand) == tuple(theirs.hand) == game.hand(seat)
                assert ours.effect == theirs.effect == game.effect
                assert ours.closest == theirs.closest
                assert ours.compiled is theirs.compiled is game.compiled
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("seat", [3, -1, True, "0", None])
def test_a_situation_of_a_seat_not_at_the_table_is_a_seat_error(seat: object) -> None:
    """`Situation.of_game` refuses a seat the table does not have (``-1`` is no last
    seat here: its `closest` would count the player's own hand)."""
    game = Game.from_position(POLISH, hands=["5c", "6c 7c 8c", "9d"], pile="Kd")
    with pytest.raises(SeatError):
        Situation.of_game(game, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("view", [None, "view", (1, 2)])
def test_a_situation_is_read_from_a_view_only(view: object) -> None:
    """`Situation.of_view` (and so `HeuristicBot.choose`) refuses what is no view."""
    with pytest.raises(SetupError, match="View"):
        Situation.of_view(view)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="View"):
        HeuristicBot().choose(view, [Draw()])  # type: ignore[arg-type]


def test_a_seat_named_by_a_house_rule_is_no_preference_of_prefer_choices() -> None:
    """A play naming a seat scores as the same play without a choice, so of plays that
    differ only in that (a house rule's optional seat) the first listed stays."""
    hand = parse_cards("7d 2c 5c")
    plain, first, second = parse_move("7d"), parse_move("7d:@1"), parse_move("7d:@2")
    assert list(prefer_choices([plain, first, second, Draw()], hand)) == [plain, Draw()]
    assert list(prefer_choices([second, plain, first], hand)) == [second]


@pytest.mark.parametrize("bad", [5, None, object(), {1, 2}])
def test_prefer_calls_refuses_moves_that_are_not_a_sequence(bad: object) -> None:
    with pytest.raises(SetupError, match="moves must be a sequence of moves, not"):
        prefer_calls(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [5, None, object(), "rng"])
def test_random_chooser_refuses_an_rng_that_is_not_a_random(bad: object) -> None:
    with pytest.raises(SetupError, match=r"rng must be a random\.Random, not"):
        random_chooser(bad, 0.5)  # type: ignore[arg-type]
