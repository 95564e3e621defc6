"""OpenSpiel's own DQN (PyTorch) learns 2-player Polish makao through ``rl_environment``.

Nothing makao-specific is needed: the environment reads the game's information state
tensor (``[406]`` for two players) and legal actions, as it does for OpenSpiel's own
games. Two DQN agents play each other; afterwards seat 0 plays random seat 1.
Needs the extras ``openspiel`` and ``train`` (``torch``, ``dm-tree``). Run:
``python examples/openspiel_dqn.py [episodes]`` -- the default is a short smoke run, not
enough to learn much; a bad count is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import random
import sys

import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn

import makao.adapters.openspiel  # noqa: F401 -- registers the games

MAX_ACTIONS = 200  # a short cap keeps the smoke run short; the ranking decides at the cap


def train(episodes: int, seed: int = 0) -> list[dqn.DQN]:
    """Train one DQN agent per seat by self-play for ``episodes`` games."""
    game = pyspiel.load_game("python_makao_polish", {"players": 2, "max_actions": MAX_ACTIONS})
    env = rl_environment.Environment(game, seed=seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [
        dqn.DQN(
            seat,
            state_representation_size=size,
            num_actions=actions,
            hidden_layers_sizes=[64],
            batch_size=32,
            replay_buffer_capacity=5_000,
            min_buffer_size_to_learn=64,
            learn_every=8,
            epsilon_decay_duration=5_000,
            seed=seed + seat,
        )
        for seat in range(2)
    ]
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            time_step = env.step([agents[seat].step(time_step).action])
        for agent in agents:
            agent.step(time_step)
    return agents


def evaluate(agent: dqn.DQN, games: int, seed: int = 1) -> float:
    """The mean return of ``agent`` (seat 0, greedy) against uniformly random seat 1."""
    game = pyspiel.load_game("python_makao_polish", {"players": 2, "max_actions": MAX_ACTIONS})
    env = rl_environment.Environment(game, seed=seed)
    rng = random.Random(seed)
    total = 0.0
    for _ in range(games):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            if seat == 0:
                action = agent.step(time_step, is_evaluation=True).action
            else:
                action = rng.choice(time_step.observations["legal_actions"][1])
            time_step = env.step([action])
        total += time_step.rewards[0]
    return total / games


def _episodes(text: str) -> int:
    """A count of episodes: a whole number of at least 1."""
    try:
        episodes = int(text)
    except ValueError:
        episodes = 0
    if episodes < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}")
    return episodes


def main(argv: list[str]) -> None:
    """Train briefly and print the loss and the return against random play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("episodes", type=_episodes, nargs="?", default=3)
    episodes: int = parser.parse_args(argv).episodes
    agents = train(episodes)
    print(f"trained {episodes} episodes; last loss of seat 0: {agents[0].loss}")
    print(f"mean return of seat 0 against random play: {evaluate(agents[0], 2):+.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
