"""A player's view: what one seat may know. Bots receive views, never games.

[`makao.Game.view`][makao.engine.Game.view] builds one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from makao.cards import Card
from makao.rules.base import Effect, Pending

if TYPE_CHECKING:
    from makao.variant import Variant

__all__ = ["View"]


class View(NamedTuple):
    """What ``seat`` may know: their own hand, the public pile and effects, the sizes of
    the other hands and of the stock -- never another hand or the stock order.

    An immutable named tuple (cheap to build: bots get one for every decision)."""

    variant: Variant
    seat: int
    players: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int
    effect: Effect | None
    waits: tuple[int, ...]
    finished: tuple[int, ...]
    direction: int
    drawn: Card | None
    public: tuple[tuple[str, object], ...]
    is_over: bool

    @property
    def top(self) -> Card:
        """The top card of the pile."""
        return self.pile[-1]

    @property
    def pending(self) -> Pending:
        """What the effect in force asks of the player to move
        ([`Game.pending`][makao.engine.Game.pending])."""
        return Pending.of(self.effect)

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON-ready data ([`makao.wire.view_to_dict`][makao.wire.view_to_dict])."""
        from makao.wire import view_to_dict

        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as compact JSON text ([`makao.wire.view_to_dict`][makao.wire.view_to_dict])."""
        from makao.wire import dumps, view_to_dict

        return dumps(view_to_dict(self))

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        return f"<View seat {self.seat}: hand [{hand}], top {self.top}, to move {self.to_move}>"
