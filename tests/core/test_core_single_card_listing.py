"""The plain listing's path for single-card variants whose wild cards leave the suit and
rank only when nothing matches (`RuleSet.single_stuck_wilds`, RU-6 and RU-7 with
``changers_only_when_stuck``: the matching cards, or with none the wild ones) lists what
the general path of `makao._movegen._plain_moves` lists, in the same order, in every
position it is used for."""

from __future__ import annotations

import random

import pytest

from makao import Game, variants
from makao._movegen import _plain_moves
from makao.moves import Play
from makao.rules import Wild


def test_ru_7_the_stuck_wilds_path_is_taken_only_where_it_holds() -> None:
    """Single cards with wilds only when stuck (Russian by default); not with
    ``changers_only_when_stuck`` off, nor with multi-card plays (Polish), wild cards that
    may always be played (crazy eights) or no wild cards (the general path then walks the
    hand once)."""
    assert variants.russian().compiled.single_stuck_wilds
    assert not variants.russian(changers_only_when_stuck=False).compiled.single_stuck_wilds
    assert not variants.polish().compiled.single_stuck_wilds
    assert not variants.crazy_eights().compiled.single_stuck_wilds
    assert not variants.russian().without(Wild).compiled.single_stuck_wilds  # no wilds


@pytest.mark.parametrize("players", [2, 3, 5])
def test_ru_6_ru_7_the_stuck_wilds_path_lists_as_the_general_path(players: int) -> None:
    """Seeded random Russian games: in every plain position (no effect, no card drawn),
    both paths give the same moves in the same order -- among them positions where a
    held wild card is listed because nothing matches and where it is not because a card
    does (RU-7), and hands with the same card twice (two decks, RU-1)."""
    variant = variants.russian()
    rules = variant.compiled
    assert rules.single_stuck_wilds
    wilds = rules.wild_cards
    stuck = unmatched = twice = 0
    for seed in range(4):
        game = Game.new(variant, players, seed=seed)
        choose = random.Random(seed).choice
        for _ in range(400):
            if game.over:
                break
            if game.drawn is None and game.effect is None:
                hand = game.hands[game.to_move]
                listed = _plain_moves(game, hand)
                rules.single_stuck_wilds = False  # the general path, this once
                try:
                    assert listed == _plain_moves(game, hand)
                finally:
                    rules.single_stuck_wilds = True
                played = {move.cards[0] for move in listed if isinstance(move, Play)}
                held_wilds = wilds.intersection(hand)
                stuck += bool(played) and played <= held_wilds
                unmatched += bool(held_wilds - played) and bool(played - wilds)
                twice += len(set(hand)) < len(hand)
            game.play(choose(game.legal_moves()))
    assert stuck and unmatched and twice
