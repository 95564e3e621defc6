"""Stable integer action ids, for reinforcement learning and search.

A multi-card play would blow up a flat action space (two decks can hold eight cards of a
rank), so a play is a chain of single-card steps inside one turn: the first card, each
further card, then one *end* action carrying the choice and the calls. Ids, per variant
and player count (:class:`ActionSpace`):

* ``0…51`` -- the card with that :attr:`~makao.Card.index` (start or extend the play);
* ``52`` -- ``draw``; ``53`` -- ``pass``;
* ``54…`` -- end the play with each (choice, calls) pair the variant can need;
* then every out-of-turn action the variant's rules can produce at this table size
  (a late ``makao`` per seat, ``stop`` per pair of seats, …).

Every play ends with an explicit end action, so :meth:`ActionSpace.encode` is the same in
every position. :class:`Stepper` keeps the partial play between steps.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from makao.cards import ALL_CARDS, Card
from makao.errors import IllegalMoveError, InvalidMoveError
from makao.moves import Choice, Draw, Move, Pass, Play, format_choice

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.events import Event
    from makao.variant import Variant

__all__ = ["DRAW", "PASS", "ActionSpace", "Stepper"]

DRAW = 52
PASS = 53
_FIRST_END = 54


def _choices(variant: Variant) -> tuple[Choice, ...]:
    found: dict[Choice, None] = {None: None}
    for rule in variant.rules.card_rules:
        for card in ALL_CARDS:
            if rule.covers(card):
                found.update(dict.fromkeys(rule.choices(card)))
    return tuple(found)


def _call_sets(variant: Variant) -> tuple[tuple[str, ...], ...]:
    calls: dict[str, None] = {}
    for rule in variant.rules.call_rules:
        for left in range(5):
            for card in ALL_CARDS:
                calls.update(dict.fromkeys(rule.call_options((card,), left)))
    names = sorted(calls)
    return tuple(combo for size in range(len(names) + 1) for combo in combinations(names, size))


@attrs.frozen(eq=False)
class ActionSpace:
    """The numbered actions of ``variant`` at a table of ``players``."""

    variant: Variant
    players: int
    ends: tuple[tuple[Choice, tuple[str, ...]], ...] = attrs.field(init=False)
    extras: tuple[Move, ...] = attrs.field(init=False)
    _end_ids: dict[tuple[Choice, tuple[str, ...]], int] = attrs.field(init=False, repr=False)
    _extra_ids: dict[Move, int] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        ends = tuple(
            (c, calls) for c in _choices(self.variant) for calls in _call_sets(self.variant)
        )
        extras: list[Move] = []
        for rule in self.variant.rules.turn_rules:
            extras.extend(rule.action_templates(self.players))
        object.__setattr__(self, "ends", ends)
        object.__setattr__(self, "extras", tuple(dict.fromkeys(extras)))
        object.__setattr__(self, "_end_ids", {end: _FIRST_END + i for i, end in enumerate(ends)})
        first_extra = _FIRST_END + len(ends)
        object.__setattr__(
            self, "_extra_ids", {move: first_extra + i for i, move in enumerate(self.extras)}
        )

    @property
    def size(self) -> int:
        """The number of action ids."""
        return _FIRST_END + len(self.ends) + len(self.extras)

    def describe(self, action: int) -> str:
        """A readable name of an action id (``"7h"``, ``"draw"``, ``"end:s +makao"``)."""
        self._check(action)
        if action < 52:
            return str(ALL_CARDS[action])
        if action == DRAW:
            return "draw"
        if action == PASS:
            return "pass"
        if action < _FIRST_END + len(self.ends):
            choice, calls = self.ends[action - _FIRST_END]
            text = "end" + ("" if choice is None else ":" + format_choice(choice))
            return text + "".join(f" +{call}" for call in calls)
        return str(self.extras[action - _FIRST_END - len(self.ends)])

    def encode(self, move: Move) -> tuple[int, ...]:
        """The action ids that make ``move`` (a play: its cards, then its end action)."""
        if isinstance(move, Play):
            end = self._end_ids.get((move.choice, move.calls))
            if end is None:
                raise InvalidMoveError(f"{move} has a choice or calls this variant never uses")
            return (*(card.index for card in move.cards), end)
        if isinstance(move, Draw):
            return (DRAW,)
        if isinstance(move, Pass):
            return (PASS,)
        action = self._extra_ids.get(move)
        if action is None:
            raise InvalidMoveError(f"{move} has no action id in this variant")
        return (action,)

    def legal_actions(self, game: Game, prefix: tuple[Card, ...] = ()) -> list[int]:
        """The legal action ids now, with ``prefix`` cards of a play already chosen."""
        actions: dict[int, None] = {}
        depth = len(prefix)
        for move in game.legal_moves():
            if isinstance(move, Play):
                cards = move.cards
                if cards[:depth] != prefix:
                    continue
                if len(cards) > depth:
                    actions[cards[depth].index] = None
                else:
                    actions[self._end_ids[(move.choice, move.calls)]] = None
            elif not prefix:
                actions[self.encode(move)[0]] = None
        return sorted(actions)

    def mask(self, game: Game, prefix: tuple[Card, ...] = ()) -> list[bool]:
        """A list of ``size`` booleans: which action ids are legal now."""
        mask = [False] * self.size
        for action in self.legal_actions(game, prefix):
            mask[action] = True
        return mask

    def _check(self, action: int) -> None:
        if not isinstance(action, int) or not 0 <= action < self.size:
            raise InvalidMoveError(f"action id must be 0…{self.size - 1}, not {action!r}")


class Stepper:
    """Play a game one action id at a time, keeping the partial play between steps."""

    __slots__ = ("game", "prefix", "space")

    def __init__(self, game: Game, space: ActionSpace | None = None) -> None:
        self.game = game
        self.space = space or ActionSpace(game.variant, game.players)
        self.prefix: tuple[Card, ...] = ()

    def legal_actions(self) -> list[int]:
        """The legal action ids now."""
        return self.space.legal_actions(self.game, self.prefix)

    def mask(self) -> list[bool]:
        """Which action ids are legal now."""
        return self.space.mask(self.game, self.prefix)

    def step(self, action: int) -> tuple[Event, ...]:
        """Take ``action``; returns the events if it completed a move, else ``()``."""
        self.space._check(action)
        legal = self.legal_actions()
        if action not in legal:
            names = ", ".join(self.space.describe(a) for a in legal)
            raise IllegalMoveError(
                f"action {action} ({self.space.describe(action)}) is not legal now; legal: {names}"
            )
        if action >= 52:
            return self._finish(action)
        self.prefix = (*self.prefix, ALL_CARDS[action])
        return ()

    def _finish(self, action: int) -> tuple[Event, ...]:
        if self.prefix:
            choice, calls = self.space.ends[action - _FIRST_END]
            move: Move = Play(self.prefix, choice, calls)
        elif action == DRAW:
            move = Draw()
        elif action == PASS:
            move = Pass()
        else:
            move = self.space.extras[action - _FIRST_END - len(self.space.ends)]
        self.prefix = ()
        return self.game.play(move)

    def clone(self) -> Stepper:
        """An independent copy (the game is cloned)."""
        copy = Stepper(self.game.clone(), self.space)
        copy.prefix = self.prefix
        return copy
