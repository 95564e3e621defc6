"""The single-agent Gymnasium environments: Gymnasium's checker for every variant,
registration, rewards (place and shaping), truncation, illegal actions, bad arguments
(makao.adapters.gymnasium)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from makao import variants  # noqa: E402
from makao.adapters.fixed import FIXED_ACTIONS  # noqa: E402
from makao.adapters.gymnasium import MakaoGymEnv, env_id  # noqa: E402
from makao.bots import BaseBot, RandomBot  # noqa: E402
from makao.errors import SetupError  # noqa: E402
from makao.moves import Draw, Move, Pass  # noqa: E402
from makao.view import View  # noqa: E402

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
    assert {env.observation_space["observation"].shape for env in envs} == {(374,)}  # 38 calls
    assert MakaoGymEnv("mao", fixed_size=True).size == FIXED_ACTIONS


def test_opponents_may_be_named_per_seat_or_given_as_bots() -> None:
    env = MakaoGymEnv("russian", 3, opponents=["heuristic", RandomBot()], seat=2)
    _, info = env.reset(seed=0)
    assert info["seat"] == 2 and isinstance(env.opponents[1], RandomBot)


class Drawer(BaseBot):
    """Draws when it may, else passes (moves of one action id each); notes its seats."""

    name = "drawer"

    def __init__(self) -> None:
        super().__init__()
        self.seats: set[int] = set()

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        self.seats.add(view.seat)
        for kind in (Draw, Pass):
            for move in moves:
                if isinstance(move, kind):
                    return move
        return moves[0]


def test_each_opponent_plays_its_own_seat_in_seat_order_after_the_agent() -> None:
    bots = [Drawer(), Drawer(), Drawer()]
    env = MakaoGymEnv("polish", 4, opponents=bots, seat=1)
    run(env, seed=0)
    assert [bot.seats for bot in bots] == [{2}, {3}, {0}]


def test_reset_deals_again_until_the_agent_has_a_decision() -> None:
    # The cap of one action is used up by the first opponent's draw whenever it moves
    # before the agent: such a deal is dealt again.
    env = MakaoGymEnv("polish", 2, opponents=[Drawer()], max_actions=1)
    for seed in range(8):
        observation, info = env.reset(seed=seed)
        assert not env.driver.is_over and env.driver.actor == info["seat"]
        assert observation["action_mask"].any()


def test_the_cap_reached_inside_an_opponents_play_truncates_the_episode() -> None:
    """A play is several action ids (its cards, then its end): when ``max_actions`` falls
    between them, the episode is truncated there (the bots' loop stepped on and raised
    `IllegalMoveError`)."""
    env = MakaoGymEnv("polish", opponents="random", seat=0, max_actions=100)
    observation, _ = env.reset(seed=4)
    while True:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    assert truncated and info["truncated"] and env.driver.truncated
    assert env.driver.stepper.prefix  # cut inside a play
    for cap in range(2, 40):  # caps at every step of the first moves, at every reset
        capped = MakaoGymEnv("polish", opponents="heuristic", max_actions=cap)
        for seed in range(3):
            capped.reset(seed=seed)


def test_reset_refuses_a_cap_no_deal_can_reach_the_agent_under() -> None:
    """With the agent second and a cap that the first opponent always uses up (a play is
    two ids, a draw one, then the turn's pass or play), no deal reaches the agent: after
    `MAX_DEALS` deals `reset` raises `SetupError` (it dealt for ever)."""
    env = MakaoGymEnv("polish", 2, opponents=[Drawer()], seat=1, max_actions=1)
    game_over_or_cut = "no deal of 1000 reached the agent's first decision"
    with pytest.raises(SetupError, match=game_over_or_cut):
        env.reset(seed=0)


@pytest.mark.parametrize("cap", [0, -5, True, 2.5, "100"])
def test_a_cap_below_one_or_no_whole_number_is_refused(cap: object) -> None:
    """``max_actions=0`` made `reset` deal for ever: every game was cut before the agent's
    first decision."""
    with pytest.raises(SetupError, match=f"max_actions must be .*, not {cap!r}"):
        MakaoGymEnv("polish", max_actions=cap)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["random"], "players": 3}, "one opponent per other seat"),
        ({"seat": 2}, "seat must be in 0..1"),
        ({"opponents": "nobody"}, "unknown bot"),
        ({"render_mode": "human"}, "render_mode must be"),
        ({"seat": True}, "seat must be in 0..1 or None, not True"),
        ({"seat": "0"}, "seat must be in 0..1 or None, not '0'"),
        ({"max_agent_steps": 0}, "max_agent_steps must be .*, not 0"),
        ({"max_agent_steps": "3"}, "max_agent_steps must be .*, not '3'"),
        ({"shaping": "x"}, "shaping must be a number, not 'x'"),
        ({"shaping": True}, "shaping must be a number, not True"),
        ({"illegal_reward": None}, "illegal_reward must be a number, not None"),
        ({"rewards": "gold"}, "rewards must be one of rank, points or a function, not 'gold'"),
        ({"rewards": ["rank"]}, "rewards must be one of .*, not \\['rank'\\]"),
        ({"rewards": "points"}, "rewards 'points' need a variant that scores points .*polish"),
        ({"players": 9, "fixed_size": True}, "fixed_size pads to 8 seats: it cannot hold 9"),
        ({"opponents": [123]}, "each opponent must be a bot name or a Bot, not 123"),
        # Was: no error until `reset` called the class's `reset` unbound (a TypeError).
        ({"opponents": [RandomBot]}, r"each opponent .*, not <class .*\(a class: give a bot, "),
        ({"opponents": None}, "opponents must be a bot name or a sequence, not None"),
    ],
)
def test_bad_arguments_are_setup_errors(kwargs: dict[str, Any], message: str) -> None:
    """Each bad argument is refused when the environment is made, with a message naming
    it (before, ``seat=True`` was seat 1, ``max_agent_steps=0`` cut every episode at once,
    and a string count or reward raised `TypeError` or `ValueError` later; an opponent that
    is no bot raised `AttributeError` at ``reset``, ``opponents=None`` `TypeError`)."""
    with pytest.raises(SetupError, match=message):
        MakaoGymEnv("polish", **kwargs)


def test_numpy_numbers_are_rewards_and_no_cap_is_none() -> None:
    """NumPy scalars are numbers (as a training script passes them), and ``None`` is no
    cap on the actions or the agent's steps: the episode runs to the game's end."""
    env = MakaoGymEnv(
        "polish",
        opponents="random",
        shaping=np.float32(0.5),
        illegal_reward=np.int64(-2),
        max_actions=None,
        max_agent_steps=None,
    )
    _, terminated, truncated, _ = run(env, seed=3)
    assert terminated and not truncated
    assert env.shaping == 0.5 and env.illegal_reward == -2.0


def test_the_default_seat_is_drawn_from_every_seat() -> None:
    """Without ``seat`` the agent's seat is random per episode: every seat comes up."""
    env = MakaoGymEnv("polish", 3, opponents="random")
    assert {env.reset(seed=seed)[1]["seat"] for seed in range(30)} == {0, 1, 2}


def test_the_same_seed_replays_the_same_episode_against_random_bots() -> None:
    """Bots are seeded from the episode's seed: the same seed gives the same episode."""
    env = MakaoGymEnv("polish", 3, opponents="random", seat=0)
    first = run(env, seed=2)
    record = env.driver.game.record
    assert run(env, seed=2) == first and env.driver.game.record == record


def test_max_agent_steps_counts_again_in_every_episode() -> None:
    """``max_agent_steps`` limits each episode, not the environment's life."""
    env = MakaoGymEnv("polish", opponents="random", max_agent_steps=2)
    for seed in (1, 2):
        rewards, _, truncated, _ = run(env, seed)
        assert truncated and len(rewards) == 2


def test_an_illegal_action_pays_the_given_illegal_reward() -> None:
    """``illegal_reward`` is the reward of an illegal action."""
    env = MakaoGymEnv("polish", illegal_reward=-5)
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    assert env.step(illegal)[1:4] == (-5.0, True, False)


def test_a_game_ended_by_the_agents_last_allowed_step_is_terminated_not_truncated() -> None:
    """A game over at the ``max_agent_steps``-th decision ends by the rules: terminated,
    with its place reward, not truncated."""
    rewards, terminated, truncated, info = run(MakaoGymEnv("polish", opponents="random"), 0)
    assert terminated and not truncated
    env = MakaoGymEnv("polish", opponents="random", max_agent_steps=len(rewards))
    again, terminated, truncated, info = run(env, 0)
    assert again == rewards and terminated and not truncated and not info["truncated"]


def test_render_without_a_render_mode_is_none() -> None:
    """``render()`` returns text only with ``render_mode="ansi"``."""
    env = MakaoGymEnv("polish")
    env.reset(seed=0)
    assert env.render() is None
    env = MakaoGymEnv("polish", render_mode="ansi")
    env.reset(seed=0)
    assert str(env.render()).startswith("top ")


@pytest.mark.parametrize("kind", ["float", "str", "none"])
def test_an_action_that_is_no_whole_number_is_illegal_not_a_crash(kind: str) -> None:
    """``int(action)`` took a legal id plus 0.5, or its text, as the id and let
    ``ValueError``/``TypeError`` out for ``"x"``/``None``: an action that is no whole
    number ends the episode with ``illegal_reward`` like any action outside the mask."""
    env = MakaoGymEnv("polish", opponents="random", seat=0)
    observation, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    bad: object = {"float": legal + 0.5, "str": str(legal), "none": None}[kind]
    _, reward, terminated, truncated, info = env.step(bad)  # type: ignore[arg-type]
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert env.driver.steps == 0


def test_shaping_counts_the_agents_own_cards_when_it_is_not_seat_0() -> None:
    """The first step's shaping is measured from the agent's own hand at ``reset``, not
    seat 0's (which the opponent has already played from)."""
    env = MakaoGymEnv("polish", opponents="random", seat=1, shaping=1.0)
    env.reset(seed=2)
    hands = env.driver.game.hands
    before = len(hands[1])
    assert before != len(hands[0])
    observation = env.action_masks()
    _, reward, terminated, _, _ = env.step(int(np.flatnonzero(observation)[0]))
    assert not terminated
    assert reward == before - len(env.driver.game.hands[1])


@pytest.mark.parametrize("variant", [None, 5, ["polish"]])
def test_env_id_refuses_a_variant_that_is_not_a_name(variant: object) -> None:
    with pytest.raises(SetupError, match="variant must be a variant name, not"):
        env_id(variant)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["shaping", "illegal_reward"])
