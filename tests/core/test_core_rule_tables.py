"""The rule set's flag tables say what the sets they stand for say (move generation walks a
hand with the flags: an index per card, where a set lookup hashes)."""

from __future__ import annotations

import attrs
import pytest

from makao import Card, Game, tables, variants
from makao.cards import ALL_CARDS
from makao.rules import BattleCards, Table, WaitCards, Wild
from makao.tables import MOST_COMPILED
from makao.variant import Variant


@pytest.mark.parametrize("name", variants.names())
def test_pl_6_flags_by_card_index_are_the_matching_and_playable_sets(name: str) -> None:
    rules = variants.get(name).compiled
    for top in ALL_CARDS:
        playable = rules.playable_flags[top.index]
        matching = rules.matching_flags[top.index]
        assert len(playable) == len(matching) == len(ALL_CARDS)
        for card in ALL_CARDS:
            is_wild = rules.wild[card.index] is not None
            assert playable[card.index] is (card in rules.matching[top.index] or is_wild)
            assert matching[card.index] is (card in rules.matching[top.index])
            # PL-6: a card matches the top card by suit or rank
            assert matching[card.index] is (card.suit is top.suit or card.rank is top.rank)


@pytest.mark.parametrize("name", variants.names())
def test_pl_9_wild_only_cards_are_the_wild_cards_that_do_not_match(name: str) -> None:
    rules = variants.get(name).compiled
    for top in ALL_CARDS:
        wild_only = rules.wild_only[top.index]
        assert wild_only == rules.wild_cards - rules.matching[top.index]
        assert rules.wild_only_bits[top.index] == sum(card.bit for card in wild_only)


def test_ru_7_a_wild_card_that_matches_is_playable_beside_another_match() -> None:
    """RU-7 (wild cards only when stuck): a queen that matches the top card by suit is an
    ordinary match, playable however many other matching cards are held (PL-6)."""
    stuck_queens = variants.polish().replace(Wild, Wild(only_when_stuck=True))
    stock = "5c 6c 8c 9c 10c 5d 6d 8d 9d 10d"
    game = Game.from_position(stuck_queens, hands=["Qh 5h", "6d"], pile="9h", stock=stock)
    assert set(game.playable_cards(0)) == {Card.parse("Qh"), Card.parse("5h")}
    assert {"Qh", "5h"} <= {str(move) for move in game.legal_moves()}
    wild = Game.from_position(stuck_queens, hands=["Qh 5s", "6d"], pile="9s", stock=stock)
    assert wild.playable_cards(0) == [Card.parse("5s")]  # RU-7: not wild while 5s matches


@pytest.mark.parametrize("name", variants.names())
def test_pl_29_group_slots_follow_the_variants_own_left_cap(name: str) -> None:
    """`RuleSet.group_slots`: per group pattern and hand size, the sizes from ``others + 1 +
    left_cap`` on are one slot -- with this variant's `left_cap` (PL-29's call tells one
    and two cards left apart; Mao's calls do not), whatever variant was compiled first."""
    rules = variants.get(name).compiled
    assert len(rules.group_slots) == 256
    for others, sizes in enumerate(rules.group_slots):
        cap = others.bit_count() + 1 + rules.left_cap
        assert sizes == tuple(others * 16 + min(size, cap) for size in range(16))


@pytest.mark.parametrize("name", variants.names())
def test_pl_29_after_play_rules_by_cards_left_are_those_that_apply(name: str) -> None:
    """`RuleSet.after_play_by_left`: per cards left (0…3, 4 for four or more), the
    after-play rules whose `after_play_applies` says they can act (PL-29's call rule only
    near the end of the hand), in the variant's order."""
    rules = variants.get(name).compiled
    assert len(rules.after_play_by_left) == 5
    for left, acting in enumerate(rules.after_play_by_left):
        applies = tuple(rule for rule in rules.after_play_rules if rule.after_play_applies(left))
        assert acting == applies
    if name == "polish":  # PL-29: the "makao" call is owed at one card left, not at four
        assert len(rules.after_play_by_left[4]) < len(rules.after_play_by_left[1])


