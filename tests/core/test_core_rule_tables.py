"""The rule set's flag tables say what the sets they stand for say (move generation walks a
hand with the flags: an index per card, where a set lookup hashes)."""

from __future__ import annotations

import pytest

from makao import variants
from makao.cards import ALL_CARDS


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
