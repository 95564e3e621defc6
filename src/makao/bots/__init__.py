"""Bots: players that see only their view ([`View`][makao.view.View]) and the legal moves.

* [`Bot`][makao.bots.Bot] -- the protocol; [`BaseBot`][makao.bots.BaseBot] -- a convenient base
  class;
* [`RandomBot`][makao.bots.RandomBot], [`HeuristicBot`][makao.bots.HeuristicBot],
  [`MCTSBot`][makao.bots.MCTSBot] -- three players;
* [`sample_hidden`][makao.bots.sample_hidden] -- deal the unseen cards consistently with a view (for
  search);
* [`get`][makao.bots.get], [`names`][makao.bots.names], [`register`][makao.bots.register] -- bots by
  name (``"mcts"``), as the ``makao`` command uses them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from makao._registry import Registry
from makao.bots.heuristic import HeuristicBot
from makao.bots.mcts import MCTSBot, reward, rewards
from makao.bots.policy import Situation, prefer_calls, score_move
from makao.bots.protocol import BaseBot, Bot, is_turn_move
from makao.bots.random import RandomBot
from makao.bots.sampling import Determinizer, sample_hidden, unseen_cards

__all__ = [
    "BaseBot",
    "Bot",
    "Determinizer",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "Situation",
    "factory",
    "get",
    "is_turn_move",
    "names",
    "prefer_calls",
    "register",
    "reward",
    "rewards",
    "sample_hidden",
    "score_move",
    "unseen_cards",
]

_BOTS: Registry[Bot] = Registry("bot")


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` (keyword options → a bot) available as ``name``: to `get`, to bot
    specs (``"name:k=v"``) and so to the command line.

    Case, hyphens, underscores and spaces do not matter in a name. A name that is empty
    or not a string, a factory that is not callable, and a built-in bot's name are
    refused with a [`SetupError`][makao.errors.SetupError]; registering a name again
    replaces its factory."""
    _BOTS.register(name, factory)


def names() -> tuple[str, ...]:
    """The registered bot names."""
    return _BOTS.names()


def factory(name: str) -> Callable[..., Bot]:
    """The constructor registered under ``name``."""
    return _BOTS.factory(name)


def get(name: str, **options: Any) -> Bot:
    """Build the bot ``name`` with keyword ``options`` (``get("mcts", playouts=50)``)."""
    return _BOTS.get(name, options)


register("random", RandomBot)
register("heuristic", HeuristicBot)
register("mcts", MCTSBot)
_BOTS.freeze_built_ins()
