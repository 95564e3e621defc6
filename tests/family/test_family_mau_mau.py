"""German Mau-Mau (MM-1 … MM-7): one scenario per rule id, read against the rules cited
in src/makao/variants/mau_mau.py."""

from __future__ import annotations

import pytest

from _family import deal_with_top, plays
from makao import Game, Outcome, SetupError, Suit, variants
from makao.events import (
    AttackAccepted,
    AttackRaised,
    CallMade,
    CardsDrawn,
    DemandEnded,
    GameOver,
    Penalised,
    SuitNamed,
    TurnSkipped,
)
from makao.rules import AttackEffect, PlayRule, SuitDemand

MM = variants.get("mau-mau")


def test_mm_1_a_32_card_pack_and_five_cards_each() -> None:
    game = Game.new(MM, 3, seed=1)
    cards = [c for s in range(3) for c in game.hand(s)] + list(game.stock) + list(game.pile)
    assert len(cards) == 32 and all(card.rank >= 7 for card in cards)
    assert [len(game.hand(s)) for s in range(3)] == [5, 5, 5]
    with pytest.raises(SetupError):
        Game.new(variants.get("mau-mau", decks=1), 7, seed=1)  # 7 × 5 + 1 > 32
    assert len(Game.new(MM, 7, seed=1).stock) == 64 - 36  # two packs from six players


def test_mm_1_the_first_card_counts_as_played_by_the_dealer() -> None:
    seven = deal_with_top(MM, 7)
    assert isinstance(seven.effect, AttackEffect) and seven.effect.total == 2
    assert seven.to_move == 0
    eight = deal_with_top(MM, 8)
    assert eight.to_move == 1  # seat 0 is skipped


def test_mm_2_one_matching_card_or_draw_one_and_maybe_play_it() -> None:
    game = Game.from_position(MM, hands=["9c Kd 10d", "Ah"], pile="9h", stock="Qh")
    assert plays(game) == {"9c"}
    game.play("draw")
    assert game.legal_moves_text() == ["Qh", "pass"]


def test_mm_3_a_seven_makes_the_next_draw_two_unless_they_add_a_seven() -> None:
    game = Game.from_position(
        MM, hands=["7h 9s 10s", "7c Kh 10c", "Ad 8d"], pile="9h", stock="Qs Qc Qd Kc Ks"
    )
    game.play("7h")
    assert plays(game) == {"7c"}  # not the king of hearts
    game.play("7c")
    events = game.play("draw")
    assert AttackAccepted(2, 4) in events
    assert len(game.hand(2)) == 6
    assert game.to_move == 0


def test_mm_4_an_eight_makes_the_next_player_miss_a_turn() -> None:
    game = Game.from_position(MM, hands=["8h 10c", "9h", "Kh"], pile="10h")
    events = game.play("8h")
    assert TurnSkipped(1) in events
    assert game.to_move == 2


def test_mm_4_mm_5_an_eight_on_a_named_suit_ends_it() -> None:
    """MM-4, MM-5: an eight of the named suit skips the next player and ends the named
    suit (``DemandEnded``), though it leaves no effect of its own in force."""
    game = Game.from_position(MM, hands=["Jd Kh", "8s 10h", "Ks 9s"], pile="9c", stock="Qd")
    game.play("Jd:s")
    events = game.play("8s")
    assert events[-2:] == (TurnSkipped(2), DemandEnded(Suit.SPADES))
    assert game.effect is None and game.to_move == 0


def test_mm_5_a_jack_on_any_card_names_the_suit() -> None:
    game = Game.from_position(MM, hands=["Jd Kh", "Ks 10h Jh"], pile="9c", stock="Qd")
    assert {"Jd:c", "Jd:d", "Jd:h", "Jd:s"} <= plays(game)
    assert SuitNamed(0, Suit.SPADES) in game.play("Jd:s")
    assert plays(game) == {"Ks", "Jh:c", "Jh:d", "Jh:h", "Jh:s"}
    assert isinstance(game.effect, SuitDemand)


