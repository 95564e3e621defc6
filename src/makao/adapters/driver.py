"""The turn scheme of the adapters: one acting seat and one action id at a time.

Frameworks such as PettingZoo (AEC) and OpenSpiel let exactly one player act at a time,
but makao has out-of-turn actions: "stop makao" by any other seat, a late "makao" by the
offender (PL-29, PL-30). [`Driver`][makao.adapters.driver.Driver] keeps the core's stable action ids
([`ActionSpace`][makao.actions.ActionSpace]; a play is a chain of single-card steps) and adds one
id of its own, [`Driver.noop`][makao.adapters.driver.Driver.noop] ("no action", ``space.size``). The
scheme:

* **Turn.** The seat to move acts with its turn actions only (cards, draw, pass, end).
* **Reaction window.** After every completed turn move, each seat that has an out-of-turn
  action legal now gets a *reaction turn*, in seat order starting with the seat after the
  one who moved and ending with the mover. Its legal actions are its out-of-turn actions
  and ``noop``. A reaction turn happens between moves, so it is faithful to "before the
  next move is made" (PL-30). Everyone else has the first chance to say "stop"; the
  offender's late call comes last, and counts only if nobody said "stop" first (PL-29).
  After a reaction action the window goes on with the seats not yet asked (whatever is
  still legal); then the seat to move takes its turn.
* **Length.** ``max_actions`` caps the number of steps (every id counts, ``noop`` too);
  at the cap the game is *truncated* ([`Driver.truncated`][makao.adapters.driver.Driver.truncated]).

Rewards are the core's [`Outcome.returns`][makao.outcome.Outcome.returns] of
[`Game.standings`][makao.engine.Game.standings]:
[`rank_rewards`][makao.adapters.driver.rank_rewards] gives +1 for the winner down to -1 for the
last, linearly (they sum to zero);
[`point_rewards`][makao.adapters.driver.point_rewards] gives minus the points left in hand, by the
variant's own point table (scoring variants only). A blocked game (PL-36) is over by the rules and
ranked by the engine (fewest cards first), and a truncated game is ranked the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from makao._registry import own_hint
from makao._text import shown
from makao.actions import ActionSpace, Stepper
from makao.engine import checked_game
from makao.errors import IllegalMoveError, SetupError

if TYPE_CHECKING:
    from makao.bots import Bot
    from makao.engine import Game
    from makao.events import Event
    from makao.moves import Move
    from makao.variant import Variant

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "SCORINGS",
    "Driver",
    "Rewards",
    "point_rewards",
    "rank_rewards",
    "scoring",
    "variant_name",
]

DEFAULT_MAX_ACTIONS = 5_000
"""The adapters' default cap on actions per game (every action id counts, ``noop`` too).
Learning agents and bots finish a 2-player Polish game in about a hundred actions, but
random play can run long (median 1,515 / 90th percentile 5,048 actions for 2-player
Polish, 6,179 / 12,206 for 4 players) and a Mao table that talks may never end; a game
cut at the cap is reported as truncated."""

Rewards = Callable[["Game"], Sequence[float]]
"""A function from a game (over, or cut short) to one reward per seat."""


def rank_rewards(game: Game) -> tuple[float, ...]:
    """+1 for first place down to -1 for last, linearly: the ``"rank"``
    [`returns`][makao.outcome.Outcome.returns] of the game's
    [`standings`][makao.engine.Game.standings]."""
    checked_game(game)
    return game.standings().returns("rank")


def point_rewards(game: Game) -> tuple[float, ...]:
    """Minus the points each seat holds at the end (the variant's point table, RU-2,
    RU-16): the ``"points"`` [`returns`][makao.outcome.Outcome.returns] of the game's
    [`standings`][makao.engine.Game.standings]; 0 for the player who went out."""
    checked_game(game)
    return game.standings().returns("points")


SCORINGS: dict[str, Rewards] = {"rank": rank_rewards, "points": point_rewards}
"""Scorings by name, for the adapters' ``rewards=`` option."""


def variant_name(variant: object) -> str:
    """``variant`` if it is a variant's name (the adapters take names), else a `SetupError`
    that says how a variant of one's own gets one."""
    if not isinstance(variant, str):
        raise SetupError(
            f"variant must be a variant name, not {shown(variant, 40)} ({own_hint('variant')})"
        )
    return variant


