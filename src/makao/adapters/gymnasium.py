"""Single-agent Gymnasium environments: one learning seat, the others played by bots
(extra ``rl``).

    >>> import gymnasium
    >>> import makao.adapters.gymnasium  # registers makao/Polish-v0, makao/Russian-v0, ...
    >>> env = gymnasium.make("makao/Polish-v0", opponents="heuristic")

Every registered variant is an id ``makao/<Name>-v0`` (``Polish``, ``Mao``, ``Russian``,
``CrazyEights``, ``MauMau``, ``Prsi``, ``Switch``). With Gymnasium 1.x, import this module
first or name it in the id (``gymnasium.make("makao.adapters.gymnasium:makao/Polish-v0")``);
Gymnasium 0.29 loads the ids itself through the package's ``gymnasium.envs`` entry point.

* **Seats.** The agent takes seat ``seat`` (default: a random seat each episode, from the
  episode's seed); the other seats are played by ``opponents``: a registered bot name
  (``"random"``, ``"heuristic"``, ``"mcts"``) for all of them, or one name or
  [`Bot`][makao.bots.Bot] per opponent seat. Bots are seeded from the episode's seed.
* **Actions and observations** are those of the PettingZoo environment
  ([`makao.adapters.pettingzoo`][makao.adapters.pettingzoo]): ``Discrete`` action ids (the core's
  ids and ``noop``), observation ``{"observation": float32 vector, "action_mask": int8 vector}``;
  ``fixed_size=True`` gives the same spaces for every variant and table
  ([`makao.adapters.fixed`][makao.adapters.fixed]).
  [`MakaoGymEnv.action_masks`][makao.adapters.gymnasium.MakaoGymEnv.action_masks] returns the mask
  too (the convention of ``sb3_contrib``'s ``MaskablePPO``). An illegal action ends the
  episode (``terminated``) with reward ``illegal_reward`` (default -1) and
  ``info["illegal"]``.
* **Rewards.** At the end the agent's place: +1 for first down to -1 for last
  (``rewards="points"``: minus its points, scoring variants only). ``shaping`` (default 0) adds
  ``shaping × (cards held before − cards held after)`` at every agent step, measured from
  one agent decision to the next (so cards drawn count against it): a dense signal for
  shedding cards, summing to ``shaping × (cards dealt − cards held at the end)``.
* **Episodes.** An episode is one game. It is *truncated* (no final reward,
  ``info["truncated"]``) after ``max_actions`` actions of all seats (default
  `DEFAULT_MAX_ACTIONS`, 5000; ``None``: no cap; a 2-player Polish game against
  the heuristic bot takes about a hundred), or after ``max_agent_steps`` decisions of the
  agent (default ``None``: no limit). The cap may fall inside an opponent's move (a
  play is several action ids): the episode is truncated there. ``reset`` deals again
  when the opponents finish the game, or reach the cap, before the agent's first
  decision, at most `MAX_DEALS` times (then `SetupError`: the cap is too small). A cap
  below 1 is refused when the environment is made.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import Any, SupportsFloat

from makao._extras import missing_extra

try:
    import numpy as np
    from gymnasium.core import Env
    from gymnasium.envs.registration import register, registry
except ModuleNotFoundError as error:
    raise missing_extra(error, "makao.adapters.gymnasium", "rl") from None

from makao import bots, variants
from makao._text import shown
from makao.adapters._spaces import Observation, Spaces
from makao.adapters.driver import DEFAULT_MAX_ACTIONS, Driver, Rewards, scoring, variant_name
from makao.bots import Bot
from makao.bots.protocol import check_bot
from makao.engine import Game
from makao.errors import IllegalMoveError, InvalidMoveError, SetupError
from makao.sim.run import check_optional_count

__all__ = ["MAX_DEALS", "MakaoGymEnv", "env_id", "register_envs"]

MAX_DEALS = 1_000
"""The most deals `MakaoGymEnv.reset` makes to reach the agent's first decision (a deal
that the opponents finish, or cut at ``max_actions``, before the agent acts is dealt
again); then it raises `SetupError`: the cap is too small for the table."""


def env_id(variant: str) -> str:
    """The Gymnasium id of a variant: ``makao/<Name>-v0`` (``crazy-eights``:
    ``makao/CrazyEights-v0``); a [`SetupError`][makao.errors.SetupError] if ``variant`` is
    not a text."""
    variant = variant_name(variant)
    return "makao/" + "".join(part.title() for part in variant.split("-")) + "-v0"


def register_envs() -> tuple[str, ...]:
    """Register every variant of [`makao.variants.names`][makao.variants.names] with Gymnasium
    (once); returns the ids."""
    ids = []
    for variant in variants.names():
        name = env_id(variant)
        if name not in registry:
            register(
                name,
                entry_point="makao.adapters.gymnasium:MakaoGymEnv",
                kwargs={"variant": variant},
            )
        ids.append(name)
    return tuple(ids)


def _check_real(name: str, value: object) -> None:
    """A `SetupError` unless ``value`` is a finite real number (NumPy's too; not a bool;
    not NaN or infinite, which would make every reward NaN or infinite)."""
    if not isinstance(value, Real) or isinstance(value, bool):
        raise SetupError(f"{name} must be a number, not {shown(value, 40)}")
    try:
        number = float(value)
    except OverflowError:
        raise SetupError(
            f"{name} must be a number a float can hold, not {shown(value, 40)}"
        ) from None
    if not math.isfinite(number):
        raise SetupError(f"{name} must be a finite number, not {shown(value, 40)}")


class MakaoGymEnv(Env[Any, Any]):
    """One learning seat of ``variant`` for ``players`` seats (default 2, or the variant's
    least) against bots (see the module notes). Keyword arguments other than those below
    are the variant's options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 -- Gymnasium's convention

    def __init__(
        self,
        variant: str = "polish",
        players: int | None = None,
        *,
        opponents: str | Sequence[str | Bot] = "heuristic",
        seat: int | None = None,
        max_actions: int | None = DEFAULT_MAX_ACTIONS,
        max_agent_steps: int | None = None,
        rewards: str | Rewards = "rank",
        shaping: float = 0.0,
        illegal_reward: float = -1.0,
        fixed_size: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.variant = variants.get(variant, **options)
        check_optional_count("max_actions", max_actions)  # not 0: `reset` deals till the agent acts
        check_optional_count("max_agent_steps", max_agent_steps)
        if players is None:
            players = max(2, self.variant.compiled.start.min_players)
        self.variant.compiled.start.check_players(players)
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players
        ):
            raise SetupError(f"seat must be in 0..{players - 1} or None, not {shown(seat, 40)}")
        _check_real("shaping", shaping)
        _check_real("illegal_reward", illegal_reward)
        if render_mode not in (None, "ansi"):
            raise SetupError(f"render_mode must be None or 'ansi', not {shown(render_mode, 200)}")
        self.players = players
        self.opponents = _opponents(opponents, players)
        self.fixed_seat = seat
        self.max_actions = max_actions
        self.max_agent_steps = max_agent_steps
        self.scoring = scoring(rewards, self.variant)
        self.shaping = float(shaping)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.driver = Driver(Game.new(self.variant, players, seed=0), max_actions=max_actions)
        self.spaces = Spaces(self.driver, fixed_size)
        self.encoder = self.spaces.encoder
        #: The number of action ids.
        self.size = self.spaces.size
        self.observation_space = self.spaces.observation
        self.action_space = self.spaces.action
        self.seat = 0
        self.agent_steps = 0
        self._held = 0

    # ------------------------------------------------------------------ Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and play the bots up to the agent's first decision."""
        super().reset(seed=seed)
        rng = self.np_random
        for _ in range(MAX_DEALS):
            game = Game.new(self.variant, self.players, seed=int(rng.integers(2**63)))
            self.driver = Driver(game, max_actions=self.max_actions)
            fixed = self.fixed_seat
            self.seat = int(rng.integers(self.players)) if fixed is None else fixed
            for bot in self.opponents:
                bot.reset(int(rng.integers(2**63)))
            self.agent_steps = 0
            self._play_bots()
            if not self.driver.is_over:  # a game the bots finish alone is dealt again
                break
        else:
            raise SetupError(
                f"no deal of {MAX_DEALS} reached the agent's first decision: the opponents "
                f"finished or used up max_actions={self.max_actions} first"
            )
        self._held = len(game.hands[self.seat])
        return self._observe(), {"seat": self.seat}

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action`` for the agent, then let the bots play to its next decision."""
        driver = self.driver
        try:
            # Not int(action): it took 13.5 and "13" as 13 and let ValueError/TypeError out.
            local = self.spaces.local(driver.space._checked(action, self.size), self.seat)
            if local not in driver.legal_actions():
                raise IllegalMoveError(f"action {action} is not legal")
        except (IllegalMoveError, InvalidMoveError):
            refused = {"illegal": True, "truncated": False, "seat": self.seat}
            return self._observe(), self.illegal_reward, True, False, refused
        driver.step(local)
        self.agent_steps += 1
        self._play_bots()
        held = len(driver.game.hands[self.seat])
        reward = self.shaping * (self._held - held)
        self._held = held
        over = driver.game.is_over
        truncated = not over and (
            driver.truncated
            or (self.max_agent_steps is not None and self.agent_steps >= self.max_agent_steps)
        )
        if over:
            reward += float(self.scoring(driver.game)[self.seat])
        info: dict[str, Any] = {"illegal": False, "truncated": truncated, "seat": self.seat}
        if over:
            info["outcome"] = driver.game.outcome
        return self._observe(), reward, over, truncated, info

    def render(self) -> str | None:
        """A text picture of the table (``render_mode="ansi"``), else ``None``."""
        if self.render_mode is None:
            return None
        game = self.driver.game
        sizes = " ".join(str(len(hand)) for hand in game.hands)
        effect = "-" if game.effect is None else game.effect.to_text()
        return f"top {game.top} | effect {effect} | hands {sizes} | agent seat {self.seat}"

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal actions of the agent now, as a mask."""
        return self._observe()["action_mask"]

    # ------------------------------------------------------------------ inside

    def _play_bots(self) -> None:
        """Let the bots act until the agent must act or the game is over."""
        driver = self.driver
        while not driver.is_over and driver.actor != self.seat:
            bot = self.opponents[(driver.actor - self.seat - 1) % self.players]
            for action in driver.bot_actions(bot):
                if driver.is_over:  # the cap fell inside the bot's move: truncated
                    break
                driver.step(action)

    def _observe(self) -> Observation:
        return self.spaces.observe(self.driver, self.seat)


def _opponents(opponents: str | Sequence[str | Bot], players: int) -> list[Bot]:
    """One bot per opponent seat, in seat order after the agent."""
    if isinstance(opponents, str):
        return [bots.get(opponents) for _ in range(players - 1)]
    if not isinstance(opponents, Sequence):
        raise SetupError(f"opponents must be a bot name or a sequence, not {shown(opponents, 40)}")
    if len(opponents) != players - 1:
        raise SetupError(f"give one opponent per other seat ({players - 1}), not {len(opponents)}")
    found = [bots.get(bot) if isinstance(bot, str) else bot for bot in opponents]
    return [check_bot(bot, "each opponent must be a bot name or a Bot") for bot in found]


register_envs()