def _all_kings_battle(backwards: str) -> Variant:
    """Polish with every king a battle card of penalty 5 (PL-10), ``backwards`` sent back."""
    polish = variants.polish()
    battle = next(rule for rule in polish.rules if isinstance(rule, BattleCards))
    kings = [(Card.parse(text), 5) for text in ("Kc", "Kd")]
    sent_back = frozenset(Card.parse(text) for text in backwards.split())
    every_king = BattleCards([*battle.penalties, *kings], backwards=sent_back)
    return polish.replace(BattleCards, every_king, name="polish-kings")


def test_pl_16_a_rank_under_one_rule_with_two_directions_is_not_uniform() -> None:
    """`RuleSet.uniform_rank`: the cards of a rank share one effect only if one rule gives
    each the same effect class. With all four kings battle cards and K♠ backwards
    (PL-14), the kings differ: a play of four kings is listed with each king last among
    the middle cards (PL-16, `canonical_order`); all forwards, once per middle."""
    backwards = _all_kings_battle("Ks")
    forwards = _all_kings_battle("")
    assert not backwards.compiled.uniform_rank[13] and forwards.compiled.uniform_rank[13]
    assert all(backwards.compiled.uniform_rank[rank] for rank in range(2, 13))
    plays = {}
    for label, variant in (("backwards", backwards), ("forwards", forwards)):
        game = Game.from_position(variant, hands=["Kh Ks Kc Kd", "5c 6c"], pile="9h", stock="4d")
        plays[label] = [str(move) for move in game.legal_moves() if str(move).count("K") == 4]
    assert {"Kh Ks Kd Kc", "Kh Kd Ks Kc"} <= set(plays["backwards"])
    assert len(plays["backwards"]) == 2 * len(plays["forwards"])


def test_ru_7_stuck_wild_cards_are_still_played_together_pl_7() -> None:
    """RU-7 wild cards (only when stuck) with plays of several cards (PL-7): a queen that
    may start a play takes the other queens with it, matching or stuck."""
    stuck_queens = variants.polish().replace(Wild, Wild(only_when_stuck=True))
    assert not stuck_queens.compiled.single_stuck_wilds  # plays of several cards
    stock = "5d 6c 8c 9c 10c 8d 9d 10d"
    game = Game.from_position(stuck_queens, hands=["Qh Qs 5c", "6d"], pile="9h", stock=stock)
    assert {"Qh", "Qh Qs"} <= set(game.legal_moves_text())
    stuck = Game.from_position(stuck_queens, hands=["Qs Qc 5c", "6d"], pile="9h", stock=stock)
    assert {"Qs", "Qs Qc", "Qc", "Qc Qs"} <= set(stuck.legal_moves_text())


def test_um_16_one_wild_rule_under_effects_is_enough_beside_plain_ones() -> None:
    """`RuleSet.has_effect_wilds`: a house wild card that stays wild under effects (as
    UM-16's jacks) added beside the Polish queens, which are not (PL-9), answers an attack
    (PL-12) -- one such wild rule among several is enough."""
    five = Wild(frozenset({Card.parse("5s")}), under_effects=True)
    variant = variants.polish().with_rules(five, name="polish-wild-five")
    assert variant.compiled.has_effect_wilds and not variants.polish().compiled.has_effect_wilds
    for rules, listed in ((variant, ["2h", "5s", "draw"]), (variants.polish(), ["2h", "draw"])):
        game = Game.from_position(
            rules, hands=["5s 6d 2h", "6c 7c"], pile="9h 2d", stock="3c 4c", effect="attack 2 by 1"
        )
        assert game.legal_moves_text() == listed


@attrs.frozen
class _WildForSeatZero(Wild):
    """A house wild rule whose own `allows` reads the seat: wild for seat 0 only."""

    def allows(self, game: Table, seat: int, card: Card, has_match: bool) -> bool:
        return seat == 0


