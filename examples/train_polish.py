"""Train a policy network for 2-player Polish makao on a CPU, then measure it.

The agent learns through the single-agent Gymnasium environment
([`makao.adapters.gymnasium`][makao.adapters.gymnasium]) with masked actions, in two phases:

1. **Imitation.** It watches ``HeuristicBot`` play its seat (against the heuristic and
   random bots) and learns to pick the heuristic's action (cross-entropy on the legal
   actions).
2. **Reinforcement.** It plays on its own against a mix of random and heuristic opponents
   and improves by policy gradient (REINFORCE with a learned baseline, +1/-1 for a win or
   a loss), keeping the network that scored best against the heuristic bot.

Every phase step is followed by a short evaluation, which makes the learning curve (a
PNG); at the end the agent plays 1,000 games against ``RandomBot`` and 1,000 against
``HeuristicBot`` (seats drawn at random), reported with Wilson 95 % intervals.

Needs the extras ``train`` and ``rl`` (``torch==2.13.0`` CPU, ``gymnasium``) and
``plot`` for the PNG. ``python examples/train_polish.py`` is a smoke run of a few
seconds; ``python examples/train_polish.py --full --out docs/img`` is the documented
run (about 2 minutes of training on an idle 2-core machine, then the final evaluation).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from makao.adapters.gymnasium import MakaoGymEnv
from makao.bots import HeuristicBot
from makao.sim.stats import rate

torch.set_num_threads(2)


class Policy(nn.Module):
    """An MLP over the observation: masked action logits and a value."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal actions at -1e9) and the value of each observation."""
        hidden = self.body(torch.log1p(obs))
        logits = self.logits(hidden).masked_fill(mask == 0, -1e9)
        return logits, self.value(hidden).squeeze(-1)


def tensors(observation: dict[str, Any]) -> tuple[torch.Tensor, torch.Tensor]:
    """An observation as a batch of one."""
    obs = torch.as_tensor(observation["observation"]).unsqueeze(0)
    return obs, torch.as_tensor(observation["action_mask"]).unsqueeze(0)


def make_env(opponents: str, seed: int) -> MakaoGymEnv:
    """The environment: 2-player Polish, the agent's seat drawn each game."""
    env = MakaoGymEnv("polish", 2, opponents=opponents)
    env.reset(seed=seed)
    return env


# ---------------------------------------------------------------------- phase 1


def imitation_data(games: int, seed: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Observations, masks and the heuristic's actions from ``games`` games."""
    observations, masks, labels = [], [], []
    teacher = HeuristicBot()
    teacher.reset(seed)
    for game in range(games):
        env = make_env("heuristic" if game % 2 else "random", seed + game)
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action = env.driver.bot_actions(teacher)[0]
            observations.append(observation["observation"])
            masks.append(observation["action_mask"])
            labels.append(action)
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
    return (
        torch.as_tensor(np.array(observations)),
        torch.as_tensor(np.array(masks)),
        torch.as_tensor(labels),
    )


def imitate(policy: Policy, data: tuple[torch.Tensor, ...], epochs: int, seed: int) -> None:
    """Fit the policy to the heuristic's actions."""
    obs, masks, labels = data
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    generator = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        order = torch.randperm(len(labels), generator=generator)
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            logits, _ = policy(obs[batch], masks[batch])
            loss = nn.functional.cross_entropy(logits, labels[batch])
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()


# ---------------------------------------------------------------------- phase 2


def episode(policy: Policy, env: MakaoGymEnv, seed: int, greedy: bool) -> tuple[Any, ...]:
    """One game: log-probabilities, values, final reward, whether the agent won."""
    observation, _ = env.reset(seed=seed)
    log_probs, values = [], []
    reward, done, won = 0.0, False, False
    while not done:
        obs, mask = tensors(observation)
        logits, value = policy(obs, mask)
        if greedy:
            action = int(logits.argmax())
        else:
            distribution = torch.distributions.Categorical(logits=logits)
            sample = distribution.sample()  # type: ignore[no-untyped-call]
            log_probs.append(distribution.log_prob(sample))  # type: ignore[no-untyped-call]
            values.append(value)
            action = int(sample)
        observation, step_reward, terminated, truncated, info = env.step(action)
        reward += float(step_reward)
        done = terminated or truncated
        won = terminated and not info["illegal"] and info["outcome"].winner == info["seat"]
    return log_probs, values, reward, won


def reinforce(policy: Policy, iterations: int, games: int, seed: int, curve: Any) -> None:
    """Policy gradient against random and heuristic opponents (keeps the best network)."""
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-4)
    envs = [make_env("random", seed), make_env("heuristic", seed + 1)]
    best = (curve.last_heuristic, {k: v.clone() for k, v in policy.state_dict().items()})
    for iteration in range(iterations):
        losses = []
        for game in range(games):
            env = envs[game % 2]
            log_probs, values, reward, _ = episode(
                policy, env, seed + iteration * games + game, False
            )
            if not log_probs:
                continue
            value = torch.cat(values)
            advantage = reward - value.detach()
            losses.append(-(torch.cat(log_probs) * advantage).sum() + ((reward - value) ** 2).sum())
        if losses:
            optimiser.zero_grad()
            (torch.stack(losses).sum() / games).backward()  # type: ignore[no-untyped-call]
            nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            optimiser.step()
        curve.point(policy, f"policy gradient {iteration + 1}")
        if curve.last_heuristic > best[0]:
            best = (curve.last_heuristic, {k: v.clone() for k, v in policy.state_dict().items()})
    policy.load_state_dict(best[1])