def test_mm_5_a_jack_cannot_be_played_on_a_live_seven() -> None:
    game = Game.from_position(MM, hands=["Jc 7d", "9s"], pile="7h", effect="attack 2 by 1")
    assert plays(game) == {"7d"}


def test_mm_6_a_player_left_with_one_card_who_does_not_say_mau_draws_two() -> None:
    game = Game.from_position(MM, hands=["9h 10h Kc", "9c Ks"], pile="9s", stock="Qd Qc Qh")
    game.play("9h")
    events = game.play("9c")
    assert not any(isinstance(e, Penalised) for e in events)
    game = Game.from_position(MM, hands=["9h Kc", "9c Ks"], pile="9s", stock="Qd Qc Qh")
    game.play("9h")  # one card left, and no "mau"
    events = game.play("9c")
    assert Penalised(0, "MM-6", "did not say mau", 2) in events
    assert len(game.hand(0)) == 3


def test_mm_6_saying_mau_with_the_play_costs_nothing() -> None:
    game = Game.from_position(MM, hands=["9h Kc", "9c Ks"], pile="9s", stock="Qd Qc")
    assert CallMade(0, "mau") in game.play("9h +mau")
    assert not any(isinstance(e, Penalised) for e in game.play("9c"))


def test_mm_7_going_out_needs_mau_mau_else_draw_two_and_play_on() -> None:
    game = Game.from_position(MM, hands=["9h", "9c Ks", "Kd"], pile="9s", stock="Qd Qc")
    events = game.play("9h")
    assert Penalised(0, "MM-7", "did not say mau-mau", 2) in events
    assert any(isinstance(e, CardsDrawn) and e.seat == 0 for e in events)
    assert not game.is_over


def test_mm_7_the_first_out_with_mau_mau_wins_and_the_game_ends() -> None:
    game = Game.from_position(MM, hands=["9h", "9c Ks", "Kd"], pile="9s")
    events = game.play("9h +mau-mau")
    assert isinstance(events[-1], GameOver)
    assert game.outcome == Outcome((0, 2, 1))


def test_mm_3_mm_7_a_seven_that_ends_the_game_leaves_no_attack_in_force() -> None:
    """MM-3, MM-7: a finishing seven attacks, but once the game is over no effect is left."""
    game = Game.from_position(MM, hands=["7h", "8c 9c"], pile="7c", stock="8d 9d 10d 8s")
    events = game.play("7h +mau-mau")
    assert isinstance(events[-1], GameOver) and any(isinstance(e, AttackRaised) for e in events)
    assert game.effect is None and game.legal_moves() == ()


def test_mm_7_a_last_card_played_without_mau_mau_keeps_its_effect() -> None:
    # The player does not go out (MM-7: draw two, play on), so the card acts as any other
    # play would: the seven attacks (MM-3), the eight skips (MM-4), the jack names (MM-5).
    hands = ["9c Ks 7c", "Kd 10d"]
    stock = "Qd Qc Qs 10s 10c"
    seven = Game.from_position(MM, hands=["7h", *hands], pile="9h", stock=stock)
    seven.play("7h")
    assert isinstance(seven.effect, AttackEffect) and seven.effect.total == 2
    assert seven.to_move == 1 and plays(seven) == {"7c"}
    eight = Game.from_position(MM, hands=["8h", *hands], pile="9h", stock=stock)
    assert TurnSkipped(1) in eight.play("8h")
    assert eight.to_move == 2
    jack = Game.from_position(MM, hands=["Jh", *hands], pile="9h", stock=stock)
    assert {"Jh:c", "Jh:d", "Jh:h", "Jh:s"} <= plays(jack)
    assert SuitNamed(0, Suit.SPADES) in jack.play("Jh:s")
    assert plays(jack) == {"Ks"}


