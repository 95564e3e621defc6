"""A seeded game of Polish makao between random choices, printed as a readable event log.

Run it with ``python examples/play_polish.py``; the same seed always prints the same game.
Every event's ``str`` is a line of plain English (``seat 1 draws 2 cards (attack): …``).
"""

from __future__ import annotations

import argparse
import random

from makao import Game, variants


def main(seed: int = 7, players: int = 3) -> Game:
    """Play one seeded game with uniformly random legal moves and print it."""
    game = Game.new(variants.polish(), players=players, seed=seed)
    rng = random.Random(seed)
    print(f"Polish makao, {players} players, seed {seed}; first card {game.top}")
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        print(f"{move}:")
        for event in game.play(move):
            print(f"  {event}")
    print(f"{len(game.record)} moves; winner: seat {game.outcome.winner if game.outcome else '-'}")
    return game


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    main()
