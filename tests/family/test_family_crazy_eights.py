"""Crazy Eights (CE-1 … CE-5): one scenario per rule id, read against the rules cited in
src/makao/variants/crazy_eights.py."""

from __future__ import annotations

from typing import Any

import pytest

from _family import plays
from makao import Card, Game, SetupError, Suit, variants
from makao.events import CardsDrawn, GameOver, SuitNamed
from makao.rules import SuitDemand

CE = variants.get("crazy-eights")


def test_ce_1_five_cards_each_from_one_deck_and_no_eight_to_start() -> None:
    for seed in range(40):
        game = Game.new(CE, 3, seed=seed)
        assert [len(game.hand(s)) for s in range(3)] == [5, 5, 5]
        assert game.stock_size == 52 - 15 - 1
        assert game.top.rank != 8


def test_ce_2_one_card_matching_suit_or_rank() -> None:
    game = Game.from_position(CE, hands=["5h 5s 9c 7d", "2c"], pile="9h", stock="3c 4d")
    assert plays(game) == {"5h", "9c"}


def test_ce_3_an_eight_is_wild_and_names_the_suit() -> None:
    game = Game.from_position(CE, hands=["8d 2c", "Kh 3c 8s"], pile="Kc", stock="Qd Jd")
    assert {"8d:c", "8d:d", "8d:h", "8d:s"} <= plays(game)
    events = game.play("8d:h")
    assert SuitNamed(0, Suit.HEARTS) in events
    assert plays(game) == {"Kh", "8s:c", "8s:d", "8s:h", "8s:s"}  # not the 3 of clubs
    game.play("Kh")
    assert game.effect is None  # covered: cards match the king of hearts again


def test_ce_3_the_named_suit_binds_until_a_card_is_played_on_it() -> None:
    one_draw = variants.get("crazy-eights", max_draws=1)
    game = Game.from_position(
        one_draw, hands=["3c", "Kh 2c"], pile="8d", stock="Qd", effect="suit h"
    )
    game.play("draw")  # the queen of diamonds is no heart: the turn passes
    assert isinstance(game.effect, SuitDemand)
    assert plays(game) == {"Kh"}


def test_ce_4_a_player_draws_until_they_can_play() -> None:
    game = Game.from_position(CE, hands=["2c", "Kd"], pile="9h", stock="3c 4d 5h 6s")
    events = game.play("draw")
    drawn = [e.cards for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [(Card.parse("3c"),), (Card.parse("4d"),), (Card.parse("5h"),)]
    assert game.to_move == 0
    assert game.legal_moves_text() == ["5h", "pass"]


def test_ce_4_max_draws_limits_the_search_then_the_turn_passes() -> None:
    three = variants.get("crazy-eights", max_draws=2)
    game = Game.from_position(three, hands=["2c", "Kd"], pile="9h", stock="3c 4d 5h 6s")
    game.play("draw")
    assert len(game.hand(0)) == 3
    assert game.to_move == 1


def test_ce_5_the_first_player_out_wins_and_the_game_ends() -> None:
    game = Game.from_position(CE, hands=["5h", "2c 3c", "4d"], pile="9h")
    events = game.play("5h")
    assert events[-1] == GameOver((0, 2, 1), False)
    assert game.outcome is not None and game.outcome.winner == 0


def test_ce_1_two_decks_from_five_players() -> None:
    def cards(players: int) -> int:
        game = Game.new(CE, players, seed=2)
        return sum(len(game.hand(s)) for s in range(players)) + game.stock_size + 1

    assert (cards(4), cards(5)) == (52, 104)


def test_ce_4_a_draw_rule_of_ones_own_that_overrides_draws_again_is_asked() -> None:
    """A `DrawRule` subclass whose `draws_again` says "twice" (with the base class's
    ``draw_until_playable`` off) draws a second card, not a third; the plain Polish draw
    rule draws once (the engine asks `draws_again` only where it can say yes)."""
    import attrs

    from makao.rules import DrawRule

    @attrs.frozen
    class DrawTwice(DrawRule):
        def draws_again(self, drawn: int) -> bool:
            return drawn < 2

    twice = variants.polish().replace(DrawRule, DrawTwice(), name="polish-draw-twice")
    assert twice.compiled.draws_again and not variants.polish().compiled.draws_again
    game = Game.from_position(twice, hands=["2c", "Kd"], pile="9h", stock="3c 4d 5h 6s")
    game.play("draw")
    assert game.hand(0) == (Card.parse("2c"), Card.parse("3c"), Card.parse("4d"))
    assert game.to_move == 1
    plain = Game.from_position(
        variants.polish(), hands=["2c", "Kd"], pile="9h", stock="3c 4d 5h 6s"
    )
    plain.play("draw")
    assert len(plain.hand(0)) == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hand_size": 0}, "hand_size must be at least 1, not 0"),
        ({"hand_size": True}, "hand_size must be int, not True"),
        ({"max_draws": 0}, "max_draws must be at least 1, not 0"),
        ({"max_draws": False}, "max_draws must be int or None, not False"),
        ({"decks": 0}, "decks must be 1…8, not 0"),
        ({"decks": 9}, "decks must be 1…8, not 9"),
    ],
)
def test_ce_1_ce_4_options_out_of_range_or_of_the_wrong_kind_are_refused(
    options: dict[str, Any], message: str
) -> None:
    """CE-1's ``hand_size`` and ``decks`` and CE-4's ``max_draws`` are whole numbers of at
    least one (a bool is no number): anything else is refused before a game is built."""
    with pytest.raises(SetupError, match=message):
        variants.get("crazy-eights", **options)


def test_ce_1_ce_4_the_bounds_of_the_options_are_kept() -> None:
    """The bounds themselves are allowed (docs/limits.md): one card each, one to eight
    decks, one draw (CE-4); the variant records the options it was given."""
    least = variants.get("crazy-eights", hand_size=1, decks=1, max_draws=1)
    assert dict(least.options) == {"hand_size": 1, "decks": 1, "max_draws": 1}
    most = variants.get("crazy-eights", decks=8, max_draws=3)
    assert dict(most.options) == {"hand_size": 5, "decks": 8, "max_draws": 3}


def test_ce_4_drawing_until_nothing_is_left_reports_no_empty_draw() -> None:
    """CE-4: a player who draws the stock and the pile dry without a playable card ends
    the turn; no draw of no card is reported after the last card."""
    game = Game.from_position(CE, hands=["2c Kd", "3s"], pile="4d 5d 9h", stock="6d")
    events = game.play("draw")
    draws = [event for event in events if isinstance(event, CardsDrawn)]
    assert [event.amount for event in draws] == [1, 1, 1]
    assert len(game.hand(0)) == 5 and game.to_move == 1


@pytest.mark.parametrize("option", ["hand_size", "decks", "max_draws"])
def test_ce_1_ce_4_a_count_too_long_to_write_is_refused(option: str) -> None:
    """CE-1's ``hand_size`` and ``decks`` and CE-4's ``max_draws``: a whole number Python
    cannot write as text (over 4,300 digits) is refused naming the option, not built into
    a variant whose repr, events and saves would break."""
    with pytest.raises(SetupError, match=f"{option} must be a whole number of at most 4,300"):
        variants.get("crazy-eights", **{option: 10**5000})
