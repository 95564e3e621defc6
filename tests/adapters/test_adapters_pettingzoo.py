"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards, truncation,
every registered variant (makao.adapters.pettingzoo)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from makao import Game, variants  # noqa: E402
from makao.adapters.driver import Driver  # noqa: E402
from makao.adapters.pettingzoo import env, raw_env  # noqa: E402
from makao.errors import InvalidMoveError, SeatError, SetupError  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def play_out(table: Any, seed: int) -> dict[str, float]:
    """Random masked play to the end; the reward each agent collected."""
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
        else:
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_test_passes(players: int) -> None:
    api_test(env(players=players), num_cycles=1000)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(players=3), num_cycles=500)


def test_a_negative_seed_deals_a_game_of_its_own() -> None:
    """``reset(seed=-n)`` dealt the game of ``reset(seed=n)`` (``random.Random`` drops the
    sign); ``reset`` with the same seed still deals the same game."""
    table = raw_env(players=2)
    seeds = []
    for seed in (5, 5, -5):
        table.reset(seed=seed)
        seeds.append(table.driver.game.seed)
    assert seeds[0] == seeds[1] != seeds[2]


def test_pl_32_finishing_order_pays_plus_one_to_minus_one() -> None:
    table = raw_env(players=3, max_actions=20_000)  # random play can run long
    totals = play_out(table, seed=4)
    outcome = table.driver.game.outcome
    assert outcome is not None
    assert [totals[f"player_{seat}"] for seat in outcome.order] == [1.0, 0.0, -1.0]


def test_only_the_agent_to_act_has_a_mask_and_noop_only_in_reaction_turns() -> None:
    table = raw_env(players=2)
    table.reset(seed=1)
    acting = table.agent_selection
    idle = next(agent for agent in table.agents if agent != acting)
    assert table.observe(acting)["action_mask"].any()
    assert not table.observe(idle)["action_mask"].any()
    assert table.observe(acting)["action_mask"][table.driver.noop] == 0


def test_max_actions_truncates_without_rewards() -> None:
    table = raw_env(players=2, max_actions=5)
    totals = play_out(table, seed=2)
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert table.driver.truncated
    assert all(table.truncations.values()) and not any(table.terminations.values())
    assert all(info["truncated"] for info in table.infos.values())


def blocked(table: Any) -> tuple[dict[str, float], set[str]]:
    """Deal, then put the table where neither seat can play or draw and both pass (PL-36);
    the reward each agent collected, and how the agents were told the game ended."""
    table.reset(seed=0)
    game = Game.from_position(variants.polish(), hands=["5h", "6c 8s"], pile="9d")
    table.driver = Driver(game, max_actions=table.max_actions)
    table.agent_selection = "player_0"
    totals = dict.fromkeys(table.possible_agents, 0.0)
    ends = set()
    for agent in table.agent_iter():
        _, reward, terminated, truncated, info = table.last()
        totals[agent] += reward
        if terminated or truncated:
            assert info["blocked"] and info["truncated"] == truncated
            ends.add("truncated" if truncated else "terminated")
        table.step(None if terminated or truncated else 53)  # pass
    assert game.blocked
    return totals, ends


def test_pl_36_a_blocked_game_terminates_and_is_ranked_unless_blocked_truncates() -> None:
    """PL-36: a blocked game is over by the rules and ranked by fewest cards;
    ``blocked_truncates=True`` reports it as truncated instead, with no rewards."""
    totals, ends = blocked(raw_env(players=2))
    assert totals == {"player_0": 1.0, "player_1": -1.0} and ends == {"terminated"}
    totals, ends = blocked(raw_env(players=2, blocked_truncates=True))
    assert totals == {"player_0": 0.0, "player_1": 0.0} and ends == {"truncated"}


def test_an_illegal_action_ends_the_game_with_minus_one_for_its_agent() -> None:
    table = env(players=2)
    table.reset(seed=0)
    agent = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    table.step(illegal)
    assert table.rewards[agent] == -1.0 and sum(table.rewards.values()) == -1.0
    assert table.terminations == dict.fromkeys(table.possible_agents, True)


