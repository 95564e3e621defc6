"""Polish makao: the jack demands a rank for one full round (PL-21 … PL-25)."""

from __future__ import annotations

import attrs
import pytest

from makao import Card, Game, IllegalMoveError, Play, Rank, SetupError, variants
from makao.events import CardsDrawn, DemandEnded, DemandSet, Passed, TurnSkipped
from makao.rules import RankDemandCards
from makao.rules.demand import RankDemand

PL = variants.polish()
STOCK = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls or choices)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_21_a_jack_is_played_by_suit_or_rank() -> None:
    game = Game.from_position(PL, hands=["Jh Js Jd 5c", "6c"], pile="9h", stock=STOCK)
    assert plays(game) == {"Jh", "Jh Js", "Jh Jd", "Jh Js Jd", "Jh Jd Js"}
    with pytest.raises(IllegalMoveError):
        game.play("Js:7")  # J♠ neither matches 9♥ nor follows a jack
    jack_on_jack = Game.from_position(PL, hands=["5c", "Js 5d"], pile="Jh", to_move=1)
    assert plays(jack_on_jack) == {"Js"}


def test_pl_21_the_jack_names_a_rank_from_five_to_ten_or_none() -> None:
    game = Game.from_position(PL, hands=["Jh 5c 6c", "6d"], pile="9h", stock=STOCK)
    assert game.legal_moves_text(0)[:7] == ["Jh", "Jh:5", "Jh:6", "Jh:7", "Jh:8", "Jh:9", "Jh:10"]
    for bad in ["Jh:4", "Jh:Q", "Jh:A", "Jh:h"]:
        with pytest.raises(IllegalMoveError):
            game.play(bad)


def test_pl_21_a_jack_with_no_demand_is_ordinary() -> None:
    game = Game.from_position(PL, hands=["Jh 5c 6c", "6h 7d 5d"], pile="9h", stock=STOCK)
    assert game.play("Jh")[-1] == DemandSet(0, None)
    assert game.effect is None
    assert plays(game) == {"6h"}


