"""Evaluate a policy in the PettingZoo environment: random (masked) play against makao's
HeuristicBot at two-player Polish makao, seats alternating.

Needs the extra ``rl``. Run: ``python examples/pettingzoo_eval.py``.
"""

from __future__ import annotations

import argparse

import numpy as np

from makao.adapters.pettingzoo import env
from makao.bots import HeuristicBot

GAMES = 20


def evaluate(games: int = GAMES, seed: int = 0) -> float:
    """The random policy's mean reward (+1 win, -1 loss) over ``games`` games."""
    table = env(variant="polish", players=2)
    rng = np.random.default_rng(seed)
    heuristic = HeuristicBot()
    total = 0.0
    for number in range(games):
        table.reset(seed=seed + number)
        heuristic.reset(number)
        learner = f"player_{number % 2}"
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                total += reward if agent == learner else 0.0
                table.step(None)
            elif agent == learner:
                table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            else:  # the heuristic bot picks a whole move; take its first action id
                table.step(table.unwrapped.driver.bot_actions(heuristic)[0])
    return total / games


if __name__ == "__main__":
    # no arguments: a stray one is an error line and status 2, not silently ignored
    argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "").parse_args()
    print(f"random policy vs HeuristicBot: mean reward {evaluate():+.2f} over {GAMES} games")