def test_the_default_cap_is_five_thousand_actions() -> None:
    assert raw_env(players=2).driver.max_actions == 5000


def test_ru_16_points_rewards_are_minus_the_points_left_in_hand() -> None:
    if "russian" not in variants.names():
        pytest.skip("no Russian variant")
    table = raw_env("russian", players=2, rewards="points")
    totals = play_out(table, seed=3)
    winner = table.driver.game.finished[0]
    assert totals[f"player_{winner}"] == 0.0 and min(totals.values()) < 0


@pytest.mark.parametrize("variant", variants.names())
def test_every_variant_plays_to_the_end(variant: str) -> None:
    start = variants.get(variant).compiled.start
    if variant == "mao":  # random Mao players make each other draw for ever: cap the game
        table = raw_env(variant, players=4, max_actions=3000)
        play_out(table, seed=5)
        assert table.driver.game.is_over or table.driver.truncated
        return
    # random crazy-eights games can run past the default cap of 5,000 steps (seed 5 needs
    # about 7,000 steps): the old default cap, so that the game plays to its end
    table = raw_env(variant, players=max(3, start.min_players), max_actions=20_000)
    totals = play_out(table, seed=5)
    assert table.driver.game.is_over
    assert sum(totals.values()) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_actions": 0}, "max_actions must be a whole number ≥ 1 or None, not 0"),
        ({"max_actions": -1}, "max_actions must be .*, not -1"),
        ({"max_actions": "5"}, "max_actions must be .*, not '5'"),
        ({"max_actions": True}, "max_actions must be .*, not True"),
        ({"max_actions": 2.5}, "max_actions must be .*, not 2.5"),
        ({"players": "2"}, "players must be a whole number, not '2'"),
        ({"players": 1}, "needs at least 2"),
        ({"rewards": "gold"}, "rewards must be one of rank, points or a function"),
        ({"rewards": "points"}, "rewards 'points' need a variant that scores points .*polish"),
        ({"players": 9, "fixed_size": True}, "fixed_size pads to 8 seats: it cannot hold 9"),
        ({"render_mode": "rgb_array"}, "render_mode must be None, 'human' or 'ansi'"),
    ],
)
def test_bad_arguments_are_setup_errors(kwargs: dict[str, Any], message: str) -> None:
    """Each bad argument is refused when the environment is made, with a message naming
    it. Before, a cap of 0 or below made empty episodes, ``True`` a cap of one and 2.5 one
    of three, a string cap or table size raised `TypeError` (a cap only at the first
    step), and an unknown render mode was taken."""
    arguments = {"players": 2, **kwargs}
    with pytest.raises(SetupError, match=message):
        raw_env("polish", **arguments)


def test_no_cap_plays_the_game_to_its_end() -> None:
    """``max_actions=None``: no truncation, the game ends by the rules."""
    table = raw_env("polish", 2, max_actions=None)
    totals = play_out(table, seed=5)
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert not any(table.truncations.values())


def test_a_seed_makes_the_later_unseeded_deals_reproducible_too() -> None:
    """``reset(seed=…)`` seeds this deal and the following ``reset()`` deals."""
    deals = []
    for _ in range(2):
        table = raw_env(players=2)
        table.reset(seed=7)
        table.reset()
        deals.append(table.driver.game.hands)
    assert deals[0] == deals[1]


@pytest.mark.parametrize("kind", ["float", "str", "bool", "none"])
def test_an_action_that_is_no_whole_number_is_an_invalid_move(kind: str) -> None:
    """``int(action)`` took ``13.5`` and ``"13"`` as ``13`` and let ``ValueError`` and
    ``TypeError`` out; an id that is no whole number is an `InvalidMoveError`, and nothing
    is played (a NumPy integer is a whole number)."""
    table = raw_env("polish", 2)
    table.reset(seed=1)
    legal = table.driver.legal_actions()[0]
    bad: object = {"float": legal + 0.5, "str": str(legal), "bool": True, "none": None}[kind]
    with pytest.raises(InvalidMoveError, match="action id must be"):
        table.step(bad)  # type: ignore[arg-type]
    assert table.driver.steps == 0
    table.step(np.int64(legal))
    assert table.driver.steps == 1


