"""A PettingZoo AEC environment for every makao variant (extra ``rl``).

    >>> from makao.adapters.pettingzoo import env
    >>> table = env(variant="polish", players=2)
    >>> table.reset(seed=1)

Agents are ``"player_0"`` … ``"player_{N-1}"`` (the seats). Following the classic
environments, each observation is ``{"observation": float32 vector, "action_mask": int8
vector}``; the vector is [`Encoder`][makao.adapters.encoding.Encoder] (documented there), the
mask is non-zero only for the agent to act. Actions are the core's stable ids
([`ActionSpace`][makao.actions.ActionSpace]: a play is a chain of single-card steps closed by an end
action) plus the adapter's ``noop`` (the last id), legal only in a *reaction turn*: after
each completed move, every seat with an out-of-turn action ("stop makao", a late "makao")
is asked in turn ([`makao.adapters.driver`][makao.adapters.driver]).

Rewards come when the game is over: +1 for the winner down to -1 for the last place
(``rewards="points"``: minus the points left in hand in a scoring variant, RU-16; or any
function of the game; both are [`Outcome.returns`][makao.outcome.Outcome.returns]).
``fixed_size=True`` gives every variant and table the same spaces: the observation padded to 8
seats ([`Encoder`][makao.adapters.encoding.Encoder]) and the fixed action numbering of
[`makao.adapters.fixed`][makao.adapters.fixed] (mask included). A game the rules
end as blocked (PL-36) is terminated and ranked like any other, unless ``blocked_truncates``.
After ``max_actions`` steps (default `DEFAULT_MAX_ACTIONS`,
5000; ``None``: no cap) the game is truncated with no reward (``truncations`` are set, and
every agent's ``infos`` has ``"truncated": True``). Bad arguments (a table the variant
cannot seat, a cap below 1, an unknown ``rewards`` or ``render_mode``) raise
[`SetupError`][makao.errors.SetupError] when the environment is made.
"""

from __future__ import annotations

import random
from typing import Any

from makao._extras import missing_extra

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as error:
    raise missing_extra(error, "makao.adapters.pettingzoo", "rl") from None

from makao._text import shown
from makao.adapters._spaces import Observation, Spaces
from makao.adapters.driver import DEFAULT_MAX_ACTIONS, Driver, Rewards, scoring
from makao.engine import Game
from makao.errors import SeatError, SetupError
from makao.seeding import new_random
from makao.sim.run import check_optional_count
from makao.variants import get

__all__ = ["MakaoEnv", "env", "raw_env"]


def env(variant: str = "polish", players: int = 2, **kwargs: Any) -> Any:
    """The environment wrapped as PettingZoo's classic environments are: an illegal action
    ends the game with reward -1 for its agent; order and bounds are checked."""
    table: Any = raw_env(variant, players, **kwargs)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class MakaoEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment of ``variant`` (a registered name) for ``players`` seats.

    Keyword arguments other than those below are the variant's options
    (``env("polish", 3, last_card_effect_applies=True)``)."""

    metadata = {  # noqa: RUF012 -- PettingZoo's convention
        "render_modes": ["human", "ansi"],
        "name": "makao_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "polish",
        players: int = 2,
        *,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        rewards: str | Rewards = "rank",
        blocked_truncates: bool = False,
        fixed_size: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.variant = get(variant, **options)
        self.variant.compiled.start.check_players(players)
        check_optional_count("max_actions", max_actions)  # not 0: no game to play
        if not isinstance(blocked_truncates, bool):  # "no" would have been taken as True
            raise SetupError(
                f"blocked_truncates must be True or False, not {shown(blocked_truncates, 40)}"
            )
        if render_mode not in (None, "human", "ansi"):  # the metadata's render modes
            raise SetupError(
                f"render_mode must be None, 'human' or 'ansi', not {shown(render_mode, 40)}"
            )
        self.players = players
        self.max_actions = max_actions
        self.scoring = scoring(rewards, self.variant)
        self.blocked_truncates = blocked_truncates
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"makao_{self.variant.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._rng = random.Random()
        self.driver = Driver(Game.new(self.variant, players, seed=0), max_actions=max_actions)
        self.spaces = Spaces(self.driver, fixed_size)
        self.encoder = self.spaces.encoder
        #: The fixed action numbering (``fixed_size=True``), else ``None``.
        self.fixed = self.spaces.fixed
        self._observation_space = self.spaces.observation
        self._action_space = self.spaces.action
        self._observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self._action_spaces = dict.fromkeys(self.possible_agents, self._action_space)

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same ``Dict`` space for every agent."""
        try:
            return self._observation_spaces[agent]
        except (KeyError, TypeError):
            raise self._no_agent(agent) from None

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(num_actions)``: the core's ids and ``noop``."""
        try:
            return self._action_spaces[agent]
        except (KeyError, TypeError):
            raise self._no_agent(agent) from None

    def _no_agent(self, agent: object) -> SeatError:
        """The error for ``agent`` not at the table."""
        return SeatError(
            f"no agent {shown(agent, 40)}: agents are {', '.join(self.possible_agents)}"
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` makes this and later deals reproducible (a
        [`SetupError`][makao.errors.SetupError] unless it is an integer or ``None``)."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise SetupError(f"seed must be an integer or None, not {shown(seed, 60)}")
        if seed is not None:
            self._rng = new_random(seed)
        game = Game.new(self.variant, self.players, seed=self._rng.randrange(2**63))
        self.driver = Driver(game, max_actions=self.max_actions)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(self.driver.actor)

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask."""
        try:
            seat = self.possible_agents.index(agent)
        except ValueError:
            raise self._no_agent(agent) from None
        return self.spaces.observe(self.driver, seat)

    def step(self, action: int) -> None:
        """Take ``action`` for the agent to act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        # Not int(action): it took 13.5 and "13" as 13 and let ValueError/TypeError out.
        action = self.driver.space._checked(action, self.spaces.size)
        self.driver.step(self.spaces.local(action, self.driver.actor))
        if self.driver.is_over:
            self._finish()
        self.agent_selection = self._agent(self.driver.actor)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        game = self.driver.game
        truncated = self.driver.truncated or (game.blocked and self.blocked_truncates)
        if not truncated:
            for agent, reward in zip(self.agents, self.driver.rewards(self.scoring), strict=True):
                self.rewards[agent] = reward
        flags = self.truncations if truncated else self.terminations
        for agent in self.agents:
            flags[agent] = True
            self.infos[agent] = {
                "outcome": game.outcome,
                "blocked": game.blocked,
                "truncated": truncated,
            }

    def render(self) -> str | None:
        """A text picture of the table (``"ansi"`` returns it, ``"human"`` prints it)."""
        if self.render_mode is None:
            return None
        game = self.driver.game
        sizes = " ".join(str(len(hand)) for hand in game.hands)
        effect = "-" if game.effect is None else game.effect.to_text()
        text = f"top {game.top} | effect {effect} | hands {sizes} | acting {self.driver.actor}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]


def raw_env(variant: str = "polish", players: int = 2, **kwargs: Any) -> MakaoEnv:
    """The unwrapped environment (see [`MakaoEnv`][makao.adapters.pettingzoo.MakaoEnv])."""
    return MakaoEnv(variant, players, **kwargs)
