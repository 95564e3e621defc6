"""`TurnRule.same_calls_from` and `RuleSet.left_cap`: the numbers of cards left that move
tables tell apart. Polish call rules differ only at 1 card left ("makao", PL-29) and 0
("po makale", PL-31), so Polish keeps one table for two or more cards left; the legal
moves must be those of the same rules with no cap (every number 0…4 told apart)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs
import pytest

from makao import Game, Play, SetupError, Variant, variants
from makao.cards import Card
from makao.events import CardsDrawn
from makao.rules import FinishCall, LastCardCall, TurnRule
from makao.rules.base import Events, Table


@attrs.frozen
class _UncappedLastCard(LastCardCall):
    """The "makao" call, telling apart every number of cards left, as before the cap."""

    def same_calls_from(self) -> int:
        return 4


@attrs.frozen
class _UncappedFinish(FinishCall):
    def same_calls_from(self) -> int:
        return 4


@attrs.frozen
class _ThreeLeft(TurnRule):
    """A house call, "three", said with a play that leaves three cards (the default
    `same_calls_from`: it tells apart every number the engine does)."""

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        return ("three",) if cards_left == 3 else ()


@attrs.frozen
class _Settles(TurnRule):
    settled: object = 2

    def call_options(self, cards: tuple[Card, ...], cards_left: int) -> tuple[str, ...]:
        return ()

    def same_calls_from(self) -> int:
        return self.settled  # type: ignore[return-value]  # bad values on purpose


@attrs.frozen
class _DrawAtThreeLeft(TurnRule):
    """A house rule: a play leaving three cards draws one. Its `after_play` trusts the
    engine to call it only where `after_play_applies` says it can act."""

    def after_play_applies(self, cards_left: int) -> bool:
        return cards_left == 3

    def after_play(
        self, game: Table, seat: int, cards: tuple[Card, ...], calls: Iterable[str], events: Events
    ) -> None:
        game.draw_cards(seat, 1, "three left", events)


def _uncapped(variant: Variant) -> Variant:
    rules = []
    for rule in variant.rules:
        if type(rule) is LastCardCall:
            rule = _UncappedLastCard(**attrs.asdict(rule, recurse=False))
        elif type(rule) is FinishCall:
            rule = _UncappedFinish(**attrs.asdict(rule, recurse=False))
        rules.append(rule)
    return Variant(variant.name, tuple(rules))


def test_call_rules_say_from_how_many_cards_left_their_calls_settle() -> None:
    assert LastCardCall().same_calls_from() == 2  # PL-29: "makao" at one card left
    assert LastCardCall(cards_left=2).same_calls_from() == 3
    assert LastCardCall(cards_left=3).same_calls_from() == 4
    assert LastCardCall(cards_left=7).same_calls_from() == 4
    assert LastCardCall(cards_left=0).same_calls_from() == 1
    assert LastCardCall(cards_left=-1).same_calls_from() == 1  # a call never listed
    assert FinishCall().same_calls_from() == 1  # PL-31: "po makale" with the last card
    assert _ThreeLeft().same_calls_from() == 4  # the default


def test_the_left_cap_is_the_largest_of_the_call_rules_and_at_least_one() -> None:
    polish = variants.polish()
    assert polish.compiled.left_cap == 2
    assert variants.russian().compiled.left_cap == 2
    assert polish.without(LastCardCall).compiled.left_cap == 1
    assert polish.without(LastCardCall, FinishCall).compiled.left_cap == 1
    assert polish.with_rules(_ThreeLeft()).compiled.left_cap == 4
    assert _uncapped(polish).compiled.left_cap == 4


@pytest.mark.parametrize("settled", [0, 5, "2", 2.0, True, None])
def test_a_call_rule_must_settle_at_one_to_four_cards_left(settled: object) -> None:
    with pytest.raises(SetupError, match=r"_Settles.same_calls_from\(\) must give 1…4"):
        variants.polish().with_rules(_Settles(settled))


def _same_listings(capped: Variant, uncapped: Variant, players: int, seed: int) -> int:
    """Play a random game of ``capped`` and ``uncapped`` side by side; every listing must
    be the same moves in the same order. Returns how many positions were compared."""
    game = Game.new(capped, players, seed=seed)
    twin = Game.new(uncapped, players, seed=seed)
    choose = random.Random(seed).choice
    positions = 0
    while not game.is_over and positions < 400:
        legal = game.legal_moves()
        assert legal == twin.legal_moves()
        move = choose(legal)
        assert game.play(move) == twin.play(move)
        positions += 1
    return positions


@pytest.mark.parametrize("name", ["polish", "russian", "switch"])
@pytest.mark.parametrize("players", [2, 4])
def test_capped_tables_list_what_uncapped_ones_list(name: str, players: int) -> None:
    capped = getattr(variants, name)()
    uncapped = _uncapped(capped)
    assert capped.compiled.left_cap < uncapped.compiled.left_cap
    assert sum(_same_listings(capped, uncapped, players, seed) for seed in range(6)) > 300


def test_a_call_at_three_cards_left_is_listed_at_three_and_only_there() -> None:
    # the default same_calls_from keeps 3 and "four or more" apart
    variant = variants.polish().with_rules(_ThreeLeft())
    for hand, listed in (("6c 5d 8d 9d", True), ("6c 5d 8d 9d 10d", False), ("6c 5d", False)):
        game = Game.from_position(variant, hands=[hand, "Kh Ks"], pile="7c", stock="2s 3s 2h")
        plays = [move for move in game.legal_moves() if type(move) is Play]
        calls = [play.calls for play in plays if str(play.cards[0]) == "6c"]
        assert calls and (("three",) in calls) is listed, (hand, calls)


def test_after_play_runs_at_three_cards_left_and_not_at_four_or_more() -> None:
    """A rule acting at three cards left acts there, not at four or more (the cap is 4)."""
    variant = variants.polish().with_rules(_DrawAtThreeLeft())
    for hand, acts in (("6c 5d 8d 9d", True), ("6c 5d 8d 9d 10d", False), ("6c 5d 8d", False)):
        game = Game.from_position(variant, hands=[hand, "Kh Ks"], pile="7c", stock="2s 3s 2h")
        events = game.play("6c")
        drawn = [e for e in events if isinstance(e, CardsDrawn) and e.reason == "three left"]
        assert bool(drawn) is acts, (hand, events)
