"""One action numbering for every built-in variant and table size (``fixed_size=True``).

Action ids of [`ActionSpace`][makao.actions.ActionSpace] depend on the variant and the number of
players (59–131 ids), so one network cannot act in several variants.
[`FixedActions`][makao.adapters.fixed.FixedActions] maps a table's ids onto one fixed numbering of
`FIXED_ACTIONS` ids, the same for every built-in variant and 2–8 seats:

* ``0…53`` -- the 52 cards, ``draw``, ``pass`` (as in [`ActionSpace`][makao.actions.ActionSpace]);
* ``54…71`` -- end a play with no choice, with a demanded rank (2…A), with a named suit
  (clubs, diamonds, hearts, spades);
* then one id per call any built-in variant knows (alphabetical: ``+ace-of-spades`` …);
* then one id per kind of out-of-turn action, *relative to the seat that takes it*: the
  acting seat is left out and any other seat is counted from it (``say makao`` is one id
  whoever says it; ``stop`` of the seat 1, 2, … places after the speaker are seven ids);
* the last id is the adapters' ``noop``.

An agent can only ever take out-of-turn actions for its own seat, so the relative form
loses nothing. A custom variant whose calls or out-of-turn actions no built-in variant has
cannot use the fixed numbering ([`SetupError`][makao.errors.SetupError] names the action).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, cast

import attrs

from makao._text import shown
from makao.cards import Rank, Suit
from makao.errors import IllegalMoveError, SetupError

if TYPE_CHECKING:
    from makao.actions import ActionSpace
    from makao.moves import Choice, Move

__all__ = ["FIXED_ACTIONS", "FixedActions", "fixed_layout"]

_FIRST_END = 54
_ENDS = 1 + 13 + 4


def _end_index(choice: Choice) -> int:
    if choice is None:
        return 0
    if isinstance(choice, Rank):
        return 1 + int(choice) - int(Rank.TWO)
    if isinstance(choice, Suit):
        return 14 + list(Suit).index(choice)
    raise SetupError(f"the end choice {shown(choice, 200)} has no fixed action id")


def _extra_key(move: Move, players: int) -> tuple[object, ...]:
    """An out-of-turn action without its actor; other seats relative to the actor."""
    fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(move)))
    actor = getattr(move, "seat", 0)
    key: list[object] = [type(move).__name__]
    for field in fields:
        value = getattr(move, field.name)
        if field.name == "seat":
            continue
        if field.name in ("target", "victim", "other") and isinstance(value, int):
            key.append((field.name, (value - actor) % players))
        else:
            key.append((field.name, value))
    return tuple(key)


@functools.cache
def fixed_layout() -> tuple[tuple[str, ...], tuple[tuple[object, ...], ...]]:
    """The calls and the out-of-turn action kinds of every built-in variant (sorted)."""
    from makao import variants
    from makao.actions import ActionSpace

    calls: set[str] = set()
    extras: set[tuple[object, ...]] = set()
    for name in variants.built_ins():  # not the user's: the layout must not change
        variant = variants.get(name)
        start = variant.compiled.start
        for players in range(max(2, start.min_players), min(8, start.max_players or 8) + 1):
            space = ActionSpace(variant, players)
            calls.update(space.calls)
            extras.update(_extra_key(move, players) for move in space.extras)
    return tuple(sorted(calls)), tuple(sorted(extras, key=repr))


def _owner(space: ActionSpace, local: int) -> int:
    """The seat an out-of-turn id belongs to; -1 for any other id."""
    if space.first_extra <= local < space.size:
        seat = getattr(space.extras[local - space.first_extra], "seat", -1)
        return seat if isinstance(seat, int) else -1
    return -1


def _size() -> int:
    calls, extras = fixed_layout()
    return _FIRST_END + _ENDS + len(calls) + len(extras) + 1


class FixedActions:
    """The fixed ids of one table's action ids (``noop`` = ``space.size`` included)."""

    def __init__(self, space: ActionSpace) -> None:
        if not all(hasattr(space, name) for name in ("ends", "calls", "extras", "players")):
            raise SetupError(f"space must be an ActionSpace, not {shown(space, 60)}")
        calls, extras = fixed_layout()
        first_call = _FIRST_END + _ENDS
        first_extra = first_call + len(calls)
        call_ids = {call: first_call + i for i, call in enumerate(calls)}
        extra_ids = {key: first_extra + i for i, key in enumerate(extras)}
        #: The number of fixed ids (the same for every table).
        self.size = first_extra + len(extras) + 1
        to_fixed = list(range(_FIRST_END))
        to_fixed += [_FIRST_END + _end_index(choice) for choice in space.ends]
        for call in space.calls:
            if call not in call_ids:
                raise SetupError(f"the call {shown(call, 200)} has no fixed action id")
            to_fixed.append(call_ids[call])
        for move in space.extras:
            key = _extra_key(move, space.players)
            if key not in extra_ids:
                raise SetupError(f"the out-of-turn action {move} has no fixed action id")
            to_fixed.append(extra_ids[key])
        to_fixed.append(self.size - 1)  # noop
        #: The fixed id of each of the table's ids (``noop`` last).
        self.to_fixed = tuple(to_fixed)
        self._to_local: dict[tuple[int, int], int] = {}
        for local, fixed in enumerate(to_fixed):
            self._to_local[_owner(space, local), fixed] = local

    def local(self, fixed: int, actor: int) -> int:
        """The table's id of fixed id ``fixed`` taken by seat ``actor``; an id this table
        does not have raises [`IllegalMoveError`][makao.errors.IllegalMoveError]."""
        try:
            found = self._to_local.get((-1, fixed))
            if found is None:
                found = self._to_local.get((actor, fixed))
        except TypeError:  # unhashable: no action id
            found = None
        if found is None:
            raise IllegalMoveError(
                f"fixed action {shown(fixed, 40)} is not an action of seat {shown(actor, 40)} here"
            )
        return found

    def mask(self, legal: list[int]) -> list[int]:
        """The fixed ids of the table's ids ``legal``, ascending; an
        [`IllegalMoveError`][makao.errors.IllegalMoveError] if ``legal`` is not a list of them
        (checked only when reading them fails: called for every OpenSpiel state)."""
        try:
            return sorted(self.to_fixed[action] for action in legal)
        except (TypeError, IndexError):
            raise IllegalMoveError(
                f"legal must be a list of action ids 0…{len(self.to_fixed) - 1}, "
                f"not {shown(legal, 60)}"
            ) from None


FIXED_ACTIONS = _size()
"""The number of fixed action ids."""
