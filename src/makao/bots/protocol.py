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

A bot whose ``choose`` and ``respond`` never look at their view may say so with a class
attribute ``reads_view = False`` ([`BaseBot.reads_view`][makao.bots.BaseBot.reads_view]): the
simulation loop then passes [`UNREAD`][makao.view.UNREAD] (a placeholder whose fields raise)
instead of building a view for every decision. Without the attribute a bot reads its views.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, runtime_checkable

from makao._text import shown
from makao.errors import SetupError
from makao.moves import Move, move_seat
from makao.view import View

_ASKED = ("choose", "respond")  # the methods that receive a view

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

    name: ClassVar[str] = "bot"
    """The bot's short name (override per class)."""

    reads_view: ClassVar[bool] = True
    """Whether [`choose`][makao.bots.BaseBot.choose] and
    [`respond`][makao.bots.BaseBot.respond] read their view (default ``True``). A class
    whose two methods never do may set it to ``False``: the simulation loop then passes
    [`UNREAD`][makao.view.UNREAD] instead of building a view for every decision
    ([`RandomBot`][makao.bots.RandomBot] does). A subclass that does not set it itself but
    gets ``choose`` or ``respond`` from elsewhere than the class that said ``False`` (it
    overrides one, or a mixin brings one) reads its views again."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "reads_view" in cls.__dict__ or cls.reads_view:
            return
        owner = next(base for base in cls.__mro__ if "reads_view" in base.__dict__)
        if any(getattr(cls, name) is not getattr(owner, name) for name in _ASKED):
            cls.reads_view = True  # new choose/respond: they may read the view

    def __init__(self) -> None:
        self.rng = random.Random(0)

    def reset(self, seed: int) -> None:
        """Reseed `rng` for a new game (a [`SetupError`][makao.errors.SetupError] unless
        ``seed`` is an integer: ``None`` would seed from the system's entropy)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"seed must be an integer, not {shown(seed, 60)}")
        self.rng.seed(seed)

    def choose(self, view: View, moves: Sequence[Move]) -> Move:
        """Pick one of ``moves``; subclasses decide how."""
        raise NotImplementedError

    def respond(self, view: View, moves: Sequence[Move]) -> Move | None:
        """Out-of-turn chances are ignored by default."""
        return None

    def chooser(self) -> Callable[[View, Sequence[Move]], Move]:
        """What the simulation loop calls in place of [`choose`][makao.bots.BaseBot.choose]
        for one game, asked once a game after [`reset`][makao.bots.BaseBot.reset]:
        ``choose`` itself by default. A bot may return a faster callable that picks exactly
        as ``choose`` would ([`RandomBot`][makao.bots.RandomBot] does); a bot without this
        method is asked with ``choose``."""
        return self.choose

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def check_bot(value: object, what: str) -> Bot:
    """``value`` if it is a bot, else a `SetupError` (``what``, then the value): an object with
    the methods of [`Bot`][makao.bots.Bot], not a class that has them (``HeuristicBot`` where
    ``HeuristicBot()`` was meant, which ``isinstance(value, Bot)`` takes; its methods would
    then be called unbound, in the middle of a game)."""
    if isinstance(value, Bot) and not isinstance(value, type):
        return value
    hint = f" (a class: give a bot, {value.__qualname__}())" if isinstance(value, type) else ""
    raise SetupError(f"{what}, not {shown(value, 40)}{hint}")


def is_turn_move(move: Move) -> bool:
    """Whether ``move`` is a turn move (no seat of its own), not an out-of-turn action
    ([`move_seat`][makao.moves.move_seat] is ``None``)."""
    return move_seat(move) is None
