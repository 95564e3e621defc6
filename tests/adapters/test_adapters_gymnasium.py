"""The single-agent Gymnasium environments: Gymnasium's checker for every variant,
registration, rewards (place and shaping), truncation, illegal actions, bad arguments
(makao.adapters.gymnasium)."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from makao import variants  # noqa: E402
from makao.adapters.fixed import FIXED_ACTIONS  # noqa: E402
from makao.adapters.gymnasium import MakaoGymEnv, env_id  # noqa: E402
from makao.bots import RandomBot  # noqa: E402
from makao.errors import SetupError  # noqa: E402

VARIANTS = list(variants.names())
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def run(env: Any, seed: int) -> tuple[list[float], bool, bool, dict[str, Any]]:
    """Random masked play of one episode: the rewards, terminated, truncated, last info."""
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        if terminated or truncated:
            return rewards, terminated, truncated, info


@pytest.mark.parametrize("variant", VARIANTS)
def test_gymnasium_check_env_passes(variant: str) -> None:
    for opponents in ("heuristic", "random"):
        env = gymnasium.make(env_id(variant), opponents=opponents, render_mode="ansi")
        check_env(env.unwrapped)
    check_env(gymnasium.make(env_id(variant), fixed_size=True).unwrapped)


def test_every_variant_is_registered_and_loads_by_module_id() -> None:
    assert env_id("crazy-eights") == "makao/CrazyEights-v0"
    for variant in VARIANTS:
        assert env_id(variant) in gymnasium.registry
    env = gymnasium.make("makao.adapters.gymnasium:makao/Russian-v0", players=3)
    assert env.unwrapped.variant.name == "russian" and env.unwrapped.players == 3


def test_the_episode_ends_with_the_agents_place_reward() -> None:
    env = MakaoGymEnv("polish", opponents="random", seat=1)
    for seed in range(5):
        rewards, terminated, truncated, info = run(env, seed)
        assert terminated and not truncated and not info["illegal"]
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == (1.0 if info["outcome"].winner == 1 else -1.0)


def test_shaping_pays_the_cards_shed_between_decisions() -> None:
    env = MakaoGymEnv("polish", opponents="heuristic", seat=0, shaping=0.1)
    _, _ = env.reset(seed=3)
    dealt = len(env.driver.game.hands[0])
    rewards, terminated, _, _ = run(env, 3)
    outcome = env.driver.game.outcome
    assert outcome is not None
    place = 1.0 if outcome.winner == 0 else -1.0
    held = len(env.driver.game.hands[0])
    assert terminated
    assert sum(rewards) == pytest.approx(0.1 * (dealt - held) + place)
    assert any(r not in (0.0, place) for r in rewards)


def test_the_cap_truncates_without_a_final_reward() -> None:
    env = MakaoGymEnv("polish", opponents="random", max_actions=6)
    rewards, terminated, truncated, info = run(env, 1)
    assert truncated and not terminated and info["truncated"] and rewards[-1] == 0.0
    env = MakaoGymEnv("polish", opponents="random", max_agent_steps=2)
    rewards, terminated, truncated, info = run(env, 1)
    assert truncated and len(rewards) == 2 and env.agent_steps == 2


def test_an_illegal_action_ends_the_episode_with_the_illegal_reward() -> None:
    env = MakaoGymEnv("polish", opponents="heuristic")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert np.array_equal(env.action_masks(), observation["action_mask"])


def test_fixed_size_gives_one_space_for_every_variant() -> None:
    envs: list[Any] = [MakaoGymEnv(v, fixed_size=True) for v in VARIANTS]
    assert {env.observation_space["observation"].shape for env in envs} == {(336,)}
    assert MakaoGymEnv("mao", fixed_size=True).size == FIXED_ACTIONS


def test_opponents_may_be_named_per_seat_or_given_as_bots() -> None:
    env = MakaoGymEnv("russian", 3, opponents=["heuristic", RandomBot()], seat=2)
    _, info = env.reset(seed=0)
    assert info["seat"] == 2 and isinstance(env.opponents[1], RandomBot)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["random"], "players": 3}, "one opponent per other seat"),
        ({"seat": 2}, "seat must be in 0..1"),
        ({"opponents": "nobody"}, "unknown bot"),
        ({"render_mode": "human"}, "render_mode must be"),
    ],
)
def test_bad_arguments_are_setup_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        MakaoGymEnv("polish", **kwargs)
