"""OpenSpiel's C++ ``crazy_eights`` driven from Python by ``bench.py``'s loop: a reference
for the compiled build's µs target (issue 17 names it: "OpenSpiel's C++ crazy_eights driven
from Python: 1–2 µs").

The game's rules run in C++ (``pyspiel``, the ``openspiel`` extra); the loop is the one that
times makao -- a ``random.Random(seed).choice`` of the legal actions, applied, until the game
ends -- so the two figures differ by the engines and their bindings alone. OpenSpiel deals
and draws through chance nodes, which the loop resolves with the same generator; a player's
draw is two steps there (the draw, then the card), one action in makao. The figure is per
player action, the chance steps included. Run with ``python benchmarks/crazy_eights.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any


def games(players: int, seeds: Sequence[int]) -> int:
    """Play one random game of OpenSpiel's ``crazy_eights`` per seed; return the player
    actions (chance steps applied but not counted). Raises ``ImportError`` without
    ``pyspiel``."""
    import pyspiel

    game: Any = pyspiel.load_game("crazy_eights", {"players": players})
    actions = 0
    for seed in seeds:
        choose = random.Random(seed).choice
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choose(state.chance_outcomes())[0])
            else:
                state.apply_action(choose(state.legal_actions()))
                actions += 1
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    """Print µs per player action of random games (best of a few rounds)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    best = float("inf")
    actions = 0
    for _ in range(args.rounds):
        start = time.process_time()
        actions = games(args.players, range(args.games))
        best = min(best, time.process_time() - start)
    print(f"crazy_eights {args.players}p: {best / actions * 1e6:.2f} µs per player action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
