"""Games and variants pickle (for process pools) and deep-copy, however long the game."""

from __future__ import annotations

import copy
import pickle
import random

from makao import Game, variants


def _long_game() -> Game:
    game = Game.new(variants.polish(), 6, seed=1)
    choose = random.Random(2).choice
    while not game.is_over:
        game.play(choose(game.legal_moves()))
    return game


def test_a_long_game_pickles_with_its_whole_record() -> None:
    game = _long_game()
    assert len(game.record) > 2000  # deeper than the recursion limit if saved as a chain
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.record == game.record
    assert loaded.to_json() == game.to_json()
    assert loaded.compiled is game.compiled  # compiled tables are rebuilt, not pickled


def test_a_pickled_game_plays_on_exactly_like_the_original() -> None:
    game = Game.new(variants.polish(), 3, seed=11)
    twin = pickle.loads(pickle.dumps(game))
    for _ in range(50):
        if game.is_over:
            break
        move = game.legal_moves()[0]
        assert twin.play(move) == game.play(move)
    assert twin.hands == game.hands and twin.stock == game.stock


def test_deepcopy_is_an_independent_clone() -> None:
    game = Game.new(variants.polish(), 2, seed=5)
    twin = copy.deepcopy(game)
    game.play(game.legal_moves()[0])
    assert twin.record == () and len(game.record) == 1


def test_every_registered_variant_pickles_to_an_equal_value() -> None:
    for name in variants.names():
        variant = variants.get(name)
        assert pickle.loads(pickle.dumps(variant)) == variant


def test_copy_is_an_independent_clone() -> None:
    """``copy.copy`` of a game is a clone, as ``copy.deepcopy``: the two play apart."""
    game = Game.new(variants.polish(), 2, seed=5)
    twin = copy.copy(game)
    assert twin == game and twin is not game
    game.play(game.legal_moves()[0])
    assert twin.record == () and len(game.record) == 1 and twin != game
