"""Per-step cost of the OpenSpiel adapter as a game grows long (issue 16).

Plays random 4-player Polish games through ``pyspiel`` doing at every step what
``pyspiel.random_sim_test`` does (without serialization): the legal actions, for every
seat the information state string and tensor and the observation string and tensor, the
state's text, a clone, then a random action. Prints the mean cost per step with a cap of
500 and of 4,000 actions, and per window of the game (steps 0-499, ..., 3,500-3,999), so a
cost that grows with the history shows as rising windows. Run with
``python benchmarks/adapters_step.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyspiel

import makao.adapters.openspiel  # noqa: F401 -- registers the games

WINDOW = 500


def one_step(state: Any, players: int, tensors: bool, rng: random.Random) -> None:
    """The per-step work of ``random_sim_test``, then a random action."""
    legal = state.legal_actions()
    for seat in range(players):
        state.information_state_string(seat)
        if tensors:
            state.information_state_tensor(seat)
        state.observation_string(seat)
        state.observation_tensor(seat)
    str(state)
    state.clone()
    state.apply_action(rng.choice(legal))


def run(cap: int, games: int, players: int = 4) -> tuple[float, dict[int, float]]:
    """Milliseconds per step overall and per window of ``WINDOW`` steps."""
    game = pyspiel.load_game("python_makao_polish", {"players": players, "max_actions": cap})
    tensors = bool(game.get_type().provides_information_state_tensor)
    rng = random.Random(0)
    spent: dict[int, float] = {}
    counts: dict[int, int] = {}
    for deal in range(games):
        state = game.new_initial_state()
        state.apply_action(deal)
        step = 0
        while not state.is_terminal():
            start = time.perf_counter()
            one_step(state, players, tensors, rng)
            window = step // WINDOW
            spent[window] = spent.get(window, 0.0) + time.perf_counter() - start
            counts[window] = counts.get(window, 0) + 1
            step += 1
    total = 1000 * sum(spent.values()) / sum(counts.values())
    return total, {w * WINDOW: 1000 * spent[w] / counts[w] for w in sorted(spent)}


def main() -> None:
    """Measure with caps 500 and 4,000 and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per cap (default 3)")
    games = parser.parse_args().games
    for cap in (500, 4000):
        total, windows = run(cap, games)
        print(f"cap {cap:>5}: {total:.2f} ms per step")
        for start, cost in windows.items():
            print(f"  steps {start:>5}-{start + WINDOW - 1:<5} {cost:.2f} ms")


if __name__ == "__main__":
    main()
