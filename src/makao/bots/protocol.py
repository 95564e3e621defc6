"""The [`Bot`][makao.bots.Bot] protocol: a player that sees only its [`View`][makao.view.View].

A bot is asked in two ways (the simulation loop, [`makao.sim`][makao.sim], documents the order):

* [`Bot.choose`][makao.bots.Bot.choose] -- it is the seat to move: pick one of ``moves`` (its turn
  moves and its own out-of-turn actions, such as a late ``Say``);
* [`Bot.respond`][makao.bots.Bot.respond] -- another seat is to move, but this seat has out-of-turn
  actions (``Stop`` on a player who forgot "makao", a late ``Say``): return one, or ``None`` to
  stay silent.

Bots never see a [`Game`][makao.engine.Game]. Their chance comes from
[`Bot.reset`][makao.bots.Bot.reset], called with a seed before every game, so a simulation is
reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

from makao.moves import Move
from makao.view import View

__all__ = ["BaseBot", "Bot", "is_turn_move"]


@runtime_checkable
class Bot(Protocol):
    """A player: gets a view and the legal moves, returns a move."""

    @property
    def name(self) -> str:
        """A short name for tables and reports (``"random"``, ``"mcts"``)."""
        ...

    def reset(self, seed: int) -> None:
        """Start a new game; all of the bot's chance must come from ``seed``."""
        ...

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Pick one of ``moves`` (never empty) for ``view.seat``, the seat to move."""
        ...

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Pick one of the out-of-turn ``moves`` of ``view.seat``, or ``None`` for none."""
        ...


class BaseBot:
    """A convenient base for bots: a seeded ``rng``, a ``name`` and a silent
    [`respond`][makao.bots.BaseBot.respond]. Subclasses implement
    [`choose`][makao.bots.BaseBot.choose]."""

    #: The bot's short name (override per class).
    name: ClassVar[str] = "bot"

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def reset(self, seed: int) -> None:
        """Reseed `rng` for a new game."""
        self.rng.seed(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Pick one of ``moves``; subclasses decide how."""
        raise NotImplementedError

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Out-of-turn chances are ignored by default."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def is_turn_move(move: Move) -> bool:
    """Whether ``move`` is a turn move (no seat of its own), not an out-of-turn action."""
    return getattr(move, "seat", None) is None
