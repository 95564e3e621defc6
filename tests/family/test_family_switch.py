"""British Switch (SW-1 … SW-8): one scenario per rule id, read against the rules cited
in src/makao/variants/switch.py."""

from __future__ import annotations

import pytest

from _family import plays
from makao import Game, Outcome, SetupError, Suit, variants
from makao.events import (
    AttackAccepted,
    CallMade,
    CardsDrawn,
    DirectionChanged,
    GameOver,
    Penalised,
    SuitNamed,
    TurnSkipped,
)
from makao.rules import PlayRule

SW = variants.get("switch")


def test_sw_1_seven_cards_each_and_no_trick_card_to_start() -> None:
    for seed in range(40):
        game = Game.new(SW, 4, seed=seed)
        assert [len(game.hand(s)) for s in range(4)] == [7] * 4
        assert game.top.rank not in (2, 8, 11, 14)


def test_sw_2_match_suit_or_rank_else_draw_one_and_play_it_if_able() -> None:
    game = Game.from_position(SW, hands=["9c Kd 5s", "3h"], pile="9h", stock="Qh")
    assert plays(game) == {"9c"}
    game.play("draw")
    assert game.legal_moves_text() == ["Qh", "pass"]


def test_sw_3_a_two_makes_the_next_pick_up_two_unless_they_play_a_two() -> None:
    game = Game.from_position(
        SW, hands=["2h 9s 10s", "2c Kh 10c", "Ad 8d"], pile="9h", stock="Qs Qc Qd Kc Ks"
    )
    game.play("2h")
    assert plays(game) == {"2c"}
    game.play("2c")
    assert AttackAccepted(2, 4) in game.play("draw")
    assert len(game.hand(2)) == 6 and game.to_move == 0


def test_sw_4_an_eight_makes_the_next_player_miss_a_turn() -> None:
    game = Game.from_position(SW, hands=["8h 10c", "9h", "Kh"], pile="10h")
    assert TurnSkipped(1) in game.play("8h")
    assert game.to_move == 2


def test_sw_5_a_jack_reverses_the_direction_of_play() -> None:
    game = Game.from_position(SW, hands=["Jh 3c 4c", "9h", "Kh", "5h"], pile="10h")
    assert DirectionChanged(-1) in game.play("Jh")
    assert game.to_move == 3 and game.direction == -1


def test_sw_5_with_two_players_a_jack_lets_its_player_play_again() -> None:
    game = Game.from_position(SW, hands=["Jh 3h 4c", "9h 9s"], pile="10h")
    game.play("Jh")
    assert game.to_move == 0
    assert plays(game) == {"3h"}


def test_sw_5_two_jacks_in_one_play_reverse_twice() -> None:
    sets = SW.replace(PlayRule, PlayRule(multi_card=True), name="switch-sets")
    game = Game.from_position(sets, hands=["Jh Js 4c", "9h", "Kh", "5h"], pile="10h")
    assert not any(isinstance(e, DirectionChanged) for e in game.play("Jh Js"))
    assert game.to_move == 1


def test_sw_6_an_ace_goes_on_any_card_and_changes_the_suit() -> None:
    game = Game.from_position(SW, hands=["Ad 8h 3h", "Kh 9c"], pile="9s", stock="10c")
    assert {"Ad:c", "Ad:d", "Ad:h", "Ad:s"} <= plays(game)
    assert SuitNamed(0, Suit.HEARTS) in game.play("Ad:h")
    assert plays(game) == {"Kh"}


def test_sw_7_caught_without_saying_last_card_pick_up_two() -> None:
    game = Game.from_position(SW, hands=["9h 4c", "9c Ks", "Kd"], pile="9s", stock="Qd Qc")
    game.play("9h")
    assert "1: stop 0" in game.legal_moves_text(1)
    events = game.play("1: stop 0")
    assert Penalised(0, "SW-7", "stop last-card called by seat 1", 2) in events
    assert len(game.hand(0)) == 3


def test_sw_7_saying_last_card_with_the_play_leaves_nothing_to_catch() -> None:
    game = Game.from_position(SW, hands=["9h 4c", "9c Ks", "Kd"], pile="9s", stock="Qd Qc")
    assert CallMade(0, "last-card") in game.play("9h +last-card")
    assert not any("stop" in move for move in game.legal_moves_text(1))


def test_sw_8_the_first_out_wins_and_the_game_ends() -> None:
    game = Game.from_position(SW, hands=["9h", "9c Ks", "Kd"], pile="9s")
    assert isinstance(game.play("9h")[-1], GameOver)
    assert game.outcome == Outcome((0, 2, 1))


def test_sw_1_two_decks_from_six_players_not_five() -> None:
    def cards(players: int) -> int:
        game = Game.new(SW, players, seed=2)
        return sum(len(game.hand(s)) for s in range(players)) + game.stock_size + 1

    assert (cards(5), cards(6)) == (52, 104)


def test_sw_6_an_ace_cannot_be_played_on_a_live_two() -> None:
    game = Game.from_position(SW, hands=["Ah 2d 9c", "9s"], pile="2h", effect="attack 2 by 1")
    assert plays(game) == {"2d"}


def test_sw_6_the_named_suit_binds_until_a_card_is_played_on_it() -> None:
    game = Game.from_position(SW, hands=["9c Kc", "Kh 10c"], pile="Ad", stock="8d", effect="suit h")
    game.play("draw")  # the eight of diamonds is no heart: the turn passes
    assert game.to_move == 1
    assert plays(game) == {"Kh"}


def test_sw_6_under_a_named_suit_only_a_player_who_cannot_follow_draws() -> None:
    game = Game.from_position(SW, hands=["Kh 9c", "8d"], pile="Ad", stock="Qd", effect="suit h")
    assert "draw" not in game.legal_moves_text()
    free = Game.from_position(SW, hands=["Kh 9c", "8d"], pile="9d", stock="Qd")
    assert "draw" in free.legal_moves_text()  # SW-2: with no suit named, "will not" play


def test_sw_7_a_penalty_of_zero_is_allowed_and_a_catch_costs_nothing() -> None:
    """SW-7's ``penalty`` may be 0 (a catch then picks up nothing); a bool is no number."""
    free = variants.get("switch", penalty=0)
    game = Game.from_position(free, hands=["9h 4c", "9c Ks", "Kd"], pile="9s", stock="Qd Qc")
    game.play("9h")
    assert Penalised(0, "SW-7", "stop last-card called by seat 1", 0) in game.play("1: stop 0")
    assert len(game.hand(0)) == 1
    with pytest.raises(SetupError, match="penalty must be int, not True"):
        variants.get("switch", penalty=True)


def test_sw_2_one_card_per_turn_not_a_set_of_the_same_rank() -> None:
    """SW-2: one card per turn; two nines matching the top card are two plays, not one."""
    game = Game.from_position(SW, hands=["9c 9d 4s", "3h"], pile="9h", stock="Qs")
    assert plays(game) == {"9c", "9d"}


def test_sw_7_a_catch_with_a_penalty_of_zero_reports_no_empty_draw() -> None:
    """SW-7 with ``penalty=0``: the catch is reported, and no draw of no card."""
    free = variants.get("switch", penalty=0)
    game = Game.from_position(free, hands=["9h 4c", "9c Ks", "Kd"], pile="9s", stock="Qd Qc")
    game.play("9h")
    events = game.play("1: stop 0")
    assert Penalised(0, "SW-7", "stop last-card called by seat 1", 0) in events
    assert not any(isinstance(event, CardsDrawn) for event in events)
