"""The rule set's flag tables say what the sets they stand for say (move generation walks a
hand with the flags: an index per card, where a set lookup hashes)."""

from __future__ import annotations

import pytest

from makao import Card, Game, variants
from makao.cards import ALL_CARDS
from makao.rules import Wild


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