@pytest.mark.parametrize("seed", [[], {}, "x", 1.5, True])
def test_reset_refuses_a_seed_that_is_not_an_integer(seed: object) -> None:
    table = raw_env(players=2)
    with pytest.raises(SetupError, match="seed must be an integer or None, not"):
        table.reset(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("agent", ["nobody", "player_2", None, 5, []])
def test_an_agent_not_at_the_table_is_a_seat_error(agent: Any) -> None:
    table = raw_env(players=2)
    table.reset(seed=1)
    for query in (table.observe, table.observation_space, table.action_space):
        with pytest.raises(SeatError, match="agents are player_0, player_1"):
            query(agent)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"blocked_truncates": "no"}, "blocked_truncates must be True or False, not 'no'"),
        ({"blocked_truncates": None}, "blocked_truncates must be True or False, not None"),
        ({"fixed_size": "no"}, "fixed_size must be True or False, not 'no'"),
        ({"fixed_size": 2}, "fixed_size must be True or False, not 2"),
    ],
)
def test_flags_that_are_no_bool_are_setup_errors(kwargs: dict[str, Any], message: str) -> None:
    """Before, ``blocked_truncates="no"`` truncated blocked games and ``fixed_size="no"``
    gave the fixed spaces: any truthy value was taken as ``True``."""
    with pytest.raises(SetupError, match=message):
        raw_env("polish", 2, **kwargs)


def test_without_pettingzoo_the_import_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without pettingzoo (the ``rl`` extra) importing makao.adapters.pettingzoo is one
    error that names the package and the extra to install, not a bare import failure."""
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "makao.adapters.pettingzoo")
    message = (
        r"No module named 'pettingzoo': makao.adapters.pettingzoo needs the rl extra: "
        r"pip install 'makao\[rl\]'"
    )
    with pytest.raises(ModuleNotFoundError, match=message) as caught:
        importlib.import_module("makao.adapters.pettingzoo")
    assert caught.value.name == "pettingzoo"


def test_spaces_have_their_gymnasium_types() -> None:
    """docs/adapters/pettingzoo.md indexes the observation space and reads the action
    space's ``n``: their declared types say ``Dict`` and ``Discrete`` (mypy --strict)."""
    from gymnasium import spaces
    from typing_extensions import assert_type

    table = raw_env("polish", 2, fixed_size=True)
    observation = table.observation_space("player_0")
    action = table.action_space("player_0")
    assert_type(observation, spaces.Dict)
    assert_type(action, spaces.Discrete)
    assert isinstance(observation, spaces.Dict) and isinstance(action, spaces.Discrete)
    assert observation["observation"].shape is not None and action.n > 0


@pytest.mark.parametrize("fixed_size", [False, True])
def test_pl_29_after_a_call_step_the_observation_differs(fixed_size: bool) -> None:
    """PL-29: after the agent's "+makao" step in a play being built the observation differs."""
    table = raw_env("polish", 2, fixed_size=fixed_size)
    table.reset(seed=0)
    rng = np.random.default_rng(0)
    space = table.driver.space
    while True:
        agent = table.agent_selection
        legal = table.driver.legal_actions()
        calls = [a for a in legal if space.first_call <= a < space.first_extra]
        if calls and table.driver.stepper.prefix:
            break
        table.step(int(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]))))
    before = table.observe(agent)["observation"]
    call = calls[0] if table.spaces.fixed is None else table.spaces.fixed.to_fixed[calls[0]]
    table.step(call)
    assert table.agent_selection == agent and table.driver.stepper.calls
    assert not np.array_equal(before, table.observe(agent)["observation"])


def test_a_factorys_variant_named_otherwise_is_named_as_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The environment of a registered factory whose variant kept a built-in's name
    (``polish().without(Wild)``) is named by the registered name. Was: ``makao_polish_v0``."""
    import copy

    from makao.rules import Wild

    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    variants.register("nowild", lambda: variants.polish().without(Wild))
    table = raw_env("nowild")
    assert (table.metadata["name"], table.variant.name) == ("makao_nowild_v0", "nowild")