def test_pl_22_the_demand_lasts_a_full_round_including_the_demander() -> None:
    """PL-22: the demand lasts a full round including the demander."""
    hands = ["Jh 7d 5h 5s", "7c 6h 6s", "9s 9c 10s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    assert plays(game) == {"7c"}
    game.play("7c")
    assert game.effect == PL.parse_effect("demand 7 by 0")
    assert plays(game) == set()  # seat 2 has no seven and no jack
    game.play("draw")  # 5c: not a seven
    assert game.to_move == 0
    assert plays(game) == {"7d"}  # the demander follows the demand too
    assert game.play("7d")[-1] == DemandEnded(Rank.SEVEN)
    assert game.effect is None


def test_pl_23_several_cards_of_the_demanded_rank_any_suit() -> None:
    """PL-23: several cards of the demanded rank any suit."""
    game = Game.from_position(
        PL,
        hands=["5h 6h", "7c 7s Qh 9h"],
        pile="Jh",
        stock=STOCK,
        effect="demand 7 by 0",
        to_move=1,
    )
    assert plays(game) == {"7c", "7s", "7c 7s", "7s 7c"}


def test_pl_23_a_new_jack_replaces_the_demand_and_restarts_the_round() -> None:
    """PL-23: a new jack replaces the demand and restarts the round."""
    hands = ["Jh 5h 6h", "Jc 9c 9s", "8c 8s 5s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    events = game.play("Jc:8")
    assert events[1:] == (DemandSet(1, Rank.EIGHT), DemandEnded(Rank.SEVEN))
    game.play("8c")
    game.play("draw")  # seat 0: the round now ends with seat 1, the new demander
    assert game.effect == PL.parse_effect("demand 8 by 1")
    assert game.to_move == 1
    assert plays(game) == set()


def test_pl_23_a_jack_with_no_demand_cancels_the_demand() -> None:
    """PL-23: a jack with no demand cancels the demand."""
    hands = ["Jh 5h 6h", "Jc 9c 9s", "8c 8s 5s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    assert game.play("Jc")[1:] == (DemandSet(1, None), DemandEnded(Rank.SEVEN))
    assert game.effect is None
    assert plays(game) == {"8c", "8c 8s"}  # any card matching J♣, not only sevens


def test_pl_24_a_player_who_can_follow_must() -> None:
    """PL-24: a player who can follow must."""
    game = Game.from_position(
        PL, hands=["5h 6h", "7c 9h 5d"], pile="Jh", stock=STOCK, effect="demand 7 by 0", to_move=1
    )
    assert "draw" not in game.legal_moves_text(1)
    with pytest.raises(IllegalMoveError):
        game.play("draw")


def test_pl_24_may_decline_demands_lets_a_player_draw_instead() -> None:
    """PL-24: may decline demands lets a player draw instead."""
    variant = variants.polish(may_decline_demands=True)
    game = Game.from_position(
        variant, hands=["5h 6h", "7c 9h"], pile="Jh", stock=STOCK, effect="demand 7 by 0", to_move=1
    )
    assert "draw" in game.legal_moves_text(1)


@pytest.mark.parametrize("drawn", ["7s", "Jd"])
def test_pl_24_who_cannot_follow_draws_one_and_may_play_it(drawn: str) -> None:
    """PL-24: who cannot follow draws one and may play it."""
    game = Game.from_position(
        PL,
        hands=["5h 6h", "9h 5d"],
        pile="Jh",
        stock=f"{drawn} 9c",
        effect="demand 7 by 0",
        to_move=1,
    )
    assert game.legal_moves_text(1) == ["draw"]
    game.play("draw")
    assert game.to_move == 1
    assert plays(game) == {drawn}
    game.play(drawn)
    assert game.top == Card.parse(drawn)


def test_pl_24_a_drawn_card_that_does_not_follow_ends_the_turn() -> None:
    """PL-24: a drawn card that does not follow ends the turn."""
    game = Game.from_position(
        PL, hands=["5h 6h", "9h 5d"], pile="Jh", stock="9c 9d", effect="demand 7 by 0", to_move=1
    )
    assert game.play("draw") == (CardsDrawn(1, (Card.parse("9c"),), "draw", 1),)
    assert game.to_move == 0


def test_pl_25_after_the_round_play_continues_on_the_top_card() -> None:
    hands = ["Jh 7d 5h 5s", "7c 6c 6d Qs"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    game.play("7c")
    game.play("7d")  # the demander's own turn ends the demand
    assert game.effect is None
    assert plays(game) == {"6d", "6d 6c", "Qs"}  # by suit or rank on 7d; the queen is wild again


def test_pl_22_a_waiting_players_skipped_turn_counts_in_the_round() -> None:
    """PL-22: a waiting players skipped turn counts in the round."""
    hands = ["Jh 7d 5h 5s", "7c 6h 6s", "9s 9c 10s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK, waits=[0, 0, 1])
    game.play("Jh:7")
    assert TurnSkipped(2) in game.play("7c")
    assert game.to_move == 0
    assert plays(game) == {"7d"}
    assert game.play("7d")[-1] == DemandEnded(Rank.SEVEN)


def test_pl_19_pl_22_a_waiting_demanders_skipped_turn_ends_the_demand() -> None:
    """PL-19, PL-22: the round ends with the demander's own turn, even one skipped waiting."""
    hands = ["9s 10s", "7h 8h 9h", "7s 8s Qs"]
    game = Game.from_position(
        PL, hands=hands, pile="Jc", stock=STOCK, waits=[1, 0, 0], effect="demand 7 by 0", to_move=2
    )
    events = game.play("7s")
    assert events[1:] == (TurnSkipped(0), DemandEnded(Rank.SEVEN))
    assert game.effect is None and game.to_move == 1
    assert plays(game) == {"7h"}  # on 7s by rank, as without a demand


def test_pl_24_a_jack_rule_made_without_options_makes_a_player_who_can_follow_follow() -> None:
    """PL-24: by default (``may_decline`` false) a player able to follow may not draw."""
    rule = RankDemandCards()
    assert not rule.may_decline
    variant = PL.replace(RankDemandCards, rule)
    game = Game.from_position(
        variant, hands=["5d", "7c 9c"], pile="Jh", stock=STOCK, effect="demand 7 by 0", to_move=1
    )
    assert game.legal_moves_text() == ["7c", "7c +makao"]


@attrs.frozen
class _UsersDemand(RankDemand):
    """A user's rank demand: the engine calls its hooks (`RankDemand.may_draw`)."""


def test_pl_24_a_demand_offers_no_draw_when_no_card_can_be_drawn() -> None:
    """PL-24: a player who cannot follow draws -- unless there is no card to draw."""
    jacks = next(rule for rule in PL.rules if isinstance(rule, RankDemandCards))
    for effect in (_UsersDemand(Rank.SEVEN, 0, jacks), "demand 7 by 0"):
        game = Game.from_position(
            PL, hands=["5d", "9c 10c"], pile="Jh", stock="", effect=effect, to_move=1
        )
        assert game.legal_moves_text() == ["pass"]


def test_pl_22_pl_24_the_demander_passing_on_a_drawn_card_ends_the_demand() -> None:
    """PL-22, PL-24: the demander's turn ends the round even when it ends by a pass after
    drawing a card that could have been played."""
    game = Game.from_position(PL, hands=["Jh 5d 9c", "7s 8s"], pile="9h", stock="7c 5c 6c")
    game.play("Jh:7")
    game.play("7s")
    game.play("draw")
    assert game.legal_moves_text() == ["7c", "pass"]
    assert game.play("pass") == (Passed(0), DemandEnded(Rank.SEVEN))
    assert game.effect is None and game.to_move == 1


def test_pl_23_a_new_jack_demanding_the_same_rank_ends_no_demand() -> None:
    """PL-23: a jack on a jack that demands the same rank again replaces the demand and
    restarts its round, without ending it."""
    hands = ["Jh 5h 6h", "Jc 9c 7s", "8c 8s 5s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    assert game.play("Jc:7")[1:] == (DemandSet(1, Rank.SEVEN),)
    assert game.effect == PL.parse_effect("demand 7 by 1")


@pytest.mark.parametrize("rank", ["4", "J", "Q", "A"])
def test_pl_21_a_demand_for_a_rank_outside_five_to_ten_is_no_polish_effect(rank: str) -> None:
    """PL-21: only 5…10 may be demanded, so a demand text for another rank is none the
    jacks make (the variant reports it as unknown, a `SetupError`)."""
    assert PL.parse_effect("demand 7 by 1").to_text() == "demand 7 by 1"
    with pytest.raises(SetupError, match="no effect written"):
        PL.parse_effect(f"demand {rank} by 1")
