"""Czech prší (PR-1 … PR-6): one scenario per rule id, read against the rules cited in
src/makao/variants/prsi.py."""

from __future__ import annotations

from typing import Any

import pytest

from _family import deal_with_top, plays
from makao import Game, Outcome, SetupError, Suit, variants
from makao.events import (
    AttackAccepted,
    AttackRaised,
    GameOver,
    SuitNamed,
    WaitAccepted,
    WaitRaised,
)

PR = variants.get("prsi")


def test_pr_1_a_32_card_pack_four_cards_each_two_to_five_players() -> None:
    game = Game.new(PR, 5, seed=3)
    assert [len(game.hand(s)) for s in range(5)] == [4] * 5
    assert game.stock_size == 32 - 20 - 1
    with pytest.raises(SetupError):
        Game.new(PR, 6, seed=3)


def test_pr_1_the_starting_card_has_no_effect() -> None:
    game = deal_with_top(PR, 7)
    assert game.effect is None
    assert game.to_move == 0


def test_pr_2_no_match_draw_one_card_and_the_next_player_plays() -> None:
    game = Game.from_position(PR, hands=["Kc 8d", "Ah 9s"], pile="9h", stock="10h Qs")
    assert plays(game) == set()
    game.play("draw")  # the 10 of hearts would match, but the turn is over
    assert game.to_move == 1
    assert len(game.hand(0)) == 3


def test_pr_3_a_seven_draws_two_and_each_added_seven_two_more() -> None:
    game = Game.from_position(
        PR, hands=["7h 9s 10s", "7c Kh 10c", "Ad 8d"], pile="9h", stock="Qs Qc Qd Kc Ks"
    )
    game.play("7h")
    assert plays(game) == {"7c"}
    game.play("7c")
    assert AttackAccepted(2, 4) in game.play("draw")
    assert len(game.hand(2)) == 6 and game.to_move == 0


def test_pr_4_after_an_ace_the_next_player_stands_or_adds_an_ace() -> None:
    game = Game.from_position(PR, hands=["Ah Kc", "Ad 9s 10s", "8c Kd", "9d 10d"], pile="9h")
    game.play("Ah")
    assert game.legal_moves_text() == ["Ad", "pass"]
    assert WaitRaised(1, 2, 1) in game.play("Ad")  # passed on: still one turn, not two
    assert game.legal_moves_text() == ["pass"]
    assert WaitAccepted(2, 1) in game.play("pass")
    assert game.to_move == 3
    assert game.waits == (0, 0, 0, 0)  # standing costs this one turn only


def test_pr_5_a_queen_goes_on_any_card_and_names_the_suit() -> None:
    game = Game.from_position(PR, hands=["Qd 8h", "Kh 9c"], pile="9s", stock="10c")
    assert {"Qd:c", "Qd:d", "Qd:h", "Qd:s"} <= plays(game)
    assert SuitNamed(0, Suit.HEARTS) in game.play("Qd:h")
    assert plays(game) == {"Kh"}


def test_pr_5_a_queen_cannot_answer_a_live_seven_or_ace() -> None:
    seven = Game.from_position(PR, hands=["Qh 7d", "9s"], pile="7h", effect="attack 2 by 1")
    assert plays(seven) == {"7d"}
    ace = Game.from_position(PR, hands=["Qh 9d", "9s"], pile="Ah", effect="wait 1 by 1")
    assert plays(ace) == set()


def test_pr_6_the_first_out_wins_and_the_game_ends() -> None:
    game = Game.from_position(PR, hands=["9h", "9c Ks", "Kd"], pile="9s")
    assert isinstance(game.play("9h")[-1], GameOver)
    assert game.outcome == Outcome((0, 2, 1))


def test_pr_6_with_play_for_places_the_others_play_on() -> None:
    places = variants.get("prsi", play_for_places=True)
    game = Game.from_position(places, hands=["9h", "9c Ks", "Kd"], pile="9s")
    game.play("9h")
    assert not game.is_over and game.to_move == 1


def test_pr_5_the_named_suit_binds_until_a_card_is_played_on_it() -> None:
    game = Game.from_position(PR, hands=["9c Kc", "Kh 10c"], pile="Qd", stock="8d", effect="suit h")
    game.play("draw")  # no heart in hand: draw one, and the turn passes
    assert game.to_move == 1
    assert plays(game) == {"Kh"}


def test_pr_6_playing_on_for_places_a_last_seven_ace_or_queen_still_acts() -> None:
    # PR-3…PR-5 know no exception for a player's last card: when the others play on,
    # the next player draws two (or adds a 7), stands (or adds an ace), follows the suit.
    places = variants.get("prsi", play_for_places=True)
    hands = ["9c Ks 7c Ac", "Kd 10d 8d"]
    seven = Game.from_position(places, hands=["7h", *hands], pile="9h", stock="8s 8c 9s 9d")
    assert AttackRaised(0, 1, 2) in seven.play("7h")
    assert seven.to_move == 1 and plays(seven) == {"7c"}
    ace = Game.from_position(places, hands=["Ah", *hands], pile="9h", stock="8s 8c")
    ace.play("Ah")
    assert ace.legal_moves_text() == ["Ac", "pass"]
    queen = Game.from_position(places, hands=["Qh", *hands], pile="9h", stock="8s 8c")
    assert SuitNamed(0, Suit.SPADES) in queen.play("Qh:s")
    assert plays(queen) == {"Ks"}


@pytest.mark.parametrize("value", [1, 0, "no", None])
def test_pr_6_play_for_places_must_be_a_bool(value: Any) -> None:
    """PR-6's option is a bool: ``1`` or ``"no"`` (which would count as true) is refused."""
    with pytest.raises(SetupError, match=f"play_for_places must be bool, not {value!r}"):
        variants.get("prsi", play_for_places=value)


def test_pr_1_hand_size_below_one_is_refused() -> None:
    with pytest.raises(SetupError, match="hand_size must be at least 1, not 0"):
        variants.get("prsi", hand_size=0)


def test_pr_2_one_card_per_turn_not_a_set_of_the_same_rank() -> None:
    """PR-2: one card per turn; two nines matching the top card are two plays, not one."""
    game = Game.from_position(PR, hands=["9c 9d Kd", "Ah"], pile="9h", stock="Qs")
    assert plays(game) == {"9c", "9d"}


def test_pr_2_no_position_holds_a_card_just_drawn() -> None:
    """PR-2: the drawn card is never played, so a position after a draw is refused."""
    with pytest.raises(SetupError, match="prsi plays no card after a draw"):
        Game.from_position(
            variants.prsi(), hands=["9h 8c", "10s"], pile="9d", stock="Kd", drawn="9h"
        )