def test_pl_9_a_wild_rules_own_allows_is_asked_for_each_seat() -> None:
    """`RuleSet.wild_answers` keeps only the built-in `allows` answers (PL-9, RU-7): a
    rule with its own `allows` is asked in the position, here for the seat to move."""
    five = _WildForSeatZero(frozenset({Card.parse("5s")}))
    variant = variants.polish().with_rules(five, name="polish-seat-zero-five")
    assert variant.compiled.wild_answers[Card.parse("5s").index] is None
    for seat in (0, 1):
        hands = ["5s 9c 8c", "6d"] if seat == 0 else ["6d", "5s 9c 8c"]
        game = Game.from_position(variant, hands=hands, pile="9h", stock="2c 3c", to_move=seat)
        assert ("5s" in game.legal_moves_text()) is (seat == 0)


def test_pl_10_pl_9_a_rule_added_later_overrides_an_earlier_one_for_its_cards() -> None:
    """`RuleSet.card_rule` and `RuleSet.wild`: for a card two rules cover, the later rule
    decides -- a house battle rule makes 2♥ an attack of 5 (not PL-10's 2), a house wild
    rule makes Q♠ wild only when stuck (RU-7, not PL-9's always)."""
    polish = variants.polish()
    two, queen = Card.parse("2h"), Card.parse("Qs")
    later_two = BattleCards({two: 5})
    later_queen = Wild(frozenset({queen}), only_when_stuck=True)
    variant = polish.with_rules(later_two, later_queen, name="polish-house-overrides")
    assert variant.compiled.card_rule[two.index] is later_two
    assert variant.compiled.wild[queen.index] is later_queen
    game = Game.from_position(variant, hands=["2h Qs 9c", "6d"], pile="9h", stock="2c 3c 4c")
    assert "Qs" not in game.legal_moves_text()  # RU-7: 9♣ matches
    game.play("2h")
    assert game.snapshot()["effect"] == "attack 5 by 0 of 2"


def test_pl_16_pl_17_aces_under_two_rules_are_not_uniform() -> None:
    """`RuleSet.uniform_rank` covers the aces, and tells rules apart by the rule, not only by
    the effect class: with A♠ a house wait card (PL-17) beside PL-13's demanding aces, a play
    of four aces is listed with each of several aces last (PL-16)."""
    polish = variants.polish()
    variant = polish.with_rules(WaitCards(frozenset({Card.parse("As")})), name="polish-ace-wait")
    assert not variant.compiled.uniform_rank[14] and polish.compiled.uniform_rank[14]
    plays = {}
    for label, rules in (("mixed", variant), ("polish", polish)):
        game = Game.from_position(rules, hands=["Ah As Ac Ad", "5c 6c"], pile="9h", stock="4d")
        listed = {move.split(":")[0] for move in game.legal_moves_text()}
        plays[label] = {play for play in listed if play.count("A") == 4}
    assert len(plays["mixed"]) > len(plays["polish"])


def test_the_rule_sets_kept_for_sharing_are_bounded_and_a_variant_keeps_its_own() -> None:
    """Equal variants share one rule set (and its filled caches), but only the last
    `MOST_COMPILED` distinct ones are kept for that: a sweep over options kept every
    rule set for ever. A variant whose rule set was let go still plays on its own. (The
    rule sets kept before are put back after: other tests' variants share them.)"""
    kept = dict(tables._COMPILED)
    try:
        _sweep_the_kept_rule_sets()
    finally:
        tables._COMPILED.clear()
        tables._COMPILED.update(kept)


def _sweep_the_kept_rule_sets() -> None:
    first = variants.polish(po_makale_penalty=1)
    assert variants.polish(po_makale_penalty=1).compiled is first.compiled
    sweep = [variants.polish(po_makale_penalty=n) for n in range(2, MOST_COMPILED + 10)]
    assert len(tables._COMPILED) <= MOST_COMPILED
    assert variants.polish(po_makale_penalty=1).compiled is not first.compiled
    assert variants.polish(po_makale_penalty=70).compiled is sweep[70 - 2].compiled
    game = Game.new(first, 2, seed=3)
    for move in range(100):
        game.play(game.legal_moves()[move % len(game.legal_moves())])
    assert game.compiled is first.compiled and len(game.record) == 100
