"""The rule set's flag tables say what the sets they stand for say (move generation walks a
hand with the flags: an index per card, where a set lookup hashes)."""

from __future__ import annotations

import pytest

from makao import Card, Game, variants
from makao.cards import ALL_CARDS
from makao.rules import BattleCards, Wild
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
