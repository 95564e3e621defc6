"""Polish makao: the ace names a suit that binds the next player only (PL-26 … PL-28)."""

from __future__ import annotations

import pytest

from makao import Card, Game, IllegalMoveError, Play, Rank, Suit, variants
from makao.events import CardsPlayed, DemandEnded, SuitNamed
from makao.rules import SuitDemandCards
from makao.rules.demand import SuitDemand

PL = variants.polish()
STOCK = "5c 6c 7c 8c 9c 10c 5d 6d 7d 8d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only, without calls or choices)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_26_an_ace_is_played_by_suit_or_rank() -> None:
    game = Game.from_position(PL, hands=["Ah Ac 5d", "6d"], pile="9c", stock=STOCK)
    assert plays(game) == {"Ac", "Ac Ah"}
    game = Game.from_position(PL, hands=["Ah 5d 6d", "6d"], pile="Ac", stock=STOCK)
    assert plays(game) == {"Ah"}


def test_pl_26_its_player_names_a_suit() -> None:
    game = Game.from_position(PL, hands=["Ah 5d 6d", "6d"], pile="9h", stock=STOCK)
    assert game.legal_moves_text(0)[:4] == ["Ah:c", "Ah:d", "Ah:h", "Ah:s"]
    with pytest.raises(IllegalMoveError):
        game.play("Ah:7")
    assert game.play("Ah:s")[-1] == SuitNamed(0, Suit.SPADES)
    assert game.effect == PL.parse_effect("suit s")


@pytest.mark.parametrize("move", ["Ah:2", "Ah:3", "Ah Ad:3", "Ah Ad Ac:2"])
def test_pl_26_an_ace_with_a_rank_for_its_choice_is_refused(move: str) -> None:
    """PL-26: an ace names a suit, not a rank that equals a suit as an int (2, 3)."""
    game = Game.from_position(PL, hands=["Ah Ad Ac 5d", "6d"], pile="9h", stock=STOCK)
    assert not game.is_legal(move)
    with pytest.raises(IllegalMoveError):
        game.play(move)
    with pytest.raises(IllegalMoveError):
        game.play(Play((Card.parse("Ah"),), Rank.THREE))
    assert game.is_legal("Ah:s") and game.is_legal("Ah Ac Ad:h") and game.to_move == 0


