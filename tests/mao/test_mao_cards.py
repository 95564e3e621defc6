"""Ultimate Mao: deal, turn and card effects (UM-1, UM-2, UM-4, UM-5, UM-8…UM-17, UM-20,
UM-26). Positions use three players; hands hold three cards or more so that no end-game
call is due unless a test is about it."""

from __future__ import annotations

import random

import attrs
import pytest

from makao import Game, IllegalMoveError, SetupError, variants
from makao.cards import Card, Rank, Suit
from makao.deck import shuffled_deck
from makao.events import (
    Announced,
    AttackAccepted,
    AttackRaised,
    CardsDrawn,
    DemandEnded,
    DirectionChanged,
    Penalised,
    StockReshuffled,
    SuitNamed,
)
from makao.moves import Choice
from makao.rules import BattleCards
from makao.variants.mao.rules import (
    FourCards,
    FreeSuit,
    HeldJack,
    HeldJacks,
    Multiplex,
    MultiplexEffect,
    NineCards,
    SevenCards,
)

MAO = variants.mao()
STOCK = "Kd Kc Kh 8d 8c 8h 5d 5c 5h Qd"


def position(hands: list[str], pile: str, variant: object = MAO, **kw: object) -> Game:
    return Game.from_position(variant, hands=hands, pile=pile, stock=STOCK, **kw)  # type: ignore[arg-type]


def turn_moves(game: Game) -> list[str]:
    """The moves of the player to move (no out-of-turn actions)."""
    return [str(m) for m in game.legal_moves() if not hasattr(m, "seat")]


def drawn(events: tuple[object, ...], seat: int) -> int:
    return sum(e.amount for e in events if isinstance(e, CardsDrawn) and e.seat == seat)


# ---------------------------------------------------------------- deal and start


def test_um_1_two_decks_six_cards_each_three_or_more_players() -> None:
    game = Game.new(MAO, players=5, seed=3)
    assert [len(hand) for hand in game.hands] == [6] * 5
    assert sum(map(len, game.hands)) + len(game.stock) + len(game.pile) == 104
    with pytest.raises(SetupError):
        Game.new(MAO, players=2, seed=3)


def test_um_2_the_dealer_announces_the_deal_and_deals_in_its_direction() -> None:
    clockwise = Game.new(MAO, players=4, seed=11, dealer=1)
    counter = Game.new(variants.mao(deal_direction=-1), players=4, seed=11, dealer=1)
    assert clockwise.opening[0] == Announced(1, "deal", 1, "Dealing begins, clockwise")
    assert counter.opening[0] == Announced(1, "deal", -1, "Dealing begins, counter-clockwise")
    for k in range(1, 5):  # the k-th seat dealt to is the same hand either way round
        assert clockwise.hands[(1 + k) % 4] == counter.hands[(1 - k) % 4]


def test_um_2_deals_one_card_at_a_time_from_the_dealers_neighbour() -> None:
    """UM-2: the cards come off the stock one at a time, first to the seat after the dealer
    in the deal's direction, the dealer last, six rounds."""
    for way in (1, -1):
        stock = shuffled_deck(2, random.Random(7))
        hands: list[list[Card]] = [[] for _ in range(4)]
        for _ in range(6):
            for offset in range(1, 5):
                hands[(1 + offset * way) % 4].append(stock.pop())
        game = Game.new(variants.mao(deal_direction=way), 4, seed=7, dealer=1)
        assert [list(hand) for hand in game.hands] == hands


def test_um_4_the_start_is_announced_and_play_goes_the_chosen_way() -> None:
    left = Game.new(MAO, players=4, seed=5, dealer=1)
    right = Game.new(variants.mao(play_direction=-1), players=4, seed=5, dealer=1)
    assert left.to_move == 2 and left.direction == 1
    assert left.opening[1] == Announced(
        2, "start", 1, "The game of Ultimate Mao begins with player 2 and goes to the left"
    )
    assert right.to_move == 0 and right.direction == -1
    start = right.opening[1]
    assert isinstance(start, Announced) and start.text.endswith("player 0 and goes to the right")


def test_um_4_the_starting_card_has_no_effect_unless_the_option_says_so() -> None:
    seed = next(s for s in range(500) if Game.new(MAO, 3, s).top.rank is Rank.THREE)
    assert Game.new(MAO, 3, seed).effect is None
    acting = Game.new(variants.mao(start_card_effect=True), 3, seed)
    assert acting.effect is not None and acting.effect.to_text() == "attack 3 by 2 of 3"
    assert acting.to_move == 0


def test_um_4_the_play_direction_must_be_one_way_or_the_other() -> None:
    """UM-2, UM-4: a deal or play direction other than 1 or -1 is refused."""
    for options in ({"play_direction": 0}, {"deal_direction": 2}):
        with pytest.raises(SetupError, match="directions"):
            variants.mao(**options)  # type: ignore[arg-type]


# ---------------------------------------------------------------- a turn


def test_um_5_after_drawing_any_legal_card_may_be_played_or_the_move_ended() -> None:
    game = position(["5h 9c 8d", "5s 6s 7s", "Kc Ks Kh"], "5c")
    assert "draw" in game.legal_moves_text()  # drawing is always a move
    game.play("draw")  # Kd, which does not fit
    assert game.to_move == 0
    assert set(turn_moves(game)) >= {"5h", "9c", "pass"}
    game.play("9c")
    assert game.top.rank is Rank.NINE


