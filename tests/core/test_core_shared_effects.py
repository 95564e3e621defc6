"""Shared effects: the built-in attack, wait and demand rules make each distinct effect
once and share it (a `makao.events.Interned` table per rule), but a play never puts in
force the very object that was in force before it (`makao._core._unlike`): the engine
counts a turn only for the effect in force when the turn began, told by identity (PL-22,
PL-23, PL-27)."""

from __future__ import annotations

import gc
import pickle
import weakref

import attrs

from makao import Game, Play, Rank, tables, variants
from makao.events import DemandSet
from makao.rules import BattleCards, WaitCards

PL = variants.polish()
STOCK = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"


def plays(game: Game) -> set[str]:
    """The card plays legal for the seat to move (cards only)."""
    return {" ".join(map(str, m.cards)) for m in game.legal_moves() if isinstance(m, Play)}


def test_pl_12_equal_attacks_of_a_rule_are_one_object() -> None:
    games = [Game.from_position(PL, hands=["2h 5c", "6c 6d"], pile="9h", stock=STOCK) for _ in "ab"]
    for game in games:
        game.play("2h")
    assert games[0].effect is games[1].effect
    assert games[0].effect == PL.parse_effect("attack 2 by 0")


def test_pl_23_the_demander_demanding_the_same_rank_again_restarts_the_round() -> None:
    """The new demand equals the one in force; it must still last a whole new round."""
    hands = ["Jh Jd 5h 6h", "7c 7d 9c", "7s 8s 5s"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Jh:7")
    in_force = game.effect
    game.play("7c")
    game.play("7s")
    assert game.to_move == 0 and game.effect is in_force
    assert game.play("Jd:7")[1:] == (DemandSet(0, Rank.SEVEN),)  # no DemandEnded
    assert game.effect == in_force and game.effect is not in_force
    assert game.to_move == 1
    assert plays(game) == {"7d"}  # seat 1 is bound again


def test_pl_27_an_ace_naming_the_same_suit_binds_the_next_player_again() -> None:
    hands = ["Ah 5d 6d", "As 9c 8c", "5s 6c 9d"]
    game = Game.from_position(PL, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    in_force = game.effect
    assert game.to_move == 1
    game.play("As:s")
    assert game.effect == in_force and game.effect is not in_force
    assert game.effect == PL.parse_effect("suit s")
    assert game.to_move == 2
    assert plays(game) == {"5s"}  # seat 2 is bound to spades


def test_pl_27_the_same_suit_named_again_in_two_games_shares_one_copy() -> None:
    """The copy `_unlike` puts in force is made once per shared effect and handed out
    again (`RuleSet.twins`): equal, not the effect in force, one object in every game."""
    hands = ["Ah 5d 6d", "As 9c 8c", "5s 6c 9d"]
    games = [Game.from_position(PL, hands=hands, pile="9h", stock=STOCK) for _ in "ab"]
    for game in games:
        game.play("Ah:s")
    shared = games[0].effect
    assert games[1].effect is shared
    for game in games:
        game.play("As:s")
    again = games[0].effect
    assert again == shared and again is not shared
    assert games[1].effect is again


def test_pl_27_the_copy_of_a_suit_named_again_goes_with_its_variant() -> None:
    """The copy `_unlike` makes is kept by the rule set (`RuleSet.twins`), not by the
    process: once a variant, its games and its rule set are gone, so is the rule whose
    effect was copied, with its tables. A sweep over variants (a new rule object per
    variant) kept up to 20,000 such effects, each holding its rule, for ever."""
    variant = variants.polish(po_makale_penalty=97)  # rule objects of its own
    hands = ["Ah 5d 6d", "As 9c 8c", "5s 6c 9d"]
    game = Game.from_position(variant, hands=hands, pile="9h", stock=STOCK)
    game.play("Ah:s")
    game.play("As:s")  # the same suit named again: the shared effect's copy
    assert game.effect == PL.parse_effect("suit s")
    effect = game.effect
    assert effect is not None
    rule = weakref.ref(effect.rule)  # type: ignore[attr-defined]  # a SuitDemand's
    tables._COMPILED.pop(variant.rules, None)  # not kept for equal variants to share
    del variant, game, effect
    gc.collect()
    assert rule() is None


def test_a_rule_pickles_without_its_caches() -> None:
    battle = BattleCards(penalties=[("2h", 2), ("3h", 3)])
    empty = pickle.dumps(battle)
    attack = battle.attack(2, 0, False)
    assert battle.attack(2, 0, False) is attack  # kept in the rule's table
    for total in range(2, 40):
        battle.attack(total, 1, True)
    assert battle.answer_set(attack.rule.penalties[0][0])  # and an answer set
    data = pickle.dumps(battle)
    assert len(data) == len(empty)  # the tables pickle empty
    loaded = pickle.loads(data)
    assert loaded == battle
    again = loaded.attack(2, 0, False)
    assert again == attack and again is not attack
    assert again.rule is loaded  # the loaded rule's table makes its own effects


@attrs.frozen
class _NotedWaits(WaitCards):
    """A user's wait rule with an ``__attrs_post_init__`` of its own (which attrs runs
    in place of its base's)."""

    note: str = "mine"

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "note", self.note.upper())


def test_pl_17_a_subclass_with_its_own_post_init_still_raises_shared_waits() -> None:
    variant = PL.replace(WaitCards, _NotedWaits())
    games = [
        Game.from_position(variant, hands=["4h 5c", "6c 6d", "9c"], pile="9h", stock=STOCK)
        for _ in "ab"
    ]
    for game in games:
        game.play("4h")
    assert games[0].effect == variant.parse_effect("wait 1 by 0")
    assert games[0].effect is games[1].effect
