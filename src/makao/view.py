"""A player's view: what one seat may know. Bots receive views, never games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from makao.cards import Card
from makao.rules.base import Effect

if TYPE_CHECKING:
    from makao.engine import Game
    from makao.variant import Variant

__all__ = ["View", "make_view"]


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

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON-ready data (:func:`makao.wire.view_to_dict`)."""
        from makao.wire import view_to_dict

        return view_to_dict(self)

    def to_json(self) -> str:
        """This view as compact JSON text (:func:`makao.wire.view_to_dict`)."""
        from makao.wire import dumps, view_to_dict

        return dumps(view_to_dict(self))

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        return f"<View seat {self.seat}: hand [{hand}], top {self.top}, to move {self.to_move}>"


def make_view(game: Game, seat: int) -> View:
    """Build ``seat``'s view of ``game``."""
    ext = game.ext
    return _new_tuple(
        View,
        (
            game.variant,
            seat,
            game.players,
            tuple(game.hands[seat]),
            tuple(game.pile),
            tuple(map(len, game.hands)),
            len(game.stock),
            game.to_move,
            game.effect,
            tuple(game.waits),
            tuple(game.finished),
            game.direction,
            game.drawn if seat == game.to_move else None,
            tuple(sorted(ext.items())) if ext else (),
            game.over,
        ),
    )


#: ``tuple.__new__`` builds the named tuple without its keyword-handling ``__new__``: a
#: view is made for every bot decision, and this halves its cost.
_new_tuple = tuple.__new__