def test_um_5_a_drawn_card_with_nothing_to_play_ends_the_move() -> None:
    """UM-5: after drawing, a player with no legal card at all has no move left: the turn
    passes without a pass."""
    game = position(["Ah 9d 6d", "5s 6s 7s", "Kc Ks Kh"], "5c")
    assert turn_moves(game) == ["draw"]
    game.play("draw")  # K♦, which does not fit either
    assert game.to_move == 1 and game.drawn is None


def test_um_26_an_empty_stock_is_refilled_from_the_pile_but_its_top_card() -> None:
    game = Game.from_position(MAO, ["5h 9c 8d", "5s 6s 7s", "Kc Ks Kh"], pile="Kd 8h 8c 5c")
    events = game.play("draw")
    assert StockReshuffled(3) in events
    assert game.pile == [game.pile[0]] and str(game.top) == "5c"


def test_um_26_pl_36_one_card_under_the_top_is_enough_to_draw() -> None:
    """UM-26, PL-36: stock empty, one card under the top can be drawn; with none, only pass."""
    game = Game.from_position(MAO, ["5h 9d 8d", "5s 6s 7s", "Kc Ks Kh"], pile="Kd 2c")
    assert turn_moves(game) == ["draw"]
    game = Game.from_position(MAO, ["5h 9d 8d", "5s 6s 7s", "Kc Ks Kh"], pile="2c")
    assert turn_moves(game) == ["pass"]


# ---------------------------------------------------------------- special cards


