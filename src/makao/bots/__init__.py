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

from makao.bots.heuristic import HeuristicBot
from makao.bots.mcts import MCTSBot, reward, rewards
from makao.bots.policy import Situation, prefer_calls, score_move
from makao.bots.protocol import BaseBot, Bot, is_turn_move
from makao.bots.random import RandomBot
from makao.bots.sampling import Determinizer, sample_hidden, unseen_cards
from makao.errors import SetupError

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

_REGISTRY: dict[str, Callable[..., Bot]] = {}


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` (keyword options → a bot) available as ``name``."""
    _REGISTRY[name.lower()] = factory


def names() -> tuple[str, ...]:
    """The registered bot names."""
    return tuple(_REGISTRY)


def factory(name: str) -> Callable[..., Bot]:
    """The constructor registered under ``name``."""
    found = _REGISTRY.get(name.lower())
    if found is None:
        raise SetupError(f"unknown bot {name!r}; known: {', '.join(_REGISTRY)}")
    return found


def get(name: str, **options: Any) -> Bot:
    """Build the bot ``name`` with keyword ``options`` (``get("mcts", playouts=50)``)."""
    build = factory(name)
    try:
        return build(**options)
    except TypeError as error:
        raise SetupError(f"bad options for bot {name!r}: {error}") from None


register("random", RandomBot)
register("heuristic", HeuristicBot)
register("mcts", MCTSBot)
