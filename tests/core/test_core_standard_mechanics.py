"""The standard mechanics: the engine carries out what the built-in rules' hooks do (the
[`Table`][makao.rules.base.Table] services `raise_attack`, `raise_wait`, `demand_rank`,
`name_suit`, `accept_attack` and `accept_wait`), and for a rule or effect of the built-in
class itself it does so without calling the hook. A subclass's hooks are called,
overridden or not, so they must agree with the engine's shortcut, and an override must
never be skipped (PL-12…PL-15, PL-17, PL-18, PL-21, PL-23, PL-26, PL-27)."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest

from makao import Game, Variant, parse_cards, variants
from makao.cards import ALL_CARDS, Card, Suit
from makao.events import AttackRaised, CardsDrawn, Event, SuitNamed
from makao.moves import Choice
from makao.rules import (
    AttackEffect,
    BattleCards,
    CardRule,
    RankDemandCards,
    SuitDemandCards,
    WaitCards,
    WaitEffect,
    base,
)
from makao.rules.base import Effect, Events, Table
from makao.rules.demand import RankDemand, SuitDemand

PL = variants.polish()
STOCK = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"

#: How often each hook of the subclasses below ran (the hook path, not the shortcut).
CALLS: dict[str, int] = {}


def count(hook: str) -> None:
    CALLS[hook] = CALLS.get(hook, 0) + 1


@attrs.frozen
class CountedAttack(AttackEffect):
    """An attack that counts its acceptances, then accepts as the built-in one does."""

    def on_draw(self, game: Table, seat: int, events: Events) -> None:
        count("attack on_draw")
        super().on_draw(game, seat, events)


@attrs.frozen
class Counted(CardRule):
    """Mixed in before a built-in rule class: counts each play of its cards under the
    class's ``counted`` name, then lets the built-in rule's `on_play` act."""

    counted: ClassVar[str] = ""

    def on_play(
        self,
        game: Table,
        seat: int,
        cards: tuple[Card, ...],
        choice: Choice,
        previous: Effect | None,
        events: Events,
    ) -> None:
        count(self.counted)
        super().on_play(game, seat, cards, choice, previous, events)


@attrs.frozen
class CountedBattleCards(Counted, BattleCards):
    """Battle cards that count their plays, then attack as the built-in ones do."""

    counted = "attack on_play"

    def attack(self, total: int, seat: int, backwards: bool) -> AttackEffect:
        return CountedAttack(total, seat, backwards, self)


@attrs.frozen
class CountedWaitCards(Counted, WaitCards):
    """Wait cards that count their plays, then wait as the built-in ones do."""

    counted = "wait on_play"


@attrs.frozen
class CountedRankDemandCards(Counted, RankDemandCards):
    """Demanders that count their plays, then demand as the built-in ones do."""

    counted = "demand on_play"


@attrs.frozen
class CountedSuitDemandCards(Counted, SuitDemandCards):
    """Suit changers that count their plays, then name a suit as the built-in ones do."""

    counted = "suit on_play"


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


def with_subclass(variant: Variant, kind: type[CardRule]) -> Variant:
    """``variant`` with its rule of the built-in class ``kind`` extends made by ``kind``
    (same fields)."""
    base = next(k for k in kind.__mro__ if k.__module__.startswith("makao.rules."))
    built_in = next(r for r in variant.rules if type(r) is base)
    fields = {a.name: getattr(built_in, a.name) for a in attrs.fields(base) if a.init}
    return variant.replace(base, kind(**fields))


def with_battle_cards(kind: type[BattleCards]) -> Variant:
    """Polish with its battle cards made by ``kind`` (same fields)."""
    return with_subclass(PL, kind)


def counted(variant: Variant) -> Variant:
    """``variant`` with each built-in attack, wait, demand and suit rule made by its
    counting subclass above."""
    for kind in (CountedBattleCards, CountedWaitCards, CountedRankDemandCards):
        variant = with_subclass(variant, kind)
    return with_subclass(variant, CountedSuitDemandCards)


def record(variant: Variant, seed: int) -> list[str]:
    """The events of a seeded random game of ``variant``, as text."""
    game = Game.new(variant, 3, seed=seed)
    choose = random.Random(seed).choice
    events: list[Event] = []
    while not game.is_over:
        legal = game.legal_moves()
        events += game.play(legal[legal.index(choose(legal))])
    return [repr(event) for event in events]


def test_pl_12_pl_13_pl_17_pl_18_pl_21_pl_26_the_engine_and_the_hooks_agree() -> None:
    """The same seeded games with the built-in rules (the engine's shortcuts) and with
    subclasses whose hooks run (and call the built-in ones): the same events."""
    variant = counted(PL)
    CALLS.clear()
    for seed in range(12):
        assert record(variant, seed) == record(PL, seed)
    hooks = ("attack on_play", "attack on_draw", "wait on_play", "demand on_play", "suit on_play")
    assert all(CALLS.get(hook, 0) > 3 for hook in hooks), CALLS  # the hooks did run


def test_ru_8_a_suit_bound_until_covered_through_the_hook() -> None:
    """Russian suit changers bind until a card covers them (RU-8): the same games through
    the hook as through the engine's shortcut."""
    russian = variants.russian()
    variant = with_subclass(russian, CountedSuitDemandCards)
    CALLS.clear()
    for seed in range(6):
        assert record(variant, seed) == record(russian, seed)
    assert CALLS.get("suit on_play", 0) > 3


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


def test_pl_13_pl_18_an_effects_hook_does_what_the_engine_does() -> None:
    """Accepting an attack by drawing (PL-13) and a wait by passing (PL-18, PL-20): the
    effect's own hook, called directly, leaves the same position and events as the move
    played through the engine (which applies the mechanic without the hook)."""
    hands = ["5h 9c", "4s 7c 2c", "6h 8c"]
    for effect, move, kind in (
        ("attack 5 by 0", "draw", AttackEffect),
        ("wait 2 by 0", "pass", WaitEffect),
    ):
        games = [
            Game.from_position(PL, hands=hands, pile="4h", stock=STOCK, to_move=1, effect=effect)
            for _ in "ab"
        ]
        by_engine = games[0].play(move)
        in_force = games[1].effect
        assert type(in_force) is kind
        events: list[Event] = []
        if move == "draw":
            in_force.on_draw(games[1], 1, events)
        else:
            in_force.on_pass(games[1], 1, events)
        assert events == list(by_engine)
        assert games[1] == games[0] and games[1].to_move == games[0].to_move == 2


def test_an_effect_class_records_the_hooks_it_keeps() -> None:
    """`Effect._kept`: the hooks a class leaves as `Effect` defines them, whose defaults
    the engine gives without a call -- worked out for every subclass, user ones too."""
    keeps = {
        "suit_override": base.KEEPS_SUIT_OVERRIDE,
        "may_pass": base.KEEPS_MAY_PASS,
        "answer_rule": base.KEEPS_ANSWER_RULE,
        "answer_overrides": base.KEEPS_ANSWER_OVERRIDES,
        "on_draw": base.KEEPS_ON_DRAW,
        "allows_extra": base.KEEPS_ALLOWS_EXTRA,
    }

    def kept(kind: type[Effect]) -> set[str]:
        return {name for name, bit in keeps.items() if kind._kept & bit}

    assert kept(AttackEffect) == {"suit_override", "may_pass", "answer_overrides"}
    assert kept(WaitEffect) == {
        "suit_override",
        "answer_rule",
        "answer_overrides",
        "on_draw",
        "allows_extra",
    }
    assert kept(SuitDemand) == {
        "may_pass",
        "answer_rule",
        "answer_overrides",
        "on_draw",
        "allows_extra",
    }
    assert kept(RankDemand) == {
        "suit_override",
        "may_pass",
        "answer_rule",
        "answer_overrides",
        "on_draw",
    }
    assert kept(CountedAttack) == kept(AttackEffect)

    @attrs.frozen
    class Passable(AttackEffect):
        def may_pass(self, game: Table, seat: int) -> bool:
            return True

    assert kept(Passable) == {"suit_override", "answer_overrides"}


def test_pl_13_an_attack_that_may_be_passed_lists_the_pass() -> None:
    """An effect subclass overriding a hook its base class keeps is asked (not given the
    default): an attack that may also be passed lists ``pass``."""

    @attrs.frozen
    class Passable(AttackEffect):
        def may_pass(self, game: Table, seat: int) -> bool:
            return True

    rule = next(r for r in PL.rules if type(r) is BattleCards)
    hands = ["5h 9c", "7c 8d"]
    effect = Passable(2, 0, False, rule)
    game = Game.from_position(PL, hands=hands, pile="2h", stock=STOCK, to_move=1, effect=effect)
    assert "pass" in game.legal_moves_text()
    plain = Game.from_position(
        PL, hands=hands, pile="2h", stock=STOCK, to_move=1, effect="attack 2"
    )
    assert "pass" not in plain.legal_moves_text()


@attrs.frozen
class HookedAttack(AttackEffect):
    """An attack whose hooks the engine calls (a subclass): the built-in class's own."""


@attrs.frozen
class HookedWait(WaitEffect):
    """A wait whose hooks the engine calls."""


@attrs.frozen
class HookedDemand(RankDemand):
    """A rank demand whose hooks the engine calls."""


@attrs.frozen
class HookedSuit(SuitDemand):
    """A named suit whose hooks the engine calls."""


#: Each built-in effect class, and its subclass above.
HOOKED: dict[type[Effect], type[Effect]] = {
    AttackEffect: HookedAttack,
    WaitEffect: HookedWait,
    RankDemand: HookedDemand,
    SuitDemand: HookedSuit,
}


def hooked(effect: Effect) -> Effect:
    """``effect`` (of a built-in class) as its subclass above, with the same fields."""
    kind = type(effect)
    fields = {a.name: getattr(effect, a.name) for a in attrs.fields(kind) if a.init}
    return HOOKED[kind](**fields)


def set_up(game: Game, effect: Effect) -> Game:
    """``game``'s position with ``effect`` in force."""
    return Game.from_position(
        game.variant,
        hands=[game.hand(seat) for seat in range(game.players)],
        pile=game.pile,
        stock=game.stock,
        to_move=game.to_move,
        effect=effect,
        finished=game.finished,
        waits=game.waits,
        direction=game.direction,
        drawn=game.drawn,
    )


def outcomes(game: Game) -> list[tuple[str, list[str], object]]:
    """Which cards may start a play, then each listed move of ``game``, played in a copy:
    its text, events and the position."""
    starts = [card for card in ALL_CARDS if game.may_start(game.to_move, card)]
    found: list[tuple[str, list[str], object]] = [("may start", [], starts)]
    for move in game.legal_moves():
        after = game.clone()
        events = after.play(str(move))
        found.append((str(move), [repr(event) for event in events], after.snapshot()))
    return found


@pytest.mark.parametrize(
    "variant",
    [
        PL,
        variants.polish(may_decline_demands=True),
        variants.russian(),
        variants.russian(any_king_answers_king=True),
        variants.mau_mau(),
        variants.switch(),
        variants.prsi(),
    ],
    ids=["polish", "polish-declining", "russian", "russian-kings", "mau-mau", "switch", "prsi"],
)
def test_pl_9_pl_12_pl_16_pl_17_pl_23_pl_24_pl_27_ru_8_ru_11_ru_13_effects_read_as_hooks(
    variant: Variant,
) -> None:
    """Move generation answers the built-in effects' hooks itself (`answers`,
    `suit_override`, `blocks_wilds`, `may_draw`, `may_pass`, `allows_extra`,
    `answer_rule`) for an effect of the built-in class: in every position with one in
    force, the same effect as a subclass (whose hooks are called) lets the same cards
    start a play, lists the same moves, and each of them does the same."""
    seen: set[type[Effect]] = set()
    for seed in range(8):
        game = Game.new(variant, 2 + seed % 3, seed=seed)
        choose = random.Random(seed).choice
        while not game.is_over:
            effect = game.effect
            if effect is not None and type(effect) in HOOKED:
                seen.add(type(effect))
                assert outcomes(set_up(game, hooked(effect))) == outcomes(set_up(game, effect))
            game.play(choose(game.legal_moves()))
    assert seen, "no built-in effect came into force"


@attrs.frozen
class ChoosingBattleCards(BattleCards):
    """Battle cards whose plays may also name hearts (a choice that does nothing)."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        return (None, Suit.HEARTS)


def test_ru_11_an_extra_answer_takes_the_attacks_rule_as_its_own() -> None:
    """A king that answers a K♥ with no effect of its own is played by the attack's
    answer rule (`AttackEffect.answer_rule`, RU-11): it lists that rule's choices, though
    the same king with no effect in force, listed first, had none -- the move tables keep
    the two apart by the answer rule, which the engine reads for the built-in attack."""
    variant = with_subclass(variants.russian(any_king_answers_king=True), ChoosingBattleCards)
    hands = ["5h 9c", "Kc 6d 7d"]
    plain = Game.from_position(variant, hands=hands, pile="Kh", stock=STOCK, to_move=1)
    assert "Kc" in plain.legal_moves_text() and "Kc:h" not in plain.legal_moves_text()
    attacked = Game.from_position(
        variant, hands=hands, pile="Kh", stock=STOCK, to_move=1, effect="attack 5 by 0"
    )
    assert type(attacked.effect) is AttackEffect
    assert {"Kc", "Kc:h"} <= set(attacked.legal_moves_text())
    events = attacked.play("Kc")
    assert isinstance(events[-1], AttackRaised) and attacked.to_move == 0  # passed on


def test_pl_19_the_effect_target_service_passes_over_waiting_and_finished_seats() -> None:
    """`Table.effect_target`: the next seat that can receive an effect going either way,
    past waiting and finished seats, and ``None`` when nobody but the player can (the
    effect lapses, PL-19)."""
    hands = ["5h 6h", "5c 6c", "7c 8c", "9c 10c"]
    game = Game.from_position(PL, hands=hands, pile="7h", waits=[0, 1, 0, 0])
    assert game.effect_target(0, 1) == 2 and game.effect_target(0, -1) == 3
    assert game.effect_target(2, -1) == 0
    game = Game.from_position(PL, hands=hands, pile="7h", waits=[0, 1, 2, 1])
    assert game.effect_target(0, 1) is None and game.effect_target(0, -1) is None
    finished = ["5h 6h", "", "7c 8c", ""]
    game = Game.from_position(PL, hands=finished, pile="7h", finished=[1, 3])
    assert game.effect_target(0, 1) == 2 and game.effect_target(2, 1) == 0
    game = Game.from_position(PL, hands=finished, pile="7h", finished=[1, 3], waits=[0, 0, 1, 0])
    assert game.effect_target(0, 1) is None


def test_pl_13_um_11_an_attack_whose_rule_lets_the_drawer_go_on_keeps_their_turn() -> None:
    """Built-in `BattleCards` with ``accept_ends_turn=False``: the player who drew the
    penalty keeps the turn (UM-11's option, PL-13's opposite)."""
    built_in = next(rule for rule in PL.rules if type(rule) is BattleCards)
    variant = PL.replace(BattleCards, attrs.evolve(built_in, accept_ends_turn=False))
    game = Game.from_position(variant, hands=["2h 5d", "7c 9s", "6s 7s"], pile="9h", stock=STOCK)
    game.play("2h")
    events = game.play("draw")
    assert events[-1] == CardsDrawn(1, parse_cards("5c 6c"), "attack", 2)
    assert game.effect is None and game.to_move == 1


@attrs.frozen
class OwnSuitChangers(SuitDemandCards):
    """Suit changers that name no suit: the suit is the played card's own (as RU-7's 9)."""

    def choices(self, card: Card) -> tuple[Choice, ...]:
        """No choice."""
        return (None,)


def test_pl_26_ru_7_a_suit_changer_naming_no_suit_binds_the_last_cards_suit() -> None:
    """RU-7, PL-26: a play of several changers that name no suit binds the suit of its last
    card, through the `name_suit` service."""
    variant = with_subclass(PL, OwnSuitChangers)
    game = Game.from_position(variant, hands=["Ac Ah 5d", "6d 7c"], pile="9c", stock=STOCK)
    assert "Ac Ah" in game.legal_moves_text()
    assert game.play("Ac Ah")[1] == SuitNamed(0, Suit.HEARTS)
    assert game.effect == variant.parse_effect("suit h")
