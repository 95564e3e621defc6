"""The standard mechanics: the engine carries out what the built-in rules' hooks do (the
[`Table`][makao.rules.base.Table] services `raise_attack` and `accept_attack`), and for a
rule or effect of the built-in class itself it does so without calling the hook. A
subclass's hooks are called, overridden or not, so they must agree with the engine's
shortcut, and an override must never be skipped (PL-12, PL-13, PL-14, PL-15)."""

from __future__ import annotations

import random

import attrs

from makao import Game, Variant, variants
from makao.cards import Card
from makao.events import AttackRaised, Event
from makao.moves import Choice
from makao.rules import AttackEffect, BattleCards
from makao.rules.base import Effect, Events, Table

PL = variants.polish()
STOCK = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"

#: How often each hook of the subclasses below ran (the hook path, not the shortcut).
CALLS: dict[str, int] = {"on_play": 0, "on_draw": 0}


@attrs.frozen
class CountedAttack(AttackEffect):
    """An attack that counts its acceptances, then accepts as the built-in one does."""

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        CALLS["on_draw"] += 1
        super().on_draw(game, seat, events)


@attrs.frozen
class CountedBattleCards(BattleCards):
    """Battle cards that count their plays, then attack as the built-in ones do."""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        CALLS["on_play"] += 1
        super().on_play(game, seat, cards, choice, previous, events)

    def attack(self, total: int, seat: int, backwards: bool) -> AttackEffect:
        return CountedAttack(total, seat, backwards, self)


@attrs.frozen
class OneCardAttacks(BattleCards):
    """Battle cards whose every attack is of one card, whatever was played."""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        super().on_play(game, seat, cards[:1], choice, None, events)
        game.set_effect(self.attack(1, seat, False))


def with_battle_cards(kind: type[BattleCards]) -> Variant:
    """Polish with its battle cards made by ``kind`` (same fields)."""
    built_in = next(r for r in PL.rules if type(r) is BattleCards)
    fields = {a.name: getattr(built_in, a.name) for a in attrs.fields(BattleCards) if a.init}
    return PL.replace(BattleCards, kind(**fields))


def record(variant: Variant, seed: int) -> list[str]:
    """The events of a seeded random game of ``variant``, as text."""
    game = Game.new(variant, 3, seed=seed)
    choose = random.Random(seed).choice
    events: list[Event] = []
    while not game.is_over:
        legal = game.legal_moves()
        events += game.play(legal[legal.index(choose(legal))])
    return [repr(event) for event in events]


def test_pl_12_pl_13_the_engine_and_the_attack_hooks_agree() -> None:
    """The same seeded games with the built-in battle cards (the engine's shortcut) and
    with a subclass whose hooks run (and call the built-in ones): the same events."""
    counted = with_battle_cards(CountedBattleCards)
    CALLS.update(on_play=0, on_draw=0)
    for seed in range(12):
        assert record(counted, seed) == record(PL, seed)
    assert CALLS["on_play"] > 20 and CALLS["on_draw"] > 5  # the hooks did run


def test_pl_14_pl_15_a_backwards_attack_accepted_through_the_hook() -> None:
    """K♠ attacks the previous player (PL-14); once they draw, play resumes after the
    attacker (PL-15) -- through the subclass's hooks as through the engine's shortcut."""
    for variant in (PL, with_battle_cards(CountedBattleCards)):
        hands = ["5h 9c", "Ks 7c", "6h 8c"]
        game = Game.from_position(variant, hands=hands, pile="Kh", stock=STOCK, to_move=1)
        assert isinstance(game.play("Ks")[-1], AttackRaised)
        assert game.to_move == 0 and game.effect is not None
        game.play("draw")
        assert len(game.hand(0)) == 2 + 5
        assert game.to_move == 2


def test_pl_12_an_overriding_on_play_is_called_not_skipped() -> None:
    variant = with_battle_cards(OneCardAttacks)
    game = Game.from_position(variant, hands=["2h 2d 5c", "6c 6d"], pile="9h", stock=STOCK)
    game.play("2h 2d")
    assert game.effect == variant.parse_effect("attack 1 by 0")