def test_mm_1_two_packs_from_six_players_not_five() -> None:
    def cards(players: int) -> int:
        game = Game.new(MM, players, seed=2)
        return sum(len(game.hand(s)) for s in range(players)) + game.stock_size + 1

    assert (cards(5), cards(6)) == (32, 64)


def test_mm_5_the_named_suit_binds_until_a_card_is_played_on_it() -> None:
    game = Game.from_position(MM, hands=["9c Kc", "Kh 10c"], pile="Jd", stock="Qd", effect="suit h")
    game.play("draw")  # the queen of diamonds is no heart: the turn passes
    assert isinstance(game.effect, SuitDemand)
    assert plays(game) == {"Kh"}


def test_mm_6_mau_may_still_be_said_before_the_next_move() -> None:
    game = Game.from_position(MM, hands=["9h Kc", "9c Ks"], pile="9s", stock="Qd Qc")
    game.play("9h")
    assert "0: say mau" in game.legal_moves_text(0)
    assert CallMade(0, "mau") in game.play("0: say mau")
    assert not any(isinstance(e, Penalised) for e in game.play("9c"))


def test_mm_5_under_a_named_suit_only_a_player_who_cannot_follow_draws() -> None:
    game = Game.from_position(MM, hands=["Kh 9c", "8d"], pile="Jd", stock="Qd", effect="suit h")
    assert "draw" not in game.legal_moves_text()
    jack = Game.from_position(MM, hands=["Jc 9c", "8d"], pile="Jd", stock="Qd", effect="suit h")
    assert "draw" not in jack.legal_moves_text()
    free = Game.from_position(MM, hands=["Kh 9c", "8d"], pile="9d", stock="Qd")
    assert "draw" in free.legal_moves_text()  # MM-2: with no suit named, "will not" play


def test_mm_6_mm_7_a_penalty_of_zero_is_allowed_and_costs_nothing() -> None:
    """``penalty`` (MM-6, MM-7) may be 0: a forgotten "Mau" is still charged, for nothing;
    a negative penalty is refused."""
    free = variants.get("mau-mau", penalty=0)
    game = Game.from_position(free, hands=["9h Kc", "9c Ks"], pile="9s", stock="Qd Qc")
    game.play("9h")
    assert Penalised(0, "MM-6", "did not say mau", 0) in game.play("9c")
    assert len(game.hand(0)) == 1
    with pytest.raises(SetupError, match="penalty must be at least 0, not -1"):
        variants.get("mau-mau", penalty=-1)


def test_mm_2_one_card_per_turn_not_a_set_of_the_same_rank() -> None:
    """MM-2: one card per turn; two nines matching the top card are two plays, not one."""
    game = Game.from_position(MM, hands=["9c 9d Kd", "Ah"], pile="9h", stock="Qs")
    assert plays(game) == {"9c", "9d"}


def test_mm_4_each_eight_of_a_several_card_play_skips_a_player() -> None:
    """MM-4: with several eights played at once (a house rule), each skips a player."""
    several = MM.replace(PlayRule, PlayRule(multi_card=True, ids=("MM-2",)))
    game = Game.from_position(
        several, hands=["8h 8s 9c", "9d", "10d", "Jd"], pile="8c", stock="7c 7d"
    )
    assert game.play("8h 8s")[1:] == (TurnSkipped(1), TurnSkipped(2))
    assert game.to_move == 3


def test_mm_6_a_penalty_of_zero_reports_no_empty_draw() -> None:
    """MM-6 with ``penalty=0``: the missing "Mau" is reported, and no draw of no card (as
    a forgotten "Mau-Mau", MM-7, draws nothing)."""
    free = variants.get("mau-mau", penalty=0)
    game = Game.from_position(free, hands=["9h Kc", "9c Ks"], pile="9s", stock="Qd Qc")
    game.play("9h")
    events = game.play("9c")
    assert Penalised(0, "MM-6", "did not say mau", 0) in events
    assert not any(isinstance(event, CardsDrawn) for event in events)