def test_um_8_ace_reverses_the_direction_of_play() -> None:
    game = position(["Ah 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h")
    assert DirectionChanged(-1) in game.play("Ah")
    assert game.to_move == 2


def test_um_9_two_the_same_player_moves_again() -> None:
    """UM-9: two the same player moves again."""
    game = position(["2h 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h")
    game.play("2h")
    assert game.to_move == 0


def test_um_10_three_next_draws_three_and_misses_the_turn_unless_they_add_a_three() -> None:
    """UM-10: three next draws three and misses the turn unless they add a three."""
    game = position(["3h 5c 6d", "3c 6c 7c", "8h 6h 7h"], "9h")
    assert AttackRaised(0, 1, 3) in game.play("3h")
    assert "draw" in turn_moves(game) and "3c" in turn_moves(game)
    assert AttackRaised(1, 2, 6) in game.play("3c")
    events = game.play("draw")
    assert AttackAccepted(2, 6) in events and drawn(events, 2) == 6
    assert game.to_move == 0  # seat 2 missed the turn


def test_um_11_four_next_draws_four_and_still_plays_or_passes_a_bigger_four() -> None:
    """UM-11: four next draws four and still plays or passes a bigger four."""
    game = position(["4h 5c 6d", "4c 6c 7c", "8h 6h 7h"], "9h")
    game.play("4h")
    game.play("4c")
    assert game.effect is not None and game.effect.to_text() == "attack 8 by 1 of 4"
    assert drawn(game.play("draw"), 2) == 8
    assert game.to_move == 2  # after drawing the penalty the player may still play
    ending = position(
        ["4h 5c 6d", "8c 6c 7c", "8h 6h 7h"], "9h", variants.mao(four_penalty_ends_turn=True)
    )
    ending.play("4h")
    ending.play("draw")
    assert ending.to_move == 2


def test_um_11_after_drawing_the_fours_penalty_the_player_plays_or_ends_the_move() -> None:
    """UM-11, UM-5: the penalty drawn is the player's draw: they may still play a legal
    card, or end the move -- they are not made to draw again; with nothing to play the move
    is over."""
    game = position(["4h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play("4h")
    assert drawn(game.play("draw"), 1) == 4  # Kd Kc Kh 8d
    assert game.to_move == 1
    assert set(turn_moves(game)) == {"5h", "Kh", "pass"}
    game.play("pass")
    assert game.to_move == 2 and len(game.hands[1]) == 7
    stuck = position(["4h 5c 6d", "9c 8c 5s", "8h 6h 7d"], "9h")
    stuck.play("4h")
    stuck.play("draw")  # Kd Kc Kh 8d: the Kh fits
    assert set(turn_moves(stuck)) == {"Kh", "pass"}
    nothing = Game.from_position(
        MAO, ["4h 5c 6d", "9c 8c 5s", "8h 6h 7d"], pile="9h", stock="Kd Kc Qs 8d 5c"
    )
    nothing.play("4h")
    nothing.play("draw")  # no heart, no four: the move is over
    assert nothing.to_move == 2 and len(nothing.hands[1]) == 7


def test_um_11_drawing_the_fours_penalty_is_reported_as_accepted() -> None:
    """UM-11: drawing a pending four's penalty is an accepted attack of its total."""
    game = position(["4h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play("4h")
    events = game.play("draw")
    assert AttackAccepted(1, 4) in events and drawn(events, 1) == 4


def test_um_11_a_pending_four_is_given_as_text_with_its_rank() -> None:
    """UM-11: ``attack 8 by 1 of 4`` sets up a pending four (not a three) in a position,
    so the rule of fours -- the player who draws still plays -- applies; ``of 3`` a three."""
    hands = ["5c 6d", "6c 7c", "4d 6h 7h"]
    four = position(hands, "9h 4c", to_move=2, effect="attack 8 by 1 of 4")
    assert four.effect is not None and four.effect.to_text() == "attack 8 by 1 of 4"
    assert "4d" in four.legal_moves_text()
    assert drawn(four.play("draw"), 2) == 8
    assert four.to_move == 2  # UM-11: after the fours' penalty the player goes on
    three = position(hands, "9h 3c", to_move=2, effect="attack 3 by 1 of 3")
    assert three.effect is not None and three.effect.to_text() == "attack 3 by 1 of 3"
    three.play("draw")
    assert three.to_move != 2  # UM-10: the threes' penalty ends the turn
    with pytest.raises(SetupError, match="no effect written"):
        position(hands, "9h 4c", to_move=2, effect="attack 8 by 1 of 9")


def test_um_12_six_the_previous_player_draws_two() -> None:
    """UM-12: six the previous player draws two."""
    game = position(["6h 5c 8d", "5d 6c 7c", "5h 9h 7h"], "9h")
    events = game.play("6h")
    assert drawn(events, 2) == 2 and len(game.hands[2]) == 5
    assert game.to_move == 1


def test_um_12_the_previous_player_follows_the_current_direction() -> None:
    """UM-12: the previous player follows the current direction."""
    game = position(["6h 5c 8d", "5d 6c 7c", "5h 9h 7h"], "9h", direction=-1)
    assert drawn(game.play("6h"), 1) == 2


def test_um_13_seven_next_plays_a_seven_or_draws_two_then_may_still_play() -> None:
    """UM-13: seven next plays a seven or draws two then may still play."""
    game = position(["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play("7h")
    assert turn_moves(game) == ["draw"]
    assert drawn(game.play("draw"), 1) == 2
    assert game.to_move == 1 and game.effect is None


def test_um_13_after_drawing_the_sevens_penalty_the_player_plays_or_ends_the_move() -> None:
    """UM-13, UM-5: after drawing the two cards the player may still play a legal card or
    end the move; drawing again is not a choice. With nothing to play the move is over."""
    game = position(["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play("7h")
    game.play("draw")  # Kd Kc
    assert game.to_move == 1
    assert set(turn_moves(game)) == {"5h", "pass"}
    game.play("pass")
    assert game.to_move == 2 and len(game.hands[1]) == 5
    stuck = position(["7h 5c 6d", "9c 8c 5s", "8h 6h 7d"], "9h")
    stuck.play("7h")
    stuck.play("draw")  # Kd Kc: no heart, no seven
    assert stuck.to_move == 2 and len(stuck.hands[1]) == 5


def test_um_13_a_seven_on_the_seven_cancels_it_and_lies_as_a_plain_card() -> None:
    """UM-13: a seven on the seven cancels it and lies as a plain card."""
    game = position(["7h 5c 6d", "7c 8c 5h", "8h 6h 7d"], "9h")
    game.play("7h")
    events = game.play("7c")
    assert not any(isinstance(e, AttackRaised) for e in events)
    assert game.effect is None and game.to_move == 2
    assert set(turn_moves(game)) == {"7d", "draw"}  # a plain 7c: clubs or sevens


def test_um_13_a_pending_seven_reads_back_from_its_text() -> None:
    """UM-13: a seven's pending attack is the effect its text ``seven by S`` reads back as."""
    game = position(["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play("7h")
    assert game.effect is not None and game.effect.to_text() == "seven by 0"
    assert game.effect == MAO.parse_effect("seven by 0")


def test_um_13_option_drawing_the_sevens_penalty_ends_the_turn() -> None:
    """UM-13: option drawing the sevens penalty ends the turn."""
    game = position(
        ["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h", variants.mao(seven_penalty_ends_turn=True)
    )
    game.play("7h")
    game.play("draw")
    assert game.to_move == 2


def test_um_14_nine_every_other_player_draws_one_then_the_player_moves_again() -> None:
    """UM-14: nine every other player draws one then the player moves again."""
    game = position(["9c 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h")
    events = game.play("9c")
    assert [e.seat for e in events if isinstance(e, CardsDrawn)] == [1, 2]
    assert game.to_move == 0 and len(game.hands[0]) == 2


def test_um_14_the_others_draw_in_turn_order_counter_clockwise_too() -> None:
    """UM-14: "in turn order" follows the direction of play: with play running
    counter-clockwise, the seat after seat 0 is seat 2, so seat 2 draws first (the top
    card, Kd) and seat 1 next (Kc)."""
    game = position(["9c 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h", direction=-1)
    events = game.play("9c")
    draws = [(e.seat, str(e.cards[0])) for e in events if isinstance(e, CardsDrawn)]
    assert draws == [(2, "Kd"), (1, "Kc")]
    assert game.to_move == 0


def test_um_14_a_finished_player_draws_nothing_for_a_nine() -> None:
    """UM-14 with ``play_for_places``: a seat that has gone out holds no cards and takes
    none -- "every other player" is every other player still in the game (a choice:
    the spec does not say it; a card drawn would bring the seat back into play)."""
    game = position(["9c", "5d 6c 7c", "9h 6h 7h"], "9s", variants.mao(play_for_places=True))
    game.play("9c +mau-mau")  # seat 0 goes out (seats 1 and 2 draw one each)
    game.play("draw")  # seat 1 draws and passes
    game.play("pass")
    events = game.play("9h")  # seat 2's nine: only seat 1 still plays
    assert [e.seat for e in events if isinstance(e, CardsDrawn)] == [1]
    assert game.hands[0] == () and game.finished == (0,)


def test_um_14_option_the_nines_player_draws_too() -> None:
    """UM-14: option the nines player draws too."""
    game = position(
        ["9c 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(nine_player_draws_too=True)
    )
    events = game.play("9c")
    assert [e.seat for e in events if isinstance(e, CardsDrawn)] == [1, 2, 0]


def test_um_14_a_last_nine_wins_and_gives_no_further_move() -> None:
    """UM-14: a last nine wins and gives no further move."""
    game = position(["9c", "5d 6c 7c", "5h 6h 7h"], "9h")
    game.play("9c +mau-mau")
    assert game.is_over and game.outcome is not None and game.outcome.winner == 0


def test_um_14_a_last_nine_gives_no_further_move_when_playing_for_places() -> None:
    """UM-14: "unless the nine was their last card" -- the turn goes on, not back."""
    game = position(["9c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(play_for_places=True))
    game.play("9c +mau-mau")
    assert game.finished == (0,) and game.to_move == 1 and game.hands[0] == ()
    drawing = position(
        ["9c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(nine_player_draws_too=True)
    )
    drawing.play("9c +mau-mau")  # the nine's player draws too -- but not after going out
    assert drawing.is_over and drawing.outcome is not None and drawing.outcome.winner == 0


def test_um_9_a_last_two_gives_no_further_move_when_playing_for_places() -> None:
    """UM-9, UM-24: a two played as the last card wins; the player has gone out and does
    not move again -- the turn goes on to the next player."""
    game = position(["2c", "5d 6c 7c", "5h 6h 7h"], "9c", variants.mao(play_for_places=True))
    game.play("2c +mau-mau")
    assert game.finished == (0,) and game.to_move == 1 and game.hands[0] == ()


def test_um_9_um_25_a_last_two_without_mau_mau_gives_no_move_again() -> None:
    """UM-9, UM-25 (docs/rules/mao.md, "Readings"): a two's extra move is decided when it
    is played, before the calls are judged: a last two without "Mau Mau" leaves its
    player in with the penalty card, and the turn passes, as after a last nine (UM-14).
    (A multiplex it is played into names its next player then too.)"""
    game = position(["2h", "5c 6c 7c", "5s 9d 7s"], "9h")
    game.play("2h")
    assert game.hand(0) == (Card.parse("Kd"),) and not game.done[0]
    assert game.to_move == 1


def test_um_14_um_25_a_last_nine_without_mau_mau_gives_no_move_again() -> None:
    """UM-14, UM-25: a nine that was the player's last card gives no move again ("unless
    the nine was their last card"), also when the missing "Mau Mau" keeps them in."""
    game = position(["9h", "5c 6c 7c", "5s 9d 7s"], "9c")
    game.play("9h")
    assert len(game.hand(0)) == 1 and not game.done[0]
    assert game.to_move == 1


def test_um_14_a_last_nine_still_makes_every_other_player_draw() -> None:
    """UM-14: "every other player draws one card; then the player of the nine moves again
    -- unless the nine was their last card": the others draw even off a last nine."""
    game = position(["9c", "5d 6c 7c", "5h 6h 7h"], "9h", variants.mao(play_for_places=True))
    events = game.play("9c +mau-mau")
    assert (drawn(events, 1), drawn(events, 2)) == (1, 1)
    assert [len(hand) for hand in game.hands] == [0, 4, 4]


def test_um_16_jack_is_wild_names_a_suit_and_is_held_until_that_suit_is_played() -> None:
    game = position(["Jc 5c 6d", "5d 6h 7c", "5h 6s 7h"], "9h")
    assert SuitNamed(0, Suit.DIAMONDS) in game.play("Jc:d")
    assert game.effect == HeldJack(Suit.DIAMONDS, 0, game.effect.rule)  # type: ignore[union-attr]
    assert set(turn_moves(game)) >= {"5d", "draw"}
    assert "0: release" in game.legal_moves_text(0)
    assert "6h" not in turn_moves(game)
    game.play("draw")  # Kd: may be played
    game.play("pass")
    assert isinstance(game.effect, HeldJack)  # still held: no diamond was played


def test_um_16_releasing_the_jack_frees_the_next_player_to_play_any_suit() -> None:
    game = position(["Jc 5c 6d", "5d 6h 7c", "5h 6s 7h"], "9h")
    game.play("Jc:d")
    assert DemandEnded(Suit.DIAMONDS) in game.play("0: release")
    assert isinstance(game.effect, FreeSuit)
    assert {"5d", "6h", "7c"} <= set(turn_moves(game))
    game.play("6h")
    assert game.effect is None


def test_um_16_the_release_frees_the_next_player_only() -> None:
    """UM-16: the player to move at the release may play any suit; after their turn the
    jack lies as a plain card again."""
    game = position(["Jc 5c 6d", "5d 6h 7c", "5h 6s 7h"], "9h")
    game.play("Jc:d")
    game.play("0: release")
    game.play("draw")
    game.play("pass")
    assert game.effect is None and game.to_move == 2
    assert turn_moves(game) == ["draw"]  # 5h 6s 7h: no club, no jack


def test_um_16_a_finished_players_jack_cannot_be_released() -> None:
    """UM-16: releasing is an action of the jack's player: once they have gone out
    (``play_for_places``) no release is offered or accepted."""
    game = position(["Jc", "5d 5c 6c", "5h 6h 7h"], "9c", variants.mao(play_for_places=True))
    game.play("Jc:h +mau-mau")
    assert isinstance(game.effect, HeldJack) and game.effect.seat == 0
    assert "0: release" not in game.legal_moves_text()
    with pytest.raises(IllegalMoveError):
        game.play("0: release")


def test_um_16_jacks_stay_wild_on_a_held_jack() -> None:
    """UM-16: under a held jack a jack is wild, whatever the top card."""
    game = position(["Jc 5d 6d", "5h 6h 7h", "8c 8d 8h"], "9h", effect="jack s by 2")
    assert isinstance(game.effect, HeldJack)
    assert {"Jc:c", "Jc:d", "Jc:h", "Jc:s"} <= set(turn_moves(game))


def test_um_16_parse_effect_leaves_a_bare_jack_to_other_rules() -> None:
    """UM-16: ``HeldJacks.parse_effect`` returns None for text that is not a held jack."""
    rule = HeldJacks()
    assert rule.parse_effect(["jack"]) is None
    assert rule.parse_effect(["jack", "s", "by", "1"]) == HeldJack(Suit.SPADES, 1, rule)


def test_um_16_jack_on_jack_the_first_jacks_player_draws_a_penalty_card() -> None:
    game = position(["Jc 5c 6d", "Jh 6h 7c", "5h 6s 7h"], "9h")
    game.play("Jc:d")
    events = game.play("Jh:h")
    assert Penalised(0, "UM-16", "a jack was played on their jack", 1) in events
    assert len(game.hands[0]) == 3
    assert isinstance(game.effect, HeldJack) and game.effect.seat == 1


def test_um_16_a_custom_jack_on_jack_penalty_is_charged_and_reported() -> None:
    """UM-16: with ``HeldJacks(penalty=2)`` the first jack's player draws two, and the
    infraction event says two."""
    jacks = next(rule for rule in MAO.rules if isinstance(rule, HeldJacks))
    variant = MAO.replace(HeldJacks, attrs.evolve(jacks, penalty=2))
    game = position(["Jc 5d 6d 7d", "Jd 5h 6h 7h", "8c 8d 8h 8s"], "4h", variant)
    game.play("Jc:s")
    events = game.play("Jd:c")
    assert Penalised(0, "UM-16", "a jack was played on their jack", 2) in events
    assert drawn(events, 0) == 2 and len(game.hands[0]) == 5


def test_um_16_jack_on_the_jack_of_a_finished_player_charges_nobody() -> None:
    """UM-16: "the player who played the first jack draws one penalty card" -- unless they
    have gone out (``play_for_places``): a finished seat takes no card (a choice, as for
    the nine, UM-14: the spec does not say it)."""
    game = position(["Jc", "Jd 5c 6c", "5h 6h 7h"], "9c", variants.mao(play_for_places=True))
    game.play("Jc:h +mau-mau")  # seat 0 goes out, its jack held on hearts
    assert game.finished == (0,) and isinstance(game.effect, HeldJack)
    events = game.play("Jd:s")
    assert not [e for e in events if isinstance(e, (Penalised, CardsDrawn))]
    assert game.hands[0] == () and game.finished == (0,)
    assert isinstance(game.effect, HeldJack) and game.effect.seat == 1


def test_um_16_a_jack_cancels_a_pending_penalty_unless_the_option_forbids_it() -> None:
    game = position(["3h 5c 6d", "Jc 6c 7c", "8h 6h 7h"], "9h")
    game.play("3h")
    assert "Jc:s" in turn_moves(game)
    game.play("Jc:h")
    assert isinstance(game.effect, HeldJack) and game.to_move == 2
    strict = position(
        ["3h 5c 6d", "Jc 6c 7c", "8h 6h 7h"], "9h", variants.mao(jack_cancels_penalty=False)
    )
    strict.play("3h")
    assert turn_moves(strict) == ["draw"]


def test_um_17_queen_the_previous_player_draws_one() -> None:
    game = position(["Qh 5c 8d", "5d 6c 7c", "5h 9h 7h"], "9h")
    assert drawn(game.play("Qh"), 2) == 1


# ---------------------------------------------------------------- multiplex


def test_um_20_an_identical_card_starts_a_multiplex_counted_until_someone_cannot() -> None:
    game = position(
        [
            "8h 5c 6d",
            "8c 6c 7c",
            "5h 9h 7h",
        ],
        "8h",
    )
    assert "8h +two" in turn_moves(game)
    game.play("8h +two")
    assert game.effect == MultiplexEffect(Rank.EIGHT, 2, 0, game.effect.rule)  # type: ignore[union-attr]
    assert turn_moves(game)[:1] == ["8c +three"]  # the rank, any suit; no draw
    assert "draw" not in turn_moves(game)
    game.play("8c +three")
    assert turn_moves(game)[0] == "draw"
    events = game.play("draw")
    assert AttackAccepted(2, 3) in events and drawn(events, 2) == 3
    assert game.to_move == 0 and game.effect is None  # the next player plays normally


def test_um_20_in_a_multiplex_the_cards_own_effects_do_not_act() -> None:
    game = position(["9h 5c 6d", "9c 6c 7c", "5h 8h 7h"], "9h")
    events = game.play("9h +two")
    assert not any(isinstance(e, CardsDrawn) for e in events)
    assert game.to_move == 1
    acting = position(
        ["9h 5c 6d", "9c 6c 7c", "5h 8h 7h"], "9h", variants.mao(multiplex_suspends_effects=False)
    )
    events = acting.play("9h +two")
    assert drawn(events, 1) == 1 and drawn(events, 2) == 1
    assert isinstance(acting.effect, MultiplexEffect)


def test_um_20_an_identical_seven_starts_a_multiplex_rather_than_cancelling() -> None:
    game = position(["7h 5c 6d", "7h 6c 7c", "5h 8h 9h"], "9h")
    game.play("7h")
    game.play("7h +two")
    assert isinstance(game.effect, MultiplexEffect) and game.effect.count == 2


def test_um_20_a_multiplex_card_must_not_be_refused_for_its_effect() -> None:
    with pytest.raises(IllegalMoveError):
        position(["8h 5c 6d", "8c 6c 7c", "5h 9h 7h"], "8h").play("5c")


def test_um_20_parse_effect_leaves_a_multiplex_without_a_count_to_other_rules() -> None:
    """UM-20: ``Multiplex.parse_effect`` returns None when the count is not a number."""
    rule = Multiplex()
    assert rule.parse_effect(["multiplex", "5", "x", "by", "1"]) is None
    assert rule.parse_effect(["multiplex", "5", "3", "by", "1"]) is not None


def test_um_5_a_position_after_a_draw_needs_a_card_the_seat_may_play() -> None:
    """UM-5: after a draw the player may play any legal card: set up just after a draw,
    a seat holding no playable card is refused, one holding one keeps the drawn card."""
    hands = ["5d 9s", "6h 7h", "8s 9d"]
    with pytest.raises(SetupError, match=r"seat 0 may play no card after the draw \(UM-5\)"):
        position(hands, pile="4h", drawn="9s")
    game = position(hands, pile="9h", drawn="5d")
    assert str(game.drawn) == "5d"
    assert "pass" in turn_moves(game)
    assert any(move.startswith("9s") for move in turn_moves(game))


# ---------------------------------------------------------------- second audit


def reasons(events: tuple[object, ...]) -> list[tuple[int, str]]:
    return [(e.seat, e.reason) for e in events if isinstance(e, CardsDrawn)]


def test_um_12_um_14_um_17_hits_and_nines_are_drawn_as_attacks_not_penalties() -> None:
    """UM-12, UM-14, UM-17: a six's, a queen's and a nine's cards are drawn for an attack."""
    game = position(["6h Qh 9h 5c", "5d 6c 7c", "5h 9s 7h"], "8h")
    assert reasons(game.play("6h")) == [(2, "attack")]
    game = position(["6h Qh 9h 5c", "5d 6c 7c", "5h 9s 7h"], "8h")
    assert reasons(game.play("Qh")) == [(2, "attack")]
    nine = position(
        ["6h Qh 9h 5c", "5d 6c 7c", "5h 9s 7h"], "8h", variants.mao(nine_player_draws_too=True)
    )
    assert reasons(nine.play("9h")) == [(1, "attack"), (2, "attack"), (0, "attack")]


@pytest.mark.parametrize(("card", "total"), [("4h", 4), ("7h", 2)])
def test_um_11_um_13_the_penalty_is_accepted_then_drawn_and_the_last_card_kept_open(
    card: str, total: int
) -> None:
    """UM-11, UM-13, UM-5: the draw tells the acceptance first, then the cards drawn for the
    attack; the last card drawn is the one the turn stays open on."""
    game = position([f"{card} 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h")
    game.play(card)
    events = game.play("draw")
    kinds = [type(e) for e in events if isinstance(e, (AttackAccepted, CardsDrawn))]
    assert kinds == [AttackAccepted, CardsDrawn]
    assert reasons(events) == [(1, "attack")]
    taken = next(e for e in events if isinstance(e, CardsDrawn)).cards
    assert len(taken) == total and game.drawn == taken[-1]


def test_um_13_a_seven_raises_an_attack_of_two_on_the_next_player() -> None:
    """UM-13: playing a seven tells the attack of two cards raised on the next player."""
    game = position(["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h", direction=-1)
    assert AttackRaised(0, 2, 2) in game.play("7h")
    assert game.to_move == 2


def test_um_13_a_seven_rule_with_another_penalty_raises_that_many() -> None:
    """UM-13: a ``SevenCards`` rule given a penalty of 3 per seven raises and draws 3."""
    three_each = tuple((card, 3) for card, _ in SevenCards().penalties)
    sevens = SevenCards(penalties=three_each)
    variant = MAO.replace(SevenCards, sevens)
    game = position(["7h 5c 6d", "9c 8c 5h", "8h 6h 7d"], "9h", variant)
    assert AttackRaised(0, 1, 3) in game.play("7h")
    assert drawn(game.play("draw"), 1) == 3


@pytest.mark.parametrize("rule", [SevenCards, FourCards])
def test_um_11_um_13_fours_and_sevens_read_their_penalties_as_battle_cards_do(
    rule: type[BattleCards],
) -> None:
    """UM-11, UM-13: a map of cards (or their texts) to penalties is read as `BattleCards`
    reads it; a penalty below 1 or no map at all is a `SetupError` (a dict became a tuple
    of its keys, a card's text was never read, and 7♥ then cost 0)."""
    for given in ({"7h": 3}, {Card.parse("7h"): 3}, [("7h", 3)]):
        made = rule(penalties=given)
        assert made.penalties == ((Card.parse("7h"), 3),)
        assert made.penalty(Card.parse("7h")) == 3
    for bad in ([(Card.parse("7h"), 0)], 5):
        with pytest.raises(SetupError, match="penalt"):
            rule(penalties=bad)  # type: ignore[arg-type]


def test_um_16_a_jack_on_your_own_held_jack_costs_you_the_penalty_card() -> None:
    """UM-16: the player who played the first jack draws, even when they play the second;
    the infraction is told before the card it costs."""
    game = position(["Jh 5c 6s", "5s 6s 7s", "5h 6h 7h"], "9h Jc", effect="jack d by 0")
    events = game.play("Jh:s")
    told = [e for e in events if isinstance(e, (Penalised, CardsDrawn))]
    assert told[0] == Penalised(0, "UM-16", "a jack was played on their jack", 1)
    assert reasons(events) == [(0, "penalty")] and len(game.hands[0]) == 3


def test_um_16_with_nothing_left_to_draw_a_named_or_freed_suit_offers_no_draw() -> None:
    """UM-16, UM-26: with the stock empty and no card under the top, a held or released
    jack leaves no draw: the player plays or passes."""
    hands = ["5c 6d 8d", "8s 6s 7s", "5h 6h 7h"]
    held = Game.from_position(MAO, hands, pile="Jc", to_move=1, effect="jack h by 0")
    assert turn_moves(held) == ["pass"]
    free = Game.from_position(MAO, hands, pile="Jc", to_move=1, effect="free")
    assert "draw" not in turn_moves(free) and "8s" in " ".join(turn_moves(free))


def test_um_16_effect_text_free_takes_no_more_words() -> None:
    """UM-16: ``free`` is the whole text of a released jack; more words are refused."""
    with pytest.raises(SetupError):
        position(["5c 6d 8d", "8s 6s 7s", "5h 6h 7h"], "Jc", effect="free 0")


def test_um_20_an_identical_jack_starts_a_multiplex_and_still_names_a_suit() -> None:
    """UM-20, UM-16: a jack identical to the top jack is a multiplex play naming a suit."""
    game = position(["Jc 5c 6d", "Jd 6c 7c", "5h 8h 9h"], "Jc", effect="jack d by 2")
    assert {"Jc:c +two", "Jc:s +two"} <= set(turn_moves(game))
    events = game.play("Jc:s +two")
    assert AttackRaised(0, 1, 2) in events
    assert isinstance(game.effect, MultiplexEffect) and game.effect.count == 2
    assert not [e for e in events if isinstance(e, (Penalised, CardsDrawn))]


def test_um_20_with_effects_acting_a_multiplex_jack_costs_the_holder_nothing() -> None:
    """UM-20, UM-16: with ``multiplex_suspends_effects=False`` an identical jack on a held
    jack is a multiplex play, not a jack on a jack: the holder draws nothing."""
    variant = variants.mao(multiplex_suspends_effects=False)
    game = position(["Jc 5c 6d", "Jd 6c 7c", "5h 8h 9h"], "Jc", variant, effect="jack d by 2")
    events = game.play("Jc:s +two")
    assert not [e for e in events if isinstance(e, (Penalised, CardsDrawn))]
    assert len(game.hands[2]) == 3 and isinstance(game.effect, MultiplexEffect)


@pytest.mark.parametrize("suspends", [True, False])
def test_um_20_a_multiplex_jacks_named_suit_gives_way_to_the_multiplex(suspends: bool) -> None:
    """UM-20, UM-16 (docs/rules/mao.md, "Readings"): a jack in a multiplex names a suit
    that never acts, with the cards' effects suspended or not: once the multiplex is
    drawn, the next player plays on any suit (here a club on the named hearts)."""
    variant = variants.mao(multiplex_suspends_effects=suspends)
    game = position(["Jc 5c 6d", "5s 6s 7d", "5h 9h 7s 4c"], "Jc", variant, effect="jack d by 2")
    game.play("Jc:h +two")
    game.play("draw")
    assert game.effect is None and "4c" in turn_moves(game)


def test_um_20_each_card_of_a_multiplex_acts_when_effects_act() -> None:
    """UM-20: with ``multiplex_suspends_effects=False`` every six of a multiplex hits the
    previous player, not only the first."""
    variant = variants.mao(multiplex_suspends_effects=False)
    game = position(["6h 5c 8d", "6c 6d 7c", "5h 9h 7h"], "6h", variant)
    assert drawn(game.play("6h +two"), 2) == 2
    events = game.play("6c +three")
    assert drawn(events, 0) == 2 and AttackRaised(1, 2, 3) in events


def test_um_20_the_multiplex_draw_tells_the_acceptance_then_the_cards() -> None:
    """UM-20: drawing out of a multiplex is an accepted attack of the last number said,
    told before the cards it costs."""
    game = position(["8h 5c 6d", "5s 6c 7c", "5h 9h 7h"], "8h")
    game.play("8h +two")
    events = game.play("draw")
    kinds = [type(e) for e in events if isinstance(e, (AttackAccepted, CardsDrawn))]
    assert kinds == [AttackAccepted, CardsDrawn] and reasons(events) == [(1, "attack")]


def test_um_20_a_multiplex_without_a_count_is_not_an_effect_text() -> None:
    """UM-20: ``multiplex 8`` (no count) is no multiplex, and refused as a setup error."""
    assert Multiplex().parse_effect(["multiplex", "8"]) is None
    with pytest.raises(SetupError):
        position(["5c 6d 8d", "8s 6s 7s", "5h 6h 7h"], "8h", effect="multiplex 8")


def test_um_20_um_26_out_of_a_multiplex_with_nothing_to_draw_the_draw_takes_nothing() -> None:
    """UM-20, UM-26: a player without the rank draws out of a multiplex even when no card is
    left; the move is then over and the multiplex ends."""
    hands = ["5c 6d 8d", "5s 6s 7s", "5h 6h 7h"]
    game = Game.from_position(MAO, hands, pile="8h", to_move=1, effect="multiplex 8 2 by 0")
    assert turn_moves(game) == ["draw"]
    game.play("draw")
    assert game.effect is None and game.to_move == 2


@pytest.mark.parametrize("card", ["3h", "4h", "7h", "Jh"])
def test_um_20_with_effects_acting_an_attack_or_jack_in_a_multiplex_tells_nothing_more(
    card: str,
) -> None:
    """UM-20: with ``multiplex_suspends_effects=False`` only the effects that leave nothing
    in force act: a three, four, seven or jack in a multiplex raises no attack of its own
    and names no suit -- the events tell only the multiplex count."""
    variant = variants.mao(multiplex_suspends_effects=False)
    game = position([f"{card} 5c 6d", "8c 6c 7c", "5h 9h 7s"], card, variant)
    move = next(m for m in turn_moves(game) if m.startswith(card) and "+two" in m)
    events = game.play(move)
    assert [e for e in events if isinstance(e, (AttackRaised, SuitNamed))] == [
        AttackRaised(0, 1, 2)
    ]
    assert isinstance(game.effect, MultiplexEffect) and game.to_move == 1


@pytest.mark.parametrize("card", ["2h", "9h"])
def test_um_20_um_9_um_14_with_effects_acting_a_two_or_nine_in_a_multiplex_attacks_its_player(
    card: str,
) -> None:
    """UM-20 with ``multiplex_suspends_effects=False``, UM-9, UM-14: a two or nine played
    into a multiplex gives its player the next move, so they face the count themselves
    (play the rank again or draw it): the `AttackRaised` names them, not the next seat
    in turn order (it named seat 2 while seat 1 drew). As their last card it goes on to
    the next seat as usual."""
    variant = variants.mao(multiplex_suspends_effects=False, play_for_places=True)
    game = position(["8c 5c 6d", f"{card} 6c 7c", "5h 8h 7s"], card, variant, to_move=1)
    events = game.play(f"{card} +two")
    assert AttackRaised(1, 1, 2) in events and game.to_move == 1
    assert isinstance(game.effect, MultiplexEffect) and game.effect.seat == 1
    last = position(["8c 5c 6d", card, "5h 8h 7s"], card, variant, to_move=1)
    events = last.play(f"{card} +two +mau-mau")
    assert AttackRaised(1, 2, 2) in events and last.to_move == 2


def test_um_13_an_empty_effect_text_is_no_pending_seven() -> None:
    """UM-13: ``SevenCards.parse_effect`` leaves empty text alone; the variant refuses it."""
    assert SevenCards().parse_effect([]) is None
    with pytest.raises(SetupError, match="no effect written"):
        MAO.parse_effect("")


def test_um_14_a_default_nine_rule_leaves_the_nines_player_out() -> None:
    """UM-14: ``NineCards()`` by default draws for every other player, not the nine's."""
    variant = MAO.replace(NineCards, NineCards())
    game = position(["9c 5c 6d", "5d 6c 7c", "5h 6h 7h"], "9h", variant)
    assert [e.seat for e in game.play("9c") if isinstance(e, CardsDrawn)] == [1, 2]


@attrs.frozen
class _SilentJacks(HeldJacks):
    """Jacks whose player names no suit: the jack is held on its own suit."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        return (None,)


def test_um_16_a_jack_played_without_a_named_suit_holds_its_own_suit() -> None:
    """UM-16: a held-jack rule offering no suit choice holds the jack on the jack's suit."""
    jacks = next(rule for rule in MAO.rules if isinstance(rule, HeldJacks))
    variant = MAO.replace(HeldJacks, _SilentJacks(jacks.cards, ids=jacks.ids))
    game = position(["Jc 5d 6d", "5h 6h 7h", "8c 8d 8h"], "9h", variant)
    assert SuitNamed(0, Suit.CLUBS) in game.play("Jc")
    assert game.effect is not None and game.effect.to_text() == "jack c by 0"


# ---------------------------------------------------------------- third mutation audit


def _alone(hand: str, pile: str, effect: str | None = None) -> Game:
    """Seat 0 the only player still in a game played for places (1 and 2 went out)."""
    return position(
        [hand, "", ""],
        pile,
        variants.mao(play_for_places=True),
        finished=[1, 2],
        effect=effect,
    )


def test_um_13_a_seven_with_nobody_left_to_face_it_lapses() -> None:
    """UM-13: with nobody else in the game the seven's attack lapses (no pending seven,
    the turn is not sent to anyone)."""
    game = _alone("7h 5c 6d", "9h")
    events = game.play("7h")
    assert game.effect is None and game.pending.kind == "none"
    assert not any(isinstance(event, AttackRaised) for event in events)
    assert game.to_move == 0


def test_um_20_a_multiplex_with_nobody_left_to_go_on_lapses() -> None:
    """UM-20: a multiplex play with nobody left to continue ends the multiplex: the
    running count does not stay in force against the player."""
    game = _alone("8c 5c 6d", "8h 8h", effect="multiplex 8 2 by 1")
    game.play("8c +three")
    assert game.effect is None and game.pending.kind == "none"
    assert game.to_move == 0 and "5c +last-card" in game.legal_moves_text()  # plain play


def test_um_12_um_16_um_20_both_options_let_a_multiplex_of_sixes_cycle_for_ever() -> None:
    """With ``multiplex_suspends_effects=False`` and ``jack_cancels_penalty=False`` (the
    reading docs/rules/mao.md gives: the spec does not say which rule gives way), a
    multiplex of sixes with the stock empty never ends: each six makes the previous
    player draw (UM-12) the six just covered, reshuffled from the pile, every seat must
    play the rank (UM-20), and no jack may end it (UM-16 as the option reads it). With
    the jack's cancel kept, a jack is listed and ends it."""
    hands = ["6h 6d 5c Jc", "6c 6s 5d Jd", "6d 6c 5h Js"]
    both = variants.mao(multiplex_suspends_effects=False, jack_cancels_penalty=False)
    game = Game.from_position(both, hands=hands, pile="9c 6h", stock="")
    game.play("6h +two")
    for _ in range(30):
        moves = turn_moves(game)
        assert not any(move.startswith(("J", "draw")) for move in moves)
        game.play(next(move for move in moves if move.startswith("6")))
    effect = game.effect
    assert isinstance(effect, MultiplexEffect) and effect.count == 32 and not game.is_over
    assert all(any(card.rank is Rank.SIX for card in game.hand(seat)) for seat in range(3))
    kept = variants.mao(multiplex_suspends_effects=False)
    game = Game.from_position(kept, hands=hands, pile="9c 6h", stock="")
    game.play("6h +two")
    jack = next(move for move in turn_moves(game) if move.startswith("Jd"))
    game.play(jack)
    assert not isinstance(game.effect, MultiplexEffect)