def scoring(rewards: str | Rewards, variant: Variant | None = None) -> Rewards:
    """A scoring given by name (`SCORINGS`) or as a function; a `SetupError` for
    anything else, and for ``"points"`` with a ``variant`` that scores no points (PL-34)."""
    if callable(rewards):
        return rewards
    found = SCORINGS.get(rewards) if isinstance(rewards, str) else None
    if found is None:
        raise SetupError(
            f"rewards must be one of {', '.join(SCORINGS)} or a function, not {shown(rewards, 40)}"
        )
    if found is point_rewards and variant is not None:
        _check_scores_points(variant)
    return found


def _check_scores_points(variant: Variant) -> None:
    if not variant.compiled.finish.scores_points:
        raise SetupError(
            f"rewards 'points' need a variant that scores points (RU-16): "
            f"{variant.name} scores none (PL-34)"
        )


class Driver:
    """A game played one acting seat (`actor`) and one action id at a time."""

    __slots__ = ("_extra_actor", "actor", "max_actions", "stepper", "steps", "window")

    def __init__(
        self, game: Game, space: ActionSpace | None = None, max_actions: int | None = None
    ) -> None:
        self.stepper = Stepper(game, space)
        self.max_actions = max_actions
        self.steps = 0
        self._extra_actor = _extra_actors(self.stepper.space)
        self.window: tuple[int, ...] = ()
        self.actor = game.to_move
        self._open_window(game.to_move - 1)

    # ------------------------------------------------------------------ queries

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.stepper.game

    @property
    def space(self) -> ActionSpace:
        """The core's action ids."""
        return self.stepper.space

    @property
    def noop(self) -> int:
        """The adapter's "no action" id (legal in reaction turns only): ``space.size``."""
        return self.stepper.space.size

    @property
    def num_actions(self) -> int:
        """How many action ids there are: the core's and
        [`noop`][makao.adapters.driver.Driver.noop]."""
        return self.stepper.space.size + 1

    @property
    def reacting(self) -> bool:
        """Whether `actor` is in a reaction turn (not the seat to move's turn)."""
        return bool(self.window)

    @property
    def truncated(self) -> bool:
        """Whether the game was cut short at ``max_actions`` steps."""
        return (
            self.max_actions is not None
            and self.steps >= self.max_actions
            and not self.stepper.game.is_over
        )

    @property
    def is_over(self) -> bool:
        """Whether no more actions will be taken (over, or truncated)."""
        return self.stepper.game.is_over or self.truncated

    def legal_actions(self) -> list[int]:
        """The legal action ids of `actor` now, ascending (empty once over)."""
        if self.is_over:
            return []
        legal = self.stepper.legal_actions()
        first_extra = self._first_extra
        if self.window:
            mine = [a for a in legal if a >= first_extra and self._owner(a) == self.actor]
            return [*mine, self.noop]
        return [a for a in legal if a < first_extra]

    def legal_moves(self) -> list[Move]:
        """The whole moves `actor` may make now (each is one or more action ids,
        [`encode`][makao.adapters.driver.Driver.encode]): out-of-turn moves in a reaction turn, else
        turn moves that begin with the partial play."""
        if self.is_over:
            return []
        game = self.stepper.game
        first_extra = self._first_extra
        stepper = self.stepper
        # The steps already taken: the partial play's cards, then its calls.
        done = tuple(c.index for c in stepper.prefix)
        space = stepper.space
        done += tuple(space.first_call + space.calls.index(call) for call in stepper.calls)
        moves: list[Move] = []
        for move in game.legal_moves():
            ids = stepper.space.encode(move)
            if self.window:
                if ids[0] >= first_extra and self._owner(ids[0]) == self.actor:
                    moves.append(move)
            elif ids[0] < first_extra and ids[: len(done)] == done and len(ids) > len(done):
                moves.append(move)
        return moves

    def encode(self, move: Move | None) -> tuple[int, ...]:
        """The action ids that make ``move`` from here (after the partial play);
        ``None`` is [`noop`][makao.adapters.driver.Driver.noop]."""
        if move is None:
            return (self.noop,)
        stepper = self.stepper
        return stepper.space.encode(move)[len(stepper.prefix) + len(stepper.calls) :]

    def bot_actions(self, bot: Bot) -> tuple[int, ...]:
        """The action ids a makao [`Bot`][makao.bots.Bot] picks for `actor`: its
        ``respond`` in a reaction turn (``None``: [`noop`][makao.adapters.driver.Driver.noop]), else
        its ``choose``; a [`SetupError`][makao.errors.SetupError] if ``bot`` is not a bot."""
        from makao.bots.protocol import check_bot

        check_bot(bot, "bot must be a Bot")
        view = self.stepper.game.view(self.actor)
        moves = self.legal_moves()
        if self.window:
            return self.encode(bot.respond(view, moves))
        return self.encode(bot.choose(view, moves))

    def describe(self, action: int) -> str:
        """A readable name of an action id (``"noop"`` for
        [`noop`][makao.adapters.driver.Driver.noop])."""
        return "noop" if action == self.noop else self.stepper.space.describe(action)

    def rewards(self, scoring: Rewards = rank_rewards) -> tuple[float, ...]:
        """One reward per seat: ``scoring`` of the game once over or truncated, else zeros."""
        if not self.is_over:
            return (0.0,) * self.stepper.game.players
        return tuple(float(r) for r in scoring(self.stepper.game))

    # ------------------------------------------------------------------ acting

    def step(self, action: int) -> tuple[Event, ...]:
        """Take ``action`` for `actor`; returns the events of a completed move. An id that
        is no whole number (a NumPy integer is one) or beyond `noop` raises
        [`InvalidMoveError`][makao.errors.InvalidMoveError]; one not legal now
        [`IllegalMoveError`][makao.errors.IllegalMoveError]."""
        action = self.stepper.space._checked(action, self.noop + 1)
        if action not in self.legal_actions():
            names = ", ".join(self.describe(a) for a in self.legal_actions())
            raise IllegalMoveError(f"action {action} is not legal for seat {self.actor}: {names}")
        self.steps += 1
        if action == self.noop:
            self._next_actor()
            return ()
        turn_move = not self.window
        mover = self.stepper.game.to_move
        events = self.stepper.step(action)
        if turn_move and events:
            self._open_window(mover)
        elif not turn_move:
            self._next_actor()
        return events

    def clone(self) -> Driver:
        """An independent copy (the game is cloned)."""
        copy = object.__new__(Driver)
        copy.stepper = self.stepper.clone()
        copy.max_actions = self.max_actions
        copy.steps = self.steps
        copy._extra_actor = self._extra_actor
        copy.window = self.window
        copy.actor = self.actor
        return copy

    def __deepcopy__(self, memo: dict[int, object]) -> Driver:
        return self.clone()

    # ------------------------------------------------------------------ the window

    @property
    def _first_extra(self) -> int:
        space = self.stepper.space
        return space.size - len(space.extras)

    def _owner(self, action: int) -> int:
        seat = self._extra_actor[action]
        return self.stepper.game.to_move if seat is None else seat

    def _open_window(self, mover: int) -> None:
        players = self.stepper.game.players
        self.window = tuple((mover + k) % players for k in range(1, players + 1))
        self.actor = self.window[0]
        self._find_actor()

    def _next_actor(self) -> None:
        self.window = self.window[1:]
        self._find_actor()

    def _find_actor(self) -> None:
        """Move on to the first seat of the window with an out-of-turn action, or to the
        seat to move once nobody in the window has one."""
        game = self.stepper.game
        if game.is_over:
            self.window = ()
        first_extra = self._first_extra
        owners = {self._owner(a) for a in self.stepper.legal_actions() if a >= first_extra}
        while self.window:
            if self.window[0] in owners:
                self.actor = self.window[0]
                return
            self.window = self.window[1:]
        self.actor = game.to_move


def _extra_actors(space: ActionSpace) -> dict[int, int | None]:
    """The seat each out-of-turn action id belongs to (``None``: the seat to move)."""
    first = space.size - len(space.extras)
    return {first + i: getattr(move, "seat", None) for i, move in enumerate(space.extras)}
