"""Positions of seeded random games, shared by the tests that check a shortcut of move
generation against the plain computation in every position met."""

from __future__ import annotations

import random
from collections.abc import Iterator

from makao import Game, variants


def random_positions(name: str, players: int, seeds: int, steps: int) -> Iterator[Game]:
    """The positions of ``seeds`` random games of variant ``name`` (seeds 0, 1, …), at most
    ``steps`` per game, each yielded before its random legal move is played."""
    for seed in range(seeds):
        game = Game.new(variants.get(name), players, seed=seed)
        choose = random.Random(seed).choice
        for _ in range(steps):
            if game.is_over:
                break
            yield game
            game.play(choose(game.legal_moves()))
