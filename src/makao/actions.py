"""Stable integer action ids, for reinforcement learning and search.

A multi-card play would blow up a flat action space (two decks can hold eight cards of a
rank), and so would every combination of calls said with a play (Ultimate Mao). So a play
is a chain of steps inside one turn: each card in order, then each call (in alphabetical
order), then one *end* action carrying the choice. Ids, per variant and player count
([`ActionSpace`][makao.actions.ActionSpace]):

* ``0…51`` -- the card with that `index` (start or extend the play);
* ``52`` -- ``draw``; ``53`` -- ``pass``;
* ``54…`` -- end the play with each choice the variant can need (none, a rank, a suit);
* then one id per call the variant's rules know (``+makao``, ``+po-makale``, …);
* then every out-of-turn action the variant's rules can produce at this table size
  (a late ``makao`` per seat, ``stop`` per pair of seats, …).

Every play ends with an explicit end action, so
[`ActionSpace.encode`][makao.actions.ActionSpace.encode] is the same in every position.
[`Stepper`][makao.actions.Stepper] keeps the partial play between steps.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

import attrs

from makao._text import shown
from makao.cards import ALL_CARDS, Card
from makao.errors import IllegalMoveError, InvalidMoveError, SetupError, StateError
from makao.moves import Choice, Draw, Move, Pass, Play, format_choice
from makao.variant import Variant

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.events import Event

__all__ = ["DRAW", "MAX_PLAYERS", "PASS", "ActionSpace", "Stepper"]

DRAW = 52
"""The action id of ``draw``."""
PASS = 53
"""The action id of ``pass``."""
_FIRST_END = 54
MAX_PLAYERS = 128
"""The largest table an [`ActionSpace`][makao.actions.ActionSpace] numbers: its out-of-turn
actions grow with the square of the table (a "stop" per pair of seats, PL-30)."""


def _choices(variant: Variant, players: int) -> tuple[Choice, ...]:
    found: dict[Choice, None] = {None: None}
    for rule in variant.compiled.card_rules:
        for card in ALL_CARDS:
            if rule.covers(card):
                found.update(dict.fromkeys(rule.choice_templates(card, players)))
    return tuple(found)


def _call_names(variant: Variant) -> tuple[str, ...]:
    names: dict[str, None] = {}
    for rule in variant.compiled.turn_rules:
        names.update(dict.fromkeys(rule.call_names()))
    return tuple(sorted(names))


@attrs.frozen(eq=False)
class ActionSpace:
    """The numbered actions of ``variant`` at a table of ``players``."""

    variant: Variant
    players: int
    ends: tuple[Choice, ...] = attrs.field(init=False)
    calls: tuple[str, ...] = attrs.field(init=False)
    extras: tuple[Move, ...] = attrs.field(init=False)
    _ids: dict[object, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_space(self.variant, self.players)
        extras: list[Move] = []
        for rule in self.variant.compiled.turn_rules:
            extras.extend(rule.action_templates(self.players))
        ends = _choices(self.variant, self.players)
        calls = _call_names(self.variant)
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "extras", tuple(dict.fromkeys(extras)))
        ids: dict[object, int] = {}
        for name in (*(("end", c) for c in ends), *(("call", c) for c in calls), *self.extras):
            ids[name] = _FIRST_END + len(ids)
        object.__setattr__(self, "_ids", ids)

    @property
    def size(self) -> int:
        """The number of action ids."""
        return _FIRST_END + len(self._ids)

    @property
    def first_call(self) -> int:
        """The id of the first call action."""
        return _FIRST_END + len(self.ends)

    @property
    def first_extra(self) -> int:
        """The id of the first out-of-turn action."""
        return self.first_call + len(self.calls)

    def describe(self, action: int) -> str:
        """A readable name of an action id (``"7h"``, ``"draw"``, ``"end:s"``, ``"+makao"``)."""
        action = self._checked(action)
        if action < 52:
            return str(ALL_CARDS[action])
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        if action < self.first_call:
            choice = self.ends[action - _FIRST_END]
            return "end" + ("" if choice is None else ":" + format_choice(choice))
        if action < self.first_extra:
            return "+" + self.calls[action - self.first_call]
        return str(self.extras[action - self.first_extra])

    def encode(self, move: Move) -> tuple[int, ...]:
        """The action ids that make ``move`` (a play: its cards, its calls, its end)."""
        if isinstance(move, Play):
            ids = [card.index for card in move.cards]
            for key in (*(("call", call) for call in move.calls), ("end", move.choice)):
                action = self._ids.get(key)
                if action is None:
                    raise InvalidMoveError(f"{move} has a choice or call this variant never uses")
                ids.append(action)
            return tuple(ids)
        if isinstance(move, Draw):
            return (DRAW,)
        if isinstance(move, Pass):
            return (PASS,)
        try:
            action = self._ids.get(move)
        except TypeError:  # unhashable: no move
            action = None
        if action is None:
            raise InvalidMoveError(f"{shown(move, 60)} has no action id in this variant")
        return (action,)

    def legal_actions(
        self, game: Game, prefix: tuple[Card, ...] = (), calls: tuple[str, ...] = ()
    ) -> list[int]:
        """The legal action ids now, with the ``prefix`` cards and ``calls`` of a play
        already chosen."""
        self._check_query(game, prefix, calls)
        return self._legal_actions(game, prefix, calls)

    def _check_query(self, game: object, prefix: object, calls: object) -> None:
        """Refuse a ``game`` this space does not number, or a ``prefix`` or ``calls`` that
        is not a tuple of cards or of call names, with a `SetupError`."""
        from makao.engine import checked_game

        game = checked_game(game)
        if not self._numbers(game):
            raise SetupError(
                f"this action space numbers {self.variant.name} at {self.players} seats, "
                f"not {self._game_variant(game)} at {game.players}"
            )
        if type(prefix) is not tuple or not all(isinstance(card, Card) for card in prefix):
            raise SetupError(f"prefix must be a tuple of cards, not {shown(prefix, 60)}")
        if type(calls) is not tuple or not all(isinstance(call, str) for call in calls):
            raise SetupError(f"calls must be a tuple of call names, not {shown(calls, 60)}")

    def _game_variant(self, game: Game) -> str:
        """``game``'s variant named for an error refusing it: its name, said to be another
        variant's where it is this space's name too (a variant composed with
        ``with_rules``, ``without`` or ``replace`` keeps its factory's name)."""
        name = game.variant.name
        if name == self.variant.name and game.variant != self.variant:
            return f"another variant named {name}"
        return name

    def _numbers(self, game: Game) -> bool:
        """Whether this space numbers ``game``'s actions: its variant, its table size."""
        return game.players == self.players and (
            game.variant is self.variant or game.variant == self.variant
        )

    def _legal_actions(
        self, game: Game, prefix: tuple[Card, ...] = (), calls: tuple[str, ...] = ()
    ) -> list[int]:
        """`legal_actions` without checking its arguments (the stepper's own)."""
        actions: dict[int, None] = {}
        depth = len(prefix)
        for move in game.legal_moves():
            if isinstance(move, Play):
                if move.cards[:depth] != prefix:
                    continue
                if len(move.cards) > depth:
                    if not calls:
                        actions[move.cards[depth].index] = None
                    continue
                more = move.calls[len(calls) :]
                if move.calls[: len(calls)] != calls:
                    continue
                key = ("call", more[0]) if more else ("end", move.choice)
                action = self._ids.get(key)
                if action is None:
                    raise StateError(_unnumbered(move, key))
                actions[action] = None
            elif not prefix:
                actions[self.encode(move)[0]] = None
        return sorted(actions)

    def mask(
        self, game: Game, prefix: tuple[Card, ...] = (), calls: tuple[str, ...] = ()
    ) -> list[bool]:
        """A list of ``size`` booleans: which action ids are legal now."""
        self._check_query(game, prefix, calls)
        mask = [False] * self.size
        for action in self._legal_actions(game, prefix, calls):
            mask[action] = True
        return mask

    def _checked(self, action: object, size: int | None = None) -> int:
        """``action`` as a plain `int` id below ``size`` (default: `size`): NumPy's integers
        are taken too (anything with ``__index__``), a `bool` is not; else an
        `InvalidMoveError`."""
        size = self.size if size is None else size
        index: int | None = None
        if not isinstance(action, bool):
            try:
                index = operator.index(action)  # type: ignore[arg-type]  # checked here
            except TypeError:
                index = None
        if index is None or not 0 <= index < size:
            raise InvalidMoveError(f"action id must be 0…{size - 1}, not {shown(action, 40)}")
        return index


def _check_space(variant: object, players: object) -> None:
    """Refuse what no action space numbers, with a `SetupError` saying what is wrong."""
    if not isinstance(variant, Variant):
        raise SetupError(f"an action space needs a Variant, not {shown(variant, 60)}")
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise SetupError(
            f"an action space numbers a table of 1…{MAX_PLAYERS} players, not {shown(players, 40)}"
        )


class Stepper:
    """Play a game one action id at a time, keeping the partial play between steps."""

    __slots__ = ("calls", "game", "prefix", "space")

    def __init__(self, game: Game, space: ActionSpace | None = None) -> None:
        """Step ``game`` with ``space`` (default: a new one for the game's variant and
        table); a ``space`` of another variant or table is a `SetupError`."""
        from makao.engine import Game

        if not isinstance(game, Game):
            raise SetupError(f"a stepper steps a Game, not {shown(game, 60)}")
        if space is None:
            space = ActionSpace(game.variant, game.players)
        elif not isinstance(space, ActionSpace):
            raise SetupError(f"space must be an ActionSpace or None, not {shown(space, 60)}")
        elif not space._numbers(game):
            raise SetupError(
                f"the action space numbers {space.variant.name} at {space.players} seats; "
                f"the game is {space._game_variant(game)} at {game.players}"
            )
        self.game = game
        self.space = space
        self.prefix: tuple[Card, ...] = ()
        self.calls: tuple[str, ...] = ()

    def legal_actions(self) -> list[int]:
        """The legal action ids now."""
        return self.space._legal_actions(self.game, self.prefix, self.calls)

    def mask(self) -> list[bool]:
        """Which action ids are legal now."""
        return self.space.mask(self.game, self.prefix, self.calls)

    def step(self, action: int) -> tuple[Event, ...]:
        """Take ``action``; returns the events if it completed a move, else ``()``."""
        space = self.space
        action = space._checked(action)
        legal = self.legal_actions()
        if action not in legal:
            names = ", ".join(space.describe(a) for a in legal)
            raise IllegalMoveError(
                f"action {action} ({space.describe(action)}) is not legal now; legal: {names}"
            )
        if action < 52:
            self.prefix = (*self.prefix, ALL_CARDS[action])
            return ()
        if space.first_call <= action < space.first_extra:
            self.calls = (*self.calls, space.calls[action - space.first_call])
            return ()
        return self._finish(action)

    def _finish(self, action: int) -> tuple[Event, ...]:
        space = self.space
        if self.prefix:
            move: Move = Play(self.prefix, space.ends[action - _FIRST_END], self.calls)
        elif action == DRAW:
            move = Draw()
        elif action == PASS:
            move = Pass()
        else:
            move = space.extras[action - space.first_extra]
        self.prefix = ()
        self.calls = ()
        return self.game.play(move)

    def clone(self) -> Stepper:
        """An independent copy (the game is cloned)."""
        copy = Stepper.__new__(Stepper)
        copy.game = self.game.clone()
        copy.space = self.space
        copy.prefix = self.prefix
        copy.calls = self.calls
        return copy


def _unnumbered(move: Play, key: tuple[str, object]) -> str:
    """Why a listed ``move`` has no action id: its call or end ``key`` is none the variant's
    rules name (`TurnRule.call_names`: Ultimate Mao counts a multiplex in ids to twenty,
    UM-20, so a count past twenty has none)."""
    kind, value = key
    what = f"the call {value!r}" if kind == "call" else f"the choice {value!r}"
    return (
        f"{move} is legal now but has no action id: {what} is none this variant's rules "
        "name (an Ultimate Mao multiplex counted past twenty, UM-20, is one)"
    )