# ---------------------------------------------------------------------- measuring


def win_rate(policy: Policy, opponents: str, games: int, seed: int) -> tuple[int, int]:
    """Wins of the greedy policy in ``games`` games against ``opponents``."""
    env = make_env(opponents, seed)
    with torch.no_grad():
        wins = sum(episode(policy, env, seed + g, True)[3] for g in range(games))
    return wins, games


class Curve:
    """The learning curve: win rates against both bots after every step of training."""

    def __init__(self, games: int, seed: int) -> None:
        self.games, self.seed, self.start = games, seed, time.perf_counter()
        self.points: list[dict[str, Any]] = []
        self.last_heuristic = 0.0

    def point(self, policy: Policy, label: str) -> None:
        """Evaluate and record one point."""
        random_wins, n = win_rate(policy, "random", self.games, self.seed)
        heuristic_wins, _ = win_rate(policy, "heuristic", self.games, self.seed + 1)
        self.last_heuristic = heuristic_wins / n
        self.points.append(
            {
                "step": label,
                "minutes": (time.perf_counter() - self.start) / 60,
                "vs_random": random_wins / n,
                "vs_heuristic": heuristic_wins / n,
            }
        )
        print(f"{label}: {random_wins}/{n} against random, {heuristic_wins}/{n} against heuristic")

    def plot(self, path: Path) -> None:
        """Draw the curve to ``path``."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 3.5))
        minutes = [p["minutes"] for p in self.points]
        axes.plot(minutes, [p["vs_random"] for p in self.points], "o-", label="vs RandomBot")
        axes.plot(minutes, [p["vs_heuristic"] for p in self.points], "s-", label="vs HeuristicBot")
        axes.axhline(0.5, color="grey", lw=0.5)
        axes.set_xlabel("training time (minutes, evaluation included)")
        axes.set_ylabel(f"win rate ({self.games} games)")
        axes.set_ylim(0, 1)
        axes.legend()
        axes.set_title("2-player Polish makao: imitation, then policy gradient")
        figure.tight_layout()
        figure.savefig(path)
        plt.close(figure)


def train(
    imitation_games: int, epochs: int, iterations: int, games: int, eval_games: int, seed: int
) -> tuple[Policy, Curve]:
    """Both phases; returns the trained policy and its learning curve."""
    torch.manual_seed(seed)
    env = make_env("random", seed)
    policy = Policy(env.encoder.size, env.size)
    curve = Curve(eval_games, seed + 10_000)
    curve.point(policy, "untrained")
    data = imitation_data(imitation_games, seed)
    for epoch in range(epochs):
        imitate(policy, data, 1, seed + epoch)
        curve.point(policy, f"imitation epoch {epoch + 1}")
    reinforce(policy, iterations, games, seed + 20_000, curve)
    return policy, curve


def main() -> None:
    """Train (smoke run, or ``--full``), evaluate and write the figures."""
    parser = argparse.ArgumentParser(description="Train a 2-player Polish makao agent.")
    parser.add_argument("--full", action="store_true", help="the documented run (~3 min)")
    parser.add_argument("--out", type=Path, help="write the curve PNG and results JSON here")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.full:
        sizes = {"imitation_games": 1000, "epochs": 4, "iterations": 12, "games": 48}
        eval_games, final_games = 60, 1000
    else:
        sizes = {"imitation_games": 2, "epochs": 1, "iterations": 1, "games": 2}
        eval_games, final_games = 2, 4
    start = time.perf_counter()
    policy, curve = train(**sizes, eval_games=eval_games, seed=args.seed)
    trained = time.perf_counter() - start
    results: dict[str, Any] = {"training minutes": trained / 60, **sizes}
    for opponents in ("random", "heuristic"):
        wins, n = win_rate(policy, opponents, final_games, args.seed + 99_999)
        estimate = rate(wins, n)
        results[f"vs {opponents}"] = estimate.to_dict()
        print(f"final: against {opponents}: {estimate.format()} of {n} games")
    print(f"training took {trained / 60:.1f} minutes")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        curve.plot(args.out / "train_polish_curve.png")
        text = json.dumps({"results": results, "curve": curve.points}, indent=1)
        (args.out / "train_polish.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