@pytest.mark.parametrize(
    "value",
    [
        pytest.param(10**5000, id="huge"),
        pytest.param(-(10**5000), id="-huge"),
        pytest.param(10**400, id="1e400"),
    ],
)
def test_a_reward_too_large_for_a_float_is_refused(name: str, value: int) -> None:
    with pytest.raises(SetupError, match=f"{name} must be a number a float can hold"):
        MakaoGymEnv(**{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["shaping", "illegal_reward"])
@pytest.mark.parametrize(
    ("value", "shown_as"),
    [
        (float("nan"), "nan"),
        (float("inf"), "inf"),
        (float("-inf"), "-inf"),
        (np.float32("nan"), "np.float32\\(nan\\)|nan"),
        (np.float64("inf"), "np.float64\\(inf\\)|inf"),
    ],
)
def test_a_reward_that_is_not_finite_is_refused(name: str, value: float, shown_as: str) -> None:
    """Before, NaN or an infinity was taken, and every step's reward (``shaping``) or the
    illegal action's reward came out NaN or infinite."""
    with pytest.raises(SetupError, match=f"{name} must be a finite number, not ({shown_as})$"):
        MakaoGymEnv(**{name: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("fixed_size", ["no", 1, None])
def test_a_fixed_size_that_is_no_bool_is_a_setup_error(fixed_size: object) -> None:
    """Before, ``fixed_size="no"`` (or 1) gave the fixed spaces and ``None`` the table's
    own: any value was read by its truth."""
    with pytest.raises(SetupError, match="fixed_size must be True or False, not"):
        MakaoGymEnv("polish", fixed_size=fixed_size)  # type: ignore[arg-type]


def test_without_numpy_the_import_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy (the ``rl`` extra) importing makao.adapters.gymnasium is one
    error that names the package and the extra to install, not a bare import failure."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "makao.adapters.gymnasium")
    message = (
        r"No module named 'numpy': makao.adapters.gymnasium needs the rl extra: "
        r"pip install 'makao\[rl\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        importlib.import_module("makao.adapters.gymnasium")
    assert caught.value.name == "numpy"


def test_without_gymnasium_the_shared_spaces_name_the_rl_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without gymnasium (the ``rl`` extra) the spaces both environments share are one
    error naming the package and the extra, as each environment's own import is."""
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "makao.adapters._spaces", raising=False)
    message = (
        r"No module named 'gymnasium': makao.adapters needs the rl extra: "
        r"pip install 'makao\[rl\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        importlib.import_module("makao.adapters._spaces")
    assert caught.value.name == "gymnasium"


def test_env_id_refusing_a_variant_itself_says_how_one_gets_a_name() -> None:
    """A `Variant` given to `env_id` is told how a variant of one's own gets a name."""
    with pytest.raises(
        SetupError,
        match=r"^variant must be a variant name, not .*\(one of your own is known once "
        r"registered: makao\.variants\.register, or on the command line makao --import "
        r"MODULE\)$",
    ):
        env_id(variants.polish())  # type: ignore[arg-type]


@pytest.mark.parametrize("fixed_size", [False, True])
def test_pl_29_after_a_call_step_the_observation_differs(fixed_size: bool) -> None:
    """PL-29: after the agent's "+makao" step in a play being built the observation differs."""
    env = MakaoGymEnv("polish", 2, opponents="random", seat=0, fixed_size=fixed_size)
    space = env.driver.space
    rng = np.random.default_rng(0)
    for seed in range(20):
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = env.driver.legal_actions()
            calls = [a for a in legal if space.first_call <= a < space.first_extra]
            if calls and env.driver.stepper.prefix:
                fixed = env.spaces.fixed
                call = calls[0] if fixed is None else fixed.to_fixed[calls[0]]
                after, *_ = env.step(call)
                assert env.driver.stepper.calls
                assert not np.array_equal(observation["observation"], after["observation"])
                return
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
    pytest.fail("no deal let the agent choose a call for a play it was building")


def test_a_factorys_variant_named_otherwise_is_named_as_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The environment of a registered factory whose variant kept a built-in's name
    (``polish().without(Wild)``) plays it called by the registered name. Was: "polish"."""
    import copy

    from makao.rules import Wild

    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    variants.register("nowild", lambda: variants.polish().without(Wild))
    assert MakaoGymEnv(variant="nowild").variant.name == "nowild"
