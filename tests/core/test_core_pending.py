"""The public "what is pending" accessor: Game.pending and View.pending describe the
effect in force (PL-12, PL-18, PL-21, PL-26, RU-15, UM-16, UM-20) as one Pending value,
whatever the effect's class, with the move that accepts it."""

from __future__ import annotations

import random

import pytest

from makao import Draw, Game, Pass, Pending, Rank, SetupError, Suit, variants
from makao.events import AttackAccepted, WaitAccepted
from makao.rules.base import NOTHING_PENDING, Effect

PL = variants.polish()


def polish(effect: str | None, hands: tuple[str, str] = ("Kc 9d", "5h 6d")) -> Game:
    return Game.from_position(PL, hands=list(hands), pile="2h", stock="3c 4c 5c 6c", effect=effect)


def test_nothing_pending_is_false_and_says_nothing() -> None:
    game = polish(None)
    assert game.pending == NOTHING_PENDING == Pending()
    assert not game.pending and game.pending.kind == "none" and game.pending.accept is None
    assert str(game.pending) == "nothing"


def test_pl_12_an_attack_of_n_cards_is_accepted_by_drawing_them() -> None:
    game = polish("attack 5 by 1")
    pending = game.pending
    assert pending == Pending.attack(5, by=1)
    assert (pending.kind, pending.amount, pending.by, pending.accept) == ("attack", 5, 1, Draw())
    assert str(pending) == "an attack of 5 cards by seat 1 (accept: draw)"
    assert pending.accept in game.legal_moves()
    events = game.play(pending.accept)
    assert AttackAccepted(0, 5) in events and len(game.hand(0)) == 2 + 4  # the stock ran out


def test_pl_18_a_wait_of_n_turns_is_accepted_by_passing() -> None:
    game = polish("wait 2 by 1")
    pending = game.pending
    assert pending == Pending.wait(2, by=1) and pending.accept == Pass()
    assert str(pending) == "a wait of 2 turns by seat 1 (accept: pass)"
    assert Pass() in game.legal_moves() and Draw() not in game.legal_moves()
    assert WaitAccepted(0, 2) in game.play(pending.accept)


def test_pl_21_a_demand_names_its_rank_and_pl_26_a_suit_its_suit() -> None:
    demand = polish("demand 7 by 1").pending
    assert (demand.kind, demand.rank, demand.by, demand.accept) == ("demand", Rank.SEVEN, 1, Draw())
    assert str(demand) == "a demand for 7s by seat 1 (accept: draw)"
    suit = polish("suit h").pending
    assert (suit.kind, suit.suit, suit.by, suit.accept) == ("suit", Suit.HEARTS, None, Draw())
    assert str(suit) == "the suit h (accept: draw)"


def test_a_view_shows_the_same_pending_as_the_game() -> None:
    game = polish("attack 3 by 1")
    assert game.view(0).pending == game.view(1).pending == game.pending


def test_ru_15_a_final_attack_is_an_attack() -> None:
    game = Game.from_position(
        variants.russian(), hands=["", "5h 6d", "7c"], pile="2h", stock="3c 4c", to_move=1,
        effect="final attack 2 by 0", finished=[0],
    )  # fmt: skip
    assert game.pending == Pending.attack(2, by=0)
    assert game.pending.accept in game.legal_moves()


def test_um_20_a_multiplex_is_an_attack_of_the_last_number_and_um_16_a_held_jack_a_suit() -> None:
    mao = variants.mao()
    multiplex = mao.parse_effect("multiplex 5 3 by 1")
    assert multiplex.pending() == Pending.attack(3, by=1, rank=Rank.FIVE)
    assert mao.parse_effect("jack s by 2").pending() == Pending.named_suit(Suit.SPADES, by=2)
    assert mao.parse_effect("free").pending().kind == "other"


def test_an_effect_of_a_custom_rule_is_other_and_accepted_by_drawing() -> None:
    assert Effect().pending() == Pending("other", accept=Draw())
    assert Pending.of(None) == NOTHING_PENDING
    assert str(Effect().pending()) == "an effect (accept: draw)"


@pytest.mark.parametrize("name", ["polish", "russian", "mao", "crazy-eights", "prsi", "switch"])
def test_every_effect_met_in_play_says_what_it_is_and_attacks_and_waits_are_acceptable(
    name: str,
) -> None:
    variant = variants.get(name)
    seen: set[str] = set()
    for seed in range(6):
        game = Game.new(variant, 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            pending = game.pending
            assert bool(pending) == (game.effect is not None)
            seen.add(pending.kind)
            # an attack may always be drawn (PL-13, RU-13) and a wait sat out (PL-18); a
            # multiplex (an attack with a rank) must be followed by a player who can (UM-20)
            if pending.kind in ("attack", "wait") and pending.rank is None and not game.drawn:
                assert pending.accept in game.legal_moves(), (name, seed, game.effect)
            game.play(rng.choice(game.legal_moves()))
    assert "none" in seen
    assert len(seen) > 1  # some effect was met
    assert "other" not in seen or name == "mao"  # only Mao's released jack is "other"


def test_pl_12_pl_18_one_card_or_turn_is_said_in_the_singular() -> None:
    """PL-12, PL-18: one card or one turn is singular, any other number plural."""
    assert str(Pending.attack(1)) == "an attack of 1 card (accept: draw)"
    assert str(Pending.wait(1)) == "a wait of 1 turn (accept: pass)"
    assert str(Pending.attack(0)) == "an attack of 0 cards (accept: draw)"
    assert str(Pending.wait(0)) == "a wait of 0 turns (accept: pass)"


def test_pl_21_a_demand_asks_no_amount_and_um_16_a_held_jack_names_its_holder() -> None:
    """PL-21: a demand's amount is 0; UM-16: a held jack's named suit says who holds it."""
    assert polish("demand 7 by 1").pending.amount == 0
    assert Pending.demand(Rank.SEVEN, by=1).amount == 0
    held = variants.mao().parse_effect("jack s by 2").pending()
    assert (held.kind, held.suit, held.by) == ("suit", Suit.SPADES, 2)
    assert Pending.named_suit(Suit.HEARTS, by=3).by == 3


@pytest.mark.parametrize("bad", ["attack 2", 3, (), Rank.SEVEN])
def test_pending_of_refuses_what_is_no_effect(bad: object) -> None:
    """``Pending.of`` takes an effect or ``None``: anything else (even an effect's text)
    is a `SetupError` naming it, not an `AttributeError`."""
    with pytest.raises(SetupError, match="not an effect"):
        Pending.of(bad)  # type: ignore[arg-type]