def test_pl_27_the_next_player_plays_the_named_suit_or_an_ace() -> None:
    """PL-27: the next player plays the named suit or an ace."""
    hands = ["Ah 5d 6d", "9s 9h 5h Ad Qs", "7d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    assert plays(game) == {"9s", "9s 9h", "Ad", "Qs"}


def test_pl_27_a_new_ace_names_a_new_suit() -> None:
    """PL-27: a new ace names a new suit."""
    hands = ["Ah 5d 6d", "Ad 5c 6c", "9s 9d 7h"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    game.play("Ad:h")
    assert game.to_move == 2
    assert plays(game) == {"7h"}


def test_pl_27_who_can_follow_must_unless_declining_is_allowed() -> None:
    """PL-27: who can follow must unless declining is allowed."""
    hands = ["5d 6d", "9s 5h"]
    game = Game.from_position(PL, hands=hands, pile="Ah", stock=STOCK, effect="suit s", to_move=1)
    assert "draw" not in game.legal_moves_text(1)
    declining = variants.polish(may_decline_demands=True)
    game = Game.from_position(
        declining, hands=hands, pile="Ah", stock=STOCK, effect="suit s", to_move=1
    )
    assert "draw" in game.legal_moves_text(1)


@pytest.mark.parametrize(("drawn", "playable"), [("7s", True), ("Ac", True), ("7h", False)])
def test_pl_27_who_cannot_follow_draws_one_and_may_play_it(drawn: str, playable: bool) -> None:
    """PL-27: who cannot follow draws one and may play it."""
    game = Game.from_position(
        PL, hands=["5d 6d", "9h 5d"], pile="Ah", stock=f"{drawn} 9c", effect="suit s", to_move=1
    )
    assert game.legal_moves_text(1) == ["draw"]
    game.play("draw")
    assert plays(game) == ({drawn} if playable else set())
    assert game.to_move == (1 if playable else 0)


def test_pl_28_only_the_next_player_is_bound() -> None:
    hands = ["Ah 5d 6d", "9s 5c", "9h 7d 5h"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    assert game.play("9s")
    assert game.effect is None
    assert plays(game) == {"9h"}  # on 9♠ by suit or rank: the named suit binds no more


def test_pl_28_the_demand_is_over_after_the_bound_players_draw() -> None:
    hands = ["Ah 5d 6d", "9h 5d", "5h 7d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock="7c 8c")
    game.play("Ah:s")
    assert game.play("draw")[-1] == DemandEnded(Suit.SPADES)
    assert game.to_move == 2
    assert game.top == Card.parse("Ah")
    assert plays(game) == {"5h"}  # hearts again, by the ace on top


def test_pl_28_the_demand_ends_when_the_bound_player_plays_the_suit() -> None:
    hands = ["Ah 5d 6d", "9s 5h", "7d 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    events = game.play("9s")
    assert DemandEnded(Suit.SPADES) in events
    assert game.effect is None and game.to_move == 2


@pytest.mark.parametrize("play", ["2s", "4s", "Js:7", "Ac:h", "Js Jd"])
def test_pl_28_a_card_with_its_own_effect_ends_the_named_suit_too(play: str) -> None:
    """PL-28: a card played on the named suit ends it, and says so (``DemandEnded``) when
    the card starts an effect of its own -- an attack, a wait, a demand, another suit, or
    a jack demanding nothing -- as when it does not (the demand used to end silently)."""
    hands = ["Ah 5d 6d", "2s 4s Js Jd Ac 5h", "7d 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    events = game.play(play)
    assert events.count(DemandEnded(Suit.SPADES)) == 1
    assert events.index(DemandEnded(Suit.SPADES)) > 1  # after the new effect's own events
    named = game.effect
    assert not isinstance(named, SuitDemand) or named.suit is not Suit.SPADES


def test_pl_26_pl_28_an_ace_naming_the_same_suit_again_does_not_end_it() -> None:
    """PL-26, PL-28: an ace played on the named suit that names it again keeps it in force:
    no ``DemandEnded``."""
    hands = ["Ah 5d 6d", "As 5h", "7d 8d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    events = game.play("As:s")
    assert SuitNamed(1, Suit.SPADES) in events
    assert not any(isinstance(event, DemandEnded) for event in events)


def test_pl_19_pl_27_an_ace_with_nobody_left_to_bind_lapses() -> None:
    """PL-19: every other seat finished or waiting, the named suit binds nobody and lapses."""
    hands = ["Ah 5d", "", "6s 7s"]
    game = Game.from_position(
        PL, hands=hands, pile="9h", stock=STOCK, finished=[1], waits=[0, 0, 2]
    )
    events = game.play("Ah:s")
    assert events[1] == SuitNamed(0, Suit.SPADES)
    assert game.effect is None
    assert game.to_move == 0  # seat 2 sat out one of its turns; seat 0 plays on
    assert game.waits == (0, 0, 1)


def test_pl_27_a_suit_changer_binds_the_next_player_only_by_default() -> None:
    """PL-27, PL-28: `SuitDemandCards` made without options is the Polish ace: the named
    suit binds the next player only, and is over after that player's turn."""
    variant = variants.polish().replace(SuitDemandCards, SuitDemandCards())
    game = Game.from_position(
        variant, hands=["Ac 5d", "6s 9s", "7s 8d"], pile="9c", stock="5s 6c 7d 8c 9d"
    )
    game.play("Ac:h")
    game.play("draw")  # no heart, no ace: seat 1 draws and is not bound any more
    if game.to_move == 1:
        game.play("pass")
    assert game.effect is None
    assert game.to_move == 2


def test_pl_28_a_plain_card_on_the_named_suit_ends_it_once() -> None:
    """PL-28: the bound player's plain card of the named suit ends the demand: one
    `DemandEnded`, not a second one at the end of that player's turn."""
    game = Game.from_position(
        PL, hands=["5d 9c", "6s 7d", "8d"], pile="Ah", stock=STOCK, effect="suit s", to_move=1
    )
    assert game.play("6s") == (CardsPlayed(1, (Card.parse("6s"),)), DemandEnded(Suit.SPADES))
    assert game.effect is None and game.to_move == 2
